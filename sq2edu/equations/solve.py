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
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from sq2edu.equations.check import read_cards
from sq2edu.equations.model import ALL_OPERATIONS, Adjustment, Equation, Op, parse_operations

__all__ = ["forget_solutions", "solve"]


# A found equation before it becomes an Equation object: (sign, operands, result, change).
_Found = tuple[Op, tuple[int, ...], int, Adjustment | None]


def _sub_multisets(
    hand: Counter[int], taken: dict[int, int]
) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Each sub-multiset of two or more cards, built up card by card, with its sum and product.

    ``taken`` is kept up to date with how many cards of each value the current sub-multiset
    takes, so the caller can see which cards are still free without counting again.
    """
    values = sorted(hand)
    chosen: list[int] = []

    def walk(index: int, total: int, product: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
        if index == len(values):
            if len(chosen) >= 2:
                yield tuple(chosen), total, product
            return
        value = values[index]
        yield from walk(index + 1, total, product)
        for _copy in range(hand[value]):
            chosen.append(value)
            taken[value] = taken.get(value, 0) + 1
            total += value
            product *= value
            yield from walk(index + 1, total, product)
        del chosen[len(chosen) - hand[value] :]
        taken[value] = 0

    yield from walk(0, 0, 1)


def _family(
    operands: tuple[int, ...], combine: Op, result: int, change: Adjustment | None
) -> Iterator[_Found]:
    """``operands combine ... = result`` and each of its reverse forms."""
    yield combine, operands, result, change
    reverse = combine.inverse
    for moved in sorted(set(operands)):
        rest = list(operands)
        rest.remove(moved)
        yield reverse, (result, *rest), moved, change


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
    return list(_solve(tuple(sorted(hand.elements())), allowed, adjust))


# Realms repeat a lot in play (and bots ask again and again), and the answer depends only on
# the multiset of values: keep the most recent answers. Equations are immutable, so sharing
# them is safe; callers get a fresh list.
@lru_cache(maxsize=8192)
def _solve(values: tuple[int, ...], allowed: frozenset[Op], adjust: bool) -> tuple[Equation, ...]:
    hand = Counter(values)
    targets = []
    if Op.ADD in allowed or Op.SUB in allowed:
        targets.append(Op.ADD)
    if Op.MUL in allowed or Op.DIV in allowed:
        targets.append(Op.MUL)
    plain: list[_Found] = []
    helped: list[_Found] = []
    taken: dict[int, int] = {}

    def free(card: int) -> bool:
        """Whether a card of this value is left over after the operands."""
        return hand.get(card, 0) > taken.get(card, 0)

    for operands, total, product in _sub_multisets(hand, taken):
        for combine in targets:
            result = total if combine is Op.ADD else product
            if free(result):
                plain.extend(_family(operands, combine, result, None))
            if adjust:
                helped.extend(_adjusted(operands, combine, result, free))

    found: dict[tuple[Op, tuple[int, ...], int], Equation] = {}
    for op, operands, result, change in plain + helped:
        if op in allowed and (op, operands, result) not in found:
            found[op, operands, result] = Equation.of(operands, op, result, adjusted=change)
    return tuple(sorted(found.values(), key=_sort_key))


def forget_solutions() -> None:
    """Forget the remembered answers of :func:`solve` (to measure it cold)."""
    _solve.cache_clear()


def _adjusted(
    operands: tuple[int, ...], combine: Op, result: int, free: Callable[[int], bool]
) -> Iterator[_Found]:
    """Equations from ``operands`` that need the red knight to change one card by one."""
    below, above = free(result - 1), free(result + 1)
    # The result card is one off what the operands make.
    if below:
        yield from _family(operands, combine, result, Adjustment(result - 1, result))
    if above:
        yield from _family(operands, combine, result, Adjustment(result + 1, result))
    if combine is Op.ADD and not (below or above):
        return  # changing an operand moves a sum by one, onto a value no free card has
    # One operand card counts as one more or one less: a sum moves by one, a product by
    # the product of the other operands.
    for card in sorted(set(operands)):
        others = result - card if combine is Op.ADD else result // card
        for value in (card - 1, card + 1):
            made = others + value if combine is Op.ADD else others * value
            if value >= 1 and free(made):
                changed = list(operands)
                changed[changed.index(card)] = value
                changed.sort()
                yield from _family(tuple(changed), combine, made, Adjustment(card, value))
