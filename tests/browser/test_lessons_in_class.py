"""Lessons as children meet them: opened by the teacher on the dashboard, read in the class
app in the child's language (no code, no error), an exercise answered with a card, the answer
in the store and on the dashboard; and every lesson notebook rendered through Voilà."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from sq2edu.classroom import SQLiteStore
from sq2edu.i18n import LANGUAGES, _, language
from sq2edu.lessons import LESSONS, Choice
from sq2edu.lessons.notebooks import GUIDE, notebook_name
from sq2edu.ui.lesson import LessonBook
from tests.browser.conftest import WIDGET_TIMEOUT_MS, FolderServer
from tests.browser.test_classroom import Classroom, classroom  # noqa: F401 - a fixture

LESSONS_DIR = Path(__file__).parent.parent.parent / "lessons"


@pytest.fixture(scope="session")
def lessons_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FolderServer]:
    """The worker's Voilà server of the lesson notebooks (started once, not once a test)."""
    server = FolderServer(LESSONS_DIR, tmp_path_factory.mktemp("voila-lessons"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def lessons(
    lessons_server: FolderServer, page: Page, request: pytest.FixtureRequest, artifacts_dir: Path
) -> Iterator[FolderServer]:
    """The lessons' server for one test, whose page is left (its kernel ended) afterwards."""
    yield lessons_server
    lessons_server.leave(page, request, artifacts_dir)


def _no_code_and_no_error(page: Page) -> None:
    expect(page.locator(".jp-InputArea, .jp-InputPrompt, .CodeMirror, .cm-editor")).to_have_count(0)
    expect(page.locator("[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)
    expect(page.locator("[data-mime-type='application/vnd.jupyter.error']")).to_have_count(0)
    expect(page.get_by_text("Traceback")).to_have_count(0)


def test_a_teacher_opens_a_lesson_and_a_child_answers_it_in_their_language(
    classroom: Classroom,  # noqa: F811 - the fixture
    page: Page,
    artifacts_dir: Path,
) -> None:
    teacher = page.context.new_page()
    teacher.goto(classroom.teacher_url, wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    teacher.get_by_role("tab", name="Lessons").click(timeout=WIDGET_TIMEOUT_MS)
    teacher.get_by_role("checkbox", name="1. Number bonds").check()
    teacher.get_by_role("button", name="Open the ticked lessons").click()
    expect(teacher.get_by_text("Saved. The children see them in Lessons.")).to_be_visible()

    page.goto(f"http://127.0.0.1:{classroom.port}/", wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    join = page.get_by_role("button", name="Join")
    expect(join).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    page.get_by_role("button", name="Русский").click()
    expect(page.get_by_role("button", name="Войти")).to_be_visible()
    boxes = page.get_by_role("textbox")
    boxes.nth(0).fill("Mia")
    boxes.nth(1).fill("OWL")
    page.get_by_role("button", name="Войти").click()
    page.get_by_role("button", name="Уроки").click(timeout=WIDGET_TIMEOUT_MS)
    expect(page.get_by_text("0 из 10 — верно без помощи")).to_be_visible()
    page.screenshot(path=artifacts_dir / "lesson_in_class_ru_list.png", full_page=True)
    page.get_by_role("button", name="1. Состав числа").click()
    expect(page.get_by_role("heading", name="Урок 1: Состав числа")).to_be_visible()
    expect(page.get_by_text("Чему ты научишься")).to_be_visible()
    _no_code_and_no_error(page)
    page.screenshot(path=artifacts_dir / "lesson_in_class_ru_start.png", full_page=True)

    book = LessonBook("number-bonds")
    for step in range(1, book.steps.index(("exercise", 7)) + 1):
        page.get_by_role("button", name="Дальше").click()
        expect(page.locator(".sq2-step")).to_have_text(f"{step + 1} из {len(book.steps)}")
    expect(page.locator(".sq2-lesson")).to_contain_text("Упражнение 7 из 10")
    expect(page.locator(".sq2-box-task")).to_have_attribute("aria-label", "2 + окошко = 7")
    page.get_by_role("button", name="Поставить 4 в окошко").click()
    expect(page.locator(".sq2-verdict")).to_contain_text("Пока не получилось")
    page.get_by_role("button", name="Поставить 5 в окошко").click()
    expect(page.get_by_role("status").filter(has_text="Молодец!")).to_be_visible()
    # Right at the second try: done, but not right on her own.
    later = "0 из 10 — верно без помощи; 1 — с подсказкой или не с первого раза"
    expect(page.get_by_role("img", name=later)).to_be_visible()
    _no_code_and_no_error(page)
    page.screenshot(path=artifacts_dir / "lesson_in_class_ru_box.png", full_page=True)

    # A question takes one answer: its buttons are then disabled in the browser too.
    for _step in range(2):
        page.get_by_role("button", name="Дальше").click()
    expect(page.locator(".sq2-lesson")).to_contain_text("Упражнение 9 из 10")
    page.get_by_role("button", name="3 и 7").click()
    expect(page.get_by_text("Твой ответ: 3 и 7")).to_be_visible()
    expect(page.get_by_role("button", name="3 и 7")).to_be_disabled()
    expect(page.get_by_role("button", name="4 и 5")).to_be_disabled()
    own = "1 из 10 — верно без помощи; 1 — с подсказкой или не с первого раза"
    expect(page.get_by_role("img", name=own)).to_be_visible()

    with SQLiteStore(classroom.db) as store:
        answers = [(a.text, a.ok, a.where, a.lesson, a.exercise) for a in store.attempts("Mia")]
    assert answers == [
        ("Какие два числа вместе дают 10? → 3 и 7", True, "lesson", "number-bonds", 9),
        ("2 + 5 = 7", True, "lesson", "number-bonds", 7),
        ("2 + 4 = 7", False, "lesson", "number-bonds", 7),
    ]

    teacher.get_by_role("button", name="Refresh now").click()
    teacher.get_by_role("tab", name="Lessons").click()
    row = teacher.get_by_role("row").filter(has=teacher.get_by_role("rowheader", name="Mia"))
    expect(row).to_contain_text("1 of 10 right on their own · 1 with help or at a later try")
    teacher.screenshot(path=artifacts_dir / "lesson_in_class_dashboard.png", full_page=True)


@pytest.mark.parametrize("lesson", list(LESSONS))
def test_every_lesson_notebook_renders_through_voila_with_no_code_and_no_error(
    lesson: str, page: Page, lessons: FolderServer, artifacts_dir: Path
) -> None:
    # Each lesson in one of the languages, in turn, so every language is rendered.
    lang = LANGUAGES[LESSONS[lesson].number % len(LANGUAGES)]
    page.goto(
        lessons.url(LESSONS_DIR / lang / notebook_name(lesson)),
        wait_until="commit",
        timeout=WIDGET_TIMEOUT_MS,
    )
    expect(page.locator(".sq2-lesson")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    expect(page.locator(".sq2-lesson svg, .sq2-lesson h1").first).to_be_visible()
    _no_code_and_no_error(page)
    page.screenshot(path=artifacts_dir / f"lesson_voila_{lang}_{lesson}.png", full_page=True)


@pytest.mark.parametrize(("lesson", "lang"), [("equals-and-signs", "nb"), ("chance", "ru")])
def test_every_question_of_a_lesson_fits_its_answers_on_a_laptop_and_a_tablet(
    lesson: str, lang: str, page: Page, lessons: FolderServer, artifacts_dir: Path
) -> None:
    """ "Stemmer ikke" and "6 + 4 = 12 − 2" were cut off on answer buttons of a fixed width."""
    book = LessonBook(lesson)
    questions = [
        book.steps.index(("exercise", number))
        for number, task in enumerate(LESSONS[lesson].exercises, start=1)
        if isinstance(task, Choice)
    ]
    with language(lang):
        onward = _("Next")
    problems: list[str] = []
    page.goto(
        lessons.url(LESSONS_DIR / lang / notebook_name(lesson)),
        wait_until="commit",
        timeout=WIDGET_TIMEOUT_MS,
    )
    expect(page.locator(".sq2-lesson")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    at = 0
    for step in questions:
        while at < step:
            page.get_by_role("button", name=onward, exact=True).click()
            at += 1
            expect(page.locator(".sq2-step")).to_contain_text(str(at + 1))
        for width, height in ((1280, 800), (820, 1180)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            found = page.locator(".sq2-choice").evaluate(_CUT_OFF)
            problems += [f"{lang} step {step} at {width}: {problem}" for problem in found]
        page.locator(".sq2-lesson").screenshot(
            path=artifacts_dir / f"lesson_question_{lesson}_{lang}_{step}.png"
        )
    assert problems == []


#: Words cut off, or a small button, inside a question (its answer buttons above all).
_CUT_OFF = """
(card) => {
  const found = [];
  for (const node of card.querySelectorAll("button, .widget-html-content")) {
    if (node.offsetParent === null) continue;
    if (node.scrollWidth > node.clientWidth + 1) {
      found.push(`cut off: ${node.textContent.trim().slice(0, 40)}`);
    }
    if (node.matches("button") && node.getBoundingClientRect().height < 44) {
      found.push(`small: ${node.textContent.trim()}`);
    }
  }
  return found;
}
"""


def test_the_teachers_guide_renders_through_voila_in_every_language(
    page: Page, lessons: FolderServer
) -> None:
    for lang in LANGUAGES:
        page.goto(
            lessons.url(LESSONS_DIR / lang / GUIDE), wait_until="commit", timeout=WIDGET_TIMEOUT_MS
        )
        expect(page.locator(".sq2-guide")).to_have_count(len(LESSONS), timeout=WIDGET_TIMEOUT_MS)
        _no_code_and_no_error(page)
