"""The class service's calls, on a real store, for the hub users sq2edu signed in: a child
acts in their own class and name only, and what a child's server sends is checked field by
field. (The service behind a real hub, with real tokens: ``tests/browser/test_school_hub.py``.)"""

from __future__ import annotations

import datetime as dt
import json
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from sq2edu import editions
from sq2edu.classroom.storage.school import School
from sq2edu.classroom.storage.store import SQLStore, StoreError, open_store
from sq2edu.classroom.storage.tables import Tables
from sq2edu.hub.service import ClassService, RefusedError
from sq2edu.hub.wire import WireError, attempt_from, attempt_to, game_from, game_to, table_from
from sq2edu.progress.records import Attempt, GameRecord
from tests.own_loop import run_apart


@pytest.fixture
def service(location: str) -> Iterator[ClassService]:
    with open_store(location) as store:
        assert isinstance(store, SQLStore)
        school = School(store)
        school.add_room("3A")
        school.add_room("3B")
        school.add_teacher("Anna", "12345678")
        for room, child in (("3A", "Mia"), ("3A", "Leo"), ("3B", "Mia")):
            with open_store(location, room) as class_store:
                class_store.join(child)
    with open_store(location, "3B") as class_store:
        # 3B's teacher opened a lesson; 3A has none open.
        class_store.save_settings({**class_store.settings(), "lessons": ["number-bonds"]})
    running = ClassService(location)
    try:
        yield running
    finally:
        running.close()


def _user(service: ClassService, room: str, child: str) -> str:
    return str(service.on_worker(lambda: service._school.child_user(room, child).name))


def _attempt(student: str, **changes: Any) -> dict[str, Any]:
    return {**attempt_to(Attempt(student, "2 + 3 = 5", True, (), (2, 3, 5))), **changes}


def test_service_a_child_keeps_their_own_attempt_in_their_own_class(
    service: ClassService, location: str
) -> None:
    mia = _user(service, "3B", "Mia")
    assert service.call("who", mia, {}, "10.0.0.5") == {"room": "3B", "nickname": "Mia"}
    service.call("record_attempt", mia, {"attempt": _attempt("Mia")}, "10.0.0.5")
    with open_store(location, "3B") as store:
        assert [(a.student, a.text) for a in store.attempts()] == [("Mia", "2 + 3 = 5")]
    with open_store(location, "3A") as store:
        assert store.attempts() == [], "the other class's Mia is another child"
    (own,) = service.call("own_attempts", mia, {"student": "Mia", "limit": 5}, "10.0.0.5")
    assert own["text"] == "2 + 3 = 5"


def test_service_a_childs_lesson_answers_come_back_as_their_own_progress(
    service: ClassService,
) -> None:
    mia = _user(service, "3B", "Mia")
    answer = _attempt("Mia", where="lesson", lesson="number-bonds", exercise=7, text="2 + 5 = 7")
    service.call("record_attempt", mia, {"attempt": answer}, "10.0.0.5")
    tampered = _attempt("Mia", where="lesson", lesson="number-bonds", exercise=99)
    with pytest.raises(RefusedError) as refused:
        service.call("record_attempt", mia, {"attempt": tampered}, "10.0.0.5")
    assert refused.value.status == 400
    assert service.call("own_lessons", mia, {"student": "Mia"}, "10.0.0.5") == {
        "number-bonds": [[7, "own"]]
    }


def test_service_decides_whether_a_lessons_answer_is_right_and_helped(
    service: ClassService, location: str
) -> None:
    """A child's server that says a wrong answer was right, or that an answer after the
    worked example was not helped, is not believed."""
    mia = _user(service, "3B", "Mia")
    lesson = {"where": "lesson", "lesson": "number-bonds"}
    sent = [
        _attempt("Mia", **lesson, exercise=1, text="1 + 5 = 6", ok=True, codes=[]),
        _attempt("Mia", **lesson, exercise=2, text="2 + 4 = 6", hint_level=3, helped=False),
        _attempt("Mia", **lesson, exercise=7, text="2 + 6 = 7", ok=True, codes=[]),
        _attempt("Mia", **lesson, exercise=9, text="True → 3 and 7", ok=True, codes=[]),
    ]
    for attempt in sent:
        service.call("record_attempt", mia, {"attempt": attempt}, "10.0.0.5")
    with open_store(location, "3B") as store:
        kept = [(a.exercise, a.ok, a.codes, a.helped) for a in reversed(store.attempts())]
    assert kept == [
        (1, False, ("off-task",), False),
        (2, True, (), True),
        (7, False, ("not-true",), False),
        (9, True, (), False),  # a question's button: the text does not say which
    ]
    assert service.call("own_lessons", mia, {"student": "Mia"}, "10.0.0.5") == {
        "number-bonds": [[1, "tried"], [2, "later"], [7, "tried"], [9, "own"]]
    }


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("record_attempt", {"attempt": _attempt("Leo")}),
        ("seen", {"nickname": "Leo"}),
        ("join", {"nickname": "Leo"}),
        ("own_attempts", {"student": "Leo"}),
        ("own_lessons", {"student": "Leo"}),
        ("record_game", {"game": game_to(GameRecord(("Leo", "Bot"), {1: "easy"}, "Leo", 3, 9))}),
    ],
)
def test_service_a_child_cannot_act_as_a_classmate(
    service: ClassService, location: str, method: str, args: dict[str, Any]
) -> None:
    with pytest.raises(RefusedError) as refused:
        service.call(method, _user(service, "3A", "Mia"), args, "10.0.0.5")
    assert refused.value.status == 403
    with open_store(location, "3A") as store:
        assert store.attempts() == []
        assert store.games() == []


@pytest.mark.parametrize("limit", [0, 201, "5", True, None])
def test_service_a_child_reads_a_sensible_number_of_their_attempts(
    service: ClassService, limit: object
) -> None:
    with pytest.raises(RefusedError) as refused:
        service.call(
            "own_attempts", _user(service, "3A", "Mia"), {"student": "Mia", "limit": limit}, "x"
        )
    assert refused.value.status == 400


def test_service_a_teacher_or_an_unknown_hub_user_is_not_a_child(service: ClassService) -> None:
    teacher = service.on_worker(lambda: service._school.teacher_user("Anna").name)
    for name in (teacher, "c0000000000000000", "admin"):
        with pytest.raises(RefusedError, match="this is not a child's kernel"):
            service.call("settings", name, {}, "10.0.0.5")


def test_service_an_unknown_call_is_404_and_a_flood_of_attempts_429(
    service: ClassService,
) -> None:
    mia = _user(service, "3B", "Mia")
    with pytest.raises(RefusedError) as refused:
        service.call("save_settings", mia, {"settings": {}}, "10.0.0.5")
    assert refused.value.status == 404
    statuses = []
    for _ in range(10):
        try:
            service.call("record_attempt", mia, {"attempt": _attempt("Mia")}, "10.0.0.5")
            statuses.append(200)
        except RefusedError as error:
            statuses.append(error.status)
    assert statuses[:6] == [200] * 6
    assert 429 in statuses[6:]


def test_service_groups_show_a_child_only_their_own(service: ClassService, location: str) -> None:
    with open_store(location, "3A") as store:
        store.save_group("Foxes", ["Mia"], {"operations": "+"})
        store.save_group("Owls", ["Leo"], {"operations": "×"})
    groups = service.call("groups", _user(service, "3A", "Mia"), {}, "10.0.0.5")
    assert groups == {"Foxes": [["Mia"], {"operations": "+"}]}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"where": "<b>"}, "an attempt is made in game, lab, lesson"),
        ({"text": "x" * 201}, "text is text of at most 200 characters"),
        ({"ok": "yes"}, "ok is true or false"),
        ({"numbers": [1, -2]}, "numbers is a whole number"),
        ({"numbers": list(range(21))}, "numbers is a list of at most 20"),
        ({"hint_level": True}, "hint_level is a whole number"),
        ({"codes": "not-true"}, "codes is a list of at most 20"),
        ({"level": "<script>"}, "'<script>' is not a level of practice"),
        ({"level": 3}, "level is text"),
        ({"helped": 1}, "helped is true or false"),
    ],
)
def test_wire_an_attempt_of_the_wrong_shape_is_refused_in_plain_words(
    change: dict[str, Any], reason: str
) -> None:
    with pytest.raises(WireError, match=f"^{reason}"):
        attempt_from(_attempt("Mia", **change))


def test_wire_records_travel_unchanged() -> None:
    attempt = Attempt("Mia", "7 ÷ 2 = 3", False, ("not-whole",), (7, 2, 3), True, 2, "lab")
    assert attempt_from(attempt_to(attempt)) == attempt
    levelled = Attempt(
        "Mia", "17 ÷ 5 = 3 r 2", True, (), (17, 5, 3, 2), where="lab", level="remainders"
    )
    assert attempt_from(attempt_to(levelled)) == levelled
    helped = Attempt("Mia", "2 + 5 = 7", True, (), (2, 5, 7), helped=True, where="lab")
    assert attempt_from(attempt_to(helped)) == helped
    older = {key: value for key, value in attempt_to(attempt).items() if key != "helped"}
    assert attempt_from(older) == attempt, "a server of an older release sends no flag"
    shown = {**attempt_to(attempt), "hint_level": 3, "helped": False}
    assert attempt_from(shown).helped, "the worked example is help, whatever is sent"
    game = GameRecord(("Mia", "Bot"), {1: "strong"}, None, 40, 321.5)
    assert game_from(game_to(game)) == game


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"winner": "Eve"}, "a game's winner is one of its players"),
        ({"bots": {"5": "easy"}}, "a game's computer players are seats and levels"),
        ({"seconds": -1}, "a game lasts a number of seconds"),
        ({"players": "MiaLeo"}, "players is a list of at most 20"),
    ],
)
def test_wire_a_game_of_the_wrong_shape_is_refused(change: dict[str, Any], reason: str) -> None:
    data = {**game_to(GameRecord(("Mia", "Bot"), {1: "easy"}, "Mia", 3, 9.0)), **change}
    with pytest.raises(WireError, match=f"^{reason}"):
        game_from(data)


def test_wire_not_an_object_is_refused() -> None:
    values: tuple[object, ...] = (None, [], "attempt", {1: 2})
    for value in values:
        with pytest.raises(WireError, match="attempt is not an object"):
            attempt_from(value)


@pytest.mark.parametrize(
    ("accept", "lang"),
    [
        ("ru-RU,ru;q=0.9,en;q=0.8", "ru"),
        ("nb-NO", "nb"),
        ("no", "nb"),
        ("de-DE,nb;q=0.5", "nb"),
        ("de-DE,fr", "en"),
        ("", "en"),
    ],
)
def test_sign_in_speaks_the_first_of_the_browsers_languages_sq2edu_knows(
    accept: str, lang: str
) -> None:
    from sq2edu.hub.auth import _page_language

    assert _page_language(accept) == lang


def test_service_a_dropped_connection_fails_one_call_and_the_next_opens_it_again(
    service: ClassService, location: str
) -> None:
    mia = _user(service, "3B", "Mia")
    assert service.call("settings", mia, {}, "10.0.0.5") == {"lessons": ["number-bonds"]}
    service.on_worker(service._rooms["3B"].close)  # as a database restart would
    with pytest.raises(StoreError, match=r"^the store failed"):
        service.call("settings", mia, {}, "10.0.0.5")
    service.call("record_attempt", mia, {"attempt": _attempt("Mia")}, "10.0.0.5")
    with open_store(location, "3B") as store:
        assert [a.student for a in store.attempts()] == ["Mia"]


def _table_call(service: ClassService, user: str, method: str, **args: Any) -> Any:
    return service.call(method, user, {"lang": "en", **args}, "10.0.0.5")


def _real_game(location: str, room: str, table: str) -> Any:
    """A table's game as the store keeps it (a child's server is never sent it)."""
    with open_store(location, room) as store:
        assert isinstance(store, SQLStore)
        return Tables(store).load(table).game


def test_service_two_children_make_sit_start_and_move_at_a_table_of_their_class(
    service: ClassService, location: str
) -> None:
    mia, leo = _user(service, "3A", "Mia"), _user(service, "3A", "Leo")
    for user, name in ((mia, "Mia"), (leo, "Leo")):
        service.call("seen", user, {"nickname": name}, "10.0.0.5")  # both at their pages
    made = _table_call(service, mia, "make", size=2, edition="classic")["value"]
    assert made["maker"] == "Mia"
    table = made["id"]
    _table_call(service, leo, "sit", table=table)
    refused = _table_call(service, leo, "start", table=table)["refused"]
    assert refused == {"kind": "table", "message": "Mia made this table and starts the game."}
    started = _table_call(service, mia, "start", table=table)["value"]
    assert started["info"]["status"] == "playing"
    game = _real_game(location, "3A", table)
    mover = _user(service, "3A", game.names[game.current_player])
    other = leo if mover == mia else mia
    action = game.legal_actions()[0].to_dict()
    version = started["info"]["version"]
    # The other child may not move the mover's seat; a move at an old version is stale.
    with pytest.raises(RefusedError) as not_theirs:
        _table_call(
            service, other, "move", table=table, version=version,
            seat=game.current_player, action=action,
        )  # fmt: skip
    assert not_theirs.value.status == 403
    moved = _table_call(
        service, mover, "move", table=table, version=version, seat=game.current_player,
        action=action,
    )["value"]  # fmt: skip
    assert moved["info"]["version"] == version + 1
    stale = _table_call(
        service, mover, "move", table=table, version=version, seat=game.current_player,
        action=action,
    )["refused"]  # fmt: skip
    assert stale["kind"] == "stale"
    # The other class sees none of it.
    assert _table_call(service, _user(service, "3B", "Mia"), "tables")["value"] == []
    with open_store(location, "3A") as store:
        assert isinstance(store, SQLStore)
        assert Tables(store).load(table).info.version == version + 1


@pytest.mark.parametrize(
    ("method", "args"),
    [
        ("make", {"size": "2", "edition": "classic"}),
        ("make", {"size": 2, "edition": "chess"}),
        ("load", {"table": ["x"]}),
        ("start", {"table": "abc", "fill": "godlike"}),
        ("tables", {"statuses": ["ended", "secret"]}),
        ("lease", {"table": "abc", "version": 1, "holder": "x" * 41}),
    ],
)
def test_service_table_calls_with_arguments_of_the_wrong_kind_are_refused(
    service: ClassService, method: str, args: dict[str, Any]
) -> None:
    with pytest.raises(RefusedError) as refused:
        _table_call(service, _user(service, "3A", "Mia"), method, **args)
    assert refused.value.status == 400


def test_service_a_move_that_is_not_an_action_is_refused_in_words(service: ClassService) -> None:
    answer = _table_call(
        service, _user(service, "3A", "Mia"), "move", table="abc", version=1, seat=0,
        action={"kind": "nope"},
    )  # fmt: skip
    assert answer == {"refused": {"kind": "table", "message": "not an action"}}


def test_service_a_lease_is_held_in_its_childs_name(service: ClassService, location: str) -> None:
    mia, leo = _user(service, "3A", "Mia"), _user(service, "3A", "Leo")
    table = _table_call(service, mia, "make", size=3, edition="rescue")["value"]["id"]
    _table_call(service, leo, "sit", table=table)
    started = _table_call(service, mia, "start", table=table, fill="easy")["value"]
    version = started["info"]["version"]
    assert _table_call(service, mia, "lease", table=table, version=version, holder="k1")["value"]
    # Leo's server using the same holder text does not get Mia's lease.
    assert not _table_call(service, leo, "lease", table=table, version=version, holder="k1")[
        "value"
    ]


def test_service_a_classmate_away_longer_than_the_turn_timeout_is_played_for(
    service: ClassService, location: str
) -> None:
    mia, leo = _user(service, "3A", "Mia"), _user(service, "3A", "Leo")
    service.call("seen", mia, {"nickname": "Mia"}, "10.0.0.5")
    table = _table_call(service, mia, "make", size=2, edition="classic")["value"]["id"]
    _table_call(service, leo, "sit", table=table)
    started = _table_call(service, mia, "start", table=table)["value"]
    game = _real_game(location, "3A", table)
    leo_seat = game.names.index("Leo")
    version = started["info"]["version"]
    for _move in range(20):  # Mia plays until it is Leo's turn
        if game.current_player == leo_seat:
            break
        moved = _table_call(
            service, mia, "move", table=table, version=version, seat=game.current_player,
            action=game.legal_actions()[0].to_dict(),
        )["value"]  # fmt: skip
        game = _real_game(location, "3A", table)
        version = moved["info"]["version"]
    assert game.current_player == leo_seat
    with open_store(location, "3A") as store:
        store.seen("Leo", "2026-01-05T08:00:00+00:00")  # long gone
    assert _table_call(service, mia, "lease", table=table, version=version, holder="mia")["value"]
    moved = _table_call(
        service, mia, "move", table=table, version=version, seat=leo_seat,
        action=game.legal_actions()[0].to_dict(),
    )["value"]  # fmt: skip
    assert moved["info"]["version"] == version + 1
    # Its events are the computer's, for Leo: a child's server reads them as such.
    info = table_from(moved["info"])
    done = _real_game(location, "3A", table)
    assert info.played
    assert {done.log[index].player for index in info.played} == {leo_seat}


def test_service_says_itself_whether_an_equation_is_right_and_when_it_was_made(
    service: ClassService, location: str
) -> None:
    """A child's server that says 1 + 1 = 3 is right, at a time of its choosing, is not
    believed: the teacher's dashboard would show it ticked, and a time that is not one
    broke the class's dashboard."""
    mia = _user(service, "3B", "Mia")
    for at in ("soon", "2026-01-01T10:00:00", '=HYPERLINK("x")', "2099-01-01T00:00:00+00:00"):
        lie = _attempt("Mia", text="1 + 1 = 3", ok=True, codes=[], at=at, where="lab")
        service.call("record_attempt", mia, {"attempt": lie}, "10.0.0.5")
    right = _attempt(
        "Mia", text="2 + 2 = 4", ok=True, codes=["not-true"], where="game", cards=[2, 2, 4]
    )
    service.call("record_attempt", mia, {"attempt": right}, "10.0.0.5")
    with open_store(location, "3B") as store:
        kept = store.attempts()
    assert [(a.text, a.ok) for a in kept] == [("2 + 2 = 4", True)] + [("1 + 1 = 3", False)] * 4
    assert kept[0].codes == ()
    assert all(a.codes for a in kept[1:])
    now = dt.datetime.now(dt.UTC)
    for attempt in kept:
        made = dt.datetime.fromisoformat(attempt.at)
        assert made.tzinfo is not None
        assert abs((now - made).total_seconds()) < 3600, "the service's own clock"


def test_service_a_lesson_the_teacher_did_not_open_is_not_answered(
    service: ClassService, location: str
) -> None:
    leo = _user(service, "3A", "Leo")
    answer = _attempt("Leo", where="lesson", lesson="number-bonds", exercise=7, text="2 + 5 = 7")
    with pytest.raises(RefusedError) as refused:
        service.call("record_attempt", leo, {"attempt": answer}, "10.0.0.5")
    assert refused.value.status == 403
    with open_store(location, "3A") as store:
        assert store.attempts() == []


def test_service_a_game_s_time_is_the_service_s_and_its_length_a_real_number(
    service: ClassService, location: str
) -> None:
    mia = _user(service, "3A", "Mia")
    game = game_to(GameRecord(("Mia", "Bot"), {1: "easy"}, "Mia", 3, 9, at="soon"))
    service.call("record_game", mia, {"game": game}, "10.0.0.5")
    with open_store(location, "3A") as store:
        (kept,) = store.games()
    assert dt.datetime.fromisoformat(kept.at).tzinfo is not None
    for seconds in (float("nan"), float("inf"), 10.0**12, -1):
        with pytest.raises(WireError):
            game_from({**game, "seconds": seconds})


def test_service_games_and_refusals_cannot_be_written_in_a_flood(service: ClassService) -> None:
    mia = _user(service, "3A", "Mia")
    game = game_to(GameRecord(("Mia", "Bot"), {1: "easy"}, "Mia", 3, 9))

    def status(method: str, args: dict[str, Any]) -> int:
        try:
            service.call(method, mia, args, "10.0.0.5")
        except RefusedError as refused:
            return refused.status
        return 200

    games = [status("record_game", {"game": game}) for _game in range(20)]
    assert games[0] == 200
    assert 429 in games
    events = [status("record_event", {"kind": "too-fast", "detail": ""}) for _e in range(40)]
    assert events[0] == 200
    assert 429 in events


def test_service_chooses_a_computers_move_itself(service: ClassService, location: str) -> None:
    """A page may ask for the computer's move at its turn, but the move is the computer
    player's own choice, not the page's."""
    from sq2edu.bots import make_bot

    mia, leo = _user(service, "3A", "Mia"), _user(service, "3A", "Leo")
    table = _table_call(service, mia, "make", size=3, edition="rescue")["value"]["id"]
    _table_call(service, leo, "sit", table=table)
    started = _table_call(service, mia, "start", table=table, fill="easy")["value"]
    game = _real_game(location, "3A", table)
    version = started["info"]["version"]
    seats = started["info"]["seats"]
    (bot_seat,) = [seat for seat, entry in enumerate(seats) if "bot" in entry]
    users = {seat: _user(service, "3A", entry["child"]) for seat, entry in enumerate(seats)
             if "child" in entry}  # fmt: skip
    for _move in range(200):  # until the computer has a choice to make
        if game.current_player == bot_seat and len(game.legal_actions()) > 1:
            break
        moved = _table_call(
            service, users.get(game.current_player, mia), "move", table=table,
            version=version, seat=game.current_player, action=game.legal_actions()[0].to_dict(),
        )["value"]  # fmt: skip
        game, version = _real_game(location, "3A", table), moved["info"]["version"]
    assert game.current_player == bot_seat
    seed = zlib.crc32(f"{table}:{version}".encode())
    chosen = make_bot("easy", seed=seed, edition="rescue").choose(game.clone())
    asked = [action for action in game.legal_actions() if action != chosen][-1]
    moved = _table_call(
        service, mia, "move", table=table, version=version, seat=bot_seat,
        action=asked.to_dict(),
    )["value"]  # fmt: skip
    after = _real_game(location, "3A", table)
    assert after.history[-1] == chosen != asked


def _class_3a(location: str, *children: str) -> list[str]:
    """A school at ``location`` with class 3A of ``children``; their hub user names."""
    with open_store(location) as store:
        assert isinstance(store, SQLStore)
        School(store).add_room("3A")
        with open_store(location, "3A") as class_store:
            for child in children:
                class_store.join(child)
        return [School(store).child_user("3A", child).name for child in children]


def _listening(app: Any) -> tuple[Any, int]:
    """``app`` listening on a free port of 127.0.0.1 (on the running loop): its server and
    port."""
    server = app.listen(0, "127.0.0.1")
    return server, int(next(iter(server._sockets.values())).getsockname()[1])


def test_service_answers_a_class_server_s_kernel_for_the_child_its_key_names(
    tmp_path: Path,
) -> None:
    """A kernel of the class server names its child and sends that child's key (made from
    the class server's key); a name without it, or with another child's, reaches nothing,
    and so does a child's key made from the hub's own key, or a hub token; ``NaN`` is not
    read."""
    import tornado.httpclient

    from sq2edu.hub.private import CHILD_HEADER, SERVER_KEY_HEADER, child_key, classroom_key
    from sq2edu.hub.service import make_app

    location = str(tmp_path / "school.sqlite3")
    mia, leo = _class_3a(location, "Mia", "Leo")
    key = b"k" * 32
    classroom = classroom_key(key)
    service = ClassService(location, key)
    answers: dict[str, int] = {}

    async def ask() -> None:
        server, port = _listening(make_app(service, "/services/sq2edu-class/"))
        client = tornado.httpclient.AsyncHTTPClient()
        tries = {
            "name only": {CHILD_HEADER: mia},
            "another's key": {CHILD_HEADER: mia, SERVER_KEY_HEADER: child_key(classroom, leo)},
            "master's digest": {CHILD_HEADER: mia, SERVER_KEY_HEADER: child_key(key, mia)},
            "with a token": {
                CHILD_HEADER: mia,
                SERVER_KEY_HEADER: "x",
                "Authorization": "token good",
            },
            "token only": {"Authorization": "token good"},
            "own key": {CHILD_HEADER: mia, SERVER_KEY_HEADER: child_key(classroom, mia)},
            "nan": {CHILD_HEADER: mia, SERVER_KEY_HEADER: child_key(classroom, mia)},
        }
        for name, headers in tries.items():
            answer = await client.fetch(
                f"http://127.0.0.1:{port}/services/sq2edu-class/api/who",
                method="POST",
                headers=headers,
                body=b'{"limit": NaN}' if name == "nan" else b"{}",
                raise_error=False,
            )
            answers[name] = answer.code
        server.stop()

    try:
        run_apart(ask)
    finally:
        service.close()
    assert answers == {
        "name only": 403,
        "another's key": 403,
        "master's digest": 403,
        "with a token": 403,
        "token only": 403,
        "own key": 200,
        "nan": 400,
    }


def _hidden_from(game: Any, seat: int) -> set[str]:
    """The cards ``seat`` may not see: the draw pile, the face-down places, and what the
    others hold unseen (sleeping queens and cards drawn; a classic game's hands)."""
    view = json.dumps(game.view(seat))
    hidden = set(game.zones()["deck"])
    for name, cards in game.zones().items():
        owner = re.fullmatch(r"p(\d+)\.(\w+)", name)
        if owner and int(owner[1]) != seat and owner[2] in ("hand", "sleeping"):
            hidden |= set(cards)
        if name in ("grid", "centre"):
            hidden |= {card for card in cards if f'"{card}"' not in view}
    # The log is public: a power card a Jester turned over goes into its player's hand, seen
    # by all.
    shown: set[str] = set()
    for event in game.log:
        for value in event.params.values():
            shown.update(value if isinstance(value, list) else [value])
    return hidden - shown


@pytest.mark.parametrize("edition", ["rescue", "classic"])
def test_service_sends_a_child_only_what_her_own_seat_sees(
    service: ClassService, location: str, edition: str
) -> None:
    """Loading a table, starting it or moving at it sends a child's server her seat's view
    of the game: no other hand, no draw pile's order, no face-down card, no random state.
    A classmate who does not sit at the table is sent nothing of it."""
    from sq2edu.hub.remote_tables import RemoteTables

    mia, leo = _user(service, "3A", "Mia"), _user(service, "3A", "Leo")
    table = _table_call(service, mia, "make", size=3, edition=edition)["value"]["id"]
    _table_call(service, leo, "sit", table=table)
    answers = {"start": _table_call(service, mia, "start", table=table, fill="easy")["value"]}
    game = _real_game(location, "3A", table)
    mover = {"Leo": leo}.get(game.names[game.current_player], mia)  # Mia asks for a computer's
    answers["move"] = _table_call(
        service, mover, "move", table=table, version=answers["start"]["info"]["version"],
        seat=game.current_player, action=game.legal_actions()[0].to_dict(),
    )["value"]  # fmt: skip
    answers["load"] = _table_call(service, leo, "load", table=table)["value"]
    game = _real_game(location, "3A", table)
    for call, answer in answers.items():
        seat = answer["seat"]
        assert {"info", "seat", "view", "rules", "log"} <= set(answer) <= {
            "info", "seat", "view", "rules", "log", "events",
        }, call  # fmt: skip
        sent = json.dumps(answer)
        hidden = _hidden_from(game, seat)
        assert hidden, "the game has cards this seat does not see"
        assert not [card for card in hidden if f'"{card}"' in sent], call
        # The child's server makes a game of her view, and it shows her exactly that view.
        if call != "start":  # the table moved on since
            assert answer["view"] == game.view(seat), call
            made = RemoteTables(cast(Any, None))._shared(answer).game
            assert made.view(seat) == game.view(seat)
            assert [event.text for event in made.log] == [event.text for event in game.log]
    with open_store(location, "3A") as store:
        store.join("Ola")
    with pytest.raises(RefusedError) as refused:
        _table_call(service, _user(service, "3A", "Ola"), "load", table=table)
    assert refused.value.status == 403


def test_service_checks_a_game_equation_against_the_cards_the_child_holds(
    service: ClassService, location: str
) -> None:
    """A child's server that says its child made a true equation from cards she does not
    hold is not believed: at her table, her seat's cards are the service's own; in a game
    against the computer, the equation must come from the cards her server says she has."""
    from collections import Counter

    mia, leo = _user(service, "3A", "Mia"), _user(service, "3A", "Leo")
    table = _table_call(service, mia, "make", size=2, edition="classic")["value"]["id"]
    _table_call(service, leo, "sit", table=table)
    _table_call(service, mia, "start", table=table)
    game = _real_game(location, "3A", table)
    name = game.names[game.current_player]
    held = Counter(editions.load("classic").number_values(game, game.current_player))
    sums = [(a, b, a + b) for a in range(1, 6) for b in range(1, 6) if a + b <= 10]
    a, b, c = next(s for s in sums if Counter(s) - held)  # not all three are hers
    lie = _attempt(name, text=f"{a} + {b} = {c}", ok=True, codes=[], where="game",
                   cards=[a, b, c], numbers=[a, b, c])  # fmt: skip
    service.call("record_attempt", {"Mia": mia, "Leo": leo}[name], {"attempt": lie}, "x")
    ida = _user(service, "3B", "Mia")  # no table: a game against the computer
    for text, cards in (("2 + 3 = 5", [2, 3, 5]), ("1 + 2 = 3", [2, 3, 5]), ("0 + 1 = 1", [0])):
        solo = _attempt("Mia", text=text, ok=True, codes=[], where="game", cards=cards)
        service.call("record_attempt", ida, {"attempt": solo}, "x")
    with open_store(location, "3A") as store:
        (kept,) = store.attempts()
    assert (kept.text, kept.ok) == (f"{a} + {b} = {c}", False)
    assert "missing-card" in kept.codes
    assert sorted(kept.cards) == sorted(held.elements()), "the cards she holds, not the page's"
    with open_store(location, "3B") as store:
        solo_kept = [(a.text, a.ok) for a in reversed(store.attempts())]
    assert solo_kept == [("2 + 3 = 5", True), ("1 + 2 = 3", False), ("0 + 1 = 1", False)]


def test_a_childs_server_cannot_even_ask_for_a_teachers_work() -> None:
    """A child's server's store is a ChildStore: the teacher's part of a class's store
    (renaming, groups, the class's records, new classes) is not there to call, rather than
    there and refusing."""
    from sq2edu.classroom.storage.store import ChildStore, ProgressStore
    from sq2edu.hub.remote import ServiceStore

    teachers = {
        name
        for name in vars(ProgressStore)
        if not name.startswith("_") and name not in vars(ChildStore)
    }
    assert {"rename", "merge", "new_class", "attempts_after", "games"} <= teachers
    assert {name for name in teachers if hasattr(ServiceStore, name)} == set()
    children = {name for name in vars(ChildStore) if not name.startswith("_")}
    assert {name for name in children if not hasattr(ServiceStore, name)} == set()


def test_service_the_store_s_calls_wait_on_their_thread_and_the_event_loop_answers_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A call held up by the store (a slow query, a locked table) keeps no one else
    waiting for an answer the service can give at once: the store is used off the event
    loop."""
    import asyncio
    import threading

    import tornado.httpclient

    from sq2edu.hub import service as service_module
    from sq2edu.hub.private import CHILD_HEADER, SERVER_KEY_HEADER, child_key, classroom_key
    from sq2edu.hub.service import make_app

    location = str(tmp_path / "school.sqlite3")
    (mia,) = _class_3a(location, "Mia")
    key = b"k" * 32
    store_free = threading.Event()
    held = threading.Event()
    who = service_module._CALLS["who"]

    def slow_who(*args: Any) -> Any:
        held.set()
        assert store_free.wait(30), "the store was never freed"
        return who(*args)

    monkeypatch.setitem(service_module._CALLS, "who", slow_who)
    service = ClassService(location, key)
    said: list[tuple[str, int]] = []

    async def ask() -> None:
        server, port = _listening(make_app(service, "/services/sq2edu-class/"))
        url = f"http://127.0.0.1:{port}/services/sq2edu-class/api/who"
        client = tornado.httpclient.AsyncHTTPClient()

        async def call(name: str, headers: dict[str, str]) -> None:
            answer = await client.fetch(
                url, method="POST", headers=headers, body=b"{}", raise_error=False
            )
            said.append((name, answer.code))

        own = {CHILD_HEADER: mia, SERVER_KEY_HEADER: child_key(classroom_key(key), mia)}
        waiting = asyncio.ensure_future(call("held by the store", own))
        while not held.is_set():
            await asyncio.sleep(0.01)
        await call("no key", {CHILD_HEADER: mia})
        store_free.set()
        await waiting
        server.stop()

    try:
        run_apart(ask)
    finally:
        store_free.set()
        service.close()
    assert said == [("no key", 403), ("held by the store", 200)]


def test_service_a_childs_language_is_kept_and_a_made_up_one_ignored(
    service: ClassService, location: str
) -> None:
    """The teacher's sheets and reports for a child start in the language the child reads
    the app in; the kernel says it with the child's presence."""
    mia = _user(service, "3B", "Mia")
    service.call("seen", mia, {"nickname": "Mia", "language": "ru"}, "10.0.0.5")
    service.call("seen", mia, {"nickname": "Mia", "language": "<b>klingon</b>"}, "10.0.0.5")
    service.call("seen", mia, {"nickname": "Mia"}, "10.0.0.5")
    with open_store(location, "3B") as store:
        assert store.languages() == {"Mia": "ru"}
    with open_store(location, "3A") as store:
        assert store.languages() == {}
