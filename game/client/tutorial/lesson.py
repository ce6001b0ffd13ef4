"""What a lesson is, as data, and the coach that holds a match to it (no pygame here).

A lesson is a hand-built position (made from a seeded deal by moving named cards into
place, then loaded with the engine's own ``from_dict``, so it is checked like any save),
a goal, and a few *steps*: each step says which moves of the learner it teaches (anything
else is refused with a friendly word, not an error), what the coach says meanwhile and
which cards or places the table highlights. The lesson is done when its goal holds in the
real state (a milestone claimed, a row gone) or, without a goal, when every step was played.
The last lesson of every game has no steps: a short real game against ``easy``.

A lesson's words are kept with its position, as functions that ask the catalogue each time
they are shown (``lambda f: t("...", sum=f["mine"])``): the English message id stays literal
for the extractor and a language switch shows on the next frame. Every number a lesson says
(a milestone, a sum, a strength, a rule's count) comes from its *facts*: values its ``facts``
function reads off the lesson's own position with the rules core, never typed into words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.client.i18n import t
from game.client.match.types import AnyGame, Move, State
from game.rules import IllegalMove

# a lesson's title: its words in the active language, asked for each time it is shown
Words = Callable[[], str]
# what a lesson reads off its position (milestones, sums, counts) for its words to quote
Facts = Mapping[str, Any]
# a lesson's line: its words in the active language, quoting the lesson's facts
Said = Callable[[Facts], str]
FactsOf = Callable[[AnyGame, State], dict[str, Any]]


def no_facts(game: AnyGame, state: State) -> dict[str, Any]:
    """A lesson whose words quote no number."""
    return {}

# (game, state, move) -> whether the step accepts the move
Accept = Callable[[AnyGame, State, Move], bool]


def only(*notations: str) -> Accept:
    """Accept exactly these moves. Lesson data names moves in notation (the edge where a
    lesson is written, like a save); each is parsed against the real state when checked."""

    def accept(game: AnyGame, state: State, move: Move) -> bool:
        for text in notations:
            try:
                if game.parse_move(state, text) == move:
                    return True
            except IllegalMove:
                continue
        return False

    return accept


def any_move(game: AnyGame, state: State, move: Move) -> bool:
    """A step where the learner may do anything legal (a draw after the taught play)."""
    return True


def starting_with(*prefixes: str) -> Accept:
    """Moves whose notation begins with one of ``prefixes`` ("move rS", "swap")."""

    def accept(game: AnyGame, state: State, move: Move) -> bool:
        text = game.format_move(move)
        return any(text == p or text.startswith(p + " ") for p in prefixes)

    return accept


@dataclass(frozen=True)
class Step:
    accept: Accept
    coach: Said
    highlight: tuple[str, ...] = ()     # names the table turns into rects (coach_rects)


@dataclass(frozen=True)
class Lesson:
    game: str
    key: str                           # stable id, for the progress file
    title: Words
    goal: Said
    done: Said                          # the "well done" that explains what happened
    position: Callable[[AnyGame], dict[str, Any]] | None   # None: a new game (seed below)
    steps: tuple[Step, ...] = ()
    reached: Callable[[dict[str, Any]], bool] | None = None   # the goal, on to_dict(state)
    seed: int = 7
    opponent: str = "easy"
    free_game: bool = False            # the final lesson: a whole game against `easy`
    intro: Said | None = None          # shown before the first step
    highlight_done: tuple[str, ...] = field(default=())
    facts: FactsOf = no_facts          # the numbers its words quote, read off its position
    # what the words talk about besides the highlights (the opponent's column, a panel):
    # names for the table's ``coach_rects``, kept clear of the lesson's box
    mentions: tuple[str, ...] = ()

    def build(self, game: AnyGame) -> State:
        """The lesson's starting state, through the engine's validation (StateError if the
        hand-built position is impossible: the tests load every lesson)."""
        state: State = game.new_game(2, self.seed) if self.position is None \
            else game.from_dict(self.position(game))
        return state


def won() -> str:
    return t("You won!")


def lost() -> str:
    return t("The computer won this time — try again.")


def not_this_move() -> str:
    """The kind word after a move the lesson does not teach."""
    return t("A fine idea for another time — now try the move the coach describes.")


class Coach:
    """Follows one lesson over a match: refuses untaught moves, notices the goal.

    Only the learner's (seat ``learner``) moves are held to the steps; the opponent plays
    freely. A move that is the only legal one is never refused (the table plays forced moves
    by itself)."""

    def __init__(self, lesson: Lesson, game: AnyGame, learner: int = 0,
                 start: State | None = None) -> None:
        self.lesson = lesson
        # the lesson's numbers, read once off the position it starts from
        self.facts: Facts = lesson.facts(game, lesson.build(game) if start is None else start)
        self.game = game
        self.learner = learner
        self.step_index = 0
        self.refusal: Words | None = None   # the kind word after a refused move
        self.complete = False
        self.won: bool | None = None        # the final game's outcome, once it is over

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    def coach_line(self) -> str:
        if self.complete:
            if self.won is not None:   # the game against `easy`: who won, then the "done"
                return f"{won() if self.won else lost()} {self.lesson.done(self.facts)}"
            return self.lesson.done(self.facts)
        step = self.step
        if step is not None:
            return step.coach(self.facts)
        if self.lesson.free_game:   # the goal stands in the line above: no need to say it twice
            return t("Good luck! The Hint button suggests a move whenever you are unsure.")
        return self.lesson.goal(self.facts)

    def goal_line(self) -> str:
        return self.lesson.goal(self.facts)

    def taught_moves(self, state: State) -> list[Move]:
        """The legal moves the current step accepts (all of them between steps)."""
        moves = self.game.legal_moves(state)
        step = self.step
        if step is None:
            return moves
        return [move for move in moves if step.accept(self.game, state, move)]

    def highlights(self) -> tuple[str, ...]:
        step = self.step
        if self.complete or step is None:
            return self.lesson.highlight_done
        return step.highlight

    def allows(self, state: State, move: Move) -> bool:
        """Whether the learner may play ``move`` now; a refusal is remembered for the coach."""
        if self.complete and not self.lesson.free_game:
            self.refusal = None
            return False
        if self.game.current_player(state) != self.learner:
            return True
        step = self.step
        if step is None or len(self.game.legal_moves(state)) == 1:
            return True
        if step.accept(self.game, state, move):
            self.refusal = None
            return True
        self.refusal = not_this_move
        return False

    def played(self, seat: int, state_after: State) -> None:
        """After a move was applied: advance the steps, check the goal."""
        if seat == self.learner and self.step is not None:
            self.step_index += 1
        self.complete = self.complete or self.goal_reached(state_after)
        if self.complete and self.lesson.free_game and self.game.is_over(state_after):
            self.won = self.learner in self.game.result(state_after).winners

    def goal_reached(self, state: State) -> bool:
        if self.lesson.free_game:
            return self.game.is_over(state)
        if self.lesson.reached is not None:
            return self.step is None and self.lesson.reached(self.game.to_dict(state))
        return self.step is None
