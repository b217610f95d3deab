"""The progress store on PostgreSQL, for a school that runs the classroom on many machines.

The same interface as :class:`~sq2edu.classroom.store.SQLiteStore`, over one PostgreSQL
database that every JupyterHub user's kernels share. Its tables live in their own schema,
``sq2edu``, so the store can share a database with other programs. Install the driver with
``pip install 'sq2edu[postgres]'``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sq2edu.classroom.records import Attempt, GameRecord, utc_now
from sq2edu.classroom.store import (
    SCHEMA_VERSION,
    ProgressStore,
    StoreError,
    attempt_from_row,
    game_from_row,
    redact,
)

if TYPE_CHECKING:
    import psycopg

__all__ = ["PostgresStore"]

_SCHEMA = "sq2edu"
_APPLICATION = "sq2edu progress store"
# Any constant: every sq2edu process that creates or upgrades the schema takes this lock.
_MIGRATION_LOCK = 0x53513245

# Each entry upgrades the schema by one version; never edit a released one, add another.
# Version 1 mirrors the SQLite store's first schema.
_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE sq2edu.classes (
        id BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL,
        created TEXT NOT NULL,
        archived TEXT
    );
    CREATE TABLE sq2edu.students (
        id BIGSERIAL PRIMARY KEY,
        class_id BIGINT NOT NULL REFERENCES sq2edu.classes(id),
        nickname TEXT NOT NULL,
        joined TEXT NOT NULL,
        UNIQUE (class_id, nickname)
    );
    CREATE TABLE sq2edu.attempts (
        id BIGSERIAL PRIMARY KEY,
        student_id BIGINT NOT NULL REFERENCES sq2edu.students(id),
        at TEXT NOT NULL,
        text TEXT NOT NULL,
        ok BOOLEAN NOT NULL,
        codes TEXT NOT NULL,
        numbers TEXT NOT NULL,
        typed BOOLEAN NOT NULL,
        hint_level INTEGER NOT NULL,
        place TEXT NOT NULL,
        skill TEXT
    );
    CREATE INDEX attempts_by_student ON sq2edu.attempts (student_id, at);
    CREATE TABLE sq2edu.games (
        id BIGSERIAL PRIMARY KEY,
        class_id BIGINT NOT NULL REFERENCES sq2edu.classes(id),
        at TEXT NOT NULL,
        players TEXT NOT NULL,
        bots TEXT NOT NULL,
        winner TEXT,
        turns INTEGER NOT NULL,
        seconds DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE sq2edu.settings (
        class_id BIGINT PRIMARY KEY REFERENCES sq2edu.classes(id),
        data TEXT NOT NULL
    )
    """,
)


class PostgresStore:
    """The progress of the current class, in a PostgreSQL database.

    :param url: a ``postgresql://user:password@host:port/database`` address.
    :raises StoreError: if the server cannot be reached, the ``sq2edu`` schema belongs to
        another program, or it comes from a newer sq2edu.
    """

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError as error:
            raise StoreError(
                "This store is on PostgreSQL, and its driver is missing: "
                "pip install 'sq2edu[postgres]'."
            ) from error
        self.url = url
        try:
            self._db: psycopg.Connection[tuple[Any, ...]] = psycopg.connect(
                url, autocommit=True, connect_timeout=10
            )
        except psycopg.Error as error:
            raise StoreError(
                f"Cannot open the progress store at {redact(url)}: "
                f"{str(error).strip().splitlines()[0] if str(error).strip() else error}"
            ) from error
        try:
            self._prepare()
        except psycopg.Error as error:
            self._db.close()
            raise StoreError(f"The progress store at {redact(url)} failed: {error}") from error

    # -- opening -----------------------------------------------------------------------

    def _prepare(self) -> None:
        with self._transaction() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            version = self._version(cursor)
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"The progress store at {redact(self.url)} was written by a newer sq2edu "
                    f"(schema {version}). Update sq2edu."
                )
            if version == 0:
                cursor.execute(f"CREATE SCHEMA IF NOT EXISTS {_SCHEMA}")
                cursor.execute(
                    f"CREATE TABLE {_SCHEMA}.meta (application TEXT NOT NULL, version INTEGER)"
                )
                cursor.execute(f"INSERT INTO {_SCHEMA}.meta VALUES (%s, 0)", (_APPLICATION,))
            for number in range(version, SCHEMA_VERSION):
                for statement in _MIGRATIONS[number].split(";"):
                    if statement.strip():
                        cursor.execute(statement)
                cursor.execute(f"UPDATE {_SCHEMA}.meta SET version = %s", (number + 1,))
            cursor.execute(f"SELECT count(*) FROM {_SCHEMA}.classes WHERE archived IS NULL")
            if _one(cursor) == 0:
                self._new_class(cursor, "My class")

    def _version(self, cursor: psycopg.Cursor[tuple[Any, ...]]) -> int:
        """The schema's version: 0 for a database sq2edu has never used."""
        cursor.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = %s", (_SCHEMA,)
        )
        tables = _one(cursor)
        cursor.execute(
            "SELECT count(*) FROM information_schema.tables "
            "WHERE table_schema = %s AND table_name = 'meta'",
            (_SCHEMA,),
        )
        if _one(cursor) == 0:
            if tables:
                raise StoreError(
                    f"The schema {_SCHEMA!r} at {redact(self.url)} belongs to another program. "
                    "Choose another database."
                )
            return 0
        cursor.execute(f"SELECT application, version FROM {_SCHEMA}.meta")
        row = cursor.fetchone()
        if row is None or row[0] != _APPLICATION:
            raise StoreError(
                f"The schema {_SCHEMA!r} at {redact(self.url)} belongs to another program. "
                "Choose another database."
            )
        return int(row[1])

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Cursor[tuple[Any, ...]]]:
        with self._db.transaction(), self._db.cursor() as cursor:
            yield cursor

    def _class_id(self, cursor: psycopg.Cursor[tuple[Any, ...]]) -> int:
        cursor.execute(
            f"SELECT id FROM {_SCHEMA}.classes WHERE archived IS NULL ORDER BY id DESC LIMIT 1"
        )
        row = cursor.fetchone()
        if row is None:
            raise StoreError("The store has no open class.")
        return int(row[0])

    def _student_id(self, cursor: psycopg.Cursor[tuple[Any, ...]], nickname: str) -> int:
        class_id = self._class_id(cursor)
        cursor.execute(
            f"INSERT INTO {_SCHEMA}.students (class_id, nickname, joined) VALUES (%s, %s, %s) "
            "ON CONFLICT (class_id, nickname) DO NOTHING",
            (class_id, nickname, utc_now()),
        )
        cursor.execute(
            f"SELECT id FROM {_SCHEMA}.students WHERE class_id = %s AND nickname = %s",
            (class_id, nickname),
        )
        return _one(cursor)

    # -- students, attempts, games -------------------------------------------------------

    def join(self, nickname: str) -> None:
        """Add a student to the current class (nothing happens if already there)."""
        with self._transaction() as cursor:
            self._student_id(cursor, nickname)

    def students(self) -> list[str]:
        """The current class's students, in the order they joined."""
        with self._transaction() as cursor:
            cursor.execute(
                f"SELECT nickname FROM {_SCHEMA}.students WHERE class_id = %s ORDER BY id",
                (self._class_id(cursor),),
            )
            return [row[0] for row in cursor.fetchall()]

    def record_attempt(self, attempt: Attempt) -> None:
        """Write one attempt at once, in its own transaction."""
        with self._transaction() as cursor:
            student = self._student_id(cursor, attempt.student)
            cursor.execute(
                f"INSERT INTO {_SCHEMA}.attempts (student_id, at, text, ok, codes, numbers, "
                "typed, hint_level, place, skill) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    student,
                    attempt.at,
                    attempt.text,
                    attempt.ok,
                    json.dumps(list(attempt.codes)),
                    json.dumps(list(attempt.numbers)),
                    attempt.typed,
                    attempt.hint_level,
                    attempt.where,
                    attempt.skill,
                ),
            )

    def attempts(self, student: str | None = None, limit: int | None = None) -> list[Attempt]:
        """The current class's attempts, newest first (one student's, when named)."""
        with self._transaction() as cursor:
            query = (
                "SELECT s.nickname, a.text, a.ok, a.codes, a.numbers, a.typed, a.hint_level, "
                f"a.place, a.at FROM {_SCHEMA}.attempts a "
                f"JOIN {_SCHEMA}.students s ON s.id = a.student_id WHERE s.class_id = %s"
            )
            parameters: list[Any] = [self._class_id(cursor)]
            if student is not None:
                query += " AND s.nickname = %s"
                parameters.append(student)
            query += " ORDER BY a.id DESC"
            if limit is not None:
                query += " LIMIT %s"
                parameters.append(limit)
            cursor.execute(query, parameters)
            return [attempt_from_row(row) for row in cursor.fetchall()]

    def record_game(self, game: GameRecord) -> None:
        """Write one game."""
        with self._transaction() as cursor:
            cursor.execute(
                f"INSERT INTO {_SCHEMA}.games (class_id, at, players, bots, winner, turns, "
                "seconds) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (
                    self._class_id(cursor),
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
        with self._transaction() as cursor:
            cursor.execute(
                f"SELECT players, bots, winner, turns, seconds, at FROM {_SCHEMA}.games "
                "WHERE class_id = %s ORDER BY id DESC",
                (self._class_id(cursor),),
            )
            return [game_from_row(row) for row in cursor.fetchall()]

    # -- the class -------------------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The current class's settings (empty until the teacher saves some)."""
        with self._transaction() as cursor:
            cursor.execute(
                f"SELECT data FROM {_SCHEMA}.settings WHERE class_id = %s",
                (self._class_id(cursor),),
            )
            row = cursor.fetchone()
            return dict(json.loads(row[0])) if row else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Replace the current class's settings."""
        with self._transaction() as cursor:
            cursor.execute(
                f"INSERT INTO {_SCHEMA}.settings (class_id, data) VALUES (%s, %s) "
                "ON CONFLICT (class_id) DO UPDATE SET data = excluded.data",
                (self._class_id(cursor), json.dumps(settings)),
            )

    def new_class(self, name: str) -> None:
        """Archive the current class (its records stay) and start an empty one."""
        with self._transaction() as cursor:
            self._new_class(cursor, name)

    def _new_class(self, cursor: psycopg.Cursor[tuple[Any, ...]], name: str) -> None:
        stamp = utc_now()
        cursor.execute(
            f"UPDATE {_SCHEMA}.classes SET archived = %s WHERE archived IS NULL", (stamp,)
        )
        cursor.execute(
            f"INSERT INTO {_SCHEMA}.classes (name, created) VALUES (%s, %s)", (name, stamp)
        )

    def classes(self) -> list[tuple[str, str | None]]:
        """Every class ever kept: its name and when it was archived (``None``: current)."""
        with self._transaction() as cursor:
            cursor.execute(f"SELECT name, archived FROM {_SCHEMA}.classes ORDER BY id")
            return [(row[0], row[1]) for row in cursor.fetchall()]

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _one(cursor: psycopg.Cursor[tuple[Any, ...]]) -> int:
    row = cursor.fetchone()
    if row is None:  # pragma: no cover - count(*) and the upsert always return a row
        raise StoreError("The progress store answered nothing.")
    return int(row[0])


# mypy checks here that PostgresStore offers everything ProgressStore promises.
_POSTGRES_IS_A_STORE: type[ProgressStore] = PostgresStore
