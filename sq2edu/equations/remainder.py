"""Division with a remainder, written as children write it, and checked.

English classrooms write ``17 ÷ 5 = 3 r 2``, Russian ones ``17 : 5 = 3 (ост. 2)``,
Norwegian ones ``17 : 5 = 3 rest 2``; any of these is read, whatever the page's language:

>>> from sq2edu.equations.remainder import check_remainder
>>> check_remainder("17 ÷ 5 = 3 r 2", cards=[17, 5, 3, 2]).ok
True
>>> print(check_remainder("17 : 5 = 3 r 1").explanation)
Not yet.
5 × 3 = 15, and 15 + 1 = 16, not 17.

The Rescue's own rules still hold (one division, the signs on one side, only the cards one
has), with the same problem codes as :func:`sq2edu.equations.check`. The rest is read by a
regular expression that accepts only digits, so no text reaches ``eval`` or sympy's parser.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from sq2edu.equations import EquationSyntaxError, Problem, Verdict, check
from sq2edu.equations.check import missing_cards, read_cards
from sq2edu.equations.parse import MAX_LENGTH
from sq2edu.i18n import _

__all__ = ["RemainderVerdict", "check_remainder", "split_rest", "with_rest"]

# "r 2", "R2", "rest 2", "rem 2", "remainder 2", "ост. 2", "(ост. 2)", "остаток 2" at the end.
_REST = re.compile(
    r"(?:(?<=\d)|\s+)\(?\s*(?:r|rest|rem|remainder|ост|остаток)\.?\s*(?P<rest>\S*?)\s*\)?\s*$",
    re.IGNORECASE,
)
#: The problems of the division itself that its rest may answer.
_ANSWERED_BY_REST = frozenset({"not-whole", "not-true", "missing-card"})


def with_rest(equation: str, rest: int | str) -> str:
    """A division and its rest, as children of the active language write them."""
    return _("{equation} r {rest}", equation=equation, rest=rest)


def split_rest(text: str) -> tuple[str, int | None]:
    """The division and the rest written after it (``None`` when no rest is written).

    :raises EquationSyntaxError: when the rest is not a whole number.
    """
    found = _REST.search(text)
    if found is None:
        return text, None
    rest = found.group("rest")
    if not rest.isascii() or not rest.isdigit() or len(rest) > 3:
        raise EquationSyntaxError(
            "missing-number",
            _("Write the number that is left over after the r."),
            found.start("rest"),
        )
    return text[: found.start()], int(rest)


@dataclass(frozen=True, slots=True, repr=False)
class RemainderVerdict(Verdict):
    """A verdict on a division with its rest."""

    #: What the division leaves over, as the child wrote it.
    rest: int = 0

    @property
    def shown(self) -> str:
        """The division and its rest, as the active language writes them."""
        return with_rest(self.equation.text, self.rest) if self.equation is not None else self.text

    @property
    def numbers(self) -> tuple[int, ...]:
        """Every number written, the rest last."""
        return (*self.equation.numbers, self.rest) if self.equation is not None else ()


def check_remainder(text: str, cards: Iterable[int] | None = None) -> Verdict:
    """Check a division that may leave something over, such as ``17 ÷ 5 = 3 r 2``.

    Without a rest it is checked as any equation, and a division that leaves something over
    asks for its rest (without saying it). With a rest, ``a ÷ b = q r n`` is right when
    ``b × q + n = a`` and ``n`` is smaller than ``b``; the rest is a card like the others.
    """
    if not isinstance(text, str):
        raise TypeError(f"check_remainder() takes text, not {type(text).__name__}")
    hand = read_cards(cards) if cards is not None else None
    if len(text) > MAX_LENGTH:
        return check(text, hand.elements() if hand is not None else None, "÷")
    try:
        division, rest = split_rest(text)
    except EquationSyntaxError as error:
        return Verdict(text.strip(), None, (Problem("syntax", error.message, error.position),))
    plain = check(division, hand.elements() if hand is not None else None, "÷")
    if rest is None:
        if "not-whole" not in plain.codes or plain.equation is None:
            return plain
        asked = Problem("not-whole", _ask_for_rest(plain))
        said = tuple(p if p.code != "not-whole" else asked for p in plain.problems)
        return Verdict(plain.text, plain.equation, said)
    shape = [p for p in plain.problems if p.code not in _ANSWERED_BY_REST]
    equation = plain.equation
    if shape or equation is None:
        return Verdict(text.strip(), equation, tuple(shape) or plain.problems)
    side, answer = equation.operator_side, equation.result_side
    assert side is not None
    assert answer is not None
    if len(side.numbers) != 2:
        message = _("Divide one number by one other, then write what is left over.")
        return Verdict(text.strip(), equation, (Problem("not-true", message),))
    (number, divisor), quotient = side.numbers, answer.numbers[0]
    written = with_rest(equation.text, rest)
    problems: list[Problem] = []
    steps: tuple[str, ...] = ()
    made = divisor * quotient
    if divisor == 0:
        problems.append(
            Problem(
                "divide-by-zero",
                _("Nobody can share into 0 groups, so dividing by 0 does not work."),
            )
        )
    elif made + rest != number:
        problems.append(Problem("not-true", _not_made(divisor, quotient, rest, number)))
    elif rest >= divisor:
        message = _(
            "What is left over must be less than {b}: with {r} left, each group gets one more.",
            b=divisor,
            r=rest,
        )
        problems.append(Problem("not-true", message))
    else:
        worked = _(
            "{b} × {q} = {p}, and {p} + {r} = {a} ✓",
            b=divisor,
            q=quotient,
            p=made,
            r=rest,
            a=number,
        )
        steps = (worked,)
    if hand is not None:
        problems += missing_cards(Counter((*equation.numbers, rest)), hand)
    if problems:
        return RemainderVerdict(written, equation, tuple(problems), rest=rest)
    used = (*equation.numbers, rest)
    return RemainderVerdict(written, equation, (), steps, cards_used=used, rest=rest)


def _ask_for_rest(verdict: Verdict) -> str:
    """A division that leaves something over, without its rest: ask for it."""
    assert verdict.equation is not None
    side = verdict.equation.operator_side
    shown = side.text if side is not None else verdict.equation.text
    return _(
        "{division} leaves some over: write how many after an r, like {shape}.",
        division=shown,
        shape=with_rest(f"{shown} = □", "□"),
    )


def _not_made(divisor: int, quotient: int, rest: int, number: int) -> str:
    made = divisor * quotient
    return _(
        "{b} × {q} = {p}, and {p} + {r} = {s}, not {a}.",
        b=divisor,
        q=quotient,
        p=made,
        r=rest,
        s=made + rest,
        a=number,
    )
