"""The class's attempts for a spreadsheet: one row each, in the teacher's time zone.

A cell that a spreadsheet would run as a formula (it starts with ``=``, ``+``, ``-``, ``@``,
their full-width forms, or a tab, a line break or a space before one) is written as text.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable

from sq2edu.progress.records import Attempt

__all__ = ["CSV_HEADER", "attempts_csv", "csv_row", "local_time"]

CSV_HEADER = [
    "time",
    "class",
    "student",
    "activity",
    "level",
    "equation",
    "right",
    "helped",
    "problems",
    "skill",
    "cards held",
    "typed",
    "hints",
    "lesson",
    "exercise",
]
_FORMULA_STARTS = "=+-@\t\r\n \uff1d\uff0b\uff0d\uff20"


def _cell(text: str) -> str:
    return "'" + text if text and text[0] in _FORMULA_STARTS else text


def local_time(at: str, pattern: str = "%Y-%m-%d %H:%M:%S") -> str:
    """A stored UTC time as the teacher's clock shows it."""
    try:
        return dt.datetime.fromisoformat(at).astimezone().strftime(pattern)
    except ValueError:
        return at


def csv_row(attempt: Attempt, class_name: str = "") -> list[object]:
    """One attempt as a spreadsheet row (see :data:`CSV_HEADER`). Every text cell that a
    spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@`` first) starts with ``'``."""
    row: list[object] = [
        local_time(attempt.at),
        class_name,
        attempt.student,
        attempt.where,
        attempt.level,
        attempt.text,
        attempt.ok,
        attempt.helped,
        " ".join(dict.fromkeys(attempt.codes)),  # each problem once, in order
        attempt.skill or "",
        " ".join(str(card) for card in attempt.cards),
        attempt.typed,
        attempt.hint_level,
        attempt.lesson,
        attempt.exercise or "",
    ]
    return [_cell(cell) if isinstance(cell, str) else cell for cell in row]


def attempts_csv(attempts: Iterable[Attempt], class_name: str = "") -> str:
    """Attempts as CSV (the teacher's server streams a whole class the same way)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for attempt in attempts:
        writer.writerow(csv_row(attempt, class_name))
    return out.getvalue()
