"""The progress store: every attempt and game of a class, kept in SQLite or PostgreSQL.

Only the store modules speak SQL. This module and :mod:`sq2edu.classroom.storage.postgres` hold
the progress queries and run the migrations of :mod:`sq2edu.classroom.storage.schema` (declared
once, written out in each database's SQL); the shared tables
(:mod:`~sq2edu.classroom.storage.tables`), the school's rooms and teachers
(:mod:`~sq2edu.classroom.storage.school`) and the challenge rounds
(:mod:`~sq2edu.classroom.storage.challenge_store`) are repositories on a store, through its public
boundary (:meth:`SQLStore.transaction`, :meth:`~SQLStore.execute`,
:meth:`~SQLStore.open_class_id`, :meth:`~SQLStore.lock_open_class`,
:meth:`~SQLStore.student_id`, :meth:`~SQLStore.notify`),
and every write to a versioned row goes through :meth:`SQLStore.compare_and_swap`.
Everything else uses :func:`open_store` (a file path: SQLite, for one machine; a
``postgresql://`` address: a school's many machines), as a :class:`ProgressStore` (a
teacher's dashboard and tools) or a :class:`ChildStore` (a child's page, whose store on a
school's hub is the class service's :class:`~sq2edu.hub.remote.ServiceStore`).
Both databases run the same queries (:class:`SQLStore`); each brings its own connection and
transactions, and runs the migrations under one lock with the schema's version read inside
it (tests/classroom/test_schema.py checks that both build the same columns). SQLite runs in
WAL mode with a busy timeout, each record in its own short transaction: thirty kernels can
write at once, and a killed kernel loses nothing it had written. Its file is readable by the
teacher's account only.
"""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Self, cast

from platformdirs import user_data_path

from sq2edu.classroom.storage.schema import SCHEMA_VERSION, SQLITE, statements
from sq2edu.i18n import LANGUAGES
from sq2edu.progress.records import (
    ATTEMPT_FIELDS,
    Attempt,
    GameRecord,
    GuardEvent,
    LessonMark,
    utc_now,
)

__all__ = [
    "CHANNEL",
    "SCHEMA_VERSION",
    "ChildStore",
    "Cursor",
    "NameTakenError",
    "ProgressStore",
    "SQLStore",
    "SQLiteStore",
    "SQLiteWatch",
    "StaleWriteError",
    "StoreError",
    "Watch",
    "default_path",
    "is_database_url",
    "open_served_store",
    "open_store",
    "redact",
]

#: The channel a change of the shared tables or rounds is told on (PostgreSQL's ``NOTIFY``;
#: SQLite's watchers see every commit).
CHANNEL = "sq2edu_tables"
_APPLICATION_ID = 0x53513245  # "SQ2E": marks a file as an sq2edu store
_BUSY_TIMEOUT_MS = 10_000
#: How long a write (or a first opening) keeps asking for the file's write lock: several busy
#: waits, because a whole class's kernels may open and write at one moment on a two-core
#: laptop, and a kernel holding the lock may itself be waiting for the processor.
_PATIENCE_S = 60.0

if TYPE_CHECKING:
    from sq2edu.classroom.storage.challenge_store import Challenges, ChallengeSource
    from sq2edu.classroom.storage.tables import TableKeeper, Tables


class StoreError(Exception):
    """The progress store cannot be used: damaged, another program's file, or too new."""


class StaleWriteError(StoreError):
    """A compare-and-swap lost the race: the row changed since it was read, and nothing was
    written (see :meth:`SQLStore.compare_and_swap`)."""


class NameTakenError(StoreError):
    """A nickname is held by another device, or a rename would take one in use."""


def default_path() -> Path:
    """Where the store lives unless told otherwise: the user's data folder, never a served one."""
    return user_data_path("sq2edu", appauthor=False) / "progress.sqlite3"


class ChildStore(Protocol):
    """What a child's page may do with the class's records: join, practise, play, read its
    own. A class's own store (:class:`SQLStore`) does it directly; a child's kernel on a
    school's hub through the class service (:class:`sq2edu.hub.remote.ServiceStore`), which
    offers nothing more."""

    def join(self, nickname: str, device: str | None = None, *, only: bool = False) -> bool: ...

    def device_name(self, device: str) -> tuple[str, str] | None: ...

    def class_code(self) -> str | None: ...

    def students(self) -> list[str]: ...

    def seen(self, nickname: str, at: str | None = None, language: str = "") -> None: ...

    def last_seen(self) -> dict[str, str]: ...

    def groups(self) -> dict[str, tuple[list[str], dict[str, Any]]]: ...

    def record_attempt(self, attempt: Attempt) -> None: ...

    def attempts(self, student: str, limit: int | None = None) -> list[Attempt]: ...

    def lesson_progress(self, student: str) -> dict[str, dict[int, str]]: ...

    def record_game(self, game: GameRecord) -> None: ...

    def record_event(self, event: GuardEvent) -> None: ...

    def events(
        self, since: str = "", kind: str | None = None, address: str | None = None
    ) -> list[GuardEvent]: ...

    def settings(self) -> dict[str, Any]: ...

    def current_class(self) -> tuple[int, str]: ...

    def shared_tables(self) -> TableKeeper: ...

    def challenges(self) -> ChallengeSource: ...

    def watch(self) -> Watch: ...

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(self, *_exc: object) -> None: ...


class ProgressStore(ChildStore, Protocol):
    """A class's whole store, as its teacher's dashboard and tools use it: a child's page's
    part, and the teacher's work (names, groups, the class's records, new classes)."""

    def students(self, class_id: int | None = None) -> list[str]: ...

    def languages(self, class_id: int | None = None) -> dict[str, str]: ...

    def attempts(self, student: str | None = None, limit: int | None = None) -> list[Attempt]: ...

    def save_group(self, name: str, members: Sequence[str], focus: dict[str, Any]) -> None: ...

    def delete_group(self, name: str) -> None: ...

    def release(self, nickname: str) -> None: ...

    def rename(self, old: str, new: str) -> None: ...

    def merge(self, source: str, target: str) -> None: ...

    def attempts_after(
        self, after: int, limit: int | None = None, class_id: int | None = None
    ) -> list[tuple[int, Attempt]]: ...

    def lesson_marks(
        self, student: str | None = None, class_id: int | None = None
    ) -> list[LessonMark]: ...

    def games(self, class_id: int | None = None) -> list[GameRecord]: ...

    def save_settings(self, settings: dict[str, Any]) -> None: ...

    def new_class(self, name: str) -> None: ...

    def classes(self) -> list[tuple[str, str | None]]: ...

    def class_list(self) -> list[tuple[int, str, str | None]]: ...


class Watch(Protocol):
    """Tells, cheaply and often, whether the store may have changed since the last look."""

    def changed(self) -> bool: ...

    def close(self) -> None: ...


def is_database_url(location: str | Path) -> bool:
    """Whether a ``--db`` value names a PostgreSQL server rather than a file."""
    return str(location).startswith(("postgresql://", "postgres://"))


def redact(location: str) -> str:
    """A store's address fit to print: a password in a database address becomes ``***``."""
    return re.sub(r"(://[^:/@]+:)[^@]*@", r"\1***@", location)


def open_store(location: str | Path | None = None, room: str = "") -> SQLStore:
    """Open the progress store at a file path or a ``postgresql://`` address.

    :param location: ``None`` for the file in the user's data folder.
    :param room: the school's class to read and write (see :class:`SQLStore`); ``""`` for
        the class of one laptop.
    :raises StoreError: as :class:`SQLiteStore` or
        :class:`~sq2edu.classroom.storage.postgres.PostgresStore` do.
    """
    if location is not None and is_database_url(location):
        from sq2edu.classroom.storage.postgres import PostgresStore

        return PostgresStore(str(location), room)
    return SQLiteStore(location if location is not None else default_path(), room)


def open_served_store() -> SQLStore:
    """The store ``sq2edu serve`` gave its servers: ``SQ2EDU_DB`` (the file in the data folder
    when unset) and the room ``SQ2EDU_ROOM`` (``""`` when unset)."""
    return open_store(os.environ.get("SQ2EDU_DB") or None, os.environ.get("SQ2EDU_ROOM", ""))


class Cursor(Protocol):
    """The part of a DB-API cursor the store uses (sqlite3's and psycopg's both fit)."""

    def execute(self, query: Any, params: Any = ...) -> Any: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    @property
    def rowcount(self) -> int: ...


#: The column of the attempts table that holds each field of an :class:`Attempt` (the
#: student is a row of the students table; the column ``skill`` is the attempt's skill).
_ATTEMPT_COLUMN = {
    name: "place" if name == "where" else name for name in ATTEMPT_FIELDS if name != "student"
}
_ATTEMPT_COLUMNS = "a.id, s.nickname, " + ", ".join(f"a.{c}" for c in _ATTEMPT_COLUMN.values())
_INSERT_ATTEMPT = (
    f"INSERT INTO {{t}}attempts (student_id, skill, {', '.join(_ATTEMPT_COLUMN.values())}) "
    f"VALUES ({', '.join(['?'] * (len(_ATTEMPT_COLUMN) + 2))})"
)


def _from_column(kind: Any) -> Callable[[Any], Any]:
    """How a column's value becomes its field's: tuples are kept as JSON lists, and SQLite
    keeps booleans as integers."""
    if kind in (str, int, bool):
        return cast("Callable[[Any], Any]", kind)
    # Most attempts have no codes, numbers or cards: an empty list needs no JSON reader.
    return lambda value: () if value == "[]" else tuple(json.loads(value))


#: How each attempt column's value is read, in the order of the record's fields after the
#: student (worked out once: a dashboard opening on a term's work reads a few hundred
#: thousand rows).
_ATTEMPT_READERS = tuple(_from_column(ATTEMPT_FIELDS[name]) for name in _ATTEMPT_COLUMN)


def _attempt(row: Sequence[Any]) -> tuple[int, Attempt]:
    """An attempt read back from :data:`_ATTEMPT_COLUMNS`, with its number."""
    values = [read(value) for read, value in zip(_ATTEMPT_READERS, row[2:], strict=True)]
    return int(row[0]), Attempt(row[1], *values)


def _attempt_values(attempt: Attempt) -> list[Any]:
    """The values of :data:`_ATTEMPT_COLUMN`'s columns, in its order."""
    data = attempt.to_dict()
    return [
        json.dumps(data[name]) if isinstance(data[name], list) else data[name]
        for name in _ATTEMPT_COLUMN
    ]


def _game(row: Sequence[Any]) -> GameRecord:
    players, bots, winner, turns, seconds, at, played_for = row
    return GameRecord(
        tuple(json.loads(players)),
        {int(seat): level for seat, level in json.loads(bots).items()},
        winner,
        turns,
        seconds,
        at,
        tuple(int(seat) for seat in json.loads(played_for)),
    )


class SQLStore:
    """Every query of the store, written once for both databases.

    Queries name tables as ``{t}name`` (the PostgreSQL store keeps them in a schema of its
    own) and take parameters as ``?``; a database's store sets :attr:`prefix` and
    :attr:`placeholder`, opens connections and runs :meth:`transaction`.

    **The repositories' boundary.** The other store modules, each the queries of one concern
    on the same database (:class:`~sq2edu.classroom.storage.tables.Tables`,
    :class:`~sq2edu.classroom.storage.school.School`,
    :class:`~sq2edu.classroom.storage.challenge_store.Challenges`), use only :meth:`transaction`,
    :meth:`execute`, :meth:`open_class_id`, :meth:`lock_open_class`, :meth:`student_id`,
    :meth:`compare_and_swap` and :meth:`notify`; nothing outside the store modules runs SQL.

    A store is opened for one **room**: a class of the school as its teachers know it
    ("3B"), which holds one open class at a time and the archived ones before it. Every
    record read or written goes to the room's open class, and only the room's classes can be
    read, so the teachers of a school that shares one database never see each other's
    children. The room ``""`` is the class of one laptop, and needs no making; the school's
    rooms are made with :class:`~sq2edu.classroom.storage.school.School`.
    """

    #: Put before every table name (``"sq2edu."`` on PostgreSQL).
    prefix = ""
    #: The parameter marker of the database's driver.
    placeholder = "?"
    #: The room this store reads and writes.
    room = ""

    def transaction(self) -> AbstractContextManager[Cursor]:
        """One transaction, as a cursor: committed when the block ends, rolled back when it
        raises. Writers wait their turn (SQLite takes the write lock at once)."""
        raise NotImplementedError

    def execute(self, cursor: Cursor, query: str, params: Sequence[Any] = ()) -> Cursor:
        """Run ``query`` (tables as ``{t}name``, parameters as ``?``) in ``cursor``'s
        transaction, in this database's dialect; the cursor, to fetch from."""
        sql = query.replace("{t}", self.prefix)
        if self.placeholder != "?":
            sql = sql.replace("?", self.placeholder)
        cursor.execute(sql, tuple(params))
        return cursor

    def compare_and_swap(
        self,
        cursor: Cursor,
        table: str,
        key: str,
        version: int,
        changes: Mapping[str, Any],
        *,
        condition: str = "",
        params: Sequence[Any] = (),
        bump: bool = True,
    ) -> None:
        """Write ``changes`` to the row ``key`` of a versioned table only if its version is
        still ``version``, the one the change was made on; the version grows by one.

        Every write to a row with a ``version`` column goes through here: a writer that read
        the row, decided, and writes it back learns when another writer came in between,
        instead of writing over that one's change (or, worse, writing nothing and going on as
        if it had).

        :param table: the table's name (as in the schema; never from outside the program).
        :param changes: column name -> new value; names are the schema's, values are passed
            as parameters.
        :param condition: more SQL the row must meet (with ``?`` for ``params``).
        :param bump: ``False`` for a write that changes no state other writers act on (a
            lease), so the version stays.
        :raises StaleWriteError: when no row had that version (nothing is written).
        """
        sets = [f"{column} = ?" for column in changes]
        if bump:
            sets.append("version = version + 1")
        query = f"UPDATE {{t}}{table} SET {', '.join(sets)} WHERE id = ? AND version = ?"
        if condition:
            query += f" AND ({condition})"
        written = self.execute(cursor, query, (*changes.values(), key, version, *params)).rowcount
        if written != 1:
            raise StaleWriteError(f"{table} {key} changed since version {version}.")

    def notify(self, cursor: Cursor, payload: str) -> None:
        """Tell other processes on :data:`CHANNEL`, once the transaction commits, that a table
        or round changed (only PostgreSQL needs to; SQLite's watchers see every commit)."""

    def watch(self) -> Watch:
        """A cheap way to learn that another process changed the store."""
        raise NotImplementedError

    def shared_tables(self) -> Tables:
        """The class's tables of classmates, kept in this store."""
        from sq2edu.classroom.storage.tables import Tables

        return Tables(self)

    def challenges(self) -> Challenges:
        """The class challenge's rounds, kept in this store."""
        from sq2edu.classroom.storage.challenge_store import Challenges

        return Challenges(self)

    def open_class_id(self, cursor: Cursor) -> int:
        """The number of the room's open class, read in ``cursor``'s transaction.

        :raises StoreError: if the room has none.
        """
        row = self.execute(
            cursor,
            "SELECT id FROM {t}classes WHERE archived IS NULL AND room = ? "
            "ORDER BY id DESC LIMIT 1",
            (self.room,),
        ).fetchone()
        if row is None:
            raise StoreError("The store has no open class.")
        return int(row[0])

    def lock_open_class(self, cursor: Cursor) -> int:
        """The number of the room's open class, held until ``cursor``'s transaction ends.

        Whoever starts or ends a class or one of its rounds takes this first: two dashboards
        pressing "Start" at once then go one after the other, the second seeing what the
        first wrote, instead of both ending what was open and both starting their own.
        SQLite's writers hold the whole file from their first statement already, so here it
        is only :meth:`open_class_id`; PostgreSQL locks the class's row.

        :raises StoreError: if the room has none.
        """
        return self.open_class_id(cursor)

    def _chosen_class(self, cursor: Cursor, class_id: int | None) -> int:
        """``class_id`` if it is one of the room's classes (the open one for ``None``).

        :raises StoreError: for another room's class, or one that does not exist.
        """
        if class_id is None:
            return self.open_class_id(cursor)
        row = self.execute(
            cursor, "SELECT room FROM {t}classes WHERE id = ?", (class_id,)
        ).fetchone()
        if row is None or row[0] != self.room:
            raise StoreError(f"Class {class_id} is not one of this room's classes.")
        return class_id

    def _student(self, cursor: Cursor, nickname: str) -> tuple[int, str | None] | None:
        row = self.execute(
            cursor,
            "SELECT id, device FROM {t}students WHERE class_id = ? AND nickname = ?",
            (self.open_class_id(cursor), nickname),
        ).fetchone()
        return None if row is None else (int(row[0]), row[1])

    def student_id(self, cursor: Cursor, nickname: str) -> int:
        """The number of the open class's student ``nickname``, who joins it if new."""
        found = self._student(cursor, nickname)
        if found is not None:
            return found[0]
        self.execute(
            cursor,
            "INSERT INTO {t}students (class_id, nickname, joined) VALUES (?, ?, ?) "
            "ON CONFLICT (class_id, nickname) DO NOTHING",
            (self.open_class_id(cursor), nickname, utc_now()),
        )
        found = self._student(cursor, nickname)
        assert found is not None  # just inserted, or inserted by another writer meanwhile
        return found[0]

    # -- students --------------------------------------------------------------------------

    def join(self, nickname: str, device: str | None = None, *, only: bool = False) -> bool:
        """Add a student to the current class; ``False`` if another device holds the name.

        :param device: the joining device's key (a digest of the secret it keeps); the first
            device to join with a name holds it until the teacher releases it. ``None`` (a
            notebook of one's own) holds nothing.
        :param only: the device lets go of any other name it holds, in the same transaction
            (a device holds one name at a time; see :meth:`device_name`).
        """
        with self.transaction() as cursor:
            student = self.student_id(cursor, nickname)
            if device is None:
                return True
            # Only a free name is taken: of two devices joining at once, one holds it.
            self.execute(
                cursor,
                "UPDATE {t}students SET device = ?, device_since = ? "
                "WHERE id = ? AND device IS NULL",
                (device, utc_now(), student),
            )
            row = self.execute(
                cursor, "SELECT device FROM {t}students WHERE id = ?", (student,)
            ).fetchone()
            taken = bool(row[0] == device)
            if taken and only:
                self.execute(
                    cursor,
                    "UPDATE {t}students SET device = NULL, device_since = NULL "
                    "WHERE class_id = ? AND device = ? AND id != ?",
                    (self.open_class_id(cursor), device, student),
                )
            return taken

    def device_name(self, device: str) -> tuple[str, str] | None:
        """The name ``device`` holds in the open class and since when (UTC, ISO 8601), the
        latest it took if it holds several; ``None`` if it holds none."""
        with self.transaction() as cursor:
            row = self.execute(
                cursor,
                "SELECT nickname, COALESCE(device_since, joined) FROM {t}students "
                "WHERE class_id = ? AND device = ? "
                "ORDER BY COALESCE(device_since, joined) DESC, id DESC LIMIT 1",
                (self.open_class_id(cursor), device),
            ).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def students(self, class_id: int | None = None) -> list[str]:
        """A class's students (the open one's by default), in the order they joined."""
        with self.transaction() as cursor:
            chosen = self._chosen_class(cursor, class_id)
            rows = self.execute(
                cursor,
                "SELECT nickname FROM {t}students WHERE class_id = ? ORDER BY id",
                (chosen,),
            ).fetchall()
        return [row[0] for row in rows]

    def release(self, nickname: str) -> None:
        """Let the next device that joins with ``nickname`` hold it (a child's new tablet)."""
        with self.transaction() as cursor:
            self.execute(
                cursor,
                "UPDATE {t}students SET device = NULL, device_since = NULL "
                "WHERE class_id = ? AND nickname = ?",
                (self.open_class_id(cursor), nickname),
            )

    def rename(self, old: str, new: str) -> None:
        """Give a student another nickname, keeping everything they did.

        :raises NameTakenError: if ``new`` is another student's nickname already.
        """
        with self.transaction() as cursor:
            if self._student(cursor, new) is not None:
                raise NameTakenError(f"{new!r} is already in the class")
            self.execute(
                cursor,
                "UPDATE {t}students SET nickname = ? WHERE class_id = ? AND nickname = ?",
                (new, self.open_class_id(cursor), old),
            )

    def merge(self, source: str, target: str) -> None:
        """Move everything ``source`` did to ``target`` (one child who joined twice)."""
        if source == target:
            return
        with self.transaction() as cursor:
            found = self._student(cursor, source)
            if found is None:
                return
            into = self.student_id(cursor, target)
            # A round both names opened counts once, as the target's.
            self.execute(
                cursor,
                "DELETE FROM {t}challenge_joins WHERE student_id = ? AND round_id IN "
                "(SELECT round_id FROM {t}challenge_joins WHERE student_id = ?)",
                (found[0], into),
            )
            for table in ("attempts", "challenge_tries", "challenge_joins"):
                self.execute(
                    cursor,
                    f"UPDATE {{t}}{table} SET student_id = ? WHERE student_id = ?",
                    (into, found[0]),
                )
            self.execute(cursor, "DELETE FROM {t}students WHERE id = ?", (found[0],))

    def seen(self, nickname: str, at: str | None = None, language: str = "") -> None:
        """Note that a student is active now (their page answered, or they did something),
        and the language their page shows (``""``: not known; one of ``LANGUAGES``)."""
        if language and language not in LANGUAGES:
            raise ValueError(f"language is one of {', '.join(LANGUAGES)}")
        with self.transaction() as cursor:
            self.execute(
                cursor,
                "UPDATE {t}students SET seen = ?, language = COALESCE(?, language) "
                "WHERE class_id = ? AND nickname = ?",
                (at or utc_now(), language or None, self.open_class_id(cursor), nickname),
            )

    def languages(self, class_id: int | None = None) -> dict[str, str]:
        """The language each student last read the app in (those known), for the sheets
        and reports made for one child."""
        with self.transaction() as cursor:
            rows = self.execute(
                cursor,
                "SELECT nickname, language FROM {t}students "
                "WHERE class_id = ? AND language IS NOT NULL",
                (self._chosen_class(cursor, class_id),),
            ).fetchall()
        return {str(row[0]): str(row[1]) for row in rows}

    def last_seen(self) -> dict[str, str]:
        """When each student of the class was last active (UTC), for those ever seen."""
        with self.transaction() as cursor:
            rows = self.execute(
                cursor,
                "SELECT nickname, seen FROM {t}students WHERE class_id = ? AND seen IS NOT NULL",
                (self.open_class_id(cursor),),
            ).fetchall()
        return {row[0]: row[1] for row in rows}

    # -- groups ----------------------------------------------------------------------------

    def save_group(self, name: str, members: Sequence[str], focus: dict[str, Any]) -> None:
        """Make or replace a group of students with a practice focus of their own."""
        with self.transaction() as cursor:
            self.execute(
                cursor,
                "INSERT INTO {t}groups (class_id, name, members, focus) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (class_id, name) DO UPDATE SET members = excluded.members, "
                "focus = excluded.focus",
                (self.open_class_id(cursor), name, json.dumps(list(members)), json.dumps(focus)),
            )

    def delete_group(self, name: str) -> None:
        """Put a group away: its students practise with the class's settings again."""
        with self.transaction() as cursor:
            self.execute(
                cursor,
                "DELETE FROM {t}groups WHERE class_id = ? AND name = ?",
                (self.open_class_id(cursor), name),
            )

    def groups(self) -> dict[str, tuple[list[str], dict[str, Any]]]:
        """The class's groups: name -> (members, focus), in the order they were made."""
        with self.transaction() as cursor:
            rows = self.execute(
                cursor,
                "SELECT name, members, focus FROM {t}groups WHERE class_id = ? ORDER BY id",
                (self.open_class_id(cursor),),
            ).fetchall()
        return {row[0]: (list(json.loads(row[1])), dict(json.loads(row[2]))) for row in rows}

    # -- attempts and games ----------------------------------------------------------------

    def record_attempt(self, attempt: Attempt) -> None:
        """Write one attempt at once, in its own transaction."""
        with self.transaction() as cursor:
            student = self.student_id(cursor, attempt.student)
            self.execute(
                cursor,
                _INSERT_ATTEMPT,
                (student, attempt.skill, *_attempt_values(attempt)),
            )
            self.execute(
                cursor, "UPDATE {t}students SET seen = ? WHERE id = ?", (attempt.at, student)
            )

    def attempts(self, student: str | None = None, limit: int | None = None) -> list[Attempt]:
        """The current class's attempts, newest first (one student's, when named)."""
        with self.transaction() as cursor:
            query = (
                f"SELECT {_ATTEMPT_COLUMNS} FROM {{t}}attempts a "
                "JOIN {t}students s ON s.id = a.student_id WHERE s.class_id = ?"
            )
            params: list[Any] = [self.open_class_id(cursor)]
            if student is not None:
                query += " AND s.nickname = ?"
                params.append(student)
            query += " ORDER BY a.id DESC"
            if limit is not None:
                query += " LIMIT ?"
                params.append(limit)
            rows = self.execute(cursor, query, params).fetchall()
        return [_attempt(row)[1] for row in rows]

    def lesson_marks(
        self, student: str | None = None, class_id: int | None = None
    ) -> list[LessonMark]:
        """How each student did at each lesson exercise they answered (one student's, when
        named), in a class (the open one by default). The first try is the first answer the
        checker could read: a right first try counts only when it was not helped."""
        with self.transaction() as cursor:
            query = (
                "SELECT m.nickname, m.lesson, m.exercise, m.rights, m.tries, f.ok, f.helped "
                "FROM (SELECT s.nickname AS nickname, a.lesson AS lesson, "
                "a.exercise AS exercise, "
                "SUM(CASE WHEN a.ok THEN 1 ELSE 0 END) AS rights, COUNT(*) AS tries, "
                "MIN(a.id) AS first_try "
                # Lesson answers first, by their own index: SQLite would otherwise walk every
                # attempt of every child (200,000 in the Lab: 2 s, this way 55 ms).
                "FROM {t}attempts a CROSS JOIN {t}students s "
                "WHERE s.id = a.student_id AND s.class_id = ? AND a.lesson != '' "
                "AND a.codes NOT LIKE ?"
            )
            params: list[Any] = [
                self.open_class_id(cursor) if class_id is None else class_id,
                '%"syntax"%',
            ]
            if student is not None:
                query += " AND s.nickname = ?"
                params.append(student)
            query += (
                " GROUP BY s.nickname, a.lesson, a.exercise) m"
                " JOIN {t}attempts f ON f.id = m.first_try"
                " ORDER BY m.nickname, m.lesson, m.exercise"
            )
            rows = self.execute(cursor, query, params).fetchall()
        return [
            LessonMark(
                row[0], row[1], int(row[2]), bool(row[3]), int(row[4]), bool(row[5] and not row[6])
            )
            for row in rows
        ]

    def lesson_progress(self, student: str) -> dict[str, dict[int, str]]:
        """The lesson exercises ``student`` has answered, by lesson: each one's number and
        how it went (one of :data:`~sq2edu.progress.records.MARKS`)."""
        progress: dict[str, dict[int, str]] = {}
        for mark in self.lesson_marks(student):
            progress.setdefault(mark.lesson, {})[mark.exercise] = mark.status
        return progress

    def attempts_after(
        self, after: int, limit: int | None = None, class_id: int | None = None
    ) -> list[tuple[int, Attempt]]:
        """A class's attempts (the open one's by default) written after the one numbered
        ``after``, oldest first, each with its number: what a dashboard has not read yet."""
        with self.transaction() as cursor:
            query = (
                f"SELECT {_ATTEMPT_COLUMNS} FROM {{t}}attempts a "
                "JOIN {t}students s ON s.id = a.student_id WHERE a.id > ? AND s.class_id = ? "
                "ORDER BY a.id"
            )
            chosen = self._chosen_class(cursor, class_id)
            params: list[Any] = [after, chosen]
            if limit is not None:
                query += " LIMIT ?"
                params.append(limit)
            rows = self.execute(cursor, query, params).fetchall()
        return [_attempt(row) for row in rows]

    def record_game(self, game: GameRecord) -> None:
        """Write one game."""
        with self.transaction() as cursor:
            self.execute(
                cursor,
                "INSERT INTO {t}games (class_id, at, players, bots, winner, turns, seconds, "
                "played_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    self.open_class_id(cursor),
                    game.at,
                    json.dumps(list(game.players)),
                    json.dumps({str(seat): level for seat, level in game.bots.items()}),
                    game.winner,
                    game.turns,
                    game.seconds,
                    json.dumps(sorted(game.played_for)),
                ),
            )

    def games(self, class_id: int | None = None) -> list[GameRecord]:
        """A class's games (the open one's by default), newest first."""
        with self.transaction() as cursor:
            chosen = self._chosen_class(cursor, class_id)
            rows = self.execute(
                cursor,
                "SELECT players, bots, winner, turns, seconds, at, played_for FROM {t}games "
                "WHERE class_id = ? ORDER BY id DESC",
                (chosen,),
            ).fetchall()
        return [_game(row) for row in rows]

    # -- what the guard refused ------------------------------------------------------------

    def record_event(self, event: GuardEvent) -> None:
        """Keep a refusal for the teacher to see."""
        with self.transaction() as cursor:
            self.execute(
                cursor,
                "INSERT INTO {t}events (class_id, at, kind, address, detail) "
                "VALUES (?, ?, ?, ?, ?)",
                (self.open_class_id(cursor), event.at, event.kind, event.address, event.detail),
            )

    def events(
        self, since: str = "", kind: str | None = None, address: str | None = None
    ) -> list[GuardEvent]:
        """The current class's refusals at or after ``since`` (UTC, ISO 8601), newest first,
        of one kind or from one address when given."""
        with self.transaction() as cursor:
            query = "SELECT kind, address, detail, at FROM {t}events WHERE class_id = ? AND at >= ?"
            params: list[Any] = [self.open_class_id(cursor), since]
            if kind is not None:
                query += " AND kind = ?"
                params.append(kind)
            if address is not None:
                query += " AND address = ?"
                params.append(address)
            rows = self.execute(cursor, query + " ORDER BY id DESC", params).fetchall()
        return [GuardEvent(*row) for row in rows]

    # -- the class -------------------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The current class's settings (empty until the teacher saves some)."""
        with self.transaction() as cursor:
            row = self.execute(
                cursor,
                "SELECT data FROM {t}settings WHERE class_id = ?",
                (self.open_class_id(cursor),),
            ).fetchone()
        return dict(json.loads(row[0])) if row else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Replace the current class's settings."""
        with self.transaction() as cursor:
            self.execute(
                cursor,
                "INSERT INTO {t}settings (class_id, data) VALUES (?, ?) "
                "ON CONFLICT (class_id) DO UPDATE SET data = excluded.data",
                (self.open_class_id(cursor), json.dumps(settings)),
            )

    def class_code(self) -> str | None:
        """The code this room's children type now (``""``: none; ``None``: never set): the
        class of one laptop's, kept from one start to the next, or a school's class's own.
        Read at every join, so a code changed while the server runs holds at once."""
        with self.transaction() as cursor:
            if self.room:
                row = self.execute(
                    cursor, "SELECT code FROM {t}rooms WHERE name = ?", (self.room,)
                ).fetchone()
                return None if row is None else str(row[0] or "")
            row = self.execute(
                cursor, "SELECT code FROM {t}class_codes WHERE room = ?", (self.room,)
            ).fetchone()
        return None if row is None else str(row[0])

    def set_class_code(self, code: str) -> None:
        """Remember the class code (``""``: the class needs none) for the next start."""
        with self.transaction() as cursor:
            self.execute(
                cursor,
                "INSERT INTO {t}class_codes (room, code) VALUES (?, ?) "
                "ON CONFLICT (room) DO UPDATE SET code = excluded.code",
                (self.room, code),
            )

    def current_class(self) -> tuple[int, str]:
        """The open class: its number (new with every new class) and its name."""
        with self.transaction() as cursor:
            class_id = self.open_class_id(cursor)
            row = self.execute(
                cursor, "SELECT name FROM {t}classes WHERE id = ?", (class_id,)
            ).fetchone()
        return class_id, str(row[0])

    def new_class(self, name: str) -> None:
        """Archive the current class (its records stay) and start an empty one with the same
        settings (a teacher's choices carry over to their next group)."""
        with self.transaction() as cursor:
            old = self.lock_open_class(cursor)
            stamp = utc_now()
            self.execute(cursor, "UPDATE {t}classes SET archived = ? WHERE id = ?", (stamp, old))
            self._add_class(cursor, name, stamp)
            self.execute(
                cursor,
                "INSERT INTO {t}settings (class_id, data) "
                "SELECT ?, data FROM {t}settings WHERE class_id = ?",
                (self.open_class_id(cursor), old),
            )

    def _first_class(self, cursor: Cursor) -> None:
        """The room gets an open class if it has none (a new store's or room's first).

        :raises StoreError: if the room was never made.
        """
        if self.room:
            made = self.execute(
                cursor, "SELECT count(*) FROM {t}rooms WHERE name = ?", (self.room,)
            ).fetchone()
            if int(made[0]) == 0:
                raise StoreError(
                    f"This school has no class called {self.room!r}. "
                    f"Make it first: sq2edu school add-class {self.room!r}"
                )
        row = self.execute(
            cursor,
            "SELECT count(*) FROM {t}classes WHERE archived IS NULL AND room = ?",
            (self.room,),
        ).fetchone()
        if int(row[0]) == 0:
            self._add_class(cursor, self.room or "My class", utc_now())

    def _add_class(self, cursor: Cursor, name: str, stamp: str) -> None:
        """A new open class in the room, which has none open (the database refuses a second:
        another opener's first class, made in the meantime, is kept instead)."""
        self.execute(
            cursor,
            "INSERT INTO {t}classes (name, created, room) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (name, stamp, self.room),
        )

    def classes(self) -> list[tuple[str, str | None]]:
        """The room's classes: each one's name and when it was archived (``None``: current)."""
        return [(name, archived) for _id, name, archived in self.class_list()]

    def class_list(self) -> list[tuple[int, str, str | None]]:
        """The room's classes: each one's number, name and when it was archived (``None``:
        open)."""
        with self.transaction() as cursor:
            rows = self.execute(
                cursor,
                "SELECT id, name, archived FROM {t}classes WHERE room = ? ORDER BY id",
                (self.room,),
            ).fetchall()
        return [(int(row[0]), row[1], row[2]) for row in rows]

    def close(self) -> None:
        """Close the connection."""
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _while_locked(attempt: Callable[[], object], pause: float = 0.0) -> None:
    """``attempt()``, tried again while SQLite says the file is locked, for as long as a
    class's writes may wait (:data:`_PATIENCE_S`); a lock held longer is raised.

    :param pause: the first wait between two tries (then doubled, up to half a second, with
        a random part so that openers started together do not try together again); none
        where the attempt itself waited out SQLite's busy timeout.
    """
    deadline = time.monotonic() + _PATIENCE_S
    while True:
        try:
            attempt()
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() + pause >= deadline:
                raise
        if pause:
            time.sleep(pause * (1 + random.random()))
            pause = min(pause * 2, 0.5)


class SQLiteStore(SQLStore):
    """The progress of the current class, in one SQLite file.

    :param path: the file; created (with its folder, both for the teacher's account only) if
        missing, upgraded if older.
    :param room: the school's class to read and write (``""``: the class of one laptop).
    :raises StoreError: if the file is damaged, belongs to another program, comes from a
        newer sq2edu, or has no such room.
    """

    def __init__(self, path: str | Path, room: str = "") -> None:
        self.path = Path(path)
        self.room = room
        if not self.path.parent.exists():
            self.path.parent.mkdir(mode=0o700, parents=True)
        if not self.path.exists():
            # Created private before SQLite opens it; SQLite gives its -wal and -shm files
            # the same mode. Nobody else on the machine reads the children's records.
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
        try:
            # A teacher's download reads its store in the server's worker threads, one call
            # after another, not always in the thread that opened it.
            self._db = sqlite3.connect(
                self.path,
                timeout=_BUSY_TIMEOUT_MS / 1000,
                isolation_level=None,
                check_same_thread=False,
            )
        except sqlite3.Error as error:
            raise StoreError(f"{self.path} cannot be opened: {error}.") from error
        try:
            self._db.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            self._db.execute("PRAGMA foreign_keys = ON")
            self._prepare_when_free()
        except StoreError:
            self._db.close()
            raise
        except sqlite3.OperationalError as error:
            # Busy or locked for longer than the timeout: the file is fine, the moment is not.
            self._db.close()
            raise StoreError(
                f"{self.path} could not be opened just now ({error}). Try again in a moment."
            ) from error
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(
                f"{self.path} is not a progress store that sq2edu can read ({error}). "
                "Start with another --db file, or move this one away."
            ) from error

    def _prepare_when_free(self) -> None:
        """:meth:`_prepare`, tried again while another opener holds the file.

        SQLite waits out a lock for the busy timeout, except where waiting could deadlock:
        switching a new file to WAL while another kernel is making the schema in it fails at
        once with "database is locked". Such an opener tries again, a little later each time.
        """
        _while_locked(self._prepare, pause=0.02)

    def _prepare(self) -> None:
        """Check the file is an sq2edu store sq2edu can read, then bring its schema up to date.

        Many kernels open a new class's store at the same moment: the check, the migrations
        and the room's first class are one write transaction, and what the file holds is read
        again inside it, so exactly one opener makes the schema and the others find it made.
        """
        # A first look, writing nothing, so that another program's file is left as it was.
        # It is one read transaction: another opener's schema, committed between two of its
        # reads, would otherwise be seen half (tables, but no sq2edu mark yet).
        cursor = self._db.cursor()
        cursor.execute("BEGIN")
        try:
            self._check(cursor)
        finally:
            cursor.execute("COMMIT")
        # WAL is set outside any transaction (SQLite refuses it inside one).
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        with self.transaction() as cursor:
            version = self._check(cursor)
            for statement in statements(SQLITE, version):
                cursor.execute(statement)
            if version < SCHEMA_VERSION:
                cursor.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                cursor.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
            self._first_class(cursor)

    def _check(self, cursor: sqlite3.Cursor) -> int:
        """The file's schema version (0: new), read with ``cursor``.

        :raises StoreError: for another program's file, or one from a newer sq2edu.
        """
        application = cursor.execute("PRAGMA application_id").fetchone()[0]
        version = int(cursor.execute("PRAGMA user_version").fetchone()[0])
        tables = cursor.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
        ).fetchone()[0]
        if application not in (0, _APPLICATION_ID) or (application == 0 and tables):
            raise StoreError(
                f"{self.path} belongs to another program, not sq2edu. Choose another --db file."
            )
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer sq2edu (schema {version}). Update sq2edu."
            )
        return version

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Cursor]:
        # BEGIN IMMEDIATE takes the write lock at once, so two writers never deadlock on an
        # upgrade from a read lock; the busy timeout makes the second one wait its turn.
        cursor = self._db.cursor()
        self._begin_writing(cursor)
        try:
            yield cursor
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        cursor.execute("COMMIT")

    @staticmethod
    def _begin_writing(cursor: sqlite3.Cursor) -> None:
        """``BEGIN IMMEDIATE``, asked again after each busy wait.

        SQLite's busy handler polls and keeps no queue, so among many writers one can miss
        the lock for a whole busy wait; nothing is written yet, so asking again is safe.
        """
        _while_locked(lambda: cursor.execute("BEGIN IMMEDIATE"))

    def watch(self) -> SQLiteWatch:
        """A watch on the file: ``PRAGMA data_version`` on a connection of its own."""
        return SQLiteWatch(self.path)

    def close(self) -> None:
        """Close the file."""
        self._db.close()


class SQLiteWatch:
    """Whether anyone committed to an SQLite file since the last look.

    SQLite counts the commits of other connections in ``PRAGMA data_version``; this
    connection of its own never writes, so every commit, this process's included, shows.
    A look costs a few microseconds, so a page may look several times a second.
    """

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._last = self._version()

    def _version(self) -> int:
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def changed(self) -> bool:
        """Whether a commit happened since the last call."""
        now = self._version()
        changed, self._last = now != self._last, now
        return changed

    def close(self) -> None:
        """Stop watching."""
        self._db.close()


# mypy checks here that SQLiteStore offers everything ProgressStore promises.
_SQLITE_IS_A_STORE: type[ProgressStore] = SQLiteStore
