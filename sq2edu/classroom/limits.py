"""How often a page may try things: class codes, and equations sent to the store.

A class code of three letters has 17,576 possibilities; a script that tries hundreds a
second finds it in under a minute. :class:`CodeGuard` allows a few wrong tries and then
makes every next one wait twice as long, counted for the page (its kernel) and for the
network address it comes from (a new page is no way around it), and keeps each wrong try
for the teacher's dashboard. :class:`TokenBucket` lets a child check equations as fast as
a child does, and a script no faster.
"""

from __future__ import annotations

import datetime as dt
import hmac
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from sq2edu.classroom.records import GuardEvent, utc_now
from sq2edu.classroom.store import ProgressStore

__all__ = ["CodeGuard", "CodeVerdict", "TokenBucket", "same_code"]

#: Wrong tries a page may make before it has to wait.
PAGE_TRIES = 5
#: Wrong tries from one network address (a whole class may share one) before it waits.
ADDRESS_TRIES = 20
#: How far back wrong tries from an address count.
WINDOW_SECONDS = 600
#: The first wait; each wrong try after it doubles it, up to :data:`LONGEST_WAIT`.
FIRST_WAIT = 5.0
LONGEST_WAIT = 300.0


def _folded(code: str) -> bytes:
    return "".join(unicodedata.normalize("NFKC", code).casefold().split()).encode()


def same_code(given: str, expected: str) -> bool:
    """Whether a typed class code is the teacher's: case, spaces and width do not matter,
    and the comparison takes as long whatever the typed code is."""
    return hmac.compare_digest(_folded(given), _folded(expected))


@dataclass(frozen=True, slots=True)
class CodeVerdict:
    """The answer to a class code: right, or wrong, or not checked because of a wait.

    :ivar ok: the code was right.
    :ivar wait: seconds the page must wait before the next try (0: it may try now).
    :ivar checked: whether the code was looked at (not while a wait lasted).
    """

    ok: bool
    wait: float = 0.0
    checked: bool = True


def _wait_after(failures: int, allowed: int) -> float:
    if failures < allowed:
        return 0.0
    return float(min(LONGEST_WAIT, FIRST_WAIT * 2.0 ** (failures - allowed)))


class CodeGuard:
    """Checks one page's class codes against the teacher's, with waits after wrong tries.

    :param store: where wrong tries are kept (and counted across pages by address).
    :param code: the teacher's class code.
    :param clock: seconds, for tests.
    """

    def __init__(
        self, store: ProgressStore, code: str, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.code = code
        self.clock = clock
        self.failures = 0
        self._next_try = 0.0

    def _address_wait(self, address: str) -> float:
        """The wait that wrong tries from this address, on any page, have earned."""
        if not address:
            return 0.0
        now = dt.datetime.now(dt.UTC)
        since = (now - dt.timedelta(seconds=WINDOW_SECONDS)).isoformat(timespec="seconds")
        recent = self.store.events(since, kind="wrong-code", address=address)
        earned = _wait_after(len(recent), ADDRESS_TRIES)
        if not earned:
            return 0.0
        last = dt.datetime.fromisoformat(recent[0].at)
        return max(0.0, earned - (now - last).total_seconds())

    def wait(self, address: str = "") -> float:
        """Seconds before this page may try a code again (0: now)."""
        return float(max(self._next_try - self.clock(), self._address_wait(address), 0.0))

    def check(self, given: str, address: str = "") -> CodeVerdict:
        """Check a typed code; a wrong one is kept for the teacher and makes the next wait.

        While a wait lasts, nothing is checked (not even the right code) and nothing is
        written: a script gains nothing by trying faster.
        """
        waiting = self.wait(address)
        if waiting > 0:
            return CodeVerdict(False, waiting, checked=False)
        if same_code(given, self.code):
            return CodeVerdict(True)
        self.failures += 1
        self.store.record_event(GuardEvent("wrong-code", address or "?", "", utc_now()))
        self._next_try = self.clock() + _wait_after(self.failures, PAGE_TRIES)
        return CodeVerdict(False, self.wait(address))


class TokenBucket:
    """At most ``burst`` at once, then one every ``every`` seconds.

    :param clock: seconds, for tests.
    """

    def __init__(
        self, burst: int, every: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self, amount: float = 1.0) -> bool:
        """Use ``amount`` tokens if there are that many."""
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) / self.every)
        self._at = now
        if self._tokens < amount:
            return False
        self._tokens -= amount
        return True
