"""The ``herna`` command line (also ``python -m game``).

Parses the contract's flags, validates a ``--rules`` file before any window opens (a bad
file exits with status 2 and one clear line), and hands over to the client. pygame is
imported only after parsing, so ``--help`` and ``--version`` work without a display.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from game import __version__
from game.client.options import AI_LEVELS, Options, SeatSpec
from game.i18n import Translator, languages, pick_language, translator
from game.rules import GAME_NAMES, RulesError, get_game

__all__ = ["Options", "SeatSpec", "main"]  # Options/SeatSpec re-exported for older callers

PLAYER_KINDS_HELP = "comma-separated seats: human, ai, ai:" + "|".join(AI_LEVELS)

USAGE = """herna [options]              play (a window; the title screen unless told otherwise)
       herna serve [options]        run an online game server (herna serve --help)
       herna --bench [options]      measure the client's speed (herna --bench --help)"""

EXAMPLES = """commands:
  herna                         the title screen: pick a game, the seats and play;
                                Online hosts a room on this computer (its screen shows
                                the invite, herna://HOST:PORT/CODE) or joins one (paste
                                the invite into "Server or invite")
  herna serve                   an online server that holds rooms for everyone who can
                                reach it (--host 0.0.0.0 lets other computers in)
  herna --tutorial cesta        the lessons of a game, from the first one not yet done
  herna --bench                 the client's frame times and the engines' speed, as JSON

examples:
  herna --game cesta --players human,ai:hard
  herna --game royal_road --players human,human,ai --rules my-rules.toml
  herna --lang de --size 1920x1080
  herna --version               which Herna, Python, pygame-ce and SDL this is
  herna serve --host 0.0.0.0 --port 8765
  herna --headless --game cut_the_rope --players ai,ai,ai --screenshot end.png

Settings, saves and the log live in the user's folders; see the README."""


class VersionAction(argparse.Action):
    """``--version``: Herna's version and what it runs on (for a bug report)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_text())
        parser.exit()


def version_text() -> str:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import platform

    import pygame

    sdl = ".".join(str(part) for part in pygame.get_sdl_version())
    return (f"herna {__version__}\nPython {platform.python_version()}, "
            f"pygame-ce {pygame.version.ver}, SDL {sdl}, {platform.system()} "
            f"{platform.machine()}")


def parse_players(text: str) -> list[SeatSpec]:
    seats: list[SeatSpec] = []
    for raw in text.split(","):
        part = raw.strip().lower()
        if part == "human":
            seats.append(SeatSpec("human"))
        elif part == "ai":
            seats.append(SeatSpec("ai", "normal"))
        elif part.startswith("ai:") and part[3:] in AI_LEVELS:
            seats.append(SeatSpec("ai", part[3:]))
        else:
            raise argparse.ArgumentTypeError(f"bad seat {raw!r} ({PLAYER_KINDS_HELP})")
    return seats


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad size {text!r}, expected WxH like 1280x720"
                                         ) from None
    if not (320 <= width <= 8192 and 240 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320x240 .. 8192x8192)")
    return width, height


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="herna", usage=USAGE, epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Herna — a game room for Cesta, Královská cesta and Cut the Rope,\n"
                    "against the computer, around one screen or online.",
    )
    parser.add_argument("--version", action=VersionAction,
                        help="show the versions of Herna, Python, pygame-ce and SDL")
    parser.add_argument("--game", choices=GAME_NAMES, help="go straight to a table of this game")
    parser.add_argument("--tutorial", choices=GAME_NAMES, metavar="G",
                        help="go straight to the tutorial of this game")
    parser.add_argument("--players", type=parse_players, help=PLAYER_KINDS_HELP)
    parser.add_argument("--rules", type=Path, metavar="FILE.toml", help="house rules file")
    parser.add_argument("--lang", choices=languages(),
                        help="language (default: as chosen in Settings, else the computer's)")
    parser.add_argument("--seed", type=int, help="seed of the deal and dice")
    parser.add_argument("--size", type=parse_size, metavar="WxH", help="window size")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--resume", action="store_true", help="continue the last saved game")
    parser.add_argument("--headless", action="store_true",
                        help="run under SDL's dummy video driver (no window)")
    parser.add_argument("--frames", type=int, metavar="N", help="run N frames, then quit")
    parser.add_argument("--screenshot", type=Path, metavar="FILE.png",
                        help="save the last frame as PNG")
    parser.add_argument("--screenshot-every", nargs=2, metavar=("K", "DIR"),
                        help="also save every K-th frame into DIR")
    parser.add_argument("--frame-stats", action="store_true",
                        help="print one JSON line of frame-time statistics at the end")
    parser.add_argument("--bench", action="store_true",
                        help="measure the client and print JSON: frame times per table and "
                             "size in real windows, idle CPU per scene, engine games per CPU "
                             "second; the options after it are the bench's "
                             "(herna --bench --help)")
    return parser


def options_from_args(argv: Sequence[str] | None = None) -> Options:
    parser = build_parser()
    args = parser.parse_args(argv)
    every = None
    if args.screenshot_every:
        k_text, folder = args.screenshot_every
        if not k_text.isdigit() or int(k_text) < 1:
            parser.error("--screenshot-every K DIR needs a positive whole K")
        every = (int(k_text), Path(folder))
    if args.frames is not None and args.frames < 1:
        parser.error("--frames needs a positive number")
    if args.players and not args.game:
        parser.error("--players needs --game")
    if args.bench:  # only reaches here when other flags came before it
        parser.error("--bench comes first; the options after it are the bench's "
                     "(herna --bench --help)")
    return Options(game=args.game, players=args.players or [], rules_file=args.rules,
                   lang=args.lang, seed=args.seed, size=args.size, fullscreen=args.fullscreen,
                   resume=args.resume, headless=args.headless, frames=args.frames,
                   screenshot=args.screenshot, screenshot_every=every,
                   frame_stats=args.frame_stats, tutorial=args.tutorial)


def terminal_words(lang: str | None) -> Translator:
    """The language of the lines this command prints for a player: ``--lang``, else the
    terminal's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    if lang in languages():
        return translator(str(lang))
    tags = [tag for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
            for tag in os.environ.get(key, "").split(":") if tag and tag not in ("C", "POSIX")]
    return translator(pick_language(tags))


def display_available() -> bool:
    """Whether a real window can open; checked before pygame so the message stays one line."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["serve"]:  # the online server: no pygame, its own options
        from game.server import main as serve

        return serve(args[1:])
    if args[:1] == ["--bench"]:  # the client's figures: its own options, no window here
        from game.client.bench.figures import main as bench

        return bench(args[1:])
    if args == ["--check-agents"]:  # for packagers: which AI plays each level (JSON)
        import json

        from ai import agent_classes

        print(json.dumps(agent_classes(), indent=1, sort_keys=True))
        return 0
    options = options_from_args(args)
    if options.rules_file is not None:
        game_for_check = options.game or _game_named_by_rules(options.rules_file)
        try:
            get_game(game_for_check, options.rules_file)
        except RulesError as error:
            words = terminal_words(options.lang)
            print("herna: " + words.t("The house rules file cannot be used: {problem}",
                                      problem=str(error)), file=sys.stderr)
            return 2
    # pygame's greeting would be a second line on stdout beside --frame-stats' JSON
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if options.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    elif not display_available():
        words = terminal_words(options.lang)
        print("herna: " + words.t("No display is available. Run Herna with --headless "
                                  "(see herna --help)."), file=sys.stderr)
        return 1
    from game.client.main import run  # pygame is imported only from here on

    return run(options)


def _game_named_by_rules(path: Path) -> str:
    """Without ``--game``, a rules file is checked against the game its name suggests."""
    stem = path.stem.lower().replace("-", "_")
    for name in GAME_NAMES:
        if name in stem:
            return name
    return "cesta"


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
