"""Rule-clause tests for the settings a teacher may change (RULES.md, "Settings"), at the edges
of each range, and for what a teacher is told when a setting cannot be played."""

from __future__ import annotations

from typing import Any

import pytest

from sq2edu.rescue import Rules, new_game
from tests.rescue.helpers import exactly

KINGS_RANGE = "kings_to_win is between 1 and 5 (there are 10 kings)"
REALM_RANGE = "realm_limit is 1 to 10, and the green knight's limit is from there to 99"
FACES = 'die faces are "1", "2", "3" or "dragon"'


def test_settings_keep_the_signs_children_learn_in_the_order_they_learn_them() -> None:
    assert Rules(operations="÷-").operations == "−÷"
    assert Rules(operations="*/+").operations == "+×÷"
    assert Rules().operations == "+−×÷"


@pytest.mark.parametrize("kings", [1, 5])
def test_settings_kings_to_win_may_be_one_to_five(kings: int) -> None:
    assert Rules(kings_to_win=kings).kings_needed(2) == kings


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"kings_to_win": 0}, KINGS_RANGE),
        ({"kings_to_win": 6}, KINGS_RANGE),
        ({"realm_limit": 0}, REALM_RANGE),
        ({"realm_limit": 11, "green_knight_limit": 11}, REALM_RANGE),
        ({"realm_limit": 5, "green_knight_limit": 4}, REALM_RANGE),
        ({"die_faces": ()}, FACES),
        ({"die_faces": ("1", "4")}, FACES),
        ({"die_faces": ("dragon", "dragon")}, "a die of only dragons would roll forever"),
        ({"blue_rerolls": -1}, "blue_rerolls is a whole number from 0 to 99"),
        ({"blue_rerolls": 0.5}, "blue_rerolls is a whole number from 0 to 99"),
        ({"kings_to_win": True}, KINGS_RANGE),
        ({"realm_limit": 2.5, "green_knight_limit": 3}, REALM_RANGE),
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
        {"realm_limit": 1, "green_knight_limit": 1},
        {"realm_limit": 10, "green_knight_limit": 10},
        {"die_faces": ("1",)},
        {"die_faces": ("3", "dragon")},
        {"blue_rerolls": 0},
    ],
)
def test_settings_at_the_edge_of_each_range_are_played(settings: dict[str, Any]) -> None:
    rules = Rules(**settings)
    assert {name: getattr(rules, name) for name in settings} == settings


@pytest.mark.parametrize(("players", "kings"), [(2, 5), (3, 4), (4, 3), (5, 2)])
def test_settings_a_game_someone_can_win_is_set_up(players: int, kings: int) -> None:
    game = new_game(players, seed=1, rules=Rules(kings_to_win=kings))
    assert game.rules.kings_needed(players) == kings


@pytest.mark.parametrize(("players", "kings"), [(3, 5), (4, 4), (5, 3)])
def test_settings_a_game_the_kings_could_run_out_of_is_refused(players: int, kings: int) -> None:
    """With 5 players who need 3 kings, each could hold 2: all 10 kings gone, nobody won."""
    with pytest.raises(
        ValueError,
        match=exactly(
            f"with {players} players and {kings} kings to win, the 10 kings could run out before "
            "anyone wins; choose fewer kings"
        ),
    ):
        new_game(players, seed=1, rules=Rules(kings_to_win=kings))


def test_settings_are_saved_and_read_back() -> None:
    rules = Rules(operations="+-", kings_to_win=2, die_faces=("1", "dragon"), blue_rerolls=2)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict(rules.to_dict()).die_faces == ("1", "dragon")
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"realm_limit": 4}) == Rules(realm_limit=4)


def test_settings_of_the_wrong_type_are_refused_in_plain_words() -> None:
    """A save file's mistake: the same plain words as a setting out of range."""
    with pytest.raises(ValueError, match=r"^realm_limit is 1 to 10"):
        Rules.from_dict({"realm_limit": "five"})
