"""Languages: gettext catalogues, plural forms and numbers written the way each locale writes
them.

The player-facing text of Herna lives in one gettext domain, ``herna``. Its source language
is English: the message ids in the code are the English text, and every other language is a
catalogue in ``game/locale/<code>/LC_MESSAGES/herna.po`` (compiled beside it to ``.mo``). A
language is shipped by adding its folder there; nothing in Python lists the languages.

This package is pure (no pygame): the client, the AI's explanations and the command line use
it alike. The rules core does not translate; it only marks its message ids with :func:`N_`.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent

DOMAIN = "herna"
SOURCE_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

# Languages a player's computer may ask for that read one of ours best.
_CLOSE_LANGUAGES = {"sk": "cs"}


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it (it is translated where it
    is shown)."""
    return message


@cache
def languages() -> tuple[str, ...]:
    """Every language with a compiled catalogue, plus the source language, by code."""
    found = {SOURCE_LANGUAGE}
    if LOCALE_DIR.is_dir():
        for folder in LOCALE_DIR.iterdir():
            if (folder / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
                found.add(folder.name)
    return tuple(sorted(found))


def language_name(code: str) -> str:
    """The language's own name for itself, capitalised as a menu entry ("Čeština")."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def pick_language(preferred: Iterable[str]) -> str:
    """The shipped language that best fits the computer's ``preferred`` locales ("de-AT",
    "cs_CZ", "sk"), in order; English when none fits."""
    shipped = languages()
    for tag in preferred:
        code = tag.replace("-", "_").split("_")[0].lower()
        code = _CLOSE_LANGUAGES.get(code, code)
        if code in shipped:
            return code
    return SOURCE_LANGUAGE


class Translator:
    """One language: its catalogue, its plural rule and its way of writing numbers.

    Every method takes the English message id (and, for ``pt``/``npt``, a context that tells
    apart two meanings of one English text) and returns the text formatted with ``values``.
    Floats among the values are written in the language's own way ("1,5" in Czech).
    """

    def __init__(self, code: str) -> None:
        if code not in languages():
            raise ValueError(f"no catalogue for language {code!r}")
        self.code = code
        self.locale = Locale.parse(code)
        if code == SOURCE_LANGUAGE:
            self._catalogue: gettext.NullTranslations = gettext.NullTranslations()
        else:
            self._catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])

    def t(self, message: str, /, **values: Any) -> str:
        return self._format(self._catalogue.gettext(message), message, values)

    def pt(self, context: str, message: str, /, **values: Any) -> str:
        return self._format(self._catalogue.pgettext(context, message), message, values)

    def nt(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        text = self._catalogue.ngettext(singular, plural, n)
        return self._format(text, singular if n == 1 else plural, {"n": n, **values})

    def npt(self, context: str, singular: str, plural: str, n: int, /, **values: Any) -> str:
        text = self._catalogue.npgettext(context, singular, plural, n)
        return self._format(text, singular if n == 1 else plural, {"n": n, **values})

    def number(self, value: float, digits: int = 1) -> str:
        """``value`` rounded to at most ``digits`` decimals, in this language's notation."""
        pattern = "#,##0" + ("." + "#" * digits if digits > 0 else "")
        return format_decimal(round(value, digits), format=pattern, locale=self.locale)

    def percent(self, fraction: float) -> str:
        """``fraction`` (0.42) as a whole percentage in this language's notation ("42 %")."""
        return format_percent(fraction, locale=self.locale)

    def _format(self, text: str, message: str, values: Mapping[str, Any]) -> str:
        if not values:
            return text
        shown = {key: self.number(value, 2) if isinstance(value, float) else value
                 for key, value in values.items()}
        try:
            return text.format(**shown)
        except (KeyError, IndexError, ValueError):
            # tests/client/test_catalogues.py keeps every translation's placeholders equal
            # to its message id's, so only a hand-edited catalogue lands here
            return message.format(**shown)


@cache
def translator(code: str) -> Translator:
    """The translator of language ``code`` (loaded once per process)."""
    return Translator(code)
