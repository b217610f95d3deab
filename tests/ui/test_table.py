"""The card table driven from Python with the same intents the browser sends."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from sq2edu.core import Action
from sq2edu.equations import parse
from sq2edu.rescue import Rules
from sq2edu.rescue.cards import CARDS
from sq2edu.rescue.position import position
from sq2edu.ui import RescueTable


def table_at(players: list[str] | None = None, **placed: Any) -> RescueTable:
    """A table whose game is a hand-stacked position (Mia to play unless said otherwise)."""
    players = players or ["Mia", "easy"]
    table = RescueTable(players=players, seed=1, pace=0)
    names = [table.game.names[seat] for seat in range(len(players))]
    table.load(position(names, **placed))
    return table


T = TypeVar("T")


def in_event_loop(coroutine: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine in an event loop of its own, as a notebook's kernel would.

    A thread of its own, too: the browser tests' Playwright may hold this thread's loop.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine()).result(timeout=60)


def act(table: RescueTable, action: dict[str, Any] | Action) -> None:
    table.handle(
        {"intent": "act", "action": action if isinstance(action, dict) else action.to_dict()}
    )


def builder_intent(action: dict[str, Any]) -> dict[str, Any]:
    """The builder's intent for a legal equation action: its cards, its sign, the knight's ±1."""
    equation = parse(action["text"])
    assert equation.operation is not None
    assert equation.operator_side is equation.left
    cards = list(action["cards"])
    intent: dict[str, Any] = {
        "intent": "check",
        "cards": cards[:-1],
        "result": cards[-1],
        "op": equation.operation.value,
    }
    for card, number in zip(cards, equation.numbers, strict=True):
        if CARDS[card].value != number:
            intent["adjust"] = {"card": card, "by": number - CARDS[card].value}
    return intent


def test_the_table_starts_with_the_first_players_prompt() -> None:
    table = RescueTable(players=["Mia", "easy"], seed=3, pace=0)
    state = table.state
    assert state["names"] == ["Mia", "Easy bot"]
    assert state["view"]["prompt"]
    assert "cards" in table.catalog
    assert "q-owl" in table.catalog["cards"]
    assert table.catalog["cards"]["q-owl"]["symbol_name"] == "lantern"


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_game_against_computer_players_by_clicking(seed: int) -> None:
    table = RescueTable(
        players=["Mia", "easy", "hard"] if seed % 3 == 0 else ["Mia", "medium"], seed=seed, pace=0
    )
    rng = random.Random(seed)
    for _click in range(3000):
        state = table.state
        if state["winner"]:
            break
        actions = state["view"]["legal_actions"]
        assert actions, state["view"]["phase"]
        equations = [a for a in actions if a["kind"] == "make-equation"]
        if equations and rng.random() < 0.7:
            # Build it with the equation builder, as a child would.
            intent = builder_intent(equations[0])
            table.handle(intent)
            assert table.state["verdict"]["ok"], table.state["verdict"]
        else:
            act(table, rng.choice(actions))
        assert table.state["message"] == "", table.state["message"]
    final = table.state
    assert final["winner"] is not None
    assert final["log"]
    assert final["log"][-1].endswith("wins!")
    assert final["view"]["legal_actions"] == []


def test_a_right_equation_is_celebrated_and_summons_a_companion() -> None:
    table = table_at(realms={0: ["n2a", "n3a", "n5a", "n9a"]}, phase="actions")
    table.handle({"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "+"})
    verdict = table.state["verdict"]
    assert verdict["ok"]
    assert verdict["lines"][0] == "Yes! 2 + 3 = 5 works."
    assert table.state["view"]["phase"] == "take-companion"
    assert table.state["view"]["players"][0]["realm"] == ["n9a"]
    assert "Mia made 2 + 3 = 5 and gets a companion." in table.state["narration"]


def test_a_wrong_equation_is_explained_and_costs_nothing() -> None:
    table = table_at(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    before = table.game.to_json()
    table.handle({"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "×"})
    verdict = table.state["verdict"]
    assert not verdict["ok"]
    assert verdict["codes"] == ["not-true"]
    assert "2 × 3 makes 6, not 5." in verdict["lines"]
    assert "Try +: 2 + 3 = 5 works!" in verdict["lines"]
    assert table.game.to_json() == before


def test_a_typed_equation_gets_the_same_checks() -> None:
    table = table_at(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    table.handle({"intent": "check", "text": "5 = 2 + 3"})
    assert table.state["verdict"]["ok"]
    assert table.state["view"]["phase"] == "take-companion"
    wrong = table_at(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    wrong.handle({"intent": "check", "text": "2 + a = 5"})
    assert wrong.state["verdict"]["codes"] == ["syntax"]
    assert "I can't read the 'a' here" in wrong.state["verdict"]["lines"][1]


def test_the_red_knight_offers_one_more_or_one_less_on_one_card() -> None:
    table = table_at(knights=["red", "green"], realms={0: ["n2a", "n3a", "n4a"]}, phase="actions")
    assert table.state["red_knight"]
    table.handle(
        {
            "intent": "check",
            "cards": ["n2a", "n3a"],
            "result": "n4a",
            "op": "+",
            "adjust": {"card": "n4a", "by": 1},
        }
    )
    assert table.state["verdict"]["ok"]
    assert "Your red knight made the 4 count as 5." in table.state["verdict"]["lines"]


def test_without_the_red_knight_a_card_counts_as_itself() -> None:
    table = table_at(knights=["green", "red"], realms={0: ["n2a", "n3a", "n4a"]}, phase="actions")
    table.handle(
        {
            "intent": "check",
            "cards": ["n2a", "n3a"],
            "result": "n4a",
            "op": "+",
            "adjust": {"card": "n4a", "by": 1},
        }
    )
    # The page offers ±1 only with the red knight; a message asking for it anyway is ignored.
    assert table.state["verdict"]["codes"] == ["not-true"]
    assert "2 + 3 makes 5, not 4." in table.state["verdict"]["lines"]


def test_the_hint_ladder_climbs_and_stops() -> None:
    table = table_at(realms={0: ["n2a", "n3a", "n6a", "n7a"]}, phase="actions")
    for _rung in range(4):
        table.handle({"intent": "hint"})
    shown = table.state["hints"]["shown"]
    assert len(shown) == 3
    assert shown[0].startswith("You can make an equation with ×")
    assert shown[1] == "Try the 2, the 3 and the 6."
    assert shown[2].startswith("Here is one: 2 × 3 = 6")


def test_hints_can_be_limited_or_off() -> None:
    table = RescueTable(players=["Mia", "easy"], seed=1, pace=0, hints="off")
    table.load(position(["Mia", "Easy bot"], realms={0: ["n2a", "n3a", "n5a"]}, phase="actions"))
    table.handle({"intent": "hint"})
    assert table.state["hints"]["shown"] == []
    assert table.state["message"] == "Hints are off in this class. You can do it!"
    with pytest.raises(ValueError, match="hints is one of"):
        RescueTable(players=["Mia", "easy"], hints="always")


def test_the_class_operations_are_the_builders_signs() -> None:
    table = RescueTable(players=["Mia", "easy"], seed=1, pace=0, rules=Rules(operations="+−"))
    table.load(
        position(
            ["Mia", "Easy bot"],
            realms={0: ["n2a", "n3a", "n6a"]},
            phase="actions",
            rules=Rules(operations="+−"),
        )
    )
    assert table.state["view"]["operations"] == "+−"
    table.handle({"intent": "check", "cards": ["n2a", "n3a"], "result": "n6a", "op": "×"})
    assert table.state["verdict"]["codes"] == ["operation-not-allowed"]


def test_a_click_that_is_not_legal_now_is_answered_in_words() -> None:
    table = table_at(realms={0: ["n2a"]}, phase="actions")
    before = table.game.to_json()
    act(table, {"kind": "roll"})
    assert table.state["message"].startswith("Not now.")
    act(table, {"kind": "discard", "card": "n2a"})
    assert table.state["message"].startswith("Not now.")
    assert table.game.to_json() == before


@pytest.mark.parametrize(
    "intent",
    [
        {"intent": "fly"},
        {"intent": "act", "action": {"kind": "make-equation", "cards": "n2a", "text": 5}},
        {"intent": "act", "action": "roll"},
        {"intent": "act"},
        {"intent": "check", "cards": ["q-owl"], "result": "n2a", "op": "+"},
        {"intent": "check", "cards": ["n2a", "n2a"], "result": "n2a", "op": "+"},
        {"intent": "check", "text": "1" * 1_000_000},
        {"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "**"},
        {"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": []},
        {"intent": "act", "action": {"kind": []}},
        {"intent": "act", "action": {"kind": "discard", "card": ["n2a"]}},
        {"intent": ["act"]},
        {"intent": "check", "cards": [["n2a"]], "result": "n5a", "op": "+"},
    ],
)
def test_broken_or_hostile_intents_get_words_not_a_crash(intent: dict[str, Any]) -> None:
    table = table_at(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    before = table.game.to_json()
    table.handle(intent)
    assert table.state["message"] or (table.state["verdict"] and not table.state["verdict"]["ok"])
    assert table.game.to_json() == before


def test_computer_players_move_and_are_narrated() -> None:
    table = table_at(realms={0: ["n9a"]}, phase="actions")
    act(table, {"kind": "end-actions"})
    narration = " ".join(table.state["narration"])
    assert "Easy bot" in narration
    assert table.state["view"]["current_player"] == 0


def test_what_just_happened_tells_every_line_since_the_childs_own_move() -> None:
    """The whole of the computers' turns, each line with its cause (a Wild Gnome's roll
    before the knights it swapped), not only the newest few lines."""
    table = RescueTable(players=["Mia", "easy", "hard"], seed=0, pace=0)
    rng = random.Random(0)
    longest, swaps = 0, 0
    for _click in range(3000):
        state = table.state
        if state["winner"]:
            break
        said = table.narration
        own = [
            index
            for index, event in enumerate(table.game.log)
            if event.player == 0 and event.kind != "turn"
        ]
        since = said[own[-1] :] if own else said
        shown = state["narration"]
        assert shown[-len(since) :] == since
        assert len(shown) <= max(6, len(since))
        longest = max(longest, len(since))
        if any("swapped knights" in line for line in since):
            swaps += 1
            swap = next(i for i, line in enumerate(shown) if "swapped knights" in line)
            assert "Wild Gnome" in shown[swap - 1]
        act(table, rng.choice(state["view"]["legal_actions"]))
    assert longest > 12
    assert swaps


def test_hot_seat_hides_the_next_players_cards_until_ready() -> None:
    table = table_at(["Mia", "Leo"], realms={0: ["n9a"]}, sleeping={1: ["q-owl"]}, phase="actions")
    act(table, {"kind": "end-actions"})
    state = table.state
    assert state["curtain"] == "Leo"
    assert state["seat"] is None
    assert state["view"]["prompt"] == ""  # not "Wait a moment": the curtain says what to do
    assert state["view"]["players"][1]["sleeping"] == 1  # hidden, only counted
    act(table, {"kind": "roll"})
    assert table.state["message"] == "Press I'm ready first."
    table.handle({"intent": "ready"})
    assert table.state["seat"] == 1
    assert table.state["view"]["players"][1]["sleeping"] == ["q-owl"]


def test_attempts_are_reported_for_the_progress_store() -> None:
    table = table_at(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    seen: list[dict[str, Any]] = []
    table.attempt_listeners.append(seen.append)
    table.handle({"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "×"})
    table.handle({"intent": "check", "text": "2 + 3 = 5"})
    assert [(a["text"], a["numbers"], a["ok"], a["codes"], a["typed"]) for a in seen] == [
        ("2 × 3 = 5", [2, 3, 5], False, ["not-true"], False),
        ("2 + 3 = 5", [2, 3, 5], True, [], True),
    ]


def test_game_over_shows_the_winner_and_a_new_game_starts() -> None:
    table = table_at(
        realms={0: ["q-owl"]},
        companions={0: ["c-lion"]},
        kings={0: ["k-cookie", "k-clock", "k-dino"]},
        phase="actions",
    )
    act(table, {"kind": "rescue", "queen": "q-owl", "companion": "c-lion"})
    act(table, {"kind": "take-king", "king": "k-sock"})
    state = table.state
    assert state["winner"]["name"] == "Mia"
    assert "k-sock" in state["winner"]["kings"]
    assert state["log"][-1] == "Mia rescued 4 kings and wins!"
    table.handle({"intent": "new-game"})
    assert table.state["winner"] is None
    assert table.state["log"] == []


def test_two_computers_of_one_level_get_numbers() -> None:
    table = RescueTable(players=["Mia", "easy", "easy"], seed=2, pace=0)
    assert table.state["names"] == ["Mia", "Easy bot", "Easy bot 2"]


def test_four_computers_of_one_level_each_get_a_number_of_their_own() -> None:
    table = RescueTable(players=["Mia", "easy", "easy", "easy", "easy"], seed=2, pace=0)
    assert table.state["names"] == ["Mia", "Easy bot", "Easy bot 2", "Easy bot 3", "Easy bot 4"]


def test_hot_seat_hides_the_last_childs_cards_while_computers_play() -> None:
    table = table_at(
        ["Mia", "easy", "Leo"], realms={0: ["n9a"]}, sleeping={0: ["q-owl"]}, phase="actions"
    )

    async def end_turn_and_look() -> dict[str, Any]:
        # In a notebook an event loop runs; the computer's first move waits `pace` seconds.
        table.pace = 10
        act(table, {"kind": "end-actions"})
        return dict(table.state)

    state = in_event_loop(end_turn_and_look)
    assert state["view"]["current_player"] == 1
    assert state["seat"] is None
    assert state["view"]["players"][0]["sleeping"] == 1


def test_computers_move_by_themselves_at_their_pace() -> None:
    table = table_at(realms={0: ["n9a"]}, phase="actions")

    async def end_turn_and_wait() -> int:
        table.pace = 0.01
        act(table, {"kind": "end-actions"})
        for _tick in range(500):
            await asyncio.sleep(0.01)
            if table.game.current_player == 0:
                break
        return table.game.current_player

    assert in_event_loop(end_turn_and_wait) == 0
    assert "Easy bot" in " ".join(table.state["narration"])


def test_limited_hints_are_counted_for_each_child() -> None:
    table = RescueTable(players=["Mia", "Leo"], seed=1, pace=0, hints="limited")
    table.load(
        position(
            ["Mia", "Leo"],
            realms={0: ["n2a", "n3a", "n6a", "n7a"], 1: ["n4a", "n5a", "n9a"]},
            phase="actions",
        )
    )
    for _click in range(3):
        table.handle({"intent": "hint"})
    assert table.state["hints"]["left"] == 0
    act(table, {"kind": "end-actions"})
    table.handle({"intent": "ready"})
    assert table.state["hints"]["left"] == 3


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Play the Sleeping Willow: your own awake queens fall asleep"),
        ("ru", "Сыграть Сонную Иву: уснут твои собственные королевы"),
        ("nb", "Spill Sovepil: dine egne våkne dronninger sovner"),
    ],
)
def test_the_sleeping_willow_button_says_it_puts_your_own_queens_to_sleep(
    lang: str, said: str
) -> None:
    table = RescueTable(players=["Mia", "easy"], seed=1, pace=0, language=lang)
    table.load(
        position(["Mia", "Easy bot"], pending=["willow1"], phase="instant", realms={0: ["q-bee"]})
    )
    labels = [a["label"] for a in table.state["view"]["legal_actions"]]
    assert said in labels, labels


def test_the_sleeping_willow_button_names_whose_queens_sleep_when_the_wind_carries_it() -> None:
    # The white knight keeps Mia's queens awake: the wind carries the Willow to Leo's.
    table = table_at(
        players=["Mia", "Leo"],
        pending=["willow1"],
        phase="instant",
        realms={0: ["q-bee"], 1: ["q-owl"]},
        knights=["white", "blue"],
    )
    labels = [a["label"] for a in table.state["view"]["legal_actions"]]
    assert "Play the Sleeping Willow: the awake queens of Leo fall asleep" in labels, labels


@pytest.mark.parametrize("sign", ["+", "×"])
def test_the_child_sees_the_verdict_before_the_store_is_asked_to_keep_it(sign: str) -> None:
    # On a school's hub keeping an attempt is a call to the class service, which may be busy.
    table = table_at(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    shown_when_kept: list[Any] = []
    table.attempt_listeners.append(
        lambda _attempt: shown_when_kept.append((table.state["verdict"], table.state["log"]))
    )
    table.handle({"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": sign})
    assert shown_when_kept == [(table.state["verdict"], table.state["log"])]
    assert shown_when_kept[0][0]["text"] == f"2 {sign} 3 = 5"


@pytest.mark.parametrize(
    ("lang", "local"), [("ru", "Лёгкий бот"), ("nb", "Lett robot")], ids=["ru", "nb"]
)
def test_computer_players_dealt_in_another_language_are_sent_only_under_the_childs_names(
    lang: str, local: str
) -> None:
    """A table dealt in English (a class's table) drawn for a child in another language:
    each state the page receives already calls the computer as the child's language does,
    and a click sends one state, not the dealt names first and the child's then."""
    table = RescueTable(players=["Mia", "easy"], seed=1, pace=0, language=lang)
    sent: list[dict[str, Any]] = []
    table.observe(lambda change: sent.append(change["new"]), names=["state"])
    table.load(position(["Mia", "Easy bot"], realms={0: ["n2a"]}, phase="actions"))
    table.handle({"intent": "tips"})
    assert len(sent) == 2, [state["names"] for state in sent]
    for state in sent:
        assert state["names"] == ["Mia", local]
        assert "Easy bot" not in json.dumps(state, ensure_ascii=False)
