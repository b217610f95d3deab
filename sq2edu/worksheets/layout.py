"""Laying a sheet out in rows of known height, and the rows out on pages.

A browser paginates as it likes and may cut an exercise in two at the foot of a page. A
sheet is laid out here instead: each section's heading, then rows of one, two or three
exercises whose heights come from :mod:`sq2edu.worksheets.paper`, filled into pages that
each print as one sheet of paper. A heading never ends a page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sq2edu.worksheets.exercises import Exercise
from sq2edu.worksheets.paper import Paper, Type
from sq2edu.worksheets.shown import equation_shown, heading

__all__ = [
    "CARD_GAP",
    "FEWEST",
    "GAP",
    "Row",
    "card_width",
    "cards_width",
    "exercises_on",
    "paginate",
    "rows_of",
    "text_width",
]

#: The space between two exercises of a row, and between two cards, in mm.
GAP = 4.0
CARD_GAP = 1.5


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a page.

    :ivar kind: ``"heading"`` (a section's heading), a kind of exercise, or ``"key"``.
    :ivar height: in mm.
    :ivar items: the positions (from 0) of the exercises in it, or of the key's entries; for a
        heading, of the first exercise it heads.
    :ivar columns: how many exercises fit side by side.
    """

    kind: str
    height: float
    items: tuple[int, ...] = ()
    columns: int = 1


def card_width(number: int, style: Type) -> float:
    """How wide one number card is printed: wider for a number of two or three digits."""
    return max(style.card[0], len(str(number)) * style.digit + 4.0)


def cards_width(numbers: Sequence[int], signs: str, style: Type) -> float:
    """How wide a row of number cards and sign cards is printed, in mm."""
    width = sum(card_width(n, style) for n in numbers)
    width += len(signs) * style.card[0] * 0.8
    gaps = len(numbers) + len(signs) - 1 + (1 if signs else 0)
    return width + CARD_GAP * gaps + (3.0 if signs else 0.0)


#: Widths of characters in ems, a little more than a sans-serif's, so nothing overflows.
_EMS = {" ": 0.33, "□": 1.62, "·": 0.42, ":": 0.42, ".": 0.35, "(": 0.45, ")": 0.45}
_DIGIT, _SIGN, _LETTER = 0.66, 0.86, 0.72


def text_width(text: str, points: float) -> float:
    """How wide a line of text is printed at ``points``, in mm (generously)."""
    ems = 0.0
    for char in text:
        if char in _EMS:
            ems += _EMS[char]
        elif char.isdigit():
            ems += _DIGIT
        elif char.isalpha():
            ems += _LETTER
        else:
            ems += _SIGN
    return ems * points * 0.3528


def _width(exercise: Exercise, style: Type) -> float:
    """The room an exercise needs across, besides its number."""
    if exercise.kind == "make":
        return cards_width(exercise.cards, exercise.operations, style)
    if exercise.kind == "family":
        return cards_width(exercise.cards, "", style)
    if exercise.kind == "find":
        return cards_width(exercise.cards, exercise.operations, style)
    return text_width(equation_shown(exercise), style.equation)


def _columns(kind: str, exercises: Sequence[Exercise], style: Type, paper: Paper) -> int:
    """As many exercises side by side as the type allows and their cards fit."""
    for columns in range(style.columns[kind], 1, -1):
        room = (paper.inner_width - GAP * (columns - 1)) / columns - style.label
        if all(_width(exercise, style) <= room for exercise in exercises):
            return columns
    return 1


def _heading_height(kind: str, style: Type, paper: Paper) -> float:
    """A section's heading: one line, and one more for each line it wraps to."""
    bold = 1.1
    lines = math.ceil(text_width(heading(kind), style.text) * bold / paper.inner_width)
    return style.heading + (lines - 1) * style.text * 0.3528 * 1.25


def _height(kind: str, exercises: Sequence[Exercise], style: Type) -> float:
    if kind != "find":
        return style.heights[kind]
    most = max(len(exercise.answers) for exercise in exercises)
    return style.heights[kind] + math.ceil(most / 2) * style.line


def rows_of(exercises: Sequence[Exercise], style: Type, paper: Paper) -> list[Row]:
    """A sheet's rows: each section's heading, then its exercises a row at a time."""
    rows: list[Row] = []
    start = 0
    while start < len(exercises):
        kind = exercises[start].kind
        end = start
        while end < len(exercises) and exercises[end].kind == kind:
            end += 1
        rows.append(Row("heading", _heading_height(kind, style, paper), (start,)))
        columns = _columns(kind, exercises[start:end], style, paper)
        for first in range(start, end, columns):
            items = tuple(range(first, min(first + columns, end)))
            height = _height(kind, [exercises[i] for i in items], style)
            rows.append(Row(kind, height, items, columns))
        start = end
    return rows


def paginate(rows: Sequence[Row], first: float, rest: float) -> list[list[Row]]:
    """Rows shared out on pages: ``first`` mm of room on the first page, ``rest`` on each
    page after it; a heading goes to the next page with the row it heads.

    A last page with a single exercise on it is a page wasted (and easily lost), so the last
    page takes rows back from the one before it while it stays the lighter of the two: the
    last two pages come out about even, and neither holds fewer than :data:`FEWEST`.

    :raises ValueError: for a row higher than a page.
    """
    pages: list[list[Row]] = [[]]
    room = first
    for index, row in enumerate(rows):
        if row.height > max(first, rest):
            raise ValueError(f"a row of {row.height:.0f} mm is higher than a page")
        needed = row.height
        if row.kind == "heading" and index + 1 < len(rows):
            needed += rows[index + 1].height
        if needed > room and pages[-1]:
            pages.append([])
            room = rest
        pages[-1].append(row)
        room -= row.height
    while len(pages) > 1:
        before, last = pages[-2], pages[-1]
        taken = [before[-1]]
        if len(before) > 1 and before[-2].kind == "heading":
            taken.insert(0, before[-2])
        kept = before[: len(before) - len(taken)]
        moved = sum(row.height for row in taken)
        if (
            exercises_on(kept) < FEWEST
            or moved + _filled(last) > rest
            or (exercises_on(last) >= FEWEST and moved + _filled(last) > _filled(kept))
        ):
            break
        pages[-2], pages[-1] = kept, taken + last
    return pages


def _filled(rows: Sequence[Row]) -> float:
    return sum(row.height for row in rows)


#: The fewest exercises a page of a sheet holds, where the sheet has that many.
FEWEST = 2


def exercises_on(rows: Sequence[Row]) -> int:
    """How many exercises (or key entries) a page's rows hold."""
    return sum(len(row.items) for row in rows if row.kind != "heading")
