"""The class challenge: one deal for the whole class, every equation it allows, a class goal.

A round is a deal of number cards (from a level of practice, from the class's own settings, or
typed by the teacher) and the signs it may use. :func:`sq2edu.equations.solve` knows every
equation the round allows; the class's goal is to find them all together. Each child's right
find counts once per equation; each wrong try is kept with the checker's problem code, so the
end of a round can show the two or three most common mistakes, with why they do not work,
without a name.

Nothing here reads or writes the store or draws a page:
:mod:`sq2edu.classroom.storage.challenge_store` keeps rounds, finds and wrong tries,
:mod:`sq2edu.classroom.views.projector` shows them.

>>> round_ = Round(number=1, cards=(2, 3, 5, 6), operations="+−×÷")
>>> [str(e) for e in round_.equations]
['2 + 3 = 5', '5 − 2 = 3', '5 − 3 = 2', '2 × 3 = 6', '6 ÷ 2 = 3', '6 ÷ 3 = 2']
>>> board = tally(round_, [Find("Mia", "3 + 2 = 5"), Find("Ola", "2 + 3 = 5")], [])
>>> board.found, board.total, board.tiles[0].finders
(1, 6, 2)
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sq2edu.equations import (
    Equation,
    EquationSyntaxError,
    Verdict,
    check,
    parse,
    solve,
)
from sq2edu.i18n import _
from sq2edu.practice import LEVELS, Level, deal_for, facts, skills_of
from sq2edu.practice.deal import usable_operations

__all__ = [
    "MAX_CARDS",
    "MIN_CARDS",
    "SOURCES",
    "Board",
    "Find",
    "Mistake",
    "Round",
    "Tile",
    "WrongTry",
    "challenge_levels",
    "deal_round",
    "equation_key",
    "found_keys",
    "judge",
    "largest_card",
    "nearest_level",
    "own_finds",
    "read_cards",
    "step_level",
    "tally",
]

#: Where a round's cards come from: a level of practice, the class's settings, or the teacher.
SOURCES = ("level", "class", "typed")
MIN_CARDS = 3
MAX_CARDS = 10
#: A deal is chosen among this many candidates: the one whose count of equations is nearest
#: :data:`_GOAL` (enough for a class to share out; few enough to see on one screen).
_CANDIDATES = 12
_GOAL = 8
_MOST = 16
#: Most common wrong tries shown at the end of a round.
MISTAKES_SHOWN = 3


def challenge_levels() -> tuple[Level, ...]:
    """The levels a challenge may deal from, easiest first: those whose deals make equations
    (a missing-number task or a division with a remainder has one answer, not many)."""
    return tuple(level for level in LEVELS.values() if level.kind == "make")


def step_level(key: str, step: int) -> str:
    """The level ``step`` places up (``1``) or down (``-1``) from ``key`` among
    :func:`challenge_levels`; the same level at either end.

    :raises KeyError: for a key that is not a challenge level.
    """
    keys = [level.key for level in challenge_levels()]
    index = keys.index(key) if key in keys else None
    if index is None:
        raise KeyError(key)
    return keys[max(0, min(len(keys) - 1, index + step))]


def _level_keys(level: Level, operations: str) -> frozenset[str]:
    """The :func:`equation_key` of every fact ``level`` deals with ``operations``."""
    return frozenset(
        equation_key(fact.equation)
        for skill in skills_of(level, operations)
        for fact in facts(level, skill)
    )


def nearest_level(round_: Round) -> str:
    """The challenge level nearest a round's cards (typed ones have no level to step from):
    the one whose facts are the most of the round's equations; among equals the easiest
    (the first of :func:`challenge_levels`). For cards none of whose equations is a level's
    fact, the easiest level whose numbers reach the largest card.
    """
    levels = challenge_levels()
    keys = set(round_.keys)
    counts = [len(keys & _level_keys(level, round_.operations)) for level in levels]
    best = max(counts, default=0)
    if best:
        return levels[counts.index(best)].key
    largest = max(round_.cards, default=0)
    reaching = [level for level in levels if level.largest >= largest]
    return (reaching[0] if reaching else levels[-1]).key


_SEPARATORS = re.compile(r"[\s,;]+")


def largest_card() -> int:
    """The largest card a teacher may type: the largest any challenge level deals (a level
    deals its results as cards too, such as 20 for doubles or 100 for the tables)."""
    return max(level.largest for level in challenge_levels())


def read_cards(text: str) -> tuple[int, ...]:
    """The cards a teacher typed (``"2 3 5 6 8"``, commas allowed), smallest first.

    :raises ValueError: in plain words, for anything but 3 to 10 whole numbers from 1 to
        :func:`largest_card`, naming the cards out of that range.
    """
    words = [word for word in _SEPARATORS.split(text.strip()) if word]
    if not all(word.isascii() and word.isdigit() for word in words):
        raise ValueError(_("Type the cards as numbers with spaces between them: 2 3 5 6 8."))
    # A long run of digits is out of range whatever it says; it is never read as a number.
    outside = [word for word in words if len(word) > 3 or not 1 <= int(word) <= largest_card()]
    if outside:
        raise ValueError(
            _(
                "The cards go from {low} to {high}; not {cards}.",
                low=1,
                high=largest_card(),
                cards=", ".join(word if len(word) <= 6 else word[:6] + "…" for word in outside),
            )
        )
    cards = tuple(sorted(int(word) for word in words))
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise ValueError(_("Type from {low} to {high} cards.", low=MIN_CARDS, high=MAX_CARDS))
    return cards


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a challenge.

    :ivar number: the round's number in the class (1, 2, ...), given by the store.
    :ivar cards: the number cards, smallest first.
    :ivar operations: the signs its equations may use.
    :ivar level: the level it was dealt from ("" for cards the teacher typed).
    :ivar source: one of :data:`SOURCES`.
    :ivar started: when it started (UTC, ISO 8601), ``""`` before it is stored.
    :ivar ended: when the teacher ended it, ``None`` while children are looking.
    :ivar names: whether the projector shows who found each equation.
    :ivar pinned: the text of the mistake or equation the teacher pinned, ``""`` for none.
    """

    number: int
    cards: tuple[int, ...]
    operations: str
    level: str = ""
    source: str = "typed"
    started: str = ""
    ended: str | None = None
    names: bool = False
    pinned: str = ""

    @property
    def open(self) -> bool:
        """Whether children may still find equations in it."""
        return self.ended is None

    @property
    def equations(self) -> tuple[Equation, ...]:
        """Every equation the round allows, in :func:`solve`'s order."""
        return tuple(solve(self.cards, self.operations))

    @property
    def keys(self) -> tuple[str, ...]:
        """Each equation's :func:`equation_key`, in the same order."""
        return tuple(equation_key(equation) for equation in self.equations)


def equation_key(equation: Equation) -> str:
    """The text one equation is known by however it was written (``3 + 2 = 5`` is ``2 + 3 = 5``)."""
    return str(equation.canonical())


def judge(round_: Round, text: str) -> Verdict:
    """The checker's verdict on a child's try at ``round_``: the round's cards and signs.

    Only the tokenizer reads the text (never ``eval``); text of any length is judged safely.
    """
    return check(text, cards=round_.cards, operations=round_.operations)


def deal_round(
    source: str,
    number: int = 0,
    *,
    level: str = "",
    operations: str = "+−×÷",
    typed: str = "",
    seed: int | None = None,
) -> Round:
    """A new round's cards.

    :param source: ``"level"`` (deal from ``level``), ``"class"`` (the Rescue's cards with the
        class's ``operations``) or ``"typed"`` (the cards in ``typed``).
    :param operations: the signs the class uses; a level's own signs are kept to these.
    :raises ValueError: in plain words, for typed cards that cannot be read, or cards, a
        level and signs that allow no equation at all.
    """
    if source not in SOURCES:
        raise ValueError(f"unknown source {source!r}")
    if source == "typed":
        cards = read_cards(typed)
        found = Round(number, cards, operations, "", source)
        if not found.equations:
            raise ValueError(_("These cards make no equation. Try other cards."))
        return found
    key = "rescue" if source == "class" else level
    chosen = LEVELS.get(key)
    if chosen is None or chosen.kind != "make":
        raise ValueError(f"not a challenge level: {key!r}")
    signs = usable_operations(chosen, operations)
    skills = skills_of(chosen, signs)
    if not skills:
        raise ValueError(_("This level has none of the class's signs. Choose another level."))
    rng = random.Random(seed)
    best: Round | None = None
    for _candidate in range(_CANDIDATES):
        deal = deal_for(chosen, rng.choice(skills), rng, signs)
        candidate = Round(number, deal.cards, signs, chosen.key, source)
        count = len(candidate.equations)
        if count > _MOST:
            continue
        if best is None or abs(count - _GOAL) < abs(len(best.equations) - _GOAL):
            best = candidate
    if best is None:  # every candidate had too many: take a smaller hand of the last one
        best = Round(number, deal.cards[: chosen.hand - 1], signs, chosen.key, source)
    return best


@dataclass(frozen=True, slots=True)
class Find:
    """A child found an equation of the round (written as they wrote it)."""

    student: str
    text: str
    at: str = ""


@dataclass(frozen=True, slots=True)
class WrongTry:
    """A child's try that the checker refused, with its first problem code."""

    student: str
    text: str
    code: str
    at: str = ""


@dataclass(frozen=True, slots=True)
class Tile:
    """One equation of the round as the projector shows it.

    :ivar names: who found it, in the order they did, for a teacher who shows names.
    """

    equation: Equation
    finders: int
    names: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        """Whether anyone in the class found it."""
        return self.finders > 0

    @property
    def text(self) -> str:
        """The equation in the standard way."""
        return str(self.equation)

    def worked(self, round_: Round) -> tuple[str, ...]:
        """The checker's worked explanation, in the active language (shown when nobody
        found it)."""
        verdict = judge(round_, self.text)
        return verdict.steps + verdict.teaching


@dataclass(frozen=True, slots=True)
class Mistake:
    """A kind of wrong try, by the checker's problem code: no name, ever.

    :ivar example: the most common text of that kind (ties: the first tried).
    :ivar children: how many children made a try of this kind.
    :ivar tries: how many tries of this kind there were.
    :ivar example_children: how many children tried the example itself.
    """

    code: str
    example: str
    children: int
    tries: int
    example_children: int = 0

    def why(self, round_: Round) -> str:
        """Why the example does not work, in the checker's words (the active language)."""
        verdict = judge(round_, self.example)
        for problem in verdict.problems:
            if problem.code == self.code:
                return problem.message
        return verdict.problems[0].message if verdict.problems else ""


@dataclass(frozen=True)
class Board:
    """What the class did in a round: the projector's picture, without names of mistakes.

    :ivar tiles: every equation of the round, in :func:`solve`'s order.
    :ivar mistakes: the most common kinds of wrong try, most children first.
    :ivar joined: each child who opened the round (in that order), then any other who made
        a try (a store older than keeping who opened a round knows only those).
    :ivar finds: each child's own finds (keys), for the dashboard and the child's page.
    """

    round: Round
    tiles: tuple[Tile, ...]
    mistakes: tuple[Mistake, ...]
    joined: tuple[str, ...]
    finds: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def found(self) -> int:
        """How many of the round's equations the class has found."""
        return sum(tile.found for tile in self.tiles)

    @property
    def total(self) -> int:
        """How many equations the round allows."""
        return len(self.tiles)

    @property
    def found_none(self) -> tuple[str, ...]:
        """The children who joined and found nothing (tried or not): a child to sit with."""
        return tuple(name for name in self.joined if not self.finds.get(name))

    @property
    def unfound(self) -> tuple[Tile, ...]:
        """The equations nobody found."""
        return tuple(tile for tile in self.tiles if not tile.found)


def _key_of(text: str) -> str | None:
    try:
        return equation_key(parse(text))
    except (EquationSyntaxError, ValueError):
        return None


def _shown(text: str) -> str | None:
    """A wrong try as the checker read it (``8-2=6+0`` is ``8 − 2 = 6 + 0``); ``None`` when
    it cannot be read."""
    try:
        return parse(text).text
    except (EquationSyntaxError, ValueError):
        return None


def tally(
    round_: Round,
    finds: Iterable[Find],
    wrong: Iterable[WrongTry],
    *,
    joins: Iterable[str] = (),
    top: int = MISTAKES_SHOWN,
) -> Board:
    """The class's board for a round from who opened it (``joins``, first first) and its
    finds and wrong tries (oldest first).

    A child's find of an equation counts once however often they find it; a find that is
    not one of the round's equations (it cannot be: the checker judged it) is left out.
    """
    keys = round_.keys
    finders: dict[str, list[str]] = {key: [] for key in keys}
    joined: dict[str, None] = dict.fromkeys(joins)
    own: dict[str, list[str]] = {}
    for find in finds:
        joined.setdefault(find.student)
        key = _key_of(find.text)
        if key is None or key not in finders or find.student in finders[key]:
            continue
        finders[key].append(find.student)
        own.setdefault(find.student, []).append(key)
    by_code: dict[str, set[str]] = {}
    by_text: dict[str, set[str]] = {}
    texts: dict[str, Counter[str]] = {}
    tries: Counter[str] = Counter()
    for attempt in wrong:
        joined.setdefault(attempt.student)
        shown = _shown(attempt.text)
        if shown is None or attempt.code == "syntax":
            continue  # text the checker could not read is not shown: it may say anything
        by_code.setdefault(attempt.code, set()).add(attempt.student)
        texts.setdefault(attempt.code, Counter())[shown] += 1
        by_text.setdefault(shown, set()).add(attempt.student)
        tries[attempt.code] += 1
    order = sorted(by_code, key=lambda code: (-len(by_code[code]), -tries[code], code))
    examples = {code: texts[code].most_common(1)[0][0] for code in order[:top]}
    mistakes = tuple(
        Mistake(
            code,
            examples[code],
            len(by_code[code]),
            tries[code],
            len(by_text[examples[code]]),
        )
        for code in order[:top]
    )
    tiles = tuple(
        Tile(equation, len(finders[key]), tuple(finders[key]) if round_.names else ())
        for equation, key in zip(round_.equations, keys, strict=True)
    )
    return Board(
        round_,
        tiles,
        mistakes,
        tuple(joined),
        {name: tuple(found) for name, found in own.items()},
    )


def own_finds(board: Board, student: str) -> Sequence[str]:
    """The equations one child found in the round, in the order they found them."""
    return board.finds.get(student, ())


def found_keys(round_: Round, right_texts: Iterable[str]) -> tuple[str, ...]:
    """The round's equations (keys) among one child's right tries, each once, in the order
    found: what :func:`tally` gives that child, from their own tries alone."""
    keys = set(round_.keys)
    found: dict[str, None] = {}
    for text in right_texts:
        key = _key_of(text)
        if key is not None and key in keys:
            found.setdefault(key)
    return tuple(found)
