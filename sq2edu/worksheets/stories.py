"""Short stories from the Rescue that a child writes as an equation.

A story is told from a fact of a level: ``5 + 3 = 8`` becomes *Mia has 5 cards. She draws
3 more cards. How many cards does she have now?* Each number that counts something comes
with its word in the right form for the number (``1 card``, ``2 карты``, ``5 карт``), so
the stories read naturally in every language. A fact whose skill has no story (three
numbers multiplied, say) or that would make a strange one (``1 pile``) has none.
"""

from __future__ import annotations

from collections.abc import Callable

from sq2edu.equations import Equation, Op
from sq2edu.i18n import _, ngettext
from sq2edu.practice import Fact

__all__ = ["equation_of", "has_story", "story"]


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n)


def _more(n: int) -> str:
    return ngettext("{n} more card", "{n} more cards", n)


def _piles(n: int) -> str:
    return ngettext("{n} pile", "{n} piles", n)


def _add_two(numbers: tuple[int, ...]) -> str:
    first, second, _total = numbers
    return _(
        "Mia has {cards}. She draws {more}. How many cards does she have now?",
        cards=_cards(first),
        more=_more(second),
    )


def _add_more(numbers: tuple[int, ...]) -> str:
    first, second, third, _total = numbers
    return _(
        "Mia has {cards}. She draws {more}, then {again}. How many cards does she have now?",
        cards=_cards(first),
        more=_more(second),
        again=_more(third),
    )


def _take_two(numbers: tuple[int, ...]) -> str:
    total, played, _left = numbers
    return _(
        "Leo has {cards}. He gives {n} of them to Mia. How many cards does he have left?",
        cards=_cards(total),
        n=played,
    )


def _take_more(numbers: tuple[int, ...]) -> str:
    total, played, again, _left = numbers
    return _(
        "Leo has {cards}. He gives {n} of them to Mia, then {m} to Ola. "
        "How many cards does he have left?",
        cards=_cards(total),
        n=played,
        m=again,
    )


def _times(numbers: tuple[int, ...]) -> str:
    piles, each, _total = numbers
    return _(
        "Leo lays the cards out in {piles}. Each pile has {cards}. How many cards are there?",
        piles=_piles(piles),
        cards=_cards(each),
    )


def _share(numbers: tuple[int, ...]) -> str:
    total, piles, _each = numbers
    return _(
        "There are {cards} on the table. Leo shares them equally into {piles}. "
        "How many cards go in each pile?",
        cards=_cards(total),
        piles=_piles(piles),
    )


def _share_rest(numbers: tuple[int, ...]) -> str:
    total, piles, _each = numbers
    return _(
        "There are {cards} on the table. Leo shares them equally into {piles}. "
        "How many cards go in each pile, and how many are left over?",
        cards=_cards(total),
        piles=_piles(piles),
    )


_TOLD: dict[tuple[Op, int], Callable[[tuple[int, ...]], str]] = {
    (Op.ADD, 3): _add_two,
    (Op.ADD, 4): _add_more,
    (Op.SUB, 3): _take_two,
    (Op.SUB, 4): _take_more,
    (Op.MUL, 3): _times,
    (Op.DIV, 3): _share,
}


def equation_of(fact: Fact) -> Equation:
    """The equation a story is written as: the bigger pile first when adding (``5 + 3``,
    Mia's cards and then those she draws), the number of piles first when multiplying."""
    equation = fact.equation
    op = equation.operation
    numbers = equation.numbers
    if op is Op.ADD and len(numbers) == 3:
        return Equation.of(sorted(numbers[:2], reverse=True), op, numbers[-1])
    return equation


def has_story(fact: Fact) -> bool:
    """Whether a fact can be told as a story (no pile of one, no pile of nothing)."""
    op = fact.equation.operation
    if op is None or (op, len(fact.equation.numbers)) not in _TOLD:
        return False
    if op in (Op.MUL, Op.DIV):
        return 1 not in fact.equation.numbers[:2]
    return True


def story(fact: Fact) -> str:
    """The story of a fact, in the active language.

    :raises ValueError: for a fact that has no story (see :func:`has_story`).
    """
    if not has_story(fact):
        raise ValueError(f"{fact.text} has no story")
    numbers = equation_of(fact).numbers
    if fact.rest:
        return _share_rest(numbers)
    op = fact.equation.operation
    assert op is not None
    return _TOLD[op, len(numbers)](numbers)
