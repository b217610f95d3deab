"""The progress store's schema, declared once and written out in each database's SQL.

Both stores, SQLite's (:mod:`sq2edu.classroom.storage.store`) and PostgreSQL's
(:mod:`sq2edu.classroom.storage.postgres`), run the same :data:`MIGRATIONS`: each is a few steps
(:class:`Table`, :class:`AddColumn`, :class:`Index`, :class:`Update`) that
:func:`statements` turns into one database's statements. A column says what it holds
(:data:`Kind`), not a database's type, so a column added once is added alike to both, and
nothing is split on ``;``.

Never edit a released migration (a store of that release has already run it): add one at
the end. :data:`SCHEMA_VERSION` follows from the list's length.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "MIGRATIONS",
    "POSTGRES",
    "SCHEMA_VERSION",
    "SQLITE",
    "AddColumn",
    "Column",
    "Dialect",
    "Expression",
    "Index",
    "Kind",
    "Table",
    "Update",
    "statements",
]

#: What a column holds: ``key`` is the table's own number, given by the database on insert;
#: ``ref`` the number of a row of another table (:attr:`Column.references`).
Kind = Literal["key", "ref", "text", "integer", "real", "boolean"]


@dataclass(frozen=True)
class Dialect:
    """How one database writes the schema."""

    #: Put before every table name.
    prefix: str
    #: The column type of each :data:`Kind`.
    types: dict[str, str]
    #: A boolean's literals.
    true: str
    false: str


#: SQLite keeps booleans as integers; an ``INTEGER PRIMARY KEY`` numbers the rows itself.
SQLITE = Dialect(
    prefix="",
    types={
        "key": "INTEGER PRIMARY KEY",
        "ref": "INTEGER",
        "text": "TEXT",
        "integer": "INTEGER",
        "real": "REAL",
        "boolean": "INTEGER",
    },
    true="1",
    false="0",
)

#: PostgreSQL keeps the tables in a schema of their own, ``sq2edu``, and numbers rows in 64 bits.
POSTGRES = Dialect(
    prefix="sq2edu.",
    types={
        "key": "BIGSERIAL PRIMARY KEY",
        "ref": "BIGINT",
        "text": "TEXT",
        "integer": "INTEGER",
        "real": "DOUBLE PRECISION",
        "boolean": "BOOLEAN",
    },
    true="TRUE",
    false="FALSE",
)


@dataclass(frozen=True)
class Column:
    """One column: its name, what it holds, and what it must be."""

    name: str
    kind: Kind
    #: Whether it may be NULL.
    null: bool = False
    #: The value rows written before the column existed get (a text, a number or a boolean).
    default: str | int | bool | None = None
    #: ``"table(column)"``, for a column that names another table's row.
    references: str = ""
    primary: bool = False
    unique: bool = False

    def sql(self, dialect: Dialect) -> str:
        """The column's definition in ``dialect``'s SQL."""
        parts = [self.name, dialect.types[self.kind]]
        if self.primary:
            parts.append("PRIMARY KEY")
        if not self.null and not self.primary and self.kind != "key":
            parts.append("NOT NULL")
        if self.default is not None:
            parts.append(f"DEFAULT {_literal(self.default, dialect)}")
        if self.unique:
            parts.append("UNIQUE")
        if self.references:
            parts.append(f"REFERENCES {dialect.prefix}{self.references}")
        return " ".join(parts)


@dataclass(frozen=True)
class Table:
    """A new table."""

    name: str
    columns: tuple[Column, ...]
    #: Sets of columns no two rows share.
    unique: tuple[tuple[str, ...], ...] = ()
    #: A key of several columns (a single one is :attr:`Column.primary`).
    primary_key: tuple[str, ...] = ()


@dataclass(frozen=True)
class AddColumn:
    """A column added to a table that exists (with a default, when it may not be NULL)."""

    table: str
    column: Column


@dataclass(frozen=True)
class Index:
    """An index, over the rows that meet ``where`` (all of them when empty).

    A ``unique`` one with a ``where`` is a rule the database keeps for some rows only: no two
    open rounds of one class, whatever two writers do at the same moment.
    """

    name: str
    table: str
    columns: tuple[str, ...]
    where: str = ""
    unique: bool = False


@dataclass(frozen=True)
class Expression:
    """A value worked out in SQL from the row's own columns; it may read other rows, naming
    tables as ``{t}name`` (the row's own table, in a subquery, is its bare name)."""

    sql: str


@dataclass(frozen=True)
class Update:
    """Rows of a table given a value that follows from what they hold (a ``boolean`` value is
    written in each database's literals). ``where`` names tables as :class:`Expression` does."""

    table: str
    column: str
    value: str | int | bool | Expression
    where: str


Step = Table | AddColumn | Index | Update


def _literal(value: str | int | bool, dialect: Dialect) -> str:
    if isinstance(value, bool):
        return dialect.true if value else dialect.false
    if isinstance(value, int):
        return str(value)
    return "'" + value.replace("'", "''") + "'"


def _sql(step: Step, dialect: Dialect) -> str:
    name = f"{dialect.prefix}{step.table if not isinstance(step, Table) else step.name}"
    if isinstance(step, Table):
        lines = [column.sql(dialect) for column in step.columns]
        lines += [f"UNIQUE ({', '.join(columns)})" for columns in step.unique]
        if step.primary_key:
            lines.append(f"PRIMARY KEY ({', '.join(step.primary_key)})")
        return f"CREATE TABLE {name} ({', '.join(lines)})"
    if isinstance(step, AddColumn):
        return f"ALTER TABLE {name} ADD COLUMN {step.column.sql(dialect)}"
    if isinstance(step, Index):
        unique = "UNIQUE " if step.unique else ""
        sql = f"CREATE {unique}INDEX {step.name} ON {name} ({', '.join(step.columns)})"
        return f"{sql} WHERE {step.where}" if step.where else sql
    if isinstance(step.value, Expression):
        value = step.value.sql.replace("{t}", dialect.prefix)
    else:
        value = _literal(step.value, dialect)
    where = step.where.replace("{t}", dialect.prefix)
    return f"UPDATE {name} SET {step.column} = {value} WHERE {where}"


def statements(dialect: Dialect, start: int, end: int | None = None) -> list[str]:
    """The statements that bring a schema at version ``start`` to ``end`` (the newest when
    ``None``), in ``dialect``'s SQL."""
    return [_sql(step, dialect) for steps in MIGRATIONS[start:end] for step in steps]


def _key() -> Column:
    return Column("id", "key")


def _class() -> Column:
    return Column("class_id", "ref", references="classes(id)")


#: A later round of the same class (``newer``) than the row being updated: every round but a
#: class's latest should have ended.
_NEWER_ROUND = (
    "newer.class_id = challenge_rounds.class_id AND newer.number > challenge_rounds.number"
)
#: A later open class of the same room than the row being updated (an open class followed by
#: archived ones only is kept: it is the room's class).
_NEWER_CLASS = "newer.room = classes.room AND newer.archived IS NULL AND newer.id > classes.id"

# Each entry upgrades the schema by one version; never edit a released one, add another.
MIGRATIONS: tuple[tuple[Step, ...], ...] = (
    # 1: the classes, their students, each attempt and game, and a class's settings.
    (
        Table(
            "classes",
            (
                _key(),
                Column("name", "text"),
                Column("created", "text"),
                Column("archived", "text", null=True),
            ),
        ),
        Table(
            "students",
            (_key(), _class(), Column("nickname", "text"), Column("joined", "text")),
            unique=(("class_id", "nickname"),),
        ),
        Table(
            "attempts",
            (
                _key(),
                Column("student_id", "ref", references="students(id)"),
                Column("at", "text"),
                Column("text", "text"),
                Column("ok", "boolean"),
                Column("codes", "text"),
                Column("numbers", "text"),
                Column("typed", "boolean"),
                Column("hint_level", "integer"),
                Column("place", "text"),
                Column("skill", "text", null=True),
            ),
        ),
        Index("attempts_by_student", "attempts", ("student_id", "at")),
        Table(
            "games",
            (
                _key(),
                _class(),
                Column("at", "text"),
                Column("players", "text"),
                Column("bots", "text"),
                Column("winner", "text", null=True),
                Column("turns", "integer"),
                Column("seconds", "real"),
            ),
        ),
        Table(
            "settings",
            (
                Column("class_id", "ref", primary=True, references="classes(id)"),
                Column("data", "text"),
            ),
        ),
    ),
    # 2: a nickname belongs to the device that joined with it; what the guard refused.
    (
        AddColumn("students", Column("device", "text", null=True)),
        Table(
            "events",
            (
                _key(),
                _class(),
                Column("at", "text"),
                Column("kind", "text"),
                Column("address", "text"),
                Column("detail", "text"),
            ),
        ),
        Index("events_by_time", "events", ("class_id", "at")),
    ),
    # 3: when a student was last active; the cards held at each attempt; groups with a focus.
    (
        AddColumn("students", Column("seen", "text", null=True)),
        AddColumn("attempts", Column("cards", "text", default="[]")),
        Table(
            "groups",
            (
                _key(),
                _class(),
                Column("name", "text"),
                Column("members", "text"),
                Column("focus", "text"),
            ),
            unique=(("class_id", "name"),),
        ),
    ),
    # 4: tables where classmates play together, each game kept here (see tables.py).
    (
        Table(
            "game_tables",
            (
                Column("id", "text", primary=True),
                _class(),
                Column("edition", "text"),
                Column("size", "integer"),
                Column("seats", "text"),
                Column("maker", "text"),
                Column("status", "text"),
                Column("game", "text", null=True),
                Column("dealt", "text", null=True),
                Column("version", "integer"),
                Column("created", "text"),
                Column("changed", "text"),
                Column("started", "text", null=True),
                Column("turn_since", "text", null=True),
                Column("driver", "text", null=True),
                Column("driver_until", "text", null=True),
            ),
        ),
        Index("game_tables_by_class", "game_tables", ("class_id", "status")),
    ),
    # 5: a school's classes side by side. Each open class is in a room of its own (the
    # room's name; '' is the class of one laptop), and a room has its code and teachers;
    # who each JupyterHub user is (a child of a room, or a teacher).
    (
        AddColumn("classes", Column("room", "text", default="")),
        Index("classes_by_room", "classes", ("room", "archived")),
        Table(
            "rooms",
            (
                Column("name", "text", primary=True),
                Column("code", "text", null=True, unique=True),
                Column("created", "text"),
            ),
        ),
        Table(
            "teachers",
            (
                _key(),
                Column("name", "text", unique=True),
                Column("secret", "text"),
                Column("created", "text"),
            ),
        ),
        Table(
            "room_teachers",
            (
                Column("room", "text", references="rooms(name)"),
                Column("teacher_id", "ref", references="teachers(id)"),
            ),
            primary_key=("room", "teacher_id"),
        ),
        Table(
            "hub_users",
            (
                Column("name", "text", primary=True),
                Column("room", "text"),
                Column("nickname", "text", null=True),
                Column("teacher", "text", null=True),
            ),
        ),
    ),
    # 6: the level of practice an attempt was made at ('' outside the Lab's levels).
    (AddColumn("attempts", Column("level", "text", default="")),),
    # 7: the lesson and exercise an attempt answered ('' and 0 outside the lessons).
    (
        AddColumn("attempts", Column("lesson", "text", default="")),
        AddColumn("attempts", Column("exercise", "integer", default=0)),
        Index("attempts_in_lessons", "attempts", ("lesson", "student_id"), where="lesson != ''"),
    ),
    # 8: whether the child had been shown an answer before the attempt. Earlier attempts
    # knew only the hint level: the worked example (level 3) was help.
    (
        AddColumn("attempts", Column("helped", "boolean", default=False)),
        Update("attempts", "helped", True, where="hint_level >= 3"),
    ),
    # 9: a device holds one name at a time: since when it holds its name, and the names by
    # device.
    (
        AddColumn("students", Column("device_since", "text", null=True)),
        Index("students_by_device", "students", ("class_id", "device")),
    ),
    # 10: the class challenge's rounds, and each try a child checked in one (see
    # challenge_store.py).
    (
        Table(
            "challenge_rounds",
            (
                _key(),
                _class(),
                Column("number", "integer"),
                Column("cards", "text"),
                Column("operations", "text"),
                Column("level", "text"),
                Column("source", "text"),
                Column("started", "text"),
                Column("ended", "text", null=True),
                Column("names", "boolean"),
                Column("pinned", "text"),
            ),
            unique=(("class_id", "number"),),
        ),
        Table(
            "challenge_tries",
            (
                _key(),
                Column("round_id", "ref", references="challenge_rounds(id)"),
                Column("student_id", "ref", references="students(id)"),
                Column("at", "text"),
                Column("text", "text"),
                Column("ok", "boolean"),
                Column("code", "text"),
            ),
        ),
        Index("challenge_tries_by_round", "challenge_tries", ("round_id", "id")),
    ),
    # 11: the class code a room's server remembers from one start to the next; the seats of
    # children the computer played for (they were away), at a table and in a finished game.
    (
        Table("class_codes", (Column("room", "text", primary=True), Column("code", "text"))),
        AddColumn("game_tables", Column("played_for", "text", default="[]")),
        AddColumn("games", Column("played_for", "text", default="[]")),
    ),
    # 12: who opened each round of the class challenge: a child who joined and has checked
    # nothing yet is the one the teacher should sit with.
    (
        Table(
            "challenge_joins",
            (
                _key(),
                Column("round_id", "ref", references="challenge_rounds(id)"),
                Column("student_id", "ref", references="students(id)"),
                Column("at", "text"),
            ),
            unique=(("round_id", "student_id"),),
        ),
    ),
    # 13: the language each child reads the app in, for the sheets and reports made for them.
    (AddColumn("students", Column("language", "text", null=True)),),
    # 14: a class has one open round and a room one open class, kept by the database itself.
    # Two dashboards starting at the same moment could leave two open before: the older is
    # ended (or archived) when the newer began, as the newer's start would have done.
    (
        Update(
            "challenge_rounds",
            "ended",
            Expression(
                f"(SELECT min(newer.started) FROM {{t}}challenge_rounds newer WHERE {_NEWER_ROUND})"
            ),
            where=f"ended IS NULL AND EXISTS (SELECT 1 FROM {{t}}challenge_rounds newer "
            f"WHERE {_NEWER_ROUND})",
        ),
        Index(
            "one_open_round_per_class",
            "challenge_rounds",
            ("class_id",),
            where="ended IS NULL",
            unique=True,
        ),
        Update(
            "classes",
            "archived",
            Expression(f"(SELECT min(newer.created) FROM {{t}}classes newer WHERE {_NEWER_CLASS})"),
            where=f"archived IS NULL AND EXISTS (SELECT 1 FROM {{t}}classes newer "
            f"WHERE {_NEWER_CLASS})",
        ),
        Index(
            "one_open_class_per_room", "classes", ("room",), where="archived IS NULL", unique=True
        ),
    ),
)

#: The newest schema; each store's migrations bring any older one up to it.
SCHEMA_VERSION = len(MIGRATIONS)
