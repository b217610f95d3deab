"""The teacher's dashboard over a big class's store: what a refresh and the CSV cost.

A class that has made 200,000 attempts (thirty students, a term of lessons) is written
straight into a SQLite store; then the dashboard is made, refreshed with nothing new and
with a lesson's minute of new attempts, and the CSV is streamed as the teacher's server
streams it. CPU time is the process's own (``time.process_time``), so it does not count
waiting for the disk.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.timing import ms
from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.server.guard import attempt_rows
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.progress.records import Attempt, skill_of, utc_now

TITLE = "Classroom store and dashboard"
STUDENTS = 30
EQUATIONS = ("2 + 3 = 5", "7 − 4 = 3", "2 × 3 = 6", "8 ÷ 2 = 4", "2 + 2 = 5", "9 ÷ 2 = 4")


def _fill(path: Path, count: int) -> None:
    """``count`` attempts by thirty students, written in one transaction."""
    SQLiteStore(path).close()
    db = sqlite3.connect(path)
    with db:
        class_id = db.execute("SELECT id FROM classes WHERE archived IS NULL").fetchone()[0]
        db.executemany(
            "INSERT INTO students (class_id, nickname, joined) VALUES (?, ?, ?)",
            [(class_id, f"Student{n}", utc_now()) for n in range(STUDENTS)],
        )
        ids = [row[0] for row in db.execute("SELECT id FROM students ORDER BY id")]
        rows = []
        for n in range(count):
            text = EQUATIONS[n % len(EQUATIONS)]
            ok = n % len(EQUATIONS) < 4
            codes = [] if ok else ["not-true"]
            student, at, skill = ids[n % STUDENTS], utc_now(), skill_of(text)
            rows.append((student, at, text, ok, json.dumps(codes), "[]", 0, 0, "lab", skill))
        db.executemany(
            "INSERT INTO attempts (student_id, at, text, ok, codes, numbers, typed, hint_level, "
            "place, skill) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    db.close()


def _cpu(call: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    call()
    return time.perf_counter() - wall, time.process_time() - cpu


async def _stream(store: SQLiteStore) -> int:
    size = 0
    async for chunk in attempt_rows(store):
        size += len(chunk.encode())
    return size


def run(quick: bool = False) -> str:
    """Measure and return a Markdown section."""
    count = 20_000 if quick else 200_000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "class.sqlite3"
        _fill(path, count)
        store = SQLiteStore(path)
        board: list[Dashboard] = []
        first_wall, first_cpu = _cpu(lambda: board.append(Dashboard(store, refresh=0, csv_url="x")))
        idle = [_cpu(board[0].refresh)[1] for _ in range(20)]
        busy = []
        for _round in range(10):
            for n in range(STUDENTS):
                store.record_attempt(Attempt(f"Student{n}", "3 + 4 = 7", True, (), (3, 4, 7)))
            busy.append(_cpu(board[0].refresh)[1])
        sizes: list[int] = []
        csv_wall, csv_cpu = _cpu(lambda: sizes.append(asyncio.run(_stream(store))))
        size = sizes[0]
        store.close()
    return "\n".join(
        [
            f"## {TITLE}",
            "",
            f"A store of {count:,} attempts by {STUDENTS} students (SQLite). The dashboard reads "
            "every attempt once, when it opens; each refresh after that reads only the new ones.",
            "",
            "| what | value |",
            "|---|---:|",
            f"| dashboard opens: reads and sums up every attempt (wall) | {first_wall:.2f} s |",
            f"| the same, CPU | {first_cpu:.2f} s |",
            f"| refresh with nothing new, CPU p50 / max (20) | {ms(statistics.median(idle))} / "
            f"{ms(max(idle))} ms |",
            f"| refresh after {STUDENTS} new attempts, CPU p50 / max (10) | "
            f"{ms(statistics.median(busy))} / {ms(max(busy))} ms |",
            f"| CSV of every attempt, streamed (wall / CPU) | {csv_wall:.2f} s / {csv_cpu:.2f} s |",
            f"| CSV size | {size / 1024 / 1024:.1f} MiB |",
            "",
        ]
    )
