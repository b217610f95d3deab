"""A teacher's downloads read the store in a worker thread, never on the server's loop."""

from __future__ import annotations

import csv
import io
import threading
from pathlib import Path
from typing import Any

import pytest

from sq2edu.classroom.domain.challenge import Round
from sq2edu.classroom.domain.exports import BOM, attempts_csv
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.server.guard import attempt_rows
from sq2edu.classroom.server.off_loop import reading
from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.storage.store import SQLStore, open_store
from sq2edu.i18n import _, get_language, language
from sq2edu.progress.records import Attempt
from tests.own_loop import run_apart


class _Watched:
    """A store that notes the thread of every call, and whether it was closed."""

    def __init__(self, store: SQLStore) -> None:
        self.store = store
        self.threads: set[str] = set()
        self.closed = False

    def __getattr__(self, name: str) -> Any:
        self.threads.add(threading.current_thread().name)
        return getattr(self.store, name)

    def close(self) -> None:
        self.threads.add(threading.current_thread().name)
        self.closed = True
        self.store.close()


@pytest.fixture
def store(tmp_path: Path) -> SQLStore:
    opened = open_store(str(tmp_path / "class.sqlite3"))
    assert isinstance(opened, SQLStore)
    opened.save_settings(ClassSettings(language="ru").to_dict())
    for number in range(7):
        opened.record_attempt(Attempt(f"Kid{number}", f"{number} + 1 = {number + 1}", True))
    return opened


def test_a_read_opens_reads_and_closes_the_store_in_a_worker_thread(store: SQLStore) -> None:
    watched = _Watched(store)

    async def go() -> tuple[list[str], str, str]:
        with language("nb"):
            students = await reading(lambda: watched, lambda opened: opened.students())
            spoken = await reading(lambda: watched, lambda _opened: get_language())
        return students, spoken, threading.current_thread().name

    students, spoken, loop_thread = run_apart(go)
    assert students == [f"Kid{number}" for number in range(7)]
    assert spoken == "nb", "the request's language goes with it"
    assert watched.closed
    assert watched.threads
    assert loop_thread not in watched.threads


def test_a_read_that_fails_still_closes_the_store(store: SQLStore) -> None:
    watched = _Watched(store)

    def broken(_opened: Any) -> None:
        raise LookupError("no such student")

    async def go() -> None:
        await reading(lambda: watched, broken)

    with pytest.raises(LookupError):
        run_apart(go)
    assert watched.closed


def test_the_attempts_csv_is_read_and_written_in_a_worker_thread(store: SQLStore) -> None:
    watched = _Watched(store)

    async def go() -> tuple[str, str]:
        chunks = [chunk async for chunk in attempt_rows(watched)]
        return "".join(chunks), threading.current_thread().name

    text, loop_thread = run_apart(go)
    assert watched.threads
    assert loop_thread not in watched.threads
    # The same CSV as the dashboard's, in the class's language (Russian here).
    with language("ru"):
        expected = attempts_csv(store.attempts(), store.current_class()[1])
    streamed = list(csv.reader(io.StringIO(text)))
    made = list(csv.reader(io.StringIO(expected)))
    assert streamed[0] == made[0]
    assert "время" in streamed[0][0]
    assert sorted(streamed[1:]) == sorted(made[1:])
    assert len(text.splitlines()) == 1 + 7


def test_the_attempts_csv_has_the_challenge_tries_too(store: SQLStore) -> None:
    """The attempts' CSV left out every try at the class challenge."""
    challenges = Challenges(store)
    number = challenges.start(Round(0, (2, 3, 5), "+−")).number
    challenges.record("Kid1", number, "2 + 3 = 5")
    challenges.record("Kid2", number, "2 + 3 = 6")

    async def go() -> str:
        return "".join([chunk async for chunk in attempt_rows(store)])

    rows = list(csv.reader(io.StringIO(run_apart(go).removeprefix(BOM))))
    with language("ru"):
        challenge = _("class challenge")
        activity = rows[0].index(_("activity"))
    tries = [row for row in rows[1:] if row[activity] == challenge]
    assert [(row[2], row[5], row[6]) for row in tries] == [
        ("Kid1", "2 + 3 = 5", "да"),
        ("Kid2", "2 + 3 = 6", "нет"),
    ]
    assert len(rows) == 1 + 7 + 2
