"""Every decision a player makes in the classic game, as a frozen record.

Players are named by seat index (0, 1, ...), cards by id (see :mod:`sq2edu.classic.cards`).
A sleeping queen is chosen by her place in the middle of the table (0 to 11), never by id:
she lies face down.
"""

from __future__ import annotations

from dataclasses import dataclass

from sq2edu.core import Action, action

__all__ = [
    "Block",
    "ChooseQueen",
    "Discard",
    "DiscardEquation",
    "DiscardPair",
    "DontBlock",
    "PlayJester",
    "PlayKing",
    "PlayKnight",
    "PlayPotion",
]


@action("classic-wake")
@dataclass(frozen=True, slots=True)
class PlayKing(Action):
    """Play a King to wake the sleeping queen at this place."""

    king: str
    slot: int


@action("classic-steal")
@dataclass(frozen=True, slots=True)
class PlayKnight(Action):
    """Play a Knight to take an awake queen from another player (unless a Dragon stops it)."""

    knight: str
    target: int
    queen: str


@action("classic-potion")
@dataclass(frozen=True, slots=True)
class PlayPotion(Action):
    """Play a Sleeping Potion to put another player's queen back to sleep (unless a Wand
    stops it)."""

    potion: str
    target: int
    queen: str


@action("classic-jester")
@dataclass(frozen=True, slots=True)
class PlayJester(Action):
    """Play a Jester and turn over the top card of the draw pile."""

    jester: str


@action("classic-choose-queen")
@dataclass(frozen=True, slots=True)
class ChooseQueen(Action):
    """Wake the sleeping queen at this place (after a Jester's count, or the Rose Queen)."""

    slot: int


@action("classic-block")
@dataclass(frozen=True, slots=True)
class Block(Action):
    """Stop a Knight with a Dragon, or a Sleeping Potion with a Wand."""

    card: str


@action("classic-no-block")
@dataclass(frozen=True, slots=True)
class DontBlock(Action):
    """Let the Knight or Sleeping Potion do its work."""


@action("classic-discard")
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one card of any kind, then draw back up to a full hand."""

    card: str


@action("classic-discard-pair")
@dataclass(frozen=True, slots=True)
class DiscardPair(Action):
    """Discard two equal number cards, then draw back up to a full hand."""

    first: str
    second: str


@action("classic-discard-equation")
@dataclass(frozen=True, slots=True)
class DiscardEquation(Action):
    """Discard three or more number cards that make an equation, then draw back up.

    :ivar cards: the number cards used, by id.
    :ivar text: the equation, such as ``"2 + 3 = 5"``, said out loud as the rules ask.
    """

    cards: tuple[str, ...]
    text: str
