"""Plain words for what happens in a classic game: the log and the table's narration.

Events never name a card in someone's hand: only cards played, turned face up or discarded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sq2edu.classic.cards import CARDS, Kind
from sq2edu.core.narration import Words, card_phrase, cards_phrase, narrator
from sq2edu.i18n import _, ngettext

__all__ = ["KNOWN_EVENTS", "card_name", "narrate"]


#: The kinds of card there is only one of, named with "the".
_DEFINITE = frozenset({Kind.QUEEN, Kind.KING})


def card_name(card_id: str) -> str:
    """A card's name for a sentence: ``the 7``, ``the Rose Queen``, ``a Dragon``."""
    return card_phrase(CARDS[card_id], _DEFINITE)


def _names(card_ids: Sequence[str]) -> str:
    return cards_phrase([CARDS[card_id] for card_id in card_ids], _DEFINITE)


def _title(card_id: str) -> str:
    """A card's bare name: ``Rose Queen``."""
    return _(CARDS[card_id].name)


def _won(name: str, names: Sequence[str], p: Mapping[str, Any]) -> str:
    if p["reason"] == "all-awake":
        return _(
            "Every queen is awake. {name} has the most points, {points}, and wins!",
            name=name,
            points=p["points"],
        )
    return ngettext(
        "{name} has {n} queen and {points} points, and wins!",
        "{name} has {n} queens and {points} points, and wins!",
        p["queens"],
        name=name,
        points=p["points"],
    )


def _blocked(name: str, names: Sequence[str], p: Mapping[str, Any]) -> str:
    if CARDS[p["card"]].kind is Kind.DRAGON:
        return _("{name} stops the Knight with a Dragon!", name=name)
    return _("{name} stops the Sleeping Potion with a Wand!", name=name)


_SIMPLE: dict[str, Words] = {
    "turn": lambda name, names, p: _("It is {name}'s turn.", name=name),
    "drew": lambda name, names, p: ngettext(
        "{name} drew {n} card.", "{name} drew {n} cards.", p["count"], name=name
    ),
    "reshuffled": lambda name, names, p: _(
        "The draw pile ran out, so the discard pile was shuffled into a new one."
    ),
    "king": lambda name, names, p: _("{name} played {king}.", name=name, king=card_name(p["king"])),
    "woke": lambda name, names, p: _(
        "{name} woke {queen}!", name=name, queen=card_name(p["queen"])
    ),
    "rivals": lambda name, names, p: _(
        "Oh no! The {rival} and the {queen} fight like cats and dogs, so the {queen} goes "
        "back to sleep.",
        rival=_title(p["rival"]),
        queen=_title(p["queen"]),
    ),
    "rose-bonus": lambda name, names, p: _(
        "The Rose Queen lets {name} wake one more queen!", name=name
    ),
    "knight": lambda name, names, p: _(
        "{name} sends a Knight to take {target}'s {queen}.",
        name=name,
        target=names[p["target"]],
        queen=_title(p["queen"]),
    ),
    "potion": lambda name, names, p: _(
        "{name} plays a Sleeping Potion on {target}'s {queen}.",
        name=name,
        target=names[p["target"]],
        queen=_title(p["queen"]),
    ),
    "blocked": _blocked,
    "stole": lambda name, names, p: _(
        "{name} took {queen} from {target}.",
        name=name,
        queen=card_name(p["queen"]),
        target=names[p["target"]],
    ),
    "slept": lambda name, names, p: _(
        "{target}'s {queen} fell asleep and went back to the middle.",
        target=names[p["target"]],
        queen=_title(p["queen"]),
    ),
    "jester": lambda name, names, p: _(
        "{name} played a Jester and turned over {card}.", name=name, card=card_name(p["card"])
    ),
    "play-again": lambda name, names, p: _(
        "{name} keeps {card} and plays again!", name=name, card=card_name(p["card"])
    ),
    "counted": lambda name, names, p: _(
        "Counting {value} from {name} lands on {target}, who wakes a queen!",
        name=name,
        value=p["value"],
        target=names[p["target"]],
    ),
    "discarded": lambda name, names, p: _(
        "{name} discarded {cards}.", name=name, cards=_names(p["cards"])
    ),
    "pair": lambda name, names, p: _(
        "{name} discarded a pair: {value} and {value}.", name=name, value=p["value"]
    ),
    "equation": lambda name, names, p: _(
        "{name} said {equation} and discarded those cards.", name=name, equation=p["equation"]
    ),
    "won": _won,
}


narrate = narrator("classic", _SIMPLE)

#: Every kind of event a classic game records.
KNOWN_EVENTS = frozenset(_SIMPLE)
