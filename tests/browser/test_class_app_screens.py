"""The class app's own screens as a child meets them, in each language, on a laptop and on a
tablet: the form to join, the menu, the list of lessons, a lesson's first page and the tables
of classmates. No word is cut off, the page never scrolls sideways, and every button a child
presses to get somewhere is a large target (at least 44 px high)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from sq2edu.i18n import LANGUAGE_NAMES, LANGUAGES, _, language
from sq2edu.lessons import LESSONS
from tests.browser.conftest import WIDGET_TIMEOUT_MS
from tests.browser.test_classroom import Classroom, classroom  # noqa: F401 - a fixture

SIZES = ((1280, 800), (820, 1180))

_PROBLEMS = """
() => {
  const found = [];
  const shown = (n) => n.offsetParent !== null;
  const words = "button, label, h1, h2, h3, .widget-label, .widget-html-content";
  for (const node of document.querySelectorAll(words)) {
    if (shown(node) && node.scrollWidth > node.clientWidth + 1) {
      found.push(`cut off (${node.scrollWidth} > ${node.clientWidth}): ${node.textContent.trim().slice(0, 50)}`);
    }
  }
  for (const node of document.querySelectorAll("button.widget-button, button.widget-toggle-button")) {
    const high = node.getBoundingClientRect().height;
    if (shown(node) && high < 44) found.push(`small button (${high} px): ${node.textContent.trim()}`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  }
  return found;
}
"""


def _look(page: Page, screen: str, lang: str, shots: Path) -> list[str]:
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=shots / f"{screen}_{lang}_{width}x{height}.png", full_page=True)
        problems += [f"{screen} {lang} {width}: {p}" for p in page.evaluate(_PROBLEMS)]
    return problems


def test_the_class_apps_screens_fit_and_have_large_buttons_in_every_language(
    classroom: Classroom,  # noqa: F811 - the fixture
    browser: Browser,
    artifacts_dir: Path,
) -> None:
    shots = artifacts_dir / "class_app"
    shots.mkdir(exist_ok=True)
    context = browser.new_context()
    teacher = context.new_page()
    teacher.goto(classroom.teacher_url, wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    teacher.get_by_role("tab", name="Lessons").click(timeout=WIDGET_TIMEOUT_MS)
    for key in ("number-bonds", "dividing"):
        found = LESSONS[key]
        teacher.get_by_role("checkbox", name=f"{found.number}. {found.title}").check()
    teacher.get_by_role("button", name="Open the ticked lessons").click()
    expect(teacher.get_by_text("Saved. The children see them in Lessons.")).to_be_visible()
    problems: list[str] = []
    devices: list[BrowserContext] = []
    try:
        for lang in LANGUAGES:
            with language(lang):
                join, menu_lessons = _("Join"), _("Lessons")
                together, make = _("Play with classmates"), _("Make a table")
                dividing = _("{number}. {title}", number=5, title=str(LESSONS["dividing"].title))
                back, all_lessons = _("Back"), _("All lessons")
            # Each child on a device of their own: a device holds one name at a time.
            device = browser.new_context()
            devices.append(device)
            page = device.new_page()
            page.goto(f"http://127.0.0.1:{classroom.port}/", timeout=WIDGET_TIMEOUT_MS)
            page.get_by_role("button", name=LANGUAGE_NAMES[lang]).click(timeout=WIDGET_TIMEOUT_MS)
            expect(page.get_by_role("button", name=join)).to_be_visible()
            problems += _look(page, "join", lang, shots)
            boxes = page.get_by_role("textbox")
            boxes.nth(0).fill(f"Kid {lang}")
            boxes.nth(1).fill("OWL")
            page.get_by_role("button", name=join).click()
            expect(page.get_by_role("button", name=menu_lessons)).to_be_visible()
            problems += _look(page, "menu", lang, shots)
            page.get_by_role("button", name=menu_lessons).click()
            expect(page.get_by_role("button", name=dividing)).to_be_visible()
            problems += _look(page, "lessons", lang, shots)
            page.get_by_role("button", name=dividing).click()
            expect(page.locator(".sq2-lesson")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            problems += _look(page, "lesson", lang, shots)
            page.get_by_role("button", name=all_lessons).click()
            page.get_by_role("button", name=back).click()
            page.get_by_role("button", name=together).click()
            expect(page.get_by_role("button", name=make)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            problems += _look(page, "tables", lang, shots)
            page.close()
    finally:
        for device in devices:
            device.close()
        context.close()
    assert not problems, "\n".join(problems)
