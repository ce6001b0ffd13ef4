"""``python -m tools.ai.openspiel_match``: Cesta ``hard`` against OpenSpiel's ``ISMCTSBot`` at
equal CPU time per move.

    python -m tools.ai.openspiel_match --games 40 --seed 61 --simulations auto --json match.json

The bot plays our rules through ``tools.ai.openspiel_cesta`` (random rollouts, our
``determinize`` for its information-state resampling). Fairness: at its turn the bot gets a
pyspiel state built from a determinization of its own view, so it cannot read hidden cards
even by accident; ``hard`` gets the view, as every agent does.

Equal CPU time: ``--simulations auto`` first plays ``--calibration-games`` games with
``--pilot`` simulations, measures both sides' mean CPU seconds per move
(``time.process_time``, so a loaded machine does not skew it) and scales the bot's count by
their ratio (its cost is close to linear in simulations). The match then reports both means
again, so the equality can be checked, with the win rate and its 95 % Wilson interval. Seats
alternate, and each deal is played twice, once from each seat (as ``ai.arena`` does).

Needs ``pip install -e '.[openspiel]'``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from ai import make_agent, parse_spec
from ai.arena import deal_seed, wilson
from tools.ai.openspiel_cesta import CestaSpielGame, make_bot

PILOT_SIMULATIONS = 400
OUR_AGENT = "ismcts:hard"


def play_game(index: int, seed: int, simulations: int, uct_c: float = 2.0,
              agent: str = OUR_AGENT) -> dict[str, Any]:
    """One game: our ``agent`` (``hard`` unless told) at seat ``index % 2``, the bot at the
    other; CPU seconds per side. (The record calls our side "hard" whatever ``agent`` is.)"""
    spiel_game = CestaSpielGame()
    engine = spiel_game.engine
    hard_seat = index % 2
    agent_seed = (seed * 7919 + index * 104_729) & 0x7FFFFFFF
    kind, level = parse_spec(agent)
    hard = make_agent(kind, engine, level, agent_seed)
    bot = make_bot(spiel_game, simulations, agent_seed ^ 0x51E1, uct_c)
    view_rng = random.Random(agent_seed ^ 0xD5A1)
    state = engine.new_game(2, deal_seed(seed, index, 2))
    cpu = {"hard": 0.0, "bot": 0.0}
    moves = {"hard": 0, "bot": 0}
    clock = time.process_time
    length = 0
    while not engine.is_over(state):
        seat = engine.current_player(state)
        assert seat is not None  # a running game has a seat to move
        view = engine.view(state, seat)
        side = "hard" if seat == hard_seat else "bot"
        start = clock()
        if side == "hard":
            move = hard.choose(view)
        else:
            # the bot searches from a deal consistent with its view only
            spiel_state = spiel_game.state_from(engine.determinize(view, seat, view_rng))
            action = int(bot.step(spiel_state))
            move = next(m for m in engine.legal_moves(view) if m.idx == action)
        cpu[side] += clock() - start
        moves[side] += 1
        state = engine.apply(state, move)[0]
        length += 1
    winners = list(engine.result(state).winners)
    outcome = "draw" if not winners else ("hard" if winners[0] == hard_seat else "bot")
    return {"index": index, "hard_seat": hard_seat, "winner": outcome, "length": length,
            "cpu": cpu, "moves": moves}


def summarise(records: Sequence[dict[str, Any]], simulations: int, seed: int,
              agent: str = OUR_AGENT) -> dict[str, Any]:
    """Win rate of ``hard`` (a draw counts half a game to neither) and CPU per move."""
    games = len(records)
    wins = sum(1 for r in records if r["winner"] == "hard")
    draws = sum(1 for r in records if r["winner"] == "draw")
    low, high = wilson(wins, games)
    per_move = {}
    for side in ("hard", "bot"):
        total = sum(r["cpu"][side] for r in records)
        count = sum(r["moves"][side] for r in records)
        per_move[side] = total / count if count else 0.0
    return {"match": f"cesta: {agent} vs OpenSpiel ISMCTSBot (random rollouts)",
            "seed": seed, "simulations": simulations, "games": games, "hard_wins": wins,
            "draws": draws, "hard_win_rate": wins / games if games else 0.0,
            "ci95": [low, high], "mean_cpu_s_per_move": per_move,
            "hard_wins_by_seat": [sum(1 for r in records if r["winner"] == "hard"
                                      and r["hard_seat"] == s) for s in (0, 1)]}


def calibrate(seed: int, games: int, pilot: int,
              agent: str = OUR_AGENT) -> tuple[int, dict[str, Any]]:
    """The bot's simulation count matching our agent's mean CPU seconds per move (the
    pilot's deals are not the match's: game numbers from 10,000 on)."""
    records = [play_game(10_000 + i, seed, pilot, agent=agent) for i in range(games)]
    report = summarise(records, pilot, seed, agent)
    means = report["mean_cpu_s_per_move"]
    # two at least: the bot's first simulation only expands the root
    simulations = max(2, round(pilot * means["hard"] / means["bot"])) if means["bot"] else pilot
    return simulations, report


def _write_json(path: str, data: dict[str, Any]) -> None:
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
    os.replace(temporary, path)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tools.ai.openspiel_match",
                                     description="Cesta hard vs OpenSpiel's ISMCTSBot.")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--simulations", default="auto",
                        help="the bot's simulations per move, or 'auto' to calibrate")
    parser.add_argument("--calibration-games", type=int, default=2)
    parser.add_argument("--pilot", type=int, default=PILOT_SIMULATIONS,
                        help="simulations of the calibration games")
    parser.add_argument("--agent", default=OUR_AGENT, metavar="KIND[:LEVEL]",
                        help="our side, as ai.arena names agents")
    parser.add_argument("--uct-c", type=float, default=2.0, help="the bot's UCT constant")
    parser.add_argument("--json", metavar="FILE", help="write the report (after every game)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        parse_spec(args.agent)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report: dict[str, Any] = {}
    if args.simulations == "auto":
        simulations, pilot = calibrate(args.seed, args.calibration_games, args.pilot,
                                       args.agent)
        report["calibration"] = pilot
        print(f"calibrated: {simulations} simulations (pilot {args.pilot}: hard "
              f"{pilot['mean_cpu_s_per_move']['hard']:.3f} s, bot "
              f"{pilot['mean_cpu_s_per_move']['bot']:.3f} s CPU per move)", file=sys.stderr)
    else:
        try:
            simulations = int(args.simulations)
        except ValueError:
            print("--simulations takes a number or 'auto'", file=sys.stderr)
            return 2
    if args.games < 1 or simulations < 2:
        print("--games must be at least 1 and --simulations at least 2", file=sys.stderr)
        return 2
    records: list[dict[str, Any]] = []
    for index in range(args.games):
        records.append(play_game(index, args.seed, simulations, args.uct_c, args.agent))
        report.update(summarise(records, simulations, args.seed, args.agent))
        report["records"] = records
        if args.json:
            _write_json(args.json, report)
        print(f"  {index + 1}/{args.games}: hard {report['hard_wins']}", file=sys.stderr,
              flush=True)
    low, high = report["ci95"]
    means = report["mean_cpu_s_per_move"]
    print(f"{args.agent} vs ISMCTSBot ({simulations} simulations): {report['hard_wins']}/"
          f"{report['games']} = {report['hard_win_rate']:.1%} (95 % CI {low:.1%}-{high:.1%}), "
          f"{report['draws']} draws; CPU s/move hard {means['hard']:.3f}, bot "
          f"{means['bot']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
