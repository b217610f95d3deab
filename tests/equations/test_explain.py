"""The words: every explanation walks through the child's own numbers."""

from __future__ import annotations

from sq2edu.equations import check


def test_a_right_equation_is_walked_through_step_by_step() -> None:
    assert check("2 + 3 + 3 = 8").lines == (
        "Yes! 2 + 3 + 3 = 8 works.",
        "2 + 3 = 5, then 5 + 3 = 8.",
        "Both sides are 8 ✓",
    )


def test_the_result_first_orientation_is_explained_too() -> None:
    assert check("8 = 5 + 3").lines == (
        "Yes! 8 = 5 + 3 works.",
        "5 + 3 = 8.",
        "Both sides are 8 ✓",
    )


def test_a_false_equation_says_what_the_operation_side_really_makes() -> None:
    assert "2 + 3 makes 5, not 6." in check("2 + 3 = 6").lines
    verdict = check("2 + 3 + 3 = 9")
    assert "2 + 3 + 3 makes 8, not 9." in verdict.lines
    assert "2 + 3 = 5, then 5 + 3 = 8." in verdict.lines


def test_the_done_example_prints_words_a_child_understands() -> None:
    assert check("2 + 3 = 6", cards=[2, 3, 6]).explanation == (
        "Not yet.\n2 + 3 makes 5, not 6.\nTry ×: 2 × 3 = 6 works!"
    )


def test_a_near_miss_uses_a_card_the_child_has() -> None:
    verdict = check("2 + 3 = 6", cards=[2, 3, 4, 6], operations="+")
    assert verdict.suggestion == "With your 4: 2 + 4 = 6 works!"


def test_subtraction_the_wrong_way_round() -> None:
    verdict = check("3 − 5 = 2", cards=[2, 3, 5])
    assert "You can't take 5 away from 3, because 5 is more than 3." in verdict.lines
    assert verdict.suggestion == "5 − 3 = 2 works!"


def test_without_cards_the_near_miss_is_the_true_version() -> None:
    assert check("2 + 3 = 6").suggestion == "2 + 3 = 5 is true."


def test_subtraction_is_checked_by_adding_back() -> None:
    assert "8 − 3 = 5, because 5 + 3 = 8." in check("8 - 3 = 5").lines
    assert "10 − 3 − 2 = 5, because 5 + 3 + 2 = 10." in check("10 - 3 - 2 = 5").lines


def test_division_is_checked_by_multiplying_back() -> None:
    assert "12 ÷ 3 = 4, because 4 × 3 = 12." in check("12 : 3 = 4").lines


def test_multiplication_shows_other_factor_pairs_with_sympy() -> None:
    assert "12 is also 3 × 4." in check("2 × 6 = 12").lines
    assert "12 is also 2 × 6 and 3 × 4." in check("2 × 2 × 3 = 12").lines
    assert not any("also" in line for line in check("2 × 3 = 6").lines)


def test_an_uneven_share_says_what_is_left_over() -> None:
    assert (
        "7 ÷ 2 does not come out even: 2 × 3 = 6, and 1 is left over." in check("7 ÷ 2 = 3").lines
    )


def test_operators_on_both_sides_shows_how_to_keep_them_on_one() -> None:
    assert (
        "There are signs on both sides of the =. Keep them on one side, like 4 + 3 = 7."
        in check("4 + 3 = 5 + 2").lines
    )


def test_mixed_signs_are_named() -> None:
    assert (
        "This uses − and ×. Use only one kind of sign in an equation."
        in check("5 x 2 - 8 = 2").lines
    )


def test_verdict_shows_as_words_and_a_mark_in_a_notebook() -> None:
    right = check("2 + 3 = 5")._repr_html_()
    assert "✓" in right
    assert "Yes!" in right
    wrong = check("2 + 3 = 6")._repr_html_()
    assert "✗" in wrong
    assert "Not yet" in wrong
    assert 'role="status"' in wrong


def test_html_escapes_what_the_child_typed() -> None:
    html = check("<script>alert(1)</script>")._repr_html_()
    assert "<script>" not in html
    assert "&lt;" in html or "&#x27;" in html


def test_equation_displays_as_math() -> None:
    verdict = check("6 / 2 = 3")
    assert verdict.equation is not None
    assert verdict.equation._repr_latex_() == r"$6 \div 2 = 3$"
