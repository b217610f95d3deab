"""A sheet as a PDF, printed by Chromium (or Chrome) without a window, where one is installed.

Nothing else is needed: the browser prints the sheet's own HTML, page size and all, with
``--print-to-pdf``. Without a browser a teacher still has the HTML, which any browser prints.

The browser is the one named by ``SQ2EDU_CHROMIUM`` (a path or a command), else the first of
:data:`CANDIDATES` found on the ``PATH``: Chromium's headless shell first, which a server with
no screen can have without the desktop browser and which prints in half the time. It runs
with a profile of its own in a temporary folder that is removed afterwards, and the page it
prints forbids itself to load anything.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

__all__ = ["BROWSER_ENV", "CANDIDATES", "PrintError", "find_chromium", "to_pdf"]

BROWSER_ENV = "SQ2EDU_CHROMIUM"
#: Where to look for a browser when :data:`BROWSER_ENV` is not set, in order.
CANDIDATES = (
    "chromium-headless-shell",
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
)
#: Seconds the browser gets to print one document.
TIMEOUT = 120.0
_FLAGS = (
    "--headless",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-dev-shm-usage",
    "--no-pdf-header-footer",
)


class PrintError(RuntimeError):
    """No browser to print with, or the browser did not print; the message says which."""


def find_chromium(environ: Mapping[str, str] = os.environ) -> str | None:
    """The browser to print with, or ``None`` when there is none.

    :raises PrintError: when :data:`BROWSER_ENV` names something that is not a program.
    """
    named = environ.get(BROWSER_ENV, "").strip()
    if named:
        found = shutil.which(named)
        if found is None:
            raise PrintError(f"{BROWSER_ENV}={named[:80]!r} is not a program on this computer")
        return found
    for candidate in CANDIDATES:
        found = shutil.which(candidate)
        if found is not None:
            return found
    return None


def to_pdf(html: str, chromium: str | None = None, timeout: float = TIMEOUT) -> bytes:
    """The PDF of a page of HTML, printed by ``chromium`` (found by :func:`find_chromium`
    when not given).

    :raises PrintError: when there is no browser, or it printed nothing.
    """
    browser = chromium or find_chromium()
    if browser is None:
        raise PrintError(
            "No Chromium or Chrome was found to make a PDF. Save the sheet as .html and print "
            "it from a browser, or install Chromium (Debian and Ubuntu: apt-get install chromium)."
        )
    with tempfile.TemporaryDirectory(prefix="sq2edu-print-") as folder:
        here = Path(folder)
        page = here / "sheet.html"
        page.write_text(html, encoding="utf-8")
        printed = here / "sheet.pdf"
        command = [browser, *_FLAGS, f"--user-data-dir={here / 'profile'}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            # Chromium will not start its sandbox as root (containers, CI machines).
            command.append("--no-sandbox")
        command += [f"--print-to-pdf={printed}", page.as_uri()]
        try:
            finished = subprocess.run(
                command,
                capture_output=True,
                stdin=subprocess.DEVNULL,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired as error:
            raise PrintError(f"the browser did not print within {timeout:.0f} seconds") from error
        except OSError as error:
            raise PrintError(f"the browser {browser} could not start: {error}") from error
        if not printed.is_file() or printed.stat().st_size == 0:
            said = finished.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
            raise PrintError(f"the browser printed nothing (exit {finished.returncode}) {said[0]}")
        return printed.read_bytes()
