"""One test per rule of "Finding Rescue Companions", and one per problem code."""

from __future__ import annotations

import pytest

from sq2edu.equations import (
    PROBLEM_CODES,
    Adjustment,
    Equation,
    Op,
    Side,
    check,
)

# -- The rulebook's own examples ---------------------------------------------------------


@pytest.mark.parametrize("text", ["2 + 3 + 3 = 8", "2 x 3 = 6"])
def test_rulebook_yes_examples(text: str) -> None:
    verdict = check(text)
    assert verdict.ok, verdict.explanation
    assert verdict.problems == ()


def test_rulebook_no_operators_on_both_sides() -> None:
    assert check("4 + 3 = 5 + 2").codes == ("operators-both-sides",)


def test_rulebook_no_two_types_of_operation() -> None:
    # 5 × 2 − 8 really is 2, so the only thing wrong is mixing the signs.
    assert check("5 x 2 - 8 = 2").codes == ("mixed-operations",)


# -- Each rule, in both orientations and with every sign ----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "2 + 3 = 5",
        "5 = 2 + 3",
        "8 − 3 = 5",
        "5 = 8 - 3",
        "2 × 3 = 6",
        "6 = 2 * 3",
        "6 ÷ 2 = 3",
        "3 = 6 / 2",
        "12 : 3 = 4",
        "10 − 3 − 2 = 5",
        "2 × 2 × 2 = 8",
        "8 ÷ 2 ÷ 2 = 2",
        "1 + 1 + 1 + 1 + 1 = 5",
    ],
)
def test_rule_either_side_may_hold_the_operation(text: str) -> None:
    assert check(text).ok


def test_rule_one_type_of_operation_only() -> None:
    assert check("2 + 3 − 1 = 4").codes == ("mixed-operations",)
    assert check("2 × 3 ÷ 2 = 3").codes == ("mixed-operations",)


def test_rule_no_operators_on_both_sides_even_when_both_sides_agree() -> None:
    assert check("2 × 3 = 3 × 2").codes == ("operators-both-sides",)


def test_rule_needs_an_operation() -> None:
    assert check("5 = 5").codes == ("no-operation",)


def test_rule_needs_a_number_on_each_side_when_built_from_cards() -> None:
    built = Equation(Side((2, 3), (Op.ADD,)), Side(()))
    assert check(built).codes == ("too-few-cards",)


def test_rule_the_equation_is_true() -> None:
    verdict = check("2 + 3 = 6")
    assert verdict.codes == ("not-true",)
    assert "2 + 3 makes 5, not 6." in verdict.explanation


def test_rule_division_comes_out_whole() -> None:
    assert check("7 ÷ 2 = 3").codes == ("not-whole",)
    assert check("12 ÷ 2 ÷ 4 = 1").codes == ("not-whole",)


def test_rule_no_division_by_zero() -> None:
    assert check("6 ÷ 0 = 0").codes == ("divide-by-zero",)


def test_rule_only_cards_the_child_has() -> None:
    assert check("2 + 3 = 5", cards=[2, 3, 5, 9]).ok
    assert check("2 + 3 = 5", cards=[2, 3]).codes == ("missing-card",)


def test_rule_cards_are_a_multiset_two_threes_need_two_three_cards() -> None:
    assert check("2 + 3 + 3 = 8", cards=[2, 3, 3, 8]).ok
    verdict = check("2 + 3 + 3 = 8", cards=[2, 3, 8])
    assert verdict.codes == ("missing-card",)
    assert "You need 2 cards with 3, but you have 1." in verdict.explanation


def test_rule_only_operations_the_teacher_allows() -> None:
    assert check("6 ÷ 2 = 3", operations="+-").codes == ("operation-not-allowed",)
    assert check("6 ÷ 2 = 3", operations="+-×÷").ok
    assert check("6 ÷ 2 = 3", operations=[Op.DIV]).ok
    assert (
        "Your class is not using ÷ yet. Try + and −."
        in check("6 / 2 = 3", operations="+-").explanation
    )


def test_red_knight_one_card_counts_one_more() -> None:
    verdict = check("2 + 3 = 5", cards=[2, 3, 4], adjust=True)
    assert verdict.ok
    assert verdict.adjusted == Adjustment(card=4, value=5)
    assert sorted(verdict.cards_used) == [2, 3, 4]
    assert "Your red knight made the 4 count as 5." in verdict.explanation


def test_red_knight_one_card_counts_one_less() -> None:
    verdict = check("2 × 3 = 6", cards=[2, 4, 6], adjust=True)
    assert verdict.ok
    assert verdict.adjusted == Adjustment(card=4, value=3)


def test_red_knight_changes_only_one_card() -> None:
    assert check("2 + 3 = 5", cards=[2, 4, 6], adjust=True).codes == (
        "missing-card",
        "missing-card",
    )


def test_red_knight_is_not_used_when_the_cards_fit_already() -> None:
    verdict = check("2 + 3 = 5", cards=[2, 3, 4, 5], adjust=True)
    assert verdict.ok
    assert verdict.adjusted is None


def test_red_knight_needed_but_not_in_play() -> None:
    assert check("2 + 3 = 5", cards=[2, 3, 4]).codes == ("missing-card",)


def test_red_knight_change_written_into_a_built_equation() -> None:
    built = Equation.of([2, 3], "+", 5, adjusted=Adjustment(4, 5))
    assert check(built, cards=[2, 3, 4], adjust=True).ok
    assert check(built, cards=[2, 3, 4], adjust=False).codes == ("adjust-not-allowed",)


# -- Every problem, most important first ----------------------------------------------------


def test_every_problem_is_returned_most_important_first() -> None:
    verdict = check("7 ÷ 2 = 9 ÷ 1", cards=[7, 2], operations="+-")
    assert verdict.codes == (
        "operators-both-sides",
        "operation-not-allowed",
        "not-whole",
        "missing-card",
        "missing-card",
    )


def test_mixed_signs_leave_the_arithmetic_unjudged() -> None:
    """Which sign goes first is a rule the child may not have met: mixed signs are the thing
    to fix, not a remainder or a sum below zero that depends on that rule."""
    verdict = check("7 ÷ 2 × 3 = 9 + 1", cards=[7, 2], operations="+-")
    assert verdict.codes == (
        "mixed-operations",
        "operators-both-sides",
        "operation-not-allowed",
        "missing-card",
        "missing-card",
        "missing-card",
    )
    assert check("9 − 6 × 3 = 9", cards=[9, 6, 3, 9]).codes == ("mixed-operations",)
    ranks = [PROBLEM_CODES.index(code) for code in verdict.codes]
    assert ranks == sorted(ranks)


def test_each_problem_code_is_reachable() -> None:
    examples = {
        "syntax": check("2 + + 3 = 5"),
        "too-few-cards": check(Equation(Side(()), Side((5,)))),
        "no-operation": check("5 = 5"),
        "mixed-operations": check("2 + 3 × 1 = 5"),
        "operators-both-sides": check("4 + 3 = 5 + 2"),
        "operation-not-allowed": check("2 × 3 = 6", operations="+"),
        "operation-not-asked": check("2 × 3 = 6", asked="+"),
        "remainder-written": check("17 ÷ 5 = 3 r 2"),
        "adjust-not-allowed": check(Equation.of([2, 3], "+", 5, adjusted=Adjustment(4, 5))),
        "divide-by-zero": check("6 ÷ 0 = 1"),
        "not-whole": check("7 ÷ 2 = 3"),
        "not-true": check("2 + 2 = 5"),
        "missing-card": check("2 + 2 = 4", cards=[2, 4]),
    }
    assert set(examples) == set(PROBLEM_CODES)
    for code, verdict in examples.items():
        assert code in verdict.codes, (code, verdict.codes)
        assert not verdict.ok


def test_a_syntax_problem_carries_the_parsers_code_and_position() -> None:
    verdict = check("2 + a = 5")
    assert verdict.codes == ("syntax",)
    problem = verdict.problems[0]
    assert (problem.detail, problem.position) == ("bad-character", 4)
    assert verdict.equation is None


def test_a_huge_paste_is_a_syntax_problem_not_a_crash() -> None:
    verdict = check("1 + " * 250_000 + "1 = 2")
    assert verdict.codes == ("syntax",)
    assert verdict.problems[0].detail == "too-long"
    assert len(verdict.text) <= 41


def test_malformed_cards_are_a_programming_error() -> None:
    with pytest.raises(ValueError, match="number cards"):
        check("2 + 3 = 5", cards=[2, 0, 5])
    with pytest.raises(ValueError, match="not an operation"):
        check("2 + 3 = 5", operations="+q")


def test_check_keeps_the_equation_for_display() -> None:
    verdict = check("2 + 3 + 3 = 8")
    assert verdict.latex == "2 + 3 + 3 = 8"
    assert check("2 x 3 = 6").latex == r"2 \times 3 = 6"
    assert str(verdict.expression) == "Eq(2 + 3 + 3, 8)"
