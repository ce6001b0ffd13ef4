"""Write the player files of an older Herna, for ``tests/client/test_player_files.py``.

The fixtures in ``tests/client/fixtures/player_files/`` were made with the client as it
was before its modules moved into ``game/client/{app,stage,match,storage,...}`` (commit
3bfb494), using that version's own writers: the autosave (``saves.attach_autosave``), the
statistics recorder (``stats.attach``), ``settings.Settings.save``, the tutorial's
``Progress``, the house-rules editor's ``user_rules.save_user_rules`` and, for an online
game, ``online.record.save_finished`` after a game against a real server. The test then
loads them with today's code: nothing a player has may be lost by a refactoring.

Run it against a checkout of the old code, from that checkout, so that its ``game``
package is the one imported::

    git worktree add /tmp/herna-old 3bfb494
    cd /tmp/herna-old && PYTHONPATH=/tmp/herna-old \\
        /path/to/herna/.venv/bin/python /path/to/herna/tools/make_player_file_fixtures.py \\
        /tmp/herna-old /path/to/herna/tests/client/fixtures/player_files

The output folder gets ``config/`` (settings, house rules) and ``data/`` (saves, stats,
tutorial progress), as ``HERNA_CONFIG_DIR`` and ``HERNA_DATA_DIR`` would hold them, and
``expected.json``: what the test should find (games, move counts, winners, settings,
totals), taken from the live objects while they were written (each save's final position is
in the save itself, as the old ``to_dict`` wrote it). Save file names are fixed (the old code
names them by time and a random token) and the local games are seeded; the online game is
dealt by the server, so a new run writes a different one (``expected.json`` follows it).
"""

# ruff: noqa: I001 - the game.client modules imported below are the OLD tree's, unknown here

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _setup(old_tree: Path, out: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["HERNA_CONFIG_DIR"] = str(out / "config")
    os.environ["HERNA_DATA_DIR"] = str(out / "data")
    sys.path.insert(0, str(old_tree))
    sys.path.insert(1, str(old_tree / "tests"))  # server_support, for the online game
    import game

    where = Path(game.__file__).resolve()
    if old_tree.resolve() not in where.parents:
        raise SystemExit(f"the game package comes from {where}, not from {old_tree}")


def _seats(*kinds: str) -> list[Any]:
    from game.client.session import SeatInfo

    names = ["Eva", "Jan", "Ada", "Bob", "Iva"]
    out = []
    for index, kind in enumerate(kinds):
        if kind.startswith("ai"):
            out.append(SeatInfo("ai", kind.split(":")[1], f"Robot {index + 1}"))
        else:
            out.append(SeatInfo("human", "normal", names[index]))
    return out


def _local_game(name: str, file: str, game: str, kinds: tuple[str, ...], seed: int,
                moves: int | None, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """A match as the menus start it (autosave and statistics attached), with seeded
    random moves for every seat: ``moves`` of them, or to the end when None."""
    from game.client import saves, stats
    from game.client.session import Match

    match = Match.create(game, _seats(*kinds), rules, seed, inline_ai=True)
    path = saves.saves_dir() / file
    path.parent.mkdir(parents=True, exist_ok=True)
    saves.attach_autosave(match, path)
    stats.attach(match)
    rng = random.Random(seed)
    played = 0
    while not match.over and (moves is None or played < moves):
        match.play(rng.choice(match.legal_moves()))
        played += 1
    assert match.over == (moves is None), (name, played)
    saves.autosaver_of(match).flush()
    result = match.result().winners if match.over else None
    return {"file": f"data/saves/{file}", "game": game, "seed": seed, "moves": played,
            "players": [s.name for s in match.seats], "finished": match.over,
            "winners": list(result) if result is not None else None}


def _online_game(file: str) -> dict[str, Any]:
    """A finished Cesta against a computer on a real (old) server, saved as the client
    saves it when the game ends."""
    from server_support import ServerThread

    from game.client.online import record
    from game.client.online.link import Link
    from game.client.online.remote import RemoteMatch

    def until(step: Any, condition: Any, seconds: float = 120.0) -> None:
        end = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > end:
                raise SystemExit("the online game did not get there")
            step()
            time.sleep(0.002)

    with ServerThread(messages_per_second=1000.0, burst=1000) as server:
        match = RemoteMatch.host(Link(server.url), "cesta", 2, "Ada")
        until(lambda: match.update(1 / 60), lambda: match.room.get("seats") and match.tokens)
        match.set_seat(1, "computer", "easy")
        until(lambda: match.update(1 / 60),
              lambda: match.room["seats"][1]["kind"] == "computer")
        match.start()
        until(lambda: match.update(1 / 60), lambda: match.started)
        rng = random.Random(5)

        def step() -> None:
            if match.waiting_for_human:
                match.play(rng.choice(match.legal_moves()))
            match.update(1 / 60)

        until(step, lambda: match.finished)
        written = record.save_finished(match)
        match.close()
    assert written is not None
    target = written.with_name(file)
    written.rename(target)
    data = json.loads(target.read_text(encoding="utf-8"))
    return {"file": f"data/saves/{file}", "game": "cesta", "moves": len(data["moves"]),
            "seat": data["online"]["seat"], "finished": data["finished"],
            "winners": data["result"]["winners"]}


def make(old_tree: Path, out: Path) -> None:
    _setup(old_tree, out)
    from game.client import stats, user_rules
    from game.client.settings import load_settings
    from game.client.tutorial import lessons_for
    from game.client.tutorial.progress import Progress
    from game.rules.houserules import load_rules

    expected: dict[str, Any] = {"saves": {}}
    saves = expected["saves"]
    # finished games (replays), oldest first; one with the player's own house rules
    hand_six = {**load_rules("cesta"), "hand_size": 6}
    saves["cesta_done"] = _local_game("cesta_done", "20250301-100000-cesta-a1b2c3.json",
                                      "cesta", ("human", "ai:easy"), 11, None, hand_six)
    saves["royal_road_done"] = _local_game(
        "royal_road_done", "20250301-110000-royal_road-d4e5f6.json", "royal_road",
        ("human", "human", "ai:normal"), 12, None)
    saves["cut_the_rope_done"] = _local_game(
        "cut_the_rope_done", "20250301-120000-cut_the_rope-0a1b2c.json", "cut_the_rope",
        ("human", "ai:easy", "ai:hard"), 13, None)
    saves["online_done"] = _online_game("20250301-130000-cesta-3d4e5f.json")
    # games in progress (Continue), newest last: a hot-seat Cut the Rope is the one resumed
    saves["cesta_open"] = _local_game("cesta_open", "20250302-090000-cesta-6a7b8c.json",
                                      "cesta", ("human", "ai:normal"), 21, 9)
    saves["royal_road_open"] = _local_game(
        "royal_road_open", "20250302-100000-royal_road-9d0e1f.json", "royal_road",
        ("human", "human", "human", "human"), 22, 14)
    saves["cut_the_rope_open"] = _local_game(
        "cut_the_rope_open", "20250302-110000-cut_the_rope-2a3b4c.json", "cut_the_rope",
        ("human", "human", "human"), 23, 10)
    order = ["cesta_done", "royal_road_done", "cut_the_rope_done", "online_done",
             "cesta_open", "royal_road_open", "cut_the_rope_open"]
    expected["save_order_oldest_first"] = [saves[k]["file"] for k in order]

    counted = stats.Stats.load()
    expected["stats"] = {"file": "data/stats.json", "people": counted.people,
                         "counted": counted.counted}

    settings = load_settings()
    chosen = {"language": "en", "volume": 0.35, "mute": True, "window_size": [1600, 900],
              "animation_speed": 2.5, "colourblind_symbols": True, "card_tracker": False,
              "undo": "off", "undo_hot_seat": True, "ai_pace": 1.5,
              "player_names": ["Eva", "Jan", "Ada"], "hints_vs_ai": True}
    for key, value in chosen.items():
        settings.set(key, value)
    assert settings.save()
    expected["settings"] = {"file": "config/settings.toml", "values": chosen}

    progress = Progress.load()
    done = {"cesta": [lesson.key for lesson in lessons_for("cesta")[:2]],
            "royal_road": [lessons_for("royal_road")[0].key]}
    for game, keys in done.items():
        for key in keys:
            progress.mark_done(game, key)
    progress.mark_offered("cut_the_rope")
    expected["tutorial"] = {"file": "data/tutorial.json", "done": done,
                            "offered": ["cut_the_rope"]}

    cut_rules = {**load_rules("cut_the_rope")}
    key = next(k for k, v in cut_rules.items() if isinstance(v, bool))
    cut_rules[key] = not cut_rules[key]
    user_rules.save_user_rules("cesta", hand_six)
    user_rules.save_user_rules("cut_the_rope", cut_rules)
    expected["house_rules"] = {
        "cesta": {"file": "config/rules/cesta.toml", "changed": {"hand_size": 6},
                  "rules": json.loads(json.dumps(hand_six))},
        "cut_the_rope": {"file": "config/rules/cut_the_rope.toml",
                         "changed": {key: cut_rules[key]},
                         "rules": json.loads(json.dumps(cut_rules))}}
    (out / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False)
                                       + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    old_tree, target = Path(argv[0]).resolve(), Path(argv[1]).resolve()
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp) / "player_files"
        make(old_tree, out)
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(out, target)
    print(f"player files written to {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
