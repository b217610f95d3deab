"""Every sentence the checker can say, word for word, and the choices behind each one.

Each test names the rule clause it pins. A sentence is compared whole: a child reads all of
it, so a changed number, a lost word or a placeholder left unfilled is a failure.
"""

from __future__ import annotations

import pytest

from sq2edu.equations import (
    Adjustment,
    Equation,
    Op,
    Side,
    check,
)
from sq2edu.equations.model import MAX_NUMBER
from sq2edu.i18n import LANGUAGES, language

# -- The verdict: what was checked, and how it reads -----------------------------------------


def test_verdict_keeps_the_childs_text_trimmed_and_names_the_read_equation() -> None:
    verdict = check("  2+3=5 ")
    assert verdict.text == "2+3=5"
    assert verdict.headline == "Yes! 2 + 3 = 5 works."
    assert verdict.lines == ("Yes! 2 + 3 = 5 works.", "Both sides are 5 ✓")
    assert verdict.explanation == "Yes! 2 + 3 = 5 works.\nBoth sides are 5 ✓"
    assert str(verdict) == verdict.explanation
    assert repr(verdict) == "<Verdict '2+3=5' ok=True codes=()>"


def test_a_wrong_verdict_starts_not_yet_and_lists_its_codes() -> None:
    verdict = check("2 + 3 = 6")
    assert verdict.headline == "Not yet."
    assert not verdict.ok
    assert repr(verdict) == "<Verdict '2 + 3 = 6' ok=False codes=('not-true',)>"


def test_an_unreadable_equation_shows_the_text_as_typed_and_no_latex() -> None:
    verdict = check("2 + a = 5")
    assert verdict.text == "2 + a = 5"
    assert verdict.equation is None
    assert verdict.latex == ""
    assert verdict.expression is None
    assert verdict.headline == "Not yet."
    assert verdict.suggestion is None


def test_an_unreadable_text_of_forty_characters_is_shown_whole() -> None:
    text = "1 + " * 9 + "1 =="
    assert len(text) == 40
    verdict = check(text)
    assert verdict.codes == ("syntax",)
    assert verdict.text == text


def test_an_unreadable_text_longer_than_forty_characters_is_cut_with_an_ellipsis() -> None:
    text = "1 + " * 10 + "1 +"
    assert len(text) == 43
    verdict = check(text)
    assert verdict.codes == ("syntax",)
    assert verdict.text == text[:40] + "…"
    assert verdict.lines == ("Not yet.", verdict.problems[0].message)


def test_a_syntax_problem_carries_the_parsers_words() -> None:
    verdict = check("2 + + 3 = 5")
    problem = verdict.problems[0]
    assert problem.code == "syntax"
    assert problem.message == "There is a number missing before the +."
    assert problem.detail is not None
    assert verdict.lines == ("Not yet.", "There is a number missing before the +.")


def test_only_text_or_an_equation_can_be_checked() -> None:
    with pytest.raises(TypeError, match=r"^check\(\) takes text or an Equation, not int$"):
        check(5)  # type: ignore[arg-type]


def test_the_hints_off_lines_leave_out_only_the_near_miss() -> None:
    verdict = check("2 + 3 = 6", cards=[2, 3, 6])
    assert verdict.shown_lines(suggest=False) == ("Not yet.", "2 + 3 makes 5, not 6.")
    assert verdict.shown_lines() == (
        "Not yet.",
        "2 + 3 makes 5, not 6.",
        "Try ×: 2 × 3 = 6 works!",
    )
    assert verdict.lines == verdict.shown_lines(suggest=True)


def test_a_right_equation_keeps_its_sympy_form_and_a_wrong_one_too() -> None:
    assert str(check("6 = 2 × 3").expression) == "Eq(6, 2*3)"
    assert str(check("2 + 3 = 6").expression) == "Eq(2 + 3, 6)"
    assert check(Equation(Side((2, 3), (Op.ADD,)), Side(()))).expression is None
    assert check(Equation(Side(()), Side((5,)))).expression is None


# -- The cards: whole numbers from 1 to MAX_NUMBER ------------------------------------------


def test_cards_go_from_one_to_the_largest_number() -> None:
    assert check("1 + 998 = 999", cards=[1, 998, MAX_NUMBER]).ok
    with pytest.raises(ValueError, match=r"^number cards are whole numbers from 1 to 999, not 0$"):
        check("2 + 3 = 5", cards=[2, 3, 0])
    with pytest.raises(
        ValueError, match=r"^number cards are whole numbers from 1 to 999, not 1000$"
    ):
        check("2 + 3 = 5", cards=[2, 3, MAX_NUMBER + 1])


@pytest.mark.parametrize("card", [True, 2.0, "2"])
def test_a_card_is_a_whole_number_not_a_flag_a_fraction_or_text(card: object) -> None:
    with pytest.raises(ValueError, match=r"^number cards are whole numbers from 1 to 999, not "):
        check("2 + 3 = 5", cards=[2, 3, card])  # type: ignore[list-item]


# -- The shape of an equation --------------------------------------------------------------


def test_too_few_cards_says_a_number_is_needed_on_each_side() -> None:
    for built in (Equation(Side((2, 3), (Op.ADD,)), Side(())), Equation(Side(()), Side((5,)))):
        verdict = check(built)
        assert verdict.lines == (
            "Not yet.",
            "An equation needs a number on each side of the =, like 2 + 3 = 5.",
        )
        assert verdict.suggestion is None


def test_no_operation_asks_for_a_sign_between_two_cards() -> None:
    assert check("5 = 5").lines == (
        "Not yet.",
        "Put a sign like + or × between two of your cards.",
    )


def test_two_different_numbers_without_a_sign_are_not_the_same_number() -> None:
    assert check("5 = 6").lines == (
        "Not yet.",
        "Put a sign like + or × between two of your cards.",
        "5 and 6 are not the same number.",
    )


def test_two_sides_that_both_have_signs_and_differ_say_what_each_makes() -> None:
    assert check("4 + 3 = 5 + 1").lines == (
        "Not yet.",
        "There are signs on both sides of the =. Keep them on one side, like 4 + 3 = 7.",
        "The two sides are not the same: 4 + 3 makes 7, and 5 + 1 makes 6.",
    )


def test_signs_on_both_sides_give_an_example_only_when_the_left_makes_a_card() -> None:
    """The example ``like 4 + 3 = 7`` must be an equation the child could make: its answer
    a card (1 to 10), with one kind of sign."""
    keep = "There are signs on both sides of the =. Keep them on one side."
    assert check("2 − 1 = 3 − 2").lines[1] == (
        "There are signs on both sides of the =. Keep them on one side, like 2 − 1 = 1."
    )
    assert check("9 + 1 = 1 + 9").lines[1] == (
        "There are signs on both sides of the =. Keep them on one side, like 9 + 1 = 10."
    )
    assert check("3 − 3 = 1 − 1").lines[1] == keep  # makes 0: no card
    assert check("10 + 3 = 6 + 7").lines[1] == keep  # makes 13: no card
    assert check("7 ÷ 2 = 1 + 2").lines[2] == keep  # not whole, and two kinds of sign
    assert check("2 + 3 = 1 × 5").lines[2] == keep  # 5 is whole, but two kinds of sign


def test_signs_on_both_sides_use_the_childs_own_cards_for_the_example() -> None:
    like = "There are signs on both sides of the =. Keep them on one side, like 4 + 3 = 7."
    keep = "There are signs on both sides of the =. Keep them on one side."
    assert check("4 + 3 = 5 + 2", cards=[4, 3, 5, 2, 7]).lines[1] == like
    assert check("4 + 3 = 5 + 2", cards=[3, 5, 2, 7]).lines[1] == keep  # no 4 any more
    assert check("4 + 4 = 5 + 3", cards=[4, 5, 3, 8]).lines[1] == keep  # only one 4


def test_mixed_signs_name_both_signs_in_the_order_children_learn_them() -> None:
    assert check("2 × 3 + 1 = 7").lines == (
        "Not yet.",
        "This uses + and ×. Use only one kind of sign in an equation.",
    )


def test_an_operation_the_class_has_not_met_names_it_and_the_ones_to_try() -> None:
    assert check("2 × 3 = 6", operations="+-").lines == (
        "Not yet.",
        "Your class is not using × yet. Try + and −.",
    )
    assert check("8 ÷ 2 × 2 = 8", operations="+").lines[2] == (
        "Your class is not using × and ÷ yet. Try +."
    )


def test_a_class_with_no_operations_is_not_making_equations() -> None:
    verdict = check("2 × 3 = 6", operations="")
    assert verdict.lines == ("Not yet.", "Your class is not making equations right now.")


def test_only_the_red_knight_may_change_a_card() -> None:
    built = Equation.of([2, 3], "+", 5, adjusted=Adjustment(4, 5))
    assert check(built).lines == (
        "Not yet.",
        "Only the red knight can make a card count as one more or one less.",
    )


# -- The arithmetic --------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["6 ÷ 0 = 1", "1 = 6 ÷ 0"])
def test_nobody_can_share_into_zero_groups_on_either_side(text: str) -> None:
    assert check(text).lines == (
        "Not yet.",
        "Nobody can share into 0 groups, so dividing by 0 does not work.",
    )


def test_dividing_by_zero_is_said_once_and_nothing_else_is_judged() -> None:
    assert check("6 ÷ 0 = 1 ÷ 0").codes == ("operators-both-sides", "divide-by-zero")
    assert check("6 ÷ 0 = 0").codes == ("divide-by-zero",)


def test_an_uneven_share_on_the_result_first_side_says_what_is_left_over() -> None:
    assert check("3 = 7 ÷ 2").lines == (
        "Not yet.",
        "7 ÷ 2 does not share out exactly: 3 in each group, and 1 left over.",
    )


def test_an_uneven_share_on_the_right_of_two_signed_sides_is_found_too() -> None:
    assert check("4 ÷ 2 = 7 ÷ 2").lines[2] == (
        "7 ÷ 2 does not share out exactly: 3 in each group, and 1 left over."
    )


def test_a_share_smaller_than_one_is_said_without_a_remainder() -> None:
    assert check("1 = 3 ÷ 5").lines == (
        "Not yet.",
        "3 ÷ 5 is not a whole number: 5 is more than 3.",
    )


def test_a_share_of_a_running_total_smaller_than_one_says_what_made_it() -> None:
    assert check("8 ÷ 2 ÷ 5 = 1").lines[1] == (
        "8 ÷ 2 makes 4. 4 ÷ 5 is not a whole number: 5 is more than 4."
    )


def test_a_share_of_a_card_after_a_running_total_names_the_first_uneven_step() -> None:
    # 9 ÷ 2 is the first uneven share: it is a card, so no running total is named.
    assert check("9 ÷ 2 ÷ 3 = 1").lines[1] == (
        "9 ÷ 2 does not share out exactly: 4 in each group, and 1 left over."
    )


def test_a_long_running_total_names_every_card_before_it() -> None:
    assert check("16 ÷ 2 ÷ 2 ÷ 3 = 1").lines[1] == (
        "16 ÷ 2 ÷ 2 makes 4. 4 ÷ 3 does not share out exactly: 1 in each group, and 1 left over."
    )


def test_a_running_total_is_named_only_for_the_step_it_made() -> None:
    # The uneven share is the first step: its 2 is a card, so nothing "makes" it.
    assert check("2 ÷ 5 ÷ 2 = 1").lines[1] == "2 ÷ 5 is not a whole number: 5 is more than 2."


def test_taking_away_too_much_on_the_result_first_side_names_the_cards() -> None:
    assert check("5 = 3 − 8").lines[1] == (
        "3 − 8 would go below 0, and no card is below 0. Start with the bigger number."
    )


def test_taking_away_too_much_from_a_long_running_total() -> None:
    assert check("9 − 2 − 3 − 7 = 1").lines[1] == (
        "9 − 2 − 3 makes 4. 4 − 7 would go below 0, and no card is below 0."
    )


def test_a_false_sum_on_the_right_says_what_it_makes() -> None:
    assert check("6 = 2 + 3").lines == (
        "Not yet.",
        "2 + 3 makes 5, not 6.",
        "2 + 3 = 5 is true.",
    )


def test_a_false_equation_with_one_side_below_zero_gives_no_steps() -> None:
    assert check("3 − 8 = 5").steps == ()
    assert check("3 − 8 = 5").suggestion is None


# -- The cards a child has -------------------------------------------------------------------


def test_a_card_the_child_has_none_of_is_named() -> None:
    assert check("2 + 3 = 7", cards=[1]).lines == (
        "Not yet.",
        "2 + 3 makes 5, not 7.",
        "You have no card with 2.",
        "You have no card with 3.",
        "You have no card with 7.",
    )


def test_too_few_copies_of_a_card_say_how_many_are_needed_and_had() -> None:
    verdict = check("3 + 3 + 3 = 9", cards=[3, 9])
    assert verdict.lines[1] == "You need 3 cards with 3, but you have 1."
    assert check("3 + 3 + 3 = 9", cards=[3, 3, 9]).lines[1] == (
        "You need 3 cards with 3, but you have 2."
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "Нужны 2 карты с числом 3, а у тебя только 1."),
        ("nb", "Du trenger 2 kort med 3, men du har bare 1."),
    ],
)
def test_too_few_copies_are_said_in_each_language(lang: str, said: str) -> None:
    with language(lang):
        assert check("2 + 3 + 3 = 8", cards=[2, 3, 8]).lines[1] == said


def test_every_missing_card_is_named_smallest_first() -> None:
    assert check("9 + 1 = 10", cards=[5]).codes == ("missing-card",) * 3
    assert check("9 + 1 = 10", cards=[5]).lines[1:] == (
        "You have no card with 1.",
        "You have no card with 9.",
        "You have no card with 10.",
    )


# -- The red knight -------------------------------------------------------------------------


def test_the_red_knight_takes_the_card_one_less_before_the_card_one_more() -> None:
    verdict = check("2 + 3 = 5", cards=[2, 3, 4, 6], adjust=True)
    assert verdict.adjusted == Adjustment(card=4, value=5)
    assert verdict.cards_used == (2, 3, 4)
    assert verdict.lines == (
        "Yes! 2 + 3 = 5 works.",
        "Both sides are 5 ✓",
        "Your red knight made the 4 count as 5.",
    )


def test_the_red_knight_takes_the_card_one_more_when_there_is_none_less() -> None:
    verdict = check("2 + 3 = 5", cards=[2, 3, 6], adjust=True)
    assert verdict.adjusted == Adjustment(card=6, value=5)
    assert verdict.cards_used == (2, 3, 6)


def test_the_red_knight_can_make_a_one_count_as_two() -> None:
    verdict = check("2 + 3 = 5", cards=[1, 3, 5], adjust=True)
    assert verdict.ok
    assert verdict.adjusted == Adjustment(card=1, value=2)
    assert verdict.cards_used == (1, 3, 5)


def test_the_red_knight_can_make_a_two_count_as_one() -> None:
    verdict = check("1 + 3 = 4", cards=[2, 3, 4], adjust=True)
    assert verdict.adjusted == Adjustment(card=2, value=1)


def test_the_red_knight_cannot_supply_a_zero() -> None:
    verdict = check("5 − 0 = 5", cards=[1, 5, 5], adjust=True)
    assert verdict.adjusted is None
    assert verdict.lines[1] == "You have no card with 0."


def test_the_red_knight_needs_a_card_one_away() -> None:
    verdict = check("4 + 5 = 9", cards=[4, 5, 3], adjust=True)
    assert verdict.adjusted is None
    assert verdict.lines == ("Not yet.", "You have no card with 9.")


def test_the_red_knight_does_not_lend_a_card_the_equation_uses_already() -> None:
    # 4 + 1 = 5: the 4 could count as 5, but it is the equation's own 4; a second 4 can.
    verdict = check("4 + 1 = 5", cards=[4, 1], adjust=True)
    assert verdict.adjusted is None
    assert verdict.lines == ("Not yet.", "You have no card with 5.")
    verdict = check("4 + 1 = 5", cards=[4, 1, 4], adjust=True)
    assert verdict.adjusted == Adjustment(card=4, value=5)
    assert verdict.cards_used == (4, 1, 4)


def test_the_red_knight_changes_a_built_equation_only_once() -> None:
    built = Equation.of([2, 3], "+", 5, adjusted=Adjustment(4, 5))
    verdict = check(built, cards=[2, 4, 6], adjust=True)
    assert verdict.adjusted == Adjustment(4, 5)
    assert verdict.lines[1] == "You have no card with 3."


# -- What is worth learning from a right answer ---------------------------------------------


def test_factor_pairs_include_a_square_and_skip_the_childs_own_pair() -> None:
    assert check("2 × 8 = 16").lines[2] == "16 is also 4 × 4."
    assert check("4 × 4 = 16").lines[2] == "16 is also 2 × 8."
    assert check("8 × 2 = 16").lines[2] == "16 is also 4 × 4."


def test_factor_pairs_use_only_card_numbers_up_to_ten() -> None:
    assert check("2 × 10 = 20").lines[2] == "20 is also 4 × 5."
    assert check("3 × 11 = 33").lines == ("Yes! 3 × 11 = 33 works.", "Both sides are 33 ✓")
    assert check("10 × 10 = 100").lines == (
        "Yes! 10 × 10 = 100 works.",
        "Both sides are 100 ✓",
    )


def test_one_and_a_prime_have_no_other_factor_pairs() -> None:
    assert check("1 × 1 = 1").lines == ("Yes! 1 × 1 = 1 works.", "Both sides are 1 ✓")
    assert check("1 × 7 = 7").lines == ("Yes! 1 × 7 = 7 works.", "Both sides are 7 ✓")


def test_three_factors_are_walked_and_their_product_split_into_pairs() -> None:
    assert check("2 × 2 × 3 = 12").lines == (
        "Yes! 2 × 2 × 3 = 12 works.",
        "2 × 2 = 4, then 4 × 3 = 12.",
        "Both sides are 12 ✓",
        "12 is also 2 × 6 and 3 × 4.",
    )


def test_a_result_first_division_is_checked_by_multiplying_back() -> None:
    assert check("3 = 6 ÷ 2").lines == (
        "Yes! 3 = 6 ÷ 2 works.",
        "6 ÷ 2 = 3.",
        "Both sides are 3 ✓",
        "6 ÷ 2 = 3, because 3 × 2 = 6.",
    )


def test_a_sum_has_no_reverse_line() -> None:
    assert check("2 + 3 = 5").lines == ("Yes! 2 + 3 = 5 works.", "Both sides are 5 ✓")


def test_a_false_equation_of_one_step_is_not_walked() -> None:
    assert check("2 × 3 = 7").steps == ()
    assert check("7 = 2 × 3").steps == ()


def test_the_red_knights_line_comes_before_the_reverse_operation() -> None:
    verdict = check("8 − 3 = 5", cards=[8, 3, 4], adjust=True)
    assert verdict.lines == (
        "Yes! 8 − 3 = 5 works.",
        "Both sides are 5 ✓",
        "Your red knight made the 4 count as 5.",
        "8 − 3 = 5, because 5 + 3 = 8.",
    )


# -- The near miss ---------------------------------------------------------------------------


def test_without_cards_the_near_miss_is_offered_only_for_an_untrue_equation() -> None:
    assert check("2 + 2 = 5", cards=None).suggested == Equation.of([2, 2], "+", 4)
    assert check("7 ÷ 2 = 3").suggestion is None  # not whole: no true version
    assert check("4 + 3 = 5 + 2").suggestion is None  # no single result side
    assert check("2 × 3 = 6", operations="+").suggestion is None


def test_without_cards_a_true_version_is_named_only_when_a_card_could_show_it() -> None:
    # Cards go from 1 to 10: "3 − 3 = 0 is true" or "10 + 3 = 13 is true" names no card.
    assert check("5 + 5 = 1").suggestion == "5 + 5 = 10 is true."
    assert check("1 × 1 = 2").suggestion == "1 × 1 = 1 is true."
    assert check("3 − 3 = 1").suggestion is None
    assert check("6 + 5 = 1").suggestion is None
    assert check("6 + 5 = 1").suggested is None


def test_with_cards_that_make_nothing_there_is_no_near_miss() -> None:
    verdict = check("2 + 3 = 7", cards=[2, 3, 7])
    assert verdict.suggestion is None
    assert verdict.suggested is None


def test_the_near_miss_prefers_an_equation_without_the_red_knight() -> None:
    # 2 × 3 = 6 needs no knight; 2 + 3 = 5 with the 4 counting as 5 would keep the + too.
    verdict = check("2 + 3 = 7", cards=[2, 3, 4, 6], adjust=True)
    assert verdict.suggested == Equation.of([2, 3], "×", 6)
    assert verdict.suggestion == "With your 6: 2 × 3 = 6 works!"


def test_the_near_miss_uses_the_red_knight_when_nothing_else_works() -> None:
    verdict = check("3 × 3 = 7", cards=[3, 3, 8], adjust=True)
    assert verdict.suggested == Equation.of([3, 3], "×", 9, adjusted=Adjustment(8, 9))
    assert verdict.suggestion == "Your red knight can make the 8 count as 9: 3 × 3 = 9 works!"


def test_the_near_miss_shares_the_most_cards_with_the_try() -> None:
    verdict = check("3 + 3 = 7", cards=[3, 3, 6, 7, 4])
    assert verdict.suggestion == "With your 4: 3 + 4 = 7 works!"


def test_the_near_miss_keeps_the_childs_sign_when_it_can() -> None:
    # 2 + 3 = 5 and 2 × 3 = 6 share two cards each with the try; its sign decides.
    assert check("2 + 3 = 7", cards=[2, 3, 5, 6]).suggestion == "With your 5: 2 + 3 = 5 works!"
    assert check("2 × 3 = 7", cards=[2, 3, 5, 6]).suggestion == "With your 6: 2 × 3 = 6 works!"


def test_the_near_miss_keeps_the_childs_result_when_it_can() -> None:
    # 10 − 4 = 6 and 9 − 4 = 5 share two cards and the sign; 5 is the result the child wanted.
    verdict = check("10 − 4 = 5", cards=[10, 4, 5, 6, 9])
    assert verdict.suggestion == "With your 9: 9 − 4 = 5 works!"


def test_the_near_miss_names_the_smallest_new_card() -> None:
    verdict = check("9 + 9 = 1", cards=[2, 3, 5, 6])
    assert verdict.suggestion == "With your 2: 2 + 3 = 5 works!"


def test_the_near_miss_names_a_new_sign_when_the_cards_are_the_childs() -> None:
    verdict = check("5 = 2 × 3", cards=[2, 3, 5, 6])
    assert verdict.suggestion == "Try +: 2 + 3 = 5 works!"


def test_the_near_miss_of_the_same_cards_and_sign_is_just_the_equation() -> None:
    verdict = check("3 − 5 = 2", cards=[2, 3, 5])
    assert verdict.suggestion == "5 − 3 = 2 works!"
    assert verdict.suggested == Equation.of([5, 3], "−", 2)


def test_the_red_knights_near_miss_keeps_the_numbers_the_child_wrote() -> None:
    # 2 + 3 = 7 with a 2, a 3 and a 4: the knight can make the 4 count as 5 and keep the
    # child's 2 + 3, rather than turn the 2 into a 1 (1 + 3 = 4) or the 3 into a 2.
    verdict = check("2 + 3 = 7", cards=[2, 3, 4], adjust=True)
    assert verdict.suggested == Equation.of([2, 3], "+", 5, adjusted=Adjustment(4, 5))
    assert verdict.suggestion == "Your red knight can make the 4 count as 5: 2 + 3 = 5 works!"


# -- Edges that a changed comparison would move ----------------------------------------------


def test_an_equation_built_from_cards_is_shown_as_its_own_text() -> None:
    verdict = check(Equation.of([2, 3], "+", 5))
    assert verdict.text == "2 + 3 = 5"
    assert verdict.headline == "Yes! 2 + 3 = 5 works."


def test_an_unreadable_text_of_forty_one_characters_is_cut_too() -> None:
    text = "1 + " * 10 + "+"
    assert len(text) == 41
    assert check(text).text == text[:40] + "…"


def test_signs_on_both_sides_give_the_example_when_the_hand_is_exactly_those_cards() -> None:
    assert check("4 + 3 = 5 + 2", cards=[4, 3, 7]).lines[1] == (
        "There are signs on both sides of the =. Keep them on one side, like 4 + 3 = 7."
    )


def test_taking_away_everything_makes_zero_and_is_no_mistake_of_order() -> None:
    assert check("5 − 5 = 1").lines == ("Not yet.", "5 − 5 makes 0, not 1.")
    assert check("3 − 3 = 0").lines == (
        "Yes! 3 − 3 = 0 works.",
        "Both sides are 0 ✓",
        "3 − 3 = 0, because 0 + 3 = 3.",
    )


def test_no_steps_are_walked_when_a_share_is_uneven_or_a_total_goes_below_zero() -> None:
    # The walk would show 6 ÷ 4 = 3/2 or 2 − 5 = −3: numbers no card shows.
    assert check("12 ÷ 2 ÷ 4 = 1").lines == (
        "Not yet.",
        "12 ÷ 2 makes 6. 6 ÷ 4 does not share out exactly: 1 in each group, and 2 left over.",
    )
    assert check("4 − 2 − 5 = 1").lines == (
        "Not yet.",
        "4 − 2 makes 2. 2 − 5 would go below 0, and no card is below 0.",
    )


def test_factor_pairs_may_use_a_ten_but_not_an_eleven() -> None:
    assert check("4 × 5 = 20").lines[2] == "20 is also 2 × 10."
    assert check("2 × 22 = 44").lines == ("Yes! 2 × 22 = 44 works.", "Both sides are 44 ✓")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_difference_below_zero_is_called_impossible_in_any_language(lang: str) -> None:
    """ "You can't take 8 from 3" is a rule that expires: children meet numbers below 0
    later. Over every pair of cards and every running total, in every language, what is said
    is that the difference would go below 0, never that it cannot be done."""
    forbidden = {"en": ("can't", "cannot"), "ru": ("нельзя",), "nb": ("kan ikke", "går ikke")}
    below_zero = {"en": "below 0", "ru": "ниже нуля", "nb": "under 0"}[lang]
    said: set[str] = set()
    with language(lang):
        for a in range(0, 21):
            for b in range(a + 1, 21):
                for text in (f"{a} − {b} = 1", f"1 = {a} − {b}", f"{a + 2} − 2 − {b} = 0"):
                    lines = check(text).lines
                    assert not any(word in line for line in lines for word in forbidden[lang])
                    below = [line for line in lines if f"{a} − {b} " in line and below_zero in line]
                    assert below, (text, lines)
                    said.update(below)
    english = {check(f"{a} − {b} = 1").lines[1] for a in range(0, 21) for b in range(a + 1, 21)}
    assert all(line.endswith("Start with the bigger number.") for line in english)
    assert len(said) >= 2 * len(english)
