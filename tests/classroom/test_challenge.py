"""The class challenge's rounds: every equation a deal allows, finds per child, mistakes by
the checker's problem code, and nothing that names a child who made a mistake."""

from __future__ import annotations

import pytest

from sq2edu.classroom.domain.challenge import (
    Find,
    Round,
    WrongTry,
    challenge_levels,
    deal_round,
    judge,
    largest_card,
    nearest_level,
    own_finds,
    read_cards,
    step_level,
    tally,
)
from sq2edu.equations import solve
from sq2edu.i18n import language

ROUND = Round(number=1, cards=(2, 3, 5, 6, 8), operations="+−×÷")


def test_a_round_allows_every_equation_the_solver_finds() -> None:
    assert [str(e) for e in ROUND.equations] == [str(e) for e in solve([2, 3, 5, 6, 8])]
    assert "2 + 6 = 8" in ROUND.keys
    assert "6 ÷ 3 = 2" in ROUND.keys


def test_a_find_counts_once_per_child_however_it_is_written() -> None:
    finds = [
        Find("Mia", "2 + 6 = 8"),
        Find("Mia", "6 + 2 = 8"),
        Find("Ola", "6+2=8"),
        Find("Ola", "2 × 3 = 6"),
    ]
    board = tally(ROUND, finds, [])
    tiles = {tile.text: tile for tile in board.tiles}
    assert tiles["2 + 6 = 8"].finders == 2
    assert tiles["2 × 3 = 6"].finders == 1
    assert board.found == 2
    assert board.total == len(ROUND.equations)
    assert own_finds(board, "Mia") == ("2 + 6 = 8",)
    assert own_finds(board, "Ola") == ("2 + 6 = 8", "2 × 3 = 6")
    assert len(board.unfound) == board.total - 2


def test_names_are_on_tiles_only_when_the_teacher_shows_them() -> None:
    finds = [Find("Mia", "2 + 6 = 8"), Find("Ola", "6 + 2 = 8")]
    hidden = tally(ROUND, finds, [])
    assert all(tile.names == () for tile in hidden.tiles)
    shown = tally(Round(1, ROUND.cards, ROUND.operations, names=True), finds, [])
    assert shown.tiles[[t.text for t in shown.tiles].index("2 + 6 = 8")].names == ("Mia", "Ola")


def test_wrong_tries_are_grouped_by_the_checkers_code_most_children_first() -> None:
    wrong = [
        WrongTry("Mia", "8 − 2 = 6 + 0", "mixed-operations"),
        WrongTry("Ola", "8-2=6+0", "mixed-operations"),
        WrongTry("Ola", "8 - 2 = 6 + 0", "mixed-operations"),
        WrongTry("Ida", "8 − 2 = 6 + 0", "mixed-operations"),
        WrongTry("Ida", "2 + 3 = 6", "not-true"),
        WrongTry("Ali", "2 + 5 = 7", "missing-card"),
        WrongTry("Ali", "2 + 6 = 9", "not-true"),
        WrongTry("Eva", "5 × 8 = 40", "missing-card"),
        WrongTry("Eva", "hello Mia", "syntax"),
    ]
    board = tally(ROUND, [], wrong)
    assert [(m.code, m.children) for m in board.mistakes] == [
        ("mixed-operations", 3),
        ("missing-card", 2),
        ("not-true", 2),
    ]
    first = board.mistakes[0]
    assert first.example == "8 − 2 = 6 + 0"
    assert first.tries == 4
    assert first.example_children == 3
    # A try the checker could not read is never an example: it may say anything.
    assert all("Mia" not in m.example for m in board.mistakes)
    assert board.joined == ("Mia", "Ola", "Ida", "Ali", "Eva")
    assert board.found_none == board.joined
    assert "sign" in first.why(ROUND)


def test_a_mistake_is_explained_in_the_active_language() -> None:
    mistake = tally(ROUND, [], [WrongTry("Mia", "2 + 3 = 6", "not-true")]).mistakes[0]
    with language("nb"):
        norwegian = mistake.why(ROUND)
    assert "5" in norwegian
    assert norwegian != mistake.why(ROUND)


def test_an_unfound_equation_has_the_checkers_worked_explanation() -> None:
    board = tally(ROUND, [], [])
    division = next(tile for tile in board.unfound if tile.text == "6 ÷ 3 = 2")
    worked = division.worked(ROUND)
    assert any("2 × 3 = 6" in line or "3 × 2 = 6" in line for line in worked)


def test_who_found_none_is_who_tried_and_found_nothing() -> None:
    board = tally(
        ROUND,
        [Find("Mia", "2 + 6 = 8")],
        [WrongTry("Ola", "2 + 3 = 6", "not-true"), WrongTry("Mia", "2 + 3 = 6", "not-true")],
    )
    assert board.joined == ("Mia", "Ola")
    assert board.found_none == ("Ola",)


def test_the_checker_judges_with_the_rounds_cards_and_signs() -> None:
    only_adding = Round(1, (2, 3, 5, 6), "+")
    assert judge(only_adding, "2 + 3 = 5").ok
    assert judge(only_adding, "2 × 3 = 6").codes[0] == "operation-not-allowed"
    assert judge(only_adding, "4 + 1 = 5").codes[-1] == "missing-card"
    assert judge(only_adding, "__import__('os')" * 10).codes == ("syntax",)


@pytest.mark.parametrize(
    ("text", "cards"),
    [("2 3 5 6 8", (2, 3, 5, 6, 8)), ("8, 6,2 ;3", (2, 3, 6, 8)), (" 10 1 1 ", (1, 1, 10))],
)
def test_typed_cards_are_read(text: str, cards: tuple[int, ...]) -> None:
    assert read_cards(text) == cards


@pytest.mark.parametrize("text", ["", "2 3", "2 3 x", "2 3 -4", "1 2 3 4 5 6 7 8 9 10 1", "2 3 ٣"])
def test_typed_cards_that_cannot_be_dealt_are_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError, match=r"[A-Z][a-z]+ .*"):
        read_cards(text)


def test_typed_cards_that_make_nothing_are_refused() -> None:
    with pytest.raises(ValueError, match="no equation"):
        deal_round("typed", typed="1 4 9")


def test_a_level_deals_a_round_of_its_signs_that_the_class_can_share() -> None:
    for level in challenge_levels():
        dealt = deal_round("level", 3, level=level.key, seed=7)
        assert dealt.number == 3
        assert dealt.level == level.key
        assert dealt.source == "level"
        assert set(dealt.operations) <= set(level.operations)
        assert 1 <= len(dealt.equations) <= 16, (level.key, dealt.cards)
    assert deal_round("level", level="tables-10", seed=1) == deal_round(
        "level", level="tables-10", seed=1
    )


def test_the_class_settings_deal_the_rescues_cards_with_the_class_signs() -> None:
    dealt = deal_round("class", operations="+−", seed=3)
    assert dealt.level == "rescue"
    assert dealt.operations == "+−"
    assert all(card <= 10 for card in dealt.cards)
    assert {e.operation.value for e in dealt.equations if e.operation} <= {"+", "−"}


def test_a_level_without_the_class_signs_is_refused() -> None:
    with pytest.raises(ValueError, match="signs"):
        deal_round("level", level="tables-10", operations="+")


def test_next_round_steps_up_or_down_between_the_levels_that_make_equations() -> None:
    keys = [level.key for level in challenge_levels()]
    assert "remainders" not in keys
    assert "missing" not in keys
    assert step_level(keys[0], -1) == keys[0]
    assert step_level(keys[0], 1) == keys[1]
    assert step_level(keys[-1], 1) == keys[-1]
    with pytest.raises(KeyError):
        step_level("missing", 1)


@pytest.mark.parametrize(
    ("typed", "signs", "level"),
    [
        ("1 2 3 4 5", "+−", "bonds-10"),  # sums within 10: the number bonds
        ("3 4 7 10", "+−", "bonds-10"),
        ("2 3 5 6 8", "+−×÷", "rescue"),  # all four signs, sums of three: the Rescue's deal
        ("2 4 6 8", "×÷", "rescue"),  # the tables of 2 have 2 × 4 = 8, the Rescue its divisions too
    ],
)
def test_typed_cards_are_nearest_the_level_that_deals_the_most_of_their_equations(
    typed: str, signs: str, level: str
) -> None:
    round_ = deal_round("typed", typed=typed, operations=signs)
    assert nearest_level(round_) == level


def test_typed_cards_whose_equations_no_level_deals_take_the_easiest_level_reaching_them() -> None:
    # 1 × 1 = 1 and 1 ÷ 1 = 1 teach no table: no level deals them.
    round_ = Round(1, (1, 1, 1), "×÷")
    assert round_.equations
    assert nearest_level(round_) == "bonds-10"


def test_typed_cards_go_as_high_as_a_level_deals_and_out_of_range_ones_are_named() -> None:
    """Typed cards stopped at 10 while the levels deal 11, 16, 20 and more."""
    for level in challenge_levels():
        for seed in range(20):
            dealt = deal_round("level", level=level.key, seed=seed).cards
            assert read_cards(" ".join(map(str, dealt))) == dealt
    assert read_cards("4 11 16 20") == (4, 11, 16, 20)
    assert deal_round("typed", typed="4 5 11 16 20").equations
    high = largest_card()
    assert read_cards(f"1 2 {high}") == (1, 2, high)
    for typed, named in [("0 3 5", "not 0"), (f"3 5 {high + 1}", f"not {high + 1}")]:
        with pytest.raises(ValueError, match=f"from 1 to {high}; {named}"):
            read_cards(typed)
