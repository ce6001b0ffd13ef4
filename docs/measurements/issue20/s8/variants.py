"""Královská cesta heuristic variants for ``screen.py`` (session 8)."""

from __future__ import annotations

from typing import Any

from ai.agents import seat_to_move
from ai.heuristics import royal_road as rr


def plain(name: str, game: Any, seed: int) -> rr.HeuristicAgent:
    """``Hblind``: no reading of goals; ``Hnomask``: no decoys; ``Hmask1``: decoys always."""
    agent = rr.HeuristicAgent(game, seed)
    if name == "Hblind":
        agent.sharpness = 0.0
    elif name == "Hnomask":
        agent.mask_rate = 0.0
    else:
        agent.mask_rate, agent.mask_margin = 1.0, 0.03
    return agent


class ParamReading(rr._Reading):
    """The heuristic's value with its weights as attributes: ``lw`` the leader, ``ow`` the
    other opponents, ``cr`` a complete likely trio, ``sec`` my second trio, ``slow`` the
    slowest pyramid of a trio (0 for all of them: a selfish racer)."""

    lw = rr.LEADER_WEIGHT
    ow = rr.OTHERS_WEIGHT
    cr = rr.COMPLETE_RISK
    sec = 0.25
    slow = 1.5

    def value(self, state: Any) -> float:
        if state.winners:
            return rr.WIN if state.winners[0] == self.seat else -rr.WIN
        prog = rr._progress_all(state)

        def trio(t: tuple[int, int, int]) -> float:
            a, b, c = prog[t[0]], prog[t[1]], prog[t[2]]
            return (a + b + c + self.slow * min(a, b, c)) / (3 + self.slow)

        values = sorted((trio(t) for t in self.mine), reverse=True)
        mine = values[0] + self.sec * sum(values[1:]) if values else 0.0
        threats = []
        risk = 0.0
        for _, beliefs in self.opponents:
            expected = 0.0
            for weight, t in beliefs:
                expected += weight * trio(t)
                if min(prog[t[0]], prog[t[1]], prog[t[2]]) == 1.0:
                    risk += weight
            threats.append(expected)
        threats.sort(reverse=True)
        against = self.lw * threats[0] + self.ow * sum(threats[1:]) if threats else 0.0
        return mine - against - self.cr * risk


class SelfishReading(ParamReading):
    """Only my own race counts."""

    lw = ow = cr = 0.0


class _WithReading(rr.HeuristicAgent):
    reading_class: type[rr._Reading] = ParamReading
    params: dict[str, float] = {}

    def choose(self, view: Any) -> Any:
        game = self.game
        legal = game.legal_moves(view)
        self.masked = False
        if len(legal) == 1:
            return legal[0]
        if view.step == "keep":
            return self._keep(view, legal)
        sharpness = self.params.get("sh", rr.BELIEF_SHARPNESS)
        reading = self.reading_class(game, view, seat_to_move(game, view), sharpness)
        for key, value in self.params.items():
            setattr(reading, key, value)
        if view.step == "color":
            return self._colour(view, legal, reading)
        return self._best(view, legal, reading, mask=view.step == "move")


class Selfish(_WithReading):
    """Races its own trios only, never masks."""

    reading_class = SelfishReading

    def __init__(self, game: Any, seed: int = 0) -> None:
        super().__init__(game, seed)
        self.mask_rate = 0.0


class AlwaysRoll(rr.HeuristicAgent):
    """Never reuses the previous colour."""

    def _colour(self, view: Any, legal: list[Any], reading: Any) -> Any:
        texts = {self.game.format_move(m): m for m in legal}
        return texts.get("report", texts["roll"])


def make_param(text: str, game: Any, seed: int) -> _WithReading:
    """``P:lw=0.5;cr=2``: the heuristic with those weights (``mask`` sets its decoy rate)."""
    agent = _WithReading(game, seed)
    params = {k: float(v) for k, v in (kv.split("=") for kv in text.split(";") if kv)}
    if "mask" in params:
        agent.mask_rate = params.pop("mask")
    agent.params = params
    return agent
