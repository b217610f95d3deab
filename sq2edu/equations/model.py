"""The objects an equation is made of: operations, sides, the red knight's adjustment."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

__all__ = [
    "ALL_OPERATIONS",
    "CARD_VALUES",
    "MAX_NUMBER",
    "Adjustment",
    "Equation",
    "Op",
    "Side",
    "parse_operations",
]

#: The biggest number a child may type; cards go up to 10, so anything larger is a typo.
MAX_NUMBER = 999
#: The values printed on the Rescue's number cards.
CARD_VALUES: tuple[int, ...] = tuple(range(1, 11))


class Op(StrEnum):
    """One kind of operation, named by the sign children learn for it."""

    ADD = "+"
    SUB = "−"
    MUL = "×"
    DIV = "÷"

    @property
    def latex(self) -> str:
        """The sign in LaTeX."""
        return _LATEX[self]

    @property
    def order(self) -> int:
        """Position in the order children meet the operations: + − × ÷."""
        return _ORDER[self]

    @property
    def commutative(self) -> bool:
        """Whether the operands may be swapped (+ and ×) or not (− and ÷)."""
        return self in (Op.ADD, Op.MUL)

    @property
    def inverse(self) -> Op:
        """The operation that undoes this one: + and −, × and ÷."""
        return _INVERSE[self]


_LATEX = {Op.ADD: "+", Op.SUB: "-", Op.MUL: r"\times", Op.DIV: r"\div"}
_TEXT = {op: op.value for op in Op}
_ORDER = {Op.ADD: 0, Op.SUB: 1, Op.MUL: 2, Op.DIV: 3}
_INVERSE = {Op.ADD: Op.SUB, Op.SUB: Op.ADD, Op.MUL: Op.DIV, Op.DIV: Op.MUL}

#: Every sign a child may type, mapped to its operation. ``x``/``X`` and ``*`` are how a
#: keyboard writes ×; ``/`` and ``:`` are ÷ (``:`` is how Norway and Russia write it);
#: ``·`` is the multiplication dot; dashes come from phones that "correct" a minus.
SIGNS: dict[str, Op] = {
    "+": Op.ADD,
    "-": Op.SUB,
    "−": Op.SUB,
    "–": Op.SUB,
    "—": Op.SUB,
    "×": Op.MUL,
    "x": Op.MUL,
    "X": Op.MUL,
    "*": Op.MUL,
    "·": Op.MUL,
    "⋅": Op.MUL,
    "÷": Op.DIV,
    "/": Op.DIV,
    ":": Op.DIV,
}

ALL_OPERATIONS: frozenset[Op] = frozenset(Op)


def parse_operations(operations: str | Iterable[Op | str]) -> frozenset[Op]:
    """Read a teacher's list of allowed operations, such as ``"+-"`` or ``"+−×÷"``.

    Any sign from :data:`SIGNS` is accepted; spaces and commas are ignored.

    :raises ValueError: for anything that is not an operation sign.
    """
    chosen: set[Op] = set()
    for item in operations:
        if isinstance(item, Op):
            chosen.add(item)
        elif item in SIGNS:
            chosen.add(SIGNS[item])
        elif isinstance(item, str) and (item.isspace() or item == ","):
            continue
        else:
            raise ValueError(f"{item!r} is not an operation; use signs such as + - × ÷")
    return frozenset(chosen)


@dataclass(frozen=True, slots=True)
class Side:
    """One side of ``=``: numbers with an operation between each neighbouring pair."""

    numbers: tuple[int, ...]
    ops: tuple[Op, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", tuple(self.numbers))
        object.__setattr__(self, "ops", tuple(Op(op) for op in self.ops))
        if len(self.ops) != max(len(self.numbers) - 1, 0):
            raise ValueError("a side needs exactly one operation between each pair of numbers")
        for number in self.numbers:
            if not isinstance(number, int) or isinstance(number, bool):
                raise TypeError(f"numbers are whole numbers, not {number!r}")
            if not 0 <= number <= MAX_NUMBER:
                raise ValueError(f"numbers go from 0 to {MAX_NUMBER}, not {number}")

    @classmethod
    def chain(cls, numbers: Sequence[int], op: Op | str) -> Side:
        """A side using one operation throughout, such as ``2 + 3 + 3``."""
        return cls(tuple(numbers), (Op(op),) * max(len(numbers) - 1, 0))

    @property
    def operations(self) -> frozenset[Op]:
        """The kinds of operation used on this side."""
        return frozenset(self.ops)

    def _join(self, sign: dict[Op, str]) -> str:
        parts = [str(self.numbers[0])] if self.numbers else []
        for op, number in zip(self.ops, self.numbers[1:], strict=True):
            parts += [sign[op], str(number)]
        return " ".join(parts)

    @property
    def text(self) -> str:
        """The side as text, with the signs children learn (``2 × 3``)."""
        return self._join(_TEXT)

    @property
    def latex(self) -> str:
        """The side in LaTeX."""
        return self._join(_LATEX)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Adjustment:
    """The red knight's help: the number card ``card`` counts as ``value`` (one more or less)."""

    card: int
    value: int

    def __post_init__(self) -> None:
        if abs(self.card - self.value) != 1:
            raise ValueError("the red knight changes a card by exactly one")
        if self.card < 1 or self.value < 1:
            raise ValueError("a card and the number it counts as are both at least 1")


@dataclass(frozen=True, slots=True, repr=False)
class Equation:
    """An equation as a child wrote or built it, right or wrong.

    The sides keep the child's own order so it can be shown back as written; whether it
    obeys the Rescue's rules is for :func:`sq2edu.equations.check` to say.
    """

    left: Side
    right: Side
    #: When the red knight made one card count as one more or one less.
    adjusted: Adjustment | None = field(default=None)

    def __post_init__(self) -> None:
        if self.adjusted is not None and self.adjusted.value not in self.numbers:
            raise ValueError(f"the adjusted value {self.adjusted.value} is not in the equation")

    @classmethod
    def of(
        cls,
        operands: Sequence[int],
        op: Op | str,
        result: int,
        *,
        adjusted: Adjustment | None = None,
        result_first: bool = False,
    ) -> Equation:
        """Build ``operands[0] op operands[1] ... = result`` (or ``result = ...``)."""
        ops_side = Side.chain(operands, op)
        result_side = Side((result,))
        if result_first:
            return cls(result_side, ops_side, adjusted)
        return cls(ops_side, result_side, adjusted)

    @property
    def numbers(self) -> tuple[int, ...]:
        """Every number in the equation, left to right."""
        return self.left.numbers + self.right.numbers

    @property
    def cards(self) -> tuple[int, ...]:
        """The number cards the equation uses: the numbers, with the adjusted one as its card."""
        numbers = list(self.numbers)
        if self.adjusted is not None:
            numbers[numbers.index(self.adjusted.value)] = self.adjusted.card
        return tuple(numbers)

    @property
    def operations(self) -> frozenset[Op]:
        """Every kind of operation used, on either side."""
        return self.left.operations | self.right.operations

    @property
    def operation(self) -> Op | None:
        """The one operation used, or ``None`` when there are none or several."""
        ops = self.operations
        return next(iter(ops)) if len(ops) == 1 else None

    @property
    def operator_side(self) -> Side | None:
        """The side holding the operations, when exactly one side does."""
        if self.left.ops and not self.right.ops:
            return self.left
        if self.right.ops and not self.left.ops:
            return self.right
        return None

    @property
    def result_side(self) -> Side | None:
        """The side without operations, when exactly one side has them."""
        side = self.operator_side
        if side is None:
            return None
        return self.right if side is self.left else self.left

    @property
    def text(self) -> str:
        """The equation as text: ``2 + 3 + 3 = 8``."""
        return f"{self.left.text} = {self.right.text}".strip()

    @property
    def latex(self) -> str:
        """The equation in LaTeX, without math delimiters."""
        return f"{self.left.latex} = {self.right.latex}".strip()

    def canonical(self) -> Equation:
        """The same equation written the standard way.

        The operations go on the left; + and × list their numbers from small to big; − and
        ÷ keep their first number and list the rest from small to big (``8 − 2 − 3`` and
        ``8 − 3 − 2`` are the same equation, ``8 − 3 = 5`` and ``8 − 5 = 3`` are not).
        Only single-operation equations with one result number have a canonical form.

        :raises ValueError: for an equation that breaks the one-operation, one-side rule.
        """
        side, result = self.operator_side, self.result_side
        op = self.operation
        if side is None or result is None or op is None or len(result.numbers) != 1:
            raise ValueError("only a one-operation equation with one result has a standard form")
        if op.commutative:
            operands = tuple(sorted(side.numbers))
        else:
            operands = (side.numbers[0], *sorted(side.numbers[1:]))
        return Equation.of(operands, op, result.numbers[0], adjusted=self.adjusted)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        if self.adjusted is None:
            return f"<Equation {self.text!r}>"
        return f"<Equation {self.text!r} adjusted={self.adjusted!r}>"

    def _repr_latex_(self) -> str:
        return f"${self.latex}$"
