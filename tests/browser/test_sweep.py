"""Every state a child meets, drawn in Chromium in three languages at three screen sizes.

For each scene of :mod:`tests.browser.scenes` (every phase of both editions, every knight,
the pickers, verdicts, hints, the curtain, the end) at 1280×800 (a laptop), 1024×768 and
820×1180 (a tablet), in English, Russian and Norwegian, the table must show:

- no text a program made by mistake (``[object``, ``undefined``, ``NaN``), on screen or in
  an accessible name;
- no word cut off: no card name, button, heading or prompt wider than its box, and no
  sideways scrolling of the page; every card name 13 px or more, on two lines at most;
- what the prompt asks for in view: the first thing to press on the screen, and all of
  them when they fit on one screen (the table scrolls them into view itself);
- after pressing that first thing with the keyboard (the card the table marks to lead, when
  it marks one), the keyboard focus on a control of the table, never lost to the page.

A look with a problem keeps its screenshot in ``test-artifacts/sweep/``; ``make sweep``
(``SQ2EDU_SWEEP_SHOTS=all``) keeps every look's, to look at them all.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.browser.harness import show_widget
from tests.browser.scenes import SCENES, Scene

VIEWPORTS = ((1280, 800), (1024, 768), (820, 1180))
LANGUAGES = ("en", "ru", "nb")
#: Every look's screenshot is kept when this environment variable is ``all``; else only the
#: screenshots of looks with a problem (a screenshot costs a tenth of a second of Chromium's
#: CPU, 423 times over).
SHOTS_ENV = "SQ2EDU_SWEEP_SHOTS"

_PROBLEMS = """
() => {
  const root = document.querySelector(".sq2-table");
  const found = [];
  const texts = [root.innerText];
  for (const node of root.querySelectorAll("[aria-label]")) texts.push(node.getAttribute("aria-label"));
  for (const text of texts) {
    for (const bad of ["[object", "undefined", "NaN"]) {
      if (text.includes(bad)) found.push(`text shows ${bad}: ${text.slice(0, 80)}`);
    }
  }
  const boxes = ".sq2-name, .sq2-table button, .sq2-table h2, .sq2-table h3, .sq2-prompt, summary, .sq2-pile span, .sq2-tip p";
  for (const node of root.querySelectorAll(boxes)) {
    if (node.offsetParent === null) continue;
    if (node.scrollWidth > node.clientWidth + 1) {
      found.push(`cut off (${node.scrollWidth} > ${node.clientWidth}): ${node.textContent.trim().slice(0, 60)}`);
    }
  }
  // A card's name a child reads: 13 px or more, on two lines at most (the how-to's little
  // picture cards aside).
  for (const name of root.querySelectorAll(".sq2-face:not(.sq2-back) .sq2-name")) {
    if (name.offsetParent === null || name.closest(".sq2-how .sq2-example")) continue;
    const style = getComputedStyle(name);
    const lines = Math.round(name.getBoundingClientRect().height / parseFloat(style.lineHeight));
    if (parseFloat(style.fontSize) < 13 || lines > 2) {
      found.push(`card name ${style.fontSize} on ${lines} lines: ${name.textContent}`);
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  }
  return found;
}
"""

_TARGETS_IN_VIEW = """
() => {
  const targets = [...document.querySelectorAll(".sq2-table [data-target]")].filter((n) => n.offsetParent !== null);
  if (!targets.length) return [];
  const boxes = targets.map((n) => n.getBoundingClientRect());
  const inView = (b) => b.top >= -1 && b.bottom <= window.innerHeight + 1;
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  const out = [];
  if (!inView(boxes[0])) out.push(`the first thing to press is out of view: ${targets[0].textContent.trim() || targets[0].getAttribute("aria-label")}`);
  if (bottom - top <= window.innerHeight) {
    targets.forEach((n, i) => { if (!inView(boxes[i])) out.push(`out of view: ${n.textContent.trim() || n.getAttribute("aria-label")}`); });
  }
  return out;
}
"""

_FOCUS = """
() => {
  const active = document.activeElement;
  const root = document.querySelector(".sq2-table");
  if (!active || !root.contains(active)) return `focus is on <${active ? active.tagName.toLowerCase() : "nothing"}>`;
  return ["BUTTON", "SUMMARY", "INPUT"].includes(active.tagName) ? "" : `focus is on <${active.tagName.toLowerCase()}>`;
}
"""


def _version(page: Page) -> int:
    return int(page.locator(".sq2-table").get_attribute("data-version") or 0)


def _look(page: Page, scene: Scene, lang: str, size: tuple[int, int], shots: Path) -> list[str]:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    errors: list[str] = []

    def on_error(error: PlaywrightError) -> None:
        errors.append(f"script error: {error}")

    page.on("pageerror", on_error)
    try:
        drawn = show_widget(page, scene.table(lang), same_page=True)
        for selector in scene.clicks:
            page.locator(selector).click()
        drawn.settle()
        where = f"{scene.name} {lang} {width}×{height}"
        shot = shots / f"{scene.name}_{lang}_{width}x{height}.png"
        problems: list[Any] = page.evaluate(_PROBLEMS) + page.evaluate(_TARGETS_IN_VIEW)
        if problems or errors or os.environ.get(SHOTS_ENV) == "all":
            page.screenshot(path=shot)
        # Where a keyboard starts: the card the table marks to lead (a discard's number card),
        # else the first thing to press; never an awake queen a quick Enter would throw away.
        first = page.locator(".sq2-table [data-target][data-lead]").first
        if not first.count():
            first = page.locator(".sq2-table [data-target]").first
        if first.count():
            first.focus()
            before = _version(page)
            page.keyboard.press("Enter")
            page.wait_for_function(
                f"Number(document.querySelector('.sq2-table').dataset.version) > {before}"
            )
            lost = page.evaluate(_FOCUS)
            if lost:
                problems.append(f"after Enter on the first thing to press, {lost}")
                page.screenshot(path=shot.with_name(f"{shot.stem}_after_enter.png"))
        return [f"{where}: {problem}" for problem in [*errors, *problems]]
    finally:
        page.remove_listener("pageerror", on_error)


@pytest.mark.parametrize("scene", SCENES, ids=[scene.name for scene in SCENES])
def test_every_state_is_drawn_right_in_every_language_and_size(
    browser: Browser, scene: Scene, artifacts_dir: Path
) -> None:
    shots = artifacts_dir / "sweep"
    shots.mkdir(exist_ok=True)
    # One page for the scene's nine looks: each draws the table anew in it, at its size.
    context = browser.new_context()
    try:
        page = context.new_page()
        problems = [
            problem
            for lang in LANGUAGES
            for size in VIEWPORTS
            for problem in _look(page, scene, lang, size, shots)
        ]
    finally:
        context.close()
    assert problems == []
