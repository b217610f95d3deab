"""The card table in a real browser: a whole game by clicking, the builder's words, the keyboard."""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import WIDGET_TIMEOUT_MS, OpenCell

STEP_MS = 15_000
"""How long one click may take to show its result, computer players' moves included."""

GAME_SECONDS = 300
"""A whole game by clicking, computer turns at their quick test pace included."""

STACKED = """\
from sq2edu.rescue.position import position
from sq2edu.ui import RescueTable

table = RescueTable(players=["Mia", "easy"], seed=1, pace=0.05)
table.load(position(["Mia", "Easy bot"], realms={0: ["n2a", "n3a", "n5a", "n6a"]}, phase="actions"))
table
"""


def version(page: Page) -> int:
    return int(page.locator(".sq2-table").get_attribute("data-version") or 0)


def click_and_wait(page: Page, target: Locator) -> None:
    """Click, then wait until the table has been redrawn."""
    before = version(page)
    target.click()
    page.wait_for_function(
        f"Number(document.querySelector('.sq2-table').dataset.version) > {before}",
        timeout=STEP_MS,
    )


def next_move(page: Page) -> Locator | None:
    """What a patient child would click now, or None when it is not their turn."""
    table = page.locator(".sq2-table")
    for selector in (
        ".sq2-over button",
        ".sq2-choices button:has-text('Rescue a king')",
        "button.sq2-choose",
        ".sq2-centre button.sq2-card",
        "button.sq2-card[aria-label^='Discard']",
        ".sq2-choices button",
    ):
        found = table.locator(selector)
        if found.count():
            return found.first
    return None


def test_a_whole_game_by_clicking_only(open_cell: OpenCell, artifacts_dir: Path) -> None:
    page = open_cell(
        'from sq2edu.ui import RescueTable\nRescueTable(players=["Mia", "easy"], seed=7, pace=0.02)'
    )
    page.screenshot(path=artifacts_dir / "table_start.png", full_page=True)
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline and not page.locator(".sq2-over").count():
        move = next_move(page)
        if move is None:
            page.wait_for_timeout(100)  # the computer is playing
            continue
        click_and_wait(page, move)
    over = page.locator(".sq2-over")
    expect(over).to_be_visible()
    expect(over.get_by_role("heading")).to_contain_text(re.compile(r"\bwins?[!.]"))
    expect(over.get_by_role("button", name="New game")).to_be_visible()
    page.screenshot(path=artifacts_dir / "table_game_over.png", full_page=True)


def test_the_builder_explains_a_wrong_equation_and_celebrates_a_right_one(
    open_cell: OpenCell, artifacts_dir: Path
) -> None:
    page = open_cell(STACKED)
    realm = page.get_by_role("group", name="Mia's cards")
    for name in ("2", "3", "6"):
        realm.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="plus").click()
    expect(page.locator(".sq2-builder [aria-live]")).to_have_text("2 + 3 = 6")
    click_and_wait(page, page.get_by_role("button", name="Check"))
    verdict = page.get_by_role("status")
    expect(verdict).to_contain_text("Not yet.")
    expect(verdict).to_contain_text("2 + 3 makes 5, not 6.")
    page.screenshot(path=artifacts_dir / "builder_wrong.png", full_page=True)

    # The wrong try cost nothing: the same cards are still there.
    page.get_by_role("button", name="times").click()
    click_and_wait(page, page.get_by_role("button", name="Check"))
    expect(page.get_by_role("status")).to_contain_text("Yes! 2 × 3 = 6 works.")
    expect(page.locator(".sq2-prompt")).to_have_text("Choose a face-down companion.")
    page.screenshot(path=artifacts_dir / "builder_right.png", full_page=True)


def test_a_typed_equation_gets_the_same_words(open_cell: OpenCell) -> None:
    page = open_cell(STACKED)
    page.get_by_role("button", name="Type it").click()
    page.get_by_label("Type an equation, like 2 + 3 = 5").fill("2 + 3 = 6")
    click_and_wait(page, page.get_by_role("button", name="Check"))
    expect(page.get_by_role("status")).to_contain_text("2 + 3 makes 5, not 6.")


def test_one_turn_with_the_keyboard_only(open_cell: OpenCell, artifacts_dir: Path) -> None:
    page = open_cell(
        'from sq2edu.ui import RescueTable\nRescueTable(players=["Mia", "easy"], seed=2, pace=0.02)'
    )
    turn = page.locator(".sq2-table").get_attribute("data-version")
    assert turn is not None

    def press_first_choice() -> None:
        # Tab to the first choice button, as a child without a mouse would, and press Enter.
        for _tab in range(60):
            page.keyboard.press("Tab")
            focused = page.evaluate(
                "document.activeElement && document.activeElement.closest('.sq2-choices') !== null"
            )
            if focused:
                before = version(page)
                page.keyboard.press("Enter")
                page.wait_for_function(
                    f"Number(document.querySelector('.sq2-table').dataset.version) > {before}",
                    timeout=STEP_MS,
                )
                return
        raise AssertionError("no choice could be reached with Tab")

    expect(page.locator(".sq2-who")).to_have_text("Your turn", timeout=WIDGET_TIMEOUT_MS)
    for _step in range(12):
        if page.locator(".sq2-table").get_attribute("data-phase") == "actions":
            break
        press_first_choice()
    page.screenshot(path=artifacts_dir / "keyboard_turn.png", full_page=True)
    # Finish the turn from the keyboard: Tab to "Finish my turn" and press Enter.
    finish = page.get_by_role("button", name="Finish my turn")
    finish.focus()
    expect(finish).to_be_focused()
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"Number(document.querySelector('.sq2-table').dataset.version) > {before}", timeout=STEP_MS
    )
    expect(page.locator(".sq2-narration")).to_contain_text(
        "It is Easy bot's turn.", timeout=STEP_MS
    )


def test_a_hostile_name_is_shown_as_text(open_cell: OpenCell) -> None:
    page = open_cell(
        'from sq2edu.ui import RescueTable\nRescueTable(players=["<img src=x onerror=alert(1)>", "easy"], seed=3, pace=0.02)'
    )
    expect(page.locator(".sq2-realm").first).to_contain_text("<img src=x onerror=alert(1)>")
    assert page.locator(".sq2-table img").count() == 0


def test_hints_climb_on_screen(open_cell: OpenCell) -> None:
    page = open_cell(STACKED)
    for rung in range(1, 4):
        click_and_wait(page, page.get_by_role("button", name="Hint"))
        expect(page.get_by_role("list", name="Hints").get_by_role("listitem")).to_have_count(rung)
    expect(page.get_by_role("list", name="Hints")).to_contain_text("Here is one:")


def test_the_equation_lab_scores_a_right_equation_and_deals_again(
    open_cell: OpenCell, artifacts_dir: Path
) -> None:
    page = open_cell(
        "from sq2edu.ui import EquationLab\n"
        "lab = EquationLab(seed=2, operations='+-')\n"
        "lab.use_cards([2, 3, 5, 9])\n"
        "lab"
    )
    cards = page.get_by_role("group", name="Your cards")
    for name in ("2", "3", "5"):
        cards.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="plus").click()
    click_and_wait(page, page.get_by_role("button", name="Check"))
    # The praise is said above the new cards, as about the cards before; the verdict box
    # below the builder is for the new ones.
    expect(page.locator(".sq2-praise")).to_contain_text("Yes! 2 + 3 = 5 works.")
    expect(page.locator(".sq2-praise")).to_contain_text("Here are new cards.")
    expect(page.locator(".sq2-verdict")).to_have_count(0)
    expect(page.locator(".sq2-score")).to_contain_text("1 star")
    page.screenshot(path=artifacts_dir / "equation_lab.png", full_page=True)


def test_arrow_keys_move_between_buttons(open_cell: OpenCell) -> None:
    page = open_cell(STACKED)
    finish = page.get_by_role("button", name="Finish my turn")
    finish.focus()
    page.keyboard.press("ArrowRight")
    expect(finish).not_to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(finish).to_be_focused()


def test_news_is_spoken_in_live_regions_that_stay(open_cell: OpenCell) -> None:
    page = open_cell(STACKED)
    spoken = page.locator("div.sq2-visually-hidden[aria-live='polite']")
    warned = page.locator("div.sq2-visually-hidden[role='alert']")
    expect(spoken).to_have_count(1)
    realm = page.get_by_role("group", name="Mia's cards")
    for name in ("2", "3", "5"):
        realm.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="plus").click()
    click_and_wait(page, page.get_by_role("button", name="Check"))
    expect(spoken).to_have_text("Mia made 2 + 3 = 5 and gets a companion.")
    expect(spoken).to_have_count(1)
    expect(warned).to_have_text("")


def test_a_refusal_is_announced_as_an_alert(open_cell: OpenCell) -> None:
    page = open_cell(STACKED.replace("pace=0.05)", "pace=0.05, hints='limited')"))
    hint = page.get_by_role("button", name=re.compile("Hint"))
    for _rung in range(4):
        click_and_wait(page, hint)
    expect(page.locator("div.sq2-visually-hidden[role='alert']")).to_have_text(
        "You have used all your hints for this game."
    )


WITCH = """\
from sq2edu.rescue.position import position
from sq2edu.ui import RescueTable

table = RescueTable(players=["Mia", "Leo"], seed=1, pace=0.05)
table.load(position(
    ["Mia", "Leo"],
    realms={0: ["n2a", "n3a", "n7a"], 1: ["q-owl", "n5a", "n9b"]},
    phase="witch",
))
table
"""


def test_the_switch_witch_asks_for_the_card_to_give_then_the_card_to_take(
    open_cell: OpenCell, artifacts_dir: Path
) -> None:
    page = open_cell(WITCH)
    choices = page.locator(".sq2-choices")
    expect(
        choices.get_by_text("Switch Witch: which of your cards will you give away?")
    ).to_be_visible()
    expect(choices.get_by_role("button", name=re.compile("^Give your"))).to_have_count(3)
    expect(choices.get_by_role("button", name=re.compile("^Take"))).to_have_count(0)
    expect(choices.get_by_role("button", name="No, thanks")).to_be_visible()
    page.screenshot(path=artifacts_dir / "witch_give.png", full_page=True)

    click_and_wait(page, choices.get_by_role("button", name="Give your 2"))
    takes = choices.get_by_role("button", name=re.compile("^Take Leo's"))
    expect(takes).to_have_count(3)
    click_and_wait(page, choices.get_by_role("button", name="Cancel"))
    expect(choices.get_by_role("button", name=re.compile("^Give your"))).to_have_count(3)

    click_and_wait(page, choices.get_by_role("button", name="Give your 2"))
    page.screenshot(path=artifacts_dir / "witch_take.png", full_page=True)
    click_and_wait(page, choices.get_by_role("button", name="Take Leo's Owl Queen"))
    expect(page.get_by_role("region", name="Mia's realm")).to_contain_text("Owl Queen")
    expect(page.get_by_role("region", name="Leo's realm")).to_contain_text("2")
    expect(choices.get_by_role("button", name=re.compile("^Give your"))).to_have_count(0)
