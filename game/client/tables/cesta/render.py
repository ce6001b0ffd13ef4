"""Drawing the Cesta table from a ``TableShows``: board, milestones, decks, hands, flight.

``Renderer`` owns what drawing caches between frames: the felt background, the baked board
(milestones, cards on the table and the log in one opaque surface), where each hand card
is drawn while it glides to a new slot, and the queue of cards to render in idle time. It
reads nothing but the ``TableShows`` it is given; the HUD on top comes from ``hud`` (the
tracker's slow numbers are cached per visible state there).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.i18n import language, pt, t
from game.client.tables.cesta import hud, info
from game.client.tables.cesta.cards import back_of, is_action
from game.client.tables.cesta.describe import standing_label
from game.client.tables.cesta.model import Flying, Key, TableShows
from game.client.tables.cesta.paint import SEAT_COLOURS, Painter, dim, glow, outline
from game.client.tables.common import fx
from game.client.tables.common.fx import pulse as breathe
from game.client.tables.common.key_line import key_line
from game.client.tables.common.keys import digit_keys
from game.client.ui import theme
from game.client.ui.display import merge

CardJob = tuple[str, tuple[int, int], bool]  # (code, size, colour-blind symbols)


REPAINT_SHARE = 0.4   # past this share of the window, a move repaints the whole board


@dataclass
class BoardParts:
    """What the baked board shows, part by part: the log, and each milestone's column
    (its cards on both sides, badge, stone, last-move marks), so that a move repaints the
    columns it changed and the log, not the whole board."""

    whole: tuple[Any, ...]
    log: tuple[Any, ...]
    columns: list[tuple[Any, ...]]


def board_parts(shows: TableShows, on_board: frozenset[Key], offsets: list[float],
                size: tuple[int, int]) -> BoardParts:
    state, stage, eyes = shows.state, shows.stage, shows.eyes
    columns: list[tuple[Any, ...]] = []
    for m, milestone in enumerate(state["milestones"]):
        sides = tuple((tuple(milestone["sides"][seat]["actions"]),
                       tuple(milestone["sides"][seat]["events"]))
                      for seat in (eyes.top, eyes.bottom))
        columns.append((milestone["owner"], sides,
                        frozenset(h for h in on_board if h[1] == m),
                        tuple(sorted(item for item in stage.last_plays.items()
                                     if item[1][0] == m)),
                        offsets[m]))
    return BoardParts(
        whole=(size, shows.colourblind, language(), eyes.bottom, len(columns),
               tuple(state["rules"]["ranking"])),
        log=(len(stage.entries), stage.scroll.offset, shows.log_open),
        columns=columns)


def column_area(layout: Any, m: int) -> pygame.Rect:
    """All a milestone's column draws, top to bottom of the window (cards, shadows, tags
    hanging over their corners)."""
    margin = int(12 * layout.u) + 6
    x = int(layout.centre.x + layout.col_w * m)
    return pygame.Rect(x - margin, 0, int(layout.col_w) + 2 * margin, layout.size[1])


def log_area(layout: Any) -> pygame.Rect:
    area: pygame.Rect = layout.left.union(layout.log_button).inflate(8, 8)
    return area


def changed_regions(layout: Any, old: BoardParts, new: BoardParts) -> list[pygame.Rect]:
    regions = [column_area(layout, m) for m, (before, after)
               in enumerate(zip(old.columns, new.columns, strict=True)) if before != after]
    if old.log != new.log:
        regions.append(log_area(layout))
    return merge(regions)


class Renderer:
    def __init__(self, painter: Painter) -> None:
        self.painter = painter
        self.background: pygame.Surface | None = None
        self._board: tuple[object, tuple[Any, ...], pygame.Surface] | None = None
        self.hand_pos: dict[Key, pygame.Vector2] = {}
        self._glide_seen: set[Key] = set()
        self._glide = (1 / 60, 1.0)          # (frame seconds, animation speed)
        self.gliding = False                 # a hand card was short of its slot last draw
        self._warm: Iterator[CardJob] | None = None
        self.tracker = hud.TrackerCache()
        self.parts: BoardParts | None = None
        self.repaints = {"whole": 0, "parts": 0}   # how the board was last brought up to date

    # --- between frames ---------------------------------------------------------------
    def tick(self, dt: float, speed: float) -> None:
        """Forget glide positions of cards no longer drawn; remember the frame's pace."""
        self._glide = (dt, speed)
        self.gliding = False  # set again by the next draw if a card is still under way
        if self._glide_seen:
            for key in [k for k in self.hand_pos if k not in self._glide_seen]:
                del self.hand_pos[key]
            self._glide_seen = set()

    def queue_warm_up(self, jobs: list[CardJob]) -> None:
        self._warm = iter(jobs)

    @property
    def warming(self) -> bool:
        """Cards are still queued for rendering ahead."""
        return self._warm is not None

    def warm_up(self, budget: float) -> None:
        """Render queued cards until ``budget`` seconds are spent (the loop's spare time,
        ``Scene.warm``)."""
        if self._warm is None:
            return
        end = time.perf_counter() + budget
        for code, size, cb in self._warm:
            self.painter.art.card(code, size, cb)
            if time.perf_counter() > end:
                return
        self._warm = None

    # --- the table ----------------------------------------------------------------------
    def draw_concealed(self, surface: pygame.Surface) -> None:
        """Nobody owns the screen yet (hot seat): the empty felt, no card."""
        surface.blit(self.background_for(surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface, shows: TableShows) -> None:
        p = self.painter
        hidden = shows.stage.hidden()
        surface.blit(self.board(surface.get_size(), shows, hidden), (0, 0))
        draw_targets(p, surface, shows)
        draw_decks(p, surface, shows)
        self.draw_hands(surface, shows, hidden)
        for flying in shows.stage.flying:
            draw_flying(p, surface, flying, shows.colourblind)
        draw_drag(p, surface, shows)
        hud.draw_plates(p, surface, shows)
        hud.draw_tools(p, surface, shows)
        hud.draw_header(p, surface, shows)
        hud.draw_action_tip(p, surface, shows)
        hud.draw_banner(p, surface, shows)
        if shows.tracker_open:
            data = self.tracker.data(shows) if shows.tracker_enabled else None
            hud.draw_tracker(p, surface, shows, data)

    def background_for(self, size: tuple[int, int]) -> pygame.Surface:
        """Felt, vignette, the path between the stones and the panel frames; once per size."""
        if self.background is not None and self.background.get_size() == size:
            return self.background
        kit, layout = self.painter, self.painter.layout
        u = layout.u
        surface = pygame.Surface(size)
        surface.fill(theme.FELT)
        # the felt is soft: rasterise at half size and scale up (a full-size SVG costs ~0.2 s)
        half = (max(1, size[0] // 2), max(1, size[1] // 2))
        felt = pygame.transform.smoothscale(
            kit.assets.sprite("cesta/felt.svg", half, _felt_fallback), size)
        surface.blit(felt, (0, 0))
        path = pygame.Surface(size, pygame.SRCALPHA)
        y = layout.stone_y
        x0, x1 = layout.column_x(0), layout.column_x(layout.milestones - 1)
        pygame.draw.line(path, (240, 220, 170, 60), (x0, y), (x1, y), int(18 * u))
        for x in range(int(x0), int(x1), int(26 * u)):
            pygame.draw.circle(path, (250, 236, 200, 70), (x, y), int(3 * u))
        for rect in (layout.left, layout.top_plate, layout.bottom_plate, layout.right):
            pygame.draw.rect(path, (0, 0, 0, 60), rect, border_radius=int(14 * u))
            pygame.draw.rect(path, (255, 255, 255, 28), rect, width=2, border_radius=int(14 * u))
        surface.blit(path, (0, 0))
        self.background = surface.convert() if pygame.display.get_surface() else surface
        return self.background

    def board(self, size: tuple[int, int], shows: TableShows, hidden: set[Key]
              ) -> pygame.Surface:
        """Felt, milestones, cards on the table and the log baked into one opaque surface.

        It changes only when a move lands, a card takes off or lands, a stone slides or the
        log changes, so most frames blit it once instead of drawing ~100 pieces."""
        stage = shows.stage
        offsets = []
        for m in range(self.painter.layout.milestones):
            moving = stage.stone_moving.get(m)
            if moving is not None:
                offsets.append(round(moving.data["distance"] * moving.value, 1)
                               if moving.started else 0.0)
            else:
                offsets.append(stage.stone_offsets.get(m, 0.0))
        on_board = frozenset(h for h in hidden if h[0] == "m")  # cards flying to hands don't
        key = (size, on_board, tuple(sorted(stage.last_plays.items())), tuple(offsets),
               shows.colourblind, language(), len(stage.entries), stage.scroll.offset,
               shows.log_open, shows.eyes.bottom)
        cached = self._board
        if cached is not None and cached[0] is shows.state and cached[1] == key:
            return cached[2]
        parts = board_parts(shows, on_board, offsets, size)
        old = self.parts
        if cached is not None and old is not None and old.whole == parts.whole:
            regions = changed_regions(self.painter.layout, old, parts)
            if sum(r.w * r.h for r in regions) <= REPAINT_SHARE * size[0] * size[1]:
                surface = cached[2]
                background = self.background_for(size)
                for region in regions:   # each changed column or the log, clipped
                    surface.set_clip(region)
                    surface.blit(background, region, region)
                    draw_milestones(self.painter, surface, shows, hidden, region)
                    if region.colliderect(log_area(self.painter.layout)):
                        hud.draw_log(self.painter, surface, shows)
                surface.set_clip(None)
                self._board, self.parts = (shows.state, key, surface), parts
                self.repaints["parts"] += 1
                return surface
        # the last board's surface is painted over (a fresh 8 MB copy per move was a hitch)
        surface = fx.refill(cached[2] if cached is not None else None,
                            self.background_for(size))
        draw_milestones(self.painter, surface, shows, hidden)
        hud.draw_log(self.painter, surface, shows)
        self._board, self.parts = (shows.state, key, surface), parts
        self.repaints["whole"] += 1
        return surface

    def draw_hands(self, surface: pygame.Surface, shows: TableShows, hidden: set[Key]
                   ) -> None:
        p = self.painter
        kit, layout, eyes = p, p.layout, shows.eyes
        u = layout.u
        cb = shows.colourblind
        dragged = shows.pointer.dragged()
        for seat in (eyes.top, eyes.bottom):
            bottom = seat == eyes.bottom
            hand = shows.hands[seat]
            slots = layout.hand_slots(len(hand), bottom)
            open_ = eyes.open_hand(seat)
            used = shows.used_kinds(seat) if open_ else set()
            seen: dict[str, int] = {}
            for i, code in enumerate(hand):
                copy = seen[code] = seen.get(code, -1) + 1
                if ("h", seat, code) in hidden or ("h", seat, i) in hidden:
                    continue
                if bottom and dragged == i:
                    continue
                rect = slots[i]
                if bottom:
                    rect = rect.move(0, -shows.pointer.lift(i, shows.hover, u))
                if open_:
                    rect = self.glide((seat, code, copy), rect)
                shown = code if open_ else back_of(code)
                surface.blit(kit.shadow(rect.size, rect.width // 9, 70), rect.move(3, 5))
                surface.blit(p.art.card(shown, rect.size, cb), rect)
                if not open_:
                    continue
                if is_action(code):
                    hud.draw_action_name(p, surface, code, rect)
                if is_action(code) and code in used:
                    surface.blit(dim(kit, rect.size, 150), rect)
                    stamp = dead_stamp(p, rect.width)
                    surface.blit(stamp, stamp.get_rect(center=rect.center))
                elif bottom and shows.legal.targets(code):
                    chosen = shows.pointer.selected == i
                    colour = theme.GOLD if chosen else (250, 226, 150)
                    outline(surface, rect, colour, 3 if chosen else 2)
            if bottom and hand and shows.waiting:
                # TRANSLATORS: keep the " · " between the items: the line wraps only there;
                # {keys} are the number keys of the hand's cards ("1–5", "1–7")
                words = t("{keys} card · ←→ milestone · Enter play · E/A draw · S sort · "
                          "T tracker · L log · M sound · H rules · Esc pause",
                          keys=digit_keys(len(hand)))
                room = layout.right.bottom - int(10 * u) - layout.tracker_button.bottom - \
                    int(8 * u)
                size = max(8, int(12 * u))
                keys = key_line(kit.assets, kit.cache, words, size, (200, 214, 206),
                                layout.right.width - int(16 * u))
                while keys.get_height() > room and size > 8:   # smaller, not hidden
                    size -= 1
                    keys = key_line(kit.assets, kit.cache, words, size, (200, 214, 206),
                                    layout.right.width - int(16 * u))
                surface.blit(keys, keys.get_rect(midbottom=(layout.right.centerx,
                                                            layout.right.bottom - int(10 * u))))

    def glide(self, key: Key, target: pygame.Rect) -> pygame.Rect:
        """Where a hand card is drawn: it eases toward its slot when the hand changes
        (a card played or drawn, sorting), so the hand never jumps."""
        pos = self.hand_pos.get(key)
        self._glide_seen.add(key)
        frame_dt, speed = self._glide
        if pos is None or speed <= 0:
            self.hand_pos[key] = pygame.Vector2(target.topleft)
            return target
        factor = min(1.0, frame_dt * 16 / max(0.25, speed))
        pos += (pygame.Vector2(target.topleft) - pos) * factor
        if pos.distance_squared_to(target.topleft) < 0.25:
            pos.update(target.topleft)
        else:
            self.gliding = True  # the table keeps the loop drawing until the card arrives
        return pygame.Rect(round(pos.x), round(pos.y), target.width, target.height)


def _felt_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(theme.FELT)
    return surface


def _stone_fallback(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(surface, (150, 150, 140), surface.get_rect())
    pygame.draw.ellipse(surface, theme.INK, surface.get_rect(), width=2)
    return surface


def draw_targets(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    """Pulsing glow where the selected (or dragged) card may go; a frame on the target."""
    layout, state = p.layout, shows.state
    if not shows.legal.any_play:
        return
    code = shows.chosen_card()
    if not code:
        return
    pulse = breathe(shows.time)
    for m in shows.legal.targets(code):
        side = state["milestones"][m]["sides"][shows.eyes.bottom]
        if is_action(code):
            rect = layout.action_slot(m, True, len(side["actions"]))
        else:
            rect = layout.event_slot(m, True, min(2, len(side["events"])))
        g = glow(p, p.u, rect.size)
        g.set_alpha(int(255 * pulse))
        surface.blit(g, g.get_rect(center=rect.center))
        if shows.pointer.target == m:
            pygame.draw.rect(surface, theme.GOLD, rect, width=3, border_radius=rect.width // 9)


def draw_milestones(p: Painter, surface: pygame.Surface, shows: TableShows, hidden: set[Key],
                    clip: pygame.Rect | None = None) -> None:
    """Every milestone's column; with ``clip`` only the columns reaching into it."""
    kit, layout, state, eyes = p, p.layout, shows.state, shows.eyes
    u = layout.u
    cb = shows.colourblind
    marked = set(shows.stage.last_plays.values())   # every seat's last play
    marks: list[tuple[pygame.Rect, int]] = []       # drawn over every card (never hidden)
    for m, milestone in enumerate(state["milestones"]):
        if clip is not None and not clip.colliderect(column_area(layout, m)):
            continue
        owner = milestone["owner"]
        for seat in (eyes.top, eyes.bottom):
            bottom = seat == eyes.bottom
            side = milestone["sides"][seat]
            for i, code in enumerate(side["actions"]):
                if ("m", m, seat, "ac", i) in hidden:
                    continue
                rect = layout.action_slot(m, bottom, i)
                surface.blit(p.art.card(code, rect.size), rect)
                if (m, seat, "ac", i) in marked:
                    marks.append((rect, seat))
            order = list(enumerate(side["events"]))
            if not bottom:
                order.reverse()  # nearer cards on top: the far ones show their top index
            for i, code in order:
                if ("m", m, seat, "ev", i) in hidden:
                    continue
                rect = layout.event_slot(m, bottom, i)
                surface.blit(kit.shadow(rect.size, rect.width // 9, 60), rect.move(2, 3))
                surface.blit(p.art.card(code, rect.size, cb), rect)
                if owner is not None and owner != seat:
                    surface.blit(dim(kit, rect.size), rect)
                if (m, seat, "ev", i) in marked:
                    marks.append((rect, seat))
            if owner is None:
                draw_badge(p, surface, state, m, seat, bottom)
        stone = layout.stone_rect(m, shows.stage.stone_offset(m))
        surface.blit(kit.shadow(stone.size, stone.height // 2, 80), stone.move(0, int(5 * u)))
        image = kit.assets.sprite("cesta/milestone.svg", stone.size, _stone_fallback)
        surface.blit(image, stone)
        if owner is not None:
            colour = SEAT_COLOURS[eyes.colour(owner)]
            pygame.draw.ellipse(surface, colour, stone.inflate(6, 6), width=max(2, int(3 * u)))
            tag = seat_tag(p, owner)    # whose stone: a symbol, not the ring's colour alone
            surface.blit(tag, tag.get_rect(center=(stone.right - tag.get_width() // 3,
                                                   stone.top + tag.get_height() // 3)))
        number = kit.assets.outlined_text(str(m + 1), int(stone.height * 0.42), theme.WHITE,
                                          (30, 30, 30), width=max(1, int(2 * u)))
        surface.blit(number, number.get_rect(center=stone.center))
    for rect, seat in marks:
        fx.last_move(surface, rect, u, [seat_tag(p, seat)])


def badge_text(state: dict[str, Any], m: int, seat: int) -> str | None:
    """A side's badge: what it counts as at milestone ``m`` as the rules core says, action
    cards applied (None for a side with no card yet)."""
    side = state["milestones"][m]["sides"][seat]
    if not side["events"] and not side["actions"]:
        return None
    return standing_label(info.side_standing(state, m, seat))


BADGE_COLOURS = {"plain": (236, 232, 220), "complete": (255, 240, 190),
                 "changed": (250, 214, 180)}   # an action card changes what counts


def draw_badge(p: Painter, surface: pygame.Surface, state: dict[str, Any], m: int, seat: int,
               bottom: bool) -> None:
    """The set a side has built so far, as the comparison there will count it: category
    and sum, only the sum under Time, the action cards in effect named in the text."""
    text = badge_text(state, m, seat)
    if text is None:
        return
    standing = info.side_standing(state, m, seat)
    complete = standing.complete
    rect = p.layout.badge_rect(m, bottom)
    assets = p.assets
    size = max(9, int(rect.height * 0.62))
    ink = theme.INK if complete else (60, 60, 60)
    image = assets.text(text, size, ink, bold=complete)
    room = rect.width - int(10 * p.u)
    if image.get_width() > room:   # a long name with an effect: smaller, never clipped
        size = max(7, size * room // image.get_width())
        image = assets.text(text, size, ink, bold=complete)
    w = min(rect.width, image.get_width() + int(14 * p.u))
    pill = pygame.Rect(0, 0, w, rect.height)
    pill.center = rect.center
    kind = "changed" if standing.rusted or standing.timed else \
        "complete" if complete else "plain"
    pygame.draw.rect(surface, BADGE_COLOURS[kind], pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, theme.INK, pill, width=1, border_radius=pill.height // 2)
    surface.blit(image, image.get_rect(center=pill.center))


def draw_decks(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    kit, layout, state = p, p.layout, shows.state
    u = layout.u
    draws = shows.legal.draws
    pulse = breathe(shows.time)
    for deck, rect, back in (("event", layout.event_deck, "??"),
                             ("action", layout.action_deck, "?A")):
        count = len(state["event_deck" if deck == "event" else "action_deck"])
        if not state["rules"].get("action_cards", True) and deck == "action":
            continue
        if count:
            for i in range(min(4, max(1, count // 5)), 0, -1):
                surface.blit(p.art.card(back, rect.size), rect.move(i * 2, i * 2))
            surface.blit(p.art.card(back, rect.size), rect)
        else:
            pygame.draw.rect(surface, (255, 255, 255), rect, width=2,
                             border_radius=rect.width // 9)
        if deck in draws:
            g = glow(p, u, rect.size)
            g.set_alpha(int(255 * pulse))
            surface.blit(g, g.get_rect(center=rect.center))
        badge = kit.assets.outlined_text(str(count), int(18 * u), theme.WHITE, (20, 20, 20))
        label = kit.assets.text(pt("deck", "Events") if deck == "event" else
                                pt("deck", "Actions"),
                                int(14 * u), (230, 240, 232), bold=True)
        count_at, label_at = deck_words_places(rect, badge.get_size(), label.get_size(), u)
        surface.blit(badge, count_at)
        surface.blit(label, label_at)
    if draws:
        top = layout.action_deck.bottom + int(14 * u)
        room = hud.hint_button_rect(layout).top - int(6 * u) - top
        hint = draw_prompt(p, layout.right.width - int(12 * u), room)
        surface.blit(hint, hint.get_rect(midtop=(layout.right.centerx, top)))


def deck_words_places(rect: pygame.Rect, count: tuple[int, int], label: tuple[int, int],
                      u: float) -> tuple[pygame.Rect, pygame.Rect]:
    """Where a deck's count and its label go: clear of the frames a deck can get (the
    hint's dashed outline, the coach's ring), beside the stacked cards and above them."""
    clear = max(10, int(12 * u))   # the hint's outline ends 9 px out
    return (pygame.Rect((0, 0), count).move(rect.right + clear, rect.bottom - count[1]),
            pygame.Rect((0, 0), label).move(rect.centerx - label[0] // 2,
                                            rect.top - clear - label[1]))


def draw_prompt(p: Painter, width: int, room: int) -> pygame.Surface:
    """"Draw a card from …" wrapped to ``width``, smaller until it fits ``room`` (it ends
    above the Hint button)."""
    u = p.layout.u
    size = int(14 * u)
    while True:
        image = p.assets.text(t("Draw a card from the event or the action deck"), size,
                              theme.GOLD, bold=True, wrap=width, align="center")
        if image.get_height() <= room or size <= 8:
            return image
        size -= 1


def dead_stamp(p: Painter, width: int) -> pygame.Surface:
    """A red ribbon across a dead action card (cached per size and language)."""
    key = ("dead", width, language())
    cache = p.cache
    stamp = cache.get(key)
    if stamp is None:
        # TRANSLATORS: stamped in capitals across an action card that can no longer be played
        text = p.assets.text(pt("action card", "dead").upper(), max(8, int(width * 0.17)),
                             theme.WHITE, bold=True)
        ribbon = pygame.Surface((int(width * 1.05), text.get_height() + 6), pygame.SRCALPHA)
        pygame.draw.rect(ribbon, (196, 40, 44), ribbon.get_rect(), border_radius=4)
        pygame.draw.rect(ribbon, (255, 220, 220), ribbon.get_rect(), width=1, border_radius=4)
        ribbon.blit(text, text.get_rect(center=ribbon.get_rect().center))
        stamp = pygame.transform.rotate(ribbon, 28)
        cache[key] = stamp
    return stamp


def draw_flying(p: Painter, surface: pygame.Surface, flying: Flying, colourblind: bool
                ) -> None:
    if not flying.tween.started:
        return
    rect = pygame.FRect(*flying.rect_now())
    arc = flying.lift() * 30 * p.u
    rect.y -= arc
    code = flying.code
    width = rect.w
    if flying.back is not None:  # a flip: the back narrows, then the face widens
        raw = flying.tween.raw
        if raw < 0.5:
            code = flying.back
            width = rect.w * (1 - raw * 2) if raw > 0.3 else rect.w
        else:
            width = rect.w * min(1.0, (raw - 0.5) * 2.5)
    base = flying.end.size if flying.end.w >= flying.start.w else flying.start.size
    image = p.art.card(code, (int(base[0]), int(base[1])), colourblind)
    size = (max(1, int(width)), max(1, int(rect.h)))
    if size != image.get_size():
        image = pygame.transform.scale(image, size)
    # the shadow's size in steps of 6 px: a flip or a scaling card would make a new shadow
    # surface every frame (the shared shadow cache keeps a few instead)
    shade = (max(6, size[0] // 6 * 6), max(6, size[1] // 6 * 6))
    surface.blit(p.shadow(shade, max(2, shade[0] // 9), 70), (rect.centerx - shade[0] / 2
                                                              + 6, rect.y + 10))
    surface.blit(image, image.get_rect(center=(int(rect.centerx), int(rect.centery))))


def draw_drag(p: Painter, surface: pygame.Surface, shows: TableShows) -> None:
    drag = shows.pointer.drag
    if drag is None or not drag.moved:
        return
    hand = shows.hands[shows.eyes.bottom]
    if drag.index >= len(hand):
        return
    size = p.layout.hand_card
    image = p.art.card(hand[drag.index], size, shows.colourblind)
    rect = image.get_rect(center=drag.pos)
    surface.blit(p.shadow(size, size[0] // 9, 80), rect.move(8, 12))
    surface.blit(image, rect)


def seat_tag(p: Painter, seat: int) -> pygame.Surface:
    """Who played the last move: the seat's tag (its colour and symbol, as on its plate)."""
    return fx.seat_tag(p.cache, p.assets, seat, fx.tag_height(p.layout.u))
