"""What every edition checks the same way: players' names, who starts, the cards a test
places, and the values a save file holds."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from sq2edu.core.rng import GameRandom

T = TypeVar("T")

__all__ = [
    "MAX_NAME_LENGTH",
    "check_placed",
    "fill_places",
    "first_seat",
    "player_names",
    "read_flags",
    "read_ids",
    "read_int",
    "read_places",
    "read_text",
    "settings_from",
    "whole_in",
]

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


def first_seat(rng: GameRandom, first_player: int | None, players: int) -> int:
    """Who starts: ``first_player`` checked, or a seat drawn by the game's generator.

    :raises ValueError: for a seat nobody sits in.
    """
    if first_player is None:
        return rng.choice(range(players))
    if not 0 <= first_player < players:
        raise ValueError("first_player is the seat of a player at the table")
    return first_player


def check_placed(placed: Sequence[str], known: Collection[str], game: str) -> None:
    """Refuse cards a made-up table places that are not the game's, or are placed twice.

    :param game: the game's name, for the message (``"classic"``).
    :raises ValueError: naming the cards.
    """
    unknown = [card for card in placed if card not in known]
    if unknown:
        raise ValueError(f"not {game} cards: {unknown}")
    if len(set(placed)) != len(placed):
        raise ValueError("a card is placed twice")


def read_ids(value: object) -> list[str]:
    """A list of card ids read from a save file."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"expected a list of card ids, found {value!r}"[:120])
    return list(value)


def read_places(value: object, what: str) -> list[str | None]:
    """The places of a table read from a save file: a card id, or nothing, in each.

    :param what: the places' name, for the message.
    """
    if not isinstance(value, list) or not all(
        card is None or isinstance(card, str) for card in value
    ):
        raise ValueError(f"bad {what}")
    return list(value)


def read_flags(value: object, what: str) -> list[bool]:
    """A list of yes/no marks read from a save file (which places are face up)."""
    if not isinstance(value, list) or not all(isinstance(flag, bool) for flag in value):
        raise ValueError(f"bad {what}")
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


def settings_from(cls: type[T], data: dict[str, Any], tuples: Sequence[str] = ()) -> T:
    """An edition's settings (a dataclass) from saved data: unknown names refused, lists
    read back as tuples where the settings keep tuples.

    :raises ValueError: for unknown or bad settings.
    """
    # Not mutated: the default is never used, every edition's settings are a dataclass.
    fields = getattr(cls, "__dataclass_fields__", {})  # pragma: no mutate
    unknown = set(data) - set(fields)
    if unknown:
        raise ValueError(f"unknown rule settings: {', '.join(sorted(unknown))}")
    values = dict(data)
    for name in tuples:
        if name in values:
            values[name] = tuple(values[name])
    try:
        return cls(**values)
    except TypeError as error:
        raise ValueError(str(error)) from error


def fill_places(
    places: Sequence[dict[str, Any]], shown: str, unseen: list[str]
) -> tuple[list[str | None], list[bool]]:
    """Places of a table as a player's view shows them, each hidden card filled from
    ``unseen`` (imagined): the cards, and which of them were shown.

    :param shown: the key of a place's card when it is face up (``None`` when not).
    """
    cards: list[str | None] = []
    face_up: list[bool] = []
    for place in places:
        if place[shown]:
            cards.append(place[shown])
            face_up.append(True)
        elif place["occupied"]:
            cards.append(unseen.pop())
            face_up.append(False)
        else:
            cards.append(None)
            face_up.append(False)
    return cards, face_up
