"""Find every Rescue equation a hand of number cards can make.

Brute force would try every ordering of every subset of cards with every sign: over a
second for eight cards. This builds the equations instead. A Rescue equation is

* ``a + b + ... = s`` or ``a × b × ... = p``, the operands any sub-multiset of the hand and
  the result another card; or
* its reverse, ``s − b − ... = a`` or ``p ÷ b ÷ ... = a``, which uses the same cards with
  one operand moved across the ``=`` (``8 − 3 = 5`` and ``8 − 5 = 3`` come from ``3 + 5 = 8``).

So it is enough to walk the sub-multisets of the hand once, compare each one's sum and
product with the cards left over, and write out each family. A ten-card hand has at most
1,024 sub-multisets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import product
from math import prod

from sq2edu.equations.check import read_cards
from sq2edu.equations.model import ALL_OPERATIONS, Adjustment, Equation, Op, parse_operations

__all__ = ["solve"]


def _sub_multisets(hand: Counter[int], min_size: int) -> Iterator[tuple[int, ...]]:
    values = sorted(hand)
    for counts in product(*(range(hand[value] + 1) for value in values)):
        if sum(counts) >= min_size:
            yield tuple(v for v, c in zip(values, counts, strict=True) for _ in range(c))


def _family(
    operands: tuple[int, ...], combine: Op, result: int, adjusted: Adjustment | None
) -> Iterator[Equation]:
    """``operands combine ... = result`` and each of its reverse forms."""
    yield Equation.of(operands, combine, result, adjusted=adjusted)
    reverse = combine.inverse
    for moved in sorted(set(operands)):
        rest = list(operands)
        rest.remove(moved)
        yield Equation.of((result, *rest), reverse, moved, adjusted=adjusted)


def _sort_key(equation: Equation) -> tuple[int, int, tuple[int, ...]]:
    op = equation.operation
    return (-len(equation.numbers), op.order if op else 0, equation.numbers)


def solve(
    cards: Iterable[int],
    operations: str | Iterable[Op | str] = ALL_OPERATIONS,
    adjust: bool = False,
) -> list[Equation]:
    """Every distinct valid equation that can be made from ``cards``.

    Equations are written the standard way (see :meth:`Equation.canonical`): ``2 + 3 = 5``
    and ``3 + 2 = 5`` are one equation; ``8 − 3 = 5`` and ``8 − 5 = 3`` are two. The list is
    in a fixed order: most cards first, then + − × ÷, then by the numbers.

    With ``adjust=True`` (the red knight) one card may also count as one more or one less;
    such equations carry their :class:`Adjustment`. An equation that can be made without
    the knight's help is listed only without it.

    >>> [str(e) for e in solve([2, 3, 5, 6])]
    ['2 + 3 = 5', '5 − 2 = 3', '5 − 3 = 2', '2 × 3 = 6', '6 ÷ 2 = 3', '6 ÷ 3 = 2']

    :raises ValueError: if a card is not a whole number from 1 to 999, or an operation
        is unknown.
    """
    allowed = parse_operations(operations)
    hand = read_cards(cards)
    sums = Op.ADD in allowed or Op.SUB in allowed
    products = Op.MUL in allowed or Op.DIV in allowed
    found: dict[str, Equation] = {}
    adjusted_found: dict[str, Equation] = {}

    def keep(equations: Iterable[Equation], into: dict[str, Equation]) -> None:
        for equation in equations:
            if equation.operation in allowed:
                into.setdefault(equation.text, equation)

    for operands in _sub_multisets(hand, min_size=2):
        rest = hand - Counter(operands)
        targets = []
        if sums:
            targets.append((Op.ADD, sum(operands)))
        if products:
            targets.append((Op.MUL, prod(operands)))
        for combine, result in targets:
            if rest[result]:
                keep(_family(operands, combine, result, None), found)
            if adjust:
                keep(_adjusted(operands, combine, result, rest), adjusted_found)

    for text, equation in adjusted_found.items():
        found.setdefault(text, equation)
    return sorted(found.values(), key=_sort_key)


def _adjusted(
    operands: tuple[int, ...], combine: Op, result: int, rest: Counter[int]
) -> Iterator[Equation]:
    """Equations from ``operands`` that need the red knight to change one card by one."""
    # The result card is one off what the operands make.
    for card in (result - 1, result + 1):
        if card >= 1 and rest[card]:
            yield from _family(operands, combine, result, Adjustment(card, result))
    # One operand card counts as one more or one less.
    for card in sorted(set(operands)):
        for value in (card - 1, card + 1):
            if value < 1:
                continue
            changed = list(operands)
            changed[changed.index(card)] = value
            changed.sort()
            made = sum(changed) if combine is Op.ADD else prod(changed)
            if rest[made]:
                yield from _family(tuple(changed), combine, made, Adjustment(card, value))
