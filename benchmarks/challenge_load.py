"""The class challenge under a class's load: 30 children answering in the same minute.

`sq2edu serve` with a warm pool for the class; the teacher starts a round; 30 headless
children (:mod:`benchmarks.widget_client`: the page's own messages, no drawing) arrive one a
second, join, press "Join the challenge" on the banner, and then all answer within one
minute: each checks two right equations and two wrong ones at random moments of it. The
projector is the teacher's page's own long poll (``/sq2edu/projector/board``), run beside
them. Measured: from a child's Check to the projector's board showing that find (the n-th
find of an equation, in the store's order, is on the wall once its tile says n), and from a
Check to the child's own verdict. ``make loadtest`` (not part of ``make test``).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from benchmarks.loadtest import _kernels, _percentile
from benchmarks.widget_client import WidgetClient
from sq2edu.hub.ports import spare_port

TITLE = "Class challenge"
STUDENTS = 30
CARDS = (2, 3, 5, 6, 8)
#: Seconds in which every child answers.
MINUTE = 60.0
RIGHT, WRONG = 2, 2
ARRIVAL_SECONDS = 1.0
STEP_SECONDS = 180.0
WARM_UP_SECONDS = 600.0
_TILE = re.compile(r'<div class="eq">([^<]+)</div><div class="by">✓ found by (\d+) child')


async def _projector(
    base: str, token: str, seen: list[tuple[float, dict[str, int]]], stop: asyncio.Event
) -> None:
    """The projector page's long poll: every board it receives, with when."""
    client = AsyncHTTPClient()
    stamp = ""
    while not stop.is_set():
        url = f"{base}sq2edu/projector/board?token={token}&seen={stamp}"
        try:
            response = await client.fetch(HTTPRequest(url, request_timeout=40))
        except (HTTPClientError, OSError) as error:
            print("projector:", repr(error)[:300], file=sys.stderr)
            await asyncio.sleep(0.5)
            continue
        now = time.perf_counter()
        data = json.loads(response.body)
        stamp = data["stamp"]
        # The wall keeps each equation on one line with no-break spaces.
        tiles = _TILE.findall(data["html"].replace("\u00a0", " "))
        seen.append((now, {eq: int(n) for eq, n in tiles}))


async def _child(
    url: str,
    number: int,
    everyone_in: asyncio.Event,
    arrived: list[int],
    sent: list[tuple[float, str, str]],
    verdicts: list[float],
    failures: list[str],
    answers: list[str],
) -> None:
    await asyncio.sleep(number * ARRIVAL_SECONDS)
    rng = random.Random(number)
    client = WidgetClient(url)
    name = f"Child{number}"
    try:
        await client.open(STEP_SECONDS)
        join = await client.widget("ButtonModel", STEP_SECONDS, description="Join")
        nickname = client.find("TextModel", description="Nickname")
        if nickname is None:
            raise RuntimeError("no join form")
        client.set_value(nickname, value=name)
        client.click(join)
        banner = await client.widget("ButtonModel", STEP_SECONDS, description="Join the challenge")
        client.click(banner)
        await client.wait_for(lambda: client.find_table(), STEP_SECONDS)
        lab = client.find_table() or ""
        arrived.append(number)
        if len(arrived) == STUDENTS:
            everyone_in.set()
        await everyone_in.wait()
        tries = [*rng.sample(answers, RIGHT), *(["8 − 2 = 6 + 0", "2 + 3 = 6"][:WRONG])]
        moments = sorted(rng.uniform(0, MINUTE) for _ in tries)
        rng.shuffle(tries)
        started = time.perf_counter()
        for moment, text in zip(moments, tries, strict=True):
            await asyncio.sleep(max(0.0, started + moment - time.perf_counter()))
            clicked = time.perf_counter()
            client.send(lab, {"intent": "check", "text": text})
            sent.append((clicked, name, text))

            def answered(text: str = text) -> bool:
                verdict = client.models[lab].get("state", {}).get("verdict") or {}
                return str(verdict.get("text", "")) == text

            await client.wait_for(answered, STEP_SECONDS)
            verdicts.append(time.perf_counter() - clicked)
    except Exception as error:  # counted
        failures.append(f"{name}: {error!r}"[:200])
    finally:
        await client.close()


async def _class(base: str, teacher: str, token: str) -> dict[str, Any]:
    from sq2edu.equations import solve

    answers = [str(e) for e in solve(CARDS)]
    seen: list[tuple[float, dict[str, int]]] = []
    stop = asyncio.Event()
    poller = asyncio.ensure_future(_projector(teacher, token, seen, stop))
    everyone_in = asyncio.Event()
    arrived: list[int] = []
    sent: list[tuple[float, str, str]] = []
    verdicts: list[float] = []
    failures: list[str] = []
    await asyncio.gather(
        *(
            _child(base, n, everyone_in, arrived, sent, verdicts, failures, answers)
            for n in range(STUDENTS)
        )
    )
    await asyncio.sleep(3.0)
    stop.set()
    poller.cancel()
    return {"seen": seen, "sent": sent, "verdicts": verdicts, "failures": failures}


def _latencies(db: str, run: dict[str, Any]) -> list[float]:
    """From each right find's Check to the first board that shows it."""
    from sq2edu.classroom.storage.challenge_store import Challenges
    from sq2edu.classroom.storage.store import SQLStore, open_store

    with open_store(db) as store:
        assert isinstance(store, SQLStore)
        tries = Challenges(store).tries_after(0)
    order: dict[str, list[str]] = {}
    for _key, attempt in tries:
        if attempt.ok:
            order.setdefault(attempt.text, []).append(attempt.student)
    clicked = {(name, text): at for at, name, text in run["sent"]}
    found: list[float] = []
    for text, names in order.items():
        for place, name in enumerate(names, start=1):
            at = clicked[(name, text)]
            shown = next(
                (when for when, tiles in run["seen"] if when >= at and tiles.get(text, 0) >= place),
                None,
            )
            if shown is not None:
                found.append(shown - at)
    return found


def _wait_for_pool(server: int, pool: int) -> None:
    deadline = time.monotonic() + WARM_UP_SECONDS
    while time.monotonic() < deadline:
        if len(_kernels(server)) >= pool:
            time.sleep(20)  # the last ones run the app
            return
        time.sleep(2)
    raise RuntimeError(f"the warm pool of {pool} kernels did not start in {WARM_UP_SECONDS} s")


def _one_run(db: str) -> dict[str, Any]:
    """One class on the store ``db`` (a SQLite file or a PostgreSQL address)."""
    from sq2edu.classroom.domain.challenge import Round
    from sq2edu.classroom.storage.challenge_store import Challenges
    from sq2edu.classroom.storage.store import SQLStore, open_store
    from tests.browser.conftest import wait_until_answering

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "serve.out"
        port, teacher = spare_port(), spare_port()
        with out.open("w") as printed:
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
                    f"--pool={STUDENTS}",
                    "--no-qr",
                    "--max-per-address=1000",
                ],
                stdout=printed,
                stderr=subprocess.DEVNULL,
            )
        try:
            wait_until_answering(port)
            wait_until_answering(teacher)
            token = re.search(r"token=(\S+)", out.read_text())
            if token is None:
                raise RuntimeError("serve printed no dashboard address")
            _wait_for_pool(server.pid, STUDENTS)
            with open_store(db) as store:
                assert isinstance(store, SQLStore)
                Challenges(store).start(Round(0, CARDS, "+−×÷"))
            load = os.getloadavg()[0]
            started = time.perf_counter()
            run = asyncio.run(
                _class(f"http://127.0.0.1:{port}/", f"http://127.0.0.1:{teacher}/", token.group(1))
            )
            run["seconds"] = time.perf_counter() - started
            run["load"] = load
            run["teacher"] = teacher
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
        run["latencies"] = _latencies(db, run)
        with open_store(db) as store:
            assert isinstance(store, SQLStore)
            run["kept"] = len(Challenges(store).tries_after(0))
    return run


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def _row(label: str, values: list[float], count: str) -> str:
    return (
        f"| {label} | {_ms(_percentile(values, 0.5))} | {_ms(_percentile(values, 0.95))} | "
        f"{_ms(max(values, default=float('nan')))} | {count} |"
    )


def run(quick: bool = False) -> str:
    """One class on SQLite, one on PostgreSQL (when it is installed), and a Markdown section
    of what they measured."""
    from tests.postgres_server import postgres_bin, throwaway_postgres

    del quick
    measured: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as folder:
        measured["SQLite"] = _one_run(str(Path(folder) / "class.sqlite3"))
    postgres = postgres_bin()
    if postgres is not None:
        with throwaway_postgres(postgres, max_connections=200) as server:
            import psycopg

            with psycopg.connect(f"{server}/postgres", autocommit=True) as db:
                db.execute("CREATE DATABASE school")
            measured["PostgreSQL"] = _one_run(f"{server}/school")
    rights = STUDENTS * RIGHT
    lines = [
        f"## {TITLE}",
        "",
        f"`sq2edu serve --pool {STUDENTS}`, once with SQLite and once with PostgreSQL; a round",
        f"of the cards {' '.join(map(str, CARDS))} (12 equations). {STUDENTS} headless children",
        "(`benchmarks/widget_client.py`) arrive one a second, join and press *Join the",
        f"challenge*; then all of them answer within the same {MINUTE:g} s: each checks {RIGHT}",
        f"right equations and {WRONG} wrong ones at random moments. The projector is the",
        "page's own long poll of `/sq2edu/projector/board`. A find counts as shown when the",
        "board's tile of its equation says as many finders as the find's place in the store.",
        "A child's own verdict does not go through the projector: it shows how busy the",
        "machine (shared with other work) was during the run.",
        "",
        "| | p50 | p95 | max | count |",
        "|---|---:|---:|---:|---:|",
    ]
    for store, found in measured.items():
        lines += [
            _row(
                f"{store}: Check → find on the projector",
                found["latencies"],
                f"{len(found['latencies'])} of {rights}",
            ),
            _row(
                f"{store}: Check → the child's own verdict",
                found["verdicts"],
                str(len(found["verdicts"])),
            ),
        ]
    lines.append("")
    for store, found in measured.items():
        lines.append(
            f"- {store}: load average of the machine (shared) when the class started "
            f"{found['load']:.1f}; tries kept in the store {found['kept']} of "
            f"{STUDENTS * (RIGHT + WRONG)}; children who failed a step {len(found['failures'])}."
        )
    if postgres is None:
        lines.append("- No PostgreSQL on this machine: measured with SQLite only.")
    lines.append("")
    return "\n".join(lines)
