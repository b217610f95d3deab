"""The Lab reads its prompt, hints and verdict aloud with the browser's speech synthesis, in
the page's language, and says in plain words when the device has no voice for it.

The browser's ``speechSynthesis`` is the boundary: it is replaced in the page (before any
script runs) by one that records what it was asked to say and lists the voices given."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from sq2edu.classroom.server.serve import write_cell_notebook
from sq2edu.i18n import _, language
from sq2edu.ui import EquationLab
from tests.browser.conftest import WIDGET_TIMEOUT_MS, OpenCell, VoilaServer
from tests.browser.test_table import click_and_wait

_STUB = """
window.__spoken = [];
class RecordedUtterance { constructor(text) { this.text = text; this.lang = ""; this.voice = null; } }
Object.defineProperty(window, "SpeechSynthesisUtterance", { value: RecordedUtterance, configurable: true });
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  getVoices: () => VOICES,
  speak: (u) => window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice && u.voice.name }),
  cancel: () => {},
} });
"""


def _stub(page: Page, voices: list[dict[str, str]]) -> None:
    page.add_init_script(_STUB.replace("VOICES", json.dumps(voices)))


def _spoken(page: Page) -> list[dict[str, Any]]:
    spoken: list[dict[str, Any]] = page.evaluate("window.__spoken")
    return spoken


def _cell(lang: str) -> str:
    return (
        "from sq2edu.ui import EquationLab\n"
        f"EquationLab(seed=2, operations='+−', language={lang!r}, student='Mia')"
    )


def test_the_lab_reads_its_prompt_hint_and_verdict_aloud_in_russian(
    page: Page, open_cell: OpenCell
) -> None:
    _stub(page, [{"name": "Milena", "lang": "ru-RU"}, {"name": "Samantha", "lang": "en-US"}])
    lab = EquationLab(seed=2, operations="+−", language="ru", student="Mia")
    with language("ru"):
        read = _("Read aloud")
    prompt = lab.state["view"]["prompt"]
    page = open_cell(_cell("ru"))
    buttons = page.get_by_role("button", name=read)
    buttons.first.focus()
    page.keyboard.press("Enter")  # usable from the keyboard
    page.wait_for_function("window.__spoken.length === 1")
    said = _spoken(page)[0]
    assert said == {"text": prompt, "lang": "ru-RU", "voice": "Milena"}

    click_and_wait(page, page.locator("[data-key='hint']"))
    hint = page.locator(".sq2-hints li").first
    hint.get_by_role("button", name=read).click()
    page.wait_for_function("window.__spoken.length === 2")
    lab.handle({"intent": "hint"})
    shown = lab.state["hints"]["shown"][0]
    assert _spoken(page)[1]["text"].split()[:3] == shown.split()[:3]
    assert _spoken(page)[1]["lang"] == "ru-RU"

    page.locator("[data-key='toggle-typing']").click()
    page.locator("[data-key='typed']").fill("2 + 2 = 5")
    click_and_wait(page, page.locator("[data-key='check-typed']"))
    page.locator(".sq2-verdict").get_by_role("button", name=read).click()
    page.wait_for_function("window.__spoken.length === 3")
    verdict = _spoken(page)[2]["text"]
    assert "5" in verdict
    assert "плюс" in verdict  # the signs are said as words
    assert "+" not in verdict


def test_a_device_with_no_voice_for_the_language_says_so_in_plain_words(
    page: Page, open_cell: OpenCell
) -> None:
    _stub(page, [{"name": "Samantha", "lang": "en-US"}])
    with language("nb"):
        read = _("Read aloud")
        no_voice = _(
            "This device has no voice for this language, so it cannot read aloud. "
            "Ask a grown-up to read it with you."
        )
    page = open_cell(_cell("nb"))
    page.get_by_role("button", name=read).first.click()
    expect(page.locator(".sq2-header .sq2-speech-note")).to_have_text(no_voice)
    assert _spoken(page) == []


def test_a_lessons_question_and_what_it_says_after_an_answer_are_read_aloud(
    page: Page, voila_server: VoilaServer, tmp_path: Path
) -> None:
    _stub(page, [{"name": "Milena", "lang": "ru-RU"}])
    with language("ru"):
        read = _("Read aloud")
        ask = _("Which comes up more often?")
        chose = _("You chose: {answer}", answer="3")
    notebook = tmp_path / "lesson.ipynb"
    write_cell_notebook(
        notebook,
        "from sq2edu.ui.lesson import LessonBook\n"
        "book = LessonBook('chance', language='ru')\n"
        "book.go(book.steps.index(('exercise', 1)))\n"
        "book",
    )
    page.goto(voila_server(notebook), wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    question = page.locator(".sq2-choice")
    expect(question).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    question.get_by_role("button", name=read).first.click()
    page.wait_for_function("window.__spoken.length === 1")
    said = _spoken(page)[0]
    assert said["lang"] == "ru-RU"
    assert said["text"].startswith(ask)
    question.get_by_role("button", name="3", exact=True).click()
    expect(question.get_by_role("button", name=read)).to_have_count(2)
    question.get_by_role("button", name=read).nth(1).click()
    page.wait_for_function("window.__spoken.length === 2")
    assert _spoken(page)[1]["text"].startswith(chose)
