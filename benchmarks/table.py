"""Speed of the card table in a real browser: click to redrawn table, and the update's size."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.timing import ms
from sq2edu.classroom.server.serve import write_cell_notebook
from sq2edu.rescue.position import position
from sq2edu.ui import RescueTable

TITLE = "Card table"

CELL = """\
from sq2edu.rescue.position import position
from sq2edu.ui import RescueTable

table = RescueTable(players=["Mia", "easy"], seed=1, pace=0.05)
table.load(position(["Mia", "Easy bot"], realms={0: ["n2a", "n3a", "n5a", "n6a"]}, phase="actions"))
table
"""


def _state_size() -> tuple[int, int]:
    table = RescueTable(players=["Mia", "easy"], seed=1, pace=0)
    table.load(
        position(["Mia", "Easy bot"], realms={0: ["n2a", "n3a", "n5a", "n6a"]}, phase="actions")
    )
    state = len(json.dumps(table.state, ensure_ascii=False).encode())
    catalog = len(json.dumps(table.catalog, ensure_ascii=False).encode())
    return state, catalog


def run(quick: bool = False) -> str:
    """Measure and return a Markdown section."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS, VoilaProcess, find_chromium

    chromium = find_chromium()
    state_bytes, catalog_bytes = _state_size()
    lines = [f"## {TITLE}", ""]
    if chromium is None:
        return "\n".join(
            [*lines, "No Chromium on this machine: the browser figures were not measured.", ""]
        )
    clicks = 20 if quick else 100
    with tempfile.TemporaryDirectory() as folder:
        path = write_cell_notebook(Path(folder) / "table.ipynb", CELL)
        server = VoilaProcess(path, Path(folder) / "voila.log")
        try:
            server.wait_until_up()
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium, headless=True, args=CHROMIUM_ARGS
                )
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                started = time.perf_counter()
                page.goto(server.base_url, wait_until="commit", timeout=60_000)
                page.wait_for_selector(".sq2-table[data-version]", timeout=60_000)
                first_draw = time.perf_counter() - started
                # A wrong equation, checked again and again: a full round trip through the
                # kernel (sympy included) and a redraw, with nothing changing in the game.
                realm = page.get_by_role("group", name="Mia's cards")
                for name in ("2", "3", "6"):
                    realm.get_by_role("button", name=name, exact=True).click()
                times = []
                for click in range(clicks):
                    # Two different wrong equations in turn, so that every check changes the state.
                    page.get_by_role("button", name="plus" if click % 2 else "minus").click()
                    before = int(page.locator(".sq2-table").get_attribute("data-version") or 0)
                    t0 = time.perf_counter()
                    page.get_by_role("button", name="Check", exact=True).click()
                    page.wait_for_function(
                        f"Number(document.querySelector('.sq2-table').dataset.version) > {before}"
                    )
                    times.append(time.perf_counter() - t0)
                browser.close()
        finally:
            server.stop()
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    lines += [
        "Voilà on this machine, headless Chromium; a click on Check with a wrong equation (two",
        "different ones in turn), until the table is drawn again: a round trip through the",
        "kernel, the checker and a redraw.",
        "",
        "| what | value |",
        "|---|---:|",
        f"| first drawing of the table after the page opens | {first_draw:.2f} s |",
        f"| click → redrawn table, p50 ({clicks} clicks) | {ms(statistics.median(times))} ms |",
        f"| click → redrawn table, p95 | {ms(p95)} ms |",
        f"| one state update (JSON) | {state_bytes / 1024:.1f} KiB |",
        f"| the card catalog, sent once per table | {catalog_bytes / 1024:.1f} KiB |",
        "",
    ]
    return "\n".join(lines)
