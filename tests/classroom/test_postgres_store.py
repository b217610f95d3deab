"""What only the PostgreSQL store does: its own schema in a shared database, its server's
address (the promises both stores keep are tested over both in ``test_store.py``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import psycopg
import pytest

from sq2edu.classroom import SCHEMA_VERSION, Attempt, StoreError, open_store
from sq2edu.classroom.storage.postgres import PostgresStore
from sq2edu.classroom.widgets.dashboard import Dashboard
from tests.postgres_server import EmptyDatabases, postgres_bin


def test_an_address_opens_the_postgresql_store_and_a_path_the_sqlite_one(
    postgres_url: str, tmp_path: object
) -> None:
    store = open_store(postgres_url)
    assert isinstance(store, PostgresStore)
    store.close()
    assert not isinstance(open_store(f"{tmp_path}/class.sqlite3"), PostgresStore)


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
        assert "Mia" in dashboard.skills.grid.value
        assert "2 + 3 = 6" in dashboard.mistakes.words.value


def test_the_deploy_guide_s_backup_restores_over_the_store_and_into_an_empty_database(
    postgres_url: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """docs/deploy.md's nightly ``pg_dump --schema=sq2edu --format=custom`` and its
    ``pg_restore --clean --if-exists``: over a store changed since (the change undone)
    and into a new, empty database; without ``--if-exists`` the empty one is an error."""
    bin_dir = postgres_bin()
    assert bin_dir is not None
    databases: EmptyDatabases = request.getfixturevalue("_empty_databases")
    with open_store(postgres_url) as store:
        store.join("Mia")
        store.record_attempt(Attempt("Mia", "2 + 3 = 5", True, where="lab"))
    dump = tmp_path / "sq2edu.dump"
    subprocess.run(
        [bin_dir / "pg_dump", "--schema=sq2edu", "--format=custom", f"--dbname={postgres_url}"],
        stdout=dump.open("wb"),
        check=True,
    )
    with open_store(postgres_url) as store:
        store.join("Leo")

    def restore(into: str, *options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [bin_dir / "pg_restore", *options, f"--dbname={into}", dump],
            capture_output=True,
            text=True,
        )

    assert restore(postgres_url, "--clean", "--if-exists").returncode == 0
    empty, other_empty = databases.take(), databases.take()
    try:
        assert restore(empty, "--clean", "--if-exists").returncode == 0
        for restored in (postgres_url, empty):
            with open_store(restored) as store:
                assert store.students() == ["Mia"], restored
                assert [a.text for a in store.attempts("Mia")] == ["2 + 3 = 5"]
                store.join("Leo")  # the store works on after it
        refused = restore(other_empty, "--clean")
        assert refused.returncode != 0
        assert 'schema "sq2edu" does not exist' in refused.stderr
    finally:
        databases.give_back(empty)
        databases.give_back(other_empty)
