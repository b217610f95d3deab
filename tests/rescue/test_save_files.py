"""Saved games that look whole but could not come from play are refused when loaded."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from sq2edu.core import SaveFileError
from sq2edu.rescue import Game, new_game


def saved_with(change: Callable[[dict[str, Any]], None]) -> str:
    game = new_game(["Mia", "Leo"], seed=4)
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


def unknown_event(data: dict[str, Any]) -> None:
    data["log"].append({"kind": "bogus", "player": 0, "params": {}, "edition": "rescue"})


def instant_with_nothing_pending(data: dict[str, Any]) -> None:
    data["state"]["phase"] = "instant"


def rainbow_knight(data: dict[str, Any]) -> None:
    data["state"]["players"][0]["knight"] = "rainbow"


def king_chosen_without_a_rescue(data: dict[str, Any]) -> None:
    data["state"]["phase"] = "take-king"


def witch_with_no_card_played(data: dict[str, Any]) -> None:
    data["state"]["phase"] = "witch"


@pytest.mark.parametrize(
    "change",
    [
        unknown_event,
        instant_with_nothing_pending,
        rainbow_knight,
        king_chosen_without_a_rescue,
        witch_with_no_card_played,
    ],
)
def test_a_table_play_could_not_reach_is_refused(change: Callable[[dict[str, Any]], None]) -> None:
    with pytest.raises(SaveFileError, match=r"This saved game is damaged\."):
        Game.from_json(saved_with(change))


def test_an_untouched_save_loads() -> None:
    game = Game.from_json(saved_with(lambda data: None))
    assert game.legal_actions()
