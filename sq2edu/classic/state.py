"""The plain data of a classic game: where every card is, whose turn, who decides now."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from sq2edu.core.setup import read_flags, read_ids, read_int, read_places, read_text

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
class PlayerState:
    """One player's things.

    :ivar hand: the cards in their hand (secret from the others).
    :ivar queens: their awake queens, face up in front of them.
    """

    name: str
    hand: list[str] = field(default_factory=list)
    queens: list[str] = field(default_factory=list)

    def copy(self) -> PlayerState:
        """An independent copy."""
        return PlayerState(self.name, list(self.hand), list(self.queens))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hand": list(self.hand), "queens": list(self.queens)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerState:
        return cls(read_text(data["name"]), read_ids(data["hand"]), read_ids(data["queens"]))


@dataclass(slots=True)
class State:
    """Everything on the table.

    Piles are lists with the top card last. The middle of the table has twelve places for
    sleeping queens; a place holds a queen face down, or nothing.

    :ivar known: for each place, whether the whole table saw the queen lying there go back
        to sleep (so a player may remember her).
    :ivar current: the seat of the player who decides now: the player whose turn it is, a
        player under attack, or the player a Jester's count landed on.
    :ivar turn_player: the seat of the player whose turn it is.
    """

    players: list[PlayerState]
    deck: list[str]
    discard: list[str]
    centre: list[str | None]
    known: list[bool]
    current: int = 0
    turn_player: int = 0
    phase: Phase = Phase.TURN
    turn: int = 1
    attack: Attack | None = None
    waking: Waking | None = None
    winner: int | None = None

    def copy(self) -> State:
        """An independent copy."""
        return State(
            [player.copy() for player in self.players],
            list(self.deck),
            list(self.discard),
            list(self.centre),
            list(self.known),
            self.current,
            self.turn_player,
            self.phase,
            self.turn,
            self.attack,
            self.waking,
            self.winner,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [player.to_dict() for player in self.players],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "centre": list(self.centre),
            "known": list(self.known),
            "current": self.current,
            "turn_player": self.turn_player,
            "phase": self.phase.value,
            "turn": self.turn,
            "attack": self.attack.to_list() if self.attack else None,
            "waking": self.waking.value if self.waking else None,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        players = data["players"]
        if not isinstance(players, list):
            raise ValueError("expected a list of players")
        return cls(
            [PlayerState.from_dict(player) for player in players],
            read_ids(data["deck"]),
            read_ids(data["discard"]),
            read_places(data["centre"], "middle of the table"),
            read_flags(data["known"], "middle of the table"),
            read_int(data["current"]),
            read_int(data["turn_player"]),
            Phase(data["phase"]),
            read_int(data["turn"]),
            None if data["attack"] is None else Attack.from_list(data["attack"]),
            None if data["waking"] is None else Waking(data["waking"]),
            None if data["winner"] is None else read_int(data["winner"]),
        )
