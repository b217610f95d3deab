"""The hub's class server: what a kernel shows a child while the class service is busy."""

from __future__ import annotations

import socket

import pytest

from sq2edu.classroom.server.client import Client
from sq2edu.hub import classroom


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
