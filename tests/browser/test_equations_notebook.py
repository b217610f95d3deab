"""The equations tour renders in Voilà: the verdict card shows a mark and words, not code."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "equations.ipynb"
KERNEL_START_TIMEOUT_MS = 60_000


def test_equations_tour_shows_verdicts_in_words(
    page: Page, voila_server: Callable[[Path], str], artifacts_dir: Path
) -> None:
    page.goto(voila_server(NOTEBOOK), wait_until="commit", timeout=KERNEL_START_TIMEOUT_MS)
    verdict = page.get_by_role("status").first
    expect(verdict).to_contain_text("Yes!", timeout=KERNEL_START_TIMEOUT_MS)
    expect(verdict).to_contain_text("2 + 3 = 5, then 5 + 3 = 8.")
    expect(page.get_by_text("Try ×: 2 × 3 = 6 works!")).to_be_visible(
        timeout=KERNEL_START_TIMEOUT_MS
    )
    expect(page.locator("body")).not_to_contain_text("from sq2edu.equations import")
    page.screenshot(path=artifacts_dir / "equations_tour.png", full_page=True)
