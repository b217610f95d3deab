"""The classroom server's own care of the machine: file handles, and each kernel's memory.

- :func:`raise_file_limit` lifts the process's limit of open files (often 1,024, and each
  page's websocket costs the server several) to the most the system allows, up to
  :data:`FILE_LIMIT`.
- :func:`kernel_memory` reads how much memory a kernel's process (and any it started)
  holds, so that the server can stop one that is over its share
  (:class:`sq2edu.classroom.server.guard.ClassroomVoila`).
"""

from __future__ import annotations

import contextlib
from typing import Any

__all__ = ["FILE_LIMIT", "kernel_memory", "raise_file_limit"]

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


def _pid(kernel: Any) -> int | None:
    """The process id of a kernel manager's kernel (a local one), if it has one."""
    provisioner = getattr(kernel, "provisioner", None)
    pid = getattr(provisioner, "pid", None)
    if isinstance(pid, int):
        return pid
    process = getattr(provisioner, "process", None) or getattr(kernel, "kernel", None)
    pid = getattr(process, "pid", None)
    return pid if isinstance(pid, int) else None


def kernel_memory(kernel: Any) -> int:
    """The resident memory, in bytes, of a kernel's process and its children (0 when it
    cannot be read)."""
    import psutil

    pid = _pid(kernel)
    if pid is None:
        return 0
    try:
        process = psutil.Process(pid)
        total = int(process.memory_info().rss)
        for child in process.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                total += int(child.memory_info().rss)
    except psutil.Error:
        return 0
    return total
