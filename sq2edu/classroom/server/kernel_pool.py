"""The student app's kernels: a warm pool handed out at once, a cap, and gentle culling.

Voilà keeps a pool of kernels that have already run the app's notebook, so that a student's
page opens at once. Two of its habits hurt a class that arrives together on one laptop:

- it replaces every kernel the moment it is taken, so thirty arriving students start thirty
  new kernels (each about two seconds of a core) while they wait for their pages;
- a student who arrives when no warm kernel is left waits for a replacement that may not have
  started yet, instead of getting a kernel of their own straight away.

Here a student gets a warm kernel if one is ready and otherwise a new one of their own at
once; replacements wait ``fill_delay`` seconds (set by ``sq2edu serve``) and then warm up a
few at a time (half the cores), so the class keeps most of the machine.

On a school network anyone can ask for pages, so the manager also keeps the class to its
size: at most ``max_kernels`` kernels run, warm ones included (:class:`ClassFullError` for
one more), and a kernel whose page has gone is culled by the usual idle culler while warm
kernels waiting for a student never are. ``sq2edu serve`` runs Voilà through
:func:`sq2edu.classroom.server.guard.main`, which installs this manager.

Each warm-up renders the app's page with a new Voilà exporter, whose Jinja environment would
compile the page's templates afresh (about a fifth of a second of the server's event loop,
every time a kernel warms up while a class clicks); the templates' compiled code is kept for
all of them (:class:`TemplateCode`).

It extends the pool of Voilà 0.5 (its ``_pools`` of start-up tasks and ``_initialize``),
which is why ``pyproject.toml`` keeps Voilà below 0.6; ``tests/browser/test_classroom.py``
fails if a Voilà release changes them under it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from jupyter_server._tz import utcnow

__all__ = [
    "WARM_UP_SECONDS",
    "ClassFullError",
    "TemplateCode",
    "classroom_kernel_manager_factory",
    "ready",
]

#: A kernel still running the app's notebook after this long stops holding up the others.
WARM_UP_SECONDS = 120.0


class ClassFullError(RuntimeError):
    """The class has as many kernels as it may have."""


class TemplateCode(BytecodeCache):
    """The compiled code of the page's templates, kept in memory for every renderer.

    Jinja checks each template's source against the code it keeps (a changed template is
    compiled again), so a renderer gets exactly what compiling would give it.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    def share_with(self, started: Any) -> None:
        """Give the renderer of a kernel Voilà has just started (``_initialize``'s answer)
        this code, before it renders the page."""
        renderer = started.get("renderer") if isinstance(started, dict) else None
        exporter = getattr(renderer, "exporter", None)
        if exporter is not None:
            exporter.environment.bytecode_cache = self


def ready(task: asyncio.Future[Any]) -> bool:
    """Whether a pooled kernel has warmed up and can be handed out now."""
    return task.done() and not task.cancelled() and task.exception() is None


def classroom_kernel_manager_factory(
    base_class: type, preheat_kernel: bool, default_pool_size: int, **kwargs: Any
) -> type:
    """Voilà's kernel manager, kept to the class's size, with the warm pool handed out and
    refilled as described above."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    voila_manager: Any = voila_kernel_manager_factory(
        base_class, preheat_kernel, default_pool_size, **kwargs
    )

    class CappedKernelManager(voila_manager):  # type: ignore[misc]
        #: At most this many kernels (``ClassroomVoila.max_kernels`` sets it).
        max_kernels = 40

        def __init__(self, **options: Any) -> None:
            super().__init__(**options)
            self._starting = 0
            #: Called with a kernel's id once it has been shut down (by its page, the
            #: culler, or the server's own guards).
            self.gone_listeners: list[Callable[[str], None]] = []

        def has_room(self) -> bool:
            """Whether one more kernel may start."""
            return len(self.list_kernel_ids()) + self._starting < self.max_kernels

        async def start_kernel(self, *args: Any, **kw: Any) -> str:
            # Counted before the first await: of many pages asking at once, no more start
            # than there is room for.
            if not self.has_room():
                raise ClassFullError(f"the class has its {self.max_kernels} kernels")
            self._starting += 1
            try:
                kernel_id: str = await super().start_kernel(*args, **kw)
            finally:
                self._starting -= 1
            return kernel_id

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kw: Any) -> Any:
            try:
                return await super().shutdown_kernel(kernel_id, *args, **kw)
            finally:
                for listener in self.gone_listeners:
                    listener(kernel_id)

    if not preheat_kernel:
        return CappedKernelManager

    class ClassroomKernelManager(CappedKernelManager):
        def __init__(self, **options: Any) -> None:
            super().__init__(**options)
            self._warming = asyncio.Semaphore(max(1, (os.cpu_count() or 2) // 2))
            self.template_code = TemplateCode()

        def _warm_ids(self) -> set[str]:
            return {
                task.result()["kernel_id"]
                for pool in self._pools.values()
                for task in pool
                if ready(task)
            }

        def get_pool_size(self, notebook_name: str) -> int:
            # Only warm kernels count: with none, the page starts a kernel of its own.
            return sum(1 for task in self._pools.get(notebook_name, ()) if ready(task))

        async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kw: Any) -> Any:
            pool = self._pools.get(notebook_name, [])
            # A warm-up that failed (the class was full) leaves room for a new one.
            pool[:] = [task for task in pool if not task.done() or ready(task)]
            first_ready = next((i for i, task in enumerate(pool) if ready(task)), None)
            if first_ready:
                pool.insert(0, pool.pop(first_ready))
            rendered = await super().get_rendered_notebook(notebook_name, *args, **kw)
            # A warm kernel idle in the pool for over a minute is a page's now: the idle
            # culler must not take it before its page has connected (it did, on a hub whose
            # pool had waited: the page stayed at "Loading widget...").
            with contextlib.suppress(KeyError):
                self.get_kernel(rendered[2]).last_activity = utcnow()
            return rendered

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            # A warm kernel waits, unconnected, for a student: that is its job.
            if kernel_id not in self._warm_ids():
                await super().cull_kernel_if_idle(kernel_id)

        async def _initialize(
            self, notebook_path: str, kernel_id: str | None = None, **kw: Any
        ) -> Any:
            if kernel_id is not None:  # a restart: the student is waiting for it
                started = await super()._initialize(notebook_path, kernel_id, **kw)
                self.template_code.share_with(started)
                return started
            async with self._warming:
                started = await super()._initialize(notebook_path, None, **kw)
                self.template_code.share_with(started)
                # Slow or failed, it stops holding up the others; its page reports any error.
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(started["task"]), WARM_UP_SECONDS)
                return started

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kw: Any) -> Any:
            result = await super().shutdown_kernel(kernel_id, *args, **kw)
            # A place came free: warm kernels the full class could not start may start now.
            notebook = getattr(self, "notebook_path", None)
            if notebook is not None and self._pools:
                pool = self._pools.get(notebook, [])
                pool[:] = [task for task in pool if not task.done() or ready(task)]
                self.fill_if_needed(notebook_name=notebook)
            return result

        async def shutdown_all(self, *args: Any, **kw: Any) -> None:
            # Replacements still waiting to start are dropped, so stopping never waits for them.
            for pool in self._pools.values():
                for task in [task for task in pool if not task.done()]:
                    task.cancel()
                    pool.remove(task)
            await super().shutdown_all(*args, **kw)

    return ClassroomKernelManager
