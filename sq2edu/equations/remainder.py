"""Division with a remainder, written as children write it, and checked.

English classrooms write ``17 ÷ 5 = 3 r 2``, Russian ones ``17 : 5 = 3 (ост. 2)``,
Norwegian ones ``17 : 5 = 3 rest 2``; any of these is read, whatever the page's language:

>>> from sq2edu.equations.remainder import check_remainder
>>> check_remainder("17 ÷ 5 = 3 r 2", cards=[17, 5, 3, 2]).ok
True
>>> print(check_remainder("17 : 5 = 3 r 1").explanation)
Not yet.
5 × 3 = 15, and 15 + 1 = 16, not 17.

The Rescue's own rules still hold (one division, the signs on one side, only the cards one
has), with the same problem codes as :func:`sq2edu.equations.check`. The rest is read by a
small reader of its own that accepts only digits, so no text reaches ``eval`` or sympy's parser;
it reads a text in linear time, however many spaces it holds.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from sq2edu.equations import EquationSyntaxError, Problem, Verdict, check
from sq2edu.equations.check import missing_cards, read_cards
from sq2edu.equations.parse import MAX_LENGTH
from sq2edu.i18n import _

__all__ = ["RemainderVerdict", "check_remainder", "split_rest", "with_rest"]

#: The words that may stand before the rest, tried in this order: "r 2", "R2", "rest 2",
#: "rem 2", "remainder 2", "ост. 2", "(ост. 2)", "остаток 2", at the end of the text.
_REST_WORDS = tuple(
    re.compile(re.escape(word), re.IGNORECASE)
    for word in ("r", "rest", "rem", "remainder", "ост", "остаток")
)
#: The problems of the division itself that its rest may answer.
_ANSWERED_BY_REST = frozenset({"not-whole", "not-true", "missing-card"})


def with_rest(equation: str, rest: int | str) -> str:
    """A division and its rest, as children of the active language write them."""
    return _("{equation} r {rest}", equation=equation, rest=rest)


def _find_rest(text: str) -> tuple[int, int, int] | None:
    """Where the rest is written at the end of ``text``: the start of its word (with the
    spaces and bracket before it), and the start and end of the rest itself.

    The text ends with a word of :data:`_REST_WORDS` (after a digit, or after spaces, maybe
    in a bracket), a dot, the rest, and a closing bracket; spaces may stand between them.
    Of several such words the first that makes the whole end fit is the one; the words are
    tried in order at each place. Each character is looked at a fixed number of times, so
    a text of any length, spaces included, is read in linear time.
    """
    n = len(text)
    # From the right: the first place from which only spaces and one ")" follow, and for
    # each place the next space at or after it.
    tail = n
    while tail > 0 and text[tail - 1].isspace():
        tail -= 1
    if tail > 0 and text[tail - 1] == ")":
        tail -= 1
        while tail > 0 and text[tail - 1].isspace():
            tail -= 1
    next_space = [n] * (n + 1)
    for at in range(n - 1, -1, -1):
        next_space[at] = at if text[at].isspace() else next_space[at + 1]
    # From the left: where the run of spaces that ends at each place starts.
    spaces_from = list(range(n + 1))
    for at in range(1, n + 1):
        if text[at - 1].isspace():
            spaces_from[at] = spaces_from[at - 1]

    def rest_after(word_end: int) -> tuple[int, int] | None:
        """The rest after a word ending at ``word_end``: a dot, spaces, then the rest with
        no space in it, reaching the closing part; a dot is taken when it can be."""
        dot = text.startswith(".", word_end)
        for start, skip_spaces in (
            ((word_end + 1, True), (word_end, False)) if dot else ((word_end, True),)
        ):
            while skip_spaces and start < n and text[start].isspace():
                start += 1
            end = max(start, tail)
            if end <= next_space[start]:
                return start, end
        return None

    def opening(word: int) -> int | None:
        """The first place of what may stand before a word at ``word``: spaces (or a digit
        just before), maybe a "(", and spaces."""
        spaced = spaces_from[word]
        if spaced > 0 and text[spaced - 1] == "(":
            bracket = spaced - 1
            before = spaces_from[bracket]
            if before < bracket:
                return before
            if bracket > 0 and text[bracket - 1].isdecimal():
                return bracket
        if spaced < word:
            return spaced
        if word > 0 and text[word - 1].isdecimal():
            return word
        return None

    for word in range(n):
        start = opening(word)
        if start is None:
            continue
        for pattern in _REST_WORDS:
            found = pattern.match(text, word)
            if found is None:
                continue
            rest = rest_after(found.end())
            if rest is not None:
                return start, *rest
    return None


def split_rest(text: str) -> tuple[str, int | None]:
    """The division and the rest written after it (``None`` when no rest is written).

    :raises EquationSyntaxError: when the rest is not a whole number.
    """
    found = _find_rest(text)
    if found is None:
        return text, None
    start, rest_start, rest_end = found
    rest = text[rest_start:rest_end]
    if not rest.isascii() or not rest.isdigit() or len(rest) > 3:
        raise EquationSyntaxError(
            "missing-number",
            _("Write the number that is left over after the r."),
            rest_start,
        )
    return text[:start], int(rest)


@dataclass(frozen=True, slots=True, repr=False)
class RemainderVerdict(Verdict):
    """A verdict on a division with its rest."""

    #: What the division leaves over, as the child wrote it.
    rest: int = 0

    @property
    def shown(self) -> str:
        """The division and its rest, as the active language writes them."""
        return with_rest(self.equation.text, self.rest) if self.equation is not None else self.text

    @property
    def numbers(self) -> tuple[int, ...]:
        """Every number written, the rest last."""
        return (*self.equation.numbers, self.rest) if self.equation is not None else ()


def check_remainder(
    text: str, cards: Iterable[int] | None = None, operations: str = "+−×÷"
) -> Verdict:
    """Check a division that may leave something over, such as ``17 ÷ 5 = 3 r 2``.

    Without a rest it is checked as any equation, and a division that leaves something over
    asks for its rest (without saying it). With a rest, ``a ÷ b = q r n`` is right when
    ``b × q + n = a`` and ``n`` is smaller than ``b``; the rest is a card like the others.
    """
    if not isinstance(text, str):
        raise TypeError(f"check_remainder() takes text, not {type(text).__name__}")
    hand = read_cards(cards) if cards is not None else None
    if len(text) > MAX_LENGTH:
        return check(text, hand.elements() if hand is not None else None, operations, asked="÷")
    try:
        division, rest = split_rest(text)
    except EquationSyntaxError as error:
        return Verdict(text.strip(), None, (Problem("syntax", error.message, error.position),))
    plain = check(division, hand.elements() if hand is not None else None, operations, asked="÷")
    if rest is None:
        if "not-whole" not in plain.codes or plain.equation is None:
            return plain
        asked = Problem("not-whole", _ask_for_rest(plain))
        said = tuple(p if p.code != "not-whole" else asked for p in plain.problems)
        return Verdict(plain.text, plain.equation, said)
    shape = [p for p in plain.problems if p.code not in _ANSWERED_BY_REST]
    equation = plain.equation
    if shape or equation is None:
        return Verdict(text.strip(), equation, tuple(shape) or plain.problems)
    side, answer = equation.operator_side, equation.result_side
    assert side is not None
    assert answer is not None
    if len(side.numbers) != 2:
        message = _("Divide one number by one other, then write what is left over.")
        return Verdict(text.strip(), equation, (Problem("not-true", message),))
    (number, divisor), quotient = side.numbers, answer.numbers[0]
    written = with_rest(equation.text, rest)
    problems: list[Problem] = []
    steps: tuple[str, ...] = ()
    made = divisor * quotient
    if divisor == 0:
        problems.append(
            Problem(
                "divide-by-zero",
                _("Nobody can share into 0 groups, so dividing by 0 does not work."),
            )
        )
    elif made + rest != number:
        problems.append(Problem("not-true", _not_made(divisor, quotient, rest, number)))
    elif rest >= divisor:
        message = _(
            "What is left over must be less than {b}: with {r} left, each group gets one more.",
            b=divisor,
            r=rest,
        )
        problems.append(Problem("not-true", message))
    else:
        worked = _(
            "{b} × {q} = {p}, and {p} + {r} = {a} ✓",
            b=divisor,
            q=quotient,
            p=made,
            r=rest,
            a=number,
        )
        steps = (worked,)
    if hand is not None:
        problems += missing_cards(Counter((*equation.numbers, rest)), hand)
    if problems:
        return RemainderVerdict(written, equation, tuple(problems), rest=rest)
    used = (*equation.numbers, rest)
    return RemainderVerdict(written, equation, (), steps, cards_used=used, rest=rest)


def _ask_for_rest(verdict: Verdict) -> str:
    """A division that leaves something over, without its rest: ask for it."""
    assert verdict.equation is not None
    side = verdict.equation.operator_side
    shown = side.text if side is not None else verdict.equation.text
    return _(
        "{division} leaves some over: write how many after an r, like {shape}.",
        division=shown,
        shape=with_rest(f"{shown} = □", "□"),
    )


def _not_made(divisor: int, quotient: int, rest: int, number: int) -> str:
    made = divisor * quotient
    return _(
        "{b} × {q} = {p}, and {p} + {r} = {s}, not {a}.",
        b=divisor,
        q=quotient,
        p=made,
        r=rest,
        s=made + rest,
        a=number,
    )
