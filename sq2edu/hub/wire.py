"""Records as they travel between a student's kernel and the class service: plain JSON,
read back with every field checked (the service trusts nothing a student's server sends)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sq2edu.classroom.tables import TableInfo
from sq2edu.lessons import LESSONS
from sq2edu.practice import LEVELS
from sq2edu.progress.records import Attempt, GameRecord

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
    return {
        "student": attempt.student,
        "text": attempt.text,
        "ok": attempt.ok,
        "codes": list(attempt.codes),
        "numbers": list(attempt.numbers),
        "typed": attempt.typed,
        "hint_level": attempt.hint_level,
        "where": attempt.where,
        "at": attempt.at,
        "cards": list(attempt.cards),
        "level": attempt.level,
        "lesson": attempt.lesson,
        "exercise": attempt.exercise,
        "helped": attempt.helped,
    }


def attempt_from(data: object) -> Attempt:
    """An attempt read back.

    :raises WireError: for a missing field or one of the wrong kind.
    """
    fields = _object(data, "attempt")
    where = _text(fields, "where")
    if where not in _PLACES:
        raise WireError(f"an attempt is made in {', '.join(_PLACES)}, not {where[:20]!r}")
    level = _text(fields, "level") if "level" in fields else ""
    if level and level not in LEVELS:
        raise WireError(f"{level[:20]!r} is not a level of practice")
    lesson = _text(fields, "lesson") if "lesson" in fields else ""
    exercise = _whole(fields, "exercise") if "exercise" in fields else 0
    if lesson and (lesson not in LESSONS or where != "lesson"):
        raise WireError(f"{lesson[:20]!r} is not a lesson")
    if (lesson == "") != (exercise == 0) or (lesson and exercise > len(LESSONS[lesson].exercises)):
        raise WireError("an exercise is numbered within its lesson")
    return Attempt(
        student=_text(fields, "student"),
        text=_text(fields, "text"),
        ok=_flag(fields, "ok"),
        codes=tuple(_texts(fields, "codes")),
        numbers=tuple(_whole_numbers(fields, "numbers")),
        typed=_flag(fields, "typed"),
        hint_level=_whole(fields, "hint_level"),
        where=where,
        at=_text(fields, "at"),
        cards=tuple(_whole_numbers(fields, "cards")),
        level=level,
        lesson=lesson,
        exercise=exercise,
        # A server of an older release sends no flag: its hint level still decides.
        helped=_flag(fields, "helped") if "helped" in fields else False,
    )


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
