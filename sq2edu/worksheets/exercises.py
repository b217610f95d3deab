"""The exercises a worksheet prints, and the check every answer of its key passes.

Each exercise rests on one fact of a level of practice (:class:`~sq2edu.practice.Fact`) and
is one of :data:`KINDS`:

* ``make``: make a number from some cards (``Make 7.`` with 2, 3, 4, 5, 6);
* ``missing``: the number in the box (``3 × □ = 12``);
* ``remainder``: a division and what it leaves over (``17 ÷ 5 = □ r □``);
* ``family``: every equation three numbers make (3, 4, 7: ``3 + 4 = 7`` ... ``7 − 4 = 3``);
* ``true``: is the equation true or not (``3 + 4 = 8``);
* ``story``: a short story to write as an equation, and its answer;
* ``find``: every equation some cards make (how many there are comes from
  :func:`sq2edu.equations.solve`).

An exercise keeps its answers in the checker's own signs (× and ÷, a rest written ``r 2``);
they are shown in the sheet's language when printed. :func:`verify` puts every answer of an
exercise through the same checker a child meets in the Lab, and refuses an exercise whose key
would say anything the checker does not.
"""

from __future__ import annotations

from dataclasses import dataclass

from sq2edu.equations import Equation, Op, check, solve
from sq2edu.equations.remainder import check_remainder
from sq2edu.lessons.exercises import worked_out
from sq2edu.practice import Fact, Level, tasks
from sq2edu.practice.deal import BOX, Deal

__all__ = ["KINDS", "Exercise", "UncheckedAnswerError", "family_key", "verify"]

#: Every kind of exercise, in the order a sheet prints its sections.
KINDS: tuple[str, ...] = ("make", "missing", "remainder", "family", "true", "story", "find")


class UncheckedAnswerError(AssertionError):
    """An answer of a key that the checker does not accept (a bug: it is never printed)."""


@dataclass(frozen=True, slots=True)
class Exercise:
    """One exercise of a sheet.

    :ivar kind: one of :data:`KINDS`.
    :ivar level: the level of practice it comes from.
    :ivar skill: the skill it practises (``"subtraction-two"``).
    :ivar fact: the fact it rests on (for a remainder, the division and its rest).
    :ivar cards: the number cards printed with it (``make``, ``family``, ``find``).
    :ivar operations: the signs it may use.
    :ivar target: for ``make``, the number to make.
    :ivar missing: for ``missing``, which number of the fact is in the box.
    :ivar shown: for ``true``, the equation shown (true or not).
    :ivar true: for ``true``, whether :attr:`shown` is true.
    :ivar answers: every right answer, in the checker's signs: the equations that make the
        target, the filled-in equation, the family, the story's equation, every equation
        the cards make; for ``true``, the fact that is true.
    """

    kind: str
    level: Level
    skill: str
    fact: Fact
    answers: tuple[str, ...]
    cards: tuple[int, ...] = ()
    operations: str = ""
    target: int | None = None
    missing: int | None = None
    shown: str = ""
    true: bool | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.kind!r} is not a kind of exercise")

    @property
    def boxed(self) -> str:
        """For ``missing``: the fact with one number in a box (``3 × □ = 12``)."""
        return self.deal.shown

    @property
    def number(self) -> int | None:
        """For ``missing``: the number that goes in the box."""
        return self.deal.answer if self.kind == "missing" else None

    @property
    def deal(self) -> Deal:
        """The exercise as a deal of practice, which the Lab knows how to check."""
        return Deal(
            self.level,
            self.cards or self.fact.cards,
            self.skill,
            self.fact,
            self.operations,
            missing=self.missing,
        )

    @property
    def key(self) -> tuple[object, ...]:
        """What a child sees: two exercises with the same key are the same exercise."""
        return (self.kind, self.cards, self.target, self.missing, self.shown, self.fact.text)


def family_key(fact: Fact) -> tuple[object, ...]:
    """The fact family a fact belongs to: ``3 + 4 = 7`` and ``7 − 4 = 3`` are one family,
    ``2 × 6 = 12`` and ``12 ÷ 2 = 6`` another."""
    op = fact.equation.operation
    assert op is not None
    sign = Op.ADD if op in (Op.ADD, Op.SUB) else Op.MUL
    return (sign, tuple(sorted(fact.equation.numbers)), fact.rest)


def verify(exercise: Exercise) -> Exercise:
    """``exercise`` itself, once every answer of its key has passed the checker.

    :raises UncheckedAnswerError: for an answer the checker refuses, an answer missing, or
        a key that says more or less than the checker (a bug in the generator).
    """
    problem = _VERIFY[exercise.kind](exercise)
    if problem:
        raise UncheckedAnswerError(f"{exercise.kind} {exercise.fact.text}: {problem}")
    return exercise


def _made(equation: Equation | None) -> int | None:
    """The number an equation makes: the one number on the side without signs."""
    side = None if equation is None else equation.result_side
    return side.numbers[0] if side is not None and len(side.numbers) == 1 else None


def _verify_make(exercise: Exercise) -> str:
    if not exercise.answers:
        return "no answer"
    for answer in exercise.answers:
        verdict = check(answer, exercise.cards, exercise.operations)
        if not verdict.ok or _made(verdict.equation) != exercise.target:
            return f"{answer} does not make {exercise.target} from {exercise.cards}"
    every = {
        e.text
        for e in solve(exercise.cards, exercise.operations)
        if _made(e) == exercise.target and len(e.numbers) >= 3
    }
    if every != set(exercise.answers):
        return f"the key lists {len(exercise.answers)} ways, the cards have {len(every)}"
    return ""


def _verify_missing(exercise: Exercise) -> str:
    number, (answer,) = exercise.number, exercise.answers
    if number is None or not tasks.answer(exercise.deal, str(number)).ok:
        return f"{number} does not go in the box of {exercise.boxed}"
    if exercise.boxed.replace(BOX, str(number)) != answer or not check(answer).ok:
        return f"{answer} is not {exercise.boxed} filled in"
    return ""


def _verify_remainder(exercise: Exercise) -> str:
    (answer,) = exercise.answers
    if not exercise.fact.rest or not check_remainder(answer, exercise.fact.cards).ok:
        return f"{answer} is not a division with its rest"
    return ""


def _verify_family(exercise: Exercise) -> str:
    """Every equation of the three numbers, as the checker finds them, each once: a sum or
    a product turned around is the same equation, as in "find every equation"."""
    if len(set(exercise.answers)) != len(exercise.answers):
        return "an equation of the family is listed twice"
    for answer in exercise.answers:
        verdict = check(answer, exercise.cards, exercise.operations)
        if not verdict.ok or sorted(verdict.numbers) != sorted(exercise.cards):
            return f"{answer} is not an equation of {exercise.cards}"
    every = {equation.text for equation in solve(exercise.cards, exercise.operations)}
    if every != set(exercise.answers):
        return f"the key lists {len(exercise.answers)} equations, the family has {len(every)}"
    return ""


def _verify_true(exercise: Exercise) -> str:
    (answer,) = exercise.answers
    if exercise.fact.rest:
        said = check_remainder(exercise.shown).ok
        if not check_remainder(answer).ok:
            return f"{answer} is not true"
    else:
        left, _equals, right = exercise.shown.partition("=")
        said = check(exercise.shown).ok
        if said != (worked_out(left) == worked_out(right)) or not check(answer).ok:
            return f"the checker and the lessons disagree on {exercise.shown}"
    if said is not exercise.true or (exercise.shown == answer) is not exercise.true:
        return f"{exercise.shown} is marked {exercise.true}, the checker says {said}"
    return ""


def _verify_story(exercise: Exercise) -> str:
    (answer,) = exercise.answers
    if exercise.fact.rest:
        ok = check_remainder(answer, exercise.fact.cards).ok
    else:
        verdict = check(answer, exercise.fact.cards, exercise.operations)
        ok = verdict.ok and _made(verdict.equation) == _made(exercise.fact.equation)
    return "" if ok else f"{answer} is not the story's equation"


def _verify_find(exercise: Exercise) -> str:
    every = tuple(e.text for e in solve(exercise.cards, exercise.operations))
    if not every or every != exercise.answers:
        return f"the key lists {len(exercise.answers)} equations, the cards make {len(every)}"
    for answer in exercise.answers:
        if not check(answer, exercise.cards, exercise.operations).ok:
            return f"{answer} cannot be made from {exercise.cards}"
    return ""


_VERIFY = {
    "make": _verify_make,
    "missing": _verify_missing,
    "remainder": _verify_remainder,
    "family": _verify_family,
    "true": _verify_true,
    "story": _verify_story,
    "find": _verify_find,
}
