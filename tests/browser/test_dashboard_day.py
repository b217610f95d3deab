"""The teacher's dashboard through a lesson day on a real ``sq2edu serve``, without a browser:
reloading it never locks the teacher out, a dashboard whose page has gone stops, and a tab
a newer one replaced is told so."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import psutil
import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from benchmarks.widget_client import WidgetClient
from sq2edu.classroom.server.serve import TEACHER_KERNELS
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


def test_ten_dashboard_tabs_never_lock_the_teacher_out_and_a_replaced_one_is_told_why(
    classroom: Classroom,
) -> None:
    """After four loads the teacher's server said "The class is full right now" until it
    was restarted: a dashboard refreshes itself, so its kernel was never culled. And with
    four newer tabs open, the oldest said "the class server may have stopped" while it ran:
    the server had shut its kernel down to make room, and the page, hearing nothing, could
    only guess. It now asks the server (as a child's page does) and hears why."""

    async def ten_tabs() -> tuple[list[str], dict[str, str], dict[str, object]]:
        tabs: list[WidgetClient] = []
        try:
            # Five tabs open at once (the fifth takes the first's place), then five reloads.
            for load in range(10):
                tabs.append(WidgetClient(classroom.teacher_url))
                await tabs[-1].open(timeout=TIMEOUT)
                await tabs[-1].widget("ButtonModel", TIMEOUT, description="Refresh now")
                if load >= TEACHER_KERNELS:
                    await tabs[-1].close()
            # The first tab asks once it has heard nothing from its kernel for a while.
            first = tabs[0]
            base = classroom.teacher_url.split("?", 1)[0].rstrip("/")
            answer = await AsyncHTTPClient().fetch(
                HTTPRequest(f"{base}/sq2edu/page/{first.kernel_id}", headers=first.headers())
            )
            heartbeat = first.find_heartbeat()
            assert heartbeat is not None
            words = first.models[heartbeat]["words"]
            return [tab.kernel_id for tab in tabs], words, json.loads(answer.body)
        finally:
            for tab in tabs:
                await tab.close()

    with ThreadPoolExecutor(max_workers=1) as thread:
        kernels, words, state = thread.submit(asyncio.run, ten_tabs()).result()
    assert len(set(kernels)) == 10
    assert state == {"stopped": "replaced"}
    assert "A newer dashboard tab replaced this one" in words["replaced"]
    assert "still running" in words["replaced"]
    # The closed pages' kernels stop soon after (here within seconds, as configured).
    deadline = time.monotonic() + 60
    while _teacher_kernels(classroom) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not _teacher_kernels(classroom)
