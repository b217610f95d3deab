"""Classmates at one table, each on their own kernel: the lobby, the start, moves seen by
every seat, hidden cards kept to their owner, a child coming back to their seat, computer
players and away children played for, and moves a page may not make."""

from __future__ import annotations

import datetime as dt
import html
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.server.client import Client
from sq2edu.classroom.storage.store import SQLiteStore
from sq2edu.classroom.storage.tables import Tables
from sq2edu.classroom.widgets.app import StudentApp
from sq2edu.classroom.widgets.lobby import Lobby
from sq2edu.ui.game_table import GameTable

#: A table's game ends within this many moves of its players (a safety net for the loop).
MAX_MOVES = 600


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "class.sqlite3")
    yield opened
    opened.close()


def _device(name: str) -> Client:
    return Client("10.0.0.1", (name.encode().hex() * 64)[:64])


def _app(store: SQLiteStore, name: str) -> StudentApp:
    app = StudentApp(store, pace=0, client=lambda: _device(name))
    assert app.join(name)
    return app


def _lobby(app: StudentApp) -> Lobby:
    assert isinstance(app.activity, Lobby), app.activity
    return app.activity


def _table(app: StudentApp) -> GameTable:
    assert isinstance(app.activity, GameTable), app.activity
    return app.activity


def _sit_down(store: SQLiteStore, names: list[str], fill: bool = False) -> list[StudentApp]:
    apps = [_app(store, name) for name in names]
    for app in apps:
        app.play_together()
    _lobby(apps[0]).make(len(names) + (1 if fill else 0))
    table_id = Tables(store).where(names[0])
    assert table_id is not None
    for app in apps[1:]:
        app.look()
        _lobby(app).sit(table_id.id)
    apps[0].look()
    _lobby(apps[0]).start(fill=fill)
    for app in apps:
        app.look()
    return apps


def _shared(store: SQLiteStore, name: str) -> Any:
    """The table ``name`` sits at, with its game, as the store has it."""
    info = Tables(store).where(name)
    assert info is not None
    return Tables(store).load(info.id)


def _whose_turn(apps: list[StudentApp]) -> StudentApp | None:
    for app in apps:
        table = _table(app)
        if not table.game.is_over and table.game.current_player == table.seat:
            return app
    return None


def _hidden_cards_of_others(table: GameTable) -> set[str]:
    """Cards the other seats hold that this seat may not see."""
    game = table.game
    zones = game.zones()
    hidden = set(zones.get("deck", []))
    for seat in range(game.num_players):
        if seat == table.seat:
            continue
        for kind in ("hand", "sleeping", "drawn"):
            hidden |= set(zones.get(f"p{seat}.{kind}", []))
    return hidden


def _shown_ids(state: dict[str, Any]) -> set[str]:
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(state["view"])
    return found


@pytest.mark.parametrize("edition", ["rescue", "classic"])
def test_three_classmates_play_a_game_to_the_end(store: SQLiteStore, edition: str) -> None:
    store.save_settings(ClassSettings(edition=edition, quick=True).to_dict())
    apps = _sit_down(store, ["Mia", "Leo", "Ava"])
    tables = [_table(app) for app in apps]
    assert [table.seat for table in tables] == [0, 1, 2]
    assert tables[1].game.names == ["Mia", "Leo", "Ava"]
    for _move in range(MAX_MOVES):
        mover = _whose_turn(apps)
        if mover is None:
            break
        table = _table(mover)
        action = table.state["view"]["legal_actions"][0]
        table.handle({"intent": "act", "action": {k: v for k, v in action.items() if k != "label"}})
        assert table.message == "", table.message
        for app in apps:
            app.look()
            seen = _table(app)
            # Each page shows its own seat's view only: no card another seat hides.
            assert not _shown_ids(seen.state) & _hidden_cards_of_others(seen)
            assert seen.game.to_json() == table.game.to_json()
    assert all(table.game.is_over for table in tables)
    winner = tables[0].game.winner
    assert winner is not None
    assert all(table.state["winner"] is not None for table in tables)
    games = store.games()
    assert len(games) == 1
    assert games[0].players == ("Mia", "Leo", "Ava")
    assert games[0].winner == tables[0].game.names[winner]
    saved = Tables(store).tables(("over",))[0]
    assert json.loads(Tables(store).load(saved.id).game.to_json())["history"]


def test_the_narration_tells_each_seat_what_the_others_did(store: SQLiteStore) -> None:
    mia, leo = _sit_down(store, ["Mia", "Leo"])
    table = _table(mia if _table(mia).game.current_player == 0 else leo)
    other = leo if table is _table(mia) else mia
    before = len(_table(other).narration)
    action = table.state["view"]["legal_actions"][0]
    table.handle({"intent": "act", "action": {k: v for k, v in action.items() if k != "label"}})
    other.look()
    assert len(_table(other).narration) > before
    assert _table(other).narration[-1] == table.narration[-1]


def test_a_page_may_not_move_for_another_seat(store: SQLiteStore) -> None:
    mia, leo = _sit_down(store, ["Mia", "Leo"])
    waiting = mia if _table(mia).game.current_player == 1 else leo
    table = _table(waiting)
    version = _shared(store, "Mia").info.version
    acting = _table(leo if waiting is mia else mia)
    action = acting.state["view"]["legal_actions"][0]
    # A page that claims another seat in its message is still only its own seat.
    table.handle(
        {
            "intent": "act",
            "seat": acting.seat,
            "action": {k: v for k, v in action.items() if k != "label"},
        }
    )
    assert "turn" in table.message
    assert _shared(store, "Mia").info.version == version


def test_a_child_who_comes_back_finds_their_seat(store: SQLiteStore) -> None:
    mia, leo = _sit_down(store, ["Mia", "Leo"])
    first = _table(mia if _table(mia).game.current_player == 0 else leo)
    action = first.state["view"]["legal_actions"][0]
    first.handle({"intent": "act", "action": {k: v for k, v in action.items() if k != "label"}})
    # Leo's page closes; a new kernel joins with the same nickname on the same device.
    again = StudentApp(store, pace=0, client=lambda: _device("Leo"))
    assert again.join("Leo")
    table = _table(again)
    assert table.seat == 1
    assert table.game.to_json() == _shared(store, "Leo").game.to_json()


def test_another_device_cannot_take_a_childs_seat(store: SQLiteStore) -> None:
    _sit_down(store, ["Mia", "Leo"])
    stranger = StudentApp(store, pace=0, client=lambda: _device("someone else"))
    assert not stranger.join("Leo")
    assert stranger.activity is None


def test_computer_players_fill_the_free_seats_and_move_by_themselves(store: SQLiteStore) -> None:
    mia, leo = _sit_down(store, ["Mia", "Leo"], fill=True)
    table = _table(mia)
    assert table.game.num_players == 3
    assert table.state["bots"] == [2]
    assert table.game.names[2] == "Easy bot"

    def computer_moved() -> bool:
        log = _shared(store, "Mia").game.log
        return any(event.player == 2 and event.kind != "turn" for event in log)

    for _move in range(MAX_MOVES):
        if computer_moved() or table.game.is_over:
            break
        mover = _whose_turn([mia, leo])
        if mover is not None:
            acting = _table(mover)
            action = acting.state["view"]["legal_actions"][0]
            acting.handle(
                {"intent": "act", "action": {k: v for k, v in action.items() if k != "label"}}
            )
        # The children's kernels look at the table; one of them moves the computer.
        mia.look()
        leo.look()
    assert computer_moved(), "no kernel made the computer's move"
    assert _table(leo).game.to_json() == _shared(store, "Leo").game.to_json()


def test_a_child_away_too_long_is_played_for_until_they_return(store: SQLiteStore) -> None:
    store.save_settings(ClassSettings(turn_timeout=15).to_dict())
    mia, _leo = _sit_down(store, ["Mia", "Leo"])
    # Leo's page went quiet a minute ago.
    store.seen(
        "Leo", (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)).isoformat(timespec="seconds")
    )
    mia._last_table_look = 0.0
    for _move in range(40):
        table = _table(mia)
        if table.game.is_over:
            break
        if table.game.current_player == 0:
            action = table.state["view"]["legal_actions"][0]
            table.handle(
                {"intent": "act", "action": {k: v for k, v in action.items() if k != "label"}}
            )
        mia._last_table_look = 0.0
        mia.look()
    table = _table(mia)
    assert table.state["away"] == ["Leo"]
    played = [event for event in table.game.log if event.player == 1 and event.kind != "turn"]
    assert played, "the computer played Leo's turns"
    # Leo comes back: his seat is his again.
    store.seen("Leo")
    mia._last_table_look = 0.0
    mia.look()
    assert _table(mia).state["away"] == []


def test_the_teacher_sees_the_tables_and_ends_one(store: SQLiteStore) -> None:
    from sq2edu.classroom.widgets.dashboard import Dashboard

    mia, _leo = _sit_down(store, ["Mia", "Leo"])
    waiting = _app(store, "Ava")
    waiting.play_together()
    _lobby(waiting).make(3)
    board = Dashboard(store, refresh=0)
    shown = html.unescape(" ".join(row.children[1].value for row in board.now.tables_box.children))
    assert "Mia's table: Mia, Leo" in shown
    assert "turn, waiting 0:0" in shown
    assert "Ava's table: Ava · waiting to start, 2 free" in shown
    playing = _shared(store, "Mia").info.id
    # One press ended a game of three children: End table asks first.
    row = board.now._table_widgets[playing]
    row.end_button.click()
    assert _shared(store, "Mia").info.status == "playing"
    assert row.sure.layout.display == ""
    assert "End this table?" in row.question.value
    row.keep.click()  # no: the game goes on
    assert row.sure.layout.display == "none"
    assert row.end_button.layout.display == ""
    row.end_button.click()
    row.sure.click()
    mia.look()
    assert mia.activity is None, "the ended table's children are back at the menu"
    assert mia.problem.value == "Your teacher ended that table. Everything you did is kept."
    assert len(board.now.tables_box.children) == 1
    # Mia saw it happen: her next join (a reload, a restart) says nothing of it. Leo, who
    # did not, is told once.
    assert _app(store, "Mia").problem.value == ""
    told = "Your teacher ended the game at Mia's table while you were away."
    assert _app(store, "Leo").problem.value == told
    assert _app(store, "Leo").problem.value == ""


def test_the_teacher_chooses_when_an_away_child_is_played_for(store: SQLiteStore) -> None:
    from sq2edu.classroom.widgets.dashboard import Dashboard

    board = Dashboard(store, refresh=0)
    assert board.settings.turn_timeout.value == 60
    board.settings.turn_timeout.value = 0
    board.settings.save()
    assert ClassSettings.from_dict(store.settings()).turn_timeout == 0
    for bad in (-1, 5, 601, True, "60"):
        with pytest.raises(ValueError, match="turn timeout"):
            ClassSettings(turn_timeout=bad)  # type: ignore[arg-type]


def test_a_lobby_redrawn_as_tables_come_and_go_keeps_no_old_widgets(store: SQLiteStore) -> None:
    from ipywidgets.widgets.widget import _instances

    mia, leo = _app(store, "Mia"), _app(store, "Leo")
    mia.play_together()
    leo.play_together()
    _lobby(leo).make(2)
    mia.look()
    _lobby(leo).stand()
    mia.look()
    alive = len(_instances)
    for _table in range(6):
        _lobby(leo).make(2)
        mia.look()
        _lobby(leo).stand()
        mia.look()
    assert len(_instances) == alive
    assert _lobby(mia).seats.comm is not None, "the seat choice is the lobby's own, kept"


def test_a_lobby_left_behind_closes_every_widget_it_made_shown_or_not(
    store: SQLiteStore,
) -> None:
    """A child back from a game gets a new lobby: the old one's buttons (its Start, hidden
    while choosing a table, and the rows of tables it showed) must not live on, or a click on
    an old "Sit here" could reach a lobby nobody sees."""
    mia, leo = _app(store, "Mia"), _app(store, "Leo")
    leo.play_together()
    mia.play_together()
    old = _lobby(mia)
    _lobby(leo).make(2)
    mia.look()
    rows = [row for row, _sit, _words in old._rows.values()]
    assert rows, "Mia sees Leo's table"
    mia.show_menu()
    mia.play_together()
    mia.show_menu()  # a replaced screen is closed one change later
    made = [old, old.make_button, old.start_button, old.stand_button, old.seats, old.fill, *rows]
    assert [widget.comm for widget in made] == [None] * len(made)
