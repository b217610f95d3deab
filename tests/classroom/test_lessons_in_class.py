"""Lessons in the class: the teacher opens them, a child answers, the store and the
dashboard keep each answer with its lesson and exercise (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.store import ProgressStore
from sq2edu.classroom.views.panels import lessons_html
from sq2edu.classroom.widgets.app import StudentApp
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.lessons import LESSONS
from sq2edu.progress.records import Attempt, LessonMark
from sq2edu.ui.lesson import LessonBook


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "class.sqlite3")


def _open(store: ProgressStore, *keys: str) -> None:
    store.save_settings(ClassSettings(lessons=keys).to_dict())


def _buttons(app: StudentApp) -> list[str]:
    """The words on every button the app shows now (not those in a hidden box, such as the
    class challenge's banner while no round is open)."""
    from ipywidgets import Button, Widget

    def shown(widget: Widget) -> Iterator[Widget]:
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            return
        yield widget
        for child in getattr(widget, "children", ()):
            yield from shown(child)

    return [
        widget.description
        for child in app._screens.box.children
        for widget in shown(child)
        if isinstance(widget, Button)
    ]


def _answer(book: LessonBook, number: int, text: str) -> None:
    book.go(book.steps.index(("exercise", number)))
    book.lab.handle({"intent": "check", "text": text})


def test_the_lessons_button_shows_only_once_the_teacher_opens_a_lesson(store: SQLiteStore) -> None:
    app = StudentApp(store)
    app.join("Mia")
    assert "Lessons" not in _buttons(app)
    _open(store, "dividing", "number-bonds")
    app.show_menu()
    assert "Lessons" in _buttons(app)
    app.show_lessons()
    assert [b for b in _buttons(app) if b[0].isdigit()] == ["1. Number bonds", "5. Dividing"]


def test_the_menu_on_screen_gets_the_lessons_button_at_the_next_heartbeat(
    store: SQLiteStore,
) -> None:
    """Lessons the teacher opens on the dashboard reach a child's menu while she looks at
    it: at the page's next "still there?", with no press of hers; the menu's buttons stay
    the same widgets."""
    app = StudentApp(store)
    app.join("Mia")
    lab = app.lab_button
    dashboard = Dashboard(store, refresh=0)
    for key in ("number-bonds", "dividing"):
        dashboard.lessons.boxes[key].value = True
    dashboard.lessons.save()
    assert "Lessons" not in _buttons(app)
    app.heartbeat._answer(app.heartbeat, {"ping": 1}, [])
    assert "Lessons" in _buttons(app)
    assert app.lab_button is lab
    # The list of lessons on screen follows the same way.
    app.show_lessons()
    dashboard.lessons.boxes["dividing"].value = False
    dashboard.lessons.save()
    app.heartbeat._answer(app.heartbeat, {"ping": 2}, [])
    assert [b for b in _buttons(app) if b[0].isdigit()] == ["1. Number bonds"]


def test_a_lesson_opened_again_goes_on_where_the_child_was(store: SQLiteStore) -> None:
    """Not at its first page: on the same page, where she left it (even a page of reading);
    on a new page (a reload, the next day), at her first exercise not answered yet."""
    _open(store, "number-bonds")
    app = StudentApp(store)
    app.join("Mia")
    book = app.open_lesson("number-bonds")
    assert book.at == 0
    book.go(2)  # reading
    app.show_lessons()
    assert app.open_lesson("number-bonds").at == 2
    book = app.open_lesson("number-bonds")
    _answer(book, 1, "1 + 4 = 5")
    _answer(book, 2, "2 + 3 = 5")
    app.show_menu()
    assert app.open_lesson("number-bonds").at == book.steps.index(("exercise", 2))
    again = StudentApp(store)
    again.join("Mia")
    reopened = again.open_lesson("number-bonds")
    assert reopened.steps[reopened.at] == ("exercise", 3)


def test_a_lesson_that_is_not_open_cannot_be_opened(store: SQLiteStore) -> None:
    _open(store, "number-bonds")
    app = StudentApp(store)
    app.join("Mia")
    with pytest.raises(ValueError, match="not a lesson open"):
        app.open_lesson("chance")
    with pytest.raises(ValueError, match="not a lesson open"):
        app.open_lesson("<script>")


def test_answers_are_stored_with_the_lesson_and_exercise_and_counted(store: SQLiteStore) -> None:
    _open(store, "number-bonds")
    app = StudentApp(store)
    app.join("Mia")
    book = app.open_lesson("number-bonds")
    _answer(book, 1, "1 + 5 = 6")
    _answer(book, 1, "1 + 4 = 5")
    _answer(book, 7, "5")
    attempts = store.attempts("Mia")
    assert [(a.text, a.ok, a.where, a.lesson, a.exercise, a.codes) for a in attempts] == [
        ("2 + 5 = 7", True, "lesson", "number-bonds", 7, ()),
        ("1 + 4 = 5", True, "lesson", "number-bonds", 1, ()),
        ("1 + 5 = 6", False, "lesson", "number-bonds", 1, ("off-task",)),
    ]
    # Exercise 1 came right at the second try: done, but not right on her own.
    assert store.lesson_progress("Mia") == {"number-bonds": {1: "later", 7: "own"}}
    # Opened again, the book remembers what was done, and how.
    again = StudentApp(store)
    again.join("Mia")
    book = again.open_lesson("number-bonds")
    assert book.progress == {1: "later", 7: "own"}
    assert "◑○○○○○✓○○○" in book.marks.value
    again.show_lessons()
    listed = [
        widget.value
        for child in again._screens.box.children
        for widget in getattr(child, "children", ())
        if "right on your own" in str(getattr(widget, "value", ""))
    ]
    assert listed == [
        '<span style="font-size: 1.1rem;">1 of 10 right on your own; '
        "1 with help or at a later try</span>"
    ]


def test_an_exercise_tried_in_an_earlier_visit_never_counts_as_a_first_try(
    store: SQLiteStore,
) -> None:
    _open(store, "number-bonds")
    app = StudentApp(store)
    app.join("Mia")
    _answer(app.open_lesson("number-bonds"), 8, "7")  # □ + 4 = 10: wrong
    book = app.open_lesson("number-bonds")
    _answer(book, 8, "6")
    assert book.progress == {8: "later"}
    assert store.lesson_progress("Mia") == {"number-bonds": {8: "later"}}


def test_a_lesson_is_rate_limited_like_the_lab(store: SQLiteStore) -> None:
    _open(store, "chance")
    app = StudentApp(store)
    app.join("Mia")
    book = app.open_lesson("chance")
    book.go(book.steps.index(("exercise", 1)))
    for _press in range(40):
        book.choice.choose(0)
    assert len(store.attempts("Mia")) < 10


def test_the_language_switch_keeps_the_child_in_the_lesson(store: SQLiteStore) -> None:
    _open(store, "dividing")
    app = StudentApp(store)
    app.join("Mia")
    book = app.open_lesson("dividing")
    app.set_language("nb")
    assert app.activity is book
    assert book.language == "nb"
    assert "Leksjon 5: Deling" in book.body.value
    assert "Tilbake" in _buttons(app)  # the book's own page back
    back = next(
        child
        for child in app._screens.box.children
        if getattr(child, "description", "") == "Alle leksjoner"
    )
    back.click()
    assert app.listing_lessons


def test_the_dashboard_opens_lessons_and_shows_each_childs_progress(store: SQLiteStore) -> None:
    store.join("Mia")
    store.join("Leo")
    for number in range(1, 11):
        store.record_attempt(
            Attempt("Mia", "x", number != 3, where="lesson", lesson="number-bonds", exercise=number)
        )
    dashboard = Dashboard(store, refresh=0)
    dashboard.lessons.boxes["number-bonds"].value = True
    dashboard.lessons.boxes["chance"].value = True
    dashboard.lessons.save()
    assert ClassSettings.from_dict(store.settings()).lessons == ("number-bonds", "chance")
    assert dashboard.lessons.saved.value == "Saved. The children see them in Lessons."
    shown = dashboard.lessons.progress.value
    assert "9 of 10 right on their own · exit ✓" in shown
    assert "<th scope='row'>Leo</th><td>—</td>" in shown
    assert "8. Chance and strategy" in shown
    dashboard.lessons.guide_pick.value = "dividing"
    assert "not-whole" in dashboard.lessons.guide.value
    assert "14 ÷ 5 = 2 r 4" in dashboard.lessons.guide.value


def test_the_guide_speaks_the_dashboards_language(store: SQLiteStore) -> None:
    store.save_settings(ClassSettings(language="ru").to_dict())
    dashboard = Dashboard(store, refresh=0)
    dashboard.lessons.guide_pick.value = "dividing"
    assert "14 : 5 = 2 (ост. 4)" in dashboard.lessons.guide.value
    assert "класс" in dashboard.lessons.guide.value


def test_the_progress_panel_escapes_names() -> None:
    marks = [LessonMark("<b>x</b>", "number-bonds", 1, True, 1, own=True)]
    shown = lessons_html(["<b>x</b>"], marks, ())
    assert "<b>x</b>" not in shown
    assert "&lt;b&gt;x&lt;/b&gt;" in shown
    assert "1 of 10 right on their own" in shown


def test_the_dashboard_and_the_report_count_only_answers_right_on_their_own(
    store: SQLiteStore,
) -> None:
    """Two exercises made from what the app had shown, and an exit question answered both
    ways, were '2 of 10 · exit ✓' beside a report of '0/6 right on their own'."""
    from sq2edu.classroom.storage.summary import ClassSummary
    from sq2edu.classroom.views.panels import report_html, student_html

    store.join("Mia")
    lesson = {"where": "lesson", "lesson": "number-bonds"}
    store.record_attempt(Attempt("Mia", "1 + 4 = 5", True, hint_level=3, exercise=1, **lesson))  # type: ignore[arg-type]
    store.record_attempt(Attempt("Mia", "2 + 4 = 6", True, helped=True, exercise=2, **lesson))  # type: ignore[arg-type]
    store.record_attempt(Attempt("Mia", "3 + 5 = 9", False, ("not-true",), exercise=10, **lesson))  # type: ignore[arg-type]
    store.record_attempt(Attempt("Mia", "3 + 5 = 8", True, exercise=10, **lesson))  # type: ignore[arg-type]
    shown = lessons_html(["Mia"], store.lesson_marks(), ("number-bonds",))
    assert "0 of 10 right on their own · 3 with help or at a later try" in shown
    assert "exit with help or at a later try" in shown
    assert "exit ✓" not in shown
    summary = ClassSummary()
    summary.update(store)
    panel = student_html("Mia", summary)
    report = report_html("Mia", "4A", summary, [], "en")
    for page in (panel, report):
        assert page.count("✓ with help") == 2, page
        assert "✓ 3 + 5 = 8" in page
        assert "✗ 3 + 5 = 9" in page
    assert "<td>1/4</td>" in report  # right on their own, of the attempts that count


def test_the_open_lessons_are_checked_when_the_settings_are_read() -> None:
    assert ClassSettings.from_dict({"lessons": ["chance", "number-bonds"]}).lessons == (
        "number-bonds",
        "chance",
    )
    assert ClassSettings.from_dict({"lessons": ["<script>"]}).lessons == ()
    assert ClassSettings.from_dict({"lessons": "chance"}).lessons == ()
    with pytest.raises(ValueError, match="open lessons are named by their keys"):
        ClassSettings(lessons=("nope",))


def test_lesson_marks_in_either_store(any_store: ProgressStore) -> None:
    any_store.join("Mia")
    any_store.record_attempt(
        Attempt("Mia", "2 + 4 = 7", False, where="lesson", lesson="number-bonds", exercise=7)
    )
    any_store.record_attempt(
        Attempt("Mia", "2 + 5 = 7", True, where="lesson", lesson="number-bonds", exercise=7)
    )
    any_store.record_attempt(Attempt("Mia", "2 + 5 = 7", True, where="lab"))
    assert any_store.lesson_marks() == [LessonMark("Mia", "number-bonds", 7, True, 2, own=False)]
    assert any_store.lesson_marks("Leo") == []
    assert any_store.lesson_progress("Mia") == {"number-bonds": {7: "later"}}
    stored = any_store.attempts("Mia")[1]
    assert (stored.lesson, stored.exercise) == ("number-bonds", 7)


def _lesson(store: ProgressStore, text: str, ok: bool, exercise: int, **more: object) -> None:
    store.record_attempt(
        Attempt("Mia", text, ok, where="lesson", lesson="number-bonds", exercise=exercise, **more)  # type: ignore[arg-type]
    )


def test_an_exercise_counts_as_right_only_at_the_first_try_on_their_own(
    any_store: ProgressStore,
) -> None:
    any_store.join("Mia")
    _lesson(any_store, "1 + 4 = 5", True, 1)  # right at once
    _lesson(any_store, "2 + 5 = 7", True, 2, helped=True)  # right, after a near miss
    _lesson(any_store, "3 + 3 = 6", True, 3, hint_level=3)  # right after the worked example
    _lesson(any_store, "2 +", False, 4, codes=("syntax",))  # not read: no try
    _lesson(any_store, "1 + 7 = 8", True, 4)
    _lesson(any_store, "1 + 7 = 9", False, 5, codes=("not-true",))
    _lesson(any_store, "1 + 7 = 8", True, 5)
    _lesson(any_store, "2 + 7 = 9", True, 6)
    _lesson(any_store, "2 + 7 = 9", True, 6)  # the same again later changes nothing
    marks = {mark.exercise: (mark.right, mark.tries, mark.own) for mark in any_store.lesson_marks()}
    assert marks == {
        1: (True, 1, True),
        2: (True, 1, False),
        3: (True, 1, False),
        4: (True, 1, True),
        5: (True, 2, False),
        6: (True, 2, True),
    }
    assert any_store.lesson_progress("Mia") == {
        "number-bonds": {1: "own", 2: "later", 3: "later", 4: "own", 5: "later", 6: "own"}
    }
    helped = [a.helped for a in any_store.attempts("Mia")]
    assert helped == [False, False, False, False, False, False, True, True, False]


def test_every_lesson_key_fits_the_wire() -> None:
    from sq2edu.hub.wire import WireError, attempt_from, attempt_to

    attempt = Attempt("Mia", "2 + 5 = 7", True, where="lesson", lesson="number-bonds", exercise=7)
    assert attempt_from(attempt_to(attempt)) == attempt
    for lesson, exercise, where in [
        ("nope", 1, "lesson"),
        ("number-bonds", 0, "lesson"),
        ("number-bonds", 11, "lesson"),
        ("number-bonds", 1, "lab"),
        ("", 3, "lesson"),
    ]:
        data = {**attempt_to(attempt), "lesson": lesson, "exercise": exercise, "where": where}
        with pytest.raises(WireError):
            attempt_from(data)
    assert len(LESSONS["number-bonds"].exercises) == 10


def test_an_off_task_answer_the_app_had_shown_is_not_a_mistake_of_the_child() -> None:
    """An older release's last hint named 6 − 2 = 4 for 'take away to make 2'; the dashboard
    then said the children 'made true equations the exercises did not ask for'."""
    from sq2edu.classroom.storage.summary import ClassSummary

    summary = ClassSummary()
    lesson = {"where": "lesson", "lesson": "taking-away", "exercise": 2}
    summary.add(Attempt("Mia", "6 − 2 = 4", False, ("off-task",), hint_level=3, **lesson))  # type: ignore[arg-type]
    summary.add(Attempt("Leo", "6 − 2 = 4", False, ("off-task",), helped=True, **lesson))  # type: ignore[arg-type]
    assert summary.mistakes_by_children() == []
    assert summary.student("Mia").mistakes == {}
    summary.add(Attempt("Ada", "9 − 2 = 7", False, ("off-task",), **lesson))  # type: ignore[arg-type]
    assert [(code, children) for code, children, _e in summary.mistakes_by_children()] == [
        ("off-task", 1)
    ]


def test_the_last_page_of_a_lesson_leads_back_to_the_list_of_lessons(store: SQLiteStore) -> None:
    _open(store, "number-bonds")
    app = StudentApp(store)
    app.join("Mia")
    book = app.open_lesson("number-bonds")
    book.go(len(book.steps) - 1)
    assert book.leave.layout.display is None  # shown on the book's last page
    book.leave.click()
    assert app.activity is None
    assert app.listing_lessons
    assert "1. Number bonds" in _buttons(app)
