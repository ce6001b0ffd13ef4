"""Undo against AI seats: take back your own moves of this turn, never past new information.

A move may be taken back only while nothing it (or a later move) revealed could be
exploited: once a card was drawn, a die rolled, a deck reshuffled or a pile card turned,
the player has learnt something, so undo stops there. The rules say so themselves: an
event's ``reveals`` flag. Only the person at the screen can undo, only their own trailing
moves (once another seat moved, the turn is gone), never after the game ended, and not at
all when the ``undo`` setting is ``"off"`` — or in hot-seat games unless ``undo_hot_seat``
is on.

One undo step goes back to before the person's last real choice: forced moves (the only
legal move) after it are taken back too, since they would only be played again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client.i18n import N_, pt, t
from game.client.stage.rebuild import build_table
from game.client.ui import theme
from game.client.ui.widgets import Button

if TYPE_CHECKING:
    from game.client.match.match import HistoryEntry
    from game.client.match.protocol import MatchLike
    from game.client.stage.table import Table

TOAST_SECONDS = 1.4
REFUSAL_SECONDS = 3.5  # a refusal explains itself in a sentence: it needs time to be read

def reveals(match: MatchLike, index: int) -> bool:
    """Whether move ``index`` of the history revealed information or used chance: the
    engine marks each such event (a draw, a roll, a reshuffle, a turned pile card)."""
    return any(event.reveals for event in match.history[index].events)


def enabled(match: MatchLike, settings: Any) -> bool:
    """The settings allow undo in this match at all."""
    if not match.undo_allowed:  # online: the server's moves are final
        return False
    if settings.get("undo", "turn") != "turn":
        return False
    return not (match.hot_seat and not settings.get("undo_hot_seat", False))


def _choices(match: MatchLike, entry: HistoryEntry) -> int:
    return len(match.game.legal_moves(entry.state_before))


def target(match: MatchLike, settings: Any) -> int | None:
    """The history length an undo would go back to, or None when nothing may be undone."""
    if not enabled(match, settings) or match.over or not match.history:
        return None
    person = match.viewer
    if person is None or match.seats[person].is_ai:
        return None
    index = len(match.history) - 1
    first = len(match.history)
    while index >= 0 and match.history[index].seat == person and not reveals(match, index):
        first = index
        index -= 1
    for candidate in range(len(match.history) - 1, first - 1, -1):
        if _choices(match, match.history[candidate]) > 1:
            return candidate
    return None


def refusal(match: MatchLike, settings: Any) -> str:
    """Why nothing can be taken back now, as a string key: the message names the setting
    that really decides (``undo`` or, in hot-seat games, ``undo_hot_seat``, both in the
    Settings screen under one row) or the revealed card that closed the way back."""
    if settings.get("undo", "turn") != "turn":
        return N_("Undo is off: Settings → Undo moves")
    if match.hot_seat and not settings.get("undo_hot_seat", False):
        return N_("Undo is off while several people share the screen: Settings → Undo moves → "
                  "always (also hot seat)")
    person = match.viewer
    if match.history and person is not None and match.history[-1].seat == person \
            and reveals(match, len(match.history) - 1):
        return N_("Cannot take back: your last move revealed a card (or a roll) you have now "
                  "seen")
    return N_("Nothing to take back")


def available(table: Table) -> bool:
    match = table.match
    if match.notice is not None and match.forced_pending:
        return False
    return target(match, table.app.settings) is not None


def undo(table: Table) -> Table | None:
    """Take back one step on ``table``; returns the rebuilt table (now on the stack) or None.

    The table is rebuilt from the remaining moves (the honest way to restore logs and
    layouts) and swapped in place; the autosave follows through ``Match.rewind``.
    """
    app = table.app
    match = table.match
    ply = target(match, app.settings)
    if ply is None:
        show_toast(table, t(refusal(match, app.settings)), REFUSAL_SECONDS)
        return None
    while app.stack.top is not table and len(app.stack) > 1:
        app.stack.pop()  # close a pause overlay first
    match.rewind(ply)
    moves = [entry.played for entry in match.history]
    new = build_table(app, match, moves, table_cls=type(table), keep_owner=True)
    table.owns_match = False
    if app.stack.top is table:
        app.stack.replace(new)
    show_toast(new, t("Move taken back"))
    app.audio.play("button")
    return new


def show_toast(table: Table, text: str, seconds: float = TOAST_SECONDS) -> None:
    table.undo_toast = (text, seconds)


def update_toast(table: Table, dt: float) -> None:
    toast = table.undo_toast
    if toast is not None:
        text, left = toast
        table.undo_toast = (text, left - dt) if left - dt > 0 else None


def cached_available(table: Table) -> bool:
    """``available`` computed once per position (drawing asks every frame)."""
    match = table.match
    key = (len(match.history), id(match.state), match.viewer, match.forced_pending,
           match.over, table.app.settings.get("undo"), table.app.settings.get("undo_hot_seat"))
    cache = table.undo_cache
    if cache is None or cache[0] != key:
        cache = (key, available(table))
        table.undo_cache = cache
    return cache[1] and match.waiting_for_human


def handle_click(table: Table, pos: tuple[int, int]) -> bool:
    """A click on the Undo button (only while it is shown)."""
    rect = table.undo_rect(table.app.screen.get_size()) if table.undo_allowed else None
    if rect is None or not rect.collidepoint(pos) or not cached_available(table):
        return False
    undo(table)
    return True


def draw(table: Table, surface: pygame.Surface) -> None:
    """The Undo button (when a move may be taken back) and the last undo message."""
    app = table.app
    rect = table.undo_rect(surface.get_size()) if table.undo_allowed else None
    if rect is not None and cached_available(table):
        button = table.undo_button
        if button is None or button.rect != rect:
            button = Button(app, rect, lambda: pt("menu", "Undo"), lambda: None,
                            icon="ui/icon_undo.svg", name="undo")
            table.undo_button = button
        hovered = rect.collidepoint(pygame.mouse.get_pos()) if pygame.mouse.get_focused() \
            else False
        button.draw(surface, False, hovered)
    toast = table.undo_toast
    if toast is not None:
        u = theme.unit(surface)
        text = app.assets.text(toast[0], max(10, int(18 * u)), theme.INK, bold=True,
                               wrap=int(surface.get_width() * 0.6), align="center")
        box = text.get_rect(midtop=(surface.get_width() // 2, int(surface.get_height() * 0.12)))
        panel = box.inflate(int(30 * u), int(16 * u))
        pygame.draw.rect(surface, theme.PAPER, panel, border_radius=panel.height // 2)
        pygame.draw.rect(surface, theme.GOLD, panel, width=2, border_radius=panel.height // 2)
        surface.blit(text, box)
