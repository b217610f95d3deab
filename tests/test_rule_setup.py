"""Rule-clause tests for what every edition sets up the same way (RULES.md, "Set Up"): the
table of players, the seat of the first player, and settings the game does not know.

What each edition deals, and its own settings, are in ``tests/<edition>/test_rule_setup.py``
and ``tests/<edition>/test_rule_settings.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.contract import Edition, each_edition
from tests.rules_helpers import exactly

#: Tables no edition is for, and what the teacher is told (``{game}``: the game's name).
TABLES_REFUSED = [
    pytest.param(["Mia"], "{game} is for 2 to 5 players", id="one name"),
    pytest.param(1, "{game} is for 2 to 5 players", id="one player"),
    pytest.param(["A", "B", "C", "D", "E", "F"], "{game} is for 2 to 5 players", id="six names"),
    pytest.param(6, "{game} is for 2 to 5 players", id="six players"),
    pytest.param(["Mia", ""], "a player's name has 1 to 40 characters", id="empty name"),
    pytest.param(["Mia", "   "], "a player's name has 1 to 40 characters", id="blank name"),
    pytest.param(["Mia", "L" * 41], "a player's name has 1 to 40 characters", id="long name"),
    pytest.param(["Mia", "Mia"], "two players have the same name", id="same name"),
    pytest.param(["Mia", " Mia "], "two players have the same name", id="same name trimmed"),
]


@pytest.mark.parametrize(("players", "message"), TABLES_REFUSED)
@pytest.mark.parametrize("edition", each_edition())
def test_set_up_refuses_a_table_the_game_is_not_for(
    edition: Edition[Any], players: int | list[str], message: str
) -> None:
    """A wrong table is refused with a reason in words, naming the game where it helps."""
    with pytest.raises(ValueError, match=exactly(message.format(game=edition.game_name))):
        edition.new_game(players, seed=0)


@pytest.mark.parametrize("edition", each_edition())
def test_set_up_a_name_of_40_characters_is_kept(edition: Edition[Any]) -> None:
    """The longest name allowed is played as it is (41 characters are refused above)."""
    assert edition.new_game(["Mia", "L" * 40], seed=0).names == ["Mia", "L" * 40]


@pytest.mark.parametrize("edition", each_edition())
def test_set_up_a_single_string_is_not_a_list_of_names(edition: Edition[Any]) -> None:
    """``"MiaLeo"`` would otherwise be read as six one-letter players."""
    with pytest.raises(
        TypeError, match=exactly("players is a number of players or a list of names")
    ):
        edition.new_game("MiaLeo", seed=0)


@pytest.mark.parametrize("edition", each_edition())
def test_set_up_a_table_of_two_by_default(edition: Edition[Any]) -> None:
    assert edition.new_game(seed=0).names == ["Player 1", "Player 2"]


@pytest.mark.parametrize("edition", each_edition())
def test_set_up_players_may_be_a_number_or_names(edition: Edition[Any]) -> None:
    """A number of players gets plain names; names are kept in seat order, trimmed."""
    assert edition.new_game(3, seed=0).names == ["Player 1", "Player 2", "Player 3"]
    assert edition.new_game(["  Mia ", "Leo"], seed=0).names == ["Mia", "Leo"]


THREE = ["Mia", "Leo", "Zoe"]


@pytest.mark.parametrize(
    ("players", "first"),
    [(3, -1), (3, 3), (THREE, -1), (THREE, 3), (THREE, 7), (2, -1), (2, 2)],
)
@pytest.mark.parametrize("edition", each_edition())
def test_set_up_the_first_player_sits_at_the_table(
    edition: Edition[Any], players: int | list[str], first: int
) -> None:
    """A seat that does not exist is refused word for word."""
    with pytest.raises(
        ValueError, match=exactly("first_player is the seat of a player at the table")
    ):
        edition.new_game(players, seed=1, first_player=first)


@pytest.mark.parametrize("edition", each_edition())
def test_settings_unknown_to_the_game_are_named(edition: Edition[Any]) -> None:
    """Settings read back from a save name the ones the game does not know, in order."""
    with pytest.raises(ValueError, match=exactly("unknown rule settings: bonus, cheat")):
        edition.rules.from_dict({"cheat": True, "bonus": 1, **edition.known_setting})
