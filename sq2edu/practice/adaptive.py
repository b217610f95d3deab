"""Which deal comes next, from what a child has done.

The rules, in the order they are tried:

1. **Step back.** The child's last :data:`RUN_BACK` attempts were all at this level, all
   wrong in their arithmetic, with the same problem (three ``not-whole`` in a row): the
   next deal comes from the level before (:attr:`Level.before`), if the teacher's range
   holds it.
2. **Step up.** The last :data:`RUN_UP` attempts were all at this level and all right on
   the child's own (no worked example): the next level of the range.
3. **Review.** Every :data:`REVIEW_EVERY`-th deal of a level goes to a skill the child has
   mastered, the one practised longest ago, so that mastery is kept up.
4. **Practice.** Otherwise the weakest skill of the level that the child is ready for: not
   yet mastered, and its prerequisite known (see :mod:`sq2edu.progress.mastery`): three
   numbers once two are *mastered*; subtraction once addition is *familiar* (or once the
   child has tried subtraction three times), division once multiplication is. The weakest
   is the one with the smallest share right on the child's own among their recent attempts
   in it, counted as if they had one more right and one more wrong: a skill not tried yet
   is a half, one gone wrong three times in four is a third.

Within the skill chosen, facts are tracked singly (:func:`~sq2edu.practice.facts.fact_of`:
7 × 8, 8 × 7, 56 ÷ 8 and 56 ÷ 7 are one fact): when the child's recent attempts at the level
hold a fact of that skill gone wrong more often than right, the deal is built on it
:data:`FACT_AIM` times in a hundred (the weakest first), so a child who knows every table
but 7 × 8 meets 7 × 8 again soon; otherwise a fact of the skill at random.

Only attempts at a level count for it, so the levels never blur into each other; a child's
place is the level of their latest attempt in the range (:func:`place`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sq2edu.practice.deal import Deal, deal_for, usable_operations
from sq2edu.practice.facts import Fact, fact_of, families, skills_of
from sq2edu.practice.levels import LEVELS, Level
from sq2edu.progress.mastery import (
    ARITHMETIC_CODES,
    counts_for_skill,
    own_work,
    recent_mastery,
)
from sq2edu.progress.mastery import Level as Mastery
from sq2edu.progress.records import Attempt

__all__ = [
    "FACT_AIM",
    "REVIEW_EVERY",
    "RUN_BACK",
    "RUN_UP",
    "STARS",
    "available",
    "next_deal",
    "place",
    "stars",
]

#: Right answers in a row (on the child's own) that lead to the next level.
RUN_UP = 5
#: Wrong answers in a row with one problem that lead back to the level before.
RUN_BACK = 3
#: One deal in this many reviews a mastered skill.
REVIEW_EVERY = 4
#: A level's stars are counted over the child's latest attempts at it: this many.
STARS = 10
#: How often a deal is built on the child's weakest fact of the skill, when they have one.
FACT_AIM = 0.6
#: The latest attempts at a level read to find a weak fact.
FACT_MEMORY = 40

#: Attempts of their own accord that make a child ready for a skill anyway.
_TRIED = 3
#: The skill a skill builds on, within a level.
_PREREQUISITE = {
    "subtraction-two": "addition-two",
    "division-two": "multiplication-two",
    "addition-more": "addition-two",
    "subtraction-more": "subtraction-two",
    "multiplication-more": "multiplication-two",
    "division-more": "division-two",
}


def available(operations: str, levels: Sequence[Level] | None = None) -> tuple[Level, ...]:
    """The levels of ``levels`` (all by default) a class using ``operations`` can practise."""
    chosen = tuple(LEVELS.values()) if levels is None else tuple(levels)
    return tuple(level for level in chosen if skills_of(level, operations))


def place(levels: Sequence[Level], attempts: Sequence[Attempt]) -> Level:
    """Where a child practises now: the level of their latest attempt among ``levels``, or
    the first of them.

    :raises ValueError: when ``levels`` is empty.
    """
    if not levels:
        raise ValueError("no level to practise")
    keys = {level.key: level for level in levels}
    for attempt in attempts:
        if attempt.level in keys:
            return keys[attempt.level]
    return levels[0]


def stars(level: Level, attempts: Sequence[Attempt]) -> int:
    """Right answers on the child's own among their latest :data:`STARS` attempts at a level."""
    at = [a for a in attempts if a.level == level.key][:STARS]
    return sum(own_work(a) for a in at)


def step_back_due(level: Level, attempts: Sequence[Attempt]) -> bool:
    """Whether the latest attempts are :data:`RUN_BACK` mistakes of one kind at ``level``."""
    latest = list(attempts[:RUN_BACK])
    if len(latest) < RUN_BACK or any(a.level != level.key or a.ok for a in latest):
        return False
    kinds = {tuple(code for code in a.codes if code in ARITHMETIC_CODES) for a in latest}
    return len(kinds) == 1 and kinds != {()}


def step_up_due(level: Level, attempts: Sequence[Attempt]) -> bool:
    """Whether the latest attempts are :data:`RUN_UP` right answers at ``level``."""
    latest = list(attempts[:RUN_UP])
    return len(latest) == RUN_UP and all(a.level == level.key and own_work(a) for a in latest)


def next_deal(
    level: Level | str,
    attempts: Sequence[Attempt] = (),
    seed: int | random.Random | None = None,
    *,
    operations: str = "+−×÷",
    levels: Sequence[Level] | None = None,
) -> Deal:
    """The cards for a child's next deal.

    :param level: the level the child practises now (a :class:`Level` or its key).
    :param attempts: the child's attempts, newest first (only the latest few are read).
    :param seed: makes the deal repeatable (or a :class:`random.Random` to draw from).
    :param operations: the signs the class uses.
    :param levels: the teacher's range of levels (by default all that fit ``operations``).
    :raises ValueError: for an unknown level, or a level outside the range or without any
        of the class's operations.
    """
    current = LEVELS[level] if isinstance(level, str) and level in LEVELS else level
    if not isinstance(current, Level):
        raise ValueError(f"{str(level)[:40]!r} is not a level")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    chosen = available(operations, levels)
    if current not in chosen:
        raise ValueError(f"the level {current.key} is not open to this class")
    attempts = list(attempts)
    index = chosen.index(current)
    if step_back_due(current, attempts) and current.before is not None:
        before = LEVELS[current.before]
        if before in chosen:
            return _aimed(before, attempts, rng, operations, "step-back")
    if step_up_due(current, attempts) and index + 1 < len(chosen):
        return _aimed(chosen[index + 1], attempts, rng, operations, "step-up")
    return _aimed(current, attempts, rng, operations, None)


def _aimed(
    level: Level,
    attempts: Sequence[Attempt],
    rng: random.Random,
    operations: str,
    moved: str | None,
) -> Deal:
    usable = usable_operations(level, operations)
    skills = skills_of(level, usable)
    at = [a for a in attempts if a.level == level.key]
    by_skill: dict[str, list[Attempt]] = {skill: [] for skill in skills}
    for attempt in at:
        skill = attempt.skill
        if skill in by_skill and len(by_skill[skill]) < 10 and counts_for_skill(attempt):
            by_skill[skill].append(attempt)
    levels = {skill: recent_mastery(by_skill[skill], skill).level for skill in skills}
    last_seen = {skill: _last_seen(at, skill) for skill in skills}
    mastered = [skill for skill in skills if levels[skill] is Mastery.MASTERED]
    learning = [
        skill
        for skill in skills
        if levels[skill] is not Mastery.MASTERED and _ready(skill, skills, levels, by_skill)
    ]
    if mastered and (len(at) % REVIEW_EVERY == REVIEW_EVERY - 1 or not learning):
        skill, reason = max(mastered, key=lambda s: last_seen[s]), "review"
    else:
        weakness = {skill: _share_right(by_skill[skill]) for skill in learning}
        weakest = min(weakness.values())
        tied = [skill for skill in learning if weakness[skill] == weakest]
        skill, reason = rng.choice(tied), "practice"
    fact = _weak_fact(level, skill, at, rng)
    return deal_for(level, skill, rng, usable, moved or reason, fact=fact)


def _weak_fact(level: Level, skill: str, at: Sequence[Attempt], rng: random.Random) -> Fact | None:
    """A fact of ``skill`` the child gets wrong more often than right (the weakest), chosen
    :data:`FACT_AIM` times in a hundred; ``None`` for a fact at random."""
    known = families(level, skill)
    right: dict[str, int] = {}
    tried: dict[str, int] = {}
    for attempt in at[:FACT_MEMORY]:
        family = fact_of(attempt.text)
        if family is None or family not in known:
            continue
        tried[family] = tried.get(family, 0) + 1
        right[family] = right.get(family, 0) + own_work(attempt)
    weak = {
        family: (right[family] + 1) / (tried[family] + 2)
        for family in tried
        if (right[family] + 1) / (tried[family] + 2) < 0.5
    }
    if not weak or rng.random() >= FACT_AIM:
        return None
    weakest = min(weak, key=lambda family: (weak[family], family))
    return rng.choice(known[weakest])


def _share_right(recent: Sequence[Attempt]) -> float:
    """How sure a child is of a skill: their share right on their own among recent attempts,
    counted as if they had one right and one wrong more (a skill not tried yet is a half)."""
    return (sum(own_work(a) for a in recent) + 1) / (len(recent) + 2)


def _ready(
    skill: str,
    skills: Sequence[str],
    levels: dict[str, Mastery],
    by_skill: dict[str, list[Attempt]],
) -> bool:
    """Whether the child is ready for a skill: three numbers once two are mastered; an
    operation once its inverse is familiar, or once the child has tried it a few times of
    their own accord (the cards that make ``3 + 4 = 7`` also make ``7 − 4 = 3``)."""
    before = _PREREQUISITE.get(skill)
    if before is None or before not in skills:
        return True
    if skill.endswith("-more"):
        return levels[before] >= Mastery.MASTERED
    return levels[before] >= Mastery.FAMILIAR or len(by_skill[skill]) >= _TRIED


def _last_seen(at: Sequence[Attempt], skill: str) -> int:
    """How many attempts ago the skill was last practised (a big number for never)."""
    return next((i for i, a in enumerate(at) if a.skill == skill), len(at) + 1)
