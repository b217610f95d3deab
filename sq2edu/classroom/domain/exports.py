"""The class's attempts for a spreadsheet: one row each, in the teacher's time zone.

Everything is in words of the teacher's language (the class's), not the program's codes:
where the attempt was made, the level's and the lesson's names, the kinds of mistake, the
skill, yes or no. The text starts with a byte-order mark, so that a spreadsheet reads its
letters (Маша, not ÐœÐ°ÑˆÐ°). A cell that a spreadsheet would run as a formula (it starts
with ``=``, ``+``, ``-``, ``@``, their full-width forms, or a tab, a line break or a space
before one) is written as text.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable

from sq2edu.i18n import N_, _
from sq2edu.progress.records import Attempt

__all__ = ["BOM", "CSV_HEADER", "attempts_csv", "csv_header", "csv_row", "local_time"]

#: The byte-order mark a spreadsheet needs to read the text as UTF-8.
BOM = "\ufeff"
#: The columns, in English (:func:`csv_header` says them in the language spoken).
CSV_HEADER = [
    N_("time"),
    N_("class"),
    N_("student"),
    N_("activity"),
    N_("level"),
    N_("equation"),
    N_("right"),
    N_("helped"),
    N_("problems"),
    N_("skill"),
    N_("cards held"),
    N_("typed"),
    N_("hints"),
    N_("lesson"),
    N_("exercise"),
]
_WHERE = {"game": N_("game"), "lab": N_("Lab"), "lesson": N_("lesson")}
#: Each kind of mistake in a few words (see sq2edu.classroom.domain.reteach for what to teach).
_PROBLEM_WORDS = {
    "syntax": N_("could not be read"),
    "too-few-cards": N_("a side without a number"),
    "no-operation": N_("a number equal to itself"),
    "mixed-operations": N_("two kinds of sign"),
    "operators-both-sides": N_("signs on both sides of ="),
    "remainder-written": N_("a remainder written"),
    "operation-not-allowed": N_("a sign the class does not use"),
    "operation-not-asked": N_("a sign the task did not ask for"),
    "adjust-not-allowed": N_("one more or less without the red knight"),
    "divide-by-zero": N_("divided by 0"),
    "not-whole": N_("something left over"),
    "not-true": N_("sides not equal"),
    "missing-card": N_("a number not held as a card"),
    "off-task": N_("not what the exercise asked"),
}
_OPERATION_WORDS = {
    "addition": N_("adding"),
    "subtraction": N_("taking away"),
    "multiplication": N_("multiplying"),
    "division": N_("dividing"),
}
_FORMULA_STARTS = "=+-@\t\r\n \uff1d\uff0b\uff0d\uff20"


def _cell(text: str) -> str:
    return "'" + text if text and text[0] in _FORMULA_STARTS else text


def local_time(at: str, pattern: str = "%Y-%m-%d %H:%M:%S") -> str:
    """A stored UTC time as the teacher's clock shows it."""
    try:
        return dt.datetime.fromisoformat(at).astimezone().strftime(pattern)
    except ValueError:
        return at


def csv_header() -> list[str]:
    """The columns' names in the language spoken."""
    return [_(name) for name in CSV_HEADER]


def _yes(value: bool) -> str:
    return _("yes") if value else _("no")


def _level_words(key: str) -> str:
    from sq2edu.practice import LEVELS

    level = LEVELS.get(key)
    return _(level.title) if level is not None else key


def _lesson_words(key: str) -> str:
    from sq2edu.lessons import LESSONS

    lesson = LESSONS.get(key)
    return f"{lesson.number}. {lesson.title}" if lesson is not None else key


def _skill_words(skill: str | None) -> str:
    if not skill or "-" not in skill:
        return skill or ""
    operation, size = skill.split("-", 1)
    count = _("2 numbers") if size == "two" else _("3 or more")
    words = _OPERATION_WORDS.get(operation)
    if words is None:
        return skill
    said = _(words)
    return f"{said}, {count}"


def csv_row(attempt: Attempt, class_name: str = "") -> list[object]:
    """One attempt as a spreadsheet row (see :data:`CSV_HEADER`), in words of the language
    spoken. Every text cell that a spreadsheet would read as a formula (``=``, ``+``, ``-``,
    ``@`` first) starts with ``'``, the time and the problems included."""
    problems = dict.fromkeys(attempt.codes)  # each problem once, in order
    row: list[object] = [
        local_time(attempt.at),
        _cell(class_name),
        _cell(attempt.student),
        _(_WHERE[attempt.where]) if attempt.where in _WHERE else attempt.where,
        _cell(_level_words(attempt.level)) if attempt.level else "",
        _cell(attempt.text),
        _yes(attempt.ok),
        _yes(attempt.helped),
        "; ".join(_(_PROBLEM_WORDS[code]) if code in _PROBLEM_WORDS else code for code in problems),
        _skill_words(attempt.skill),
        " ".join(str(card) for card in attempt.cards),
        _yes(attempt.typed),
        attempt.hint_level,
        _cell(_lesson_words(attempt.lesson)) if attempt.lesson else "",
        attempt.exercise or "",
    ]
    return [_cell(cell) if isinstance(cell, str) else cell for cell in row]


def attempts_csv(attempts: Iterable[Attempt], class_name: str = "") -> str:
    """Attempts as CSV, with its byte-order mark (the teacher's server streams a whole class
    the same way)."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out)
    writer.writerow(csv_header())
    for attempt in attempts:
        writer.writerow(csv_row(attempt, class_name))
    return out.getvalue()
