"""Judge an equation by every rule of the Rescue, and say why in a child's words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import sympy

from sq2edu.equations.arithmetic import Evaluation, evaluate
from sq2edu.equations.model import (
    ALL_OPERATIONS,
    CARD_VALUES,
    MAX_NUMBER,
    Adjustment,
    Equation,
    Op,
    Side,
    parse_operations,
)
from sq2edu.equations.parse import MAX_LENGTH, EquationSyntaxError, parse
from sq2edu.equations.words import join_and, number, signs, walk_sentence
from sq2edu.i18n import _, ngettext

__all__ = [
    "PROBLEM_CODES",
    "Problem",
    "Verdict",
    "check",
    "missing_cards",
    "near_miss",
    "read_cards",
]

#: Every problem code, most important first: a child fixes the shape of the equation
#: before its arithmetic, and its arithmetic before which cards it uses.
PROBLEM_CODES: tuple[str, ...] = (
    "syntax",
    "too-few-cards",
    "no-operation",
    "mixed-operations",
    "operators-both-sides",
    "remainder-written",
    "operation-not-allowed",
    "operation-not-asked",
    "adjust-not-allowed",
    "divide-by-zero",
    "not-whole",
    "not-true",
    "missing-card",
)
_RANK = {code: rank for rank, code in enumerate(PROBLEM_CODES)}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an equation.

    :ivar code: a stable name from :data:`PROBLEM_CODES`, used by the UI, the progress
        store and the teacher dashboard.
    :ivar message: what is wrong, in a child's words, in the active language.
    :ivar position: for ``syntax``, where in the text the trouble is.
    :ivar detail: for ``syntax``, the parser's own code (``bad-character``, ...).
    """

    code: str
    message: str
    position: int | None = None
    detail: str | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Verdict:
    """What :func:`check` found: right or wrong, why, and what to try next."""

    #: The equation as the child wrote it (or as built from cards).
    text: str
    #: The equation read from the text; ``None`` when the text could not be read.
    equation: Equation | None
    #: Everything wrong, most important first; empty when the equation is right.
    problems: tuple[Problem, ...]
    #: The working, step by step, in words.
    steps: tuple[str, ...] = ()
    #: Something worth learning from a right answer (the reverse operation, other factors).
    teaching: tuple[str, ...] = ()
    #: A near miss the child could make instead, in words, or ``None``.
    suggestion: str | None = None
    #: The equation :attr:`suggestion` names (``None`` when it names none): a table that
    #: shows it knows when a right answer was copied from it.
    suggested: Equation | None = None
    #: The red knight's change, when one card counted as one more or one less.
    adjusted: Adjustment | None = None
    #: The number cards to discard for this equation, in the equation's order.
    cards_used: tuple[int, ...] = ()
    #: The equation as unevaluated sympy objects, ``Eq(2 + 3 + 3, 8)``.
    expression: sympy.Basic | None = field(default=None, compare=False)

    @property
    def ok(self) -> bool:
        """``True`` when the equation follows every rule and is true."""
        return not self.problems

    @property
    def codes(self) -> tuple[str, ...]:
        """The problem codes, most important first."""
        return tuple(problem.code for problem in self.problems)

    @property
    def shown(self) -> str:
        """The equation as it is shown back: as read, or as written when it could not be."""
        return self.equation.text if self.equation is not None else self.text

    @property
    def numbers(self) -> tuple[int, ...]:
        """Every number of the equation, left to right (none when it could not be read)."""
        return self.equation.numbers if self.equation is not None else ()

    @property
    def headline(self) -> str:
        """One short line: the verdict."""
        if self.ok:
            return _("Yes! {equation} works.", equation=self.shown)
        return _("Not yet.")

    @property
    def lines(self) -> tuple[str, ...]:
        """The explanation as separate lines, in reading order."""
        return self.shown_lines()

    def shown_lines(self, suggest: bool = True) -> tuple[str, ...]:
        """The explanation's lines; without the near miss when ``suggest`` is false (a class
        whose hints are off or limited must not be handed an answer with every wrong try).
        """
        lines = [self.headline]
        lines += [problem.message for problem in self.problems]
        lines += self.steps
        lines += self.teaching
        if self.suggestion and suggest:
            lines.append(self.suggestion)
        return tuple(lines)

    @property
    def explanation(self) -> str:
        """The whole explanation, one sentence a line."""
        return "\n".join(self.lines)

    @property
    def latex(self) -> str:
        """The equation in LaTeX (empty when it could not be read)."""
        return self.equation.latex if self.equation is not None else ""

    def __str__(self) -> str:
        return self.explanation

    def __repr__(self) -> str:
        return f"<Verdict {self.text!r} ok={self.ok} codes={self.codes!r}>"

    def _repr_html_(self) -> str:
        from sq2edu.equations.display import verdict_html

        return verdict_html(self)


def missing_cards(need: Counter[int], hand: Counter[int]) -> list[Problem]:
    """A ``missing-card`` problem for each number needed more often than the hand has it."""
    problems = []
    for value in sorted(need - hand):
        have = hand[value]
        if have == 0:
            message = _("You have no card with {value}.", value=number(value))
        else:
            message = ngettext(
                "You need {n} card with {value}, but you have {have}.",
                "You need {n} cards with {value}, but you have {have}.",
                need[value],
                value=value,
                have=have,
            )
        problems.append(Problem("missing-card", message))
    return problems


def read_cards(cards: Iterable[int]) -> Counter[int]:
    """Check a hand of number cards and count it as a multiset.

    :raises ValueError: if a card is not a whole number from 1 to 999.
    """
    hand: Counter[int] = Counter()
    for card in cards:
        if not isinstance(card, int) or isinstance(card, bool) or not 1 <= card <= MAX_NUMBER:
            raise ValueError(f"number cards are whole numbers from 1 to {MAX_NUMBER}, not {card!r}")
        hand[card] += 1
    return hand


def check(
    equation: str | Equation,
    cards: Iterable[int] | None = None,
    operations: str | Iterable[Op | str] = ALL_OPERATIONS,
    adjust: bool = False,
    asked: str | Iterable[Op | str] | None = None,
) -> Verdict:
    """Check an equation against every rule of the Rescue.

    The rules: one kind of operation only; operations on one side of ``=`` only; at least
    two numbers on that side and one on the other; the equation is true; division comes out
    whole; nothing is divided by zero; only the operations the class uses (``operations``);
    and, when ``cards`` is given, only cards the child has (two 3s need two 3 cards).

    ``operations`` are the signs the class uses (a sign outside them is
    ``operation-not-allowed``: "Your class is not using × yet"); ``asked`` are the signs the
    task asks for, a lesson's exercise or a level of practice (a sign the class uses but the
    task does not ask for is ``operation-not-asked``: "This task asks for −"). A remainder
    written after a division (``17 ÷ 5 = 3 r 2``) is ``remainder-written``: in the game a
    division must share out exactly.

    With ``adjust=True`` (the red knight), one card may count as one more or one less: the
    child writes the number it counts as, and the checker finds the card it came from.

    Text that cannot be read gives a verdict with a ``syntax`` problem, never an exception.

    >>> check("2 + 3 + 3 = 8", cards=[2, 3, 3, 8]).ok
    True
    >>> check("4 + 3 = 5 + 2").codes
    ('operators-both-sides',)

    :param equation: the text the child typed, or an :class:`Equation` built from cards.
    :param cards: the number cards the child has, or ``None`` to skip that rule.
    :param operations: the operations allowed, as signs (``"+-"``) or :class:`Op` values.
    :param adjust: whether the red knight's ±1 may be used.
    :param asked: the signs the task asks for, or ``None`` for any the class uses.
    :raises ValueError: if ``cards`` or ``operations`` are malformed (a programming error).
    """
    allowed = parse_operations(operations)
    wanted = allowed if asked is None else allowed & parse_operations(asked)
    hand = read_cards(cards) if cards is not None else None
    if isinstance(equation, Equation):
        return _Checker(equation, equation.text, hand, allowed, adjust, wanted).verdict()
    if not isinstance(equation, str):
        raise TypeError(f"check() takes text or an Equation, not {type(equation).__name__}")
    written = _remainder_written(equation)
    if written is not None:
        return written
    try:
        parsed = parse(equation)
    except EquationSyntaxError as error:
        problem = Problem("syntax", error.message, error.position, error.code)
        shown = equation if len(equation) <= 40 else equation[:40] + "…"
        return Verdict(shown, None, (problem,))
    return _Checker(parsed, equation.strip(), hand, allowed, adjust, wanted).verdict()


def _remainder_written(text: str) -> Verdict | None:
    """A division with its rest written after it (``17 ÷ 5 = 3 r 2``, ``17 : 5 = 3 (ост. 2)``,
    ``16 : 4 = 4 ост. 0``): in the game a division must share out exactly, so there is no
    rest to write. ``None`` when no rest is written (the one reader of rests,
    :func:`sq2edu.equations.remainder.split_rest`, decides)."""
    from sq2edu.equations.remainder import split_rest

    if len(text) > MAX_LENGTH:
        return None
    try:
        division, rest = split_rest(text)
    except EquationSyntaxError:
        return None
    if rest is None:
        return None
    try:
        equation: Equation | None = parse(division)
    except EquationSyntaxError:
        equation = None
    shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:40] + "…"
    # "Write it without a remainder" only where that is then true: 17 ÷ 5 = 3 r 0 is not
    # 17 ÷ 5 = 3.
    if rest == 0 and equation is not None and check(equation).ok:
        message = _(
            "In the game a division must share out exactly, with nothing left over. "
            "Nothing is left over here, so write it without a remainder: {equation}.",
            equation=equation.text,
        )
    else:
        message = _(
            "In the game a division must share out exactly, with nothing left over, "
            "so there is no remainder to write."
        )
    return Verdict(shown, equation, (Problem("remainder-written", message),))


class _Checker:
    """One check: collects problems, then the words around them."""

    def __init__(
        self,
        equation: Equation,
        text: str,
        hand: Counter[int] | None,
        allowed: frozenset[Op],
        adjust: bool,
        asked: frozenset[Op] | None = None,
    ) -> None:
        self.equation = equation
        self.text = text
        self.hand = hand
        self.allowed = allowed
        self.asked = allowed if asked is None else asked
        self.adjust = adjust
        self.problems: list[Problem] = []
        self.left = evaluate(equation.left)
        self.right = evaluate(equation.right)
        self.adjusted: Adjustment | None = equation.adjusted
        self.cards_used: tuple[int, ...] = equation.cards

    def add(self, code: str, message: str) -> None:
        self.problems.append(Problem(code, message))

    def verdict(self) -> Verdict:
        self.check_shape()
        self.check_arithmetic()
        self.check_cards()
        self.problems.sort(key=lambda problem: _RANK[problem.code])
        ok = not self.problems
        expression = None
        if self.equation.left.numbers and self.equation.right.numbers:
            expression = sympy.Eq(self.left.expression, self.right.expression, evaluate=False)
        suggestion, suggested = (None, None) if ok else self.suggestion()
        return Verdict(
            text=self.text,
            equation=self.equation,
            problems=tuple(self.problems),
            steps=self.steps(ok),
            teaching=self.teaching() if ok else (),
            suggestion=suggestion,
            suggested=suggested,
            adjusted=self.adjusted,
            cards_used=self.cards_used,
            expression=expression,
        )

    # -- the rules ---------------------------------------------------------------------

    def check_shape(self) -> None:
        eq = self.equation
        if not eq.left.numbers or not eq.right.numbers:
            self.add(
                "too-few-cards",
                _("An equation needs a number on each side of the =, like 2 + 3 = 5."),
            )
        elif not eq.operations:
            self.add("no-operation", _("Put a sign like + or × between two of your cards."))
        if len(eq.operations) > 1:
            self.add(
                "mixed-operations",
                _(
                    "This uses {signs}. Use only one kind of sign in an equation.",
                    signs=signs(eq.operations),
                ),
            )
        if eq.left.ops and eq.right.ops:
            example = self.left.whole_value
            # The example is made of the child's own cards: "like 4 + 3 = 7" helps only a
            # child who has a 7.
            if (
                example is not None
                and example in CARD_VALUES
                and len(eq.operations) == 1
                and (self.hand is None or Counter((*eq.left.numbers, example)) <= self.hand)
            ):
                message = _(
                    "There are signs on both sides of the =. Keep them on one side, "
                    "like {side} = {value}.",
                    side=eq.left.text,
                    value=example,
                )
            else:
                message = _("There are signs on both sides of the =. Keep them on one side.")
            self.add("operators-both-sides", message)
        banned = eq.operations - self.allowed
        if banned:
            if self.allowed:
                message = _(
                    "Your class is not using {banned} yet. Try {allowed}.",
                    banned=signs(banned),
                    allowed=signs(self.allowed),
                )
            else:
                message = _("Your class is not making equations right now.")
            self.add("operation-not-allowed", message)
        elif eq.operations - self.asked and self.asked:
            self.add(
                "operation-not-asked",
                _(
                    "This task asks for {asked}, not {used}.",
                    asked=signs(self.asked),
                    used=signs(eq.operations - self.asked),
                ),
            )
        if eq.adjusted is not None and not self.adjust:
            self.add(
                "adjust-not-allowed",
                _("Only the red knight can make a card count as one more or one less."),
            )

    def check_arithmetic(self) -> None:
        left, right = self.left, self.right
        if len(self.equation.operations) > 1:
            # Which sign goes first is a rule the child may not have met: the mixed signs
            # are the thing to fix, and working them out would only confuse.
            return
        if left.divides_by_zero or right.divides_by_zero:
            self.add(
                "divide-by-zero",
                _("Nobody can share into 0 groups, so dividing by 0 does not work."),
            )
            return
        remainder = left.remainder_at or right.remainder_at
        if remainder is not None:
            self.add("not-whole", self.remainder_message(*remainder))
            return
        if left.value is None or right.value is None or left.value == right.value:
            return
        self.add("not-true", self.not_true_message())

    def remainder_message(self, dividend: int, divisor: int) -> str:
        """Why a division does not work, as a child who shares things out would say it."""
        quotient, rest = divmod(dividend, divisor)
        if quotient == 0:
            message = _(
                "{a} ÷ {b} is not a whole number: {b} is more than {a}.",
                a=dividend,
                b=divisor,
            )
        else:
            message = _(
                "{a} ÷ {b} does not share out exactly: {q} in each group, and {r} left over.",
                a=dividend,
                b=divisor,
                q=quotient,
                r=rest,
            )
        return self.after_running_total(dividend, divisor, Op.DIV, message)

    def after_running_total(
        self, start: sympy.Rational | int, operand: int, op: Op, said: str
    ) -> str:
        """``said`` about ``start op operand``; when ``start`` is no card but what the numbers
        before it made, say that first ("4 − 2 makes 2. 2 − 5 would go below 0...")."""
        found = self.operator_evaluation()
        if found is None:
            return said
        side, made = found
        for index, step in enumerate(made.steps):
            if index > 0 and step.op is op and step.left == start and step.right == operand:
                so_far = Side.chain(side.numbers[: index + 1], op)
                made_so_far = _("{so_far} makes {value}.", so_far=so_far.text, value=number(start))
                return f"{made_so_far} {said}"
        return said

    def not_true_message(self) -> str:
        eq = self.equation
        side, result = eq.operator_side, eq.result_side
        if side is None or result is None or len(result.numbers) != 1:
            if not eq.operations:
                return _(
                    "{a} and {b} are not the same number.",
                    a=eq.left.text,
                    b=eq.right.text,
                )
            return _(
                "The two sides are not the same: {left} makes {x}, and {right} makes {y}.",
                left=eq.left.text,
                x=number(self.left.value),
                right=eq.right.text,
                y=number(self.right.value),
            )
        made = self.left if side is eq.left else self.right
        for step in made.steps:
            if step.op is Op.SUB and step.result < 0:
                # What is true with the cards, never "you can't take a bigger number from a
                # smaller one": children meet numbers below 0 later and must not unlearn it.
                said = _(
                    "{a} − {b} would go below 0, and no card is below 0.",
                    a=number(step.left),
                    b=step.right,
                )
                if len(side.numbers) == 2:
                    start = _("Start with the bigger number.")
                    said = f"{said} {start}"
                return self.after_running_total(step.left, step.right, Op.SUB, said)
        return _(
            "{side} makes {value}, not {result}.",
            side=side.text,
            value=number(made.value),
            result=result.numbers[0],
        )

    def check_cards(self) -> None:
        if self.hand is None:
            return
        eq = self.equation
        need = Counter(eq.cards)
        missing = need - self.hand
        if missing and self.adjust and eq.adjusted is None and missing.total() == 1:
            self.adjusted = _adjustment_for(next(iter(missing)), need, self.hand)
            if self.adjusted is not None:
                self.cards_used = Equation(eq.left, eq.right, self.adjusted).cards
                return
        for problem in missing_cards(need, self.hand):
            self.add(problem.code, problem.message)

    # -- the words around the problems -------------------------------------------------

    def operator_evaluation(self) -> tuple[Side, Evaluation] | None:
        eq = self.equation
        side = eq.operator_side
        if side is None or eq.operation is None:
            return None
        return side, (self.left if side is eq.left else self.right)

    def steps(self, ok: bool) -> tuple[str, ...]:
        found = self.operator_evaluation()
        if found is None:
            return ()
        side, made = found
        if not made.steps or made.whole_value is None or any(s.result < 0 for s in made.steps):
            return ()
        lines: list[str] = []
        result_first = side is self.equation.right
        if len(made.steps) > 1 or (ok and result_first):
            lines.append(walk_sentence(made.steps))
        if ok:
            lines.append(_("Both sides are {value} ✓", value=made.whole_value))
        return tuple(lines)

    def teaching(self) -> tuple[str, ...]:
        lines: list[str] = []
        if self.adjusted is not None:
            lines.append(
                _(
                    "Your red knight made the {card} count as {value}.",
                    card=self.adjusted.card,
                    value=self.adjusted.value,
                )
            )
        found = self.operator_evaluation()
        if found is None:  # not reached: only a right equation is taught, and it has one
            return tuple(lines)  # pragma: no mutate
        side, made = found
        op = self.equation.operation
        result = made.whole_value
        if op in (Op.SUB, Op.DIV) and result is not None:
            # The reverse operation checks the answer: 8 − 3 = 5 because 5 + 3 = 8.
            back = Side.chain((result, *side.numbers[1:]), op.inverse)
            lines.append(
                _(
                    "{forward}, because {back} = {start}.",
                    forward=f"{side.text} = {result}",
                    back=back.text,
                    start=side.numbers[0],
                )
            )
        if op is Op.MUL and result is not None and result > 1:
            pairs = [
                f"{d} × {result // d}"
                for d in sympy.divisors(result)
                if 1 < d <= result // d
                and result // d <= 10
                and sorted(side.numbers) != [d, result // d]
            ]
            if pairs:
                lines.append(_("{value} is also {pairs}.", value=result, pairs=join_and(pairs)))
        return tuple(lines)

    def suggestion(self) -> tuple[str | None, Equation | None]:
        """A near miss in words, and the equation it names."""
        from sq2edu.equations.solve import solve

        eq = self.equation
        if self.hand is not None:
            near = near_miss(eq, solve(list(self.hand.elements()), self.asked, self.adjust))
            return near if near is not None else (None, None)
        found = self.operator_evaluation()
        if found is None or "not-true" not in {problem.code for problem in self.problems}:
            return None, None
        side, made = found
        # Only an equation the cards could show: no card says 13 (or 0).
        if made.whole_value is None or made.whole_value not in CARD_VALUES:
            return None, None
        true = Equation(side, Side((made.whole_value,)))
        return _("{equation} is true.", equation=true.text), true


def near_miss(attempt: Equation, options: Sequence[Equation]) -> tuple[str, Equation] | None:
    """Of ``options`` (valid equations of the child's cards), the one closest to what the
    child tried, and how to say that it works; ``None`` when there is none. A lesson passes
    only the equations its task takes, so what it suggests is never refused."""
    if not options:
        return None
    best = max(options, key=lambda option: (option.adjusted is None, _likeness(attempt, option)))
    return _near_miss(attempt, best), best


def _near_miss(attempt: Equation, best: Equation) -> str:
    """How to say that ``best``, made from the child's own cards, works."""
    new_cards = Counter(best.cards) - Counter(attempt.numbers)
    if best.adjusted is not None:
        return _(
            "Your red knight can make the {card} count as {value}: {equation} works!",
            card=best.adjusted.card,
            value=best.adjusted.value,
            equation=best.text,
        )
    if new_cards:
        return _("With your {card}: {equation} works!", card=min(new_cards), equation=best.text)
    if best.operation is not attempt.operation and best.operation is not None:
        return _("Try {sign}: {equation} works!", sign=best.operation.value, equation=best.text)
    return _("{equation} works!", equation=best.text)


def _adjustment_for(value: int, need: Counter[int], hand: Counter[int]) -> Adjustment | None:
    """The red knight's change that lets a hand supply ``value``, the one number it lacks."""
    if value < 1:
        return None
    spare = hand - need  # the cards the equation leaves over (it has no card with ``value``)
    for card in (value - 1, value + 1):
        if card >= 1 and spare[card] > 0:
            return Adjustment(card, value)
    return None


def _likeness(attempt: Equation, option: Equation) -> tuple[int, int, int]:
    """How close a valid equation is to what the child tried: shared numbers, sign, result.

    The numbers are compared as written: with the red knight, "make the 4 count as 5:
    2 + 3 = 5" keeps the child's 2 + 3, where "make the 2 count as 1: 1 + 3 = 4" does not.
    """
    shared = (Counter(attempt.numbers) & Counter(option.numbers)).total()
    same_sign = int(option.operation is not None and option.operation in attempt.operations)
    result_side = attempt.result_side
    option_result = option.result_side
    same_result = int(
        result_side is not None
        and option_result is not None
        and result_side.numbers == option_result.numbers
    )
    return shared, same_sign, same_result
