"""Test setup: SDL must use its dummy drivers before anything imports pygame."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_configure(config):
    """HERNA_SLOW=1 runs the long stress tests too (the default run deselects `slow`)."""
    if os.environ.get("HERNA_SLOW") == "1":
        config.option.markexpr = ""
