"""The classroom attacked the way a curious child with a script would, against real servers.

Each test is one attack from the threat model (``docs/security.md``) run against a real
``sq2edu serve``: guessing the class code, opening a hundred pages, using another child's
kernel, sending a kernel control messages, reaching the dashboard without its secret or by
another name, flooding the store, provoking a traceback, and killing the server outright.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import psutil
import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from benchmarks.widget_client import WidgetClient
from sq2edu.classroom import SQLiteStore
from tests.browser.test_classroom import Classroom

T = TypeVar("T")
TIMEOUT = 90.0


def run(coroutine: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine in a thread of its own (Playwright may hold this thread's loop)."""

    async def main() -> T:
        return await coroutine()

    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, main()).result()


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    room = Classroom(tmp_path_factory.mktemp("attacked"), "--max-students=8")
    try:
        yield room
    finally:
        if room.process.poll() is None:
            room.stop()


def _url(room: Classroom) -> str:
    return f"http://127.0.0.1:{room.port}/"


async def _joined(room: Classroom, nickname: str, keep_raw: bool = False) -> WidgetClient:
    client = WidgetClient(_url(room), keep_raw=keep_raw)
    await client.open(timeout=TIMEOUT)
    await client.widget("ButtonModel", TIMEOUT, description="Join")
    client.set_value(client.find("TextModel", description="Nickname") or "", value=nickname)
    client.set_value(client.find("TextModel", description="Class code") or "", value="owl")
    client.click(client.find("ButtonModel", description="Join") or "")
    await client.wait_for(lambda: client.find("ButtonModel", description="Equation Lab"), 30)
    return client


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        return None  # a redirect (to the login page) is an answer of its own here


_OPENER = urllib.request.build_opener(_NoRedirects)


def _status(url: str, method: str = "GET", headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with _OPENER.open(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_guessing_the_class_code_is_stopped_after_a_few_tries(classroom: Classroom) -> None:
    async def guess() -> list[str]:
        client = WidgetClient(_url(classroom))
        await client.open(timeout=TIMEOUT)
        try:
            await client.widget("ButtonModel", TIMEOUT, description="Join")
            nickname = client.find("TextModel", description="Nickname") or ""
            code = client.find("TextModel", description="Class code") or ""
            join = client.find("ButtonModel", description="Join") or ""
            label = await client.widget("LabelModel", TIMEOUT)
            client.set_value(nickname, value="Guesser")
            answers: list[str] = []
            for guess in ["AAA", "AAB", "AAC", "AAD", "AAE", "AAF", "AAG", "OWL"]:
                # The page's own label is cleared first, so each answer is seen anew.
                client.set_value(label, value="")
                client.set_value(code, value=guess)
                client.click(join)
                await client.wait_for(lambda: bool(client.models[label].get("value")), 30)
                answers.append(str(client.models[label]["value"]))
            return answers
        finally:
            await client.close()

    answers = run(guess)
    wrong = "That class code is not right. Ask your teacher."
    assert answers[:4] == [wrong] * 4
    assert answers[4] == "That class code is not right. Wait 5 seconds, then try again."
    assert all(answer.startswith("Too many tries. Wait") for answer in answers[5:])
    # Even the right code is not checked while the page waits: no faster guessing.
    assert answers[-1].startswith("Too many tries.")
    with SQLiteStore(classroom.db) as store:
        assert len(store.events(kind="wrong-code")) == 5
        assert {event.address for event in store.events()} == {"127.0.0.1"}
        assert "Guesser" not in store.students()


def test_another_childs_kernel_refuses_a_client_without_its_cookie(classroom: Classroom) -> None:
    async def attack() -> tuple[list[int], bool]:
        mia = await _joined(classroom, "Mia")
        stranger = WidgetClient(_url(classroom))
        try:
            refused: list[int] = []
            for url in (
                mia.channels_url(),
                mia.channels_url().replace("/api/kernels/", "/voila/query/").split("/channels")[0],
            ):
                try:
                    await websocket_connect(HTTPRequest(url, connect_timeout=10))
                except Exception as error:
                    refused.append(getattr(error, "code", 0))
            kernel = f"{_url(classroom)}api/kernels/{mia.kernel_id}"
            refused.append(_status(kernel))
            refused.append(_status(kernel, "DELETE"))
            refused.append(_status(f"{_url(classroom)}voila/api/shutdown/{mia.kernel_id}", "POST"))
            # Mia's page still works: her kernel is alive and hers.
            mia.click(mia.find("ButtonModel", description="Equation Lab") or "")
            await mia.wait_for(lambda: mia.find_table(), 30)
            alive = _status(kernel, headers=mia.headers()) == 200
            return refused, alive
        finally:
            await mia.close()
            await stranger.close()

    refused, alive = run(attack)
    assert refused == [403, 403, 403, 403, 403]
    assert alive


def test_a_page_cannot_shut_its_kernel_down_or_send_it_control_messages(
    classroom: Classroom,
) -> None:
    async def attack() -> bool:
        leo = await _joined(classroom, "Leo")
        try:
            for channel in ("shell", "control"):
                leo.send_message("shutdown_request", {"restart": False}, channel=channel)
            leo.send_message("interrupt_request", {}, channel="control")
            leo.send_message("execute_request", {"code": "import os; os._exit(1)"})
            await asyncio.sleep(2)
            leo.click(leo.find("ButtonModel", description="Equation Lab") or "")
            await leo.wait_for(lambda: leo.find_table(), 30)
            return True
        finally:
            await leo.close()

    assert run(attack)


def test_the_dashboard_needs_its_secret_and_its_own_name(classroom: Classroom) -> None:
    base = f"http://127.0.0.1:{classroom.teacher_port}/"
    token = classroom.teacher_url.split("token=")[1]
    assert _status(base) in (302, 403)
    assert _status(f"{base}sq2edu/attempts.csv") in (302, 403)
    assert _status(f"{base}?token={token}") == 200
    # A web page the teacher opens, rebound to this address under its own name: refused.
    foreign = {"Host": f"evil.example:{classroom.teacher_port}"}
    assert _status(f"{base}?token={token}", headers=foreign) == 403
    csv_headers = {"Authorization": f"token {token}"}
    assert _status(f"{base}sq2edu/attempts.csv", headers=csv_headers) == 200
    assert _status(f"{base}sq2edu/attempts.csv", headers={**csv_headers, **foreign}) == 403


def test_the_dashboard_streams_every_attempt_as_csv(classroom: Classroom) -> None:
    with SQLiteStore(classroom.db) as store:
        from sq2edu.classroom.records import Attempt

        for number in range(12_000):
            store.record_attempt(Attempt(f"S{number % 30}", "=1+1", False, ("syntax",)))
    token = classroom.teacher_url.split("token=")[1]
    request = urllib.request.Request(
        f"http://127.0.0.1:{classroom.teacher_port}/sq2edu/attempts.csv",
        headers={"Authorization": f"token {token}"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.headers["Content-Type"].startswith("text/csv")
        lines = answer.read().decode().splitlines()
    assert lines[0].startswith("time,class,student,activity,level,equation")
    assert sum(",'=1+1," in line for line in lines) == 12_000


def test_a_flood_of_equations_is_slowed_down(classroom: Classroom) -> None:
    async def flood() -> str:
        ana = await _joined(classroom, "Ana")
        try:
            ana.click(ana.find("ButtonModel", description="Equation Lab") or "")
            await ana.wait_for(lambda: ana.find_table(), 30)
            lab = ana.find_table() or ""
            for _try in range(200):
                ana.send(lab, {"intent": "check", "text": "1 + 1 = 3"})
            slow = "Slow down a little: think about your next equation first."
            await ana.wait_for(lambda: ana.models[lab]["state"].get("message") == slow, 30)
            return str(ana.models[lab]["state"]["message"])
        finally:
            await ana.close()

    assert run(flood).startswith("Slow down")
    with SQLiteStore(classroom.db) as store:
        assert 1 <= len(store.attempts("Ana")) <= 10


def test_no_traceback_reaches_the_page(classroom: Classroom) -> None:
    async def provoke() -> list[str]:
        zoe = WidgetClient(_url(classroom), keep_raw=True)
        await zoe.open(timeout=TIMEOUT)
        try:
            await zoe.widget("ButtonModel", TIMEOUT, description="Join")
            nickname = zoe.find("TextModel", description="Nickname") or ""
            # A value of the wrong type: the widget library raises deep inside.
            zoe.set_value(nickname, value={"evil": ["dict"]})
            zoe.send(nickname, {"no": "such message"})
            zoe.send_message("comm_msg", {"comm_id": "no-such-comm", "data": {}})
            await asyncio.sleep(3)
            return zoe.raw
        finally:
            await zoe.close()

    received = "\n".join(run(provoke))
    for leak in ("Traceback", "site-packages", 'File "', "TraitError", "Exception in"):
        assert leak not in received
    assert "Traceback" in classroom.server_log.read_text()


def test_a_hundred_pages_at_once_start_no_more_kernels_than_the_cap(tmp_path: Path) -> None:
    room = Classroom(tmp_path, "--max-students=5")
    try:
        url = f"http://127.0.0.1:{room.port}/"
        with ThreadPoolExecutor(max_workers=100) as pool:
            codes = list(pool.map(lambda _n: _status(url), range(100)))
        kernels = [
            child
            for child in psutil.Process(room.process.pid).children(recursive=True)
            if "ipykernel_launcher" in " ".join(child.cmdline())
        ]
        full = urllib.request.Request(url)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(full, timeout=30)
        page = refused.value.read().decode()
    finally:
        room.stop()
    assert codes.count(200) >= 1
    assert set(codes) <= {200, 503}
    # The student app's kernels (the teacher's server has none until the dashboard opens).
    assert len(kernels) <= 5
    assert refused.value.code == 503
    assert "The class is full right now." in page
    assert "<script" not in page


def _answers(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def test_killing_serve_outright_takes_its_servers_and_kernels_with_it(tmp_path: Path) -> None:
    room = Classroom(tmp_path)
    family = psutil.Process(room.process.pid).children(recursive=True)
    assert any("ipykernel_launcher" in " ".join(p.cmdline()) for p in family)
    os.kill(room.process.pid, signal.SIGKILL)
    room.process.wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(
        p.is_running() and p.status() != psutil.STATUS_ZOMBIE for p in family
    ):
        time.sleep(0.5)
    left = [p for p in family if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert left == []
    assert not _answers(room.port)
    assert not _answers(room.teacher_port)
    # The next start, on the same ports, works.
    again = Classroom(tmp_path / "again", port=room.port, teacher_port=room.teacher_port)
    try:
        assert _answers(room.port)
        assert _answers(room.teacher_port)
    finally:
        assert again.stop() == 0
