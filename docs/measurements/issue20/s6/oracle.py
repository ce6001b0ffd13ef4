"""How much would seeing everything be worth? A clairvoyant seat against honest agents.

Issue 20 asks Královská cesta and Cut the Rope for rungs (one seat winning 1.5 x its chance
share against lower levels; expert 60 % heads-up against hard) that every honest candidate
has missed by a similar margin. This measurement asks what the *information* the honest
agents lack is worth: one seat plays an ordinary search agent whose determinizations are the
true state (every hidden card, the order of the draw pile, the state's own random stream,
so the coming dice and draws), against honest agents, on the arena's deals and rotation.

If even that seat falls short of a rung, better reading of hidden cards (bluffs, likely
hands) cannot reach the rung with that search; only a better search could, and the margin
it would need is at least the gap left here.

Measurement code, not a level: it lives here, not in ``ai/``. Run from the repository:

    python docs/measurements/issue20/s6/oracle.py --game royal_road --oracle ismcts:hard \
        --others ismcts:hard ismcts:hard --games 60 --seed 1301 --json out.json

``--knows`` says what the seat sees: ``all`` (default: the true state, so also the coming
dice, draws and shuffles) or ``cards``: every card hidden now, not the future — Královská
cesta: the true state with a fresh random stream (the others' kept and discarded cards, so
their trios, but not the dice); Cut the Rope: every hand, with the piles' hidden cards and
the draw pile dealt at random from what is left (so the coming draws stay unknown).

``--rollout H`` (Královská cesta) makes the seat's level the session-5 rollout search
(``ROLLOUT_EXPERT``: 200 rollouts, RacePolicy for every seat, the others' next turns by the
heuristic) with a horizon of H turns; with ``--knows all`` every rollout plays the true
dice.

``--wide`` (Královská cesta) also makes the reply search compare its five best moves at every
move decision, not only close calls (within 0.03 race share), with 4 opponent-model draws.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from typing import Any

from ai import make_agent, parse_spec
from ai.agents import seat_to_move
from ai.arena import deal_seed, seating, wilson
from game.rules import get_game


class Clairvoyance:
    """The true state of the decision being made; the oracle's game answers with it."""

    def __init__(self, knows: str = "all") -> None:
        self.knows = knows
        self.root: Any = None
        self.truth: Any = None
        self.hits = 0      # determinizations answered with the truth
        self.misses = 0    # determinizations of anything else (passed to the engine)


def clairvoyant_game(game: Any, eye: Clairvoyance) -> Any:
    """A shallow copy of ``game`` whose ``determinize`` of the view being decided on returns
    the true state (the engine's own shuffle for any other view)."""
    seeing = copy.copy(game)
    honest = game.determinize

    def determinize(view: Any, seat: int, rng: random.Random) -> Any:
        if eye.truth is not None and view is eye.root:
            eye.hits += 1
            return seen(game, eye, view, seat, rng)
        eye.misses += 1
        return honest(view, seat, rng)

    seeing.determinize = determinize
    return seeing


def seen(game: Any, eye: Clairvoyance, view: Any, seat: int, rng: random.Random) -> Any:
    """What the oracle is dealt for the decision on ``view``, by ``eye.knows``."""
    truth = eye.truth
    if eye.knows == "all":
        return truth
    if game.name == "royal_road":
        full = truth.clone()
        full.rng = rng.getrandbits(64)
        return full
    if game.name == "cut_the_rope":
        shown = view.copy()
        shown.hands = truth.hands
        return game.determinize(shown, seat, rng)
    raise ValueError(f"--knows {eye.knows} is not defined for {game.name}")


def make_oracle(game: Any, spec: str, seed: int, eye: Clairvoyance, wide: bool,
                rollout: int = 0) -> Any:
    kind, level = parse_spec(spec)
    if rollout:
        from ai.search import royal_road_rollouts

        royal_road_rollouts.ROLLOUT_SETTINGS[level] = dict(
            royal_road_rollouts.ROLLOUT_EXPERT, horizon=rollout)
    agent = make_agent(kind, clairvoyant_game(game, eye), level, seed)
    belief = getattr(agent, "belief", None)
    if belief is not None and hasattr(belief, "sample"):
        honest_sample = belief.sample

        def sample(view: Any, seat: int, rng: random.Random) -> Any:
            if eye.truth is not None and view is eye.root:
                eye.hits += 1
                return seen(game, eye, view, seat, rng)
            return honest_sample(view, seat, rng)

        belief.sample = sample
    if wide:
        agent.margin = 1.0
        agent.top_k = 5
        agent.samples = 4
    return agent


def play(game_name: str, index: int, oracle_spec: str, others: list[str], seed: int,
         wide: bool, knows: str, rollout: int = 0) -> dict[str, Any]:
    game = get_game(game_name)
    specs = [oracle_spec, *others]
    k = len(specs)
    seats = seating(index, k)
    eye = Clairvoyance(knows)
    agents: list[Any] = []
    for seat, participant in enumerate(seats):
        agent_seed = (seed * 7919 + index * 104_729 + seat * 31) & 0x7FFFFFFF
        if participant == 0:
            agents.append(make_oracle(game, oracle_spec, agent_seed, eye, wide, rollout))
        else:
            kind, level = parse_spec(specs[participant])
            agents.append(make_agent(kind, game, level, agent_seed))
    state = game.new_game(k, deal_seed(seed, index, k))
    cpu = [0.0] * k
    moves = 0
    while not game.is_over(state) and moves < 20000:
        seat = seat_to_move(game, state)
        view = game.view(state, seat)
        if seats[seat] == 0:
            eye.root, eye.truth = view, state
        start = time.process_time()
        move = agents[seat].choose(view)
        cpu[seats[seat]] += time.process_time() - start
        eye.root = eye.truth = None
        state = game.apply(state, move)[0]
        moves += 1
    winners = sorted(seats[w] for w in game.result(state).winners) if game.is_over(state) else []
    return {"index": index, "seats": seats, "winners": winners, "moves": moves,
            "cpu": cpu, "truth_hits": eye.hits, "honest_determinizations": eye.misses}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--oracle", required=True, help="agent spec of the clairvoyant seat")
    parser.add_argument("--others", nargs="+", required=True)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--wide", action="store_true")
    parser.add_argument("--rollout", type=int, default=0, metavar="H")
    parser.add_argument("--knows", choices=("all", "cards"), default="all")
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    if args.rollout and any(parse_spec(o)[1] == parse_spec(args.oracle)[1] for o in args.others):
        parser.error("--rollout changes the oracle's level for every seat of that level: "
                     "give the others another level")
    records = []
    wins = 0
    for index in range(args.games):
        record = play(args.game, index, args.oracle, args.others, args.seed, args.wide,
                      args.knows, args.rollout)
        records.append(record)
        wins += 0 in record["winners"]
        low, high = wilson(wins, index + 1)
        print(f"{index + 1}/{args.games}: oracle wins {wins} ({wins / (index + 1):.1%}, "
              f"{low:.1%}-{high:.1%}); truth hits {record['truth_hits']}, honest "
              f"{record['honest_determinizations']}", file=sys.stderr, flush=True)
    n = len(records)
    low, high = wilson(wins, n)
    report = {"game": args.game, "oracle": args.oracle, "others": args.others,
              "wide": args.wide, "knows": args.knows, "rollout": args.rollout,
              "seed": args.seed, "games": n,
              "oracle_wins": wins,
              "rate": wins / n if n else 0.0, "ci95": [low, high], "records": records}
    print(json.dumps({k: v for k, v in report.items() if k != "records"}))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
