"""Every card of the classic *Sleeping Queens*, in one place.

Each physical card has a stable id (``"n7b"`` is the second 7, ``"q-rose"`` the Rose Queen,
``"knight2"`` the second Knight). Queens and kings carry the names printed on the cards;
sq2edu uses no publisher art, so cards are drawn with emoji and CSS.

79 cards: 12 queens (their own pile, green backs) and 67 others (the draw pile, red backs):
8 kings, 4 knights, 3 dragons, 4 sleeping potions, 3 wands, 5 jesters and 40 number cards,
four of each number from 1 to 10.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from sq2edu.i18n import N_

__all__ = [
    "BLOCKERS",
    "CARDS",
    "CAT",
    "DECK",
    "DOG",
    "KINGS",
    "QUEENS",
    "RIVALS",
    "ROSE",
    "Card",
    "Kind",
    "card",
    "points",
]


class Kind(StrEnum):
    """What sort of card it is."""

    NUMBER = "number"
    QUEEN = "queen"
    KING = "king"
    KNIGHT = "knight"
    DRAGON = "dragon"
    POTION = "potion"
    WAND = "wand"
    JESTER = "jester"

    @property
    def power(self) -> bool:
        """Whether a Jester that turns this card over gives it to the player (not a number)."""
        return self not in (Kind.NUMBER, Kind.QUEEN)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card.

    :ivar value: a number card's number, or a queen's points; 0 for the other cards.
    """

    id: str
    kind: Kind
    name: str
    emoji: str
    value: int = 0


_QUEENS = [
    ("heart", N_("Heart Queen"), "❤️", 20),
    ("pancake", N_("Pancake Queen"), "🥞", 15),
    ("cat", N_("Cat Queen"), "🐱", 15),
    ("dog", N_("Dog Queen"), "🐶", 15),
    ("moon", N_("Moon Queen"), "🌙", 10),
    ("peacock", N_("Peacock Queen"), "🦚", 10),
    ("ladybug", N_("Ladybug Queen"), "🐞", 10),
    ("sunflower", N_("Sunflower Queen"), "🌻", 10),
    ("rose", N_("Rose Queen"), "🌹", 5),
    ("cake", N_("Cake Queen"), "🎂", 5),
    ("rainbow", N_("Rainbow Queen"), "🌈", 5),
    ("starfish", N_("Starfish Queen"), "⭐", 5),
]
_KINGS = [
    ("bubble-gum", N_("Bubble Gum King"), "🫧"),
    ("chess", N_("Chess King"), "♟️"),
    ("cookie", N_("Cookie King"), "🍪"),
    ("fire", N_("Fire King"), "🔥"),
    ("hat", N_("Hat King"), "🎩"),
    ("puzzle", N_("Puzzle King"), "🧩"),
    ("tie-dye", N_("Tie-Dye King"), "🌀"),
    ("turtle", N_("Turtle King"), "🐢"),
]
_POWERS = [
    (Kind.KNIGHT, "knight", N_("Knight"), "⚔️", 4),
    (Kind.DRAGON, "dragon", N_("Dragon"), "🐉", 3),
    (Kind.POTION, "potion", N_("Sleeping Potion"), "🧪", 4),
    (Kind.WAND, "wand", N_("Wand"), "🪄", 3),
    (Kind.JESTER, "jester", N_("Jester"), "🃏", 5),
]


def _build() -> dict[str, Card]:
    cards = [
        Card(f"q-{key}", Kind.QUEEN, name, emoji, value=worth)
        for key, name, emoji, worth in _QUEENS
    ]
    cards += [Card(f"k-{key}", Kind.KING, name, emoji) for key, name, emoji in _KINGS]
    for kind, key, name, emoji, copies in _POWERS:
        cards += [Card(f"{key}{i}", kind, name, emoji) for i in range(1, copies + 1)]
    cards += [
        Card(f"n{value}{copy}", Kind.NUMBER, str(value), "", value=value)
        for value in range(1, 11)
        for copy in "abcd"
    ]
    return {c.id: c for c in cards}


#: Every card by id.
CARDS: dict[str, Card] = _build()
#: The twelve queens, which start asleep in the middle of the table.
QUEENS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind is Kind.QUEEN)
#: The eight kings.
KINGS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind is Kind.KING)
#: The 67 cards of the draw pile: everything but the queens.
DECK: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind is not Kind.QUEEN)

ROSE = "q-rose"
CAT = "q-cat"
DOG = "q-dog"
#: Queens that never sit in one realm: each one's rival.
RIVALS: dict[str, str] = {CAT: DOG, DOG: CAT}
#: The card that stops each attack: a Dragon stops a Knight, a Wand a Sleeping Potion.
BLOCKERS: dict[Kind, Kind] = {Kind.KNIGHT: Kind.DRAGON, Kind.POTION: Kind.WAND}


def card(card_id: str) -> Card:
    """The card with this id.

    :raises KeyError: for an unknown id.
    """
    return CARDS[card_id]


def points(queens: Iterable[str]) -> int:
    """The points of some awake queens, added up."""
    return sum(CARDS[queen].value for queen in queens)
