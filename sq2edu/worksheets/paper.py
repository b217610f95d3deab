"""Paper sizes and the two sizes of type a sheet is printed in, measured in millimetres.

Every size on a printed page is decided here, so that the sheet can be laid out page by
page before a browser sees it: the tests print every level in every language and check
that nothing crosses the edge of its box or of the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from sq2edu.i18n import N_

__all__ = ["LARGE", "MARGIN", "PAPERS", "REGULAR", "Paper", "Type"]

#: The white edge around every printed page (printers cannot print the outermost few mm).
MARGIN = 12.0


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper size.

    :ivar key: its name on the command line (``"a4"``).
    :ivar name: its name for the teacher (a message id).
    :ivar width: in mm.
    :ivar height: in mm.
    """

    key: str
    name: str
    width: float
    height: float

    @property
    def inner_width(self) -> float:
        """The width inside the margins."""
        return self.width - 2 * MARGIN

    @property
    def inner_height(self) -> float:
        """The height inside the margins."""
        return self.height - 2 * MARGIN


#: The paper sizes a sheet is printed on.
PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", N_("A4"), 210.0, 297.0),
    "letter": Paper("letter", N_("US Letter"), 215.9, 279.4),
}


@dataclass(frozen=True, slots=True)
class Type:
    """The sizes of one type size: the words, the equations, the cards, and the height of
    each kind of exercise.

    :ivar name: ``"large"`` for the youngest, ``"regular"`` for everyone else.
    :ivar text: the words' size, in points.
    :ivar equation: the equations' size, in points.
    :ivar card: a number card's width and height, in mm.
    :ivar line: the height of a line to write an equation on.
    :ivar heading: the height of a section's heading.
    :ivar heights: the height of a row of each kind of exercise; a "find every equation"
        row adds one :attr:`line` for every two equations to find.
    :ivar columns: how many exercises of each kind share a row.
    :ivar label: the room an exercise's number takes at its left ("12."), in mm.
    """

    name: str
    text: float
    equation: float
    card: tuple[float, float]
    line: float
    heading: float
    heights: dict[str, float]
    columns: dict[str, int]
    label: float

    @property
    def digit(self) -> float:
        """The width of one digit on a card, in mm (generous: cards must not overflow)."""
        return self.equation * 0.3528 * 0.72


#: The type of most sheets.
REGULAR = Type(
    name="regular",
    text=12.0,
    equation=17.0,
    card=(10.0, 13.0),
    line=10.0,
    heading=11.0,
    heights={
        "make": 36.0,
        "missing": 17.0,
        "remainder": 18.0,
        "family": 42.0,
        "true": 25.0,
        "story": 33.0,
        "find": 33.0,
    },
    columns={
        "make": 2,
        "missing": 3,
        "remainder": 2,
        "family": 2,
        "true": 3,
        "story": 1,
        "find": 1,
    },
    label=10.0,
)

#: The type of the youngest children's sheets.
LARGE = Type(
    name="large",
    text=16.0,
    equation=24.0,
    card=(14.0, 18.0),
    line=13.0,
    heading=14.0,
    heights={
        "make": 48.0,
        "missing": 24.0,
        "remainder": 24.0,
        "family": 56.0,
        "true": 34.0,
        "story": 50.0,
        "find": 44.0,
    },
    columns={
        "make": 2,
        "missing": 2,
        "remainder": 2,
        "family": 2,
        "true": 2,
        "story": 1,
        "find": 1,
    },
    label=13.0,
)
