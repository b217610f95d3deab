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
from sq2edu.i18n import LANGUAGES, _, language, local_signs
from sq2edu.lessons import LESSONS, Choice, Exercise, Lesson
from sq2edu.lessons.exercises import COMPARE, worked_out
from sq2edu.lessons.html import guide_html, intro_html, page_html
from sq2edu.lessons.model import Picture
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
    """So following a suggestion never leads to a refusal (and round again). A near miss
    is shown only when it names nothing the child has to find (tests/lessons/
    test_answer_untold.py), so some exercises show none."""
    for equation in wrong_answers(task):
        verdict = task.answer(equation.text)
        assert not verdict.ok
        if verdict.suggested is not None:
            followed = task.answer(verdict.suggested.text)
            assert followed.ok, (lesson.key, number, equation.text, verdict.suggestion)


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
    """Every true equation with the box's sign of two numbers near those of the task (the
    numbers printed, the cards and one either side of each), but its own."""
    for lesson, number, task in BOXES:
        deal = task.deal
        assert deal is not None
        op = deal.fact.equation.operation
        assert op is not None
        near = {n + off for n in (*deal.fact.equation.numbers, *task.cards) for off in (-1, 0, 1)}
        near = {n for n in near if n > 0}
        for a in near:
            for b in near:
                made = worked_out(f"{a} {op.value} {b}")
                if made.denominator != 1 or made < 1:
                    continue
                equation = Equation.of((a, b), op, int(made))
                if equation.canonical() != deal.fact.equation.canonical():
                    verdict = task.answer(equation.text)
                    assert not verdict.ok, (lesson.key, number, equation.text)


# -- what the lessons say and draw ----------------------------------------------------------


def every_page(lang: str) -> str:
    """Every word a child or teacher reads in the lessons, in ``lang``."""
    with language(lang):
        shown = ""
        for lesson in ALL:
            shown += intro_html(lesson) + guide_html(lesson)
            shown += "".join(page_html(page) for page in lesson.pages)
            for task in lesson.exercises:
                shown += "\n" + str(task.ask)
                if isinstance(task, Choice):
                    shown += "\n" + str(task.why)
                    shown += "\n" + "\n".join(task.option(i) for i in range(len(task.options)))
                else:
                    shown += "\n" + "\n".join(hint.text for hint in task.ladder())
        return shown


def test_no_lesson_says_what_the_teachers_found_untrue() -> None:
    english = every_page("en")
    for untrue in (
        "the order never matters",  # 10 − 4 − 2 says otherwise
        "cannot take 8 away from 3",  # a rule that stops being true
        "3 × 4 and 4 × 3 are the same",  # they give the same answer
        "Three numbers make a family of four",  # not 4, 4 and 8
        "2 times in every 6 rolls",  # chance is not a timetable
    ):
        assert untrue not in english
    assert "3 × 4 and 4 × 3 give the same answer" in english
    assert "go below 0" in english


def pictures_of_tasks() -> list[tuple[str, int, Picture]]:
    return [
        (lesson.key, number, task.picture)
        for lesson in ALL
        for number, task in enumerate(lesson.exercises, start=1)
        if task.picture is not None
    ]


def test_a_picture_that_goes_with_a_task_draws_its_start_never_its_answer() -> None:
    """Counters not yet shared or grouped, a balance held level, a number line with only its
    start, a bond or bar with a ? where the missing part goes, ten-frames before making ten."""
    finished = {"dots", "share", "groups", "balance"}
    for key, number, picture in pictures_of_tasks():
        where = (key, number, picture.kind, picture.numbers)
        assert picture.kind not in finished, where
        if picture.kind in ("bar", "bond"):
            assert 0 in picture.numbers, where
        if picture.kind == "number-line":
            assert len(picture.numbers) == 3, where
        if picture.kind == "two-frames":
            assert picture.numbers[2] == 0, where
        if picture.kind == "ten-frame":
            assert len(picture.numbers) == 1, where


def test_the_pictures_teachers_asked_for_are_there() -> None:
    kinds = {
        (lesson.key, block.kind)
        for lesson in ALL
        for page in lesson.pages
        for block in page.blocks
        if isinstance(block, Picture)
    }
    assert ("number-bonds", "bond") in kinds
    assert ("number-bonds", "number-line") in kinds
    assert ("adding-more", "two-frames") in kinds  # 8 + 5: the 2 moved and the 3 left
    arrays = [
        block.numbers
        for page in LESSONS["multiplying"].pages
        for block in page.blocks
        if isinstance(block, Picture) and block.kind == "array"
    ]
    assert (3, 4) in arrays
    assert (4, 3) in arrays  # turned


def test_lesson_five_leaves_every_remainder_from_one_to_four() -> None:
    rests = set()
    for task in LESSONS["dividing"].exercises:
        if isinstance(task, Exercise) and task.rest:
            deal = task.deal
            assert deal is not None
            rests.add(deal.fact.rest)
            assert deal.fact.rest < deal.fact.equation.numbers[1]
    assert rests == {1, 2, 3, 4}


def test_lesson_sevens_exit_is_a_story_the_child_turns_into_an_equation_with_plus_or_minus() -> (
    None
):
    exit_task = LESSONS["stories"].exercises[-1]
    assert isinstance(exit_task, Exercise)
    assert not exit_task.box
    assert not exit_task.rest
    assert set(exit_task.operations) <= {"+", "−"}
    assert not re.search(r"\d\s*[+−×÷]\s*\d", exit_task.ask.text), "the story gives no equation"


def test_no_lesson_asks_mostly_with_one_kind_of_answer_buttons() -> None:
    """7 of 10 exercises of lesson 6 were true or not, 7 of 10 of lesson 8 choices."""
    for lesson in ALL:
        choices = [t for t in lesson.exercises if isinstance(t, Choice)]
        true_or_not = [t for t in choices if t.ask.text == "Is it true?"]
        compared = [t for t in choices if COMPARE in t.shown]
        others = [t for t in choices if t not in true_or_not and t not in compared]
        assert len(true_or_not) <= 3, lesson.key
        assert len(compared) <= 3, lesson.key
        assert len(others) <= 4, lesson.key
        assert len(choices) < len(lesson.exercises), lesson.key


def test_children_compare_with_signs_spot_a_mistake_and_make_up_a_story() -> None:
    shown = [t.shown for lesson in ALL for t in lesson.exercises if isinstance(t, Choice)]
    assert any(COMPARE in text for text in shown)
    asks = [t.ask.text for lesson in ALL for t in lesson.exercises]
    assert "Which one is not true?" in asks
    assert any("Make it true" in ask for ask in asks)  # a mistake to put right
    headings = [page.heading.text for lesson in ALL for page in lesson.pages]
    assert "Your own story" in headings


@pytest.mark.parametrize(
    ("lang", "groups_of_two", "four_fours", "rolls"),
    [
        ("en", "3 × 2 = 6", "3 × 4", "3 × 2 = 6"),
        ("nb", "3 · 2 = 6", "3 · 4", "3 · 2 = 6"),
        ("ru", "2 · 3 = 6", "4 · 3", "2 · 3 = 6"),
    ],
)
def test_equal_groups_are_written_in_the_order_each_school_writes_them(
    lang: str, groups_of_two: str, four_fours: str, rolls: str
) -> None:
    """3 groups of 2 is 3 × 2 in English and Norwegian classrooms, 2 · 3 in Russian ones."""
    with language(lang):
        page = page_html(LESSONS["multiplying"].pages[0])
        assert groups_of_two in page
        which = next(
            t for t in LESSONS["multiplying"].exercises if isinstance(t, Choice) and not t.shown
        )
        assert which.option(which.right) == four_fours
        leo = LESSONS["stories"].exercises[4]  # Leo rolls 2 three times
        assert isinstance(leo, Exercise)
        assert rolls in leo.ladder()[-1].text


@pytest.mark.parametrize(
    ("lang", "terms"),
    [
        ("en", ("sum", "difference", "product", "quotient")),
        ("ru", ("суммой", "разностью", "произведением", "частным")),
        ("nb", ("summen", "differansen", "produktet", "kvotienten")),
    ],
)
def test_the_answers_are_named_as_school_names_them(lang: str, terms: tuple[str, ...]) -> None:
    for key, term in zip(
        ("adding-more", "taking-away", "multiplying", "dividing"), terms, strict=True
    ):
        with language(lang):
            pages = "".join(page_html(page) for page in LESSONS[key].pages)
        assert f"<strong>{term}</strong>" in pages, (lang, key)


@pytest.mark.parametrize(
    ("lang", "wrong", "right"),
    [
        (
            "ru",
            ("Верно так:", "не целое число", "не делится поровну", "удвоением", "скорее"),
            ("нацело не делится", "без остатка", "чаще", "два числа"),
        ),
        (
            "nb",
            ("Sant", "blir til rest", "oftest", "deles på mange måter"),
            ("Stemmer", "Stemmer ikke", "til overs", "oftere", "deles opp"),
        ),
    ],
)
def test_the_russian_and_norwegian_words_teachers_asked_for(
    lang: str, wrong: tuple[str, ...], right: tuple[str, ...]
) -> None:
    shown = every_page(lang)
    with language(lang):
        shown += "\n".join(
            _(message)
            for message in (
                "{equation} is true.",
                "{a} ÷ {b} is not a whole number: {b} is more than {a}.",
                "{a} ÷ {b} does not share out exactly: {q} in each group, and {r} left over.",
                "{b} × {q} = {p}, and {r} is left over: {equation}.",
            )
        )
    for words in wrong:
        assert words not in shown, (lang, words)
    for words in right:
        assert words in shown, (lang, words)


def test_lesson_eight_is_enrichment_in_its_guide() -> None:
    assert LESSONS["chance"].guide.enrichment
    assert "Enrichment" in guide_html(LESSONS["chance"])
    assert not any(lesson.guide.enrichment for lesson in ALL[:-1])
