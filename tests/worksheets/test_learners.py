"""Sheets for a child, a group and the class, aimed from what the store knows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.settings import ClassSettings, Focus
from sq2edu.classroom.views.worksheets import Audience, sheet_for
from sq2edu.practice import LEVELS
from sq2edu.progress.records import Attempt
from sq2edu.worksheets import make_sheet, sheet_html
from sq2edu.worksheets.learners import common_place, weakest_skill


def attempt(student: str, text: str, ok: bool, level: str = "bonds-10") -> Attempt:
    codes = () if ok else ("not-true",)
    return Attempt(student, text, ok, codes, level=level, where="lab")


def test_the_weakest_skill_is_the_one_got_right_least_often() -> None:
    history = [
        attempt("Mia", "7 − 3 = 5", False),
        attempt("Mia", "9 − 4 = 5", True),
        attempt("Mia", "8 − 2 = 5", False),
        *[attempt("Mia", "3 + 4 = 7", True) for _ in range(5)],
    ]
    assert weakest_skill(LEVELS["bonds-10"], history, "+−") == "subtraction-two"
    # Two wrongs out of two are weaker than one out of one.
    adding = [attempt("Mia", "3 + 4 = 8", False), attempt("Mia", "2 + 4 = 7", False)]
    taking = [attempt("Mia", "7 − 3 = 5", False)]
    assert weakest_skill(LEVELS["bonds-10"], adding + taking, "+−") == "addition-two"


def test_no_attempt_means_no_weak_skill() -> None:
    assert weakest_skill(LEVELS["bonds-10"], [], "+−") is None
    # Mistakes in a skill the level does not train say nothing about it.
    times = [attempt("Mia", "3 × 4 = 11", False, "tables-10")]
    assert weakest_skill(LEVELS["bonds-10"], times, "+−×÷") is None


def test_the_class_is_where_most_children_are() -> None:
    levels = tuple(LEVELS.values())
    history = [
        attempt("Mia", "8 + 5 = 13", True, "within-20"),
        attempt("Leo", "8 + 5 = 13", True, "within-20"),
        attempt("Ada", "3 + 4 = 7", True, "bonds-10"),
    ]
    assert common_place(levels, history).key == "within-20"
    assert common_place(levels, []).key == levels[0].key
    # Two places tied: the easier.
    assert common_place(levels, [*history[1:], attempt("Ola", "3 + 4 = 7", True)]).key == "bonds-10"


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for name in ("Mia", "Leo", "Ada", "Ola"):
        store.join(name)
    settings = ClassSettings(practice_from="bonds-10", practice_to="doubles", language="nb")
    store.save_settings(settings.to_dict())
    return store


def test_a_child_s_sheet_is_at_their_place_and_aims_at_their_weakest_skill(
    store: SQLiteStore,
) -> None:
    for text, ok in [("8 + 5 = 13", True)] * 6 + [("13 − 5 = 7", False)] * 3:
        store.record_attempt(attempt("Mia", text, ok, "within-20"))
    sheet = sheet_for(store, Audience("student", "Mia"), count=12, seed=4)
    assert [level.key for level in sheet.levels] == ["within-20"]
    assert sheet.focus == "subtraction-two"
    assert sheet.student == "Mia"
    aimed = Counter(e.skill for e in sheet.exercises)
    random_one = Counter(e.skill for e in make_sheet(["within-20"], 12, 4).exercises)
    assert aimed["subtraction-two"] > random_one["subtraction-two"]
    page = sheet_html(sheet, lang="en")
    assert '<span class="blank">Mia</span>' in page
    assert "More practice in: − with 2 numbers" in page


def test_a_child_in_a_group_practises_the_group_s_levels_and_signs(store: SQLiteStore) -> None:
    focus = Focus("×÷", "tables-2-5-10", "tables-10")
    store.save_group("Tables", ["Leo"], focus.to_dict())
    sheet = sheet_for(store, Audience("student", "Leo"), count=6, seed=1)
    assert [level.key for level in sheet.levels] == ["tables-2-5-10"]
    assert sheet.operations == "×÷"
    assert sheet.focus is None  # Leo has tried nothing yet


def test_a_group_s_sheet_covers_its_levels(store: SQLiteStore) -> None:
    store.save_group("Tables", ["Leo", "Ada"], Focus("×÷", "tables-2-5-10", "tables-10").to_dict())
    sheet = sheet_for(store, Audience("group", "Tables"), count=8, seed=1)
    assert [level.key for level in sheet.levels] == ["tables-2-5-10", "tables-10"]
    assert sheet.group == "Tables"
    assert "Gruppe: Tables" in sheet_html(sheet, lang="nb")


def test_a_group_without_levels_of_its_own_gets_its_members_place(store: SQLiteStore) -> None:
    store.save_group("Small sums", ["Ada", "Ola"], Focus("+−").to_dict())
    for name in ("Ada", "Ola"):
        store.record_attempt(attempt(name, "8 + 5 = 13", True, "within-20"))
    store.record_attempt(attempt("Mia", "7 + 7 = 14", True, "doubles"))
    sheet = sheet_for(store, Audience("group", "Small sums"), count=6, seed=1)
    assert [level.key for level in sheet.levels] == ["within-20"]
    assert sheet.operations == "+−"


def test_the_class_sheet_is_where_most_are_or_at_the_level_chosen(store: SQLiteStore) -> None:
    for name in ("Mia", "Leo"):
        store.record_attempt(attempt(name, "7 + 7 = 14", True, "doubles"))
    store.record_attempt(attempt("Ada", "3 + 4 = 7", True))
    assert [lv.key for lv in sheet_for(store, Audience(), seed=1).levels] == ["doubles"]
    chosen = sheet_for(store, Audience("class", level="add-three"), seed=1)
    assert [lv.key for lv in chosen.levels] == ["add-three"]


@pytest.mark.parametrize(
    ("audience", "words"),
    [
        (Audience("student", "Nobody"), "the class has no student called 'Nobody'"),
        (Audience("group", "Nobody"), "the class has no group called 'Nobody'"),
    ],
)
def test_an_unknown_child_or_group_is_refused(
    store: SQLiteStore, audience: Audience, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        sheet_for(store, audience)


def test_an_audience_is_checked() -> None:
    with pytest.raises(ValueError, match="a sheet is for the class, a group or a student"):
        Audience("school")
    with pytest.raises(ValueError, match="name the student"):
        Audience("student")
    with pytest.raises(ValueError, match="'fractions' is not a level"):
        Audience("class", level="fractions")
