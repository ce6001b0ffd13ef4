"""The client's active language, and the words it shows.

Every player-facing text is an English message id in the gettext catalogues of ``game.i18n``;
``t("Your turn, {name}", name=...)`` returns it in the active language. Counts use ``nt`` (one
form per plural category of the language), and a text with two meanings in English takes a
context with ``pt``/``npt``. The App sets the language from the settings (or ``--lang``); a
switch takes effect on the next frame, since every screen asks for its words as it draws.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from babel.dates import format_date, format_time

from game.i18n import (
    N_,
    SOURCE_LANGUAGE,
    Translator,
    language_name,
    languages,
    pick_language,
    translator,
)

__all__ = ["N_", "date_time", "language", "language_name", "languages", "nt", "npt",
           "number", "percent", "pick_language", "printable", "pt", "set_language",
           "signed_percent", "t"]

_active: Translator = translator(SOURCE_LANGUAGE)


def printable(text: str, limit: int = 200) -> str:
    """``text`` safe for a font: control characters (which make ``font.render`` raise) are
    replaced, and the length is bounded. Text read from files goes through this before it
    is shown."""
    clean = "".join(c if c.isprintable() else "?" for c in text)
    return clean if len(clean) <= limit else clean[:limit - 1] + "…"


def set_language(code: str) -> None:
    """Switch every later call to language ``code`` (one of :func:`languages`)."""
    global _active
    _active = translator(code)


def language() -> str:
    return _active.code


def t(message: str, /, **values: Any) -> str:
    """``message`` in the active language, formatted with ``values``."""
    return _active.t(message, **values)


def pt(context: str, message: str, /, **values: Any) -> str:
    return _active.pt(context, message, **values)


def nt(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The form of ``singular``/``plural`` that the active language uses for ``n``; ``{n}``
    in the text is the count."""
    return _active.nt(singular, plural, n, **values)


def npt(context: str, singular: str, plural: str, n: int, /, **values: Any) -> str:
    return _active.npt(context, singular, plural, n, **values)


def number(value: float, digits: int = 1) -> str:
    return _active.number(value, digits)


def percent(fraction: float) -> str:
    return _active.percent(fraction)


def signed_percent(fraction: float) -> str:
    """A change as a whole percentage with its sign, "+12 %" / "−31 %" (a true minus)."""
    whole = round(100 * fraction)
    shown = percent(abs(whole) / 100)
    return f"+{shown}" if whole > 0 else f"\u2212{shown}" if whole < 0 else shown


def date_time(stamp: str) -> str:
    """An ISO time stamp ("2026-12-05T23:18:00+0100") as the active language writes a date
    and a time, in the wall-clock time it was written; a stamp that is no date stays as
    it is."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return printable(stamp[:16].replace("T", " "))
    day = format_date(when, "medium", locale=_active.locale)
    return f"{day} {format_time(when, 'short', locale=_active.locale)}"
