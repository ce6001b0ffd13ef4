"""Test setup: SDL must use its dummy drivers before anything imports pygame."""

import itertools
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game follows the computer's language on first start: the tests run on a Czech one.
for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "cs_CZ.UTF-8"


def pytest_configure(config):
    """HERNA_SLOW=1 runs the long stress tests too (the default run deselects `slow`)."""
    if os.environ.get("HERNA_SLOW") == "1":
        config.option.markexpr = ""


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _own_config_and_data(tmp_path_factory, monkeypatch):
    """Every test gets its own settings and data folders.

    Why: the client writes settings, saves, statistics and tutorial progress into the
    user's folders. Without this, tests wrote into the real ones of whoever ran them (a
    developer's own saves and settings) and into each other's: a game autosaved or a
    setting saved by one test was seen by the next, so results depended on test order.
    Tests that need a particular folder still set ``HERNA_CONFIG_DIR``/``HERNA_DATA_DIR``
    themselves (their own fixture runs after this one)."""
    base = tmp_path_factory.mktemp("herna-home")
    monkeypatch.setenv("HERNA_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("HERNA_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("HERNA_LOG_DIR", str(base / "logs"))


@pytest.fixture(autouse=True)
def _repeatable_computers(monkeypatch):
    """The computers' randomness in every match a test makes comes from a counter, not the
    OS, so a test that lets computers play a whole game plays the same game every run.

    Why: a real match draws its AI seed from the OS (``match.new_ai_seed`` in
    ``game.client.match.match``), so a test waiting for some moment of a random game would
    fail whenever that game never had the moment. The client's behaviour does not change; only the tests' seeds are fixed."""
    from game.client.match import match

    seeds = itertools.count(7001)
    monkeypatch.setattr(match, "new_ai_seed", lambda: next(seeds))


@pytest.fixture(autouse=True)
def _english_until_told(monkeypatch):
    """Each test starts in English, the catalogues' source language.

    Why: an App started by one test switches the process-wide language (to Czech, from the
    LANG above); a later test reading words would otherwise depend on the order tests ran."""
    from game.client.i18n import set_language

    set_language("en")
