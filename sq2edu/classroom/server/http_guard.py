"""The classroom's HTTP server: the right names only, a share of connections, no slow talk.

Tornado's :class:`~tornado.httpserver.HTTPServer` as :mod:`sq2edu.classroom.server.guard` runs it,
with what a server on a school network needs before any request reaches a handler:

- **Names** (:class:`HostCheck`): a request's ``Host``, and a browser's ``Origin``, must be
  this machine's own address (the one ``sq2edu serve`` printed, or another of its network
  addresses), a loopback name, or a name the teacher gave. Any other is answered 403: a web
  page a child opens cannot reach the class app under its own name by DNS rebinding, and
  a websocket opened from another site is refused.
- **A share of connections** per network address (:attr:`GuardedHTTPServer.address_connections`);
  one more is closed at once, before it costs more than its socket.
- **No slow talk**: a connection that sends no complete request head within
  ``idle_connection_timeout`` seconds, or no body within ``body_timeout``, is closed (half-sent
  requests held a child's page up); heads and bodies are bounded in size.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections import Counter
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote, urlsplit

from tornado import httputil, iostream
from tornado.httpserver import HTTPServer

__all__ = ["GuardedHTTPServer", "HostCheck", "machine_addresses"]

_LOG = logging.getLogger("sq2edu.classroom")
_LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def machine_addresses() -> frozenset[str]:
    """This machine's own network addresses (every interface's)."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with the kernel
        return frozenset()
    return frozenset(
        str(address.address).split("%", 1)[0]
        for addresses in psutil.net_if_addrs().values()
        for address in addresses
        if address.family.name in ("AF_INET", "AF_INET6")
    )


class HostCheck:
    """Which names a request may use for this server.

    :param names: names the teacher gave (``classroom.local``), and the printed address.
    :param refresh: seconds between looks at this machine's addresses (a laptop may move
        between networks during a day).
    """

    def __init__(self, names: Iterable[str], refresh: float = 30.0) -> None:
        self.names = frozenset(name.strip().lower().rstrip(".") for name in names if name.strip())
        self.refresh = refresh
        self._own: frozenset[str] = frozenset()
        self._looked = -refresh

    def _own_addresses(self) -> frozenset[str]:
        now = time.monotonic()
        if now - self._looked >= self.refresh:
            self._own, self._looked = machine_addresses(), now
        return self._own

    def allows_name(self, host: str) -> bool:
        """Whether a host name or address (without its port) names this server."""
        host = host.strip().lower().rstrip(".")
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        if host in _LOOPBACK_NAMES or host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return address.is_loopback or str(address) in self.names or host in self._own_addresses()

    def allows_host(self, header: str) -> bool:
        """Whether a ``Host`` header (``name`` or ``name:port``) names this server."""
        try:
            hostname = urlsplit(f"//{header}").hostname
        except ValueError:
            return False
        return bool(hostname) and self.allows_name(hostname or "")

    def allows_origin(self, origin: str) -> bool:
        """Whether a page at ``origin`` (``http://name:port``) is one of this server's."""
        try:
            hostname = urlsplit(origin).hostname
        except ValueError:
            return False
        return bool(hostname) and self.allows_name(hostname or "")


def climbs(target: str) -> bool:
    """Whether a request's path has a ``..`` step, as typed or percent-encoded (once or
    twice): no page of the classroom has one, and Voilà's template file handler answers one
    with a traceback in the log instead of a refusal."""
    path = urlsplit(target).path
    for _decoding in range(3):
        if ".." in path.replace("\\", "/").split("/"):
            return True
        path = unquote(path)
    return False


class _Refusing(httputil.HTTPMessageDelegate):
    """A request's delegate that answers 403 when its names are not this server's (unless
    ``check`` is ``None``), 400 when its path climbs out of its folder, and otherwise hands
    everything on."""

    def __init__(
        self,
        inner: httputil.HTTPMessageDelegate,
        connection: httputil.HTTPConnection,
        check: HostCheck | None,
        address: str,
    ) -> None:
        self.inner = inner
        self.connection = connection
        self.check = check
        self.address = address
        self.refused = False

    def headers_received(
        self,
        start_line: httputil.RequestStartLine | httputil.ResponseStartLine,
        headers: httputil.HTTPHeaders,
    ) -> Any:
        host = headers.get("Host", "")
        origin = headers.get("Origin")
        target = start_line.path if isinstance(start_line, httputil.RequestStartLine) else ""
        if climbs(target):
            _LOG.warning("sq2edu: refused a path with '..' from %s", self.address)
            self._refuse(400, "Bad Request", b"400: no such page.\n")
            return None
        if self.check is None or (
            self.check.allows_host(host) and (origin is None or self.check.allows_origin(origin))
        ):
            return self.inner.headers_received(start_line, headers)
        _LOG.warning(
            "sq2edu: refused a request from %s for Host %r, Origin %r: not this server's name",
            self.address,
            host[:100],
            (origin or "")[:100],
        )
        self._refuse(403, "Forbidden", b"403: this server does not answer to that name.\n")
        return None

    def _refuse(self, status: int, reason: str, body: bytes) -> None:
        self.refused = True
        self.connection.write_headers(
            httputil.ResponseStartLine("HTTP/1.1", status, reason),
            httputil.HTTPHeaders(
                {
                    "Content-Type": "text/plain; charset=utf-8",
                    "Content-Length": str(len(body)),
                    "Connection": "close",
                }
            ),
            body,
        )
        self.connection.finish()

    def data_received(self, chunk: bytes) -> Any:
        return None if self.refused else self.inner.data_received(chunk)

    def finish(self) -> None:
        if not self.refused:
            self.inner.finish()

    def on_connection_close(self) -> None:
        if not self.refused:
            self.inner.on_connection_close()


class GuardedHTTPServer(HTTPServer):
    """Tornado's HTTP server with the checks of the module's description.

    :param host_check: the names this server answers to (``None``: any, as behind a hub's
        proxy, which checks them itself).
    :param address_connections: open connections one network address may hold.
    """

    def initialize(
        self,
        *args: Any,
        host_check: HostCheck | None = None,
        address_connections: int = 128,
        **kwargs: Any,
    ) -> None:
        super().initialize(*args, **kwargs)
        self.host_check = host_check
        self.address_connections = address_connections
        self._by_address: Counter[str] = Counter()
        self._address_of: dict[iostream.IOStream, str] = {}
        self._closed_early = 0

    def handle_stream(self, stream: iostream.IOStream, address: Any) -> None:
        ip = address[0] if isinstance(address, tuple) and address else ""
        if self._by_address[ip] >= self.address_connections:
            self._closed_early += 1
            if self._closed_early in (1, 10, 100, 1000) or self._closed_early % 10_000 == 0:
                _LOG.warning(
                    "sq2edu: %s holds %d connections, its share; closed %d connections so far",
                    ip,
                    self.address_connections,
                    self._closed_early,
                )
            stream.close()
            return
        self._by_address[ip] += 1
        self._address_of[stream] = ip
        super().handle_stream(stream, address)

    def on_close(self, server_conn: object) -> None:
        stream = getattr(server_conn, "stream", None)
        ip = self._address_of.pop(stream, None) if stream is not None else None
        if ip is not None:
            self._by_address[ip] -= 1
            if self._by_address[ip] <= 0:
                del self._by_address[ip]
        super().on_close(server_conn)

    def start_request(
        self, server_conn: object, request_conn: httputil.HTTPConnection
    ) -> httputil.HTTPMessageDelegate:
        delegate = super().start_request(server_conn, request_conn)
        stream = getattr(server_conn, "stream", None)
        address = self._address_of.get(stream, "?") if stream is not None else "?"
        return _Refusing(delegate, request_conn, self.host_check, address)
