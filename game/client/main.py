"""Start the client: wire the App to the scenes, show the first scene, run the loop.

This is the one module above both the loop (``app``) and the scenes: it builds the scene
registry, hands it to the ``App`` and picks the first scene from the options (continue a
saved game, go straight to a table, or the title). ``game.cli`` calls ``run(options)``.
"""

from __future__ import annotations

import logging
from typing import Any

from game.client.app.diagnostics import Diagnostics
from game.client.app.loop import App, seats_from_specs
from game.client.i18n import printable, t
from game.client.options import Options, SeatSpec
from game.client.scenes.registry import default_registry
from game.client.scenes.resume import resume_latest
from game.client.storage.save_folder import clean_at_start
from game.client.storage.settings import Settings
from game.client.storage.user_rules import overrides_for
from game.client.storage.user_rules import problems as rules_problems
from game.client.tables.base import RULES_NOTE_SECONDS, TableScene
from game.client.tutorial.scene import first_unfinished, start_lesson

DEFAULT_SEATS = (SeatSpec("human"), SeatSpec("ai", "normal"))

log = logging.getLogger("herna")


def build_app(options: Options, settings: Settings | None = None) -> App:
    """The App with the real scenes (tests use this too, with their own settings)."""
    return App(options, default_registry(), settings)


def build_first_scene(app: App) -> None:
    options = app.options
    if options.resume:
        if resume_latest(app):
            return
        log.warning("no saved game to continue")
    if options.tutorial:
        app.go_to_title()  # leaving the lessons lands on the title
        start_lesson(app, options.tutorial, first_unfinished(options.tutorial))
        return
    if options.game:
        quick_start(app, options.game, options.players or list(DEFAULT_SEATS))
        return
    app.go_to_title()


def quick_start(app: App, game: str, specs: list[SeatSpec]) -> None:
    """``--game``: the original rules unless ``--rules`` names a file (house rules saved
    in the editor are chosen on the setup screen, never taken silently); the table says
    which rules it plays by."""
    options = app.options
    rules: Any = str(options.rules_file) if options.rules_file else {}
    match = app.start_match(game, seats_from_specs(specs), rules, options.seed, replace=False)
    table = app.stack.top
    if match is None or not isinstance(table, TableScene):
        return
    if options.rules_file:
        note = t("House rules from {file}", file=printable(options.rules_file.name, 60))
    elif overrides_for(game):
        note = t("The original rules. Your own house rules apply when you choose them "
                 "on the setup screen.")
    else:
        note = t("The original rules.")
    log.info("quick start of %s: %s", game, options.rules_file or "the original rules")
    table.rules_note = (note, RULES_NOTE_SECONDS)


def run(options: Options) -> int:
    """Entry point from ``game.cli``: the log, the App, the first scene, the loop."""
    diagnostics = Diagnostics()
    diagnostics.start()
    try:
        app = build_app(options)
        app.log_file = diagnostics.log_file
        clean_at_start()  # .tmp files of a write that was killed half-way
        for problem in app.settings.problems:
            log.warning("settings problem: %s", problem)
        for rules_problem in rules_problems():
            log.warning("house rules problem (using the original rules): %s", rules_problem)
        try:
            build_first_scene(app)
            return app.run_loop()
        finally:
            app.close()
    except Exception:
        log.exception("Herna stopped on an unexpected error")
        raise
    finally:
        log.info("Herna stopped")
        diagnostics.stop()
