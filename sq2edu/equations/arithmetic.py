"""Evaluate a side of an equation with sympy, keeping each step for the explanation.

The child's own numbers become sympy objects directly (never through text), unevaluated,
so the expression can be shown as written and then evaluated exactly: ``7 ÷ 2`` is the
rational ``7/2``, which is how "does not come out whole" is noticed.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from sq2edu.equations.model import Op, Side

__all__ = ["Evaluation", "Step", "evaluate"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of working a side out from left to right: ``left op right = result``."""

    left: sympy.Rational
    op: Op
    right: int
    result: sympy.Rational

    @property
    def whole(self) -> bool:
        """Whether the step's result is a whole number."""
        return bool(self.result.is_integer)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What a side of an equation makes."""

    #: The side as written, unevaluated (``Add(2, 3, 3, evaluate=False)``).
    expression: sympy.Expr
    #: Its exact value, or ``None`` when it divides by zero.
    value: sympy.Rational | None
    #: Left-to-right steps for a one-operation side; empty for a single number or mixed signs.
    steps: tuple[Step, ...]
    divides_by_zero: bool
    #: The first division that leaves a remainder, as ``(dividend, divisor)``.
    remainder_at: tuple[int, int] | None

    @property
    def whole_value(self) -> int | None:
        """The value when it is a whole number, else ``None``."""
        if self.value is None or not self.value.is_integer:
            return None
        return int(self.value)


def _expression(side: Side) -> sympy.Expr:
    # Signs bind as in school maths (× and ÷ before + and −) so that a mixed equation such
    # as 5 × 2 − 8 = 2 can still be judged true or false after it is told it mixes signs.
    terms: list[sympy.Expr] = []
    factors: list[sympy.Expr] = [sympy.Integer(side.numbers[0])]
    negative = False
    for op, number in zip(side.ops, side.numbers[1:], strict=True):
        if op in (Op.MUL, Op.DIV):
            factor = sympy.Integer(number)
            if op is Op.DIV:
                factor = sympy.Pow(factor, -1, evaluate=False)
            factors.append(factor)
            continue
        terms.append(_term(factors, negative))
        factors, negative = [sympy.Integer(number)], op is Op.SUB
    terms.append(_term(factors, negative))
    return terms[0] if len(terms) == 1 else sympy.Add(*terms, evaluate=False)


def _term(factors: list[sympy.Expr], negative: bool) -> sympy.Expr:
    term = factors[0] if len(factors) == 1 else sympy.Mul(*factors, evaluate=False)
    if not negative:
        return term
    if len(factors) == 1:
        return -term
    return sympy.Mul(sympy.Integer(-1), term, evaluate=False)


def _divisions(side: Side) -> tuple[bool, tuple[int, int] | None]:
    # Walk each product from the left, as a child would, to find the first uneven share.
    divides_by_zero = False
    remainder_at: tuple[int, int] | None = None
    running = sympy.Integer(side.numbers[0])
    for op, number in zip(side.ops, side.numbers[1:], strict=True):
        if op is Op.DIV:
            if number == 0:
                divides_by_zero = True
                running = sympy.Integer(1)
                continue
            if remainder_at is None and running.is_integer and running % number != 0:
                remainder_at = (int(running), number)
            running = running / number
        elif op is Op.MUL:
            running = running * number
        else:
            running = sympy.Integer(number)
    return divides_by_zero, remainder_at


def _steps(side: Side) -> tuple[Step, ...]:
    if len(side.operations) != 1:
        return ()
    steps: list[Step] = []
    running: sympy.Rational = sympy.Integer(side.numbers[0])
    for op, number in zip(side.ops, side.numbers[1:], strict=True):
        if op is Op.ADD:
            result = running + number
        elif op is Op.SUB:
            result = running - number
        elif op is Op.MUL:
            result = running * number
        else:
            result = running / number
        steps.append(Step(running, op, number, result))
        running = result
    return tuple(steps)


def evaluate(side: Side) -> Evaluation:
    """Work out what ``side`` makes, exactly, with the steps a child would take.

    An empty side has no value. A side that divides by zero has no value either, and no steps.
    """
    if not side.numbers:
        return Evaluation(sympy.Integer(0), None, (), False, None)
    expression = _expression(side)
    divides_by_zero, remainder_at = _divisions(side)
    if divides_by_zero:
        return Evaluation(expression, None, (), True, None)
    value = expression.doit()
    return Evaluation(expression, value, _steps(side), False, remainder_at)
