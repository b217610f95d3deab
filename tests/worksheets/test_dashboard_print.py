"""The dashboard's Worksheets tab: a sheet for the class, a group or one child, downloaded."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.settings import ClassSettings, Focus
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.progress.records import Attempt


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for name in ("Mia", "<b>Leo</b>"):
        store.join(name)
    store.save_settings(ClassSettings(language="ru").to_dict())
    store.save_group("Tables", ["Mia"], Focus("×÷", "tables-2-5-10", "tables-10").to_dict())
    return store


def downloads(board: Dashboard) -> dict[str, bytes]:
    """Each download the tab offers: its file name and what it holds."""
    return {
        name: base64.b64decode(data)
        for name, data in re.findall(
            r'<a [^>]*download="([^"]+)" href="data:[^;]+;base64,([^"]+)"',
            board.worksheets.links.value,
        )
    }


def test_the_tab_offers_the_class_each_group_and_each_child(store: SQLiteStore) -> None:
    board = Dashboard(store, refresh=0)
    assert [value for _label, value in board.worksheets.whom.options] == [
        "class:",
        "group:Tables",
        *(f"student:{name}" for name in store.students()),
    ]
    assert set(store.students()) == {"Mia", "<b>Leo</b>"}
    assert board.worksheets.whom.options[1][0] == "Группа: Tables"


def test_the_form_says_the_level_a_child_s_or_a_group_s_sheet_is_at(store: SQLiteStore) -> None:
    """The list of levels is the class's: for a child or a group the form hides it and says
    the level the sheet comes out at, and the sheet is at that level."""
    store.save_settings(ClassSettings(language="en").to_dict())
    for _ in range(4):
        store.record_attempt(Attempt("<b>Leo</b>", "3 + 7 = 10", True, (), level="bonds-10"))
    board = Dashboard(store, refresh=0)
    tab = board.worksheets
    tab.level.value = "within-20"
    tab.whom.value = "student:<b>Leo</b>"
    assert tab.level.layout.display == "none"
    assert tab.aimed.layout.display != "none"
    assert "Level: Number bonds to 10 (&lt;b&gt;Leo&lt;/b&gt;&#39;s level)" in tab.aimed.value
    assert tab.count.value == 6  # large type: six share two pages
    tab.make()
    assert "Number bonds to 10" in tab.links.value
    tab.whom.value = "group:Tables"
    assert "Level: Tables of 2, 5 and 10 to Times tables to 10 × 10 (the group" in tab.aimed.value
    assert tab.count.value == 12
    tab.count.value = 9
    tab.whom.value = "class:"
    assert tab.level.layout.display != "none"
    assert tab.aimed.layout.display == "none"
    assert tab.count.value == 9  # the teacher's own number is kept


@pytest.mark.browser
def test_a_child_s_sheet_downloads_as_pdfs_and_as_a_page(
    store: SQLiteStore, chromium_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SQ2EDU_CHROMIUM", chromium_path)
    for _ in range(3):
        store.record_attempt(
            Attempt("<b>Leo</b>", "7 − 3 = 5", False, ("not-true",), level="bonds-10")
        )
    board = Dashboard(store, refresh=0)
    board.worksheets.whom.value = "student:<b>Leo</b>"
    board.worksheets.paper.value = "letter"
    board.worksheets.count.value = 6
    board.worksheets.make()
    files = downloads(board)
    (number,) = {re.sub(r"\D", "", name) for name in files}
    assert set(files) == {
        f"worksheet-{number}.pdf",
        f"worksheet-{number}-answers.pdf",
        f"worksheet-{number}.html",
    }
    assert files[f"worksheet-{number}.pdf"].startswith(b"%PDF")
    page = files[f"worksheet-{number}.html"].decode()
    assert '<html lang="ru">' in page
    assert "&lt;b&gt;Leo&lt;/b&gt;" in page  # a name from a browser is text, never markup
    assert "<b>Leo</b>" not in page
    assert "Больше заданий на: − с двумя числами" in page
    assert "size: 215.9mm 279.4mm" in page


def test_without_a_browser_the_page_alone_is_offered_and_the_teacher_told_why(
    store: SQLiteStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SQ2EDU_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    board = Dashboard(store, refresh=0)
    board.worksheets.whom.value = "group:Tables"
    board.worksheets.make()
    files = downloads(board)
    assert [name.endswith(".html") for name in files] == [True]
    page = next(iter(files.values())).decode()
    assert "Группа: Tables" in page
    assert "Таблица умножения" in page
    assert "На этом компьютере нет Chromium или Chrome" in board.worksheets.links.value


def test_a_child_gone_since_the_last_refresh_is_said_not_raised(store: SQLiteStore) -> None:
    board = Dashboard(store, refresh=0)
    board.worksheets.whom.value = "student:Mia"
    store.rename("Mia", "Mila")
    board.worksheets.make()
    assert board.worksheets.links.value == "<p>Mia больше нет в классе.</p>"
    assert "student:Mila" in dict(board.worksheets.whom.options).values()


def test_a_level_without_the_class_signs_is_said(store: SQLiteStore) -> None:
    store.save_settings(ClassSettings(operations="+−", language="nb").to_dict())
    board = Dashboard(store, refresh=0)
    board.worksheets.whom.value = "class:"
    board.worksheets.level.value = "tables-10"
    board.worksheets.make()
    assert board.worksheets.links.value == (
        "<p>Dette nivået har ingen oppgaver med klassens tegn: velg et annet.</p>"
    )


def test_a_browser_that_prints_nothing_leaves_the_page_to_print(
    store: SQLiteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SQ2EDU_CHROMIUM", "true")  # a program that starts and prints nothing
    board = Dashboard(store, refresh=0)
    board.worksheets.make()
    assert [name.rpartition(".")[2] for name in downloads(board)] == ["html"]
    assert "Браузер не смог сделать PDF" in board.worksheets.links.value


def test_a_sheet_comes_in_the_language_the_teacher_chooses(
    store: SQLiteStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet came in the class's language only: Ola's and Дима's were English."""
    monkeypatch.delenv("SQ2EDU_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    board = Dashboard(store, refresh=0)
    assert board.worksheets.sheet_language.value == "ru"
    for whom, lang, words in [
        ("group:Tables", "nb", "Gruppe: Tables"),
        ("class:", "en", "Name"),
    ]:
        board.worksheets.whom.value = whom
        board.worksheets.sheet_language.value = lang
        board.worksheets.make()
        page = next(iter(downloads(board).values())).decode()
        assert f'lang="{lang}"' in page
        assert words in page
        # What the tab says to the teacher stays in the dashboard's language.
        assert "На этом компьютере нет Chromium или Chrome" in board.worksheets.links.value
