"""The progress store, on SQLite and on the throwaway PostgreSQL server (``location``): records
survive, many kernels write at once, bad files say so."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from sq2edu.classroom import (
    SCHEMA_VERSION,
    Attempt,
    GameRecord,
    SQLiteStore,
    StoreError,
    default_path,
    open_store,
)


def test_attempts_games_and_students_are_kept_exactly(location: str) -> None:
    """On SQLite and on PostgreSQL: written, closed, opened again, read back as written."""
    with open_store(location) as store:
        store.join("Leo")
        store.record_attempt(
            Attempt("Mia", "2 + 3 = 6", False, ("not-true",), (2, 3, 6), typed=True, hint_level=1)
        )
        store.record_attempt(Attempt("Mia", "2 × 3 = 6", True, (), (2, 3, 6), level="rescue"))
        store.record_game(GameRecord(("Mia", "Easy bot"), {1: "easy"}, "Mia", 24, 312.5))
    with open_store(location) as again:
        latest, first = again.attempts("Mia")
        assert again.students() == ["Leo", "Mia"]
        assert (latest.text, latest.ok, latest.skill, latest.level) == (
            "2 × 3 = 6",
            True,
            "multiplication-two",
            "rescue",
        )
        assert (first.codes, first.numbers, first.typed, first.hint_level, first.level) == (
            ("not-true",),
            (2, 3, 6),
            True,
            1,
            "",
        )
        assert first.at <= latest.at
        (game,) = again.games()
        assert (game.players, game.bots, game.winner, game.turns, game.seconds) == (
            ("Mia", "Easy bot"),
            {1: "easy"},
            "Mia",
            24,
            312.5,
        )
        assert again.attempts(limit=1) == [latest]


def _every_field_set() -> Attempt:
    """An attempt whose every field differs from its default (a field added later and left
    out of the store's columns or the wire would come back as its default)."""
    attempt = Attempt(
        "Mia",
        "7 + 3 = 10",
        True,
        ("near-miss", "not-true"),
        (7, 3, 10),
        typed=True,
        hint_level=2,
        where="lesson",
        at="2026-03-04T05:06:07+00:00",
        cards=(3, 7, 10),
        level="bonds-10",
        lesson="number-bonds",
        exercise=4,
        helped=True,
    )
    for name, value in attempt.to_dict().items():
        assert value != getattr(Attempt("", "", False), name), name
    return attempt


def test_every_field_of_an_attempt_is_kept(location: str) -> None:
    attempt = _every_field_set()
    with open_store(location) as store:
        store.record_attempt(attempt)
    with open_store(location) as again:
        assert again.attempts() == [attempt]
        assert [kept for _number, kept in again.attempts_after(0)] == [attempt]


def test_every_field_of_an_attempt_travels_the_wire() -> None:
    pytest.importorskip("jupyterhub")
    from sq2edu.hub.wire import attempt_from, attempt_to

    attempt = _every_field_set()
    assert attempt_from(attempt_to(attempt)) == attempt
    assert Attempt.from_dict(attempt.to_dict()) == attempt


def test_the_store_is_in_wal_mode_and_versioned(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    SQLiteStore(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_the_default_place_is_the_users_data_folder() -> None:
    path = default_path()
    assert path.name == "progress.sqlite3"
    assert "sq2edu" in path.parts


def test_nicknames_with_sql_or_html_are_kept_as_plain_text(location: str) -> None:
    hostile = ["' OR 1=1 --", "<img src=x onerror=alert(1)>", "Robert'); DROP TABLE students;--"]
    with open_store(location) as store:
        for nickname in hostile:
            store.record_attempt(Attempt(nickname, "1 + 1 = 2", True))
        assert store.students() == hostile
        assert [a.student for a in store.attempts(hostile[0])] == [hostile[0]]


def _write_attempts(location: str, student: str, count: int) -> None:
    with open_store(location) as store:
        for number in range(count):
            store.record_attempt(Attempt(student, f"{number} + 1 = {number + 1}", True))


def _kernels() -> multiprocessing.context.ForkServerContext:
    """Processes that stand for kernels: each its own process with its own connections, as a
    kernel is, forked from a server that has imported this module once (a new Python process
    for each, importing it anew, took a second of CPU apiece)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


@pytest.mark.slow  # thirty (or one) new Python processes: make test, not make check
def test_thirty_kernels_opening_and_writing_at_once_lose_nothing(location: str) -> None:
    """Even the first opening (which makes the schema) happens thirty times at once."""
    context = _kernels()
    writers = [
        context.Process(target=_write_attempts, args=(location, f"student{n}", 20))
        for n in range(30)
    ]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)
        assert writer.exitcode == 0
    with open_store(location) as store:
        assert len(store.attempts()) == 30 * 20
        assert len(store.students()) == 30
        assert [name for name, _archived in store.classes()] == ["My class"]


def _hold_the_write_lock(path: Path, seconds: float) -> threading.Thread:
    """Another kernel's write transaction on ``path``, held for ``seconds`` from now."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")

    def release() -> None:
        time.sleep(seconds)
        holder.execute("ROLLBACK")
        holder.close()

    thread = threading.Thread(target=release)
    thread.start()
    return thread


@pytest.fixture
def short_busy_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A busy wait of 0.1 s and a patience of 10 s, so that a lock can outlast many waits."""
    from sq2edu.classroom.storage import store

    monkeypatch.setattr(store, "_BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr(store, "_PATIENCE_S", 10.0)


@pytest.mark.usefixtures("short_busy_wait")
def test_a_first_opening_outlasts_a_lock_held_over_many_busy_waits(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    holder = _hold_the_write_lock(path, 1.0)
    SQLiteStore(path).close()
    holder.join()
    with open_store(str(path)) as store:
        assert [name for name, _archived in store.classes()] == ["My class"]


@pytest.mark.usefixtures("short_busy_wait")
def test_a_write_outlasts_a_lock_held_over_many_busy_waits(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    with open_store(str(path)) as store:
        holder = _hold_the_write_lock(path, 1.0)
        store.record_attempt(Attempt("Mia", "2 + 3 = 5", True))
        holder.join()
        assert [attempt.text for attempt in store.attempts("Mia")] == ["2 + 3 = 5"]


def test_an_opening_that_waits_past_its_patience_says_try_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sq2edu.classroom.storage import store

    monkeypatch.setattr(store, "_BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr(store, "_PATIENCE_S", 0.3)
    path = tmp_path / "class.sqlite3"
    holder = _hold_the_write_lock(path, 1.5)
    with pytest.raises(StoreError, match=r"could not be opened just now.*Try again"):
        SQLiteStore(path)
    holder.join()
    SQLiteStore(path).close()


def _open_fresh_stores(
    folder: str, rounds: int, barrier: multiprocessing.synchronize.Barrier, results: Any
) -> None:
    """One kernel opening a new store at the same moment as the others, round after round."""
    for round_ in range(rounds):
        barrier.wait()
        try:
            SQLiteStore(Path(folder) / f"round{round_}.sqlite3").close()
        except StoreError as error:
            results.put(str(error))
        else:
            results.put("opened")


@pytest.mark.slow  # six new Python processes: make test, not make check
def test_six_kernels_opening_a_new_store_at_once_all_open_it(tmp_path: Path) -> None:
    """Six processes open the same store that does not exist yet, at the same moment, five
    times over: every open succeeds, the schema is made once, and no kernel is told to move
    the class's file away."""
    kernels, rounds = 6, 5
    context = _kernels()
    barrier = context.Barrier(kernels)
    results = context.Queue()
    openers = [
        context.Process(target=_open_fresh_stores, args=(str(tmp_path), rounds, barrier, results))
        for _kernel in range(kernels)
    ]
    for opener in openers:
        opener.start()
    outcomes = [results.get(timeout=120) for _open in range(kernels * rounds)]
    for opener in openers:
        opener.join(timeout=60)
        assert opener.exitcode == 0
    assert [outcome for outcome in outcomes if outcome != "opened"] == []
    for round_ in range(rounds):
        with SQLiteStore(tmp_path / f"round{round_}.sqlite3") as store:
            assert store.class_list() == [(1, "My class", None)]
        db = sqlite3.connect(tmp_path / f"round{round_}.sqlite3")
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        db.close()


def test_a_store_being_made_by_another_kernel_is_waited_for(tmp_path: Path) -> None:
    """A kernel that finds another one half-way through making the class's new store waits
    for it (SQLite refused at once, without waiting, to switch such a file to WAL)."""
    path = tmp_path / "new.sqlite3"
    maker = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    maker.execute("BEGIN IMMEDIATE")
    maker.execute("CREATE TABLE half_made (x)")
    gives_up = threading.Timer(0.5, maker.execute, ("ROLLBACK",))
    gives_up.start()
    try:
        with SQLiteStore(path) as store:
            assert store.class_list() == [(1, "My class", None)]
    finally:
        gives_up.join()
        maker.close()


class _StoreOpenedWhileAnotherMakesIt(SQLiteStore):
    """A store whose first look at the file is interrupted, between its first two reads, by
    another kernel that makes the whole schema in that moment."""

    other: threading.Thread | None = None

    def _prepare(self) -> None:
        def between_reads(statement: str) -> None:
            if statement == "PRAGMA user_version" and self.other is None:
                self.other = threading.Thread(target=lambda: SQLiteStore(self.path).close())
                self.other.start()
                # The other kernel either finishes (the file was not held) or waits for this
                # look to end; a second is plenty for the first.
                self.other.join(timeout=1)

        self._db.set_trace_callback(between_reads)
        try:
            super()._prepare()
        finally:
            self._db.set_trace_callback(None)


def test_a_schema_made_in_the_middle_of_a_first_look_is_seen_whole(tmp_path: Path) -> None:
    """The first look reads the file's mark, version and tables as one snapshot: a schema
    another kernel commits between two of those reads never makes the file look like
    another program's."""
    store = _StoreOpenedWhileAnotherMakesIt(tmp_path / "new.sqlite3")
    try:
        assert store.other is not None
        store.other.join(timeout=60)
        assert store.class_list() == [(1, "My class", None)]
    finally:
        store.close()


def _write_forever(location: str, ready: multiprocessing.synchronize.Event) -> None:
    with open_store(location) as store:
        number = 0
        while True:
            store.record_attempt(Attempt("Zoe", f"{number} + 1 = {number + 1}", True))
            number += 1
            if number == 50:
                ready.set()


@pytest.mark.slow  # thirty (or one) new Python processes: make test, not make check
def test_a_killed_kernel_loses_nothing_it_wrote(location: str) -> None:
    open_store(location).close()
    context = _kernels()
    ready = context.Event()
    writer = context.Process(target=_write_forever, args=(location, ready))
    writer.start()
    assert ready.wait(timeout=60)
    time.sleep(0.2)
    os.kill(writer.pid or 0, signal.SIGKILL)
    writer.join()
    with open_store(location) as store:
        texts = [a.text for a in store.attempts("Zoe")]
    assert len(texts) >= 50
    # Every attempt is whole and they follow each other without a gap.
    numbers = sorted(int(text.split(" + ")[0]) for text in texts)
    assert numbers == list(range(len(numbers)))


def test_a_damaged_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    path.write_bytes(b"this is not a database, just some bytes" * 100)
    with pytest.raises(StoreError, match="is not a progress store that sq2edu can read"):
        SQLiteStore(path)


def test_another_programs_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="belongs to another program"):
        SQLiteStore(path)
    db = sqlite3.connect(path)
    assert [row[0] for row in db.execute("SELECT name FROM sqlite_master")] == ["recipes"]
    db.close()


def test_a_store_from_a_newer_sq2edu_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    SQLiteStore(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer sq2edu"):
        SQLiteStore(path)


def test_an_empty_file_is_upgraded_from_version_zero(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    sqlite3.connect(path).close()  # an empty database: schema version 0
    with SQLiteStore(path) as store:
        store.record_attempt(Attempt("Mia", "1 + 1 = 2", True))
        assert len(store.attempts()) == 1
