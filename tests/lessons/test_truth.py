"""What a lesson tells a child is true, in every lesson, exercise and language.

Each rule is checked over every exercise of every lesson (and, where it says so, every deal
a level of practice can give), never on one example.
"""

from __future__ import annotations

import random
import re

import pytest

from sq2edu.equations import Equation, Op, solve
from sq2edu.equations.remainder import with_rest
from sq2edu.i18n import LANGUAGES, language, local_signs
from sq2edu.lessons import LESSONS, Exercise, Lesson
from sq2edu.lessons.exercises import worked_out
from sq2edu.practice import LEVELS, Deal, deal_for, skills_of
from sq2edu.practice.tasks import answer

ALL = list(LESSONS.values())
TASKS = [
    (lesson, number, task)
    for lesson in ALL
    for number, task in enumerate(lesson.exercises, start=1)
    if isinstance(task, Exercise)
]
IDS = [f"{lesson.key}-{number}" for lesson, number, _task in TASKS]


def worked_answer(task: Exercise, equation: Equation) -> str:
    """The answer a last hint's equation stands for (a remainder's with its rest)."""
    deal = task.deal
    if task.rest and deal is not None:
        return with_rest(equation.text, deal.fact.rest)
    return equation.text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("lesson", "number", "task"), TASKS, ids=IDS)
def test_the_last_hint_works_out_an_answer_the_exercise_itself_takes(
    lesson: Lesson, number: int, task: Exercise, lang: str
) -> None:
    with language(lang):
        last = task.ladder()[-1]
        assert last.equation is not None, (lesson.key, number)
        answer = worked_answer(task, last.equation)
        assert task.answer(answer).ok, (lesson.key, number, lang, last.text)
        # The words show the same equation the check took.
        assert local_signs(last.equation.text) in last.text, (lesson.key, number, lang)


def wrong_answers(task: Exercise) -> list[Equation]:
    """Equations a child may try: every true equation of the cards with any sign (those the
    task refuses), and each of them with its answer one off."""
    tried = [e for e in solve(task.cards, "+−×÷") if not task.answer(e.text).ok]
    for equation in solve(task.cards, "+−×÷"):
        side, result = equation.operator_side, equation.result_side
        assert side is not None
        assert result is not None
        assert equation.operation is not None
        for off in (-1, 1):
            if result.numbers[0] + off > 0:
                tried.append(Equation.of(side.numbers, equation.operation, result.numbers[0] + off))
    return tried


@pytest.mark.parametrize(
    ("lesson", "number", "task"),
    [t for t in TASKS if not t[2].box and not t[2].rest],
    ids=[i for i, t in zip(IDS, TASKS, strict=True) if not t[2].box and not t[2].rest],
)
def test_a_wrong_try_is_only_ever_shown_an_equation_the_exercise_takes(
    lesson: Lesson, number: int, task: Exercise
) -> None:
    """So following a suggestion never leads to a refusal (and round again)."""
    shown = 0
    for equation in wrong_answers(task):
        verdict = task.answer(equation.text)
        assert not verdict.ok
        if verdict.suggested is not None:
            shown += 1
            followed = task.answer(verdict.suggested.text)
            assert followed.ok, (lesson.key, number, equation.text, verdict.suggestion)
    assert shown, (lesson.key, number)


NUMBER = re.compile(r"\d+")


def numbers_in(text: str) -> set[int]:
    return {int(found) for found in NUMBER.findall(text)}


def made_by(deal: Deal, typed: int) -> set[int]:
    """What the child's own number makes in a box before the =: ``2 + □ = 7`` with 4 makes
    6; ``12 ÷ □ = 3`` with 5 makes 2, and 2 left over."""
    numbers = list(deal.fact.equation.numbers)
    numbers[deal.missing or 0] = typed
    first, second = numbers[:2]
    op = deal.fact.equation.operation
    if op is Op.ADD:
        return {first + second}
    if op is Op.SUB:
        return {abs(first - second)}
    if op is Op.MUL:
        return {first * second}
    return set(divmod(first, second)) if second else set()


def assert_not_told(deal: Deal, typed: int, where: str) -> None:
    """The words for ``typed`` in the box name neither the right equation nor the number
    that goes in the box, beyond the numbers printed in the task, the child's own and, for
    a box before the =, what the child's own number makes ("2 + 4 makes 6, not 7")."""
    verdict = answer(deal, str(typed))
    assert not verdict.ok, where
    assert verdict.suggested is None, where
    said = "\n".join(verdict.shown_lines(suggest=True))
    assert local_signs(deal.fact.equation.text) not in said, (where, said)
    allowed = numbers_in(deal.shown) | {typed}
    if deal.missing != len(deal.fact.equation.numbers) - 1:
        allowed |= made_by(deal, typed)
    assert deal.answer not in numbers_in(said) - allowed, (where, said)


BOXES = [t for t in TASKS if t[2].box]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("lesson", "number", "task"), BOXES, ids=[f"{t[0].key}-{t[1]}" for t in BOXES]
)
def test_a_wrong_number_in_a_lessons_box_is_never_told_the_right_one(
    lesson: Lesson, number: int, task: Exercise, lang: str
) -> None:
    deal = task.deal
    assert deal is not None
    assert deal.answer is not None
    with language(lang):
        for typed in range(0, deal.answer + 21):
            if typed != deal.answer:
                assert_not_told(deal, typed, f"{lesson.key} {number} {lang} {typed}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_card_in_a_labs_box_is_never_told_the_right_one(lang: str) -> None:
    boxes = [level for level in LEVELS.values() if level.kind == "missing"]
    assert boxes
    rng = random.Random(26)
    with language(lang):
        for level in boxes:
            for skill in skills_of(level, level.operations):
                for _deal in range(12):
                    deal = deal_for(level, skill, rng, level.operations)
                    for card in deal.cards:
                        if card != deal.answer:
                            assert_not_told(deal, card, f"{level.key} {deal.shown} {card}")


def test_a_true_equation_that_is_not_the_boxs_own_is_not_its_answer() -> None:
    """Every true equation of two numbers to 20 with the box's sign, but its own."""
    for lesson, number, task in BOXES:
        deal = task.deal
        assert deal is not None
        op = deal.fact.equation.operation
        assert op is not None
        for a in range(1, 21):
            for b in range(1, 21):
                made = worked_out(f"{a} {op.value} {b}")
                if made.denominator != 1 or made < 1:
                    continue
                equation = Equation.of((a, b), op, int(made))
                if equation.canonical() != deal.fact.equation.canonical():
                    verdict = task.answer(equation.text)
                    assert not verdict.ok, (lesson.key, number, equation.text)
