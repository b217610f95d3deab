"""A lesson's exercises: equations made from cards, missing numbers, remainders, choices.

An :class:`Exercise` is answered in the Equation Lab's builder and checked by the same
checker as the game, so a wrong answer is explained (and coded for the dashboard) exactly as
in play; on top of that it may ask for a number (``makes``) or a length (``at_least``). A
:class:`Choice` asks the child to pick one of a few answers: is ``3 + 4 = 8`` true, which
face of the die comes up more often.

>>> from sq2edu.lessons.exercises import Exercise
>>> from sq2edu.lessons.model import Words
>>> task = Exercise(Words("Make 7."), cards=(2, 3, 4, 5, 7), makes=7)
>>> task.answer("2 + 5 = 7").ok, task.answer("2 + 3 = 5").codes
(True, ('off-task',))
>>> missing = Exercise(Words("Which card goes in the box?"), cards=(4, 5, 6), box="2 + □ = 7")
>>> missing.answer("5").ok, missing.answers()
(True, ['2 + 5 = 7'])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from sq2edu.equations import Equation, Hint, Problem, Verdict, check, parse
from sq2edu.equations.check import near_miss, read_cards
from sq2edu.equations.exercise import Exercise as CardTask
from sq2edu.equations.hints import ladder_to, try_cards
from sq2edu.equations.remainder import split_rest
from sq2edu.equations.untold import numbers_in, untold
from sq2edu.i18n import N_, local_signs
from sq2edu.lessons.model import Groups, Picture, Words
from sq2edu.practice import LEVELS, tasks
from sq2edu.practice.deal import BOX, Deal
from sq2edu.practice.facts import Fact

__all__ = [
    "COMPARE",
    "OFF_TASK",
    "Choice",
    "Exercise",
    "compare",
    "odd_one_out",
    "true_or_not",
    "worked_out",
]

#: The code of a true equation that does not do what the exercise asks (makes 5, not 7).
OFF_TASK = "off-task"


@dataclass(frozen=True, slots=True)
class Exercise:
    """Make an equation from cards, fill the box, or divide and say the rest.

    :ivar ask: the task in a few words.
    :ivar cards: the number cards the child may use (for a box: the cards to choose from).
    :ivar operations: the signs allowed.
    :ivar makes: the number the equation must make, or ``None`` for any.
    :ivar at_least: the fewest cards the equation must use, with the answer card.
    :ivar box: a missing-number task (``"2 + □ = 7"``); "" to make an equation.
    :ivar rest: the division and its remainder to make (``"7 ÷ 2 = 3 r 1"``); "" otherwise.
    :ivar hint: the lesson's own first hint; the checker's hint ladder follows it.
    :ivar picture: a picture that goes with the task.
    :ivar exit: the lesson's exit question, its last exercise.
    :ivar example: the answer the last hint works out (the one the story or picture tells),
        written with × and ÷, or as :class:`~sq2edu.lessons.model.Groups` where the child's
        school decides the order of a product; "" for the easiest answer (the fewest cards).
    :ivar asks: for a task that does not show the number it asks for (a story, a picture),
        what it asks, without the number: said to a true equation that makes another one.
    :raises ValueError: for a task no card can answer, or an example that is not one of its
        answers (a lesson's mistake, caught when the lesson is loaded).
    """

    ask: Words
    cards: tuple[int, ...]
    operations: str = "+"
    makes: int | None = None
    at_least: int = 3
    box: str = ""
    rest: str = ""
    hint: Words | None = None
    picture: Picture | None = None
    exit: bool = False
    example: str | Groups = ""
    asks: Words | None = None

    def __post_init__(self) -> None:
        read_cards(self.cards)
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        if self.box and self.rest:
            raise ValueError("an exercise is a box or a remainder, not both")
        if not self.answers():
            raise ValueError(f"no card answers {self.ask.text!r} with {list(self.cards)}")
        example = self._example()
        if example and (self.box or self.rest or not self.answer(example).ok):
            raise ValueError(f"{example!r} is not an answer to {self.ask.text!r}")

    @property
    def kind(self) -> str:
        """``"make"``, ``"missing"`` or ``"remainder"``, as the levels of practice say."""
        return "missing" if self.box else "remainder" if self.rest else "make"

    @property
    def deal(self) -> Deal | None:
        """The task as a deal of practice (a box or a remainder), whose checking and hints
        the Lab already knows; ``None`` for making an equation."""
        if self.box:
            return _box_deal(self.box, self.cards, self.operations)
        if self.rest:
            division, rest = split_rest(self.rest)
            fact = Fact(parse(division), rest or 0)
            deal = Deal(LEVELS["remainders"], self.cards, fact.skill, fact, "÷")
            if not deal.proved():
                raise ValueError(f"{self.rest} cannot be made from {list(self.cards)}")
            return deal
        return None

    def prompt(self) -> str:
        """What the exercise asks, in the active language."""
        return str(self.ask)

    def answer(self, text: str) -> Verdict:
        """Check a child's answer (typed, or built from the cards).

        A wrong equation's near miss names only an equation this task takes: the checker
        alone would offer any true equation of the cards ("6 − 2 = 4" for "make 2"), which
        the task would then refuse.
        """
        deal = self.deal
        if deal is not None:
            return tasks.answer(deal, text)
        verdict = check(text, self.cards, asked=self.operations)
        if verdict.ok and verdict.equation is not None:
            reason = self._card_task().misses(verdict.equation)
            if reason is None:
                # A right answer is told it is right, and why: "16 is also 4 × 4" after it
                # would only be more to read.
                return replace(verdict, teaching=())
            verdict = Verdict(verdict.text, verdict.equation, (Problem(OFF_TASK, reason),))
        if verdict.equation is None:
            return verdict
        found = near_miss(verdict.equation, self._card_task().answers())
        suggestion, suggested = found if found is not None else (None, None)
        verdict = replace(verdict, suggestion=suggestion, suggested=suggested)
        # Nothing told to a wrong try names what the child has to find: the number a story
        # asks for, nor a card of an answer that they have not written (so a near miss is
        # shown only when it names nothing new).
        answers = {n for e in self._card_task().answers() for n in e.numbers}
        hidden = (self._unknown() | (answers - numbers_in(text))) - self._shows()
        return untold(verdict, hidden)

    def _shows(self) -> frozenset[int]:
        """The numbers the task itself shows, in the active language."""
        return numbers_in(str(self.ask)) | numbers_in(self.box)

    def _unknown(self) -> frozenset[int]:
        """The number the task asks for when it does not say it (a story, a picture), even
        where the child wrote it (on the wrong side, the answer is still theirs to find)."""
        if self.makes is None or self.makes in self._shows():
            return frozenset()
        return frozenset({self.makes})

    def ladder(self) -> tuple[Hint, ...]:
        """The hints: the lesson's own nudge first, then the checker's ladder to the task's
        worked example (:meth:`worked_example`), which the task itself takes."""
        deal = self.deal
        if deal is not None:
            rungs = tuple(tasks.ladder(deal))
        else:
            rungs = ladder_to(self.worked_example(), self.cards, self.operations)
            side = rungs[2].equation.operator_side if rungs[2].equation else None
            if self._unknown() and side is not None:
                # Which cards to look at, but not the answer card: that is the worked
                # example's, the last rung.
                rungs = (rungs[0], Hint(2, try_cards(side.numbers), side.numbers), rungs[2])
        if self.hint is None:
            return rungs
        return (Hint(1, str(self.hint)), *rungs[1:])

    def worked_example(self) -> Equation:
        """The answer the last hint works out: :attr:`example`, else the easiest answer
        (the fewest cards, then + − × ÷); for a box or a remainder, the task's equation."""
        deal = self.deal
        if deal is not None:
            return deal.fact.equation
        example = self._example()
        if example:
            return parse(example)
        return min(
            self._card_task().answers(),
            key=lambda e: (len(e.numbers), e.operation.order if e.operation else 0),
        )

    def answers(self) -> list[str]:
        """Every right answer, for the teacher."""
        if self.box:
            return [_box_deal(self.box, self.cards, self.operations).fact.text]
        if self.rest:
            return [self.rest] if self.deal is not None else []
        return [equation.text for equation in self._card_task().answers()]

    def _example(self) -> str:
        return self.example.text if isinstance(self.example, Groups) else self.example

    def _card_task(self) -> CardTask:
        return CardTask(
            str(self.ask),
            self.cards,
            self.operations,
            makes=self.makes,
            at_least=self.at_least,
            asks=str(self.asks) if self.asks is not None else None,
        )


def _box_deal(box: str, cards: Sequence[int], operations: str) -> Deal:
    """The missing-number task as a deal: the one card that makes it true goes in the box."""
    fits = [card for card in sorted(set(cards)) if check(box.replace(BOX, str(card))).ok]
    if len(fits) != 1:
        raise ValueError(f"{box}: {len(fits)} cards fit the box, not one")
    equation = parse(box.replace(BOX, str(fits[0])))
    missing = box.replace(" ", "").split("=")
    numbers = [part for side in missing for part in _split_numbers(side)]
    fact = Fact(equation)
    missing_at = numbers.index(BOX)
    deal = Deal(LEVELS["missing"], tuple(cards), fact.skill, fact, operations, missing=missing_at)
    assert deal.proved(), deal
    return deal


def _split_numbers(side: str) -> list[str]:
    for sign in "+−×÷-*/:·":
        side = side.replace(sign, " ")
    return side.split()


@dataclass(frozen=True, slots=True)
class Choice:
    """Pick one answer: true or not true, which is more, which comes up more often.

    :ivar ask: the question.
    :ivar options: the answers to choose from: words, or an equation or number shown in the
        child's signs.
    :ivar right: the index of the right answer.
    :ivar why: what to tell the child after they choose (right or not).
    :ivar shown: an equation shown big above the answers, or "".
    :ivar picture: a picture that goes with the question.
    :ivar exit: the lesson's exit question, its last exercise.
    :ivar wrong: for each answer, why it is wrong (``None`` for the right one), said before
        :attr:`why` to a child who chose it; empty when :attr:`why` says it for all.
    """

    ask: Words
    options: tuple[Words | str | Groups, ...]
    right: int
    why: Words
    shown: str = ""
    picture: Picture | None = None
    exit: bool = False
    wrong: tuple[Words | None, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= len(self.options) <= 4 or not 0 <= self.right < len(self.options):
            raise ValueError("a choice has 2 to 4 answers and one of them is right")
        if self.wrong and (
            len(self.wrong) != len(self.options)
            or self.wrong[self.right] is not None
            or any(reason is None for i, reason in enumerate(self.wrong) if i != self.right)
        ):
            raise ValueError("a choice says why each wrong answer is wrong, and not the right one")

    def said_why(self, index: int) -> tuple[str, ...]:
        """What to tell a child who chose the answer at ``index``: why that answer is wrong
        (when it is), then :attr:`why`."""
        reason = self.wrong[index] if self.wrong and index != self.right else None
        return (str(reason), str(self.why)) if reason is not None else (str(self.why),)

    def answer(self, index: int) -> bool:
        """Whether the answer at ``index`` is the right one."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise ValueError("choose an answer by its number")
        if not 0 <= index < len(self.options):
            raise ValueError("there is no such answer")
        return index == self.right

    def answers(self) -> list[str]:
        """The right answer, for the teacher."""
        return [self.option(self.right)]

    def option(self, index: int) -> str:
        """The answer at ``index`` as the child sees it."""
        option = self.options[index]
        return local_signs(option) if isinstance(option, str) else str(option)

    def said(self, index: int) -> str:
        """The answer at ``index`` as it is kept for the teacher: a comparison with the sign
        chosen (``3 + 4 < 8``), an equation judged as the equation (the skill it practises),
        any other question as the question and the answer."""
        if COMPARE in self.shown:
            return self.shown.replace(COMPARE, self.option(index))
        if self.shown:
            return self.shown
        return f"{self.ask} → {self.option(index)}"


def true_or_not(
    shown: str, why: Words, picture: Picture | None = None, exit: bool = False
) -> Choice:
    """Is this equation true? The right answer is worked out from the equation itself, so
    a lesson cannot get it wrong (both answers are words: colour is never the only sign)."""
    true = _holds(shown)
    return Choice(
        Words(N_("Is it true?")),
        (Words(N_("True")), Words(N_("Not true"))),
        0 if true else 1,
        why,
        shown=shown,
        picture=picture,
        exit=exit,
    )


#: Where the sign goes in a comparison (``3 + 4 ○ 8``).
COMPARE = "○"
_SIGNS = ("<", "=", ">")


def compare(
    left: str, right: str, why: Words, picture: Picture | None = None, exit: bool = False
) -> Choice:
    """Which sign goes between two amounts: <, = or >? Worked out from the amounts
    themselves, as :func:`true_or_not` is (the signs are shapes, read out by name)."""
    difference = worked_out(left) - worked_out(right)
    return Choice(
        Words(N_("Which sign goes in the circle: <, = or >?")),
        _SIGNS,
        0 if difference < 0 else 1 if difference == 0 else 2,
        why,
        shown=f"{left} {COMPARE} {right}",
        picture=picture,
        exit=exit,
    )


def odd_one_out(equations: tuple[str, ...], why: Words, exit: bool = False) -> Choice:
    """Spot the mistake: which of these equations is not true? Exactly one may be false.

    :raises ValueError: unless exactly one of ``equations`` is false.
    """
    false = [index for index, shown in enumerate(equations) if not _holds(shown)]
    if len(false) != 1:
        raise ValueError(f"one of {equations} must be false, not {len(false)}")
    return Choice(Words(N_("Which one is not true?")), equations, false[0], why, exit=exit)


def _holds(shown: str) -> bool:
    left, equals, right_side = shown.partition("=")
    if not equals:
        raise ValueError(f"{shown!r} is not an equation")
    return worked_out(left) == worked_out(right_side)


_TOKEN = re.compile(r"\s*(?:(\d+)|(.))")


def worked_out(side: str) -> Fraction:
    """Work out one side of a lesson's equation, ``×`` and ``÷`` before ``+`` and ``−``,
    brackets first (the lessons' own text only: children's answers go to the checker).

    >>> worked_out("2 + 3 × 4"), worked_out("(2 + 3) × 4")
    (Fraction(14, 1), Fraction(20, 1))
    """
    tokens = [number or sign for number, sign in _TOKEN.findall(side.strip())]
    value, rest = _sum(tokens)
    if rest:
        raise ValueError(f"cannot work out {side!r}")
    return value


def _sum(tokens: list[str]) -> tuple[Fraction, list[str]]:
    value, tokens = _product(tokens)
    while tokens and tokens[0] in "+−-":
        sign, (term, tokens) = tokens[0], _product(tokens[1:])
        value = value + term if sign == "+" else value - term
    return value, tokens


def _product(tokens: list[str]) -> tuple[Fraction, list[str]]:
    value, tokens = _atom(tokens)
    while tokens and tokens[0] in "×÷·:":
        sign, (factor, tokens) = tokens[0], _atom(tokens[1:])
        value = value * factor if sign in "×·" else value / factor
    return value, tokens


def _atom(tokens: list[str]) -> tuple[Fraction, list[str]]:
    if not tokens:
        raise ValueError("a number is missing")
    if tokens[0] == "(":
        value, rest = _sum(tokens[1:])
        if not rest or rest[0] != ")":
            raise ValueError("a bracket is not closed")
        return value, rest[1:]
    if not tokens[0].isdigit():
        raise ValueError(f"unexpected {tokens[0]!r}")
    return Fraction(int(tokens[0])), tokens[1:]
