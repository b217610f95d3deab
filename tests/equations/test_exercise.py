"""Lesson exercises: a task, its cards, and a child's answer checked in words."""

from __future__ import annotations

import pytest

from sq2edu.equations.exercise import Cards, Exercise


@pytest.fixture
def make_ten() -> Exercise:
    return Exercise("Make 10.", cards=[3, 4, 6, 7, 10], operations="+", makes=10)


def test_a_right_answer_is_praised_and_walked_through(make_ten: Exercise) -> None:
    answer = make_ten.answer("3 + 7 = 10")
    assert answer.ok
    assert answer.lines == ("Yes! 3 + 7 = 10 works.", "Both sides are 10 ✓")


def test_an_empty_answer_says_where_to_write(make_ten: Exercise) -> None:
    answer = make_ten.answer("   ")
    assert not answer.ok
    assert answer.verdict is None
    assert answer.lines == ("Write your equation between the quotes, then run it.",)
    assert "between the quotes" in answer._repr_html_()


def test_a_true_equation_that_misses_the_target_says_what_it_makes(make_ten: Exercise) -> None:
    answer = make_ten.answer("3 + 4 = 7")
    assert not answer.ok
    assert answer.lines == ("Not yet.", "3 + 4 = 7 is true, but it makes 7. This task asks for 10.")


def test_a_wrong_equation_gets_the_games_explanation_without_an_off_task_near_miss(
    make_ten: Exercise,
) -> None:
    answer = make_ten.answer("3 + 7 = 11")
    assert answer.verdict is not None
    assert answer.verdict.suggestion is not None
    assert answer.lines == ("Not yet.", "3 + 7 makes 10, not 11.", "You have no card with 11.")


def test_too_short_an_equation_asks_for_more_cards() -> None:
    task = Exercise("Use four cards.", cards=[2, 3, 3, 8, 5], operations="+", at_least=4)
    assert task.answer("3 + 5 = 8").lines == (
        "Not yet.",
        "Use at least 4 cards, with the answer card.",
    )
    assert task.answer("2 + 3 + 3 = 8").ok


def test_a_sign_the_task_does_not_ask_for_is_refused_as_the_task_s_not_the_class_s() -> None:
    task = Exercise("Add.", cards=[2, 3, 6, 5], operations="+")
    answer = task.answer("2 × 3 = 6")
    assert not answer.ok
    assert answer.verdict is not None
    assert answer.verdict.codes == ("operation-not-asked",)
    assert "This task asks for +, not ×." in answer.lines
    assert not any("Your class" in line for line in answer.lines)


def test_hostile_text_is_read_as_text_and_shown_escaped(make_ten: Exercise) -> None:
    answer = make_ten.answer("<img src=x onerror=alert(1)>")
    assert not answer.ok
    assert answer.verdict is not None
    assert answer.verdict.codes == ("syntax",)
    html = answer._repr_html_()
    assert "<img" not in html
    assert "&lt;img" in html


def test_answers_are_every_equation_that_does_the_task_longest_first() -> None:
    task = Exercise("Use the cards.", cards=[1, 2, 3, 6], operations="+")
    assert [str(e) for e in task.answers()] == ["1 + 2 + 3 = 6", "1 + 2 = 3"]


def test_a_task_without_an_answer_is_a_mistake_caught_when_written() -> None:
    with pytest.raises(ValueError, match="no equation"):
        Exercise("Make 10.", cards=[1, 2, 4], operations="+", makes=10)


def test_cards_that_are_not_number_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="whole numbers"):
        Exercise("Make 10.", cards=[0, 10, 10], operations="+")
    with pytest.raises(ValueError, match="whole numbers"):
        Cards([2, "3"])  # type: ignore[list-item]


def test_the_task_shows_its_words_and_cards_readable_without_colour(make_ten: Exercise) -> None:
    html = make_ten._repr_html_()
    assert "Make 10." in html
    assert 'aria-label="Cards: 3, 4, 6, 7, 10"' in html
    assert repr(Cards([3, 2, 3])) == "Cards: 3, 2, 3"
