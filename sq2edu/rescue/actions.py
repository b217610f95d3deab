"""Every decision a player makes in the Rescue, as a frozen record.

Players are named by seat index (0, 1, ...), cards by id (see :mod:`sq2edu.rescue.cards`).
A face-down companion is chosen by its place in the grid, never by id: its identity is
hidden until it is taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from sq2edu.core import Action, action

__all__ = [
    "Decline",
    "Discard",
    "EndActions",
    "KeepRoll",
    "MakeEquation",
    "PlayInstant",
    "Reroll",
    "Rescue",
    "Roll",
    "StealCard",
    "SwapKnights",
    "SwitchCards",
    "TakeCompanion",
    "TakeKing",
    "TakeQueenFromDiscard",
    "UseSpellBook",
    "WakeQueen",
    "WakeWithPair",
]


@action("roll")
@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the die (at the start of a turn, or again after a dragon)."""


@action("reroll")
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Blue knight: roll a 1 again."""


@action("keep-roll")
@dataclass(frozen=True, slots=True)
class KeepRoll(Action):
    """Blue knight: keep the 1."""


@action("wake-queen")
@dataclass(frozen=True, slots=True)
class WakeQueen(Action):
    """After a dragon: wake one of your sleeping queens."""

    queen: str


@action("decline")
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Say no to something optional: a dragon's wake-up, a Witch's switch, a Gnome's power."""


@action("play-instant")
@dataclass(frozen=True, slots=True)
class PlayInstant(Action):
    """Play the next of the Instant Action cards you drew."""

    card: str


@action("take-companion")
@dataclass(frozen=True, slots=True)
class TakeCompanion(Action):
    """Take the face-down companion at this place in the grid."""

    slot: int


@action("steal-card")
@dataclass(frozen=True, slots=True)
class StealCard(Action):
    """Wild Gnome 2: take a face-up card from another player's realm."""

    target: int
    card: str


@action("take-queen-from-discard")
@dataclass(frozen=True, slots=True)
class TakeQueenFromDiscard(Action):
    """Wild Gnome 3: take a queen from the discard pile."""

    queen: str


@action("swap-knights")
@dataclass(frozen=True, slots=True)
class SwapKnights(Action):
    """Wild Gnome dragon: two players swap knights."""

    first: int
    second: int


@action("switch-cards")
@dataclass(frozen=True, slots=True)
class SwitchCards(Action):
    """Switch Witch: swap one of your cards with one of another player's.

    Either two face-up realm cards (queen, number, Spell Book) or two companions.
    """

    mine: str
    target: int
    theirs: str


@action("make-equation")
@dataclass(frozen=True, slots=True)
class MakeEquation(Action):
    """Make an equation from number cards to summon a companion.

    :ivar cards: the number cards used, by id.
    :ivar text: the equation, such as ``"2 + 3 = 5"``; with the red knight, a card may be
        written as one more or one less than it is.
    """

    cards: tuple[str, ...]
    text: str


@action("wake-with-pair")
@dataclass(frozen=True, slots=True)
class WakeWithPair(Action):
    """Discard two equal number cards to wake all your sleeping queens."""

    first: str
    second: str


@action("use-spell-book")
@dataclass(frozen=True, slots=True)
class UseSpellBook(Action):
    """Discard a Spell Book to take a number card from the discard pile."""

    book: str
    card: str


@action("rescue")
@dataclass(frozen=True, slots=True)
class Rescue(Action):
    """Rescue a king with an awake queen and a companion of her tool."""

    queen: str
    companion: str


@action("take-king")
@dataclass(frozen=True, slots=True)
class TakeKing(Action):
    """Choose the king you rescue."""

    king: str


@action("end-actions")
@dataclass(frozen=True, slots=True)
class EndActions(Action):
    """Finish your actions for this turn."""


@action("discard")
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """At the end of the turn, discard a card from a realm that holds too many."""

    card: str
