"""The levels of practice: every deal has an equation, every fact is what its level says."""

from __future__ import annotations

import random

import pytest

from sq2edu.equations import Op, solve
from sq2edu.equations.remainder import check_remainder
from sq2edu.practice import LEVELS, deal_for, facts, level_range, next_deal, skills_of
from tests.equations.reference import brute_force

SEEDS = range(120)


def test_there_are_the_ten_levels_the_teachers_asked_for_and_the_rescue() -> None:
    assert list(LEVELS) == [
        "bonds-10",
        "missing",
        "doubles",
        "within-20",
        "add-three",
        "within-100",
        "tables-2-5-10",
        "tables-10",
        "division-100",
        "remainders",
        "rescue",
    ]


# The deals of three numbers and a sum take the reference longest: make test checks them,
# make check the other levels'.
@pytest.mark.parametrize(
    "key",
    [pytest.param(key, marks=pytest.mark.slow) if key == "add-three" else key for key in LEVELS],
)
def test_every_deal_of_every_level_has_an_equation_found_by_the_reference(key: str) -> None:
    level = LEVELS[key]
    for seed in SEEDS:
        deal = next_deal(level, seed=seed)
        assert deal.level is level
        assert len(deal.cards) == level.hand
        assert max(deal.cards.count(v) for v in deal.cards) <= 4
        if level.kind == "remainder":
            number, divisor, answer, rest = deal.fact.cards
            assert divisor * answer + rest == number
            assert 0 < rest < divisor
            assert check_remainder(deal.fact.text, deal.cards).ok
        else:
            signs = "".join({"+": "+", "−": "-", "×": "*", "÷": "/"}[s] for s in level.operations)
            # A missing-number deal prints the numbers around the box and deals the answer.
            held = deal.fact.equation.numbers if level.kind == "missing" else deal.cards
            if level.kind == "missing":
                assert deal.answer in deal.cards
            found = brute_force(held, signs)
            standard = str(deal.fact.equation.canonical())
            assert standard in found, (seed, deal.cards, standard)


@pytest.mark.parametrize("key", list(LEVELS))
def test_every_fact_keeps_to_its_levels_numbers_operations_and_pattern(key: str) -> None:
    level = LEVELS[key]
    skills = skills_of(level)
    assert skills, key
    for skill in skills:
        for fact in facts(level, skill):
            equation = fact.equation
            assert max(equation.numbers) <= level.largest
            assert equation.operation is not None
            assert equation.operation.value in level.operations
            side = equation.operator_side
            assert side is not None
            assert len(side.numbers) in level.sizes
            family = _family_operands(equation)
            assert set(family) <= set(level.operands), (key, fact.text)
            if level.factors:
                assert set(family) & set(level.factors), fact.text
            if level.doubles:
                assert len(set(family)) == 1 or 2 in family, fact.text


def _family_operands(equation: object) -> tuple[int, ...]:
    """The numbers the family's + or × works on (a subtraction's answer is one of them)."""
    from sq2edu.equations import Equation

    assert isinstance(equation, Equation)
    side, result = equation.operator_side, equation.result_side
    assert side is not None
    assert result is not None
    if equation.operation in (Op.ADD, Op.MUL):
        return side.numbers
    return (*side.numbers[1:], result.numbers[0])


def test_a_remainder_level_deals_only_divisions_that_leave_something_over() -> None:
    level = LEVELS["remainders"]
    assert skills_of(level) == ("division-two",)
    assert all(0 < fact.rest < fact.equation.numbers[1] for fact in facts(level, "division-two"))


def test_a_missing_number_deal_shows_a_box_and_holds_the_number_that_fills_it() -> None:
    for seed in SEEDS:
        deal = next_deal("missing", seed=seed)
        assert deal.shown.count("□") == 1
        assert deal.answer in deal.cards
        filled = deal.shown.replace("□", str(deal.answer))
        assert filled == deal.fact.equation.text


@pytest.mark.slow  # the reference on hundreds of large hands: make test, not make check
def test_the_checker_agrees_with_the_reference_on_hands_beyond_ten() -> None:
    rng = random.Random(5)
    for key in ("within-20", "within-100", "tables-10", "division-100", "add-three"):
        level = LEVELS[key]
        for _deal in range(40):
            hand = next_deal(level, seed=rng).cards
            ours = {str(e) for e in solve(hand)}
            assert ours == brute_force(hand), (key, hand)


def test_a_level_with_none_of_the_classes_operations_is_not_offered() -> None:
    from sq2edu.practice import available

    adding = [level.key for level in available("+−")]
    assert "tables-10" not in adding
    assert "division-100" not in adding
    assert {"bonds-10", "within-100", "doubles", "missing", "rescue"} <= set(adding)
    # Doubles for a class without × and ÷: adding and taking away only.
    assert next_deal("doubles", seed=1, operations="+−").operations == "+−"


def test_a_deal_aimed_at_a_skill_holds_few_equations_of_other_skills() -> None:
    level, rng = LEVELS["rescue"], random.Random(3)
    aimed = 0.0
    for _deal in range(100):
        deal = deal_for(level, "division-two", rng)
        made = solve(deal.cards)
        aimed += sum(1 for e in made if e.operation is Op.DIV and len(e.numbers) == 3) / len(made)
    assert aimed / 100 > 0.4


def test_a_teacher_pins_a_class_to_one_level_or_a_range() -> None:
    assert [level.key for level in level_range("tables-10", "tables-10")] == ["tables-10"]
    assert [level.key for level in level_range("division-100", "remainders")] == [
        "division-100",
        "remainders",
    ]
    assert len(level_range()) == len(LEVELS)
    with pytest.raises(ValueError, match="comes after"):
        level_range("remainders", "bonds-10")
    with pytest.raises(ValueError, match="is not a level"):
        level_range("<script>")


def test_a_deal_for_an_unknown_or_closed_level_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="is not a level"):
        next_deal("tables-99")
    with pytest.raises(ValueError, match="not open to this class"):
        next_deal("tables-10", operations="+−")
    with pytest.raises(ValueError, match="not open to this class"):
        next_deal("tables-10", levels=level_range("bonds-10", "within-20"))


def test_each_levels_examples_are_facts_it_deals() -> None:
    for level in LEVELS.values():
        texts = {
            fact.text if level.kind != "missing" else fact.equation.text
            for skill in skills_of(level)
            for fact in facts(level, skill)
        }
        for example in level.examples:
            if "□" in example:
                assert any(_fits_box(example, text) for text in texts), example
            else:
                assert _standard(example) in texts, (level.key, example)


def _fits_box(shown: str, text: str) -> bool:
    left, right = shown.split("□")
    return (
        text.startswith(left)
        and text.endswith(right)
        and text[len(left) : len(text) - len(right)].isdigit()
    )


def _standard(text: str) -> str:
    from sq2edu.equations import parse
    from sq2edu.equations.remainder import split_rest

    division, rest = split_rest(text)
    standard = parse(division).canonical().text
    return f"{standard} r {rest}" if rest else standard


def test_the_teachers_page_names_every_level_with_its_key_and_title() -> None:
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "practice.md").read_text(encoding="utf-8")
    for key, level in LEVELS.items():
        assert f"| {level.title} | `{key}` |" in page, key
