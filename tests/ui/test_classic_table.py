"""The classic table driven from Python with the intents its browser side sends."""

from __future__ import annotations

import random
from typing import Any

from sq2edu.classic import DiscardEquation, PlayKing, PlayKnight
from sq2edu.classic.position import position
from sq2edu.ui import ClassicTable

HANDS = {
    0: ["k-fire", "knight1", "n2a", "n3a", "n5a"],
    1: ["dragon1", "n7a", "n8a", "n9a", "n1a"],
}


def table_at(players: list[str] | None = None, **placed: Any) -> ClassicTable:
    players = players or ["Mia", "Leo"]
    table = ClassicTable(players=players, seed=1, pace=0)
    table.load(position([table.game.names[s] for s in range(len(players))], **placed))
    return table


def act(table: ClassicTable, action: Any) -> None:
    table.handle({"intent": "act", "action": action.to_dict()})


def test_any_king_in_the_hand_wakes_the_queen_the_child_points_at() -> None:
    table = table_at(hands=HANDS, deck_top=["n4a", "n6a"])
    asleep = table.game.state.centre[3]
    act(table, PlayKing("k-fire", 3))
    assert table.message == ""
    assert table.game.state.players[0].queens == [asleep]
    assert table.game.state.centre[3] is None


def test_the_defender_decides_on_the_block_behind_the_curtain() -> None:
    table = table_at(hands=HANDS, queens={1: ["q-cake"]}, deck_top=["n4a", "n6a", "n4b"])
    act(table, PlayKnight("knight1", 1, "q-cake"))
    assert table.curtain == "Leo"
    assert table.state["seat"] is None  # nobody's hand shows until Leo is ready
    table.handle({"intent": "ready"})
    labels = [a["label"] for a in table.state["view"]["legal_actions"]]
    assert labels == ["🛡 Block it with your Dragon", "Let it happen"]
    assert (
        table.state["view"]["prompt"]
        == "Mia's Knight wants your Cake Queen. Play a Dragon to stop it?"
    )


def test_a_built_adding_equation_throws_the_cards_away_and_is_recorded() -> None:
    table = table_at(["Mia", "random"], hands=HANDS, deck_top=["n4a", "n6a", "n4b"])
    attempts: list[dict[str, Any]] = []
    table.attempt_listeners.append(attempts.append)
    table.handle({"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "+"})
    assert table.verdict is not None
    assert table.verdict["ok"]
    assert "Mia said 2 + 3 = 5 and discarded those cards." in table.narration
    assert attempts[0]["text"] == "2 + 3 = 5"
    assert attempts[0]["ok"]


def test_a_wrong_equation_is_explained_and_nothing_is_thrown_away() -> None:
    table = table_at(hands=HANDS, deck_top=["n4a"])
    table.handle({"intent": "check", "text": "2 + 5 = 3"})
    assert table.verdict is not None
    assert not table.verdict["ok"]
    assert table.game.state.players[0].hand == HANDS[0]
    assert table.verdict["lines"][0] == "Not yet."


def test_only_adding_is_allowed_by_the_classic_rules() -> None:
    table = table_at(hands={0: ["n2a", "n3a", "n6a", "n5a", "n9b"], 1: HANDS[1]})
    table.handle({"intent": "check", "text": "2 × 3 = 6"})
    assert table.verdict is not None
    assert table.verdict["codes"] == ["operation-not-allowed"]


def test_clicks_that_are_not_legal_now_are_answered_in_words() -> None:
    table = table_at(hands=HANDS)
    act(table, DiscardEquation(("n7a", "n1a", "n8a"), "7 + 1 = 8"))
    assert table.message
    table.handle({"intent": "act", "action": {"kind": "classic-wake", "king": 7, "slot": "x"}})
    assert table.message == "That is not something you can do in this game."
    table.handle({"intent": "fly"})
    assert table.message == "I didn't understand that click."


def test_a_whole_game_against_a_computer_by_intents() -> None:
    table = ClassicTable(players=["Mia", "random"], seed=4, pace=0)
    chooser = random.Random(0)
    games_over: list[dict[str, Any]] = []
    table.game_listeners.append(games_over.append)
    for _ in range(2000):
        if table.game.is_over:
            break
        legal = table.state["view"]["legal_actions"]
        action = chooser.choice(legal)
        table.handle({"intent": "act", "action": action})
        assert table.message == ""
    assert table.game.is_over
    assert table.state["winner"]["text"].endswith(("and win! 🎉", "and wins."))
    assert games_over[0]["players"] == ["Mia", "Random bot"]
