"""Draw the main screens for the documentation: ``python -m tests.browser.screenshots``.

Writes ``docs/images/table_*.png`` at laptop size (1280×800) with the same scenes and the same
browser module the sweep tests, so the pictures in the docs are what a child sees, and
``docs/images/dashboard_*.png``: the teacher's dashboard in a real Voilà at 1024 pixels.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from sq2edu.classroom.server.serve import write_cell_notebook
from tests.browser.conftest import CHROMIUM_ARGS, VoilaProcess, find_chromium
from tests.browser.harness import show_widget
from tests.browser.scenes import SCENES

#: (scene, language, clicks after drawing, file name)
SHOTS = (
    ("rescue-start", "en", ("[data-key='how']",), "table_how_to_play.png"),
    ("rescue-builder-red-knight", "en", (), "table_builder.png"),
    ("rescue-wrong-equation", "en", (), "builder_wrong.png"),
    ("rescue-take-king", "nb", (), "table_take_king_nb.png"),
    ("rescue-pair-book-and-rescue", "ru", (), "table_choices_ru.png"),
    ("classic-turn", "en", (), "table_classic.png"),
    ("rescue-computer-wins", "en", (), "table_game_over.png"),
)


#: (language, tab index, file name) of the dashboard's pictures.
DASHBOARD = (
    ("en", 0, "dashboard_now.png"),
    ("en", 3, "dashboard_mistakes.png"),
    ("en", 5, "dashboard_progress.png"),
    ("ru", 2, "dashboard_skills_ru.png"),
)


def dashboards(browser: object, out: Path) -> None:
    """The dashboard's tabs, over a made-up class of eight."""
    from tests.browser.test_dashboard import _class_store

    for lang in dict.fromkeys(lang for lang, _tab, _name in DASHBOARD):
        with tempfile.TemporaryDirectory() as folder:
            store = Path(folder) / "class.sqlite3"
            _class_store(store, lang)
            notebook = write_cell_notebook(
                Path(folder) / "teacher.ipynb",
                "from sq2edu.classroom import SQLiteStore\n"
                "from sq2edu.classroom.widgets.dashboard import Dashboard\n"
                f"Dashboard(SQLiteStore({str(store)!r}), refresh=0,"
                " student_url='http://192.0.2.2:8866/', class_code='OWL')",
            )
            server = VoilaProcess(notebook, Path(folder) / "voila.log")
            try:
                server.wait_until_up()
                page = browser.new_page(viewport={"width": 1024, "height": 768})  # type: ignore[attr-defined]
                page.goto(server.base_url, wait_until="commit", timeout=60_000)
                tabs = page.locator(".lm-TabBar-tab")
                tabs.first.wait_for(timeout=60_000)
                for shot_lang, tab, file_name in DASHBOARD:
                    if shot_lang == lang:
                        tabs.nth(tab).click()
                        page.wait_for_timeout(400)
                        page.screenshot(path=out / file_name)
                        print(out / file_name)
                page.close()
            finally:
                server.stop()


def main(out: Path = Path("docs/images")) -> None:
    """Write every screenshot of :data:`SHOTS` and :data:`DASHBOARD` into ``out``."""
    chromium = find_chromium()
    if chromium is None:
        sys.exit("no Chromium found: apt-get install chromium")
    scenes = {scene.name: scene for scene in SCENES}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        for name, lang, clicks, file_name in SHOTS:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            scene = scenes[name]
            show_widget(page, scene.table(lang))
            for selector in (*scene.clicks, *clicks):
                page.locator(selector).click()
            page.wait_for_timeout(100)
            page.screenshot(path=out / file_name)
            page.close()
            print(out / file_name)
        dashboards(browser, out)
        browser.close()


if __name__ == "__main__":
    main()
