"""The plain data of a classic game: where every card is, whose turn, who decides now."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from sq2edu.core.setup import read_int, read_text
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

__all__ = ["CENTRE_PLACES", "Attack", "Phase", "PlayerState", "State", "Waking"]

#: Places for sleeping queens in the middle of the table: four columns of three.
CENTRE_PLACES = 12


class Phase(StrEnum):
    """What the player who decides now is deciding."""

    TURN = "turn"  # the turn's one play: a King, Knight, Potion, Jester, or a discard
    BLOCK = "block"  # the player under attack: block with a Dragon or Wand, or not
    CHOOSE_QUEEN = "choose-queen"  # wake a sleeping queen (a Jester's count, or the Rose)
    OVER = "over"


class Waking(StrEnum):
    """Why a player is choosing a sleeping queen to wake."""

    JESTER = "jester"  # a Jester's count landed on them
    ROSE = "rose"  # they woke the Rose Queen, who wakes one more


@dataclass(frozen=True, slots=True)
class Attack:
    """A Knight or Sleeping Potion waiting for its target to block it or not.

    :ivar card: the Knight or Sleeping Potion played (already on the discard pile).
    :ivar target: the seat of the player whose queen it is after.
    :ivar queen: the awake queen it is after.
    """

    card: str
    target: int
    queen: str

    def to_list(self) -> list[Any]:
        return [self.card, self.target, self.queen]

    @classmethod
    def from_list(cls, data: object) -> Attack:
        if not (isinstance(data, list) and len(data) == 3):
            raise ValueError("bad attack")
        return cls(read_text(data[0]), read_int(data[1]), read_text(data[2]))


@dataclass(slots=True)
class PlayerState(StateRecord):
    """One player's things.

    :ivar hand: the cards in their hand (secret from the others).
    :ivar queens: their awake queens, face up in front of them.
    """

    name: str = field(metadata=kind(TEXT))
    hand: list[str] = field(default_factory=list, metadata=kind(IDS))
    queens: list[str] = field(default_factory=list, metadata=kind(IDS))


#: A Knight or Sleeping Potion waiting to be blocked, saved as a list of three.
_ATTACK = Kind(None, Attack.to_list, Attack.from_list)


@dataclass(slots=True)
class State(StateRecord):
    """Everything on the table.

    Piles are lists with the top card last. The middle of the table has twelve places for
    sleeping queens; a place holds a queen face down, or nothing.

    :ivar known: for each place, whether the whole table saw the queen lying there go back
        to sleep (so a player may remember her).
    :ivar current: the seat of the player who decides now: the player whose turn it is, a
        player under attack, or the player a Jester's count landed on.
    :ivar turn_player: the seat of the player whose turn it is.
    """

    players: list[PlayerState] = field(metadata=kind(each(PlayerState)))
    deck: list[str] = field(metadata=kind(IDS))
    discard: list[str] = field(metadata=kind(IDS))
    centre: list[str | None] = field(metadata=kind(places("middle of the table")))
    known: list[bool] = field(metadata=kind(flags("middle of the table")))
    current: int = field(default=0, metadata=kind(INT))
    turn_player: int = field(default=0, metadata=kind(INT))
    phase: Phase = field(default=Phase.TURN, metadata=kind(named(Phase)))
    turn: int = field(default=1, metadata=kind(INT))
    attack: Attack | None = field(default=None, metadata=kind(optional(_ATTACK)))
    waking: Waking | None = field(default=None, metadata=kind(optional(named(Waking))))
    winner: int | None = field(default=None, metadata=kind(optional(INT)))
