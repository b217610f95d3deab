"""The card table of a game (the Rescue and the classic game) reads its prompt, each hint and
the verdict aloud with the browser's speech synthesis, in the page's language, with the Lab's
words for the signs, and says in plain words when the device has no voice for it.

The browser's ``speechSynthesis`` is the boundary, replaced in the page by one that records
what it was asked to say (as in ``test_read_aloud.py``)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from sq2edu.i18n import _, language
from tests.browser.harness import show_widget
from tests.browser.scenes import SCENES
from tests.browser.test_read_aloud import _spoken, _stub

SCENE = {scene.name: scene for scene in SCENES}


def _read(lang: str) -> str:
    with language(lang):
        return _("Read aloud")


def test_the_rescues_prompt_is_read_aloud_from_the_keyboard_in_russian(page: Page) -> None:
    _stub(page, [{"name": "Samantha", "lang": "en-US"}, {"name": "Milena", "lang": "ru-RU"}])
    table = SCENE["rescue-start"].table("ru")
    prompt = table.state["view"]["prompt"]
    assert prompt
    show_widget(page, table)
    header = page.locator(".sq2-header")
    expect(header.locator(".sq2-prompt")).to_have_text(prompt)  # the words stay only words
    button = header.get_by_role("button", name=_read("ru"))
    expect(button).to_have_count(1)
    box = button.bounding_box()
    assert box is not None
    assert min(box["width"], box["height"]) >= 44  # a big target
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("window.__spoken.length === 1")
    assert _spoken(page) == [{"text": prompt, "lang": "ru-RU", "voice": "Milena"}]


def test_each_hint_and_the_verdict_are_read_with_signs_said_as_words(page: Page) -> None:
    _stub(page, [{"name": "Nora", "lang": "nb-NO"}])
    read = _read("nb")
    table = SCENE["rescue-three-hints"].table("nb")
    hints = table.state["hints"]["shown"]
    assert len(hints) == 3
    show_widget(page, table)
    for index, hint in enumerate(hints):
        page.locator(".sq2-hints li").nth(index).get_by_role("button", name=read).click()
        page.wait_for_function(f"window.__spoken.length === {index + 1}")
        said = _spoken(page)[index]
        assert said["lang"] == "nb-NO"
        assert said["text"].split()[:2] == hint.split()[:2]

    table = SCENE["rescue-wrong-equation"].table("nb")
    verdict = table.state["verdict"]
    assert verdict
    assert not verdict["ok"]
    show_widget(page, table)
    expect(page.get_by_role("status")).to_have_count(1)  # the verdict stays the one status
    page.locator(".sq2-verdict").get_by_role("button", name=read).click()
    page.wait_for_function("window.__spoken.length === 1")
    said = _spoken(page)[0]["text"]
    with language("nb"):
        divided = _("divided by")
    assert divided in said  # 10 : 4 is said "10 delt på 4", not "10 kolon 4"
    assert "10 : 4" not in said
    assert "÷" not in said


def test_the_classic_games_prompt_has_the_button_too(page: Page) -> None:
    _stub(page, [{"name": "Samantha", "lang": "en-US"}])
    table = SCENE["classic-turn"].table("en")
    show_widget(page, table)
    page.locator(".sq2-header").get_by_role("button", name=_read("en")).click()
    page.wait_for_function("window.__spoken.length === 1")
    assert _spoken(page)[0]["text"] == table.state["view"]["prompt"]


def test_no_voice_is_said_beside_the_button_that_was_pressed(page: Page) -> None:
    _stub(page, [{"name": "Samantha", "lang": "en-US"}])
    read = _read("ru")
    with language("ru"):
        no_voice = _(
            "This device has no voice for this language, so it cannot read aloud. "
            "Ask a grown-up to read it with you."
        )
    show_widget(page, SCENE["rescue-wrong-equation"].table("ru"))
    page.locator(".sq2-header").get_by_role("button", name=read).click()
    expect(page.locator(".sq2-header .sq2-speech-note")).to_have_text(no_voice)
    page.locator(".sq2-verdict").get_by_role("button", name=read).click()
    expect(page.locator(".sq2-builder .sq2-speech-note")).to_have_text(no_voice)
    assert _spoken(page) == []
