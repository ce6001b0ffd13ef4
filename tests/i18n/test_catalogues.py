"""The translation catalogues: complete, well-formed, compiled and in step with the code.

A message the code uses but a catalogue lacks would show in English inside a Czech or German
screen without a word of warning, so every shipped catalogue must hold every message of the
code, translated, not fuzzy, with the same placeholders and the language's number of plural
forms; and the compiled ``.mo`` the game loads must say what its ``.po`` says.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from game.i18n import DOMAIN, LOCALE_DIR, SOURCE_LANGUAGE, languages, pick_language

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_]\w*)(?:[!:][^{}]*)?\}")
SHIPPED = [code for code in languages() if code != SOURCE_LANGUAGE]


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalogue(code: str) -> Catalog:
    with po_path(code).open("rb") as handle:
        return read_po(handle, locale=code)


@cache
def code_messages() -> frozenset[tuple[str | None, str]]:
    """(context, message id) of every message the game's and the AI's code mark."""
    found: set[tuple[str | None, str]] = set()
    method_map = [("game/**.py", "python"), ("ai/**.py", "python")]
    keywords = {"t": None, "pt": ((1, "c"), 2), "nt": (1, 2), "npt": ((1, "c"), 2, 3),
                "N_": None}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map=method_map, keywords=keywords, comment_tags=()):
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.add((context, msgid))
    return frozenset(found)


def entries(code: str) -> list[Message]:
    return [message for message in catalogue(code) if message.id]


def names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_languages_are_found_from_the_catalogue_folders():
    assert SOURCE_LANGUAGE in languages() and {"cs", "de"} <= set(languages())


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_of_the_code_is_translated(code: str):
    have = {(message.context, message.id if isinstance(message.id, str) else message.id[0])
            for message in entries(code)
            if message.string and not message.fuzzy and
            (isinstance(message.string, str) or all(message.string))}
    missing = sorted(f"{context or ''}|{msgid}" for context, msgid in code_messages() - have)
    assert not missing, f"{len(missing)} messages lack a {code} translation: {missing[:10]}"


@pytest.mark.parametrize("code", SHIPPED)
def test_no_fuzzy_or_empty_entries(code: str):
    bad = [message.id for message in entries(code) if message.fuzzy or not message.string or
           (isinstance(message.string, tuple) and not all(message.string))]
    assert not bad, bad[:10]


@pytest.mark.parametrize("code", SHIPPED)
def test_the_plural_header_is_the_languages_own(code: str):
    header = catalogue(code).plural_forms
    expected = get_plural(Locale.parse(code))
    assert catalogue(code).num_plurals == expected.num_plurals, header
    for message in entries(code):
        if isinstance(message.id, tuple):
            assert len(message.string) == expected.num_plurals, message.id


@pytest.mark.parametrize("code", SHIPPED)
def test_placeholders_match_their_message_id(code: str):
    for message in entries(code):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(names(text) for text in ids))
        for text in filter(None, strings):  # an empty one is reported above
            got = names(text)
            if len(ids) == 1:
                assert got == wanted, (message.id, text)
            else:  # a plural form may leave out {n} ("one card" for 1), never add a name
                assert got <= wanted and got >= wanted - {"n"}, (message.id, text)
            text.format(**{name: 1 for name in wanted})  # braces balanced


@pytest.mark.parametrize("code", SHIPPED)
def test_the_compiled_catalogue_is_the_po_file(code: str):
    mo = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for message in entries(code):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings) or message.fuzzy:
            continue  # reported by the tests above
        if isinstance(message.id, tuple):
            for n, form in ((1, 0), (5, -1)):
                if message.context:
                    got = compiled.npgettext(message.context, message.id[0], message.id[1], n)
                else:
                    got = compiled.ngettext(message.id[0], message.id[1], n)
                if form == 0 or len(message.string) > 1:
                    assert got in message.string, (message.id, "run tools/i18n.py compile")
        else:
            got = compiled.pgettext(message.context, message.id) if message.context \
                else compiled.gettext(message.id)
            assert got == message.string, (message.id, "run tools/i18n.py compile")


def test_the_template_lists_what_the_code_marks():
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as handle:
        template = read_po(handle)
    listed = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    assert listed == code_messages(), "run tools/i18n.py extract and update"


@pytest.mark.parametrize(("preferred", "chosen"), [
    (["cs-CZ"], "cs"), (["sk_SK"], "cs"), (["de_AT", "en"], "de"), (["fr_FR"], "en"),
    ([], "en"), (["pl", "de-DE"], "de"),
])
def test_the_first_start_language_follows_the_computer(preferred: list[str], chosen: str):
    assert pick_language(preferred) == chosen
