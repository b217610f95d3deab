"""Running a test's coroutine on an event loop of its own.

A worker of the test run keeps one Playwright driver for all its browser tests
(``playwright_driver`` in ``tests/conftest.py``), and Playwright's synchronous API keeps an
asyncio loop running in the worker's main thread for as long as the driver lives. A test that
then calls ``asyncio.run`` or tornado's ``IOLoop.current().run_sync`` in that thread finds a
loop already running (and may stop Playwright's, failing the browser tests after it). Such a
test runs its coroutine here instead: on a new loop, in a thread of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["run_apart"]

T = TypeVar("T")


def run_apart(start: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run the coroutine ``start()`` makes to its end, on its own loop in its own thread,
    and return its result (or raise its exception)."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="own-loop") as pool:
        return pool.submit(lambda: asyncio.run(start())).result()
