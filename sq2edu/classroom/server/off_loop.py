"""Blocking work of a request, done in a worker thread rather than on the server's loop.

A teacher's download reads the store: a term's attempts take seconds, a PostgreSQL call
waits on the network. On the server's event loop that time is taken from every page it
serves (each child's click goes through the same loop) and from the other teachers, so
the teacher's handlers open, read and close the store in a thread, in the request's
language.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["in_thread", "reading"]

T = TypeVar("T")


async def in_thread(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in a worker thread, in a copy of this task's context (its language)."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(None, context.run, work, *args)


async def reading(open_store: Callable[[], Any], read: Callable[[Any], T]) -> T:
    """``read(store)`` on the store ``open_store()`` opens, all in one worker thread, the
    store closed after."""

    def work() -> T:
        store = open_store()
        try:
            return read(store)
        finally:
            store.close()

    return await in_thread(work)
