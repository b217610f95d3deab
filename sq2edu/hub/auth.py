"""Signing in to a school's hub: children with their class code and nickname, teachers with
their name and password.

A child needs no password (six-year-olds do not keep one): the class code says which class,
the nickname which child. As in the one-laptop classroom, a nickname belongs to the device
that first signed in with it, known by a secret the hub's sign-in page gives each browser
(an HttpOnly cookie kept for a school year); another device with the same code and
nickname is refused until the teacher releases the name on the dashboard. Wrong codes and
passwords from one address earn growing waits. The hub user a child becomes is the same on
every sign-in (:meth:`sq2edu.classroom.school.School.child_user`), so a returning child
finds their own server.

The sign-in page speaks the browser's language (English, Russian or Norwegian Bokmål).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import defaultdict, deque
from contextlib import suppress
from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from jupyterhub.handlers.login import LoginHandler
from tornado import web
from traitlets import Unicode

from sq2edu.classroom.limits import ADDRESS_TRIES, WINDOW_SECONDS, _wait_after
from sq2edu.classroom.school import School
from sq2edu.classroom.store import SQLStore, open_store
from sq2edu.i18n import LANGUAGES, _, language
from sq2edu.progress.nicknames import check_nickname, similar_names
from sq2edu.progress.records import GuardEvent

__all__ = ["TEMPLATES", "SchoolAuthenticator", "SignInHandler"]

#: The hub's page templates sq2edu brings (the sign-in page).
TEMPLATES = Path(__file__).parent / "templates"
#: The cookie that tells one browser from another, for a school year.
DEVICE_COOKIE = "sq2edu-device"
_DEVICE_DAYS = 365


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

    def _device(self) -> str:
        secret = self.get_secure_cookie(DEVICE_COOKIE)
        if secret is None:
            fresh = secrets.token_urlsafe(24)
            self.set_secure_cookie(
                DEVICE_COOKIE,
                fresh,
                expires_days=_DEVICE_DAYS,
                httponly=True,
                samesite="Strict",
                path=self.hub.base_url,
            )
            return fresh
        return str(secret.decode())

    def _render(
        self, login_error: str | None = None, username: str | None = None, **kwargs: Any
    ) -> Any:
        self._device()
        lang = _page_language(self.request.headers.get("Accept-Language", ""))
        return super()._render(login_error, username, words=_words(lang), **kwargs)

    async def post(self) -> None:
        # The device is known before the sign-in is judged, even on a first visit.
        self.request.sq2edu_device = hashlib.sha256(self._device().encode()).hexdigest()
        self.request.sq2edu_language = _page_language(
            self.request.headers.get("Accept-Language", "")
        )
        await super().post()


class _Tries:
    """Wrong codes and passwords by network address, with the waits they earned."""

    def __init__(self) -> None:
        self._wrong: dict[str, deque[float]] = defaultdict(deque)

    def wait(self, address: str) -> float:
        wrong = self._wrong[address]
        now = time.monotonic()
        while wrong and now - wrong[0] > WINDOW_SECONDS:
            wrong.popleft()
        if not wrong:
            return 0.0
        return max(0.0, _wait_after(len(wrong), ADDRESS_TRIES) - (now - wrong[-1]))

    def wrong(self, address: str) -> None:
        self._wrong[address].append(time.monotonic())


class SchoolAuthenticator(Authenticator):  # type: ignore[misc]
    """Children sign in with a class code and a nickname, teachers with a password."""

    db = Unicode(help="The school's store: a file or a postgresql:// address.").tag(config=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tries = _Tries()
        self._school: School | None = None

    @property
    def school(self) -> School:
        """The school's rooms and teachers (the store opened at the first sign-in)."""
        if self._school is None:
            store = open_store(self.db)
            assert isinstance(store, SQLStore)
            self._school = School(store)
        return self._school

    def get_handlers(self, app: Any) -> list[tuple[str, type]]:
        """sq2edu's sign-in page in place of the hub's."""
        return [("/login", SignInHandler)]

    async def authenticate(self, handler: Any, data: dict[str, str]) -> dict[str, Any] | None:
        """The hub user for a child's code and nickname, or a teacher's name and password.

        :raises tornado.web.HTTPError: 403 with a reason in the page's language.
        """
        lang = getattr(handler.request, "sq2edu_language", "en")
        address = handler.request.remote_ip or "?"
        with language(lang):
            waiting = self._tries.wait(address)
            if waiting:
                raise web.HTTPError(
                    403,
                    _(
                        "Too many tries. Wait {seconds} seconds, then try again.",
                        seconds=round(waiting),
                    ),
                )
            try:
                if data.get("kind") == "teacher":
                    return self._teacher(data, address)
                return self._child(data, address, getattr(handler.request, "sq2edu_device", None))
            except web.HTTPError:
                raise
            except Exception as error:
                # The store's connection may have dropped (a database restart): open it again
                # at the next sign-in, and tell this one to try again.
                self.log.error("sq2edu: the school's store failed at sign-in: %s", error)
                broken, self._school = self._school, None
                if broken is not None:
                    with suppress(Exception):
                        broken.store.close()
                raise web.HTTPError(
                    503, _("Something went wrong. Try again, or ask your teacher.")
                ) from error

    def _teacher(self, data: dict[str, str], address: str) -> dict[str, Any]:
        name, password = data.get("username", ""), data.get("password", "")
        if not self.school.check_password(name.strip(), password):
            self._tries.wrong(address)
            raise web.HTTPError(403, _("That name or password is not right."))
        user = self.school.teacher_user(name.strip())
        return {"name": user.name, "groups": ["teachers"]}

    def _child(self, data: dict[str, str], address: str, device: str | None) -> dict[str, Any]:
        room = self.school.room_for_code(data.get("password", ""))
        if room is None:
            self._tries.wrong(address)
            raise web.HTTPError(403, _("That class code is not right. Ask your teacher."))
        try:
            nickname = check_nickname(data.get("username", ""))
        except ValueError as error:
            raise web.HTTPError(403, str(error)) from error
        with open_store(self.db, room) as store:
            similar = similar_names(nickname, store.students())
            if similar:
                raise web.HTTPError(
                    403,
                    _(
                        "That looks too much like {other}. Choose another nickname.",
                        other=similar[0],
                    ),
                )
            if not store.join(nickname, device):
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
        return {"name": user.name, "groups": ["children"]}

    def check_allowed(self, username: str, authentication: dict[str, Any] | None = None) -> bool:
        """Everyone this authenticator signed in is allowed: the code or password was the
        check."""
        return True
