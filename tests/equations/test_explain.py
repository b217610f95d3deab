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
    assert (
        "3 − 5 would go below 0, and no card is below 0. Start with the bigger number."
    ) in verdict.lines
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
    # "Even" means "divisible by 2" to a child: the words are sharing and what is left over.
    assert check("7 ÷ 2 = 3").lines[1] == (
        "7 ÷ 2 does not share out exactly: 3 in each group, and 1 left over."
    )


def test_an_uneven_share_never_shows_a_product_that_looks_like_agreement() -> None:
    # "4 × 2 = 8" beside an answer card of 8 would read as "yes".
    lines = check("10 ÷ 4 = 8", cards=[10, 4, 8]).lines
    assert lines[1] == "10 ÷ 4 does not share out exactly: 2 in each group, and 2 left over."
    assert not any("= 8" in line for line in lines)


def test_a_share_smaller_than_one_says_the_divisor_is_bigger() -> None:
    assert check("3 ÷ 5 = 1").lines[1] == "3 ÷ 5 is not a whole number: 5 is more than 3."


def test_an_uneven_share_of_a_running_total_says_what_made_it() -> None:
    assert check("12 ÷ 2 ÷ 4 = 1").lines[1] == (
        "12 ÷ 2 makes 6. 6 ÷ 4 does not share out exactly: 1 in each group, and 2 left over."
    )


def test_taking_away_from_a_running_total_says_what_made_it() -> None:
    # In 4 − 2 − 5 the 2 is a card; the 2 that 5 cannot be taken from is what 4 − 2 made.
    assert check("4 − 2 − 5 = 1", cards=[4, 2, 5, 1]).lines[1] == (
        "4 − 2 makes 2. 2 − 5 would go below 0, and no card is below 0."
    )


def test_taking_away_too_much_from_a_card_names_the_card() -> None:
    assert check("3 − 8 = 5").lines[1] == (
        "3 − 8 would go below 0, and no card is below 0. Start with the bigger number."
    )


def test_the_example_for_signs_on_both_sides_uses_only_cards_the_child_has() -> None:
    # "like 4 + 3 = 7" helps a child with a 7; without one, the example would be no card.
    with_seven = check("4 + 3 = 5 + 2", cards=[4, 3, 5, 2, 7]).lines
    assert (
        "There are signs on both sides of the =. Keep them on one side, like 4 + 3 = 7."
        in with_seven
    )
    without = check("4 + 3 = 5 + 2", cards=[4, 3, 5, 2]).lines
    assert without[1] == "There are signs on both sides of the =. Keep them on one side."


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


def test_a_near_miss_without_cards_names_only_an_equation_cards_could_show() -> None:
    # Cards stop at 10: "10 + 3 = 13 is true" names an equation no card can make.
    assert check("10 + 3 = 12").lines == ("Not yet.", "10 + 3 makes 13, not 12.")
    assert check("2 + 3 = 6").lines[-1] == "2 + 3 = 5 is true."
