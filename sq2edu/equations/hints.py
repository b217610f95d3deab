"""A ladder of hints for a hand of cards: a nudge, then which cards, then a worked example."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from sq2edu.equations.check import check, read_cards
from sq2edu.equations.model import ALL_OPERATIONS, CARD_VALUES, Equation, Op, parse_operations
from sq2edu.equations.solve import solve
from sq2edu.equations.words import join_and
from sq2edu.i18n import N_, _

__all__ = ["Hint", "hints", "ladder_to", "try_cards"]


@dataclass(frozen=True, slots=True)
class Hint:
    """One rung of the hint ladder.

    :ivar level: 1 (a nudge), 2 (which cards) or 3 (a worked example).
    :ivar text: the hint in a child's words.
    :ivar cards: the cards this hint points at (none for a nudge).
    :ivar equation: the equation the ladder leads to, shown only at level 3.
    :ivar possible: whether the hand can make an equation now; when it cannot, the ladder
        says so kindly and names a card that would help.
    """

    level: int
    text: str
    cards: tuple[int, ...] = ()
    equation: Equation | None = None
    possible: bool = True


_NUDGES = {
    Op.ADD: N_("You can make an equation with +. Look for cards that add up to another card."),
    Op.SUB: N_("You can make an equation with −. Take a small card away from a big one."),
    Op.MUL: N_("You can make an equation with ×. Look for cards that multiply to another card."),
    Op.DIV: N_("You can make an equation with ÷. Look for a card you can share out evenly."),
}


def _the_cards(cards: Iterable[int]) -> str:
    return join_and([_("the {card}", card=card) for card in sorted(cards)])


def try_cards(cards: Iterable[int]) -> str:
    """The rung that says which cards to look at: "Try the 2, the 3 and the 6."."""
    return _("Try {cards}.", cards=_the_cards(cards))


def _easiest(options: list[Equation]) -> Equation:
    # The fewest cards is the easiest to see; among those, the sign children learn first.
    def key(equation: Equation) -> tuple[bool, int, int]:
        # An equation the cards make by themselves comes before the red knight's help.
        op = equation.operation
        return equation.adjusted is not None, len(equation.numbers), op.order if op else 0

    return min(options, key=key)


def hints(
    cards: Iterable[int],
    operations: str | Iterable[Op | str] = ALL_OPERATIONS,
    adjust: bool = False,
) -> tuple[Hint, ...]:
    """The rungs of the hint ladder for a hand of number cards, three when it can make one.

    1. a nudge: which sign works ("You can make an equation with ×...");
    2. which cards: "Try the 2, the 3 and the 6.";
    3. a worked example: the equation and its explanation.

    The ladder leads to the easiest equation: the fewest cards, then + − × ÷. When the hand
    can make no equation, the ladder says so kindly and names a card that would help (or,
    when no card would, says so in fewer rungs: no rung repeats another).

    >>> [hint.text for hint in hints([2, 3, 6], operations="×")][:2]
    ['You can make an equation with ×. Look for cards that multiply to another card.', \
'Try the 2, the 3 and the 6.']
    """
    allowed = parse_operations(operations)
    hand = read_cards(cards)
    options = solve(hand.elements(), allowed, adjust)
    if not options:
        return _no_equation(hand, allowed, adjust)
    return ladder_to(_easiest(options), hand.elements(), allowed, adjust)


def ladder_to(
    target: Equation,
    cards: Iterable[int],
    operations: str | Iterable[Op | str] = ALL_OPERATIONS,
    adjust: bool = False,
) -> tuple[Hint, Hint, Hint]:
    """The three rungs of the hint ladder leading to ``target``, a valid equation of the
    hand (a lesson's task chooses its own: the ladder must end in an answer the task takes).

    >>> from sq2edu.equations.parse import parse
    >>> print(ladder_to(parse("6 ÷ 3 = 2"), [2, 3, 6], "÷")[2].text)
    Here is one: 6 ÷ 3 = 2
    Both sides are 2 ✓
    6 ÷ 3 = 2, because 2 × 3 = 6.

    :raises ValueError: if ``target`` is not a valid equation of these cards.
    """
    hand = list(cards)
    worked = check(target, cards=hand, operations=operations, adjust=adjust)
    op = target.operation
    if not worked.ok or op is None:
        raise ValueError(f"{target.text} is not an equation of {sorted(hand)}")
    example = [_("Here is one: {equation}", equation=target.text)]
    example += [line for line in worked.lines[1:] if line]
    which = try_cards(target.cards)
    if target.adjusted is not None:
        which += " " + _(
            "Your red knight can make the {card} count as {value}.",
            card=target.adjusted.card,
            value=target.adjusted.value,
        )
    return (
        Hint(1, _(_NUDGES[op])),
        Hint(2, which, target.cards),
        Hint(3, "\n".join(example), target.cards, target),
    )


def _plain_ladder(first: str, then: str | None = None) -> tuple[Hint, ...]:
    """A ladder with nothing to point at: ``first``, then ``then`` (a rung says a thing
    once: the ladder ends where there is nothing new to say)."""
    if then is None:
        return (Hint(1, first, possible=False),)
    return (Hint(1, first, possible=False), Hint(2, then, possible=False))


def _no_equation(hand: Counter[int], allowed: frozenset[Op], adjust: bool) -> tuple[Hint, ...]:
    first = _("No equation with these cards yet. That's OK!")
    if not allowed:
        return _plain_ladder(_("Your class is not making equations right now."))
    if hand.total() < 2:
        return _plain_ladder(
            first, _("An equation needs at least three number cards. Collect some more!")
        )
    helpful: list[tuple[tuple[bool, int, int, int], int, Equation]] = []
    for card in CARD_VALUES:
        options = solve([*hand.elements(), card], allowed, adjust)
        if options:
            best = _easiest(options)
            op = best.operation
            rank = (best.adjusted is not None, len(best.numbers), op.order if op else 0, card)
            helpful.append((rank, card, best))
    if not helpful:
        return _plain_ladder(
            first, _("Keep collecting number cards: more cards make more equations.")
        )
    _key, card, example = min(helpful)
    if hand[card]:
        # The child holds one already: it is one more of them that would help.
        which = _("Another card with {card} would help.", card=card)
        worked = _(
            "With another card with {card}, you could make {equation}.",
            card=card,
            equation=example.text,
        )
    else:
        which = _("A card with {card} would help.", card=card)
        worked = _(
            "With a card with {card}, you could make {equation}.", card=card, equation=example.text
        )
    return (
        Hint(1, first, possible=False),
        Hint(2, which, (card,), possible=False),
        Hint(3, worked, example.cards, example, possible=False),
    )
