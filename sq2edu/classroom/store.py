"""The progress store: every attempt and game of a class, kept in SQLite or PostgreSQL.

This module and :mod:`sq2edu.classroom.postgres` are the only places that speak SQL;
everything else uses :class:`ProgressStore`, opened by :func:`open_store` from a file path
(SQLite, for one machine) or a ``postgresql://`` address (for a school's many machines).
SQLite runs in WAL mode with a busy timeout, each record in its own short transaction:
thirty kernels can write at once, and a killed kernel loses nothing it had written.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from platformdirs import user_data_path

from sq2edu.classroom.records import Attempt, GameRecord, utc_now

__all__ = [
    "SCHEMA_VERSION",
    "ProgressStore",
    "SQLiteStore",
    "StoreError",
    "attempt_from_row",
    "default_path",
    "game_from_row",
    "is_database_url",
    "open_store",
    "redact",
]

#: The newest schema; :data:`_MIGRATIONS` brings any older store up to it.
SCHEMA_VERSION = 1
_APPLICATION_ID = 0x53513245  # "SQ2E": marks a file as an sq2edu store
_BUSY_TIMEOUT_MS = 10_000

# Each entry upgrades the schema by one version; never edit a released one, add another.
_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE classes (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created TEXT NOT NULL,
        archived TEXT
    );
    CREATE TABLE students (
        id INTEGER PRIMARY KEY,
        class_id INTEGER NOT NULL REFERENCES classes(id),
        nickname TEXT NOT NULL,
        joined TEXT NOT NULL,
        UNIQUE (class_id, nickname)
    );
    CREATE TABLE attempts (
        id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students(id),
        at TEXT NOT NULL,
        text TEXT NOT NULL,
        ok INTEGER NOT NULL,
        codes TEXT NOT NULL,
        numbers TEXT NOT NULL,
        typed INTEGER NOT NULL,
        hint_level INTEGER NOT NULL,
        place TEXT NOT NULL,
        skill TEXT
    );
    CREATE INDEX attempts_by_student ON attempts (student_id, at);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        class_id INTEGER NOT NULL REFERENCES classes(id),
        at TEXT NOT NULL,
        players TEXT NOT NULL,
        bots TEXT NOT NULL,
        winner TEXT,
        turns INTEGER NOT NULL,
        seconds REAL NOT NULL
    );
    CREATE TABLE settings (
        class_id INTEGER PRIMARY KEY REFERENCES classes(id),
        data TEXT NOT NULL
    );
    """,
)


class StoreError(Exception):
    """The progress store cannot be used: damaged, another program's file, or too new."""


def default_path() -> Path:
    """Where the store lives unless told otherwise: the user's data folder, never a served one."""
    return user_data_path("sq2edu", appauthor=False) / "progress.sqlite3"


class ProgressStore(Protocol):
    """What the classroom needs from a store of progress."""

    def join(self, nickname: str) -> None: ...

    def students(self) -> list[str]: ...

    def record_attempt(self, attempt: Attempt) -> None: ...

    def record_game(self, game: GameRecord) -> None: ...

    def attempts(self, student: str | None = None, limit: int | None = None) -> list[Attempt]: ...

    def games(self) -> list[GameRecord]: ...

    def settings(self) -> dict[str, Any]: ...

    def save_settings(self, settings: dict[str, Any]) -> None: ...

    def new_class(self, name: str) -> None: ...

    def close(self) -> None: ...


def is_database_url(location: str | Path) -> bool:
    """Whether a ``--db`` value names a PostgreSQL server rather than a file."""
    return str(location).startswith(("postgresql://", "postgres://"))


def redact(location: str) -> str:
    """A store's address fit to print: a password in a database address becomes ``***``."""
    return re.sub(r"(://[^:/@]+:)[^@]*@", r"\1***@", location)


def open_store(location: str | Path | None = None) -> ProgressStore:
    """Open the progress store at a file path or a ``postgresql://`` address.

    :param location: ``None`` for the file in the user's data folder.
    :raises StoreError: as :class:`SQLiteStore` or
        :class:`~sq2edu.classroom.postgres.PostgresStore` do.
    """
    if location is not None and is_database_url(location):
        from sq2edu.classroom.postgres import PostgresStore

        return PostgresStore(str(location))
    return SQLiteStore(location if location is not None else default_path())


def attempt_from_row(row: Sequence[Any]) -> Attempt:
    """An attempt from a row of (nickname, text, ok, codes, numbers, typed, hint, place, at)."""
    nickname, text, ok, codes, numbers, typed, hint_level, place, at = row
    return Attempt(
        nickname,
        text,
        bool(ok),
        tuple(json.loads(codes)),
        tuple(json.loads(numbers)),
        bool(typed),
        hint_level,
        place,
        at,
    )


def game_from_row(row: Sequence[Any]) -> GameRecord:
    """A game from a row of (players, bots, winner, turns, seconds, at)."""
    players, bots, winner, turns, seconds, at = row
    return GameRecord(
        tuple(json.loads(players)),
        {int(seat): level for seat, level in json.loads(bots).items()},
        winner,
        turns,
        seconds,
        at,
    )


class SQLiteStore:
    """The progress of the current class, in one SQLite file.

    :param path: the file; created (with its folder) if missing, upgraded if older.
    :raises StoreError: if the file is damaged, belongs to another program, or comes from a
        newer sq2edu.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(
                self.path, timeout=_BUSY_TIMEOUT_MS / 1000, isolation_level=None
            )
            self._db.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            self._db.execute("PRAGMA foreign_keys = ON")
            self._prepare()
        except sqlite3.DatabaseError as error:
            raise StoreError(
                f"{self.path} is not a progress store that sq2edu can read ({error}). "
                "Start with another --db file, or move this one away."
            ) from error

    # -- opening -----------------------------------------------------------------------

    def _prepare(self) -> None:
        db = self._db
        application, version = (
            db.execute("PRAGMA application_id").fetchone()[0],
            db.execute("PRAGMA user_version").fetchone()[0],
        )
        tables = db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
        if application not in (0, _APPLICATION_ID) or (application == 0 and tables):
            raise StoreError(
                f"{self.path} belongs to another program, not sq2edu. Choose another --db file."
            )
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer sq2edu (schema {version}). Update sq2edu."
            )
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        for number in range(version, SCHEMA_VERSION):
            with self._transaction() as cursor:
                for statement in _MIGRATIONS[number].split(";"):
                    if statement.strip():
                        cursor.execute(statement)
                cursor.execute(f"PRAGMA user_version = {number + 1}")
                cursor.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
        if db.execute("SELECT count(*) FROM classes WHERE archived IS NULL").fetchone()[0] == 0:
            self.new_class("My class")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Cursor]:
        # BEGIN IMMEDIATE takes the write lock at once, so two writers never deadlock on an
        # upgrade from a read lock; the busy timeout makes the second one wait its turn.
        cursor = self._db.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            yield cursor
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        cursor.execute("COMMIT")

    def _class_id(self) -> int:
        row = self._db.execute(
            "SELECT id FROM classes WHERE archived IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            raise StoreError("The store has no open class.")
        return int(row[0])

    def _student_id(self, cursor: sqlite3.Cursor, nickname: str) -> int:
        class_id = self._class_id()
        cursor.execute(
            "INSERT OR IGNORE INTO students (class_id, nickname, joined) VALUES (?, ?, ?)",
            (class_id, nickname, utc_now()),
        )
        row = cursor.execute(
            "SELECT id FROM students WHERE class_id = ? AND nickname = ?", (class_id, nickname)
        ).fetchone()
        return int(row[0])

    # -- students, attempts, games -------------------------------------------------------

    def join(self, nickname: str) -> None:
        """Add a student to the current class (nothing happens if already there)."""
        with self._transaction() as cursor:
            self._student_id(cursor, nickname)

    def students(self) -> list[str]:
        """The current class's students, in the order they joined."""
        rows = self._db.execute(
            "SELECT nickname FROM students WHERE class_id = ? ORDER BY id", (self._class_id(),)
        )
        return [row[0] for row in rows]

    def record_attempt(self, attempt: Attempt) -> None:
        """Write one attempt at once, in its own transaction."""
        with self._transaction() as cursor:
            student = self._student_id(cursor, attempt.student)
            cursor.execute(
                "INSERT INTO attempts (student_id, at, text, ok, codes, numbers, typed, "
                "hint_level, place, skill) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    student,
                    attempt.at,
                    attempt.text,
                    int(attempt.ok),
                    json.dumps(list(attempt.codes)),
                    json.dumps(list(attempt.numbers)),
                    int(attempt.typed),
                    attempt.hint_level,
                    attempt.where,
                    attempt.skill,
                ),
            )

    def attempts(self, student: str | None = None, limit: int | None = None) -> list[Attempt]:
        """The current class's attempts, newest first (one student's, when named)."""
        query = (
            "SELECT s.nickname, a.text, a.ok, a.codes, a.numbers, a.typed, a.hint_level, "
            "a.place, a.at FROM attempts a JOIN students s ON s.id = a.student_id "
            "WHERE s.class_id = ?"
        )
        parameters: list[Any] = [self._class_id()]
        if student is not None:
            query += " AND s.nickname = ?"
            parameters.append(student)
        query += " ORDER BY a.id DESC"
        if limit is not None:
            query += " LIMIT ?"
            parameters.append(limit)
        return [attempt_from_row(row) for row in self._db.execute(query, parameters)]

    def record_game(self, game: GameRecord) -> None:
        """Write one game."""
        with self._transaction() as cursor:
            cursor.execute(
                "INSERT INTO games (class_id, at, players, bots, winner, turns, seconds) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    self._class_id(),
                    game.at,
                    json.dumps(list(game.players)),
                    json.dumps({str(seat): level for seat, level in game.bots.items()}),
                    game.winner,
                    game.turns,
                    game.seconds,
                ),
            )

    def games(self) -> list[GameRecord]:
        """The current class's games, newest first."""
        rows = self._db.execute(
            "SELECT players, bots, winner, turns, seconds, at FROM games WHERE class_id = ? "
            "ORDER BY id DESC",
            (self._class_id(),),
        )
        return [game_from_row(row) for row in rows]

    # -- the class -------------------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The current class's settings (empty until the teacher saves some)."""
        row = self._db.execute(
            "SELECT data FROM settings WHERE class_id = ?", (self._class_id(),)
        ).fetchone()
        return dict(json.loads(row[0])) if row else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Replace the current class's settings."""
        with self._transaction() as cursor:
            cursor.execute(
                "INSERT INTO settings (class_id, data) VALUES (?, ?) "
                "ON CONFLICT (class_id) DO UPDATE SET data = excluded.data",
                (self._class_id(), json.dumps(settings)),
            )

    def new_class(self, name: str) -> None:
        """Archive the current class (its records stay) and start an empty one."""
        stamp = utc_now()
        with self._transaction() as cursor:
            cursor.execute("UPDATE classes SET archived = ? WHERE archived IS NULL", (stamp,))
            cursor.execute("INSERT INTO classes (name, created) VALUES (?, ?)", (name, stamp))

    def classes(self) -> list[tuple[str, str | None]]:
        """Every class ever kept: its name and when it was archived (``None``: current)."""
        return list(self._db.execute("SELECT name, archived FROM classes ORDER BY id"))

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


# mypy checks here that SQLiteStore offers everything ProgressStore promises.
_SQLITE_IS_A_STORE: type[ProgressStore] = SQLiteStore
