"""The card table's details a child notices, in Chromium: each was once drawn wrong."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from sq2edu.classic.position import position as classic_position
from sq2edu.rescue.position import position as rescue_position
from sq2edu.ui import ClassicTable, RescueTable
from tests.browser.harness import show_widget
from tests.browser.scenes import SCENES, classic, rescue

SCENE = {scene.name: scene for scene in SCENES}


def show(page: Page, name: str, lang: str = "en") -> None:
    scene = SCENE[name]
    show_widget(page, scene.table(lang))
    for selector in scene.clicks:
        page.locator(selector).click()


def test_the_red_knight_offers_buttons_named_in_words(page: Page) -> None:
    show(page, "rescue-builder-red-knight")
    table = page.locator(".sq2-table")
    expect(table).not_to_contain_text("[object")
    help_row = table.get_by_role(
        "group", name="Red knight: one card may count as one more or one less."
    )
    expect(help_row.get_by_role("button", name="2 counts as 3", exact=True)).to_be_visible()
    expect(help_row.get_by_role("button")).to_have_count(6)  # 2, 3 and 6, each one more or less
    help_row.get_by_role("button", name="6 counts as 5", exact=True).click()
    expect(table.locator("[data-key='slot:result']")).to_contain_text("5")


def test_the_builder_numbers_and_signs_are_big_and_bold(page: Page) -> None:
    show(page, "rescue-builder-red-knight")
    root = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    for selector in ("[data-key='slot:0']", "[data-key='sign:+']"):
        style = page.locator(selector).evaluate(
            "n => [parseFloat(getComputedStyle(n).fontSize), getComputedStyle(n).fontWeight]"
        )
        assert style == [1.8 * root, "800"], (selector, style)  # 1.8rem, extra bold
    # The numbers are as big as the signs between them.
    slot, sign = (
        page.locator(selector).first.evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
        for selector in ("[data-key='slot:0']", ".sq2-slots .sq2-sign")
    )
    assert slot >= 0.9 * sign


def test_the_tick_of_a_card_in_the_equation_sits_on_that_card(page: Page) -> None:
    show(page, "rescue-builder-cards-selected")
    card = page.locator("[data-key='build:n2a']")
    expect(card).to_have_attribute("aria-pressed", "true")
    where = card.evaluate(
        """n => {
          const tick = getComputedStyle(n, '::after');
          return [getComputedStyle(n).position, tick.position, tick.content, tick.top, tick.right];
        }"""
    )
    assert where == ["relative", "absolute", '"✓"', "3px", "3px"]


def test_with_fewer_than_three_numbers_no_card_can_be_put_in_an_equation(page: Page) -> None:
    show(page, "rescue-too-few-numbers")
    table = page.locator(".sq2-table")
    expect(table.locator("[data-key^='build:']")).to_have_count(0)
    expect(table.get_by_role("button", name="2", exact=True)).to_have_count(0)
    expect(table).to_contain_text("An equation needs three number cards.")


def test_every_new_line_of_what_happened_is_spoken(page: Page) -> None:
    table = RescueTable(players=["Mia", "easy"], seed=1, pace=0)
    table.load(rescue_position(["Mia", "Easy bot"], rolls=["2"]))
    show_widget(page, table)
    spoken = page.locator("[aria-live='polite']").first
    page.get_by_role("button", name="Roll the die", exact=True).click()
    expect(spoken).to_contain_text("Mia rolled")
    expect(spoken).to_contain_text("Mia drew")


def test_pictures_in_buttons_are_not_read_out(page: Page) -> None:
    show(page, "rescue-builder")
    table = page.locator(".sq2-table")
    for name in ("Hint", "Type it", "Check ✓"[:-2], "Finish my turn"):
        expect(table.get_by_role("button", name=name, exact=True)).to_have_count(1)


def test_the_worked_example_shows_its_sentences_on_lines_of_their_own(page: Page) -> None:
    show(page, "rescue-three-hints")
    third = page.locator(".sq2-hints li").nth(2)
    expect(third.locator(".sq2-line")).to_have_count(2)
    expect(third.locator(".sq2-line").first).to_have_text("Here is one: 3 + 6 = 9")


def test_a_spell_book_shows_the_numbers_to_take_as_cards_and_can_be_cancelled(page: Page) -> None:
    show(page, "rescue-spell-book-picker")
    picker = page.get_by_role(
        "group", name="Spell Book: which number will you take from the discard pile?"
    )
    expect(picker.locator("button.sq2-card")).to_have_count(10)
    # The prompt says what to do now, not to press Finish, which the picker hides.
    prompt = page.locator(".sq2-header .sq2-prompt")
    expect(prompt).to_have_text("Click a card with a dashed frame, or press “Cancel”.")
    expect(page.locator("[data-key*='end-actions']")).to_have_count(0)
    picker.get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("button", name="Use a Spell Book")).to_be_visible()
    expect(prompt).to_contain_text("Press Finish")


def test_the_cards_to_discard_are_framed_and_named(page: Page) -> None:
    show(page, "rescue-discard")
    framed = page.locator("button.sq2-card.sq2-choose")
    expect(framed.first).to_be_visible()
    assert framed.count() == 7
    expect(page.get_by_role("button", name="Discard 1", exact=True)).to_be_visible()


def test_the_last_die_is_not_shown_once_the_game_is_over(page: Page) -> None:
    show(page, "rescue-game-over")
    expect(page.locator(".sq2-over")).to_be_visible()
    expect(page.locator(".sq2-turn .sq2-die")).to_have_count(0)


def test_a_right_classic_equation_stays_said_when_the_new_cards_are_no_numbers(page: Page) -> None:
    table = ClassicTable(players=["Mia", "easy"], seed=1, pace=0)
    table.load(
        classic_position(
            ["Mia", "Easy bot"],
            hands={
                0: ["n2a", "n3a", "n5a", "wand1", "k-hat"],
                1: ["n4b", "n6b", "n7b", "n8b", "n9c"],
            },
            deck_top=["dragon1", "jester1", "potion1"],
        )
    )
    show_widget(page, table)
    page.locator("[data-key='build:n2a']").click()
    page.locator("[data-key='build:n3a']").click()
    page.locator("[data-key='build:n5a']").click()
    page.locator("[data-key='check']").click()
    verdict = page.locator(".sq2-verdict")
    expect(verdict).to_contain_text("Yes! 2 + 3 = 5 works.")
    expect(page.locator(".sq2-builder")).to_contain_text("An equation needs three number cards.")
    page.wait_for_timeout(500)
    expect(verdict).to_be_visible()


def test_the_queens_a_knight_is_aimed_at_are_framed_and_in_view_not_the_other_cards(
    page: Page,
) -> None:
    page.set_viewport_size({"width": 820, "height": 1180})
    show(page, "classic-knight-target")
    queens = page.locator(
        "button.sq2-card[aria-label*='Rose Queen'], button.sq2-card[aria-label*='Cat Queen']"
    )
    expect(queens).to_have_count(2)
    for queen in queens.all():
        expect(queen).to_have_class(re.compile(r"\bsq2-choose\b"))
        expect(queen).to_be_in_viewport()
        style = queen.locator(".sq2-face").evaluate("n => getComputedStyle(n).outlineStyle")
        assert style == "dashed"
    # The other Knight and the Potion wait in the hand, unframed: they are not the target.
    for key in ("pick:knight2", "pick:potion1"):
        card = page.locator(f"[data-key='{key}']")
        expect(card).to_be_visible()
        assert (
            card.locator(".sq2-face").evaluate("n => getComputedStyle(n).outlineStyle") != "dashed"
        )
        assert card.get_attribute("data-target") is None


def test_a_keyboard_starts_the_discard_on_a_number_card_not_on_an_awake_queen(page: Page) -> None:
    table = RescueTable(players=["Mia", "easy"], seed=1, pace=0)
    table.load(
        rescue_position(
            ["Mia", "Easy bot"],
            realms={0: ["q-owl", "n1a", "n2a", "n3a", "n7a", "n9a", "book1"]},
            phase="actions",
        )
    )
    show_widget(page, table)
    finish = page.locator("[data-key*='end-actions']")
    finish.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".sq2-table")).to_have_attribute("data-phase", "discard")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "Discard 1"
    # Enter on it throws away the 1, not the queen.
    page.keyboard.press("Enter")
    expect(page.locator(".sq2-table")).not_to_have_attribute("data-phase", "discard")
    assert "q-owl" in table.game.state.players[0].realm


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (820, 1180)])
@pytest.mark.parametrize("lang", ["en", "ru", "nb"])
@pytest.mark.parametrize("scene", ["rescue-discard", "rescue-discard-queen-first"])
def test_the_discard_keeps_its_prompt_in_view(
    page: Page, scene: str, lang: str, size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    # The table below a page's words, How to play opened, then the turn ends and the discard
    # begins.
    table = SCENE[scene].make(lang)
    drawn = show_widget(page, table)
    page.evaluate(_TEXT_ABOVE)
    page.locator("[data-key='how']").click()
    for intent in SCENE[scene].intents:
        table.handle(intent)
    drawn.push()
    expect(page.locator(".sq2-header .sq2-prompt")).to_be_in_viewport()
    expect(page.locator("button.sq2-choose").first).to_be_in_viewport()


def test_how_to_play_folds_away_when_the_next_turn_begins(page: Page) -> None:
    table = RescueTable(players=["Mia", "easy"], seed=7, pace=0)
    drawn = show_widget(page, table)
    page.locator("[data-key='how']").click()
    how = page.locator("details.sq2-how")
    expect(how).to_have_attribute("open", "")
    turn = table.state["view"]["turn"]
    # Mia plays her turn from Python; the computer plays its own; Mia's next turn begins.
    while table.state["view"]["turn"] == turn:
        action = table.state["view"]["legal_actions"][-1]
        table.handle({"intent": "act", "action": {k: v for k, v in action.items() if k != "label"}})
        assert not table.state["message"], table.state["message"]
    drawn.push()
    expect(how).not_to_have_attribute("open", "")
    # The child can open it again, and it stays open for the rest of that turn.
    page.locator("[data-key='how']").click()
    expect(how).to_have_attribute("open", "")


# Where a card's name goes onto a new line: the letter before the break must be a space or a
# hyphen of the name (a soft hyphen only in the how-to's little picture cards). A name is
# 13 px or more, on two lines at most (the how-to's pictures aside), and no line is cut off
# at the card's bottom.
_BROKEN_NAMES = """
() => {
  const found = [];
  for (const name of document.querySelectorAll(".sq2-table .sq2-name")) {
    if (name.offsetParent === null) continue;
    const text = name.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const picture = name.closest(".sq2-how .sq2-example") !== null;
    const shown = text.data.replace(/\u00ad/g, "");
    const style = getComputedStyle(name);
    const size = parseFloat(style.fontSize);
    const lines = Math.round(name.getBoundingClientRect().height / parseFloat(style.lineHeight));
    if (!picture && size < 13) found.push(`${shown} is ${size} px`);
    if (!picture && lines > 2) found.push(`${shown} is on ${lines} lines`);
    const tops = [];
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      // A letter just after a break also gives a box at the end of the line before (the
      // hyphen drawn there): the letter's own box is the last one.
      const box = [...range.getClientRects()].filter((b) => b.width > 0).pop();
      tops.push(box ? box.top : null);
    }
    const word = text.data;
    for (let i = 0; i + 1 < word.length; i++) {
      if (tops[i] === null || tops[i + 1] === null || tops[i + 1] <= tops[i] + 1) continue;
      if (!(picture ? " -\\u00ad" : " -").includes(word[i]) && word[i + 1] !== " ") {
        found.push(`${word.replace(/\\u00ad/g, "")} breaks after "${word.slice(0, i + 1).replace(/\\u00ad/g, "")}"`);
      }
    }
    const face = name.closest(".sq2-face").getBoundingClientRect();
    const bottom = name.getBoundingClientRect().bottom;
    if (bottom > face.bottom - 2 + 0.5) found.push(`${word} is cut at the bottom by ${(bottom - face.bottom + 2).toFixed(1)} px`);
  }
  return found;
}
"""


def _every_card(cards: Mapping[str, Any]) -> list[str]:
    """One card of each name (but the numbers), for a pile that shows them all."""
    seen: dict[str, str] = {}
    for card_id, card in cards.items():
        if card.kind.value != "number":
            seen.setdefault(card.name, card_id)
    return list(seen.values())


@pytest.mark.parametrize("lang", ["en", "ru", "nb"])
@pytest.mark.parametrize("edition", ["rescue", "classic"])
def test_card_names_are_13_px_on_two_lines_at_most_never_broken_inside_a_word(
    page: Page, lang: str, edition: str
) -> None:
    from sq2edu.classic.cards import CARDS as CLASSIC_CARDS
    from sq2edu.rescue.cards import CARDS as RESCUE_CARDS
    from tests.browser.scenes import classic, rescue

    if edition == "rescue":
        table = rescue(lang, discard=_every_card(RESCUE_CARDS))
    else:
        pile = [c for c in _every_card(CLASSIC_CARDS) if not c.startswith("q-")]
        table = classic(lang, discard=pile)
    show_widget(page, table)
    page.locator("[data-key='look-through']").click()
    page.locator("[data-key='how']").click()
    assert page.locator(".sq2-browse .sq2-name").count() > 10
    for width, height in ((1280, 800), (1024, 768), (820, 1180)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(_BROKEN_NAMES) == [], (width, height)
        assert page.evaluate(_CUT_NAMES) == [], (width, height)


# A name wider than its card, or a card pushing the page sideways.
_CUT_NAMES = """
() => {
  const found = [];
  for (const name of document.querySelectorAll(".sq2-table .sq2-name")) {
    if (name.offsetParent !== null && name.scrollWidth > name.clientWidth + 1) {
      found.push(`${name.textContent} is cut off (${name.scrollWidth} > ${name.clientWidth})`);
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push("the page scrolls sideways");
  return found;
}
"""


# A notebook's cells below the table: the page goes on past it.
_TEXT_BELOW = """
() => {
  const words = document.createElement("div");
  words.style.height = "900px";
  document.body.append(words);
  window.scrollTo(0, document.documentElement.scrollHeight);
}
"""


# A lesson's page has its words above the Lab, as a notebook has cells: the Lab starts lower.
_TEXT_ABOVE = """
() => {
  const words = document.createElement("div");
  words.style.height = "420px";
  document.body.prepend(words);
  window.scrollTo(0, 0);
}
"""


@pytest.mark.parametrize("lang", ["en", "ru", "nb"])
def test_a_lessons_verdict_and_the_labs_after_three_hints_come_into_view(
    page: Page, lang: str
) -> None:
    from tests.browser.scenes import lab_with, lesson_exercise

    page.set_viewport_size({"width": 1280, "height": 800})
    lesson = lesson_exercise(lang, "number-bonds", 1)
    drawn = show_widget(page, lesson)
    page.evaluate(_TEXT_ABOVE)
    lesson.handle({"intent": "check", "text": "1 + 5 = 6"})
    drawn.push()
    expect(page.locator(".sq2-verdict")).to_be_in_viewport()

    lab = lab_with(lang, [3, 4, 7, 9, 10])
    drawn = show_widget(page, lab)
    page.evaluate(_TEXT_ABOVE)
    lab.handle({"intent": "check", "text": "3 × 4 = 7"})
    for _hint in range(3):
        lab.handle({"intent": "hint"})
        drawn.push()
    expect(page.locator(".sq2-verdict")).to_be_in_viewport()
    expect(page.locator(".sq2-hints li").last).to_be_in_viewport()


def test_the_heading_and_the_tip_fit_the_moment(page: Page) -> None:
    """The computer's Knight at the child's queen is not "Your turn"; a Sleeping Potion being
    aimed hides the tip of the turn, which spoke of another moment."""
    show(page, "classic-block-with-dragon")
    who = page.locator(".sq2-who")
    expect(who).to_have_text("Easy bot is after your queen!")
    show_widget(
        page,
        classic("en", hands={0: ["potion1", "n2a", "n3a", "n7a", "n9a"]}, queens={1: ["q-rose"]}),
    )
    expect(who).to_have_text("Your turn")
    tip = page.locator(".sq2-tip")
    expect(tip).to_contain_text("Click your Sleeping Potion")
    page.locator("[data-key='pick:potion1']").click()
    expect(page.locator(".sq2-picking")).to_be_visible()
    expect(tip).to_have_count(0)


_EQUALS_BESIDE_ANSWER = """
() => {
  const equals = [...document.querySelectorAll(".sq2-slots .sq2-sign")].find((n) => n.textContent === "=");
  const a = equals.getBoundingClientRect();
  const b = document.querySelector("[data-key='slot:result']").getBoundingClientRect();
  return b.left > a.right && Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) < 2;
}
"""


@pytest.mark.parametrize("lang", ["en", "ru", "nb"])
def test_the_builder_and_check_are_above_the_fold_of_a_laptop_under_a_full_realm(
    page: Page, lang: str
) -> None:
    """Below a realm of queens, a companion, kings and six numbers, Check was at 920 px of an
    800 px laptop screen: on two columns the builder heads the second, beside the cards. On
    one column of a small window it is below the cards, and a card put in the equation
    brings it into view."""
    check = page.locator("[data-key='check']")
    for width, height in ((1280, 800), (1024, 768), (820, 600)):
        page.set_viewport_size({"width": width, "height": height})
        show_widget(
            page,
            rescue(
                lang,
                realms={0: ["q-owl", "q-bee", "n2a", "n3a", "n5a", "n6a", "n7a", "n9a"]},
                companions={0: ["c-lion"]},
                kings={0: ["k-cookie", "k-clock"]},
                phase="actions",
            ),
            same_page=True,
        )
        if width > 900:
            expect(page.locator(".sq2-builder")).to_be_in_viewport(ratio=1)
            expect(check).to_be_in_viewport(ratio=1)
        else:
            expect(check).not_to_be_in_viewport()
        # "=" and the answer's place stay on one line (in Russian the "?" fell to a second).
        assert page.evaluate(_EQUALS_BESIDE_ANSWER), (lang, width)
        page.locator("[data-key='build:n2a']").click()
        expect(check).to_be_in_viewport(ratio=1)
        expect(page.locator("[data-key='build:n3a']")).to_be_in_viewport()


def test_what_just_happened_shows_every_line_since_the_childs_move_in_a_box_that_scrolls(
    page: Page,
) -> None:
    """Two computers' turns are all there (the last four lines only lost why the knights
    were swapped), and the box keeps its height, with the newest line in view."""
    import random

    page.set_viewport_size({"width": 1280, "height": 800})
    table = RescueTable(players=["Mia", "easy", "hard"], seed=0, pace=0)
    rng = random.Random(0)

    def since_mias_move() -> list[str]:
        log = table.game.log
        own = [i for i, event in enumerate(log) if event.player == 0 and event.kind != "turn"]
        return table.narration[own[-1] if own else 0 :]

    while len(since_mias_move()) < 14:
        act = rng.choice(table.state["view"]["legal_actions"])
        table.handle({"intent": "act", "action": act})
    lines = since_mias_move()
    show_widget(page, table)
    items = page.locator(".sq2-narration li")
    expect(items).to_have_count(len(lines))
    assert [re.sub(r"\s+", " ", text) for text in items.all_inner_texts()] == [
        re.sub(r"\s+", " ", line) for line in lines
    ]
    box = page.locator(".sq2-narration ul").evaluate(
        """list => {
          const outer = list.getBoundingClientRect();
          const last = list.lastElementChild.getBoundingClientRect();
          // The line at the top of the box in view: whole, never cut in half.
          const inner = list.getBoundingClientRect().top + list.clientTop;
          const top = Array.from(list.children).find(
            (item) => item.getBoundingClientRect().bottom > inner + 1);
          return {height: outer.height, scrolls: list.scrollHeight > list.clientHeight,
                  newest: last.top >= outer.top - 1 && last.bottom <= outer.bottom + 1,
                  topCut: inner - top.getBoundingClientRect().top};
        }"""
    )
    assert box["scrolls"], box
    assert box["newest"], box
    assert box["height"] < 140, box
    assert box["topCut"] <= 1, box


def test_a_realm_over_what_it_keeps_says_so_and_a_finished_game_shows_the_count(
    page: Page,
) -> None:
    """ "Петя · 7/5" at the end of a game read as seven of five."""
    scene = SCENE["rescue-game-over"]
    table = scene.make("en")
    drawn = show_widget(page, table)
    counts = page.locator(".sq2-realm h3 .sq2-count")
    assert all(re.fullmatch(r" · \d+/\d+", text) for text in counts.all_inner_texts())
    for intent in scene.intents:
        table.handle(intent)
    drawn.push()
    expect(page.locator(".sq2-over h2")).to_be_visible()
    assert all(re.fullmatch(r" · \d+", text) for text in counts.all_inner_texts()), (
        counts.all_inner_texts()
    )


def test_the_winners_headline_is_at_the_top_of_the_screen_when_the_game_ends(page: Page) -> None:
    """On a tablet the game ends far down the page (the king taken last is low on the
    board, and a notebook or the class app has more below the table): the headline saying
    who won comes into view, not only the New game button."""
    page.set_viewport_size({"width": 820, "height": 1180})
    scene = SCENE["rescue-game-over"]
    table = scene.make("en")
    drawn = show_widget(page, table)
    page.evaluate(_TEXT_BELOW)
    for intent in scene.intents:
        table.handle(intent)
    drawn.push()
    expect(page.locator(".sq2-over h2")).to_be_in_viewport(ratio=1)
    expect(page.get_by_role("button", name="New game")).to_be_in_viewport(ratio=1)


# Every box of the given selector against the window: all inside it, or else the first.
_IN_VIEW = """
(selector) => {
  const boxes = [...document.querySelectorAll(selector)].map((n) => n.getBoundingClientRect());
  const inside = (b) => b.top >= 0 && b.bottom <= window.innerHeight + 0.5;
  const span = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
  return { count: boxes.length, all: boxes.every(inside), first: inside(boxes[0]), fits: span <= window.innerHeight };
}
"""


@pytest.mark.parametrize("size", [(820, 1180), (1024, 768)])
@pytest.mark.parametrize("lang", ["en", "ru", "nb"])
def test_a_card_aimed_at_another_player_brings_its_targets_into_view_with_the_prompt(
    page: Page, lang: str, size: tuple[int, int]
) -> None:
    """A Knight or a Sleeping Potion picked from a hand of number cards (the builder open
    above the board): the other players' queens it can be aimed at come into view with the
    words that ask for them, not left cut off at the bottom edge."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    table = classic(
        lang,
        ("Mia", "easy", "medium"),
        hands={
            0: ["potion1", "knight1", "n2a", "n3a", "n5a"],
            2: ["n4c", "n6c", "n7c", "n8c", "n9d"],
        },
        queens={1: ["q-rose", "q-cat", "q-moon", "q-cake"], 2: ["q-dog", "q-heart"]},
    )
    show_widget(page, table)
    page.evaluate(_TEXT_ABOVE)
    for key in ("pick:potion1", "pick:knight1"):
        page.locator(f"[data-key='{key}']").click()
        expect(page.locator(".sq2-picking")).to_be_visible()
        seen = page.evaluate(_IN_VIEW, "button.sq2-choose")
        assert seen["count"] == 6
        assert seen["all"] or (not seen["fits"] and seen["first"]), (key, seen)
        expect(page.locator(".sq2-picking .sq2-prompt")).to_be_in_viewport(ratio=1)
        page.locator("[data-key='cancel-pick']").click()
        page.evaluate("window.scrollTo(0, 0)")


_HEADING_WHOLE = "() => document.querySelector('.sq2-who').getBoundingClientRect().top >= 0"


@pytest.mark.parametrize(("lang", "size"), [("en", (1024, 768)), ("ru", (820, 1180))])
def test_a_scroll_the_table_makes_by_itself_keeps_its_heading_whole(
    page: Page, lang: str, size: tuple[int, int]
) -> None:
    """The page brings the prompt and its targets into view (a king to take, the New game
    button, the computer's Knight at the child's queen): the heading above the prompt
    ("Your turn", "Game over", "Easy bot is after your queen!") is not cut off at the top."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    scene = SCENE["rescue-game-over"]
    table = scene.make(lang)
    drawn = show_widget(page, table)
    for intent in scene.intents:
        page.evaluate(_TEXT_BELOW)
        table.handle(intent)
        drawn.push()
        assert page.evaluate(_HEADING_WHOLE), intent
    expect(page.locator(".sq2-over h2")).to_be_in_viewport(ratio=1)
    attacked = classic(lang)
    drawn = show_widget(page, attacked)
    page.evaluate(_TEXT_BELOW)
    attacked.load(
        classic_position(
            attacked.game.names,
            hands={0: ["n2a", "n3a", "n5a", "n9a", "n6a"], 1: ["n4b", "n6b", "n7b", "n8b"]},
            queens={0: ["q-heart"]},
            attack=("knight1", 0, "q-heart"),
            current=0,
            turn_player=1,
            phase="block",
        )
    )
    drawn.push()
    expect(page.locator(".sq2-table")).to_have_attribute("data-phase", "block")
    assert page.evaluate(_HEADING_WHOLE)


def test_each_step_of_the_switch_witch_has_one_way_out(page: Page) -> None:
    show(page, "rescue-switch-witch-take")
    choices = page.locator(".sq2-choices")
    expect(choices.get_by_role("button", name="Cancel")).to_have_count(1)
    expect(choices.get_by_role("button", name="No, thanks")).to_have_count(0)
    choices.get_by_role("button", name="Cancel").click()
    expect(choices.get_by_role("button", name="No, thanks")).to_have_count(1)
    expect(choices.get_by_role("button", name="Cancel")).to_have_count(0)
