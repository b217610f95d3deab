"""A lesson day on the teacher's dashboard: saving settings, tables that break, the code and
the address that stay, the games the computer finished."""

from __future__ import annotations

import base64
import codecs
import csv
import datetime as dt
import io
import re
from pathlib import Path

import pytest

from sq2edu import rescue
from sq2edu.bots import make_bot
from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.exports import CSV_HEADER
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.server.shares import PageBook
from sq2edu.classroom.storage.summary import ClassSummary
from sq2edu.classroom.storage.tables import Tables
from sq2edu.classroom.views.panels import ONLINE_SECONDS, report_html
from sq2edu.classroom.widgets.app import PRESENT_EVERY
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.progress.records import Attempt


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "class.sqlite3")


def test_saving_the_settings_keeps_the_open_lessons(store: SQLiteStore) -> None:
    board = Dashboard(store, refresh=0)
    keys = list(board.lessons.boxes)[:3]
    for key in keys:
        board.lessons.boxes[key].value = True
    board.lessons.save()
    board.settings.op_boxes["÷"].value = False
    board.settings.save()
    settings = ClassSettings.from_dict(store.settings())
    assert settings.lessons == tuple(keys)
    assert settings.operations == "+−×"
    again = Dashboard(store, refresh=0)
    assert [key for key, box in again.lessons.boxes.items() if box.value] == keys


def test_a_page_that_closed_its_websockets_is_gone_after_a_while() -> None:
    now = [0.0]
    book = PageBook(clock=lambda: now[0])
    book.give("k1", "device", "10.0.0.1")
    book.give("k2", "device", "10.0.0.1")
    book.served("k1")
    assert book.socket_opened("k1", "10.0.0.1")
    assert book.gone(5) == []
    assert book.oldest() == "k2"  # its page has no websocket open
    book.socket_closed("k1", "10.0.0.1")
    now[0] = 4.0
    assert book.gone(5) == []
    now[0] = 5.0
    assert book.gone(5) == ["k1"]
    assert book.socket_opened("k1", "10.0.0.1")  # the page came back
    assert book.gone(5) == []


def test_a_kernels_memory_counts_only_once_its_page_has_had_time_to_draw() -> None:
    """A page whose kernel was stopped the moment it connected showed "Loading widget..."
    for ever: its banner, which says why, was never drawn. The first connection starts the
    page's time; a reconnection does not start it again."""
    now = [0.0]
    book = PageBook(clock=lambda: now[0])
    book.give("k1", "device", "10.0.0.1")
    book.give("k2", "device", "10.0.0.2")
    book.served("k1")
    book.served("k2")
    assert book.connected_for(10) == []
    now[0] = 3.0
    assert book.socket_opened("k1", "10.0.0.1")
    now[0] = 12.9
    assert book.connected_for(10) == []
    book.socket_closed("k1", "10.0.0.1")
    assert book.socket_opened("k1", "10.0.0.1")
    now[0] = 13.0
    assert book.connected_for(10) == ["k1"]  # k2's page never connected


def test_a_child_who_left_is_not_online_now_after_half_a_minute(store: SQLiteStore) -> None:
    """ "Online now" stayed for 90-105 s after a child left."""
    now = dt.datetime.now(dt.UTC)
    for name, ago in (("Mia", 12), ("Leo", 21)):
        store.join(name)
        store.seen(name, (now - dt.timedelta(seconds=ago)).isoformat(timespec="seconds"))
    here = Dashboard(store, refresh=0).now.here.value
    assert "Mia</th><td>● online now" in here
    assert "Leo</th><td>last active" in here
    # The page notes the child present often enough to stay "online" while it is open.
    assert PRESENT_EVERY + 4 < ONLINE_SECONDS


def test_the_dashboard_says_when_it_has_lost_the_server(store: SQLiteStore) -> None:
    store.save_settings(ClassSettings(language="nb").to_dict())
    board = Dashboard(store, refresh=0)
    assert board.heartbeat in board.children
    assert board.heartbeat.words["lost"].startswith("Lærerpanelet har mistet forbindelsen")


def test_the_csv_opens_in_a_spreadsheet_in_the_teachers_words(store: SQLiteStore) -> None:
    """Excel showed "ÐœÐ°ÑˆÐ°" for Маша, and codes where a teacher needs words."""
    store.save_settings(ClassSettings(language="ru").to_dict())
    store.record_attempt(
        Attempt(
            "Маша",
            "7 ÷ 2 = 3",
            False,
            ("not-whole",),
            level="within-20",
            hint_level=3,
        )
    )
    board = Dashboard(store, refresh=0)
    found = re.search(r'href="data:text/csv;base64,([^"]+)"', board.settings.download.value)
    assert found is not None
    raw = base64.b64decode(found.group(1))
    assert raw.startswith(codecs.BOM_UTF8)
    head, row = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert head[:3] == ["время", "класс", "ученик"]
    cells = dict(zip(CSV_HEADER, row, strict=True))
    assert cells["student"] == "Маша"
    assert cells["activity"] == "игра"
    assert cells["right"] == "нет"
    assert cells["helped"] == "да"
    assert cells["problems"] == "остаток"
    assert cells["skill"] == "деление, 2 числа"
    assert "within" not in cells["level"]
    assert "sq2-button" in board.settings.download.value


def test_the_parents_report_in_the_childs_language_without_signs_the_class_skips(
    store: SQLiteStore,
) -> None:
    store.save_settings(ClassSettings(operations="+−").to_dict())
    store.record_attempt(Attempt("Маша", "2 + 3 = 5", True))
    board = Dashboard(store, refresh=0)
    board.student.pick.value = "Маша"
    board.student.report_language.value = "ru"
    found = re.search(r'href="data:text/html;base64,([^"]+)"', board.student.report_link.value)
    assert found is not None
    page = base64.b64decode(found.group(1)).decode()
    assert '<html lang="ru">' in page
    assert "Навыки" in page
    assert ": 2 числа" not in page  # no row of division (÷ is written : in Russian)
    assert "+ 2 числа" in page
    served = Dashboard(store, refresh=0, csv_url="sq2edu/attempts.csv")
    served.student.pick.value = "Маша"
    served.student.report_language.value = "nb"
    assert "lang=nb" in served.student.report_link.value


def test_the_groups_form_offers_the_class_signs_and_boxes_to_tick(store: SQLiteStore) -> None:
    """The form ticked ÷ for a class without ÷, and needed Ctrl-click for several children."""
    store.save_settings(ClassSettings(operations="+−×").to_dict())
    for name in ("Mia", "Leo", "Ana"):
        store.join(name)
    board = Dashboard(store, refresh=0)
    assert board.groups.signs["÷"].value is False
    assert board.groups.signs["÷"].layout.display == "none"
    assert board.groups.members.options == ("Mia", "Leo", "Ana")
    boxes = {box.description: box for box in board.groups.members._row.children}
    boxes["Mia"].value = True
    boxes["Ana"].value = True
    board.groups.name.value = "Stars"
    board.groups.save()
    assert store.groups()["Stars"][0] == ["Mia", "Ana"]
    assert store.groups()["Stars"][1]["operations"] == "+−×"


def test_the_teacher_sees_what_each_child_online_is_doing_now(store: SQLiteStore) -> None:
    now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    for name in ("Mia", "Leo", "Ana", "Ola", "Eva"):
        store.join(name)
        store.seen(name, now)
    seven_minutes_ago = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=7, seconds=5)
    store.record_attempt(
        Attempt("Eva", "3 + 3 = 6", True, at=seven_minutes_ago.isoformat(timespec="seconds"))
    )
    store.seen("Eva", now)  # online, with her page open, but answering nothing since
    store.record_attempt(
        Attempt("Mia", "2 + 5 = 7", True, where="lesson", lesson="number-bonds", exercise=3)
    )
    store.record_attempt(Attempt("Leo", "2 × 5 = 10", True, where="lab", level="tables-2-5-10"))
    tables = Tables(store)
    tables.make("Ana", 2, "rescue")
    here = Dashboard(store, refresh=0).now.here.value
    assert "<th scope='col'>Doing now</th>" in here
    assert "Mia</th><td>● online now</td><td>lesson 1, exercise 3</td>" in here
    assert "Leo</th><td>● online now</td><td>Lab: Tables of 2, 5 and 10</td>" in here
    assert "Ana</th><td>● online now</td><td>waiting at a table to start</td>" in here
    # Ola has just joined and answered nothing: not "no answer for 2 minutes".
    assert "Ola</th><td>● online now</td><td>no answer yet</td>" in here
    assert "Eva</th><td>● online now</td><td>no answer for 7 minutes</td>" in here


def test_the_mistakes_tab_names_the_children(store: SQLiteStore) -> None:
    for name in ("Mia", "Leo"):
        store.record_attempt(Attempt(name, "2 + 3 = 6", False, ("not-true",)))
    mistakes = Dashboard(store, refresh=0).mistakes.words.value
    assert "<small>Who: Leo, Mia</small>" in mistakes


def test_an_ended_table_counts_as_a_game_played(store: SQLiteStore) -> None:
    """The parents' report said "0 games" after the teacher ended a table."""
    tables = Tables(store)
    info = tables.make("Mia", 2, "rescue")
    tables.sit(info.id, "Leo")
    shared = tables.start(info.id, "Mia", lambda _seats: rescue.new_game(["Mia", "Leo"], seed=3))
    action = make_bot("easy", seed=1).choose(shared.game.clone())
    tables.move(info.id, shared.info.version, shared.game.current_player, action)
    tables.end(info.id)
    (game,) = store.games()
    assert game.players == ("Mia", "Leo")
    assert game.winner is None
    summary = ClassSummary()
    summary.update(store)
    assert "1 game played, 0 won." in report_html("Mia", "3B", summary, store.games(), "en")
