"""The levels of practice in the order a primary teacher would teach them, with the facts
each should deal, and single facts a child gets wrong dealt again."""

from __future__ import annotations

import random

import pytest

from sq2edu.equations import solve
from sq2edu.practice import LEVELS, deal_for, facts, next_deal, skills_of
from sq2edu.practice.facts import fact_of
from sq2edu.progress.records import Attempt

ORDER = list(LEVELS)


def test_doubles_and_missing_numbers_come_near_the_start() -> None:
    for early in ("doubles", "missing"):
        assert ORDER.index(early) < ORDER.index("within-20")
        assert ORDER.index(early) < ORDER.index("within-100")
        assert ORDER.index(early) < ORDER.index("remainders")
    assert ORDER[0] == "bonds-10"


def crosses_ten(text: str) -> bool:
    family = fact_of(text)
    assert family is not None
    a, b = (int(n) for n in family.split("+"))
    return a < 10 and b < 10 and a + b > 10


def test_within_20_deals_bridge_through_ten_at_least_half_the_time() -> None:
    rng = random.Random(3)
    level = LEVELS["within-20"]
    dealt = [
        deal_for(level, skill, rng).fact.text for _ in range(100) for skill in skills_of(level)
    ]
    assert sum(crosses_ten(text) for text in dealt) >= len(dealt) / 2


def test_tens_and_ones_to_100_deals_two_digit_and_two_digit() -> None:
    rng = random.Random(5)
    level = LEVELS["within-100"]
    dealt = [deal_for(level, skill, rng).fact for _ in range(100) for skill in skills_of(level)]
    two_digit = [fact for fact in dealt if all(n >= 10 for n in fact.equation.numbers[:2])]
    assert len(two_digit) >= len(dealt) / 2
    assert any(
        fact.equation.numbers[0] % 10 and fact.equation.numbers[1] % 10 for fact in two_digit
    )


@pytest.mark.parametrize("key", ORDER)
def test_no_level_deals_a_fact_of_one_times(key: str) -> None:
    level = LEVELS[key]
    for skill in ("multiplication-two", "division-two", "multiplication-more"):
        for fact in facts(level, skill):
            side = fact.equation.operator_side
            assert side is not None
            family = fact_of(fact.text)
            assert family is None or "1×" not in family.replace("10×", ""), fact.text
            assert 1 not in fact.equation.numbers or key == "remainders", fact.text


def test_a_fact_is_tracked_as_one_family_whichever_way_it_is_written() -> None:
    assert {fact_of(t) for t in ("7 × 8 = 56", "8 × 7 = 54", "56 ÷ 8 = 7", "56 ÷ 7 = 6")} == {"7×8"}
    assert fact_of("13 − 5 = 8") == fact_of("5 + 8 = 13") == "5+8"
    assert fact_of("2 + 3 + 4 = 9") is None
    assert fact_of("not an equation") is None


def test_the_lab_aims_at_the_one_fact_a_child_gets_wrong() -> None:
    level = LEVELS["tables-10"]
    history = [
        Attempt("Mia", text, ok, () if ok else ("not-true",), level=level.key)
        for text, ok in [
            ("7 × 8 = 54", False),
            ("6 × 9 = 54", True),
            ("8 × 7 = 58", False),
            ("3 × 4 = 12", True),
        ]
    ]
    rng = random.Random(1)
    dealt = [next_deal(level, history, rng, levels=(level,)).fact.family for _ in range(200)]
    assert dealt.count("7×8") >= 80  # at random it would be about 200 / 45, 4 or 5
    others = [family for family in dealt if family != "7×8"]
    assert len(set(others)) > 10  # the rest of the tables are still dealt


def test_a_fact_the_child_now_gets_right_is_no_longer_aimed_at() -> None:
    level = LEVELS["tables-10"]
    history = [
        Attempt("Mia", text, ok, () if ok else ("not-true",), level=level.key)
        for text, ok in [
            ("7 × 8 = 56", True),
            ("7 × 8 = 56", True),
            ("8 × 7 = 56", True),
            ("7 × 8 = 54", False),
        ]
    ]
    rng = random.Random(2)
    dealt = [next_deal(level, history, rng, levels=(level,)).fact.family for _ in range(200)]
    assert dealt.count("7×8") < 20


@pytest.mark.parametrize(
    ("box", "rung"),
    [
        ("8 + 5 = □", "Make 10 first: 8 + 2 = 10. Then add the 3 that is left."),
        ("3 + 4 = □", "Start at 4 and count on 3."),
        ("13 − 5 = □", "Take away 3 to get to 10 first, then 2 more."),
        ("9 − 4 = □", "Think: 4 + □ = 9. How much do you add to 4 to make 9?"),
        ("7 × 8 = □", "Count in 8s, 7 times."),
        ("56 ÷ 8 = □", "Think: 8 × □ = 56."),
    ],
)
def test_the_second_hint_for_an_answer_box_shows_a_way_to_work_it_out(box: str, rung: str) -> None:
    from sq2edu.lessons.exercises import Exercise
    from sq2edu.lessons.model import Words

    answer = int(fact_of(box.replace("□", "1")) is not None)  # the box parses
    assert answer
    equation = box.replace(" = □", "")
    from sq2edu.lessons.exercises import worked_out

    right = int(worked_out(equation))
    task = Exercise(
        Words("Which card goes in the box?"), (right, right + 1, right + 2), "+−×÷", box=box
    )
    ladder = task.ladder()
    assert ladder[1].text == rung
    assert str(right) not in ladder[1].text.split()  # the answer is the third rung's


def test_a_deal_that_asks_for_three_cards_takes_no_equation_of_two() -> None:
    from sq2edu.practice import tasks

    deal = deal_for(LEVELS["rescue"], "addition-more", random.Random(5))
    assert "three cards or more" in tasks.prompt(deal)
    made = solve(deal.cards, "+")
    for equation in made:
        verdict = tasks.answer(deal, equation.text)
        long_enough = len(equation.numbers) >= 4
        assert verdict.ok == long_enough, equation.text
        if not long_enough:
            assert verdict.codes == ("off-task",)
    assert {len(e.numbers) for e in made} == {3, 4}  # 1 + 4 = 5 is there, and refused
    worked = tasks.ladder(deal)[-1].equation
    assert worked is not None
    assert tasks.answer(deal, worked.text).ok  # the last hint is an answer the deal takes
