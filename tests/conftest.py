"""How the suite is collected and shared out (``tests/collection.py``) and a throwaway PostgreSQL
server for the tests that need one (the store, the shared tables, two classroom servers on
one database).

The server is Debian's PostgreSQL (package ``postgresql``): ``initdb`` makes a cluster in a
temporary folder and ``pg_ctl`` runs it on a free port of 127.0.0.1, trusting local
connections, for this test session only. PostgreSQL refuses to run as root, so as root (as
CI runs) its commands run as the ``postgres`` user that the package creates.

No PostgreSQL found: with ``CI`` set the tests fail (CI installs it); elsewhere they are
skipped with the install command.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import count

import pytest

from tests.collection import SuitePlan
from tests.postgres_server import postgres_bin, throwaway_postgres


def pytest_configure(config: pytest.Config) -> None:
    """Plan the whole run, the package's modules and the notebooks too (a plugin: this
    folder's own hooks would reach only the tests)."""
    config.pluginmanager.register(SuitePlan(config.rootpath), "sq2edu-suite-plan")


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1"}


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The address of a fresh PostgreSQL server, ``postgresql://postgres@127.0.0.1:PORT``."""
    pytest.importorskip("psycopg")
    bin_dir = postgres_bin()
    if bin_dir is None:
        message = "no PostgreSQL server found; install it with: apt-get install postgresql"
        if _in_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    with throwaway_postgres(bin_dir) as address:
        yield address


_DATABASES = count()


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """The address of a new, empty database on the test server (one per test)."""
    import psycopg

    name = f"sq2edu_test_{next(_DATABASES)}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return f"{postgres_server}/{name}"
