"""Which exercises a sheet holds: by its number, without repeats, aimed at a weak skill."""

from __future__ import annotations

from collections import Counter

import pytest

from sq2edu.i18n import LANGUAGES
from sq2edu.practice import LEVELS, Level, facts, skills_of
from sq2edu.worksheets import KINDS, MAX_COUNT, make_sheet, sheet_html
from sq2edu.worksheets.exercises import family_key
from sq2edu.worksheets.kinds import kinds_for


@pytest.mark.parametrize("level", LEVELS.values(), ids=str)
def test_the_same_number_gives_the_same_sheet_and_another_number_another(level: Level) -> None:
    first = make_sheet([level], count=12, seed=41)
    again = make_sheet([level], count=12, seed=41)
    other = make_sheet([level], count=12, seed=42)
    assert first == again
    assert [e.key for e in first.exercises] != [e.key for e in other.exercises]
    # The same exercises in every language, so a class of two languages shares one sheet.
    pages = {lang: sheet_html(first, "a4", lang) for lang in LANGUAGES}
    assert pages["en"] == sheet_html(again, "a4", "en")
    assert len(set(pages.values())) == len(LANGUAGES)


@pytest.mark.parametrize("level", LEVELS.values(), ids=str)
def test_no_exercise_is_repeated_on_a_sheet(level: Level) -> None:
    for seed in range(6):
        sheet = make_sheet([level], count=20, seed=seed)
        keys = [exercise.key for exercise in sheet.exercises]
        assert len(keys) == len(set(keys)) == 20
        # While a level has other facts, no two exercises rest on one fact family.
        families = Counter(family_key(exercise.fact) for exercise in sheet.exercises)
        every = {family_key(f) for skill in skills_of(level) for f in facts(level, skill)}
        assert max(families.values()) == -(-20 // min(20, len(every))), families.most_common(1)


def test_a_level_with_few_facts_still_fills_a_long_sheet_without_repeats() -> None:
    sheet = make_sheet(["doubles"], count=MAX_COUNT, seed=3)
    keys = [exercise.key for exercise in sheet.exercises]
    assert len(set(keys)) == MAX_COUNT


@pytest.mark.parametrize("level", LEVELS.values(), ids=str)
def test_a_sheet_holds_every_kind_its_level_offers_in_print_order(level: Level) -> None:
    offered = kinds_for(level, "+−×÷")
    sheet = make_sheet([level], count=2 * len(offered), seed=7)
    kinds = [exercise.kind for exercise in sheet.exercises]
    assert set(kinds) == set(offered)
    assert kinds == sorted(kinds, key=KINDS.index)


def test_kinds_follow_the_kind_of_level_not_its_name() -> None:
    assert "remainder" in kinds_for(LEVELS["remainders"], "+−×÷")
    assert "remainder" not in kinds_for(LEVELS["bonds-10"], "+−×÷")
    assert "make" not in kinds_for(LEVELS["missing"], "+−×÷")
    # Three numbers make no fact family.
    assert "family" not in kinds_for(LEVELS["add-three"], "+−×÷")
    # A family of × needs ÷ too: a class without division gets none.
    assert "family" in kinds_for(LEVELS["tables-10"], "+−×÷")
    assert "family" not in kinds_for(LEVELS["tables-10"], "+−×")


def test_only_the_class_signs_are_used() -> None:
    for seed in range(6):
        sheet = make_sheet(["rescue"], count=16, seed=seed, operations="+-")
        for exercise in sheet.exercises:
            assert set(exercise.operations) <= {"+", "−"}
            assert exercise.fact.equation.operation.value in "+−"  # type: ignore[union-attr]
            assert all("×" not in a and "÷" not in a for a in exercise.answers)


def skill_share(sheets: list[list[str]], skill: str) -> float:
    skills = [s for sheet in sheets for s in sheet]
    return skills.count(skill) / len(skills)


@pytest.mark.parametrize(
    ("level", "weak"),
    [("bonds-10", "subtraction-two"), ("doubles", "division-two"), ("rescue", "addition-more")],
)
def test_a_sheet_aimed_at_a_weak_skill_holds_more_of_it_than_a_random_one(
    level: str, weak: str
) -> None:
    assert weak in skills_of(LEVELS[level])
    seeds = range(10)
    aimed = [[e.skill for e in make_sheet([level], 12, s, focus=weak).exercises] for s in seeds]
    plain = [[e.skill for e in make_sheet([level], 12, s).exercises] for s in seeds]
    assert skill_share(aimed, weak) >= 0.5
    assert skill_share(aimed, weak) > skill_share(plain, weak) + 0.2


def test_a_skill_the_levels_do_not_train_aims_at_nothing() -> None:
    sheet = make_sheet(["tables-10"], count=8, seed=1, focus="addition-two")
    assert sheet.focus is None


def test_several_levels_share_the_sheet_easiest_first() -> None:
    sheet = make_sheet(["within-20", "bonds-10"], count=10, seed=2)
    assert [level.key for level in sheet.levels] == ["bonds-10", "within-20"]
    assert Counter(e.level.key for e in sheet.exercises) == {"bonds-10": 5, "within-20": 5}
    assert not make_sheet(["bonds-10", "tables-10"], count=4, seed=2).large_type
    assert make_sheet(["bonds-10", "add-three"], count=4, seed=2).large_type


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"levels": ["bonds-11"]}, "'bonds-11' is not a level; the levels are bonds-10"),
        ({"levels": []}, "choose at least one level"),
        ({"levels": ["bonds-10"], "count": 0}, "a sheet has 1 to 60 exercises, not 0"),
        ({"levels": ["bonds-10"], "count": 61}, "a sheet has 1 to 60 exercises, not 61"),
        ({"levels": ["bonds-10"], "seed": -1}, "a sheet's number goes from 0 to 999999"),
        ({"levels": ["bonds-10"], "operations": "+%"}, "'%' is not an operation"),
        ({"levels": ["bonds-10"], "operations": ""}, "choose at least one sign"),
        ({"levels": ["tables-10"], "operations": "+-"}, "none of these levels can be practised"),
    ],
)
def test_bad_choices_are_refused_in_plain_words(arguments: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace("+", r"\+")):
        make_sheet(**arguments)  # type: ignore[arg-type]


def test_a_sheet_without_a_number_gets_one_to_print() -> None:
    sheet = make_sheet(["bonds-10"], count=3)
    assert 1 <= sheet.number <= 999_999
    assert f"sheet {sheet.number}" in sheet_html(sheet)
