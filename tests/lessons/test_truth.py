"""What a lesson tells a child is true, in every lesson, exercise and language.

Each rule is checked over every exercise of every lesson (and, where it says so, every deal
a level of practice can give), never on one example.
"""

from __future__ import annotations

import pytest

from sq2edu.equations import Equation, solve
from sq2edu.equations.remainder import with_rest
from sq2edu.i18n import LANGUAGES, language, local_signs
from sq2edu.lessons import LESSONS, Exercise, Lesson

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
