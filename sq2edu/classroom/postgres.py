"""The progress store on PostgreSQL, for a school that runs the classroom on many machines.

The same interface as :class:`~sq2edu.classroom.store.SQLiteStore`, over one PostgreSQL
database that every JupyterHub user's kernels share. Its tables live in their own schema,
``sq2edu``, so the store can share a database with other programs. Install the driver with
``pip install 'sq2edu[postgres]'``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sq2edu.classroom.store import (
    CHANNEL,
    SCHEMA_VERSION,
    Cursor,
    ProgressStore,
    SQLStore,
    StoreError,
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
    # 2: as the SQLite store's.
    """
    ALTER TABLE sq2edu.students ADD COLUMN device TEXT;
    CREATE TABLE sq2edu.events (
        id BIGSERIAL PRIMARY KEY,
        class_id BIGINT NOT NULL REFERENCES sq2edu.classes(id),
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        address TEXT NOT NULL,
        detail TEXT NOT NULL
    );
    CREATE INDEX events_by_time ON sq2edu.events (class_id, at)
    """,
    # 3: as the SQLite store's.
    """
    ALTER TABLE sq2edu.students ADD COLUMN seen TEXT;
    ALTER TABLE sq2edu.attempts ADD COLUMN cards TEXT NOT NULL DEFAULT '[]';
    CREATE TABLE sq2edu.groups (
        id BIGSERIAL PRIMARY KEY,
        class_id BIGINT NOT NULL REFERENCES sq2edu.classes(id),
        name TEXT NOT NULL,
        members TEXT NOT NULL,
        focus TEXT NOT NULL,
        UNIQUE (class_id, name)
    )
    """,
    # 4: as the SQLite store's.
    """
    CREATE TABLE sq2edu.game_tables (
        id TEXT PRIMARY KEY,
        class_id BIGINT NOT NULL REFERENCES sq2edu.classes(id),
        edition TEXT NOT NULL,
        size INTEGER NOT NULL,
        seats TEXT NOT NULL,
        maker TEXT NOT NULL,
        status TEXT NOT NULL,
        game TEXT,
        dealt TEXT,
        version INTEGER NOT NULL,
        created TEXT NOT NULL,
        changed TEXT NOT NULL,
        started TEXT,
        turn_since TEXT,
        driver TEXT,
        driver_until TEXT
    );
    CREATE INDEX game_tables_by_class ON sq2edu.game_tables (class_id, status)
    """,
    # 5: as the SQLite store's.
    """
    ALTER TABLE sq2edu.classes ADD COLUMN room TEXT NOT NULL DEFAULT '';
    CREATE INDEX classes_by_room ON sq2edu.classes (room, archived);
    CREATE TABLE sq2edu.rooms (
        name TEXT PRIMARY KEY,
        code TEXT UNIQUE,
        created TEXT NOT NULL
    );
    CREATE TABLE sq2edu.teachers (
        id BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        secret TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE sq2edu.room_teachers (
        room TEXT NOT NULL REFERENCES sq2edu.rooms(name),
        teacher_id BIGINT NOT NULL REFERENCES sq2edu.teachers(id),
        PRIMARY KEY (room, teacher_id)
    );
    CREATE TABLE sq2edu.hub_users (
        name TEXT PRIMARY KEY,
        room TEXT NOT NULL,
        nickname TEXT,
        teacher TEXT
    )
    """,
    # 6: as the SQLite store's.
    """
    ALTER TABLE sq2edu.attempts ADD COLUMN level TEXT NOT NULL DEFAULT ''
    """,
    # 7: as the SQLite store's.
    """
    ALTER TABLE sq2edu.attempts ADD COLUMN lesson TEXT NOT NULL DEFAULT '';
    ALTER TABLE sq2edu.attempts ADD COLUMN exercise INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX attempts_in_lessons ON sq2edu.attempts (lesson, student_id) WHERE lesson != ''
    """,
    # 8: as the SQLite store's.
    """
    ALTER TABLE sq2edu.attempts ADD COLUMN helped BOOLEAN NOT NULL DEFAULT FALSE;
    UPDATE sq2edu.attempts SET helped = TRUE WHERE hint_level >= 3
    """,
    # 9: as the SQLite store's.
    """
    ALTER TABLE sq2edu.students ADD COLUMN device_since TEXT;
    CREATE INDEX students_by_device ON sq2edu.students (class_id, device)
    """,
    # 10: as the SQLite store's.
    """
    CREATE TABLE sq2edu.challenge_rounds (
        id BIGSERIAL PRIMARY KEY,
        class_id BIGINT NOT NULL REFERENCES sq2edu.classes(id),
        number INTEGER NOT NULL,
        cards TEXT NOT NULL,
        operations TEXT NOT NULL,
        level TEXT NOT NULL,
        source TEXT NOT NULL,
        started TEXT NOT NULL,
        ended TEXT,
        names BOOLEAN NOT NULL,
        pinned TEXT NOT NULL,
        UNIQUE (class_id, number)
    );
    CREATE TABLE sq2edu.challenge_tries (
        id BIGSERIAL PRIMARY KEY,
        round_id BIGINT NOT NULL REFERENCES sq2edu.challenge_rounds(id),
        student_id BIGINT NOT NULL REFERENCES sq2edu.students(id),
        at TEXT NOT NULL,
        text TEXT NOT NULL,
        ok BOOLEAN NOT NULL,
        code TEXT NOT NULL
    );
    CREATE INDEX challenge_tries_by_round ON sq2edu.challenge_tries (round_id, id)
    """,
    # 11: as the SQLite store's.
    """
    CREATE TABLE sq2edu.class_codes (
        room TEXT PRIMARY KEY,
        code TEXT NOT NULL
    );
    ALTER TABLE sq2edu.game_tables ADD COLUMN played_for TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE sq2edu.games ADD COLUMN played_for TEXT NOT NULL DEFAULT '[]'
    """,
)


class PostgresStore(SQLStore):
    """The progress of the current class, in a PostgreSQL database.

    :param url: a ``postgresql://user:password@host:port/database`` address.
    :param room: the school's class to read and write (``""``: the class of one laptop).
    :raises StoreError: if the server cannot be reached, the ``sq2edu`` schema belongs to
        another program, comes from a newer sq2edu, or has no such room.
    """

    prefix = f"{_SCHEMA}."
    placeholder = "%s"

    def __init__(self, url: str, room: str = "") -> None:
        self.room = room
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
        except StoreError:
            self._db.close()
            raise
        except psycopg.Error as error:
            self._db.close()
            raise StoreError(f"The progress store at {redact(url)} failed: {error}") from error

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
            self._first_class(cursor)

    def _version(self, cursor: Cursor) -> int:
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

    def _notify(self, cursor: Cursor, channel: str, payload: str) -> None:
        cursor.execute("SELECT pg_notify(%s, %s)", (channel, payload))

    def watch(self) -> PostgresWatch:
        """A watch on the database: ``LISTEN`` on a connection of its own."""
        return PostgresWatch(self.url)

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


class PostgresWatch:
    """Whether a table changed, told by PostgreSQL's ``NOTIFY`` on :data:`CHANNEL`.

    The notifications wait in this connection of its own until :meth:`changed` reads
    them; a look never blocks.
    """

    def __init__(self, url: str) -> None:
        import psycopg

        self._db = psycopg.connect(url, autocommit=True, connect_timeout=10)
        self._db.execute(f"LISTEN {CHANNEL}")

    def changed(self) -> bool:
        """Whether a notification came since the last call."""
        return any(True for _note in self._db.notifies(timeout=0))

    def close(self) -> None:
        """Stop listening."""
        self._db.close()


def _one(cursor: Cursor) -> int:
    row = cursor.fetchone()
    if row is None:  # pragma: no cover - count(*) always returns a row
        raise StoreError("The progress store answered nothing.")
    return int(row[0])


# mypy checks here that PostgresStore offers everything ProgressStore promises.
_POSTGRES_IS_A_STORE: type[ProgressStore] = PostgresStore
