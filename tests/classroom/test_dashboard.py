"""The teacher's dashboard says what to do next: who is here, what to reteach, games, progress,
groups, one student's report, the class's settings; in the teacher's language."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.reteach import RETEACH, note
from sq2edu.classroom.domain.settings import ClassSettings, Focus, chosen_levels
from sq2edu.classroom.server.client import Client
from sq2edu.classroom.storage.summary import ClassSummary
from sq2edu.classroom.views.panels import report_html
from sq2edu.classroom.widgets.app import StudentApp
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.equations import PROBLEM_CODES, check
from sq2edu.i18n import LANGUAGES, language
from sq2edu.lessons import LESSONS, OFF_TASK, Lesson
from sq2edu.progress.records import Attempt, GameRecord


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "class.sqlite3")


def _wrong(student: str, text: str) -> Attempt:
    verdict = check(text)
    return Attempt(student, text, False, verdict.codes, at="2026-11-30T09:00:00+00:00")


def test_every_problem_code_has_plain_words_and_what_to_teach_in_every_language() -> None:
    assert set(RETEACH) == {*PROBLEM_CODES, OFF_TASK}
    for lang in LANGUAGES:
        with language(lang):
            for code in RETEACH:
                text = note(code, 7, ["4 + 3 = 5 + 2"]).text
                assert code not in text, (lang, code)
                assert "7" in text
                assert "4 + 3 = 5 + 2" in text


def test_mistakes_are_counted_in_children_with_real_examples_and_the_chart_agrees(
    store: SQLiteStore,
) -> None:
    for student in ("Mia", "Leo", "Ana"):
        store.record_attempt(_wrong(student, "4 + 3 = 5 + 2"))
    for _try in range(20):
        store.record_attempt(_wrong("Mia", "7 ÷ 2 = 3"))
    board = Dashboard(store, refresh=0)
    items = re.findall(r"<li>(.*?)</li>", board.mistakes.words.value)
    assert items[0] == (
        "3 children wrote signs on both sides of = (4 + 3 = 5 + 2): "
        "show that one side must be one card.<br><small>Who: Ana, Leo, Mia</small>"
    )
    assert items[1].startswith("1 child divided where something is left over (7 ÷ 2 = 3)")
    chart = board.mistakes.chart.value
    assert "3 children wrote signs on both sides of =" in chart
    assert ">3</text>" in chart
    assert ">1</text>" in chart


def test_the_dashboard_reads_the_class_settings_once_to_open_and_once_per_refresh(
    store: SQLiteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On a school's hub each read is a call to the class service.
    reads: list[None] = []
    read = store.settings

    def counted() -> dict[str, object]:
        reads.append(None)
        return read()

    monkeypatch.setattr(store, "settings", counted)
    board = Dashboard(store, refresh=0)
    assert len(reads) == 2  # the tabs' forms, and the first refresh
    board.refresh()
    assert len(reads) == 3
    assert board.settings.op_boxes
    assert board.lessons.boxes


def test_the_dashboard_says_who_is_online_now_and_when_others_were_last(
    store: SQLiteStore,
) -> None:
    mia = StudentApp(store, client=lambda: Client("10.0.0.7", "a" * 64))
    mia.join("Mia")
    store.join("Leo")
    long_ago = (dt.datetime.now(dt.UTC) - dt.timedelta(hours=2)).isoformat(timespec="seconds")
    store.seen("Leo", long_ago)
    store.join("Ana")
    here = Dashboard(store, refresh=0).now.here.value
    assert "1 online now" in here
    assert re.search(r"Mia</th><td>● online now", here)
    assert re.search(r"Leo</th><td>last active \d\d\.\d\d \d\d:\d\d", here)
    assert re.search(r"Ana</th><td>not seen yet", here)


def test_the_page_answering_keeps_a_student_online(store: SQLiteStore) -> None:
    app = StudentApp(store)
    app.join("Mia")
    store.seen("Mia", "2026-01-01T00:00:00+00:00")
    app._noted = -1000.0  # the last note was long ago
    app.heartbeat._answer(app.heartbeat, {"ping": 1}, [])
    assert store.last_seen()["Mia"] > "2026-01-01T00:00:00+00:00"


def test_the_class_address_and_its_qr_code_are_on_the_dashboard(store: SQLiteStore) -> None:
    board = Dashboard(store, refresh=0, student_url="http://192.0.2.2:8866/", class_code="OWL")
    assert "http://192.0.2.2:8866/" in board.now.address.value
    assert "<svg" in board.now.address.value
    assert "OWL" in board.now.address.value


def test_each_skill_shows_the_share_of_the_class_at_each_level(store: SQLiteStore) -> None:
    for _try in range(3):
        store.record_attempt(Attempt("Mia", "2 + 3 = 5", True))
    store.record_attempt(Attempt("Leo", "2 + 3 = 6", False, ("not-true",)))
    store.join("Ana")
    chart = Dashboard(store, refresh=0).skills.levels.value
    assert chart.startswith("<svg")
    assert "<title>familiar: 1</title>" in chart
    assert "<title>attempted: 1</title>" in chart
    assert "<title>not started: 1</title>" in chart


def test_games_played_won_and_lost_by_each_child_and_against_whom(store: SQLiteStore) -> None:
    store.join("Mia")
    store.join("Leo")
    store.record_game(GameRecord(("Mia", "Easy bot"), {1: "easy"}, "Mia", 20, 300.0))
    store.record_game(GameRecord(("Mia", "Easy bot"), {1: "easy"}, "Easy bot", 25, 400.0))
    store.record_game(GameRecord(("Leo", "Mia"), {}, "Leo", 30, 500.0))
    games = Dashboard(store, refresh=0).games.list.value
    assert "3 games; children won 2." in games
    assert "Mia</th><td>3</td><td>1</td><td>2</td><td>Easy bot × 2, Leo</td>" in games
    assert "Leo</th><td>1</td><td>1</td><td>0</td><td>Mia</td>" in games


def test_progress_over_days_for_the_class_and_one_child(store: SQLiteStore) -> None:
    for day, ok in (("2026-11-28", False), ("2026-11-28", True), ("2026-11-30", True)):
        store.record_attempt(
            Attempt("Mia", "2 + 3 = 5", ok, () if ok else ("not-true",), at=f"{day}T10:00:00+00:00")
        )
    board = Dashboard(store, refresh=0)
    assert board.progress.chart.value.startswith("<svg")
    assert "28.11" in board.progress.chart.value
    assert "30.11" in board.progress.chart.value
    assert "polyline" in board.progress.chart.value
    board.progress.pick.value = "Mia"
    assert "Mia: right on their own, by day" in board.progress.chart.value


def test_an_archived_class_can_be_looked_at_and_not_changed(store: SQLiteStore) -> None:
    store.record_attempt(Attempt("Mia", "2 + 3 = 6", False, ("not-true",)))
    store.new_class("Class 3B")
    store.record_attempt(Attempt("Leo", "1 + 1 = 2", True))
    board = Dashboard(store, refresh=0)
    assert "Leo" in board.now.here.value
    assert "Mia" not in board.now.here.value
    archived = [value for label, value in board.class_pick.options if "archived" in label]
    board.class_pick.value = archived[0]
    assert "Mia" in board.now.here.value
    assert "Leo" not in board.now.here.value
    assert "1 child wrote an equation whose sides are not equal" in board.mistakes.words.value
    assert board.settings.download.value == ""
    board.class_pick.value = -1
    assert "Leo" in board.now.here.value


def test_the_teacher_gives_a_group_a_focus(store: SQLiteStore) -> None:
    for name in ("Mia", "Leo", "Ana"):
        store.join(name)
    board = Dashboard(store, refresh=0)
    board.groups.name.value = "Small sums"
    board.groups.members.value = ("Mia", "Leo")
    for sign, box in board.groups.signs.items():
        box.value = sign == "+"
    for sign in board.groups.signs:
        board.groups.signs[sign].value = False
    board.groups.save()
    assert board.groups.message.value == "Choose at least one sign."
    assert store.groups() == {}
    for sign, box in board.groups.signs.items():
        box.value = sign == "+"
    board.groups.levels["bonds-10"].value = True
    board.groups.levels["missing"].value = True
    board.groups.save()
    focus = Focus("+", practice_levels=("bonds-10", "missing"))
    assert store.groups() == {"Small sums": (["Mia", "Leo"], focus.to_dict())}
    assert "Small sums" in board.groups.listing.value
    assert "+; Lab levels: Number bonds to 10, Missing numbers<" in board.groups.listing.value
    board.groups.put_away_pick.value = "Small sums"
    board.groups.put_away()
    assert store.groups() == {}


def test_a_printable_report_for_parents_in_the_class_language(store: SQLiteStore) -> None:
    store.record_attempt(Attempt("Mia", "7 ÷ 2 = 3", False, ("not-whole",)))
    store.record_attempt(Attempt("Mia", "8 ÷ 2 = 4", True))
    store.record_game(GameRecord(("Mia", "Easy bot"), {1: "easy"}, "Mia", 20, 300.0))
    summary = ClassSummary()
    summary.update(store)
    with language("nb"):
        page = report_html("Mia", "Klasse 3B", summary, store.games(), "nb")
    assert page.startswith("<!doctype html>")
    assert '<html lang="nb">' in page
    assert "Klasse 3B" in page
    assert "window.print()" in page
    assert "@media print" in page
    board = Dashboard(store, refresh=0, csv_url="sq2edu/attempts.csv")
    board.student.pick.value = "Mia"
    assert 'href="sq2edu/report?student=Mia&amp;lang=en"' in board.student.report_link.value


def test_the_settings_speak_the_teachers_language_with_every_control_labelled(
    store: SQLiteStore,
) -> None:
    store.save_settings(ClassSettings(language="ru").to_dict())
    board = Dashboard(store, refresh=0)
    assert [box.description for box in board.settings.op_boxes.values()] == [
        "+ сложение",
        "− вычитание",
        "· умножение",
        ": деление",
    ]
    assert {label for label, _value in board.settings.hints.options} == {
        "сколько угодно",
        "три за игру",
        "нет",
    }
    board.settings.save()
    assert board.settings.saved.value == (
        "Сохранено. Подсказки меняются сразу, остальное — в следующей игре или мастерской "
        "каждого ученика."
    )


def test_a_new_class_keeps_the_settings_the_dashboard_shows(store: SQLiteStore) -> None:
    board = Dashboard(store, refresh=0)
    board.settings.op_boxes["÷"].value = False
    board.settings.save()
    board.settings.sure.value = True
    board.settings.start_new_class()
    assert ClassSettings.from_dict(store.settings()).operations == "+−×"
    assert board.settings.op_boxes["÷"].value is False


def test_the_teacher_picks_a_set_of_levels_of_practice(store: SQLiteStore) -> None:
    board = Dashboard(store, refresh=0)
    assert all(box.value for box in board.settings.practice_levels.values())  # every level at first
    for box in board.settings.practice_levels.values():
        box.value = False
    board.settings.save()
    assert board.settings.saved.value == "Tick at least one level of practice."
    assert ClassSettings.from_dict(store.settings()).practice_levels == ()
    board.settings.practice_levels["missing"].value = True
    board.settings.practice_levels["bonds-10"].value = True
    board.settings.save()
    settings = ClassSettings.from_dict(store.settings())
    assert settings.practice_levels == ("bonds-10", "missing")  # no levels between
    assert [level.key for level in chosen_levels(settings)] == ["bonds-10", "missing"]
    again = Dashboard(store, refresh=0)
    assert [key for key, box in again.settings.practice_levels.items() if box.value] == [
        "bonds-10",
        "missing",
    ]
    store.save_settings(ClassSettings(language="nb").to_dict())
    titles = [
        box.description for box in Dashboard(store, refresh=0).settings.practice_levels.values()
    ]
    assert "Gangetabellen for 2, 5 og 10" in titles


def test_a_range_of_levels_saved_before_sets_still_loads_with_its_levels(
    store: SQLiteStore,
) -> None:
    stored = ClassSettings(practice_from="bonds-10", practice_to="within-100").to_dict()
    del stored["practice_levels"]
    store.save_settings(stored)
    settings = ClassSettings.from_dict(store.settings())
    expected = ["bonds-10", "within-20", "add-three", "within-100"]
    assert [level.key for level in chosen_levels(settings)] == expected
    board = Dashboard(store, refresh=0)
    assert [key for key, box in board.settings.practice_levels.items() if box.value] == expected


#: The lessons whose guide advises levels of the Lab (the others name none).
ADVISING = [lesson for lesson in LESSONS.values() if lesson.guide.levels]


def test_the_lessons_on_the_four_operations_advise_levels() -> None:
    assert {lesson.key for lesson in ADVISING} >= {
        "number-bonds",
        "adding-more",
        "taking-away",
        "multiplying",
        "dividing",
    }


@pytest.mark.parametrize("lesson", ADVISING, ids=lambda lesson: lesson.key)
def test_the_levels_a_guide_advises_are_ones_the_dashboard_can_set(
    store: SQLiteStore, lesson: Lesson
) -> None:
    """Every guide's advice ("Levels in the Lab") is a set the teacher can tick and save."""
    board = Dashboard(store, refresh=0)
    for key, box in board.settings.practice_levels.items():
        box.value = key in lesson.guide.levels
    board.settings.save()
    settings = ClassSettings.from_dict(store.settings())
    assert {level.key for level in chosen_levels(settings)} == set(lesson.guide.levels)


def test_the_teacher_sees_each_childs_level_of_practice_and_its_stars(
    store: SQLiteStore,
) -> None:
    for text in ("5 × 7 = 35", "2 × 9 = 18", "5 × 6 = 31"):
        store.record_attempt(
            Attempt("Mia", text, text != "5 × 6 = 31", level="tables-2-5-10", where="lab")
        )
    store.record_attempt(Attempt("Leo", "2 + 3 = 5", True))
    board = Dashboard(store, refresh=0)
    board.student.pick.value = "Mia"
    assert "Lab level:</b> Tables of 2, 5 and 10: 2 of 10 stars" in board.student.view.value
    board.student.pick.value = "Leo"
    assert "Lab level" not in board.student.view.value


def test_the_unnamed_class_is_said_in_the_language_of_the_report_and_the_csv(
    tmp_path: Path,
) -> None:
    """A class the teacher never named is "My class" in the store; the parent's report and
    the CSV said it in English whatever their language."""
    from sq2edu.classroom.domain.exports import csv_row

    store = SQLiteStore(tmp_path / "class.sqlite3")
    store.join("Дима")
    store.record_attempt(Attempt("Дима", "2 + 3 = 5", True))
    assert store.current_class()[1] == "My class"
    summary = ClassSummary()
    summary.update(store)
    with language("ru"):
        page = report_html("Дима", store.current_class()[1], summary, store.games(), "ru")
        row = csv_row(Attempt("Дима", "2 + 3 = 5", True), store.current_class()[1])
    assert "Мой класс" in page
    assert "My class" not in page
    assert row[1] == "Мой класс"
    # A class the teacher named keeps its name.
    with language("ru"):
        assert csv_row(Attempt("Дима", "2 + 3 = 5", True), "Class 3B")[1] == "Class 3B"
