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
from collections.abc import Callable, Iterable
from typing import Any

from sq2edu.equations.model import SIGNS
from sq2edu.i18n import N_, _, local_signs
from sq2edu.progress.records import Attempt

__all__ = [
    "BOM",
    "CSV_HEADER",
    "DEFAULT_CLASS",
    "CsvRows",
    "attempts_csv",
    "csv_header",
    "csv_row",
    "level_words",
    "local_time",
    "problems_words",
    "safe_cell",
    "shown_class_name",
    "shown_equation",
    "yes_no",
]

#: The name a class has until the teacher names it, kept in English in the store.
DEFAULT_CLASS = N_("My class")
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
_WHERE = {
    "game": N_("game"),
    "lab": N_("Lab"),
    "lesson": N_("lesson"),
    "challenge": N_("class challenge"),
}
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


def shown_equation(text: str) -> str:
    """A child's equation as the teacher reads it: in the language's signs (× ÷ −, or · and
    :), one space between its parts, whatever keys the child used (``2 x 4 = 8``,
    ``6 : 2 = 3``, ``8 - 2``). Text that is not made of numbers and signs is left as typed."""
    parts: list[str] = []
    number = ""
    for char in text:
        if char.isascii() and char.isdigit():
            number += char
            continue
        if number:
            parts.append(number)
            number = ""
        if char in SIGNS:
            parts.append(SIGNS[char].value)
        elif char == "=":
            parts.append("=")
        elif not char.isspace():
            return text.strip()
    if number:
        parts.append(number)
    return local_signs(" ".join(parts)) if parts else text.strip()


def _cell(text: str) -> str:
    return "'" + text if text and text[0] in _FORMULA_STARTS else text


#: A text cell as a spreadsheet shows it, never run as a formula (``'`` before ``=`` …).
safe_cell = _cell


def shown_class_name(stored: str) -> str:
    """A class's name as the teacher reads it: the name a class has until it is named is
    said in the language spoken (the store keeps it in English)."""
    return _(DEFAULT_CLASS) if stored == DEFAULT_CLASS else stored


def yes_no(value: bool) -> str:
    """``yes`` or ``no`` in the language spoken, for a spreadsheet's cell."""
    return _("yes") if value else _("no")


def local_time(at: str, pattern: str = "%Y-%m-%d %H:%M:%S") -> str:
    """A stored UTC time as the teacher's clock shows it."""
    try:
        return dt.datetime.fromisoformat(at).astimezone().strftime(pattern)
    except ValueError:
        return at


def csv_header() -> list[str]:
    """The columns' names in the language spoken."""
    return [_(name) for name in CSV_HEADER]


def level_words(key: str) -> str:
    """A level's name in the language spoken (its key if it is not a level)."""
    return _level_words(key)


def problems_words(codes: tuple[str, ...]) -> str:
    """The kinds of mistake of the checker's problem codes, in words of the language spoken."""
    return _problems_words(codes)


def _level_words(key: str) -> str:
    from sq2edu.practice import LEVELS

    level = LEVELS.get(key)
    return _(level.title) if level is not None else key


def _lesson_words(key: str) -> str:
    from sq2edu.lessons import LESSONS

    lesson = LESSONS.get(key)
    return f"{lesson.number}. {lesson.title}" if lesson is not None else key


def _skill_words(skill: str) -> str:
    if "-" not in skill:
        return skill
    operation, size = skill.split("-", 1)
    count = _("2 numbers") if size == "two" else _("3 or more")
    words = _OPERATION_WORDS.get(operation)
    if words is None:
        return skill
    said = _(words)
    return f"{said}, {count}"


def _problems_words(codes: tuple[str, ...]) -> str:
    return "; ".join(
        _(_PROBLEM_WORDS[code]) if code in _PROBLEM_WORDS else code
        for code in dict.fromkeys(codes)  # each problem once, in order
    )


def _where_words(where: str) -> str:
    return _(_WHERE[where]) if where in _WHERE else where


class CsvRows:
    """Attempts as spreadsheet rows (see :data:`CSV_HEADER`), in words of the language
    spoken when this is made.

    A class's CSV repeats a few dozen words (a level's name, a kind of mistake, yes and no)
    over hundreds of thousands of rows: each is looked up, translated and made safe once.
    Every text cell that a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@``
    first) starts with ``'``, the time and the problems included.
    """

    def __init__(self, class_name: str = "") -> None:
        self._class = _cell(shown_class_name(class_name))
        self._yes = {True: _cell(_("yes")), False: _cell(_("no"))}
        self._said: dict[tuple[Callable[[Any], str], Any], str] = {}

    def _words(self, say: Callable[[Any], str], key: Any) -> str:
        """``say(key)``, made safe for a spreadsheet, worked out once per key."""
        found = self._said.get((say, key))
        if found is None:
            found = self._said[say, key] = _cell(say(key)) if key else ""
        return found

    def row(self, attempt: Attempt) -> list[object]:
        """One attempt's row."""
        words = self._words
        yes = self._yes
        return [
            _cell(local_time(attempt.at)),
            self._class,
            _cell(attempt.student),
            words(_where_words, attempt.where),
            words(_level_words, attempt.level),
            words(shown_equation, attempt.text),
            yes[bool(attempt.ok)],
            yes[bool(attempt.helped)],
            words(_problems_words, attempt.codes),
            words(_skill_words, attempt.skill),
            _cell(" ".join(str(card) for card in attempt.cards)),
            yes[bool(attempt.typed)],
            attempt.hint_level,
            words(_lesson_words, attempt.lesson),
            attempt.exercise or "",
        ]


def csv_row(attempt: Attempt, class_name: str = "") -> list[object]:
    """One attempt as a spreadsheet row (see :class:`CsvRows`, which makes many at less
    cost), in words of the language spoken."""
    return CsvRows(class_name).row(attempt)


def attempts_csv(attempts: Iterable[Attempt], class_name: str = "") -> str:
    """Attempts as CSV, with its byte-order mark (the teacher's server streams a whole class
    the same way)."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out)
    writer.writerow(csv_header())
    rows = CsvRows(class_name)
    for attempt in attempts:
        writer.writerow(rows.row(attempt))
    return out.getvalue()
