"""What a deal asks, how an answer to it is checked, and its hints, for each kind of level.

* *make*: any equation from the cards, checked by :func:`sq2edu.equations.check`;
* *missing*: the number in the box (``3 × □ = 12``), chosen from the cards or typed; the
  filled-in equation is checked, and a wrong number is explained without the right one,
  nor any sum that makes it (hints on or off: the hint ladder is where help lives);
* *remainder*: a division and what it leaves over, checked by
  :func:`sq2edu.equations.remainder.check_remainder`, whose words never work out a number
  of the answer that the child has not written.

The hint ladder always ends in a worked example, which a class with hints off never sees
(the Lab does not climb it then).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sq2edu.equations import Hint, Op, Problem, Verdict, check, hints, solve
from sq2edu.equations.arithmetic import evaluate
from sq2edu.equations.hints import ladder_to
from sq2edu.equations.remainder import check_remainder, with_rest
from sq2edu.equations.untold import compared, numbers_in, untold
from sq2edu.i18n import N_, _
from sq2edu.practice.deal import BOX, Deal
from sq2edu.practice.facts import skills_of

__all__ = ["answer", "asked", "ladder", "prompt"]

_PROMPTS = {
    "make": N_("Make an equation with your cards."),
    "missing": N_("Which card goes in the box?"),
    "remainder": N_("Divide, and say what is left over."),
}


def _names_sign(deal: Deal) -> bool:
    """Whether the deal's prompt names the sign of its skill (a level of several skills)."""
    return deal.level.kind == "make" and len(skills_of(deal.level, deal.operations)) >= 2


def asked(deal: Deal) -> str:
    """The signs the deal asks for: the sign its prompt names, else the level's signs that
    the class uses. An equation with another sign is ``operation-not-asked``."""
    if _names_sign(deal):
        sign = deal.fact.equation.operation
        assert sign is not None
        return sign.value
    return deal.operations


def prompt(deal: Deal) -> str:
    """What the deal asks, in a few words: at a level of several skills, the skill it is
    aimed at, and only an equation of that sign counts."""
    if not _names_sign(deal):
        return _(_PROMPTS[deal.level.kind])
    sign = deal.fact.equation.operation
    assert sign is not None
    if deal.skill.endswith("-more"):
        return _(
            "Make an equation with {sign}: three cards or more, and the answer card.",
            sign=sign.value,
        )
    return _("Make an equation with {sign}.", sign=sign.value)


def answer(deal: Deal, text: str, operations: str = "+−×÷") -> Verdict:
    """Check a child's answer to a deal (``text`` as typed or built from the cards).

    :param operations: the signs the class uses: a sign outside them is
        ``operation-not-allowed``; a sign the class uses that the deal does not ask for
        (:func:`asked`) is ``operation-not-asked``.
    """
    if deal.level.kind == "remainder":
        # What the division makes and leaves is the child's to find, beyond what they wrote.
        fact = {*deal.fact.equation.numbers, deal.fact.rest}
        return untold(check_remainder(text, deal.cards, operations), fact - numbers_in(text))
    if deal.missing is None:
        verdict = check(text, deal.cards, operations, asked=asked(deal))
        side = verdict.equation.operator_side if verdict.equation is not None else None
        short = side is not None and len(side.numbers) < 3
        if verdict.ok and short and _names_sign(deal) and deal.skill.endswith("-more"):
            # The prompt asked for three cards or more: two are true, but not the task.
            message = _("True, but this task asks for three cards or more before the =.")
            return Verdict(verdict.text, verdict.equation, (Problem("off-task", message),))
        return verdict
    stripped = text.strip()
    if stripped.isascii() and stripped.isdigit() and len(stripped) <= 3:
        text = deal.shown.replace(BOX, stripped)
    # The numbers around the box are printed, not cards the child must hold.
    verdict = check(text, None, operations, asked=deal.operations)
    if verdict.equation is None:
        return verdict
    if not _fills_the_box(deal, verdict):
        message = _("The box is in {task}: which number goes there?", task=deal.shown)
        return Verdict(verdict.text, verdict.equation, (Problem("not-true", message),))
    return verdict if verdict.ok else _not_told(deal, verdict)


def _not_told(deal: Deal, verdict: Verdict) -> Verdict:
    """A wrong number in the box, explained without the right one: no near miss, no sum
    that makes it ("9 − 5 makes 4" for ``9 − □ = 5`` hands over the 4, and "8 + 5 makes 13"
    for ``8 + 5 = □`` the 13), but how the child's number compares and, for a box before
    the =, the question to ask instead. More help is on the hint ladder, which counts as
    help."""
    equation = verdict.equation
    assert equation is not None
    assert deal.missing is not None
    side = equation.operator_side
    told = replace(verdict, steps=(), suggestion=None, suggested=None)
    if (
        side is None
        or deal.answer is None
        or verdict.codes[:1] not in (("not-true",), ("not-whole",))
    ):
        return untold(told, {deal.answer} if deal.answer is not None else set())
    typed = equation.numbers[deal.missing]
    if deal.missing == len(equation.numbers) - 1:
        said = compared(side.text, deal.answer, typed)
    else:
        made = evaluate(side)
        if any(step.result < 0 for step in made.steps):
            said = _("{side} would go below 0.", side=side.text)
        elif made.whole_value is None:
            said = _("{side} does not share out exactly.", side=side.text)
        elif made.whole_value == deal.answer:
            said = compared(side.text, made.whole_value, equation.numbers[-1])
        else:
            said = _(
                "{side} makes {value}, not {result}.",
                side=side.text,
                value=made.whole_value,
                result=equation.numbers[-1],
            )
        said = f"{said} {_question(deal)}"
    problems = (Problem(verdict.codes[0], said),)
    return untold(replace(told, problems=problems), {deal.answer})


#: What to ask oneself for a box before the =, by sign and by where the box is.
_QUESTIONS = {
    (Op.ADD, 0): N_("Try another number: which number and {b} make {c}?"),
    (Op.ADD, 1): N_("Try another number: what do you add to {a} to make {c}?"),
    (Op.SUB, 0): N_("Try another number: which number leaves {c} when you take {b} away?"),
    (Op.SUB, 1): N_("Try another number: what do you take from {a} to leave {c}?"),
    (Op.MUL, 0): N_("Try another number: which number times {b} makes {c}?"),
    (Op.MUL, 1): N_("Try another number: {a} times which number makes {c}?"),
    (Op.DIV, 0): N_("Try another number: which number divided by {b} makes {c}?"),
    (Op.DIV, 1): N_("Try another number: what do you divide {a} by to get {c}?"),
}


def _question(deal: Deal) -> str:
    """The box task asked as a question, with the numbers it prints and no other."""
    equation = deal.fact.equation
    op = equation.operation
    assert op is not None
    assert deal.missing is not None
    a, b, c = equation.numbers
    return _(_QUESTIONS[op, deal.missing], a=a, b=b, c=c)


def _fills_the_box(deal: Deal, verdict: Verdict) -> bool:
    """Whether an equation is the deal's own with one number in the box."""
    assert verdict.equation is not None
    wanted = deal.fact.equation
    written = verdict.equation
    return (
        len(written.numbers) == len(wanted.numbers)
        and written.operations == wanted.operations
        and all(
            a == b
            for index, (a, b) in enumerate(zip(written.numbers, wanted.numbers, strict=True))
            if index != deal.missing
        )
    )


def ladder(deal: Deal) -> Sequence[Hint]:
    """The hints for a deal: a nudge, then where to look, then a worked example."""
    if deal.level.kind == "make":
        if _names_sign(deal) and deal.skill.endswith("-more"):
            # The ladder leads to an equation of three cards or more, as the prompt asks.
            long = [e for e in solve(deal.cards, asked(deal)) if len(e.numbers) >= 4]
            if long:
                return ladder_to(min(long, key=lambda e: len(e.numbers)), deal.cards, asked(deal))
        return hints(deal.cards, asked(deal))
    equation = deal.fact.equation
    if deal.missing is not None:
        inverse = _inverse(deal)
        return [
            Hint(1, _("Try each card in the box: which one makes both sides the same?")),
            Hint(2, inverse, (deal.answer or 0,)),
            Hint(
                3,
                _(
                    "{equation}, so {number} goes in the box.",
                    equation=equation.text,
                    number=deal.answer,
                ),
                equation.numbers,
                equation,
            ),
        ]
    number, divisor = equation.numbers[:2]
    answer_number, rest = equation.numbers[2], deal.fact.rest
    return [
        Hint(1, _("Share out the biggest card: how many whole groups fit?")),
        Hint(
            2,
            _("{a} ÷ {b}: how many groups of {b} fit in {a}?", a=number, b=divisor),
            (number, divisor),
        ),
        Hint(
            3,
            _(
                "{b} × {q} = {p}, and {r} is left over: {equation}.",
                b=divisor,
                q=answer_number,
                p=divisor * answer_number,
                r=rest,
                equation=with_rest(equation.text, rest),
            ),
            deal.fact.cards,
            equation,
        ),
    ]


def _inverse(deal: Deal) -> str:
    """The box task said the other way round: ``3 × □ = 12`` is ``12 ÷ 3 = □``."""
    equation = deal.fact.equation
    side = equation.operator_side
    assert side is not None
    assert deal.missing is not None
    op = side.ops[0]
    numbers = list(equation.numbers)
    result = numbers[-1]
    if deal.missing == len(numbers) - 1:
        return _working_out(op, numbers[0], numbers[1])
    other = numbers[1 - deal.missing]
    if op.commutative or deal.missing == 0:
        inverse = f"{result} {op.inverse.value} {other} = {BOX}"
    else:  # 12 − □ = 4 is 12 − 4 = □
        inverse = f"{numbers[0]} {op.value} {result} = {BOX}"
    return _("{task} is the same as {inverse}.", task=deal.shown, inverse=inverse)


def _working_out(op: Op, a: int, b: int) -> str:
    """A way to work out ``a op b`` that is not its answer: make ten first, count on or back
    from the bigger number, count in equal steps, or think of the times table."""
    if op is Op.ADD:
        big, small = max(a, b), min(a, b)
        if big < 10 < big + small:
            return _(
                "Make 10 first: {big} + {to_ten} = 10. Then add the {left} that is left.",
                big=big,
                to_ten=10 - big,
                left=small - (10 - big),
            )
        return _("Start at {big} and count on {small}.", big=big, small=small)
    if op is Op.SUB:
        if a > 10 > a - b and b < 10:
            return _(
                "Take away {ones} to get to 10 first, then {left} more.",
                ones=a - 10,
                left=b - (a - 10),
            )
        return _("Think: {b} + □ = {a}. How much do you add to {b} to make {a}?", a=a, b=b)
    if op is Op.MUL:
        return _("Count in {b}s, {a} times.", a=a, b=b)
    return _("Think: {b} × □ = {a}.", a=a, b=b)
