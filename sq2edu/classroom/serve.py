"""``sq2edu serve``: the student app for the class's network, the dashboard for the teacher.

Two Voilà servers: the student app on ``--host``/``--port`` (a pool of warm kernels, idle
ones culled, only image files served, no sources), and the teacher's dashboard on
127.0.0.1 only, so students cannot open it. Both use one progress store, kept in the
teacher's data folder (or ``--db``), never in a served folder. Ctrl-C or SIGTERM stops both.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

import nbformat

from sq2edu.classroom.store import (
    StoreError,
    default_path,
    is_database_url,
    open_store,
    redact,
)

__all__ = ["NOTEBOOKS", "serve", "write_cell_notebook", "write_notebooks"]

#: The two apps' notebooks: one cell each, importing and showing one object.
NOTEBOOKS = {
    "classroom.ipynb": (
        "from sq2edu.classroom.app import StudentApp\n\nStudentApp.from_environment()"
    ),
    "teacher.ipynb": (
        "from sq2edu.classroom.dashboard import Dashboard\n\nDashboard.from_environment()"
    ),
}
IDLE_KERNEL_SECONDS = 3600
#: Seconds a warm kernel's replacement waits before it starts, by default. Starting a
#: kernel costs about two seconds of a core; replacing each one the moment a student takes
#: it would start thirty while thirty students arrive, and slow all of them.
POOL_REFILL_SECONDS = 60.0
_IMAGES = r".*\.(png|jpg|jpeg|gif|svg|webp)"


def write_cell_notebook(path: Path, source: str) -> Path:
    """Write a notebook of one code cell (Python 3 kernel) to ``path`` and return it."""
    # nbformat ships no type hints for its builders.
    notebook = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    notebook.cells.append(nbformat.v4.new_code_cell(source))  # type: ignore[no-untyped-call]
    nbformat.write(notebook, path)  # type: ignore[no-untyped-call]
    return path


def write_notebooks(folder: Path) -> dict[str, Path]:
    """Write the apps' notebooks into ``folder`` and return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    return {name: write_cell_notebook(folder / name, source) for name, source in NOTEBOOKS.items()}


def _voila(
    notebook: Path, ip: str, port: int, pool: int, refill: float = POOL_REFILL_SECONDS
) -> list[str]:
    command = [
        sys.executable,
        "-m",
        "sq2edu.classroom.kernel_pool",
        str(notebook),
        "--no-browser",
        f"--Voila.ip={ip}",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--token=",
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--VoilaConfiguration.file_allowlist={_IMAGES}",
        f"--MappingKernelManager.cull_idle_timeout={IDLE_KERNEL_SECONDS}",
        "--MappingKernelManager.cull_interval=300",
    ]
    if pool > 0:
        command += [
            "--preheat_kernel=True",
            f"--pool_size={pool}",
            f"--VoilaKernelManager.fill_delay={refill:g}",
        ]
    return command


def _address(host: str) -> str:
    """The address students type: this machine's own name on the network for 0.0.0.0."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def _print_qr(url: str) -> None:
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is a dependency
        return
    segno.make(url, error="m").terminal(compact=True)


def serve(
    host: str = "0.0.0.0",
    port: int = 8866,
    teacher_port: int = 8867,
    db: str | Path | None = None,
    pool: int = 4,
    class_code: str = "",
    qr: bool = True,
    refill: float = POOL_REFILL_SECONDS,
) -> int:
    """Run the classroom until Ctrl-C or SIGTERM; return the exit status.

    :param pool: warm kernels kept ready (see :mod:`sq2edu.classroom.kernel_pool`).
    :param refill: seconds before a taken warm kernel is replaced.
    """
    location = str(db) if db and is_database_url(db) else str(Path(db) if db else default_path())
    try:
        open_store(location).close()  # a damaged --db stops us here, before any server starts
    except StoreError as error:
        print(f"sq2edu: {error}", file=sys.stderr)
        return 2
    # The served folder is new and holds only the two notebooks, so the store is never in it.
    folder = Path(tempfile.mkdtemp(prefix="sq2edu-classroom-"))
    notebooks = write_notebooks(folder)
    environment = {
        **os.environ,
        "SQ2EDU_DB": location,
        "SQ2EDU_CLASS_CODE": class_code,
        "JUPYTER_PREFER_ENV_PATH": "1",
    }
    servers = [
        subprocess.Popen(
            _voila(notebooks["classroom.ipynb"], host, port, pool, refill),
            env=environment,
            cwd=folder,
            start_new_session=True,
        ),
        subprocess.Popen(
            _voila(notebooks["teacher.ipynb"], "127.0.0.1", teacher_port, 0),
            env=environment,
            cwd=folder,
            start_new_session=True,
        ),
    ]
    student_url = f"http://{_address(host)}:{port}/"
    print(f"sq2edu: students open   {student_url}", flush=True)
    print(f"sq2edu: your dashboard  http://127.0.0.1:{teacher_port}/  (this computer only)")
    print(f"sq2edu: progress store  {redact(location)}")
    if class_code:
        print(f"sq2edu: class code      {class_code}")
    if qr:
        _print_qr(student_url)
    print("sq2edu: press Ctrl-C to stop.", flush=True)
    return _wait(servers)


def _wait(servers: Sequence[subprocess.Popen[bytes]]) -> int:
    stopping = False

    def stop(_signal: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        while not stopping and all(server.poll() is None for server in servers):
            time.sleep(0.2)
    finally:
        for server in servers:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGTERM)
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    failed = [server.returncode for server in servers if server.returncode not in (0, -15)]
    if failed and not stopping:
        print("sq2edu: a server stopped unexpectedly; everything was stopped", file=sys.stderr)
        return 1
    print("sq2edu: stopped.", flush=True)
    return 0
