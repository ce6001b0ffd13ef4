"""Every lesson of every game: its position is legal (from_dict), its taught moves are legal
and reach its goal whatever the opponent answers, an untaught move is refused kindly, and
every number the words state is one the position holds."""

from __future__ import annotations

import random
import re
from functools import partial

import pytest

from game.client.i18n import set_language
from game.client.tables.cesta import info as table_info
from game.client.tutorial import Coach, Lesson, Words, lessons_for
from game.client.tutorial.lesson import Facts, lost, not_this_move, won
from game.client.tutorial.match import lesson_match
from game.i18n import languages, translator
from game.rules import GAME_NAMES, IllegalMove, get_game
from game.rules.cesta.cards import IDS, RANKS, STRENGTH, mask_of

LESSONS = [(game, index) for game in GAME_NAMES for index in range(len(lessons_for(game)))]


def _taught(coach: Coach, state):  # noqa: ANN001, ANN202 - any game's state
    """The first legal move the current step accepts (what a learner following the coach
    plays)."""
    step = coach.step
    assert step is not None
    moves = coach.game.legal_moves(state)
    accepted = [m for m in moves if step.accept(coach.game, state, m)]
    assert accepted, f"step {coach.step_index} of {coach.lesson.key} accepts no legal move"
    return accepted[0]


def test_every_game_has_five_to_ten_lessons_ending_with_a_game_against_easy():
    for game in GAME_NAMES:
        lessons = lessons_for(game)
        assert 5 <= len(lessons) <= 10
        assert lessons[-1].free_game and lessons[-1].opponent == "easy"
        assert all(not lesson.free_game for lesson in lessons[:-1])
        assert len({lesson.key for lesson in lessons}) == len(lessons)


@pytest.mark.parametrize(("game_name", "index"), LESSONS)
def test_lesson_position_is_legal_and_round_trips(game_name, index):
    lesson = lessons_for(game_name)[index]
    game = get_game(game_name)
    state = lesson.build(game)
    data = game.to_dict(state)
    assert game.to_dict(game.from_dict(data)) == data
    assert game.current_player(state) is not None and not game.is_over(state)


@pytest.mark.parametrize(("game_name", "index"), [li for li in LESSONS
                                                  if not lessons_for(li[0])[li[1]].free_game])
@pytest.mark.parametrize("opponent_seed", [1, 2, 3])
def test_taught_moves_reach_the_goal_and_wrong_moves_are_refused(game_name, index,
                                                                 opponent_seed):
    lesson = lessons_for(game_name)[index]
    game = get_game(game_name)
    state = lesson.build(game)
    coach = Coach(lesson, game)
    assert game.current_player(state) == 0, "every lesson starts with the learner to move"
    # an untaught move at the first step is refused, with the friendly word
    step = coach.step
    wrong = [m for m in game.legal_moves(state) if not step.accept(game, state, m)]
    assert wrong, f"{lesson.key}: the first step accepts every move; nothing to refuse"
    assert not coach.allows(state, wrong[0])
    assert coach.refusal is not_this_move
    opponent = random.Random(opponent_seed)
    for _ply in range(60):
        if coach.complete:
            break
        seat = game.current_player(state)
        if seat == 0:
            move = _taught(coach, state) if coach.step is not None else \
                game.legal_moves(state)[0]
            assert coach.allows(state, move)
        else:
            move = opponent.choice(game.legal_moves(state))
        state, _events = game.apply(state, move)
        coach.played(seat, state)
    assert coach.complete, f"{lesson.key} did not reach its goal"
    assert coach.step is None


def test_white_lesson_really_rolls_white():
    lesson = next(x for x in lessons_for("royal_road") if x.key == "white")
    game = get_game("royal_road")
    state = lesson.build(game)
    state, _ = game.apply(state, game.parse_move(state, "roll"))
    assert game.to_dict(state)["color"] == "w"


def test_tutorial_match_refuses_untaught_moves_and_keeps_the_position():
    set_language("en")
    lesson = lessons_for("cesta")[0]
    match = lesson_match(lesson, inline_ai=True)
    before = match.game.to_dict(match.state)
    wrong = match.game.parse_move(match.state, "play Y7 1")
    with pytest.raises(IllegalMove):
        match.play(wrong)
    assert match.game.to_dict(match.state) == before and not match.history
    assert match.coach is not None and match.coach.refusal is not None
    assert "coach" in match.coach.refusal()
    match.play(match.game.parse_move(match.state, "play GO 3"))
    assert match.coach.step_index == 1
    match.close()


def _words(lesson: Lesson, facts: Facts) -> list[Words]:
    """Every line a lesson can show, with its facts filled in."""
    said = [lesson.goal, lesson.done, *(step.coach for step in lesson.steps)]
    said += [lesson.intro] if lesson.intro is not None else []
    return [lesson.title, *(partial(words, facts) for words in said)]


def _facts(lesson: Lesson) -> Facts:
    return Coach(lesson, get_game(lesson.game)).facts


@pytest.mark.parametrize("code", languages())
def test_every_lesson_text_renders_in_every_language(code):
    set_language(code)
    try:
        for game in GAME_NAMES:
            for lesson in lessons_for(game):
                for words in [*_words(lesson, _facts(lesson)), won, lost, not_this_move]:
                    text = words()
                    assert text.strip(), f"{code} {lesson.key}: an empty line"
                    assert "{" not in text and "}" not in text, \
                        f"{code} {lesson.key}: a placeholder left in {text!r}"
    finally:
        set_language("en")


def test_lesson_texts_follow_the_language():
    lesson = lessons_for("cut_the_rope")[1]
    facts = _facts(lesson)
    try:
        for code in languages():
            set_language(code)   # asked again when shown: no restart, no rebuilt lesson
            assert lesson.goal(facts) == translator(code).t("Start a row with scissors.")
            assert lesson.title() == translator(code).t("Scissors")
    finally:
        set_language("en")


# --- every number a lesson states, against the rules core's reading of its position -------

def _named(lesson: Lesson, kind: str) -> set[int]:
    """The numbers of the places a lesson highlights or mentions (``milestone:3``)."""
    names = [*lesson.mentions, *lesson.highlight_done,
             *(name for step in lesson.steps for name in step.highlight)]
    return {int(what) for name in names for k, _, what in [name.partition(":")]
            if k == kind and what.isdigit()}


def _cesta_numbers(lesson: Lesson, game, data) -> tuple[set[int], set[int], set[int]]:  # noqa: ANN001
    """(every number the position justifies, the sums at its milestones, the milestones
    that hold cards or that the lesson points at), from the rules core."""
    def sums_of(cards: list[str]) -> int:
        ids = [IDS[c] for c in cards]
        if len(ids) == 3:   # the engine's own key of three cards
            return game.keys[mask_of(ids)].total
        return sum(STRENGTH[c] for c in ids)

    hand = data["hands"][0]
    sums: set[int] = set()
    places = _named(lesson, "milestone") | _named(lesson, "column")
    for number, milestone in enumerate(data["milestones"], 1):
        for seat, side in enumerate(milestone["sides"]):
            events = side["events"]
            if events or side["actions"]:
                places.add(number)
            if events:
                sums.add(sums_of(events))
                # the client's label beside the stone says the same number
                assert table_info.side_standing(data, number - 1, seat).total == \
                    sums_of(events)
            if len(events) == 2:
                sums |= {sums_of([*events, card]) for card in hand if card in IDS
                         and IDS[card] < 32}
    rules = {game.hand_size, game.win_any, game.milestones, 1}
    ranks = {int(rank) for rank in RANKS if rank.isdigit()} | set(STRENGTH)
    return sums | places | rules | ranks, sums, places


def _royal_numbers(lesson: Lesson, game, data) -> set[int]:  # noqa: ANN001
    track = data["track"]
    special = {track.index(code) for code in ("START", "JAIL", "TRAPDOOR", "GOAL")
               if code in track}
    return special | set(data["pyramids"].values()) | _named(lesson, "place") | {game.keep}


def _cut_numbers(lesson: Lesson, game, data) -> set[int]:  # noqa: ANN001
    cards = [*data["hands"][0], data["piles"][0][-1]]
    cards += [card for row in data["aux"][0] for card in row]
    cards += [card for row in data["rows"] if row for card in row["cards"]]
    values = {int(card) for card in cards if card.isdigit()}
    counts = {game.row_length, game.hand_size, game.main_rows, game.aux_rows, 1}
    return values | counts | _named(lesson, "row") | _named(lesson, "aux")


@pytest.mark.parametrize(("game_name", "index"), LESSONS)
def test_every_number_a_lesson_states_is_its_positions(game_name, index):
    """Each lesson's words, rendered, state only numbers its own position (or the rules in
    play) holds: sums as the rules core adds them up, milestones and track cards where the
    lesson's cards and pyramids are."""
    set_language("en")
    lesson = lessons_for(game_name)[index]
    game = get_game(game_name)
    data = game.to_dict(lesson.build(game))
    facts = _facts(lesson)
    texts = [words() for words in _words(lesson, facts)]
    if game_name == "cesta":
        allowed, sums, places = _cesta_numbers(lesson, game, data)
        for text in texts:
            for said in re.findall(r"milestones? (\d+)", text):
                ends = {1, game.milestones}   # "both ends of the path, milestones 1 and 5"
                assert int(said) in places | ends, f"{lesson.key}: milestone {said} in {text!r}"
            for said in re.findall(r"(?:sum|sum of|your|their) (\d+)|(\d+) against", text):
                number = int(said[0] or said[1])
                assert number in sums, f"{lesson.key}: the sum {number} in {text!r}"
    elif game_name == "royal_road":
        allowed = _royal_numbers(lesson, game, data)
        for text in texts:
            for said in re.findall(r"card (\d+)", text):
                assert int(said) in _royal_numbers(lesson, game, data), \
                    f"{lesson.key}: card {said} in {text!r}"
    else:
        allowed = _cut_numbers(lesson, game, data)
    for text in texts:
        for said in re.findall(r"\d+", text):
            assert int(said) in allowed, f"{lesson.key}: {said} is not in its position: {text!r}"


def test_the_time_lesson_quotes_the_sums_the_table_shows():
    """The opponent's colour in the Time lesson: the coach's number is the label's."""
    set_language("en")
    lesson = next(x for x in lessons_for("cesta") if x.key == "time")
    game = get_game("cesta")
    data = game.to_dict(lesson.build(game))
    milestone = next(i + 1 for i, m in enumerate(data["milestones"])
                     if len(m["sides"][1]["events"]) == 3)
    sides = data["milestones"][milestone - 1]["sides"]
    shown = [table_info.side_standing(data, milestone - 1, seat).total
             for seat in range(len(sides))]
    facts = _facts(lesson)
    assert f"milestone {milestone}" in lesson.goal(facts)
    assert f"sum of {shown[0]}" in lesson.done(facts)
    assert f"sum of {shown[1]}" in lesson.done(facts)
