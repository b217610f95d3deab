"""The mastery scale, rule by rule (see sq2edu/progress/mastery.py)."""

from __future__ import annotations

import pytest

from sq2edu.classroom import SKILLS, Attempt, Level, mastery, mastery_grid, skill_of


def tries(*results: bool, text: str = "2 + 3 = 5", hint_level: int = 0) -> list[Attempt]:
    """Attempts, newest first; a wrong one is wrong in its arithmetic, as the checker says."""
    return [
        Attempt("Mia", text, ok, () if ok else ("not-true",), hint_level=hint_level)
        for ok in results
    ]


@pytest.mark.parametrize(
    ("text", "skill"),
    [
        ("2 + 3 = 5", "addition-two"),
        ("8 = 2 + 3 + 3", "addition-more"),
        ("8 − 3 = 5", "subtraction-two"),
        ("2 × 3 = 6", "multiplication-two"),
        ("12 ÷ 2 ÷ 3 = 2", "division-more"),
        ("2 + 3 = 6", "addition-two"),
        ("5 × 2 − 8 = 2", None),
        ("2 + a", None),
    ],
)
def test_each_attempt_practises_one_skill(text: str, skill: str | None) -> None:
    assert skill_of(text) == skill
    if skill:
        assert skill in SKILLS


def test_not_started_and_attempted() -> None:
    assert mastery([], "addition-two").level is Level.NOT_STARTED
    assert mastery(tries(False), "addition-two").level is Level.ATTEMPTED


def test_familiar_needs_three_tries_and_sixty_percent() -> None:
    assert mastery(tries(True, True, False), "addition-two").level is Level.FAMILIAR
    assert mastery(tries(True, False, False), "addition-two").level is Level.ATTEMPTED


def test_proficient_needs_five_tries_and_eighty_percent() -> None:
    assert mastery(tries(True, True, True, True, False), "addition-two").level is Level.PROFICIENT
    assert mastery(tries(True, True, True, False, False), "addition-two").level is Level.FAMILIAR


def test_mastered_needs_eight_tries_ninety_percent_and_the_last_three_right() -> None:
    nine_of_ten = tries(True, True, True, True, True, True, True, True, True, False)
    assert mastery(nine_of_ten, "addition-two").level is Level.MASTERED
    slipped = tries(False, True, True, True, True, True, True, True, True, True)
    assert mastery(slipped, "addition-two").level is Level.PROFICIENT


def test_only_the_last_ten_count_so_mastery_must_be_kept_up() -> None:
    history = tries(*([False] * 5 + [True] * 20))
    assert mastery(history, "addition-two").level is Level.ATTEMPTED


def test_a_right_answer_after_the_worked_example_is_not_ones_own() -> None:
    helped = tries(True, True, True, True, True, hint_level=3)
    assert mastery(helped, "addition-two").level is Level.ATTEMPTED
    nudged = tries(True, True, True, True, True, hint_level=2)
    assert mastery(nudged, "addition-two").level is Level.PROFICIENT


def test_skills_are_kept_apart() -> None:
    mixed = tries(True, True, True) + tries(False, text="6 ÷ 4 = 1")
    assert mastery(mixed, "addition-two").level is Level.FAMILIAR
    assert mastery(mixed, "division-two").level is Level.ATTEMPTED


def test_the_grid_covers_every_student_and_skill() -> None:
    attempts = [
        Attempt("Mia", "2 + 3 = 5", True),
        Attempt("Leo", "2 × 3 = 7", False, ("not-true",)),
    ]
    grid = mastery_grid(attempts)
    assert set(grid) == {"Mia", "Leo"}
    assert set(grid["Mia"]) == set(SKILLS)
    assert grid["Leo"]["multiplication-two"].level is Level.ATTEMPTED
    assert grid["Leo"]["addition-two"].level.words == "not started"


def test_a_slip_of_the_game_rules_does_not_count_against_the_skill() -> None:
    """2 + 3 = 5 without a 5 card is right adding: only wrong arithmetic counts against +."""
    slips = [
        Attempt("Mia", "2 + 3 = 5", False, ("missing-card",)),
        Attempt("Mia", "2 + 3 = 5", False, ("missing-card",)),
        Attempt("Mia", "4 + 4 = 8", False, ("operation-not-allowed",)),
    ]
    right = [Attempt("Mia", "2 + 3 = 5", True) for _ in range(3)]
    found = mastery([*slips, *right], "addition-two")
    assert (found.attempts, found.right, found.level) == (3, 3, Level.FAMILIAR)
    wrong_sum = mastery([Attempt("Mia", "2 + 3 = 6", False, ("not-true",)), *right], "addition-two")
    assert (wrong_sum.attempts, wrong_sum.right) == (4, 3)
