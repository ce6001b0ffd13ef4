"""Drawing the Královská cesta board: wood, the track, pyramids, highlights, tooltips; and the
order in which the side panels (``hud``) and the full-table moments (``screens``) are put
over it. ``Renderer`` receives what it draws — a ``TableView`` built by the scene for the
frame, and the ``Paint`` kit — and keeps its own cached pictures."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.client.i18n import language, t
from game.client.i18n.words import game_title
from game.client.tables.common import fx
from game.client.tables.common.fx import pulse
from game.client.tables.royal_road.art import trio
from game.client.tables.royal_road.fx import OVERSTEP, WOOD, Paint, glow, plain, seat_tag, tint
from game.client.tables.royal_road.hud import (
    draw_banner,
    draw_drawer,
    draw_log,
    draw_plate_status,
    draw_plates,
    draw_prompt,
    draw_round,
    draw_tray,
    prompt_area,
)
from game.client.tables.royal_road.layout import RoyalLayout, pyramid_spot
from game.client.tables.royal_road.model import SPECIALS, TableView
from game.client.tables.royal_road.motion import card_rect_now
from game.client.tables.royal_road.screens import (
    draw_keep_backdrop,
    draw_keep_screen,
    draw_reveal,
)
from game.client.ui import anim, probe, theme
from game.client.ui.display import merge

Hits = list[tuple[pygame.Rect, str]]


REPAINT_SHARE = 0.4   # past this share of the window, a move repaints the whole layer


@dataclass
class LayerParts:
    """What the cached layer shows, part by part, so that a move repaints only the parts
    it changed: the plates, the log, and each track card with the pyramids resting on it
    (``regions``: where each card's part was drawn, old places to paint over)."""

    whole: tuple[Any, ...]
    players: int
    plates: tuple[Any, ...]
    log: tuple[Any, ...]
    cards: list[tuple[Any, ...]]
    regions: list[pygame.Rect]


class Renderer:
    """Draws the whole table for one ``TableView``. The board at rest is one cached layer
    (wood, cards, resting pyramids, plates, log): a quiet frame costs a single full-screen
    blit plus what moves, and a move repaints only the parts of the layer it changed (a
    pyramid's old and new card, a plate, the log), not the whole board."""

    def __init__(self, paint: Paint) -> None:
        self.paint = paint
        self._background: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.layer: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.parts: LayerParts | None = None
        self.repaints = {"whole": 0, "parts": 0}   # how the layer was last brought up to date
        self._keep_backdrop: tuple[tuple[object, ...], pygame.Surface] | None = None

    def draw(self, view: TableView, surface: pygame.Surface) -> Hits | None:
        """Draw the table; returns where the pickable pyramids were drawn (for the mouse),
        or None when no pyramid was drawn this frame (keep the last ones)."""
        paint = self.paint
        if view.concealed:
            surface.blit(self.background(surface.get_size()), (0, 0))
            return None
        rects = current_card_rects(paint, view)
        dynamic = dynamic_pyramids(view)
        if view.keep_open:
            # the setup choice covers the table: its dimmed picture is made once, then only
            # the five cards are drawn per frame
            layer = self.static_layer(view, surface.get_size(), rects, dynamic)
            surface.blit(self.keep_backdrop(view, layer), (0, 0))
            draw_keep_screen(paint, view, surface, backdrop=False)
            return None
        if view.ui.card_moves:   # a swap is sliding cards: draw everything this frame
            surface.blit(self.background(surface.get_size()), (0, 0))
            draw_static(paint, view, surface, rects, dynamic)
        else:
            surface.blit(self.static_layer(view, surface.get_size(), rects, dynamic), (0, 0))
        draw_card_marks(paint, view, surface, rects)
        hits = draw_pyramids(paint, view, surface, rects, dynamic, static=False)
        draw_ghost(paint, view, surface, rects)
        draw_plate_status(paint, view, surface)
        draw_round(paint, view, surface)
        draw_tray(paint, view, surface)
        draw_drawer(paint, view, surface)
        draw_prompt(paint, view, surface)
        draw_banner(paint, view, surface)
        draw_tooltip(paint, view, surface, rects)
        if view.ui.reveal is not None:
            draw_reveal(paint, view, surface)
        return hits

    def draw_popups(self, view: TableView, surface: pygame.Surface) -> None:
        """The banner and the tooltip once more, over an overlay on the table."""
        if view.concealed or view.keep_open:
            return
        draw_banner(self.paint, view, surface)
        draw_tooltip(self.paint, view, surface, current_card_rects(self.paint, view))

    # --- cached pieces --------------------------------------------------------------------
    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """Wood, the road joining the cards, the panel frames; built once per size and
        language."""
        key = (size, language())   # the game's name is written on it
        if self._background is not None and self._background[0] == key:
            return self._background[1]
        surface = paint_background(self.paint, size)
        surface = surface.convert() if pygame.display.get_surface() else surface
        self._background = (key, surface)
        return surface

    def static_layer(self, view: TableView, size: tuple[int, int],
                     rects: list[pygame.FRect], dynamic: frozenset[str]) -> pygame.Surface:
        key = (id(view.state), dynamic, view.ui.last_path, view.ui.marks.key(),
               len(view.ui.entries),
               view.ui.scroll.offset, language(),
               view.to_move, view.ui.reveal is not None, view.ui.drawer_open, size)
        if self.layer is not None and self.layer[0] == key:
            return self.layer[1]
        parts = layer_parts(self.paint, view, rects, dynamic, size)
        old = self.parts
        if self.layer is not None and old is not None and old.whole == parts.whole:
            regions = changed_regions(self.paint, old, parts)
            area = sum(r.w * r.h for r in regions)
            if area <= REPAINT_SHARE * size[0] * size[1]:
                layer = self.layer[1]
                background = self.background(size)
                for region in regions:   # each changed part, from the wood up, clipped
                    layer.set_clip(region)
                    layer.blit(background, region, region)
                    draw_static(self.paint, view, layer, rects, dynamic, clip=region)
                layer.set_clip(None)
                self.layer, self.parts = (key, layer), parts
                self.repaints["parts"] += 1
                return layer
        # the last layer is painted over: a fresh full-window copy per move was a hitch
        layer = fx.refill(self.layer[1] if self.layer is not None else None,
                          self.background(size))
        draw_static(self.paint, view, layer, rects, dynamic)
        self.layer, self.parts = (key, layer), parts
        self.repaints["whole"] += 1
        return layer

    def keep_backdrop(self, view: TableView, layer: pygame.Surface) -> pygame.Surface:
        key = (self.layer[0] if self.layer else None, view.viewer, language())
        if self._keep_backdrop is not None and self._keep_backdrop[0] == key:
            return self._keep_backdrop[1]
        surface = fx.refill(self._keep_backdrop[1] if self._keep_backdrop is not None
                            else None, layer)
        draw_keep_backdrop(self.paint, view, surface)
        self._keep_backdrop = (key, surface)
        return surface


def special_tip(code: str) -> str:
    """What a special card (START, JAIL, TRAPDOOR, GOAL) does, for its tooltip."""
    words = {
        "START": t("START: every pyramid begins here."),
        "JAIL": t("JAIL: a pyramid that lands here lies down until an amnesty."),
        "TRAPDOOR": t("TRAPDOOR: a pyramid that lands here falls straight into JAIL."),
        "GOAL": t("GOAL: bring all three pyramids of a secret card here."),
    }
    return words.get(code, code)


def paint_background(paint: Paint, size: tuple[int, int]) -> pygame.Surface:
    assets, layout = paint.assets, paint.layout
    u = layout.u
    surface = pygame.Surface(size)
    surface.fill(WOOD)
    half = (max(1, size[0] // 2), max(1, size[1] // 2))
    wood = assets.sprite("royal_road/wood.svg", half, lambda s: plain(s, WOOD))
    surface.blit(pygame.transform.smoothscale(wood, size), (0, 0))
    deco = pygame.Surface(size, pygame.SRCALPHA)
    centres = [r.center for r in layout.card_rects]
    if len(centres) > 1:
        pygame.draw.lines(deco, (20, 10, 6, 110), False, centres, int(46 * u))
        pygame.draw.lines(deco, (236, 196, 110, 46), False, centres, int(30 * u))
        for a, b in zip(centres, centres[1:], strict=False):
            steps = max(1, int(math.dist(a, b) / (18 * u)))
            for i in range(steps):
                x, y = anim.lerp_point(a, b, i / steps)
                pygame.draw.circle(deco, (255, 226, 150, 70), (int(x), int(y)), int(2.5 * u))
    for rect in (layout.left, layout.right):
        pygame.draw.rect(deco, (0, 0, 0, 90), rect, border_radius=int(14 * u))
        pygame.draw.rect(deco, (255, 220, 170, 40), rect, width=2, border_radius=int(14 * u))
    if layout.is_u:
        pygame.draw.rect(deco, (0, 0, 0, 40), layout.middle, border_radius=int(18 * u))
    surface.blit(deco, (0, 0))
    if layout.is_u:
        emblem(paint, surface)
    return surface


def emblem(paint: Paint, surface: pygame.Surface) -> None:
    """The game's name and a crown, faint, in the open middle of the track."""
    with probe.decoration():   # a watermark: pieces and words may pass over it
        _emblem(paint, surface)


def _emblem(paint: Paint, surface: pygame.Surface) -> None:
    assets, layout = paint.assets, paint.layout
    u = layout.u
    middle = layout.middle
    side = int(min(middle.height * 0.42, 150 * u))
    for i, code in enumerate(("rL", "yL", "bL")):
        image = paint.art.pyramid(code, side).copy()
        image.set_alpha(52)
        x = middle.centerx + (i - 1) * side * 0.62
        surface.blit(image, image.get_rect(midbottom=(int(x), middle.centery + side // 2
                                                      - int(10 * u) + (i % 2) * int(8 * u))))
    title = assets.outlined_text(game_title("royal_road").upper(), int(40 * u), (236, 196, 110),
                                 (40, 22, 12), width=max(2, int(2 * u))).copy()
    title.set_alpha(70)
    surface.blit(title, title.get_rect(midtop=(middle.centerx, middle.centery
                                               + side // 2 - int(6 * u))))


# --- the board ---------------------------------------------------------------------------------
def dynamic_pyramids(view: TableView) -> frozenset[str]:
    """Pyramids drawn every frame (moving, standing up, or pickable); the rest are baked."""
    return frozenset(view.ui.movers) | frozenset(view.ui.standing_up) | \
        frozenset(view.legal.moves)


def draw_static(paint: Paint, view: TableView, surface: pygame.Surface,
                rects: list[pygame.FRect], dynamic: frozenset[str],
                clip: pygame.Rect | None = None) -> None:
    """The layer's pieces; with ``clip`` only those reaching into it (the surface is
    clipped to it too), in the same order, so a repainted region looks as if the whole
    layer had been drawn again."""
    draw_cards(paint, view, surface, rects, clip)
    draw_pyramids(paint, view, surface, rects, dynamic, static=True, clip=clip)
    layout = paint.layout
    if clip is None or clip.colliderect(plates_area(layout, len(view.seats))):
        draw_plates(paint, view, surface)
    if clip is None or clip.colliderect(layout.log_rect):
        draw_log(paint, view, surface)


# --- what a move changed in the layer -----------------------------------------------------
def plates_area(layout: RoyalLayout, players: int) -> pygame.Rect:
    first = layout.plate(0, players)
    return first.unionall([layout.plate(seat, players) for seat in range(players)])


def card_bounds(rect: pygame.FRect | pygame.Rect, size: tuple[int, int], u: float
                ) -> pygame.Rect:
    """Everything a track card draws: its shadow, its last-move frame and tags, its
    number tag below."""
    margin = int(16 * u) + 6
    return pygame.Rect(int(rect.x), int(rect.y), *size).inflate(2 * margin, 2 * margin)


def pyramid_bounds(point: tuple[float, float], box: int, u: float) -> pygame.Rect:
    """Everything a resting pyramid draws (standing or lying, with its seat tag)."""
    margin = int(20 * u) + 4
    x, y = point
    return pygame.Rect(int(x - box), int(y - 1.6 * box), 2 * box, int(1.8 * box)).inflate(
        2 * margin, 2 * margin)


def layer_parts(paint: Paint, view: TableView, rects: list[pygame.FRect],
                dynamic: frozenset[str], size: tuple[int, int]) -> LayerParts:
    """The layer's parts for this view: what each shows and where each card's is drawn."""
    layout, state, marks = paint.layout, view.state, view.ui.marks
    u = layout.u
    track = view.track
    pyramids = state.get("pyramids", {})
    lying = set(state.get("lying", []))
    here: dict[int, list[str]] = {}
    for code, q in pyramids.items():
        here.setdefault(q, []).append(code)
    last_from = view.ui.last_path[1] if view.ui.last_path is not None else None
    cards: list[tuple[Any, ...]] = []
    regions: list[pygame.Rect] = []
    for q in range(len(track)):
        codes = sorted(here.get(q, ()))
        baked = [c for c in codes if c not in dynamic and c not in view.ui.movers]
        cards.append((track[q], tuple(codes), tuple(baked),
                      tuple((c, c in lying, tuple(marks.seats_at(("pyr", c, q))))
                            for c in baked),
                      tuple(marks.seats_at(("card", q))), tuple(marks.seats_at(("swap", q))),
                      last_from == q))
        region = card_bounds(rects[q], layout.card_size, u)
        for code in baked:
            point, box = pyramid_spot(layout, track, pyramids, code, q)
            region.union_ip(pyramid_bounds(point, box, u))
        regions.append(region)
    kept = state.get("kept", [])
    reveal = view.ui.reveal
    return LayerParts(
        # whose eyes decide what the plates may show (hot seat): a new viewer repaints all
        whole=(size, language(), view.big_symbols, view.ui.reveal is not None,
               len(track), tuple(s.name for s in view.seats), view.viewer, view.hot_seat),
        players=len(view.seats),
        plates=(view.to_move, tuple(state.get("skips", [])),
                tuple(tuple(row) for row in kept), marks.key(), view.ui.drawer_open,
                (reveal.seat, reveal.card) if reveal is not None else None),
        log=(len(view.ui.entries), view.ui.scroll.offset),
        cards=cards, regions=regions)


def changed_regions(paint: Paint, old: LayerParts, new: LayerParts) -> list[pygame.Rect]:
    """Where the layer must be painted again: the old and new places of every card part
    that changed, the plates, the log; overlapping ones merged."""
    layout = paint.layout
    regions: list[pygame.Rect] = []
    if old.plates != new.plates:
        regions.append(plates_area(layout, new.players).inflate(8, 8))
    if old.log != new.log:
        regions.append(layout.log_rect.inflate(8, 8))
    for q, (before, after) in enumerate(zip(old.cards, new.cards, strict=True)):
        if before != after:
            regions.append(old.regions[q].union(new.regions[q]))
    return merge(regions)


def current_card_rects(paint: Paint, view: TableView) -> list[pygame.FRect]:
    rects = paint.layout.card_rects
    return [card_rect_now(view.ui.card_moves.get(q), rect) for q, rect in enumerate(rects)]


def draw_cards(paint: Paint, view: TableView, surface: pygame.Surface,
               rects: list[pygame.FRect], clip: pygame.Rect | None = None) -> None:
    assets, layout = paint.assets, paint.layout
    u = layout.u
    track = view.track
    order = sorted(range(len(track)), key=lambda q: q in view.ui.card_moves)
    for q in order:
        rect = rects[q]
        if clip is not None and not clip.colliderect(card_bounds(rect, layout.card_size, u)):
            continue
        lift = int(10 * u) if q in view.ui.card_moves else 0
        surface.blit(paint.shadow(layout.card_size, layout.card_size[0] // 9, 90),
                     (rect.x + 3, rect.y + 5 + lift))
        surface.blit(paint.art.card(track[q], layout.card_size), (rect.x, rect.y - lift))
        r = pygame.Rect(int(rect.x), int(rect.y), *layout.card_size).move(0, -lift)
        if lift:   # a card being swapped: framed, so the eye follows it
            pygame.draw.rect(surface, theme.GOLD, r.inflate(8, 8), width=max(2, int(3 * u)),
                             border_radius=r.width // 7)
        marks = view.ui.marks
        seats = sorted(set(marks.seats_at(("card", q))) | set(marks.seats_at(("swap", q))))
        if seats:
            fx.last_move(surface, r, u, [seat_tag(paint, seat) for seat in seats], roundness=8)
        elif view.ui.last_path is not None and q == view.ui.last_path[1]:
            # where the latest move set off from: a thin line, no tag
            pygame.draw.rect(surface, (255, 255, 255), r.inflate(6, 6), width=1,
                             border_radius=r.width // 8)
        # the position number on a little tag hanging from the card's lower edge, clear of
        # the pyramids (the log speaks in these numbers)
        number = assets.text(str(q), int(11 * u), (246, 232, 200), bold=True)
        tag = number.get_rect(center=(r.centerx, r.bottom + int(1 * u))).inflate(int(10 * u), 2)
        pygame.draw.rect(surface, (40, 26, 18), tag, border_radius=tag.height // 2)
        pygame.draw.rect(surface, (176, 128, 24), tag, width=1, border_radius=tag.height // 2)
        surface.blit(number, number.get_rect(center=tag.center))


def draw_card_marks(paint: Paint, view: TableView, surface: pygame.Surface,
                    rects: list[pygame.FRect]) -> None:
    """Glows on legal landings (red past a stop), swappable cards and the key cursor."""
    assets, layout = paint.assets, paint.layout
    u = layout.u
    legal = view.legal
    if not legal.moves and not legal.swaps:
        return
    beat = pulse(view.ui.time)
    landings: set[int] = set()
    faint: set[int] = set()
    over: set[int] = set()
    if legal.moves:
        selected = view.ui.selected
        if selected is not None and selected in legal.moves:
            landings = set(legal.moves[selected])
            over = view.overstep_targets(selected)
        else:
            hovered = view.pyramid_at(view.ui.mouse)
            if hovered is not None and hovered in legal.moves:
                faint = set(legal.moves[hovered])
    swappable = view.legal.swappable() if legal.swaps else set()
    for q, rect in enumerate(rects):
        r = pygame.Rect(int(rect.x), int(rect.y), *layout.card_size)
        if q in landings or q in faint:
            colour = OVERSTEP if q in over else theme.GOLD
            g = glow(paint, layout.card_size, colour)
            g.set_alpha(int(150 + 105 * beat) if q in landings else int(120 * beat))
            surface.blit(g, g.get_rect(center=r.center))
            if q in landings:
                surface.blit(tint(paint, layout.card_size, colour, 55), r)
                pygame.draw.rect(surface, colour, r.inflate(4, 4), width=2,
                                 border_radius=r.width // 8)
            if q in over:
                mark = assets.outlined_text("!", int(22 * u), OVERSTEP, theme.INK)
                surface.blit(mark, mark.get_rect(center=(r.x + int(10 * u), r.centery)))
        if q in swappable:
            chosen = q in view.ui.swap_pick
            g = glow(paint, layout.card_size, theme.GOLD if chosen else (170, 210, 255))
            g.set_alpha(int(255 * (1.0 if chosen else 0.5 * beat)))
            surface.blit(g, g.get_rect(center=r.center))
        if q == view.ui.target and view.ui.selected is not None or \
                (q == view.ui.cursor and swappable):
            pygame.draw.rect(surface, theme.GOLD, r.inflate(10, 10), width=max(2, int(4 * u)),
                             border_radius=r.width // 7)


def _angle_for(paint: Paint, view: TableView, code: str, lying: set[str]) -> float:
    tween = view.ui.standing_up.get(code)
    if tween is not None:
        return 90 * (1 - tween.value)
    return 90.0 if code in lying else 0.0


def _blit_pyramid(paint: Paint, view: TableView, surface: pygame.Surface, code: str, box: int,
                  point: tuple[float, float], angle: float, scale: float = 1.0,
                  alpha: int = 255) -> pygame.Rect:
    step = 15
    quant = int(round(angle / step) * step) % 360
    image = paint.art.pyramid(code, box, quant, view.big_symbols)
    if scale != 1.0:
        size = (max(1, int(image.get_width() * scale)), max(1, int(image.get_height() * scale)))
        image = pygame.transform.smoothscale(image, size)
    x, y = point
    rect = image.get_rect(midbottom=(int(x), int(y + box * 0.03)))
    if alpha < 255:   # the cached picture at ``alpha`` for this blit (no copy per frame)
        fx.blit_faded(surface, image, rect, alpha)
    else:
        surface.blit(image, rect)
    return rect


def draw_pyramids(paint: Paint, view: TableView, surface: pygame.Surface,
                  rects: list[pygame.FRect], dynamic: frozenset[str], static: bool,
                  clip: pygame.Rect | None = None) -> Hits:
    """Resting pyramids (``static``, baked into the layer) or the moving and pickable ones;
    returns the hit areas of those drawn."""
    layout, state = paint.layout, view.state
    u = layout.u
    track = view.track
    lying = set(state.get("lying", []))
    legal = view.legal
    movable = set(legal.moves)
    hovered = view.pyramid_at(view.ui.mouse) if movable else None
    items = []
    pyramids = state.get("pyramids", {})
    for code, q in pyramids.items():
        if code in view.ui.movers or (code in dynamic) == static:
            continue
        point, box = pyramid_spot(layout, track, pyramids, code, q)
        if clip is not None and not clip.colliderect(pyramid_bounds(point, box, u)):
            continue
        items.append((point[1], code, q, box, point))
    items.sort()
    hits: list[tuple[pygame.Rect, str]] = []
    for _, code, _q, box, point in items:
        angle = _angle_for(paint, view, code, lying)
        if code in movable:
            chosen = code == view.ui.selected
            w = int(box * (0.9 if chosen else 0.75))
            ring = pygame.Rect(0, 0, w, max(4, int(w * 0.32)))
            ring.center = (int(point[0]), int(point[1]))
            colour = theme.GOLD if chosen else (255, 236, 170)
            if chosen:
                halo = glow(paint, (box, box))
                halo.set_alpha(int(255 * pulse(view.ui.time, 6)))
                surface.blit(halo, halo.get_rect(midbottom=(int(point[0]),
                                                            int(point[1] + box * 0.25))))
            pygame.draw.ellipse(surface, colour, ring, width=max(2, int(3 * u)) if chosen else 2)
            if chosen or code == hovered:
                point = (point[0], point[1] - 4 * u)
        rect = _blit_pyramid(paint, view, surface, code, box, point, angle)
        visible = paint.art.pyramid_box_rect(code, box).move(rect.topleft) if not angle else rect
        if code in movable and code == view.ui.selected:
            # a gold frame round the picked one and an arrow over it: plain even when small
            # among fifteen on START
            frame = visible.inflate(int(6 * u) + 4, int(6 * u) + 4)
            pygame.draw.rect(surface, theme.INK, frame.inflate(2, 2), width=1,
                             border_radius=int(5 * u))
            pygame.draw.rect(surface, theme.GOLD, frame, width=max(2, int(2.5 * u)),
                             border_radius=int(5 * u))
            _chosen_marker(surface, (frame.centerx, frame.top), u, view.ui.time,
                           max(5, min(int(11 * u), int(frame.width * 0.35))))
        hits.append((visible.inflate(int(6 * u), int(6 * u)), code))
        movers = view.ui.marks.seats_at(("pyr", code, _q))
        if movers:
            tag = seat_tag(paint, movers[-1], small=True)
            lift = tag.get_height() // 3
            surface.blit(tag, tag.get_rect(midbottom=(visible.right, visible.top + lift)))
    if static:
        return hits
    for code, mover in view.ui.movers.items():
        pose = mover.pose()
        box = layout.box
        # the shadow grows in steps of 8 px: a few cached shadows, not a new one a frame
        size = int(box * pose.scale) // 8 * 8
        surface.blit(paint.shadow((max(2, size // 2), max(2, size // 8)), size // 8, 60),
                     (pose.point[0] - size // 4, pose.point[1] - size // 16))
        _blit_pyramid(paint, view, surface, code, box, pose.point, pose.angle, pose.scale,
                      pose.alpha)
    return hits


def _chosen_marker(surface: pygame.Surface, tip: tuple[int, int], u: float, now: float,
                   size: int) -> None:
    """A bobbing gold arrow over the picked pyramid: with its ring and halo it is plain
    which one will move, even small among fifteen on the START card (a shape, so it does
    not rest on colour alone)."""
    lift = int((3 + 3 * math.sin(now * 6)) * u)
    x, y = tip[0], tip[1] - lift
    points = [(x, y), (x - size, y - int(size * 1.3)), (x + size, y - int(size * 1.3))]
    pygame.draw.polygon(surface, (30, 20, 10), [(px, py + 2) for px, py in points])
    pygame.draw.polygon(surface, theme.GOLD, points)
    pygame.draw.polygon(surface, theme.WHITE, points, width=max(1, int(1.5 * u)))


def draw_ghost(paint: Paint, view: TableView, surface: pygame.Surface,
               rects: list[pygame.FRect]) -> None:
    """A see-through copy of the picked pyramid where it would land (mouse or keys)."""
    code = view.ui.selected
    if code is None:
        return
    landings = view.legal.moves.get(code, [])
    q = paint.layout.card_at(view.ui.mouse)
    if q not in landings:
        q = view.ui.target
    if q is None or q not in landings:
        return
    pyramids = {**view.state.get("pyramids", {}), code: q}
    point, box = pyramid_spot(paint.layout, view.track, pyramids, code, q)
    alpha = int(110 + 60 * pulse(view.ui.time, 4))
    _blit_pyramid(paint, view, surface, code, box, point, 0.0, 1.0, alpha)


def tooltip_rect(layout: RoyalLayout, card: pygame.FRect | pygame.Rect, size: tuple[int, int],
                 keep_clear: pygame.Rect | None) -> pygame.Rect:
    """Where a card's tooltip goes: above the card, else below, else beside it — the
    first place inside the table that leaves the prompt (``keep_clear``) readable."""
    u = layout.u
    gap = int(6 * u)
    bounds = layout.area.inflate(int(40 * u), 0)
    x, y = int(card.centerx), int(card.centery)
    places = []
    for anchor, point in (("midbottom", (x, int(card.y) - gap)),
                          ("midtop", (x, int(card.bottom) + gap)),
                          ("midleft", (int(card.right) + gap, y)),
                          ("midright", (int(card.x) - gap, y))):
        rect = pygame.Rect(0, 0, *size)
        setattr(rect, anchor, point)
        places.append(rect)
        if bounds.contains(rect) and (keep_clear is None or not rect.colliderect(keep_clear)):
            return rect
    rect = places[0].clamp(bounds)   # nowhere fits whole: above, kept on the table
    return rect


def draw_tooltip(paint: Paint, view: TableView, surface: pygame.Surface,
                 rects: list[pygame.FRect]) -> None:
    """Resting the mouse on a card shows its trio large (or what a special card does)."""
    q = view.ui.hover_card
    if q is None or view.ui.hover_time < 0.35 or view.keep_open or \
            view.ui.reveal is not None or q >= len(view.track):
        return
    assets, layout = paint.assets, paint.layout
    u = layout.u
    code = view.track[q]
    pad = int(8 * u)
    if code in SPECIALS:
        body = assets.text(special_tip(code), int(13 * u), theme.INK,
                           wrap=int(220 * u))
        size = (body.get_width() + 2 * pad, body.get_height() + 2 * pad)
    else:
        box = int(46 * u)
        label = assets.text(t("card {q} · a stop for these colours", q=q), int(11 * u),
                            (90, 70, 50))
        size = (max(3 * box, label.get_width()) + 2 * pad, box + 2 * pad + int(16 * u))
    rect = tooltip_rect(layout, rects[q], size, prompt_area(paint, view))
    surface.blit(paint.shadow(rect.size, int(8 * u), 90), rect.move(0, 4))
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=int(8 * u))
    pygame.draw.rect(surface, theme.GOLD_DARK, rect, width=2, border_radius=int(8 * u))
    if code in SPECIALS:
        surface.blit(body, (rect.x + pad, rect.y + pad))
        return
    x0 = rect.centerx - 3 * box // 2
    for i, p in enumerate(trio(code)):
        image = paint.art.pyramid(p, box, 0, view.big_symbols)
        surface.blit(image, (x0 + i * box, rect.y + pad))
    surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - int(4 * u))))

