"""What the checker and the Lab say about signs, cards, remainders and choices is true, in
every language."""

from __future__ import annotations

import random
import re

import pytest

from sq2edu.classroom.domain.reteach import note
from sq2edu.equations import Op, check, hints, solve
from sq2edu.equations.remainder import check_remainder
from sq2edu.i18n import LANGUAGES, _, language
from sq2edu.lessons import LESSONS
from sq2edu.lessons.exercises import Choice, Exercise
from sq2edu.practice import LEVELS, deal_for, tasks
from sq2edu.ui import EquationLab

ALL = list(LESSONS.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_only_a_class_setting_is_blamed_on_the_class(lang: str) -> None:
    with language(lang):
        class_off = check("2 × 3 = 6", [2, 3, 6], operations="+")
        task_off = check("2 × 3 = 6", [2, 3, 6], asked="+")
        class_words = _(
            "Your class is not using {banned} yet. Try {allowed}.", banned="×", allowed="+"
        )
        task_words = _("This task asks for {asked}, not {used}.", asked="+", used="×")
    assert class_off.codes == ("operation-not-allowed",)
    assert class_words in class_off.lines
    assert task_off.codes == ("operation-not-asked",)
    assert task_words in task_off.lines
    assert class_words not in task_off.lines


def test_a_sign_the_class_uses_is_never_blamed_on_the_class_in_a_lesson() -> None:
    for lesson in ALL:
        for task in lesson.exercises:
            if not isinstance(task, Exercise) or task.box or task.rest:
                continue
            for equation in solve(task.cards):
                verdict = task.answer(equation.text)
                assert "operation-not-allowed" not in verdict.codes, (lesson.key, equation.text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mistakes_tab_does_not_ask_to_switch_on_a_sign_that_is_on(lang: str) -> None:
    with language(lang):
        asked = note("operation-not-asked", 2, ["3 + 1 = 4"]).text
        switched = note("operation-not-allowed", 2, ["3 × 1 = 3"]).text
    assert asked != switched
    for setting in ("settings", "настройк", "innstilling"):
        assert setting not in asked


@pytest.mark.parametrize("seed", range(20))
def test_number_bonds_aimed_at_adding_refuse_taking_away_and_give_no_star(seed: int) -> None:
    rng = random.Random(seed)
    deal = deal_for(LEVELS["bonds-10"], "addition-two", rng)
    assert tasks.asked(deal) == "+"
    for equation in solve(deal.cards, "+−"):
        verdict = tasks.answer(deal, equation.text)
        assert verdict.ok == (equation.operation is Op.ADD)
        if not verdict.ok:
            assert verdict.codes[:1] == ("operation-not-asked",)
    for rung in tasks.ladder(deal):
        assert rung.equation is None or rung.equation.operation is Op.ADD


def test_the_lab_gives_no_star_for_a_sign_its_prompt_did_not_ask_for() -> None:
    lab = EquationLab(level="bonds-10", levels=("bonds-10", "bonds-10"), seed=1, student="Mia")
    for _deal in range(30):
        assert lab.dealt is not None
        sign = tasks.asked(lab.dealt)
        other = [e for e in solve(lab.dealt.cards, "+−") if e.operation is not Op(sign)]
        if other:
            break
        lab.handle({"intent": "deal"})
    else:
        pytest.fail("30 deals of number bonds, and none with an equation of the other sign")
    assert lab.state["view"]["operations"] == sign
    lab.handle({"intent": "check", "text": other[0].text})
    assert lab.state["verdict"]["codes"] == ["operation-not-asked"]
    assert lab.state["level"]["stars"] == 0


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("text", ["17 : 5 = 3 (ост. 2)", "17 ÷ 5 = 3 r 2", "17 : 5 = 3 rest 2"])
def test_a_remainder_written_in_the_game_is_told_a_division_must_share_out_exactly(
    lang: str, text: str
) -> None:
    with language(lang):
        verdict = check(text, [17, 5, 3, 2])
        words = _(
            "In the game a division must share out exactly, with nothing left over, "
            "so there is no remainder to write."
        )
        brackets = _("No brackets needed: use numbers and + − × ÷.")
    assert verdict.codes == ("remainder-written",)
    assert words in verdict.lines
    assert brackets not in verdict.lines
    assert not any("'r'" in line for line in verdict.lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_remainder_of_0_is_told_to_leave_it_out_not_that_there_is_no_card_with_0(
    lang: str,
) -> None:
    with language(lang):
        verdict = check("16 : 4 = 4 ост. 0", [16, 4, 4])
        no_zero = _("You have no card with {value}.", value=0)
    assert verdict.codes == ("remainder-written",)
    assert no_zero not in verdict.lines
    assert "16 ÷ 4 = 4" in verdict.lines[1] or "16 : 4 = 4" in verdict.lines[1]


def test_the_lab_still_reads_remainders_where_it_asks_for_them() -> None:
    assert check_remainder("17 : 5 = 3 (ост. 2)", [17, 5, 3, 2]).ok
    assert check_remainder("17 ÷ 5 = 3 r 2").ok


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("text", ["6 ÷ 4 = 1,5", "6 ÷ 4 = 1.5"])
def test_a_decimal_is_told_that_cards_are_whole_numbers(lang: str, text: str) -> None:
    with language(lang):
        verdict = check(text)
        leave_out = _("Cards have whole numbers, so leave out the '{char}'.", char=text[-2])
    assert verdict.codes == ("syntax",)
    assert verdict.problems[0].detail == "not-whole-number"
    assert text[-3:] in verdict.lines[1]
    assert leave_out not in verdict.lines


def test_a_full_stop_after_an_equation_is_still_told_to_leave_it_out() -> None:
    assert "leave out the '.'" in check("2 + 3 = 5.").lines[1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_hint_ladder_says_the_same_thing_twice(lang: str) -> None:
    rng = random.Random(7)
    hands = [
        [1],
        [7],
        [9, 9],
        [10, 10, 10],
        [1, 1],
        *([rng.randint(1, 10) for _ in range(n)] for n in (2, 3, 4, 5) for _ in range(40)),
    ]
    with language(lang):
        for hand in hands:
            for operations in ("+", "−", "×", "÷", "+−×÷", ""):
                texts = [rung.text for rung in hints(hand, operations)]
                assert len(texts) == len(set(texts)), (hand, operations, texts)
        for lesson in ALL:
            for task in lesson.exercises:
                if isinstance(task, Exercise):
                    texts = [rung.text for rung in task.ladder()]
                    assert len(texts) == len(set(texts)), (lesson.key, task.ask.text)


def plain_choices() -> list[tuple[str, int, Choice]]:
    """Every question whose answers are numbers or words (not true/false, a sign or an
    equation to spot), with its lesson and number."""
    return [
        (lesson.key, lesson.number_of(task), task)
        for lesson in ALL
        for task in lesson.exercises
        if isinstance(task, Choice) and not task.shown and task.ask.text != "Which one is not true?"
    ]


def test_every_plain_choice_of_lessons_1_4_5_7_8_is_there() -> None:
    numbers = {key.split("-")[0] for key, _n, _task in plain_choices()}
    lessons = {
        lesson.number for lesson in ALL for key, _n, _t in plain_choices() if key == lesson.key
    }
    assert {1, 4, 5, 7, 8} <= lessons, numbers


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_choice_is_told_why_the_chosen_answer_is_wrong(lang: str) -> None:
    for key, number, task in plain_choices():
        for index in range(len(task.options)):
            with language(lang):
                said = task.said_why(index)
                why = str(task.why)
            if index == task.right:
                assert said == (why,)
            else:
                assert len(said) == 2, (key, number, index)
                assert said[1] == why
                assert said[0]
                assert said[0] != why


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_right_answer_in_a_lesson_says_it_is_right_and_why_and_nothing_more(lang: str) -> None:
    with language(lang):
        for lesson in ALL:
            for task in lesson.exercises:
                if not isinstance(task, Exercise) or task.box or task.rest:
                    continue
                for answer in task.answers():
                    verdict = task.answer(answer)
                    assert verdict.ok
                    assert verdict.teaching == (), (lesson.key, answer, verdict.lines)
                    assert verdict.suggestion is None


def test_the_game_still_teaches_other_factors_after_a_right_answer() -> None:
    assert "16 is also 2 × 8." in check("4 × 4 = 16").lines


def test_cards_are_counted_one_way_in_lessons_and_the_lab() -> None:
    """A count of cards counts every card of the equation, the answer card included
    ("uses 4 cards"), or says what it counts ("two cards and an answer", "add two cards")."""
    for lesson in ALL:
        for task in lesson.exercises:
            assert " with two cards" not in task.ask.text, (lesson.key, task.ask.text)
            said = task.ask.text
            if isinstance(task, Exercise) and re.search(r"\buse\b.* cards", said, re.IGNORECASE):
                assert "answer card" in said, (lesson.key, said)


def test_russian_names_the_sign_to_try_without_a_stray_full_stop() -> None:
    with language("ru"):
        verdict = check("6 − 2 = 3", [2, 3, 6])
    assert any("«÷»" in line or "«:»" in line for line in verdict.lines), verdict.lines
    assert not any(": ." in line or ":." in line for line in verdict.lines)
