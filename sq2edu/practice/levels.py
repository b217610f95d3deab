"""The levels of practice: each one a deck of numbers and the equations it trains.

A level is data a teacher can read: which operations, which numbers the operations work on,
the largest number an equation may reach, how many numbers an equation has, and what kind
of task it is (make an equation from the cards, find a missing number, or divide with a
remainder). :mod:`sq2edu.practice.facts` turns this description into the equations a deal
may be built on; nothing else in the package knows a level by name.

>>> from sq2edu.practice import LEVELS
>>> LEVELS["tables-2-5-10"].operations
'×'
>>> LEVELS["tables-2-5-10"].factors
(2, 5, 10)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sq2edu.equations import parse_operations
from sq2edu.i18n import N_

__all__ = ["KINDS", "LEVELS", "RANGE_ORDER", "Level", "level_range"]

#: What a level asks of a child: make an equation from the cards (``"make"``), find the
#: number that belongs in the box (``"missing"``), or divide and say the rest
#: (``"remainder"``).
KINDS = ("make", "missing", "remainder")


@dataclass(frozen=True, slots=True)
class Level:
    """One level of practice.

    :ivar key: the level's stable name, stored with every attempt made at it.
    :ivar title: its name for children and teachers (a message id).
    :ivar about: one sentence for the teacher: what it trains (a message id).
    :ivar operations: the signs its equations use.
    :ivar operands: the numbers an operation works on (the addends, the factors, the divisor
        and the answer of a division).
    :ivar largest: no number of an equation is larger.
    :ivar sizes: how many numbers the operation side may have (``(2,)``: two and an answer).
    :ivar factors: when given, every equation has one of these among its operands (the 2, 5
        and 10 times tables).
    :ivar doubles: every equation is a double or a half (``6 + 6 = 12``, ``12 ÷ 2 = 6``).
    :ivar bridges: every sum goes past 10 (``8 + 5 = 13``, ``13 − 5 = 8``): most of them
        bridge through ten, the step children find hardest within 20.
    :ivar kind: one of :data:`KINDS`.
    :ivar hand: how many cards a deal has.
    :ivar before: the level to step back to after repeated mistakes (its prerequisite).
    """

    key: str
    title: str
    about: str
    operations: str
    operands: tuple[int, ...]
    largest: int
    sizes: tuple[int, ...] = (2,)
    factors: tuple[int, ...] = ()
    doubles: bool = False
    bridges: bool = False
    kind: str = "make"
    hand: int = 5
    before: str | None = None
    #: Examples of what the level deals, for the teacher (checked by the tests).
    examples: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        chosen = sorted(parse_operations(self.operations), key=lambda op: op.order)
        if not chosen:
            raise ValueError(f"level {self.key}: no operation")
        object.__setattr__(self, "operations", "".join(op.value for op in chosen))
        if self.kind not in KINDS:
            raise ValueError(f"level {self.key}: kind is one of {', '.join(KINDS)}")
        if not self.operands or min(self.operands) < 1 or max(self.operands) > self.largest:
            raise ValueError(f"level {self.key}: operands go from 1 to the largest number")
        if not set(self.sizes) <= {2, 3} or not self.sizes:
            raise ValueError(f"level {self.key}: an operation side has 2 or 3 numbers")
        if not 3 <= self.hand <= 8:
            raise ValueError(f"level {self.key}: a deal has 3 to 8 cards")

    def __str__(self) -> str:
        return self.key


#: The order the levels had when a teacher could set only a range of them: a range saved
#: then (``practice_from``, ``practice_to``) is read in it, so it keeps the levels it had.
RANGE_ORDER = (
    "bonds-10",
    "within-20",
    "add-three",
    "within-100",
    "doubles",
    "tables-2-5-10",
    "tables-10",
    "division-100",
    "remainders",
    "missing",
    "rescue",
)


def _levels(*levels: Level) -> dict[str, Level]:
    found = {level.key: level for level in levels}
    for level in levels:
        if level.before is not None and level.before not in found:
            raise ValueError(f"level {level.key} steps back to an unknown level")
    if set(found) != set(RANGE_ORDER):  # pragma: no cover - a mistake in this file
        raise ValueError("every level has its place in RANGE_ORDER")
    return found


_TO_TEN = tuple(range(1, 11))

#: Every level, from the first a six-year-old meets to the last; a step up goes to the next.
LEVELS: dict[str, Level] = _levels(
    Level(
        "bonds-10",
        N_("Number bonds to 10"),
        N_("Two numbers that make a number up to 10, and taking one away: 3 + 4 = 7, 7 − 4 = 3."),
        "+−",
        _TO_TEN,
        10,
        examples=("3 + 4 = 7", "10 − 6 = 4"),
    ),
    Level(
        "missing",
        N_("Missing numbers"),
        N_("Find the number in the box: 2 + □ = 7, □ ÷ 2 = 4."),
        "+−×÷",
        _TO_TEN,
        100,
        kind="missing",
        before="bonds-10",
        examples=("2 + □ = 7", "□ ÷ 2 = 4"),
    ),
    Level(
        "doubles",
        N_("Doubles and halves"),
        N_("A number and the same number again, and half of a number: 7 + 7 = 14, 14 ÷ 2 = 7."),
        "+−×÷",
        _TO_TEN,
        20,
        doubles=True,
        before="bonds-10",
        examples=("7 + 7 = 14", "2 × 8 = 16", "14 ÷ 2 = 7"),
    ),
    Level(
        "within-20",
        N_("Add and take away within 20"),
        N_(
            "Adding and taking away past 10, most of it bridging through ten: 8 + 5 = 13, "
            "13 − 5 = 8."
        ),
        "+−",
        _TO_TEN,
        20,
        bridges=True,
        before="bonds-10",
        examples=("8 + 5 = 13", "17 − 9 = 8"),
    ),
    Level(
        "add-three",
        N_("Add three numbers"),
        N_("Three numbers added or taken away in a row, up to 20: 4 + 6 + 3 = 13."),
        "+−",
        _TO_TEN,
        20,
        sizes=(3,),
        hand=6,
        before="within-20",
        examples=("4 + 6 + 3 = 13", "15 − 5 − 2 = 8"),
    ),
    Level(
        "within-100",
        N_("Tens and ones to 100"),
        N_(
            "Adding and taking away two-digit numbers, thinking in tens and ones, up to 100: "
            "34 + 25 = 59, 70 − 40 = 30."
        ),
        "+−",
        tuple(range(1, 100)),
        100,
        before="within-20",
        examples=("34 + 25 = 59", "70 − 40 = 30", "86 − 23 = 63"),
    ),
    Level(
        "tables-2-5-10",
        N_("Tables of 2, 5 and 10"),
        N_("The 2, 5 and 10 times tables: 5 × 7 = 35."),
        "×",
        _TO_TEN,
        100,
        factors=(2, 5, 10),
        before="doubles",
        examples=("5 × 7 = 35", "2 × 9 = 18"),
    ),
    Level(
        "tables-10",
        N_("Times tables to 10 × 10"),
        N_("Every times table up to 10 × 10: 7 × 8 = 56."),
        "×",
        _TO_TEN,
        100,
        before="tables-2-5-10",
        examples=("7 × 8 = 56", "6 × 9 = 54"),
    ),
    Level(
        "division-100",
        N_("Division facts to 100 ÷ 10"),
        N_("Sharing and grouping with the times tables: 56 ÷ 8 = 7."),
        "÷",
        _TO_TEN,
        100,
        before="tables-10",
        examples=("56 ÷ 8 = 7", "90 ÷ 10 = 9"),
    ),
    Level(
        "remainders",
        N_("Division with a remainder"),
        N_("Sharing that leaves some over, and saying what is left: 17 ÷ 5 = 3 r 2."),
        "÷",
        tuple(range(2, 11)),
        100,
        kind="remainder",
        before="division-100",
        examples=("17 ÷ 5 = 3 r 2", "7 ÷ 2 = 3 r 1"),
    ),
    Level(
        "rescue",
        N_("The Rescue's cards"),
        N_("Cards 1 to 10 with every operation the class uses, as in the game."),
        "+−×÷",
        _TO_TEN,
        10,
        sizes=(2, 3),
        before="bonds-10",
        examples=("2 × 3 = 6", "2 + 3 + 4 = 9"),
    ),
)


def level_range(lowest: str = "", highest: str = "") -> tuple[Level, ...]:
    """The levels from ``lowest`` to ``highest`` ("" for no bound), as a range was read when
    a teacher could set only a range (:data:`RANGE_ORDER`), in :data:`LEVELS` order.

    A teacher pins a class to one level by giving the same level twice.

    :raises ValueError: for an unknown level, or a range that runs backwards.
    """
    keys = list(RANGE_ORDER)
    for key in (lowest, highest):
        if key and key not in LEVELS:
            raise ValueError(f"{key[:40]!r} is not a level; the levels are {', '.join(keys)}")
    start = keys.index(lowest) if lowest else 0
    stop = keys.index(highest) if highest else len(keys) - 1
    if start > stop:
        raise ValueError(f"the level {lowest} comes after {highest}")
    chosen = set(keys[start : stop + 1])
    return tuple(level for key, level in LEVELS.items() if key in chosen)
