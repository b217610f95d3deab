"""The teacher's dashboard at a thousand names: what one refresh costs and sends.

A class of thirty, and a class one device filled with a thousand names, are written straight
into a SQLite store with a day of attempts; the dashboard is made, and refreshed every ten
seconds' worth of a lesson (thirty children each make an attempt and are seen), and after a
new name joins (the lists of names to pick from are sent again).
Each refresh is timed (CPU, the process's own) and everything it sends the teacher's page is
counted: the widget messages, as JSON, as a kernel sends them over its websocket.
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import comm
from comm.base_comm import BaseComm

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.storage.tables import Tables
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.classroom.widgets.lobby import Lobby
from sq2edu.classroom.widgets.screens import widget_tree
from sq2edu.core import Game
from sq2edu.progress.records import Attempt, skill_of, utc_now

TITLE = "Dashboard at a thousand names"
SIZES = (30, 1_000)
ATTEMPTS_EACH = 20
ACTIVE = 30
EQUATIONS = ("2 + 3 = 5", "7 − 4 = 3", "2 × 3 = 6", "8 ÷ 2 = 4", "2 + 2 = 5", "9 ÷ 2 = 4")


class _Counting(BaseComm):
    """A comm that sends nothing and counts what it would have sent."""

    sent = 0
    kernel = "counted"

    def publish_msg(
        self,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        _Counting.sent += len(json.dumps(data, default=str).encode()) + sum(
            len(b) for b in buffers or ()
        )


@contextmanager
def counting() -> Iterator[type[_Counting]]:
    """Widgets made inside count what they send in :attr:`_Counting.sent`."""
    before = comm.create_comm
    comm.create_comm = _Counting
    try:
        yield _Counting
    finally:
        comm.create_comm = before


def fill(path: Path, students: int, each: int = ATTEMPTS_EACH) -> list[str]:
    """``students`` students with ``each`` attempts apiece, all seen lately; their names."""
    SQLiteStore(path).close()
    names = [f"Child{n:04d}" for n in range(students)]
    db = sqlite3.connect(path)
    with db:
        class_id = db.execute("SELECT id FROM classes WHERE archived IS NULL").fetchone()[0]
        now = utc_now()
        db.executemany(
            "INSERT INTO students (class_id, nickname, joined, seen) VALUES (?, ?, ?, ?)",
            [(class_id, name, now, now) for name in names],
        )
        ids = [row[0] for row in db.execute("SELECT id FROM students ORDER BY id")]
        rows = []
        for n in range(students * each):
            text = EQUATIONS[n % len(EQUATIONS)]
            ok = n % len(EQUATIONS) < 4
            codes = [] if ok else ["not-true"]
            rows.append(
                (
                    ids[n % students],
                    now,
                    text,
                    ok,
                    json.dumps(codes),
                    "[]",
                    0,
                    0,
                    "lab",
                    skill_of(text),
                )
            )
        db.executemany(
            "INSERT INTO attempts (student_id, at, text, ok, codes, numbers, typed, hint_level, "
            "place, skill) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    db.close()
    return names


def measure(students: int, rounds: int = 10) -> dict[str, float]:
    """One class: CPU ms and bytes of the first view and of each later refresh."""
    with tempfile.TemporaryDirectory() as folder, counting() as sent:
        path = Path(folder) / "class.sqlite3"
        names = fill(path, students)
        store = SQLiteStore(path)
        sent.sent = 0
        cpu = time.process_time()
        board = Dashboard(store, refresh=0, csv_url="x")
        opened_cpu, opened_bytes = time.process_time() - cpu, sent.sent
        idle_cpu, idle_bytes, busy_cpu, busy_bytes, join_cpu, join_bytes = [], [], [], [], [], []
        for round_ in range(rounds):
            sent.sent = 0
            cpu = time.process_time()
            board.refresh()
            idle_cpu.append(time.process_time() - cpu)
            idle_bytes.append(sent.sent)
            for n in range(ACTIVE):
                name = names[(round_ * ACTIVE + n) % len(names)]
                store.record_attempt(Attempt(name, EQUATIONS[n % 6], n % 6 < 4, ()))
                store.seen(name)
            sent.sent = 0
            cpu = time.process_time()
            board.refresh()
            busy_cpu.append(time.process_time() - cpu)
            busy_bytes.append(sent.sent)
            store.join(f"Newcomer{round_}")
            sent.sent = 0
            cpu = time.process_time()
            board.refresh()
            join_cpu.append(time.process_time() - cpu)
            join_bytes.append(sent.sent)
        board.stop()
    return {
        "opened_ms": opened_cpu * 1000,
        "opened_bytes": opened_bytes,
        "idle_ms": statistics.median(idle_cpu) * 1000,
        "idle_bytes": statistics.median(idle_bytes),
        "busy_ms": statistics.median(busy_cpu) * 1000,
        "busy_max_ms": max(busy_cpu) * 1000,
        "busy_bytes": statistics.median(busy_bytes),
        "join_ms": statistics.median(join_cpu) * 1000,
        "join_bytes": statistics.median(join_bytes),
    }


def _no_dealer(_edition: str) -> Callable[[Sequence[dict[str, str]]], Game[Any, Any]]:
    raise AssertionError("no table starts here")


def measure_lobby(students: int, rounds: int = 10) -> dict[str, float]:
    """A child's lobby when half the class has made a table: what it sends as it opens, the
    widgets it holds, and what a redraw after one more table costs and sends."""
    with tempfile.TemporaryDirectory() as folder, counting() as sent:
        path = Path(folder) / "class.sqlite3"
        names = fill(path, students, each=0)
        store = SQLiteStore(path)
        tables = Tables(store)
        for name in names[: students // 2]:
            tables.make(name, 2, "rescue")
        sent.sent = 0
        lobby = Lobby(
            tables,
            names[-1],
            "rescue",
            dealer=_no_dealer,
            level="easy",
            on_playing=lambda _info: None,
        )
        opened = sent.sent
        cpu_times, sizes = [], []
        for round_ in range(rounds):
            tables.make(names[students // 2 + round_], 2, "rescue")
            sent.sent = 0
            cpu = time.process_time()
            lobby.redraw()
            cpu_times.append(time.process_time() - cpu)
            sizes.append(sent.sent)
        held = len(list(widget_tree(lobby)))
        store.close()
    return {
        "tables": students // 2,
        "opened_bytes": opened,
        "widgets": held,
        "redraw_ms": statistics.median(cpu_times) * 1000,
        "redraw_bytes": statistics.median(sizes),
    }


def _kib(size: float) -> str:
    return f"{size:,.0f} B" if size < 1024 else f"{size / 1024:,.1f} KiB"


#: The same measurement before the tables of children showed a page at a time and the
#: tables of classmates kept their widgets (this machine, 2 December 2026).
BEFORE = (
    "Before the dashboard's tables of children showed a page at a time (and before a "
    "child's levels were worked out again only after a new attempt, and the tables of "
    "classmates kept their widgets), the same run at 1,000 names took 165 ms of CPU and sent "
    "526 KiB per refresh of a lesson's ten seconds (171 ms and 590 KiB after a new name, "
    "162 ms and 2.1 KiB with nothing new), and the dashboard opened in 611 ms, sending "
    "800 KiB; at 30 names 7 ms and 3.7 KiB."
)


def run(quick: bool = False) -> str:
    """Measure and return a Markdown section."""
    from benchmarks.run import machine

    rounds = 3 if quick else 10
    found = {size: measure(size, rounds) for size in SIZES}
    lines = [
        f"## {TITLE}",
        "",
        f"A class of {SIZES[0]} and one of {SIZES[1]:,} names ({ATTEMPTS_EACH} attempts each, "
        f"SQLite). Between two refreshes {ACTIVE} children each make an attempt and are seen, "
        "as in ten seconds of a lesson; then a new name joins. CPU is the process's own; "
        "bytes are the widget "
        f"messages the refresh sends the teacher's page (median of {rounds}; {machine()}).",
        "",
        "| names | dashboard opens: CPU / sent | refresh, nothing new: CPU / sent "
        "| refresh after a lesson's ten seconds: CPU p50 (max) / sent "
        "| refresh after a new name joins: CPU / sent |",
        "|---:|---:|---:|---:|---:|",
    ]
    for size, m in found.items():
        lines.append(
            f"| {size:,} | {m['opened_ms']:.0f} ms / {_kib(m['opened_bytes'])} "
            f"| {m['idle_ms']:.0f} ms / {_kib(m['idle_bytes'])} "
            f"| {m['busy_ms']:.0f} ({m['busy_max_ms']:.0f}) ms / {_kib(m['busy_bytes'])} "
            f"| {m['join_ms']:.0f} ms / {_kib(m['join_bytes'])} |"
        )
    lobbies = {size: measure_lobby(size, rounds) for size in SIZES}
    lines += [
        "",
        BEFORE,
        "",
        "A child's lobby when half of the class has made a table (each maker sits at their "
        "own), and its redraw when one more table is made. It lists the 20 oldest open "
        "tables; before it did, 78 tables made a classmate's lobby 813 widgets and 1.28 MB.",
        "",
        "| names | open tables | lobby opens: sent | widgets it holds "
        "| redraw after a new table: CPU / sent |",
        "|---:|---:|---:|---:|---:|",
    ]
    for size, m in lobbies.items():
        lines.append(
            f"| {size:,} | {m['tables']:,.0f} | {_kib(m['opened_bytes'])} | {m['widgets']:.0f} "
            f"| {m['redraw_ms']:.0f} ms / {_kib(m['redraw_bytes'])} |"
        )
    return "\n".join([*lines, ""])


if __name__ == "__main__":
    print(run())
