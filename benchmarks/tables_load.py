"""A class of 30 at ten tables of three: classmates playing together, for ten minutes.

Each table's three children make and join it in the lobby, and play the Rescue: on their
turn a child thinks a moment and takes a legal move; when a game ends they make a new
table. 27 children speak to the server as their pages would (:mod:`benchmarks.widget_client`,
their connection watch pinging as a page's does); three are real Chromium pages that click
the cards and buttons. Measured: the time from a move sent on one screen to its drawing
reaching the other screens of the table, every table's stored history replayed from its
deal to its stored game (no move lost or made twice), tables stuck, and the server's CPU and
memory per kernel. Run on one server with SQLite, and on two servers sharing one PostgreSQL
database (the children of each table on both). ``make loadtest`` (not part of ``make test``).
"""

from __future__ import annotations

import asyncio
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psutil

from benchmarks.loadtest import (
    _busy_seconds,
    _kernels,
    _megabytes,
    _percentile,
    _tree_seconds,
    _wait_for_warm_pool,
)
from benchmarks.widget_client import WidgetClient
from sq2edu.hub.ports import spare_port

TITLE = "Tables of classmates"
TABLES = 10
SEATS = 3
#: Seconds the class plays.
PLAY_SECONDS = 600
#: Seconds a child thinks before a move.
THINK_SECONDS = 2.0
#: The tables with a real Chromium page among their children (one each, in the last seat).
CHROMIUM_TABLES = (0, 4, 8)
#: Seconds any one step of a child may take before it counts as a failure.
STEP_SECONDS = 120
#: A table whose game has not moved for this long at the end of the run is stuck.
STUCK_SECONDS = 60
#: Seconds between a page's "still there?" to its kernel (as ``widgets/heartbeat.js``).
PING_SECONDS = 4.0


class Class:
    """What the whole class measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.failures: list[str] = []
        #: The move being made at each table (by its maker's name): when it was sent, by
        #: whom, and its number.
        self.sent: dict[str, tuple[float, str, int]] = {}
        self.started = time.monotonic()

    def failed(self, name: str, error: BaseException) -> None:
        """Note a child's failure, with the second of the run it came at."""
        self.failures.append(f"{name} ({time.monotonic() - self.started:.0f} s): {_where(error)}")

    def send(self, maker: str, mover: str) -> None:
        """Note that ``mover`` sends a move at ``maker``'s table now."""
        number = self.sent[maker][2] + 1 if maker in self.sent else 0
        self.sent[maker] = (time.perf_counter(), mover, number)


def _name(table: int, seat: int) -> str:
    return f"T{table}S{seat}"


class LightChild:
    """A child without a browser, at one table."""

    def __init__(self, url: str, table: int, seat: int, room: Class) -> None:
        self.client = WidgetClient(url)
        self.table, self.seat, self.room = table, seat, room
        self.name = _name(table, seat)
        self.maker = _name(table, 0)
        self.narrated = -1
        self.timed = -1
        #: How many times the kernel has redrawn the table (a move may change it without a
        #: line of narration: finishing the actions leads on to discarding).
        self.redrawn = 0
        self.pinging: asyncio.Task[None] | None = None
        self.client.on_update.append(self._updated)

    def _updated(self, model_id: str) -> None:
        state = self.client.models[model_id].get("state")
        if not isinstance(state, dict) or "narrated" not in state:
            return
        self.redrawn += 1
        narrated = int(state["narrated"])
        sent = self.room.sent.get(self.maker)
        if narrated > self.narrated >= 0 and sent is not None:
            at, mover, number = sent
            if mover != self.name and number != self.timed:
                self.timed = number
                self.room.latencies.append(time.perf_counter() - at)
        self.narrated = narrated

    def _state(self) -> dict[str, Any]:
        table = self.client.find_table()
        return dict(self.client.models[table].get("state") or {}) if table else {}

    async def _button(self, description: str, **state: Any) -> str:
        def found() -> str | None:
            return self.client.find("ButtonModel", description=description, **state)

        await self.client.wait_for(found, STEP_SECONDS)
        return found() or ""

    async def open(self) -> None:
        await self.client.open(STEP_SECONDS)
        await self.client.widget("ButtonModel", STEP_SECONDS, description="Join")
        nickname = self.client.find("TextModel", description="Nickname") or ""
        self.client.set_value(nickname, value=self.name)
        self.client.click(await self._button("Join"))
        self.client.click(await self._button("Play with classmates"))
        self.pinging = asyncio.get_running_loop().create_task(self._ping())

    async def _ping(self) -> None:
        asked = 0
        while True:
            watch = self.client.find_heartbeat()
            if watch:
                asked += 1
                self.client.send(watch, {"ping": asked})
            await asyncio.sleep(PING_SECONDS)

    async def sit_down(self) -> None:
        """Make the table (its first child) or sit at it, until its game is on."""
        if self.seat == 0:

            def seats() -> str | None:
                return self.client.find("ToggleButtonsModel", description="Seats")

            await self.client.wait_for(seats, STEP_SECONDS)
            await self._button("Make a table")
            self.client.set_value(seats() or "", index=SEATS - 2)
            self.client.click(await self._button("Make a table"))
            # Start once every seat is taken (the Chromium child may come last).
            await self.client.wait_for(self._table_full, STEP_SECONDS)
            start = await self._button("Start", disabled=False)
            await asyncio.sleep(0.5)
            self.client.click(start)
        else:
            await self.client.wait_for(self._sit_button, STEP_SECONDS)
            self.client.click(self._sit_button() or "")
        await self.client.wait_for(self._new_game_on, STEP_SECONDS)

    def _new_game_on(self) -> bool:
        view = self._state().get("view")
        return isinstance(view, dict) and view.get("winner") is None

    def _table_full(self) -> bool:
        return any(
            "sq2-seats" in str(model.get("value", "")) and "free seat" not in model["value"]
            for model in list(self.client.models.values())
        )

    def _sit_button(self) -> str | None:
        for model_id, model in list(self.client.models.items()):
            if model.get("_model_name") != "HBoxModel":
                continue
            children = [c for c in self.client.children_of(model_id) if c in self.client.models]
            words = " ".join(str(self.client.models[c].get("value", "")) for c in children)
            if f"{self.maker}&#x27;s table" in words:
                return next(
                    (
                        c
                        for c in children
                        if self.client.models[c].get("_model_name") == "ButtonModel"
                    ),
                    None,
                )
        return None

    async def play(self, until: float) -> None:
        chooser = random.Random(self.name)
        while time.monotonic() < until:
            state = self._state()
            view = state.get("view") or {}
            if view.get("winner") is not None:
                await asyncio.sleep(1.0)
                self.client.send(self.client.find_table() or "", {"intent": "new-game"})
                await asyncio.sleep(2.0)
                await self.sit_down()
                continue
            if state.get("seat") != view.get("current_player") or not view.get("legal_actions"):
                await asyncio.sleep(0.1)
                continue
            await asyncio.sleep(THINK_SECONDS)
            action = chooser.choice(view["legal_actions"])
            before = self.redrawn
            self.room.send(self.maker, self.name)
            self.client.send(
                self.client.find_table() or "",
                {"intent": "act", "action": {k: v for k, v in action.items() if k != "label"}},
            )
            self.room.moves += 1
            await self.client.wait_for(
                lambda before=before: self.redrawn > before or bool(self._state().get("message")),
                STEP_SECONDS,
            )


async def _page_child(browser: Any, url: str, table: int, room: Class, until: float) -> None:
    """A child in a real Chromium page, in the last seat of their table."""
    from playwright.async_api import expect

    name, maker = _name(table, SEATS - 1), _name(table, 0)
    context = await browser.new_context(viewport={"width": 1024, "height": 768})
    page = await context.new_page()

    async def sit() -> None:
        row = page.locator(".widget-hbox").filter(has_text=f"{maker}'s table")
        await row.get_by_role("button", name="Sit here").click(timeout=STEP_SECONDS * 1000)
        await expect(page.locator(".sq2-header")).to_be_visible(timeout=STEP_SECONDS * 1000)

    try:
        await page.goto(url, wait_until="commit", timeout=STEP_SECONDS * 1000)
        await page.get_by_role("textbox").nth(0).fill(name)
        await page.get_by_role("button", name="Join").click(timeout=STEP_SECONDS * 1000)
        await page.get_by_role("button", name="Play with classmates").click(
            timeout=STEP_SECONDS * 1000
        )
        await sit()
        while time.monotonic() < until:
            if await page.locator(".sq2-over").count():
                await asyncio.sleep(1.0)
                await page.locator("[data-key='new-game']").click()
                await sit()
                continue
            if await page.locator(".sq2-who").first.inner_text() != "Your turn":
                await asyncio.sleep(0.2)
                continue
            await asyncio.sleep(THINK_SECONDS)
            moves = page.locator("[data-key^='act:']:visible")
            pickers = page.locator(
                "[data-key='throw-away']:visible, [data-key='spell-book']:visible"
            )
            if await moves.count():
                room.send(maker, name)
                await moves.first.click(timeout=10_000)
                room.moves += 1
            elif await pickers.count():
                await pickers.first.click(timeout=10_000)
            await asyncio.sleep(0.5)
    except Exception as error:  # counted: the point is to see how many
        room.failed(name, error)
    finally:
        await context.close()


def _where(error: BaseException) -> str:
    """An error in a few words: its kind, its message and the line of this file it hit."""
    import traceback

    lines = [
        f"{Path(frame.filename).name}:{frame.lineno}"
        for frame in traceback.extract_tb(error.__traceback__)
        if "benchmarks" in frame.filename
    ]
    return f"{type(error).__name__}({str(error)[:80]!r}) at {' '.join(lines[-2:])}"


async def _light(child: LightChild, until: float) -> None:
    try:
        await child.open()
        await child.sit_down()
        await child.play(until)
    except Exception as error:  # counted, as for a page
        child.room.failed(child.name, error)
    finally:
        if child.pinging is not None:
            child.pinging.cancel()
        await child.client.close()


async def _class(urls: list[str], chromium: str, room: Class) -> None:
    from playwright.async_api import async_playwright

    from tests.browser.conftest import CHROMIUM_ARGS

    room.started = time.monotonic()
    until = room.started + PLAY_SECONDS
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        students = []
        for table in range(TABLES):
            for seat in range(SEATS):
                url = urls[(table * SEATS + seat) % len(urls)]
                if table in CHROMIUM_TABLES and seat == SEATS - 1:
                    students.append(_page_child(browser, url, table, room, until))
                else:
                    students.append(_light(LightChild(url, table, seat, room), until))
                await asyncio.sleep(0.0)
        await asyncio.gather(*students)
        await browser.close()


@contextmanager
def _servers(database: str, count: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    servers = []
    try:
        for _server in range(count):
            servers.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "sq2edu.cli",
                        "serve",
                        "--host=127.0.0.1",
                        f"--port={spare_port()}",
                        f"--teacher-port={spare_port()}",
                        f"--db={database}",
                        f"--pool={TABLES * SEATS // count}",
                        "--no-qr",
                        # Every simulated child comes from this machine's one address.
                        "--max-per-address=1000",
                    ],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                )
            )
        yield servers
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)


def _port(server: subprocess.Popen[bytes]) -> int:
    """The student port a server was told (its command line)."""
    argument = next(a for a in psutil.Process(server.pid).cmdline() if a.startswith("--port="))
    return int(argument.split("=", 1)[1])


def _one_run(database: str, servers_count: int, chromium: str) -> dict[str, Any]:
    from sq2edu.classroom.domain.settings import ClassSettings
    from sq2edu.classroom.storage.store import SQLStore, open_store
    from sq2edu.classroom.storage.tables import Tables, seconds_since
    from tests.browser.conftest import wait_until_answering

    with open_store(database) as store:
        store.save_settings(ClassSettings(edition="rescue", quick=True).to_dict())
    room = Class()
    with _servers(database, servers_count) as servers:
        ports = [_port(server) for server in servers]
        for server, port in zip(servers, ports, strict=True):
            wait_until_answering(port)
            _wait_for_warm_pool(server.pid, TABLES * SEATS // servers_count)
        psutil.cpu_percent(None)
        machine_before = _busy_seconds()
        served_before = sum(_tree_seconds(server.pid) for server in servers)
        started = time.perf_counter()
        asyncio.run(_class([f"http://127.0.0.1:{port}/" for port in ports], chromium, room))
        seconds = time.perf_counter() - started
        cpu = psutil.cpu_percent(None)
        served = sum(_tree_seconds(server.pid) for server in servers) - served_before
        drawn = _busy_seconds() - machine_before - served
        memory = [_megabytes(p) for server in servers for p in _kernels(server.pid)]
    with open_store(database) as store:
        assert isinstance(store, SQLStore)
        tables = Tables(store)
        every = tables.tables(("open", "playing", "over", "ended"))
        replayed = sum(1 for info in every if tables.replays(info.id))
        stuck = sum(
            1
            for info in every
            if info.status == "playing" and seconds_since(info.changed) > STUCK_SECONDS + seconds
        )
        games = len(store.games())
    return {
        "latencies": room.latencies,
        "moves": room.moves,
        "failures": room.failures,
        "tables": len(every),
        "replayed": replayed,
        "stuck": stuck,
        "games": games,
        "memory": memory,
        "cpu": cpu,
        "served": served,
        "drawn": drawn,
        "seconds": seconds,
    }


def _summary(run: dict[str, Any]) -> dict[str, str]:
    latencies, memory = run["latencies"], run["memory"]
    return {
        "moves made": str(run["moves"]),
        "move → drawn on the other screens, p50 (ms)": f"{1000 * _percentile(latencies, 0.5):.0f}",
        "move → drawn on the other screens, p95 (ms)": f"{1000 * _percentile(latencies, 0.95):.0f}",
        "move → drawn on the other screens, max (ms)": f"{1000 * max(latencies, default=0):.0f}",
        "games finished and kept": str(run["games"]),
        "tables whose history replays to the stored game": f"{run['replayed']} / {run['tables']}",
        "tables stuck": str(run["stuck"]),
        "children who failed": str(len(run["failures"])),
        "memory per kernel, mean (MB)": f"{statistics.fmean(memory):.0f}" if memory else "–",
        "memory per kernel, max (MB)": f"{max(memory):.0f}" if memory else "–",
        "CPU, whole machine (%)": f"{run['cpu']:.0f}",
        "CPU time of the servers and their kernels (s)": f"{run['served']:.0f}",
        "CPU time of everything else: pages, clients, database (s)": f"{run['drawn']:.0f}",
        "whole run (s)": f"{run['seconds']:.0f}",
    }


def run(quick: bool = False) -> str:
    """Both rooms; a Markdown section."""
    from tests.browser.conftest import find_chromium
    from tests.postgres_server import postgres_bin, throwaway_postgres

    global PLAY_SECONDS
    if quick:
        PLAY_SECONDS = 60
    chromium, postgres = find_chromium(), postgres_bin()
    lines = [f"## {TITLE}", ""]
    if chromium is None or postgres is None:
        return "\n".join(
            [*lines, "No Chromium or no PostgreSQL on this machine: not measured.", ""]
        )
    with tempfile.TemporaryDirectory() as folder:
        one = _one_run(str(Path(folder) / "class.sqlite3"), 1, chromium)
    with throwaway_postgres(postgres, max_connections=400) as server:
        import psycopg

        with psycopg.connect(f"{server}/postgres", autocommit=True) as db:
            db.execute("CREATE DATABASE school")
        two = _one_run(f"{server}/school", 2, chromium)
    runs = [_summary(one), _summary(two)]
    lines += [
        f"{TABLES * SEATS} children at {TABLES} tables of {SEATS}, playing the Rescue (quick game)",
        f"for {PLAY_SECONDS // 60} minutes, each thinking {THINK_SECONDS:g} s before a move and",
        f"making a new table when a game ends; {len(CHROMIUM_TABLES)} of them are real Chromium",
        "pages, the others send what their pages would (`benchmarks/tables_load.py`). A move's",
        "time runs from the moment a child's move is sent to the moment each other child of the",
        "table receives its drawing. Every table's history is replayed from its stored deal.",
        "",
        "| | one server, SQLite | two servers, one PostgreSQL |",
        "|---|---:|---:|",
        *(f"| {label} | {runs[0][label]} | {runs[1][label]} |" for label in runs[0]),
        "",
    ]
    for where, found in (("One server, SQLite", one), ("Two servers, PostgreSQL", two)):
        if found["failures"]:
            lines += [f"Children who failed ({where.lower()}), with the second of the run:", ""]
            lines += [f"- {failure}" for failure in found["failures"]]
            lines.append("")
    return "\n".join(lines)
