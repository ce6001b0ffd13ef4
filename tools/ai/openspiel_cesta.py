"""Cesta as an OpenSpiel (``pyspiel``) game, so OpenSpiel's own ``ISMCTSBot`` can play ours.

Why: ``hard`` is measured against a reference-level outside search (OpenSpiel's
information-set MCTS with random rollouts) at equal CPU time per move. For that the bot must
play *our* rules, not a re-implementation: every state here wraps a ``CestaState`` of
``game.rules.cesta`` and every action is a ``Move``'s own ``idx`` (play card × milestone,
draw event, draw action, pass), so legality and scoring are the engine's.

Imperfect information: a player's information state is what ``game.view(state, player)``
shows (own hand, the other hand's backs, deck sizes, the table); the bot's information-state
resampling (``resample_from_infostate``, and the resampler ``make_bot`` installs) deals the
hidden cards with our ``determinize`` from that view, so the bot never reads hidden cards.

The deal is sampled once, in ``new_initial_state`` (seed from the game parameter ``seed``)
or given by ``state_from``; after it no chance node remains: a draw is a player's action
whose card is whatever the (determinized) deck holds, exactly as our own search sees it.

Needs the optional extra ``pip install -e '.[openspiel]'`` (the package ``open-spiel``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from game.rules import get_game
from game.rules.cesta.engine import Game as CestaGame
from game.rules.cesta.moves import NO_IDX, Move
from game.rules.cesta.state import CestaState

SHORT_NAME = "python_herna_cesta"
# A Cesta game has at most 32 event plays, the action plays, a draw after each and passes;
# stalemate ends two passes in a row. 400 is far above any game seen (mean ~60 moves).
MAX_GAME_LENGTH = 400

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Herna Cesta (our rules engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"seed": 0},
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=NO_IDX,  # every Move.idx is below NO_IDX
    max_chance_outcomes=0,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=MAX_GAME_LENGTH,
)


class CestaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """The pyspiel face of one Cesta engine (default house rules)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        super().__init__(_GAME_TYPE, _GAME_INFO, params)
        self.seed = int(params.get("seed", 0))
        engine: Any = get_game("cesta")
        self.engine: CestaGame = engine

    def new_initial_state(self) -> CestaSpielState:
        """A fresh deal from the ``seed`` parameter (the deal is the only chance)."""
        return CestaSpielState(self, self.engine.new_game(2, self.seed))

    def state_from(self, state: CestaState) -> CestaSpielState:
        """Wrap one of our full states (a match's real deal, or a determinized view)."""
        if state.view_of is not None:
            raise ValueError("a pyspiel state needs a full state: determinize the view first")
        return CestaSpielState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """Strings only, from our view (the bot keys its tree by information state)."""
        return ViewObserver()


class CestaSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state holding an immutable ``CestaState``; applying an action replaces it."""

    def __init__(self, game: CestaSpielGame, state: CestaState) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.engine = game.engine
        self.inner = state
        self._moves: dict[int, Move] | None = None

    # --- the pyspiel API ------------------------------------------------------------------

    def current_player(self) -> int:
        if self.engine.is_over(self.inner):
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.engine.current_player(self.inner)
        assert seat is not None  # a running Cesta game always has a seat to move
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine.is_over(self.inner) or player != self.engine.current_player(self.inner):
            return []
        return sorted(self._legal())

    def _legal(self) -> dict[int, Move]:
        if self._moves is None:
            self._moves = {move.idx: move for move in self.engine.legal_moves(self.inner)}
        return self._moves

    def _apply_action(self, action: int) -> None:
        move = self._legal().get(int(action))
        if move is None:
            raise pyspiel.SpielError(f"action {action} is not legal here")
        self.inner = self.engine.apply(self.inner, move)[0]
        self._moves = None

    def _action_to_string(self, player: int, action: int) -> str:
        move = self._legal().get(int(action))
        return self.engine.format_move(move) if move is not None else f"action {action}"

    def is_terminal(self) -> bool:
        return self.engine.is_over(self.inner)

    def returns(self) -> list[float]:
        if not self.engine.is_over(self.inner):
            return [0.0, 0.0]
        winners = self.engine.result(self.inner).winners
        if not winners:
            return [0.0, 0.0]
        return [1.0, -1.0] if winners[0] == 0 else [-1.0, 1.0]

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` knows, from our view. Python callers (the bot) reach this method
        directly; it is the same key for every state the player cannot tell apart."""
        if player is None:
            player = self.current_player()
        return view_key(self.engine.view(self.inner, player))

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> CestaSpielState:
        """A state ``player`` cannot tell from this one: our ``determinize`` of its view
        (seeded from this state's own generator, so a search repeats exactly)."""
        seed = int(sampler() * 2**53) if callable(sampler) else (self.inner.rng or 0)
        return resample(self.spiel_game, self, player, random.Random(seed))

    def clone(self) -> CestaSpielState:
        """States are immutable values, so a clone shares it (no deep copy)."""
        return CestaSpielState(self.spiel_game, self.inner)

    def __deepcopy__(self, memo: dict[int, Any]) -> CestaSpielState:
        return self.clone()

    def __str__(self) -> str:
        return repr(self.inner)


class ViewObserver:
    """The PyObserver interface for strings: the information state is our view."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: CestaSpielState, player: int) -> None:
        """No tensor: the bot needs only strings."""

    def string_from(self, state: CestaSpielState, player: int) -> str:
        return state.information_state_string(player)


def view_key(view: CestaState) -> str:
    """A compact string of everything in a view that matters for play (own hand as a set:
    the order cards were dealt in is not information)."""
    seat = view.view_of
    hands = tuple(tuple(sorted(hand)) for hand in view.hands)
    return repr((seat, view.to_move, view.step, view.passes, hands, len(view.event_deck),
                 len(view.action_deck), view.ev, view.act, view.owner))


def resample(game: CestaSpielGame, state: CestaSpielState, player: int,
             rng: random.Random) -> CestaSpielState:
    """Deal ``player``'s unseen cards anew with our ``determinize``; nothing hidden is read."""
    engine = game.engine
    view = engine.view(state.inner, player)
    return CestaSpielState(game, engine.determinize(view, player, rng))


def make_bot(game: CestaSpielGame, simulations: int, seed: int,
             uct_c: float = 2.0) -> Any:
    """OpenSpiel's ``ISMCTSBot`` as the issue asks: one random rollout per leaf, a fresh
    determinization (our ``determinize``) per simulation, the most visited move played."""
    np_rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, max_simulations=simulations,
                           max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
                           random_state=np_rng,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    rng = random.Random(seed)

    def resampler(state: CestaSpielState, player: int) -> CestaSpielState:
        return resample(game, state, player, rng)

    bot.set_resampler(resampler)
    return bot


pyspiel.register_game(_GAME_TYPE, CestaSpielGame)
