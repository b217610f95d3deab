"""A throwaway PostgreSQL server for the tests that need one (the store, the shared tables,
two classroom servers on one database).

The server is Debian's PostgreSQL (package ``postgresql``): ``initdb`` makes a cluster in a
temporary folder and ``pg_ctl`` runs it on a free port of 127.0.0.1, trusting local
connections, for this test session only. PostgreSQL refuses to run as root, so as root (as
CI runs) its commands run as the ``postgres`` user that the package creates.

No PostgreSQL found: with ``CI`` set the tests fail (CI installs it); elsewhere they are
skipped with the install command.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from itertools import count
from pathlib import Path

import pytest


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1"}


def _postgres_bin() -> Path | None:
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


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The address of a fresh PostgreSQL server, ``postgresql://postgres@127.0.0.1:PORT``."""
    pytest.importorskip("psycopg")
    bin_dir = _postgres_bin()
    if bin_dir is None:
        message = "no PostgreSQL server found; install it with: apt-get install postgresql"
        if _in_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
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
        f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
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


_DATABASES = count()


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """The address of a new, empty database on the test server (one per test)."""
    import psycopg

    name = f"sq2edu_test_{next(_DATABASES)}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return f"{postgres_server}/{name}"
