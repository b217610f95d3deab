"""Saved games: an exact round trip, and damaged, foreign, too-new or impossible saves refused
in plain words."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from sq2edu import rescue
from sq2edu.classic import Game, PlayKnight, SaveFileError, new_game
from sq2edu.classic.position import position


def _saved_game() -> dict[str, Any]:
    """A three-player game, 30 random actions in, as parsed JSON."""
    game = new_game(3, seed=5)
    chooser = random.Random(5)
    for _step in range(30):
        game.apply(chooser.choice(game.legal_actions()))
    data: dict[str, Any] = json.loads(game.to_json())
    return data


def _changed(change: Callable[[dict[str, Any]], object]) -> Callable[[], str]:
    def make() -> str:
        data = copy.deepcopy(_saved_game())
        change(data)
        return json.dumps(data)

    return make


def _set_state(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["state"][key] = value

    return change


def _set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _random_bytes(seed: int) -> bytes:
    chooser = random.Random(seed)
    return bytes(chooser.randrange(256) for _byte in range(300))


def _duplicate(data: dict[str, Any]) -> None:
    data["state"]["deck"].append(data["state"]["deck"][0])


CORRUPT: dict[str, Callable[[], object]] = {
    "empty text": lambda: "",
    "empty object": lambda: "{}",
    "JSON list": lambda: "[]",
    "a number": lambda: "42",
    "not text at all": lambda: 42,
    "truncated at half": lambda: json.dumps(_saved_game())[: len(json.dumps(_saved_game())) // 2],
    "one character short": lambda: json.dumps(_saved_game())[:-1],
    "deeply nested JSON": lambda: "[" * 100_000 + "]" * 100_000,
    "random bytes": lambda: _random_bytes(1),
    "card duplicated": _changed(_duplicate),
    "card missing": _changed(lambda data: data["state"]["deck"].pop()),
    "wrong format": _changed(_set("format", "something-else")),
    "a Rescue game": lambda: rescue.new_game(2, seed=1).to_json(),
    "no edition": _changed(lambda data: data.pop("edition")),
    "newer version": _changed(_set("version", 2)),
    "version as text": _changed(_set("version", "1")),
    "current player too high": _changed(_set_state("current", 3)),
    "current player not a number": _changed(_set_state("current", "0")),
    "unknown phase": _changed(_set_state("phase", "dancing")),
    "no players": _changed(_set_state("players", [])),
    "deck not a list": _changed(_set_state("deck", "n1a")),
    "no state": _changed(lambda data: data.pop("state")),
    "bad random state": _changed(_set("rng", [3, [1, 2, 3], None])),
    "unknown rule": _changed(lambda data: data["rules"].update(cheat=True)),
    "impossible rule": _changed(lambda data: data["rules"].update(hand_size=0)),
    "unknown action in history": _changed(_set("history", [{"kind": "fly-away"}])),
    "event without kind": _changed(_set("log", [{"text": "hello"}])),
}


@pytest.mark.parametrize("name", list(CORRUPT))
def test_from_json_refuses_damaged_foreign_and_too_new_saves_in_plain_words(name: str) -> None:
    text: Any = CORRUPT[name]()
    with pytest.raises(SaveFileError) as caught:
        Game.from_json(text)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message[:1].isupper(), message
    assert message.endswith("."), message
    assert not any(mark in message for mark in "{}[]<>_\\'\""), f"not plain words: {message}"


def test_each_kind_of_bad_save_gets_its_own_words() -> None:
    cases = {
        "a Rescue game": "This saved game is not a classic Sleeping Queens game.",
        "newer version": "This saved game comes from another version of sq2edu.",
        "empty text": "This is not a saved game: it is not JSON.",
        "wrong format": "This is not a saved sq2edu game.",
        "card missing": "This saved game is damaged.",
    }
    for name, message in cases.items():
        with pytest.raises(SaveFileError, match=f"^{message}$"):
            Game.from_json(str(CORRUPT[name]()))


def test_a_classic_save_is_not_a_rescue_game() -> None:
    with pytest.raises(SaveFileError, match="not a Rescue game"):
        rescue.Game.from_json(new_game(2, seed=1).to_json())


def _swap_queen_into_hand(data: dict[str, Any]) -> None:
    state = data["state"]
    queen = next(q for q in state["centre"] if q)
    state["centre"][state["centre"].index(queen)] = None
    state["players"][0]["hand"].append(queen)


def _empty_place(data: dict[str, Any]) -> int:
    centre: list[str | None] = data["state"]["centre"]
    assert None in centre, "the saved game has an empty place in the middle"
    return centre.index(None)


def _king_in_the_middle(data: dict[str, Any]) -> None:
    state = data["state"]
    king = next(card for card in state["deck"] if card.startswith("k-"))
    state["deck"].remove(king)
    state["centre"][_empty_place(data)] = king


def _eleven_places(data: dict[str, Any]) -> None:
    place = _empty_place(data)
    del data["state"]["centre"][place]
    del data["state"]["known"][place]


def _known_empty_place(data: dict[str, Any]) -> None:
    data["state"]["known"][_empty_place(data)] = True


IMPOSSIBLE: dict[str, Callable[[dict[str, Any]], None]] = {
    "winner not at the table": _set_state("winner", 9),
    "winner while playing": _set_state("winner", 0),
    "a queen in a hand": _swap_queen_into_hand,
    "a king in the middle": _king_in_the_middle,
    "eleven places in the middle": _eleven_places,
    "a known empty place": _known_empty_place,
    "block with no attack": _set_state("phase", "block"),
    "choosing a queen for no reason": _set_state("phase", "choose-queen"),
    "attack given as a word": _set_state("attack", "knight"),
    "unknown waking reason": _set_state("waking", "dream"),
    "someone else decides the turn": lambda data: data["state"].update(
        current=(data["state"]["turn_player"] + 1) % 3
    ),
    "an unknown event": lambda data: data["log"].append(
        {"kind": "bogus", "player": 0, "params": {}, "edition": "classic"}
    ),
    "too many cards in a hand": lambda data: data["state"]["players"][0]["hand"].append(
        data["state"]["deck"].pop()
    ),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_from_json_refuses_a_table_the_rules_cannot_reach(name: str) -> None:
    data = copy.deepcopy(_saved_game())
    IMPOSSIBLE[name](data)
    with pytest.raises(SaveFileError, match=r"^This saved game is damaged\.$"):
        Game.from_json(json.dumps(data))


def test_a_good_save_loads_exactly() -> None:
    """The good save loads (so the damaged cases above fail for their damage alone)."""
    text = json.dumps(_saved_game(), ensure_ascii=False)
    game = Game.from_json(text)
    assert game.to_json() == text
    assert game.legal_actions()


def test_a_game_waiting_for_a_block_saves_and_loads() -> None:
    game = position(hands={0: ["knight1", "n2a"], 1: ["dragon1"]}, queens={1: ["q-heart"]})
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert loaded.current_player == 1
    assert loaded.legal_actions() == game.legal_actions()


def test_an_attack_on_a_queen_the_target_does_not_have_is_refused() -> None:
    game = position(hands={0: ["knight1", "n2a"], 1: ["dragon1"]}, queens={1: ["q-heart"]})
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    data = json.loads(game.to_json())
    data["state"]["attack"][2] = "q-moon"
    with pytest.raises(SaveFileError, match="damaged"):
        Game.from_json(json.dumps(data))
