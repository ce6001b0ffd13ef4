"""Královská cesta (royal road): the rules engine of ``shared/spec/royal-road.md``.

Modules: ``cards`` (tables), ``moves`` (move values), ``state`` (the state value and the
track masks), ``engine`` (legality and effects), ``serial`` (views, determinization and
the dict form).

Decisions where the rules page leaves room (each covered by a test):
- **JAIL "third"** is ``round(n / 3)``. n / 3 never ends in .5, so Python's half-to-even
  rounding never differs from rounding half up (15 cards -> 5, 16 -> 5, 17 -> 6).
- **Face-down cards.** START, JAIL, TRAPDOOR and GOAL are dealt from the deck face down;
  nobody ever sees them, so they leave the game (they appear nowhere in the state). The
  discarded setup cards are kept per seat under the extra key ``"discarded"``, and
  ``"dealt"`` empties once a seat has kept its cards (it is only used during "keep").
- **trapdoor = false**: the card before GOAL is an ordinary face-up card.
- **Skips** are applied by the engine when play passes to a seat that must skip (one
  ``skip`` event per skipped turn); they are not moves, because the seat has no choice.
- **Bonus swap** moves are listed smaller position first; ``noswap`` comes last.
- **Overstep report.** ``report`` is in ``legal_moves`` only in the colour step of the
  next seat to act (not the mover itself), and only when the previous move really passed
  a stop and has not been reported. This reveals nothing hidden: whether a move passed a
  stop follows from the open track, the pyramids' places and the move made (all public,
  also in views), so the list only tells what an attentive player sees on the table. The
  client shows its Report button after every move and answers "no violation" itself when
  ``report`` is not legal (that answer is not a move). A reported pyramid goes back to the
  first stop it passed (following that card if a bonus swap moved it), or to the nearest
  card before it that is free for its size (its own card counts as free: a bonus swap
  may have put it before the stop), and stands there: it is a correction, not a
  move, so it triggers no JAIL, trapdoor, amnesty or bonus; effects of the overstep that
  already happened (an amnesty, a swap) stay. The mover's ``skips`` grow by
  ``overstep_penalty_turns``.
- **History.** The state keeps the public record of pyramid moves (extra key
  ``"history"``: ``[seat, pyramid, from, to]`` oldest first, ``to`` being the card the
  pyramid was moved to, before any trapdoor fall), so players and AIs can read goals from
  how others move, as the rules page intends.
- ``result`` of an unfinished game raises ``StateError``.
"""

from game.rules.royal_road.engine import Game

__all__ = ["Game"]
