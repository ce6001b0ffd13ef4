"""Rules help for Královská cesta: our own short explanation, each page with a small
picture drawn from the table's own art."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.client.i18n import N_, nt, pt, t
from game.client.scenes.rules_help import Paragraph, RulesPage
from game.client.tables.royal_road.art import RoyalArt
from game.client.ui import theme
from game.rules.houserules import load_rules


def _art(app: Any) -> RoyalArt:
    art = getattr(app, "_royal_rules_art", None)
    if art is None:
        art = app._royal_rules_art = RoyalArt(app.assets)
    return art


def _card_size(rect: pygame.Rect, count: int) -> tuple[int, int]:
    w = int(min(rect.width / (count + 0.4), rect.height * 0.6 / 1.4))
    return (w, int(w * 1.4))


def _row_of_cards(app: Any, surface: pygame.Surface, rect: pygame.Rect, codes: list[str]
                  ) -> list[pygame.Rect]:
    art = _art(app)
    size = _card_size(rect, len(codes))
    gap = int(size[0] * 0.12)
    total = len(codes) * size[0] + (len(codes) - 1) * gap
    x = rect.centerx - total // 2
    rects = []
    for code in codes:
        r = pygame.Rect(x, rect.centery - size[1] // 2, *size)
        surface.blit(app.shadow(size, size[0] // 9, 80), r.move(3, 5))
        surface.blit(art.card(code, size), r)
        rects.append(r)
        x += size[0] + gap
    return rects


def _stand(app: Any, surface: pygame.Surface, code: str, card: pygame.Rect, angle: int = 0) -> None:
    from game.client.tables.royal_road.layout import base_point

    box = int(card.width * 0.5)
    image = _art(app).pyramid(code, box, angle)
    x, y = base_point(card, False, code)
    surface.blit(image, image.get_rect(midbottom=(int(x), int(y))))


def _picture_goal(app: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    art = _art(app)
    cards = _row_of_cards(app, surface, rect.inflate(0, -rect.height // 3), ["rS-gM-kL", "GOAL"])
    box = int(cards[1].width * 0.55)
    for i, code in enumerate(("rS", "gM", "kL")):
        image = art.pyramid(code, box)
        x = cards[1].x + cards[1].width * (0.2 + 0.3 * i)
        surface.blit(image, image.get_rect(midbottom=(int(x), cards[1].bottom - 4)))
    arrow = app.assets.outlined_text("→", int(rect.height * 0.12), theme.GOLD, theme.INK)
    mid = ((cards[0].right + cards[1].left) // 2, cards[0].centery)
    surface.blit(arrow, arrow.get_rect(center=mid))


def _picture_die(app: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    art = _art(app)
    side = int(min(rect.width / 3.6, rect.height / 3))
    for i, face in enumerate("rygbkw"):
        image = art.die(face, side)
        col, row = i % 3, i // 3
        x = rect.centerx + (col - 1) * int(side * 1.2)
        y = rect.centery + (row - 0.5) * side * 1.25
        surface.blit(image, image.get_rect(center=(x, int(y))))


def _picture_move(app: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The yellow pyramid may land on either glowing card; the second one shows yellow, so
    it is a stop and the card after it is out of reach."""
    cards = _row_of_cards(app, surface, rect, ["rS-gM-bL", "kS-bM-rL", "gS-yM-kL",
                                               "bS-rM-gL"])
    _stand(app, surface, "yM", cards[0])
    for card in cards[1:3]:
        pygame.draw.rect(surface, theme.GOLD, card.inflate(8, 8), width=3,
                         border_radius=card.width // 8)
    shade = pygame.Surface(cards[3].size, pygame.SRCALPHA)
    shade.fill((20, 14, 10, 140))
    surface.blit(shade, cards[3])
    cross = app.assets.outlined_text("✕", int(cards[3].height * 0.3), (236, 92, 60), theme.INK)
    surface.blit(cross, cross.get_rect(center=cards[3].center))
    # TRANSLATORS: the label over a card that halts a pyramid of its colour (shown in capitals)
    word = pt("royal road", "Stop").upper()
    font = int(cards[2].width * 0.22)
    stop = app.assets.outlined_text(word, font, theme.GOLD, theme.INK)
    while stop.get_width() > cards[2].width * 1.15 and font > 8:   # a longer word than "STOP"
        font -= 1
        stop = app.assets.outlined_text(word, font, theme.GOLD, theme.INK)
    surface.blit(stop, stop.get_rect(midbottom=(cards[2].centerx, cards[2].top - 6)))


def _picture_jail(app: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    art = _art(app)
    cards = _row_of_cards(app, surface, rect, ["TRAPDOOR", "JAIL"])
    box = int(cards[1].width * 0.5)
    for i, code in enumerate(("bM", "rL")):
        image = art.pyramid(code, box, 90)
        surface.blit(image, image.get_rect(midbottom=(cards[1].centerx,
                                                      cards[1].bottom - 6 - i * box // 2)))


def _picture_swap(app: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    cards = _row_of_cards(app, surface, rect, ["kS-yM-rL", "yS-gM-bL"])
    for code in ("gS", "bM", "yL"):
        _stand(app, surface, code, cards[0])
    arrow = app.assets.outlined_text("⇄", int(rect.height * 0.12), theme.GOLD, theme.INK)
    surface.blit(arrow, arrow.get_rect(center=((cards[0].right + cards[1].left) // 2,
                                               cards[0].centery)))


def _picture_report(app: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
    cards = _row_of_cards(app, surface, rect, ["rS-gM-bL", "yS-kM-gL", "kS-bM-yL"])
    _stand(app, surface, "bS", cards[2])
    pygame.draw.rect(surface, (236, 92, 60), cards[0].inflate(8, 8), width=3,
                     border_radius=cards[0].width // 8)
    mark = app.assets.outlined_text("!", int(rect.height * 0.12), (236, 92, 60), theme.INK)
    surface.blit(mark, mark.get_rect(midbottom=(cards[0].centerx, cards[0].top - 4)))


def _deal(rules: Mapping[str, Any]) -> Paragraph:
    deal, keep = int(rules["deal"]), int(rules["keep"])

    def words() -> str:
        return " ".join((
            nt("At the start you are dealt {n} royal card.",
               "At the start you are dealt {n} royal cards.", deal),
            nt("You secretly keep {n} of them.", "You secretly keep {n} of them.", keep),
            t("Each card shows a trio: a small, a medium and a large pyramid in three "
              "different colours. When all three pyramids of one of your kept cards stand "
              "in GOAL at the end of your own turn, you reveal the card and win.")))

    return words


def pages(rules: Mapping[str, Any] | None = None) -> list[RulesPage]:
    """The pages for ``rules`` (the rules in play; None: the original rules)."""
    rules = load_rules("royal_road", dict(rules) if rules is not None else None)
    return [
        RulesPage(
            N_("The race and the secret"),
            (N_("Fifteen pyramids – five colours, three sizes each – race along a road of "
                "royal cards from START to GOAL. Nobody owns a pyramid: everybody moves them "
                "all."),
             _deal(rules),
             N_("So help your pyramids, but not too openly: the others are reading your "
                "moves.")),
            _picture_goal),
        RulesPage(
            N_("Your turn: a colour"),
            (N_("Roll the colour die, or take over the colour the player before you used "
                "(not white, and not on the very first turn of the game). White is a joker: "
                "you may move any pyramid."),
             N_("Then move one pyramid of that colour forward, towards GOAL. If none can "
                "move, you pass.")),
            _picture_die),
        RulesPage(
            N_("How far a pyramid goes"),
            (N_("An ordinary card that already holds a pyramid of the same size is skipped "
                "as if it were not there (START, JAIL, TRAPDOOR and GOAL hold any number of "
                "pyramids)."),
             N_("The pyramid may land on any other card ahead, but no further than the first "
                "face-up card whose trio shows the pyramid's colour: that card is a stop. The "
                "pyramid may land on a stop but not go past it; the size does not matter. "
                "With no stop ahead it may run all the way to GOAL."),
             N_("On the table: pick a pyramid, and the glowing cards show where it may "
                "land.")),
            _picture_move),
        RulesPage(
            N_("Jail, trapdoor, amnesty"),
            (N_("A pyramid that lands on JAIL lies down there and cannot move. The TRAPDOOR "
                "just before GOAL drops a pyramid that lands on it straight into JAIL. "
                "Moving past JAIL is allowed."),
             N_("When any pyramid reaches GOAL, there is an amnesty: all prisoners stand up "
                "and may move again. An amnesty also comes at once when every pyramid not "
                "yet in GOAL lies in JAIL.")),
            _picture_jail),
        RulesPage(
            N_("Bonus: swap two cards"),
            (N_("If your move puts the third pyramid on an ordinary card (one small, one "
                "medium and one large, in any colours), you may swap any two cards of the "
                "road except START and GOAL. The pyramids travel with their cards, and JAIL "
                "and the TRAPDOOR can move too."),
             N_("Click two cards, or choose not to swap.")),
            _picture_swap),
        RulesPage(
            N_("House rule: overstepping"),
            (N_("With the overstepping house rule a pyramid may also run past a stop (such "
                "landing places glow red)."),
             N_("The next player may report the move before choosing a colour. A real "
                "overstep sends the pyramid back to the stop it passed, and the player who "
                "moved it skips a turn; reporting a fair move costs nothing. Computer "
                "players report too.")),
            _picture_report),
    ]
