"""The house rules in player words: a name for every key and words for its values
(merged into ``i18n``). The TOML files keep their keys; the screens never show them."""

_NAMES = {
    "cesta.hand_size": ("Cards in hand", "Karet v ruce"),
    "cesta.milestones": ("Milestones on the path", "Milníků na cestě"),
    "cesta.win_any": ("Milestones that win", "Milníků k vítězství"),
    "cesta.win_ends": ("Both ends win", "Oba konce vyhrávají"),
    "cesta.ranking": ("Order of combinations", "Pořadí kombinací"),
    "cesta.heart_tiebreak": ("Heart breaks a tie", "Srdce rozhoduje shodu"),
    "cesta.proof_claims": ("Early claims", "Předčasné získání"),
    "cesta.action_cards": ("Action cards", "Akční karty"),
    "cesta.action_copies": ("Copies of each action card", "Kopií každé akční karty"),
    "royal_road.players_min": ("Fewest players", "Nejméně hráčů"),
    "royal_road.players_max": ("Most players", "Nejvíce hráčů"),
    "royal_road.track_cards": ("Cards in the road", "Karet v cestě"),
    "royal_road.deal": ("Cards dealt", "Rozdaných karet"),
    "royal_road.keep": ("Secret cards kept", "Tajných karet"),
    "royal_road.jail_position": ("Place of the jail", "Místo vězení"),
    "royal_road.trapdoor": ("Trapdoor before the goal", "Propadliště před cílem"),
    "royal_road.reuse_previous": ("Take over the last colour", "Převzetí předchozí barvy"),
    "royal_road.bonus_swap": ("Bonus swap", "Bonusová výměna"),
    "royal_road.overstep": ("Overstepping", "Přešlapy"),
    "royal_road.overstep_penalty_turns": ("Overstep penalty", "Trest za přešlap"),
    "royal_road.first_player": ("Who starts", "Kdo začíná"),
    "royal_road.deck": ("Royal cards", "Královské karty"),
    "cut_the_rope.players_min": ("Fewest players", "Nejméně hráčů"),
    "cut_the_rope.players_max": ("Most players", "Nejvíce hráčů"),
    "cut_the_rope.pile_sizes": ("Personal pile", "Osobní balíček"),
    "cut_the_rope.hand_size": ("Cards in hand", "Karet v ruce"),
    "cut_the_rope.main_rows": ("Main rows", "Hlavních řad"),
    "cut_the_rope.aux_rows": ("Helper rows each", "Pomocných řad na hráče"),
    "cut_the_rope.row_length": ("Length of a row", "Délka řady"),
    "cut_the_rope.copies": ("Copies of each number", "Kopií každého čísla"),
    "cut_the_rope.scissors": ("Scissors cards", "Karet nůžek"),
    "cut_the_rope.reshuffle": ("Reshuffle the discards", "Zamíchat odložené"),
    "cut_the_rope.refill_when_empty": ("Refill an empty hand", "Doplnit prázdnou ruku"),
    "cut_the_rope.first_player": ("Who starts", "Kdo začíná"),
}

_VALUES = {
    "yes": ("yes", "ano"),
    "no": ("no", "ne"),
    "random": ("at random", "náhodně"),
    "seat": ("player {n}", "hráč {n}"),
    "third": ("a third of the road", "třetina cesty"),
    "position": ("card {n}", "karta {n}"),
    "any-but-ends": ("any but START and GOAL", "kromě STARTU a CÍLE"),
    "face-up-only": ("face-up cards only", "jen lícové karty"),
    "off": ("off", "vypnuto"),
    "cards": ("{n} cards", "{n} karet"),
    "piles": ("{players} players: {n}", "{players} hráči: {n}"),
}

STRINGS: dict[str, dict[str, str]] = {"en": {}, "cs": {}}
for _key, (_en, _cs) in _NAMES.items():
    STRINGS["en"][f"rule.{_key}"] = _en
    STRINGS["cs"][f"rule.{_key}"] = _cs
for _key, (_en, _cs) in _VALUES.items():
    STRINGS["en"][f"rule.value.{_key}"] = _en
    STRINGS["cs"][f"rule.value.{_key}"] = _cs
STRINGS["en"]["setup.preset.mine"] = "My house rules"
STRINGS["cs"]["setup.preset.mine"] = "Moje domácí pravidla"
