"""The progress store on PostgreSQL, for a school that runs the classroom on many machines.

The same interface as :class:`~sq2edu.classroom.storage.store.SQLiteStore`, over one PostgreSQL
database that every JupyterHub user's kernels share. Its tables live in their own schema,
``sq2edu``, so the store can share a database with other programs. Install the driver with
``pip install 'sq2edu[postgres]'``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sq2edu.classroom.storage.schema import POSTGRES, SCHEMA_VERSION, statements
from sq2edu.classroom.storage.store import (
    CHANNEL,
    Cursor,
    ProgressStore,
    SQLStore,
    StoreError,
    redact,
)

if TYPE_CHECKING:
    import psycopg

__all__ = ["PostgresStore"]

_SCHEMA = POSTGRES.prefix.rstrip(".")
_APPLICATION = "sq2edu progress store"
# Any constant: every sq2edu process that creates or upgrades the schema takes this lock.
_MIGRATION_LOCK = 0x53513245
#: How many times a writer looks for the open class to lock when each one it waited for had
#: been archived meanwhile: every miss means another dashboard made a new class.
_LOCK_LOOKS = 20


class PostgresStore(SQLStore):
    """The progress of the current class, in a PostgreSQL database.

    :param url: a ``postgresql://user:password@host:port/database`` address.
    :param room: the school's class to read and write (``""``: the class of one laptop).
    :raises StoreError: if the server cannot be reached, the ``sq2edu`` schema belongs to
        another program, comes from a newer sq2edu, or has no such room.
    """

    prefix = POSTGRES.prefix
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
        with self.transaction() as cursor:
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
            for statement in statements(POSTGRES, version):
                cursor.execute(statement)
            cursor.execute(f"UPDATE {_SCHEMA}.meta SET version = %s", (SCHEMA_VERSION,))
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

    def lock_open_class(self, cursor: Cursor) -> int:
        """The open class's row, locked until the transaction ends (see
        :meth:`SQLStore.lock_open_class`).

        ``FOR NO KEY UPDATE``: another writer of the class's rounds or classes waits here,
        while a child's record (which only refers to the class) does not. A writer that
        waited for a new class to be made finds the row it waited for archived, and looks
        again: each new statement sees what the one before it committed.
        """
        for _look in range(_LOCK_LOOKS):
            row = self.execute(
                cursor,
                "SELECT id FROM {t}classes WHERE archived IS NULL AND room = ? "
                "ORDER BY id DESC LIMIT 1 FOR NO KEY UPDATE",
                (self.room,),
            ).fetchone()
            if row is not None:
                return int(row[0])
            self.open_class_id(cursor)  # none at all: the room's StoreError
        raise StoreError(
            "The class changed many times at once (new classes from several dashboards). "
            "Try again in a moment."
        )

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Cursor[tuple[Any, ...]]]:
        with self._db.transaction(), self._db.cursor() as cursor:
            yield cursor

    def notify(self, cursor: Cursor, payload: str) -> None:
        """Tell the watchers, once the transaction commits (``NOTIFY`` on :data:`CHANNEL`)."""
        cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    def watch(self) -> PostgresWatch:
        """A watch on the database: ``LISTEN`` on a connection of its own."""
        return PostgresWatch(self.url)

    def close(self) -> None:
        """Close the connection."""
        self._db.close()


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
