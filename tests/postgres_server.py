"""A throwaway PostgreSQL server: Debian's PostgreSQL (package ``postgresql``) in a temporary
folder, on a free port of 127.0.0.1, trusting local connections, for as long as it is needed.
PostgreSQL refuses to run as root, so as root (as CI runs) its commands run as the
``postgres`` user that the package creates. The tests' ``postgres_server`` fixture and the
load test of shared tables use it."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["postgres_bin", "throwaway_postgres"]


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs, if it is installed."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4])
    )
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def throwaway_postgres(bin_dir: Path, max_connections: int = 100) -> Iterator[str]:
    """A fresh server's address, ``postgresql://postgres@127.0.0.1:PORT``; stopped and
    removed afterwards."""
    # Not under pytest's temporary folder: that one is private to root, and the server runs
    # as the postgres user, who must be able to reach its own files.
    folder = Path(tempfile.mkdtemp(prefix="sq2edu-postgres-"))
    data, sockets, log = folder / "data", folder / "sockets", folder / "server.log"
    sockets.mkdir()
    run_as: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        os.chown(sockets, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    subprocess.run(
        [
            *run_as,
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
        ],
        check=True,
        capture_output=True,
    )
    options = (
        f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
        f"-c max_connections={max_connections}"
    )
    subprocess.run(
        [
            *run_as,
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(log),
            "-o",
            options,
            "-w",
            "start",
        ],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(
            [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)
