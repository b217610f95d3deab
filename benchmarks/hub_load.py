"""A school on one machine's hub: 3 classes of 30 children sign in and practise.

``sq2edu hub`` runs on a throwaway PostgreSQL (as the tests start one), with three classes.
Ninety children arrive, one every ``ARRIVAL_SECONDS``, each without a browser
(:mod:`benchmarks.widget_client`) but through the hub's proxy as a page goes: the sign-in
form, the hub starting their server, JupyterHub's OAuth, the student app's page and its
kernel's websocket. Each opens the Equation Lab and checks ``ATTEMPTS`` equations, thinking
``THINK_SECONDS`` between two. The run reports sign-in to first interactive page and click to
answer (p50, p95), the memory of the school's class server with its kernels (at its peak,
per child, and a few minutes after the children left), the CPU time of the hub, its proxy and
the class service, failures, the machine's load, and whether every answered attempt reached
the store. ``python -m benchmarks.run --only hub_load`` (not part of ``make test``); with
``SQ2EDU_HUB_LOAD_LOG=<file>`` the hub's log (the class server's included) is kept there.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin, urlparse

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPResponse

from benchmarks.widget_client import WidgetClient

TITLE = "A school on JupyterHub"
CLASSES = ("3A", "3B", "3C")
#: Children per class.
CHILDREN = 30
ATTEMPTS = 5
THINK_SECONDS = 10.0
ARRIVAL_SECONDS = 2.0
STEP_SECONDS = 300.0
#: How long after the last child left the memory is looked at again (idle kernels are
#: culled a minute after their page has gone).
SETTLE_SECONDS = 150.0
WARM_UP_SECONDS = 300.0
_XSRF = re.compile(r'name="_xsrf" value="([^"]+)"')


def _is_callback(url: str) -> bool:
    """Whether ``url`` is a server's OAuth callback (the hub's authorize address names it
    in its query, so only the path counts)."""
    return urlparse(url).path.endswith("/oauth_callback")


class _Browserless:
    """Cookies and redirects, as a browser keeps and follows them on one host."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: dict[str, str] = {}
        self.http = AsyncHTTPClient(max_clients=200)

    def _keep(self, response: HTTPResponse) -> None:
        for header in response.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            value = rest.split(";", 1)[0]
            if value:
                self.cookies[name.strip()] = value
            else:
                self.cookies.pop(name.strip(), None)

    async def go(self, url: str, body: dict[str, str] | None = None) -> HTTPResponse:
        """Request ``url`` (a form post with ``body``) and follow its redirects, but not the
        last one of the hub's OAuth: that one is the app's page, which starts a kernel."""
        method = "POST" if body is not None else "GET"
        for _hop in range(30):
            headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
            if body is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            try:
                response = await self.http.fetch(
                    urljoin(self.base, url),
                    method=method,
                    body=urlencode(body) if body is not None else None,
                    headers=headers,
                    follow_redirects=False,
                    request_timeout=STEP_SECONDS,
                    raise_error=False,
                )
            except HTTPClientError as error:  # pragma: no cover - raise_error is off
                raise RuntimeError(str(error)) from error
            self._keep(response)
            if response.code in (301, 302, 303, 307) and "Location" in response.headers:
                if _is_callback(response.effective_url):
                    return response
                url, method, body = response.headers["Location"], "GET", None
                continue
            return response
        raise RuntimeError("too many redirects")


async def _child(hub: str, code: str, nickname: str, number: int, results: dict[str, Any]) -> None:
    await asyncio.sleep(number * ARRIVAL_SECONDS)
    browser = _Browserless(hub)
    client: WidgetClient | None = None
    step = "signing in"
    try:
        started = time.perf_counter()
        form = await browser.go("/hub/login")
        xsrf = _XSRF.search(form.body.decode())
        if xsrf is None:
            raise RuntimeError("no sign-in form")
        fields = {"_xsrf": xsrf.group(1), "kind": "child", "password": code, "username": nickname}
        answer = await browser.go("/hub/login?next=", fields)
        # The hub hands the child over to the class server (signed in there by OAuth); then
        # the app's page.
        deadline = time.monotonic() + STEP_SECONDS
        while not _is_callback(answer.effective_url):
            if answer.code >= 400 or time.monotonic() > deadline:
                raise RuntimeError(f"not signed in to a server ({answer.code})")
            await asyncio.sleep(1.0)
            answer = await browser.go("/hub/user-redirect/")
        server_url = urljoin(answer.effective_url, answer.headers["Location"])
        client = WidgetClient(server_url, cookies=browser.cookies)
        step = "opening the app's page"
        await client.open(STEP_SECONDS)
        step = "waiting for the app's first screen"
        await client.wait_for(
            lambda: client.find("ButtonModel", description="Equation Lab"), STEP_SECONDS
        )
        results["interactive"].append(time.perf_counter() - started)
        client.click(client.find("ButtonModel", description="Equation Lab") or "")
        step = "waiting for the Lab"
        await client.wait_for(lambda: client.find_table(), STEP_SECONDS)
        lab = client.find_table() or ""
        for attempt in range(ATTEMPTS):
            await asyncio.sleep(THINK_SECONDS if attempt else 0.0)
            clicked = time.perf_counter()
            client.send(lab, {"intent": "check", "text": f"{attempt + 1} + 1 = 20"})
            step = f"waiting for the answer to equation {attempt + 1}"

            def answered(attempt: int = attempt) -> bool:
                verdict = client.models[lab].get("state", {}).get("verdict") or {}
                return str(verdict.get("text", "")).startswith(f"{attempt + 1} + 1")

            await client.wait_for(answered, STEP_SECONDS)
            results["click"].append(time.perf_counter() - clicked)
            results["answered"][nickname] = results["answered"].get(nickname, 0) + 1
    except Exception as error:  # counted, not fatal: the point is to see how many
        results["failures"].append(f"{nickname}, {step}: {type(error).__name__}: {error}"[:200])
    finally:
        if client is not None:
            await client.close()


def _processes(marker: str) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        if marker in " ".join(process.info["cmdline"] or ()):
            found.append(process)
    return found


def _tree_rss(process: psutil.Process) -> float:
    total = 0.0
    for part in (process, *process.children(recursive=True)):
        try:
            total += part.memory_info().rss
        except psutil.Error:
            continue
    return total / 2**20


def _cpu(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            continue
    return total


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _warm_pool() -> None:
    """Wait until the class server has its warm pool and the machine is quiet, as it is
    when a lesson starts on a hub that has been up since the morning."""
    from benchmarks.loadtest import _kernels
    from sq2edu.hub.classroom import POOL

    deadline = time.monotonic() + WARM_UP_SECONDS
    while time.monotonic() < deadline:
        servers = _processes("sq2edu.hub.classroom")
        warm = sum(len(_kernels(server.pid)) for server in servers)
        if warm >= POOL and psutil.cpu_percent(interval=2.0) < 25:
            return
        time.sleep(1.0)
    raise RuntimeError(f"the class server's warm pool did not settle in {WARM_UP_SECONDS} s")


def _class_server_rss() -> float:
    """The memory of the class server with its kernels (MB)."""
    return sum(_tree_rss(server) for server in _processes("sq2edu.hub.classroom"))


async def _school(hub: str, results: dict[str, Any]) -> None:
    children = [
        _child(hub, f"CODE{room}", f"Child{room}x{number}", number * len(CLASSES) + room, results)
        for number in range(CHILDREN)
        for room in range(len(CLASSES))
    ]

    async def sample() -> None:
        while True:
            results["peak"] = max(results.get("peak", 0.0), _class_server_rss())
            await asyncio.sleep(5.0)

    sampler = asyncio.ensure_future(sample())
    await asyncio.gather(*children)
    results["peak"] = max(results.get("peak", 0.0), _class_server_rss())
    sampler.cancel()


def run(quick: bool = False) -> str:
    """Run the school and return its section of ``docs/performance.md``."""
    global CHILDREN, ATTEMPTS, THINK_SECONDS
    from sq2edu.classroom.storage.school import School
    from sq2edu.classroom.storage.store import SQLStore, open_store
    from tests.hub_server import Hub
    from tests.postgres_server import postgres_bin, throwaway_postgres

    if quick:
        CHILDREN, ATTEMPTS, THINK_SECONDS = 3, 2, 2.0
    bin_dir = postgres_bin()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed")
    with (
        throwaway_postgres(bin_dir, max_connections=400) as server,
        tempfile.TemporaryDirectory() as folder,
    ):
        db = f"{server}/postgres"
        with open_store(db) as store:
            assert isinstance(store, SQLStore)
            school = School(store)
            for index, room in enumerate(CLASSES):
                school.add_room(room, code=f"CODE{index}")
        hub = Hub(db, Path(folder), class_pool=None)  # the hub's own default
        hub.start()
        _warm_pool()
        infrastructure = [
            *_processes("jupyterhub -f"),
            *_processes("configurable-http-proxy"),
            *_processes("sq2edu.hub.service"),
        ]
        before = _cpu(infrastructure)
        results: dict[str, Any] = {"interactive": [], "click": [], "failures": [], "answered": {}}
        idle = _class_server_rss()
        load_before = os.getloadavg()
        started = time.perf_counter()
        cpu_start = psutil.cpu_times()
        try:
            asyncio.run(_school(hub.url, results))
            seconds = time.perf_counter() - started
            load_during = os.getloadavg()
            hub_cpu = _cpu(infrastructure) - before
            cpu_end = psutil.cpu_times()
            used_gb = (psutil.virtual_memory().total - psutil.virtual_memory().available) / 2**30
            time.sleep(0.0 if quick else SETTLE_SECONDS)
            settled = _class_server_rss()
        finally:
            stop_seconds = hub.stop()
            kept = os.environ.get("SQ2EDU_HUB_LOAD_LOG")
            if kept:
                shutil.copyfile(Path(folder) / "hub.log", kept)
        busy = (cpu_end.user + cpu_end.system) - (cpu_start.user + cpu_start.system)
        stored = 0
        for room in CLASSES:
            with open_store(db, room) as store:
                stored += len(store.attempts())
    answered = sum(results["answered"].values())
    interactive, clicks = results["interactive"], results["click"]
    rows = {
        "children (classes × children)": f"{len(CLASSES) * CHILDREN} ({len(CLASSES)} × {CHILDREN})",
        "sign-in → first interactive page, p50 (s)": f"{_percentile(interactive, 0.5):.1f}",
        "sign-in → first interactive page, p95 (s)": f"{_percentile(interactive, 0.95):.1f}",
        "click → answer, p50 (ms)": f"{1000 * _percentile(clicks, 0.5):.0f}",
        "click → answer, p95 (ms)": f"{1000 * _percentile(clicks, 0.95):.0f}",
        "the class server with its warm pool, before the children (MB)": f"{idle:.0f}",
        "the class server with its kernels, at its peak (MB)": f"{results['peak']:.0f}",
        "per child: the peak / children (MB)": f"{results['peak'] / (len(CLASSES) * CHILDREN):.0f}",
        f"the class server {SETTLE_SECONDS:g} s after the last child left (MB)": (f"{settled:.0f}"),
        "CPU time of the hub, its proxy and the class service (s)": f"{hub_cpu:.0f}",
        "memory of the machine in use at the end (GB)": f"{used_gb:.1f}",
        "CPU time of the whole machine (s)": f"{busy:.0f}",
        "the hub's stop, its services and kernels included (s)": f"{stop_seconds:.1f}",
        "machine load (1-minute average) before / at the end": (
            f"{load_before[0]:.1f} / {load_during[0]:.1f} on {os.cpu_count()} cores"
        ),
        "children who failed": str(len(results["failures"])),
        "attempts answered / in the store": f"{answered} / {stored}",
        "whole run (s)": f"{seconds:.0f}",
    }
    lines = [
        f"## {TITLE}",
        "",
        "Command: `python -m benchmarks.run --only hub_load --write docs/performance.md`.",
        "",
        f"`sq2edu hub` on this machine with a throwaway PostgreSQL; {len(CLASSES)} classes of "
        f"{CHILDREN} children arrive one every {ARRIVAL_SECONDS:g} s, sign in through the hub's "
        f"proxy, and check {ATTEMPTS} equations in the Lab, {THINK_SECONDS:g} s apart. The "
        "children speak to the server as their pages would, without drawing "
        "(`benchmarks/widget_client.py`); every child's page is served by the school's one "
        "class server (`sq2edu.hub.classroom`), each with a kernel of their own. Other work ran "
        "on this machine at the same time: the load below says how much. Before the class "
        "server, with a Jupyter server per child, the same run gave a first interactive page "
        "in 88 s at the median and 145 s at the 95th percentile, 19 of the 90 children gave "
        "up, and a child's server with its kernel took 180 MB (284 at most).",
        "",
        "| measure | value |",
        "|---|---:|",
        *(f"| {name} | {value} |" for name, value in rows.items()),
        "",
    ]
    if results["failures"]:
        lines += ["Failures:", "", *(f"- {failure}" for failure in results["failures"][:10]), ""]
    return "\n".join(lines)
