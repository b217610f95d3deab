"""Plain words for what happens in a Rescue game: the log and the table's narration."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sq2edu.core.narration import Words, card_phrase, cards_phrase, narrator
from sq2edu.i18n import _, ngettext
from sq2edu.rescue.cards import CARDS, Kind

__all__ = ["KNOWN_EVENTS", "card_name", "narrate"]


#: The kinds of card there is only one of, named with "the".
_DEFINITE = frozenset({Kind.QUEEN, Kind.COMPANION, Kind.KING})


def card_name(card_id: str) -> str:
    """A card's name for a sentence: ``the 7``, ``the Owl Queen``, ``a Spell Book``."""
    return card_phrase(CARDS[card_id], _DEFINITE)


def _names(card_ids: Sequence[str]) -> str:
    return cards_phrase([CARDS[card_id] for card_id in card_ids], _DEFINITE)


def _face(face: str) -> str:
    return _("a dragon") if face == "dragon" else _("a {n}", n=face)


def _turn(name: str, names: Sequence[str], p: Mapping[str, Any]) -> str:
    return _("It is {name}'s turn.", name=name)


_SIMPLE: dict[str, Words] = {
    "turn": _turn,
    "rolled": lambda name, names, p: _("{name} rolled {face}.", name=name, face=_face(p["face"])),
    "knights-move": lambda name, names, p: _("A dragon! All knights move one seat to the left."),
    "rerolled": lambda name, names, p: _("{name}'s blue knight lets them roll again.", name=name),
    "drew": lambda name, names, p: (
        ngettext(
            "{name} drew {n} card: one more for the purple knight.",
            "{name} drew {n} cards: one more for the purple knight.",
            p["count"],
            name=name,
        )
        if p.get("purple")
        else ngettext("{name} drew {n} card.", "{name} drew {n} cards.", p["count"], name=name)
    ),
    "placed": lambda name, names, p: _(
        "{name} put {cards} in their realm.", name=name, cards=_names(p["cards"])
    ),
    "woke-queen": lambda name, names, p: _(
        "{name} woke {queen}.", name=name, queen=card_name(p["queen"])
    ),
    "let-sleep": lambda name, names, p: _("{name} let their queens sleep.", name=name),
    "gnome": lambda name, names, p: _(
        "{name} played a Wild Gnome and rolled {face}.", name=name, face=_face(p["face"])
    ),
    "took-companion": lambda name, names, p: _(
        "{name} found a companion: {companion}!", name=name, companion=card_name(p["companion"])
    ),
    "stole": lambda name, names, p: _(
        "{name} took {card} from {target}.",
        name=name,
        card=card_name(p["card"]),
        target=names[p["target"]],
    ),
    "queen-from-discard": lambda name, names, p: _(
        "{name} took {queen} from the discard pile.", name=name, queen=card_name(p["queen"])
    ),
    "swapped-knights": lambda name, names, p: _(
        "{first} and {second} swapped knights.",
        first=names[p["first"]],
        second=names[p["second"]],
    ),
    "switched": lambda name, names, p: _(
        "{name} gave {mine} to {target} and got {theirs} back.",
        name=name,
        mine=card_name(p["mine"]),
        theirs=card_name(p["theirs"]),
        target=names[p["target"]],
    ),
    "witch": lambda name, names, p: _("{name} played a Switch Witch.", name=name),
    "willow": lambda name, names, p: ngettext(
        "A Sleeping Willow put {target}'s queen to sleep.",
        "A Sleeping Willow put {target}'s {n} queens to sleep.",
        p["count"],
        target=names[p["target"]],
    ),
    "east-wind": lambda name, names, p: _(
        "An east wind blew the Sleeping Willow on to {target}.", target=names[p["target"]]
    ),
    "willow-nobody": lambda name, names, p: _(
        "A Sleeping Willow found no awake queens, so nothing happens."
    ),
    "willow-guarded": lambda name, names, p: _(
        "The white knight kept {target}'s queens awake, so the Sleeping Willow does nothing.",
        target=names[p["target"]],
    ),
    "declined": lambda name, names, p: _("{name} said no thanks.", name=name),
    "nothing": lambda name, names, p: _("There was nothing to take, so nothing happens."),
    "witch-nothing": lambda name, names, p: _("There was nothing to swap, so nothing happens."),
    "equation": lambda name, names, p: (
        _(
            "{name} made {equation}, with the red knight's help: their {card} counted as"
            " {value}. They get a companion.",
            name=name,
            equation=p["equation"],
            card=p["adjusted"][0],
            value=p["adjusted"][1],
        )
        if p.get("adjusted")
        else _("{name} made {equation} and gets a companion.", name=name, equation=p["equation"])
    ),
    "pair": lambda name, names, p: _(
        "{name} played a pair, {value} and {value}, and woke all their queens.",
        name=name,
        value=p["value"],
    ),
    "spell-book": lambda name, names, p: _(
        "{name} used a Spell Book to take {card} from the discard pile.",
        name=name,
        card=card_name(p["card"]),
    ),
    "rescued": lambda name, names, p: _(
        "{name} rescued {king} with {queen} and {companion}!",
        name=name,
        king=card_name(p["king"]),
        queen=card_name(p["queen"]),
        companion=card_name(p["companion"]),
    ),
    "discarded": lambda name, names, p: _(
        "{name} discarded {cards}.", name=name, cards=_names(p["cards"])
    ),
    "reshuffled": lambda name, names, p: _(
        "The draw pile ran out, so the discard pile was shuffled into a new one."
    ),
    "companions-shuffled": lambda name, names, p: _(
        "No companion was face down, so they were all shuffled and laid face down again."
    ),
    "won": lambda name, names, p: ngettext(
        "{name} rescued {n} king and wins!",
        "{name} rescued {n} kings and wins!",
        p["kings"],
        name=name,
    ),
}


narrate = narrator("rescue", _SIMPLE)

#: Every kind of event a Rescue game records.
KNOWN_EVENTS = frozenset(_SIMPLE)
