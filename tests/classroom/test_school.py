"""A school's classes in one store: each room reads and writes its own children only, and
its teachers sign in with a password kept as a salted digest. Every test runs on SQLite and
on the throwaway PostgreSQL server."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from sq2edu.classic import new_game
from sq2edu.classroom.storage.school import School, SchoolError
from sq2edu.classroom.storage.store import SQLStore, StoreError, open_store
from sq2edu.classroom.storage.tables import Tables
from sq2edu.progress.records import Attempt, GameRecord, GuardEvent


def _school(location: str) -> School:
    store = open_store(location)
    assert isinstance(store, SQLStore)
    return School(store)


@contextmanager
def _room(location: str, name: str) -> Iterator[SQLStore]:
    store = open_store(location, room=name)
    assert isinstance(store, SQLStore)
    try:
        yield store
    finally:
        store.close()


def _fill(store: SQLStore, child: str) -> None:
    """One of everything a class keeps, written by ``child``."""
    assert store.join(child, child[0] * 64)
    store.seen(child, "2026-12-01T09:00:00+00:00")
    store.record_attempt(Attempt(child, "2 + 3 = 5", True, where="lab"))
    store.record_game(GameRecord((child, "Bot"), {1: "easy"}, child, 10, 60.0))
    store.record_event(GuardEvent("wrong-code", "10.0.0.9"))
    store.save_group(f"{child}'s group", [child], {})
    store.save_settings({"edition": "classic", "owner": child})
    Tables(store).make(child, 2, "classic")


def test_room_a_new_room_has_its_code_and_an_open_class_of_its_own_name(location: str) -> None:
    school = _school(location)
    room = school.add_room("3B", code="owl7")
    assert (room.name, room.code, room.teachers) == ("3B", "OWL7", ())
    with _room(location, "3B") as store:
        assert store.current_class()[1] == "3B"
        assert store.students() == []
        assert store.settings() == {}
    assert [made.name for made in school.rooms()] == ["3B"]
    school.store.close()


def test_room_two_rooms_in_one_store_never_see_each_others_children(location: str) -> None:
    school = _school(location)
    school.add_room("3A", code="OWL7")
    school.add_room("3B", code="FOX4")
    with _room(location, "3A") as room_a, _room(location, "3B") as room_b:
        _fill(room_a, "Mia")
        _fill(room_b, "Leo")
        for store, child, other in ((room_a, "Mia", "Leo"), (room_b, "Leo", "Mia")):
            assert store.students() == [child]
            assert [attempt.student for attempt in store.attempts()] == [child]
            assert [number for number, _attempt in store.attempts_after(0)]
            assert {a.student for _n, a in store.attempts_after(0)} == {child}
            assert [game.winner for game in store.games()] == [child]
            assert len(store.events()) == 1
            assert list(store.groups()) == [f"{child}'s group"]
            assert store.settings()["owner"] == child
            assert list(store.last_seen()) == [child]
            assert [info.maker for info in Tables(store).tables()] == [child]
            assert Tables(store).where(other) is None
            # The same nickname in another room is another child.
            assert store.join(other, "z" * 64)
    # The class of one laptop is a room of its own, and saw none of it.
    assert school.store.students() == []
    assert school.store.attempts() == []
    school.store.close()


def test_room_a_new_class_in_one_room_leaves_the_other_room_untouched(location: str) -> None:
    school = _school(location)
    school.add_room("3A")
    school.add_room("3B")
    with _room(location, "3A") as room_a, _room(location, "3B") as room_b:
        _fill(room_a, "Mia")
        _fill(room_b, "Leo")
        room_a.new_class("3A, spring")
        assert room_a.students() == []
        assert room_a.settings() == {"edition": "classic", "owner": "Mia"}, "settings carry over"
        assert [(name, archived is None) for name, archived in room_a.classes()] == [
            ("3A", False),
            ("3A, spring", True),
        ]
        assert room_b.students() == ["Leo"]
        assert room_b.current_class()[1] == "3B"
        assert [(name, archived) for name, archived in room_b.classes()] == [("3B", None)]
    school.store.close()


def test_room_another_rooms_class_cannot_be_read_by_its_number(location: str) -> None:
    school = _school(location)
    school.add_room("3A")
    school.add_room("3B")
    with _room(location, "3A") as room_a, _room(location, "3B") as room_b:
        _fill(room_b, "Leo")
        (theirs, _name, _archived) = room_b.class_list()[0]
        for read in (room_a.students, room_a.games, lambda n: room_a.attempts_after(0, None, n)):
            with pytest.raises(StoreError, match=r"^Class \d+ is not one of this room's classes"):
                read(theirs)
        with pytest.raises(StoreError, match="not one of this room's classes"):
            room_a.students(10_000)
        assert room_b.students(theirs) == ["Leo"]
    school.store.close()


def test_room_a_store_for_a_room_never_made_is_refused_in_plain_words(location: str) -> None:
    with pytest.raises(StoreError, match=r"^This school has no class called '4C'\. Make it"):
        open_store(location, room="4C")
    school = _school(location)
    assert school.rooms() == [], "nothing was made by the refused open"
    school.store.close()


@pytest.mark.parametrize(
    "name", ["", "   ", "<script>", "3B; DROP TABLE", "x" * 41, "_3B", "3B-", "a\x00b", "3B\u200b"]
)
def test_room_a_name_that_is_not_letters_digits_and_spaces_is_refused(
    location: str, name: str
) -> None:
    school = _school(location)
    with pytest.raises(SchoolError, match="cannot be a name here: use 1 to 40 letters"):
        school.add_room(name)
    assert school.rooms() == []
    school.store.close()


@pytest.mark.parametrize("code", ["OWL", "OW L7", "ÖWL7", "x" * 13, "OWL-7", ""])
def test_room_a_code_that_is_not_4_to_12_letters_and_digits_is_refused(
    location: str, code: str
) -> None:
    school = _school(location)
    with pytest.raises(SchoolError, match=r"^A class code is 4 to 12 letters A-Z and digits"):
        school.add_room("3B", code=code)
    assert school.rooms() == []
    school.store.close()


def test_room_names_and_codes_in_use_are_refused_and_nothing_changes(location: str) -> None:
    school = _school(location)
    school.add_room("3B", code="OWL7")
    school.add_room("Вороны", code="FOX4")
    with pytest.raises(SchoolError, match=r"^There is a class called '3B' already"):
        school.add_room(" 3B ", code="BEAR")
    with pytest.raises(SchoolError, match=r"^Another class uses the code OWL7"):
        school.add_room("3C", code="owl7")
    with pytest.raises(SchoolError, match=r"^Another class uses the code OWL7"):
        school.set_code("Вороны", "OWL7")
    assert [(room.name, room.code) for room in school.rooms()] == [
        ("3B", "OWL7"),
        ("Вороны", "FOX4"),
    ]
    # A room may be given its own code again.
    assert school.set_code("3B", "owl7").code == "OWL7"
    with pytest.raises(SchoolError, match=r"^There is no class called '3C'"):
        school.set_code("3C", "BEAR")
    school.store.close()


def test_room_a_child_types_the_code_in_any_case_and_a_new_code_ends_the_old(
    location: str,
) -> None:
    school = _school(location)
    school.add_room("3B", code="OWL7")
    assert school.room_for_code("owl7") == "3B"
    assert school.room_for_code(" ＯＷＬ７ ") == "3B", "a fullwidth code is the same code"
    assert school.room_for_code("OWL8") is None
    assert school.room_for_code("<script>") is None
    school.set_code("3B", "FOX4")
    assert school.room_for_code("OWL7") is None
    assert school.room_for_code("fox4") == "3B"
    school.store.close()


def test_teacher_a_password_is_kept_as_a_salted_digest_only(location: str) -> None:
    school = _school(location)
    school.add_teacher("Anna", "correct horse")
    school.add_teacher("Olga", "correct horse")
    assert school.check_password("Anna", "correct horse")
    assert not school.check_password("Anna", "correct horsE")
    assert not school.check_password("Nobody", "correct horse")
    with school.store.transaction() as cursor:
        rows = school.store.execute(cursor, "SELECT secret FROM {t}teachers").fetchall()
    secrets = [row[0] for row in rows]
    assert len(set(secrets)) == 2, "the same password gives each teacher another digest"
    assert all(
        "correct" not in secret and secret.startswith("pbkdf2_sha256$") for secret in secrets
    )
    school.set_password("Anna", "battery staple")
    assert school.check_password("Anna", "battery staple")
    assert not school.check_password("Anna", "correct horse")
    assert school.check_password("Olga", "correct horse")
    school.store.close()


def test_teacher_a_short_password_a_name_in_use_or_an_unknown_teacher_is_refused(
    location: str,
) -> None:
    school = _school(location)
    with pytest.raises(SchoolError, match=r"^A teacher's password has at least 8 characters"):
        school.add_teacher("Anna", "1234567")
    school.add_teacher("Anna", "12345678")
    with pytest.raises(SchoolError, match=r"^There is a teacher called 'Anna' already"):
        school.add_teacher("Anna", "another one")
    with pytest.raises(SchoolError, match=r"^There is no teacher called 'Olga'"):
        school.set_password("Olga", "12345678")
    with pytest.raises(SchoolError, match="cannot be a name here"):
        school.add_teacher("<b>Olga</b>", "12345678")
    assert school.teachers() == ["Anna"]
    school.store.close()


def test_teacher_keeps_the_rooms_given_to_them_and_a_room_may_have_two(location: str) -> None:
    school = _school(location)
    for room in ("3A", "3B", "4A"):
        school.add_room(room)
    school.add_teacher("Anna", "12345678")
    school.add_teacher("Olga", "12345678")
    school.give_room("3A", "Anna")
    school.give_room("3B", "Anna")
    school.give_room("3B", "Olga")
    school.give_room("3B", "Olga")  # twice changes nothing
    assert school.rooms_of("Anna") == ["3A", "3B"]
    assert school.rooms_of("Olga") == ["3B"]
    assert school.room("3B").teachers == ("Anna", "Olga")
    school.take_room("3B", "Anna")
    assert school.rooms_of("Anna") == ["3A"]
    assert school.rooms_of("Nobody") == []
    with pytest.raises(SchoolError, match=r"^There is no class called '5A'"):
        school.give_room("5A", "Anna")
    with pytest.raises(SchoolError, match=r"^There is no teacher called 'Nobody'"):
        school.give_room("3A", "Nobody")
    school.store.close()


def test_room_a_shared_table_plays_in_its_room_only(location: str) -> None:
    school = _school(location)
    school.add_room("3A")
    school.add_room("3B")
    with _room(location, "3A") as room_a, _room(location, "3B") as room_b:
        tables_a = Tables(room_a)
        table = tables_a.make("Mia", 2, "classic")
        tables_a.sit(table.id, "Leo")
        tables_a.start(table.id, "Mia", lambda seats: new_game(len(seats), seed=1))
        assert Tables(room_b).tables() == []
        with pytest.raises(Exception, match="table"):
            Tables(room_b).load(table.id)
        assert len(tables_a.tables()) == 1
    school.store.close()


def test_a_hub_user_reaches_only_the_classes_their_teacher_keeps(
    location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The teacher's server asks this before a download: a child's hub user, someone the
    school does not know, or a class not given to the teacher gets no store."""
    from sq2edu.hub.teacher_classes import classes_of, teachers_store

    school = _school(location)
    for room in ("3A", "3B"):
        school.add_room(room)
    school.add_teacher("Anna", "12345678")
    school.give_room("3A", "Anna")
    anna = school.teacher_user("Anna").name
    child = school.child_user("3A", "Mia").name
    school.store.close()
    with _room(location, "3A") as class_3a:
        _fill(class_3a, "Mia")
    monkeypatch.setenv("SQ2EDU_DB", location)

    assert classes_of(anna) == ("Anna", ["3A"])
    assert classes_of(child) == (None, [])
    assert classes_of("") == (None, [])
    assert classes_of("someone-else") == (None, [])
    kept = teachers_store(anna, "3A")
    assert kept is not None
    assert kept.students() == ["Mia"]
    kept.close()
    assert teachers_store(anna, "3B") is None
    assert teachers_store(child, "3A") is None
    assert teachers_store("someone-else", "3A") is None
