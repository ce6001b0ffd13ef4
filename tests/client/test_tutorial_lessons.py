"""Every lesson of every game: its position is legal (from_dict), its taught moves are legal
and reach its goal whatever the opponent answers, and an untaught move is refused kindly."""

from __future__ import annotations

import random

import pytest

from game.client.i18n import set_language
from game.client.tutorial import Coach, Lesson, Words, lessons_for
from game.client.tutorial.lesson import lost, not_this_move, won
from game.client.tutorial.match import lesson_match
from game.i18n import languages, translator
from game.rules import GAME_NAMES, IllegalMove, get_game
from game.rules.cesta.cards import IDS, STRENGTH

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


def test_every_game_has_five_to_eight_lessons_ending_with_a_game_against_easy():
    for game in GAME_NAMES:
        lessons = lessons_for(game)
        assert 5 <= len(lessons) <= 8
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
    wrong = match.game.parse_move(match.state, "play Y8 1")
    with pytest.raises(IllegalMove):
        match.play(wrong)
    assert match.game.to_dict(match.state) == before and not match.history
    assert match.coach is not None and match.coach.refusal is not None
    assert "coach" in match.coach.refusal()
    match.play(match.game.parse_move(match.state, "play RA 3"))
    assert match.coach.step_index == 1
    match.close()


def _words(lesson: Lesson) -> list[Words]:
    """Every line a lesson can show."""
    lines = [lesson.title, lesson.goal, lesson.done, *(step.coach for step in lesson.steps)]
    return lines + ([lesson.intro] if lesson.intro is not None else [])


@pytest.mark.parametrize("code", languages())
def test_every_lesson_text_renders_in_every_language(code):
    set_language(code)
    try:
        for game in GAME_NAMES:
            for lesson in lessons_for(game):
                for words in [*_words(lesson), won, lost, not_this_move]:
                    text = words()
                    assert text.strip(), f"{code} {lesson.key}: an empty line"
                    assert "{" not in text and "}" not in text, \
                        f"{code} {lesson.key}: a placeholder left in {text!r}"
    finally:
        set_language("en")


def test_lesson_texts_follow_the_language():
    lesson = lessons_for("cut_the_rope")[1]
    try:
        for code in languages():
            set_language(code)   # asked again when shown: no restart, no rebuilt lesson
            assert lesson.goal() == translator(code).t("Start a row with scissors.")
            assert lesson.title() == translator(code).t("Scissors")
    finally:
        set_language("en")


def test_numbers_in_the_words_come_from_the_position():
    """The Time lesson quotes both sums and its milestone as its position has them."""
    set_language("en")
    lesson = next(x for x in lessons_for("cesta") if x.key == "time")
    game = get_game("cesta")
    data = game.to_dict(lesson.build(game))
    milestone = next(i + 1 for i, m in enumerate(data["milestones"])
                     if len(m["sides"][1]["events"]) == 3)
    sums = [sum(STRENGTH[IDS[card]] for card in side["events"])
            for side in data["milestones"][milestone - 1]["sides"]]
    assert f"milestone {milestone}" in lesson.goal()
    assert f"sum of {sums[0]}" in lesson.done() and f"sum of {sums[1]}" in lesson.done()
