"""Stores written by earlier releases open in this one with nothing lost.

``data/store-v1.sqlite3`` was written by sq2edu 0.1.0's own store code (schema 1);
``data/store-v1-postgres.sql`` is the same class as that release's PostgreSQL schema held it.
Each has two classes (the first archived), settings, attempts of both places and a game.

``data/store-v4.sqlite3`` and ``data/store-v4-postgres.sql`` (a ``pg_dump``) were written by
the store and tables code of the release before a school's many classes (schema 4), one class
of one laptop: two classes (the first archived), settings, students holding their names,
attempts, a game, a refusal, a group, a table played to its end and one waiting.

``data/store-v7.sqlite3`` and ``data/store-v7-postgres.sql`` were written by the release with
lessons (schema 7), before an attempt said whether it was helped: one class with lessons
open, a child's lesson answers (one right after the worked example, hint level 3), another
child's Lab attempts and a game.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from sq2edu.classroom.storage.school import School
from sq2edu.classroom.storage.store import SCHEMA_VERSION, ProgressStore, SQLStore, open_store
from sq2edu.classroom.storage.tables import Tables
from sq2edu.progress.records import Attempt

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


#: The tables of each schema-4 store: the one played to its end, and the one waiting.
SQLITE_V4_TABLES = ("506f62d7", "2f1b57ab")
POSTGRES_V4_TABLES = ("da0b096b", "08e9c8a1")


def _check_v4_carried_over(store: ProgressStore, played: str, waiting: str) -> None:
    """Everything of the one-laptop class is in the room ``""``, and works."""
    assert isinstance(store, SQLStore)
    assert store.room == ""
    assert [name for name, _archived in store.classes()] == ["My class", "Class 4A"]
    assert store.current_class()[1] == "Class 4A"
    assert store.settings() == {"language": "ru", "edition": "rescue", "turn_timeout": 90}
    assert store.students() == ["Ana", "Ben"]
    assert not store.join("Ana", "x" * 64), "Ana's name stays held by her device"
    assert store.join("Ana", "b" * 64)
    (ana,) = store.attempts()
    assert (ana.student, ana.text, ana.cards) == ("Ana", "3 × 3 = 9", (3, 3, 9, 1, 7))
    assert store.last_seen() == {"Ana": "2026-11-20T10:00:00+00:00"}
    assert [event.kind for event in store.events()] == ["wrong-code"]
    assert store.groups() == {"Table 1": (["Ana", "Ben"], {"operations": "+"})}
    archived = store.class_list()[0][0]
    assert store.students(archived) == ["Mia", "Leo"]
    assert [game.winner for game in store.games(archived)] == ["Mia"]
    assert len(store.games()) == 1, "the table played to its end kept its game"
    tables = Tables(store)
    assert [info.id for info in tables.tables()] == [waiting]
    assert tables.replays(played)
    assert tables.load(played).game.is_over
    # The school's rooms start empty; making one leaves the old class as it was.
    school = School(store)
    assert school.rooms() == []
    school.add_room("3B", code="OWL7")
    assert store.current_class()[1] == "Class 4A"
    assert store.students() == ["Ana", "Ben"]


def test_a_sqlite_store_of_one_class_opens_with_everything_in_the_room_of_one_laptop(
    tmp_path: Path,
) -> None:
    path = tmp_path / "progress.sqlite3"
    shutil.copyfile(DATA / "store-v4.sqlite3", path)
    with open_store(path) as store:
        _check_v4_carried_over(store, *SQLITE_V4_TABLES)
        store.record_attempt(Attempt("Ben", "1 + 1 = 2", True))
    with open_store(path) as again:
        assert [attempt.student for attempt in again.attempts()] == ["Ben", "Ana"]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("SELECT DISTINCT room FROM classes WHERE name <> '3B'").fetchall() == [("",)]
    db.close()


def test_a_postgresql_store_of_one_class_opens_with_everything_in_the_room_of_one_laptop(
    postgres_url: str,
) -> None:
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute((DATA / "store-v4-postgres.sql").read_text())
    with open_store(postgres_url) as store:
        _check_v4_carried_over(store, *POSTGRES_V4_TABLES)
    with psycopg.connect(postgres_url) as db:
        assert db.execute("SELECT version FROM sq2edu.meta").fetchone() == (SCHEMA_VERSION,)
        # New rows get numbers after the dumped ones (pg_dump kept the sequences).
        with open_store(postgres_url) as store:
            store.record_attempt(Attempt("Ben", "1 + 1 = 2", True))
            assert [attempt.student for attempt in store.attempts()] == ["Ben", "Ana"]


def _check_v7_carried_over(store: ProgressStore) -> None:
    """The hint level of each older attempt decides whether it was helped."""
    assert store.students() == ["Mia", "Leo"]
    assert store.settings()["lessons"] == ["number-bonds"]
    attempts = list(reversed(store.attempts()))
    assert [(a.student, a.text, a.hint_level, a.helped) for a in attempts] == [
        ("Mia", "1 + 4 = 6", 0, False),
        ("Mia", "1 + 4 = 5", 3, True),
        ("Mia", "2 + 4 = 6", 0, False),
        ("Mia", "3 + 5 = 8", 0, False),
        ("Leo", "2 + 3 = 5", 3, True),
        ("Leo", "3 + 4 = 7", 1, False),
    ]
    assert [(a.lesson, a.exercise, a.level) for a in attempts[::4]] == [
        ("number-bonds", 1, ""),
        ("", 0, "bonds-10"),
    ]
    # Exercise 1 was right only after a wrong try and the worked example.
    assert [(m.exercise, m.right, m.tries, m.own) for m in store.lesson_marks()] == [
        (1, True, 2, False),
        (2, True, 1, True),
        (10, True, 1, True),
    ]
    assert store.lesson_progress("Mia") == {"number-bonds": {1: "later", 2: "own", 10: "own"}}
    assert len(store.games()) == 1
    store.record_attempt(Attempt("Leo", "1 + 1 = 2", True, where="lab", helped=True))
    assert store.attempts("Leo", 1)[0].helped


def test_a_sqlite_store_of_the_release_with_lessons_keeps_which_answers_were_helped(
    tmp_path: Path,
) -> None:
    path = tmp_path / "progress.sqlite3"
    shutil.copyfile(DATA / "store-v7.sqlite3", path)
    with open_store(path) as store:
        _check_v7_carried_over(store)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_postgresql_store_of_the_release_with_lessons_keeps_which_answers_were_helped(
    postgres_url: str,
) -> None:
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute((DATA / "store-v7-postgres.sql").read_text())
    with open_store(postgres_url) as store:
        _check_v7_carried_over(store)
    with psycopg.connect(postgres_url) as db:
        assert db.execute("SELECT version FROM sq2edu.meta").fetchone() == (SCHEMA_VERSION,)
