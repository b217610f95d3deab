"""Fixtures for the browser tests: Debian's Chromium, driven by Playwright, against a real Voilà.

Every test in this folder gets the ``browser`` marker, so ``pytest -m "not browser"`` leaves them
out on machines without a browser.

Finding Chromium
    ``SQ2EDU_CHROMIUM`` comes first; it may be a path or a command name on ``PATH``. Without it,
    Debian's ``/usr/bin/chromium-headless-shell``, then ``/usr/bin/chromium``, then
    ``chromium-headless-shell``, ``chromium``, ``google-chrome`` and ``chrome`` on ``PATH``.
    The headless shell is Chromium built for running without a screen, the build Playwright
    itself drives for headless tests: the same Blink and V8 drawing the same pages, without
    the desktop browser's machinery, so a test needs about half the browser's CPU
    (CONTRIBUTING.md, "Test time"). Playwright's own browser builds are never used:
    ``playwright install`` downloads them, and the test machines have no network access for
    that.

No Chromium found
    With ``CI`` set to ``true`` or ``1`` the tests fail: a CI run must not go green by quietly
    skipping its browser tests. Anywhere else they are skipped, with the install command.

``SQ2EDU_CHROMIUM`` set to something that is not an executable
    The tests fail, in CI and elsewhere. Someone chose that browser on purpose; falling back to
    another one would test something other than what was asked for, and skipping would hide
    the typo.

Failures
    When a test using ``page`` fails, a screenshot and the browser console are written to
    ``test-artifacts/`` at the repository root.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Generator, Iterator, Mapping
from pathlib import Path
from typing import IO

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, Request
from playwright.sync_api import Error as PlaywrightError

from sq2edu.classroom.server.serve import write_cell_notebook
from sq2edu.hub.ports import spare_port

BROWSER_ENV = "SQ2EDU_CHROMIUM"
"""Environment variable naming the Chromium (or Chrome) executable to use."""

CANDIDATES = (
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "chromium-headless-shell",
    "chromium",
    "google-chrome",
    "chrome",
)
"""Where to look for a browser when :data:`BROWSER_ENV` is not set, in order."""

CHROMIUM_ARGS = [
    # CI runs as root, and Chromium refuses to start its sandbox as root.
    "--no-sandbox",
    # Test machines have no GPU; probing for one only adds noise to the logs.
    "--disable-gpu",
    # Background services the tests never need; with no network they only retry and stall.
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Containers often have a tiny /dev/shm, which makes Chromium's renderers crash.
    "--disable-dev-shm-usage",
]

SERVER_START_TIMEOUT = 60.0
"""Seconds a Voilà server gets to answer HTTP; a cold start imports all of Jupyter."""

SERVER_STOP_TIMEOUT = 20.0
"""Seconds a Voilà server gets to shut its kernels down before it is killed."""

VoilaServer = Callable[[Path], str]
"""Starts Voilà on a notebook and returns the server's base URL, ending in ``/``."""

_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()
_FAILURE_CAPTURES = pytest.StashKey[list[Callable[[], None]]]()


class ConfiguredBrowserMissingError(Exception):
    """:data:`BROWSER_ENV` is set but does not name an executable."""


def in_ci(environ: Mapping[str, str] = os.environ) -> bool:
    """Tell whether we run in CI, where missing browsers are failures, not skips.

    :param environ: the environment to read ``CI`` from.
    :returns: ``True`` when ``CI`` is ``true`` or ``1`` (any case, surrounding blanks ignored).
    """
    return environ.get("CI", "").strip().lower() in {"true", "1"}


def find_chromium(environ: Mapping[str, str] = os.environ) -> str | None:
    """Find a Chromium or Chrome executable.

    :param environ: the environment to read :data:`BROWSER_ENV` from.
    :returns: the executable's path, or ``None`` when none of :data:`CANDIDATES` exists.
    :raises ConfiguredBrowserMissingError: when :data:`BROWSER_ENV` is set to something that is
        not an executable.
    """
    configured = environ.get(BROWSER_ENV, "").strip()
    if configured:
        found = shutil.which(configured)
        if found is None:
            raise ConfiguredBrowserMissingError(
                f"{BROWSER_ENV}={configured!r} is not an executable file or a command on PATH"
            )
        return found
    for candidate in CANDIDATES:
        found = shutil.which(candidate)
        if found is not None:
            return found
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test below this folder as a browser test."""
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the item, and capture the browser's state on failure.

    The capture happens here, right after the failing phase, because fixture teardown runs in
    reverse order of setup: a server set up after ``page`` is already gone by the time
    ``page`` is torn down, and the screenshot would show a dead page.
    """
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    if report.failed and report.when != "teardown":
        for capture in item.stash.get(_FAILURE_CAPTURES, []):
            capture()
    return report


def _failed(item: pytest.Item) -> bool:
    reports = item.stash.get(_REPORTS, {})
    return any(report.failed for report in reports.values())


def _artifact_stem(item: pytest.Item) -> str:
    return re.sub(r"[^\w.-]+", "_", item.nodeid).strip("_")


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    """Path of the browser to drive; fails or skips as described in the module docstring."""
    try:
        found = find_chromium()
        problem = None
    except ConfiguredBrowserMissingError as error:
        found, problem = None, str(error)
    # Failing outside the except block keeps the report to the one message that matters.
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    if found is None:
        looked_at = ", ".join([f"${BROWSER_ENV}", *CANDIDATES])
        if in_ci():
            pytest.fail(
                f"no Chromium found (looked at {looked_at}); CI must run the browser tests. "
                "Install it with: apt-get install chromium-headless-shell",
                pytrace=False,
            )
        pytest.skip(
            f"no Chromium found (looked at {looked_at}). Install it with "
            "`sudo apt-get install chromium-headless-shell` (or chromium), or point "
            f"{BROWSER_ENV} at a Chromium or Chrome."
        )
    return found


@pytest.fixture(scope="session")
def browser(chromium_executable: str, playwright_driver: Playwright) -> Iterator[Browser]:
    """One headless Chromium for the whole session; each test gets its own context."""
    chromium = playwright_driver.chromium.launch(
        executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture(scope="session")
def artifacts_dir(pytestconfig: pytest.Config) -> Path:
    """``test-artifacts/`` at the repository root (ignored by git), created on demand."""
    path = pytestconfig.rootpath / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest, artifacts_dir: Path) -> Iterator[Page]:
    """A fresh page in a fresh context.

    When the test fails, ``test-artifacts/`` gets a screenshot and a log of the browser console,
    uncaught errors and failed requests.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    new_page = context.new_page()
    console: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        console.append(f"{message.type}: {message.text}")

    def on_page_error(error: PlaywrightError) -> None:
        console.append(f"uncaught: {error}")

    def on_request_failed(failed: Request) -> None:
        console.append(f"request failed: {failed.url} ({failed.failure})")

    def capture() -> None:
        stem = _artifact_stem(request.node)
        try:
            new_page.screenshot(path=artifacts_dir / f"{stem}.png", full_page=True)
        except PlaywrightError as error:
            # A crashed page must not hide the test's own failure behind this one.
            console.append(f"screenshot failed: {error}")
        (artifacts_dir / f"{stem}.console.log").write_text("\n".join(console) + "\n")

    new_page.on("console", on_console)
    new_page.on("pageerror", on_page_error)
    new_page.on("requestfailed", on_request_failed)
    request.node.stash.setdefault(_FAILURE_CAPTURES, []).append(capture)
    try:
        yield new_page
    finally:
        context.close()


class VoilaProcess:
    """A Voilà server process and the file its output goes to.

    :param notebook: the notebook to serve at ``/``, or a folder: every notebook below it is
        served at ``/voila/render/<its path in the folder>``, each page with a kernel of its
        own started in the notebook's folder, as for a notebook served alone.
    """

    def __init__(self, notebook: Path, log_path: Path) -> None:
        # From below the range the system hands kernels' sockets from: a port it handed out
        # could be taken by a kernel before the server bound it (no port retries: a clash
        # would be a clear start failure).
        self.port = spare_port()
        self.base_url = f"http://127.0.0.1:{self.port}/"
        self.log_path = log_path
        command = [
            sys.executable,
            "-m",
            "voila",
            str(notebook),
            "--no-browser",
            f"--port={self.port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
            # An empty token turns authentication off, whatever a user's config file says.
            "--token=",
            "--show_tracebacks=True",
            # Kernels talk to the server over Unix sockets: a TCP port picked for a kernel
            # can be taken by another worker's server or kernel before the kernel binds it
            # ("Address already in use", and the page never draws).
            "--KernelManager.transport=ipc",
        ]
        # The venv's kernelspecs must win over any in ~/.local/share/jupyter.
        env = {**os.environ, "JUPYTER_PREFER_ENV_PATH": "1"}
        # A file, not a pipe: nobody reads a pipe while the test runs, and a full one blocks Voilà.
        self._log: IO[bytes] = log_path.open("wb")
        self.process = subprocess.Popen(
            command,
            cwd=notebook if notebook.is_dir() else notebook.parent,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    def log(self) -> str:
        """Everything the server has written so far."""
        return self.log_path.read_text(errors="replace")

    def wait_until_up(self, timeout: float = SERVER_START_TIMEOUT) -> None:
        """Poll until the server answers HTTP; fail the test with its log if it never does."""
        # Any other path would render the notebook and start a kernel on every poll.
        probe = self.base_url + "voila/static/"
        deadline = time.monotonic() + timeout
        while True:
            code = self.process.poll()
            if code is not None:
                pytest.fail(
                    f"Voilà exited with code {code} before answering on {self.base_url}; "
                    f"its log:\n{self.log()}",
                    pytrace=False,
                )
            try:
                with urllib.request.urlopen(probe, timeout=2):
                    return
            except urllib.error.HTTPError:
                return  # any status code means it is listening
            except OSError:
                pass  # not listening yet
            if time.monotonic() > deadline:
                self.stop()
                pytest.fail(
                    f"Voilà did not answer on {self.base_url} within {timeout:.0f} s; "
                    f"its log:\n{self.log()}",
                    pytrace=False,
                )
            time.sleep(0.2)

    def stop(self) -> None:
        """Stop the server, letting it shut its kernels down first."""
        # Voilà shuts its kernels down on SIGTERM; after SIGKILL they would be left running.
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=SERVER_STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()


@pytest.fixture
def voila_server(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest, artifacts_dir: Path
) -> Iterator[VoilaServer]:
    """Start Voilà servers on notebooks; all of them are stopped when the test ends.

    Each server listens on a free port of 127.0.0.1, without a token, and runs its kernels with
    this interpreter (``python3`` kernelspecs that say ``python`` resolve to the server's own
    ``sys.executable``). When the test fails, the servers' logs are copied to
    ``test-artifacts/``.
    """
    servers: list[VoilaProcess] = []
    logs = tmp_path_factory.mktemp("voila-logs")

    def start(notebook: Path) -> str:
        server = VoilaProcess(notebook.resolve(), logs / f"voila-{len(servers)}.log")
        servers.append(server)
        server.wait_until_up()
        return server.base_url

    yield start
    for server in reversed(servers):
        server.stop()
    if _failed(request.node):
        stem = _artifact_stem(request.node)
        for number, server in enumerate(servers):
            shutil.copyfile(server.log_path, artifacts_dir / f"{stem}.voila-{number}.log")


OpenCell = Callable[[str], Page]
"""Serves a one-cell notebook with Voilà and opens it; returns the page once it has drawn."""

WIDGET_TIMEOUT_MS = 60_000
"""A cold kernel start, the imports and the first drawing of a widget."""


class FolderServer:
    """One Voilà server for the notebooks of a folder, kept for a worker's tests.

    A server's start costs about as much CPU as the kernel of the page it serves (both import
    Jupyter), and a test that opens a notebook needs nothing of a server of its own: each
    notebook below :attr:`root` has its own address, and each page gets a kernel of its own,
    started in the notebook's folder, as with a server for that notebook alone. A test's
    page is left at its end (:meth:`leave`), which has the server end its kernel; the rest end
    with the server. A server that has stopped (it should not) is started again for the next
    test.
    """

    def __init__(self, root: Path, logs: Path) -> None:
        self.root = root.resolve()
        self.logs = logs
        self.server: VoilaProcess | None = None
        self.started = 0

    def url(self, notebook: Path) -> str:
        """The address of ``notebook`` (below :attr:`root`), starting the server if needed."""
        if self.server is None or self.server.process.poll() is not None:
            if self.server is not None:
                self.server.stop()
            self.started += 1
            self.server = VoilaProcess(self.root, self.logs / f"voila-{self.started}.log")
            self.server.wait_until_up()
        relative = notebook.resolve().relative_to(self.root)
        return f"{self.server.base_url}voila/render/{urllib.parse.quote(relative.as_posix())}"

    def leave(self, page: Page, request: pytest.FixtureRequest, artifacts_dir: Path) -> None:
        """After a test: leave its page, which ends the page's kernel (Voilà's page asks its
        server to, as when a child closes it), and keep the server's log if the test failed."""
        with contextlib.suppress(PlaywrightError):
            if self.server is not None:
                # The page sends its _xsrf cookie with that request, and a server without a
                # token never sets one (it refused the request: 403, the kernel stayed):
                # Tornado accepts any value that the cookie and the request both carry.
                page.context.add_cookies(
                    [{"name": "_xsrf", "value": "left", "url": self.server.base_url}]
                )
            page.goto("about:blank")
        if self.server is not None and _failed(request.node):
            stem = _artifact_stem(request.node)
            shutil.copyfile(self.server.log_path, artifacts_dir / f"{stem}.voila.log")

    def stop(self) -> None:
        """Stop the server, which ends the kernels of pages still open."""
        if self.server is not None:
            self.server.stop()


@pytest.fixture(scope="session")
def cell_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FolderServer]:
    """The worker's Voilà server of one-cell notebooks: those of every test's ``tmp_path``."""
    server = FolderServer(tmp_path_factory.getbasetemp(), tmp_path_factory.mktemp("voila-cells"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def open_cell(
    page: Page,
    cell_server: FolderServer,
    tmp_path: Path,
    request: pytest.FixtureRequest,
    artifacts_dir: Path,
) -> Iterator[OpenCell]:
    """Open a notebook made of one code cell in Voilà, and wait for a table to be drawn.

    The classroom's tests use it too: anything that shows a ``.sq2-table`` works. When the
    test fails, the server's log is copied to ``test-artifacts/``.
    """

    def open_it(source: str) -> Page:
        path = tmp_path / f"cell-{len(list(tmp_path.glob('cell-*.ipynb')))}.ipynb"
        write_cell_notebook(path, source)
        page.goto(cell_server.url(path), wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
        page.wait_for_selector(".sq2-table[data-version]", timeout=WIDGET_TIMEOUT_MS)
        return page

    yield open_it
    cell_server.leave(page, request, artifacts_dir)


def wait_until_answering(port: int, timeout: float = 120.0) -> None:
    """Wait until a Voilà server on 127.0.0.1:``port`` answers HTTP (any status counts).

    :raises RuntimeError: if it does not answer within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            # Voilà renders the notebook on any unknown path; its static folder is cheap.
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/", timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"nothing answered on port {port} within {timeout:.0f} s")
