"""What ``sq2edu serve`` tells the teacher, and what its pages may fetch."""

from __future__ import annotations

import ipaddress
import re
import socket
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from sq2edu.classroom.server.guard import local_only
from sq2edu.classroom.server.serve import RESTARTS, _Servers, default_max_students, network_address


def _network_addresses() -> set[str]:
    return {
        address.address
        for addresses in psutil.net_if_addrs().values()
        for address in addresses
        if address.family == socket.AF_INET
        and not ipaddress.ip_address(address.address).is_loopback
    }


def test_the_students_address_is_the_machines_on_the_network(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Many Linux machines resolve their own name to 127.0.1.1, which no student can open.
    monkeypatch.setattr(socket, "gethostbyname", lambda _name: "127.0.1.1")
    monkeypatch.setattr(socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1"]))
    found = network_address("0.0.0.0")
    on_a_network = _network_addresses()
    if on_a_network:
        assert found in on_a_network
    else:
        assert found == "127.0.0.1"


def test_a_chosen_host_is_the_address_printed() -> None:
    assert network_address("10.1.2.3") == "10.1.2.3"


def test_the_page_fetches_nothing_from_another_server() -> None:
    page = (
        '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/fa/all.min.css" />\n'
        "<link rel=stylesheet href=//cdn.example/x.css>\n"
        '<script src="http://cdn.example/x.js"></script>\n'
        '<link rel="stylesheet" href="/voila/static/theme.css">\n'
        '<script src="voila/static/voila.js"></script>'
    )
    kept = local_only(page)
    assert "cdn" not in kept
    assert '<link rel="stylesheet" href="/voila/static/theme.css">' in kept
    assert '<script src="voila/static/voila.js"></script>' in kept


@pytest.mark.parametrize(("pool", "cap"), [(0, 40), (4, 40), (30, 40), (45, 55)])
def test_the_class_size_makes_room_for_a_class_and_its_warm_kernels(pool: int, cap: int) -> None:
    assert default_max_students(pool) == cap


def test_a_server_that_keeps_dying_stops_the_classroom_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "classroom.log"
    started: list[str] = []

    def start(command: list[str]) -> subprocess.Popen[bytes]:
        started.append(command[-1])
        return subprocess.Popen(command, start_new_session=True)

    sleeping = [sys.executable, "-c", "import time; time.sleep(120)"]
    dying = [sys.executable, "-c", "raise SystemExit(3)"]
    servers = _Servers({"student": dying, "teacher": sleeping}, start, log)
    teacher = servers.running["teacher"]
    assert servers.wait() == 1
    # Started once and again RESTARTS times; the teacher's server once, stopped at the end.
    assert started.count(dying[-1]) == 1 + RESTARTS
    assert started.count(sleeping[-1]) == 1
    assert teacher.poll() is not None
    said = log.read_text()
    assert said.count("the student app's server stopped unexpectedly (exit status 3)") == RESTARTS
    assert f"{RESTARTS + 1} times in 300 s; not starting it again" in said
    assert "a server kept stopping unexpectedly; everything was stopped" in capsys.readouterr().err


@pytest.mark.parametrize("taken", ["--port", "--teacher-port"])
def test_a_port_already_in_use_is_said_before_anything_starts(
    taken: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second ``sq2edu serve`` on the same ports: which port, and how to choose another,
    and exit status 2, instead of restarting servers that die at once."""
    from sq2edu.classroom.server.serve import serve

    with socket.socket() as holder, socket.socket() as spare:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        spare.bind(("127.0.0.1", 0))
        held, other = holder.getsockname()[1], spare.getsockname()[1]
        spare.close()
        ports = (held, other) if taken == "--port" else (other, held)
        status = serve(
            host="127.0.0.1", port=ports[0], teacher_port=ports[1], db=tmp_path / "c.sqlite3"
        )
    said = capsys.readouterr().err
    assert status == 2
    assert f"port {held} is already in use" in said
    offered = re.search(r"sq2edu serve --port (\d+) --teacher-port (\d+)", said)
    assert offered, said
    assert held not in {int(offered[1]), int(offered[2])}
