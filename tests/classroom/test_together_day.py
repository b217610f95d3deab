"""Tables of classmates through a lesson day: the teacher changes the settings, a table
breaks, a child goes away and comes back."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sq2edu import classic, rescue
from sq2edu.bots import make_bot
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


def _play_to_the_end(tables: Tables, table_id: str, away: set[int]) -> None:
    """Play a table's game to its end: the computer (under the lease) for the seats in
    ``away``, the easy computer's choice made as the child's own move for the others."""
    for _move in range(600):
        shared = tables.load(table_id)
        game = shared.game
        if game.is_over:
            return
        seat = game.current_player
        if seat in away:
            assert tables.lease(table_id, shared.info.version, "kernel-1")
        action = make_bot("easy", seed=_move).choose(game.clone())
        tables.move(table_id, shared.info.version, seat, action)
    raise AssertionError("the game did not end")


def test_a_game_the_computer_finished_for_a_child_who_left_is_not_her_win(
    store: SQLiteStore,
) -> None:
    """ "5 games; children won 5": the computer's wins for children who had left counted."""
    tables = Tables(store)
    for name in ("Mia", "Leo"):
        store.join(name)
    info = tables.make("Mia", 2, "rescue")
    tables.sit(info.id, "Leo")
    tables.start(info.id, "Mia", lambda _seats: rescue.new_game(["Mia", "Leo"], seed=3))
    _play_to_the_end(tables, info.id, away={0, 1})
    game = store.games()[0]
    assert game.played_for == (0, 1)
    assert game.winner in ("Mia", "Leo")
    assert not game.won_by_a_child
    board = Dashboard(store, refresh=0)
    assert "1 game; children won 0. The computer finished 1 of them" in board.games.value
    assert re.search(r"<td>1</td><td>0</td><td>[01]</td>", board.games.value)


def test_a_child_who_comes_back_takes_her_seat_back(store: SQLiteStore) -> None:
    tables = Tables(store)
    info = tables.make("Mia", 2, "rescue")
    tables.sit(info.id, "Leo")
    shared = tables.start(info.id, "Mia", lambda _seats: rescue.new_game(["Mia", "Leo"], seed=3))
    seat = shared.game.current_player
    assert tables.lease(info.id, shared.info.version, "kernel-1")
    action = make_bot("easy", seed=1).choose(shared.game.clone())
    shared, _events = tables.move(info.id, shared.info.version, seat, action)
    assert tables.played_for(info.id) == [seat]
    while shared.game.current_player != seat:
        other = shared.game.current_player
        action = make_bot("easy", seed=2).choose(shared.game.clone())
        shared, _events = tables.move(info.id, shared.info.version, other, action)
    action = make_bot("easy", seed=3).choose(shared.game.clone())
    tables.move(info.id, shared.info.version, seat, action)
    assert tables.played_for(info.id) == []
