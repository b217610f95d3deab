"""The class service: the part of a school's hub that keeps the children's records.

It is a JupyterHub service, started by the hub, and with the hub it is the only process
that holds the database's address and credential (``SQ2EDU_DB``). A student's server keeps
its records here (:class:`sq2edu.hub.remote.ServiceStore`): each request carries that
server's hub token; the service asks the hub whose token it is (the token must allow
``access:services!service=sq2edu-class``), looks the hub user up in the store, and does only
what that child may do in their own class:

- read the class's settings, the names of its children, and the groups the child is in;
- note that the child is here, and keep the child's own attempts and games;
- keep a refusal the child's page met, with the address it came from.

An attempt made in another child's name, a game the child did not play, a token the hub
does not know, a teacher's token, a body over 64 KB, and more than a burst of attempts at
once are refused. Nothing else of the store can be reached through it.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable
from typing import Any

import tornado.ioloop
import tornado.web
from jupyterhub.services.auth import HubAuth, HubAuthenticated

from sq2edu.classroom.limits import TokenBucket
from sq2edu.classroom.records import GuardEvent
from sq2edu.classroom.school import HubUser, School
from sq2edu.classroom.store import SQLStore, StoreError, open_store
from sq2edu.hub.wire import WireError, attempt_from, game_from

__all__ = ["NAME", "ClassService", "main", "make_app"]

#: The service's name in the hub (and in the scope a student's token needs).
NAME = "sq2edu-class"
#: A child's page may check this many equations at once, then one every so many seconds
#: (the student app's own pace, so a page that keeps to it is never refused).
ATTEMPT_BURST = 6
ATTEMPT_EVERY = 1.5
_LARGEST_BODY = 64 * 1024
_EVENT_KINDS = frozenset({"name-taken", "wrong-code", "class-full", "too-fast"})

log = logging.getLogger("sq2edu.hub.service")

Call = Callable[[SQLStore, HubUser, dict[str, Any], str], Any]


class RefusedError(Exception):
    """A request this child may not make (HTTP 403), or a malformed one (400)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


class ClassService:
    """The store of every room, opened once each, and the calls a child's server makes.

    :param location: the school's store (``SQ2EDU_DB``).
    """

    def __init__(self, location: str) -> None:
        self.location = location
        self._school = School(self._open(""))
        self._rooms: dict[str, SQLStore] = {}
        self._paces: dict[str, TokenBucket] = {}

    def _open(self, room: str) -> SQLStore:
        store = open_store(self.location, room)
        assert isinstance(store, SQLStore)
        return store

    def child(self, hub_name: str) -> HubUser:
        """The child a hub user is.

        :raises RefusedError: for a teacher, or a hub user sq2edu never signed in.
        """
        user = self._school.hub_user(hub_name)
        if user is None or user.nickname is None:
            raise RefusedError(403, "this is not a child's server")
        return user

    def call(self, method: str, hub_name: str, args: dict[str, Any], address: str) -> Any:
        """Do ``method`` for the child signed in as ``hub_name``.

        :raises RefusedError: for an unknown method, or one this child may not make.
        """
        action = _CALLS.get(method)
        if action is None:
            raise RefusedError(404, f"there is no call {method[:40]!r}")
        child = self.child(hub_name)
        store = self._rooms.get(child.room)
        if store is None:
            store = self._rooms[child.room] = self._open(child.room)
        if method == "record_attempt":
            pace = self._paces.setdefault(hub_name, TokenBucket(ATTEMPT_BURST, ATTEMPT_EVERY))
            if not pace.take():
                raise RefusedError(429, "too many attempts at once")
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
            try:
                store.close()
            except Exception:
                log.debug("closing a failed store", exc_info=True)
            raise StoreError(f"the store failed: {type(error).__name__}") from error

    def close(self) -> None:
        """Close every store."""
        for store in (*self._rooms.values(), self._school.store):
            store.close()


def _nickname(child: HubUser) -> str:
    assert child.nickname is not None
    return child.nickname


def _own(child: HubUser, nickname: object) -> str:
    if nickname != child.nickname:
        raise RefusedError(403, "a child's server acts for its own child only")
    return _nickname(child)


def _who(_store: SQLStore, child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    return {"room": child.room, "nickname": child.nickname}


def _join(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    # The hub let the child in under this name; the device that holds it is the hub login.
    return store.join(_own(child, args.get("nickname")))


def _students(store: SQLStore, _child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    return store.students()


def _seen(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    store.seen(_own(child, args.get("nickname")))


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


def _record_attempt(store: SQLStore, child: HubUser, args: dict[str, Any], _addr: str) -> Any:
    attempt = attempt_from(args.get("attempt"))
    _own(child, attempt.student)
    store.record_attempt(attempt)


def _record_game(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    game = game_from(args.get("game"))
    if child.nickname not in game.players:
        raise RefusedError(403, "a child's server keeps the games its child played")
    store.record_game(game)


def _record_event(store: SQLStore, child: HubUser, args: dict[str, Any], address: str) -> Any:
    kind, detail = args.get("kind"), args.get("detail", "")
    if kind not in _EVENT_KINDS or not isinstance(detail, str):
        raise RefusedError(400, "not a refusal a page meets")
    store.record_event(GuardEvent(kind, address, f"{_nickname(child)}: {detail[:80]}"))


_CALLS: dict[str, Call] = {
    "who": _who,
    "join": _join,
    "students": _students,
    "seen": _seen,
    "groups": _groups,
    "settings": _settings,
    "current_class": _current_class,
    "record_attempt": _record_attempt,
    "record_game": _record_game,
    "record_event": _record_event,
}


class CallHandler(HubAuthenticated, tornado.web.RequestHandler):  # type: ignore[misc]
    """``POST <prefix>api/<call>`` with a JSON object of arguments; answers
    ``{"result": ...}`` or ``{"error": "..."}``."""

    def initialize(self, hub_auth: HubAuth, service: ClassService) -> None:
        self.hub_auth = hub_auth
        self.service = service

    def check_xsrf_cookie(self) -> None:
        """Requests carry a token in a header, never a cookie: no cross-site form can
        make one."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Errors in plain words, never a traceback."""
        self.finish({"error": self._reason or "refused"})

    @tornado.web.authenticated
    async def post(self, method: str) -> None:
        if len(self.request.body) > _LARGEST_BODY:
            raise tornado.web.HTTPError(413, reason="the request is too large")
        try:
            args = json.loads(self.request.body or b"{}")
        except ValueError:
            args = None
        if not isinstance(args, dict):
            raise tornado.web.HTTPError(400, reason="the arguments are not a JSON object")
        user = self.current_user
        try:
            result = self.service.call(method, user["name"], args, self.request.remote_ip or "?")
        except RefusedError as refused:
            log.warning("refused %s for %s: %s", method, user["name"], refused)
            raise tornado.web.HTTPError(refused.status, reason=str(refused)) from refused
        except StoreError as error:
            log.error("the store failed on %s: %s", method, error)
            raise tornado.web.HTTPError(
                503, reason="the class's records cannot be reached"
            ) from error
        self.finish({"result": result})


def make_app(
    service: ClassService, prefix: str, hub_auth: HubAuth | None = None
) -> tornado.web.Application:
    """The service's web application, its calls under ``prefix`` (the hub's
    ``JUPYTERHUB_SERVICE_PREFIX``)."""
    auth = hub_auth or HubAuth(access_scopes={f"access:services!service={NAME}"})
    return tornado.web.Application(
        [(rf"{prefix.rstrip('/')}/api/(\w+)", CallHandler, {"hub_auth": auth, "service": service})],
        # Only the calls: no static files, no templates, no debug pages.
        debug=False,
    )


def main() -> None:
    """Run the service as the hub starts it (``SQ2EDU_DB``, and the hub's
    ``JUPYTERHUB_SERVICE_URL`` and ``JUPYTERHUB_SERVICE_PREFIX``)."""
    from urllib.parse import urlparse

    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    location = os.environ["SQ2EDU_DB"]
    # The address stays in this process only: none of its children, if it had any, and no
    # page of it, would see it.
    del os.environ["SQ2EDU_DB"]
    try:
        service = ClassService(location)
    except StoreError as error:
        print(f"sq2edu: {error}", file=sys.stderr)
        sys.exit(2)
    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    app = make_app(service, os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"))
    app.listen(url.port or 80, url.hostname or "127.0.0.1")
    log.info("the class service listens at %s", url.geturl())
    tornado.ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
