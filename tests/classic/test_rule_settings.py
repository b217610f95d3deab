"""Rule-clause tests for the classic settings a teacher may change (RULES.md, "Classic Sleeping
Queens"), at the edges of each range, word for word, and for setting up the table."""

from __future__ import annotations

from typing import Any

import pytest

from sq2edu.classic import Rules, new_game
from tests.classic.helpers import exactly


def test_settings_keep_the_signs_children_learn_in_the_order_they_learn_them() -> None:
    assert Rules(operations="×-").operations == "−×"
    assert Rules(operations="÷+").operations == "+÷"
    assert Rules().operations == "+"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"queens_to_win": 0}, "queens_to_win is between 1 and 12 (there are 12 queens)"),
        ({"queens_to_win": 13}, "queens_to_win is between 1 and 12 (there are 12 queens)"),
        ({"queens_to_win": True}, "queens_to_win is between 1 and 12 (there are 12 queens)"),
        ({"points_to_win": 4}, "points_to_win is between 5 and 125 (all queens together)"),
        ({"points_to_win": 126}, "points_to_win is between 5 and 125 (all queens together)"),
        ({"hand_size": 2}, "hand_size is between 3 and 8 cards"),
        ({"hand_size": 9}, "hand_size is between 3 and 8 cards"),
        ({"remember_sleeping_queens": "yes"}, "remember_sleeping_queens is true or false"),
    ],
)
def test_settings_out_of_range_are_refused_in_plain_words(
    settings: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=exactly(message)):
        Rules(**settings)


@pytest.mark.parametrize(
    "settings",
    [
        {"queens_to_win": 1},
        {"queens_to_win": 12},
        {"points_to_win": 5},
        {"points_to_win": 125},
        {"hand_size": 3},
        {"hand_size": 8},
    ],
)
def test_settings_at_the_edge_of_each_range_are_played(settings: dict[str, Any]) -> None:
    rules = Rules(**settings)
    assert {name: getattr(rules, name) for name in settings} == settings


def test_settings_of_the_wrong_type_are_a_value_error() -> None:
    """A save file's mistake, not a teacher's: the reason is Python's own words."""
    with pytest.raises(ValueError, match=r"^'int' object is not iterable$"):
        Rules.from_dict({"operations": 5})


@pytest.mark.parametrize("first", [0, 2])
def test_set_up_any_seat_at_the_table_may_start(first: int) -> None:
    game = new_game(3, seed=1, first_player=first)
    assert game.current_player == first
