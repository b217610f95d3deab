"""Every card of *Sleeping Queens 2: The Rescue*, in one place.

Each physical card has a stable id (``"n7b"`` is the second 7, ``"q-owl"`` the Owl Queen).
The names of queens, companions, kings and symbols are sq2edu's own: the rulebook prints no
names, and sq2edu uses no publisher art. Cards are drawn with emoji and CSS.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sq2edu.i18n import N_

__all__ = [
    "ALL_PORPOISE",
    "CARDS",
    "COMPANIONS",
    "KINGS",
    "KNIGHTS",
    "MAIN_DECK",
    "Card",
    "Kind",
    "Knight",
    "Symbol",
    "card",
    "matches",
]


class Kind(StrEnum):
    """What sort of card it is."""

    NUMBER = "number"
    QUEEN = "queen"
    GNOME = "gnome"
    WITCH = "witch"
    WILLOW = "willow"
    SPELL_BOOK = "spell-book"
    COMPANION = "companion"
    KING = "king"

    @property
    def instant(self) -> bool:
        """Whether cards of this kind are Instant Actions (the lightning-bolt cards)."""
        return self in (Kind.GNOME, Kind.WITCH, Kind.WILLOW)


class Symbol(StrEnum):
    """The tool on a queen's corner; a companion carrying the same tool can help her."""

    KEY = "key"
    LANTERN = "lantern"
    ROPE = "rope"
    ANY = "any"  # the All-Porpoise Tool


SYMBOL_EMOJI = {Symbol.KEY: "🔑", Symbol.LANTERN: "🏮", Symbol.ROPE: "🪢", Symbol.ANY: "🌟"}


class Knight(StrEnum):
    """The six knights and their powers."""

    RED = "red"
    BLUE = "blue"
    WHITE = "white"
    BLACK = "black"
    PURPLE = "purple"
    GREEN = "green"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card."""

    id: str
    kind: Kind
    name: str
    emoji: str
    value: int = 0
    symbol: Symbol | None = None


def _numbers() -> list[Card]:
    return [
        Card(f"n{value}{copy}", Kind.NUMBER, str(value), "", value=value)
        for value in range(1, 11)
        for copy in "abcd"
    ]


_QUEENS = [
    ("apple", N_("Apple Queen"), "🍎", Symbol.KEY),
    ("bee", N_("Bee Queen"), "🐝", Symbol.KEY),
    ("cloud", N_("Cloud Queen"), "☁️", Symbol.KEY),
    ("drum", N_("Drum Queen"), "🥁", Symbol.KEY),
    ("fox", N_("Fox Queen"), "🦊", Symbol.LANTERN),
    ("kite", N_("Kite Queen"), "🪁", Symbol.LANTERN),
    ("moon", N_("Moon Queen"), "🌙", Symbol.LANTERN),
    ("owl", N_("Owl Queen"), "🦉", Symbol.LANTERN),
    ("pear", N_("Pear Queen"), "🍐", Symbol.ROPE),
    ("snail", N_("Snail Queen"), "🐌", Symbol.ROPE),
    ("tulip", N_("Tulip Queen"), "🌷", Symbol.ROPE),
    ("whale", N_("Whale Queen"), "🐳", Symbol.ROPE),
]
_COMPANIONS = [
    ("kangaroo", N_("Kangaroo"), "🦘", Symbol.KEY),
    ("koala", N_("Koala"), "🐨", Symbol.KEY),
    ("kitten", N_("Kitten"), "🐱", Symbol.KEY),
    ("llama", N_("Llama"), "🦙", Symbol.LANTERN),
    ("lion", N_("Lion"), "🦁", Symbol.LANTERN),
    ("ladybug", N_("Ladybug"), "🐞", Symbol.LANTERN),
    ("rabbit", N_("Rabbit"), "🐰", Symbol.ROPE),
    ("raccoon", N_("Raccoon"), "🦝", Symbol.ROPE),
    ("robin", N_("Robin"), "🐦", Symbol.ROPE),
    ("porpoise", N_("All-Porpoise Tool"), "🐬", Symbol.ANY),
]
_KINGS = [
    ("cookie", N_("Cookie King"), "🍪"),
    ("bubble", N_("Bubble King"), "🫧"),
    ("clock", N_("Clock King"), "⏰"),
    ("crayon", N_("Crayon King"), "🖍️"),
    ("dino", N_("Dino King"), "🦕"),
    ("guitar", N_("Guitar King"), "🎸"),
    ("pizza", N_("Pizza King"), "🍕"),
    ("rocket", N_("Rocket King"), "🚀"),
    ("sock", N_("Sock King"), "🧦"),
    ("teapot", N_("Teapot King"), "🫖"),
]


def _build() -> dict[str, Card]:
    cards = _numbers()
    cards += [
        Card(f"q-{key}", Kind.QUEEN, name, emoji, symbol=sym) for key, name, emoji, sym in _QUEENS
    ]
    cards += [Card(f"gnome{i}", Kind.GNOME, N_("Wild Gnome"), "🧙") for i in range(1, 7)]
    cards += [Card(f"witch{i}", Kind.WITCH, N_("Switch Witch"), "🧹") for i in range(1, 6)]
    cards += [Card(f"willow{i}", Kind.WILLOW, N_("Sleeping Willow"), "🌳") for i in range(1, 6)]
    cards += [Card(f"book{i}", Kind.SPELL_BOOK, N_("Spell Book"), "📖") for i in range(1, 5)]
    cards += [
        Card(f"c-{key}", Kind.COMPANION, name, emoji, symbol=sym)
        for key, name, emoji, sym in _COMPANIONS
    ]
    cards += [Card(f"k-{key}", Kind.KING, name, emoji) for key, name, emoji in _KINGS]
    return {c.id: c for c in cards}


#: Every card by id.
CARDS: dict[str, Card] = _build()
#: The main deck: 40 numbers, 12 queens, 6 Wild Gnomes, 5 Switch Witches, 5 Sleeping Willows,
#: 4 Spell Books.
MAIN_DECK: tuple[str, ...] = tuple(
    c.id for c in CARDS.values() if c.kind not in (Kind.COMPANION, Kind.KING)
)
#: The ten rescue companions (nine with a tool, and the All-Porpoise Tool).
COMPANIONS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind is Kind.COMPANION)
#: The ten kings.
KINGS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind is Kind.KING)
#: The knights, in the order they are described in the rulebook.
KNIGHTS: tuple[Knight, ...] = tuple(Knight)
ALL_PORPOISE = "c-porpoise"


def card(card_id: str) -> Card:
    """The card with this id.

    :raises KeyError: for an unknown id.
    """
    return CARDS[card_id]


def matches(queen_id: str, companion_id: str) -> bool:
    """Whether a companion can help a queen rescue a king (same tool, or the All-Porpoise Tool)."""
    companion = CARDS[companion_id]
    return companion.symbol is Symbol.ANY or companion.symbol is CARDS[queen_id].symbol
