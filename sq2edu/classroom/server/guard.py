"""The classroom's two Voilà servers, made fit for a school network.

``sq2edu serve`` runs Voilà through :func:`main`, with :class:`ClassroomVoila` in place of
Voilà's own application. ``docs/security.md`` explains each measure against the attack it
stops; in short:

- **A kernel belongs to its page.** When a page is served with a kernel, the browser gets a
  cookie only this server can make (an HMAC of the kernel's id under a secret of this
  server's own, HttpOnly, SameSite=Strict). The kernel's websocket, its REST address, its
  shutdown address and Voilà's request-info socket refuse any client without it: knowing
  another child's kernel id is not enough. A page may send only widget messages; a
  ``shutdown_request`` or any other message is dropped.
- **A device is known by a secret it keeps.** The first page a browser opens gives it a
  random device secret (an HttpOnly cookie kept for a school year). The kernel learns a
  digest of it, and the network address of its client, from :mod:`sq2edu.classroom.server.client`;
  a nickname belongs to the device that first joined with it.
- **The class has a size, and each device and address a share of it.** At most
  ``max_kernels`` kernels run (warm ones included): a page that would need one more gets a
  kind "the class is full" page. A device holds a few kernels at most (a new page replaces
  its oldest), a network address its share (:mod:`sq2edu.classroom.server.shares`); a kernel whose
  page never connects is shut down within seconds, one whose page has gone after a minute.
- **A page sends little.** Its websocket messages are bounded in size, number and bytes,
  and may not make the kernel build widgets (:mod:`sq2edu.classroom.server.traffic`); a kernel
  holds a few websockets, an address its share; a kernel over its memory share is stopped,
  and its page says so kindly.
- **The HTTP server** answers only to this machine's names, closes connections that send
  their request slowly, and keeps each address to its share of connections
  (:mod:`sq2edu.classroom.server.http_guard`); the process may open as many files as the system
  allows, and the log keeps to its size (:mod:`sq2edu.classroom.server.server_log`).
- **The teacher's server** answers only to a loopback ``Host`` (a web page cannot reach it
  by DNS rebinding), needs the teacher's token, and streams the attempts as CSV. A
  dashboard's kernel is shut down soon after its page has gone, and a new dashboard page
  on a full server replaces the oldest, so that reloading never locks the teacher out.
- **Nothing comes from outside.** Links the page would follow to another server (Voilà's
  template asks a CDN for an icon font) are taken out: a school may have no internet.
- **It stops with its parent.** If ``sq2edu serve`` dies, even by ``kill -9``, each server
  notices within a second and shuts its kernels down.
"""

from __future__ import annotations

import asyncio
import csv
import hashlib
import hmac
import io
import json
import logging
import os
import re
import secrets
import signal
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado.ioloop import PeriodicCallback
from traitlets import Bool, Float, Int, List, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from sq2edu.classroom.server.client import CLIENTS_FOLDER, LANGUAGE_COOKIE, device_key, ready_path
from sq2edu.classroom.server.http_guard import GuardedHTTPServer, HostCheck
from sq2edu.classroom.server.kernel_pool import ClassFullError, classroom_kernel_manager_factory
from sq2edu.classroom.server.off_loop import in_thread, reading
from sq2edu.classroom.server.server_log import keep_bounded, quiet_floods
from sq2edu.classroom.server.shares import Admission, PageBook
from sq2edu.classroom.server.traffic import MAX_MESSAGE, PageTraffic
from sq2edu.classroom.server.watchdog import kernel_pid, kernels_memory, raise_file_limit
from sq2edu.markup import html, joined

__all__ = [
    "PAGE_MESSAGES",
    "ClassroomVoila",
    "PageStateHandler",
    "attempt_rows",
    "local_only",
    "main",
]

#: The only messages a page may send its kernel: widgets, nothing else.
PAGE_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request"]
_LOG = logging.getLogger("sq2edu.classroom")
_KERNEL_COOKIE = "sq2edu-k-"
_DEVICE_COOKIE = "sq2edu-device"
_DEVICE_SECONDS = 400 * 24 * 3600  # a school year and some
_DEVICE_SECRET = re.compile(r"^[A-Za-z0-9_-]{43}$")
_CLASS_FULL = """<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="30"><title>sq2edu</title>
<style>body{{font:20px system-ui,sans-serif;margin:3em auto;max-width:36em;padding:0 1em;
color:#1f2330;background:#fffdf7}}p{{margin:0 0 1.2em}}span{{font-size:3em}}</style></head>
<body><span aria-hidden="true">🪑</span>{lines}</body></html>"""
_FULL_WORDS = (
    ("en", "The class is full right now. Wait a moment: this page tries again by itself."),
    ("ru", "Сейчас в классе нет свободных мест. Подожди немного: страница попробует ещё раз."),
    ("nb", "Klassen er full akkurat nå. Vent litt: siden prøver igjen av seg selv."),
)
_TOO_MANY_WORDS = (
    (
        "en",
        "Many pages of the class are open from this network address already. Close the ones "
        "you do not use, or wait a moment: this page tries again by itself.",
    ),
    (
        "ru",
        "С этого адреса в сети уже открыто много страниц класса. Закрой лишние или подожди "
        "немного: страница попробует ещё раз.",
    ),
    (
        "nb",
        "Mange sider av klassen er allerede åpne fra denne nettverksadressen. Lukk de du ikke "
        "bruker, eller vent litt: siden prøver igjen av seg selv.",
    ),
)
#: A page's kernel cookie lasts a school day: a browser that opened many pages over weeks
#: does not send them all with every request.
_KERNEL_COOKIE_DAYS = 0.5
#: Seconds a page has after connecting to draw the app before its kernel's memory is held
#: against it: a page stopped before its banner is drawn cannot say why. A page's messages
#: are few and small (:mod:`~sq2edu.classroom.server.traffic`), so this lends it little.
DRAW_SECONDS = 10.0
#: The longest a page waits for its warm kernel to build its child's app (a class server).
_BUILD_SECONDS = 20.0
#: Refused messages on one websocket after which it is closed.
_REFUSALS_BEFORE_CLOSING = 100


# A stylesheet or script the page would fetch from another server (Voilà's template links
# an icon font on a CDN): a school may have no internet, and the page needs none of it.
_FOREIGN = re.compile(
    r"<(?:link|script)\b[^>]*\b(?:href|src)\s*=\s*[\"']?(?:https?:)?//[^>]*>(?:\s*</script>)?",
    re.IGNORECASE,
)


def local_only(page: str) -> str:
    """The page without anything it would fetch from another server."""
    return _FOREIGN.sub("", page)


def _kernel_mac(secret: bytes, kernel_id: str) -> str:
    return hmac.new(secret, kernel_id.encode(), hashlib.sha256).hexdigest()


def _owns(handler: tornado.web.RequestHandler, kernel_id: str) -> bool:
    """Whether the request comes from the page that was served with ``kernel_id``."""
    secret: bytes = handler.settings["sq2edu_secret"]
    given = handler.get_cookie(_KERNEL_COOKIE + kernel_id) or ""
    return hmac.compare_digest(given.encode(), _kernel_mac(secret, kernel_id).encode())


def _user_of(handler: tornado.web.RequestHandler) -> str:
    """Who signed in for the request, where an identity provider signs people in."""
    return str(getattr(handler.current_user, "username", "") or "")


def _signed_in_owner(handler: tornado.web.RequestHandler, kernel_id: str) -> bool:
    """Whether the request's signed-in user is the one the kernel was handed to (always,
    where kernels are not bound to users)."""
    owners: dict[str, str] | None = handler.settings.get("sq2edu_owners")
    if owners is None:
        return True
    owner = owners.get(kernel_id)
    return owner is not None and hmac.compare_digest(owner.encode(), _user_of(handler).encode())


def _share_address(handler: tornado.web.RequestHandler) -> str:
    """Whose "address" share a request counts in: its network address, or where kernels are
    bound to signed-in users (a school's hub), its user's. Behind the hub every page comes
    from the hub's proxy, one address for the whole school: counted by that address, one
    child reloading fast used up every classmate's pages."""
    if handler.settings.get("sq2edu_owners") is not None:
        return f"signed-in:{_user_of(handler)}"
    return handler.request.remote_ip or ""


def _require_owner(handler: tornado.web.RequestHandler) -> None:
    kernel_id = handler.path_kwargs.get("kernel_id") or (handler.path_args or [""])[0]
    if not _owns(handler, kernel_id) or not _signed_in_owner(handler, kernel_id):
        _LOG.warning(
            "sq2edu: refused %s %s from %s: not the page of this kernel",
            handler.request.method,
            handler.request.path,
            handler.request.remote_ip,
        )
        raise tornado.web.HTTPError(403)


class OwnedKernelHandler(KernelHandler):
    """``/api/kernels/<id>``: for the kernel's own page only."""

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        _require_owner(self)


class OwnedShutdownHandler(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """A closing page shuts its own kernel down, and no other."""

    async def prepare(self) -> None:
        await super().prepare()
        _require_owner(self)


async def _counted_socket(handler: tornado.web.RequestHandler, opening: Callable[[], Any]) -> None:
    """Open a websocket for its kernel's own page, within the kernel's and the address's
    share of websockets (429 beyond it); counted for as long as it stays open."""
    _require_owner(handler)
    kernel_id = handler.path_kwargs.get("kernel_id") or (handler.path_args or [""])[0]
    address = _share_address(handler)
    book: PageBook = handler.settings["sq2edu_pages"]
    if not book.socket_opened(kernel_id, address):
        _LOG.warning("sq2edu: refused a websocket from %s: its share is open", address)
        raise tornado.web.HTTPError(429)
    try:
        await opening()
    finally:
        # Tornado's get() returns once the websocket has closed (or never opened).
        book.socket_closed(kernel_id, address)


class OwnedKernelWebsocketHandler(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """The kernel's websocket: for the kernel's own page only, a few at a time, carrying
    only what :class:`~sq2edu.classroom.server.traffic.PageTraffic` lets through."""

    _refused = 0

    async def get(self, *args: Any, **kwargs: Any) -> None:
        await _counted_socket(
            self, lambda: super(OwnedKernelWebsocketHandler, self).get(*args, **kwargs)
        )

    def on_message(self, message: str | bytes) -> Any:
        traffic: PageTraffic = self.settings["sq2edu_traffic"]
        connection = getattr(self, "connection", None)
        subprotocol = getattr(connection, "subprotocol", None)
        refusal = traffic.refusal(self.kernel_id, message, subprotocol)
        if not refusal:
            return super().on_message(message)
        self._refused += 1
        _LOG.warning(
            "sq2edu: dropped a message from %s to its kernel: %s",
            self.request.remote_ip,
            refusal,
        )
        if self._refused >= _REFUSALS_BEFORE_CLOSING:
            self.close(1008, "too many refused messages")
        return None


class OwnedRequestInfoHandler(RequestInfoSocketHandler):  # type: ignore[misc]
    """Voilà's request-info socket of a warm kernel: for that kernel's page only."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        await _counted_socket(
            self, lambda: super(OwnedRequestInfoHandler, self).get(*args, **kwargs)
        )


def note_stopped(stopped: dict[str, str], kernel_id: str, why: str) -> None:
    """Keep why the server stopped ``kernel_id`` for its page to ask (the last thousand)."""
    stopped[kernel_id] = why
    if len(stopped) > 1000:
        stopped.pop(next(iter(stopped)))


class PageStateHandler(JupyterHandler):
    """``/sq2edu/page/<kernel id>``: why a page's kernel was stopped, for that page only
    (``{"stopped": "memory"}``, or on the teacher's server ``"replaced"`` by a newer
    dashboard tab; ``""`` when it was not), so that the page can say it."""

    @tornado.web.authenticated
    def get(self, kernel_id: str) -> None:
        _require_owner(self)
        stopped: dict[str, str] = self.settings["sq2edu_stopped"]
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps({"stopped": stopped.get(kernel_id, "")}))


class _Claiming:
    """The kernel manager as one page request sees it: every kernel it starts or is handed
    becomes that page's (see :meth:`ClassroomPageHandler.claim`)."""

    def __init__(
        self,
        manager: Any,
        claim: Callable[[str], None],
        warmed: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        self._manager = manager
        self._claim = claim
        self._warmed = warmed

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id: str = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._claim(kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        rendered = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._claim(rendered[2])
        if self._warmed is not None:
            await self._warmed(rendered[2])
        return rendered


class ClassroomPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """The app's page: its kernel becomes the browser's, or the class-full page."""

    @property
    def kernel_manager(self) -> Any:
        return _Claiming(self.settings["kernel_manager"], self.claim, self.warmed)

    async def warmed(self, kernel_id: str) -> None:
        """On a school's class server, wait until a warm kernel has built its child's page
        (:func:`~sq2edu.classroom.server.client.say_ready`), at most :data:`_BUILD_SECONDS`: a page
        that connected while its kernel was still making the app's widgets could miss some
        ("model not found")."""
        if self.settings.get("sq2edu_child_keys") is None:
            return
        ready = ready_path(self.settings["sq2edu_runtime"], kernel_id)
        deadline = time.monotonic() + _BUILD_SECONDS
        while not ready.exists() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    _device = ""

    def device_secret(self) -> str:
        """The secret this browser keeps (a new one for a browser that has none)."""
        if not self._device:
            kept = self.get_cookie(_DEVICE_COOKIE) or ""
            self._device = kept if _DEVICE_SECRET.match(kept) else secrets.token_urlsafe(32)
        return self._device

    def claim(self, kernel_id: str) -> None:
        """Make ``kernel_id`` this browser's: the cookie that proves it, and what the kernel
        may know of its client (address and device digest)."""
        secret: bytes = self.settings["sq2edu_secret"]
        self.set_cookie(
            _KERNEL_COOKIE + kernel_id,
            _kernel_mac(secret, kernel_id),
            httponly=True,
            samesite="Strict",
            path="/",
            expires_days=_KERNEL_COOKIE_DAYS,
        )
        device = self.device_secret()
        book: PageBook = self.settings["sq2edu_pages"]
        book.give(kernel_id, self._share_key(), _share_address(self))
        user = _user_of(self)
        owners: dict[str, str] | None = self.settings.get("sq2edu_owners")
        if owners is not None:
            owners[kernel_id] = user
        self._claimed.append(kernel_id)
        # Sent again with every page: it stays for a school year after the last visit.
        self.set_cookie(
            _DEVICE_COOKIE,
            device,
            httponly=True,
            samesite="Lax",
            path="/",
            expires_days=_DEVICE_SECONDS / 86400,
        )
        folder = Path(self.settings["sq2edu_runtime"]) / CLIENTS_FOLDER
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        record = {
            "address": self.request.remote_ip or "",
            "device": device_key(device),
            # Who signed in, where an identity provider signs people in (a school's hub).
            "user": user,
            # The language the child chose on this device (the page keeps it in a cookie).
            "language": self.get_cookie(LANGUAGE_COOKIE) or "",
        }
        child_keys: Callable[[str], str] | None = self.settings.get("sq2edu_child_keys")
        if child_keys is not None and user:
            # On a school's class server: what speaks for this child to the class service.
            record["key"] = child_keys(user)
        path = folder / f"{kernel_id}.json"
        path.write_text(json.dumps(record))
        path.chmod(0o600)

    def _share_key(self) -> str:
        """Whose share of the class's pages a page counts in: its device's, or where kernels
        are bound to signed-in users, its user's (a child who clears the browser's cookies
        is still one child)."""
        if self.settings.get("sq2edu_owners") is not None:
            return device_key(f"signed-in:{_user_of(self)}")
        # A browser's first page counts in the share of the secret it has just been given.
        kept = self._device or self.get_cookie(_DEVICE_COOKIE) or ""
        return device_key(kept) if _DEVICE_SECRET.match(kept) else ""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        manager = self.settings["kernel_manager"]
        book: PageBook = self.settings["sq2edu_pages"]
        device = self._share_key()
        # Shares are for children's pages; teachers come through their own sign-in.
        admission = (
            book.admit(device, _share_address(self))
            if self.settings.get("sq2edu_role") == "students"
            else Admission(True)
        )
        if not admission.ok:
            self._wait_page(429, _TOO_MANY_WORDS, "holds its share of the class's pages")
            return
        for old in admission.replaced:
            # The device's oldest page makes room for its newest.
            _LOG.info("sq2edu: a new page of a device replaces its kernel %s", old)
            await manager.shutdown_kernel(old)
        notebook = getattr(manager, "notebook_path", None) or ""
        if self.settings.get("sq2edu_role") == "teacher" and not manager.has_room():
            # The teacher is never locked out of the dashboard: a new page replaces the
            # oldest (one whose page has gone first).
            oldest = book.oldest()
            if oldest is not None and oldest in manager:
                _LOG.info("sq2edu: a new dashboard page replaces kernel %s", oldest)
                book.forget(oldest)
                # The old tab is still open: it says it was replaced, not that the server
                # stopped (it asks /sq2edu/page/ once it hears nothing).
                note_stopped(self.settings["sq2edu_stopped"], oldest, "replaced")
                await manager.shutdown_kernel(oldest, now=True)
        if manager.get_pool_size(notebook) == 0 and not manager.has_room():
            self._wait_page(503, _FULL_WORDS, "waits: the class is full")
            return
        self._claimed: list[str] = []
        try:
            async for part in self.get_generator(path=path):
                self.write(local_only(part))
                self.flush()
        except ClassFullError:
            # Another page took the last place between the check above and this start.
            self._wait_page(503, _FULL_WORDS, "waits: the class is full")
        finally:
            for kernel_id in self._claimed:
                book.served(kernel_id)

    def _wait_page(self, status: int, words: tuple[tuple[str, str], ...], why: str) -> None:
        _LOG.warning("sq2edu: a page from %s %s", self.request.remote_ip, why)
        self.set_status(status)
        self.set_header("Retry-After", "30")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        lines = joined(html('<p lang="{}">{}</p>', lang, text) for lang, text in words)
        self.finish(_CLASS_FULL.format(lines=lines))


def attempt_rows(store: Any) -> AsyncIterator[str]:
    """The class's attempts as CSV text in the class's language, with its byte-order mark, a
    few thousand rows at a time, each read and written in a worker thread: the game's, the
    Lab's and the lessons', then the tries at the class challenge (their activity says so)."""
    from sq2edu.classroom.domain.exports import BOM, CsvRows, csv_header
    from sq2edu.classroom.domain.settings import ClassSettings
    from sq2edu.classroom.storage.challenge_store import Challenges
    from sq2edu.i18n import language

    out = io.StringIO()
    writer = csv.writer(out)

    def taken() -> str:
        text = out.getvalue()
        out.seek(0)
        out.truncate()
        return text

    def start() -> tuple[str, int, CsvRows, str]:
        lang = ClassSettings.from_dict(store.settings()).language
        class_id, class_name = store.current_class()
        out.write(BOM)
        with language(lang):
            writer.writerow(csv_header())
            return lang, class_id, CsvRows(class_name), taken()

    async def rows() -> AsyncIterator[str]:
        lang, class_id, made, head = await in_thread(start)
        yield head

        def batch(after: int, challenge: bool) -> tuple[str, int, bool]:
            # The store is touched in the worker thread only, even to name its method.
            read = Challenges(store).tries_after if challenge else store.attempts_after
            found = read(after, limit=5000, class_id=class_id)
            with language(lang):
                for key, attempt in found:
                    writer.writerow(made.row(attempt))
                    after = key
            return taken(), after, len(found) == 5000

        for challenge in (False, True):
            after, more = 0, True
            while more:
                text, after, more = await in_thread(batch, after, challenge)
                yield text

    return rows()


def _request_store(handler: JupyterHandler) -> Any:
    """The store a teacher's request reads: the served class, or on a school's hub the class
    named by ``?room=`` if the signed-in teacher keeps it (404 otherwise, as for no class)."""
    from sq2edu.classroom.storage.store import open_served_store

    if not os.environ.get("SQ2EDU_HUB_TEACHERS"):
        return open_served_store()
    from sq2edu.hub.teacher_classes import teachers_store

    teacher = getattr(handler.current_user, "username", "")
    store = teachers_store(teacher, handler.get_argument("room", ""))
    if store is None:
        raise tornado.web.HTTPError(404)
    return store


class _TeacherHandler(JupyterHandler):
    """A download of the teacher's server: errors as a short plain page (Voilà has no
    templates for Jupyter's own error pages)."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: {self._reason}")


class AttemptsCSVHandler(_TeacherHandler):
    """``/sq2edu/attempts.csv`` on the teacher's server: every attempt, streamed."""

    @tornado.web.authenticated
    async def get(self) -> None:
        store = await in_thread(_request_store, self)
        try:
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", 'attachment; filename="attempts.csv"')
            self.set_header("Cache-Control", "no-store")
            async for chunk in attempt_rows(store):
                self.write(chunk)
                await self.flush()
        finally:
            await in_thread(store.close)


class ReportHandler(_TeacherHandler):
    """``/sq2edu/report?student=Mia&lang=ru`` on the teacher's server: one student's printable
    page, in the language asked for (the class's by default)."""

    @tornado.web.authenticated
    async def get(self) -> None:
        from sq2edu.classroom.domain.settings import ClassSettings
        from sq2edu.classroom.storage.summary import ClassSummary
        from sq2edu.classroom.views.panels import report_html
        from sq2edu.i18n import LANGUAGES, language

        student = self.get_argument("student", "")
        asked = self.get_argument("lang", "")

        def page_of(store: Any) -> str:
            if student not in store.students():
                raise tornado.web.HTTPError(404)
            summary = ClassSummary()
            summary.update(store)
            settings = ClassSettings.from_dict(store.settings())
            lang = asked if asked in LANGUAGES else settings.language
            with language(lang):
                return report_html(
                    student,
                    store.current_class()[1],
                    summary,
                    store.games(),
                    lang,
                    settings.operations,
                )

        page = await reading(lambda: _request_store(self), page_of)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page)


class ClassroomVoila(Voila):  # type: ignore[misc]
    """Voilà as the classroom runs it: the student app, or the teacher's dashboard.

    Its limits are settings like any of Voilà's (``--ClassroomVoila.address_pages=20``, or
    ``voila.json``); ``sq2edu serve`` sets the usual ones.
    """

    name = "sq2edu-classroom"
    role = Unicode(
        "students",
        config=True,
        help="'students' (the network), 'teacher' (this machine), or 'hub-teachers' (teachers "
        "signed in by a school's hub).",
    )
    max_kernels = Int(40, config=True, help="At most this many kernels, warm ones included.")
    runtime_dir = Unicode("", config=True, help="Where pages tell kernels who their client is.")
    allowed_hosts = List(
        Unicode(),
        config=True,
        help="Names and addresses a request's Host and Origin may use, besides loopback and "
        "this machine's own addresses (empty: any, as behind a school's hub).",
    )
    device_pages = Int(
        3, config=True, help="Kernels one device may hold; a new page replaces its oldest."
    )
    address_pages = Int(10, config=True, help="Kernels one network address may hold.")
    kernel_sockets = Int(3, config=True, help="Websockets one kernel may have open.")
    address_connections = Int(
        128, config=True, help="HTTP connections one network address may hold open."
    )
    connect_seconds = Float(
        20.0,
        config=True,
        help="A kernel whose page has not connected this long after it was served is shut down.",
    )
    gone_seconds = Float(
        20.0,
        config=True,
        help="On a teacher's server, a kernel whose page closed every websocket this long ago "
        "is shut down (a dashboard refreshes itself, so it is never idle).",
    )
    bind_users = Bool(
        False,
        config=True,
        help="Each kernel belongs to the signed-in user its page was served to, as well as to "
        "its page (a school's class server, behind its hub).",
    )
    #: Where users are bound to kernels: the key a kernel is given for its user (a school's
    #: class server sets it; :func:`sq2edu.hub.private.child_key`).
    child_keys: Callable[[str], str] | None = None
    kernel_memory_mb = Int(
        600,
        config=True,
        help="A kernel holding more memory than this (MB) is stopped (0: no limit).",
    )
    slow_request_seconds = Float(
        30.0,
        config=True,
        help="A connection that has not sent its request within this long is closed.",
    )

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        self.kernel_manager.allowed_message_types = list(PAGE_MESSAGES)
        self.kernel_manager.max_kernels = self.max_kernels
        settings["sq2edu_secret"] = secrets.token_bytes(32)
        settings["sq2edu_runtime"] = self.runtime_dir or os.environ.get("SQ2EDU_RUNTIME", "")
        settings["sq2edu_pages"] = pages = PageBook(
            device_pages=self.device_pages,
            address_pages=self.address_pages,
            kernel_sockets=self.kernel_sockets,
            address_sockets=self.kernel_sockets * self.address_pages + 4,
        )
        settings["sq2edu_traffic"] = traffic = PageTraffic()
        settings["sq2edu_stopped"] = {}
        settings["sq2edu_role"] = self.role
        owners: dict[str, str] | None = {} if self.bind_users else None
        settings["sq2edu_owners"] = owners
        settings["sq2edu_child_keys"] = self.child_keys
        # Tornado closes a websocket whose message is larger (code 1009).
        settings["websocket_max_message_size"] = MAX_MESSAGE
        quiet_floods()
        listeners = getattr(self.kernel_manager, "gone_listeners", None)
        if listeners is not None:
            listeners += [pages.forget, traffic.forget]
            if owners is not None:
                listeners.append(lambda kernel_id: owners.pop(kernel_id, None))
        if self.role == "teacher":
            # A Host that is not this machine's own loopback name is refused, so a web page
            # the teacher opens cannot reach the dashboard by DNS rebinding.
            settings["allow_remote_access"] = False
        return settings

    def listen(self) -> None:
        """Listen with :class:`~sq2edu.classroom.server.http_guard.GuardedHTTPServer`, and start
        the server's own rounds (pages that never connected, kernels over their memory)."""
        host_check = HostCheck(self.allowed_hosts) if self.allowed_hosts else None

        def guarded_listen(port: int, address: str | None = None, **_kwargs: Any) -> Any:
            server = GuardedHTTPServer(
                self.app,
                host_check=host_check,
                address_connections=self.address_connections,
                idle_connection_timeout=self.slow_request_seconds,
                body_timeout=self.slow_request_seconds,
                max_body_size=MAX_MESSAGE * 16,
                max_header_size=32 * 1024,
            )
            server.listen(port, address or "")
            return server

        self.app.listen = guarded_listen
        if self.role == "students":
            PeriodicCallback(self._round, 2000).start()
        else:
            PeriodicCallback(self._teachers_round, 2000).start()
        super().listen()

    async def _teachers_round(self) -> None:
        """Shut down dashboard kernels whose page never connected or has gone: a dashboard
        refreshes itself every few seconds, so Jupyter's culling of idle kernels never
        takes it, and each reload of the page would otherwise hold one more."""
        manager = self.kernel_manager
        pages: PageBook = self.app.settings["sq2edu_pages"]
        for kernel_id in [*pages.unconnected(self.connect_seconds), *pages.gone(self.gone_seconds)]:
            pages.forget(kernel_id)
            if kernel_id in manager:
                _LOG.info("sq2edu: kernel %s: its dashboard page has gone; shut down", kernel_id)
                await manager.shutdown_kernel(kernel_id)

    async def _round(self) -> None:
        """Shut down kernels whose page never connected, and those over their memory."""
        manager = self.kernel_manager
        pages: PageBook = self.app.settings["sq2edu_pages"]
        stopped: dict[str, str] = self.app.settings["sq2edu_stopped"]
        for kernel_id in pages.unconnected(self.connect_seconds):
            pages.forget(kernel_id)
            if kernel_id in manager:
                _LOG.warning("sq2edu: kernel %s: its page never connected; shut down", kernel_id)
                await manager.shutdown_kernel(kernel_id)
        if self.kernel_memory_mb <= 0:
            return
        limit = self.kernel_memory_mb * 1024 * 1024
        # The kernels whose page has connected, and has had a moment to draw the app: until
        # then a kernel holds the app's own memory, and nothing a page sent; and a page
        # stopped before its banner is drawn could only say "Loading widget..." for ever.
        held = pages.connected_for(DRAW_SECONDS)
        pids = {
            kernel_id: pid
            for kernel_id in held
            if kernel_id in manager
            and (pid := kernel_pid(manager.get_kernel(kernel_id))) is not None
        }
        # Read in a thread: reading the machine's processes must not hold up the pages.
        for kernel_id, used in (await in_thread(kernels_memory, pids)).items():
            if used > limit and kernel_id in manager:
                note_stopped(stopped, kernel_id, "memory")
                _LOG.warning(
                    "sq2edu: kernel %s held %d MB, more than its share of %d MB; stopped",
                    kernel_id,
                    used // (1024 * 1024),
                    self.kernel_memory_mb,
                )
                await manager.shutdown_kernel(kernel_id, now=True)

    def init_handlers(self) -> list[Any]:
        replace = {
            KernelHandler: OwnedKernelHandler,
            VoilaKernelWebsocketHandler: OwnedKernelWebsocketHandler,
            VoilaShutdownKernelHandler: OwnedShutdownHandler,
            RequestInfoSocketHandler: OwnedRequestInfoHandler,
            TornadoVoilaHandler: ClassroomPageHandler,
        }
        handlers: list[Any] = []
        for pattern, handler, *rest in super().init_handlers():
            handlers.append((pattern, replace.get(handler, handler), *rest))
        page = url_path_join(self.base_url, r"/sq2edu/page/(?P<kernel_id>[0-9a-f-]{36})")
        handlers.insert(0, (page, PageStateHandler))
        if self.role in ("teacher", "hub-teachers"):
            csv = url_path_join(self.base_url, r"/sq2edu/attempts\.csv")
            handlers.insert(0, (csv, AttemptsCSVHandler))
            handlers.insert(0, (url_path_join(self.base_url, r"/sq2edu/report"), ReportHandler))
            from sq2edu.classroom.server.projector_handlers import challenge_handlers

            handlers[:0] = challenge_handlers(
                _TeacherHandler, _request_store, url_path_join, self.base_url
            )
        return handlers


def _watch_parent(interval: float = 0.5) -> None:
    """Stop this server (SIGTERM, so its kernels are shut down) when its parent is gone."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="sq2edu-parent-watch", daemon=True).start()


def main(argv: list[str] | None = None) -> None:
    """Run one classroom server (arguments as for ``voila``, plus ``ClassroomVoila`` ones)."""
    import voila.app

    voila.app.voila_kernel_manager_factory = classroom_kernel_manager_factory
    _watch_parent()
    raise_file_limit()
    log = os.environ.get("SQ2EDU_LOG")
    if log:
        # ``sq2edu serve`` points this server's output at the classroom's log file.
        keep_bounded(Path(log), (1, 2))
    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
