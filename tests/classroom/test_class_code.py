"""The class code and the dashboard's address stay from one start of the classroom to the
next: the code is kept in the store (set by ``make serve CODE=...`` or on the dashboard), the
dashboard's secret in a file only the teacher may read."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from sq2edu.classroom.server.client import Client
from sq2edu.classroom.server.serve import _room_code, dashboard_token
from sq2edu.classroom.storage.store import ProgressStore, SQLStore, open_store
from sq2edu.classroom.widgets.app import StudentApp
from sq2edu.classroom.widgets.dashboard import Dashboard


def test_the_store_keeps_the_class_code(any_store: ProgressStore) -> None:
    assert isinstance(any_store, SQLStore)
    assert any_store.class_code() is None
    any_store.set_class_code("OWL")
    assert any_store.class_code() == "OWL"
    any_store.set_class_code("")
    assert any_store.class_code() == ""


def test_a_start_without_a_code_keeps_the_last_one(tmp_path: Path) -> None:
    """A forgotten --class-code at the next start opened the class to anyone."""
    location = str(tmp_path / "class.sqlite3")
    assert _room_code(location, "", None) == ""
    assert _room_code(location, "", " OWL ") == "OWL"
    assert _room_code(location, "", None) == "OWL"
    assert _room_code(location, "", "") == ""
    assert _room_code(location, "", None) == ""


def test_the_dashboards_secret_is_the_same_at_every_start(tmp_path: Path) -> None:
    first = dashboard_token(tmp_path / "data")
    assert len(first) >= 32
    path = tmp_path / "data" / "dashboard-token"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert dashboard_token(tmp_path / "data") == first
    assert dashboard_token(tmp_path / "other") != first


def test_the_teacher_changes_the_code_on_the_dashboard_and_children_type_the_new_one(
    tmp_path: Path,
) -> None:
    store = open_store(str(tmp_path / "class.sqlite3"))
    assert isinstance(store, SQLStore)
    store.set_class_code("OWL")
    board = Dashboard(store, refresh=0, student_url="http://192.0.2.2:8866/")
    assert board.settings.code_field.value == "OWL"
    assert "<b>OWL</b>" in board.now.address.value
    # A page opened before the change (the kernel was warm) asks for the new code.
    app = StudentApp(store, None, client=lambda: Client("10.0.0.7", "a" * 64))
    board.settings.code_field.value = " FOX7 "
    board.settings.save_code()
    assert board.settings.code_saved.value == "Saved: students who join from now on type FOX7."
    assert "<b>FOX7</b>" in board.now.address.value
    assert store.class_code() == "FOX7"
    assert not app.join("Mia", "owl")
    assert app.join("Mia", "fox7")
    board.settings.code_field.value = ""
    board.settings.save_code()
    assert board.settings.code_saved.value == "Saved: students join without a code."
    assert StudentApp(store, None).class_code == ""
    store.close()


def _form_shows(app: StudentApp, field: object) -> bool:
    return field in app.children


def test_a_kernel_warmed_before_the_class_had_a_code_asks_for_the_one_set_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warm kernel ran the app before the teacher saved a code: it must not keep "no
    code" for good (three children once joined without one)."""
    location = tmp_path / "class.sqlite3"
    monkeypatch.setenv("SQ2EDU_DB", str(location))
    monkeypatch.setenv("SQ2EDU_ROOM", "")
    monkeypatch.setenv("SQ2EDU_CLASS_CODE", _room_code(str(location), "", None))
    app = StudentApp.from_environment()
    assert not _form_shows(app, app.code)
    with open_store(str(location)) as teacher:
        teacher.set_class_code("OWL7")
    app.client = lambda: Client("10.0.0.7", "a" * 64)
    app.refresh_class()  # the page comes
    assert _form_shows(app, app.code)
    assert not app.join("Mia", "")
    assert app.problem.value == "Type the class code too. Your teacher has it."
    assert not app.join("Mia", "fox")
    assert app.join("Mia", "owl7")
    app.store.close()


def test_a_form_drawn_before_the_code_was_set_gets_its_field_at_the_first_join(
    tmp_path: Path,
) -> None:
    store = open_store(str(tmp_path / "class.sqlite3"))
    app = StudentApp(store, None, client=lambda: Client("10.0.0.7", "a" * 64))
    assert not _form_shows(app, app.code)
    store.set_class_code("OWL7")
    assert not app.join("Mia", "")
    assert _form_shows(app, app.code)
    assert store.students() == []
    assert store.events(kind="wrong-code") == []  # an empty field is no wrong try
    store.close()


def test_a_device_that_joined_is_not_asked_for_the_code_again(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "class.sqlite3"))
    store.set_class_code("OWL7")
    tablet = lambda: Client("10.0.0.7", "a" * 64)  # noqa: E731
    assert StudentApp(store, None, client=tablet).join("Mia", "owl7")
    reloaded = StudentApp(store, None, client=tablet)
    reloaded.refresh_class()
    assert reloaded.nickname.value == "Mia"
    assert not _form_shows(reloaded, reloaded.code)
    assert reloaded.join("Mia", "")
    # Another name on that device, or Mia's name on another device, needs the code.
    other = StudentApp(store, None, client=tablet)
    assert not other.join("Leo", "")
    assert other.problem.value == "Type the class code too. Your teacher has it."
    assert _form_shows(other, other.code)
    laptop = StudentApp(store, None, client=lambda: Client("10.0.0.8", "b" * 64))
    laptop.refresh_class()
    assert _form_shows(laptop, laptop.code)
    assert not laptop.join("Mia", "")
    store.close()


def test_a_school_class_code_changed_while_its_server_runs_holds_at_once(tmp_path: Path) -> None:
    from sq2edu.classroom.storage.school import School

    location = tmp_path / "school.sqlite3"
    with open_store(str(location)) as store:
        School(store).add_room("3A", code="OWL7")
    room = open_store(str(location), "3A")
    app = StudentApp(room, None, client=lambda: Client("10.0.0.7", "a" * 64))
    assert app.class_code == "OWL7"
    School(room).set_code("3A", "FOX4")
    assert not app.join("Mia", "owl7")
    assert app.join("Mia", "fox4")
    room.close()
