"""Start the client: wire the App to the scenes, show the first scene, run the loop.

This is the one module above both the loop (``app``) and the scenes: it builds the scene
registry, hands it to the ``App`` and picks the first scene from the options (continue a
saved game, go straight to a table, or the title). ``game.cli`` calls ``run(options)``.
"""

from __future__ import annotations

import logging

from game.client.app.diagnostics import Diagnostics
from game.client.app.loop import App, seats_from_specs
from game.client.options import Options, SeatSpec
from game.client.scenes.registry import default_registry
from game.client.scenes.resume import resume_latest
from game.client.storage.save_folder import clean_at_start
from game.client.storage.settings import Settings
from game.client.storage.user_rules import problems as rules_problems
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
        specs = options.players or list(DEFAULT_SEATS)
        rules = str(options.rules_file) if options.rules_file else None
        app.start_match(options.game, seats_from_specs(specs), rules, options.seed,
                        replace=False)
        return
    app.go_to_title()


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
