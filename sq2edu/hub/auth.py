"""Signing in to a school's hub: children with their class code and nickname, teachers with
their name and password.

A child needs no password (six-year-olds do not keep one): the class code says which class,
the nickname which child. As in the one-laptop classroom, a nickname belongs to the device
that first signed in with it, known by a secret the hub's sign-in page gives each browser
(an HttpOnly cookie kept for a school year); another device with the same code and
nickname is refused until the teacher releases the name on the dashboard. Wrong codes and
passwords earn growing waits for the device that made them (and, for a teacher's password,
for the name typed, never on that teacher's own devices); a nickname typed with wrong codes
keeps nobody out, since a guesser could otherwise keep a child out by typing her name. Past
a few wrong tries from one network address, sign-ins there from devices that have never
signed in take turns, a few seconds apart: a guesser who changes device and nickname at
each try is slowed, and a class behind one address is slowed with it but never locked
out. A device that holds a name in the school (kept in the store, so also after a restart)
never takes a turn. An address makes new names a few at a time. The hub user a child
becomes is the same on every sign-in
(:meth:`sq2edu.classroom.storage.school.School.child_user`), so a returning child finds
their own records.

The sign-in page speaks the browser's language (English, Russian or Norwegian Bokmål).
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import re
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from jupyterhub.handlers.base import BaseHandler
from jupyterhub.handlers.login import LoginHandler
from tornado import web
from traitlets import List, Unicode

from sq2edu.classroom.server.client import LANGUAGE_COOKIE
from sq2edu.classroom.server.limits import LONGEST_WAIT, TokenBucket, _wait_after
from sq2edu.classroom.storage.school import School
from sq2edu.classroom.storage.store import open_store
from sq2edu.i18n import LANGUAGES, _, language
from sq2edu.progress.nicknames import check_nickname, similar_names
from sq2edu.progress.records import GuardEvent

__all__ = ["TEMPLATES", "SchoolAuthenticator", "SignInHandler"]

#: The hub's page templates sq2edu brings (the sign-in page).
TEMPLATES = Path(__file__).parent / "templates"
#: The cookie that tells one browser from another, for a school year. (Not the name of the
#: cookie the class server keeps, at ``/``: the browser would send both, and the hub would
#: read the server's.)
DEVICE_COOKIE = "sq2edu-hub-device"
#: The cookie the class server keeps: its secret is the device's too.
SERVER_DEVICE_COOKIE = "sq2edu-device"
_DEVICE_DAYS = 365
_DEVICE_SECRET = re.compile(r"[A-Za-z0-9_-]{32,64}")


def _page_language(accept: str) -> str:
    """The first of the browser's languages that sq2edu speaks (English otherwise)."""
    for part in accept.split(","):
        code = part.split(";")[0].strip().lower()
        for lang in LANGUAGES:
            if code == lang or code.startswith(f"{lang}-") or (lang == "nb" and code == "no"):
                return lang
    return "en"


def _words(lang: str) -> dict[str, str]:
    with language(lang):
        return {
            "lang": lang,
            "title": _("Sign in"),
            "child": _("I am a student"),
            "code": _("Class code"),
            "nickname": _("Nickname"),
            "go": _("Let's go!"),
            "teacher": _("I am a teacher"),
            "name": _("Name"),
            "password": _("Password"),
            "sign_in": _("Sign in"),
        }


class SignInHandler(LoginHandler):  # type: ignore[misc]
    """The hub's ``/login``: sq2edu's page, in the browser's language, and a device secret
    for a browser that has none."""

    _known_device = ""

    def _device(self) -> str:
        """This browser's secret: the hub's cookie (signed, kept a school year), else the
        one the class server gave it, else a new one; the same for every page of one visit."""
        if self._known_device:
            return self._known_device
        secret = self.get_secure_cookie(DEVICE_COOKIE, max_age_days=_DEVICE_DAYS)
        if secret is not None:
            self._known_device = secret.decode()
            return self._known_device
        kept = self.get_cookie(SERVER_DEVICE_COOKIE) or ""
        fresh = kept if _DEVICE_SECRET.fullmatch(kept) else secrets.token_urlsafe(32)
        self.set_secure_cookie(
            DEVICE_COOKIE,
            fresh,
            expires_days=_DEVICE_DAYS,
            httponly=True,
            samesite="Strict",
            path=self.hub.base_url,
        )
        self._known_device = fresh
        return fresh

    def _render(
        self, login_error: str | None = None, username: str | None = None, **kwargs: Any
    ) -> Any:
        self._device()
        lang = _page_language(self.request.headers.get("Accept-Language", ""))
        if not self.get_cookie(LANGUAGE_COOKIE):
            # The child's app opens in the language of the sign-in page, not the class's,
            # until the child chooses another there (the app keeps that choice here).
            self.set_cookie(
                LANGUAGE_COOKIE, lang, path="/", samesite="Lax", expires_days=_DEVICE_DAYS
            )
        return super()._render(login_error, username, words=_words(lang), **kwargs)

    async def post(self) -> None:
        # The device is known before the sign-in is judged, even on a first visit.
        self.request.sq2edu_device = hashlib.sha256(self._device().encode()).hexdigest()
        self.request.sq2edu_language = _page_language(
            self.request.headers.get("Accept-Language", "")
        )
        await super().post()


#: Wrong tries one guesser (a nickname with a class code, a teacher's name, a device) may
#: make before waiting; the waits then double from 5 s up to 5 minutes.
GUESSER_TRIES = 5
#: How far back wrong tries count, for a guesser and for the school.
TRIES_WINDOW = 15 * 60
#: Wrong tries the whole school may make in :data:`TRIES_WINDOW` before sign-ins from
#: devices the hub has not seen sign in are taken one at a time, :data:`PACED_EVERY` apart.
SCHOOL_TRIES = 60
PACED_EVERY = 0.5
#: The longest a paced sign-in waits its turn before it is told to come back.
LONGEST_TURN = 30.0
#: Wrong tries from one network address in :data:`TRIES_WINDOW` after which sign-ins
#: there from devices that never signed in take turns, :data:`ADDRESS_PACED_EVERY` apart.
ADDRESS_TRIES = 20
ADDRESS_PACED_EVERY = 3.0
#: New names one network address may make at once, then one every so many seconds (a
#: class arriving together behind one address waits its turn; a script is slowed).
NEW_NAMES_BURST = 30
NEW_NAME_EVERY = 10.0


class ToOwnPage(BaseHandler):  # type: ignore[misc]
    """Where JupyterHub's own pages were: a child goes to their app, a teacher to the
    dashboard (the hub's ``default_url``)."""

    @web.authenticated
    def get(self) -> None:
        self.redirect(self.get_next_url(self.current_user, default=None))


class _Tries:
    """Wrong codes and passwords, by who made them, by network address (which paces, never
    refuses: a whole school may share one), and by the whole school.

    :param clock: seconds, for tests.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._wrong: dict[str, deque[float]] = defaultdict(deque)
        self._school: deque[float] = deque()
        self._by_address: dict[str, deque[float]] = defaultdict(deque)
        self._next_turn = 0.0
        self._next_address_turn: dict[str, float] = {}
        self._new_names: dict[str, TokenBucket] = {}
        #: Devices (digests of their secret) that signed in with a right code or password
        #: since the hub started: they are never paced, only their own wrong tries count.
        self.known_devices: set[str] = set()
        #: The names (a nickname, a teacher's name) each device signed in as since the hub
        #: started: a name's waits never fall on its own devices, so typing someone's name
        #: with wrong codes or passwords cannot lock them out.
        self.own_names: dict[str, set[str]] = {}

    def signed_in(self, device: str, name: str) -> None:
        """Note that ``device`` signed in as ``name`` (a guesser of :meth:`wait`)."""
        self.known_devices.add(device)
        self.own_names.setdefault(device, set()).add(name)

    def _recent(self, tries: deque[float]) -> deque[float]:
        now = self._clock()
        while tries and now - tries[0] > TRIES_WINDOW:
            tries.popleft()
        return tries

    def wait(self, *guessers: str, device: str | None = None) -> float:
        """How long the longest waiting of ``guessers`` must still wait, from ``device``
        (whose own names do not wait)."""
        now = self._clock()
        longest = 0.0
        own = self.own_names.get(device, set()) if device else set()
        for guesser in guessers:
            if guesser in own:
                continue
            wrong = self._recent(self._wrong[guesser])
            if wrong:
                earned = _wait_after(len(wrong), GUESSER_TRIES, LONGEST_WAIT)
                longest = max(longest, earned - (now - wrong[-1]))
            else:
                del self._wrong[guesser]
        return longest

    def wrong(self, *guessers: str, address: str = "") -> None:
        """Note a wrong try by each of ``guessers``, from ``address`` (and by the school)."""
        now = self._clock()
        for guesser in guessers:
            self._wrong[guesser].append(now)
        if address:
            self._by_address[address].append(now)
        self._school.append(now)

    def turn(self, device: str | None, address: str = "") -> float | None:
        """Seconds this sign-in waits its turn (0: none), or ``None`` if the queue is
        longer than :data:`LONGEST_TURN`. Devices the hub does not know go one at a time:
        from an address over its few wrong tries, :data:`ADDRESS_PACED_EVERY` apart; while
        the whole school is over its ceiling, :data:`PACED_EVERY` apart."""
        if device in self.known_devices:
            return 0.0
        now = self._clock()
        start = now
        paced = False
        if address:
            wrong_here = self._recent(self._by_address[address])
            if not wrong_here:
                del self._by_address[address]
                self._next_address_turn.pop(address, None)
            elif len(wrong_here) >= ADDRESS_TRIES:
                start = max(start, self._next_address_turn.get(address, 0.0))
                paced = True
        school_paced = len(self._recent(self._school)) >= SCHOOL_TRIES
        if school_paced:
            start = max(start, self._next_turn)
        if start - now > LONGEST_TURN:
            return None
        if paced:
            self._next_address_turn[address] = start + ADDRESS_PACED_EVERY
        if school_paced:
            self._next_turn = start + PACED_EVERY
        return start - now

    def new_name(self, address: str) -> bool:
        """Whether ``address`` may make one more new name now (and count it)."""
        bucket = self._new_names.get(address)
        if bucket is None:
            if len(self._new_names) > 10_000:  # addresses of long ago: start afresh
                self._new_names.clear()
            bucket = self._new_names[address] = TokenBucket(
                NEW_NAMES_BURST, NEW_NAME_EVERY, self._clock
            )
        return bucket.take()


def _close_quietly(school: School) -> None:
    with suppress(Exception):
        school.store.close()


class _WrongError(Exception):
    """A wrong class code or password, in the page's words."""


class SchoolAuthenticator(Authenticator):  # type: ignore[misc]
    """Children sign in with a class code and a nickname, teachers with a password."""

    db = Unicode(help="The school's store: a file or a postgresql:// address.").tag(config=True)
    trusted_proxies = List(
        Unicode(),
        default_value=["127.0.0.1", "::1"],
        help="The addresses of the proxies in front of the hub whose X-Forwarded-For is "
        "believed: the hub's own proxy on this machine, and the school's reverse proxy if it "
        "has one. X-Real-IP is never believed.",
    ).tag(config=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tries = _Tries()
        self._school: School | None = None
        # The store and the password check (600,000 rounds of PBKDF2, most of a second)
        # run here, one at a time, never on the hub's event loop.
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="sq2edu-sign-in")

    def client_address(self, request: Any) -> str:
        """The address a sign-in came from: the connection's, or, from a trusted proxy, the
        last address in ``X-Forwarded-For`` that is not itself a trusted proxy."""
        context = getattr(getattr(request, "connection", None), "context", None)
        address = getattr(context, "address", None)
        peer = address[0] if isinstance(address, tuple) and address else None
        current = str(peer or request.remote_ip or "?")
        forwarded = [
            part.strip()
            for header in request.headers.get_list("X-Forwarded-For")
            for part in header.split(",")
            if part.strip()
        ]
        while current in self.trusted_proxies and forwarded:
            current = forwarded.pop()
        return current

    @property
    def school(self) -> School:
        """The school's rooms and teachers (the store opened at the first sign-in)."""
        if self._school is None:
            store = open_store(self.db)
            self._school = School(store)
        return self._school

    def get_handlers(self, app: Any) -> list[tuple[str, type]]:
        """sq2edu's sign-in page in place of the hub's; JupyterHub's own home page ("Stop My
        Server") and token page lead to the user's own page instead."""
        return [("/login", SignInHandler), ("/home", ToOwnPage), ("/token", ToOwnPage)]

    async def authenticate(self, handler: Any, data: dict[str, str]) -> dict[str, Any] | None:
        """The hub user for a child's code and nickname, or a teacher's name and password.

        :raises tornado.web.HTTPError: 403 with a reason in the page's language.
        """
        lang = getattr(handler.request, "sq2edu_language", "en")
        address = self.client_address(handler.request)
        device = getattr(handler.request, "sq2edu_device", None)
        # A device that holds a name in the school is known, also after a restart.
        if (
            device
            and device not in self._tries.known_devices
            and await asyncio.get_running_loop().run_in_executor(
                self._worker, self._holds_a_name, device
            )
        ):
            self._tries.known_devices.add(device)
        with language(lang):
            turn = self._tries.turn(device, address)
            if turn is None:
                raise web.HTTPError(
                    429, _("Many are signing in at once. Wait a minute, then try again.")
                )
            if turn:
                await asyncio.sleep(turn)
            guessers = self._guessers(data, device)
            waiting = self._tries.wait(*guessers, device=device)
            if waiting:
                raise web.HTTPError(
                    403,
                    _(
                        "Too many tries. Wait {seconds} seconds, then try again.",
                        seconds=max(1, round(waiting)),
                    ),
                )
            work = self._teacher if data.get("kind") == "teacher" else self._child
            context = contextvars.copy_context()  # the page's language, in the worker too
            try:
                signed_in: dict[str, Any] = await asyncio.get_running_loop().run_in_executor(
                    self._worker, context.run, work, data, address, device
                )
            except _WrongError as wrong:
                self._tries.wrong(*guessers, address=address)
                raise web.HTTPError(403, str(wrong)) from wrong
            except web.HTTPError:
                raise
            except Exception as error:
                # The store's connection may have dropped (a database restart): open it again
                # at the next sign-in, and tell this one to try again.
                self.log.error("sq2edu: the school's store failed at sign-in: %s", error)
                broken, self._school = self._school, None
                if broken is not None:
                    self._worker.submit(_close_quietly, broken)
                raise web.HTTPError(
                    503, _("Something went wrong. Try again, or ask your teacher.")
                ) from error
            if device:
                self._tries.signed_in(device, guessers[0])
            return signed_in

    def _holds_a_name(self, device: str) -> bool:
        try:
            return self.school.device_holds_a_name(device)
        except Exception:  # the store is judged at the sign-in itself, with its own words
            return False

    @staticmethod
    def _guessers(data: dict[str, str], device: str | None) -> list[str]:
        """Who a wrong try is counted against: for a teacher's password the name typed and
        the device; for a class code the nickname on this device (typing a classmate's
        nickname with wrong codes must not keep her out) and the device."""
        if data.get("kind") == "teacher":
            who = f"teacher:{data.get('username', '').strip().casefold()}"
        else:
            who = f"child:{data.get('username', '').strip().casefold()}@{device or '?'}"
        return [who, f"device:{device}"] if device else [who]

    def _teacher(self, data: dict[str, str], address: str, device: str | None) -> dict[str, Any]:
        name, password = data.get("username", ""), data.get("password", "")
        if not self.school.check_password(name.strip(), password):
            raise _WrongError(_("That name or password is not right."))
        user = self.school.teacher_user(name.strip())
        # The hub's own log names users by a digest: say once whose it is.
        self.log.info("sq2edu: hub user %s is the teacher %s", user.name, name.strip())
        return {"name": user.name, "groups": ["teachers"]}

    def _child(self, data: dict[str, str], address: str, device: str | None) -> dict[str, Any]:
        room = self.school.room_for_code(data.get("password", ""))
        if room is None:
            raise _WrongError(_("That class code is not right. Ask your teacher."))
        try:
            nickname = check_nickname(data.get("username", ""))
        except ValueError as error:
            raise web.HTTPError(403, str(error)) from error
        with open_store(self.db, room) as store:
            students = store.students()
            similar = similar_names(nickname, students)
            if similar:
                raise web.HTTPError(
                    403,
                    _(
                        "That looks too much like {other}. Choose another nickname.",
                        other=similar[0],
                    ),
                )
            if nickname not in students and not self._tries.new_name(address):
                store.record_event(GuardEvent("name-burst", address, nickname))
                raise web.HTTPError(
                    429,
                    _(
                        "Many new names came from this network just now. Wait {seconds} "
                        "seconds, then try again.",
                        seconds=round(NEW_NAME_EVERY),
                    ),
                )
            # One name per device: signing in as another lets go of the one it held.
            if not store.join(nickname, device, only=True):
                store.record_event(GuardEvent("name-taken", address, nickname))
                raise web.HTTPError(
                    403,
                    _(
                        "Someone else is already {name} on another device. Choose another "
                        "nickname, or ask your teacher.",
                        name=nickname,
                    ),
                )
        user = self.school.child_user(room, nickname)
        self.log.info("sq2edu: hub user %s is %s of class %s", user.name, nickname, room)
        return {"name": user.name, "groups": ["children"]}

    def check_allowed(self, username: str, authentication: dict[str, Any] | None = None) -> bool:
        """Everyone this authenticator signed in is allowed: the code or password was the
        check."""
        return True
