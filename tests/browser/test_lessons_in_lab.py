"""A lesson notebook in JupyterLab: the cells run, the book draws, an exercise is answered."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from sq2edu.ui.lesson import LessonBook
from tests.browser.conftest import (
    SERVER_START_TIMEOUT,
    SERVER_STOP_TIMEOUT,
    WIDGET_TIMEOUT_MS,
    free_port,
)

LESSONS = Path(__file__).parent.parent.parent / "lessons"


@pytest.fixture
def jupyterlab(tmp_path: Path, artifacts_dir: Path) -> Iterator[str]:
    """JupyterLab on a copy of the lessons (so nothing it saves touches the real ones)."""
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS, root)
    port = free_port()
    log_path = tmp_path / "jupyterlab.log"
    settings = tmp_path / "settings"
    # Without this, JupyterLab asks about news in a pop-up that covers the notebook.
    (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
    (
        settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    ).write_text('{"fetchNews": "false", "checkForUpdates": false}')
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
        "--allow-root",
    ]
    env = {**os.environ, "JUPYTER_PREFER_ENV_PATH": "1"}
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            _wait_for(f"http://127.0.0.1:{port}/api/status", process, log_path)
            yield f"http://127.0.0.1:{port}/"
        finally:
            process.terminate()
            try:
                process.wait(timeout=SERVER_STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            shutil.copyfile(log_path, artifacts_dir / "jupyterlab-lessons.log")


def _wait_for(url: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"JupyterLab exited early:\n{log_path.read_text()}", pytrace=False)
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"JupyterLab did not answer:\n{log_path.read_text()}", pytrace=False)


def test_lesson_one_runs_top_to_bottom_and_checks_an_answer(
    page: Page, jupyterlab: str, artifacts_dir: Path
) -> None:
    page.goto(jupyterlab + "lab/tree/en/01-number-bonds.ipynb", timeout=WIDGET_TIMEOUT_MS)
    # The saved lesson is drawn first (its first page, from the saved outputs).
    saved = page.locator(".jp-NotebookPanel").first
    expect(saved.get_by_role("heading", name="Lesson 1: Number bonds").first).to_be_visible(
        timeout=WIDGET_TIMEOUT_MS
    )
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_have_count(
        1, timeout=WIDGET_TIMEOUT_MS
    )
    page.get_by_role("menuitem", name="Run").click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()

    # The book is drawn by the running kernel; its first exercise plays in the Lab's builder.
    book = page.locator(".sq2-lesson")
    expect(book).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    expect(book.get_by_role("heading", name="Lesson 1: Number bonds")).to_be_visible()
    steps = LessonBook("number-bonds").steps
    for step in range(1, steps.index(("exercise", 1)) + 1):
        book.get_by_role("button", name="Next").click()
        expect(book.locator(".sq2-step")).to_have_text(f"{step + 1} of {len(steps)}")
    lab = book.locator(".sq2-table[data-version]")
    expect(lab).to_contain_text("Make 5 with two cards.")
    cards = lab.get_by_role("group", name="Your cards")
    for number in (1, 4, 5):
        cards.locator("button[aria-pressed='false']").get_by_text(
            str(number), exact=True
        ).first.click()
    lab.get_by_role("button", name="Check").click()
    expect(lab.get_by_role("status").filter(has_text="Yes!")).to_contain_text("1 + 4 = 5")
    expect(book.get_by_role("img", name="1 of 10 exercises done")).to_be_visible()
    expect(page.locator("[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)
    expect(
        page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
    ).to_have_count(0)
    page.screenshot(path=artifacts_dir / "lesson-1-in-jupyterlab.png")
