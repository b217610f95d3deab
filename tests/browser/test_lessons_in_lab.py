"""A lesson notebook in JupyterLab: the saved lesson is drawn as it was run."""

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

from sq2edu.hub.ports import spare_port
from tests.browser.conftest import (
    SERVER_START_TIMEOUT,
    SERVER_STOP_TIMEOUT,
    WIDGET_TIMEOUT_MS,
)

LESSONS = Path(__file__).parent.parent.parent / "lessons"


@pytest.fixture
def jupyterlab(tmp_path: Path, artifacts_dir: Path) -> Iterator[str]:
    """JupyterLab on a copy of the lessons (so nothing it saves touches the real ones)."""
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS, root)
    port = spare_port()
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


def test_a_saved_lesson_opens_in_jupyterlab_as_it_was_run(
    page: Page, jupyterlab: str, artifacts_dir: Path
) -> None:
    """A teacher opening a lesson notebook in JupyterLab sees the saved lesson: its pages,
    words from the saved outputs, and no error. (The book live, answered, is
    tested through Voilà and the class app.)"""
    page.goto(jupyterlab + "lab/tree/en/05-dividing.ipynb", timeout=WIDGET_TIMEOUT_MS)
    saved = page.locator(".jp-NotebookPanel").first
    expect(saved.get_by_role("heading", name="Lesson 5: Dividing").first).to_be_visible(
        timeout=WIDGET_TIMEOUT_MS
    )
    expect(saved.get_by_role("heading", name="Left over").first).to_be_attached()
    expect(saved.get_by_text("7 ÷ 2 = 3 r 1").first).to_be_attached()
    expect(page.locator("[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)
    expect(
        page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
    ).to_have_count(0)
    page.screenshot(path=artifacts_dir / "lesson-5-in-jupyterlab.png")
