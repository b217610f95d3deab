"""The Equation Lab at levels of practice, in Chromium through Voilà's real comm: the cards
of a level past 10, a division with its rest, a missing number chosen by its card."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from sq2edu.ui import EquationLab
from tests.browser.conftest import OpenCell
from tests.browser.test_table import click_and_wait


def _cell(level: str, seed: int) -> str:
    return (
        "from sq2edu.ui import EquationLab\n"
        f"EquationLab(level={level!r}, levels=({level!r}, {level!r}), seed={seed})"
    )


def _fact(level: str, seed: int) -> tuple[int, ...]:
    """The numbers of the equation the Lab's first deal was built on (the same seed)."""
    deal = EquationLab(level=level, levels=(level, level), seed=seed).dealt
    assert deal is not None
    return deal.fact.cards


def _put(page: Page, numbers: tuple[int, ...]) -> None:
    cards = page.get_by_role("group", name="Your cards")
    for number in numbers:
        cards.locator("button[aria-pressed='false']").get_by_text(
            str(number), exact=True
        ).first.click()


def test_the_lab_at_the_times_tables_deals_cards_past_ten_and_counts_a_star(
    open_cell: OpenCell, artifacts_dir: Path
) -> None:
    page = open_cell(_cell("tables-2-5-10", 4))
    level = page.get_by_role("img", name="Tables of 2, 5 and 10: 0 of 10 stars")
    expect(level).to_be_visible()
    a, b, product = _fact("tables-2-5-10", 4)
    assert product > 10
    _put(page, (a, b, product))
    # × is the level's only sign: it is chosen already.
    click_and_wait(page, page.get_by_role("button", name="Check"))
    expect(page.locator(".sq2-praise")).to_contain_text(f"Yes! {a} × {b} = {product} works.")
    expect(page.get_by_role("img", name="Tables of 2, 5 and 10: 1 of 10 stars")).to_be_visible()
    page.screenshot(path=artifacts_dir / "lab_level_tables.png", full_page=True)


def test_the_lab_at_remainders_takes_a_division_with_its_rest_from_the_cards(
    open_cell: OpenCell, artifacts_dir: Path
) -> None:
    page = open_cell(_cell("remainders", 3))
    number, divisor, answer, rest = _fact("remainders", 3)
    expect(page.get_by_role("button", name="Empty place for what is left over")).to_be_visible()
    _put(page, (number, divisor, answer))
    click_and_wait(page, page.get_by_role("button", name="Check"))
    expect(page.locator(".sq2-verdict")).to_contain_text("leaves some over")
    _put(page, (rest,))  # the division stays in the builder after a try
    expect(
        page.get_by_role("button", name=f"Left over: {rest}. Press to take it out.")
    ).to_be_visible()
    click_and_wait(page, page.get_by_role("button", name="Check"))
    expect(page.locator(".sq2-praise")).to_contain_text(
        f"Yes! {number} ÷ {divisor} = {answer} r {rest} works."
    )
    page.screenshot(path=artifacts_dir / "lab_level_remainders.png", full_page=True)


def test_the_lab_at_missing_numbers_takes_the_card_for_the_box(open_cell: OpenCell) -> None:
    page = open_cell(_cell("missing", 6))
    deal = EquationLab(level="missing", levels=("missing", "missing"), seed=6).dealt
    assert deal is not None
    assert deal.answer is not None
    expect(page.locator(".sq2-box-task")).to_have_attribute(
        "aria-label", deal.shown.replace("□", "The box")
    )
    wrong = next(card for card in deal.cards if card != deal.answer)
    click_and_wait(page, page.get_by_role("button", name=f"Put {wrong} in the box"))
    expect(page.locator(".sq2-verdict")).to_contain_text("Not yet.")
    click_and_wait(page, page.get_by_role("button", name=f"Put {deal.answer} in the box"))
    expect(page.locator(".sq2-praise")).to_contain_text(f"Yes! {deal.fact.equation.text} works.")
