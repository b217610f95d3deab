"""The class at a glance, kept up to date from the attempts the dashboard has not read yet.

A dashboard that read every attempt at every refresh would cost seconds once a class has
made a few hundred thousand; :class:`ClassSummary` reads only the new ones
(:meth:`~sq2edu.classroom.storage.store.ProgressStore.attempts_after`, and the class challenge's
tries, :meth:`~sq2edu.classroom.storage.challenge_store.Challenges.tries_after`) and keeps what the
dashboard shows: each student's latest attempts per skill (all that mastery looks at), their last
attempts and mistakes, and the class's mistakes with real examples.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, deque
from dataclasses import dataclass, field

from sq2edu.classroom.storage.store import SQLStore
from sq2edu.practice.adaptive import STARS
from sq2edu.progress.mastery import (
    RECENT,
    SkillMastery,
    counts_for_skill,
    own_work,
    recent_mastery,
)
from sq2edu.progress.records import SKILLS, Attempt

__all__ = ["EXAMPLES", "LAST_ATTEMPTS", "OPERATIONS", "ClassSummary", "Days", "StudentSummary"]

#: The operations skills belong to, in the order children learn them.
OPERATIONS = ("addition", "subtraction", "multiplication", "division")
#: Per day (the teacher's calendar), per operation: [right on their own, counted].
Days = dict[str, dict[str, list[int]]]


def local_day(at: str) -> str:
    """The teacher's calendar day of a stored UTC time (``2026-12-01``)."""
    try:
        return dt.datetime.fromisoformat(at).astimezone().date().isoformat()
    except ValueError:
        return at[:10]


def _count_day(days: Days, attempt: Attempt, skill: str, day: str) -> None:
    operation = skill.split("-")[0]
    tally = days.setdefault(day, {}).setdefault(operation, [0, 0])
    tally[0] += own_work(attempt)
    tally[1] += 1


def _childs_mistake(attempt: Attempt) -> bool:
    """Whether a wrong attempt is the child's own mistake: a true equation that missed a
    lesson's task, made after the app had shown it (an older release's hint or near miss
    could name one), is the app's."""
    if attempt.ok or not attempt.codes:
        return False
    return not (attempt.codes[0] == "off-task" and attempt.helped)


#: Real equations kept for each kind of mistake.
EXAMPLES = 3
#: A student's last attempts shown on the dashboard.
LAST_ATTEMPTS = 10


@dataclass
class StudentSummary:
    """One student's part of the summary; every sequence is newest first."""

    by_skill: dict[str, deque[Attempt]] = field(default_factory=dict)
    last: deque[Attempt] = field(default_factory=lambda: deque(maxlen=LAST_ATTEMPTS))
    mistakes: Counter[str] = field(default_factory=Counter)
    days: Days = field(default_factory=dict)
    attempts: int = 0
    #: The latest attempts at each level of practice (as many as its stars count).
    by_level: dict[str, deque[Attempt]] = field(default_factory=dict)
    #: The level of practice of the student's latest attempt at one ("" for none yet).
    level: str = ""
    #: :meth:`mastery` as of the last attempt counted (``None``: not worked out since).
    _mastery: dict[str, SkillMastery] | None = field(default=None, repr=False, compare=False)

    def add(self, attempt: Attempt, skill: str | None = None, day: str = "") -> None:
        """Count one more attempt (the newest so far).

        :param skill: the attempt's skill, when the caller has worked it out already (with
            ``day``, its calendar day): a class's summary counts each attempt twice, and
            reading an equation for its skill is most of what counting costs.
        """
        if not day:
            skill, day = attempt.skill, local_day(attempt.at)
        self.attempts += 1
        self._mastery = None
        self.last.appendleft(attempt)
        if attempt.level:
            self.level = attempt.level
            self.by_level.setdefault(attempt.level, deque(maxlen=STARS)).appendleft(attempt)
        if skill is not None and counts_for_skill(attempt):
            self.by_skill.setdefault(skill, deque(maxlen=RECENT)).appendleft(attempt)
            _count_day(self.days, attempt, skill, day)
        if _childs_mistake(attempt):
            self.mistakes[attempt.codes[0]] += 1

    def stars(self, level: str) -> int:
        """The stars of a level of practice: right on their own among the latest tries."""
        return sum(own_work(attempt) for attempt in self.by_level.get(level, ()))

    def mastery(self) -> dict[str, SkillMastery]:
        """The student's level in every skill; worked out again only after a new attempt (a
        dashboard of a thousand names asks for it at every refresh)."""
        if self._mastery is None:
            self._mastery = {
                skill: recent_mastery(list(self.by_skill.get(skill, ())), skill) for skill in SKILLS
            }
        return dict(self._mastery)


class ClassSummary:
    """The current class's attempts, summed up; :meth:`update` reads only new ones."""

    def __init__(self) -> None:
        self._reset(None)

    def _reset(self, class_id: int | None) -> None:
        self.class_id = class_id
        self.after = 0
        #: The last of the class challenge's tries counted.
        self.challenge_after = 0
        self.count = 0
        self.students: dict[str, StudentSummary] = {}
        self.mistakes: Counter[str] = Counter()
        self.examples: dict[str, deque[str]] = {}
        #: Who made each kind of mistake (a child's twenty tries are one child).
        self.children: dict[str, set[str]] = {}
        self.days: Days = {}

    def update(self, store: SQLStore, class_id: int | None = None) -> int:
        """Read the attempts written since the last update; how many there were.

        :param class_id: the class to sum up (default: the open one). Another class than
            last time (the teacher started one, or looks at an archived one) starts over.
        """
        chosen = class_id if class_id is not None else store.current_class()[0]
        if chosen != self.class_id:
            self._reset(chosen)
        new = store.attempts_after(self.after, class_id=chosen)
        tries = _challenge_tries(store, self.challenge_after, chosen)
        for key, _attempt in new[-1:]:
            self.after = key
        for key, _attempt in tries[-1:]:
            self.challenge_after = key
        # The class challenge's tries count as the Lab's do (they are kept apart from the
        # attempts): both kinds in the order they were made.
        both = sorted([attempt for _key, attempt in (*new, *tries)], key=lambda a: a.at)
        for attempt in both:
            self.add(attempt)
        return len(both)

    def add(self, attempt: Attempt) -> None:
        """Count one attempt, newer than every one counted before."""
        self.count += 1
        skill, day = attempt.skill, local_day(attempt.at)
        self.students.setdefault(attempt.student, StudentSummary()).add(attempt, skill, day)
        if skill is not None and counts_for_skill(attempt):
            _count_day(self.days, attempt, skill, day)
        if not _childs_mistake(attempt):
            return
        code = attempt.codes[0]
        self.mistakes[code] += 1
        self.children.setdefault(code, set()).add(attempt.student)
        seen = self.examples.setdefault(code, deque(maxlen=EXAMPLES))
        if attempt.text not in seen:
            seen.appendleft(attempt.text)

    def common_mistakes(self, top: int = 5) -> list[tuple[str, int, list[str]]]:
        """The most frequent first problem codes: code, how often, real examples."""
        return [
            (code, count, list(self.examples[code]))
            for code, count in self.mistakes.most_common(top)
        ]

    def mistakes_by_children(self, top: int = 8) -> list[tuple[str, int, list[str]]]:
        """The kinds of mistake most children made: code, how many children, real examples."""
        ranked = sorted(self.children.items(), key=lambda item: (-len(item[1]), item[0]))
        return [(code, len(who), list(self.examples[code])) for code, who in ranked[:top]]

    def student(self, name: str) -> StudentSummary:
        """One student's part (empty for a student with no attempt yet)."""
        found = self.students.get(name)
        return found if found is not None else _NOTHING_YET


def _challenge_tries(store: SQLStore, after: int, class_id: int) -> list[tuple[int, Attempt]]:
    """The class challenge's tries kept after ``after``, as attempts."""
    from sq2edu.classroom.storage.challenge_store import Challenges

    return Challenges(store).tries_after(after, class_id=class_id)


#: The part of a student with no attempt yet (never added to).
_NOTHING_YET = StudentSummary()
