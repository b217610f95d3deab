"""Finding every equation a hand can make."""

from __future__ import annotations

import pytest

from sq2edu.equations import Adjustment, check, solve


def texts(cards: list[int], operations: str = "+-×÷", adjust: bool = False) -> list[str]:
    return [equation.text for equation in solve(cards, operations, adjust)]


def test_solve_lists_each_equation_once_in_standard_form() -> None:
    assert texts([2, 3, 5, 6]) == [
        "2 + 3 = 5",
        "5 − 2 = 3",
        "5 − 3 = 2",
        "2 × 3 = 6",
        "6 ÷ 2 = 3",
        "6 ÷ 3 = 2",
    ]


def test_commuted_operands_are_the_same_equation_but_reversed_subtractions_are_not() -> None:
    found = texts([3, 5, 8])
    assert found.count("3 + 5 = 8") == 1
    assert "5 + 3 = 8" not in found
    assert "8 − 3 = 5" in found
    assert "8 − 5 = 3" in found


def test_most_cards_come_first() -> None:
    found = solve([2, 3, 3, 8, 5, 6])
    sizes = [len(equation.numbers) for equation in found]
    assert sizes == sorted(sizes, reverse=True)
    assert found[0].text == "2 + 3 + 3 = 8"


def test_solve_respects_the_allowed_operations() -> None:
    assert texts([2, 3, 5, 6], operations="+") == ["2 + 3 = 5"]
    assert texts([2, 3, 5, 6], operations="×÷") == ["2 × 3 = 6", "6 ÷ 2 = 3", "6 ÷ 3 = 2"]
    assert texts([2, 3, 5, 6], operations="") == []


def test_a_multiset_needs_two_cards_for_two_of_a_number() -> None:
    assert "3 + 3 = 6" not in texts([3, 6])
    assert "3 + 3 = 6" in texts([3, 3, 6])


def test_ones_make_equations_too() -> None:
    found = texts([1, 5, 5])
    assert found == ["1 × 5 = 5", "5 ÷ 1 = 5", "5 ÷ 5 = 1"]


def test_nothing_to_find() -> None:
    assert solve([]) == []
    assert solve([7]) == []
    assert texts([1, 9, 9]) == ["1 × 9 = 9", "9 ÷ 1 = 9", "9 ÷ 9 = 1"]
    assert solve([4, 9, 10]) == []


def test_red_knight_equations_carry_their_adjustment() -> None:
    found = {equation.text: equation for equation in solve([2, 3, 4], "+", adjust=True)}
    assert found["2 + 3 = 5"].adjusted == Adjustment(card=4, value=5)
    assert found["2 + 2 = 4"].adjusted == Adjustment(card=3, value=2)
    assert all(equation.adjusted is not None for equation in found.values())


def test_red_knight_prefers_no_change_when_none_is_needed() -> None:
    found = {equation.text: equation for equation in solve([2, 3, 4, 5], "+", adjust=True)}
    assert found["2 + 3 = 5"].adjusted is None


def test_red_knight_does_not_make_a_zero() -> None:
    assert all(0 not in equation.numbers for equation in solve([1, 2, 3], adjust=True))


@pytest.mark.parametrize("cards", [[2, 3, 5, 6], [1, 1, 2, 4, 8], [3, 3, 3, 9, 1, 6]])
@pytest.mark.parametrize("adjust", [False, True])
def test_everything_solve_finds_passes_check(cards: list[int], adjust: bool) -> None:
    for equation in solve(cards, adjust=adjust):
        verdict = check(equation, cards=cards, adjust=adjust)
        assert verdict.ok, (equation.text, verdict.codes)
        assert sorted(verdict.cards_used) == sorted(equation.cards)
