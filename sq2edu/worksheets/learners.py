"""Where a child, a group or a class stands, read from their attempts, to aim a sheet.

A child's sheet is at their place (the level of their latest attempt in the teacher's range,
as the Lab deals: :func:`sq2edu.practice.place`) and practises more of their weakest skill
there: the skill of that level they get right on their own least often among their latest
attempts in it, counted as the Lab counts (as if they had one more right and one more
wrong, so two wrongs out of two is weaker than one out of one). Attempts in games count
too: a skill is the same skill wherever it was practised. A skill not tried yet is not
called weak: a sheet aims only at what the attempts show.

A class's sheet is at the place most of its children have reached (the easier level when
two are tied).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sq2edu.practice import Level, place, skills_of
from sq2edu.practice.deal import usable_operations
from sq2edu.progress.mastery import RECENT, counts_for_skill, own_work
from sq2edu.progress.records import Attempt

__all__ = ["common_place", "weakest_skill"]


def weakest_skill(level: Level, attempts: Sequence[Attempt], operations: str) -> str | None:
    """The skill of ``level`` a child gets right on their own least often, from their
    ``attempts`` (newest first); ``None`` when they have tried none of its skills."""
    skills = skills_of(level, usable_operations(level, operations))
    recent: dict[str, list[Attempt]] = {skill: [] for skill in skills}
    for attempt in attempts:
        theirs = recent.get(attempt.skill or "")
        if theirs is not None and len(theirs) < RECENT and counts_for_skill(attempt):
            theirs.append(attempt)
    tried = {skill: found for skill, found in recent.items() if found}
    if not tried:
        return None
    share = {
        skill: (sum(own_work(a) for a in found) + 1) / (len(found) + 2)
        for skill, found in tried.items()
    }
    return min(tried, key=lambda skill: (share[skill], skills.index(skill)))


def common_place(levels: Sequence[Level], attempts: Sequence[Attempt]) -> Level:
    """The level most children of a class practise at now, from the class's ``attempts``
    (newest first); the first of ``levels`` when no child has practised in them.

    :raises ValueError: when ``levels`` is empty.
    """
    if not levels:
        raise ValueError("no level to practise")
    by_child: dict[str, list[Attempt]] = {}
    for attempt in attempts:
        by_child.setdefault(attempt.student, []).append(attempt)
    keys = {level.key for level in levels}
    places = Counter(
        place(levels, theirs).key
        for theirs in by_child.values()
        if any(a.level in keys for a in theirs)
    )
    if not places:
        return levels[0]
    best = max(places.values())
    return next(level for level in levels if places[level.key] == best)
