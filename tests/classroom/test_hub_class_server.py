"""The hub's class server: what a kernel shows a child while the class service is busy."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

from sq2edu.classroom.server.client import Client
from sq2edu.hub import classroom
from tests.own_loop import run_apart


def _closed_port() -> int:
    """A port nothing listens on (bound, then let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "The class computer is very busy just now."),
        ("ru", "Компьютер класса сейчас очень занят."),
        ("nb", "Klassens datamaskin er veldig opptatt akkurat nå."),
    ],
)
def test_a_child_whose_class_service_stays_away_is_told_to_reload_not_that_the_page_is_not_for_them(
    monkeypatch: pytest.MonkeyPatch, lang: str, words: str
) -> None:
    monkeypatch.setenv("SQ2EDU_CLASS_SERVICE", f"http://127.0.0.1:{_closed_port()}")
    monkeypatch.setattr(classroom, "_SERVICE_WAIT_SECONDS", 0.0)
    page = classroom._app_for(Client("10.0.0.7", "a" * 64, user="Noa", key="k", language=lang))
    said = page.children[0].value
    assert words in said
    assert "children of a class" not in said
    assert page.children[1].value.startswith('<a class="sq2-sign-out"')


def test_a_warm_kernel_waiting_for_a_busy_class_service_leaves_its_event_loop_free(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A page that came to a warm kernel while the class service was busy waited up to a
    minute in time.sleep on the kernel's event loop: nothing else of the kernel's ran."""
    monkeypatch.setenv("SQ2EDU_CLASS_SERVICE", f"http://127.0.0.1:{_closed_port()}")
    monkeypatch.setattr(classroom, "_SERVICE_WAIT_SECONDS", 3.0)
    ticks: list[float] = []

    async def meanwhile() -> None:
        while True:
            ticks.append(asyncio.get_running_loop().time())
            await asyncio.sleep(0.1)

    async def both() -> Any:
        ticker = asyncio.get_running_loop().create_task(meanwhile())
        client = Client("10.0.0.7", "a" * 64, user="Noa", key="k", language="en")
        try:
            return await classroom._app_for_later(client)
        finally:
            ticker.cancel()

    page = run_apart(both)
    assert "The class computer is very busy just now." in page.children[0].value
    # The loop went on while the service was tried again and again (3 s of waits: a tick
    # every 0.1 s, where a blocked loop would have ticked once between tries).
    assert len(ticks) >= 15
