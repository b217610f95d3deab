"""How each kind of exercise is made from a level, a skill and a random draw.

The kinds a level offers follow from what kind of level it is (:attr:`Level.kind`) and the
signs in use, never from its name, so a new level gets worksheets without a line here:

* a level where children make equations from cards: every kind but ``remainder``;
* a missing-number level: boxes, fact families, true or not, stories;
* a remainder level: divisions with a rest, stories of sharing, true or not.

A fact family needs both signs of its pair in use (+ and −, or × and ÷). Every builder
returns an exercise that :func:`~sq2edu.worksheets.exercises.verify` has passed, or ``None``
when the draw gave nothing usable (the caller draws again).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection
from functools import cache

from sq2edu.equations import Equation, Op, solve
from sq2edu.equations.exercise import Exercise as CardTask
from sq2edu.practice import Fact, Level, deal_for, facts, skills_of
from sq2edu.practice.deal import usable_operations
from sq2edu.worksheets.exercises import Exercise, family_key, verify
from sq2edu.worksheets.stories import equation_of, has_story

__all__ = ["FIND_MOST", "build", "families_of", "kinds_for", "skills_for"]

#: The most equations a "find every equation" exercise asks for: enough to search, few
#: enough to finish.
FIND_MOST = 6
#: Draws of cards tried for one "find every equation" exercise.
_FIND_DRAWS = 12
#: The most cards of one number in a "find every equation" hand (four 1s make a dull list).
_SAME_MOST = 2

_MENUS: dict[str, tuple[str, ...]] = {
    "make": ("make", "missing", "family", "true", "story", "find"),
    "missing": ("missing", "family", "true", "story"),
    "remainder": ("remainder", "story", "true"),
}


def kinds_for(level: Level, operations: str) -> tuple[str, ...]:
    """The kinds of exercise ``level`` offers with the class's ``operations``."""
    menu = _MENUS.get(level.kind, _MENUS["missing"])
    return tuple(kind for kind in menu if skills_for(level, kind, operations))


@cache
def skills_for(level: Level, kind: str, operations: str) -> tuple[str, ...]:
    """The skills of ``level`` an exercise of ``kind`` can practise with ``operations``."""
    usable = usable_operations(level, operations)
    return tuple(
        skill
        for skill in skills_of(level, usable)
        if kind in ("make", "find") or _candidates(level, skill, kind, operations)
    )


@cache
def _candidates(level: Level, skill: str, kind: str, operations: str) -> tuple[Fact, ...]:
    """The facts of a skill an exercise of ``kind`` can rest on."""
    found = facts(level, skill)
    if kind == "remainder":
        return tuple(fact for fact in found if fact.rest)
    if kind == "family":
        return tuple(
            fact for fact in found if _family_signs(fact, operations) and not _trivial(fact)
        )
    if kind == "story":
        return tuple(fact for fact in found if has_story(fact))
    if kind == "missing":
        return tuple(fact for fact in found if not fact.rest)
    return found


def _trivial(fact: Fact) -> bool:
    """A fact whose family teaches little: times or divided by 1, or a rest to say."""
    op = fact.equation.operation
    return bool(fact.rest) or (op in (Op.MUL, Op.DIV) and 1 in fact.equation.numbers)


def _family_signs(fact: Fact, operations: str) -> str:
    """The two signs of a two-number fact's family, when the class uses both ("" if not)."""
    op = fact.equation.operation
    if op is None or len(fact.equation.numbers) != 3:
        return ""
    pair = "".join(sorted((op.value, op.inverse.value), key=lambda s: Op(s).order))
    return pair if all(sign in operations for sign in pair) else ""


@cache
def families_of(level: Level, operations: str) -> frozenset[tuple[object, ...]]:
    """Every fact family of ``level`` with the class's ``operations``."""
    usable = usable_operations(level, operations)
    return frozenset(
        family_key(fact) for skill in skills_of(level, usable) for fact in facts(level, skill)
    )


def build(
    kind: str,
    level: Level,
    skill: str,
    rng: random.Random,
    operations: str,
    avoid: Collection[tuple[object, ...]] = (),
) -> Exercise | None:
    """One exercise of ``kind`` at ``level`` in ``skill``, checked; ``None`` when this draw
    cannot make one (no fact of that kind, a fact of a family in ``avoid``, or cards with
    too many equations to find)."""
    usable = usable_operations(level, operations)
    if kind == "make":
        return _make(level, skill, rng, usable, avoid)
    if kind == "find":
        return _find(level, skill, rng, usable, avoid)
    candidates = [
        fact
        for fact in _candidates(level, skill, kind, operations)
        if not avoid or family_key(fact) not in avoid
    ]
    if not candidates:
        return None
    fact = rng.choice(candidates)
    if kind == "missing":
        missing = rng.randrange(len(fact.equation.numbers))
        exercise = Exercise(kind, level, skill, fact, (), (), usable, missing=missing)
        filled = exercise.boxed.replace("□", str(exercise.number))
        return verify(Exercise(kind, level, skill, fact, (filled,), (), usable, missing=missing))
    if kind == "remainder":
        return verify(Exercise(kind, level, skill, fact, (fact.text,), fact.cards, "÷"))
    if kind == "family":
        return _family(level, skill, fact, _family_signs(fact, operations))
    if kind == "true":
        return _true_or_not(level, skill, fact, rng, usable)
    sign = fact.equation.operation
    assert sign is not None
    answer = equation_of(fact).text
    told = f"{answer} r {fact.rest}" if fact.rest else answer
    return verify(Exercise("story", level, skill, fact, (told,), (), sign.value))


def _make(
    level: Level,
    skill: str,
    rng: random.Random,
    operations: str,
    avoid: Collection[tuple[object, ...]],
) -> Exercise | None:
    deal = deal_for(level, skill, rng, operations)
    if family_key(deal.fact) in avoid:
        return None
    target = deal.fact.equation.numbers[-1]
    task = CardTask("", deal.cards, deal.operations, makes=target)
    answers = tuple(equation.text for equation in task.answers())
    return verify(
        Exercise("make", level, skill, deal.fact, answers, deal.cards, task.operations, target)
    )


def _find(
    level: Level,
    skill: str,
    rng: random.Random,
    operations: str,
    avoid: Collection[tuple[object, ...]],
) -> Exercise | None:
    for _draw in range(_FIND_DRAWS):
        deal = deal_for(level, skill, rng, operations)
        if family_key(deal.fact) in avoid or max(Counter(deal.cards).values()) > _SAME_MOST:
            continue
        every = tuple(equation.text for equation in solve(deal.cards, deal.operations))
        if 2 <= len(every) <= FIND_MOST:
            return verify(
                Exercise("find", level, skill, deal.fact, every, deal.cards, deal.operations)
            )
    return None


def _family(level: Level, skill: str, fact: Fact, signs: str) -> Exercise:
    """``3 + 4 = 7``, ``7 − 3 = 4``, ``7 − 4 = 3`` (two for a double).

    ``4 + 3 = 7`` is the same equation turned around: a sheet has one rule for what counts as
    another equation, the checker's, and "find every equation" counts by it too (its heading
    says so).
    """
    first, second, whole = sorted(fact.equation.numbers)
    joined, undone = (Op(sign) for sign in signs)
    members = [
        Equation.of((first, second), joined, whole),
        Equation.of((whole, first), undone, second),
        Equation.of((whole, second), undone, first),
    ]
    answers = tuple(dict.fromkeys(member.text for member in members))
    cards = (first, second, whole)
    return verify(Exercise("family", level, skill, fact, answers, cards, signs))


def _true_or_not(
    level: Level, skill: str, fact: Fact, rng: random.Random, operations: str
) -> Exercise:
    """The fact as it is, or with one number a little wrong (or the other sign's answer)."""
    truth = fact.text
    shown = truth if rng.random() < 0.5 else _wrong(fact, rng)
    return verify(
        Exercise(
            "true", level, skill, fact, (truth,), (), operations, shown=shown, true=shown == truth
        )
    )


def _wrong(fact: Fact, rng: random.Random) -> str:
    """The fact with a mistake children make: an answer one or two off, a rest one off, or
    adding where the sign says to take away or multiply."""
    equation = fact.equation
    *operands, result = equation.numbers
    op = equation.operation
    assert op is not None
    if fact.rest:
        number, divisor = operands
        wrong_rests = [r for r in (fact.rest - 1, fact.rest + 1) if r >= 1]
        choices = [f"{number} ÷ {divisor} = {result} r {rest}" for rest in wrong_rests]
        choices.append(f"{number} ÷ {divisor} = {result + 1} r {fact.rest}")
        return rng.choice(choices)
    answers = {result - 2, result - 1, result + 1, result + 2}
    if op in (Op.SUB, Op.MUL):
        answers.add(sum(operands))
    answers.discard(result)
    wrong = rng.choice(sorted(answer for answer in answers if 0 <= answer <= 999))
    return Equation.of(operands, op, wrong).text
