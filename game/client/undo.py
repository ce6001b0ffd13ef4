"""Undo against AI seats: take back your own moves of this turn, never past new information.

A move may be taken back only while nothing it (or a later move) revealed could be
exploited: once a card was drawn, a die rolled, a deck reshuffled or a pile card turned,
the player has learnt something, so undo stops there. Only the person at the screen can
undo, only their own trailing moves (once another seat moved, the turn is gone), never
after the game ended, and not at all when the ``undo`` setting is ``"off"`` — or in
hot-seat games unless ``undo_hot_seat`` is on.

One undo step goes back to before the person's last real choice: forced moves (the only
legal move) after it are taken back too, since they would only be played again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.client.session import HistoryEntry, Match
    from game.client.tables.base import TableScene

# Event types that bring new information into play (hidden cards, chance).
REVEALING_EVENTS = frozenset({"draw", "roll", "reshuffle", "shuffle", "pile_revealed", "deal",
                              "reveal", "refill", "flip"})
TOAST_SECONDS = 1.4


def reveals(match: Match, index: int) -> bool:
    """Whether move ``index`` of the history revealed information or used chance."""
    entry = match.history[index]
    if any(e.get("type") in REVEALING_EVENTS for e in entry.events):
        return True
    game = match.game
    after = match.history[index + 1].state_before if index + 1 < len(match.history) \
        else match.state
    try:
        if game.to_dict(entry.state_before).get("rng") != game.to_dict(after).get("rng"):
            return True  # the in-state random generator moved: a die or a shuffle
    except Exception:  # noqa: BLE001 - be safe: an unreadable state counts as revealing
        return True
    return False  # (hiding one's own choice from others, like a kept card, reveals nothing)


def enabled(match: Match, settings: Any) -> bool:
    """The settings allow undo in this match at all."""
    if not getattr(match, "undo_allowed", True):  # online: the server's moves are final
        return False
    if settings.get("undo", "turn") != "turn":
        return False
    return not (match.hot_seat and not settings.get("undo_hot_seat", False))


def _choices(match: Match, entry: HistoryEntry) -> int:
    try:
        return len(match.game.legal_moves(entry.state_before))
    except Exception:  # noqa: BLE001
        return 2


def target(match: Match, settings: Any) -> int | None:
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


def available(table: TableScene) -> bool:
    match = table.match
    if match.notice is not None and match._forced_for is not None:
        return False
    return target(match, table.app.settings) is not None


def undo(table: TableScene) -> TableScene | None:
    """Take back one step on ``table``; returns the rebuilt table (now on the stack) or None.

    The table is rebuilt from the remaining moves (the honest way to restore logs and
    layouts) and swapped in place; the autosave follows through ``Match.rewind``.
    """
    from game.client.i18n import t
    from game.client.rebuild import build_table

    app = table.app
    match = table.match
    if not enabled(match, app.settings):
        show_toast(table, t("undo.off"))
        return None
    ply = target(match, app.settings)
    if ply is None:
        show_toast(table, t("undo.none"))
        return None
    while app.stack.top is not table and len(app.stack) > 1:
        app.stack.pop()  # close a pause overlay first
    match.rewind(ply)
    moves = [entry.notation for entry in match.history]
    new = build_table(app, match, moves, table_cls=type(table), keep_owner=True)
    table.owns_match = False
    if app.stack.top is table:
        app.stack.replace(new)
    show_toast(new, t("undo.done"))
    app.audio.play("button")
    return new


def show_toast(table: TableScene, text: str) -> None:
    table.undo_toast = (text, TOAST_SECONDS)


def update_toast(table: TableScene, dt: float) -> None:
    toast = getattr(table, "undo_toast", None)
    if toast is not None:
        text, left = toast
        table.undo_toast = (text, left - dt) if left - dt > 0 else None


def cached_available(table: TableScene) -> bool:
    """``available`` computed once per position (drawing asks every frame)."""
    match = table.match
    key = (len(match.history), id(match.state), match.viewer, match._forced_for,
           match.over, table.app.settings.get("undo"), table.app.settings.get("undo_hot_seat"))
    cache = getattr(table, "_undo_cache", None)
    if cache is None or cache[0] != key:
        cache = (key, available(table))
        table._undo_cache = cache
    return cache[1] and match.waiting_for_human


def button_rect(table: TableScene, size: tuple[int, int]) -> Any:
    rect_of = getattr(table, "undo_rect", None)
    return rect_of(size) if rect_of is not None else None


def handle_click(table: TableScene, pos: tuple[int, int]) -> bool:
    """A click on the Undo button (only while it is shown)."""
    rect = button_rect(table, table.app.screen.get_size())
    if rect is None or not rect.collidepoint(pos) or not cached_available(table):
        return False
    undo(table)
    return True


def draw(table: TableScene, surface: Any) -> None:
    """The Undo button (when a move may be taken back) and the last undo message."""
    import pygame

    from game.client import theme
    from game.client.i18n import t
    from game.client.widgets import Button

    app = table.app
    rect = button_rect(table, surface.get_size())
    if rect is not None and cached_available(table):
        button = getattr(table, "_undo_button", None)
        if button is None or button.rect != rect:
            button = Button(app, rect, lambda: t("menu.undo"), lambda: None,
                            icon="ui/icon_undo.svg", name="undo")
            table._undo_button = button
        hovered = rect.collidepoint(pygame.mouse.get_pos()) if pygame.mouse.get_focused() \
            else False
        button.draw(surface, False, hovered)
    toast = getattr(table, "undo_toast", None)
    if toast is not None:
        u = theme.unit(surface)
        text = app.assets.text(toast[0], max(10, int(18 * u)), theme.INK, bold=True)
        box = text.get_rect(midtop=(surface.get_width() // 2, int(surface.get_height() * 0.12)))
        panel = box.inflate(int(30 * u), int(16 * u))
        pygame.draw.rect(surface, theme.PAPER, panel, border_radius=panel.height // 2)
        pygame.draw.rect(surface, theme.GOLD, panel, width=2, border_radius=panel.height // 2)
        surface.blit(text, box)
