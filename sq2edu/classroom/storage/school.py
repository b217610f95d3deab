"""A school's classes and teachers in one store: each class a room with its own code, its
teachers, and its open class of children.

A store opened for a room (``open_store(location, room="3B")``) reads and writes that room's
class only; :class:`School` is where the rooms and the teachers who keep them are made and
looked up. Teachers sign in with a password, kept as a salted PBKDF2 digest, never as
itself; children sign in with their room's code and a nickname.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from dataclasses import dataclass

from sq2edu.classroom.storage.store import Cursor, SQLStore, StoreError
from sq2edu.progress.records import utc_now

__all__ = ["HubUser", "Room", "School", "SchoolError", "clean_code", "clean_name"]

#: PBKDF2-SHA256 rounds for a teacher's password (OWASP's figure for 2023 and after).
_ROUNDS = 600_000
_MIN_PASSWORD = 8
_NAME = re.compile(r"[^\W_](?:[\w .'-]*[^\W_.])?")
_CODE = re.compile(r"[A-Z0-9]{4,12}")


class SchoolError(StoreError):
    """A room or teacher that cannot be made or found, said in plain words."""


@dataclass(frozen=True)
class Room:
    """A class of the school: its name, the code its children type, and its teachers."""

    name: str
    code: str | None
    teachers: tuple[str, ...]


@dataclass(frozen=True)
class HubUser:
    """Who a JupyterHub user is: a child of a room (``nickname``), or a teacher."""

    name: str
    room: str
    nickname: str | None = None
    teacher: str | None = None


def clean_name(text: str) -> str:
    """A room's or a teacher's name as kept: NFKC-normalised, spaces trimmed.

    :raises SchoolError: if it is empty, longer than 40 characters, or made of anything but
        letters, digits, spaces, apostrophes, dots and dashes.
    """
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    if not 1 <= len(name) <= 40 or not _NAME.fullmatch(name):
        raise SchoolError(
            f"{text[:40]!r} cannot be a name here: use 1 to 40 letters, digits and spaces."
        )
    return name


def clean_code(text: str) -> str:
    """A class code as kept: NFKC-normalised and in capitals (children may type ``owl7``).

    :raises SchoolError: unless it is 4 to 12 letters A-Z and digits.
    """
    code = unicodedata.normalize("NFKC", text).strip().upper()
    if not _CODE.fullmatch(code):
        raise SchoolError("A class code is 4 to 12 letters A-Z and digits, for example OWL7.")
    return code


def _digest(password: str, salt: bytes, rounds: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt, rounds)


def _secret(password: str) -> str:
    if len(password) < _MIN_PASSWORD:
        raise SchoolError(f"A teacher's password has at least {_MIN_PASSWORD} characters.")
    salt = secrets.token_bytes(16)
    return f"pbkdf2_sha256${_ROUNDS}${salt.hex()}${_digest(password, salt, _ROUNDS).hex()}"


def _matches(password: str, secret: str) -> bool:
    _kind, rounds, salt, digest = secret.split("$")
    return hmac.compare_digest(_digest(password, bytes.fromhex(salt), int(rounds)).hex(), digest)


# Checked against when the teacher is unknown, so that a wrong name costs as long as a
# wrong password and the time of an answer does not tell which names exist.
_NOBODY = f"pbkdf2_sha256${_ROUNDS}${'00' * 16}${'00' * 32}"


class School:
    """The rooms and teachers kept in a store (any room's store gives the same school).

    :param store: an open store; its room does not matter here.
    """

    def __init__(self, store: SQLStore) -> None:
        self.store = store

    # -- rooms -------------------------------------------------------------------------

    def add_room(self, name: str, code: str | None = None) -> Room:
        """Make a room with its first open class.

        :param code: what its children type to join (``None``: none yet).
        :raises SchoolError: if the name or code is not allowed, or already in use.
        """
        name = clean_name(name)
        kept = None if code is None else clean_code(code)
        with self.store.transaction() as cursor:
            if self._room_row(cursor, name) is not None:
                raise SchoolError(f"There is a class called {name!r} already.")
            self._check_code_free(cursor, kept, name)
            stamp = utc_now()
            self.store.execute(
                cursor,
                "INSERT INTO {t}rooms (name, code, created) VALUES (?, ?, ?)",
                (name, kept, stamp),
            )
            self.store.execute(
                cursor,
                "INSERT INTO {t}classes (name, created, room) VALUES (?, ?, ?)",
                (name, stamp, name),
            )
        return Room(name, kept, ())

    def rooms(self) -> list[Room]:
        """Every room, by name."""
        with self.store.transaction() as cursor:
            rows = self.store.execute(
                cursor, "SELECT name, code FROM {t}rooms ORDER BY name"
            ).fetchall()
            return [Room(row[0], row[1], self._teachers_of(cursor, row[0])) for row in rows]

    def room(self, name: str) -> Room:
        """One room.

        :raises SchoolError: if there is none of that name.
        """
        with self.store.transaction() as cursor:
            row = self._room_row(cursor, name)
            if row is None:
                raise SchoolError(f"There is no class called {name!r}.")
            return Room(row[0], row[1], self._teachers_of(cursor, row[0]))

    def room_for_code(self, code: str) -> str | None:
        """The room whose children type ``code`` (any case), or ``None``."""
        try:
            kept = clean_code(code)
        except SchoolError:
            return None
        with self.store.transaction() as cursor:
            row = self.store.execute(
                cursor, "SELECT name FROM {t}rooms WHERE code = ?", (kept,)
            ).fetchone()
        return None if row is None else str(row[0])

    def set_code(self, name: str, code: str) -> Room:
        """Give a room another code (the old one stops working at once).

        :raises SchoolError: if there is no such room, or the code is bad or in use.
        """
        kept = clean_code(code)
        with self.store.transaction() as cursor:
            if self._room_row(cursor, name) is None:
                raise SchoolError(f"There is no class called {name!r}.")
            self._check_code_free(cursor, kept, name)
            self.store.execute(cursor, "UPDATE {t}rooms SET code = ? WHERE name = ?", (kept, name))
        return self.room(name)

    def _room_row(self, cursor: Cursor, name: str) -> tuple[str, str | None] | None:
        row = self.store.execute(
            cursor, "SELECT name, code FROM {t}rooms WHERE name = ?", (name,)
        ).fetchone()
        return None if row is None else (row[0], row[1])

    def _check_code_free(self, cursor: Cursor, code: str | None, room: str) -> None:
        if code is None:
            return
        row = self.store.execute(
            cursor, "SELECT name FROM {t}rooms WHERE code = ? AND name <> ?", (code, room)
        ).fetchone()
        if row is not None:
            raise SchoolError(f"Another class uses the code {code}. Choose another one.")

    def _teachers_of(self, cursor: Cursor, room: str) -> tuple[str, ...]:
        rows = self.store.execute(
            cursor,
            "SELECT t.name FROM {t}room_teachers r JOIN {t}teachers t ON t.id = r.teacher_id "
            "WHERE r.room = ? ORDER BY t.name",
            (room,),
        ).fetchall()
        return tuple(row[0] for row in rows)

    # -- teachers ----------------------------------------------------------------------

    def add_teacher(self, name: str, password: str) -> str:
        """Make a teacher who signs in with ``password``; their name as kept.

        :raises SchoolError: if the name is not allowed or taken, or the password is short.
        """
        name = clean_name(name)
        secret = _secret(password)
        with self.store.transaction() as cursor:
            if self._teacher_id(cursor, name) is not None:
                raise SchoolError(f"There is a teacher called {name!r} already.")
            self.store.execute(
                cursor,
                "INSERT INTO {t}teachers (name, secret, created) VALUES (?, ?, ?)",
                (name, secret, utc_now()),
            )
        return name

    def set_password(self, name: str, password: str) -> None:
        """Give a teacher a new password.

        :raises SchoolError: if there is no such teacher, or the password is short.
        """
        secret = _secret(password)
        with self.store.transaction() as cursor:
            if self._teacher_id(cursor, name) is None:
                raise SchoolError(f"There is no teacher called {name!r}.")
            self.store.execute(
                cursor, "UPDATE {t}teachers SET secret = ? WHERE name = ?", (secret, name)
            )

    def check_password(self, name: str, password: str) -> bool:
        """Whether ``password`` is the teacher's (``False`` for a name nobody has)."""
        with self.store.transaction() as cursor:
            row = self.store.execute(
                cursor, "SELECT secret FROM {t}teachers WHERE name = ?", (name,)
            ).fetchone()
        if row is None:
            _matches(password, _NOBODY)
            return False
        return _matches(password, row[0])

    def teachers(self) -> list[str]:
        """Every teacher's name, in order."""
        with self.store.transaction() as cursor:
            rows = self.store.execute(
                cursor, "SELECT name FROM {t}teachers ORDER BY name"
            ).fetchall()
        return [row[0] for row in rows]

    def give_room(self, room: str, teacher: str) -> None:
        """Let a teacher keep a room (a room may have several teachers).

        :raises SchoolError: if there is no such room or teacher.
        """
        with self.store.transaction() as cursor:
            if self._room_row(cursor, room) is None:
                raise SchoolError(f"There is no class called {room!r}.")
            teacher_id = self._teacher_id(cursor, teacher)
            if teacher_id is None:
                raise SchoolError(f"There is no teacher called {teacher!r}.")
            self.store.execute(
                cursor,
                "INSERT INTO {t}room_teachers (room, teacher_id) VALUES (?, ?) "
                "ON CONFLICT (room, teacher_id) DO NOTHING",
                (room, teacher_id),
            )

    def take_room(self, room: str, teacher: str) -> None:
        """Stop a teacher keeping a room (nothing changes if they did not)."""
        with self.store.transaction() as cursor:
            teacher_id = self._teacher_id(cursor, teacher)
            self.store.execute(
                cursor,
                "DELETE FROM {t}room_teachers WHERE room = ? AND teacher_id = ?",
                (room, teacher_id),
            )

    def rooms_of(self, teacher: str) -> list[str]:
        """The rooms a teacher keeps, by name."""
        with self.store.transaction() as cursor:
            rows = self.store.execute(
                cursor,
                "SELECT r.room FROM {t}room_teachers r JOIN {t}teachers t "
                "ON t.id = r.teacher_id WHERE t.name = ? ORDER BY r.room",
                (teacher,),
            ).fetchall()
        return [row[0] for row in rows]

    # -- JupyterHub users --------------------------------------------------------------

    def device_holds_a_name(self, device: str) -> bool:
        """Whether ``device`` (the digest of its secret) holds a child's name in an open
        class of the school: a device that has signed in before, whatever the hub
        remembers."""
        with self.store.transaction() as cursor:
            row = self.store.execute(
                cursor,
                "SELECT 1 FROM {t}students s JOIN {t}classes c ON c.id = s.class_id "
                "WHERE s.device = ? AND c.archived IS NULL LIMIT 1",
                (device,),
            ).fetchone()
        return row is not None

    def child_user(self, room: str, nickname: str) -> HubUser:
        """The hub user a child of ``room`` signs in as: the same one every time.

        A hub user's name is a digest, so that a child's nickname (any letters) and two
        rooms' children of one nickname never clash in the hub's names or addresses.
        """
        key = hashlib.sha256(f"child\0{room}\0{nickname}".encode()).hexdigest()[:16]
        return self._keep(HubUser(f"c{key}", room, nickname=nickname))

    def teacher_user(self, teacher: str) -> HubUser:
        """The hub user a teacher signs in as."""
        key = hashlib.sha256(f"teacher\0{teacher}".encode()).hexdigest()[:16]
        return self._keep(HubUser(f"t{key}", "", teacher=teacher))

    def hub_user(self, name: str) -> HubUser | None:
        """Who the hub user ``name`` is (``None``: nobody sq2edu signed in)."""
        with self.store.transaction() as cursor:
            row = self.store.execute(
                cursor,
                "SELECT name, room, nickname, teacher FROM {t}hub_users WHERE name = ?",
                (name,),
            ).fetchone()
        return None if row is None else HubUser(row[0], row[1], row[2], row[3])

    def _keep(self, user: HubUser) -> HubUser:
        with self.store.transaction() as cursor:
            self.store.execute(
                cursor,
                "INSERT INTO {t}hub_users (name, room, nickname, teacher) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (name) DO NOTHING",
                (user.name, user.room, user.nickname, user.teacher),
            )
        return user

    def _teacher_id(self, cursor: Cursor, name: str) -> int | None:
        row = self.store.execute(
            cursor, "SELECT id FROM {t}teachers WHERE name = ?", (name,)
        ).fetchone()
        return None if row is None else int(row[0])
