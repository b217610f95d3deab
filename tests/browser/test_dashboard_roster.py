"""The dashboard of a class of a thousand names in Chromium: its tables of children show a
page of 40, the pager turns them in every tab at once, and Find shows one child."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.server.serve import write_cell_notebook
from tests.browser.conftest import WIDGET_TIMEOUT_MS, VoilaServer

NAMES = [f"Child{n:04d}" for n in range(1000)]


def test_a_thousand_names_page_by_page_and_found_by_name(
    voila_server: VoilaServer, page: Page, tmp_path: Path, artifacts_dir: Path
) -> None:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    for name in NAMES:
        store.join(name)
    store.close()
    notebook = write_cell_notebook(
        tmp_path / "teacher.ipynb",
        "from sq2edu.classroom import SQLiteStore\n"
        "from sq2edu.classroom.widgets.dashboard import Dashboard\n"
        f"Dashboard(SQLiteStore({str(tmp_path / 'class.sqlite3')!r}), refresh=0)",
    )
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(voila_server(notebook), wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    rows = page.locator("table.sq2-dash th[scope=row]:visible")
    expect(page.locator(".widget-label:visible", has_text="Students 1–40 of 1000")).to_be_visible(
        timeout=WIDGET_TIMEOUT_MS
    )
    expect(rows).to_have_count(40)
    expect(rows.first).to_have_text("Child0000")
    page.get_by_role("button", name="Next 40").click()
    expect(page.locator(".widget-label:visible", has_text="Students 41–80 of 1000")).to_be_visible()
    expect(rows.first).to_have_text("Child0040")
    page.screenshot(path=artifacts_dir / "dashboard_thousand_names.png", full_page=True)
    # The Skills tab shows the same page, with the same pager.
    page.locator(".lm-TabBar-tab", has_text="Skills").click()
    expect(page.locator(".widget-label:visible", has_text="Students 41–80 of 1000")).to_be_visible()
    expect(rows).to_have_count(40)
    expect(rows.first).to_have_text("Child0040")
    find = page.get_by_role("textbox", name="Find a student")
    find.fill("0999")
    find.press("Enter")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_text("Child0999")
    expect(page.get_by_role("button", name="Next 40")).to_be_disabled()
