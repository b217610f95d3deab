"""A child plays in their own language: a turn of the Rescue in Russian, the builder in Norwegian."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import OpenCell
from tests.browser.test_table import STEP_MS, click_and_wait

RUSSIAN = """\
from sq2edu.rescue.position import position
from sq2edu.ui import RescueTable

table = RescueTable(players=["Маша", "easy"], seed=1, pace=0, language="ru")
table.load(position(["Маша", "Лёгкий бот"], realms={0: ["n2a", "n3a", "n6a", "n7a"]}, phase="actions"))
table
"""


def test_a_turn_in_russian(open_cell: OpenCell, artifacts_dir: Path) -> None:
    page = open_cell(RUSSIAN)
    table = page.locator(".sq2-table")
    expect(table.get_by_text("Твой ход")).to_be_visible()
    # Multiplication is the dot Russian children learn, and the words are Russian.
    expect(table.get_by_role("button", name="умножить")).to_have_text("·")
    expect(table.get_by_role("button", name="разделить")).to_have_text(":")
    for number in ("2", "3", "6"):
        click_and_wait(page, table.locator(f"button.sq2-card[data-key^='build:n{number}']"))
    click_and_wait(page, table.get_by_role("button", name="умножить"))
    click_and_wait(page, table.get_by_role("button", name="Проверить"))
    verdict = table.locator(".sq2-verdict")
    expect(verdict).to_contain_text("2 · 3 = 6", timeout=STEP_MS)
    expect(table.locator(".sq2-narration")).to_contain_text(
        "Маша составляет пример 2 · 3 = 6 и получает помощника.", timeout=STEP_MS
    )
    page.screenshot(path=artifacts_dir / "table_in_russian.png", full_page=True)


def test_the_builder_explains_in_norwegian(open_cell: OpenCell) -> None:
    page = open_cell(
        "from sq2edu.ui import EquationLab\n"
        'lab = EquationLab(operations="+", seed=1, language="nb")\n'
        "lab.use_cards([2, 3, 6])\n"
        "lab"
    )
    table = page.locator(".sq2-table")
    expect(table.get_by_text("Regnelabben")).to_be_visible()
    table.locator("[data-key='toggle-typing']").click()
    field = table.get_by_role("textbox")
    field.fill("2 + 3 = 6")
    click_and_wait(page, table.get_by_role("button", name="Sjekk").last)
    expect(table.locator(".sq2-verdict")).to_contain_text("Ikke helt ennå", timeout=STEP_MS)


SWITCHING = """\
import ipywidgets as widgets
from sq2edu.rescue.position import position
from sq2edu.ui import RescueTable

table = RescueTable(players=["Маша", "easy"], seed=1, pace=0, language="en")
table.load(position(["Маша", "Easy bot"], realms={0: ["n2a", "n3a", "n6a", "n7a"]}, phase="actions"))
switch = widgets.Button(description="Русский")
page = widgets.VBox([switch, table])


def to_russian(_button):
    # As the class app does: the table speaks Russian and the screen is shown anew.
    table.set_language("ru")
    page.children = [widgets.Button(description="Назад"), table]


switch.on_click(to_russian)
page
"""


def test_switching_language_keeps_the_half_built_equation(open_cell: OpenCell) -> None:
    """Switching language mid-turn emptied a half-built equation."""
    page = open_cell(SWITCHING)
    table = page.locator(".sq2-table")
    for number in ("2", "3"):
        click_and_wait(page, table.locator(f"button.sq2-card[data-key^='build:n{number}']"))
    built = table.locator(".sq2-builder")
    expect(built).to_contain_text("2")
    page.get_by_role("button", name="Русский").click()
    expect(page.get_by_role("button", name="Назад")).to_be_visible()
    table = page.locator(".sq2-table")
    expect(table.get_by_text("Твой ход")).to_be_visible(timeout=STEP_MS)
    pressed = table.locator("button.sq2-card[aria-pressed='true']")
    expect(pressed).to_have_count(2, timeout=STEP_MS)
