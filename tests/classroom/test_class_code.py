"""The class code and the dashboard's address stay from one start of the classroom to the
next: the code is kept in the store (set by ``make serve CODE=...`` or on the dashboard), the
dashboard's secret in a file only the teacher may read."""

from __future__ import annotations

import stat
from pathlib import Path

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
