"""Every agent returns a legal move from views alone, and never depends on hidden cards."""

from __future__ import annotations

import random

import pytest

from ai import AGENT_KINDS, LEVELS, agent_for_level, make_agent, parse_spec
from ai.ismcts import ISMCTSAgent
from ai.levels import search_config
from tests.support.ai_support import default_engine, random_positions

GAMES = ("cesta", "royal_road", "cut_the_rope")


def small_ismcts(game, seed: int = 0, iterations: int = 25) -> ISMCTSAgent:
    """A search bounded by iterations only, so it is deterministic and quick."""
    return ISMCTSAgent(game, seed, search_config(game.name, "hard", iterations=iterations))


def test_agent_kinds_and_levels_are_the_contract():
    assert AGENT_KINDS == ("random", "heuristic", "ismcts")
    assert LEVELS == ("easy", "normal", "hard", "expert")


def test_parse_spec_defaults_and_errors():
    assert parse_spec("random") == ("random", "normal")
    assert parse_spec("ismcts:hard") == ("ismcts", "hard")
    with pytest.raises(ValueError, match="kind"):
        parse_spec("minimax")
    with pytest.raises(ValueError, match="level"):
        parse_spec("heuristic:godlike")


def test_make_agent_rejects_unknown_kind_and_level():
    game = default_engine("cut_the_rope")
    with pytest.raises(ValueError):
        make_agent("oracle", game)
    with pytest.raises(ValueError):
        make_agent("random", game, level="impossible")


@pytest.mark.parametrize("name", GAMES)
def test_random_agent_legal_on_many_positions(name):
    game = default_engine(name)
    agent = make_agent("random", game, seed=3)
    for state in random_positions(game, 300, seed=2):
        view = game.view(state, game.current_player(state))
        assert agent.choose(view) in game.legal_moves(state)


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_agents_legal_on_many_positions(name):
    game = default_engine(name)
    agents = [make_agent("heuristic", game, "normal", seed=1),
              make_agent("heuristic", game, "easy", seed=1)]
    for state in random_positions(game, 200, seed=3):
        view = game.view(state, game.current_player(state))
        legal = game.legal_moves(state)
        for agent in agents:
            assert agent.choose(view) in legal


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_legal_on_many_positions(name):
    game = default_engine(name)
    agent = small_ismcts(game, seed=5, iterations=12)
    for state in random_positions(game, 150, seed=4):
        view = game.view(state, game.current_player(state))
        assert agent.choose(view) in game.legal_moves(state)


@pytest.mark.parametrize("name", GAMES)
def test_agents_accept_view_dicts(name):
    """Worker processes hand agents ``to_dict`` views: same move as from the view state."""
    game = default_engine(name)
    for state in random_positions(game, 8, seed=9):
        view = game.view(state, game.current_player(state))
        data = game.to_dict(view)
        a = small_ismcts(game, seed=2).choose(view)
        b = small_ismcts(game, seed=2).choose(data)
        assert a == b


def twin_states(game, state, seat: int, tries: int = 20):
    """A second full state with the same view for ``seat`` but other hidden cards."""
    view = game.view(state, seat)
    want = game.to_dict(view)
    full = game.to_dict(state)
    for k in range(tries):
        other = game.determinize(view, seat, random.Random(1000 + k))
        assert game.to_dict(game.view(other, seat)) == want
        if game.to_dict(other) != full:
            return other
    return None


@pytest.mark.parametrize("name", GAMES)
def test_no_agent_depends_on_hidden_information(name):
    """Same view and seed give the same move whatever the true hidden cards are."""
    game = default_engine(name)
    kinds = ["random", "ismcts", "heuristic"]
    checked = 0
    for state in random_positions(game, 24, seed=11):
        seat = game.current_player(state)
        twin = twin_states(game, state, seat)
        if twin is None:
            continue
        checked += 1
        for kind in kinds:
            for seed in (1, 2) if kind != "ismcts" else (1,):
                if kind == "ismcts":
                    first = small_ismcts(game, seed)
                    second = small_ismcts(game, seed)
                else:
                    first = make_agent(kind, game, "normal", seed)
                    second = make_agent(kind, game, "normal", seed)
                assert first.choose(game.view(state, seat)) == \
                    second.choose(game.view(twin, seat)), (kind, seed)
    assert checked >= 8


@pytest.mark.parametrize("name", GAMES)
def test_agent_for_level_gives_each_level_a_legal_agent(name):
    game = default_engine(name)
    state = random_positions(game, 3, seed=5)[-1]
    view = game.view(state, game.current_player(state))
    for level in LEVELS:
        agent = agent_for_level(game, level, seed=1)
        if isinstance(agent, ISMCTSAgent):  # keep the test fast: same agent, tiny budget
            agent.config = search_config(name, level, iterations=10)
        assert agent.choose(view) in game.legal_moves(state)


def test_each_games_ladder_gives_the_rung_it_names():
    """A seat's level gets the rung of its game's ladder: Cesta's hard and expert search,
    Královská cesta's and Cut the Rope's easy..hard are the heuristic with fewer and fewer
    random moves and their expert the search; hard and expert play exact endgames."""
    from ai.agents import HeuristicWrapper
    from ai.levels import LADDERS, rung

    for name in GAMES:
        game = default_engine(name)
        ladder = LADDERS[name]
        assert tuple(ladder) == LEVELS
        for level in LEVELS:
            step = rung(name, level)
            agent = agent_for_level(game, level, seed=3)
            assert agent.exact_endgames == (level in ("hard", "expert")), (name, level)
            if step.kind == "heuristic":
                assert isinstance(agent, HeuristicWrapper), (name, level)
                assert agent.mistakes == step.mistakes
                assert agent.inner.mistakes == step.mistakes
            else:
                assert not isinstance(agent, HeuristicWrapper), (name, level)
                assert type(agent) is type(make_agent("ismcts", game, step.search, seed=3))
        heuristic_rates = [ladder[level].mistakes for level in LEVELS
                           if ladder[level].kind == "heuristic"]
        assert heuristic_rates == sorted(heuristic_rates, reverse=True)  # fewer slips upward
    assert rung("royal_road", "hard").kind == "heuristic"
    assert rung("royal_road", "expert").kind == "ismcts"
    assert rung("cut_the_rope", "hard").kind == "heuristic"
    assert rung("cesta", "hard").kind == "ismcts"


def test_agent_classes_name_each_levels_player_from_its_games_modules():
    """What ``herna --check-agents`` prints (the packaged app's smoke test compares it with
    the installed game's): the heuristic rungs name the game's own heuristic, the search
    rungs the game's own search module."""
    from ai import agent_classes
    from ai.agents import SEARCHES
    from ai.levels import rung

    classes = agent_classes()
    assert set(classes) == set(GAMES)
    for name in GAMES:
        assert tuple(sorted(classes[name])) == tuple(sorted(LEVELS))
        for level in LEVELS:
            if rung(name, level).kind == "heuristic":
                assert classes[name][level] == \
                    f"ai.agents.HeuristicWrapper[ai.{name}.heuristic.HeuristicAgent]"
            else:
                assert classes[name][level].startswith(SEARCHES[name] + "."), (name, level)


@pytest.mark.parametrize(("module", "level"), [("ai.cesta.heuristic", "easy"),
                                               ("ai.cesta.rollouts", "hard"),
                                               ("ai.royal_road.reply_search", "expert"),
                                               ("ai.cut_the_rope.heuristic", "normal")])
def test_a_missing_ai_module_is_an_error_naming_it(monkeypatch, module, level):
    """No quiet switch to weaker play: a level whose module is gone (a package that lost it)
    cannot be made, and the error says which module."""
    import sys

    game = default_engine(module.split(".")[1])
    monkeypatch.setitem(sys.modules, module, None)  # what an import of a missing module meets
    with pytest.raises(ModuleNotFoundError, match=module.replace(".", r"\.")):
        agent_for_level(game, level, seed=1)


def test_an_ai_seat_spec_is_the_clients_opponent():
    from ai.agents import HeuristicWrapper

    assert parse_spec("ai:hard") == ("ai", "hard")
    game = default_engine("royal_road")
    seat = make_agent("ai", game, "hard", seed=2)
    assert isinstance(seat, HeuristicWrapper) and seat.mistakes == 0.1
    assert type(make_agent("ai", game, "expert", seed=2)) is \
        type(make_agent("ismcts", game, "expert", seed=2))


def test_expert_belief_search_does_not_depend_on_hidden_information():
    """The royal_road expert samples the others' cards by belief: still views only."""
    game = default_engine("royal_road")
    checked = 0
    for state in random_positions(game, 16, seed=13):
        seat = game.current_player(state)
        if game.to_dict(state)["step"] != "move":
            continue
        twin = twin_states(game, state, seat)
        if twin is None:
            continue
        moves = []
        for full in (state, twin):
            agent = make_agent("ismcts", game, "expert", seed=4)
            agent.config = search_config("royal_road", "expert", iterations=40)
            moves.append(agent.choose(game.view(full, seat)))
        assert moves[0] == moves[1]
        checked += 1
    assert checked >= 2
