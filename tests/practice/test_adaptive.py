"""The next deal from a child's history: the adaptive choice on scripted histories."""

from __future__ import annotations

from collections import Counter

from sq2edu.practice import (
    LEVELS,
    REVIEW_EVERY,
    RUN_BACK,
    RUN_UP,
    level_range,
    next_deal,
    place,
    stars,
)
from sq2edu.progress.records import Attempt


def _attempt(
    text: str, ok: bool, level: str, codes: tuple[str, ...] = (), hint: int = 0
) -> Attempt:
    return Attempt("Mia", text, ok, codes, level=level, hint_level=hint, where="lab")


def _newest_first(*attempts: Attempt) -> list[Attempt]:
    return list(reversed(attempts))


def test_a_new_child_starts_with_the_first_skill_of_the_level() -> None:
    # Subtraction waits until adding is familiar.
    skills = Counter(next_deal("bonds-10", seed=seed).skill for seed in range(40))
    assert skills == {"addition-two": 40}


def test_a_skill_is_dealt_once_its_prerequisite_is_familiar() -> None:
    adding = [_attempt("3 + 4 = 7", True, "bonds-10") for _ in range(3)]
    skills = Counter(next_deal("bonds-10", adding, seed=seed).skill for seed in range(40))
    assert skills["subtraction-two"] > 30


def test_the_weakest_ready_skill_comes_first() -> None:
    history = _newest_first(
        *[_attempt("6 × 7 = 42", True, "rescue") for _ in range(6)],
        *[_attempt("2 + 3 = 5", True, "rescue") for _ in range(6)],
        _attempt("8 ÷ 2 = 3", False, "rescue", ("not-true",)),
        _attempt("9 − 3 = 6", True, "rescue"),
    )
    skills = Counter(next_deal("rescue", history, seed=seed).skill for seed in range(60))
    # Division is weak and ready (multiplication is proficient); added numbers are not
    # the weakest.
    assert skills.most_common(1)[0][0] in {"division-two", "addition-more", "subtraction-more"}
    assert skills["addition-two"] == 0
    assert skills["multiplication-two"] == 0


def test_a_run_of_division_mistakes_leads_back_to_the_times_tables() -> None:
    mistakes = [
        _attempt("56 ÷ 8 = 6", False, "division-100", ("not-true",)) for _ in range(RUN_BACK)
    ]
    deal = next_deal("division-100", mistakes, seed=1)
    assert (deal.level.key, deal.reason) == ("tables-10", "step-back")


def test_mistakes_of_different_kinds_or_not_in_arithmetic_do_not_step_back() -> None:
    mixed = [
        _attempt("56 ÷ 8 = 6", False, "division-100", ("not-true",)),
        _attempt("7 ÷ 2 = 3", False, "division-100", ("not-whole",)),
        _attempt("56 ÷ 8 = 6", False, "division-100", ("not-true",)),
    ]
    assert next_deal("division-100", mixed, seed=1).level.key == "division-100"
    cards = [_attempt("56 ÷ 8 = 7", False, "division-100", ("missing-card",))] * RUN_BACK
    assert next_deal("division-100", cards, seed=1).level.key == "division-100"


def test_a_step_back_outside_the_teachers_range_stays_at_the_level() -> None:
    mistakes = [_attempt("56 ÷ 8 = 6", False, "division-100", ("not-true",))] * RUN_BACK
    pinned = level_range("division-100", "division-100")
    deal = next_deal("division-100", mistakes, seed=1, levels=pinned)
    assert (deal.level.key, deal.reason) == ("division-100", "practice")


def test_after_stepping_back_the_old_mistakes_do_not_step_back_again() -> None:
    mistakes = [_attempt("56 ÷ 8 = 6", False, "division-100", ("not-true",))] * RUN_BACK
    since = [_attempt("7 × 8 = 56", True, "tables-10"), *mistakes]
    assert next_deal("division-100", since, seed=1).level.key == "division-100"


def test_a_run_of_right_answers_leads_up_to_the_next_level() -> None:
    right = [_attempt("5 × 7 = 35", True, "tables-2-5-10") for _ in range(RUN_UP)]
    deal = next_deal("tables-2-5-10", right, seed=2)
    assert (deal.level.key, deal.reason) == ("tables-10", "step-up")
    # Right only after the worked example does not count as one's own.
    shown = [*right[:-1], _attempt("5 × 7 = 35", True, "tables-2-5-10", hint=3)]
    assert next_deal("tables-2-5-10", shown, seed=2).level.key == "tables-2-5-10"


def test_the_last_level_of_the_range_has_no_step_up() -> None:
    right = [_attempt("5 × 7 = 35", True, "tables-2-5-10")] * RUN_UP
    pinned = level_range("tables-2-5-10", "tables-2-5-10")
    assert next_deal("tables-2-5-10", right, seed=2, levels=pinned).level.key == "tables-2-5-10"


def test_a_mastered_skill_comes_back_for_review() -> None:
    # Adding mastered long ago, taking away still learning: one deal in REVIEW_EVERY
    # reviews adding.
    full = _newest_first(
        *[_attempt("3 + 4 = 7", True, "bonds-10") for _ in range(10)],
        _attempt("7 − 4 = 2", False, "bonds-10", ("not-true",)),
    )
    assert len(full) % REVIEW_EVERY == REVIEW_EVERY - 1
    deal = next_deal("bonds-10", full, seed=3)
    assert (deal.skill, deal.reason) == ("addition-two", "review")
    after = [_attempt("3 + 5 = 8", True, "bonds-10"), *full]
    assert next_deal("bonds-10", after, seed=3).reason == "practice"


def test_a_childs_place_is_the_level_of_their_latest_attempt_in_the_range() -> None:
    history = [
        _attempt("5 × 7 = 35", True, "tables-2-5-10"),
        _attempt("3 + 4 = 7", True, "bonds-10"),
    ]
    assert place(level_range(), history).key == "tables-2-5-10"
    assert place(level_range("bonds-10", "doubles"), history).key == "bonds-10"
    # A range saved before levels were reordered keeps its levels, in the teaching order:
    # missing numbers now come first of them.
    assert place(level_range("division-100", "rescue"), history).key == "missing"


def test_stars_count_the_latest_ten_right_answers_of_ones_own_at_a_level() -> None:
    level = LEVELS["tables-2-5-10"]
    history = (
        [_attempt("5 × 7 = 35", True, level.key)] * 7
        + [_attempt("5 × 7 = 34", False, level.key, ("not-true",))] * 3
        + [_attempt("5 × 7 = 35", True, level.key)] * 5
    )
    assert stars(level, history) == 7
    assert stars(LEVELS["tables-10"], history) == 0


def test_three_numbers_come_once_two_are_mastered() -> None:
    def skills(right: int) -> Counter[str]:
        adding = [_attempt("3 + 4 = 7", True, "rescue") for _ in range(right)]
        others = [
            _attempt(text, True, "rescue")
            for text in ("7 − 4 = 3", "2 × 3 = 6", "6 ÷ 2 = 3")
            for _ in range(10)
        ]
        return Counter(next_deal("rescue", adding + others, seed=seed).skill for seed in range(40))

    assert skills(5)["addition-more"] == 0  # proficient in two numbers is not enough
    assert skills(10)["addition-more"] > 0
