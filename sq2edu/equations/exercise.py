"""Exercises for lessons: a task, some number cards, and an answer checked in words.

>>> from sq2edu.equations.exercise import Exercise
>>> task = Exercise("Make 10.", cards=[3, 4, 6, 7, 10], operations="+", makes=10)
>>> task.answer("3 + 7 = 10").ok
True
>>> print(task.answer("3 + 4 = 7"))
Not yet.
3 + 4 = 7 is true, but it makes 7. This task asks for 10.

The child's text goes through :func:`~sq2edu.equations.check` (the safe tokenizer), so an
exercise explains a wrong answer exactly as the game does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sq2edu.equations.check import Verdict, check, read_cards
from sq2edu.equations.model import Equation, parse_operations
from sq2edu.equations.solve import solve
from sq2edu.equations.untold import numbers_in, untold
from sq2edu.i18n import _

__all__ = ["Answer", "Cards", "Exercise"]


@dataclass(frozen=True, slots=True)
class Cards:
    """Number cards to look at: drawn as cards in a notebook, read out as numbers.

    >>> Cards([2, 3, 5])
    Cards: 2, 3, 5
    """

    values: tuple[int, ...]

    def __init__(self, values: Sequence[int]) -> None:
        read_cards(values)
        object.__setattr__(self, "values", tuple(values))

    def __repr__(self) -> str:
        return _("Cards: {numbers}", numbers=", ".join(str(v) for v in self.values))

    def _repr_html_(self) -> str:
        from sq2edu.equations.display import cards_html

        return cards_html(self.values)


@dataclass(frozen=True, slots=True)
class Answer:
    """What an exercise made of a child's answer."""

    #: The text the child wrote.
    text: str
    #: ``True`` when the answer does what the task asks.
    ok: bool
    #: What to tell the child, one sentence a line (the first line is the verdict).
    lines: tuple[str, ...]
    #: The equation checker's verdict, or ``None`` when nothing was written.
    verdict: Verdict | None = None

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def _repr_html_(self) -> str:
        from sq2edu.equations.display import answer_html

        return answer_html(self)


class Exercise:
    """One "your turn" task: make an equation from these cards.

    :param task: what to do, in a child's words.
    :param cards: the number cards the child may use.
    :param operations: the signs allowed (``"+"`` for an adding lesson).
    :param makes: the number the equation must make, or ``None`` for any.
    :param at_least: the fewest cards the equation must use (3 is the smallest equation).
    :param asks: what the task asks, in a sentence that does not say the number
        ("This task asks how many cards Leo has left."), for a true equation that makes
        another number when the task does not show the one it asks for.
    :raises ValueError: for cards that are not numbers 1 to 10 or a task with no answer
        (a lesson's mistake, caught when the lesson is written).
    """

    def __init__(
        self,
        task: str,
        cards: Sequence[int],
        operations: str = "+−×÷",
        makes: int | None = None,
        at_least: int = 3,
        asks: str | None = None,
    ) -> None:
        self.task = task
        self.asks = asks
        self.cards = tuple(sorted(read_cards(cards).elements()))
        self.operations = "".join(
            op.value for op in sorted(parse_operations(operations), key=lambda op: op.order)
        )
        self.makes = makes
        self.at_least = at_least
        if not self.answers():
            raise ValueError(f"no equation from {list(self.cards)} does this task")

    def answers(self) -> list[Equation]:
        """Every right answer (for the teacher's note), longest first."""
        found = [
            equation
            for equation in solve(self.cards, operations=self.operations)
            if self.misses(equation) is None
        ]
        return sorted(found, key=lambda equation: -len(equation.numbers))

    def answer(self, text: str) -> Answer:
        """Check a child's answer and say what is right or what to change."""
        if not text.strip():
            return Answer(text, False, (_("Write your equation between the quotes, then run it."),))
        verdict = check(text, cards=self.cards, asked=self.operations)
        if not verdict.ok or verdict.equation is None:
            lines = verdict.lines
            if verdict.suggestion and (self.makes is not None or self.at_least > 3):
                # The game's near miss ignores the task: "3 + 4 = 7 works!" misleads here.
                lines = lines[:-1]
            if self.makes is not None and self.makes not in numbers_in(self.task):
                # "8 − 3 makes 5, not 4" would answer the task's question for the child.
                lines = untold(verdict, {self.makes}).shown_lines(suggest=False)
            return Answer(text, False, lines, verdict)
        reason = self.misses(verdict.equation)
        if reason is not None:
            return Answer(text, False, (_("Not yet."), reason), verdict)
        return Answer(text, True, verdict.lines, verdict)

    def misses(self, equation: Equation) -> str | None:
        """Why a true equation still misses the task, or ``None`` when it does the task."""
        made = _made(equation)
        if self.makes is not None and made != self.makes:
            if self.makes in numbers_in(self.task):
                return _(
                    "{equation} is true, but it makes {made}. This task asks for {makes}.",
                    equation=equation.text,
                    made=made,
                    makes=self.makes,
                )
            # The number is what the child must find: "This task asks for 5" would say it.
            true = _("{equation} is true, but it makes {made}.", equation=equation.text, made=made)
            asks = self.asks or _("This task asks for another number.")
            return f"{true} {asks}"
        if len(equation.numbers) < self.at_least:
            return _("Use at least {count} cards, with the answer card.", count=self.at_least)
        return None

    def __repr__(self) -> str:
        return f"Exercise({self.task!r}, cards={list(self.cards)!r})"

    def _repr_html_(self) -> str:
        from sq2edu.equations.display import exercise_html

        return exercise_html(self)


def _made(equation: Equation) -> int:
    """The number an equation makes: its side without signs."""
    side = equation.result_side
    return side.numbers[0] if side is not None else equation.numbers[-1]
