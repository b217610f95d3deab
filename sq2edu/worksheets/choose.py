"""Choosing the exercises of a sheet: every kind a level offers, a skill aimed at, no repeat.

The exercises are shared out between the sheet's levels, and each level's share between the
kinds of exercise it offers (:func:`~sq2edu.worksheets.kinds.kinds_for`), its own kind first.
With a skill to aim at (a child's weakest), two exercises in three practise it wherever the
level and the kind allow; the rest are spread over the level's skills. No two exercises rest
on the same fact family while the level has others to give; no two are ever the same.

Everything is drawn from one generator seeded by the sheet's number, so the same number gives
the same sheet, in every language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sq2edu.practice import Level
from sq2edu.worksheets.exercises import KINDS, Exercise, family_key
from sq2edu.worksheets.kinds import build, families_of, kinds_for, skills_for

__all__ = ["FOCUS_EVERY", "choose"]

#: Of every three exercises, this many practise the skill aimed at (when there is one).
FOCUS_EVERY = 2
#: Draws tried for one exercise before its kind or skill gives way.
_DRAWS = 40


def choose(
    levels: Sequence[Level],
    count: int,
    seed: int,
    operations: str = "+−×÷",
    focus: str | None = None,
) -> tuple[Exercise, ...]:
    """``count`` different exercises from ``levels``, in the order a sheet prints them.

    :param levels: the levels of practice, easiest first.
    :param count: how many exercises.
    :param seed: the sheet's number: the same number gives the same exercises.
    :param operations: the signs the class uses.
    :param focus: a skill to practise more (``"subtraction-two"``), or ``None``.
    :raises ValueError: when no level offers an exercise with these signs, or the levels
        have fewer different exercises than asked for.
    """
    offered = [(level, kinds_for(level, operations)) for level in levels]
    offered = [(level, kinds) for level, kinds in offered if kinds]
    if not offered:
        raise ValueError("none of these levels can be practised with the class's signs")
    rng = random.Random(seed)
    chosen: list[Exercise] = []
    families: set[tuple[object, ...]] = set()
    seen: set[tuple[object, ...]] = set()
    told: set[tuple[object, ...]] = set()
    for level_index, (level, kinds) in enumerate(offered):
        share = count // len(offered) + (level_index < count % len(offered))
        for slot in range(share):
            kind = kinds[slot % len(kinds)]
            aimed = focus if slot % 3 < FOCUS_EVERY else None
            exercise = _draw(level, kind, kinds, aimed, rng, operations, families, seen, told)
            if exercise is None:
                raise ValueError(
                    f"the level {level.key} has fewer than {share} different exercises"
                )
            chosen.append(exercise)
            families.add(family_key(exercise.fact))
            seen.add(exercise.key)
            told.add(_told(exercise))
    order = {level.key: index for index, (level, _kinds) in enumerate(offered)}
    return tuple(sorted(chosen, key=lambda e: (KINDS.index(e.kind), order[e.level.key])))


def _draw(
    level: Level,
    kind: str,
    kinds: Sequence[str],
    aimed: str | None,
    rng: random.Random,
    operations: str,
    families: set[tuple[object, ...]],
    seen: set[tuple[object, ...]],
    told: set[tuple[object, ...]],
) -> Exercise | None:
    """One new exercise: of ``kind`` in the aimed skill if it can be, then of ``kind`` in
    any skill, then of another kind; a new fact family if there is one, else a new
    exercise on a family already used. A story told the same way as one already on the
    sheet (two of Leo giving cards away) is a new family's last resort too."""
    tries = [kind, *(other for other in kinds if other != kind)]
    for fresh_family in (True, False):
        if fresh_family and families >= families_of(level, operations):
            continue
        avoid = families if fresh_family else frozenset()
        for attempt in tries:
            skills = skills_for(level, attempt, operations)
            for _draw_number in range(_DRAWS):
                if aimed in skills and _draw_number < _DRAWS // 2:
                    skill = aimed
                else:
                    skill = rng.choice(skills)
                exercise = build(attempt, level, skill, rng, operations, avoid)
                if exercise is None or exercise.key in seen:
                    continue
                if fresh_family and exercise.kind == "story" and _told(exercise) in told:
                    continue
                return exercise
    return None


def _told(exercise: Exercise) -> tuple[object, ...]:
    """How a story is told: by its sign and how many numbers it has (others are "")."""
    if exercise.kind != "story":
        return ()
    equation = exercise.fact.equation
    return (equation.operation, len(equation.numbers), exercise.fact.rest > 0)
