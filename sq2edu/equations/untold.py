"""What a wrong try is told never names the number the child has to find.

A task that asks for a number (the one in a box, the answer to a story) is spoilt by any
sentence that says it before the child does: "9 − 5 makes 4, not 5" hands over the 4 of
``9 − □ = 5``, "This task asks for 5" the answer to a story whose 5 the child had written
on the wrong side. The checker's words are about the child's own equation and do not know
the task, so the task keeps its unknown here: every sentence that names a hidden number is
said without it, in words that still help ("9 − 5 is less than 5"). The child's own
equation, said back to them, names only what they wrote.

>>> from sq2edu.equations import check
>>> verdict = untold(check("8 − 3 = 4"), {5})
>>> verdict.lines
('Not yet.', '8 − 3 is more than 4.')
"""

from __future__ import annotations

import re
from collections.abc import Set
from dataclasses import replace

from sq2edu.equations.arithmetic import evaluate
from sq2edu.equations.check import Problem, Verdict
from sq2edu.i18n import N_, _, local_signs

__all__ = ["compared", "names", "numbers_in", "untold"]

_NUMBER = re.compile(r"\d+")


def numbers_in(text: str) -> frozenset[int]:
    """The whole numbers written in a text, each read whole (``12`` is not ``1`` and ``2``)."""
    return frozenset(int(found) for found in _NUMBER.findall(text))


def _own(verdict: Verdict) -> list[str]:
    """What a sentence may say back of the child's own answer: the text, the equation and
    its sides with a sign, longest first (a lone number may be the unknown, so it is not
    one of them)."""
    own = [verdict.text, verdict.shown]
    if verdict.equation is not None:
        equation = verdict.equation
        own.append(equation.text)
        own += [side.text for side in (equation.left, equation.right) if side.ops]
    # Messages come in the active language's signs (7 : 2), the equation in ÷ and ×.
    own += [local_signs(text) for text in own]
    return sorted({text for text in own if text}, key=len, reverse=True)


def _answered(verdict: Verdict) -> frozenset[int]:
    """The number the child wrote as their answer, alone after the =: said back, it tells
    nothing ("6 − 6 is less than 3" to ``6 − 6 = 3``)."""
    equation = verdict.equation
    result = equation.result_side if equation is not None else None
    return frozenset(result.numbers) if result is not None else frozenset()


def names(sentence: str, hidden: Set[int], verdict: Verdict) -> bool:
    """Whether ``sentence`` names a hidden number beyond the child's own equation."""
    if not hidden:
        return False
    for text in _own(verdict):
        sentence = sentence.replace(text, " ")
    return bool(numbers_in(sentence) & hidden)


def untold(verdict: Verdict, hidden: Set[int]) -> Verdict:
    """``verdict`` with nothing naming a ``hidden`` number: a problem is said without it,
    working that reaches it and a near miss are left out."""
    hidden = set(hidden) - _answered(verdict)
    if verdict.ok or not hidden:
        return verdict
    problems = tuple(
        problem
        if not names(problem.message, hidden, verdict)
        else Problem(problem.code, _without_numbers(problem, verdict), problem.position)
        for problem in verdict.problems
    )
    steps = tuple(step for step in verdict.steps if not names(step, hidden, verdict))
    suggestion, suggested = verdict.suggestion, verdict.suggested
    if suggestion is not None and names(suggestion, hidden, verdict):
        suggestion, suggested = None, None
    return replace(
        verdict, problems=problems, steps=steps, suggestion=suggestion, suggested=suggested
    )


_MORE = N_("{side} is more than {number}.")
_LESS = N_("{side} is less than {number}.")


def compared(side: str, value: int, number: int) -> str:
    """How what a side makes compares with the number written for it, without saying it."""
    return _(_MORE if value > number else _LESS, side=side, number=number)


def _without_numbers(problem: Problem, verdict: Verdict) -> str:
    """What ``problem`` says, in words that name only the child's own numbers."""
    equation = verdict.equation
    if problem.code == "operators-both-sides":
        return _("There are signs on both sides of the =. Keep them on one side.")
    if problem.code == "missing-card":
        # "You need 2 cards with 3": a count may be the number to find.
        return _("You do not have all the cards for {equation}.", equation=verdict.shown)
    if problem.code == "off-task":
        return _(
            "{equation} is true, but this task asks for another number.", equation=verdict.shown
        )
    if equation is None:
        return _("{equation} is not true.", equation=verdict.shown)
    side, result = equation.operator_side, equation.result_side
    if side is None or result is None or len(result.numbers) != 1:
        return _("{equation} is not true.", equation=verdict.shown)
    made = evaluate(side)
    if problem.code == "not-whole":
        return _("{side} does not share out exactly.", side=side.text)
    if any(step.result < 0 for step in made.steps):
        return _("{side} would go below 0.", side=side.text)
    # A division written with its rest is not one side making one number.
    if (
        problem.code == "not-true"
        and made.whole_value is not None
        and verdict.shown == equation.text
    ):
        return compared(side.text, made.whole_value, result.numbers[0])
    return _("{equation} is not true.", equation=verdict.shown)
