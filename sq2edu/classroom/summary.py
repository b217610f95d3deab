"""The class at a glance, kept up to date from the attempts the dashboard has not read yet.

A dashboard that read every attempt at every refresh would cost seconds once a class has
made a few hundred thousand; :class:`ClassSummary` reads only the new ones
(:meth:`~sq2edu.classroom.store.ProgressStore.attempts_after`) and keeps what the dashboard
shows: each student's latest attempts per skill (all that mastery looks at), their last
attempts and mistakes, and the class's mistakes with real examples.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field

from sq2edu.classroom.mastery import RECENT, SkillMastery, counts_for_skill, recent_mastery
from sq2edu.classroom.records import SKILLS, Attempt
from sq2edu.classroom.store import ProgressStore

__all__ = ["EXAMPLES", "LAST_ATTEMPTS", "ClassSummary", "StudentSummary"]

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

    def add(self, attempt: Attempt) -> None:
        """Count one more attempt (the newest so far)."""
        self.last.appendleft(attempt)
        skill = attempt.skill
        if skill is not None and counts_for_skill(attempt):
            self.by_skill.setdefault(skill, deque(maxlen=RECENT)).appendleft(attempt)
        if not attempt.ok and attempt.codes:
            self.mistakes[attempt.codes[0]] += 1

    def mastery(self) -> dict[str, SkillMastery]:
        """The student's level in every skill."""
        return {
            skill: recent_mastery(list(self.by_skill.get(skill, ())), skill) for skill in SKILLS
        }


class ClassSummary:
    """The current class's attempts, summed up; :meth:`update` reads only new ones."""

    def __init__(self) -> None:
        self._reset(None)

    def _reset(self, class_id: int | None) -> None:
        self.class_id = class_id
        self.after = 0
        self.count = 0
        self.students: dict[str, StudentSummary] = {}
        self.mistakes: Counter[str] = Counter()
        self.examples: dict[str, deque[str]] = {}

    def update(self, store: ProgressStore) -> int:
        """Read the attempts written since the last update; how many there were.

        A new class (the teacher started one) starts the summary over.
        """
        class_id, _name = store.current_class()
        if class_id != self.class_id:
            self._reset(class_id)
        new = store.attempts_after(self.after)
        for key, attempt in new:
            self.add(attempt)
            self.after = key
        return len(new)

    def add(self, attempt: Attempt) -> None:
        """Count one attempt, newer than every one counted before."""
        self.count += 1
        self.students.setdefault(attempt.student, StudentSummary()).add(attempt)
        if attempt.ok or not attempt.codes:
            return
        code = attempt.codes[0]
        self.mistakes[code] += 1
        seen = self.examples.setdefault(code, deque(maxlen=EXAMPLES))
        if attempt.text not in seen:
            seen.appendleft(attempt.text)

    def common_mistakes(self, top: int = 5) -> list[tuple[str, int, list[str]]]:
        """The most frequent first problem codes: code, how often, real examples."""
        return [
            (code, count, list(self.examples[code]))
            for code, count in self.mistakes.most_common(top)
        ]

    def student(self, name: str) -> StudentSummary:
        """One student's part (empty for a student with no attempt yet)."""
        return self.students.get(name, StudentSummary())
