"""How often a page may try things: class codes, and equations sent to the store.

A class code of three letters has 17,576 possibilities; a script that tries hundreds a
second finds it in under a minute. :class:`CodeGuard` allows a few wrong tries and then
makes every next one wait twice as long, counted for the page (its kernel) and for the
network address it comes from (a new page is no way around it), and keeps each wrong try
for the teacher's dashboard. The address's wrong tries are remembered for a day, in the
store (a restart forgets nothing), and its waits grow up to an hour: a script that tries
as soon as it may makes about :data:`GUESSES_A_DAY` guesses a day (see
:func:`guesses_in`). A right code from the address forgives the wrong ones before it (a
class that mistyped in the morning is not held up all day). :class:`TokenBucket` lets a
child check equations as fast as a child does, and a script no faster.
"""

from __future__ import annotations

import datetime as dt
import hmac
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from sq2edu.classroom.storage.store import ChildStore
from sq2edu.progress.records import GuardEvent

__all__ = [
    "ADDRESS_LONGEST_WAIT",
    "GUESSES_A_DAY",
    "MEMORY_SECONDS",
    "CodeGuard",
    "CodeVerdict",
    "TokenBucket",
    "address_wait",
    "guesses_in",
    "same_code",
]

#: Wrong tries a page may make before it has to wait.
PAGE_TRIES = 5
#: Wrong tries from one network address (a whole class may share one) before it waits.
ADDRESS_TRIES = 20
#: How far back wrong tries from an address count: a day, so that waiting out a window
#: wins nothing.
MEMORY_SECONDS = 24 * 3600
#: The same, by its older name (the hub's sign-in counts its wrong tries over it).
WINDOW_SECONDS = MEMORY_SECONDS
#: The first wait; each wrong try after it doubles it, up to :data:`LONGEST_WAIT` for a page
#: and :data:`ADDRESS_LONGEST_WAIT` for an address.
FIRST_WAIT = 5.0
LONGEST_WAIT = 300.0
ADDRESS_LONGEST_WAIT = 3600.0
#: Guesses a day a script at one address has checked when it tries the moment it may, once
#: its first day is over (52 that day, 894 in thirty days: :func:`guesses_in`, checked by
#: ``tests/classroom/test_guard.py``).
GUESSES_A_DAY = 29


def address_wait(failures: int) -> float:
    """The wait an address has earned with ``failures`` wrong codes in memory."""
    return _wait_after(failures, ADDRESS_TRIES, ADDRESS_LONGEST_WAIT)


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


def _wait_after(failures: int, allowed: int, longest: float = LONGEST_WAIT) -> float:
    if failures < allowed:
        return 0.0
    return float(min(longest, FIRST_WAIT * 2.0 ** min(failures - allowed, 64)))


class CodeGuard:
    """Checks one page's class codes against the teacher's, with waits after wrong tries.

    :param store: where wrong tries are kept (and counted across pages by address).
    :param code: the teacher's class code.
    :param clock: seconds, for tests.
    :param wall: the time of day (UTC), for tests.
    """

    def __init__(
        self,
        store: ChildStore,
        code: str,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC),
    ) -> None:
        self.store = store
        self.code = code
        self.clock = clock
        self.wall = wall
        self.failures = 0
        self._next_try = 0.0

    def _address_wait(self, address: str) -> float:
        """The wait that wrong tries from this address, on any page, have earned."""
        if not address:
            return 0.0
        now = self.wall()
        since = (now - dt.timedelta(seconds=MEMORY_SECONDS)).isoformat(timespec="seconds")
        recent = self.store.events(since, kind="wrong-code", address=address)
        forgiven = self.store.events(since, kind="right-code", address=address)
        if forgiven:
            recent = [event for event in recent if event.at > forgiven[0].at]
        earned = address_wait(len(recent))
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
        now = self.wall()
        stamp = now.isoformat(timespec="seconds")
        if same_code(given, self.code):
            since = (now - dt.timedelta(seconds=MEMORY_SECONDS)).isoformat(timespec="seconds")
            if address and self.store.events(since, kind="wrong-code", address=address):
                # The address's wrong tries so far are forgiven (kept only when there are
                # some: one row per class code typed right after wrong ones).
                self.store.record_event(GuardEvent("right-code", address, "", stamp))
            return CodeVerdict(True)
        self.failures += 1
        self.store.record_event(GuardEvent("wrong-code", address or "?", "", stamp))
        self._next_try = self.clock() + _wait_after(self.failures, PAGE_TRIES)
        return CodeVerdict(False, self.wait(address))


def guesses_in(seconds: float, store: ChildStore, code: str = "OWL") -> int:
    """How many codes a script at one address gets checked in ``seconds``, trying each time
    the moment it may with a new page (so that only the address's waits hold it back)."""
    start = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
    elapsed = [0.0]
    checked = 0

    def wall() -> dt.datetime:
        return start + dt.timedelta(seconds=elapsed[0])

    while True:
        guard = CodeGuard(store, code, wall=wall)
        wait = guard.wait("10.9.9.9")
        if elapsed[0] + wait >= seconds:
            return checked
        elapsed[0] += wait
        verdict = guard.check("ZZZ", "10.9.9.9")
        assert verdict.checked
        checked += 1
        elapsed[0] += 1.0  # a try costs a second of its own at least


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
