"""No wrong try is told the answer the child must find, hints on or off.

Over every exercise of every lesson, a few seeded deals of every level of the Lab, and
every box value from 0 to 20, in every language: what a wrong try is told (the near miss
included, as a class with hints free sees it) names no number of the answer that the task
does not show itself. The child's own numbers may be said back ("2 + 4 makes 6, not 7"),
but never the unknown a task asks for ("5 + 4 = 9 is true... This task asks for 5": the 5
the child wrote is the answer, and now they know it). The hint ladder may name the unknown
only on its last rung, the worked example the child asked for.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable, Iterator

import pytest

from sq2edu.equations import Equation, Verdict, parse, solve
from sq2edu.equations.remainder import split_rest, with_rest
from sq2edu.i18n import LANGUAGES, language, local_signs
from sq2edu.lessons import LESSONS, Exercise
from sq2edu.practice import LEVELS, Deal, deal_for, skills_of, tasks

NUMBER = re.compile(r"\d+")
TASKS = [
    (f"{lesson.key}-{number}", task)
    for lesson in LESSONS.values()
    for number, task in enumerate(lesson.exercises, start=1)
    if isinstance(task, Exercise)
]


def numbers_in(text: str) -> set[int]:
    """The whole numbers of a text, as tokens (the 12 of "12 ÷ 4" is 12, not 1 and 2)."""
    return {int(found) for found in NUMBER.findall(text)}


def said_back(verdict: Verdict, typed: str) -> list[str]:
    """What a line may repeat of the child's own answer: the text as written, the equation
    read from it and its sides that have a sign (a lone number is not skipped)."""
    own = [typed.strip(), verdict.text, verdict.shown]
    if verdict.equation is not None:
        own.append(verdict.equation.text)
        own += [side.text for side in (verdict.equation.left, verdict.equation.right) if side.ops]
    own += [local_signs(text) for text in own]
    return sorted({text for text in own if text}, key=len, reverse=True)


def named(verdict: Verdict, typed: str, hidden: set[int]) -> list[str]:
    """The lines (near miss and working included) that name a hidden number."""
    own = said_back(verdict, typed)
    found = []
    for line in verdict.shown_lines(suggest=True):
        rest = line
        for text in own:
            rest = rest.replace(text, " ")
        if numbers_in(rest) & hidden:
            found.append(line)
    return found


def answer_numbers(answers: Iterable[str]) -> set[int]:
    return {n for text in answers for n in numbers_in(text)}


def unknown(task: Exercise) -> set[int]:
    """What the task asks the child to find: the number in its box, or the number a story
    or picture asks for when the task does not say it."""
    deal = task.deal
    if task.box and deal is not None and deal.answer is not None:
        return {deal.answer}
    if task.makes is not None:
        return {task.makes}
    return set()


def shown(task: Exercise) -> set[int]:
    return numbers_in(task.prompt()) | numbers_in(task.box)


def card_tries(task: Exercise) -> Iterator[str]:
    """Equations a child may try: every true equation of the cards with any sign that the
    task refuses, each answer with one card changed and with its result one off, and an
    answer with signs on both sides of the =."""
    for equation in solve(task.cards, "+−×÷"):
        yield equation.text
    for text in task.answers():
        equation = parse(text)
        side, result = equation.operator_side, equation.result_side
        assert side is not None
        assert result is not None
        assert equation.operation is not None
        for off in (-1, 1):
            if result.numbers[0] + off > 0:
                yield Equation.of(side.numbers, equation.operation, result.numbers[0] + off).text
        for at, card in itertools.product(range(len(side.numbers)), set(task.cards)):
            numbers = list(side.numbers)
            numbers[at] = card
            yield Equation.of(numbers, equation.operation, result.numbers[0]).text
        first, second = task.cards[:2]
        yield f"{side.text} = {first} + {second}"


def remainder_tries(cards: Iterable[int]) -> Iterator[str]:
    """Every division of two cards, with and without a rest from the cards."""
    values = sorted(set(cards))
    for a, b, q in itertools.product(values, repeat=3):
        if a > b:
            yield f"{a} ÷ {b} = {q}"
            for rest in values:
                yield with_rest(f"{a} ÷ {b} = {q}", rest)


def answered(verdict: Verdict) -> set[int]:
    """The number the child wrote alone after the =, their answer: saying it back ("6 − 6
    is less than 3") tells nothing."""
    result = verdict.equation.result_side if verdict.equation is not None else None
    return set(result.numbers) if result is not None else set()


def typed_numbers(text: str) -> set[int]:
    try:
        division, rest = split_rest(text)
    except ValueError:
        return numbers_in(text)
    return numbers_in(division) | ({rest} if rest is not None else set())


def assert_untold(
    verdict: Verdict,
    typed: str,
    unknowns: set[int],
    answers: set[int],
    task_shows: set[int],
    where: str,
) -> None:
    """``verdict`` for the wrong try ``typed`` names no unknown the task does not show, and
    no other number of the answer that neither the task nor the child wrote."""
    assert not verdict.ok, where
    hidden = (unknowns | (answers - typed_numbers(typed))) - task_shows - answered(verdict)
    assert not named(verdict, typed, hidden), (where, typed, verdict.shown_lines())


def assert_ladder_keeps_it(rungs: Iterable[str], hidden: set[int], where: str) -> None:
    """Every rung before the worked example keeps the unknown unsaid."""
    *before, _worked = rungs
    for rung in before:
        assert not numbers_in(rung) & hidden, (where, rung)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("where", "task"), TASKS, ids=[where for where, _task in TASKS])
def test_no_wrong_try_at_a_lesson_exercise_is_told_the_answer(
    where: str, task: Exercise, lang: str
) -> None:
    with language(lang):
        task_shows = shown(task)
        unknowns = unknown(task) - task_shows
        answers = answer_numbers(task.answers())
        if task.box:
            tries: Iterable[str] = (str(n) for n in range(21))
        elif task.rest:
            tries = remainder_tries(task.cards)
        else:
            tries = card_tries(task)
        checked = 0
        for typed in dict.fromkeys(tries):
            verdict = task.answer(typed)
            if verdict.ok:
                continue
            checked += 1
            assert_untold(verdict, typed, unknowns, answers, task_shows, f"{where} {lang}")
        assert checked, where
        asked = unknowns
        deal = task.deal
        if task.rest and deal is not None:
            # What a division leaves: its answer and rest, beyond the two numbers divided.
            a, b, q = deal.fact.equation.numbers
            asked = {q, deal.fact.rest} - {a, b} - task_shows
        assert_ladder_keeps_it([hint.text for hint in task.ladder()], asked, f"{where} {lang}")


def test_a_true_equation_off_a_storys_question_is_told_what_the_question_asks() -> None:
    """Where the task does not say the number it asks for, a true equation that makes
    another number is told what the question is about, not the number."""
    for where, task in TASKS:
        if task.makes is not None and task.makes not in shown(task):
            assert task.asks is not None, where
            assert not numbers_in(str(task.asks)) & {task.makes}, where


def lab_deals() -> Iterator[tuple[str, Deal]]:
    rng = random.Random(47)
    for level in LEVELS.values():
        for skill in skills_of(level, level.operations):
            for _deal in range(3):
                deal = deal_for(level, skill, rng, level.operations)
                yield f"{level.key} {deal.shown or deal.cards}", deal


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_wrong_try_in_the_lab_is_told_the_answer(lang: str) -> None:
    with language(lang):
        for where, deal in lab_deals():
            task_shows = numbers_in(tasks.prompt(deal)) | numbers_in(deal.shown)
            rungs = [hint.text for hint in tasks.ladder(deal)]
            if deal.missing is not None:
                assert deal.answer is not None
                for typed in map(str, range(21)):
                    verdict = tasks.answer(deal, typed, deal.operations)
                    if not verdict.ok:
                        assert_untold(verdict, typed, {deal.answer}, set(), task_shows, where)
                assert_ladder_keeps_it(rungs, {deal.answer} - task_shows, where)
            elif deal.level.kind == "remainder":
                answers = {*deal.fact.equation.numbers, deal.fact.rest}
                for typed in remainder_tries(deal.cards):
                    verdict = tasks.answer(deal, typed, deal.operations)
                    if not verdict.ok:
                        assert_untold(verdict, typed, set(), answers, task_shows, where)
            else:
                # Any true equation of the cards answers a deal to make one: there is no
                # unknown, and the near miss is shown only with hints free (it counts as
                # help). Otherwise what is wrong names no true equation but the child's
                # own (the working of their own sum may go through one: "1 + 2 = 3, then").
                true = [e.text for e in solve(deal.cards, tasks.asked(deal))]
                for equation in solve(deal.cards, "+−×÷"):
                    side, result = equation.operator_side, equation.result_side
                    assert side is not None
                    assert result is not None
                    for typed in (equation.text, f"{side.text} = {result.numbers[0] + 1}"):
                        verdict = tasks.answer(deal, typed, deal.operations)
                        if verdict.ok:
                            continue
                        assert verdict.suggestion not in verdict.shown_lines(suggest=False)
                        for line in (problem.message for problem in verdict.problems):
                            assert not [t for t in true if t in line and t != typed], (
                                where,
                                typed,
                                line,
                            )
