"""The classic table in a real browser: a King then a queen, a Knight then a block, an equation."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import OpenCell
from tests.browser.test_table import STEP_MS, click_and_wait

STACKED = """\
from sq2edu.classic.position import position
from sq2edu.ui import ClassicTable

table = ClassicTable(players=["Mia", "Leo"], seed=1, pace=0)
table.load(position(
    ["Mia", "Leo"],
    hands={0: ["k-fire", "knight1", "n2a", "n3a", "n5a"], 1: ["dragon1", "n7a", "n8a", "n9a", "n1a"]},
    queens={1: ["q-cake"]},
    deck_top=["n4a", "n6a", "n4b", "n6b", "n10a", "n10b"],
))
table
"""


def test_a_king_then_a_sleeping_queen_wakes_her(open_cell: OpenCell, artifacts_dir: Path) -> None:
    page = open_cell(STACKED)
    table = page.locator(".sq2-table")
    page.screenshot(path=artifacts_dir / "classic_start.png", full_page=True)
    click_and_wait(page, table.get_by_role("button", name="Fire King", exact=True))
    expect(table.get_by_text("Now choose a sleeping queen for your Fire King.")).to_be_visible()
    places = table.locator(".sq2-places button.sq2-choose")
    expect(places).to_have_count(11)
    click_and_wait(page, table.get_by_role("button", name="Sleeping queen in place 1: wake her"))
    expect(table.locator(".sq2-narration")).to_contain_text("Mia woke the", timeout=STEP_MS)
    mine = table.get_by_role("group", name="Mia's queens")
    expect(mine.locator(".sq2-card")).to_have_count(1)
    page.screenshot(path=artifacts_dir / "classic_woke.png", full_page=True)


def test_a_knight_is_blocked_by_the_other_childs_dragon(open_cell: OpenCell) -> None:
    page = open_cell(STACKED)
    table = page.locator(".sq2-table")
    click_and_wait(page, table.get_by_role("button", name="Knight", exact=True))
    click_and_wait(page, table.get_by_role("button", name="Cake Queen, 5 points"))
    # Hot seat: the screen passes to Leo, who decides whether to block.
    click_and_wait(page, table.get_by_role("button", name="I'm ready"))
    expect(table.locator(".sq2-prompt")).to_contain_text("Play a Dragon to stop it?")
    click_and_wait(page, table.get_by_role("button", name="Block it with your Dragon"))
    expect(table.locator(".sq2-narration")).to_contain_text("Dragon", timeout=STEP_MS)
    leo = table.get_by_role("group", name="Leo's queens")
    expect(leo.get_by_role("img", name="Cake Queen, 5 points")).to_be_visible()


def test_an_adding_equation_throws_cards_away(open_cell: OpenCell, artifacts_dir: Path) -> None:
    page = open_cell(STACKED)
    table = page.locator(".sq2-table")
    for number in ("2", "3", "5"):
        click_and_wait(
            page, table.get_by_role("group", name="Your hand").get_by_role("button", name=number)
        )
    click_and_wait(page, table.get_by_role("button", name="Check"))
    expect(table.locator(".sq2-narration")).to_contain_text(
        "Mia said 2 + 3 = 5 and discarded those cards.", timeout=STEP_MS
    )
    page.screenshot(path=artifacts_dir / "classic_equation.png", full_page=True)
