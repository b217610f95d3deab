"""The class service: the part of a school's hub that keeps the children's records.

It is a JupyterHub service, started by the hub, and with the hub it is the only process
that holds the database's address and credential (read from a file only the hub's account
can read). The class server's kernels (:mod:`sq2edu.hub.classroom`) keep their records here
(:class:`sq2edu.hub.remote.ServiceStore`): each request names the kernel's child (their hub
user, ``X-Sq2edu-Child``) with the key the class server gave the kernel for that child,
which only the class server and this service can make (:mod:`sq2edu.hub.private`); no hub
token or cookie reaches anything here. The service looks the hub user up in the store and
does only what that child may do in their own class:

- read the class's settings, the names of its children and when they were last here, and
  the groups the child is in;
- note that the child is here, and keep the child's own attempts and games, at the
  service's own time; whether an equation or a lesson's answer is right is the service's
  to say, and only a lesson the teacher opened is answered;
- keep a refusal the child's page met, with the address it came from;
- take part in the class challenge as that child: read the class's round, say the child
  opened it, send a try (the service judges it with the round's cards,
  :mod:`sq2edu.hub.challenge_calls`), read the child's own finds;
- play at the class's tables of classmates as that child: make, sit, stand, start (dealt
  with the class's settings), and move the child's own seat, each move checked by the
  game's rules; for a computer's seat or an away classmate's, the service chooses the move
  itself, as the computer player would.

An attempt made in another child's name, a game the child did not play, a key that is not
the named child's, a teacher's hub user, a body over 64 KB, ``NaN`` or ``Infinity``, and more than
a burst of writes at once are refused. Nothing else of the store can be reached through it.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import sys
import time
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

import tornado.ioloop
import tornado.web

from sq2edu import editions
from sq2edu.bots import LEVELS as BOT_LEVELS
from sq2edu.bots import make_bot
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.server.limits import TokenBucket
from sq2edu.classroom.storage.school import HubUser, School
from sq2edu.classroom.storage.store import SQLStore, StoreError, open_store
from sq2edu.classroom.storage.tables import (
    SharedGame,
    StaleTableError,
    TableError,
    TableInfo,
    Tables,
    seconds_since,
)
from sq2edu.classroom.storage.together import AWAY_LEVEL, SEEN_EVERY, table_dealer
from sq2edu.core import IllegalActionError
from sq2edu.equations import ALL_OPERATIONS, check
from sq2edu.equations.remainder import check_remainder
from sq2edu.hub.challenge_calls import CHALLENGE_CALLS, CHALLENGE_PACES
from sq2edu.hub.private import (
    CHILD_HEADER,
    SERVER_KEY_HEADER,
    child_key,
    classroom_key,
    key_in,
    store_address,
)
from sq2edu.hub.refused import RefusedError
from sq2edu.hub.remote_tables import action_of
from sq2edu.hub.services import CLASS_SERVICE
from sq2edu.hub.wire import (
    OWN_ATTEMPTS,
    WireError,
    attempt_from,
    attempt_to,
    game_from,
    table_to,
)
from sq2edu.i18n import LANGUAGES, _, language
from sq2edu.lessons import LESSONS, Exercise
from sq2edu.progress.records import Attempt, GuardEvent, utc_now

__all__ = ["NAME", "ClassService", "RefusedError", "main", "make_app"]

#: The service's name in the hub (and in the scope a student's token needs).
NAME = CLASS_SERVICE
#: A child's page may check this many equations at once, then one every so many seconds
#: (the student app's own pace, so a page that keeps to it is never refused).
ATTEMPT_BURST = 6
ATTEMPT_EVERY = 1.5
#: The paces of the other calls that write: (how many at once, then one every so many
#: seconds). A game lasts minutes, a refusal is rare, a table's moves come from people
#: and a computer that waits between its moves.
PACES: dict[str, tuple[int, float]] = {
    "record_attempt": (ATTEMPT_BURST, ATTEMPT_EVERY),
    "record_game": (4, 30.0),
    "record_event": (10, 6.0),
    "move": (30, 0.2),
    "make": (5, 10.0),
    **CHALLENGE_PACES,
}
_LARGEST_BODY = 64 * 1024
_EVENT_KINDS = frozenset({"name-taken", "wrong-code", "class-full", "too-fast"})

log = logging.getLogger("sq2edu.hub.service")

Call = Callable[[SQLStore, HubUser, dict[str, Any], str], Any]


class ClassService:
    """The store of every room, opened once each, and the calls a child's kernel makes.

    :param location: the school's store.
    :param key: the hub's key (:mod:`sq2edu.hub.private`); ``None``
        refuses every request that comes over the network.
    """

    def __init__(self, location: str, key: bytes | None = None) -> None:
        self.location = location
        self.key = key
        #: The one thread the store is used from, off the event loop: every call runs
        #: there in turn (a store's connection is not shared between threads).
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="sq2edu-store")
        self._school = self.worker.submit(lambda: School(self._open(""))).result()
        self._rooms: dict[str, SQLStore] = {}
        self._paces: dict[str, TokenBucket] = {}
        # Who a hub user is never changes (the name is a digest of the class and nickname).
        self._children: dict[str, HubUser] = {}

    def _open(self, room: str) -> SQLStore:
        return open_store(self.location, room)

    def child(self, hub_name: str) -> HubUser:
        """The child a hub user is.

        :raises RefusedError: for a teacher, or a hub user sq2edu never signed in.
        """
        known = self._children.get(hub_name)
        if known is not None:
            return known
        try:
            user = self._school.hub_user(hub_name)
        except Exception as error:
            # As for a class's store below: the next request opens it again.
            with suppress(Exception):
                self._school.store.close()
            self._school = School(self._open(""))
            raise StoreError(f"the store failed: {type(error).__name__}") from error
        if user is None or user.nickname is None:
            raise RefusedError(403, "this is not a child's kernel")
        self._children[hub_name] = user
        return user

    def call(self, method: str, hub_name: str, args: dict[str, Any], address: str) -> Any:
        """Do ``method`` for the child signed in as ``hub_name``, on the service's worker
        thread, and wait for it.

        :raises RefusedError: for an unknown method, or one this child may not make.
        """
        return self.worker.submit(self.run, method, hub_name, args, address).result()

    def on_worker(self, work: Callable[[], Any]) -> Any:
        """What ``work`` gives, done on the service's worker thread."""
        return self.worker.submit(work).result()

    def run(self, method: str, hub_name: str, args: dict[str, Any], address: str) -> Any:
        """:meth:`call`, in the thread it is called from (the worker thread)."""
        action = _CALLS.get(method)
        if action is None:
            raise RefusedError(404, f"there is no call {method[:40]!r}")
        child = self.child(hub_name)
        store = self._rooms.get(child.room)
        if store is None:
            store = self._rooms[child.room] = self._open(child.room)
        if method in PACES:
            pace = self._paces.get(f"{method}:{hub_name}")
            if pace is None:
                pace = self._paces[f"{method}:{hub_name}"] = TokenBucket(*PACES[method])
            if not pace.take():
                raise RefusedError(429, f"too many {method} calls at once")
        try:
            return action(store, child, args, address)
        except WireError as error:
            raise RefusedError(400, str(error)) from error
        except RefusedError:
            raise
        except Exception as error:
            # A connection the database dropped (a restart, a network blip) is opened again
            # by the next request instead of failing every one after it.
            self._rooms.pop(child.room, None)
            with suppress(Exception):
                store.close()
            raise StoreError(f"the store failed: {type(error).__name__}") from error

    def close(self) -> None:
        """Close every store, and stop the worker thread."""

        def close_all() -> None:
            for store in (*self._rooms.values(), self._school.store):
                store.close()

        self.worker.submit(close_all).result()
        self.worker.shutdown(wait=True)


def _nickname(child: HubUser) -> str:
    assert child.nickname is not None
    return child.nickname


def _own(child: HubUser, nickname: object) -> str:
    if nickname != child.nickname:
        raise RefusedError(403, "a child's kernel acts for its own child only")
    return _nickname(child)


def _who(_store: SQLStore, child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    return {"room": child.room, "nickname": child.nickname}


def _join(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    # The hub let the child in under this name; the device that holds it is the hub login.
    return store.join(_own(child, args.get("nickname")))


def _students(store: SQLStore, _child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    return store.students()


def _seen(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    said = args.get("language", "")
    store.seen(_own(child, args.get("nickname")), language=said if said in LANGUAGES else "")


def _groups(store: SQLStore, child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    return {
        name: [members, focus]
        for name, (members, focus) in store.groups().items()
        if child.nickname in members
    }


def _settings(store: SQLStore, _child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    return store.settings()


def _current_class(store: SQLStore, _child: HubUser, _args: dict[str, Any], _addr: str) -> Any:
    return list(store.current_class())


def _own_attempts(store: SQLStore, child: HubUser, args: dict[str, Any], _addr: str) -> Any:
    limit = args.get("limit", OWN_ATTEMPTS)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= OWN_ATTEMPTS:
        raise RefusedError(400, f"limit is a whole number from 1 to {OWN_ATTEMPTS}")
    student = _own(child, args.get("student"))
    return [attempt_to(attempt) for attempt in store.attempts(student, limit)]


def _own_lessons(store: SQLStore, child: HubUser, args: dict[str, Any], _addr: str) -> Any:
    student = _own(child, args.get("student"))
    return {
        lesson: [[number, status] for number, status in sorted(marks.items())]
        for lesson, marks in store.lesson_progress(student).items()
    }


def _record_attempt(store: SQLStore, child: HubUser, args: dict[str, Any], _addr: str) -> Any:
    attempt = attempt_from(args.get("attempt"))
    _own(child, attempt.student)
    if attempt.lesson and attempt.lesson not in ClassSettings.from_dict(store.settings()).lessons:
        raise RefusedError(403, "that lesson is not open to the class")
    if attempt.where == "game":
        attempt = in_hand(store, _nickname(child), attempt)
    # The time is the service's own: a child's kernel's clock (or its word) is not taken.
    store.record_attempt(replace(decided(attempt), at=utc_now()))


def in_hand(store: SQLStore, nickname: str, attempt: Attempt) -> Attempt:
    """A game's equation said to be right, checked against the cards the child holds.

    At a table of classmates where it is the child's turn, those are the number cards her
    seat holds in the service's own game, whatever her server says she holds (they are
    the attempt's cards then), checked with the table's operations and her knight. In a
    game against the computer, which lives in her server, they are the cards her server
    says she holds. An equation that needs a card she does not hold is kept as wrong, with
    what is wrong with it."""
    if not attempt.ok:
        return attempt
    values, operations, adjust = list(attempt.cards), ALL_OPERATIONS, True
    tables = Tables(store)
    mine = tables.where(nickname)
    seat = None if mine is None else mine.seat_of(nickname)
    if mine is not None and seat is not None and mine.status == "playing":
        game = tables.load(mine.id).game
        if game.current_player == seat and not game.is_over:
            edition = editions.load(mine.edition)
            values = edition.number_values(game, seat)
            operations = game.rules.operations
            adjust = edition.may_adjust(game, seat)
            attempt = replace(attempt, cards=tuple(values))
    try:
        with language("en"):
            verdict = check(attempt.text, values, operations, adjust=adjust)
    except ValueError:  # a card no game has (0, or past 999)
        return replace(attempt, ok=False, codes=("missing-card",))
    if verdict.ok:
        return replace(attempt, codes=())
    return replace(attempt, ok=False, codes=verdict.codes)


def decided(attempt: Attempt) -> Attempt:
    """An attempt with what the service decides itself rather than takes from a child's
    server: whether an answer to a lesson's exercise is right and what is wrong with it (the
    lesson's own check, which the service has too), and that an attempt after the worked
    example is helped (:class:`~sq2edu.progress.records.Attempt` sees to that). A question
    answered with a button is taken as sent: its text is the question, not the answer.

    An equation of the Lab or a game said to be right is checked again: one that is not a
    true equation by the Rescue's rules is kept as wrong, with what is wrong with it. (The
    cards a child held are the page's to check; a wrong answer is kept as sent.)"""
    if attempt.where != "lesson" or not attempt.lesson:
        if not attempt.ok:
            return attempt
        with language("en"):
            verdict = check(attempt.text)
            if not verdict.ok and check_remainder(attempt.text).ok:
                return replace(attempt, codes=())  # a division with what is left over
        if verdict.ok:
            return replace(attempt, codes=())
        return replace(attempt, ok=False, codes=verdict.codes)
    task = LESSONS[attempt.lesson].exercises[attempt.exercise - 1]
    if not isinstance(task, Exercise):
        return attempt
    with language("en"):
        verdict = task.answer(attempt.text)
    return replace(attempt, ok=verdict.ok, codes=verdict.codes)


def _record_game(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    game = game_from(args.get("game"))
    if child.nickname not in game.players:
        raise RefusedError(403, "a child's kernel keeps the games its child played")
    store.record_game(replace(game, at=utc_now()))


def _record_event(store: SQLStore, child: HubUser, args: dict[str, Any], address: str) -> Any:
    kind, detail = args.get("kind"), args.get("detail", "")
    if kind not in _EVENT_KINDS or not isinstance(detail, str):
        raise RefusedError(400, "not a refusal a page meets")
    store.record_event(GuardEvent(kind, address, f"{_nickname(child)}: {detail[:80]}"))


def _last_seen(store: SQLStore, _child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    # When classmates were last here: a table plays for a child who is away.
    return store.last_seen()


def _table_call(
    action: Callable[[Tables, SQLStore, HubUser, dict[str, Any]], Any],
) -> Call:
    """A call about the class's tables: in the page's language, a refusal sent back as
    such (the child's page shows its words) rather than as an error of the service."""

    def call(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
        lang = args.get("lang")
        with language(lang if lang in LANGUAGES else "en"):
            try:
                return {"value": action(Tables(store), store, child, args)}
            except StaleTableError as error:
                return {"refused": {"kind": "stale", "message": str(error)}}
            except IllegalActionError as error:
                return {"refused": {"kind": "illegal", "message": str(error)}}
            except TableError as error:
                return {"refused": {"kind": "table", "message": str(error)}}

    return call


def _table_id(args: dict[str, Any]) -> str:
    table = args.get("table")
    if not isinstance(table, str) or len(table) > 40:
        raise RefusedError(400, "a table is named by its id")
    return table


def _whole_arg(args: dict[str, Any], name: str) -> int:
    value = args.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RefusedError(400, f"{name} is a whole number")
    return value


def _seat_to(shared: SharedGame, child: HubUser) -> dict[str, Any]:
    """What a child's kernel is sent of a table: the table, and the game as the child's
    own seat sees it (:meth:`sq2edu.core.Game.view`) with the rules and the table's log,
    which every seat hears. Never the game itself: its other hands, the draw pile's
    order, the face-down cards and its random state stay in the service."""
    seat = shared.info.seat_of(_nickname(child))
    if seat is None:
        raise RefusedError(403, "a child's kernel sees the table its child sits at")
    game = shared.game
    return {
        "info": table_to(shared.info),
        "seat": seat,
        "view": game.view(seat),
        "rules": game.rules.to_dict(),
        "log": [event.to_dict() for event in game.log],
    }


def _may_move(store: SQLStore, child: HubUser, info: TableInfo, seat: int) -> bool:
    """A child's kernel moves its own seat, a computer's, or an away classmate's (as any
    page at the table may when its lease comes)."""
    if not 0 <= seat < len(info.seats):
        return False
    entry = info.seats[seat] or {}
    if entry.get("child") == child.nickname or "bot" in entry:
        return True
    # The away takeover of a page's own seat (TableSeat.look_for_away): a classmate not
    # seen for longer than the class's turn timeout, counted from up to one "still there?"
    # before she went.
    timeout = ClassSettings.from_dict(store.settings()).turn_timeout
    seen = store.last_seen().get(entry.get("child", ""))
    return bool(timeout) and (seen is None or seconds_since(seen) > timeout + SEEN_EVERY)


def _tables(tables: Tables, _store: SQLStore, _child: HubUser, args: dict[str, Any]) -> Any:
    statuses = args.get("statuses", ["open", "playing"])
    if not isinstance(statuses, list) or not set(statuses) <= {"open", "playing", "over"}:
        raise RefusedError(400, "statuses are open, playing or over")
    return [table_to(info) for info in tables.tables(statuses)]


def _where(tables: Tables, _store: SQLStore, child: HubUser, _args: dict[str, Any]) -> Any:
    found = tables.where(_nickname(child))
    return None if found is None else table_to(found)


def _load(tables: Tables, _store: SQLStore, child: HubUser, args: dict[str, Any]) -> Any:
    return _seat_to(tables.load(_table_id(args)), child)


def _version(tables: Tables, _store: SQLStore, _child: HubUser, args: dict[str, Any]) -> Any:
    return tables.version(_table_id(args))


def _make(tables: Tables, _store: SQLStore, child: HubUser, args: dict[str, Any]) -> Any:
    edition = args.get("edition")
    if edition not in editions.names():
        raise RefusedError(400, f"the edition is one of {', '.join(editions.names())}")
    return table_to(tables.make(_nickname(child), _whole_arg(args, "size"), str(edition)))


def _sit(tables: Tables, _store: SQLStore, child: HubUser, args: dict[str, Any]) -> Any:
    return table_to(tables.sit(_table_id(args), _nickname(child)))


def _stand(tables: Tables, _store: SQLStore, child: HubUser, args: dict[str, Any]) -> Any:
    tables.stand(_table_id(args), _nickname(child))


def _start(tables: Tables, store: SQLStore, child: HubUser, args: dict[str, Any]) -> Any:
    fill = args.get("fill")
    if fill is not None and fill not in BOT_LEVELS:
        raise RefusedError(400, "a computer's level is easy, medium or hard")
    table_id = _table_id(args)
    mine = tables.where(_nickname(child))
    settings = ClassSettings.from_dict(store.settings())
    # The table's own game, even if the teacher changed the class's game since it was made.
    edition = mine.edition if mine is not None and mine.id == table_id else settings.edition
    deal = table_dealer(replace(settings, edition=edition))
    return _seat_to(tables.start(table_id, _nickname(child), deal, fill), child)


def _move(tables: Tables, store: SQLStore, child: HubUser, args: dict[str, Any]) -> Any:
    table_id, seat, version = _table_id(args), _whole_arg(args, "seat"), _whole_arg(args, "version")
    action = action_of(args.get("action"))
    shared = tables.load(table_id)
    if not _may_move(store, child, shared.info, seat):
        raise RefusedError(403, "a child's kernel moves its own seat")
    entry = shared.info.seats[seat] or {}
    if entry.get("child") != child.nickname:
        # A computer's seat, or an away classmate's: the service chooses the move, as the
        # computer player would (the same table and move number give the same choice), and
        # the page only asks for it to be made.
        if shared.info.version != version:
            raise StaleTableError(_("Someone moved first. Look at the table again."))
        level = str(entry.get("bot") or AWAY_LEVEL)
        seed = zlib.crc32(f"{table_id}:{version}".encode())
        bot = make_bot(level, seed=seed, edition=shared.info.edition)
        action = bot.choose(shared.game.clone())
    shared, events = tables.move(table_id, version, seat, action)
    return {**_seat_to(shared, child), "events": len(events)}


def _lease(tables: Tables, _store: SQLStore, child: HubUser, args: dict[str, Any]) -> Any:
    holder = args.get("holder")
    if not isinstance(holder, str) or len(holder) > 40:
        raise RefusedError(400, "a lease's holder is a short text")
    # The holder names the child, so one child's kernel can never pass for another's.
    owned = f"{_nickname(child)}:{holder}"
    return tables.lease(_table_id(args), _whole_arg(args, "version"), owned)


def _table_stamp(store: SQLStore, _child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    shown = Tables(store).tables(("open", "playing"))
    return ";".join(f"{info.id}:{info.version}" for info in shown)


_CALLS: dict[str, Call] = {
    "last_seen": _last_seen,
    "table_stamp": _table_stamp,
    "tables": _table_call(_tables),
    "where": _table_call(_where),
    "load": _table_call(_load),
    "version": _table_call(_version),
    "make": _table_call(_make),
    "sit": _table_call(_sit),
    "stand": _table_call(_stand),
    "start": _table_call(_start),
    "move": _table_call(_move),
    "lease": _table_call(_lease),
    "who": _who,
    "join": _join,
    "students": _students,
    "seen": _seen,
    "groups": _groups,
    "settings": _settings,
    "current_class": _current_class,
    "record_attempt": _record_attempt,
    "own_attempts": _own_attempts,
    "own_lessons": _own_lessons,
    "record_game": _record_game,
    "record_event": _record_event,
    **CHALLENGE_CALLS,
}


def _no_constant(name: str) -> Any:
    """JSON's ``NaN`` and ``Infinity`` are not numbers a record may hold."""
    raise ValueError(f"{name} is not a number")


class CallHandler(tornado.web.RequestHandler):
    """``POST <prefix>api/<call>`` with a JSON object of arguments, from a kernel of the class
    server naming its child with that child's key; answers ``{"result": ...}`` or
    ``{"error": "..."}``."""

    def initialize(self, service: ClassService) -> None:
        self.service = service

    def check_xsrf_cookie(self) -> None:
        """Requests carry a key in a header, never a cookie: no cross-site form can make
        one."""

    def get_current_user(self) -> Any:
        """The hub user a class server's kernel names, if it carries that child's key (made
        from the class server's key: :func:`sq2edu.hub.private.child_key`). No hub token or
        cookie is looked at: none a child could hold reaches anything here."""
        named = self.request.headers.get(CHILD_HEADER)
        key = self.service.key
        if named is None or key is None:
            return None
        sent = self.request.headers.get(SERVER_KEY_HEADER, "")
        if not hmac.compare_digest(sent, child_key(classroom_key(key), named)):
            log.warning("refused a call for %r: not its class server's key", named[:80])
            return None
        return {"name": named}

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Errors in plain words, never a traceback."""
        self.finish({"error": self._reason or "refused"})

    @tornado.web.authenticated
    async def post(self, method: str) -> None:
        if len(self.request.body) > _LARGEST_BODY:
            raise tornado.web.HTTPError(413, reason="the request is too large")
        try:
            args = json.loads(self.request.body or b"{}", parse_constant=_no_constant)
        except ValueError:
            args = None
        if not isinstance(args, dict):
            raise tornado.web.HTTPError(400, reason="the arguments are not a JSON object")
        user = self.current_user
        try:
            # The store's calls block: they run on the service's one worker thread, in
            # turn, and the event loop goes on answering.
            result = await tornado.ioloop.IOLoop.current().run_in_executor(
                self.service.worker,
                self.service.run,
                method,
                user["name"],
                args,
                self.request.remote_ip or "?",
            )
        except RefusedError as refused:
            log.warning("refused %s for %s: %s", method, user["name"], refused)
            raise tornado.web.HTTPError(refused.status, reason=str(refused)) from refused
        except StoreError as error:
            log.error("the store failed on %s: %s", method, error, exc_info=True)
            raise tornado.web.HTTPError(
                503, reason="the class's records cannot be reached"
            ) from error
        self.finish({"result": result})


def make_app(service: ClassService, prefix: str) -> tornado.web.Application:
    """The service's web application, its calls under ``prefix`` (the hub's
    ``JUPYTERHUB_SERVICE_PREFIX``)."""
    return tornado.web.Application(
        [(rf"{prefix.rstrip('/')}/api/(\w+)", CallHandler, {"service": service})],
        # Only the calls: no static files, no templates, no debug pages.
        debug=False,
    )


def listen(app: tornado.web.Application, port: int, host: str, wait: float = 15.0) -> str:
    """Listen on ``host:port``; "" once it does, else why not, in plain words.

    A port still held by an old class service whose hub is gone is taken back: that service
    is stopped (it stops by itself within a second or two of its hub: see
    :func:`sq2edu.hub.stop_with_hub`). Any other process on the port is named, not touched.
    """
    import errno

    import psutil

    deadline = time.monotonic() + wait
    while True:
        try:
            app.listen(port, host)
            return ""
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                raise
        holder = _holder(port)
        if holder is not None and _orphaned_service(holder):
            log.warning(
                "stopping an old class service (pid %s) that holds port %s", holder.pid, port
            )
            with suppress(psutil.Error):
                holder.terminate()
                holder.wait(5)
        if time.monotonic() > deadline:
            who = "another program"
            if holder is not None:
                with suppress(psutil.Error):
                    who = f"another program ({holder.name()}, process {holder.pid})"
            return (
                f"the class service cannot listen on {host}:{port}: {who} holds that port. "
                "Stop it, or give the class service another port (c.SchoolHub.service_port, "
                "sq2edu hub --service-port)."
            )
        time.sleep(0.5)


def _holder(port: int) -> Any:
    """The process listening on ``port`` on this machine, if this account may see it."""
    import psutil

    with suppress(psutil.Error, OSError):
        for connection in psutil.net_connections("tcp"):
            if connection.laddr and connection.laddr.port == port and connection.status == "LISTEN":
                return psutil.Process(connection.pid) if connection.pid else None
    return None


def _orphaned_service(process: Any) -> bool:
    """Whether ``process`` is a class service of this account whose hub is gone."""
    import psutil

    try:
        return (
            "sq2edu.hub.service" in " ".join(process.cmdline())
            and process.uids().real == os.getuid()
            and not any("jupyterhub" in " ".join(p.cmdline()) for p in process.parents())
        )
    except psutil.Error:
        return False


def main() -> None:
    """Run the service as the hub starts it: the store's address in the file named by
    ``SQ2EDU_DB_FILE`` (or in ``SQ2EDU_DB``), the hub's key in the folder named by
    ``SQ2EDU_KEY_FOLDER``, and the hub's ``JUPYTERHUB_SERVICE_URL`` and
    ``JUPYTERHUB_SERVICE_PREFIX``."""
    from urllib.parse import urlparse

    from sq2edu.hub import stop_on_interrupt, stop_with_hub

    stop_on_interrupt()
    stop_with_hub()
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    try:
        location = store_address()
        key = key_in(Path(os.environ["SQ2EDU_KEY_FOLDER"]))
    except (KeyError, OSError) as error:
        print(f"sq2edu: the class service has no store or key: {error}", file=sys.stderr)
        sys.exit(2)
    # The address stays in this process only: none of its children, if it had any, and no
    # page of it, would see it.
    os.environ.pop("SQ2EDU_DB", None)
    try:
        service = ClassService(location, key)
    except StoreError as error:
        print(f"sq2edu: {error}", file=sys.stderr)
        sys.exit(2)
    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    app = make_app(service, os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"))
    taken = listen(app, url.port or 80, url.hostname or "127.0.0.1")
    if taken:
        print(f"sq2edu: {taken}", file=sys.stderr, flush=True)
        service.close()
        sys.exit(2)
    log.info("the class service listens at %s", url.geturl())
    try:
        tornado.ioloop.IOLoop.current().start()
    except KeyboardInterrupt:
        log.info("the class service stops")


if __name__ == "__main__":
    main()
