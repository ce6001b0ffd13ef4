"""Smoke-test a packed standalone app, as a player's computer would meet it.

    python tools/smoke_app.py dist/herna-<version>-<os>-<arch>.tar.gz   (or .zip)

Unpacks the archive into a temporary folder and runs its `herna` with a clean environment
(no PYTHONPATH, a fresh home): `--version`; the title screen, compared with the one this
installed Herna draws (placeholder art or a fallback font would differ); the agent class of
every level of every game (`herna --check-agents`), compared with the installed game's (an
AI module left out of the package would differ or fail); an all-computer
game of each kind played headless to its end, with the computer players in their own
process; `herna serve` answering its health check. Every game run must leave stderr
empty. Exits non-zero with the reason on a failure.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import subprocess
import sys
import tarfile
import tempfile
import threading
import zipfile
from pathlib import Path

GAMES = {"cesta": "ai:easy,ai:normal", "royal_road": "ai:easy,ai:normal,ai:easy",
         "cut_the_rope": "ai:easy,ai:normal,ai:easy"}


def fail(message: str) -> None:
    sys.exit(f"smoke-app: {message}")


def unpack(archive: Path, into: Path) -> Path:
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as packed:
            packed.extractall(into)
    else:
        with tarfile.open(archive) as packed:
            packed.extractall(into, filter="tar")
    name = "herna.exe" if sys.platform == "win32" else "herna"
    exe = into / "herna" / name
    if not exe.is_file():
        fail(f"{exe} is not in the archive")
    return exe


def clean_env(home: Path) -> dict[str, str]:
    env = {"HOME": str(home), "USERPROFILE": str(home), "LANG": "en_US.UTF-8",
           "HERNA_CONFIG_DIR": str(home / "config"), "HERNA_DATA_DIR": str(home / "data"),
           "TMPDIR": str(home), "PATH": os.defpath}
    for keep in ("SYSTEMROOT", "WINDIR"):  # Windows cannot start a process without them
        if keep in os.environ:
            env[keep] = os.environ[keep]
    return env


def run(command: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=900)
    if done.returncode != 0:
        fail(f"{' '.join(command[1:])} exited {done.returncode}: {done.stderr.strip()}")
    if done.stderr.strip():
        fail(f"{' '.join(command[1:])} wrote to stderr: {done.stderr.strip()}")
    return done.stdout


def serve_answers(exe: Path, env: dict[str, str], root: Path) -> None:
    """`herna serve` on a free port of this computer: it says where it listens, and its
    health endpoint answers 200."""
    server = subprocess.Popen([str(exe), "serve", "--port", "0", "--data", str(root / "srv")],
                              env=env, cwd=root, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in server.stdout or ()],
                         daemon=True).start()
        said = ""
        while not (found := re.search(r"listening on ws://([\d.]+):(\d+)", said)):
            try:
                said += lines.get(timeout=60)
            except queue.Empty:
                fail(f"herna serve did not start listening: {said.strip()}")
        host, port = found.group(1), int(found.group(2))
        connection = http.client.HTTPConnection(host, port, timeout=30)
        connection.request("GET", "/health")
        status = connection.getresponse().status
        connection.close()
        if status != 200:
            fail(f"herna serve's health check answered {status}")
        print(f"serve: listening on port {port}, healthy")
    finally:
        server.terminate()
        server.wait(timeout=60)


def same_picture(first: Path, second: Path) -> bool:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    a, b = pygame.image.load(str(first)), pygame.image.load(str(second))
    if a.get_size() != b.get_size():
        return False
    return bytes(pygame.image.tobytes(a, "RGB")) == bytes(pygame.image.tobytes(b, "RGB"))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    archive = Path(argv[0]).resolve()
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        exe = unpack(archive, root / "app")
        home = root / "home"
        home.mkdir()
        env = clean_env(home)
        version = run([str(exe), "--version"], env, root).strip()
        print("version:", version)
        run([str(exe), "--headless", "--frames", "5", "--screenshot", str(root / "app.png")],
            env, root)
        installed_env = dict(env, PATH=os.environ.get("PATH", os.defpath),
                             HERNA_CONFIG_DIR=str(root / "ref" / "config"),
                             HERNA_DATA_DIR=str(root / "ref" / "data"))
        run([sys.executable, "-m", "game", "--headless", "--frames", "5", "--screenshot",
             str(root / "installed.png")], installed_env, root)
        if not same_picture(root / "app.png", root / "installed.png"):
            fail("the app's title screen differs from the installed game's "
                 "(missing art or font?)")
        print("title: the same as the installed game's")
        app_agents = json.loads(run([str(exe), "--check-agents"], env, root))
        installed_agents = json.loads(run([sys.executable, "-m", "game", "--check-agents"],
                                          installed_env, root))
        if app_agents != installed_agents:
            fail(f"the app's agents differ from the installed game's: {app_agents} "
                 f"instead of {installed_agents}")
        print(f"agents: the same as the installed game's, {len(app_agents)} games x "
              f"{len(next(iter(app_agents.values())))} levels")
        for game, players in GAMES.items():
            before = set((home / "data" / "saves").glob("*.json"))
            # headless with computer seats only, the game runs to its end and quits
            run([str(exe), "--headless", "--game", game, "--players", players, "--seed", "7"],
                env, root)
            saves = set((home / "data" / "saves").glob("*.json")) - before
            if len(saves) != 1:
                fail(f"{game}: expected one saved game, found {len(saves)}")
            record = json.loads(saves.pop().read_text(encoding="utf-8"))
            if not record.get("finished") or not record.get("result"):
                fail(f"{game}: the game did not reach its end")
            print(f"{game}: played to the end in {len(record['moves'])} moves")
        serve_answers(exe, env, root)
        print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
