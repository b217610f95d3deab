"""The hint ladder: a nudge, which cards, a worked example; and kind words when nothing fits."""

from __future__ import annotations

from sq2edu.equations import check, hints


def test_the_ladder_climbs_from_a_nudge_to_a_worked_example() -> None:
    nudge, which, worked = hints([2, 3, 6, 7])
    assert [nudge.level, which.level, worked.level] == [1, 2, 3]
    assert (
        nudge.text
        == "You can make an equation with ×. Look for cards that multiply to another card."
    )
    assert nudge.cards == ()
    assert which.text == "Try the 2, the 3 and the 6."
    assert worked.equation is not None
    assert worked.equation.text == "2 × 3 = 6"
    assert worked.text.startswith("Here is one: 2 × 3 = 6")
    assert "Both sides are 6 ✓" in worked.text
    assert check(worked.equation, cards=[2, 3, 6, 7]).ok


def test_the_ladder_prefers_the_sign_children_learn_first() -> None:
    assert hints([2, 3, 5, 6])[2].equation.text == "2 + 3 = 5"  # type: ignore[union-attr]


def test_the_ladder_only_uses_the_allowed_operations() -> None:
    ladder = hints([2, 3, 5, 6], operations="×÷")
    assert ladder[0].text.startswith("You can make an equation with ×")
    assert ladder[2].equation is not None
    assert ladder[2].equation.operation is not None
    assert ladder[2].equation.operation.value in "×÷"


def test_when_nothing_fits_the_ladder_is_kind_and_names_a_helpful_card() -> None:
    nudge, which, worked = hints([4, 9, 10])
    assert not nudge.possible
    assert nudge.text == "No equation with these cards yet. That's OK!"
    assert which.text == "A card with 1 would help."
    assert worked.text == "With a card with 1, you could make 1 + 9 = 10."
    assert worked.equation is not None
    assert check(worked.equation, cards=[4, 9, 10, 1]).ok


def test_too_few_cards_for_any_equation() -> None:
    ladder = hints([7])
    assert not ladder[0].possible
    assert "at least three number cards" in ladder[1].text


def test_red_knight_hints() -> None:
    ladder = hints([2, 3, 4], operations="+", adjust=True)
    assert ladder[0].possible
    assert ladder[2].equation is not None
    assert ladder[2].equation.adjusted is not None
    assert (
        ladder[1].text == "Try the 2, the 3 and the 4. Your red knight can make the 2 count as 1."
    )
    assert "Your red knight made the 2 count as 1." in ladder[2].text


def test_a_helpful_card_the_child_already_holds_is_asked_for_again() -> None:
    # With a 3 in hand, "a card with 3 would help" reads as if the 3 were not there.
    ladder = hints([3, 6, 10])
    assert ladder[1].text == "Another card with 3 would help."
    assert ladder[2].text == "With another card with 3, you could make 3 + 3 = 6."


def test_a_helpful_card_the_child_lacks_is_asked_for_plainly() -> None:
    ladder = hints([4, 9, 10])
    assert ladder[1].text == "A card with 1 would help."
