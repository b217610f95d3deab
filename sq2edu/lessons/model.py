"""What a lesson is made of: pages of words, pictures and exercises, and a teacher's guide.

A lesson is data. Every word in it is an English message id, translated when it is shown
(:class:`Words`), so a lesson follows the child's language through the same gettext
catalogs as the rest of sq2edu and is checked for missing translations the same way.
Nothing here draws anything: :mod:`sq2edu.lessons.html` turns pages into HTML and
:mod:`sq2edu.ui.lesson` into widgets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Union

from sq2edu.i18n import _, get_language, local_signs

if TYPE_CHECKING:
    from sq2edu.lessons.exercises import Choice, Exercise

__all__ = [
    "Block",
    "Cards",
    "Groups",
    "Guide",
    "Lesson",
    "Mistake",
    "Page",
    "Picture",
    "Say",
    "Show",
    "Words",
]

#: The kinds of picture :mod:`sq2edu.lessons.pictures` draws.
PICTURES = (
    "dots",
    "ten-frame",
    "two-frames",
    "array",
    "bar",
    "bond",
    "number-line",
    "counters",
    "plates",
    "share",
    "groups",
    "balance",
    "weighing",
    "die",
)


@dataclass(frozen=True, slots=True)
class Words:
    """A message id and the values of its placeholders, translated when shown.

    >>> from sq2edu.i18n import language
    >>> words = Words("Add two cards to make {number}.", number=7)
    >>> str(words)
    'Add two cards to make 7.'
    """

    text: str
    values: tuple[tuple[str, object], ...] = ()

    def __init__(self, text: str, **values: object) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "values", tuple(sorted(values.items())))

    def __str__(self) -> str:
        return _(self.text, **dict(self.values))


#: Languages whose schools write the size of a group first: "3 groups of 2" is 2 · 3 in
#: Russia (по 2 взять 3 раза), 3 × 2 in English and 3 · 2 in Norwegian classrooms.
SIZE_FIRST = frozenset({"ru"})


@dataclass(frozen=True, slots=True)
class Groups:
    """``count`` equal groups of ``size``, written as a multiplication the way the child's
    school writes it (see :data:`SIZE_FIRST`).

    >>> from sq2edu.i18n import language
    >>> str(Groups(3, 2)), str(Groups(3, 2, equals=False))
    ('3 × 2 = 6', '3 × 2')
    >>> with language("ru"):
    ...     str(Groups(3, 2))
    '2 · 3 = 6'
    """

    count: int
    size: int
    equals: bool = True

    @property
    def text(self) -> str:
        """The product with × (as equations are kept), in the active language's order."""
        first, second = (self.size, self.count)
        if get_language() not in SIZE_FIRST:
            first, second = second, first
        product = f"{first} × {second}"
        return f"{product} = {first * second}" if self.equals else product

    def __str__(self) -> str:
        return local_signs(self.text)


@dataclass(frozen=True, slots=True)
class Say:
    """A paragraph for the child; ``**bold**`` marks a word to learn, lines starting
    ``- `` are a list."""

    words: Words


@dataclass(frozen=True, slots=True)
class Show:
    """An equation (or a task with a box) shown big, in the child's signs; a division's
    rest is written as the child's language writes it (``7 : 2 = 3 (ост. 1)``), equal groups
    as the child's school writes a product (:class:`Groups`)."""

    text: str | Groups
    rest: int = 0

    def __str__(self) -> str:
        if isinstance(self.text, Groups):
            return str(self.text)
        if self.rest:
            from sq2edu.equations.remainder import with_rest

            return with_rest(self.text, self.rest)
        return local_signs(self.text)


@dataclass(frozen=True, slots=True)
class Cards:
    """Number cards laid out to look at."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture drawn as SVG by :mod:`sq2edu.lessons.pictures`.

    :ivar kind: one of :data:`PICTURES`.
    :ivar numbers: what it shows (``("ten-frame", (7, 3))``: 7 dots and 3 empty places).
    :ivar label: what a screen reader says instead of the picture.
    """

    kind: str
    numbers: tuple[int, ...]
    label: Words

    def __post_init__(self) -> None:
        if self.kind not in PICTURES:
            raise ValueError(f"unknown picture {self.kind!r}")


Block = Union[Say, Show, Cards, Picture, "Exercise", "Choice"]


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a lesson: a heading and what is on it, top to bottom."""

    heading: Words
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Mistake:
    """A mistake children make, as the teacher's guide names it.

    :ivar example: an answer a child might give.
    :ivar cards: the cards it was made from.
    :ivar operations: the signs allowed.
    :ivar code: the code the checker gives it (the tests check that it does).
    :ivar advice: what to do about it in class.
    :ivar exercise: the exercise it answers, from 1, whose own check gives the code (a true
        equation the task did not ask for is ``off-task``); 0 for the game's checker with
        ``cards`` and ``operations``.
    """

    example: str
    cards: tuple[int, ...]
    operations: str
    code: str
    advice: Words
    exercise: int = 0


@dataclass(frozen=True, slots=True)
class Guide:
    """The teacher's guide to one lesson.

    :ivar ages: the children's ages, ``(6, 8)``.
    :ivar years: the school year where the lesson fits, by school system: ``"no"`` (trinn),
        ``"ru"`` (класс) and ``"us"`` (grade).
    :ivar minutes: how long it takes with a class.
    :ivar before: keys of the lessons to take first.
    :ivar operations: the signs to switch on in the class settings.
    :ivar settings: what else to set on the dashboard.
    :ivar goals: what the children learn.
    :ivar mistakes: common mistakes with the checker's codes.
    :ivar in_class: how to run it with a class.
    :ivar levels: the Lab's levels of practice that go with it (keys of
        :data:`sq2edu.practice.LEVELS`).
    :ivar enrichment: beyond the curriculum of the years named (the guide says so).
    """

    ages: tuple[int, int]
    years: Mapping[str, tuple[int, int]]
    minutes: int
    before: tuple[str, ...]
    operations: str
    settings: Words
    goals: tuple[Words, ...]
    mistakes: tuple[Mistake, ...]
    in_class: Words
    levels: tuple[str, ...] = ()
    enrichment: bool = False

    def __post_init__(self) -> None:
        from sq2edu.practice import LEVELS

        unknown = [key for key in self.levels if key not in LEVELS]
        if unknown:
            raise ValueError(f"unknown levels of practice: {unknown}")


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: its number, title, what the child will learn, its pages, its guide.

    :ivar key: a stable name, stored with every exercise attempt.
    """

    key: str
    number: int
    title: Words
    learn: tuple[Words, ...]
    pages: tuple[Page, ...]
    guide: Guide
    exercises: tuple[Exercise | Choice, ...] = field(init=False)

    def __post_init__(self) -> None:
        from sq2edu.lessons.exercises import Choice, Exercise

        found = tuple(
            block
            for page in self.pages
            for block in page.blocks
            if isinstance(block, Exercise | Choice)
        )
        object.__setattr__(self, "exercises", found)
        exits = [task for task in found if task.exit]
        if len(exits) != 1 or found[-1] is not exits[0]:
            raise ValueError(f"lesson {self.key}: one exit question, the last exercise")

    def number_of(self, task: Exercise | Choice) -> int:
        """An exercise's number in the lesson, from 1 (the number stored with attempts)."""
        for number, found in enumerate(self.exercises, start=1):
            if found is task:
                return number
        raise ValueError("not an exercise of this lesson")
