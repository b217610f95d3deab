"""Every answer on every key is right by the checker, as printed, in every language.

The key's printed words are read back: each equation goes through the same checker a child
meets in the Lab (which reads · and :, and a rest written ``r 2``, ``rest 2`` or
``(ост. 2)``), and the key must list exactly what the checker finds, no more, no fewer.
"""

from __future__ import annotations

import re

import pytest

from sq2edu.equations import check, solve
from sq2edu.equations.remainder import check_remainder
from sq2edu.i18n import LANGUAGES, _, language
from sq2edu.practice import LEVELS, Level
from sq2edu.worksheets import Exercise, UncheckedAnswerError, make_sheet, verify
from sq2edu.worksheets.html import answer_text

SEEDS = range(8)
_WAYS = re.compile(r"\s*\([^()]*\d[^()]*\)$")


def made(text: str) -> int:
    """The number an equation makes, read from the checker."""
    verdict = check(text)
    assert verdict.ok, text
    side = verdict.equation.result_side if verdict.equation else None
    assert side is not None
    return side.numbers[0]


def printed_answers_are_right(exercise: Exercise, printed: str) -> None:
    kind = exercise.kind
    if kind == "make":
        shown = _WAYS.sub("", printed).split("; ")
        every = [e for e in solve(exercise.cards, exercise.operations) if len(e.numbers) >= 3]
        making = {
            e.text for e in every if e.result_side and e.result_side.numbers == (exercise.target,)
        }
        assert len(shown) == min(3, len(making))
        assert len(exercise.answers) == len(making)
        for text in shown:
            assert check(text, exercise.cards, exercise.operations).ok, text
            assert made(text) == exercise.target
    elif kind == "missing":
        number, equation = printed.removesuffix(")").split(" (", 1)
        assert check(equation).ok, equation
        assert exercise.boxed.replace("□", number) == check(equation).shown.replace(
            "·", "×"
        ).replace(":", "÷")
    elif kind in ("remainder", "story") and exercise.fact.rest:
        assert check_remainder(printed, exercise.fact.cards).ok, printed
    elif kind == "story":
        assert check(printed, exercise.fact.cards).ok, printed
        assert made(printed) == exercise.fact.equation.numbers[-1]
    elif kind == "family":
        shown = printed.split("; ")
        assert len(shown) == len(set(shown)) in (2, 3)
        for text in shown:
            verdict = check(text, exercise.cards)
            assert verdict.ok, text
            assert sorted(verdict.numbers) == sorted(exercise.cards)
    elif kind == "find":
        shown = printed.split("; ")
        assert len(shown) == len(solve(exercise.cards, exercise.operations))
        for text in shown:
            assert check(text, exercise.cards, exercise.operations).ok, text
    else:
        assert kind == "true"
        reader = check_remainder if exercise.fact.rest else check
        shown_true = reader(exercise.shown).ok
        if printed == _("True"):
            assert shown_true
        else:
            truth = printed.split(": ", 1)[1]
            assert not shown_true
            assert reader(truth).ok, truth


@pytest.mark.parametrize("level", LEVELS.values(), ids=str)
def test_every_answer_on_every_key_passes_the_checker(level: Level) -> None:
    kinds = set()
    for seed in SEEDS:
        sheet = make_sheet([level], count=14, seed=seed)
        for lang in LANGUAGES:
            with language(lang):
                for exercise in sheet.exercises:
                    printed_answers_are_right(exercise, answer_text(exercise))
                    kinds.add(exercise.kind)
    # Each level is tested with every kind of exercise it has.
    assert len(kinds) >= 3


def test_a_key_that_says_what_the_checker_does_not_is_refused() -> None:
    sheet = make_sheet(["bonds-10"], count=12, seed=1)
    for exercise in sheet.exercises:
        if exercise.kind == "true":
            wrong = Exercise(
                "true",
                exercise.level,
                exercise.skill,
                exercise.fact,
                exercise.answers,
                shown=exercise.shown,
                true=not exercise.true,
            )
        else:
            wrong = Exercise(
                exercise.kind,
                exercise.level,
                exercise.skill,
                exercise.fact,
                ("2 + 2 = 5", *exercise.answers[1:]),
                exercise.cards,
                exercise.operations,
                exercise.target,
                exercise.missing,
            )
        with pytest.raises(UncheckedAnswerError):
            verify(wrong)


def test_a_key_missing_an_answer_is_refused() -> None:
    sheet = make_sheet(["rescue"], count=12, seed=2)
    for exercise in sheet.exercises:
        if exercise.kind in ("make", "find", "family") and len(exercise.answers) > 1:
            short = Exercise(
                exercise.kind,
                exercise.level,
                exercise.skill,
                exercise.fact,
                exercise.answers[:-1],
                exercise.cards,
                exercise.operations,
                exercise.target,
            )
            with pytest.raises(UncheckedAnswerError):
                verify(short)
