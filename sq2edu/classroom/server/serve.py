"""``sq2edu serve``: the student app for the class's network, the dashboard for the teacher.

Two Voilà servers (:mod:`sq2edu.classroom.server.guard`): the student app on ``--host``/``--port``
(a pool of warm kernels, at most ``--max-students`` kernels, each kernel for its own page
only, only image files served, no sources), and the teacher's dashboard on 127.0.0.1 only,
behind a secret address printed in the terminal. Both use one progress store, kept in the
teacher's data folder (or ``--db``), never in a served folder. Their logs, and the kernels'
errors, go to the classroom's log file, not to the terminal or the children's pages.
Ctrl-C or SIGTERM stops both; if this process is killed outright, they stop by themselves.
A server that dies while the classroom runs is started again, and the other goes on.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import ipaddress
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import IO

import nbformat
from platformdirs import user_data_path, user_log_path

from sq2edu.classroom.storage.store import (
    StoreError,
    default_path,
    is_database_url,
    open_store,
    redact,
)

__all__ = [
    "NOTEBOOKS",
    "cookie_secret",
    "dashboard_token",
    "default_max_students",
    "network_address",
    "serve",
    "voila_arguments",
    "write_cell_notebook",
    "write_notebooks",
]

#: The two apps' notebooks: one cell each, importing and showing one object.
NOTEBOOKS = {
    "classroom.ipynb": (
        "from sq2edu.classroom.widgets.app import StudentApp\n\nStudentApp.from_environment()"
    ),
    "teacher.ipynb": (
        "from sq2edu.classroom.widgets.dashboard import Dashboard\n\nDashboard.from_environment()"
    ),
}
#: A kernel whose page is gone (closed, or never opened it) is shut down after this long.
IDLE_KERNEL_SECONDS = 60
#: Seconds a warm kernel's replacement waits before it starts, by default. Starting a
#: kernel costs about two seconds of a core; replacing each one the moment a student takes
#: it would start thirty while thirty students arrive, and slow all of them.
POOL_REFILL_SECONDS = 60.0
#: Room for a class of thirty and a few more, whatever the pool (about 100 MB a kernel).
CLASS_SIZE = 30
TEACHER_KERNELS = 4
#: A server that dies is started again, unless it died this often in the last
#: :data:`RESTART_WINDOW` seconds.
RESTARTS = 5
RESTART_WINDOW = 300.0
_IMAGES = r".*\.(png|jpg|jpeg|gif|svg|webp)"


def default_max_students(pool: int) -> int:
    """The kernels a classroom may run unless told otherwise: a class, its warm pool, and a
    margin for reloaded pages."""
    return max(pool, CLASS_SIZE) + 10


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
    notebook: Path,
    ip: str,
    port: int,
    pool: int,
    refill: float = POOL_REFILL_SECONDS,
    *,
    role: str = "students",
    max_kernels: int = 40,
    runtime: Path | None = None,
    token: str = "",
    names: Sequence[str] = (),
    address_pages: int | None = None,
) -> list[str]:
    return [
        sys.executable,
        "-m",
        "sq2edu.classroom.server.guard",
        *voila_arguments(notebook, ip, port, pool, refill, role, max_kernels, runtime, token),
        *([f"--Voila.cookie_secret={cookie_secret(token)}"] if token else []),
        *(f"--ClassroomVoila.allowed_hosts={name}" for name in names),
        *([] if address_pages is None else [f"--ClassroomVoila.address_pages={address_pages}"]),
    ]


def voila_arguments(
    notebook: Path,
    ip: str,
    port: int,
    pool: int,
    refill: float = POOL_REFILL_SECONDS,
    role: str = "students",
    max_kernels: int = 40,
    runtime: Path | None = None,
    token: str | None = "",
) -> list[str]:
    """The arguments of one classroom Voilà server (:func:`sq2edu.classroom.server.guard.main`).

    :param token: what a browser must show (``""``: nothing; ``None``: the identity provider
        decides, as on the hub).
    """
    command = [
        str(notebook),
        "--no-browser",
        f"--Voila.ip={ip}",
        f"--port={port}",
        "--Voila.port_retries=0",
        *([] if token is None else [f"--token={token}"]),
        f"--ClassroomVoila.role={role}",
        f"--ClassroomVoila.max_kernels={max_kernels}",
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--VoilaConfiguration.file_allowlist={_IMAGES}",
        f"--MappingKernelManager.cull_idle_timeout={IDLE_KERNEL_SECONDS}",
        "--MappingKernelManager.cull_interval=15",
        "--MappingKernelManager.cull_connected=False",
        # Kernels talk to their server over Unix sockets in the server's own folder, which only
        # this account can open: a TCP port picked for a kernel could be taken by another
        # program before the kernel binds it (the kernel dies, the child's page shows
        # "Running ..." for ever).
        "--KernelManager.transport=ipc",
        # Each page's kernel starts without ipykernel's debugger, which no page can use.
        "--VoilaConfiguration.kernel_spec_manager_class="
        "sq2edu.classroom.server.class_kernel.ClassKernelSpecs",
    ]
    if runtime is not None:
        command.append(f"--ClassroomVoila.runtime_dir={runtime}")
    if pool > 0:
        command += [
            "--preheat_kernel=True",
            f"--pool_size={pool}",
            f"--VoilaKernelManager.fill_delay={refill:g}",
        ]
    return command


def network_address(host: str = "0.0.0.0") -> str:
    """The address students type: for ``0.0.0.0``, this machine's address on the network.

    The hostname often resolves to a loopback address (127.0.1.1 on many Linux machines),
    which no student's device can open; the address of the interface that would carry
    traffic to the network is the one to print. A UDP socket that is "connected" sends
    nothing, so this works without a network too (it then says 127.0.0.1).
    """
    if host not in ("0.0.0.0", "::", ""):
        return host
    candidates: list[str] = []
    for probe in ("10.255.255.255", "192.0.2.1"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            candidates.append(s.getsockname()[0])
    with contextlib.suppress(OSError):
        candidates += socket.gethostbyname_ex(socket.gethostname())[2]
    for candidate in candidates:
        with contextlib.suppress(ValueError):
            address = ipaddress.ip_address(candidate)
            if not address.is_loopback and not address.is_unspecified:
                return candidate
    return "127.0.0.1"


def _print_qr(url: str) -> None:
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is a dependency
        return
    segno.make(url, error="m").terminal(compact=True)


def runtime_root() -> Path:
    """Where running classrooms keep their notebooks and what pages tell kernels."""
    return user_data_path("sq2edu", appauthor=False) / "classrooms"


def _clear_stale(root: Path) -> None:
    """Remove what classrooms that were killed outright left behind."""
    if not root.is_dir():
        return
    for folder in root.iterdir():
        pid = folder.name.removeprefix("serve-")
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _free(host: str, port: int) -> bool:
    """Whether a server could listen on ``port`` of ``host`` now (as Voilà binds: a port
    left in TIME_WAIT by a server just stopped counts as free)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host or "0.0.0.0", port))
        except OSError:
            return False
    return True


def ports_taken(wanted: Sequence[tuple[str, int, str]]) -> str:
    """In plain words, which of the ``(host, port, option)`` ports another program holds
    and how to choose others ("" when all are free)."""
    taken = [(port, option) for host, port, option in wanted if not _free(host, port)]
    if not taken:
        return ""
    used = {port for _host, port, _option in wanted}
    free: list[int] = []
    candidate = max(used) + 10
    while len(free) < len(wanted) and candidate < 65535:
        if all(_free(host, candidate) for host, _port, _option in wanted):
            free.append(candidate)
        candidate += 1
    ports = " and ".join(str(port) for port, _option in taken)
    which = "port" if len(taken) == 1 else "ports"
    options = " ".join(
        f"{option} {port}" for (_h, _p, option), port in zip(wanted, free, strict=False)
    )
    return (
        f"{which} {ports} {'is' if len(taken) == 1 else 'are'} already in use: another "
        f"sq2edu serve, or another program, is listening there. Stop it, or choose other "
        f"ports: sq2edu serve {options}"
    )


def serve(
    host: str = "0.0.0.0",
    port: int = 8866,
    teacher_port: int = 8867,
    db: str | Path | None = None,
    pool: int = 4,
    class_code: str | None = None,
    qr: bool = True,
    refill: float = POOL_REFILL_SECONDS,
    max_students: int | None = None,
    log: Path | None = None,
    room: str = "",
    names: Sequence[str] = (),
    max_per_address: int | None = None,
) -> int:
    """Run the classroom until Ctrl-C or SIGTERM; return the exit status.

    :param class_code: the code students type; with a ``room``, it becomes the room's code,
        and without one the room's own code is used. The class of one laptop remembers it
        in the store for the next start (``None``: the remembered one; ``""``: none).
    :param pool: warm kernels kept ready (see :mod:`sq2edu.classroom.server.kernel_pool`).
    :param refill: seconds before a taken warm kernel is replaced.
    :param max_students: at most this many kernels (warm ones included); by default
        :func:`default_max_students`.
    :param log: the classroom's log file (default: in the user's log folder).
    :param room: the school's class to serve, made with ``sq2edu school add-class`` in a
        store the school shares (``""``: the class of one laptop).
    :param names: names of this machine that students may type (``classroom.local``); the
        printed address, this machine's other addresses and loopback are always allowed,
        any other name refused (a web page cannot reach the class by DNS rebinding).
    :param max_per_address: kernels one network address may hold (default: a quarter of
        the class's, at least four); raise it for a class that reaches this machine through
        one router address.
    """
    location = str(db) if db and is_database_url(db) else str(Path(db) if db else default_path())
    try:
        # A damaged --db, or a room never made, stops us here, before any server starts.
        class_code = _room_code(location, room, class_code)
    except StoreError as error:
        print(f"sq2edu: {error}", file=sys.stderr)
        return 2
    taken = ports_taken([(host, port, "--port"), ("127.0.0.1", teacher_port, "--teacher-port")])
    if taken:
        # Started anyway, each server would die at once and be restarted until it gave up,
        # saying only that it "stopped unexpectedly".
        print(f"sq2edu: {taken}", file=sys.stderr)
        return 2
    root = runtime_root()
    _clear_stale(root)
    # The served folder is new and holds only the two notebooks, so the store is never in it.
    folder = root / f"serve-{os.getpid()}"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    root.chmod(0o700)
    notebooks = write_notebooks(folder / "notebooks")
    log_path = log or user_log_path("sq2edu", appauthor=False) / "classroom.log"
    log_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    log_file: IO[bytes] = open(log_path, "ab")  # noqa: SIM115 - open while the servers run
    log_path.chmod(0o600)
    token = dashboard_token(root.parent)
    student_url = f"http://{network_address(host)}:{port}/"
    environment = {
        **os.environ,
        "SQ2EDU_DB": location,
        "SQ2EDU_ROOM": room,
        "SQ2EDU_CLASS_CODE": class_code,
        "SQ2EDU_RUNTIME": str(folder),
        "SQ2EDU_LOG": str(log_path),
        "SQ2EDU_STUDENT_URL": student_url,
        "JUPYTER_PREFER_ENV_PATH": "1",
        "PYTHONWARNINGS": "ignore",
    }
    commands = [
        _voila(
            notebooks["classroom.ipynb"],
            host,
            port,
            pool,
            refill,
            max_kernels=max_students or default_max_students(pool),
            runtime=folder,
            names=[
                network_address(host),
                *([] if host in ("0.0.0.0", "::", "") else [host]),
                *names,
            ],
            address_pages=max_per_address
            or max(4, (max_students or default_max_students(pool)) // 4),
        ),
        _voila(
            notebooks["teacher.ipynb"],
            "127.0.0.1",
            teacher_port,
            0,
            role="teacher",
            max_kernels=TEACHER_KERNELS,
            runtime=folder,
            token=token,
        ),
    ]

    def start(command: list[str]) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            command,
            env=environment,
            cwd=folder / "notebooks",
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    servers = _Servers({"student": commands[0], "teacher": commands[1]}, start, log_path)
    print(f"sq2edu: students open   {student_url}", flush=True)
    print(f"sq2edu: your dashboard  http://127.0.0.1:{teacher_port}/?token={token}")
    print("        (on this computer only; the same at every start: keep it to yourself)")
    print(f"sq2edu: progress store  {redact(location)}")
    if room:
        print(f"sq2edu: class           {room}")
    print(f"sq2edu: log             {log_path}")
    if class_code:
        print(f"sq2edu: class code      {class_code}  (kept for the next start; change it on")
        print("        the dashboard, or start with --class-code=)")
    if qr:
        _print_qr(student_url)
    print("sq2edu: press Ctrl-C to stop.", flush=True)
    try:
        return servers.wait()
    finally:
        log_file.close()
        shutil.rmtree(folder, ignore_errors=True)


def dashboard_token(folder: Path) -> str:
    """The secret of the dashboard's address, the same at every start (a teacher keeps the
    address as a bookmark): made once and kept in ``folder`` in a file only its owner may
    read (mode 600)."""
    path = folder / "dashboard-token"
    with contextlib.suppress(OSError):
        kept = path.read_text().strip()
        if len(kept) >= 32 and kept.replace("-", "").replace("_", "").isalnum():
            path.chmod(0o600)
            return kept
    token = secrets.token_urlsafe(24)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as written:
        written.write(token + "\n")
    path.chmod(0o600)
    return token


def cookie_secret(token: str) -> str:
    """The key the teacher's server signs its sign-in cookie with, the same at every start
    while the token is: Voilà makes a new one at each start, so after a restart the
    projector's requests and a reload of any teacher's page were sent to the sign-in form
    (a page opened with the token keeps only the cookie). A new token (its file removed)
    makes a new key, and the old cookies are refused."""
    return hmac.new(token.encode(), b"sq2edu dashboard cookies", hashlib.sha256).hexdigest()


def _room_code(location: str, room: str, class_code: str | None) -> str:
    """The code the room's students type: ``class_code`` kept as the room's code, or the
    room's own (``None``: the one kept). Opening the store checks it, and the room.

    :raises StoreError: for a store that cannot be opened, a room never made, or a bad code.
    """
    from sq2edu.classroom.storage.school import School

    store = open_store(location, room)
    try:
        if not room:
            if class_code is None:
                return store.class_code() or ""
            store.set_class_code(class_code.strip())
            return class_code.strip()
        school = School(store)
        if class_code:
            return school.set_code(room, class_code).code or ""
        return school.room(room).code or ""
    finally:
        store.close()


class _Servers:
    """The classroom's two Voilà servers, each started again if it dies.

    A server that stops while the classroom runs (killed by the system when memory ran out,
    say) is started again on its port, with a line in the log and the terminal, and what it
    left behind (its kernels) is stopped; the other server goes on untouched, so a student
    server that dies never takes the teacher's dashboard with it. Students reload their
    page; their names and records are in the store. A server that dies :data:`RESTARTS`
    times within :data:`RESTART_WINDOW` seconds (its port taken, a broken installation) is
    not started again: then the classroom stops, and says so.

    :param commands: each server's command, by its role (``student``, ``teacher``).
    :param start: starts one command.
    :param log_path: the classroom's log file (opened for each line: it may have been
        rotated since).
    """

    def __init__(
        self,
        commands: dict[str, list[str]],
        start: Callable[[list[str]], subprocess.Popen[bytes]],
        log_path: Path,
    ) -> None:
        self.commands = commands
        self.start = start
        self.log_path = log_path
        self.running = {role: start(command) for role, command in commands.items()}
        self.restarts: dict[str, list[float]] = {role: [] for role in commands}

    def wait(self) -> int:
        """Run until Ctrl-C or SIGTERM, or until a server keeps dying; the exit status."""
        stopping = False

        def stop(_signal: int, _frame: FrameType | None) -> None:
            nonlocal stopping
            stopping = True

        previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        failed = False
        try:
            while not stopping and not failed:
                for role, server in list(self.running.items()):
                    if server.poll() is not None and not stopping:
                        failed = not self._again(role, server)
                time.sleep(0.2)
        finally:
            self._stop_all()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        if failed:
            print(
                "sq2edu: a server kept stopping unexpectedly; everything was stopped "
                f"(see the log: {self.log_path})",
                file=sys.stderr,
            )
            return 1
        print("sq2edu: stopped.", flush=True)
        return 0

    def _again(self, role: str, dead: subprocess.Popen[bytes]) -> bool:
        """Start ``role``'s server again after it died; ``False`` if it dies too often."""
        with contextlib.suppress(OSError):  # its kernels, left without their server
            os.killpg(dead.pid, signal.SIGKILL)
        now = time.monotonic()
        recent = [at for at in self.restarts[role] if now - at < RESTART_WINDOW]
        name = "student app" if role == "student" else "teacher's dashboard"
        if len(recent) >= RESTARTS:
            self._say(
                f"the {name}'s server stopped (exit status {dead.returncode}), "
                f"{len(recent) + 1} times in {RESTART_WINDOW:g} s; not starting it again"
            )
            return False
        self.restarts[role] = [*recent, now]
        self.running[role] = self.start(self.commands[role])
        self._say(
            f"the {name}'s server stopped unexpectedly (exit status {dead.returncode}); "
            f"started it again (process {self.running[role].pid})"
        )
        return True

    def _say(self, words: str) -> None:
        """One line in the classroom's log and on the terminal."""
        at = time.strftime("%Y-%m-%d %H:%M:%S")
        with contextlib.suppress(OSError), self.log_path.open("a", encoding="utf-8") as log:
            log.write(f"[sq2edu serve {at}] {words}\n")
        print(f"sq2edu: {words}", file=sys.stderr, flush=True)

    def _stop_all(self) -> None:
        servers = list(self.running.values())
        for server in servers:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGTERM)
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
