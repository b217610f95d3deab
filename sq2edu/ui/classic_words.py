"""The classic table's own words: its catalog of cards and what its buttons say."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sq2edu.classic.cards import CARDS, Kind
from sq2edu.i18n import N_, _, get_language
from sq2edu.ui.speech import speech_rules
from sq2edu.ui.words import card_entry, card_word, seat_name, table_signs, table_words

__all__ = ["classic_action_label", "classic_catalog"]

#: Words only the classic table uses (the browser fills in the ``{placeholders}``).
_WORDS = {
    "hand": N_("Your hand"),
    "handOf": N_("{name}'s hand"),
    "queensOf": N_("{name}'s queens"),
    "points": N_("{points} points"),
    "sleepingQueens": N_("Sleeping queens"),
    "sleepingPlace": N_("Sleeping queen in place {place}"),
    "sleepingKnown": N_("{queen}, asleep in place {place}"),
    "emptyPlace": N_("Empty place {place}"),
    "chooseQueenFor": N_("Now choose a sleeping queen for your {card}."),
    "chooseTargetFor": N_("Now choose another player's queen for your {card}."),
    "selected": N_("selected"),
    "pickCard": N_("Choose a card from your hand."),
    "wakeHer": N_("wake her"),
}


def classic_catalog() -> dict[str, Any]:
    """Every classic card's drawing and words, in the active language."""
    cards: dict[str, Any] = {}
    for card in CARDS.values():
        entry = card_entry(card)
        if card.kind is Kind.QUEEN:
            entry["points"] = card.value
        cards[card.id] = entry
    return {
        "cards": cards,
        "knights": {},
        "words": {**table_words(), **{key: _(text) for key, text in _WORDS.items()}},
        "signs": table_signs(),
        "speech": speech_rules(),
        "lang": get_language(),
    }


def _card(card_id: Any) -> str:
    return card_word(CARDS, card_id)


def classic_action_label(action: dict[str, Any], names: Sequence[str]) -> str:
    """What a button that takes ``action`` says."""
    kind = action.get("kind")

    def name(seat: Any) -> str:
        return seat_name(names, seat)

    def place() -> int:
        slot = action.get("slot")
        return slot + 1 if isinstance(slot, int) else 0

    labels = {
        "classic-wake": lambda: _(
            "Play the {card}: wake the queen in place {place}",
            card=_card(action.get("king")),
            place=place(),
        ),
        "classic-steal": lambda: _(
            "Send a Knight for {name}'s {queen}",
            name=name(action.get("target")),
            queen=_card(action.get("queen")),
        ),
        "classic-potion": lambda: _(
            "Put {name}'s {queen} to sleep",
            name=name(action.get("target")),
            queen=_card(action.get("queen")),
        ),
        "classic-jester": lambda: _("🃏 Play the Jester"),
        "classic-choose-queen": lambda: _("Wake the queen in place {place}", place=place()),
        "classic-block": lambda: _("🛡 Block it with your {card}", card=_card(action.get("card"))),
        "classic-no-block": lambda: _("Let it happen"),
        "classic-discard": lambda: _("Throw away the {card}", card=_card(action.get("card"))),
        "classic-discard-pair": lambda: _(
            "Throw away the pair: {value} and {value}", value=_card(action.get("first"))
        ),
        "classic-discard-equation": lambda: str(action.get("text", "")),
    }
    make = labels.get(kind) if isinstance(kind, str) else None
    return make() if make else str(kind)
