"""The classroom against a curious child with a script: codes, names, floods, files, errors.

The same attacks against real servers are in ``tests/browser/test_classroom_attacks.py``.
"""

from __future__ import annotations

import datetime as dt
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.app import (
    ATTEMPT_BURST,
    ATTEMPT_EVERY,
    StudentApp,
    check_nickname,
    lookalike,
)
from sq2edu.classroom.client import Client, device_key, this_client
from sq2edu.classroom.dashboard import Dashboard
from sq2edu.classroom.exports import CSV_HEADER, attempts_csv, csv_row
from sq2edu.classroom.limits import (
    ADDRESS_TRIES,
    FIRST_WAIT,
    PAGE_TRIES,
    CodeGuard,
    TokenBucket,
    same_code,
)
from sq2edu.classroom.records import Attempt, GuardEvent
from sq2edu.classroom.store import NameTakenError, ProgressStore

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
    assert lookalike("Мiа") == lookalike("Mia") == "mia"
    assert lookalike("Leo") != lookalike("Lea")


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
    assert str(row[5]).startswith("'" + start)


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
    assert row[4] == "rescue"
    assert row[7] == "not-true missing-card"
    assert row[9] == "5 5 7"
    assert attempts_csv([attempt]).splitlines()[0] == ",".join(CSV_HEADER)
    assert csv_row(attempt)[1] == ""  # an empty cell stays empty
    assert row[-2:] == ["", ""]  # no lesson
    answered = Attempt("Mia", "2 + 5 = 7", True, where="lesson", lesson="number-bonds", exercise=7)
    assert csv_row(answered)[-2:] == ["number-bonds", 7]


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
        "from sq2edu.classroom.kernel_log import keep_errors_in_the_server_log\n"
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
    door = Dashboard(store, refresh=0).door.value
    assert "12 wrong class codes from 10.0.0.7 in the last 10 minutes" in door
    assert "1 try to join with a name another device holds, from 10.0.0.8" in door


def test_the_teacher_frees_renames_and_merges_students(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    StudentApp(store, client=lambda: MIA).join("Mia")
    store.record_attempt(Attempt("Mia", "1 + 1 = 2", True))
    store.record_attempt(Attempt("Mia2", "2 + 2 = 4", True))
    board = Dashboard(store, refresh=0)
    board.pick.value = "Mia"
    board.release_student()
    assert board.manage_message.value == "Mia can join again from any device."
    assert StudentApp(store, client=lambda: LEO).join("Mia")
    board.pick.value = "Mia2"
    board.merge_into.value = "Mia"
    board.merge_student()
    assert store.students() == ["Mia"]
    assert "2 + 2 = 4" in board.student_view.value
    board.new_name.value = "<b>"
    board.rename_student()
    assert board.manage_message.value == "Use letters and numbers only, like Mia or Leo2."
    board.new_name.value = "Maria"
    board.rename_student()
    assert store.students() == ["Maria"]


class CountingStore:
    """A store that counts the attempts each read returns."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.read: list[int] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def attempts(self, *args: Any, **kwargs: Any) -> Any:
        found = self.store.attempts(*args, **kwargs)
        self.read.append(len(found))
        return found

    def attempts_after(self, *args: Any, **kwargs: Any) -> Any:
        found = self.store.attempts_after(*args, **kwargs)
        self.read.append(len(found))
        return found


def test_a_dashboard_refresh_reads_only_what_is_new(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for number in range(300):
        store.record_attempt(Attempt(f"S{number % 30}", "2 + 3 = 5", number % 3 != 0))
    counting = CountingStore(store)
    board = Dashboard(counting, refresh=0, csv_url="sq2edu/attempts.csv")
    assert counting.read == [300]
    store.record_attempt(Attempt("S1", "2 × 3 = 6", True))
    board.refresh()
    assert counting.read == [300, 1]
    assert 'href="sq2edu/attempts.csv"' in board.download.value
    board.pick.value = "S1"
    assert "2 × 3 = 6" in board.student_view.value
