"""Words for Cut the Rope moves and events: from ``Move`` values and event fields, never
from splitting notation.

``describe_move`` is how a move reads on a button or the forced-move notice; the
``*_line`` functions are the log's sentences for the engine's events, read from the typed
events of ``game.rules.cut_the_rope.events``. Each source and place is its own whole
message, so a language orders and declines them as it needs.
"""

from __future__ import annotations

from game.client.i18n import language, nt, t
from game.i18n import translator
from game.i18n.cut_the_rope import card_name
from game.rules.cut_the_rope.events import (
    Built,
    Drew,
    GameOver,
    Reshuffled,
    RowCompleted,
    RowStarted,
    TurnEnded,
)
from game.rules.cut_the_rope.moves import Move
from game.rules.events import Event


def arrow(direction: str) -> str:
    return "▲" if direction == "up" else "▼"


def card_words(code: str) -> str:
    """A card in the active language: its number, or the wild card's name."""
    return card_name(translator(language()), code)


def describe_move(move: Move) -> str:
    """A move as people read it: "7 → row 2", "pile → new row ▲", "4 → aux row 1"."""
    if move.kind == "end":
        if not move.source:
            return t("End turn (empty hand)")
        if move.target == 0:
            return t("{card} → new aux row", card=card_words(move.card))
        return t("{card} → aux row {k}", card=card_words(move.card), k=move.target)
    if move.target:
        return to_row(move.source, card_words(move.card), move.index, move.target)
    return to_new_row(move.source, card_words(move.card), move.index, arrow(move.dir))


def to_row(source: str, card: str, aux: int, row: int) -> str:
    if source == "pile":
        return t("pile → row {row}", row=row)
    if source == "aux":
        return t("aux row {k} → row {row}", k=aux, row=row)
    return t("{card} → row {row}", card=card, row=row)


def to_new_row(source: str, card: str, aux: int, direction: str) -> str:
    if source == "pile":
        return t("pile → new row {dir}", dir=direction)
    if source == "aux":
        return t("aux row {k} → new row {dir}", k=aux, dir=direction)
    return t("{card} → new row {dir}", card=card, dir=direction)


def built_aux(event: Built) -> int:
    """The auxiliary row a build from one came from (1 when the event names none)."""
    return 1 if event.aux is None else event.aux


def build_line(event: Built, started: RowStarted | None) -> str:
    """A build as the log says it (the card itself is shown beside it as a chip):
    "hand → row 2", or "aux row 1 → new row 2 ▲" when the same move started the row."""
    row = event.row
    if started is not None:
        direction = arrow(started.dir)
        if event.source == "pile":
            return t("pile → new row {row} {dir}", row=row, dir=direction)
        if event.source == "aux":
            return t("aux row {k} → new row {row} {dir}", k=built_aux(event), row=row,
                     dir=direction)
        return t("hand → new row {row} {dir}", row=row, dir=direction)
    if event.source == "pile":
        return t("pile → row {row}", row=row)
    if event.source == "aux":
        return t("aux row {k} → row {row}", k=built_aux(event), row=row)
    return t("hand → row {row}", row=row)


def end_line(event: TurnEnded) -> str:
    if not event.card:
        return t("ends the turn with an empty hand")
    if event.new:
        return t("→ new aux row {k}", k=event.aux)
    return t("→ aux row {k}", k=event.aux)


def done_line(event: RowCompleted) -> str:
    return t("row {row} is complete", row=event.row)


def draw_line(event: Drew) -> str:
    """How many cards were drawn; another seat's draw shows them as "??", still counted."""
    return nt("draws {n} card", "draws {n} cards", len(event.cards))


def reshuffle_count(event: Reshuffled) -> int:
    return event.cards


def reshuffle_line(event: Reshuffled) -> str:
    return nt("new draw pile: {n} card", "new draw pile: {n} cards", reshuffle_count(event))


def winner_of(event: GameOver) -> int | None:
    """The seat a win names (``seat``, else the first of ``winners``)."""
    if event.seat is not None:
        return event.seat
    return event.winners[0] if event.winners else None


def is_win(event: Event) -> bool:
    """A seat emptied its pile: the end, not by the stalemate, naming a winner."""
    return isinstance(event, GameOver) and event.reason != "stalemate" \
        and winner_of(event) is not None


def is_stalemate(event: Event) -> bool:
    return isinstance(event, GameOver) and event.reason == "stalemate"
