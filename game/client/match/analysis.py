"""The post-game review's figures (no pygame): a seat's win chance after every move, the
moments where it moved most, and a luck line from the log.

Win chances are computed from the **view** of the reviewed seat at each point
(``game.view(state, seat)``), never from the full state: the review says what that player
could have known. They come from ``ai.win_chance`` when the ai package has it; until then
from seeded playouts of determinizations of the view (``game.determinize`` then random play
to the end), which only ever see the view. The work runs in a process of its own
(``ReviewJob``) with progress, or step by step in this process for tests.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
from dataclasses import dataclass, field
from typing import Any

import ai
from game.client.match.match import Match
from game.client.match.types import AnyGame, State
from game.rules import get_game

PLAYOUTS = 12          # per position when ai.win_chance is not there yet
PLAYOUT_CAP = 3000     # moves: a safety net, no game of these rules is that long
MOMENTS = 3


def win_chance(game: AnyGame, view: State, seat: int, playouts: int, seed: int) -> float:
    """The seat's chance to win from its view: the AI's judgement when it offers one."""
    judge = getattr(ai, "win_chance", None)
    if callable(judge):
        return float(judge(game, view, seat, level="normal"))
    rng = random.Random(seed)
    score = 0.0
    for _ in range(playouts):
        state = game.determinize(view, seat, rng)
        for _move in range(PLAYOUT_CAP):
            if game.is_over(state):
                break
            state, _events = game.apply(state, rng.choice(game.legal_moves(state)))
        winners = game.result(state).winners if game.is_over(state) else ()
        score += (1.0 / len(winners)) if seat in winners else 0.0
    return score / max(1, playouts)


def review_views(match: Match, seat: int) -> list[dict[str, Any]]:
    """The seat's view before every move, and after the last (as ``to_dict``)."""
    game = match.game
    states = [entry.state_before for entry in match.history] + [match.state]
    return [game.to_dict(game.view(state, seat)) for state in states]


def chances_of(game: AnyGame, views: list[dict[str, Any]], seat: int, playouts: int,
               seed: int, start: int = 0) -> list[float]:
    out = []
    for index in range(start, len(views)):
        view = game.from_dict(views[index])
        if game.is_over(view):
            out.append(1.0 if seat in game.result(view).winners else 0.0)
        else:
            out.append(win_chance(game, view, seat, playouts, seed + index))
    return out


def key_moments(chances: list[float], count: int = MOMENTS,
                eligible: set[int] | None = None) -> list[int]:
    """The moves (history indexes) after which the chance moved most, in game order.

    With ``eligible`` (the seat's own decisions, ``own_choices``) the moments are taken
    from those moves first — what the player could have done otherwise, where the expert's
    move is worth showing — and from the others only when there are too few of them."""
    swings = [(abs(chances[i + 1] - chances[i]), i) for i in range(len(chances) - 1)]
    if eligible is not None:
        own = [swing for swing in swings if swing[1] in eligible]
        rest = [swing for swing in swings if swing[1] not in eligible]
        best = sorted(own, reverse=True)[:count]
        best += sorted(rest, reverse=True)[:count - len(best)]
    else:
        best = sorted(swings, reverse=True)[:count]
    return sorted(i for _swing, i in best)


def own_choices(match: Match, seat: int) -> set[int]:
    """The moves (history indexes) where ``seat`` was to move and had a choice."""
    game = match.game
    return {index for index, entry in enumerate(match.history)
            if entry.seat == seat and len(game.legal_moves(entry.state_before)) > 1}


def _serve(conn: Any, game_name: str, rules: dict[str, Any], views: list[dict[str, Any]],
           seat: int, playouts: int, seed: int) -> None:
    """In the review process: one message per position, so the parent shows progress."""
    with contextlib.suppress(OSError):
        os.nice(8)
    game = get_game(game_name, rules)
    for index in range(len(views)):
        value = chances_of(game, views[index:index + 1], seat, playouts, seed + index)[0]
        try:
            conn.send((index, value))
        except (BrokenPipeError, OSError):
            return


@dataclass
class ReviewJob:
    """The chances of one seat over one finished match, computed in the background."""

    match: Match
    seat: int
    playouts: int = PLAYOUTS
    inline: bool = False
    chances: list[float | None] = field(default_factory=list)
    _views: list[dict[str, Any]] = field(default_factory=list)
    _process: Any = None
    _conn: Any = None
    _next: int = 0

    def start(self) -> None:
        self._views = review_views(self.match, self.seat)
        self.chances = [None] * len(self._views)
        if self.inline:
            return
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self._process = ctx.Process(target=_serve, daemon=True, name="herna-review",
                                    args=(child, self.match.game_name,
                                          dict(self.match.game.rules), self._views,
                                          self.seat, self.playouts, 1))
        self._process.start()
        child.close()
        self._conn = parent

    @property
    def progress(self) -> float:
        done = sum(1 for c in self.chances if c is not None)
        return done / len(self.chances) if self.chances else 0.0

    @property
    def done(self) -> bool:
        return bool(self.chances) and all(c is not None for c in self.chances)

    def poll(self, budget: int = 1) -> None:
        """Take what has arrived (inline: compute ``budget`` positions now)."""
        if self.inline:
            for _ in range(budget):
                if self._next >= len(self._views):
                    return
                game = self.match.game
                self.chances[self._next] = chances_of(
                    game, self._views[self._next:self._next + 1], self.seat, self.playouts,
                    1 + self._next)[0]
                self._next += 1
            return
        if self._conn is None:
            return
        try:
            while self._conn.poll(0):
                index, value = self._conn.recv()
                self.chances[index] = value
        except (EOFError, OSError):
            self._conn = None

    def close(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
        self._process = None
        self._conn = None


def luck_line(match: Match) -> dict[int, tuple[float, float]]:
    """Per seat: (what the seat got, what an average deal would have given), from the log.

    royal_road: white faces rolled (the joker) against rolls/6; cut_the_rope: scissors drawn
    against the scissors share of the draw pile at each draw; cesta: Obers, Kings and Aces
    drawn against their share of the event deck at each draw."""
    game = match.game
    got: dict[int, float] = {}
    expected: dict[int, float] = {}
    for entry in match.history:
        before = game.to_dict(entry.state_before)
        for event in entry.events:
            data = event.to_dict()
            seat = data.get("seat", entry.seat)
            if match.game_name == "royal_road" and data["type"] == "roll":
                got[seat] = got.get(seat, 0.0) + (data["face"] == "w")
                expected[seat] = expected.get(seat, 0.0) + 1 / 6
            elif match.game_name == "cut_the_rope" and data["type"] == "draw":
                pile = before["draw"] or before["discard"]
                share = pile.count("S") / len(pile) if pile else 0.0
                cards = data.get("cards", [])
                got[seat] = got.get(seat, 0.0) + sum(c == "S" for c in cards)
                expected[seat] = expected.get(seat, 0.0) + share * len(cards)
            elif match.game_name == "cesta" and data["type"] == "draw" \
                    and data.get("deck") == "event":
                deck = before["event_deck"]
                share = sum(c[1:] in ("O", "K", "A") for c in deck) / len(deck) if deck else 0
                got[seat] = got.get(seat, 0.0) + (str(data.get("card", ""))[1:]
                                                  in ("O", "K", "A"))
                expected[seat] = expected.get(seat, 0.0) + share
    return {seat: (got[seat], expected.get(seat, 0.0)) for seat in got}
