"""Words for Cut the Rope moves and events: from ``Move`` values and event fields, never
from splitting notation.

``describe_move`` is how a move reads on a button or the forced-move notice; the
``*_line`` functions are the log's sentences for the engine's events. Events are read
through ``common.events`` alone.
"""

from __future__ import annotations

from typing import Any

from game.client.i18n import t
from game.client.tables.common.events import event_field, event_type
from game.rules.cut_the_rope.moves import Move


def arrow(direction: str) -> str:
    return "▲" if direction == "up" else "▼"


def describe_move(move: Move) -> str:
    """A move as people read it: "7 → Row 2", "Pile → ▲", "7 → new row", "End turn"."""
    if move.kind == "end":
        if not move.source:
            return t("ctr.end_empty")
        where = t("ctr.aux_new") if move.target == 0 else t("ctr.aux", k=move.target)
        return f"{move.card} → {where}"
    if move.source == "pile":
        what = t("ctr.log.src.pile")
    elif move.source == "hand":
        what = move.card
    else:
        what = t("ctr.log.src.aux", k=move.index)
    if move.target:
        return f"{what} → {t('ctr.row', k=move.target)}"
    return f"{what} → {arrow(move.dir)}"


def source_words(event: Any) -> str:
    """Where a built card came from: "pile", "hand" or "Aux 2"."""
    source = event_field(event, "source")
    if source == "aux":
        return str(t("ctr.log.src.aux", k=event_field(event, "aux", 1)))
    return str(t(f"ctr.log.src.{source}"))


def build_line(event: Any, started: Any | None) -> str:
    """A build, with " · starts row K ▲" when the same move started the row."""
    row = event_field(event, "row")
    text = t("ctr.log.build", src=source_words(event), row=row)
    if started is not None:
        text += " · " + t("ctr.log.start", row=row, dir=arrow(event_field(started, "dir")))
    return str(text)


def end_line(event: Any) -> str:
    if not event_field(event, "card"):
        return str(t("ctr.log.end_empty"))
    if event_field(event, "new"):
        return str(t("ctr.log.end_new"))
    return str(t("ctr.log.end", k=event_field(event, "aux")))


def done_line(event: Any) -> str:
    return str(t("ctr.log.done", row=event_field(event, "row")))


def draw_line(event: Any) -> str:
    return str(t("ctr.log.draw", n=len(event_field(event, "cards", ()))))


def reshuffle_count(event: Any) -> int:
    return int(event_field(event, "cards", 0))


def reshuffle_line(event: Any) -> str:
    return str(t("ctr.log.reshuffle", n=reshuffle_count(event)))


def winner_of(event: Any) -> int | None:
    """The seat a win event names (``seat``, else the first of ``winners``)."""
    seat = event_field(event, "seat")
    if seat is not None:
        return int(seat)
    winners = event_field(event, "winners") or ()
    return int(winners[0]) if winners else None


def is_win(event: Any) -> bool:
    """A seat emptied its pile ("win"; "game_over" once events share one name)."""
    kind = event_type(event)
    if kind == "win":
        return True
    return kind == "game_over" and event_field(event, "reason") != "stalemate" \
        and winner_of(event) is not None


def is_stalemate(event: Any) -> bool:
    kind = event_type(event)
    return kind == "stalemate" or (kind == "game_over"
                                   and event_field(event, "reason") == "stalemate")
