"""How to play, the goal, and the coach's tips of a first game, on both tables."""

from __future__ import annotations

import pytest

from sq2edu.i18n import LANGUAGES, _, language
from sq2edu.rescue.state import Phase
from sq2edu.ui import ClassicTable, RescueTable
from sq2edu.ui.game_table import GameTable
from tests.browser.scenes import SCENES


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("table_type", [RescueTable, ClassicTable])
def test_how_to_play_pictures_are_real_cards_and_words_are_translated(
    table_type: type[GameTable], lang: str
) -> None:
    table = table_type(players=["Mia", "easy"], seed=1, pace=0, language=lang)
    guide = table.state["guide"]
    assert guide["title"]
    assert guide["open"]
    assert len(guide["steps"]) >= 4
    for step in guide["steps"]:
        assert step["text"]
        for card in step["cards"]:
            assert card in ("+", "=") or card in table.catalog["cards"], card
    assert table.state["goal"].startswith("🏆")


def test_the_rescue_goal_says_how_many_kings_for_the_players_at_the_table() -> None:
    two = RescueTable(players=["Mia", "easy"], seed=1, pace=0)
    five = RescueTable(players=["Mia", "easy", "easy", "easy", "easy"], seed=1, pace=0)
    assert two.state["goal"] == "🏆 Goal: rescue 4 kings."
    assert five.state["goal"] == "🏆 Goal: rescue 2 kings."
    with_ru = RescueTable(players=["Mia", "easy"], seed=1, pace=0, language="ru")
    assert with_ru.state["goal"] == "🏆 Цель: 4 спасённых короля."


def test_the_classic_goal_is_queens_or_points() -> None:
    table = ClassicTable(players=["Mia", "easy"], seed=1, pace=0)
    assert table.state["goal"] == "🏆 Goal: 5 queens or 50 points."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_has_a_tip_for_every_state_a_child_decides_in(lang: str) -> None:
    for scene in SCENES:
        table = scene.table(lang)
        if not isinstance(table, GameTable):
            continue  # the Lab has its prompt, and no coach
        state = table.state
        deciding = state["seat"] is not None and state["seat"] == state["view"]["current_player"]
        if deciding and not state["curtain"] and state["view"]["phase"] != Phase.OVER.value:
            assert state["tip"], f"{scene.name} in {lang} has no tip"


def test_the_tips_can_be_hidden_and_shown_again() -> None:
    table = RescueTable(players=["Mia", "easy"], seed=1, pace=0)
    assert table.state["tip"] == "Press “Roll the die”. You take as many cards as it shows."
    table.handle({"intent": "tips"})
    assert table.state["tip"] == ""
    assert table.state["tips"] is False
    table.handle({"intent": "tips"})
    assert table.state["tip"]


def test_the_coach_speaks_of_the_card_that_can_play_now() -> None:
    """Each tip fits its moment: a Sleeping Potion is no "No King? Throw away cards…", and a
    Spell Book that can fetch the missing number is no "Press Finish"."""
    from tests.browser.scenes import classic, rescue

    potion = classic(
        "en", hands={0: ["potion1", "n2a", "n3a", "n7a", "n9a"]}, queens={1: ["q-rose"]}
    )
    assert potion.state["tip"].startswith("Click your Sleeping Potion")
    book = rescue("en", realms={0: ["n4a", "n2a", "book1"]}, discard=["n6a"], phase="actions")
    assert "use-spell-book" in {a["kind"] for a in book.state["view"]["legal_actions"]}
    assert "Spell Book" in book.state["tip"]
    assert "Press Finish" not in book.state["tip"]
    # One card fetched to one number (or to none) is no equation: the book is no advice.
    for realm in (["n4a", "book1"], ["book1", "q-owl"], ["n1a", "n9a", "book1"]):
        short = rescue("en", realms={0: realm}, discard=["n6a", "n2b"], phase="actions")
        assert "use-spell-book" in {a["kind"] for a in short.state["view"]["legal_actions"]}
        assert "Spell Book" not in short.state["tip"], realm
    alone = rescue("en", realms={0: ["n4a", "book1"]}, phase="actions")  # nothing to fetch
    assert alone.state["tip"].endswith("Press Finish: next turn brings more.")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("attacker", ["knight1", "potion1"])
def test_an_attack_the_child_cannot_stop_is_said_the_same_by_the_owl_and_its_one_button(
    lang: str, attacker: str
) -> None:
    """No Dragon (or Wand) in hand: the owl does not say to use one, and the one button does
    not read as a choice ("Let it happen"); with one, the owl says to click it."""
    from tests.browser.scenes import classic

    def attacked(hand: list[str]) -> ClassicTable:
        return classic(
            lang,
            hands={0: hand, 1: ["n4b", "n6b", "n7b", "n8b"]},
            queens={0: ["q-heart"]},
            attack=(attacker, 0, "q-heart"),
            current=0,
            turn_player=1,
            phase="block",
        )

    blocker = "dragon1" if attacker == "knight1" else "wand1"
    alone = attacked(["n2a", "n3a", "n5a", "n9a"])
    with language(lang):
        ok = _("OK")
    stop = "Dragon" if attacker == "knight1" else "Wand"
    buttons = [a["label"] for a in alone.state["view"]["legal_actions"]]
    assert buttons == [ok]
    assert ok in alone.state["tip"]
    armed = attacked([blocker, "n2a", "n3a", "n5a"])
    labels = [a["label"] for a in armed.state["view"]["legal_actions"]]
    assert ok not in labels
    assert len(labels) == 2
    assert ok not in armed.state["tip"]
    assert armed.state["tip"] != alone.state["tip"]
    if lang == "en":
        assert f"no {stop}" in alone.state["view"]["prompt"]
        assert f"no {stop}" in alone.state["tip"]
        assert f"your {stop}" in armed.state["tip"]
