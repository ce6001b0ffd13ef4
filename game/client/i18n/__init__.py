"""Every user-visible string, one table per language (Czech and English).

Scenes call ``t("key", name=...)``; the active language is set by the App from the settings
(or ``--lang``). A key missing in one language falls back to English, then to the key itself,
so a forgotten string shows up as a readable key instead of a crash.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from game.rules import GAME_NAMES

LANGUAGES = ("cs", "en")

_current = "cs"

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "app.title": "Herna",
        "app.subtitle": "a little game room",
        "game.cesta": "Cesta",
        "game.royal_road": "Royal Road",
        "game.cut_the_rope": "Cut the Rope",
        "game.cesta.blurb": "Two players, five milestones, the strongest three-card sets.",
        "game.royal_road.blurb": "Race the pyramids along the royal road.",
        "game.cut_the_rope.blurb": "Build the rows up and down, keep the candy safe.",
        "menu.play": "Play",
        "menu.continue": "Continue",
        "menu.settings": "Settings",
        "menu.rules": "Rules",
        "menu.quit": "Quit",
        "menu.back": "Back",
        "menu.start": "Start game",
        "menu.resume": "Resume",
        "menu.quit_to_title": "Quit to title",
        "menu.rematch": "Rematch",
        "menu.new_setup": "New setup",
        "menu.title": "Title screen",
        "menu.ok": "OK",
        "menu.yes": "Yes",
        "menu.no": "No",
        "quit.title": "Quit Herna?",
        "quit.body": "Unfinished games are saved: Continue brings them back.",
        "hint.menu_keys": "Arrows / Tab move · Enter choose · Esc back",
        "setup.title": "New game: {game}",
        "setup.seats": "Players",
        "setup.add_seat": "+ seat",
        "setup.remove_seat": "− seat",
        "setup.human": "Person",
        "setup.ai": "Computer",
        "setup.level.easy": "easy",
        "setup.level.normal": "normal",
        "setup.level.hard": "hard",
        "setup.level.expert": "expert",
        "setup.preset": "Rules",
        "setup.preset.file": "From --rules file",
        "setup.rules_view": "Active rules",
        "setup.name_hint": "Click a name to rename it, type, Enter to finish.",
        "seat.player": "Player {n}",
        "seat.ai_name": "Robot {n}",
        "settings.title": "Settings",
        "settings.language": "Language",
        "settings.volume": "Volume",
        "settings.mute": "Mute",
        "settings.fullscreen": "Fullscreen",
        "settings.window_size": "Window size",
        "settings.animation_speed": "Animation speed",
        "settings.colourblind": "Colour-blind symbols",
        "settings.card_tracker": "Card tracker",
        "settings.ai_pace": "AI pace (s)",
        "settings.on": "on",
        "settings.off": "off",
        "settings.instant": "instant",
        "settings.speed.off": "off",
        "settings.speed.fast": "fast",
        "settings.speed.normal": "normal",
        "settings.speed.slow": "slow",
        "settings.broken": "Your settings file has an error ({where}); defaults are used "
                           "and the file is left as it is.",
        "settings.restart_note": "Window size applies after restart.",
        "rules.title": "Rules",
        "pause.title": "Paused",
        "results.title": "Game over",
        "results.winner": "{name} wins!",
        "results.draw": "A draw!",
        "results.score": "Milestones: {score}",
        "results.reason": "{reason}",
        "results.moves": "{n} moves",
        "handoff.title": "Pass the screen to {name}",
        "handoff.body": "{name}, it is your turn. Others, please look away.",
        "handoff.button": "I am {name} — show my cards",
        "turn.yours": "Your turn, {name}",
        "turn.of": "{name} is on turn",
        "turn.thinking": "{name} is thinking…",
        "turn.forced": "Only one move possible: {move}",
        "ai.error.stopped": "the AI process stopped",
        "ai.error.unknown": "no reason given",
        "ai.error.illegal": "it answered an illegal move",
        "ai.error.restarted": "{name} (computer) failed: {reason}. Restarted, thinking again.",
        "ai.error.again": "{name} (computer) failed again: {reason}. Trying once more.",
        "turn.thinking_short": "thinking",
        "turn.yours_short": "your turn!",
        "turn.play_short": "play a card!",
        "turn.draw_short": "draw a card!",
        "cesta.vs": "{a} beats {b}",
        "cesta.tie": "{a} ties {b}",
        "cesta.sum_only": "sum {n}",
        "cesta.why.category": "stronger kind: {vs}",
        "cesta.why.sum": "same kind, higher sum: {vs}",
        "cesta.why.heart": "{vs}: the side with the heart (red card) wins",
        "cesta.why.time": "TIME: only the sums count —",
        "cesta.proof_detail": "{mine}; the best the opponent can still make: {best}",
        "cesta.proof_none": "the opponent can no longer complete the set",
        "turn.draw_choice": "Draw a card: event or action deck",
        "log.title": "Moves",
        "log.since_title": "Since your last turn",
        "log.since_hint": "Any key or click to continue · the whole game is in the log",
        "log.play": "{name}: {card} → {milestone}",
        "log.draw": "{name} draws from the {deck} deck",
        "log.pass": "{name} passes",
        "log.claim": "{name} takes milestone {milestone}",
        "deck.event": "event",
        "deck.action": "action",
        "cesta.events": "Events",
        "cesta.actions": "Actions",
        "cesta.sort_colour": "Sort: colour",
        "cesta.sort_rank": "Sort: rank",
        "cesta.tracker": "Card tracker",
        "cesta.move_count": "round {n}",
        "cesta.tracker_title": "Cards not on the table",
        "cesta.tracker_best": "Best reachable per milestone",
        "cesta.tracker_off": "The card tracker is turned off in the settings.",
        "cesta.dead": "dead",
        "cesta.claim_comparison": "{name} takes milestone {m}: stronger set",
        "cesta.claim_proof": "{name} takes milestone {m}: no card left can beat it",
        "cesta.claim": "{name} takes milestone {m}",
        "cesta.pass_button": "Pass",
        "cesta.draw_event": "Draw event",
        "cesta.draw_action": "Draw action",
        "cesta.keys": "1-5 card · ←→ milestone · Enter play · E/A draw · S sort · T tracker "
                      "· L log · M sound · H rules · Esc pause",
        "combo.colour_run": "Colour run",
        "combo.three_of_a_kind": "Three of a kind",
        "combo.colour": "Colour",
        "combo.run": "Run",
        "combo.sum": "Sum",
        "action.TIME": "Time",
        "action.RUST": "Rust",
        "action.DEED": "Good deed",
        "cesta.tip.TIME": "At this milestone only sums count: the higher sum wins, and an "
                          "equal sum goes to you.",
        "cesta.tip.RUST": "Your opponent's combination at this milestone counts one category "
                          "lower (a rusted Sum counts 10 less).",
        "cesta.tip.DEED": "Your opponent's action cards at this milestone have no effect, "
                          "played before or after it.",
        "reason.win_any": "Three milestones held",
        "reason.win_ends": "Both ends of the path held",
        "reason.stalemate": "Both players passed: more milestones win",
    },
    "cs": {
        "app.title": "Herna",
        "app.subtitle": "malá herna deskových her",
        "game.cesta": "Cesta",
        "game.royal_road": "Královská cesta",
        "game.cut_the_rope": "Cut the Rope",
        "game.cesta.blurb": "Dva hráči, pět milníků, nejsilnější trojice karet.",
        "game.royal_road.blurb": "Závod pyramid po královské cestě.",
        "game.cut_the_rope.blurb": "Skládej řady nahoru i dolů a ohlídej bonbon.",
        "menu.play": "Hrát",
        "menu.continue": "Pokračovat",
        "menu.settings": "Nastavení",
        "menu.rules": "Pravidla",
        "menu.quit": "Konec",
        "menu.back": "Zpět",
        "menu.start": "Začít hru",
        "menu.resume": "Pokračovat",
        "menu.quit_to_title": "Do hlavní nabídky",
        "menu.rematch": "Odveta",
        "menu.new_setup": "Nové nastavení",
        "menu.title": "Hlavní nabídka",
        "menu.ok": "OK",
        "menu.yes": "Ano",
        "menu.no": "Ne",
        "quit.title": "Ukončit Hernu?",
        "quit.body": "Rozehrané hry jsou uložené: Pokračovat je vrátí.",
        "hint.menu_keys": "Šipky / Tab pohyb · Enter výběr · Esc zpět",
        "setup.title": "Nová hra: {game}",
        "setup.seats": "Hráči",
        "setup.add_seat": "+ hráč",
        "setup.remove_seat": "− hráč",
        "setup.human": "Člověk",
        "setup.ai": "Počítač",
        "setup.level.easy": "lehký",
        "setup.level.normal": "střední",
        "setup.level.hard": "těžký",
        "setup.level.expert": "expert",
        "setup.preset": "Pravidla",
        "setup.preset.file": "Ze souboru --rules",
        "setup.rules_view": "Platná pravidla",
        "setup.name_hint": "Klikni na jméno a přepiš ho, Enter potvrdí.",
        "seat.player": "Hráč {n}",
        "seat.ai_name": "Robot {n}",
        "settings.title": "Nastavení",
        "settings.language": "Jazyk",
        "settings.volume": "Hlasitost",
        "settings.mute": "Ztlumit",
        "settings.fullscreen": "Celá obrazovka",
        "settings.window_size": "Velikost okna",
        "settings.animation_speed": "Rychlost animací",
        "settings.colourblind": "Symboly pro barvoslepé",
        "settings.card_tracker": "Přehled karet",
        "settings.ai_pace": "Tempo počítače (s)",
        "settings.on": "zap.",
        "settings.off": "vyp.",
        "settings.instant": "okamžitě",
        "settings.speed.off": "vypnuto",
        "settings.speed.fast": "rychle",
        "settings.speed.normal": "normálně",
        "settings.speed.slow": "pomalu",
        "settings.broken": "Soubor nastavení obsahuje chybu ({where}); platí výchozí hodnoty "
                           "a soubor zůstává beze změny.",
        "settings.restart_note": "Velikost okna se projeví po restartu.",
        "rules.title": "Pravidla",
        "pause.title": "Pauza",
        "results.title": "Konec hry",
        "results.winner": "Vítězí {name}!",
        "results.draw": "Remíza!",
        "results.score": "Milníky: {score}",
        "results.reason": "{reason}",
        "results.moves": "{n} tahů",
        "handoff.title": "Předej obrazovku: {name}",
        "handoff.body": "{name}, jsi na tahu. Ostatní se prosím nedívejte.",
        "handoff.button": "Jsem {name} – ukaž mé karty",
        "turn.yours": "Jsi na tahu, {name}",
        "turn.of": "Na tahu: {name}",
        "turn.thinking": "{name} přemýšlí…",
        "turn.forced": "Možný je jen jeden tah: {move}",
        "ai.error.stopped": "proces počítačového hráče skončil",
        "ai.error.unknown": "bez udaného důvodu",
        "ai.error.illegal": "odpověděl nepovoleným tahem",
        "ai.error.restarted": "{name} (počítač) selhal: {reason}. Spuštěn znovu, přemýšlí.",
        "ai.error.again": "{name} (počítač) selhal znovu: {reason}. Zkouší to dál.",
        "turn.thinking_short": "přemýšlí",
        "turn.yours_short": "jsi na tahu!",
        "turn.play_short": "zahraj kartu!",
        "turn.draw_short": "dober si kartu!",
        "cesta.vs": "{a} poráží {b}",
        "cesta.tie": "{a} se rovná {b}",
        "cesta.sum_only": "součet {n}",
        "cesta.why.category": "silnější druh: {vs}",
        "cesta.why.sum": "stejný druh, vyšší součet: {vs}",
        "cesta.why.heart": "{vs}: vyhrává strana se srdcem (červenou kartou)",
        "cesta.why.time": "Čas: počítají se jen součty —",
        "cesta.proof_detail": "{mine}; soupeř už nejvýš dosáhne: {best}",
        "cesta.proof_none": "soupeř už kombinaci nemůže dokončit",
        "turn.draw_choice": "Dober kartu: balíček událostí, nebo akcí",
        "log.title": "Tahy",
        "log.since_title": "Od tvého posledního tahu",
        "log.since_hint": "Pokračuj libovolnou klávesou nebo kliknutím · celá hra je v záznamu",
        "log.play": "{name}: {card} → {milestone}",
        "log.draw": "{name} bere z balíčku {deck}",
        "log.pass": "{name} nehraje (pas)",
        "log.claim": "{name} získává milník {milestone}",
        "deck.event": "událostí",
        "deck.action": "akcí",
        "cesta.events": "Události",
        "cesta.actions": "Akce",
        "cesta.sort_colour": "Řadit: barva",
        "cesta.sort_rank": "Řadit: hodnota",
        "cesta.tracker": "Přehled karet",
        "cesta.move_count": "kolo {n}",
        "cesta.tracker_title": "Karty, které nejsou na stole",
        "cesta.tracker_best": "Nejlepší dosažitelné u milníků",
        "cesta.tracker_off": "Přehled karet je v nastavení vypnutý.",
        "cesta.dead": "mrtvá",
        "cesta.claim_comparison": "{name} získává milník {m}: silnější kombinace",
        "cesta.claim_proof": "{name} získává milník {m}: žádná zbylá karta ji nepřebije",
        "cesta.claim": "{name} získává milník {m}",
        "cesta.pass_button": "Pas",
        "cesta.draw_event": "Dobrat událost",
        "cesta.draw_action": "Dobrat akci",
        "cesta.keys": "1-5 karta · ←→ milník · Enter zahrát · E/A dobrat · S řadit · "
                      "T přehled · L tahy · M zvuk · H pravidla · Esc pauza",
        "combo.colour_run": "Postupka v barvě",
        "combo.three_of_a_kind": "Trojice",
        "combo.colour": "Barva",
        "combo.run": "Postupka",
        "combo.sum": "Součet",
        "action.TIME": "Čas",
        "action.RUST": "Rezivění",
        "action.DEED": "Dobrý skutek",
        "cesta.tip.TIME": "U tohoto milníku platí jen součty: vyšší součet vyhrává a při "
                          "rovnosti vyhráváš ty.",
        "cesta.tip.RUST": "Soupeřova kombinace u tohoto milníku platí o kategorii níž "
                          "(zrezivělý Součet platí o 10 méně).",
        "cesta.tip.DEED": "Soupeřovy akční karty u tohoto milníku neplatí, ať je zahrál "
                          "před ní, nebo po ní.",
        "reason.win_any": "Tři ovládnuté milníky",
        "reason.win_ends": "Ovládnuté oba konce cesty",
        "reason.stalemate": "Oba hráči pasovali: rozhoduje počet milníků",
    },
}


# Each table keeps its own strings in ``game/client/tables/<game>/strings.py`` (a dict
# ``STRINGS = {"en": {...}, "cs": {...}}``) so that tables can grow without editing this
# file; they are merged into the one table per language on first use. Every game of the
# rules core has one (a missing module is an error, not a silently untranslated table).
_merged = False


def _merge_table_strings() -> None:
    global _merged
    _merged = True
    names = [f"game.client.tables.{game}.strings" for game in GAME_NAMES]
    names.append("game.client.i18n.strings_saves")  # saves, undo, replays, house rules
    names.append("game.client.i18n.strings_rules")  # rule names and values in player words
    names.append("game.client.online.strings")  # online play
    names.append("game.client.tutorial.strings")  # tutorials, hints
    for name in names:
        module = import_module(name)
        for lang, table in module.STRINGS.items():
            STRINGS.setdefault(lang, {}).update(table)


def printable(text: str, limit: int = 200) -> str:
    """``text`` safe for a font: control characters (which make ``font.render`` raise) are
    replaced, and the length is bounded. Text read from files goes through this before it
    is shown."""
    clean = "".join(c if c.isprintable() else "?" for c in text)
    return clean if len(clean) <= limit else clean[:limit - 1] + "…"


def set_language(lang: str) -> None:
    """Switch every later ``t`` call; unknown codes fall back to Czech, the home language."""
    global _current
    _current = lang if lang in LANGUAGES else "cs"


def language() -> str:
    return _current


def t(key: str, **values: Any) -> str:
    """The string for ``key`` in the active language, formatted with ``values``."""
    if not _merged:
        _merge_table_strings()
    text = STRINGS[_current].get(key) or STRINGS["en"].get(key) or key
    if values:
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def has(key: str) -> bool:
    if not _merged:
        _merge_table_strings()
    return key in STRINGS[_current] or key in STRINGS["en"]
