"""Kernels warming up for children still to come give way to the children already clicking;
a kernel comes back to full priority only where the server may raise it again."""

from __future__ import annotations

import multiprocessing
import os
import resource
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from sq2edu.classroom.server.priority import WARMING, can_restore, limit_allows, set_niceness

#: A process with threads of its own, as a kernel has (its messages go out on other threads).
_THREADED = (
    "import threading, time\n"
    "for _ in range(3): threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
    "print('ready', flush=True)\n"
    "time.sleep(60)\n"
)


def _niceness_of_each_thread(pid: int) -> set[int]:
    return {
        os.getpriority(os.PRIO_PROCESS, int(thread)) for thread in os.listdir(f"/proc/{pid}/task")
    }


@pytest.fixture
def threaded() -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen([sys.executable, "-c", _THREADED], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    try:
        yield process
    finally:
        process.kill()
        process.wait()


def test_every_thread_of_a_warming_kernel_is_lowered_and_raised_again(
    threaded: subprocess.Popen[str],
) -> None:
    own = os.getpriority(os.PRIO_PROCESS, 0)
    assert len(os.listdir(f"/proc/{threaded.pid}/task")) == 4
    assert set_niceness(threaded.pid, WARMING)
    assert _niceness_of_each_thread(threaded.pid) == {WARMING}
    if can_restore(own):
        assert set_niceness(threaded.pid, own)
        assert _niceness_of_each_thread(threaded.pid) == {own}


def test_a_process_that_has_ended_is_left_alone() -> None:
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    assert not set_niceness(ended.pid, WARMING)


def test_the_nice_limit_says_how_high_an_account_may_raise_a_process() -> None:
    assert limit_allows(20, 0)  # systemd's LimitNICE=+0
    assert limit_allows(resource.RLIM_INFINITY, 0)
    assert not limit_allows(0, 0)  # most accounts: never back up
    assert not limit_allows(19, 0)
    assert limit_allows(10, 10)
    assert not limit_allows(10, 9)


def _as_nobody(results: multiprocessing.Queue[tuple[bool, bool, bool, int]]) -> None:
    """As an account with a nice limit of 0 (and, started as root, as nobody, with no
    capability left): may it raise a priority again, and can it?"""
    resource.setrlimit(resource.RLIMIT_NICE, (0, 0))
    if os.geteuid() == 0:
        os.setgid(65534)
        os.setuid(65534)
    own = os.getpriority(os.PRIO_PROCESS, 0)
    may = can_restore(own)
    lowered = set_niceness(threading.get_native_id(), WARMING)
    raised = set_niceness(threading.get_native_id(), own)
    results.put((may, lowered, raised, os.getpriority(os.PRIO_PROCESS, 0)))


def test_an_account_that_may_not_raise_a_kernel_again_never_lowers_one() -> None:
    # The pool asks can_restore() before it lowers any warm-up: a kernel lowered for good
    # would slow its child all lesson.
    context = multiprocessing.get_context("fork")
    results: multiprocessing.Queue[tuple[bool, bool, bool, int]] = context.Queue()
    child = context.Process(target=_as_nobody, args=(results,))
    child.start()
    may, lowered, raised, niceness = results.get(timeout=30)
    child.join(timeout=30)
    assert child.exitcode == 0
    assert may is False
    assert lowered  # lowering is anyone's right,
    assert not raised  # raising back was refused
    assert niceness == WARMING
