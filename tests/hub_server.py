"""A school's hub for tests and benchmarks: ``sq2edu hub`` on a free port of 127.0.0.1,
started and stopped by its caller (JupyterHub's proxy must be installed: ``make hub``)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from sq2edu.hub.ports import spare_port
from sq2edu.hub.private import write_private

__all__ = ["Hub"]

ROOT = Path(__file__).resolve().parents[1]


#: The class server's warm pool in the tests: a test's children sign in one after another
#: (five at most), a kernel taken is replaced five seconds later, and each warm kernel costs
#: two seconds of a core at every start of the hub (``None``: the hub's own default, as a
#: school runs it).
TEST_POOL = 3


class Hub:
    """``sq2edu hub`` running for a school's store, started and stopped by the test."""

    def __init__(self, db: str, folder: Path, class_pool: int | None = TEST_POOL) -> None:
        self.db = db
        self.folder = folder
        self.class_pool = class_pool
        self.port = spare_port()
        # The class service keeps its port across restarts, as behind a school's firewall: a
        # new hub meets whatever an old one left on it.
        self.service_port = spare_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        log = (self.folder / "hub.log").open("ab")
        # The store's address in a file only this account reads, as a school keeps it.
        address = self.folder / "store-address"
        write_private(address, self.db)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sq2edu.cli",
                "hub",
                f"--db-file={address}",
                "--ip=127.0.0.1",
                f"--port={self.port}",
                f"--service-port={self.service_port}",
                f"--data={self.folder / 'data'}",
                *([f"--class-pool={self.class_pool}"] if self.class_pool is not None else []),
            ],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log()
            try:
                urllib.request.urlopen(f"{self.url}/hub/login", timeout=2)
                return
            except (urllib.error.URLError, OSError):
                time.sleep(0.5)
        said = self.log()
        self.stop()  # not left running, with its proxy and services, after the test
        raise RuntimeError(f"the hub did not answer in 90 s:\n{said}")

    def stop(self) -> float:
        """Stop the hub as a service manager does; the seconds it took."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        # JupyterHub stops its three services in turn, each at an interrupt (a few seconds),
        # or terminated if it ignores it (ten seconds each).
        self.process.wait(timeout=180)
        return time.monotonic() - started

    def log(self) -> str:
        return (self.folder / "hub.log").read_text(errors="replace")[-4000:]
