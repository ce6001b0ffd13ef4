"""Words for Cut the Rope moves and events: from ``Move`` values and event fields, never
from splitting notation.

``describe_move`` is how a move reads on a button or the forced-move notice; the
``*_line`` functions are the log's sentences for the engine's events, read from the typed
events of ``game.rules.cut_the_rope.events``.
"""

from __future__ import annotations

from game.client.i18n import t
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


def describe_move(move: Move) -> str:
    """A move as people read it: "7 → Row 2", "Pile → ▲", "7 → new row", "End turn"."""
    if move.kind == "end":
        if not move.source:
            return t("End turn (empty hand)")
        where = t("new row") if move.target == 0 else t("Aux {k}", k=move.target)
        return f"{move.card} → {where}"
    if move.source == "pile":
        what = t("pile")
    elif move.source == "hand":
        what = move.card
    else:
        what = t("aux {k}", k=move.index)
    if move.target:
        return f"{what} → {t('Row {k}', k=move.target)}"
    return f"{what} → {arrow(move.dir)}"


def built_aux(event: Built) -> int:
    """The auxiliary row a build from one came from (1 when the event names none)."""
    return 1 if event.aux is None else event.aux


def source_words(event: Built) -> str:
    """Where a built card came from: "pile", "hand" or "Aux 2"."""
    if event.source == "aux":
        return str(t("aux {k}", k=built_aux(event)))
    return t("pile") if event.source == "pile" else t("hand")


def build_line(event: Built, started: RowStarted | None) -> str:
    """A build, with " · starts row K ▲" when the same move started the row."""
    row = event.row
    text = t("{src} → row {row}", src=source_words(event), row=row)
    if started is not None:
        text += " · " + t("starts row {row} {dir}", row=row, dir=arrow(started.dir))
    return str(text)


def end_line(event: TurnEnded) -> str:
    if not event.card:
        return str(t("ends with an empty hand"))
    if event.new:
        return str(t("→ new aux"))
    return str(t("→ aux {k}", k=event.aux))


def done_line(event: RowCompleted) -> str:
    return str(t("row {row} complete", row=event.row))


def draw_line(event: Drew) -> str:
    """How many cards were drawn; another seat's draw shows them as "??", still counted."""
    return str(t("draws {n}", n=len(event.cards)))


def reshuffle_count(event: Reshuffled) -> int:
    return event.cards


def reshuffle_line(event: Reshuffled) -> str:
    return str(t("reshuffle: {n} cards", n=reshuffle_count(event)))


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
