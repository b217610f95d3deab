"""The class app's own screens as a child meets them, in each language, on a laptop and on a
tablet: the form to join, the menu, the list of lessons, a lesson's first page and the tables
of classmates (with long names, one table playing, one of another game) and a table waiting
for friends, a child back at a table the computer played for her, and a table the
teacher ended. No word is cut off, the page never scrolls sideways, and every button a child
presses to get somewhere is a large target (at least 44 px high)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from sq2edu import rescue
from sq2edu.bots import make_bot
from sq2edu.classroom.storage.store import SQLiteStore
from sq2edu.classroom.storage.tables import Tables
from sq2edu.i18n import LANGUAGE_NAMES, LANGUAGES, _, language
from sq2edu.lessons import LESSONS
from tests.browser.conftest import WIDGET_TIMEOUT_MS
from tests.browser.test_classroom import Classroom, classroom  # noqa: F401 - a fixture

SIZES = ((1280, 800), (820, 1180))
#: A laptop, a small laptop and a tablet standing up.
THREE_SIZES = ((1280, 800), (1024, 768), (820, 1180))

_PROBLEMS = """
() => {
  const found = [];
  const shown = (n) => n.offsetParent !== null;
  const words = "button, label, label span, h1, h2, h3, .widget-label, .widget-html-content";
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


#: The least size of type for what the page says to a child: the lobby's (1.05rem).
CHILD_TYPE_PX = 16.8


def _small_type(page: Page, words: str, screen: str) -> list[str]:
    """``words`` on the page, if its type is smaller than a child's (a widget's 13 px)."""
    size = page.get_by_text(words).first.evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
    return [] if size >= CHILD_TYPE_PX else [f"{screen}: small type ({size} px): {words}"]


def _look(
    page: Page, screen: str, lang: str, shots: Path, sizes: tuple[tuple[int, int], ...] = SIZES
) -> list[str]:
    problems = []
    for width, height in sizes:
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
    # Tables with the longest names a lobby shows: one full (about to start), one of the game
    # the class played before the teacher changed it.
    with SQLiteStore(classroom.db) as store:
        tables = Tables(store)
        full = tables.make("Alexandra", 2, "rescue")
        tables.sit(full.id, "Konstantin")
        tables.sit(tables.make("Wilhelmina", 5, "rescue").id, "Maximilian")
        store.save_settings({**store.settings(), "edition": "classic"})
    problems: list[str] = []
    devices: list[BrowserContext] = []
    try:
        for lang in LANGUAGES:
            with language(lang):
                join, menu_lessons = _("Join"), _("Lessons")
                together, make = _("Play with classmates"), _("Make a table")
                waiting = _("Waiting for friends…")
                dividing = _("{number}. {title}", number=5, title=str(LESSONS["dividing"].title))
                back, all_lessons = _("Back"), _("All lessons")
                hello = _("Hi, {name}! What would you like to do?", name=f"Kid {lang}")
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
            problems += _small_type(page, hello, f"menu {lang}")
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
            if lang == "en":
                _a_table_starts_under_a_finger(page, classroom, full.id)
            problems += _look(page, "tables", lang, shots)
            page.get_by_role("button", name=make).click()
            expect(page.get_by_text(waiting)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            problems += _look(page, "waiting", lang, shots)
            page.close()
    finally:
        for device in devices:
            device.close()
        context.close()
    assert not problems, "\n".join(problems)


def _a_table_starts_under_a_finger(page: Page, room: Classroom, table_id: str) -> None:
    """The first table starts while a child's finger is over the row under it: that row
    stays where it was (it jumped 58 px up, the started table leaving the list)."""
    below = page.get_by_text("Wilhelmina's table")
    before = below.bounding_box()
    with SQLiteStore(room.db) as store:
        Tables(store).start(
            table_id,
            "Alexandra",
            lambda _seats: rescue.new_game(["Alexandra", "Konstantin"], seed=1),
        )
    expect(page.get_by_text("Alexandra's table: Alexandra, Konstantin · playing")).to_be_visible(
        timeout=WIDGET_TIMEOUT_MS
    )
    after = below.bounding_box()
    assert before is not None
    assert after is not None
    assert after["y"] == before["y"], f"the row moved from {before['y']} to {after['y']}"


#: Per language: the child who goes away and comes back, and the friend at her table.
_PAIRS = {"en": ("Leo", "Mia"), "ru": ("Маша", "Петя"), "nb": ("Ola", "Nora")}


def _played_for_while_away(store: SQLiteStore, child: str, friend: str) -> str:
    """A table of ``friend`` and ``child`` where the computer played ``child``'s turns (her
    page was closed), until it is the friend's turn again; the table's id."""
    tables = Tables(store)
    info = tables.make(friend, 2, "rescue")
    tables.sit(info.id, child)
    tables.start(info.id, friend, lambda _seats: rescue.new_game([friend, child], seed=5))
    for move in range(80):
        shared = tables.load(info.id)
        if 1 in tables.played_for(info.id) and shared.game.current_player == 0:
            return info.id
        seat = shared.game.current_player
        if seat == 1:  # the computer plays for her, under the lease, as a kernel does
            assert tables.lease(info.id, shared.info.version, "kernel")
        action = make_bot("easy", seed=move).choose(shared.game.clone())
        tables.move(info.id, shared.info.version, seat, action)
    raise AssertionError("the computer never played for the child")


def test_a_returning_child_and_an_ended_table_fit_in_every_language(
    classroom: Classroom,  # noqa: F811 - the fixture
    browser: Browser,
    artifacts_dir: Path,
) -> None:
    """A child comes back to her table (the computer played for her meanwhile: she is told
    so, and its moves are told as the computer's), then the teacher ends the table: both
    screens fit at three sizes in every language."""
    shots = artifacts_dir / "class_app"
    shots.mkdir(exist_ok=True)
    problems: list[str] = []
    devices: list[BrowserContext] = []
    try:
        for lang in LANGUAGES:
            child, friend = _PAIRS[lang]
            with SQLiteStore(classroom.db) as store:
                table_id = _played_for_while_away(store, child, friend)
                store.join(friend)
                store.seen(friend)  # the friend is there, thinking about her move
            with language(lang):
                join = _("Join")
                back = _("While you were away, the computer played for you. Now you play again.")
                played = _("The computer played for {name}: {words}", name=child, words="")
                ended = _("Your teacher ended that table. Everything you did is kept.")
            device = browser.new_context()
            devices.append(device)
            page = device.new_page()
            page.goto(f"http://127.0.0.1:{classroom.port}/", timeout=WIDGET_TIMEOUT_MS)
            page.get_by_role("button", name=LANGUAGE_NAMES[lang]).click(timeout=WIDGET_TIMEOUT_MS)
            expect(page.get_by_role("button", name=join)).to_be_visible()
            boxes = page.get_by_role("textbox")
            boxes.nth(0).fill(child)
            boxes.nth(1).fill("OWL")
            page.get_by_role("button", name=join).click()
            # Back at her seat: told that the computer played for her, and its moves are
            # told as the computer's in what happened.
            expect(page.get_by_text(back)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            narration = page.locator(".sq2-narration")
            expect(narration).to_contain_text(re.compile(re.escape(played.strip())))
            problems += _look(page, "returning", lang, shots, THREE_SIZES)
            problems += _small_type(page, back, f"returning {lang}")
            with SQLiteStore(classroom.db) as store:
                Tables(store).end(table_id)
            expect(page.get_by_text(ended)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            problems += _look(page, "ended", lang, shots, THREE_SIZES)
            page.close()
    finally:
        for device in devices:
            device.close()
    assert not problems, "\n".join(problems)
