"""Tables of classmates through the class service, for a child's kernel on a school's hub.

:class:`RemoteTables` does what :class:`sq2edu.classroom.storage.tables.Tables` does for a page (see
:class:`~sq2edu.classroom.storage.tables.TableKeeper`), each call a request to the class service,
which keeps the tables in the store and acts for this server's child only: it sits, stands,
makes and starts tables as that child, deals with the class's settings, and moves that
child's seat (or a computer's, or an away classmate's, as any seat at the table may). A
refusal comes back as the same error, in the page's words. :class:`RemoteWatch` tells the
page that the class's tables changed, looking at most twice a second.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from sq2edu import editions
from sq2edu.classroom.storage.store import StoreError
from sq2edu.classroom.storage.tables import (
    SharedGame,
    StaleTableError,
    TableError,
    TableInfo,
)
from sq2edu.core import Action, Event, Game, IllegalActionError
from sq2edu.core.records import action_from_dict
from sq2edu.hub.wire import table_from
from sq2edu.i18n import get_language

if TYPE_CHECKING:
    from sq2edu.hub.remote import ServiceStore

__all__ = ["WATCH_EVERY", "RemoteTables", "RemoteWatch"]

#: Seconds between two looks of a page's watch at the class's tables.
WATCH_EVERY = 0.5

#: The kind of refusal the service sends back, and the error it is here.
_ERRORS: dict[str, type[Exception]] = {
    "stale": StaleTableError,
    "table": TableError,
    "illegal": IllegalActionError,
}


class RemoteTables:
    """The class's tables, through the class service (``store``'s). A table comes back as
    this child's seat sees it: the other hands, the draw pile and the face-down cards in
    its game are made up here, never the real ones."""

    def __init__(self, store: ServiceStore) -> None:
        self.store = store

    def _call(self, method: str, **args: Any) -> Any:
        answer = self.store._call(method, lang=get_language(), **args)
        refused = answer.get("refused") if isinstance(answer, dict) else None
        if refused:
            raise _ERRORS.get(refused["kind"], TableError)(refused["message"])
        return answer["value"]

    def _shared(self, data: dict[str, Any]) -> SharedGame:
        """The table as the service sent it: this child's seat's view of the game, made
        into a game of the edition that looks exactly like that view to that seat (what the
        view does not show is dealt at random here: the service keeps the real game, and
        decides every move on it)."""
        info = table_from(data["info"])
        edition = editions.load(info.edition)
        try:
            rules = edition.game.rules_type.from_dict(data["rules"])
            game = edition.sample_from_view(data["view"], rules, random.Random())
            game.log = [Event.from_dict(event) for event in data["log"]]
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise StoreError("the class service sent a table that cannot be read") from error
        return SharedGame(info, game)

    def tables(self, statuses: Sequence[str] = ("open", "playing")) -> list[TableInfo]:
        """The class's tables of these statuses."""
        return [table_from(info) for info in self._call("tables", statuses=list(statuses))]

    def where(self, nickname: str) -> TableInfo | None:
        """The child's table (the service knows whose server this is)."""
        found = self._call("where")
        return None if found is None else table_from(found)

    def load(self, table_id: str) -> SharedGame:
        """A table and its game."""
        return self._shared(self._call("load", table=table_id))

    def version(self, table_id: str) -> int:
        """A table's version (``-1``: none)."""
        return int(self._call("version", table=table_id))

    def make(self, maker: str, size: int, edition: str) -> TableInfo:
        """A new table with this child in the first seat."""
        return table_from(self._call("make", size=size, edition=edition))

    def sit(self, table_id: str, nickname: str) -> TableInfo:
        """Sit this child down."""
        return table_from(self._call("sit", table=table_id))

    def stand(self, table_id: str, nickname: str) -> None:
        """Stand this child up."""
        self._call("stand", table=table_id)

    def start(
        self,
        table_id: str,
        nickname: str,
        deal: Callable[[Sequence[dict[str, str]]], Game[Any, Any]],
        fill: str | None = None,
    ) -> SharedGame:
        """Start the game; the service deals with the class's settings of the moment (the
        ``deal`` of a page is not sent)."""
        return self._shared(self._call("start", table=table_id, fill=fill))

    def move(
        self, table_id: str, version: int, seat: int, action: Action
    ) -> tuple[SharedGame, list[Event]]:
        """A move at ``version``; the new game (its events are read from the game's log)."""
        answer = self._call(
            "move", table=table_id, version=version, seat=seat, action=action.to_dict()
        )
        shared = self._shared(answer)
        return shared, list(shared.game.log[-int(answer["events"]) :]) if answer["events"] else []

    def lease(self, table_id: str, version: int, holder: str) -> bool:
        """The table's lease for a computer's move at ``version``."""
        return bool(self._call("lease", table=table_id, version=version, holder=holder))


class RemoteWatch:
    """Whether the class's tables changed, from the service's stamp of them."""

    def __init__(self, store: ServiceStore, every: float = WATCH_EVERY) -> None:
        self.store = store
        self.every = every
        self._stamp = self._look()
        self._at = time.monotonic()

    def _look(self) -> str:
        return str(self.store._call("table_stamp"))

    def changed(self) -> bool:
        """Whether a table changed since the last look (looks at most every ``every`` s)."""
        now = time.monotonic()
        if now - self._at < self.every:
            return False
        self._at = now
        stamp = self._look()
        changed, self._stamp = stamp != self._stamp, stamp
        return changed

    def close(self) -> None:
        """Nothing to close: each look is a request of its own."""


def action_of(data: object) -> Action:
    """An action sent by a child's kernel.

    :raises TableError: if it is not an action.
    """
    if not isinstance(data, dict):
        raise TableError("not an action")
    try:
        return action_from_dict(data)
    except (KeyError, TypeError, ValueError) as error:
        raise TableError("not an action") from error
