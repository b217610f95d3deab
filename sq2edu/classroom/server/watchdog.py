"""The classroom server's own care of the machine: file handles, and each kernel's memory.

- :func:`raise_file_limit` lifts the process's limit of open files (often 1,024, and each
  page's websocket costs the server several) to the most the system allows, up to
  :data:`FILE_LIMIT`.
- :func:`kernels_memory` reads how much memory each kernel's process (and any it started)
  holds, so that the server can stop one that is over its share
  (:class:`sq2edu.classroom.server.guard.ClassroomVoila`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

__all__ = ["FILE_LIMIT", "kernel_pid", "kernels_memory", "raise_file_limit"]

#: Open files the classroom's server asks for: thousands of connections' worth.
FILE_LIMIT = 65_536


def raise_file_limit(wanted: int = FILE_LIMIT) -> tuple[int, int]:
    """Raise this process's soft limit of open files towards ``wanted`` (never above the
    hard limit, never down); returns the limit before and after (``(0, 0)`` where the
    system has no such limit)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows has no such limit
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def kernel_pid(kernel: Any) -> int | None:
    """The process id of a kernel manager's kernel (a local one), if it has one."""
    provisioner = getattr(kernel, "provisioner", None)
    pid = getattr(provisioner, "pid", None)
    if isinstance(pid, int):
        return pid
    process = getattr(provisioner, "process", None) or getattr(kernel, "kernel", None)
    pid = getattr(process, "pid", None)
    return pid if isinstance(pid, int) else None


def kernels_memory(pids: Mapping[str, int]) -> dict[str, int]:
    """The resident memory, in bytes, of each kernel's process and every process under it,
    by kernel (0 for one that cannot be read).

    The machine's process table is read once for all the kernels: asking each process for
    its children reads the whole table again, and with a class's hundred kernels that held
    the server's event loop for a fifth of a second every round. It blocks still, on files
    of ``/proc``: the server calls it in a thread (:meth:`ClassroomVoila._round`).

    :param pids: each kernel's process id, by kernel id.
    """
    import psutil

    children: dict[int, list[int]] = {}
    for process in psutil.process_iter(["ppid"]):
        parent = process.info["ppid"]
        if isinstance(parent, int):
            children.setdefault(parent, []).append(process.pid)
    used: dict[str, int] = {}
    for kernel_id, pid in pids.items():
        total = 0
        waiting, seen = [pid], set()
        while waiting:
            current = waiting.pop()
            if current in seen:
                continue
            seen.add(current)
            waiting.extend(children.get(current, ()))
            with contextlib.suppress(psutil.Error):
                total += int(psutil.Process(current).memory_info().rss)
        used[kernel_id] = total
    return used
