"""The class challenge's rounds, finds and wrong tries, kept in the progress store.

:class:`Challenges` reads and writes them through the store's own connection and
transactions (SQLite or PostgreSQL, the same queries), as
:class:`~sq2edu.classroom.storage.tables.Tables` does for tables of classmates. A class has
at most one open round: starting one ends the one before. Each try a child checks in a round
is one row: its text, right or wrong, and for a wrong one the checker's first problem code.
Who made a wrong try is kept for the teacher's CSV only;
:func:`~sq2edu.classroom.domain.challenge.tally` never passes it on.
"""

from __future__ import annotations

import csv
import io
import json
import zlib
from collections.abc import Sequence
from typing import Any, Protocol

from sq2edu.classroom.domain.challenge import (
    Board,
    Find,
    Round,
    WrongTry,
    found_keys,
    judge,
    tally,
)
from sq2edu.classroom.domain.exports import (
    BOM,
    level_words,
    local_time,
    problems_words,
    safe_cell,
    yes_no,
)
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.store import Cursor, SQLStore, StoreError, Watch
from sq2edu.equations import EquationSyntaxError, parse
from sq2edu.i18n import N_, _, language
from sq2edu.progress.records import Attempt, utc_now

__all__ = ["CHALLENGE_CSV_HEADER", "ChallengeError", "ChallengeSource", "Challenges"]

#: The columns of the challenge's CSV: one row for each try of each round (in English; the
#: CSV says them in the class's language).
CHALLENGE_CSV_HEADER = [
    N_("round"),
    N_("started"),
    N_("cards"),
    N_("signs"),
    N_("level"),
    N_("time"),
    N_("student"),
    N_("equation"),
    N_("right"),
    N_("problem"),
]
_ROUND_COLUMNS = "id, number, cards, operations, level, source, started, ended, names, pinned"
#: The longest try kept (the tokenizer refuses longer ones anyway).
_MAX_TEXT = 80
_FORMULA_STARTS = "=+-@\t\r\n \uff1d\uff0b\uff0d\uff20"


class ChallengeError(StoreError):
    """There is no open round to try, or no such round."""


def _round(row: Sequence[Any]) -> tuple[int, Round]:
    return int(row[0]), Round(
        number=int(row[1]),
        cards=tuple(json.loads(row[2])),
        operations=row[3],
        level=row[4],
        source=row[5],
        started=row[6],
        ended=row[7],
        names=bool(row[8]),
        pinned=row[9],
    )


def _numbers(text: str) -> tuple[int, ...]:
    """The numbers of a try as the checker read them (none for text it could not read)."""
    try:
        return parse(text).numbers
    except (EquationSyntaxError, ValueError):
        return ()


def _cell(text: str) -> str:
    return "'" + text if text and text[0] in _FORMULA_STARTS else text


class ChallengeSource(Protocol):
    """What a child's page needs of the class's challenge: :class:`Challenges` on the
    class's store, or the class service's calls on a school's hub
    (:class:`sq2edu.hub.remote_challenge.RemoteChallenges`)."""

    def current(self) -> Round | None:
        """The latest round of the child's class (open or ended), ``None`` before any."""
        ...

    def own_finds(self, student: str, number: int) -> Sequence[str]:
        """The equations (keys) the child found in round ``number``."""
        ...

    def join(self, student: str, number: int) -> None:
        """Say that the child opened round ``number`` (again: no harm; :class:`ChallengeError`
        once the round has ended)."""
        ...

    def record(self, student: str, number: int, text: str) -> bool:
        """Judge and keep a try; whether it was right (:class:`ChallengeError` once the
        round has ended)."""
        ...

    def watch(self) -> Watch:
        """Tells cheaply whether a round may have started or ended."""
        ...


class Challenges:
    """The rounds of the open class's challenge.

    :param store: the class's store (its room's open class is the one played).
    """

    def __init__(self, store: SQLStore) -> None:
        self.store = store

    def _run(self, cursor: Cursor, query: str, params: Sequence[Any] = ()) -> Cursor:
        return self.store.execute(cursor, query, params)

    def _current(self, cursor: Cursor) -> tuple[int, Round] | None:
        row = self._run(
            cursor,
            f"SELECT {_ROUND_COLUMNS} FROM {{t}}challenge_rounds WHERE class_id = ? "
            "ORDER BY number DESC LIMIT 1",
            (self.store.open_class_id(cursor),),
        ).fetchone()
        return None if row is None else _round(row)

    def _numbered(self, cursor: Cursor, number: int) -> tuple[int, Round] | None:
        row = self._run(
            cursor,
            f"SELECT {_ROUND_COLUMNS} FROM {{t}}challenge_rounds WHERE class_id = ? AND number = ?",
            (self.store.open_class_id(cursor), number),
        ).fetchone()
        return None if row is None else _round(row)

    # -- the teacher -----------------------------------------------------------------------

    def start(self, round_: Round, names: bool | None = None) -> Round:
        """Start ``round_`` (its number is given here) and end any open one.

        :param names: whether the projector shows who found each equation (``None``: as in
            the last round, else not): the dashboard's tick, which a teacher sets before the
            first round as well.

        Two teachers starting at the same moment start two rounds, one after the other: the
        class is locked first, so the second ends the first's (and the database itself
        refuses a class a second open round).
        """
        with self.store.transaction() as cursor:
            class_id = self.store.lock_open_class(cursor)
            now = utc_now()
            self._run(
                cursor,
                "UPDATE {t}challenge_rounds SET ended = ? WHERE class_id = ? AND ended IS NULL",
                (now, class_id),
            )
            last = self._current(cursor)
            number = 1 if last is None else last[1].number + 1
            if names is None:
                names = False if last is None else last[1].names
            self._run(
                cursor,
                "INSERT INTO {t}challenge_rounds (class_id, number, cards, operations, level, "
                "source, started, ended, names, pinned) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, '')",
                (
                    class_id,
                    number,
                    json.dumps(list(round_.cards)),
                    round_.operations,
                    round_.level,
                    round_.source,
                    now,
                    names,
                ),
            )
            self.store.notify(cursor, str(number))
        return Round(
            number, round_.cards, round_.operations, round_.level, round_.source, now, None, names
        )

    def end(self) -> Round | None:
        """End the open round (the unfound equations and common mistakes are then shown);
        the round, or ``None`` when none was open."""
        with self.store.transaction() as cursor:
            self.store.lock_open_class(cursor)
            found = self._current(cursor)
            if found is None or not found[1].open:
                return None
            self._run(
                cursor,
                "UPDATE {t}challenge_rounds SET ended = ? WHERE id = ?",
                (utc_now(), found[0]),
            )
            self.store.notify(cursor, "end")
        return self.current()

    def _set(self, column: str, value: Any) -> None:
        with self.store.transaction() as cursor:
            found = self._current(cursor)
            if found is None:
                raise ChallengeError("The class has no challenge round.")
            self._run(
                cursor,
                f"UPDATE {{t}}challenge_rounds SET {column} = ? WHERE id = ?",
                (value, found[0]),
            )
            self.store.notify(cursor, column)

    def show_names(self, shown: bool) -> None:
        """Show who found each equation on the projector (never who made a mistake)."""
        self._set("names", shown)

    def pin(self, text: str) -> None:
        """Pin one equation or mistake of the latest round to discuss ("" unpins)."""
        self._set("pinned", text[:_MAX_TEXT])

    # -- the children ----------------------------------------------------------------------

    def current(self) -> Round | None:
        """The latest round (open or ended), or ``None`` before the first."""
        with self.store.transaction() as cursor:
            found = self._current(cursor)
        return None if found is None else found[1]

    def stamp(self) -> str:
        """A short text that changes whenever what the projector shows may change: a round
        started or ended, a try, the names switched, a pin ("" before the first round).
        One cheap query: a projector asks several times a second."""
        with self.store.transaction() as cursor:
            row = self._run(
                cursor,
                "SELECT r.number, r.ended, r.names, r.pinned, "
                "(SELECT count(*) FROM {t}challenge_tries c WHERE c.round_id = r.id), "
                "(SELECT count(*) FROM {t}challenge_joins j WHERE j.round_id = r.id) "
                "FROM {t}challenge_rounds r WHERE r.class_id = ? ORDER BY r.number DESC LIMIT 1",
                (self.store.open_class_id(cursor),),
            ).fetchone()
        if row is None:
            return ""
        pin = zlib.crc32(row[3].encode())
        ended, names = int(row[1] is not None), int(bool(row[2]))
        return f"{row[0]}.{row[4]}.{row[5]}.{ended}.{names}.{pin:x}"

    def rounds(self) -> list[Round]:
        """Every round of the open class, oldest first."""
        with self.store.transaction() as cursor:
            rows = self._run(
                cursor,
                f"SELECT {_ROUND_COLUMNS} FROM {{t}}challenge_rounds WHERE class_id = ? "
                "ORDER BY number",
                (self.store.open_class_id(cursor),),
            ).fetchall()
        return [_round(row)[1] for row in rows]

    def _open_round(self, cursor: Cursor, number: int) -> tuple[int, Round]:
        found = self._current(cursor)
        if found is None or found[1].number != number or not found[1].open:
            raise ChallengeError("This round has ended.")
        return found

    def join(self, student: str, number: int) -> None:
        """Keep that ``student`` opened round ``number`` (once: opening it again, after a
        reload, changes nothing).

        :raises ChallengeError: when that round is not the open one.
        """
        with self.store.transaction() as cursor:
            round_id, _round = self._open_round(cursor, number)
            student_id = self.store.student_id(cursor, student)
            now = utc_now()
            joined = self._run(
                cursor,
                "INSERT INTO {t}challenge_joins (round_id, student_id, at) VALUES (?, ?, ?) "
                "ON CONFLICT (round_id, student_id) DO NOTHING",
                (round_id, student_id, now),
            ).rowcount
            self._run(cursor, "UPDATE {t}students SET seen = ? WHERE id = ?", (now, student_id))
            if joined:
                self.store.notify(cursor, "join")

    def record(self, student: str, number: int, text: str) -> bool:
        """Judge a child's try at round ``number`` and keep it; whether it was right.

        The server judges (never the page), with the round's own cards and signs.

        :raises ChallengeError: when that round is not the open one (it ended, or another
            started): the try is not kept.
        """
        text = text[:_MAX_TEXT]
        with self.store.transaction() as cursor:
            round_id, round_ = self._open_round(cursor, number)
            verdict = judge(round_, text)
            student_id = self.store.student_id(cursor, student)
            now = utc_now()
            self._run(
                cursor,
                "INSERT INTO {t}challenge_tries (round_id, student_id, at, text, ok, code) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    round_id,
                    student_id,
                    now,
                    text,
                    verdict.ok,
                    "" if verdict.ok else verdict.codes[0],
                ),
            )
            self._run(cursor, "UPDATE {t}students SET seen = ? WHERE id = ?", (now, student_id))
            self.store.notify(cursor, "try")
        return verdict.ok

    def own_finds(self, student: str, number: int) -> list[str]:
        """The equations (keys) ``student`` found in round ``number``, in the order found:
        a child's page shows these, and no one else's. Read from the child's own right tries
        only: a round of twenty thousand tries is not tallied for one child's page."""
        with self.store.transaction() as cursor:
            found = self._numbered(cursor, number)
            if found is None:
                return []
            round_id, round_ = found
            texts = self._run(
                cursor,
                "SELECT c.text FROM {t}challenge_tries c JOIN {t}students s "
                "ON s.id = c.student_id WHERE c.round_id = ? AND s.nickname = ? AND c.ok "
                "ORDER BY c.id",
                (round_id, student),
            ).fetchall()
        return list(found_keys(round_, (str(text) for (text,) in texts)))

    def watch(self) -> Watch:
        """The store's watch: it tells a child's page that a round may have started or
        ended."""
        return self.store.watch()

    # -- what the class did ----------------------------------------------------------------

    def _tries(self, cursor: Cursor, round_id: int) -> list[tuple[str, str, str, bool, str]]:
        rows = self._run(
            cursor,
            "SELECT s.nickname, c.at, c.text, c.ok, c.code FROM {t}challenge_tries c "
            "JOIN {t}students s ON s.id = c.student_id WHERE c.round_id = ? ORDER BY c.id",
            (round_id,),
        ).fetchall()
        return [(row[0], row[1], row[2], bool(row[3]), row[4]) for row in rows]

    def _joins(self, cursor: Cursor, round_id: int) -> list[tuple[str, str]]:
        """Who opened a round and when, in the order they did."""
        rows = self._run(
            cursor,
            "SELECT s.nickname, j.at FROM {t}challenge_joins j "
            "JOIN {t}students s ON s.id = j.student_id WHERE j.round_id = ? ORDER BY j.id",
            (round_id,),
        ).fetchall()
        return [(row[0], row[1]) for row in rows]

    def tries_after(
        self, after: int, limit: int = 5000, class_id: int | None = None
    ) -> list[tuple[int, Attempt]]:
        """The tries of class ``class_id``'s rounds (the open class's by default) kept after
        the one numbered ``after``, oldest first, each as an attempt made at the challenge
        (``where="challenge"``), with its number: for the dashboard's skills and mistakes,
        which read only what is new. A find is right and the child's own (the challenge
        gives no worked example); a wrong try has the checker's problem code."""
        with self.store.transaction() as cursor:
            chosen = class_id if class_id is not None else self.store.open_class_id(cursor)
            rows = self._run(
                cursor,
                "SELECT c.id, s.nickname, c.at, c.text, c.ok, c.code, r.cards "
                "FROM {t}challenge_tries c JOIN {t}challenge_rounds r ON r.id = c.round_id "
                "JOIN {t}students s ON s.id = c.student_id "
                "WHERE r.class_id = ? AND c.id > ? ORDER BY c.id LIMIT ?",
                (chosen, after, limit),
            ).fetchall()
        return [
            (
                int(key),
                Attempt(
                    student=name,
                    text=text,
                    ok=bool(ok),
                    codes=(code,) if code else (),
                    numbers=_numbers(text),
                    where="challenge",
                    at=at,
                    cards=tuple(json.loads(cards)),
                ),
            )
            for key, name, at, text, ok, code, cards in rows
        ]

    def board(self, number: int | None = None) -> Board | None:
        """The class's board for round ``number`` (the latest by default); ``None`` if the
        class has no such round."""
        with self.store.transaction() as cursor:
            found = self._current(cursor) if number is None else self._numbered(cursor, number)
            if found is None:
                return None
            tries = self._tries(cursor, found[0])
            joins = self._joins(cursor, found[0])
        return tally(
            found[1],
            [Find(name, text, at) for name, at, text, ok, _code in tries if ok],
            [WrongTry(name, text, code, at) for name, at, text, ok, code in tries if not ok],
            joins=[name for name, _at in joins],
        )

    def csv(self) -> str:
        """Every try of every round of the open class, as CSV (see
        :data:`CHALLENGE_CSV_HEADER`), in the teacher's time zone; a child who opened a
        round and checked nothing in it is a row with no equation (when they opened it).

        As the attempts' CSV: a byte-order mark (a spreadsheet reads the letters), and
        words of the class's language, not codes (yes and no, the level's name, the kind of
        mistake)."""
        with language(ClassSettings.from_dict(self.store.settings()).language):
            return self._csv()

    def _csv(self) -> str:
        out = io.StringIO()
        out.write(BOM)
        writer = csv.writer(out)
        writer.writerow([_(name) for name in CHALLENGE_CSV_HEADER])
        with self.store.transaction() as cursor:
            rounds = self._run(
                cursor,
                f"SELECT {_ROUND_COLUMNS} FROM {{t}}challenge_rounds WHERE class_id = ? "
                "ORDER BY number",
                (self.store.open_class_id(cursor),),
            ).fetchall()
            for row in rounds:
                round_id, round_ = _round(row)
                tries: list[tuple[str, str, str, bool | str, str]] = list(
                    self._tries(cursor, round_id)
                )
                tried = {name for name, *_rest in tries}
                joins = self._joins(cursor, round_id)
                tries += [(name, at, "", "", "") for name, at in joins if name not in tried]
                for name, at, text, ok, code in sorted(tries, key=lambda t: t[1]):
                    writer.writerow(
                        [
                            round_.number,
                            local_time(round_.started),
                            " ".join(str(card) for card in round_.cards),
                            round_.operations,
                            safe_cell(level_words(round_.level)) if round_.level else "",
                            local_time(at),
                            _cell(name),
                            _cell(text),
                            "" if ok == "" else yes_no(bool(ok)),
                            safe_cell(problems_words((code,))) if code else "",
                        ]
                    )
        return out.getvalue()
