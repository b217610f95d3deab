"""The lessons' content: complete, answerable, and saying what the checker really says."""

from __future__ import annotations

import gettext
import re
from fractions import Fraction
from pathlib import Path

import pytest

from sq2edu.equations import check
from sq2edu.i18n import LANGUAGES, language
from sq2edu.lessons import LESSONS, OFF_TASK, Choice, Exercise, Lesson
from sq2edu.lessons.exercises import true_or_not, worked_out
from sq2edu.lessons.html import guide_html, intro_html, page_html, words_html
from sq2edu.lessons.model import PICTURES, Picture, Say, Words
from sq2edu.lessons.pictures import svg
from sq2edu.practice.deal import BOX

ALL = list(LESSONS.values())
LOCALE = Path(__file__).parent.parent.parent / "sq2edu" / "locale"


def exercises(kind: type) -> list[tuple[Lesson, object]]:
    return [(lesson, task) for lesson in ALL for task in lesson.exercises if isinstance(task, kind)]


def test_eight_lessons_in_order_each_taking_only_lessons_before_it() -> None:
    assert [lesson.number for lesson in ALL] == list(range(1, 9))
    for lesson in ALL:
        for before in lesson.guide.before:
            assert LESSONS[before].number < lesson.number


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_a_lesson_has_eight_exercises_or_more_and_ends_with_its_exit_question(
    lesson: Lesson,
) -> None:
    assert len(lesson.exercises) >= 9
    assert [task.exit for task in lesson.exercises] == [False] * (len(lesson.exercises) - 1) + [
        True
    ]
    kinds = {type(task) for task in lesson.exercises}
    assert Exercise in kinds or Choice in kinds


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_every_mistake_in_a_guide_is_coded_as_the_checker_codes_it(lesson: Lesson) -> None:
    """The code a guide names is the one the checker gives its example: the exercise's own
    check where the guide says which exercise, else the game's with the cards named."""
    assert lesson.guide.mistakes
    for mistake in lesson.guide.mistakes:
        if mistake.exercise:
            task = lesson.exercises[mistake.exercise - 1]
            assert isinstance(task, Exercise)
            verdict = task.answer(mistake.example)
        else:
            verdict = check(mistake.example, mistake.cards, mistake.operations)
        assert verdict.codes[:1] == (mistake.code,), mistake.example


@pytest.mark.parametrize(
    ("lesson", "task"), exercises(Exercise), ids=lambda x: getattr(x, "key", "")
)
def test_every_answer_the_guide_gives_is_accepted(lesson: Lesson, task: Exercise) -> None:
    for answer in task.answers():
        assert task.answer(answer).ok, (lesson.key, answer)


@pytest.mark.parametrize(
    ("lesson", "task"), exercises(Exercise), ids=lambda x: getattr(x, "key", "")
)
def test_every_exercise_has_hints_ending_in_a_worked_example(
    lesson: Lesson, task: Exercise
) -> None:
    ladder = task.ladder()
    assert [hint.level for hint in ladder] == [1, 2, 3], lesson.key
    assert ladder[-1].equation is not None


def test_a_box_has_exactly_one_card_that_fits() -> None:
    for _lesson, task in exercises(Exercise):
        assert isinstance(task, Exercise)
        if task.box:
            fits = [c for c in set(task.cards) if check(task.box.replace(BOX, str(c))).ok]
            assert len(fits) == 1, task.box


def test_a_true_equation_that_misses_the_task_is_coded_off_task() -> None:
    bonds = LESSONS["number-bonds"]
    make_five = bonds.exercises[0]
    assert isinstance(make_five, Exercise)
    verdict = make_five.answer("1 + 5 = 6")
    assert verdict.codes == (OFF_TASK,)
    assert "5" in verdict.lines[-1]
    assert make_five.answer("1 + 4 = 6").codes == ("not-true",)


def test_a_box_answer_may_be_typed_as_the_number_or_as_the_equation() -> None:
    task = Exercise(Words("Which card goes in the box?"), (4, 5, 6), box="2 + □ = 7")
    assert task.answer("5").ok
    assert task.answer("2 + 5 = 7").ok
    assert task.answer("4").codes == ("not-true",)
    assert not task.answer("3 + 4 = 7").ok  # true, but not the box's equation


def test_a_remainder_is_read_as_each_language_writes_it() -> None:
    task = LESSONS["dividing"].exercises[5]
    assert isinstance(task, Exercise)
    assert task.rest == "7 ÷ 2 = 3 r 1"
    for written in ("7 ÷ 2 = 3 r 1", "7 : 2 = 3 (ост. 1)", "7 : 2 = 3 rest 1"):
        assert task.answer(written).ok, written
    assert not task.answer("7 ÷ 2 = 3 r 2").ok


def test_a_lesson_task_nobody_can_answer_is_refused_when_written() -> None:
    with pytest.raises(ValueError, match="no equation"):
        Exercise(Words("Make 10."), (1, 2, 3), makes=10)
    with pytest.raises(ValueError, match="cards fit the box"):
        Exercise(Words("Box"), (4, 5), box="2 + □ = 9")


def test_true_or_not_works_out_the_answer_itself() -> None:
    assert worked_out("2 + 3 × 4") == 14
    assert worked_out("(2 + 3) × 4") == 20
    assert worked_out("10 − 4 − 2") == 4
    assert worked_out("7 ÷ 2") == Fraction(7, 2)
    assert true_or_not("3 + 4 = 8", Words("why")).right == 1
    assert true_or_not("7 = 3 + 4", Words("why")).right == 0
    with pytest.raises(ValueError, match="not closed"):
        worked_out("2 + (3")
    with pytest.raises(ValueError, match="unexpected"):
        worked_out("__import__('os')")


def test_a_choice_refuses_an_answer_that_is_not_one_of_its_own() -> None:
    choice = true_or_not("3 + 4 = 7", Words("why"))
    for bad in (-1, 2, True, "0", None):
        with pytest.raises(ValueError, match="answer"):
            choice.answer(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("lesson", ALL, ids=lambda lesson: lesson.key)
def test_every_word_of_a_lesson_is_translated(lesson: Lesson) -> None:
    catalogs = {
        lang: gettext.translation("sq2edu", LOCALE, languages=[lang]) for lang in LANGUAGES[1:]
    }
    found: list[Words] = [lesson.title, *lesson.learn, lesson.guide.settings, *lesson.guide.goals]
    found += [lesson.guide.in_class, *(m.advice for m in lesson.guide.mistakes)]
    for page in lesson.pages:
        found.append(page.heading)
        for block in page.blocks:
            for value in vars_of(block):
                if isinstance(value, Words):
                    found.append(value)
                elif isinstance(value, tuple):
                    found += [v for v in value if isinstance(v, Words)]
    for words in found:
        if not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", words.text)):
            continue  # "60 ÷ 6 = 10." reads the same in every language
        for lang, catalog in catalogs.items():
            assert catalog.gettext(words.text) != words.text, (lang, words.text)


def vars_of(block: object) -> list[object]:
    fields = getattr(block, "__dataclass_fields__", {})
    values = [getattr(block, name) for name in fields]
    picture = getattr(block, "picture", None)
    if isinstance(picture, Picture):
        values.append(picture.label)
    return values


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_and_guide_renders_in_every_language_without_a_placeholder_left(
    lang: str,
) -> None:
    for lesson in ALL:
        with language(lang):
            shown = intro_html(lesson) + guide_html(lesson)
            shown += "".join(page_html(page) for page in lesson.pages)
        assert not re.search(r"\{\w+\}", shown), lesson.key
        if lang != "en":
            assert "×" not in shown, lesson.key  # · and : in ru and nb
            assert "÷" not in shown, lesson.key


def test_a_remainder_is_shown_as_each_language_writes_it() -> None:
    page = LESSONS["dividing"].pages[2]
    shown = {}
    for lang in LANGUAGES:
        with language(lang):
            shown[lang] = page_html(page)
    assert "7 ÷ 2 = 3 r 1" in shown["en"]
    assert "7 : 2 = 3 (ост. 1)" in shown["ru"]
    assert "7 : 2 = 3 rest 1" in shown["nb"]


def test_the_guide_names_school_years_in_each_system_and_every_answer() -> None:
    lesson = LESSONS["dividing"]
    shown = guide_html(lesson)
    for years in ("3.–4. trinn", "2–3 класс", "Grade 3–4"):
        assert years in shown
    assert shown.count("<li>") >= len(lesson.exercises)
    assert "14 ÷ 5 = 2 r 4" in shown


def test_the_mistakes_the_teachers_found_are_gone() -> None:
    english = ""
    for lesson in ALL:
        english += intro_html(lesson) + guide_html(lesson)
        english += "".join(page_html(page) for page in lesson.pages)
    for gone in ("does not come out even", "1 1/3", "2 1/3", "changes the answer"):
        assert gone not in english
    assert "can change the answer" in english
    assert "Grown-ups" not in english
    assert "uses four cards" in english  # 2 × 2 × 2 = 8
    assert "−30" not in english
    assert "−5" not in english


def test_words_are_escaped_before_the_bold_marks_are_drawn() -> None:
    shown = words_html("<script>alert(1)</script> **big**")
    assert "<script>" not in shown
    assert "&lt;script&gt;" in shown
    assert "<strong>big</strong>" in shown
    listed = words_html(Say(Words("- one\n- two")).words)
    assert listed.count("<li>") == 2


@pytest.mark.parametrize("kind", PICTURES)
def test_every_picture_is_our_own_svg_with_words_for_a_screen_reader(kind: str) -> None:
    numbers = {
        "dots": (2, 3),
        "ten-frame": (7, 3),
        "two-frames": (8, 5, 2),
        "array": (3, 4),
        "bar": (9, 6, 0),
        "bond": (7, 2, 0),
        "number-line": (0, 20, 8, 2, 3),
        "counters": (10,),
        "plates": (6, 3),
        "share": (7, 2),
        "groups": (12, 3),
        "balance": (3, 4, 8),
        "weighing": (3, 4, 8),
        "die": (1, 1, 2, 2, 3, 0),
    }[kind]
    drawn = svg(Picture(kind, numbers, Words('7 "dots" <b>')))
    assert drawn.startswith("<svg")
    assert drawn.endswith("</svg>")
    assert 'role="img"' in drawn
    assert 'aria-label="7 &#34;dots&#34; &lt;b&gt;"' in drawn  # quotes escaped too
    assert "href" not in drawn
    assert "http" not in drawn.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_two_groups_differ_in_shape_not_only_in_colour() -> None:
    drawn = svg(Picture("ten-frame", (7, 3), Words("frame")))
    assert drawn.count('fill="#1565c0"') == 7  # filled dots
    assert drawn.count('stroke="#c62828"') == 3  # rings


def test_an_unknown_picture_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown picture"):
        Picture("photo", (1,), Words("x"))
