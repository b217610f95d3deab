"""Records as they travel between a student's kernel and the class service: plain JSON,
read back with every field checked (the service trusts nothing a student's server sends)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, asdict, fields
from typing import Any

from sq2edu.classroom.storage.tables import TableInfo
from sq2edu.lessons import LESSONS
from sq2edu.practice import LEVELS
from sq2edu.progress.records import ATTEMPT_FIELDS, Attempt, GameRecord

__all__ = [
    "OWN_ATTEMPTS",
    "WireError",
    "attempt_from",
    "attempt_to",
    "game_from",
    "game_to",
    "table_from",
    "table_to",
]

_PLACES = ("game", "lab", "lesson")
#: The most of a child's own attempts the class service returns at once (the Lab reads
#: its latest few).
OWN_ATTEMPTS = 200
_LONGEST_TEXT = 200
#: A game lasts at most a day (no NaN, no infinity).
_LONGEST_GAME = 86_400


class WireError(ValueError):
    """A record that is not what the class service accepts, said in plain words."""


def attempt_to(attempt: Attempt) -> dict[str, Any]:
    """An attempt as JSON."""
    return attempt.to_dict()


def attempt_from(data: object) -> Attempt:
    """An attempt read back: each field checked by its kind (:data:`ATTEMPT_FIELDS`), then
    the place, level, lesson and exercise checked against what exists.

    A server of an older release leaves out the fields added since: a field with a default
    may be missing, and takes its default (``helped``: the hint level alone decides).

    :raises WireError: for a missing field or one of the wrong kind.
    """
    fields = _object(data, "attempt")
    read = {
        name: _READERS[kind](fields, name)
        for name, kind in ATTEMPT_FIELDS.items()
        if name in fields or name in _REQUIRED
    }
    attempt = Attempt.from_dict(read)
    if attempt.where not in _PLACES:
        raise WireError(f"an attempt is made in {', '.join(_PLACES)}, not {attempt.where[:20]!r}")
    if attempt.level and attempt.level not in LEVELS:
        raise WireError(f"{attempt.level[:20]!r} is not a level of practice")
    lesson, exercise = attempt.lesson, attempt.exercise
    if lesson and (lesson not in LESSONS or attempt.where != "lesson"):
        raise WireError(f"{lesson[:20]!r} is not a lesson")
    if (lesson == "") != (exercise == 0) or (lesson and exercise > len(LESSONS[lesson].exercises)):
        raise WireError("an exercise is numbered within its lesson")
    return attempt


def game_to(game: GameRecord) -> dict[str, Any]:
    """A game as JSON."""
    return {
        "players": list(game.players),
        "bots": {str(seat): level for seat, level in game.bots.items()},
        "winner": game.winner,
        "turns": game.turns,
        "seconds": game.seconds,
        "at": game.at,
    }


def game_from(data: object) -> GameRecord:
    """A game read back.

    :raises WireError: for a missing field or one of the wrong kind.
    """
    fields = _object(data, "game")
    players = _texts(fields, "players")
    bots = _object(fields.get("bots"), "bots")
    seats: dict[int, str] = {}
    for seat, level in bots.items():
        if not seat.isdigit() or int(seat) >= len(players) or not isinstance(level, str):
            raise WireError("a game's computer players are seats and levels")
        seats[int(seat)] = level[:_LONGEST_TEXT]
    winner = fields.get("winner")
    if winner is not None and winner not in players:
        raise WireError("a game's winner is one of its players")
    seconds = fields.get("seconds")
    if (
        not isinstance(seconds, int | float)
        or isinstance(seconds, bool)
        or not 0 <= seconds <= _LONGEST_GAME
    ):
        raise WireError("a game lasts a number of seconds, at most a day")
    return GameRecord(
        players=tuple(players),
        bots=seats,
        winner=winner,
        turns=_whole(fields, "turns"),
        seconds=float(seconds),
        at=_text(fields, "at"),
    )


def table_to(info: TableInfo) -> dict[str, Any]:
    """A table as JSON (sent by the class service, which read it from the store)."""
    return {**asdict(info), "seats": list(info.seats), "played": list(info.played)}


def table_from(data: object) -> TableInfo:
    """A table read back in a child's kernel.

    :raises WireError: if it is not a table.
    """
    fields = _object(data, "table")
    try:
        played = fields.get("played", [])
        if not isinstance(played, list) or not all(
            isinstance(event, int) and not isinstance(event, bool) for event in played
        ):
            raise WireError("a table's moves made for a child are places in its log")
        return TableInfo(**{**fields, "seats": tuple(fields["seats"]), "played": tuple(played)})
    except (KeyError, TypeError) as error:
        raise WireError("not a table") from error


def _object(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise WireError(f"{what} is not an object")
    return value


def _text(fields: dict[str, Any], name: str) -> str:
    value = fields.get(name)
    if not isinstance(value, str) or len(value) > _LONGEST_TEXT:
        raise WireError(f"{name} is text of at most {_LONGEST_TEXT} characters")
    return value


def _flag(fields: dict[str, Any], name: str) -> bool:
    value = fields.get(name)
    if not isinstance(value, bool):
        raise WireError(f"{name} is true or false")
    return value


def _whole(fields: dict[str, Any], name: str) -> int:
    value = fields.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1_000_000:
        raise WireError(f"{name} is a whole number")
    return value


def _texts(fields: dict[str, Any], name: str) -> list[str]:
    values = fields.get(name)
    if not isinstance(values, list) or len(values) > 20:
        raise WireError(f"{name} is a list of at most 20")
    return [_text({name: value}, name) for value in values]


def _whole_numbers(fields: dict[str, Any], name: str) -> list[int]:
    values = fields.get(name)
    if not isinstance(values, list) or len(values) > 20:
        raise WireError(f"{name} is a list of at most 20")
    return [_whole({name: value}, name) for value in values]


#: How a field of each kind is read (see :data:`ATTEMPT_FIELDS`).
_READERS: dict[Any, Callable[[dict[str, Any], str], Any]] = {
    str: _text,
    bool: _flag,
    int: _whole,
    tuple[str, ...]: _texts,
    tuple[int, ...]: _whole_numbers,
}
#: The fields of an attempt without a default: every server has always sent them.
_REQUIRED = frozenset(
    field.name
    for field in fields(Attempt)
    if field.default is MISSING and field.default_factory is MISSING
)
