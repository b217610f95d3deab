"""The progress store on PostgreSQL: the same promises as the SQLite store, on a real server."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time

import psycopg
import pytest

from sq2edu.classroom import SCHEMA_VERSION, Attempt, GameRecord, StoreError, open_store
from sq2edu.classroom.dashboard import Dashboard
from sq2edu.classroom.postgres import PostgresStore


def test_an_address_opens_the_postgresql_store_and_a_path_the_sqlite_one(
    postgres_url: str, tmp_path: object
) -> None:
    store = open_store(postgres_url)
    assert isinstance(store, PostgresStore)
    store.close()
    assert not isinstance(open_store(f"{tmp_path}/class.sqlite3"), PostgresStore)


def test_attempts_games_and_students_are_kept_exactly(postgres_url: str) -> None:
    with PostgresStore(postgres_url) as store:
        store.join("Leo")
        store.record_attempt(
            Attempt("Mia", "2 + 3 = 6", False, ("not-true",), (2, 3, 6), typed=True, hint_level=1)
        )
        store.record_attempt(Attempt("Mia", "2 × 3 = 6", True, (), (2, 3, 6), level="rescue"))
        store.record_game(GameRecord(("Mia", "Computer"), {1: "easy"}, "Mia", 12, 340.5))
    with PostgresStore(postgres_url) as again:
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
        (game,) = again.games()
        assert (game.players, game.bots, game.winner, game.turns) == (
            ("Mia", "Computer"),
            {1: "easy"},
            "Mia",
            12,
        )
        assert again.attempts(limit=1) == [latest]


def test_nicknames_with_sql_or_html_are_kept_as_plain_text(postgres_url: str) -> None:
    hostile = ["' OR 1=1 --", "<img src=x onerror=alert(1)>", "Robert'); DROP TABLE students;--"]
    with PostgresStore(postgres_url) as store:
        for name in hostile:
            store.record_attempt(Attempt(name, "1 + 1 = 2", True))
        assert store.students() == hostile
        assert [a.student for a in store.attempts(hostile[0])] == [hostile[0]]


def _write_attempts(url: str, student: str, count: int) -> None:
    with PostgresStore(url) as store:
        for number in range(count):
            store.record_attempt(Attempt(student, f"{number} + 1 = {number + 1}", True))


def test_thirty_kernels_opening_and_writing_at_once_lose_nothing(postgres_url: str) -> None:
    """Even the first opening (which creates the schema) happens thirty times at once."""
    context = multiprocessing.get_context("spawn")
    writers = [
        context.Process(target=_write_attempts, args=(postgres_url, f"student{n}", 20))
        for n in range(30)
    ]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)
        assert writer.exitcode == 0
    with PostgresStore(postgres_url) as store:
        assert len(store.attempts()) == 30 * 20
        assert len(store.students()) == 30
        assert [name for name, _archived in store.classes()] == ["My class"]


def _write_forever(url: str, ready: multiprocessing.synchronize.Event) -> None:
    with PostgresStore(url) as store:
        number = 0
        while True:
            store.record_attempt(Attempt("Zoe", f"{number} + 1 = {number + 1}", True))
            number += 1
            if number == 50:
                ready.set()


def test_a_killed_kernel_loses_nothing_it_wrote(postgres_url: str) -> None:
    PostgresStore(postgres_url).close()
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    writer = context.Process(target=_write_forever, args=(postgres_url, ready))
    writer.start()
    assert ready.wait(timeout=60)
    time.sleep(0.2)
    os.kill(writer.pid or 0, signal.SIGKILL)
    writer.join()
    with PostgresStore(postgres_url) as store:
        numbers = sorted(int(a.text.split(" + ")[0]) for a in store.attempts("Zoe"))
    assert len(numbers) >= 50
    assert numbers == list(range(len(numbers)))


def test_another_programs_schema_is_refused_and_left_alone(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("CREATE SCHEMA sq2edu")
        db.execute("CREATE TABLE sq2edu.recipes (name TEXT)")
    with pytest.raises(StoreError, match="belongs to another program"):
        PostgresStore(postgres_url)
    with psycopg.connect(postgres_url) as db:
        tables = db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'sq2edu'"
        ).fetchall()
    assert tables == [("recipes",)]


def test_a_store_from_a_newer_sq2edu_is_refused(postgres_url: str) -> None:
    PostgresStore(postgres_url).close()
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("UPDATE sq2edu.meta SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match="newer sq2edu"):
        PostgresStore(postgres_url)


def test_other_tables_in_the_database_are_fine(postgres_url: str) -> None:
    """A school's shared database: sq2edu keeps to its own schema."""
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("CREATE TABLE public.timetable (lesson TEXT)")
    with PostgresStore(postgres_url) as store:
        store.record_attempt(Attempt("Mia", "1 + 1 = 2", True))
        assert len(store.attempts()) == 1


def test_an_unreachable_server_is_a_clear_error_that_hides_the_password() -> None:
    with pytest.raises(StoreError) as caught:
        PostgresStore("postgresql://teacher:secret-words@127.0.0.1:1/sq2edu")
    message = str(caught.value)
    assert message.startswith("Cannot open the progress store at postgresql://teacher:***@")
    assert "secret-words" not in message


def test_the_dashboard_reads_the_class_from_postgresql(postgres_url: str) -> None:
    with PostgresStore(postgres_url) as store:
        store.record_attempt(Attempt("Mia", "2 + 3 = 6", False, ("not-true",), (2, 3, 6)))
        dashboard = Dashboard(store, refresh=0)
        dashboard.refresh()
        assert "Mia" in dashboard.grid.value
        assert "2 + 3 = 6" in dashboard.mistakes.value
