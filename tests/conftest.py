"""A throwaway PostgreSQL server for the tests that need one (the store, the shared tables, two
classroom servers on one database), and the one Playwright driver of a worker. How the suite
is collected and shared out is the plan that the repository's own ``conftest.py`` registers
(``tests/collection.py``).

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
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Playwright
from tests.postgres_server import EmptyDatabases, postgres_bin, throwaway_postgres


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


@pytest.fixture(scope="session")
def _empty_databases(postgres_server: str) -> Iterator[EmptyDatabases]:
    databases = EmptyDatabases(postgres_server)
    try:
        yield databases
    finally:
        databases.close()


@pytest.fixture
def postgres_url(_empty_databases: EmptyDatabases) -> Iterator[str]:
    """The address of a new, empty database on the test server (one per test; once the
    test is over, its connections to it are ended)."""
    url = _empty_databases.take()
    yield url
    _empty_databases.give_back(url)


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Playwright]:
    """The one Playwright driver of this worker, for every folder's browser.

    Playwright refuses a second synchronous driver in a thread whose first is still running
    ("Sync API inside the asyncio loop"), so the browser tests and the printing tests, which
    may share a worker, start their Chromium from this one.
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver
