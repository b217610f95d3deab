"""A class of 30 on this machine: `sq2edu serve`, then 30 headless students.

The students arrive as a class does, one a second, all within half a minute. Each opens
the app, joins, opens the Equation Lab and checks a few equations. The run reports the time
from a student's arrival to an interactive page and from click to answer, the kernels'
memory, the machine's CPU, failures, and whether every attempt made reached the progress
store; once with a warm kernel pool for the whole class (started before the lesson) and
once without. ``make loadtest`` (not part of ``make test``).

Two classes are measured. In the first, all thirty students are Chromium pages: the
machine draws thirty pages on the same cores that serve them, which no classroom does. In
the second, most students speak to the server as their pages would, without drawing
(:mod:`benchmarks.widget_client`), and every fifth is a real Chromium page: the server
carries a whole class while the pages show what a child on their own device waits for.
"""

from __future__ import annotations

import asyncio
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

from benchmarks.widget_client import WidgetClient
from sq2edu.classroom.server import class_kernel
from sq2edu.hub.ports import spare_port

TITLE = "Classroom load"
STUDENTS = 30
ATTEMPTS = 8
#: Seconds a student thinks between two equations: the lesson lasts a few minutes, long
#: enough to include the warm pool filling up again behind the class.
THINK_SECONDS = 15.0
#: Seconds between two students' arrivals.
ARRIVAL_SECONDS = 1.0
#: Seconds the warm pool may take to start before the class arrives.
WARM_UP_SECONDS = 300
#: In the second class, every fifth student is a real Chromium page.
PROBE_EVERY = 5
#: Seconds any one step of a student may take before it counts as a failure.
STEP_SECONDS = 180


def _results() -> dict[str, list[float]]:
    return {"interactive": [], "click": [], "attempts": [], "failures": []}


async def _student(browser: Any, url: str, number: int, results: dict[str, list[float]]) -> None:
    from playwright.async_api import expect

    await asyncio.sleep(number * ARRIVAL_SECONDS)
    context = await browser.new_context(viewport={"width": 1024, "height": 768})
    page = await context.new_page()
    try:
        started = time.perf_counter()
        await page.goto(url, wait_until="commit", timeout=180_000)
        join = page.get_by_role("button", name="Join")
        await expect(join).to_be_visible(timeout=180_000)
        results["interactive"].append(time.perf_counter() - started)
        await page.get_by_role("textbox").nth(0).fill(f"Student{number}")
        await join.click()
        await page.get_by_role("button", name="Equation Lab").click(timeout=60_000)
        await page.get_by_role("button", name="⌨ Type it").click(timeout=60_000)
        box = page.get_by_label("Type an equation, like 2 + 3 = 5")
        for attempt in range(ATTEMPTS):
            await asyncio.sleep(THINK_SECONDS if attempt else 0.0)
            await box.fill(f"{attempt + 1} + 1 = 20")
            clicked = time.perf_counter()
            await page.get_by_role("button", name="Check ✓").click()
            await expect(page.get_by_role("status").filter(has_text="Not yet")).to_contain_text(
                f"{attempt + 1} + 1 makes", timeout=60_000
            )
            results["click"].append(time.perf_counter() - clicked)
            results["attempts"].append(1.0)
    except Exception:  # a failure is counted, not fatal: the point is to see how many
        results["failures"].append(1.0)
    finally:
        await context.close()


async def _light_student(url: str, number: int, results: dict[str, list[float]]) -> None:
    """The same student without a browser: the page's messages, none of its drawing."""
    await asyncio.sleep(number * ARRIVAL_SECONDS)
    client = WidgetClient(url)
    try:
        started = time.perf_counter()
        await client.open(STEP_SECONDS)
        join = await client.widget("ButtonModel", STEP_SECONDS, description="Join")
        nickname = client.find("TextModel", description="Nickname")
        if join is None or nickname is None:
            raise RuntimeError("no join form")
        results["interactive"].append(time.perf_counter() - started)
        client.set_value(nickname, value=f"Student{number}")
        client.click(join)
        await client.wait_for(
            lambda: client.find("ButtonModel", description="Equation Lab"), STEP_SECONDS
        )
        client.click(client.find("ButtonModel", description="Equation Lab") or "")
        await client.wait_for(lambda: client.find_table(), STEP_SECONDS)
        lab = client.find_table() or ""
        for attempt in range(ATTEMPTS):
            await asyncio.sleep(THINK_SECONDS if attempt else 0.0)
            clicked = time.perf_counter()
            client.send(lab, {"intent": "check", "text": f"{attempt + 1} + 1 = 20"})

            def answered(attempt: int = attempt) -> bool:
                verdict = client.models[lab].get("state", {}).get("verdict") or {}
                return str(verdict.get("text", "")).startswith(f"{attempt + 1} + 1")

            await client.wait_for(answered, STEP_SECONDS)
            results["click"].append(time.perf_counter() - clicked)
            results["attempts"].append(1.0)
    except Exception:  # counted, as for a page
        results["failures"].append(1.0)
    finally:
        await client.close()


async def _class(url: str, chromium: str, mixed: bool) -> dict[str, dict[str, list[float]]]:
    """Thirty students; with ``mixed``, only every fifth is a Chromium page."""
    from playwright.async_api import async_playwright

    from tests.browser.conftest import CHROMIUM_ARGS

    pages, light = _results(), _results()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        students = []
        for number in range(STUDENTS):
            if mixed and number % PROBE_EVERY != PROBE_EVERY // 2:
                students.append(_light_student(url, number, light))
            else:
                students.append(_student(browser, url, number, pages))
        await asyncio.gather(*students)
        await browser.close()
    return {"pages": pages, "light": light}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _timings(results: dict[str, list[float]], who: str) -> dict[str, str]:
    interactive, clicks = results["interactive"], results["click"]
    return {
        f"{who}: first interactive, p50 (s)": f"{_percentile(interactive, 0.5):.1f}",
        f"{who}: first interactive, p95 (s)": f"{_percentile(interactive, 0.95):.1f}",
        f"{who}: click → answer, p50 (ms)": f"{1000 * _percentile(clicks, 0.5):.0f}",
        f"{who}: click → answer, p95 (ms)": f"{1000 * _percentile(clicks, 0.95):.0f}",
    }


def _summary(run: dict[str, Any]) -> dict[str, str]:
    """One run's figures, as table cells."""
    memory = run["memory"]
    cells = _timings(run["pages"], "Chromium pages")
    if run["mixed"]:
        cells |= _timings(run["light"], "students without a browser")
    made = sum(len(r["attempts"]) for r in (run["pages"], run["light"]))
    failures = sum(len(r["failures"]) for r in (run["pages"], run["light"]))
    return cells | {
        "memory per kernel, mean (MB)": f"{statistics.fmean(memory):.0f}" if memory else "–",
        "memory per kernel, max (MB)": f"{max(memory):.0f}" if memory else "–",
        "CPU, whole machine (%)": f"{run['cpu']:.0f}",
        "CPU time of the server and its kernels (s)": f"{run['served']:.0f}",
        "CPU time of everything else: pages, clients (s)": f"{run['drawn']:.0f}",
        "students who failed": str(failures),
        "attempts made / in the store": f"{made} / {run['stored']}",
        "whole run (s)": f"{run['seconds']:.0f}",
    }


def _kernels(server: int) -> list[psutil.Process]:
    kernels = []
    for process in psutil.Process(server).children(recursive=True):
        try:
            if class_kernel.is_class_kernel(process.cmdline()):
                kernels.append(process)
        except psutil.Error:  # a short-lived helper process that has already gone
            continue
    return kernels


def _busy_seconds() -> float:
    """CPU seconds the whole machine has spent busy since it started."""
    times = psutil.cpu_times()
    return float(sum(times)) - float(times.idle) - float(getattr(times, "iowait", 0.0))


def _tree_seconds(pid: int) -> float:
    """CPU seconds spent by a process and every process under it that is still running."""
    total = 0.0
    root = psutil.Process(pid)
    for process in [root, *root.children(recursive=True)]:
        try:
            spent = process.cpu_times()
            total += spent.user + spent.system
        except psutil.Error:
            continue
    return total


def _megabytes(process: psutil.Process) -> float:
    try:
        return float(process.memory_info().rss) / 2**20
    except psutil.Error:
        return float("nan")


def _wait_for_warm_pool(server: int, pool: int) -> None:
    """Wait until ``pool`` kernels run and the machine is quiet again (they have warmed up)."""
    deadline = time.monotonic() + WARM_UP_SECONDS
    while time.monotonic() < deadline:
        if len(_kernels(server)) >= pool and psutil.cpu_percent(interval=2.0) < 25:
            return
    raise RuntimeError(f"the warm pool of {pool} kernels did not settle in {WARM_UP_SECONDS} s")


def _one_run(pool: int, chromium: str, mixed: bool) -> dict[str, Any]:
    from sq2edu.classroom import SQLiteStore
    from tests.browser.conftest import wait_until_answering

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "class.sqlite3"
        port, teacher = spare_port(), spare_port()
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sq2edu.cli",
                "serve",
                "--host=127.0.0.1",
                f"--port={port}",
                f"--teacher-port={teacher}",
                f"--db={db}",
                f"--pool={pool}",
                "--no-qr",
                # Every simulated child comes from this machine's one address.
                "--max-per-address=1000",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_answering(port)
            _wait_for_warm_pool(server.pid, pool)
            psutil.cpu_percent(None)
            machine_before, server_before = _busy_seconds(), _tree_seconds(server.pid)
            started = time.perf_counter()
            results = asyncio.run(_class(f"http://127.0.0.1:{port}/", chromium, mixed))
            seconds = time.perf_counter() - started
            cpu = psutil.cpu_percent(None)
            served = _tree_seconds(server.pid) - server_before
            drawn = _busy_seconds() - machine_before - served
            memory = [_megabytes(p) for p in _kernels(server.pid)]
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
        with SQLiteStore(db) as store:
            stored = len(store.attempts())
    return {
        "mixed": mixed,
        "seconds": seconds,
        "memory": memory,
        "cpu": cpu,
        "stored": stored,
        "served": served,
        "drawn": drawn,
        **results,
    }


def _table(runs: list[dict[str, Any]]) -> list[str]:
    summaries = [_summary(r) for r in runs]
    lines = [f"| | warm pool ({STUDENTS}) | no pool |", "|---|---:|---:|"]
    for label in summaries[0]:
        lines.append(f"| {label} | {summaries[0][label]} | {summaries[1][label]} |")
    return [*lines, ""]


def run(quick: bool = False) -> str:
    """Run both classes, each with a warm pool and without, and return a Markdown section."""
    from tests.browser.conftest import find_chromium

    chromium = find_chromium()
    lines = [f"## {TITLE}", ""]
    if chromium is None:
        return "\n".join([*lines, "No Chromium on this machine: not measured.", ""])
    probes = len([n for n in range(STUDENTS) if n % PROBE_EVERY == PROBE_EVERY // 2])
    lines += [
        f"{STUDENTS} headless students, arriving one every {ARRIVAL_SECONDS:g} s, each joining,",
        f"opening the Lab and checking {ATTEMPTS} equations, one every {THINK_SECONDS:g} s;",
        f"`sq2edu serve --pool {STUDENTS}` (kernels started before the lesson, each replaced",
        "60 s after it is taken), then no pool. Times count from each student's arrival.",
        "",
        f"### A class that speaks to the server as its pages do, {probes} of them real pages",
        "",
        f"{STUDENTS - probes} students send exactly what their page would send (they load the",
        "page and its files, open the kernel's connection and ask for the widgets, type, click",
        "and check) without drawing anything (`benchmarks/widget_client.py`); every",
        f"{PROBE_EVERY}th student is a real Chromium page. The server carries the whole class,",
        "as on a teacher's laptop; the pages show what a child waits for on their own device.",
        "",
        *_table([_one_run(STUDENTS, chromium, True), _one_run(0, chromium, True)]),
        "### Thirty Chromium pages on the server's own machine",
        "",
        "All thirty students are Chromium pages on this machine: it draws thirty pages on",
        "the cores that serve them, which no classroom asks of the teacher's laptop.",
        "",
        *_table([_one_run(STUDENTS, chromium, False), _one_run(0, chromium, False)]),
    ]
    return "\n".join(lines)
