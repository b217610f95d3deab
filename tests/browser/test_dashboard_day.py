"""The teacher's dashboard through a lesson day on a real ``sq2edu serve``, without a browser:
reloading it never locks the teacher out, and a dashboard whose page has gone stops."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import psutil
import pytest

from benchmarks.widget_client import WidgetClient
from tests.browser.test_classroom import Classroom

TIMEOUT = 90.0


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    room = Classroom(tmp_path_factory.mktemp("day"), settings={"gone_seconds": 2.0})
    try:
        yield room
    finally:
        if room.process.poll() is None:
            room.stop()


def _teacher_kernels(room: Classroom) -> set[str]:
    """The ids of the teacher's server's kernels, from their command lines."""
    found: set[str] = set()
    for child in psutil.Process(room.process.pid).children():
        if f"--port={room.teacher_port}" not in child.cmdline():
            continue
        for kernel in child.children(recursive=True):
            with contextlib.suppress(psutil.Error):  # a kernel that has just ended
                match = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(kernel.cmdline()))
                if match:
                    found.add(match.group(1))
    return found


def test_reloading_the_dashboard_ten_times_never_locks_the_teacher_out(
    classroom: Classroom,
) -> None:
    """After four loads the teacher's server said "The class is full right now" until it
    was restarted: a dashboard refreshes itself, so its kernel was never culled."""

    async def reload_ten_times() -> list[str]:
        kernels = []
        for _load in range(10):
            page = WidgetClient(classroom.teacher_url)
            await page.open(timeout=TIMEOUT)
            await page.widget("ButtonModel", TIMEOUT, description="Refresh now")
            kernels.append(page.kernel_id)
            await page.close()
        return kernels

    with ThreadPoolExecutor(max_workers=1) as thread:
        kernels = thread.submit(asyncio.run, reload_ten_times()).result()
    assert len(set(kernels)) == 10
    # The closed pages' kernels stop soon after (here within seconds, as configured).
    deadline = time.monotonic() + 60
    while _teacher_kernels(classroom) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not _teacher_kernels(classroom)
