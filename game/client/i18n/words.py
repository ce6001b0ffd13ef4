"""Words several screens share: the games' names and blurbs and the computer's levels.

Each function spells its message ids out, so the catalogue extractor finds every one of them.
"""

from __future__ import annotations

from game.client.i18n import nt, pt, t


def game_title(game: object) -> str:
    """The game's proper name; a language keeps it unless it has an established one."""
    titles = {
        # TRANSLATORS: a proper name; keep it unless your language has an established one
        "cesta": pt("game name", "Cesta"),
        # TRANSLATORS: a proper name; keep it unless your language has an established one
        "royal_road": pt("game name", "Královská cesta"),
        # TRANSLATORS: a proper name; keep it unless your language has an established one
        "cut_the_rope": pt("game name", "Cut the Rope"),
    }
    return titles.get(str(game), str(game))


def game_blurb(game: str) -> str:
    blurbs = {
        "cesta": t("Two players, five milestones, the strongest three-card sets."),
        "royal_road": t("Race the pyramids along the royal road."),
        "cut_the_rope": t("Build the rows up and down, keep the candy safe."),
    }
    return blurbs.get(game, "")


def winners_line(names: list[str]) -> str:
    """"Ann wins!", or "Ann & Bob win!" when several share the victory."""
    # TRANSLATORS: {name} is one winner's name, or several joined by " & "
    return nt("{name} wins!", "{name} win!", len(names), name=" & ".join(names))


def level_name(level: object) -> str:
    """A computer player's level as the setup screen offers it."""
    levels = {
        "easy": pt("computer level", "easy"),
        "normal": pt("computer level", "normal"),
        "hard": pt("computer level", "hard"),
        "expert": pt("computer level", "expert"),
    }
    return levels.get(str(level), str(level))


def combo_name(name: str) -> str:
    """A Cesta combination's name."""
    words = {
        "colour": t("Colour"),
        "colour_run": t("Colour run"),
        "run": t("Run"),
        "sum": t("Sum"),
        "three_of_a_kind": t("Three of a kind"),
    }
    return words.get(name, name)
