"""The classroom end to end: `sq2edu serve`, a student joins and practises, the teacher sees it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Page, expect

from sq2edu.classroom import SQLiteStore
from tests.browser.conftest import WIDGET_TIMEOUT_MS, free_port, wait_until_answering


class Classroom:
    """A running `sq2edu serve` with its own store and ports."""

    def __init__(self, tmp_path: Path) -> None:
        self.db = tmp_path / "class.sqlite3"
        self.port, self.teacher_port = free_port(), free_port()
        self.log = (tmp_path / "serve.log").open("w")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sq2edu.cli",
                "serve",
                "--host=127.0.0.1",
                f"--port={self.port}",
                f"--teacher-port={self.teacher_port}",
                f"--db={self.db}",
                "--pool=1",
                "--class-code=OWL",
                "--no-qr",
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        for port in (self.port, self.teacher_port):
            wait_until_answering(port, timeout=90)

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(timeout=60)
        self.log.close()
        return code


@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Classroom]:
    room = Classroom(tmp_path)
    try:
        yield room
    finally:
        if room.process.poll() is None:
            room.stop()


def test_a_student_joins_practises_and_the_teacher_sees_it(
    classroom: Classroom, page: Page, artifacts_dir: Path
) -> None:
    page.goto(f"http://127.0.0.1:{classroom.port}/", wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    join = page.get_by_role("button", name="Join")
    expect(join).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    boxes = page.get_by_role("textbox")
    boxes.nth(0).fill("<img src=x onerror=alert(1)>")
    boxes.nth(1).fill("OWL")
    join.click()
    expect(page.get_by_text("Use letters and numbers only, like Mia or Leo2.")).to_be_visible()
    assert page.locator("img[src=x]").count() == 0
    boxes.nth(0).fill("Mia")
    join.click()
    page.get_by_role("button", name="Equation Lab").click()
    page.get_by_role("button", name="⌨ Type it").click(timeout=WIDGET_TIMEOUT_MS)
    page.get_by_label("Type an equation, like 2 + 3 = 5").fill("1 + 1 = 3")
    page.get_by_role("button", name="Check ✓").click()
    expect(page.get_by_role("status").filter(has_text="Not yet")).to_contain_text(
        "1 + 1 makes 2, not 3."
    )
    page.screenshot(path=artifacts_dir / "classroom_student.png", full_page=True)

    with SQLiteStore(classroom.db) as store:
        assert [(a.student, a.text, a.ok) for a in store.attempts()] == [
            ("Mia", "1 + 1 = 3", False)
        ]

    teacher = page.context.new_page()
    teacher.goto(
        f"http://127.0.0.1:{classroom.teacher_port}/",
        wait_until="commit",
        timeout=WIDGET_TIMEOUT_MS,
    )
    expect(teacher.get_by_text("1 + 1 = 3").first).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    expect(teacher.get_by_role("rowheader", name="Mia")).to_be_visible()
    teacher.screenshot(path=artifacts_dir / "classroom_teacher.png", full_page=True)


def test_the_dashboard_listens_on_this_computer_only_and_sources_are_hidden(
    classroom: Classroom,
) -> None:
    listening = {
        conn.laddr.ip
        for conn in psutil.net_connections(kind="tcp")
        if conn.status == psutil.CONN_LISTEN and conn.laddr.port == classroom.teacher_port
    }
    assert listening == {"127.0.0.1"}
    for path in ("voila/files/classroom.ipynb", "voila/files/class.sqlite3", "api/contents"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{classroom.port}/{path}", timeout=5)
        assert refused.value.code in (403, 404)


def test_serve_stops_everything_it_started(classroom: Classroom) -> None:
    children = psutil.Process(classroom.process.pid).children(recursive=True)
    assert children
    assert classroom.stop() == 0
    time.sleep(1)
    assert not [
        child for child in children if child.is_running() and child.status() != psutil.STATUS_ZOMBIE
    ]
    assert os.path.exists(classroom.db)
