"""Shared tables in the progress store (SQLite and the throwaway PostgreSQL server): seats,
the start, moves as compare-and-swap, the computer's lease, the watch, and attacks."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from sq2edu import classic, rescue
from sq2edu.classroom.storage.store import ProgressStore, SQLStore, open_store
from sq2edu.classroom.storage.tables import (
    SharedGame,
    StaleTableError,
    TableError,
    Tables,
    game_type,
)
from sq2edu.core import Game, IllegalActionError


@pytest.fixture
def store(location: str) -> Iterator[ProgressStore]:
    opened = open_store(location)
    try:
        yield opened
    finally:
        opened.close()


def _tables(store: ProgressStore) -> Tables:
    assert isinstance(store, SQLStore)
    return Tables(store)


def _dealer(edition: str = "rescue", seed: int = 7) -> Any:
    def deal(seats: Sequence[dict[str, str]]) -> Game[Any, Any]:
        names = [
            seat.get("child") or f"{seat['bot']} bot {index}" for index, seat in enumerate(seats)
        ]
        module = rescue if edition == "rescue" else classic
        game: Game[Any, Any] = module.new_game(names, seed=seed, first_player=0)
        return game

    return deal


def _started(tables: Tables, edition: str = "rescue", children: int = 2) -> SharedGame:
    names = ["Mia", "Leo", "Ava", "Noor", "Ivan"][:children]
    info = tables.make(names[0], children, edition)
    for name in names[1:]:
        tables.sit(info.id, name)
    return tables.start(info.id, names[0], _dealer(edition))


def test_a_table_fills_seat_by_seat_and_its_maker_starts_it(store: ProgressStore) -> None:
    tables = _tables(store)
    info = tables.make("Mia", 3, "rescue")
    assert info.seats == ({"child": "Mia"}, None, None)
    assert (info.status, info.maker, info.free) == ("open", "Mia", 2)
    info = tables.sit(info.id, "Leo")
    assert info.children == ["Mia", "Leo"]
    assert tables.sit(info.id, "Leo").children == ["Mia", "Leo"], "sitting twice is one seat"
    with pytest.raises(TableError, match="Mia made this table"):
        tables.start(info.id, "Leo", _dealer())
    shared = tables.start(info.id, "Mia", _dealer(), fill="easy")
    assert shared.info.status == "playing"
    assert shared.info.seats == ({"child": "Mia"}, {"child": "Leo"}, {"bot": "easy"})
    assert shared.info.computers() == {2: "easy"}
    assert shared.game.names == ["Mia", "Leo", "easy bot 2"]
    assert tables.load(info.id).game.to_json() == shared.game.to_json()
    assert [t.id for t in tables.tables()] == [info.id]
    assert tables.where("Leo") == tables.info(info.id)


def test_free_seats_are_left_out_without_computer_players(store: ProgressStore) -> None:
    tables = _tables(store)
    info = tables.make("Mia", 4, "classic")
    tables.sit(info.id, "Leo")
    shared = tables.start(info.id, "Mia", _dealer("classic"))
    assert shared.info.size == 2
    assert shared.game.num_players == 2
    assert isinstance(shared.game, classic.Game)


@pytest.mark.parametrize("size", [0, 1, 6, 99, -2, True, "3", 2.5])
def test_a_table_has_two_to_five_seats(store: ProgressStore, size: Any) -> None:
    with pytest.raises(TableError, match="2 to 5 seats"):
        _tables(store).make("Mia", size, "rescue")
    assert _tables(store).tables() == []


def test_a_game_needs_two_children(store: ProgressStore) -> None:
    tables = _tables(store)
    info = tables.make("Mia", 3, "rescue")
    with pytest.raises(TableError, match="two children"):
        tables.start(info.id, "Mia", _dealer(), fill="easy")
    assert tables.info(info.id).status == "open"


def test_a_full_or_started_table_takes_nobody_else(store: ProgressStore) -> None:
    tables = _tables(store)
    info = tables.make("Mia", 2, "rescue")
    tables.sit(info.id, "Leo")
    with pytest.raises(TableError, match="full"):
        tables.sit(info.id, "Ava")
    tables.start(info.id, "Mia", _dealer())
    with pytest.raises(TableError, match="started"):
        tables.sit(info.id, "Ava")
    with pytest.raises(TableError, match="keep your seat"):
        tables.stand(info.id, "Leo")


def test_a_child_sits_at_one_table_at_a_time(store: ProgressStore) -> None:
    tables = _tables(store)
    first = tables.make("Mia", 3, "rescue")
    tables.sit(first.id, "Leo")
    second = tables.make("Ava", 3, "rescue")
    tables.sit(second.id, "Leo")
    assert tables.info(first.id).children == ["Mia"]
    assert tables.info(second.id).children == ["Ava", "Leo"]
    tables.start(second.id, "Ava", _dealer())
    with pytest.raises(TableError, match="playing at another table"):
        tables.sit(first.id, "Leo")
    with pytest.raises(TableError, match="playing at another table"):
        tables.make("Leo", 2, "rescue")


def test_the_last_child_to_stand_up_ends_the_table(store: ProgressStore) -> None:
    tables = _tables(store)
    info = tables.make("Mia", 3, "rescue")
    tables.sit(info.id, "Leo")
    tables.stand(info.id, "Mia")
    assert tables.info(info.id).maker == "Leo", "the maker's job passes on"
    tables.stand(info.id, "Leo")
    assert tables.tables() == []
    with pytest.raises(TableError, match="not there any more"):
        tables.sit(info.id, "Ava")


@pytest.mark.parametrize("table_id", ["nope", "", "x" * 5000, "' OR 1=1 --"])
def test_an_unknown_table_is_refused_in_words(store: ProgressStore, table_id: str) -> None:
    tables = _tables(store)
    with pytest.raises(TableError, match="not there any more"):
        tables.sit(table_id, "Mia")
    with pytest.raises(TableError):
        tables.move(table_id, 1, 0, rescue.Roll())


def test_another_class_does_not_see_the_table(store: ProgressStore) -> None:
    tables = _tables(store)
    info = tables.make("Mia", 2, "rescue")
    store.new_class("Next year")
    assert tables.tables() == []
    with pytest.raises(TableError):
        tables.sit(info.id, "Leo")


def test_a_move_advances_the_version_and_is_stored(store: ProgressStore) -> None:
    tables = _tables(store)
    shared = _started(tables)
    action = shared.game.legal_actions()[0]
    after, events = tables.move(shared.info.id, shared.info.version, 0, action)
    assert events
    assert after.info.version == shared.info.version + 1
    assert tables.load(shared.info.id).game.to_json() == after.game.to_json()
    assert after.game.history == [action]


def test_a_move_from_a_seat_whose_turn_it_is_not_is_refused(store: ProgressStore) -> None:
    tables = _tables(store)
    shared = _started(tables)
    action = shared.game.legal_actions()[0]
    with pytest.raises(IllegalActionError):
        tables.move(shared.info.id, shared.info.version, 1, action)
    for seat in (-1, 5, 99):
        with pytest.raises(IllegalActionError):
            tables.move(shared.info.id, shared.info.version, seat, action)
    assert tables.load(shared.info.id).info.version == shared.info.version


def test_an_illegal_action_writes_nothing(store: ProgressStore) -> None:
    tables = _tables(store)
    shared = _started(tables)
    with pytest.raises(IllegalActionError):
        tables.move(shared.info.id, shared.info.version, 0, rescue.EndActions())
    assert tables.load(shared.info.id).game.to_json() == shared.game.to_json()


def test_a_stale_version_is_refused_and_nothing_is_lost(store: ProgressStore) -> None:
    tables = _tables(store)
    shared = _started(tables)
    action = shared.game.legal_actions()[0]
    after, _events = tables.move(shared.info.id, shared.info.version, 0, action)
    with pytest.raises(StaleTableError, match="moved first"):
        tables.move(shared.info.id, shared.info.version, 0, action)
    assert tables.load(shared.info.id).game.to_json() == after.game.to_json()


def _race(
    location: str, move: tuple[str, int, int, Any], barrier: threading.Barrier, outcomes: list[str]
) -> None:
    """One kernel's move, made the moment the other kernel makes the same one."""
    racer = open_store(location)
    try:
        barrier.wait()
        _tables(racer).move(*move)
        outcomes.append("won")
    except StaleTableError:
        outcomes.append("stale")
    finally:
        racer.close()


def test_two_writers_racing_on_one_table_exactly_one_wins(location: str) -> None:
    """Two connections (two kernels, each in its own thread) move on the same version at
    the same moment, round after round: one move is written each round, never two."""
    store = open_store(location)
    try:
        shared = _started(_tables(store))
        table_id = shared.info.id
        for _round in range(10):
            current = _tables(store).load(table_id)
            if current.game.is_over:
                break
            seat = current.game.current_player
            action = current.game.legal_actions()[0]
            outcomes: list[str] = []
            barrier = threading.Barrier(2)

            move = (table_id, current.info.version, seat, action)
            threads = [
                threading.Thread(target=_race, args=(location, move, barrier, outcomes))
                for _racer in range(2)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(outcomes) == ["stale", "won"]
            after = _tables(store).load(table_id)
            assert after.info.version == current.info.version + 1
            assert after.game.history == [*current.game.history, action]
    finally:
        store.close()


def test_children_sitting_down_at_the_same_moment_all_get_a_seat(location: str) -> None:
    """Three children on three connections (two servers, say) press "Sit here" at the same
    moment, round after round: every one of them sits, none is written over."""
    store = open_store(location)
    try:
        for round_ in range(6):
            info = _tables(store).make(f"Maker{round_}", 4, "rescue")
            names = [f"Child{round_}x{n}" for n in range(3)]
            barrier = threading.Barrier(len(names))
            failures: list[BaseException] = []

            def sit(
                name: str,
                table_id: str = info.id,
                barrier: threading.Barrier = barrier,
                failures: list[BaseException] = failures,
            ) -> None:
                own = open_store(location)
                try:
                    barrier.wait()
                    _tables(own).sit(table_id, name)
                except BaseException as error:
                    failures.append(error)
                finally:
                    own.close()

            threads = [threading.Thread(target=sit, args=(name,)) for name in names]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert failures == []
            assert sorted(_tables(store).info(info.id).children) == sorted(
                [f"Maker{round_}", *names]
            )
    finally:
        store.close()


def test_a_start_racing_a_stand_is_refused_and_the_store_and_game_agree(location: str) -> None:
    """While the maker's Start deals the game, a child stands up on another server: the start
    is refused in plain words, nothing is written, and the table the store keeps is the one
    every page shows. Pressed again, Start deals for the children still sitting."""
    store, other = open_store(location), open_store(location)
    try:
        tables = _tables(store)
        info = tables.make("Mia", 3, "rescue")
        tables.sit(info.id, "Leo")
        tables.sit(info.id, "Ava")

        def deal_while_ava_stands(seats: Sequence[dict[str, str]]) -> Game[Any, Any]:
            _tables(other).stand(info.id, "Ava")
            game: Game[Any, Any] = _dealer()(seats)
            return game

        with pytest.raises(StaleTableError, match="Press Start again"):
            tables.start(info.id, "Mia", deal_while_ava_stands)
        now = tables.info(info.id)
        assert (now.status, now.children) == ("open", ["Mia", "Leo"])
        with pytest.raises(TableError, match="not started yet"):
            tables.load(info.id)

        shared = tables.start(info.id, "Mia", _dealer())
        assert shared.game.names == ["Mia", "Leo"]
        stored = tables.load(info.id)
        assert stored.info == shared.info
        assert stored.game.to_json() == shared.game.to_json()
    finally:
        other.close()
        store.close()


_HOLD_A_MOVE = """
import sys, time
from sq2edu.classroom.storage.store import open_store
store = open_store(sys.argv[1])
with store.transaction() as cursor:
    store.execute(cursor, "UPDATE {t}game_tables SET game = 'half-written', version = version + 1 "
               "WHERE id = ?", (sys.argv[2],))
    print("writing", flush=True)
    time.sleep(60)
"""


def test_a_writer_killed_mid_move_leaves_the_last_committed_game(location: str) -> None:
    store = open_store(location)
    try:
        shared = _started(_tables(store))
        writer = subprocess.Popen(
            [sys.executable, "-c", _HOLD_A_MOVE, location, shared.info.id],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "writing"
        writer.kill()
        writer.wait(timeout=10)
        after = _tables(store).load(shared.info.id)
        assert after.info.version == shared.info.version
        assert after.game.to_json() == shared.game.to_json()
        action = after.game.legal_actions()[0]
        moved, _events = _tables(store).move(shared.info.id, after.info.version, 0, action)
        assert moved.info.version == after.info.version + 1
    finally:
        store.close()


def test_one_kernel_takes_the_computers_lease(location: str) -> None:
    first, second = open_store(location), open_store(location)
    try:
        shared = _started(_tables(first))
        table_id, version = shared.info.id, shared.info.version
        assert _tables(first).lease(table_id, version, "kernel-a")
        assert not _tables(second).lease(table_id, version, "kernel-b")
        assert _tables(first).lease(table_id, version, "kernel-a"), "the holder keeps it"
        assert not _tables(second).lease(table_id, version + 1, "kernel-b"), "no such version"
        action = shared.game.legal_actions()[0]
        moved, _events = _tables(first).move(table_id, version, 0, action)
        assert _tables(second).lease(table_id, moved.info.version, "kernel-b")
    finally:
        first.close()
        second.close()


def test_a_finished_game_is_kept_with_the_class_games_once(store: ProgressStore) -> None:
    tables = _tables(store)
    info = tables.make("Mia", 3, "classic")
    tables.sit(info.id, "Leo")
    shared = tables.start(info.id, "Mia", _dealer("classic", seed=3), fill="easy")
    chooser = __import__("random").Random(3)
    while not shared.game.is_over:
        action = chooser.choice(shared.game.legal_actions())
        shared, _events = tables.move(
            info.id, shared.info.version, shared.game.current_player, action
        )
    assert shared.info.status == "over"
    with pytest.raises(TableError, match="over"):
        tables.move(info.id, shared.info.version, 0, classic.Discard("n1a"))
    games = store.games()
    assert len(games) == 1
    assert games[0].players == tuple(shared.game.names)
    assert games[0].bots == {2: "easy"}
    assert games[0].winner == shared.game.names[shared.game.winner or 0]
    assert tables.tables() == []
    assert tables.tables(("over",))[0].id == info.id
    replay = game_type("classic").from_json(tables.load(info.id).game.to_json())
    assert replay.is_over
    assert tables.replays(info.id), "the stored history replays to the stored game"


def test_a_table_the_teacher_ended_is_still_checked_for_a_lost_move(store: ProgressStore) -> None:
    tables = _tables(store)
    shared = _started(tables)
    game = shared.game
    tables.move(shared.info.id, shared.info.version, game.current_player, game.legal_actions()[0])
    tables.end(shared.info.id)
    assert tables.replays(shared.info.id)
    with pytest.raises(TableError, match="not there"):
        tables.replays("no-such-table")


def test_a_game_whose_history_lost_a_move_does_not_replay(store: ProgressStore) -> None:
    tables = _tables(store)
    shared = _started(tables)
    for _move in range(3):
        game = shared.game
        shared, _events = tables.move(
            shared.info.id, shared.info.version, game.current_player, game.legal_actions()[0]
        )
    assert tables.replays(shared.info.id)
    data = json.loads(shared.game.to_json())
    data["history"].pop(1)
    assert isinstance(store, SQLStore)
    with store.transaction() as cursor:
        store.execute(
            cursor,
            "UPDATE {t}game_tables SET game = ? WHERE id = ?",
            (json.dumps(data, ensure_ascii=False), shared.info.id),
        )
    assert not tables.replays(shared.info.id)


def test_the_teacher_ends_a_table(store: ProgressStore) -> None:
    tables = _tables(store)
    shared = _started(tables)
    tables.end(shared.info.id)
    assert tables.tables() == []
    with pytest.raises(TableError):
        tables.move(shared.info.id, shared.info.version + 1, 0, rescue.Roll())


def test_the_watch_sees_another_kernels_move(location: str) -> None:
    first, second = open_store(location), open_store(location)
    # Made, sat at and started before the watch: three writes, three notices, which a busy
    # machine may deliver apart.
    shared = _started(_tables(first))
    watch = second.watch()
    try:
        assert not watch.changed()
        _tables(first).move(shared.info.id, shared.info.version, 0, shared.game.legal_actions()[0])
        assert _eventually(watch.changed)
        assert not watch.changed(), "each change is told once"
        _tables(first).end(shared.info.id)
        assert _eventually(watch.changed)
    finally:
        watch.close()
        first.close()
        second.close()


def _eventually(look: Any, tries: int = 50) -> bool:
    import time

    for _try in range(tries):
        if look():
            return True
        time.sleep(0.02)
    return False


def test_a_seat_list_in_the_store_is_plain_json(store: ProgressStore) -> None:
    """Nicknames are data: a name with quotes or markup is kept exactly, never run."""
    tables = _tables(store)
    info = tables.make('<script>x</script>"', 2, "rescue")
    assert tables.info(info.id).maker == '<script>x</script>"'
    assert json.loads(json.dumps(tables.info(info.id).seats))[0]["child"].startswith("<script>")
