"""The hub's sign-in, without a hub: whose address a try came from, whom its waits fall on,
and that the slow checks are made off the hub's event loop."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from tornado import web
from tornado.httputil import HTTPHeaders

from sq2edu.classroom.storage import school as school_module
from sq2edu.classroom.storage.school import School
from sq2edu.classroom.storage.store import SQLStore, open_store
from sq2edu.hub.auth import (
    ADDRESS_PACED_EVERY,
    ADDRESS_TRIES,
    GUESSER_TRIES,
    LONGEST_TURN,
    NEW_NAME_EVERY,
    NEW_NAMES_BURST,
    PACED_EVERY,
    SCHOOL_TRIES,
    SchoolAuthenticator,
    _Tries,
)
from tests.own_loop import run_apart


def _request(peer: str, **headers: str) -> Any:
    return SimpleNamespace(
        remote_ip=headers.get("X-Real-IP", peer),  # what JupyterHub's tornado believes
        headers=HTTPHeaders(headers),
        connection=SimpleNamespace(context=SimpleNamespace(address=(peer, 40000))),
        sq2edu_language="en",
        sq2edu_device=None,
    )


def test_sign_in_believes_forwarded_addresses_only_from_a_trusted_proxy() -> None:
    auth = SchoolAuthenticator(trusted_proxies=["127.0.0.1", "10.0.0.2"])
    # The hub's proxy on this machine adds the address it saw last; X-Real-IP is never read.
    assert auth.client_address(_request("127.0.0.1", **{"X-Forwarded-For": "203.0.113.7"})) == (
        "203.0.113.7"
    )
    spoofed = _request("127.0.0.1", **{"X-Real-IP": "1.2.3.4", "X-Forwarded-For": "203.0.113.7"})
    assert auth.client_address(spoofed) == "203.0.113.7"
    # A chain: the guesser's own header, the school's reverse proxy, the hub's proxy.
    chain = _request("127.0.0.1", **{"X-Forwarded-For": "6.6.6.6, 198.51.100.4, 10.0.0.2"})
    assert auth.client_address(chain) == "198.51.100.4"
    # Straight to the hub from elsewhere: the header is the sender's word, not believed.
    direct = _request("198.51.100.9", **{"X-Forwarded-For": "1.1.1.1", "X-Real-IP": "2.2.2.2"})
    assert auth.client_address(direct) == "198.51.100.9"


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_sign_in_waits_fall_on_the_guesser_not_on_the_school() -> None:
    clock = _Clock()
    tries = _Tries(clock)
    for _try in range(GUESSER_TRIES + 1):
        tries.wrong("child:rex", "device:a")
    assert tries.wait("child:rex") > 0
    assert tries.wait("device:a") > 0
    # Another child, from the same address and the same moment, does not wait.
    assert tries.wait("child:mia", "device:b") == 0
    assert tries.wait("teacher:anna") == 0
    clock.now += 15 * 60 + 1
    assert tries.wait("child:rex") == 0, "wrong tries are forgotten after a while"


def test_sign_in_over_the_school_s_ceiling_new_devices_take_turns_known_ones_do_not() -> None:
    clock = _Clock()
    tries = _Tries(clock)
    tries.known_devices.add("mias-tablet")
    for number in range(SCHOOL_TRIES - 1):
        tries.wrong(f"child:guess{number}")
    assert tries.turn("new") == 0, "under the ceiling nobody waits"
    tries.wrong("child:one-more")
    turns = [tries.turn(f"new{n}") for n in range(5)]
    assert turns == [PACED_EVERY * n for n in range(5)]
    assert tries.turn("mias-tablet") == 0, "a device that signed in before is not paced"
    for n in range(int(LONGEST_TURN / PACED_EVERY)):
        tries.turn(f"flood{n}")
    assert tries.turn("late") is None, "a queue longer than half a minute is not joined"
    clock.now += 15 * 60 + 1
    assert tries.turn("new") == 0


@pytest.fixture
def school(tmp_path: Path) -> str:
    location = str(tmp_path / "school.sqlite3")
    with open_store(location) as store:
        assert isinstance(store, SQLStore)
        school = School(store)
        school.add_room("3A", code="OWL7")
        school.add_teacher("Anna", "anna's password")
    return location


def _sign_in(auth: SchoolAuthenticator, data: dict[str, str], device: str) -> Any:
    handler = SimpleNamespace(request=_request("127.0.0.1", **{"X-Forwarded-For": "10.1.1.1"}))
    handler.request.sq2edu_device = device

    async def go() -> Any:
        return await auth.authenticate(handler, data)

    return run_apart(go)


def test_sign_in_a_class_behind_one_address_is_not_locked_out_by_its_mistakes(
    school: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty-five children at one address (a school behind NAT) each mistype the code
    once; every one of them then signs in with the right one: past the address's few wrong
    tries they take turns a few seconds apart (as a guesser there would), never refused."""
    auth = SchoolAuthenticator(db=school)
    clock = _Clock()
    auth._tries = _Tries(clock)
    waited: list[float] = []

    async def wait_on_the_clock(seconds: float) -> None:
        waited.append(seconds)
        clock.now += seconds

    monkeypatch.setattr(asyncio, "sleep", wait_on_the_clock)
    for number in range(25):
        with pytest.raises(web.HTTPError) as wrong:
            _sign_in(auth, {"username": f"Kid{number}", "password": "OWL8"}, f"d{number}")
        assert wrong.value.status_code == 403
        assert "class code is not right" in str(wrong.value.log_message)
    for number in range(25):
        signed_in = _sign_in(auth, {"username": f"Kid{number}", "password": "owl7"}, f"d{number}")
        assert signed_in["groups"] == ["children"]
    assert max(waited) <= ADDRESS_PACED_EVERY
    # The first try past the few takes the first turn at once; each after it, a turn apart.
    assert len(waited) == (25 - ADDRESS_TRIES - 1) + 25


def test_sign_in_checks_a_password_off_the_event_loop(
    school: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    auth = SchoolAuthenticator(db=school)
    checked_in: list[str] = []
    original = School.check_password

    def check(self: School, name: str, password: str) -> bool:
        checked_in.append(threading.current_thread().name)
        return original(self, name, password)

    monkeypatch.setattr(School, "check_password", check)
    signed_in = _sign_in(
        auth, {"kind": "teacher", "username": "Anna", "password": "anna's password"}, "t1"
    )
    assert signed_in["groups"] == ["teachers"]
    assert checked_in
    assert all(name.startswith("sq2edu-sign-in") for name in checked_in)
    assert threading.current_thread().name not in checked_in


def test_sign_in_says_in_the_log_whose_hub_user_name_is_whose(
    school: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The hub's log names users by a digest (c3f9...): the sign-in says once who it is."""
    auth = SchoolAuthenticator(db=school)
    with caplog.at_level("INFO"):
        child = _sign_in(auth, {"username": "Mia", "password": "OWL7"}, "m1")
        teacher = _sign_in(
            auth, {"kind": "teacher", "username": "Anna", "password": "anna's password"}, "t1"
        )
    said = caplog.text
    assert f"hub user {child['name']} is Mia of class 3A" in said
    assert f"hub user {teacher['name']} is the teacher Anna" in said


@pytest.mark.parametrize("kind", ["child", "teacher"])
def test_sign_in_typing_someones_name_with_wrong_tries_does_not_lock_them_out(
    school: str, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A guesser types Mia's nickname (or Bea's name) with wrong codes from one new device
    after another: new devices then wait for that name, Mia's own tablet does not."""
    # The waits are the point here, not the password's hash: a quick one (its rounds are
    # kept with it) spares the test seven slow checks.
    monkeypatch.setattr(school_module, "_ROUNDS", 1_000)
    with open_store(school) as store:
        assert isinstance(store, SQLStore)
        School(store).add_teacher("Bea", "bea's password")
    auth = SchoolAuthenticator(db=school)
    name, right, wrong = (
        ("Mia", "OWL7", "OWL8") if kind == "child" else ("Bea", "bea's password", "guess")
    )

    def sign_in(password: str, device: str) -> Any:
        return _sign_in(auth, {"kind": kind, "username": name, "password": password}, device)

    assert sign_in(right, "own")["groups"] == ["children" if kind == "child" else "teachers"]
    for number in range(GUESSER_TRIES):
        with pytest.raises(web.HTTPError) as refused:
            sign_in(wrong, f"guesser{number}")
        assert refused.value.status_code == 403
        assert "not right" in str(refused.value.log_message)
    with pytest.raises(web.HTTPError) as waits:
        sign_in(right, "another-new-device")
    if kind == "teacher":
        # A teacher's name is what a password guesser aims at: new devices wait for it.
        assert "Too many tries" in str(waits.value.log_message)
    else:
        # A nickname keeps no waits: only the name's own rule holds (it is Mia's tablet's).
        assert "Someone else is already Mia" in str(waits.value.log_message)
    assert sign_in(right, "own")["groups"] == ["children" if kind == "child" else "teachers"]


def test_sign_in_wrong_codes_typed_as_a_child_who_never_came_do_not_keep_her_out(
    school: str,
) -> None:
    """Wrong codes typed as "Otto" kept Otto's own new device out 24 times in 24."""
    auth = SchoolAuthenticator(db=school)
    for _number in range(3 * GUESSER_TRIES):
        with pytest.raises(web.HTTPError):
            _sign_in(auth, {"username": "Otto", "password": "OWL8"}, "guesser")
    signed_in = _sign_in(auth, {"username": "Otto", "password": "owl7"}, "ottos-tablet")
    assert signed_in["groups"] == ["children"]


def test_sign_in_a_device_that_holds_a_name_is_known_after_a_restart(school: str) -> None:
    """The hub forgot every device at a restart, so all of them took turns behind a
    guesser; a device that holds a name in the store never does."""
    first = SchoolAuthenticator(db=school)
    _sign_in(first, {"username": "Mia", "password": "OWL7"}, "mias-tablet")
    restarted = SchoolAuthenticator(db=school)
    for number in range(SCHOOL_TRIES):
        restarted._tries.wrong(f"device:guess{number}", address="10.1.1.1")
    assert restarted._tries.turn("a-new-device", "10.1.1.1") is not None
    signed_in = _sign_in(restarted, {"username": "Mia", "password": "OWL7"}, "mias-tablet")
    assert signed_in["groups"] == ["children"]
    assert "mias-tablet" in restarted._tries.known_devices


def test_sign_in_an_address_of_many_wrong_tries_is_paced_never_locked_out() -> None:
    """A guesser who changes device and nickname at each try (two a second) is slowed to
    one try every few seconds; classmates at the same address take turns with her, known
    devices and other addresses do not."""
    clock = _Clock()
    tries = _Tries(clock)
    tries.known_devices.add("mias-tablet")
    for number in range(ADDRESS_TRIES - 1):
        tries.wrong(f"device:d{number}", address="10.1.1.1")
    assert tries.turn("fresh", "10.1.1.1") == 0
    tries.wrong("device:one-more", address="10.1.1.1")
    turns = [tries.turn(f"fresh{n}", "10.1.1.1") for n in range(4)]
    assert turns == [ADDRESS_PACED_EVERY * n for n in range(4)]
    assert tries.turn("mias-tablet", "10.1.1.1") == 0
    assert tries.turn("elsewhere", "10.2.2.2") == 0
    while (turn := tries.turn("queue", "10.1.1.1")) is not None:
        assert turn <= LONGEST_TURN
    clock.now += 60
    assert tries.turn("later", "10.1.1.1") is not None, "slowed, never shut out"


def test_sign_in_an_address_makes_new_names_a_class_at_a_time() -> None:
    clock = _Clock()
    tries = _Tries(clock)
    assert all(tries.new_name("10.1.1.1") for _name in range(NEW_NAMES_BURST))
    assert not tries.new_name("10.1.1.1")
    assert tries.new_name("10.2.2.2")
    clock.now += NEW_NAME_EVERY
    assert tries.new_name("10.1.1.1")
    assert not tries.new_name("10.1.1.1")


def test_sign_in_a_names_own_device_still_waits_for_its_own_wrong_tries() -> None:
    clock = _Clock()
    tries = _Tries(clock)
    tries.signed_in("mias-tablet", "child:mia")
    for _try in range(GUESSER_TRIES + 1):
        tries.wrong("child:mia", "device:mias-tablet")
    assert tries.wait("child:mia", "device:mias-tablet", device="mias-tablet") > 0
    assert tries.wait("child:mia", "device:other", device="other") > 0
    tries.signed_in("other", "child:rex")
    assert tries.wait("child:rex", "device:other", device="other") == 0
