"""Tables where classmates play one game together, each child on their own device.

One authoritative game per table lives in the progress store, never only in a kernel's
memory: the saved game (:meth:`sq2edu.core.Game.to_json`), a version number that grows by
one with every move, and the seats. A move is a compare-and-swap: the game is read, the
action applied through the engine, and the new game written only if the version is still the
one the move was made on. The loser of a race is told (:class:`StaleTableError`) and reads the
table again; a kernel that dies mid-move leaves the last committed game.

A seat holds a child (by nickname) or a computer player (by level); before the start a seat
may be free. Computer players' moves, and an away child's, are made by whichever kernel
takes the table's lease for that version (:meth:`Tables.lease`), so exactly one computes
them; the compare-and-swap keeps even a slow one from moving twice.

Other kernels learn of a change at once through the store's watch: PostgreSQL's
``LISTEN``/``NOTIFY``, or SQLite's ``PRAGMA data_version`` (see :meth:`SQLStore.watch`).
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from sq2edu import editions
from sq2edu.classroom.storage.store import Cursor, SQLStore, StaleWriteError
from sq2edu.core import Action, Event, Game, IllegalActionError, SaveFileError
from sq2edu.i18n import _
from sq2edu.progress.records import utc_now

__all__ = [
    "LEASE_SECONDS",
    "MAX_SEATS",
    "MIN_SEATS",
    "SharedGame",
    "StaleTableError",
    "TableError",
    "TableInfo",
    "TableKeeper",
    "Tables",
    "game_type",
]

MIN_SEATS = 2
MAX_SEATS = 5
#: How often a change of seats is tried when other children change seats at the same moment.
_SEAT_ATTEMPTS = 5
_T = TypeVar("_T")
#: How long a kernel may take to make a computer player's move before another may.
LEASE_SECONDS = 10
_COLUMNS = (
    "id, edition, size, seats, maker, status, version, created, changed, started, turn_since, "
    "played_for"
)


def game_type(edition: str) -> type[Game[Any, Any]]:
    """The game class of an edition (see :mod:`sq2edu.editions`).

    :raises ValueError: for an edition that is not registered.
    """
    return editions.load(edition).game


class TableError(Exception):
    """What a child tried at a table cannot be done; the message says why, for them."""


class StaleTableError(TableError):
    """The table changed since the move was made on it: read it again."""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as the lobby and the dashboard show it.

    :ivar seats: each seat's player: ``{"child": nickname}``, ``{"bot": level}``, or
        ``None`` for a free seat (before the start only).
    :ivar status: ``"open"`` (children sit down), ``"playing"``, ``"over"`` or ``"ended"``
        (by the teacher, or everyone stood up).
    """

    id: str
    edition: str
    size: int
    seats: tuple[dict[str, str] | None, ...]
    maker: str
    status: str
    version: int
    created: str
    changed: str
    started: str | None
    turn_since: str | None
    #: The game log's events (their places in it) that the computer made for a child who
    #: was away: they are told as the computer's doing, not the child's.
    played: tuple[int, ...] = ()

    @property
    def children(self) -> list[str]:
        """The children sitting here, in seat order."""
        return [seat["child"] for seat in self.seats if seat and "child" in seat]

    @property
    def free(self) -> int:
        """How many seats are free."""
        return sum(1 for seat in self.seats if seat is None)

    def seat_of(self, nickname: str) -> int | None:
        """Where ``nickname`` sits (``None``: not here)."""
        for index, seat in enumerate(self.seats):
            if seat and seat.get("child") == nickname:
                return index
        return None

    def computers(self) -> dict[int, str]:
        """The computer players' levels, by seat."""
        return {
            index: seat["bot"] for index, seat in enumerate(self.seats) if seat and "bot" in seat
        }


@dataclass(frozen=True, slots=True)
class SharedGame:
    """A table's game as the store holds it now."""

    info: TableInfo
    game: Game[Any, Any]

    @property
    def won_for_away(self) -> bool:
        """Whether the computer made the winning move, playing for a child who was away: it
        is told as the computer's win, not hers."""
        played = set(self.info.played)
        return self.game.winner is not None and any(
            event.kind == "won" and index in played for index, event in enumerate(self.game.log)
        )


class TableKeeper(Protocol):
    """What a child's page does with the class's tables: :class:`Tables` on the store, or
    :class:`sq2edu.hub.remote.RemoteTables` through a school's class service."""

    def tables(self, statuses: Sequence[str] = ("open", "playing")) -> list[TableInfo]: ...

    def where(self, nickname: str) -> TableInfo | None: ...

    def load(self, table_id: str) -> SharedGame: ...

    def version(self, table_id: str) -> int: ...

    def make(self, maker: str, size: int, edition: str) -> TableInfo: ...

    def sit(self, table_id: str, nickname: str) -> TableInfo: ...

    def stand(self, table_id: str, nickname: str) -> None: ...

    def start(
        self,
        table_id: str,
        nickname: str,
        deal: Callable[[Sequence[dict[str, str]]], Game[Any, Any]],
        fill: str | None = None,
    ) -> SharedGame: ...

    def move(
        self, table_id: str, version: int, seat: int, action: Action
    ) -> tuple[SharedGame, list[Event]]: ...

    def lease(self, table_id: str, version: int, holder: str) -> bool: ...


def _info(row: Sequence[Any]) -> TableInfo:
    key, edition, size, seats, maker, status, version, created, changed, started, since, marks = row
    return TableInfo(
        id=key,
        edition=edition,
        size=int(size),
        seats=tuple(json.loads(seats)),
        maker=maker,
        status=status,
        version=int(version),
        created=created,
        changed=changed,
        started=started,
        turn_since=since,
        played=tuple(_read_marks(marks)[2]),
    )


def _read_marks(text: str | None) -> tuple[set[int], dict[int, str], list[int]]:
    """A table's marks, as its ``played_for`` column keeps them: the children's seats the
    computer plays for, the seats whose child left the table's screen (with when she left,
    UTC ISO text; ``""`` if not known), and the game log's events the computer made for a
    child. Kept as ``{"for": [...], "left": [...], "left_at": {seat: when}, "played":
    [...]}``; a plain list is an older table's (a seat that left as ``-(seat + 1)``)."""
    data = json.loads(text or "[]")
    if isinstance(data, list):
        marks = [int(mark) for mark in data]
        return {m for m in marks if m >= 0}, {-m - 1: "" for m in marks if m < 0}, []
    left_at = data.get("left_at", {})
    return (
        {int(seat) for seat in data.get("for", [])},
        {int(seat): str(left_at.get(str(seat), "")) for seat in data.get("left", [])},
        [int(event) for event in data.get("played", [])],
    )


def _read_told(text: str | None) -> set[str]:
    """The children a finished table's marks say were told how its game ended."""
    data = json.loads(text or "[]")
    return {str(name) for name in data.get("told", [])} if isinstance(data, dict) else set()


def seconds_since(stamp: str | None, now: dt.datetime | None = None) -> float:
    """Seconds from a stored UTC time to ``now`` (0 for none)."""
    if not stamp:
        return 0.0
    now = now or dt.datetime.now(dt.UTC)
    return max(0.0, (now - dt.datetime.fromisoformat(stamp)).total_seconds())


class Tables:
    """The class's shared tables in a progress store.

    Every method is one short transaction on the current class. Nicknames are the kernel's
    own student's, never a browser's word.
    """

    def __init__(self, store: SQLStore) -> None:
        self.store = store

    # -- reading ---------------------------------------------------------------------------

    def _row(self, cursor: Cursor, table_id: str) -> tuple[TableInfo, str | None] | None:
        if not isinstance(table_id, str) or len(table_id) > 40:
            return None
        row = self.store.execute(
            cursor,
            f"SELECT {_COLUMNS}, game FROM {{t}}game_tables WHERE id = ? AND class_id = ?",
            (table_id, self.store.open_class_id(cursor)),
        ).fetchone()
        return None if row is None else (_info(row[:-1]), row[-1])

    def _known(self, cursor: Cursor, table_id: str) -> tuple[TableInfo, str | None]:
        found = self._row(cursor, table_id)
        if found is None or found[0].status == "ended":
            raise TableError(_("That table is not there any more."))
        return found

    def info(self, table_id: str) -> TableInfo:
        """One table of the class.

        :raises TableError: for a table the class does not have (or that has ended).
        """
        with self.store.transaction() as cursor:
            return self._known(cursor, table_id)[0]

    def load(self, table_id: str) -> SharedGame:
        """A started table with its game.

        :raises TableError: for an unknown table, or one that has not started.
        """
        with self.store.transaction() as cursor:
            info, saved = self._known(cursor, table_id)
        if saved is None:
            raise TableError(_("This table has not started yet."))
        return SharedGame(info, game_type(info.edition).from_json(saved))

    def tables(self, statuses: Sequence[str] = ("open", "playing")) -> list[TableInfo]:
        """The class's tables in these states, oldest first."""
        marks = ", ".join("?" for _status in statuses)
        with self.store.transaction() as cursor:
            rows = self.store.execute(
                cursor,
                f"SELECT {_COLUMNS} FROM {{t}}game_tables "
                f"WHERE class_id = ? AND status IN ({marks}) ORDER BY created, id",
                (self.store.open_class_id(cursor), *statuses),
            ).fetchall()
        return [_info(row) for row in rows]

    def where(self, nickname: str) -> TableInfo | None:
        """The open or playing table where ``nickname`` sits, if any."""
        for info in self.tables():
            if info.seat_of(nickname) is not None:
                return info
        return None

    def version(self, table_id: str) -> int:
        """The table's version now (``-1`` for none): a cheap look for changes."""
        with self.store.transaction() as cursor:
            row = self.store.execute(
                cursor, "SELECT version FROM {t}game_tables WHERE id = ?", (table_id,)
            ).fetchone()
        return -1 if row is None else int(row[0])

    # -- before the game -------------------------------------------------------------------

    def _swap(self, cursor: Cursor, info: TableInfo, changes: dict[str, Any], lost: str) -> None:
        """Write a change made on the table as read at ``info.version`` (compare and swap:
        see :meth:`SQLStore.compare_and_swap`), and tell the other kernels.

        :param lost: what the child is told if another change came first.
        :raises StaleTableError: when the table changed since it was read (nothing written).
        """
        try:
            self.store.compare_and_swap(cursor, "game_tables", info.id, info.version, changes)
        except StaleWriteError as error:
            raise StaleTableError(lost) from error
        self.store.notify(cursor, info.id)

    def _write_seats(self, cursor: Cursor, info: TableInfo, seats: list[Any], maker: str) -> None:
        """Write the seats read at ``info.version``, compare and swap: two children sitting
        down at the same moment on two servers must not write over each other's seat.

        :raises StaleTableError: when the table changed since it was read (nothing written).
        """
        status = "open" if any(seat and "child" in seat for seat in seats) else "ended"
        self._swap(
            cursor,
            info,
            {"seats": json.dumps(seats), "maker": maker, "status": status, "changed": utc_now()},
            _("Someone sat down at the same moment. Try again."),
        )

    def _again_if_raced(self, change: Callable[[], _T]) -> _T:
        """Make a change of seats; if another child's change came first, read the tables
        again and make it again (the child's wish still holds), a few times at most."""
        for _attempt in range(_SEAT_ATTEMPTS - 1):
            try:
                return change()
            except StaleTableError:
                continue
        return change()

    def _leave_open_tables(self, cursor: Cursor, nickname: str) -> None:
        """Stand ``nickname`` up from any open table; refuse if they play somewhere."""
        rows = self.store.execute(
            cursor,
            f"SELECT {_COLUMNS} FROM {{t}}game_tables "
            "WHERE class_id = ? AND status IN ('open', 'playing')",
            (self.store.open_class_id(cursor),),
        ).fetchall()
        for info in map(_info, rows):
            seat = info.seat_of(nickname)
            if seat is None:
                continue
            if info.status == "playing":
                raise TableError(_("You are playing at another table. Finish that game first."))
            self._stand(cursor, info, seat)

    def _stand(self, cursor: Cursor, info: TableInfo, seat: int) -> None:
        seats = list(info.seats)
        seats[seat] = None
        children = [s["child"] for s in seats if s and "child" in s]
        maker = info.maker if info.maker in children else (children[0] if children else "")
        self._write_seats(cursor, info, seats, maker)

    def finished_with(
        self, nickname: str, within: float = 600.0, *, untold: bool = False
    ) -> list[SharedGame]:
        """The games ``nickname`` sat at that ended (played to the end, or by the teacher)
        in the last ``within`` seconds, newest first; with ``untold``, only those whose end
        she has not seen nor been told of (see :meth:`told`)."""
        since = (dt.datetime.now(dt.UTC) - dt.timedelta(seconds=within)).isoformat()
        with self.store.transaction() as cursor:
            rows = self.store.execute(
                cursor,
                f"SELECT {_COLUMNS}, game FROM {{t}}game_tables WHERE class_id = ? "
                "AND status IN ('over', 'ended') AND changed >= ? ORDER BY changed DESC",
                (self.store.open_class_id(cursor), since),
            ).fetchall()
        found = []
        for row in rows:
            info, saved = _info(row[:-1]), row[-1]
            if nickname not in info.children or saved is None:
                continue
            if untold and nickname in _read_told(row[-2]):
                continue
            try:
                found.append(SharedGame(info, game_type(info.edition).from_json(saved)))
            except SaveFileError:
                continue
        return found

    def told(self, table_id: str, nickname: str) -> None:
        """Note that ``nickname`` knows how the game at ``table_id`` ended (she saw it at the
        table, or was told when she came back): she is not told again, after a restart
        either. Kept with the table's marks once its game is over; no version: nobody acts
        on it."""
        with self.store.transaction() as cursor:
            row = self.store.execute(
                cursor,
                "SELECT played_for, status FROM {t}game_tables WHERE id = ? AND class_id = ?",
                (table_id, self.store.open_class_id(cursor)),
            ).fetchone()
            if row is None or row[1] not in ("over", "ended"):
                return
            told = _read_told(row[0])
            if nickname in told:
                return
            data = json.loads(self._marks_json(*_read_marks(row[0])))
            data["told"] = sorted(told | {nickname})
            self.store.execute(
                cursor,
                "UPDATE {t}game_tables SET played_for = ? WHERE id = ?",
                (json.dumps(data), table_id),
            )

    def drop_left(self, last_seen: dict[str, str], after: float = 30.0) -> list[str]:
        """Stand up the makers of open tables whose page has gone (not seen for ``after``
        seconds): the next child at the table becomes its maker, and a table left empty is
        taken out of the lobby. The tables changed."""
        changed = []
        for info in self.tables(("open",)):
            seen = last_seen.get(info.maker)
            if seen is None or seconds_since(seen) < after:
                continue
            try:
                self.stand(info.id, info.maker)
            except TableError:
                continue  # it started, or changed, meanwhile
            changed.append(info.id)
        return changed

    def make(self, maker: str, size: int, edition: str) -> TableInfo:
        """A new table of ``size`` seats with ``maker`` in the first.

        :raises TableError: for a size other than 2 to 5, or a maker playing elsewhere.
        """
        if (
            not isinstance(size, int)
            or isinstance(size, bool)
            or not MIN_SEATS <= size <= MAX_SEATS
        ):
            raise TableError(_("A table has 2 to 5 seats."))
        game_type(edition)
        return self._again_if_raced(lambda: self._make(maker, size, edition))

    def _make(self, maker: str, size: int, edition: str) -> TableInfo:
        table_id = secrets.token_hex(4)
        # To the microsecond: tables made within one second keep the order they were made
        # in (the lobby lists them so; rows must not shift under a finger).
        now = dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")
        seats: list[Any] = [{"child": maker}] + [None] * (size - 1)
        with self.store.transaction() as cursor:
            self._leave_open_tables(cursor, maker)
            self.store.execute(
                cursor,
                "INSERT INTO {t}game_tables (id, class_id, edition, size, seats, maker, status, "
                "version, created, changed) VALUES (?, ?, ?, ?, ?, ?, 'open', 0, ?, ?)",
                (
                    table_id,
                    self.store.open_class_id(cursor),
                    edition,
                    size,
                    json.dumps(seats),
                    maker,
                    now,
                    now,
                ),
            )
            self.store.notify(cursor, table_id)
            return self._known(cursor, table_id)[0]

    def sit(self, table_id: str, nickname: str) -> TableInfo:
        """Sit ``nickname`` in the first free seat (where they sit already: nothing changes).

        :raises TableError: for an unknown, started or full table, or a child playing
            elsewhere.
        """
        return self._again_if_raced(lambda: self._sit(table_id, nickname))

    def _sit(self, table_id: str, nickname: str) -> TableInfo:
        with self.store.transaction() as cursor:
            info = self._known(cursor, table_id)[0]
            if info.seat_of(nickname) is not None:
                return info
            if info.status != "open":
                raise TableError(_("This game has started. Choose another table."))
            if not info.free:
                raise TableError(_("This table is full. Choose another table."))
            self._leave_open_tables(cursor, nickname)
            info = self._known(cursor, table_id)[0]
            seats = list(info.seats)
            seats[seats.index(None)] = {"child": nickname}
            self._write_seats(cursor, info, seats, info.maker or nickname)
            return self._known(cursor, table_id)[0]

    def stand(self, table_id: str, nickname: str) -> None:
        """Stand ``nickname`` up from a table that has not started (the last one out ends it)."""
        self._again_if_raced(lambda: self._stand_up(table_id, nickname))

    def _stand_up(self, table_id: str, nickname: str) -> None:
        with self.store.transaction() as cursor:
            info = self._known(cursor, table_id)[0]
            seat = info.seat_of(nickname)
            if seat is None:
                return
            if info.status != "open":
                raise TableError(_("The game has started: you keep your seat."))
            self._stand(cursor, info, seat)

    def follow_edition(self, edition: str) -> list[str]:
        """The teacher switched the class to ``edition``: the tables still waiting for their
        start take it (they have no game yet, and the teacher means the class to play the new
        one); the tables playing keep theirs. The tables changed."""
        game_type(edition)
        changed = []
        for info in self.tables(("open",)):
            if info.edition != edition and self._again_if_raced(
                lambda table_id=info.id: self._follow(table_id, edition)  # type: ignore[misc]
            ):
                changed.append(info.id)
        return changed

    def _follow(self, table_id: str, edition: str) -> bool:
        with self.store.transaction() as cursor:
            found = self._row(cursor, table_id)
            if found is None or found[0].status != "open" or found[0].edition == edition:
                return False  # it started, or ended, meanwhile
            self._swap(
                cursor,
                found[0],
                {"edition": edition, "changed": utc_now()},
                _("The game changed just now. Try again."),
            )
        return True

    def start(
        self,
        table_id: str,
        nickname: str,
        deal: Callable[[Sequence[dict[str, str]]], Game[Any, Any]],
        fill: str | None = None,
    ) -> SharedGame:
        """Start the game: the maker presses Start once two children or more sit.

        :param deal: makes the game for the final seats (computer players have a level).
        :param fill: a computer level for the free seats; ``None`` leaves them out.
        The game is dealt outside any transaction (dealing takes a moment, and SQLite's write
        lock would keep every other child waiting), then written if the table is still as it
        was read: a child who stood up or sat down meanwhile makes the start fail in words,
        with nothing written, rather than start a game the store does not keep.

        :raises StaleTableError: if the seats changed while the game was being dealt.
        :raises TableError: if ``nickname`` did not make the table, fewer than two children
            sit, or the game has started already.
        """
        with self.store.transaction() as cursor:
            info = self._known(cursor, table_id)[0]
        if info.status != "open":
            raise TableError(_("This game has started already."))
        if info.maker != nickname:
            raise TableError(_("{name} made this table and starts the game.", name=info.maker))
        if len(info.children) < MIN_SEATS:
            raise TableError(_("Wait for a friend to sit down: a game needs two children."))
        seats = [seat for seat in info.seats if seat is not None]
        if fill is not None:
            seats += [{"bot": fill}] * info.free
        game = deal(seats)
        if not isinstance(game, game_type(info.edition)):
            # A table keeps the game it was made with: any other could not be read back.
            raise TableError(_("This table cannot start: make a new one."))
        dealt = game.to_json()
        now = utc_now()
        with self.store.transaction() as cursor:
            self._swap(
                cursor,
                info,
                {
                    "seats": json.dumps(seats),
                    "size": len(seats),
                    "status": "playing",
                    "game": dealt,
                    "dealt": dealt,
                    "changed": now,
                    "started": now,
                    "turn_since": now,
                },
                _("A friend stood up or sat down just now. Press Start again."),
            )
            info = self._known(cursor, table_id)[0]
        return SharedGame(info, game)

    # -- the game --------------------------------------------------------------------------

    def move(
        self, table_id: str, version: int, seat: int, action: Action
    ) -> tuple[SharedGame, list[Event]]:
        """Make ``action`` for ``seat`` on the game at ``version``; the new game and events.

        :raises StaleTableError: if the table moved on since ``version`` (nothing is written).
        :raises sq2edu.core.IllegalActionError: if the action is not allowed (nothing is
            written).
        :raises TableError: for an unknown table or a game that is not being played.
        """
        with self.store.transaction() as cursor:
            info, saved = self._known(cursor, table_id)
            if info.status != "playing" or saved is None:
                raise TableError(_("This game is over."))
            if info.version != version:
                raise StaleTableError(_("Someone moved first. Look at the table again."))
            game = game_type(info.edition).from_json(saved)
            before = game.current_player
            start = len(game.log)
            events = game.apply(action, player=seat)
            now = utc_now()
            over = game.is_over
            played_for = self._played_for(cursor, info, seat)
            driver, _seats, left = self._marks(cursor, info.id)
            played = list(info.played)
            if driver is not None and seat not in info.computers():
                # The computer's move for a child who is away: its events are told as such.
                played += [
                    start + index for index, event in enumerate(events) if event.player == seat
                ]
            self._swap(
                cursor,
                info,
                {
                    "game": game.to_json(),
                    "changed": now,
                    "turn_since": now if game.current_player != before or over else info.turn_since,
                    "status": "over" if over else "playing",
                    "driver": None,
                    "driver_until": None,
                    "played_for": self._marks_json(played_for, left, played),
                },
                _("Someone moved first. Look at the table again."),
            )
            if over:
                self._record(cursor, info, game, now, played_for)
            info = self._known(cursor, table_id)[0]
        return SharedGame(info, game), events

    def _marks(self, cursor: Cursor, table_id: str) -> tuple[str | None, set[int], dict[int, str]]:
        """The table's lease holder, the children's seats the computer plays for, and those
        whose child left the table's screen, with when (see :func:`_read_marks`)."""
        row = self.store.execute(
            cursor, "SELECT driver, played_for FROM {t}game_tables WHERE id = ?", (table_id,)
        ).fetchone()
        played_for, left, _played = _read_marks(row[1] if row else None)
        return (row[0] if row else None), played_for, left

    @staticmethod
    def _marks_json(played_for: set[int], left: dict[int, str], played: Sequence[int]) -> str:
        return json.dumps(
            {
                "for": sorted(played_for),
                "left": sorted(left),
                "left_at": {str(seat): when for seat, when in sorted(left.items()) if when},
                "played": list(played),
            }
        )

    def _played_for(self, cursor: Cursor, info: TableInfo, seat: int | None) -> set[int]:
        """The children's seats the computer plays for, after a move of ``seat`` (``None``:
        as they are): a move made under a lease (:meth:`lease`) on a child's seat is the
        computer's, for a child who is away; a child's own move takes the seat back."""
        driver, played_for, _left = self._marks(cursor, info.id)
        if seat is not None and seat not in info.computers():
            if driver is not None:
                played_for.add(seat)
            else:
                played_for.discard(seat)
        return played_for

    def set_away(self, table_id: str, seat: int) -> None:
        """Note that the child of ``seat`` left the table's screen (Back, the Lab), and when:
        on her turn, she is waited for as long as a child whose page closed (the class's
        away setting), counted from when she left or from her turn's start if that was
        later (a Back pressed by mistake late in her turn does not cost the turn); then the
        computer plays for her until she is back."""
        self._set_left(table_id, seat, True)

    def set_back(self, table_id: str, seat: int) -> None:
        """The child of ``seat`` is back at the table's screen: her seat is hers again."""
        self._set_left(table_id, seat, False)

    def _set_left(self, table_id: str, seat: int, away: bool) -> None:
        with self.store.transaction() as cursor:
            found = self._row(cursor, table_id)
            if found is None or found[0].status != "playing":
                return
            _driver, played_for, left = self._marks(cursor, table_id)
            if (seat in left) == away:
                return
            if away:
                left = {**left, seat: dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")}
            else:
                left = {other: when for other, when in left.items() if other != seat}
            self.store.execute(
                cursor,
                "UPDATE {t}game_tables SET played_for = ? WHERE id = ?",
                (self._marks_json(played_for, left, found[0].played), table_id),
            )
            self.store.notify(cursor, table_id)

    def played_for(self, table_id: str) -> list[int]:
        """The children's seats the computer plays for now (they went away)."""
        with self.store.transaction() as cursor:
            info = self._known(cursor, table_id)[0]
            return sorted(self._marks(cursor, info.id)[1])

    def left_seats(self, table_id: str) -> list[int]:
        """The seats whose child left the table's screen (see :meth:`set_away`)."""
        return sorted(self.left_since(table_id))

    def left_since(self, table_id: str) -> dict[int, str]:
        """The seats whose child left the table's screen, with when she left (UTC ISO text;
        ``""`` for a table that did not keep it)."""
        with self.store.transaction() as cursor:
            info = self._known(cursor, table_id)[0]
            return self._marks(cursor, info.id)[2]

    def _record(
        self,
        cursor: Cursor,
        info: TableInfo,
        game: Game[Any, Any],
        now: str,
        played_for: set[int],
    ) -> None:
        """The finished game goes with the class's other games, in the same transaction,
        with the seats of children the computer was playing for."""
        winner = game.winner
        self.store.execute(
            cursor,
            "INSERT INTO {t}games (class_id, at, players, bots, winner, turns, seconds, "
            "played_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                self.store.open_class_id(cursor),
                now,
                json.dumps(list(game.names)),
                json.dumps({str(seat): level for seat, level in info.computers().items()}),
                game.names[winner] if winner is not None else None,
                int(game.state.turn),
                round(seconds_since(info.started), 1),
                json.dumps(sorted(played_for)),
            ),
        )

    def replays(self, table_id: str) -> bool:
        """Whether the table's game, dealt again from the stored deal and played with its
        stored history, is exactly the stored game: no move lost, none made twice. A table the
        teacher ended is checked too."""
        with self.store.transaction() as cursor:
            found = self._row(cursor, table_id)
            if found is None:
                raise TableError(_("That table is not there any more."))
            info, saved = found
            dealt = self.store.execute(
                cursor, "SELECT dealt FROM {t}game_tables WHERE id = ?", (table_id,)
            ).fetchone()[0]
        if saved is None or dealt is None:
            return saved is None and dealt is None
        kind = game_type(info.edition)
        stored, replay = kind.from_json(saved), kind.from_json(dealt)
        try:
            for action in stored.history:
                replay.apply(action)
        except IllegalActionError:
            return False
        return replay.to_json() == saved

    def lease(self, table_id: str, version: int, holder: str) -> bool:
        """Take the table's lease to make the computer's move at ``version``: ``True`` for
        the one kernel that gets it (until the move is made, or :data:`LEASE_SECONDS`)."""
        now = dt.datetime.now(dt.UTC)
        until = (now + dt.timedelta(seconds=LEASE_SECONDS)).isoformat(timespec="seconds")
        with self.store.transaction() as cursor:
            try:
                # The lease changes nothing the children see: the version stays.
                self.store.compare_and_swap(
                    cursor,
                    "game_tables",
                    table_id,
                    version,
                    {"driver": holder, "driver_until": until},
                    condition="status = 'playing' AND "
                    "(driver IS NULL OR driver = ? OR driver_until < ?)",
                    params=(holder, now.isoformat(timespec="seconds")),
                    bump=False,
                )
            except StaleWriteError:
                return False
            return True

    def end(self, table_id: str) -> None:
        """End a table (the teacher's button): its game stops where it is, and is kept. A move
        made at the same moment is kept too, and the table ends after it."""
        self._again_if_raced(lambda: self._end(table_id))

    def _end(self, table_id: str) -> None:
        with self.store.transaction() as cursor:
            info, saved = self._known(cursor, table_id)
            now = utc_now()
            self._swap(
                cursor,
                info,
                {"status": "ended", "changed": now},
                _("Someone moved at the same moment. Try again."),
            )
            if info.status == "playing" and saved is not None:
                # A game that was played counts as played (nobody won it), on the dashboard
                # and in the parents' report.
                try:
                    game = game_type(info.edition).from_json(saved)
                except SaveFileError:
                    return  # a broken table ends all the same
                if game.history:
                    self._record(cursor, info, game, now, self._played_for(cursor, info, None))
