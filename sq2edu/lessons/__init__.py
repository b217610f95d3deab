"""Lessons children open in the class app, in their own language.

Each lesson is data (:mod:`sq2edu.lessons.model`): pages of words, pictures drawn by the
package and exercises answered with the Equation Lab's cards, plus a teacher's guide with
the checker's real codes for common mistakes and every answer. The words are message ids
of sq2edu's gettext catalogs, so a lesson speaks English, Russian and Norwegian Bokmål.

>>> from sq2edu.lessons import LESSONS
>>> [lesson.number for lesson in LESSONS.values()]
[1, 2, 3, 4, 5, 6, 7, 8]
>>> all(len(lesson.exercises) >= 9 for lesson in LESSONS.values())
True
"""

from sq2edu.lessons.content import ALL
from sq2edu.lessons.exercises import OFF_TASK, Choice, Exercise
from sq2edu.lessons.model import Guide, Lesson, Mistake, Page, Words

__all__ = [
    "LESSONS",
    "OFF_TASK",
    "Choice",
    "Exercise",
    "Guide",
    "Lesson",
    "Mistake",
    "Page",
    "Words",
    "lesson",
]

#: Every lesson by its key, in order.
LESSONS: dict[str, Lesson] = {lesson.key: lesson for lesson in ALL}


def lesson(key: str) -> Lesson:
    """The lesson called ``key``.

    :raises ValueError: for a key that is no lesson.
    """
    if key not in LESSONS:
        raise ValueError(f"{key[:40]!r} is not a lesson")
    return LESSONS[key]
