"""The plain data of a Rescue game: where every card is, whose turn, which step of the turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from sq2edu.core.setup import read_flags, read_ids, read_int, read_places, read_text

__all__ = ["Phase", "PlayerState", "State"]


class Phase(StrEnum):
    """The step of the turn, which says what the current player decides next."""

    ROLL = "roll"
    REROLL = "reroll"  # the blue knight rolled a 1: roll again or keep it
    DRAGON_WAKE = "dragon-wake"  # a dragon: wake one sleeping queen, or not
    INSTANT = "instant"  # choose which drawn Instant Action to play next
    GNOME_COMPANION = "gnome-companion"
    GNOME_STEAL = "gnome-steal"
    GNOME_QUEEN = "gnome-queen"
    GNOME_KNIGHTS = "gnome-knights"
    WITCH = "witch"
    ACTIONS = "actions"  # equations, pairs, Spell Books, rescues, or done
    TAKE_COMPANION = "take-companion"  # after an equation: choose a face-down companion
    TAKE_KING = "take-king"  # after a rescue: choose a king
    DISCARD = "discard"  # the realm holds too many cards
    OVER = "over"


@dataclass(slots=True)
class PlayerState:
    """One player's things.

    :ivar realm: face-up cards in the realm: awake queens, numbers and Spell Books.
    :ivar sleeping: sleeping queens, face down in the realm (only their owner may peek).
    :ivar companions: rescue companions, face up; not counted in the realm limit.
    :ivar kings: rescued kings; not counted, and never taken away.
    :ivar drawn: cards drawn this turn, placed in the realm once the Instant Actions are done.
    """

    name: str
    knight: str | None = None
    realm: list[str] = field(default_factory=list)
    sleeping: list[str] = field(default_factory=list)
    companions: list[str] = field(default_factory=list)
    kings: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)

    def copy(self) -> PlayerState:
        """An independent copy."""
        return PlayerState(
            self.name,
            self.knight,
            list(self.realm),
            list(self.sleeping),
            list(self.companions),
            list(self.kings),
            list(self.drawn),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "knight": self.knight,
            "realm": list(self.realm),
            "sleeping": list(self.sleeping),
            "companions": list(self.companions),
            "kings": list(self.kings),
            "drawn": list(self.drawn),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerState:
        return cls(
            read_text(data["name"]),
            None if data["knight"] is None else read_text(data["knight"]),
            read_ids(data["realm"]),
            read_ids(data["sleeping"]),
            read_ids(data["companions"]),
            read_ids(data["kings"]),
            read_ids(data["drawn"]),
        )


@dataclass(slots=True)
class State:
    """Everything on the table.

    Piles are lists with the top card last. The companion grid has a fixed number of places;
    a place holds a companion face down, face up, or nothing.
    """

    players: list[PlayerState]
    deck: list[str]
    discard: list[str]
    grid: list[str | None]
    face_up: list[bool]
    kings: list[str]
    current: int = 0
    phase: Phase = Phase.ROLL
    turn: int = 1
    #: The last face rolled this turn (``"1"``, ``"2"``, ``"3"`` or ``"dragon"``).
    roll: str | None = None
    rerolls_used: int = 0
    #: Instant Action cards drawn this turn and not yet played.
    pending: list[str] = field(default_factory=list)
    #: The Instant Action card being played now.
    playing: str | None = None
    #: The queen and companion of a rescue waiting for its king to be chosen.
    rescuing: tuple[str, str] | None = None
    winner: int | None = None

    def copy(self) -> State:
        """An independent copy."""
        return State(
            [player.copy() for player in self.players],
            list(self.deck),
            list(self.discard),
            list(self.grid),
            list(self.face_up),
            list(self.kings),
            self.current,
            self.phase,
            self.turn,
            self.roll,
            self.rerolls_used,
            list(self.pending),
            self.playing,
            self.rescuing,
            self.winner,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [player.to_dict() for player in self.players],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "grid": list(self.grid),
            "face_up": list(self.face_up),
            "kings": list(self.kings),
            "current": self.current,
            "phase": self.phase.value,
            "turn": self.turn,
            "roll": self.roll,
            "rerolls_used": self.rerolls_used,
            "pending": list(self.pending),
            "playing": self.playing,
            "rescuing": list(self.rescuing) if self.rescuing else None,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        rescuing = data["rescuing"]
        if rescuing is not None and not (isinstance(rescuing, list) and len(rescuing) == 2):
            raise ValueError("bad rescue in progress")
        return cls(
            [PlayerState.from_dict(player) for player in _list(data["players"])],
            read_ids(data["deck"]),
            read_ids(data["discard"]),
            read_places(data["grid"], "companion grid"),
            read_flags(data["face_up"], "companion grid"),
            read_ids(data["kings"]),
            read_int(data["current"]),
            Phase(data["phase"]),
            read_int(data["turn"]),
            None if data["roll"] is None else read_text(data["roll"]),
            read_int(data["rerolls_used"]),
            read_ids(data["pending"]),
            None if data["playing"] is None else read_text(data["playing"]),
            None if rescuing is None else (read_text(rescuing[0]), read_text(rescuing[1])),
            None if data["winner"] is None else read_int(data["winner"]),
        )


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("expected a list")
    return value
