"""Draw the card table's main states for the documentation: ``python -m tests.browser.screenshots``.

Writes ``docs/images/table_*.png`` at laptop size (1280×800) with the same scenes and the same
browser module the sweep tests, so the pictures in the docs are what a child sees.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS, find_chromium
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


def main(out: Path = Path("docs/images")) -> None:
    """Write every screenshot of :data:`SHOTS` into ``out``."""
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
        browser.close()


if __name__ == "__main__":
    main()
