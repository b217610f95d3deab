"""Two teachers' dashboards (two processes, each with its own connection) starting a
challenge round, or a new class, at the same moment, on SQLite and PostgreSQL: a class has
one open round and a room one open class whatever the timing, and neither dashboard is
shown a database driver's error.

The main process is the third party of every barrier: it lets both racers go, waits for
both to finish, and counts what is open before the next pair starts (a later start would
end both open rounds, and hide the race).
"""

from __future__ import annotations

import itertools
import multiprocessing
import multiprocessing.synchronize
import sqlite3
from typing import Any, Literal

import psycopg
import pytest

from sq2edu.classroom.domain.challenge import Round
from sq2edu.classroom.storage.schema import POSTGRES, SQLITE, statements
from sq2edu.classroom.storage.store import _APPLICATION_ID, SQLStore, StoreError, open_store

#: Pairs of starts; on today's PostgreSQL at least one in ten pairs collided.
TRIALS = 30
_ROUND = Round(0, (2, 3, 5, 6, 8), "+−×÷")

Race = Literal["round", "class"]


def _dashboard(
    location: str, race: Race, barrier: multiprocessing.synchronize.Barrier, results: Any
) -> None:
    """One teacher's dashboard pressing "Start" (a round or a new class) with the other's."""
    store = open_store(location)
    try:
        challenges = store.challenges()
        for trial in range(TRIALS):
            barrier.wait()
            try:
                if race == "round":
                    challenges.start(_ROUND)
                else:
                    store.new_class(f"Class {trial}")
            except StoreError as error:
                results.put(f"refused: {error}")
            except Exception as error:
                results.put(f"raw {type(error).__module__}.{type(error).__name__}: {error}")
            else:
                results.put("started")
            barrier.wait()
    finally:
        store.close()


def _open(store: SQLStore, race: Race) -> int:
    """How many rounds of the open class, or classes of the room, are open."""
    with store.transaction() as cursor:
        if race == "round":
            query = "SELECT count(*) FROM {t}challenge_rounds WHERE ended IS NULL AND class_id = ?"
            params: tuple[Any, ...] = (store.open_class_id(cursor),)
        else:
            query = "SELECT count(*) FROM {t}classes WHERE archived IS NULL AND room = ?"
            params = (store.room,)
        return int(store.execute(cursor, query, params).fetchone()[0])


@pytest.mark.slow  # two new Python processes: make test, not make check
@pytest.mark.parametrize("race", ["round", "class"])
def test_two_dashboards_starting_at_once_leave_one_open(location: str, race: Race) -> None:
    """Every other pair of round starts finds a round open (the pair before's), the others
    none (the teacher ended it): both are races the store must win."""
    context = multiprocessing.get_context("forkserver")
    barrier = context.Barrier(3)
    results = context.Queue()
    dashboards = [
        context.Process(target=_dashboard, args=(location, race, barrier, results))
        for _dashboard_ in range(2)
    ]
    with open_store(location) as store:
        for dashboard in dashboards:
            dashboard.start()
        challenges = store.challenges()
        open_after = []
        for trial in range(TRIALS):
            if race == "round" and trial % 2:
                challenges.end()
            barrier.wait(timeout=60)
            barrier.wait(timeout=60)
            open_after.append(_open(store, race))
        outcomes = [results.get(timeout=60) for _start in range(2 * TRIALS)]
        for dashboard in dashboards:
            dashboard.join(timeout=60)
            assert dashboard.exitcode == 0
        failed = [outcome for outcome in outcomes if outcome != "started"]
        doubled = sum(count != 1 for count in open_after)
        assert (failed, doubled) == ([], 0), f"{doubled} of {TRIALS} pairs left two open"
        if race == "round":
            # Each start ended the one before: the rounds follow one another.
            rounds = challenges.rounds()
            assert [r.number for r in rounds] == list(range(1, 2 * TRIALS + 1))
            for before, after in itertools.pairwise(rounds):
                assert before.ended is not None
                assert before.ended <= after.started
        else:
            assert len(store.class_list()) == 1 + 2 * TRIALS


#: What the race left in stores of schema 13: two open classes in the room ``""`` (and one
#: in the room "3B", alone), and in the newer class two open rounds after an ended one, and an
#: open one before it.
_RACED = (
    "INSERT INTO {t}rooms (name, code, created) VALUES ('3B', NULL, '2026-01-05T07:00:00+00:00')",
    "INSERT INTO {t}classes (name, created, room) VALUES ('3B', '2026-01-05T07:00:00+00:00', '3B')",
    "INSERT INTO {t}classes (name, created, room) VALUES ('4A', '2026-01-05T08:00:00+00:00', '')",
    "INSERT INTO {t}classes (name, created, room) VALUES ('4B', '2026-01-05T08:00:01+00:00', '')",
    *(
        "INSERT INTO {t}challenge_rounds (class_id, number, cards, operations, level, source, "
        f"started, ended, names, pinned) VALUES (3, {number}, '[2, 3, 5]', '+', '', 'cards', "
        f"'2026-01-05T09:{started}+00:00', {ended}, {{false}}, '')"
        for number, started, ended in (
            (1, "00:00", "NULL"),
            (2, "05:00", "'2026-01-05T09:08:00+00:00'"),
            (3, "10:00", "NULL"),
            (4, "10:01", "NULL"),
        )
    ),
)


def _left_by_the_race(location: str) -> None:
    """A store of schema 13 at ``location`` holding :data:`_RACED`."""
    if location.startswith("postgresql://"):
        with psycopg.connect(location, autocommit=True) as pg:
            pg.execute("CREATE SCHEMA sq2edu")
            pg.execute("CREATE TABLE sq2edu.meta (application TEXT NOT NULL, version INTEGER)")
            pg.execute("INSERT INTO sq2edu.meta VALUES ('sq2edu progress store', 13)")
            for statement in [*statements(POSTGRES, 0, 13), *_RACED]:
                pg.execute(statement.format(t="sq2edu.", false="FALSE"))
        return
    db = sqlite3.connect(location)
    for statement in [*statements(SQLITE, 0, 13), *_RACED]:
        db.execute(statement.format(t="", false=0))
    db.execute("PRAGMA user_version = 13")
    db.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
    db.commit()
    db.close()


def test_a_store_the_race_left_with_two_open_keeps_the_newest(location: str) -> None:
    """Schema 14 ends each round a later one followed (when that one began) and archives each
    open class a later open one followed; then the database keeps the rule itself."""
    _left_by_the_race(location)
    with open_store(location) as store:
        assert store.class_list() == [
            (2, "4A", "2026-01-05T08:00:01+00:00"),
            (3, "4B", None),
        ]
        rounds = store.challenges().rounds()
        assert [(r.number, r.ended) for r in rounds] == [
            (1, "2026-01-05T09:05:00+00:00"),
            (2, "2026-01-05T09:08:00+00:00"),
            (3, "2026-01-05T09:10:01+00:00"),
            (4, None),
        ]
        assert store.challenges().start(_ROUND).number == 5
        assert _open(store, "round") == 1
        # The database's own refusal, whatever a program does (here: no archiving first).
        refusals = (sqlite3.IntegrityError, psycopg.errors.UniqueViolation)
        with pytest.raises(refusals), store.transaction() as cursor:
            store.execute(
                cursor,
                "INSERT INTO {t}classes (name, created, room) VALUES ('4C', '2026-01-06', '')",
            )
    with open_store(location, "3B") as room:
        assert room.class_list() == [(1, "3B", None)]
