"""What both editions check the same way: players' names, and the values a save file holds."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MAX_NAME_LENGTH", "player_names", "read_ids", "read_int", "read_text", "whole_in"]

#: The longest name a player may have.
MAX_NAME_LENGTH = 40


def player_names(players: int | Sequence[str], game: str) -> list[str]:
    """The players' names from a count (``Player 1``, …) or a list of names.

    :param game: the game's name, for the message about how many may play.
    :raises TypeError: for anything else.
    :raises ValueError: for fewer than 2 or more than 5 players, an empty or too long name,
        or two players with the same name.
    """
    if isinstance(players, int) and not isinstance(players, bool):
        names = [f"Player {seat + 1}" for seat in range(players)]
    elif isinstance(players, Sequence) and not isinstance(players, str):
        names = [str(name).strip() for name in players]
    else:
        raise TypeError("players is a number of players or a list of names")
    if not 2 <= len(names) <= 5:
        raise ValueError(f"{game} is for 2 to 5 players")
    for name in names:
        if not name or len(name) > MAX_NAME_LENGTH:
            raise ValueError(f"a player's name has 1 to {MAX_NAME_LENGTH} characters")
    if len(set(names)) != len(names):
        raise ValueError("two players have the same name")
    return names


def read_ids(value: object) -> list[str]:
    """A list of card ids read from a save file."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"expected a list of card ids, found {value!r}"[:120])
    return list(value)


def read_text(value: object) -> str:
    """Text read from a save file."""
    if not isinstance(value, str):
        raise ValueError(f"expected text, found {value!r}"[:120])
    return value


def read_int(value: object) -> int:
    """A whole number read from a save file."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, found {value!r}"[:120])
    return value


def whole_in(value: object, low: int, high: int) -> bool:
    """Whether a setting is a whole number (not a bool) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
