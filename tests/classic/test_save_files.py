"""Classic saved games the classic rules alone rule out are refused, and a game waiting for
a block saves and loads. What every edition's saves share is ``tests/test_save_files.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sq2edu.classic import Game, PlayKnight, SaveFileError, new_game
from sq2edu.classic.position import position
from tests.contract import game_under_way, saved_with


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
    "a queen in a hand": _swap_queen_into_hand,
    "a king in the middle": _king_in_the_middle,
    "eleven places in the middle": _eleven_places,
    "a known empty place": _known_empty_place,
    "block with no attack": lambda data: data["state"].update(phase="block"),
    "choosing a queen for no reason": lambda data: data["state"].update(phase="choose-queen"),
    "attack given as a word": lambda data: data["state"].update(attack="knight"),
    "unknown waking reason": lambda data: data["state"].update(waking="dream"),
    "someone else decides the turn": lambda data: data["state"].update(
        current=(data["state"]["turn_player"] + 1) % 3
    ),
    "too many cards in a hand": lambda data: data["state"]["players"][0]["hand"].append(
        data["state"]["deck"].pop()
    ),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_from_json_refuses_a_table_the_rules_cannot_reach(name: str) -> None:
    """Every card is there once, but the table breaks a classic rule: a damaged save. (The
    same save unchanged loads: ``tests/test_save_files.py``.)"""
    with pytest.raises(SaveFileError, match=r"^This saved game is damaged\.$"):
        Game.from_json(saved_with(game_under_way(new_game), IMPOSSIBLE[name]))


def test_a_game_waiting_for_a_block_saves_and_loads() -> None:
    game = position(hands={0: ["knight1", "n2a"], 1: ["dragon1"]}, queens={1: ["q-heart"]})
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert loaded.current_player == 1
    assert loaded.legal_actions() == game.legal_actions()


def _attack_on_the_moon_queen(data: dict[str, Any]) -> None:
    data["state"]["attack"][2] = "q-moon"


def test_an_attack_on_a_queen_the_target_does_not_have_is_refused() -> None:
    game = position(hands={0: ["knight1", "n2a"], 1: ["dragon1"]}, queens={1: ["q-heart"]})
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    with pytest.raises(SaveFileError, match="damaged"):
        Game.from_json(saved_with(game, _attack_on_the_moon_queen))
