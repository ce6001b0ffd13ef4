"""Keep the translation catalogues in step with the code.

    python tools/i18n.py extract   # the code's messages -> game/locale/herna.pot
    python tools/i18n.py update    # herna.pot -> every game/locale/<lang>/LC_MESSAGES/herna.po
    python tools/i18n.py compile   # every herna.po -> herna.mo (what the game loads)
    python tools/i18n.py stats     # translated / untranslated / fuzzy per language
    python tools/i18n.py init xx   # start a new language from herna.pot

`extract` then `update` after changing messages in the code; translators edit the .po files
(Poedit, Weblate); `compile` after that. docs/translating.md explains the whole round.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "herna.pot"
# the message functions of game/i18n (``context`` first for pt and npt)
KEYWORDS = ["t", "pt:1c,2", "nt:1,2", "npt:1c,2,3", "N_"]


def _babel(*args: str) -> None:
    os.chdir(ROOT)  # file references in the catalogues are relative to the checkout
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    keywords = [part for word in KEYWORDS for part in ("-k", word)]
    _babel("extract", "--no-default-keywords", *keywords, "-F", "babel.cfg",
           "--add-comments=TRANSLATORS:", "--sort-by-file", "--no-wrap",
           "--project=Herna", "--copyright-holder=Herna contributors",
           "--msgid-bugs-address=https://github.com/herna-games/herna/issues",
           "-o", str(POT.relative_to(ROOT)), ".")


def update() -> None:
    _babel("update", "-i", str(POT), "-d", str(LOCALE), "-D", "herna", "--no-wrap",
           "--ignore-obsolete", "--no-fuzzy-matching")


def compile_all() -> None:
    _babel("compile", "-d", str(LOCALE), "-D", "herna", "--statistics")


def init(code: str) -> None:
    _babel("init", "-i", str(POT), "-d", str(LOCALE), "-D", "herna", "-l", code, "--no-wrap")


def stats() -> None:
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE.glob("*/LC_MESSAGES/herna.po")):
        with po.open("rb") as handle:
            catalogue = read_po(handle)
        messages = [m for m in catalogue if m.id]
        fuzzy = sum(1 for m in messages if m.fuzzy)
        empty = sum(1 for m in messages if not m.string or
                    (isinstance(m.string, tuple) and not all(m.string)))
        print(f"{po.parent.parent.name}: {len(messages)} messages, {empty} untranslated, "
              f"{fuzzy} fuzzy")


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_all, "stats": stats}
    if len(argv) == 2 and argv[0] == "init":
        init(argv[1])
        return 0
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
