"""Fixtures of the classroom's tests: a store on each database (the PostgreSQL server is
``tests/conftest.py``'s)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sq2edu.classroom.store import ProgressStore, open_store


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ProgressStore]:
    """The store on SQLite and on the throwaway PostgreSQL server."""
    location = (
        str(tmp_path / "class.sqlite3")
        if request.param == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    opened = open_store(location)
    try:
        yield opened
    finally:
        opened.close()
