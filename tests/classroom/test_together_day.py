"""Tables of classmates through a lesson day: the teacher changes the settings, a table
breaks, a child goes away and comes back."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sq2edu import classic, rescue
from sq2edu.bots import make_bot
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.store import SQLiteStore
from sq2edu.classroom.storage.tables import TableError, Tables
from sq2edu.classroom.widgets.app import PRESENT_AT_TABLE_EVERY, StudentApp
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.classroom.widgets.lobby import Lobby
from tests.classroom.test_together import _app, _lobby, _shared, _sit_down, _table


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "class.sqlite3")
    yield opened
    opened.close()


def test_a_waiting_table_takes_the_game_the_teacher_switches_to(store: SQLiteStore) -> None:
    """The teacher switched the class to Sleeping Queens while a Rescue table waited: its row
    still said "Game: The Rescue", Start began the Rescue, and nobody was told. A table with
    no game yet plays the class's new one, and says so; a table playing keeps its game."""
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
    board.settings.edition.value = "classic"
    board.settings.save()
    assert "1 table waiting to start plays Sleeping Queens now." in board.settings.saved.value
    for app in (mia, leo):
        app.look()
        said = _lobby(app)._title.value
        assert "Game: Sleeping Queens" in said
        assert "Your teacher changed the game: this table plays Sleeping Queens now." in said
    _lobby(mia).start()
    for app in (mia, leo):
        app.look()
        _table(app)
    shared = _shared(store, "Mia")
    assert shared.info.edition == "classic"
    assert isinstance(shared.game, classic.Game)
    ava = _app(store, "Ava")
    ava.play_together()  # her lobby opens while the class plays Sleeping Queens
    # Switched back while it plays: the table keeps the game it started with.
    board.settings.edition.value = "rescue"
    board.settings.save()
    assert "waiting to start" not in board.settings.saved.value
    assert _shared(store, "Mia").info.edition == "classic"
    board.refresh()
    assert "Mia&#39;s table: Mia, Leo ·" in board.now.tables_box.children[0].children[1].value
    # A table made now plays the class's game as it is now.
    _lobby(ava).make(2)
    again = Tables(store).where("Ava")
    assert again is not None
    assert again.edition == "rescue"


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
    with store.transaction() as cursor:  # a game the table cannot read back
        rescued = rescue.new_game(["Mia", "Leo"]).to_json()
        store.execute(cursor, "UPDATE game_tables SET game = ? WHERE id = ?", (rescued, broken.id))
    board = Dashboard(store, refresh=0)
    rows = sorted(row.children[1].value for row in board.now.tables_box.children)
    assert rows[0].startswith("<p>Ava&#39;s table: Ava, Noor ·")
    assert rows[1] == "<p>Mia&#39;s table cannot be shown: end it.</p>"
    board.now.end_table(broken.id)
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
    assert "1 game; children won 0. The computer finished 1 of them" in board.games.list.value
    assert re.search(r"<td>1</td><td>0</td><td>[01]</td>", board.games.list.value)


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


def test_a_child_whose_table_the_teacher_ended_is_told_so_in_her_language(
    store: SQLiteStore,
) -> None:
    """ "That table is not there any more." was English on a Russian screen."""
    mia, leo = _app(store, "Mia"), _app(store, "Leo")
    for app in (mia, leo):
        app.play_together()
    _lobby(mia).make(2)
    made = Tables(store).where("Mia")
    assert made is not None
    leo.look()
    _lobby(leo).sit(made.id)
    mia.look()
    _lobby(mia).start()
    leo.look()
    leo.set_language("ru")
    Dashboard(store, refresh=0).now.end_table(made.id)
    leo.look()
    assert leo.activity is None
    assert leo.problem.value == "Учитель завершил игру за этим столом. Все твои ходы сохранены."


def _sit_buttons(lobby: Lobby) -> list[tuple[str, str]]:
    """The lobby's rows: what each says, and whether its Sit here button shows."""
    return [
        (words.value, "shown" if sit.layout.visibility == "visible" else "none")
        for _row, sit, words in lobby._rows.values()
        if _row in lobby._screens.box.children
    ]


def test_a_full_table_offers_no_seat_and_a_lost_race_is_said_until_it_no_longer_holds(
    store: SQLiteStore,
) -> None:
    mia, leo, ava, ola = (_app(store, name) for name in ("Mia", "Leo", "Ava", "Ola"))
    for app in (mia, leo, ava, ola):
        app.play_together()
    _lobby(mia).make(2)
    made = Tables(store).where("Mia")
    assert made is not None
    ava.look()
    leo.look()
    _lobby(leo).sit(made.id)
    # Ava pressed Sit here before her lobby knew the table was full: she is told in the
    # row she pressed, where she looks, not at the bottom of the lobby.
    _lobby(ava).sit(made.id)
    assert _lobby(ava).problem.value == ""
    ((said, shown),) = _sit_buttons(_lobby(ava))
    assert shown == "none"
    assert said.startswith("<p>Mia&#39;s table: Mia, Leo · full<br>")
    assert "<p class='sq2-problem' role='alert'>⚠ This table is full." in said
    _lobby(ola).make(3)
    ava.look()
    rows = _sit_buttons(_lobby(ava))
    assert "This table is full" in rows[0][0], "the next redraw kept it"
    assert [shown for _words, shown in rows] == ["none", "shown"]
    # It stayed after the table started: said once, it goes when it no longer holds.
    mia.look()
    _lobby(mia).start(fill=False)
    ava.look()
    rows = _sit_buttons(_lobby(ava))
    assert "playing" in rows[0][0]
    assert "This table is full" not in rows[0][0], "the table started"
    _lobby(ava).sit(Tables(store).where("Ola").id)  # type: ignore[union-attr]
    assert _lobby(ava).problem.value == ""


def test_a_table_that_starts_keeps_its_row_and_each_table_says_its_game(
    store: SQLiteStore,
) -> None:
    """Rows jumped 58 px under a finger when a table above them started (it left the
    list); after the teacher changed the game, no row said which game its table plays."""
    mia, leo, ava, ola = (_app(store, name) for name in ("Mia", "Leo", "Ava", "Ola"))
    for app in (mia, leo, ava):
        app.play_together()
    _lobby(mia).make(2)
    made = Tables(store).where("Mia")
    assert made is not None
    leo.look()
    _lobby(leo).sit(made.id)
    store.save_settings(ClassSettings(edition="classic").to_dict())
    ola.play_together()  # a lobby opened after the switch makes tables of the new game
    _lobby(ola).make(3)
    ava.look()
    before = list(_lobby(ava)._screens.box.children)
    rows = _sit_buttons(_lobby(ava))
    assert [shown for _words, shown in rows] == ["none", "shown"]
    assert "Game: The Rescue" in rows[0][0]
    assert "Game: Sleeping Queens" in rows[1][0]
    mia.look()
    _lobby(mia).start()
    ava.look()
    assert list(_lobby(ava)._screens.box.children) == before, "every row where it was"
    rows = _sit_buttons(_lobby(ava))
    assert rows[0][0].startswith("<p>Mia&#39;s table: Mia, Leo · playing<br>")
    assert [shown for _words, shown in rows] == ["none", "shown"]
    ava.set_language("ru")
    assert "Игра: «Спасение»" in _sit_buttons(_lobby(ava))[0][0]


def test_a_child_whose_tables_maker_left_is_told_why_she_may_start(store: SQLiteStore) -> None:
    """When the maker's page went, the next child got Start without a word why."""
    mia, leo, ava = (_app(store, name) for name in ("Mia", "Leo", "Ava"))
    for app in (mia, leo, ava):
        app.play_together()
    _lobby(mia).make(3)
    made = Tables(store).where("Mia")
    assert made is not None
    for app in (leo, ava):
        app.look()
        _lobby(app).sit(made.id)
    long_ago = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)).isoformat(timespec="seconds")
    store.seen("Mia", long_ago)  # her page closed a minute ago
    store.seen("Leo")
    store.seen("Ava")
    ava._last_table_look = 0.0
    ava.look()  # Ava's kernel stands Mia up
    leo.look()
    assert _lobby(leo).start_button.disabled is False
    assert "Mia left. You can start the game now." in _lobby(leo)._note.value
    assert "Mia left" not in _lobby(ava)._note.value, "it is Leo's to start, not Ava's"
    _lobby(ava).stand()
    leo.look()
    assert "Mia left. The table is yours now." in _lobby(leo)._note.value
    assert _lobby(leo).start_button.disabled is True


def test_tables_made_within_a_second_stay_in_the_order_they_were_made(
    store: SQLiteStore,
) -> None:
    tables = Tables(store)
    makers = [f"Child{number}" for number in range(12)]
    for maker in makers:
        tables.make(maker, 2, "rescue")
    assert [info.maker for info in tables.tables()] == makers


def test_after_30_seconds_means_30_seconds_after_the_child_left(store: SQLiteStore) -> None:
    """ "After 30 seconds" took over after 23-26 s: the page's last note came up to a few
    seconds before the child left."""
    store.save_settings(ClassSettings(turn_timeout=30).to_dict())
    mia, _leo = _sit_down(store, ["Mia", "Leo"])
    seat = mia.seat
    assert seat is not None
    left = dt.datetime.now(dt.UTC)
    # Leo's page was last noted at most one "still there?" before he left.
    store.seen("Leo", (left - dt.timedelta(seconds=4)).isoformat(timespec="seconds"))
    assert seat.look_for_away(left + dt.timedelta(seconds=29.5)) == []
    assert seat.look_for_away(left + dt.timedelta(seconds=31.5)) == [1]
    assert PRESENT_AT_TABLE_EVERY < 4  # a note at each "still there?" of the page


def test_a_table_whose_maker_left_before_the_start_leaves_the_lobby(store: SQLiteStore) -> None:
    """The table waited for ever, and was still offered in the lobby."""
    mia, leo, ava = (_app(store, name) for name in ("Mia", "Leo", "Ava"))
    for app in (mia, leo, ava):
        app.play_together()
    _lobby(mia).make(3)
    _lobby(ava).make(2)
    mias, avas = Tables(store).where("Mia"), Tables(store).where("Ava")
    assert mias is not None
    assert avas is not None
    leo.look()
    _lobby(leo).sit(mias.id)
    long_ago = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)).isoformat(timespec="seconds")
    for name in ("Mia", "Ava"):  # their pages closed a minute ago
        store.seen(name, long_ago)
    store.seen("Leo")
    leo._last_table_look = 0.0
    leo.look()
    (left,) = Tables(store).tables()
    assert (left.id, left.maker, left.children) == (mias.id, "Leo", ["Leo"])
    assert Tables(store).info(mias.id).maker == "Leo"
    with pytest.raises(TableError):
        Tables(store).info(avas.id)  # nobody sat there: it is gone


def test_a_child_who_comes_back_is_told_the_computer_played_for_her(store: SQLiteStore) -> None:
    _sit_down(store, ["Mia", "Leo"])
    tables = Tables(store)
    info = tables.where("Leo")
    assert info is not None
    # The computer plays Leo's turns while he is away (his page closed).
    for move in range(40):
        shared = tables.load(info.id)
        if 1 in tables.played_for(info.id) and shared.game.current_player == 0:
            break
        seat = shared.game.current_player
        if seat == 1:
            assert tables.lease(info.id, shared.info.version, "kernel")
        action = make_bot("easy", seed=move).choose(shared.game.clone())
        tables.move(info.id, shared.info.version, seat, action)
    assert tables.played_for(info.id) == [1]
    again = _app(store, "Leo")  # his page opened again
    _table(again)
    said = " ".join(
        getattr(widget, "value", "")
        for widget in again._screens.box.children
        if isinstance(getattr(widget, "value", None), str)
    )
    assert "While you were away, the computer played for you." in said
    # It stayed ~30 moves later: it goes with his next move.
    while (shared := tables.load(info.id)).game.current_player != 1:  # Mia's moves
        action = make_bot("easy", seed=1).choose(shared.game.clone())
        tables.move(info.id, shared.info.version, 0, action)
    again.look()
    assert _table(again).state["view"]["legal_actions"], "Leo's turn"
    assert "While you were away" in _said(again), "still true before he plays"
    legal = _table(again).state["view"]["legal_actions"][0]
    version = tables.version(info.id)
    _table(again).handle(
        {"intent": "act", "action": {key: value for key, value in legal.items() if key != "label"}}
    )
    assert tables.version(info.id) > version, "his move"
    assert "While you were away" not in _said(again)


def _said(app: StudentApp) -> str:
    return " ".join(
        getattr(widget, "value", "")
        for widget in app._screens.box.children
        if isinstance(getattr(widget, "value", None), str)
    )


def test_a_child_whose_game_ended_while_she_was_away_sees_how_it_ended(
    store: SQLiteStore,
) -> None:
    _sit_down(store, ["Mia", "Leo"])
    tables = Tables(store)
    info = tables.where("Leo")
    assert info is not None
    for move in range(600):
        shared = tables.load(info.id)
        if shared.game.is_over:
            break
        seat = shared.game.current_player
        if seat == 1:
            assert tables.lease(info.id, shared.info.version, "kernel")
        action = make_bot("easy", seed=move).choose(shared.game.clone())
        tables.move(info.id, shared.info.version, seat, action)
    winner = tables.load(info.id).game.winner
    again = _app(store, "Leo")
    assert again.activity is None  # the menu
    if winner == 1:  # the computer won it, playing for him: not his win
        assert again.problem.value == (
            "The game at Mia's table ended while you were away: the computer, playing for Leo, won."
        )
    else:
        assert again.problem.value == (
            "The game at Mia's table ended while you were away: Mia won."
        )
    assert _app(store, "Leo").problem.value == "", "said once, not at each join"


@pytest.mark.parametrize("edition", ["rescue", "classic"])
def test_the_computers_win_for_a_child_who_left_is_told_as_the_computers(
    store: SQLiteStore, edition: str
) -> None:
    """The others read "Liv rescued 2 kings and wins! 🎉" when the computer, playing for Liv
    who had left, made the winning move."""
    store.save_settings(ClassSettings(edition=edition, quick=True).to_dict())
    apps = _sit_down(store, ["Mia", "Leo"])
    tables = Tables(store)
    info = tables.where("Leo")
    assert info is not None
    _play_to_the_end(tables, info.id, away={0, 1})  # both pages closed: the computer plays
    shared = tables.load(info.id)
    assert shared.won_for_away
    winner = shared.game.winner
    assert winner is not None
    name = shared.game.names[winner]
    for app in apps:
        app.look()
        table = _table(app)
        said = table.state["winner"]["text"]
        who = "you" if table.seat == winner else name
        assert said.startswith(f"The computer, playing for {who}, "), said
        assert said.endswith("and wins."), said
        if edition == "rescue":
            kings = len(shared.game.view(None)["players"][winner]["kings"])
            kings_said = f"{kings} king" if kings == 1 else f"{kings} kings"
            assert said == f"The computer, playing for {who}, rescued {kings_said} and wins."
        app.set_language("ru")
        assert "компьютер, игравший за" in table.state["winner"]["text"]


def test_a_childs_own_win_is_hers_after_the_computer_played_for_her(store: SQLiteStore) -> None:
    """The computer's turns for a child who then came back and won do not make it its win."""
    _mia, leo = _sit_down(store, ["Mia", "Leo"])
    tables = Tables(store)
    info = tables.where("Leo")
    assert info is not None
    shared = tables.load(info.id)
    assert tables.lease(info.id, shared.info.version, "kernel")  # the first turn's away
    action = make_bot("easy", seed=1).choose(shared.game.clone())
    tables.move(info.id, shared.info.version, shared.game.current_player, action)
    _play_to_the_end(tables, info.id, away=set())
    shared = tables.load(info.id)
    assert shared.info.played
    assert not shared.won_for_away
    leo.look()
    assert "The computer" not in _table(leo).state["winner"]["text"]


def test_a_child_who_leaves_the_table_on_her_turn_is_played_for_after_the_away_setting(
    store: SQLiteStore,
) -> None:
    """Back or the Lab on her turn stalled the table (her page, still open, kept her seen);
    then the computer played for her 10 s after she left, though the teacher's away setting
    said 30: she is away like a child whose page closed, and the Lab tells her it is her
    turn."""
    board = Dashboard(store, refresh=0)
    board.settings.turn_timeout.value = 30
    board.settings.save()
    mia, leo = _sit_down(store, ["Mia", "Leo"])
    tables = Tables(store)
    info = tables.where("Leo")
    assert info is not None
    while tables.load(info.id).game.current_player != 1:
        _table(mia).handle(
            {
                "intent": "act",
                "action": {
                    key: value
                    for key, value in _table(mia).state["view"]["legal_actions"][0].items()
                    if key != "label"
                },
            }
        )
    leo.practise()  # Leo opens the Lab on his turn
    said = " ".join(str(getattr(widget, "value", "")) for widget in leo._screens.box.children)
    assert "It is your turn at your table of classmates!" in said
    assert "If you stay away longer than 30 seconds, the computer plays your turn." in said
    assert tables.left_seats(info.id) == [1]
    mia._last_table_look = 0.0
    mia.look()
    assert _table(mia).state["away"] == [], "Leo is waited for"
    seat = mia.seat
    assert seat is not None
    left = dt.datetime.now(dt.UTC)
    assert seat.look_for_away(left + dt.timedelta(seconds=15)) == [], "as the teacher said"
    assert not seat.drive()
    later = left + dt.timedelta(seconds=31)
    assert seat.look_for_away(later) == [1]
    version = tables.version(info.id)
    assert seat.drive(), "the computer plays Leo's turn"
    assert tables.version(info.id) > version
    _table(mia).refresh()
    assert _table(mia).state["away"] == ["Leo"], "the others are told"
    leo.play_together()  # Leo is back
    _table(leo)
    assert tables.left_seats(info.id) == []


def test_a_back_pressed_late_in_her_turn_does_not_cost_the_turn(store: SQLiteStore) -> None:
    """The wait was counted from the start of the turn: Leo pressed Back by mistake 15 s into
    his turn, and the computer moved for him 0.7 s later, before he could come back."""
    mia, leo = _sit_down(store, ["Mia", "Leo"])
    tables = Tables(store)
    info = tables.where("Leo")
    assert info is not None
    while tables.load(info.id).game.current_player != 1:
        shared = tables.load(info.id)
        action = make_bot("easy", seed=1).choose(shared.game.clone())
        tables.move(info.id, shared.info.version, 0, action)
    began = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=15)
    with store.transaction() as cursor:
        store.execute(
            cursor,
            "UPDATE game_tables SET turn_since = ? WHERE id = ?",
            (began.isoformat(timespec="seconds"), info.id),
        )
    mia.look()
    seat = mia.seat
    assert seat is not None
    seat.shared = tables.load(info.id)  # the turn began 15 s ago
    left = dt.datetime.now(dt.UTC)
    leo.show_menu()  # Back, by mistake
    assert tables.left_seats(info.id) == [1]
    assert seat.look_for_away(left + dt.timedelta(seconds=1)) == [], "he has his turn still"
    assert not seat.drive()
    back_in_time = left + dt.timedelta(seconds=seat.away_after + 1)
    assert seat.look_for_away(back_in_time) == [1], "waited for from the moment he left"
    leo.play_together()  # he comes back: his seat is his
    assert tables.left_seats(info.id) == []
    assert seat.look_for_away(back_in_time) == []


def test_a_computer_player_is_called_in_each_childs_language(store: SQLiteStore) -> None:
    """ "Easy bot" was English on Russian and Norwegian screens at a table of classmates."""
    from sq2edu.bots.names import seat_names
    from sq2edu.i18n import language

    _mia, leo = _sit_down(store, ["Mia", "Leo"], fill=True)
    assert _shared(store, "Leo").game.names[2] == "Easy bot"  # dealt in the class's language
    leo.set_language("ru")
    with language("ru"):
        russian = seat_names(["easy"])[0][0]
    state = _table(leo).state
    assert state["names"][2] == russian != "Easy bot"
    assert "Easy bot" not in json.dumps(state, ensure_ascii=False)


def test_the_computers_moves_for_an_away_child_are_told_as_the_computers(
    store: SQLiteStore,
) -> None:
    """Coming back, Leo read "Leo rolled a 3" for the rolls the computer made for him: its
    moves are told as the computer's, to him and to the others, in their languages."""
    mia = _sit_down(store, ["Mia", "Leo"])[0]
    tables = Tables(store)
    info = tables.where("Leo")
    assert info is not None
    for move in range(40):
        shared = tables.load(info.id)
        if 1 in tables.played_for(info.id) and shared.game.current_player == 0:
            break
        seat = shared.game.current_player
        if seat == 1:  # Leo's page is closed: a kernel's computer plays for him
            assert tables.lease(info.id, shared.info.version, "kernel")
        action = make_bot("easy", seed=move).choose(shared.game.clone())
        tables.move(info.id, shared.info.version, seat, action)
    shared = tables.load(info.id)
    played = set(shared.info.played)
    assert played
    assert {shared.game.log[index].player for index in played} == {1}
    again = _table(_app(store, "Leo"))  # his page opened again
    mia.look()
    for table in (again, _table(mia)):
        said = table.narration
        for index, event in enumerate(shared.game.log):
            if index in played and event.kind != "turn":
                assert said[index] == f"The computer played for Leo: {event.text}"
            else:
                assert said[index] == event.text  # Mia's own moves are hers
        assert table.state["narration"] == said[-len(table.state["narration"]) :]
    told = {
        "ru": "Компьютер играл за игрока Leo: ",
        "nb": "Datamaskinen spilte for Leo: ",
    }
    for code, words in told.items():
        again.choose_language(code)
        assert sum(line.startswith(words) for line in again.narration) == len(
            [index for index in played if shared.game.log[index].kind != "turn"]
        )


def test_a_tables_marks_kept_as_a_plain_list_are_still_read(store: SQLiteStore) -> None:
    """Tables saved before the computer's moves were marked keep their marks as one list
    (a seat that left as ``-(seat + 1)``): they are read as they were meant."""
    _sit_down(store, ["Mia", "Leo", "Ava"])
    tables = Tables(store)
    info = tables.where("Leo")
    assert info is not None
    with store.transaction() as cursor:
        store.execute(
            cursor, "UPDATE game_tables SET played_for = '[1, -3]' WHERE id = ?", (info.id,)
        )
    assert tables.played_for(info.id) == [1]
    assert tables.left_seats(info.id) == [2]
    assert tables.info(info.id).played == ()
    tables.set_back(info.id, 2)
    assert tables.left_seats(info.id) == []
    assert tables.played_for(info.id) == [1]
