"""Rescue saved games that look whole but could not come from play are refused when loaded.
What every edition's saves share is ``tests/test_save_files.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sq2edu.core import SaveFileError
from sq2edu.rescue import Game, new_game
from tests.contract import game_under_way, saved_with


def _new_table() -> Game:
    return new_game(["Mia", "Leo"], seed=4)


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
        instant_with_nothing_pending,
        rainbow_knight,
        king_chosen_without_a_rescue,
        witch_with_no_card_played,
    ],
)
def test_a_table_play_could_not_reach_is_refused(change: Callable[[dict[str, Any]], None]) -> None:
    with pytest.raises(SaveFileError, match=r"This saved game is damaged\."):
        Game.from_json(saved_with(_new_table(), change))


def test_an_untouched_save_loads() -> None:
    game = Game.from_json(saved_with(_new_table(), lambda data: None))
    assert game.legal_actions()


def king_in_the_draw_pile(data: dict[str, Any]) -> None:
    state = data["state"]
    state["deck"].append(state["kings"].pop())
    state["kings"].append(state["deck"].pop(0))


def rescue_pair_given_as_a_word(data: dict[str, Any]) -> None:
    data["state"]["rescuing"] = "ab"


@pytest.mark.parametrize("change", [king_in_the_draw_pile, rescue_pair_given_as_a_word])
def test_a_game_under_way_with_a_card_or_field_out_of_place_is_refused(
    change: Callable[[dict[str, Any]], None],
) -> None:
    """Every card is there once, but one is where no rule puts it, or a field is not what
    play writes: still a damaged save. (The same save unchanged loads:
    ``tests/test_save_files.py``.)"""
    with pytest.raises(SaveFileError, match=r"^This saved game is damaged\.$"):
        Game.from_json(saved_with(game_under_way(new_game), change))
