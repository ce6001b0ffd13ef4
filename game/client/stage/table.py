"""``Table``: what the rest of the client may use of a game table, as an interface.

The overlays over a table (hand-off, pause, results), undo, rebuilding a table and the
replay viewer all work with *any* game's table. They know it through this class, not
through ``tables.base.TableScene`` (which implements it and, being above them, pushes those
overlays): so imports run one way, from the tables down to the scenes they show.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any

import pygame

from game.client.stage.scene import Scene

if TYPE_CHECKING:
    from game.client.match.protocol import MatchLike
    from game.client.match.types import Move
    from game.client.stage.scene import AppContext
    from game.client.ui import anim
    from game.client.ui.widgets import Button


class Table(Scene):
    """One game's table scene over a ``Match`` (see ``tables.base.TableScene``)."""

    match: MatchLike
    animator: anim.Animator
    particles: anim.Particles
    handoff_sprite: str           # the card backs shown on the hand-off screen
    owns_match: bool              # False once a rebuilt table took the match over (undo)
    undo_allowed: bool            # False inside a replay
    undo_toast: tuple[str, float] | None
    undo_cache: tuple[tuple[Any, ...], bool] | None
    undo_button: Button | None
    coach_panel_at = "top"        # where the tutorial's coach panel leaves the table readable

    def __init__(self, app: AppContext, match: MatchLike) -> None:
        super().__init__(app)
        self.match = match

    @property
    @abstractmethod
    def busy(self) -> bool:
        """Animations that must end before the next move are running."""

    @abstractmethod
    def refresh_view(self) -> None:
        """Recompute what the viewer may see (after a move or a hand-off)."""

    @abstractmethod
    def update_table(self, dt: float) -> None:
        """Per-frame table logic (timers, banners) without the match."""

    @abstractmethod
    def seat_name(self, seat: int) -> str: ...

    @abstractmethod
    def move_words(self, move: Move) -> str:
        """How a move reads to people."""

    @abstractmethod
    def undo_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Where the Undo button shows (None: nowhere)."""

    @abstractmethod
    def reveal_all(self) -> None:
        """The game is over: show every hidden card (the results reveal the secrets)."""
        raise NotImplementedError

    @abstractmethod
    def score_line(self) -> str: ...

    @abstractmethod
    def result_reason(self) -> str: ...

    @abstractmethod
    def rematch(self) -> None: ...

    @abstractmethod
    def draw_result_extra(self, surface: pygame.Surface, area: pygame.Rect) -> None: ...

    def result_extra_height(self, width: int, u: float) -> int:
        """How tall the ``draw_result_extra`` area of the results panel is (``width`` wide;
        ``u`` the layout unit): the panel grows to hold it."""
        return int(60 * u)

    def replay_band(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Where a replay's control bar may sit without hiding cards the replay shows (a
        hand it promises to show face up); None: across the top, where nothing is."""
        return None

    def coach_rects(self, names: tuple[str, ...], size: tuple[int, int]) -> list[pygame.Rect]:
        """Where the cards or places the tutorial's coach names lie ("hand:RA",
        "milestone:3", "pile", "row:1", "die", …), for its highlight rings. A table returns
        the rectangles of the names it knows and leaves the others out (the coach's words
        still say them)."""
        return []

    def coach_keep_clear(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """Where the table's own words show (its prompt, banner, toasts): the lesson's box
        is placed off them."""
        return []

    def coach_soft_areas(self, size: tuple[int, int]) -> list[tuple[pygame.Rect, float]]:
        """The table's parts with how much covering each costs (the opponent's panel more
        than an empty corner): the lesson's box goes where it hides the least."""
        return []

    def coach_focus(self, names: tuple[str, ...]) -> None:
        """Put the keyboard focus on what the coach highlights (a hand card and its place),
        so that Enter plays exactly that."""

    def draw_popups(self, surface: pygame.Surface) -> None:
        """Draw again the table's passing words (banner, toast, tooltip), over an overlay
        such as the lesson's box, which must not hide them."""

    def show_suggestion(self, seat: int, move: Move) -> None:
        """Mark ``move`` on the table with the hint's look, without its line (the post-game
        review's moment shows the expert's move this way; its own panel says the words)."""
