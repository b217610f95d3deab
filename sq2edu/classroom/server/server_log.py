"""The classroom's log file: kept to a size, and not flooded by one attacker.

Every process of a classroom (the two servers and each kernel) writes to one log file, the
one ``sq2edu serve`` prints. An attack repeats itself: a thousand refused requests wrote a
thousand warnings (the log grew by hundreds of megabytes in minutes). Two measures keep it
useful and small:

- :class:`OftenFilter` lets through at most :data:`REPEATS` records of the same message (the
  same place in the code) in :data:`WINDOW` seconds; the next one that passes says how many
  were left out.
- :func:`keep_bounded` watches the file from each process: once it is larger than
  :data:`MAX_BYTES`, one process renames it to ``<name>.1`` (replacing the older one) and
  every process goes on in a new file, its standard error included. The log never takes more
  than about twice :data:`MAX_BYTES`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = [
    "MAX_BYTES",
    "REPEATS",
    "WINDOW",
    "OftenFilter",
    "keep_bounded",
    "open_log",
    "quiet_floods",
]

MAX_BYTES = 20 * 1024 * 1024
REPEATS = 5
WINDOW = 60.0
#: Seconds between each process's looks at the file's size.
LOOK_EVERY = 5.0


class OftenFilter(logging.Filter):
    """At most ``repeats`` records of one message in ``window`` seconds.

    :param clock: seconds, for tests.
    """

    def __init__(
        self,
        repeats: int = REPEATS,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.repeats = repeats
        self.window = window
        self.clock = clock
        self._seen: dict[tuple[str, int, str], tuple[float, int, int]] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, str(record.msg)[:200])
        now = self.clock()
        with self._lock:
            since, count, left_out = self._seen.get(key, (now, 0, 0))
            if now - since >= self.window:
                since, count = now, 0
            if count >= self.repeats:
                self._seen[key] = (since, count, left_out + 1)
                return False
            self._seen[key] = (since, count + 1, 0)
            if len(self._seen) > 10_000:  # messages with changing text: keep the newest
                for old in list(self._seen)[:5_000]:
                    del self._seen[old]
        if left_out:
            record.msg = f"{record.msg} ({left_out} more like this were left out)"
        return True


def open_log(path: Path) -> int:
    """A descriptor that appends to ``path``, which only this account may read."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)
    return descriptor


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Only one process rotates the log at a time."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: rotations are rare enough
        yield
        return
    descriptor = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def _rotate(path: Path, max_bytes: int) -> None:
    with _locked(path):
        try:
            if path.stat().st_size <= max_bytes:
                return  # another process rotated it meanwhile
        except FileNotFoundError:
            return
        os.replace(path, path.with_name(path.name + ".1"))
        os.close(open_log(path))


def look_once(path: Path, descriptors: tuple[int, ...], max_bytes: int = MAX_BYTES) -> bool:
    """Rotate ``path`` if it is too large, and point ``descriptors`` (this process's standard
    output and error) at the current file; returns whether they were moved."""
    try:
        if path.stat().st_size > max_bytes:
            _rotate(path, max_bytes)
    except FileNotFoundError:
        pass
    try:
        current = path.stat().st_ino
    except FileNotFoundError:
        current = -1
    if all(os.fstat(fd).st_ino == current for fd in descriptors):
        return False
    fresh = open_log(path)
    try:
        for fd in descriptors:
            os.dup2(fresh, fd)
    finally:
        os.close(fresh)
    return True


def keep_bounded(
    path: Path, descriptors: tuple[int, ...] = (2,), max_bytes: int = MAX_BYTES
) -> threading.Thread:
    """Watch the log at ``path`` from this process for as long as it runs (a thread)."""

    def watch() -> None:
        while True:
            with contextlib.suppress(OSError):
                look_once(path, descriptors, max_bytes)
            time.sleep(LOOK_EVERY)

    thread = threading.Thread(target=watch, name="sq2edu-log", daemon=True)
    thread.start()
    return thread


_FILTER = OftenFilter()


def quiet_floods() -> OftenFilter:
    """Put one :class:`OftenFilter` on every log handler of this process (and return it),
    the one Python writes with when a logger's records find no other (``lastResort``)
    included: the classroom's own warnings go there."""
    loggers = [logging.getLogger(), *logging.Logger.manager.loggerDict.values()]
    handlers = [handler for logger in loggers for handler in getattr(logger, "handlers", [])]
    for handler in [*handlers, *([logging.lastResort] if logging.lastResort else [])]:
        if _FILTER not in handler.filters:
            handler.addFilter(_FILTER)
    return _FILTER
