"""Cut the Rope: karetní hra — the rules core (see ``shared/spec/cut-the-rope.md``).

Events ``apply`` returns (``events.py``; here their dict forms), in the order things happen
(cards are public codes "1".."10", "S"):
- ``row_started`` {seat, row, dir}: a new main row in slot ``row`` (1-based), just before
  the ``build`` that starts it;
- ``build`` {seat, source: "pile"|"hand"|"aux", card, row, value[, aux, aux_removed]}:
  ``value`` is the number the card stands for (scissors too); ``aux`` is the K it came from,
  ``aux_removed`` is true when that auxiliary row emptied (later rows move up);
- ``row_completed`` {row, cards}: the full row went onto the discard pile;
- ``pile_revealed`` {seat, card}: the personal pile's new open card;
- ``game_over`` {seat, winners, reason: "pile_emptied"}: the last pile card was played;
- ``end`` {seat, card, aux, new}: the end card onto auxiliary row ``aux`` (card None for the
  bare ``end`` of an empty hand);
- ``reshuffle`` {cards}: the discard pile became the draw pile;
- ``draw`` {seat, cards}: hidden from other seats by ``view_events`` ("??");
- ``game_over`` {winners, piles, reason: "stalemate"}: the game ended by the stalemate rule;
- ``turn`` {seat}: play passed to ``seat``.
"""

from game.rules.cut_the_rope.engine import Game
from game.rules.cut_the_rope.moves import Move
from game.rules.cut_the_rope.state import State

__all__ = ["Game", "Move", "State"]
