"""Fixtures of the classroom's tests: a store on each database (the PostgreSQL server is
``tests/conftest.py``'s)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sq2edu.classroom.storage.store import ProgressStore, open_store


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.server)])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a class's store is: a file, or a new database on the throwaway server."""
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def any_store(location: str) -> Iterator[ProgressStore]:
    """The store on SQLite and on the throwaway PostgreSQL server."""
    opened = open_store(location)
    try:
        yield opened
    finally:
        opened.close()
