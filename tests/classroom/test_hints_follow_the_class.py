"""Hints the teacher saves reach a child already at play: in the Lab, a lesson's exercise
and a game, at the page's next heartbeat, with no press of hers."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.widgets.app import StudentApp


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "class.sqlite3")


def _save(store: SQLiteStore, hints: str) -> None:
    settings = ClassSettings.from_dict(store.settings())
    store.save_settings(replace(settings, hints=hints, lessons=("number-bonds",)).to_dict())


def _beat(app: StudentApp) -> None:
    app.heartbeat._answer(app.heartbeat, {"ping": 1}, [])


@pytest.mark.parametrize("where", ["lab", "lesson", "game"])
def test_hints_turned_off_reach_the_open_activity_at_the_next_heartbeat(
    store: SQLiteStore, where: str
) -> None:
    _save(store, "free")
    app = StudentApp(store, pace=0)
    app.join("Mia")
    opened: Any = {
        "lab": app.practise,
        "lesson": lambda: app.open_lesson("number-bonds"),
        "game": app.play,
    }[where]()
    lab = opened.lab if where == "lesson" else opened
    assert lab.state["hints"]["policy"] == "free"
    _save(store, "off")
    _beat(app)
    assert lab.state["hints"]["policy"] == "off"
    lab.handle({"intent": "hint"})
    assert lab.state["message"] == "Hints are off in this class. You can do it!"
    assert lab.state["hints"]["shown"] == []
