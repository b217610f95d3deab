"""One deal of practice: cards built around an equation of the skill aimed at.

A deal starts from one fact of the level in the chosen skill, then adds other cards of the
level. Of a few candidate hands it keeps the one with the fewest equations of other skills,
so a deal aimed at division is mostly about division. Every deal is proved before it is
given: :func:`sq2edu.equations.solve` (or the remainder checker) finds its equation among
the cards.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache

from sq2edu.equations import Equation, check, solve
from sq2edu.equations.remainder import check_remainder
from sq2edu.practice.facts import Fact, facts, skills_of
from sq2edu.practice.levels import Level

__all__ = ["BOX", "Deal", "deal_for", "usable_operations"]

#: The box a missing-number task leaves for the child to fill.
BOX = "□"
#: Candidate hands tried for one deal.
_CANDIDATES = 6
#: The deck has at most this many cards of one number.
_COPIES = 4


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal and why they were chosen.

    :ivar level: the level dealt from.
    :ivar cards: the number cards, smallest first.
    :ivar skill: the skill the deal is aimed at.
    :ivar fact: the equation the deal was built on (one answer among maybe several).
    :ivar operations: the signs the child may use for it.
    :ivar reason: ``"practice"`` (the weakest skill the child is ready for), ``"review"``
        (a skill mastered a while ago), ``"step-back"`` (the level before, after repeated
        mistakes of one kind) or ``"step-up"`` (the next level, after a run of right
        answers).
    :ivar missing: for a missing-number task, which number of the fact is in the box.
    """

    level: Level
    cards: tuple[int, ...]
    skill: str
    fact: Fact
    operations: str
    reason: str = "practice"
    missing: int | None = None

    @property
    def shown(self) -> str:
        """A missing-number task as the child sees it (``3 × □ = 12``); "" for others."""
        if self.missing is None:
            return ""
        equation = self.fact.equation
        numbers = [str(n) for n in equation.numbers]
        numbers[self.missing] = BOX
        left = f" {equation.left.ops[0].value} ".join(numbers[:-1])
        return f"{left} = {numbers[-1]}"

    @property
    def answer(self) -> int | None:
        """The number in the box of a missing-number task."""
        return None if self.missing is None else self.fact.equation.numbers[self.missing]

    def proved(self) -> bool:
        """Whether the deal's cards really make its fact."""
        if self.fact.rest:
            return check_remainder(self.fact.text, self.cards).ok
        if self.missing is not None:
            equation = self.fact.equation
            return self.answer in self.cards and check(equation, None, self.operations).ok
        made = solve(self.cards, self.operations)
        return self.fact.equation.canonical() in {e.canonical() for e in made}


def usable_operations(level: Level, operations: str) -> str:
    """The signs of ``level`` a class using ``operations`` may practise ("" for none)."""
    return "".join(sign for sign in level.operations if sign in operations)


@cache
def _deck(level: Level, operations: str) -> tuple[int, ...]:
    """Every number the level's facts use, with the class's operations."""
    return tuple(
        sorted(
            {
                card
                for skill in skills_of(level, operations)
                for fact in facts(level, skill)
                for card in fact.cards
            }
        )
    )


def deal_for(
    level: Level,
    skill: str,
    rng: random.Random,
    operations: str = "+−×÷",
    reason: str = "practice",
    fact: Fact | None = None,
) -> Deal:
    """A deal of ``level`` aimed at ``skill``, built on ``fact`` (one of the level's facts
    in that skill) or on one at random.

    :raises ValueError: when the level has no fact in that skill with these operations, or
        ``fact`` is not one of them.
    """
    usable = usable_operations(level, operations)
    if skill not in skills_of(level, usable):
        raise ValueError(f"the level {level.key} has no {skill} with {operations or 'no signs'}")
    if fact is None:
        fact = rng.choice(facts(level, skill))
    elif fact not in _fact_set(level, skill):
        raise ValueError(f"{fact.text} is not a fact of {level.key} in {skill}")
    if level.kind == "missing":
        return _missing(level, skill, fact, rng, usable, reason)
    deck = _deck(level, usable)
    best: tuple[int, tuple[int, ...]] | None = None
    for _candidate in range(_CANDIDATES):
        hand = _fill(list(fact.cards), deck, level.hand, rng)
        others = 0 if level.kind == "remainder" else _other_skills(hand, usable, skill)
        if best is None or others < best[0]:
            best = (others, hand)
        if others == 0:
            break
    assert best is not None
    deal = Deal(level, best[1], skill, fact, usable, reason)
    assert deal.proved(), deal
    return deal


@cache
def _fact_set(level: Level, skill: str) -> frozenset[Fact]:
    return frozenset(facts(level, skill))


def _fill(hand: list[int], deck: tuple[int, ...], size: int, rng: random.Random) -> tuple[int, ...]:
    counts = Counter(hand)
    while len(hand) < size:
        card = rng.choice(deck)
        if counts[card] < _COPIES:
            counts[card] += 1
            hand.append(card)
    return tuple(sorted(hand))


def _other_skills(hand: tuple[int, ...], operations: str, skill: str) -> int:
    from sq2edu.progress.records import skill_of

    return sum(1 for equation in solve(hand, operations) if skill_of(equation.text) != skill)


def _missing(
    level: Level, skill: str, fact: Fact, rng: random.Random, operations: str, reason: str
) -> Deal:
    """The fact with one number in a box, and cards to choose it from: the right one and
    numbers close to it (the numbers around the box are printed, not dealt)."""
    equation: Equation = fact.equation
    missing = rng.randrange(len(equation.numbers))
    answer = equation.numbers[missing]
    around = range(max(1, answer - level.hand), answer + level.hand + 1)
    near = sorted((n for n in around if n != answer), key=lambda n: (abs(n - answer), rng.random()))
    hand = [answer, *near[: level.hand - 1]]
    deal = Deal(level, tuple(sorted(hand)), skill, fact, operations, reason, missing)
    assert deal.proved(), deal
    return deal
