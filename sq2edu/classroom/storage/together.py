"""One child's seat at a table of classmates, as their kernel keeps it.

The game lives in the store (:mod:`sq2edu.classroom.storage.tables`); :class:`TableSeat` holds the
newest copy, makes this seat's moves through the store, reads the table again when the
store's watch says something changed, and, when the lease falls to it, makes the move of a
computer player or of a child who is away. The card table sees it as its
:class:`~sq2edu.ui.game_table.SeatLink`: it only ever draws ``game.view(seat)``.
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
import time
import zlib
from collections.abc import Callable, Sequence
from typing import Any

from sq2edu import editions
from sq2edu.bots import make_bot
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.tables import (
    SharedGame,
    StaleTableError,
    TableError,
    TableKeeper,
    Tables,
    seconds_since,
)
from sq2edu.core import Game, IllegalActionError
from sq2edu.i18n import language

__all__ = ["AWAY_LEVEL", "TableSeat", "table_dealer"]

_LOG = logging.getLogger(__name__)

#: Seconds a page's last note that its child is at the table may come before the child
#: left: its "still there?" comes every 4 s, and the note is to the second.
SEEN_EVERY = 5.0
#: The level of the computer player that plays for a child who is away.
AWAY_LEVEL = "easy"


def table_dealer(settings: ClassSettings) -> Callable[[Sequence[dict[str, str]]], Game[Any, Any]]:
    """How a table of classmates is dealt with these class settings: the game of the class's
    edition and rules, the seats' names (computers named in the class's language)."""
    from sq2edu.bots.names import seat_names

    def deal(seats: Sequence[dict[str, str]]) -> Game[Any, Any]:
        players = [seat.get("child") or seat.get("bot", "") for seat in seats]
        computers = [index for index, seat in enumerate(seats) if "bot" in seat]
        with language(settings.language):
            names, _levels = seat_names(players, computers)
        return editions.load(settings.edition).new_game(names, rules=settings.game_rules())

    return deal


class TableSeat:
    """A child's seat at a shared table.

    :param tables: the class's tables.
    :param shared: the table as it was read last.
    :param seat: the child's seat.
    :param pace: seconds a computer waits before its move, so that children can follow.
    :param away_after: seconds without a sign of life after which a child's seat is played
        by the computer (``0``: never).
    :param last_seen: when each child of the class was last seen (UTC, ISO text).
    """

    def __init__(
        self,
        tables: TableKeeper,
        shared: SharedGame,
        seat: int,
        pace: float = 0.7,
        away_after: float = 60,
        last_seen: Callable[[], dict[str, str]] = dict,
    ) -> None:
        self.tables = tables
        self.shared = shared
        self.seat = seat
        self.pace = pace
        self.away_after = away_after
        self.last_seen = last_seen
        #: Names this kernel when it takes the computers' lease.
        self.holder = secrets.token_hex(6)
        self._changed_at = time.monotonic()
        self._away: list[int] = []
        #: Called after each move of this seat's child (what was said before it, such as
        #: "the computer played for you", holds no more).
        self.moved_listeners: list[Callable[[], None]] = []

    @property
    def game(self) -> Game[Any, Any]:
        """The table's game, as this kernel read it last."""
        return self.shared.game

    @property
    def table_id(self) -> str:
        return self.shared.info.id

    @property
    def version(self) -> int:
        return self.shared.info.version

    def _take(self, shared: SharedGame) -> None:
        if shared.info.version != self.shared.info.version:
            self._changed_at = time.monotonic()
        self.shared = shared

    def move(self, action: Any) -> None:
        """This seat's move, through the store (see :class:`~sq2edu.ui.game_table.SeatLink`).

        :raises IllegalActionError: if the move is not allowed, or another move came first
            (the table is read again then).
        """
        try:
            shared, _events = self.tables.move(self.table_id, self.version, self.seat, action)
        except StaleTableError as error:
            self.reload()
            raise IllegalActionError(str(error)) from error
        except TableError as error:
            self.reload()
            raise IllegalActionError(str(error)) from error
        self._take(shared)
        for listener in self.moved_listeners:
            listener()

    def reload(self) -> bool:
        """Read the table again if it changed; whether it did.

        :raises TableError: if the table is gone (the teacher ended it).
        """
        if self.tables.version(self.table_id) == self.version:
            return False
        self._take(self.tables.load(self.table_id))
        return True

    def computers(self) -> list[int]:
        """The seats computer players sit in."""
        return sorted(self.shared.info.computers())

    def away(self) -> list[int]:
        """Children's seats played by the computer while their child is away."""
        return list(self._away)

    def played(self) -> list[int]:
        """The game log's events (their places in it) that the computer made for a child
        who was away."""
        return list(self.shared.info.played)

    def look_for_away(self, now: dt.datetime | None = None) -> list[int]:
        """Note which children have shown no sign of life for longer than the timeout."""
        if not self.away_after:
            self._away = []
            return []
        now = now or dt.datetime.now(dt.UTC)
        seen = self.last_seen()
        away = []
        for seat, entry in enumerate(self.shared.info.seats):
            name = entry.get("child") if entry else None
            if name is None or seat == self.seat:
                continue
            stamp = seen.get(name)
            last = dt.datetime.fromisoformat(stamp) if stamp else None
            # The child's page was last noted up to one of its "still there?" before it
            # went: counted from then, the computer would take over that much too soon.
            if last is None or (now - last).total_seconds() > self.away_after + SEEN_EVERY:
                away.append(seat)
        if isinstance(self.tables, Tables):
            # A child who left the table's screen (Back, the Lab) on her turn is away like
            # one whose page closed: waited for as long (the teacher's setting, not less),
            # from when she left, or from her turn's start if she left before it (a Back
            # pressed late in her turn must not cost it). Her page, still open, keeps her
            # "seen", so without this the table would wait for her for good.
            left = self.tables.left_since(self.table_id)
            current = self.game.current_player
            waited = seconds_since(self.shared.info.turn_since, now)
            if left.get(current):
                waited = min(waited, seconds_since(left[current], now))
            if (
                current in left
                and current not in away
                and current != self.seat
                and waited >= self.away_after
                and current not in self.shared.info.computers()
            ):
                away.append(current)
        self._away = away
        return away

    def drive(self) -> bool:
        """Make the computer's move if a computer (or an away child's seat) is to move, the
        pace has passed, and this kernel gets the lease; whether it moved."""
        game = self.game
        if game.is_over or self.shared.info.status != "playing":
            return False
        seat = game.current_player
        level = self.shared.info.computers().get(seat)
        if level is None and seat in self._away:
            level = AWAY_LEVEL
        if level is None or time.monotonic() - self._changed_at < self.pace:
            return False
        if not self.tables.lease(self.table_id, self.version, self.holder):
            return False
        # The same table and move number give the same choice, whichever kernel makes it.
        seed = zlib.crc32(f"{self.table_id}:{self.version}".encode())
        action = make_bot(level, seed=seed, edition=self.shared.info.edition).choose(game.clone())
        try:
            shared, _events = self.tables.move(self.table_id, self.version, seat, action)
        except (StaleTableError, IllegalActionError):
            _LOG.info("the computer's move at %s came too late", self.table_id)
            self.reload()
            return False
        self._take(shared)
        return True
