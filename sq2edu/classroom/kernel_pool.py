"""The student app's warm kernels: handed out at once, replaced gently.

Voilà keeps a pool of kernels that have already run the app's notebook, so that a student's
page opens at once. Two of its habits hurt a class that arrives together on one laptop:

- it replaces every kernel the moment it is taken, so thirty arriving students start thirty
  new kernels (each about two seconds of a core) while they wait for their pages;
- a student who arrives when no warm kernel is left waits for a replacement that may not have
  started yet, instead of getting a kernel of their own straight away.

Here a student gets a warm kernel if one is ready and otherwise a new one of their own at
once; replacements wait ``fill_delay`` seconds (set by ``sq2edu serve``) and then warm up a
few at a time (half the cores), so the class keeps most of the machine. ``sq2edu serve``
runs Voilà through :func:`main`, which installs this pool and starts Voilà as usual.

It extends the pool of Voilà 0.5 (its ``_pools`` of start-up tasks and ``_initialize``),
which is why ``pyproject.toml`` keeps Voilà below 0.6; ``tests/browser/test_classroom.py``
fails if a Voilà release changes them under it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from typing import Any

__all__ = ["WARM_UP_SECONDS", "classroom_kernel_manager_factory", "main", "ready"]

#: A kernel still running the app's notebook after this long stops holding up the others.
WARM_UP_SECONDS = 120.0


def ready(task: asyncio.Future[Any]) -> bool:
    """Whether a pooled kernel has warmed up and can be handed out now."""
    return task.done() and not task.cancelled() and task.exception() is None


def classroom_kernel_manager_factory(
    base_class: type, preheat_kernel: bool, default_pool_size: int, **kwargs: Any
) -> type:
    """Voilà's kernel manager, with the warm pool handed out and refilled as described above."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    voila_manager: Any = voila_kernel_manager_factory(
        base_class, preheat_kernel, default_pool_size, **kwargs
    )
    if not preheat_kernel:
        return voila_manager  # type: ignore[no-any-return]

    class ClassroomKernelManager(voila_manager):  # type: ignore[misc]
        def __init__(self, **options: Any) -> None:
            super().__init__(**options)
            self._warming = asyncio.Semaphore(max(1, (os.cpu_count() or 2) // 2))

        def get_pool_size(self, notebook_name: str) -> int:
            # Only warm kernels count: with none, the page starts a kernel of its own.
            return sum(1 for task in self._pools.get(notebook_name, ()) if ready(task))

        async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kw: Any) -> Any:
            pool = self._pools.get(notebook_name, [])
            first_ready = next((i for i, task in enumerate(pool) if ready(task)), None)
            if first_ready:
                pool.insert(0, pool.pop(first_ready))
            return await super().get_rendered_notebook(notebook_name, *args, **kw)

        async def _initialize(
            self, notebook_path: str, kernel_id: str | None = None, **kw: Any
        ) -> Any:
            if kernel_id is not None:  # a restart: the student is waiting for it
                return await super()._initialize(notebook_path, kernel_id, **kw)
            async with self._warming:
                started = await super()._initialize(notebook_path, None, **kw)
                # Slow or failed, it stops holding up the others; its page reports any error.
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(started["task"]), WARM_UP_SECONDS)
                return started

        async def shutdown_all(self, *args: Any, **kw: Any) -> None:
            # Replacements still waiting to start are dropped, so stopping never waits for them.
            for pool in self._pools.values():
                for task in [task for task in pool if not task.done()]:
                    task.cancel()
                    pool.remove(task)
            await super().shutdown_all(*args, **kw)

    return ClassroomKernelManager


def main(argv: list[str] | None = None) -> None:
    """Run Voilà with the classroom's kernel pool (arguments as for ``voila``)."""
    import voila.app

    voila.app.voila_kernel_manager_factory = classroom_kernel_manager_factory
    voila.app.Voila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
