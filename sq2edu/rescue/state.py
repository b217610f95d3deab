"""The plain data of a Rescue game: where every card is, whose turn, which step of the turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from sq2edu.core.setup import read_text
from sq2edu.core.state_fields import (
    IDS,
    INT,
    TEXT,
    Kind,
    StateRecord,
    each,
    flags,
    kind,
    named,
    optional,
    places,
)

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


def _rescue(value: object) -> tuple[str, str]:
    if not (isinstance(value, list) and len(value) == 2):
        raise ValueError("bad rescue in progress")
    return read_text(value[0]), read_text(value[1])


#: The queen and companion of a rescue in progress, saved as a list of two ids.
_RESCUE = Kind(None, list, _rescue)


@dataclass(slots=True)
class PlayerState(StateRecord):
    """One player's things.

    :ivar realm: face-up cards in the realm: awake queens, numbers and Spell Books.
    :ivar sleeping: sleeping queens, face down in the realm (only their owner may peek).
    :ivar companions: rescue companions, face up; not counted in the realm limit.
    :ivar kings: rescued kings; not counted, and never taken away.
    :ivar drawn: cards drawn this turn, placed in the realm once the Instant Actions are done.
    """

    name: str = field(metadata=kind(TEXT))
    knight: str | None = field(default=None, metadata=kind(optional(TEXT)))
    realm: list[str] = field(default_factory=list, metadata=kind(IDS))
    sleeping: list[str] = field(default_factory=list, metadata=kind(IDS))
    companions: list[str] = field(default_factory=list, metadata=kind(IDS))
    kings: list[str] = field(default_factory=list, metadata=kind(IDS))
    drawn: list[str] = field(default_factory=list, metadata=kind(IDS))


@dataclass(slots=True)
class State(StateRecord):
    """Everything on the table.

    Piles are lists with the top card last. The companion grid has a fixed number of places;
    a place holds a companion face down, face up, or nothing.
    """

    players: list[PlayerState] = field(metadata=kind(each(PlayerState)))
    deck: list[str] = field(metadata=kind(IDS))
    discard: list[str] = field(metadata=kind(IDS))
    grid: list[str | None] = field(metadata=kind(places("companion grid")))
    face_up: list[bool] = field(metadata=kind(flags("companion grid")))
    kings: list[str] = field(metadata=kind(IDS))
    current: int = field(default=0, metadata=kind(INT))
    phase: Phase = field(default=Phase.ROLL, metadata=kind(named(Phase)))
    turn: int = field(default=1, metadata=kind(INT))
    #: The last face rolled this turn (``"1"``, ``"2"``, ``"3"`` or ``"dragon"``).
    roll: str | None = field(default=None, metadata=kind(optional(TEXT)))
    rerolls_used: int = field(default=0, metadata=kind(INT))
    #: Instant Action cards drawn this turn and not yet played.
    pending: list[str] = field(default_factory=list, metadata=kind(IDS))
    #: The Instant Action card being played now.
    playing: str | None = field(default=None, metadata=kind(optional(TEXT)))
    #: The queen and companion of a rescue waiting for its king to be chosen.
    rescuing: tuple[str, str] | None = field(default=None, metadata=kind(optional(_RESCUE)))
    winner: int | None = field(default=None, metadata=kind(optional(INT)))
