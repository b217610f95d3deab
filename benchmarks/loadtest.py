"""A class of 30 on this machine: `sq2edu serve`, then 30 headless students.

The students arrive as a class does, one a second, all within half a minute. Each opens
the app, joins, opens the Equation Lab and checks a few equations. The run reports the time
from a student's arrival to an interactive page and from click to answer, the kernels'
memory, the machine's CPU, failures, and whether every attempt made reached the progress
store; once with a warm kernel pool for the whole class (started before the lesson) and
once without. ``make loadtest`` (not part of ``make test``).
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

TITLE = "Classroom load"
STUDENTS = 30
ATTEMPTS = 3
#: Seconds between two students' arrivals.
ARRIVAL_SECONDS = 1.0
#: Seconds the warm pool may take to start before the class arrives.
WARM_UP_SECONDS = 300


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


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
            await box.fill(f"{attempt + 1} + 1 = 9")
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


async def _class(url: str, chromium: str) -> dict[str, list[float]]:
    from playwright.async_api import async_playwright

    from tests.browser.conftest import CHROMIUM_ARGS

    results: dict[str, list[float]] = {
        "interactive": [],
        "click": [],
        "attempts": [],
        "failures": [],
    }
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        await asyncio.gather(*(_student(browser, url, n, results) for n in range(STUDENTS)))
        await browser.close()
    return results


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _summary(run: dict[str, Any]) -> dict[str, str]:
    """One run's figures, as table cells."""
    interactive, clicks, memory = run["interactive"], run["click"], run["memory"]
    return {
        "first interactive, p50 (s)": f"{_percentile(interactive, 0.5):.1f}",
        "first interactive, p95 (s)": f"{_percentile(interactive, 0.95):.1f}",
        "click → answer, p50 (ms)": f"{1000 * _percentile(clicks, 0.5):.0f}",
        "click → answer, p95 (ms)": f"{1000 * _percentile(clicks, 0.95):.0f}",
        "memory per kernel, mean (MB)": f"{statistics.fmean(memory):.0f}" if memory else "–",
        "memory per kernel, max (MB)": f"{max(memory):.0f}" if memory else "–",
        "CPU, whole machine (%)": f"{run['cpu']:.0f}",
        "students who failed": str(run["failures"]),
        "attempts made / in the store": f"{run['made']} / {run['stored']}",
        "whole run (s)": f"{run['seconds']:.0f}",
    }


def _kernels(server: int) -> list[psutil.Process]:
    return [
        p
        for p in psutil.Process(server).children(recursive=True)
        if "ipykernel" in " ".join(p.cmdline())
    ]


def _wait_for_warm_pool(server: int, pool: int) -> None:
    """Wait until ``pool`` kernels run and the machine is quiet again (they have warmed up)."""
    deadline = time.monotonic() + WARM_UP_SECONDS
    while time.monotonic() < deadline:
        if len(_kernels(server)) >= pool and psutil.cpu_percent(interval=2.0) < 25:
            return
    raise RuntimeError(f"the warm pool of {pool} kernels did not settle in {WARM_UP_SECONDS} s")


def _one_run(pool: int, chromium: str) -> dict[str, Any]:
    from sq2edu.classroom import SQLiteStore
    from tests.browser.conftest import wait_until_answering

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "class.sqlite3"
        port, teacher = _free_port(), _free_port()
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
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_answering(port)
            _wait_for_warm_pool(server.pid, pool)
            psutil.cpu_percent(None)
            started = time.perf_counter()
            results = asyncio.run(_class(f"http://127.0.0.1:{port}/", chromium))
            seconds = time.perf_counter() - started
            cpu = psutil.cpu_percent(None)
            memory = [p.memory_info().rss / 2**20 for p in _kernels(server.pid)]
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
        with SQLiteStore(db) as store:
            stored = len(store.attempts())
    return {
        "pool": pool,
        "seconds": seconds,
        "interactive": results["interactive"],
        "click": results["click"],
        "made": len(results["attempts"]),
        "stored": stored,
        "failures": len(results["failures"]),
        "memory": memory,
        "cpu": cpu,
    }


def run(quick: bool = False) -> str:
    """Run the class twice (warm pool, then none) and return a Markdown section."""
    from tests.browser.conftest import find_chromium

    chromium = find_chromium()
    lines = [f"## {TITLE}", ""]
    if chromium is None:
        return "\n".join([*lines, "No Chromium on this machine: not measured.", ""])
    runs = [_one_run(STUDENTS, chromium), _one_run(0, chromium)]
    lines += [
        f"{STUDENTS} headless students on this machine, arriving one every {ARRIVAL_SECONDS:g} s,",
        f"each joining, opening the Lab and checking {ATTEMPTS} equations; `sq2edu serve --pool",
        f"{STUDENTS}` (kernels started before the lesson), then no pool. Times count from each",
        "student's arrival. The Chromium pages run on the same machine as the server (here two",
        "cores), so the times include a machine busy drawing thirty pages; in a classroom each",
        "student's device draws its own.",
        "",
        f"| | warm pool ({STUDENTS}) | no pool |",
        "|---|---:|---:|",
    ]

    summaries = [_summary(r) for r in runs]
    for label in summaries[0]:
        lines.append(f"| {label} | {summaries[0][label]} | {summaries[1][label]} |")
    lines.append("")
    return "\n".join(lines)
