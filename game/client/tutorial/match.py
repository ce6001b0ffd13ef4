"""``TutorialMatch``: a Match whose learner may play only what the lesson teaches.

The table calls ``match.play`` as always; here a move the lesson does not teach raises
``IllegalMove`` (which the table already answers with the error sound) and leaves the
coach's friendly word for the coach panel. Once the lesson is complete the match is at
rest: nobody is waiting or thinking (the coach stops updating it, so the easy opponent
makes no further move under the "well done"). Nothing is saved: a lesson is not a game to
continue later.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.client.i18n import N_, t
from game.client.match.match import Match, SeatInfo, default_names
from game.client.match.types import Event, Move
from game.client.tutorial.lesson import Coach, Lesson
from game.rules import IllegalMove, get_game


@dataclass
class TutorialMatch(Match):
    coach: Coach | None = None

    @property
    def lesson_over(self) -> bool:
        return self.coach is not None and self.coach.complete

    @property
    def waiting_for_human(self) -> bool:
        return not self.lesson_over and super().waiting_for_human

    @property
    def thinking(self) -> int | None:
        return None if self.lesson_over else super().thinking

    def play(self, move: Move) -> list[Event]:
        seat = self.to_move
        coach = self.coach
        if coach is not None and seat is not None and not self.seats[seat].is_ai \
                and not coach.allows(self.state, move):
            # the table's toast says what the coach's panel says
            raise IllegalMove.because(N_("A fine idea for another time — now try the move "
                                         "the coach describes."))
        shown = super().play(move)
        if coach is not None and seat is not None:
            coach.played(seat, self.state)
        return shown


def lesson_match(lesson: Lesson, inline_ai: bool = False) -> TutorialMatch:
    """The lesson's position on a match: the learner in seat 0, ``easy`` in seat 1."""
    game = get_game(lesson.game)
    state = lesson.build(game)
    seats = default_names([SeatInfo("human", name=t("You")),
                           SeatInfo("ai", lesson.opponent)])
    match = TutorialMatch(lesson.game, game, seats, lesson.seed, state,
                          coach=Coach(lesson, game, learner=0, start=state))
    match.start_worker(inline_ai)
    return match
