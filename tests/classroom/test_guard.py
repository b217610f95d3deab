"""The classroom against a curious child with a script: codes, names, floods, files, errors.

The same attacks against real servers are in ``tests/browser/test_classroom_attacks.py``.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.exports import CSV_HEADER, attempts_csv, csv_row
from sq2edu.classroom.server.client import Client, device_key, this_client
from sq2edu.classroom.server.limits import (
    ADDRESS_TRIES,
    FIRST_WAIT,
    GUESSES_A_DAY,
    PAGE_TRIES,
    CodeGuard,
    TokenBucket,
    address_wait,
    guesses_in,
    same_code,
)
from sq2edu.classroom.storage.store import NameTakenError, ProgressStore, SQLStore
from sq2edu.classroom.storage.tables import Tables
from sq2edu.classroom.widgets.app import ATTEMPT_BURST, ATTEMPT_EVERY, StudentApp, check_nickname
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.classroom.widgets.lobby import PRESS_BURST, SHOWN_TABLES, Lobby
from sq2edu.classroom.widgets.screens import widget_tree
from sq2edu.i18n import language
from sq2edu.progress.confusables import TABLE, skeleton, table_from
from sq2edu.progress.nicknames import lookalike_keys, similar_names
from sq2edu.progress.records import Attempt, GuardEvent

MIA = Client("10.0.0.7", device_key("Mia's tablet"))
LEO = Client("10.0.0.8", device_key("Leo's laptop"))


class Clock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- the class code -----------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["OWL", "owl", " o w l ", "Ｏｗｌ", "oWl\t"])
def test_the_class_code_ignores_case_spaces_and_width(typed: str) -> None:
    assert same_code(typed, "OWL")


@pytest.mark.parametrize("typed", ["", "OW", "OWLS", "0WL", "CAT"])
def test_a_wrong_class_code_is_wrong(typed: str) -> None:
    assert not same_code(typed, "OWL")


def test_after_five_wrong_codes_a_page_waits_and_its_waits_double(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    clock = Clock()
    guard = CodeGuard(store, "OWL", clock)
    for _try in range(PAGE_TRIES - 1):
        assert guard.check("CAT", "10.0.0.7").wait == 0
    fifth = guard.check("CAT", "10.0.0.7")
    assert (fifth.ok, fifth.wait) == (False, FIRST_WAIT)
    # While it waits, even the right code is not checked, and nothing is written.
    clock.now += FIRST_WAIT - 1
    waiting = guard.check("OWL", "10.0.0.7")
    assert not waiting.ok
    assert waiting.wait == pytest.approx(1)
    assert len(store.events(kind="wrong-code")) == PAGE_TRIES
    clock.now += 1
    assert guard.check("CAT", "10.0.0.7").wait == 2 * FIRST_WAIT
    clock.now += 2 * FIRST_WAIT
    assert guard.check("OWL", "10.0.0.7").ok


def test_a_new_page_from_the_same_address_keeps_waiting(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for _page in range(ADDRESS_TRIES // PAGE_TRIES):
        guard = CodeGuard(store, "OWL", Clock())
        for _try in range(PAGE_TRIES):
            guard.check("CAT", "10.0.0.7")
    fresh = CodeGuard(store, "OWL", Clock())
    refused = fresh.check("OWL", "10.0.0.7")
    assert not refused.ok
    assert refused.wait > 0
    # Another device on the network is not held up by it.
    assert CodeGuard(store, "OWL", Clock()).check("OWL", "10.0.0.8").ok


class Wall:
    """A time of day that passes only when a test says so."""

    def __init__(self) -> None:
        self.now = dt.datetime(2030, 1, 1, 8, 0, tzinfo=dt.UTC)

    def __call__(self) -> dt.datetime:
        return self.now


def test_an_address_keeps_its_wrong_tries_after_ten_quiet_minutes_and_a_restart(
    tmp_path: Path,
) -> None:
    """The wrong tries of an address are remembered for a day: waiting out a window (the
    old ten minutes, after which twenty more tries were free) or a restart wins nothing."""
    wall = Wall()
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for _try in range(ADDRESS_TRIES + 6):
        guard = CodeGuard(store, "OWL", wall=wall)
        wall.now += dt.timedelta(seconds=guard.wait("10.0.0.7") + 1)
        assert guard.check("CAT", "10.0.0.7").checked
    store.close()
    wall.now += dt.timedelta(minutes=11)
    reopened = SQLiteStore(tmp_path / "class.sqlite3")
    next_try = CodeGuard(reopened, "OWL", wall=wall).check("CAT", "10.0.0.7")
    assert next_try.checked
    assert next_try.wait == address_wait(ADDRESS_TRIES + 7) == 640
    assert not CodeGuard(reopened, "OWL", wall=wall).check("OWL", "10.0.0.7").checked
    # A day later it is forgotten.
    wall.now += dt.timedelta(days=1)
    assert CodeGuard(reopened, "OWL", wall=wall).check("OWL", "10.0.0.7").ok


def test_a_right_code_forgives_its_addresss_wrong_ones(tmp_path: Path) -> None:
    wall = Wall()
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for _try in range(ADDRESS_TRIES - 1):
        CodeGuard(store, "OWL", wall=wall).check("CAT", "10.0.0.7")
    assert CodeGuard(store, "OWL", wall=wall).check("OWL", "10.0.0.7").ok
    # Nineteen more mistypes after the right code cost no wait.
    for _try in range(ADDRESS_TRIES - 1):
        assert CodeGuard(store, "OWL", wall=wall).check("CAT", "10.0.0.7").wait == 0


def test_guessing_from_one_address_checks_about_29_codes_a_day(tmp_path: Path) -> None:
    """The figure docs/security.md gives: a script that tries the moment it may."""
    assert guesses_in(24 * 3600, SQLiteStore(tmp_path / "day.sqlite3")) == 52
    month = guesses_in(30 * 24 * 3600, SQLiteStore(tmp_path / "month.sqlite3"))
    assert month == 894
    assert round((month - 52) / 29) == GUESSES_A_DAY == 29
    security = (Path(__file__).parents[2] / "docs" / "security.md").read_text()
    assert "52 on the first day and about 29 a day after that (894 in thirty days)" in security


def test_a_wrong_code_is_kept_for_the_teacher_without_the_code_itself(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    CodeGuard(store, "OWL").check("SECRET-GUESS", "10.0.0.7")
    (event,) = store.events()
    assert (event.kind, event.address, event.detail) == ("wrong-code", "10.0.0.7", "")


# -- names --------------------------------------------------------------------------------


def test_a_second_device_cannot_join_with_a_name_another_holds(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    mia = StudentApp(store, client=lambda: MIA)
    assert mia.join("Mia")
    intruder = StudentApp(store, client=lambda: LEO)
    assert not intruder.join("Mia")
    assert intruder.problem.value == (
        "Someone else is already Mia on another device. Choose another nickname, "
        "or ask your teacher."
    )
    assert intruder.student is None
    (event,) = store.events(kind="name-taken")
    assert (event.address, event.detail) == ("10.0.0.8", "Mia")
    # Mia's own device comes back to her name, in a new page.
    assert StudentApp(store, client=lambda: MIA).join("Mia")


def test_a_device_holds_one_name_and_changes_it_slowly_and_visibly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    assert StudentApp(store, client=lambda: MIA).join("Mia")
    # The same device, in this page or a new one, cannot be someone else at once.
    for name in ("Zoe", "Zoe2", "Zoe3"):
        page = StudentApp(store, client=lambda: MIA)
        assert not page.join(name)
        assert page.problem.value == (
            "This device is Mia in the class. To be someone else, ask your teacher, or try "
            "again in 10 minutes."
        )
    assert store.students() == ["Mia"]
    # After a while it may: the old name is let go, and the teacher sees the change.
    monkeypatch.setattr("sq2edu.classroom.widgets.app.NAME_CHANGE_SECONDS", 0)
    assert StudentApp(store, client=lambda: MIA).join("Zoe")
    assert store.device_name(MIA.device or "") is not None
    assert (store.device_name(MIA.device or "") or ("", ""))[0] == "Zoe"
    (change,) = store.events(kind="name-change")
    assert (change.address, change.detail) == ("10.0.0.7", "Mia → Zoe")
    # Mia is free for her own new device.
    assert StudentApp(store, client=lambda: LEO).join("Mia")


def test_the_teacher_frees_a_devices_name(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    assert StudentApp(store, client=lambda: MIA).join("Mia")
    store.release("Mia")
    assert StudentApp(store, client=lambda: MIA).join("Zoe")


def test_join_is_pressed_a_few_times_a_minute_at_most(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    page = StudentApp(store, "OWL", client=lambda: MIA)
    answers = []
    for number in range(8):
        page.join(f"Mia{number}", "CAT")
        answers.append(page.problem.value)
    assert answers[-1] == "Too many tries. Wait 3 seconds, then try again."
    assert len(store.events(kind="wrong-code")) == 5


def test_an_address_leaves_the_teacher_thirty_refusals_a_minute_at_most(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    assert StudentApp(store, client=lambda: MIA).join("Mia")
    for number in range(60):
        device = Client("10.0.0.8", device_key(f"tablet {number}"))
        StudentApp(store, client=functools.partial(lambda held: held, device)).join("Mia")
    assert len(store.events(kind="name-taken")) == 30


def test_a_returning_device_finds_its_name_and_language(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    assert StudentApp(store, client=lambda: MIA).join("Маша")
    back = Client(MIA.address, MIA.device, language="ru")
    page = StudentApp(store, client=lambda: back)
    page.refresh_class()
    assert page.nickname.value == "Маша"
    assert page.language == "ru"
    assert page.join_button.description == "Войти"
    assert page.heartbeat.chosen == "ru"
    # Another device finds an empty field.
    other = StudentApp(store, client=lambda: LEO)
    other.refresh_class()
    assert other.nickname.value == ""


def test_enter_in_the_class_code_presses_join(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    page = StudentApp(store, "OWL", client=lambda: MIA)
    page.nickname.value = "Mia"
    page.code.value = "owl"
    page.code._handle_custom_msg({"event": "submit"}, [])
    assert page.student == "Mia"


@pytest.mark.parametrize("copy", ["Мiа", "МIА", "mia", "Mía", "M ia", "Ｍｉａ"])
def test_a_name_that_looks_like_a_classmates_is_refused(tmp_path: Path, copy: str) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    assert StudentApp(store, client=lambda: MIA).join("Mia")
    other = StudentApp(store, client=lambda: LEO)
    assert not other.join(copy)
    assert other.problem.value in (
        "That looks too much like Mia. Choose another nickname.",
        "Use the letters of one alphabet in your nickname.",
        "Someone else is already Mia on another device. Choose another nickname, "
        "or ask your teacher.",
    )
    assert store.students() == ["Mia"]


def test_names_are_normalised_and_must_keep_to_one_alphabet() -> None:
    assert check_nickname("Ｍｉａ") == "Mia"
    assert check_nickname("Маша") == "Маша"
    with pytest.raises(ValueError, match=r"^Use the letters of one alphabet in your nickname\.$"):
        check_nickname("Мia")
    assert lookalike_keys("Мiа") & lookalike_keys("Mia")
    assert not lookalike_keys("Leo") & lookalike_keys("Lea")


# Latin letters that look like i, a and l beside Latin names, and a capital I for an l: none
# of them is another alphabet's, so only Unicode's confusable skeletons tell them apart.
LOOKALIKES = {
    "Mia": ["Mıa", "Mɪa", "Miɑ", "Mɩa", "mia", "MIA", "Mía", "Міа", "M-ia"],
    "Ella": ["EIla", "ElIa", "EILA", "ella"],
    "Ali": ["AIi", "Alı", "ALI", "A1i"],
    "Isla": ["lsla", "ISLA", "isla", "1sla"],
    "Leo": ["Le0", "LEO"],
}


@pytest.mark.parametrize(("name", "copy"), [(n, c) for n, cs in LOOKALIKES.items() for c in cs])
def test_confusable_names_look_alike(name: str, copy: str) -> None:
    assert similar_names(check_nickname(copy), [name, "Zoe"]) == [name]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Mia", "Mila"),
        ("Leo", "Lea"),
        ("Ali", "Alia"),
        ("Ella", "Ela"),
        ("Маша", "Миша"),
        ("Ida", "Ada"),
    ],
)
def test_different_names_do_not_look_alike(one: str, other: str) -> None:
    assert similar_names(one, [other]) == []


def test_the_skeletons_are_unicodes() -> None:
    """The table holds Unicode's prototypes (UTS #39), not a hand-made list."""
    assert skeleton("Mɩa") == skeleton("Mia") == "Mia"
    assert skeleton("EIla") == "Ella"
    assert skeleton("m") == "rn"  # Unicode's own: an m looks like r and n side by side
    header = TABLE.read_text(encoding="utf-8").splitlines()[0]
    assert "confusables.txt (UTS #39), version 17.0.0" in header
    sample = (
        "# Version: 17.0.0\n"
        "0131 ;\t0069 ;\tMA\t# ( ı → i ) LATIN SMALL LETTER DOTLESS I\n"
        "2010 ;\t002D ;\tMA\t#* ( ‐ → - ) HYPHEN\n"
        "00E9 ;\t0065 0301 ;\tMA\t# precomposed: decomposed before it is looked up\n"
    )
    lines = table_from(sample).splitlines()
    assert lines[-1] == "ı\ti"
    assert not any(line.startswith("‐") or line.startswith("é") for line in lines)


def test_store_a_device_holds_one_name_when_it_joins_as_the_only_one(
    any_store: ProgressStore,
) -> None:
    store = any_store
    assert isinstance(store, SQLStore)
    tablet = "a" * 64
    assert store.device_name(tablet) is None
    assert store.join("Mia", tablet, only=True)
    held = store.device_name(tablet)
    assert held is not None
    assert held[0] == "Mia"
    # Taking another name lets go of the first, in one transaction.
    assert store.join("Mai", tablet, only=True)
    assert store.device_name(tablet) is not None
    assert store.device_name(tablet)[0] == "Mai"  # type: ignore[index]
    assert store.join("Mia", "b" * 64)  # Mia is free again: her own new tablet takes it
    # A name another device holds is not taken, and the device keeps the one it has.
    assert not store.join("Mia", tablet, only=True)
    assert store.device_name(tablet)[0] == "Mai"  # type: ignore[index]
    store.release("Mai")
    assert store.device_name(tablet) is None


def test_store_a_name_belongs_to_the_first_device(any_store: ProgressStore) -> None:
    store = any_store
    assert store.join("Mia", "a" * 64)
    assert not store.join("Mia", "b" * 64)
    assert store.join("Mia", "a" * 64)
    assert store.join("Mia")  # a notebook of one's own holds no name
    store.release("Mia")
    assert store.join("Mia", "b" * 64)
    assert not store.join("Mia", "a" * 64)


def test_store_the_teacher_renames_and_merges(any_store: ProgressStore) -> None:
    store = any_store
    store.record_attempt(Attempt("Mia", "1 + 1 = 2", True))
    store.record_attempt(Attempt("Mia2", "2 + 2 = 4", True))
    store.record_attempt(Attempt("Leo", "3 + 3 = 6", True))
    with pytest.raises(NameTakenError):
        store.rename("Mia2", "Leo")
    store.merge("Mia2", "Mia")
    assert store.students() == ["Mia", "Leo"]
    assert [a.text for a in store.attempts("Mia")] == ["2 + 2 = 4", "1 + 1 = 2"]
    store.rename("Mia", "Maria")
    assert store.students() == ["Maria", "Leo"]
    assert len(store.attempts("Maria")) == 2


def test_store_events_are_kept_by_kind_address_and_time(any_store: ProgressStore) -> None:
    store = any_store
    old = (dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)).isoformat(timespec="seconds")
    store.record_event(GuardEvent("wrong-code", "10.0.0.7", "", old))
    store.record_event(GuardEvent("wrong-code", "10.0.0.7"))
    store.record_event(GuardEvent("name-taken", "10.0.0.8", "Mia"))
    recent = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)).isoformat(timespec="seconds")
    assert [e.kind for e in store.events(recent)] == ["name-taken", "wrong-code"]
    assert len(store.events(kind="wrong-code", address="10.0.0.7")) == 2
    assert store.events(kind="wrong-code", address="10.0.0.8") == []


def test_a_new_class_keeps_the_teachers_settings_and_archives_the_old(
    any_store: ProgressStore,
) -> None:
    """A teacher's choices carry over to the next group; the records do not."""
    store = any_store
    store.save_settings({"operations": "+−", "hints": "off", "language": "ru"})
    store.record_attempt(Attempt("Mia", "1 + 1 = 2", True))
    store.new_class("Class 3B")
    assert store.settings() == {"operations": "+−", "hints": "off", "language": "ru"}
    assert store.students() == []
    assert store.attempts() == []
    assert [name for name, _archived in store.classes()] == ["My class", "Class 3B"]
    assert [archived is None for _name, archived in store.classes()] == [False, True]
    store.save_settings({"operations": "+"})
    store.new_class("Class 3C")
    assert store.settings() == {"operations": "+"}


# -- floods -------------------------------------------------------------------------------


def test_a_token_bucket_lets_a_burst_through_and_then_one_at_a_time() -> None:
    clock = Clock()
    bucket = TokenBucket(3, 2.0, clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 1.9
    assert not bucket.take()
    clock.now += 0.2
    assert bucket.take()


def test_equations_checked_faster_than_a_child_can_are_refused_kindly(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    app = StudentApp(store, client=lambda: MIA)
    # The app's own bucket on a clock the test moves: fifty checks in no time at all, on a
    # machine of any speed.
    clock = Clock()
    app.attempt_tokens = TokenBucket(ATTEMPT_BURST, ATTEMPT_EVERY, clock)
    app.join("Mia")
    lab = app.practise()
    for _try in range(50):
        lab.use_cards([2, 3, 5])
        lab.handle({"intent": "check", "text": "2 + 3 = 6"})
    assert len(store.attempts("Mia")) == ATTEMPT_BURST
    assert lab.state["message"] == "Slow down a little: think about your next equation first."
    # A child who thinks for a while between two equations is never slowed down.
    clock.now += ATTEMPT_EVERY
    lab.use_cards([2, 3, 5])
    lab.handle({"intent": "check", "text": "2 + 3 = 5"})
    assert len(store.attempts("Mia")) == ATTEMPT_BURST + 1
    assert lab.state["message"] != "Slow down a little: think about your next equation first."


# -- what is written, and where -----------------------------------------------------------


def test_the_store_file_is_for_the_teachers_account_only(tmp_path: Path) -> None:
    folder = tmp_path / "new-folder"
    store = SQLiteStore(folder / "class.sqlite3")
    store.record_attempt(Attempt("Mia", "1 + 1 = 2", True))
    for name in ("class.sqlite3", "class.sqlite3-wal", "class.sqlite3-shm"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    store.close()


@pytest.mark.parametrize(
    "start", ["=", "+", "-", "@", "\t", "\r", "\n", " ", "＝", "＋", "－", "＠"]
)
def test_the_csv_guards_every_first_character_a_spreadsheet_runs(start: str) -> None:
    row = csv_row(Attempt(start + "cmd|' /C calc'!A0", start + "1+1", False), start + "3B")
    assert row[1] == "'" + start + "3B"
    assert str(row[2]).startswith("'" + start)
    # The equation is shown as the checker reads it ("-1+1" is "− 1 + 1", a sign no
    # spreadsheet runs) or, where it reads none, guarded like the rest.
    equation = str(row[5])
    assert equation.startswith("'" + start) or equation[0] not in "=+-@\t\r\n ＝＋－＠"


def test_the_csv_has_local_times_the_class_the_level_the_cards_held_and_each_problem_once() -> None:
    attempt = Attempt(
        "Mia",
        "7 = 5 + 5 + 5",
        False,
        ("not-true", "missing-card", "missing-card"),
        at="2026-12-01T12:00:00+00:00",
        cards=(5, 5, 7),
        level="rescue",
    )
    row = csv_row(attempt, "Class 3B")
    local = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC).astimezone()
    assert row[0] == local.strftime("%Y-%m-%d %H:%M:%S")
    assert row[1] == "Class 3B"
    assert row[4] == "The Rescue's cards"
    assert row[CSV_HEADER.index("problems")] == "sides not equal; a number not held as a card"
    assert row[CSV_HEADER.index("cards held")] == "5 5 7"
    assert row[CSV_HEADER.index("helped")] == "no"
    assert attempts_csv([attempt]).splitlines()[0] == "\ufeff" + ",".join(CSV_HEADER)
    assert csv_row(attempt)[1] == ""  # an empty cell stays empty
    assert row[-2:] == ["", ""]  # no lesson
    answered = Attempt("Mia", "2 + 5 = 7", True, where="lesson", lesson="number-bonds", exercise=7)
    assert csv_row(answered)[-2:] == ["1. Number bonds", 7]
    shown = Attempt("Mia", "2 + 5 = 7", True, hint_level=3)
    assert csv_row(shown)[CSV_HEADER.index("right") : CSV_HEADER.index("helped") + 1] == [
        "yes",
        "yes",
    ]


@pytest.mark.parametrize("lang", ["en", "ru", "nb"])
def test_a_whole_csv_says_each_row_as_that_row_alone_says_it(lang: str) -> None:
    # The CSV of a class looks each word up once; a word kept for one row must never leak
    # into another (a level into a lesson's cell, one child's problems into the next's).
    attempts = [
        Attempt("Mia", "2 + 3 = 5", True, level="rescue", where="lab"),
        Attempt("Oleg", "2 × 3 = 7", False, ("not-true",), where="lab", level="tables-2-5-10"),
        Attempt("Ola", "6 ÷ 2 = 3", True, where="lesson", lesson="number-bonds", exercise=2),
        Attempt("Mia", "=2+3", False, ("syntax",), cards=(2, 3), hint_level=3),
        Attempt("Oleg", "2 × 3 = 7", False, ("not-true", "missing-card")),
        Attempt("Ola", "1 + 1 = 2", True, where="challenge", typed=True),
        # A lesson no longer known is written by its key, even a key that is also a word.
        Attempt("Ola", "1 + 1 = 2", True, where="lesson", lesson="lesson", exercise=1),
    ]
    with language(lang):
        whole = list(csv.reader(io.StringIO(attempts_csv(attempts, "3B"))))[1:]
        alone = [[str(cell) for cell in csv_row(attempt, "3B")] for attempt in attempts]
    assert whole == alone
    assert len({row[CSV_HEADER.index("problems")] for row in whole}) == 4
    assert whole[-1][CSV_HEADER.index("lesson")] == "lesson"


def test_a_kernel_learns_its_client_only_from_the_server(tmp_path: Path) -> None:
    kernel = "f7f51378-d65e-4099-a421-216de37bb018"
    (tmp_path / "clients").mkdir()
    record = tmp_path / "clients" / f"{kernel}.json"
    record.write_text('{"address": "10.0.0.7", "device": "' + "a" * 64 + '"}')
    assert this_client(str(tmp_path), kernel) == Client("10.0.0.7", "a" * 64)
    record.write_text('{"address": "10.0.0.7", "device": "<script>"}')
    assert this_client(str(tmp_path), kernel) == Client("10.0.0.7", None)
    assert this_client(str(tmp_path), "other") == Client()
    assert this_client("", kernel) == Client()


def test_a_kernels_errors_go_to_the_server_log_not_the_page(tmp_path: Path) -> None:
    log = tmp_path / "classroom.log"
    script = (
        "import logging, os, sys\n"
        "from sq2edu.classroom.server.kernel_log import keep_errors_in_the_server_log\n"
        "logging.basicConfig()\n"
        f"keep_errors_in_the_server_log({str(log)!r})\n"
        "logging.getLogger('x').error('Traceback (most recent call last): boom')\n"
        "print('python stderr', file=sys.stderr)\n"
        "os.write(2, b'fd stderr\\n')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0
    assert done.stderr == ""
    written = log.read_text()
    for line in ("Traceback (most recent call last): boom", "python stderr", "fd stderr"):
        assert line in written
    assert stat.S_IMODE(log.stat().st_mode) == 0o600


# -- the teacher's side -------------------------------------------------------------------


def test_the_dashboard_shows_who_was_refused_at_the_door(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for _try in range(12):
        store.record_event(GuardEvent("wrong-code", "10.0.0.7"))
    store.record_event(GuardEvent("name-taken", "10.0.0.8", "Mia"))
    door = Dashboard(store, refresh=0).now.door.value
    assert "12 wrong class codes from 10.0.0.7 in the last 10 minutes" in door
    assert "1 try to join with a name another device holds, from 10.0.0.8" in door


def test_the_teacher_frees_renames_and_merges_students(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    StudentApp(store, client=lambda: MIA).join("Mia")
    store.record_attempt(Attempt("Mia", "1 + 1 = 2", True))
    store.record_attempt(Attempt("Mia2", "2 + 2 = 4", True))
    board = Dashboard(store, refresh=0)
    board.student.pick.value = "Mia"
    board.student.release()
    assert board.student.message.value == "Mia can join again from any device."
    assert StudentApp(store, client=lambda: LEO).join("Mia")
    board.student.pick.value = "Mia2"
    board.student.merge_into.value = "Mia"
    board.student.merge()
    assert store.students() == ["Mia"]
    assert "2 + 2 = 4" in board.student.view.value
    board.student.new_name.value = "<b>"
    board.student.rename()
    assert board.student.message.value == "Use letters and numbers only, like Mia or Leo2."
    board.student.new_name.value = "Maria"
    board.student.rename()
    assert store.students() == ["Maria"]


class CountingStore(SQLiteStore):
    """A store that counts the attempts each read returns."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.read: list[int] = []

    def attempts(self, *args: Any, **kwargs: Any) -> Any:
        found = super().attempts(*args, **kwargs)
        self.read.append(len(found))
        return found

    def attempts_after(self, *args: Any, **kwargs: Any) -> Any:
        found = super().attempts_after(*args, **kwargs)
        self.read.append(len(found))
        return found


def test_a_dashboard_refresh_reads_only_what_is_new(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for number in range(300):
        store.record_attempt(Attempt(f"S{number % 30}", "2 + 3 = 5", number % 3 != 0))
    counting = CountingStore(tmp_path / "class.sqlite3")
    board = Dashboard(counting, refresh=0, csv_url="sq2edu/attempts.csv")
    assert counting.read == [300]
    store.record_attempt(Attempt("S1", "2 × 3 = 6", True))
    board.refresh()
    assert counting.read == [300, 1]
    assert 'href="sq2edu/attempts.csv"' in board.settings.download.value
    board.student.pick.value = "S1"
    assert "2 × 3 = 6" in board.student.view.value


def test_making_tables_in_a_loop_writes_a_few_rows(tmp_path: Path) -> None:
    import sqlite3

    store = SQLiteStore(tmp_path / "class.sqlite3")
    page = StudentApp(store, client=lambda: MIA)
    assert page.join("Mia")
    lobby = page.play_together()
    assert isinstance(lobby, Lobby)
    for _press in range(200):
        lobby.make(2)
    assert "Too many tries. Wait 2 seconds, then try again." in lobby.problem.value
    # A new lobby of the same page brings no new presses.
    again = page.play_together()
    assert isinstance(again, Lobby)
    again.make(3)
    with sqlite3.connect(tmp_path / "class.sqlite3") as db:
        (rows,) = db.execute("SELECT count(*) FROM game_tables").fetchone()
    assert rows == PRESS_BURST


def test_a_lobby_lists_a_bounded_number_of_tables(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    tables = Tables(store)
    for number in range(SHOWN_TABLES + 15):
        store.join(f"Child{number}")
        tables.make(f"Child{number}", 2, "rescue")
    store.join("Mia")
    lobby = Lobby(
        tables,
        "Mia",
        "rescue",
        dealer=lambda _edition: None,  # type: ignore[arg-type, return-value]
        level="easy",
        on_playing=print,
    )
    sits = [w for w in widget_tree(lobby) if getattr(w, "description", "") == "Sit here"]
    assert len(sits) == SHOWN_TABLES
