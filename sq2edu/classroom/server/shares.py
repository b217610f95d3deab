"""A fair share of the class's kernels and connections for each page, device and address.

The classroom's server hands each page a kernel of its own (about 100 MB and two seconds of
a core to start). Without shares, one device could take them all: fifty page loads that
never connect held the class's forty kernels, and a hundred and fifty websockets to one
kernel ran the server out of file handles. :class:`PageBook` keeps, for one server:

- which device (the digest of the secret it keeps) and which network address each kernel's
  page came from, and whether the page ever connected to it;
- **a device's share**: a new page from a device that already holds
  :attr:`PageBook.device_pages` kernels replaces its oldest one (a child who reloads is never
  refused, and never holds more);
- **an address's share**: at most :attr:`PageBook.address_pages` kernels for one network
  address, and new pages from it no faster than one every :attr:`PageBook.page_every`
  seconds after a burst as large as the share (devices without a cookie, such as a script,
  are known by their address only);
- **connections**: at most :attr:`PageBook.kernel_sockets` websockets to one kernel and
  :attr:`PageBook.address_sockets` from one address;
- pages that never connected, so that their kernels can be freed within seconds, and pages
  that have gone (every websocket closed), for a server that frees those too.

It is plain bookkeeping with a clock of its own; :mod:`sq2edu.classroom.server.guard` acts on it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from sq2edu.classroom.server.limits import TokenBucket

__all__ = ["Admission", "Page", "PageBook"]


@dataclass(slots=True)
class Page:
    """A kernel handed to a page.

    :ivar device: the device's key (``""``: not known).
    :ivar address: the page's network address.
    :ivar given: when the page got it, then when it was served in full (the book's clock).
    :ivar served: whether the page was served in full (it may connect from then on).
    :ivar connected: whether the page ever opened the kernel's websocket.
    :ivar connected_at: when it first did (the book's clock; ``None`` before).
    :ivar sockets: the kernel's websockets open now.
    :ivar left: when its last websocket closed (``None`` while one is open, or before).
    """

    kernel: str
    device: str
    address: str
    given: float
    served: bool = False
    connected: bool = False
    connected_at: float | None = None
    sockets: int = 0
    left: float | None = None


@dataclass(frozen=True, slots=True)
class Admission:
    """Whether a new page may have a kernel.

    :ivar ok: it may.
    :ivar replaced: kernels of the same device to shut down first (its oldest).
    :ivar reason: why not (``"address"``: its address holds its share or asks too fast).
    """

    ok: bool
    replaced: tuple[str, ...] = ()
    reason: str = ""


@dataclass
class PageBook:
    """The pages of one server, by device and address (see the module's description)."""

    device_pages: int = 3
    address_pages: int = 10
    kernel_sockets: int = 2
    address_sockets: int = 24
    page_every: float = 3.0
    clock: Callable[[], float] = time.monotonic
    pages: dict[str, Page] = field(default_factory=dict)
    _address_sockets: Counter[str] = field(default_factory=Counter)
    _loads: dict[str, TokenBucket] = field(default_factory=dict)

    def admit(self, device: str, address: str) -> Admission:
        """May a new page from ``device`` at ``address`` have a kernel? A device over its
        share gives up its oldest kernels; an address over its share, or asking faster than
        its burst allows, waits."""
        mine = sorted(
            (page for page in self.pages.values() if device and page.device == device),
            key=lambda page: page.given,
        )
        replaced = tuple(page.kernel for page in mine[: max(0, len(mine) - self.device_pages + 1)])
        held = sum(
            1
            for page in self.pages.values()
            if page.address == address and page.kernel not in replaced
        )
        if held >= self.address_pages:
            return Admission(False, reason="address")
        loads = self._loads.get(address)
        if loads is None:
            loads = self._loads[address] = TokenBucket(
                self.address_pages, self.page_every, self.clock
            )
        if not loads.take():
            return Admission(False, reason="address")
        return Admission(True, replaced)

    def give(self, kernel: str, device: str, address: str) -> None:
        """Note that ``kernel`` is now the page's (from ``device`` at ``address``)."""
        self.pages[kernel] = Page(kernel, device, address, self.clock())

    def served(self, kernel: str) -> None:
        """The page of ``kernel`` has been sent (or its sending ended): from now on it has a
        few seconds to connect."""
        page = self.pages.get(kernel)
        if page is not None and not page.served:
            page.served, page.given = True, self.clock()

    def forget(self, kernel: str) -> None:
        """The kernel is gone."""
        # Its websockets are counted off their address as they close.
        self.pages.pop(kernel, None)

    def connected_for(self, after: float) -> list[str]:
        """Kernels whose page first connected at least ``after`` seconds ago."""
        now = self.clock()
        return [
            page.kernel
            for page in self.pages.values()
            if page.connected_at is not None and now - page.connected_at >= after
        ]

    def unconnected(self, after: float) -> list[str]:
        """Kernels whose page has not connected within ``after`` seconds of being served."""
        now = self.clock()
        return [
            page.kernel
            for page in self.pages.values()
            if page.served and not page.connected and now - page.given >= after
        ]

    def gone(self, after: float) -> list[str]:
        """Kernels whose page connected and then closed every websocket, ``after`` seconds
        ago or more (the page was closed or reloaded)."""
        now = self.clock()
        return [
            page.kernel
            for page in self.pages.values()
            if page.connected and page.left is not None and now - page.left >= after
        ]

    def oldest(self) -> str | None:
        """The kernel given to a page longest ago, preferring one whose page has gone."""
        pages = sorted(self.pages.values(), key=lambda page: (page.sockets > 0, page.given))
        return pages[0].kernel if pages else None

    def socket_opened(self, kernel: str, address: str) -> bool:
        """Count a websocket to ``kernel`` from ``address``; ``False`` (and not counted) if
        the kernel or the address has its share of them."""
        if self._address_sockets[address] >= self.address_sockets:
            return False
        page = self.pages.get(kernel)
        if page is not None:
            if page.sockets >= self.kernel_sockets:
                return False
            page.sockets += 1
            if not page.connected:
                page.connected, page.connected_at = True, self.clock()
            page.left = None
        self._address_sockets[address] += 1
        return True

    def socket_closed(self, kernel: str, address: str) -> None:
        """A websocket counted by :meth:`socket_opened` has closed."""
        page = self.pages.get(kernel)
        if page is not None and page.sockets > 0:
            page.sockets -= 1
            if not page.sockets:
                page.left = self.clock()
        if self._address_sockets[address] > 0:
            self._address_sockets[address] -= 1
            if not self._address_sockets[address]:
                del self._address_sockets[address]
