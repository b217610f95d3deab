"""The class challenge through the class service, on a real store: a child's server reads
its class's round, sends tries the service judges itself, and reads back its child's own
finds; a try in another child's name, at another class's round, or claiming to be right is
refused or kept as what it is. The student app on a hub's store shows the banner and plays
a round through the service. (Behind a real hub, with real tokens:
``tests/browser/test_school_hub.py``.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from sq2edu.classroom.domain.challenge import Round
from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.storage.store import SQLStore, open_store
from sq2edu.classroom.widgets.app import StudentApp
from sq2edu.hub.challenge_calls import round_from, round_to
from sq2edu.hub.remote import ServiceStore
from sq2edu.hub.service import ClassService, RefusedError
from sq2edu.hub.wire import WireError
from sq2edu.ui import EquationLab
from tests.classroom.test_class_service import _user, service

__all__ = ["service"]  # the fixture, shared with the service's other tests

CARDS = (2, 3, 5, 6, 8)


def _start(location: str, room: str) -> int:
    with open_store(location, room) as store:
        assert isinstance(store, SQLStore)
        return Challenges(store).start(Round(0, CARDS, "+−×÷")).number


def _tries(location: str, room: str) -> list[tuple[str, str, bool]]:
    with open_store(location, room) as store:
        assert isinstance(store, SQLStore)
        board = Challenges(store).board()
        if board is None:
            return []
        right = [(name, key, True) for name, keys in board.finds.items() for key in keys]
        wrong = [(m.example, m.code, False) for m in board.mistakes]
        return sorted(right) + wrong


def test_service_a_child_reads_the_round_of_their_own_class(
    service: ClassService, location: str
) -> None:
    mia_3a, mia_3b = _user(service, "3A", "Mia"), _user(service, "3B", "Mia")
    assert service.call("challenge_round", mia_3b, {}, "10.0.0.5") is None
    number = _start(location, "3B")
    found = round_from(service.call("challenge_round", mia_3b, {}, "10.0.0.5"))
    assert found is not None
    assert (found.number, found.cards, found.open) == (number, CARDS, True)
    assert service.call("challenge_round", mia_3a, {}, "10.0.0.5") is None, "3A has none"


def test_service_judges_each_try_itself_and_keeps_it_for_the_child(
    service: ClassService, location: str
) -> None:
    number = _start(location, "3A")
    mia = _user(service, "3A", "Mia")
    assert service.call(
        "challenge_try", mia, {"number": number, "text": "6 + 2 = 8", "student": "Mia"}, "x"
    ) == {"ok": True}
    assert service.call("challenge_try", mia, {"number": number, "text": "2 + 3 = 6"}, "x") == {
        "ok": False
    }
    # A try that says it is right is not believed: it is refused, and nothing is kept.
    with pytest.raises(RefusedError) as refused:
        service.call("challenge_try", mia, {"number": number, "text": "1 + 1 = 3", "ok": True}, "x")
    assert refused.value.status == 400
    assert _tries(location, "3A") == [("Mia", "2 + 6 = 8", True), ("2 + 3 = 6", "not-true", False)]
    assert service.call("challenge_finds", mia, {"number": number}, "x") == ["2 + 6 = 8"]


def test_service_a_child_cannot_try_or_read_finds_as_a_classmate(
    service: ClassService, location: str
) -> None:
    number = _start(location, "3A")
    mia, leo = _user(service, "3A", "Mia"), _user(service, "3A", "Leo")
    service.call("challenge_try", leo, {"number": number, "text": "2 × 3 = 6"}, "x")
    for method, args in (
        ("challenge_try", {"number": number, "text": "2 + 6 = 8", "student": "Leo"}),
        ("challenge_finds", {"number": number, "student": "Leo"}),
    ):
        with pytest.raises(RefusedError) as refused:
            service.call(method, mia, args, "x")
        assert refused.value.status == 403
    # Her own finds are hers only: Leo's are not among them.
    assert service.call("challenge_finds", mia, {"number": number}, "x") == []
    assert _tries(location, "3A") == [("Leo", "2 × 3 = 6", True)]


def _joined(location: str, room: str) -> tuple[str, ...]:
    with open_store(location, room) as store:
        assert isinstance(store, SQLStore)
        board = Challenges(store).board()
        return () if board is None else board.joined


def test_service_a_child_joins_a_round_as_themselves_only(
    service: ClassService, location: str
) -> None:
    number = _start(location, "3A")
    mia, leo = _user(service, "3A", "Mia"), _user(service, "3A", "Leo")
    assert service.call("challenge_join", mia, {"number": number}, "x") == {"joined": True}
    bad: list[tuple[dict[str, Any], int]] = [
        ({"number": number, "student": "Leo"}, 403),  # a classmate's name
        ({"number": number, "at": "2020-01-01"}, 400),  # the time is the service's
        ({"number": "1"}, 400),
        ({}, 400),
    ]
    for n, (args, status) in enumerate(bad):
        with pytest.raises(RefusedError) as refused:
            service.call("challenge_join", _user(service, "3A", f"Kid{n}"), args, "x")
        assert refused.value.status == status, args
    # A page reloading in a loop is slowed down.
    statuses = []
    for _ in range(6):
        try:
            statuses.append(
                200 if service.call("challenge_join", mia, {"number": number}, "x") else 0
            )
        except RefusedError as error:
            statuses.append(error.status)
    assert statuses[:2] == [200, 200]
    assert 429 in statuses
    assert _joined(location, "3A") == ("Mia",)
    assert _joined(location, "3B") == ()  # another class's round: none there
    with open_store(location, "3A") as store:
        assert isinstance(store, SQLStore)
        Challenges(store).end()
    assert service.call("challenge_join", leo, {"number": number}, "x") == {"ended": True}
    assert _joined(location, "3A") == ("Mia",)


def test_service_a_try_reaches_no_other_class_and_no_ended_round(
    service: ClassService, location: str
) -> None:
    number = _start(location, "3B")
    mia_3a = _user(service, "3A", "Mia")
    # 3A has no round: the number of 3B's is no way into it.
    assert service.call("challenge_try", mia_3a, {"number": number, "text": "2 + 6 = 8"}, "x") == {
        "ended": True
    }
    with pytest.raises(RefusedError) as refused:
        service.call(
            "challenge_try", mia_3a, {"number": number, "text": "2 + 6 = 8", "room": "3B"}, "x"
        )
    assert refused.value.status == 400
    assert _tries(location, "3B") == []
    mia_3b = _user(service, "3B", "Mia")
    with open_store(location, "3B") as store:
        assert isinstance(store, SQLStore)
        Challenges(store).end()
    assert service.call("challenge_try", mia_3b, {"number": number, "text": "2 + 6 = 8"}, "x") == {
        "ended": True
    }
    assert _tries(location, "3B") == []


@pytest.mark.parametrize(
    "args",
    [
        {"number": "1", "text": "2 + 6 = 8"},
        {"number": True, "text": "2 + 6 = 8"},
        {"number": 0, "text": "2 + 6 = 8"},
        {"number": 1, "text": ["2 + 6 = 8"]},
        {"number": 1, "text": "1 + " * 100 + "1 = 2"},
        {"number": 1},
    ],
)
def test_service_a_try_of_the_wrong_shape_is_refused(
    service: ClassService, location: str, args: dict[str, Any]
) -> None:
    _start(location, "3A")
    with pytest.raises(RefusedError) as refused:
        service.call("challenge_try", _user(service, "3A", "Mia"), args, "x")
    assert refused.value.status == 400
    assert _tries(location, "3A") == []


def test_service_a_flood_of_tries_is_slowed_down(service: ClassService, location: str) -> None:
    number = _start(location, "3A")
    mia = _user(service, "3A", "Mia")
    statuses = []
    for _ in range(10):
        try:
            service.call("challenge_try", mia, {"number": number, "text": "2 + 6 = 8"}, "x")
            statuses.append(200)
        except RefusedError as error:
            statuses.append(error.status)
    assert statuses[:6] == [200] * 6
    assert 429 in statuses[6:]


def test_wire_a_round_travels_unchanged_and_a_bad_one_is_refused() -> None:
    round_ = Round(3, CARDS, "+−", "bonds-10", "level", "2026-12-02T10:00:00+00:00", None)
    assert round_from(json.loads(json.dumps(round_to(round_)))) == round_
    assert round_from(None) is None
    for bad in ("x", {"number": 1}, {**(round_to(round_) or {}), "cards": [True]}):
        with pytest.raises(WireError):
            round_from(bad)


class _ThroughService(ServiceStore):
    """A child's kernel's store whose requests go to the class service in this process
    (as JSON, as over the network), for ``hub_name``."""

    def __init__(self, service: ClassService, hub_name: str) -> None:
        super().__init__(hub_name, "key", url="http://service.invalid")
        self.service = service
        self.hub_name = hub_name

    def _call(self, method: str, **args: Any) -> Any:
        sent = json.loads(json.dumps(args))
        return json.loads(json.dumps(self.service.call(method, self.hub_name, sent, "10.0.0.5")))


def test_the_app_on_a_hub_shows_the_banner_and_plays_a_round_through_the_service(
    service: ClassService, location: str
) -> None:
    store = _ThroughService(service, _user(service, "3A", "Mia"))
    app = StudentApp(store, pace=0)
    app.sign_in("Mia")
    assert app.banner is not None, "the challenge is on for a hub's store"
    number = _start(location, "3A")
    app.banner.read()
    assert app.banner in app.children
    assert app.banner.layout.display != "none"
    lab = app.open_challenge()
    assert isinstance(lab, EquationLab)
    lab.handle({"intent": "check", "text": "6 + 2 = 8"})
    assert lab.state["verdict"]["ok"]
    lab.handle({"intent": "check", "text": "2 + 3 = 6"})
    assert not lab.state["verdict"]["ok"]
    assert "You found: 2 + 6 = 8." in lab.state["view"]["prompt"]
    assert _tries(location, "3A") == [("Mia", "2 + 6 = 8", True), ("2 + 3 = 6", "not-true", False)]
    # A page opened again finds her finds; the end of the round is said.
    again = StudentApp(_ThroughService(service, _user(service, "3A", "Mia")), pace=0)
    again.sign_in("Mia")
    relab = again.open_challenge()
    assert isinstance(relab, EquationLab)
    assert "You found: 2 + 6 = 8." in relab.state["view"]["prompt"]
    with open_store(location, "3A") as class_store:
        assert isinstance(class_store, SQLStore)
        Challenges(class_store).end()
    assert again.banner is not None
    again.banner.read()
    assert "This round has ended" in relab.state["view"]["prompt"]
    assert number == 1


def test_service_reading_ones_own_finds_in_a_loop_is_slowed_down(
    service: ClassService, location: str
) -> None:
    """One child pressing "Join the challenge" every 0.3 s had the whole round tallied at
    each press, and every other child's calls waited behind it."""
    number = _start(location, "3A")
    mia = _user(service, "3A", "Mia")
    statuses = []
    for _ in range(8):
        try:
            service.call("challenge_finds", mia, {"number": number}, "x")
            statuses.append(200)
        except RefusedError as error:
            statuses.append(error.status)
    assert statuses[:4] == [200] * 4
    assert 429 in statuses[4:]
    # Her classmate's calls are hers to make.
    leo = _user(service, "3A", "Leo")
    assert service.call("challenge_finds", leo, {"number": number}, "x") == []


def test_a_childs_own_finds_are_what_the_round_tally_gives_her(
    service: ClassService, location: str
) -> None:
    """Read from her own right tries alone, over a round of many tries by many children."""
    with open_store(location, "3A") as store:
        assert isinstance(store, SQLStore)
        challenges = Challenges(store)
        number = challenges.start(Round(0, CARDS, "+−×÷")).number
        texts = ["6 + 2 = 8", "2 + 6 = 8", "3 + 5 = 8", "2 + 3 = 6", "8 − 2 = 6", "x", "6 + 2 = 8"]
        for index in range(60):
            store.join(f"Kid{index % 6}")
            challenges.record(f"Kid{index % 6}", number, texts[(index * 5) % len(texts)])
        board = challenges.board(number)
        assert board is not None
        for index in range(6):
            name = f"Kid{index}"
            assert challenges.own_finds(name, number) == list(board.finds.get(name, ()))
        assert any(board.finds.values())
        assert challenges.own_finds("Kid0", number + 1) == []
