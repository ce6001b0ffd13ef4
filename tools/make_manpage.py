"""Write the man page ``packaging/herna.1`` from the command line's own help.

    python tools/make_manpage.py          # rewrite packaging/herna.1
    python tools/make_manpage.py --check  # exit 1 when the page is not up to date

The page is the ``herna`` and ``herna serve`` option lists and the help's commands and
examples, so it never says something the program does not; a test runs ``--check``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import __version__  # noqa: E402
from game.cli import EXAMPLES, build_parser  # noqa: E402
from game.server.cli import build_parser as serve_parser  # noqa: E402

PAGE = ROOT / "packaging" / "herna.1"


def roff(text: str) -> str:
    escaped = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line.startswith((".", "'")) else line
                     for line in escaped.splitlines())


def options(parser: argparse.ArgumentParser) -> list[str]:
    lines = []
    for action in parser._actions:  # argparse has no public list of its options
        if not action.option_strings or action.help == argparse.SUPPRESS:
            continue
        flags = ", ".join(action.option_strings)
        if action.metavar or action.nargs != 0:
            meta = action.metavar or action.dest.upper()
            flags += " " + (" ".join(meta) if isinstance(meta, tuple) else str(meta))
        lines += [".TP", f"\\fB{roff(flags)}\\fR", roff(action.help or "")]
    return lines


def page() -> str:
    main, serve = build_parser(), serve_parser()
    commands, examples = EXAMPLES.split("\n\nexamples:\n")
    body = [
        f'.TH HERNA 6 "" "herna {__version__}" "Games"',
        ".SH NAME",
        "herna \\- a game room for Cesta, Královská cesta and Cut the Rope",
        ".SH SYNOPSIS",
        "\\fBherna\\fR [\\fIoptions\\fR]", ".br",
        "\\fBherna serve\\fR [\\fIoptions\\fR]", ".br",
        "\\fBherna \\-\\-bench\\fR [\\fIoptions\\fR]",
        ".SH DESCRIPTION",
        roff(" ".join((main.description or "").split())),
        ".SH COMMANDS", ".nf", roff(commands.split("\n", 1)[1]), ".fi",
        ".SH OPTIONS", *options(main),
        ".SH SERVER OPTIONS", roff(" ".join((serve.description or "").split())),
        *options(serve),
        ".SH EXAMPLES", ".nf", roff(examples.split("\n\n")[0]), ".fi",
        ".SH FILES",
        "Settings, saves, statistics and the log (herna.log) live in the user's "
        "configuration, data and log folders of the platform.",
    ]
    return "\n".join(body) + "\n"


def main() -> int:
    text = page()
    if sys.argv[1:] == ["--check"]:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            print("packaging/herna.1 is out of date: python tools/make_manpage.py")
            return 1
        return 0
    PAGE.parent.mkdir(exist_ok=True)
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
