"""Královská cesta input without a scene: clicks and keys on a ``TableInput`` given a
``TableView`` and a recording ``play`` yield the engine's Move values (never notation),
and a click that names no legal move plays nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

pygame = pytest.importorskip("pygame")

from game.client.i18n import set_language  # noqa: E402
from game.client.tables.royal_road.describe import describe_move  # noqa: E402
from game.client.tables.royal_road.input import TableInput  # noqa: E402
from game.client.tables.royal_road.layout import RoyalLayout  # noqa: E402
from game.client.tables.royal_road.model import (  # noqa: E402
    Legal,
    SeatPlate,
    TableModel,
    TableView,
    legal_from,
)
from game.client.tables.royal_road.screens import keep_button_rect, keep_card_rect  # noqa: E402
from game.rules.royal_road.moves import (  # noqa: E402
    NOSWAP,
    PASS,
    REPORT,
    REUSE,
    ROLL,
    Keep,
    MovePyramid,
    Swap,
)

TRACK = ["START", "rS-gM-bL", "yS-rM-kL", "gS-bM-rL", "bS-kM-yL", "JAIL", "kS-yM-gL",
         "rS-yM-bL", "yS-gM-kL", "gS-kM-rL", "bS-rM-yL", "kS-bM-gL", "rS-kM-yL",
         "TRAPDOOR", "GOAL"]
DEALT = ("rS-gM-bL", "yS-rM-kL", "gS-bM-rL", "bS-kM-yL", "kS-yM-gL")


class Harness:
    """A TableInput over a view that the test sets, recording what it plays and sounds."""

    def __init__(self, moves: list[Any], step: str = "move", **view: Any) -> None:
        self.layout = RoyalLayout((1280, 720), len(TRACK), 5)
        self.model = TableModel()
        self.played: list[Any] = []
        self.sounds: list[str] = []
        self.view = TableView(
            state={"track": TRACK, "step": step, "pyramids": {}}, legal=legal_from(moves),
            ui=self.model, seats=(SeatPlate("Ada", False, "normal"),
                                  SeatPlate("Robo", True, "easy")),
            to_move=0, viewer=0, thinking=None, hot_seat=False, notice=False,
            waiting_for_human=True, overstep_rule=False, reuse_rule=True,
            report_visible=False, keep_count=2, dealt=DEALT, big_symbols=False)
        if view:
            self.view = replace(self.view, **view)
        self.input = TableInput(self.model, self.layout, lambda: self.view, self.play,
                                self.sounds.append)

    def play(self, move: Any) -> bool:
        self.played.append(move)
        return True

    def click(self, pos: tuple[int, int]) -> None:
        self.input.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))

    def key(self, key: int) -> None:
        self.input.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))

    def card(self, q: int) -> tuple[int, int]:
        return self.layout.card_rects[q].center


def test_legal_moves_sorted_by_kind_from_move_values():
    legal = legal_from([MovePyramid("rS", 2), MovePyramid("rS", 4), MovePyramid("bM", 4),
                        Swap(1, 3), NOSWAP, ROLL])
    assert legal.roll and legal.noswap and not legal.reuse and not legal.keep
    assert dict(legal.moves) == {"rS": [2, 4], "bM": [4]}
    assert legal.swaps == frozenset({(1, 3)}) and legal.swappable() == {1, 3}
    assert MovePyramid("rS", 4) in legal and MovePyramid("rS", 3) not in legal
    assert legal.any and not Legal().any


def test_roll_and_reuse_by_click_and_key():
    h = Harness([ROLL, REUSE], step="color")
    h.click(h.layout.roll_button.center)
    h.click(h.layout.reuse_button.center)
    h.key(pygame.K_r)
    h.key(pygame.K_u)
    h.key(pygame.K_SPACE)
    assert h.played == [ROLL, REUSE, ROLL, REUSE, ROLL]


def test_a_card_only_one_pyramid_reaches_moves_that_pyramid():
    h = Harness([MovePyramid("rS", 2), MovePyramid("rS", 3), MovePyramid("rM", 3)])
    h.click(h.card(2))
    assert h.played == [MovePyramid("rS", 2)]
    h.click(h.card(3))   # two pyramids can land there: a hint, no move
    assert h.played == [MovePyramid("rS", 2)] and h.model.banner is not None
    assert h.sounds[-1] == "error"


def test_a_picked_pyramid_lands_only_on_its_legal_cards():
    h = Harness([MovePyramid("rS", 2), MovePyramid("rS", 3), MovePyramid("rM", 3)])
    h.input.select("rM")
    assert h.model.selected == "rM" and h.model.target == 3
    h.click(h.card(2))   # not a landing of the medium red pyramid
    assert h.played == [] and h.sounds[-1] == "error"
    h.click(h.card(3))
    assert h.played == [MovePyramid("rM", 3)]


def test_keys_pick_a_pyramid_and_its_landing():
    h = Harness([MovePyramid("rS", 2), MovePyramid("rS", 3), MovePyramid("bL", 6)])
    h.key(pygame.K_TAB)                   # the first in colour order: red small
    # the cursor starts on the furthest landing that passes no stop (card 2 shows red)
    assert h.model.selected == "rS" and h.model.target == 2
    h.key(pygame.K_RIGHT)
    assert h.model.target == 3
    h.key(pygame.K_RETURN)
    assert h.played == [MovePyramid("rS", 3)]
    h.key(pygame.K_TAB)
    h.key(pygame.K_RETURN)                # one landing only: Enter arms, a second plays
    assert h.played[-1] == MovePyramid("rS", 3) and h.model.armed == ("bL", 6)
    h.key(pygame.K_RETURN)
    assert h.played[-1] == MovePyramid("bL", 6)


def test_enter_on_a_single_landing_asks_again_and_other_keys_disarm():
    from game.client.tables.royal_road.hud import prompt_text

    set_language("en")
    h = Harness([MovePyramid("gS", 1), MovePyramid("rS", 2), MovePyramid("rS", 3)])
    h.input.select("gS")
    h.key(pygame.K_RETURN)
    assert h.played == [] and h.model.armed == ("gS", 1)
    assert "Enter again" in prompt_text(h.view) and "card 1" in prompt_text(h.view)
    h.key(pygame.K_TAB)                   # another pyramid: nothing stays armed
    assert h.model.armed is None and h.model.selected == "rS"
    h.key(pygame.K_RETURN)                # two landings: Enter plays the chosen one
    assert h.played == [MovePyramid("rS", 2)]
    h.model.clear_choices()
    h.input.select("gS")
    h.key(pygame.K_RETURN)
    h.key(pygame.K_LEFT)                  # moving the cursor disarms too
    h.key(pygame.K_RETURN)
    assert h.played == [MovePyramid("rS", 2)] and h.model.armed == ("gS", 1)
    h.key(pygame.K_RETURN)
    assert h.played[-1] == MovePyramid("gS", 1) and h.model.armed is None


def test_bonus_swap_by_two_clicks_and_no_swap_by_key():
    h = Harness([Swap(1, 4), Swap(2, 4), NOSWAP], step="bonus")
    h.click(h.card(1))
    h.click(h.card(2))   # not a legal pair: the second card stays marked
    assert h.played == [] and h.model.swap_pick == [2]
    h.click(h.card(4))
    assert h.played == [Swap(2, 4)]
    h.key(pygame.K_n)
    h.click(h.layout.noswap_button.center)
    assert h.played[1:] == [NOSWAP, NOSWAP]


def test_keep_by_keys_and_by_clicks_in_the_order_dealt():
    choices = [Keep((DEALT[a], DEALT[b])) for a in range(5) for b in range(a + 1, 5)]
    h = Harness(choices, step="keep")
    h.key(pygame.K_3)
    h.key(pygame.K_1)
    h.key(pygame.K_RETURN)
    assert h.played == [Keep((DEALT[0], DEALT[2]))]
    assert h.model.keep_pick == []
    for i in (4, 1):
        h.click(keep_card_rect(h.layout, i, len(DEALT), h.model.keep_pick).center)
    h.click(keep_button_rect(h.layout).center)
    assert h.played[-1] == Keep((DEALT[1], DEALT[4]))


def test_report_only_when_legal():
    h = Harness([ROLL], step="color", overstep_rule=True, report_visible=True)
    h.key(pygame.K_x)
    assert h.played == [] and h.model.banner is not None   # "no violation"
    h.view = replace(h.view, legal=legal_from([ROLL, REPORT]))
    h.click(h.layout.report_button.center)
    assert h.played == [REPORT]


def test_nothing_is_played_while_the_person_may_not_act():
    h = Harness([ROLL], step="color", waiting_for_human=False)
    h.click(h.layout.roll_button.center)
    h.key(pygame.K_r)
    assert h.played == []


def test_moves_in_words():
    set_language("en")
    try:
        assert describe_move(MovePyramid("rS", 4)) == "the small red pyramid to card 4"
        assert describe_move(Swap(2, 9)) == "swap cards 2 and 9"
        assert describe_move(ROLL) == "roll the die"
        assert describe_move(PASS) == "pass (no pyramid can move)"
    finally:
        set_language("cs")
