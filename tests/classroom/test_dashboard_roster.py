"""The dashboard at a thousand names: its tables of children show one page at a time, the
class's counts stay whole, and a refresh sends only what changed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import comm
import pytest
from comm.base_comm import BaseComm

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.storage.tables import Tables
from sq2edu.classroom.widgets.dashboard import SHOWN_TABLES, Dashboard
from sq2edu.classroom.widgets.dashboard.roster import PAGE
from sq2edu.progress.records import Attempt

NAMES = [f"Child{n:04d}" for n in range(1000)]


class _Recording(BaseComm):
    """A comm that keeps what a widget would send its page."""

    sent: ClassVar[list[tuple[str, dict[str, Any]]]] = []
    kernel = "recorded"

    def publish_msg(self, msg_type: str, data: Any = None, *args: Any, **keys: Any) -> None:
        _Recording.sent.append((msg_type, json.loads(json.dumps(data or {}, default=str))))


@pytest.fixture
def recorded() -> Iterator[list[tuple[str, dict[str, Any]]]]:
    before = comm.create_comm
    comm.create_comm = _Recording
    _Recording.sent = []
    try:
        yield _Recording.sent
    finally:
        comm.create_comm = before


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "class.sqlite3")


@pytest.fixture
def crowded(store: SQLiteStore) -> SQLiteStore:
    """A class of a thousand names, all seen now; the last has mastered adding."""
    for name in NAMES:
        store.join(name)
        store.seen(name)
    for _try in range(8):
        store.record_attempt(Attempt(NAMES[-1], "2 + 3 = 5", True, (), (2, 3, 5)))
    return store


def _rows(html: str) -> list[str]:
    return re.findall(r"<th scope='row'>([^<]*)</th>", html)


def test_a_thousand_names_show_a_page_at_a_time_and_the_class_counts_stay_whole(
    crowded: SQLiteStore,
) -> None:
    board = Dashboard(crowded, refresh=0)
    assert board.roster.layout.display != "none"
    assert _rows(board.now.here.value) == NAMES[:PAGE]
    assert "<b>1000 students</b> · 1000 online now" in board.now.here.value
    assert _rows(board.skills.grid.value) == NAMES[:PAGE]
    assert board.roster.words.value == f"Students 1–{PAGE} of 1000"
    assert board.roster.previous.disabled
    # The chart of levels counts every child: one of the thousand has mastered adding.
    assert "<title>mastered: 1</title>" in board.skills.levels.value
    assert "<title>not started: 999</title>" in board.skills.levels.value

    board.roster.next.click()
    assert _rows(board.now.here.value) == NAMES[PAGE : 2 * PAGE]
    assert _rows(board.skills.grid.value) == NAMES[PAGE : 2 * PAGE]
    assert board.roster.words.value == f"Students {PAGE + 1}–{2 * PAGE} of 1000"
    assert not board.roster.previous.disabled
    board.roster.previous.click()
    assert _rows(board.now.here.value) == NAMES[:PAGE]


def test_the_teacher_finds_a_child_among_a_thousand_by_part_of_the_name(
    crowded: SQLiteStore,
) -> None:
    board = Dashboard(crowded, refresh=0)
    board.roster.find.value = "0999"
    assert _rows(board.now.here.value) == ["Child0999"]
    assert re.search(r"Child0999</th><td[^>]*>mastered</td>", board.skills.grid.value)
    assert board.roster.words.value == "1–1 of 1 name with “0999”"
    assert board.roster.next.disabled
    board.roster.find.value = "Child09"
    assert _rows(board.now.here.value) == NAMES[900:940]
    assert board.roster.words.value == "1–40 of 100 names with “Child09”"
    board.roster.find.value = "Nobody"
    assert _rows(board.now.here.value) == []
    assert board.roster.words.value == "No name has “Nobody” in it."
    board.roster.find.value = ""
    assert _rows(board.now.here.value) == NAMES[:PAGE]


def test_the_last_page_is_kept_in_view_when_names_go(crowded: SQLiteStore) -> None:
    board = Dashboard(crowded, refresh=0)
    board.roster.first = 960
    board.refresh()
    assert _rows(board.now.here.value) == NAMES[960:]
    assert board.roster.next.disabled
    for name in NAMES[950:]:
        crowded.merge(name, NAMES[0])
    board.refresh()
    assert _rows(board.now.here.value) == NAMES[920:950]


def test_a_class_of_thirty_sees_every_child_and_no_pager(store: SQLiteStore) -> None:
    for name in NAMES[:30]:
        store.join(name)
    board = Dashboard(store, refresh=0)
    assert board.roster.layout.display == "none"
    assert _rows(board.now.here.value) == NAMES[:30]
    assert _rows(board.skills.grid.value) == NAMES[:30]


def test_a_refresh_at_a_thousand_names_sends_a_page_of_rows_and_nothing_unchanged(
    crowded: SQLiteStore, recorded: list[tuple[str, dict[str, Any]]]
) -> None:
    board = Dashboard(crowded, refresh=0)
    board.refresh()
    recorded.clear()
    board.refresh()
    # Nothing new: no widget is made again and no table of children is sent again.
    assert [kind for kind, _data in recorded if kind == "comm_open"] == []
    sent = json.dumps([data for _kind, data in recorded])
    assert "Child0000" not in sent
    for name in NAMES[:30]:
        crowded.record_attempt(Attempt(name, "2 × 3 = 6", True, (), (2, 3, 6)))
    recorded.clear()
    board.refresh()
    sent = json.dumps([data for _kind, data in recorded])
    # The page's rows go again, with their news; no other child's row goes.
    assert "Child0000" in sent
    assert not any(name in sent for name in NAMES[PAGE:])


def test_a_childs_level_changes_at_the_refresh_after_their_attempts(store: SQLiteStore) -> None:
    store.join("Mia")
    board = Dashboard(store, refresh=0)
    assert re.search(r"Mia</th><td[^>]*>not started</td>", board.skills.grid.value)
    for _try in range(8):
        store.record_attempt(Attempt("Mia", "2 + 3 = 5", True, (), (2, 3, 5)))
    board.refresh()
    assert re.search(r"Mia</th><td[^>]*>mastered</td>", board.skills.grid.value)


def test_the_tables_of_classmates_keep_their_rows_and_are_listed_to_a_bound(
    store: SQLiteStore, recorded: list[tuple[str, dict[str, Any]]]
) -> None:
    tables = Tables(store)
    for name in NAMES[: SHOWN_TABLES + 5]:
        store.join(name)
        tables.make(name, 2, "rescue")
    board = Dashboard(store, refresh=0)
    first, second = (info.maker for info in tables.tables()[:2])
    rows = board.now.tables_box.children
    assert len(rows) == SHOWN_TABLES + 1
    assert f"{first}&#39;s table" in rows[0].children[1].value
    assert rows[-1].value == "<p>…and 5 more tables.</p>"
    recorded.clear()
    board.refresh()
    assert [kind for kind, _data in recorded if kind == "comm_open"] == []
    assert list(board.now.tables_box.children) == list(rows)
    rows[0].children[0].click()  # End table
    assert len(board.now.tables_box.children) == SHOWN_TABLES + 1, "asked first"
    rows[0].children[3].click()  # Yes, end the game
    assert len(board.now.tables_box.children) == SHOWN_TABLES + 1
    assert board.now.tables_box.children[-1].value == "<p>…and 4 more tables.</p>"
    assert f"{second}&#39;s table" in board.now.tables_box.children[0].children[1].value


def test_the_group_editor_offers_the_page_shown_and_keeps_the_ticked(
    crowded: SQLiteStore,
) -> None:
    board = Dashboard(crowded, refresh=0)
    assert list(board.groups.members.options) == NAMES[:PAGE]
    board.groups.members.value = ["Child0001"]
    board.roster.find.value = "Child0999"
    assert list(board.groups.members.options) == ["Child0001", "Child0999"]
    board.groups.members.value = ["Child0001", "Child0999"]
    board.roster.find.value = ""
    board.roster.next.click()
    assert list(board.groups.members.options) == [
        "Child0001",
        "Child0999",
        *NAMES[PAGE : 2 * PAGE],
    ]
    board.groups.name.value = "Two"
    board.groups.save()
    assert crowded.groups()["Two"][0] == ["Child0001", "Child0999"]


def test_turning_the_pages_leaves_no_widgets_behind(crowded: SQLiteStore) -> None:
    from ipywidgets.widgets.widget import _instances

    board = Dashboard(crowded, refresh=0)
    board.roster.next.click()
    board.roster.previous.click()
    before = len(_instances)
    for _turn in range(5):
        board.roster.next.click()
        board.roster.previous.click()
    assert len(_instances) <= before
