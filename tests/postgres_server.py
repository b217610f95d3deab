"""A throwaway PostgreSQL server: Debian's PostgreSQL (package ``postgresql``) in a temporary
folder, on a free port of 127.0.0.1, trusting local connections, for as long as it is needed.
PostgreSQL refuses to run as root, so as root (as CI runs) its commands run as the
``postgres`` user that the package creates. The tests' ``postgres_server`` fixture and the
load test of shared tables use it; :class:`EmptyDatabases` gives each test an empty database
on it."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from pathlib import Path
from typing import Any

from sq2edu.hub.ports import spare_port

__all__ = ["EmptyDatabases", "postgres_bin", "throwaway_postgres"]


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs, if it is installed."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4])
    )
    return Path(versions[-1]).parent if versions else None


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
    port = spare_port()
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


# What a database holds besides its data, counted in its own catalogs: a database emptied
# after a test must count exactly what a new one does.
_FINGERPRINT = """
SELECT (SELECT count(*) FROM pg_namespace),
       (SELECT count(*) FROM pg_class),
       (SELECT count(*) FROM pg_proc),
       (SELECT count(*) FROM pg_type),
       (SELECT count(*) FROM pg_operator),
       (SELECT count(*) FROM pg_collation),
       (SELECT count(*) FROM pg_extension),
       (SELECT count(*) FROM pg_event_trigger),
       (SELECT count(*) FROM pg_publication),
       (SELECT count(*) FROM pg_default_acl),
       (SELECT count(*) FROM pg_largeobject_metadata),
       (SELECT count(*) FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
         WHERE d.datname = current_database()),
       (SELECT array_agg(nspname || ' ' || nspowner::regrole || ' ' || coalesce(nspacl::text, '')
          || ' ' || coalesce(obj_description(oid, 'pg_namespace'), '') ORDER BY nspname)
        FROM pg_namespace)
"""

# The schemas of a new database that a test may not have made; "public" is made anew.
_SYSTEM_SCHEMAS = "nspname IN ('pg_catalog', 'information_schema') OR nspname LIKE 'pg\\_%'"


_NAMES = count()


class EmptyDatabases:
    """New, empty databases on a throwaway server, one per test.

    ``CREATE DATABASE`` copies a template of several megabytes through the server's log, a
    large part of a short test's time. A database a test is done with is emptied instead
    (its connections ended, every schema it made dropped, ``public`` made anew) and, if it
    then holds exactly what a new database holds, given to the next test under a new name;
    otherwise it is dropped, and the next test gets a database made anew.

    :param server: the server's address, ``postgresql://postgres@127.0.0.1:PORT``.
    """

    def __init__(self, server: str) -> None:
        import psycopg

        self.server = server
        self._admin = psycopg.connect(f"{server}/postgres", autocommit=True)
        first = self._create()
        self._new = self._fingerprint(first)
        self._spare: str | None = first

    def _name(self) -> str:
        return f"sq2edu_test_{os.getpid()}_{next(_NAMES)}"

    def _create(self) -> str:
        name = self._name()
        self._admin.execute(f"CREATE DATABASE {name}")
        return name

    def _fingerprint(self, name: str) -> tuple[Any, ...]:
        import psycopg

        with psycopg.connect(f"{self.server}/{name}", autocommit=True) as db:
            row = db.execute(_FINGERPRINT).fetchone()
        assert row is not None
        return tuple(row)

    def take(self) -> str:
        """The address of an empty database that no test has seen by its name."""
        if self._spare is None:
            name = self._create()
        else:
            name = self._name()
            self._admin.execute(f"ALTER DATABASE {self._spare} RENAME TO {name}")
            self._spare = None
        return f"{self.server}/{name}"

    def give_back(self, url: str) -> None:
        """A test is done with the database at ``url``: empty it for the next one."""
        import psycopg

        name = url.rsplit("/", 1)[1]
        self._admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        )
        try:
            with psycopg.connect(url, autocommit=True) as db:
                schemas = db.execute(
                    f"SELECT nspname FROM pg_namespace WHERE NOT ({_SYSTEM_SCHEMAS})"
                ).fetchall()
                for (schema,) in schemas:
                    db.execute(f'DROP SCHEMA "{schema}" CASCADE')
                # As PostgreSQL 15 makes it in a new database.
                db.execute("CREATE SCHEMA public AUTHORIZATION pg_database_owner")
                db.execute("GRANT USAGE ON SCHEMA public TO PUBLIC")
                db.execute("COMMENT ON SCHEMA public IS 'standard public schema'")
            clean = self._fingerprint(name) == self._new
        except psycopg.Error:
            clean = False
        if clean and self._spare is None:
            self._spare = name
        else:
            self._admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def close(self) -> None:
        """Close the connection to the server."""
        self._admin.close()
