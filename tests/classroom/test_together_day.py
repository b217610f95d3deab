"""Tables of classmates through a lesson day: the teacher changes the settings, a table
breaks, a child goes away and comes back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sq2edu import classic, rescue
from sq2edu.classroom.dashboard import Dashboard
from sq2edu.classroom.store import SQLiteStore
from sq2edu.classroom.tables import TableError, Tables
from tests.classroom.test_together import _app, _lobby, _shared, _table


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "class.sqlite3")
    yield opened
    opened.close()


def test_a_table_keeps_the_game_it_was_made_with(store: SQLiteStore) -> None:
    """Switching the class to the classic game while a Rescue table waited dealt it a classic
    game it could not read back: the children were stuck and the dashboard stopped."""
    mia, leo = _app(store, "Mia"), _app(store, "Leo")
    for app in (mia, leo):
        app.play_together()
    _lobby(mia).make(2)
    made = Tables(store).where("Mia")
    assert made is not None
    assert made.edition == "rescue"
    leo.look()
    _lobby(leo).sit(made.id)
    board = Dashboard(store, refresh=0)
    board.edition.value = "classic"
    board.save_settings()
    mia.look()
    _lobby(mia).start()
    for app in (mia, leo):
        app.look()
        _table(app)
    shared = _shared(store, "Mia")
    assert shared.info.edition == "rescue"
    assert isinstance(shared.game, rescue.Game)
    board.refresh()
    assert "Mia&#x27;s table: Mia, Leo ·" in board.tables_box.children[0].children[1].value


def test_a_table_is_never_dealt_another_game_than_its_own(store: SQLiteStore) -> None:
    tables = Tables(store)
    info = tables.make("Mia", 2, "classic")
    tables.sit(info.id, "Leo")
    with pytest.raises(TableError, match="This table cannot start"):
        tables.start(info.id, "Mia", lambda _seats: rescue.new_game(["Mia", "Leo"]))
    assert tables.info(info.id).status == "open"


def test_one_broken_table_never_takes_the_dashboard_down(store: SQLiteStore) -> None:
    tables = Tables(store)
    for maker, friend in (("Mia", "Leo"), ("Ava", "Noor")):
        info = tables.make(maker, 2, "classic")
        tables.sit(info.id, friend)
        names = [maker, friend]
        tables.start(info.id, maker, lambda _seats, names=names: classic.new_game(names))  # type: ignore[misc]
    broken = tables.where("Mia")
    assert broken is not None
    with store._transaction() as cursor:  # a game the table cannot read back
        rescued = rescue.new_game(["Mia", "Leo"]).to_json()
        store._run(cursor, "UPDATE game_tables SET game = ? WHERE id = ?", (rescued, broken.id))
    board = Dashboard(store, refresh=0)
    rows = sorted(row.children[1].value for row in board.tables_box.children)
    assert rows[0].startswith("<p>Ava&#x27;s table: Ava, Noor ·")
    assert rows[1] == "<p>Mia&#x27;s table cannot be shown: end it.</p>"
    board.end_table(broken.id)
    assert [info.maker for info in tables.tables()] == ["Ava"]
