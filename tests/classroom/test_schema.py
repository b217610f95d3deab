"""The SQLite and PostgreSQL stores hold the same schema, column by column, and a store left
at any earlier schema opens with its records.

Both databases run the migrations of ``schema.py``, each written out in its own SQL; a
column rendered differently for one of them, or made nullable in one only, would make the
same class behave differently on a laptop and on a school's server. Both stores are made
new here and read back from the databases themselves (``PRAGMA table_info``, the
``information_schema``), so what is compared is what the migrations really built; a store
upgraded from any earlier version is compared with a new one the same way.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest

from sq2edu.classroom.storage.schema import POSTGRES, SCHEMA_VERSION, SQLITE, statements
from sq2edu.classroom.storage.store import _APPLICATION_ID, SQLStore, open_store
from sq2edu.classroom.storage.tables import Tables
from sq2edu.progress.records import Attempt

#: A column as both databases can say it: its name, whether it may be NULL, and its kind.
Column = tuple[str, bool, str]

#: The kind of each database's column types: SQLite keeps booleans as integers, and the
#: PostgreSQL store's keys are 64-bit.
_SQLITE_KINDS = {"TEXT": "text", "INTEGER": "integer", "REAL": "real"}
_POSTGRES_KINDS = {
    "text": "text",
    "integer": "integer",
    "bigint": "integer",
    "boolean": "integer",
    "double precision": "real",
}


def _sqlite_schema(path: Path) -> dict[str, list[Column]]:
    db = sqlite3.connect(path)
    try:
        tables = [
            row[0]
            for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        schema = {}
        for table in tables:
            columns = []
            for _cid, name, kind, notnull, _default, primary in db.execute(
                f"PRAGMA table_info({table})"
            ):
                # A primary key is never NULL in either store (SQLite would let a TEXT key be,
                # but the store never writes one).
                columns.append((name, not (notnull or primary), _SQLITE_KINDS[kind]))
            schema[table] = sorted(columns)
        return schema
    finally:
        db.close()


def _postgres_schema(url: str) -> dict[str, list[Column]]:
    with psycopg.connect(url) as db:
        rows = db.execute(
            "SELECT table_name, column_name, is_nullable, data_type "
            "FROM information_schema.columns WHERE table_schema = 'sq2edu' "
            "AND table_name != 'meta' ORDER BY table_name, column_name"
        ).fetchall()
    schema: dict[str, list[Column]] = {}
    for table, name, nullable, kind in rows:
        schema.setdefault(table, []).append((name, nullable == "YES", _POSTGRES_KINDS[kind]))
    return {table: sorted(columns) for table, columns in schema.items()}


def _sqlite_indexes(path: Path) -> set[str]:
    db = sqlite3.connect(path)
    try:
        return {
            row[0]
            for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
            )
        }
    finally:
        db.close()


def _postgres_indexes(url: str) -> set[str]:
    with psycopg.connect(url) as db:
        rows = db.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'sq2edu'"
        ).fetchall()
    # Only the indexes the migrations name: the keys' and UNIQUE constraints' own are made
    # by each database its own way.
    return {name for name, _definition in rows if not name.endswith(("_pkey", "_key"))}


def test_the_sqlite_and_postgresql_stores_have_the_same_columns(
    tmp_path: Path, postgres_url: str
) -> None:
    path = tmp_path / "class.sqlite3"
    open_store(path).close()
    open_store(postgres_url).close()
    sqlite, postgres = _sqlite_schema(path), _postgres_schema(postgres_url)
    assert sorted(sqlite) == sorted(postgres)
    for table in sqlite:
        assert sqlite[table] == postgres[table], table
    # The same indexes make the same queries fast on both.
    assert _sqlite_indexes(path) == _postgres_indexes(postgres_url)


def test_the_schema_compared_is_the_newest(tmp_path: Path, postgres_url: str) -> None:
    """Both stores were brought up to :data:`SCHEMA_VERSION`, so the comparison above covers
    every migration of both."""
    path = tmp_path / "class.sqlite3"
    open_store(path).close()
    open_store(postgres_url).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    with psycopg.connect(postgres_url) as pg:
        row = pg.execute("SELECT version FROM sq2edu.meta").fetchone()
    assert row is not None
    assert row[0] == SCHEMA_VERSION


_FIRST_RECORDS = (
    "INSERT INTO {t}classes (name, created) VALUES ('Class 4A', '2026-01-05T08:00:00+00:00')",
    "INSERT INTO {t}students (class_id, nickname, joined) "
    "VALUES (1, 'Ana', '2026-01-05T08:01:00+00:00')",
    "INSERT INTO {t}attempts (student_id, at, text, ok, codes, numbers, typed, hint_level, "
    "place) VALUES (1, '2026-01-05T08:02:00+00:00', '3 × 3 = 9', {true}, '[]', '[3, 3, 9]', "
    "{true}, 0, 'lab')",
)


def _opens_with_its_records(location: str | Path, version: int) -> None:
    with open_store(location) as store:
        if version:
            assert store.current_class()[1] == "Class 4A"
            assert [(a.student, a.text, a.ok) for a in store.attempts()] == [
                ("Ana", "3 × 3 = 9", True)
            ]
        store.record_attempt(Attempt("Ben", "2 + 2 = 4", True))
        assert store.join("Ben", "d" * 64)
        assert isinstance(store, SQLStore)
        table = Tables(store).make("Ben", 2, "rescue")
        assert Tables(store).info(table.id).children == ["Ben"]


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_a_sqlite_store_of_every_earlier_schema_opens(tmp_path: Path, version: int) -> None:
    """A store left at each earlier schema, with a class's first records in it once there
    are tables, is brought up to date with them."""
    path = tmp_path / "class.sqlite3"
    db = sqlite3.connect(path)
    for statement in statements(SQLITE, 0, version):
        db.execute(statement)
    if version:
        for statement in _FIRST_RECORDS:
            db.execute(statement.format(t="", true=1))
        db.execute(f"PRAGMA user_version = {version}")
        db.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
    db.commit()
    db.close()
    _opens_with_its_records(path, version)
    new = tmp_path / "new.sqlite3"
    open_store(new).close()
    assert _sqlite_schema(path) == _sqlite_schema(new)
    assert _sqlite_indexes(path) == _sqlite_indexes(new)


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_a_postgresql_store_of_every_earlier_schema_opens(
    postgres_url: str, tmp_path: Path, version: int
) -> None:
    """As on SQLite; the upgraded database ends with the schema a new SQLite store has (which
    the first test holds equal to a new PostgreSQL store's)."""
    with psycopg.connect(postgres_url, autocommit=True) as db:
        if version:
            db.execute("CREATE SCHEMA sq2edu")
            db.execute("CREATE TABLE sq2edu.meta (application TEXT NOT NULL, version INTEGER)")
            db.execute("INSERT INTO sq2edu.meta VALUES ('sq2edu progress store', %s)", (version,))
            for statement in statements(POSTGRES, 0, version):
                db.execute(statement)
            for statement in _FIRST_RECORDS:
                db.execute(statement.format(t="sq2edu.", true="TRUE"))
    _opens_with_its_records(postgres_url, version)
    new = tmp_path / "new.sqlite3"
    open_store(new).close()
    assert _postgres_schema(postgres_url) == _sqlite_schema(new)
    assert _postgres_indexes(postgres_url) == _sqlite_indexes(new)
