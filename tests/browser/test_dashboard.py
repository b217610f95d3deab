"""The teacher's dashboard in Chromium, in each language, at 1024 pixels wide: every tab opens,
nothing is cut off, every control has a label, no word stays in English where it should not.

A screenshot of every tab in every language is kept in ``test-artifacts/dashboard/``.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest
from playwright.sync_api import Page

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.settings import ClassSettings, Focus
from sq2edu.classroom.server.serve import write_cell_notebook
from sq2edu.equations import check
from sq2edu.progress.records import Attempt, GameRecord
from tests.browser.conftest import WIDGET_TIMEOUT_MS, VoilaServer

NAMES = ["Mia", "Leo", "Ana", "Noah", "Sofie", "Ivan", "Maja", "Oskar"]
TEXTS = ["2 + 3 = 5", "2 + 3 = 6", "4 + 3 = 5 + 2", "7 ÷ 2 = 3", "8 − 3 = 5", "2 × 3 = 6"]
#: English words that must not show on a Russian or Norwegian dashboard.
ENGLISH = ["Students", "Student", "Saved", "mistake", "Games", "Level", "online now", "Here"]

_CUT_OFF = """
() => [...document.querySelectorAll(".widget-label, .widget-button, .jupyter-button, .lm-TabBar-tabLabel, th, td, label")]
  .filter((n) => n.offsetParent !== null && n.scrollWidth > n.clientWidth + 1)
  .map((n) => n.textContent.trim().slice(0, 60))
"""

#: A drop-down list whose chosen option is wider than its box (the arrow sits in its right
#: padding); a language's list is set to its longest name first.
_SELECT_CUT = """
() => {
  const ruler = document.createElement("canvas").getContext("2d");
  return [...document.querySelectorAll("select")]
    .filter((n) => n.offsetParent !== null && n.selectedIndex >= 0 && !n.multiple && n.size <= 1)
    .filter((n) => {
      const style = getComputedStyle(n);
      ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = n.options[n.selectedIndex].text;
      const room = n.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return ruler.measureText(text).width > room;
    })
    .map((n) => n.options[n.selectedIndex].text.slice(0, 60));
}
"""

_LONGEST_LANGUAGE = """
() => document.querySelectorAll(".sq2-language select").forEach((n) => {
  const lengths = [...n.options].map((o) => o.text.length);
  n.selectedIndex = lengths.indexOf(Math.max(...lengths));
})
"""

_UNLABELLED = """
() => [...document.querySelectorAll("input, select, textarea, button")]
  .filter((n) => n.offsetParent !== null)
  .filter((n) => {
    if (n.tagName === "BUTTON") return !(n.textContent.trim() || n.getAttribute("aria-label"));
    if (n.labels && n.labels.length && [...n.labels].some((l) => l.textContent.trim())) return false;
    return !n.getAttribute("aria-label") && !n.getAttribute("title");
  })
  .map((n) => n.outerHTML.slice(0, 80))
"""


def _class_store(path: Path, lang: str) -> None:
    store = SQLiteStore(path)
    store.save_settings(ClassSettings(language=lang).to_dict())
    rng = random.Random(1)
    now = dt.datetime.now(dt.UTC)
    for day in range(4):
        for minute in range(40):
            text = rng.choice(TEXTS)
            verdict = check(text)
            at = (now - dt.timedelta(days=3 - day, minutes=minute)).isoformat(timespec="seconds")
            store.record_attempt(Attempt(rng.choice(NAMES), text, verdict.ok, verdict.codes, at=at))
    for name in NAMES[:3]:
        store.seen(name)
    store.record_game(GameRecord(("Mia", "Easy bot"), {1: "easy"}, "Mia", 20, 300.0))
    store.save_group("Small sums", ["Mia", "Leo"], Focus("+", "bonds-10", "within-20").to_dict())
    store.close()


@pytest.mark.parametrize("lang", ["en", "ru", "nb"])
def test_every_tab_of_the_dashboard_in_every_language(
    voila_server: VoilaServer, page: Page, tmp_path: Path, artifacts_dir: Path, lang: str
) -> None:
    store = tmp_path / "class.sqlite3"
    _class_store(store, lang)
    notebook = write_cell_notebook(
        tmp_path / "teacher.ipynb",
        "from sq2edu.classroom import SQLiteStore\n"
        "from sq2edu.classroom.widgets.dashboard import Dashboard\n"
        f"Dashboard(SQLiteStore({str(store)!r}), refresh=0,"
        " student_url='http://192.0.2.2:8866/', class_code='OWL')",
    )
    shots = artifacts_dir / "dashboard"
    shots.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(voila_server(notebook), wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    tabs = page.locator(".lm-TabBar-tab")
    tabs.first.wait_for(timeout=WIDGET_TIMEOUT_MS)
    problems: list[str] = []
    for index in range(tabs.count()):
        tabs.nth(index).click()
        page.wait_for_timeout(300)
        title = tabs.nth(index).inner_text()
        page.screenshot(path=shots / f"dashboard_{lang}_{index}.png", full_page=True)
        problems += [f"{title}: cut off: {text}" for text in page.evaluate(_CUT_OFF)]
        page.evaluate(_LONGEST_LANGUAGE)
        problems += [f"{title}: list cut off: {text}" for text in page.evaluate(_SELECT_CUT)]
        problems += [f"{title}: no label: {html}" for html in page.evaluate(_UNLABELLED)]
        if lang != "en":
            shown = page.locator(".lm-TabPanel, .p-TabPanel, body").first.inner_text()
            problems += [
                f"{title}: English word {word!r}"
                for word in ENGLISH
                if f" {word} " in f" {shown} ".replace("\n", " ")
            ]
        if "Traceback" in page.content():
            problems.append(f"{title}: a traceback on the page")
    assert tabs.count() == 11
    assert problems == [], "\n".join(problems)
