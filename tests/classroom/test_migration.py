"""Stores written by sq2edu 0.1.0 (schema 1) open in this release with nothing lost.

``data/store-v1.sqlite3`` was written by that release's own store code;
``data/store-v1-postgres.sql`` is the same class as that release's PostgreSQL schema held it.
Each has two classes (the first archived), settings, attempts of both places and a game.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from sq2edu.classroom.store import SCHEMA_VERSION, ProgressStore, open_store

DATA = Path(__file__).parent / "data"


def _check_carried_over(store: ProgressStore) -> None:
    assert [name for name, _archived in store.classes()] == ["My class", "Class 4A"]
    assert store.current_class()[1] == "Class 4A"
    assert store.students() == ["Ana"]
    (ana,) = store.attempts()
    assert (ana.student, ana.text, ana.ok, ana.where, ana.cards) == (
        "Ana",
        "3 × 3 = 9",
        True,
        "lab",
        (),
    )
    # The new class of that release started with no settings; the archived one kept its own.
    assert store.settings() == {}
    # What the new schema adds works on the old records.
    assert store.join("Ana", "d" * 64)
    assert not store.join("Ana", "e" * 64)
    assert store.groups() == {}


def test_a_sqlite_store_of_the_first_release_opens_with_everything(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    shutil.copyfile(DATA / "store-v1.sqlite3", path)
    store = open_store(path)
    try:
        _check_carried_over(store)
    finally:
        store.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    archived = db.execute(
        "SELECT s.nickname, a.text, a.codes FROM attempts a JOIN students s "
        "ON s.id = a.student_id JOIN classes c ON c.id = s.class_id "
        "WHERE c.name = 'My class' ORDER BY a.id"
    ).fetchall()
    assert archived == [("Mia", "2 + 3 = 5", "[]"), ("Leo", "7 ÷ 2 = 3", '["not-whole"]')]
    settings = db.execute("SELECT data FROM settings WHERE class_id = 1").fetchone()[0]
    assert '"language": "nb"' in settings
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    db.close()


def test_a_postgresql_store_of_the_first_release_opens_with_everything(
    postgres_url: str,
) -> None:
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute((DATA / "store-v1-postgres.sql").read_text())
    store = open_store(postgres_url)
    try:
        _check_carried_over(store)
    finally:
        store.close()
    with psycopg.connect(postgres_url) as db:
        assert db.execute("SELECT version FROM sq2edu.meta").fetchone() == (SCHEMA_VERSION,)
        archived = db.execute(
            "SELECT s.nickname, a.text FROM sq2edu.attempts a JOIN sq2edu.students s "
            "ON s.id = a.student_id WHERE s.class_id = 1 ORDER BY a.id"
        ).fetchall()
        assert archived == [("Mia", "2 + 3 = 5"), ("Leo", "7 ÷ 2 = 3")]
        assert db.execute("SELECT count(*) FROM sq2edu.games").fetchone() == (1,)
