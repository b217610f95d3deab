"""Children's clicks before warm-ups: the CPU priority of the class's kernels.

As a class arrives, the class server warms up kernels for the children still to come (each
a couple of seconds of a core: Python, sympy and the app) while the children already in are
clicking. On a small machine the two compete, and a click waited behind the warm-ups. A
kernel warming up for nobody yet therefore runs at a lower priority (:data:`WARMING`, the
``nice`` value); the moment a page takes it, it is back at the server's own priority, so a
child's click never waits behind a kernel warming up for someone else.

Going back up needs the right to raise a process's priority: root has it (on Linux, the
``CAP_SYS_NICE`` capability, which a container may take away), and an unprivileged service
has it with ``LimitNICE=+0`` (systemd; the shipped unit sets it) or ``ulimit -e 20``.
Without it, kernels warm up at the normal priority, as a server without this module would:
lowering a kernel that could never come back up would slow its child for good.

Linux keeps a priority per thread (a kernel's threads that send its messages were started
while it warmed up), so every thread of the process is set; elsewhere, the process. Where
the system has no ``nice`` values, nothing is lowered.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

__all__ = ["WARMING", "can_restore", "limit_allows", "own_niceness", "set_niceness"]

#: The ``nice`` value of a kernel warming up for no child yet (0 is normal, 19 the lowest).
WARMING = 10
#: Linux's capability to raise any process's priority (``CAP_SYS_NICE``).
_CAP_SYS_NICE = 23


def own_niceness() -> int | None:
    """This process's ``nice`` value (``None`` where the system has none)."""
    getpriority = getattr(os, "getpriority", None)
    return None if getpriority is None else int(getpriority(os.PRIO_PROCESS, 0))


def can_restore(niceness: int | None = None) -> bool:
    """Whether this process may bring a kernel it lowered back to ``niceness`` (default:
    its own)."""
    target = own_niceness() if niceness is None else niceness
    if target is None or not hasattr(os, "setpriority"):
        return False
    if _may_raise_any():
        return True
    try:
        import resource
    except ImportError:
        return False
    limit = getattr(resource, "RLIMIT_NICE", None)
    return limit is not None and limit_allows(resource.getrlimit(limit)[0], target)


def limit_allows(soft_limit: int, niceness: int) -> bool:
    """Whether ``RLIMIT_NICE``'s soft limit lets an account raise a process to ``niceness``:
    the highest priority it allows is ``20 - limit`` (a limit of 20 allows nice 0)."""
    import resource

    return soft_limit == resource.RLIM_INFINITY or 20 - soft_limit <= niceness


def _may_raise_any() -> bool:
    """Whether this process may raise any process's priority: on Linux, whether it has
    ``CAP_SYS_NICE`` (root in a container may not); elsewhere, whether it is root."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return os.geteuid() == 0
    for line in status.splitlines():
        if line.startswith("CapEff:"):
            return bool(int(line.split()[1], 16) >> _CAP_SYS_NICE & 1)
    return False


def set_niceness(pid: int, niceness: int) -> bool:
    """Set every thread of process ``pid`` to ``niceness``; whether it was done (a process
    that has just ended, or one this process may not raise, is left as it is)."""
    tasks = Path(f"/proc/{pid}/task")
    try:
        threads = [int(entry.name) for entry in tasks.iterdir()] if tasks.is_dir() else [pid]
    except OSError:
        return False
    done = False
    for thread in threads:
        # A thread may end between the listing and here.
        with contextlib.suppress(ProcessLookupError):
            try:
                os.setpriority(os.PRIO_PROCESS, thread, niceness)
            except PermissionError:
                return False
            done = True
    return done
