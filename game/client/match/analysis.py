"""The post-game review's figures (no pygame): a seat's win chance after every move, the
decisions where its choice lost the most against the expert's, and a luck line from the log.

Everything is judged from the **view** of the reviewed seat (``game.view(state, seat)``),
never from the full state: the review says what that player could have known.

- The graph: ``ai.win_chance`` of the seat before every move and after the last.
- The decisions: every move of the seat that was a real choice (more than one legal move)
  and not a chance event (a card draw, a die roll: ``is_chance_move``). For each, the
  expert (``ai.hint_agent``, the hints' player) chooses from the same view; when it would
  have played otherwise, ``ai.move_chances`` judges both moves over the same deals, and the
  difference is what the choice lost. The moments are the decisions that lost the most.

The work runs in a process of its own (``ReviewJob``), one message per unit, so the scene
shows progress and the graph grows while the player looks; in tests it runs unit by unit
in this process, only when polled.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

import ai
from ai.levels import HINT_SECONDS
from game.client.match.ai_explain import explain_move
from game.client.match.match import Match
from game.client.match.types import AnyGame, Move, State
from game.rules import get_game
from game.rules.cesta.moves import Draw as CestaDraw
from game.rules.royal_road.moves import Roll as RoyalRoll

MOMENTS = 3
# A decision that lost less than this (a share of the win chance) is no mistake worth
# showing: the paired estimate's own noise is about this large.
MIN_LOSS = 0.03
CHANCE_LEVEL = "normal"   # the playout budget of the graph and of the moves' comparison


def win_chance(game: AnyGame, view: State, seat: int, playouts: int | None,
               seed: int) -> float:
    """The seat's chance to win from its view (``ai.win_chance``)."""
    return float(ai.win_chance(game, view, seat, level=CHANCE_LEVEL, seed=seed,
                               playouts=playouts))


def is_chance_move(move: Move) -> bool:
    """A move whose outcome is luck, not judgement: Cesta's draws, Královská cesta's die
    roll. (Cut the Rope has none: its draws come with a discard, which is a choice.)"""
    return isinstance(move, (CestaDraw, RoyalRoll))


def review_views(match: Match, seat: int) -> list[dict[str, Any]]:
    """The seat's view before every move, and after the last (as ``to_dict``)."""
    game = match.game
    states = [entry.state_before for entry in match.history] + [match.state]
    return [game.to_dict(game.view(state, seat)) for state in states]


def decision_plies(match: Match, seat: int) -> list[int]:
    """The moves (history indexes) that were ``seat``'s own real choices: more than one
    legal move, and not a chance event. Only these can be moments."""
    game = match.game
    return [index for index, entry in enumerate(match.history)
            if entry.seat == seat and not is_chance_move(entry.played)
            and len(game.legal_moves(entry.before)) > 1]


@dataclass(frozen=True)
class Decision:
    """One of the seat's choices, judged against the expert's from the same view."""

    ply: int
    played: Move
    expert: Move
    loss: float                     # the expert's chance minus the played move's (0: same)
    played_chance: float | None = None
    expert_chance: float | None = None
    reason: str | None = None       # why the expert plays its move (``agent.explain``)


def expert_agent(game: AnyGame, seed: int) -> ai.Agent[Any, Any]:
    """The player whose move a decision is judged against: the hints' expert."""
    return ai.hint_agent(game, seed)


def judge_decision(game: AnyGame, view: State, seat: int, ply: int, played: Move,
                   playouts: int | None, seed: int, lang: str,
                   capped: bool = False) -> Decision:
    """The expert's move in ``view`` and what ``played`` lost against it. ``capped`` (the
    review process) adds the hint's wall-clock guard to the expert's count budget."""
    agent = expert_agent(game, seed)
    if capped:
        agent.deadline = time.perf_counter() + HINT_SECONDS
    expert = agent.choose(view)
    reason = explain_move(agent, view, expert, lang)
    if expert == played:
        return Decision(ply, played, expert, 0.0, reason=reason)
    played_chance, expert_chance = ai.move_chances(game, view, seat, [played, expert],
                                                   CHANCE_LEVEL, seed=seed,
                                                   playouts=playouts)
    return Decision(ply, played, expert, expert_chance - played_chance, played_chance,
                    expert_chance, reason)


def key_moments(decisions: list[Decision], count: int = MOMENTS) -> list[Decision]:
    """The decisions that lost the most (at least ``MIN_LOSS``), in game order."""
    worst = sorted((d for d in decisions if d.loss >= MIN_LOSS),
                   key=lambda d: (-d.loss, d.ply))[:count]
    return sorted(worst, key=lambda d: d.ply)


# A unit of the review's work: ("chance", position index) or ("decision", history index).
Unit = tuple[str, int]


def plan_units(positions: int, decisions: list[int]) -> list[Unit]:
    """Each position's chance, with the decision made there right after it: the graph and
    the moments grow together from the start of the game."""
    own = set(decisions)
    units: list[Unit] = []
    for index in range(positions):
        units.append(("chance", index))
        if index in own:
            units.append(("decision", index))
    return units


def run_unit(game: AnyGame, views: list[dict[str, Any]], played: dict[int, Move],
             seat: int, unit: Unit, playouts: int | None, lang: str,
             capped: bool = False) -> tuple[Any, ...]:
    """One unit's message: ("chance", index, value) or ("decision", Decision)."""
    kind, index = unit
    view = game.from_dict(views[index])
    if kind == "chance":
        if game.is_over(view):
            winners = game.result(view).winners
            return ("chance", index, 1.0 / len(winners) if seat in winners else 0.0)
        return ("chance", index, win_chance(game, view, seat, playouts, 1 + index))
    return ("decision", judge_decision(game, view, seat, index, played[index], playouts,
                                       1 + index, lang, capped))


def _serve(conn: Any, game_name: str, rules: dict[str, Any], views: list[dict[str, Any]],
           played: dict[int, Move], seat: int, units: list[Unit], playouts: int | None,
           lang: str) -> None:
    """In the review process: one message per unit, so the parent shows progress. A unit
    that fails is reported as such (the review says so) and the rest goes on."""
    with contextlib.suppress(OSError):
        os.nice(8)
    game = get_game(game_name, rules)
    for unit in units:
        try:
            message = run_unit(game, views, played, seat, unit, playouts, lang, capped=True)
        except Exception as error:  # noqa: BLE001 - reported to the parent, never hidden
            message = ("failed", unit, f"{error.__class__.__name__}: {error}\n"
                                       f"{traceback.format_exc(limit=4)}")
        try:
            conn.send(message)
        except (BrokenPipeError, OSError):
            return


@dataclass
class ReviewJob:
    """One seat's review of one finished match, computed in the background: ``connect``
    starts the process (tests may give a fake one), ``poll`` takes what has arrived and
    never waits; with ``inline`` it computes ``budget`` units in this process instead."""

    match: Match
    seat: int
    playouts: int | None = None      # per estimate; None: the level's own count
    inline: bool = False
    lang: str = "en"
    chances: list[float | None] = field(default_factory=list)
    decisions: dict[int, Decision] = field(default_factory=dict)
    units: list[Unit] = field(default_factory=list)
    finished: int = 0                # units answered
    failures: list[str] = field(default_factory=list)
    lost: bool = False               # the process stopped before the end
    _views: list[dict[str, Any]] = field(default_factory=list)
    _played: dict[int, Move] = field(default_factory=dict)
    _process: Any = None
    _conn: Any = None

    def start(self) -> None:
        self._views = review_views(self.match, self.seat)
        plies = decision_plies(self.match, self.seat)
        self._played = {ply: self.match.history[ply].played for ply in plies}
        self.units = plan_units(len(self._views), plies)
        self.chances = [None] * len(self._views)
        if not self.inline:
            self._conn = self.connect()

    def connect(self) -> Any:
        """Start the review process; its end of the pipe is returned."""
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self._process = ctx.Process(target=_serve, daemon=True, name="herna-review",
                                    args=(child, self.match.game_name,
                                          dict(self.match.game.rules), self._views,
                                          self._played, self.seat, self.units,
                                          self.playouts, self.lang))
        self._process.start()
        child.close()
        return parent

    @property
    def progress(self) -> float:
        return self.finished / len(self.units) if self.units else 0.0

    @property
    def done(self) -> bool:
        return bool(self.units) and self.finished >= len(self.units)

    @property
    def stopped(self) -> bool:
        """No more answers will come (all of them, or the process is gone)."""
        return self.done or self.lost

    def moments(self, count: int = MOMENTS) -> list[Decision]:
        return key_moments(list(self.decisions.values()), count)

    def poll(self, budget: int = 1) -> bool:
        """Take what has arrived (inline: compute up to ``budget`` units now; 0 computes
        nothing). True when anything new came."""
        before = self.finished
        if self.inline:
            game = self.match.game
            for _ in range(budget):
                if self.done:
                    break
                unit = self.units[self.finished]
                self._take(run_unit(game, self._views, self._played, self.seat, unit,
                                    self.playouts, self.lang))
            return self.finished != before
        if self._conn is None:
            return False
        try:
            while self._conn.poll(0):
                self._take(self._conn.recv())
        except (EOFError, OSError):
            self._conn = None
            self.lost = not self.done
        return self.finished != before

    def _take(self, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "chance":
            self.chances[message[1]] = message[2]
        elif kind == "decision":
            decision: Decision = message[1]
            self.decisions[decision.ply] = decision
        else:
            print(f"herna: the review could not judge {message[1]}: {message[2]}",
                  file=sys.stderr)
            self.failures.append(str(message[2]).splitlines()[0])
        self.finished += 1

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
