"""What the browser needs to draw every card and knight, sent once per table."""

from __future__ import annotations

from typing import Any

from sq2edu.i18n import N_, _, get_language
from sq2edu.rescue.cards import CARDS, SYMBOL_EMOJI
from sq2edu.ui.speech import speech_rules
from sq2edu.ui.words import card_entry, table_signs, table_words

__all__ = ["KNIGHT_POWERS", "catalog"]

#: Each knight's power, in a child's words.
KNIGHT_POWERS = {
    "red": N_("Red knight: one card in an equation may count as one more or one less."),
    "blue": N_("Blue knight: after rolling a 1, you may roll again."),
    "white": N_("White knight: Sleeping Willows cannot put your queens to sleep."),
    "black": N_("Black knight: the Switch Witch cannot swap with you."),
    "purple": N_("Purple knight: draw one more card than you roll."),
    "green": N_("Green knight: keep up to {limit} cards at the end of your turn."),
}

_SYMBOL_WORDS = {
    "key": N_("key"),
    "lantern": N_("lantern"),
    "rope": N_("rope"),
    "any": N_("any tool"),
}


def catalog(green_limit: int = 6) -> dict[str, Any]:
    """Every card's drawing and words, and every knight's power, in the active language.

    :param green_limit: the cards the green knight lets a realm keep (a rule setting).
    """
    cards: dict[str, Any] = {}
    for card in CARDS.values():
        entry = card_entry(card)
        if card.symbol is not None:
            entry["symbol"] = card.symbol.value
            entry["symbol_emoji"] = SYMBOL_EMOJI[card.symbol]
            entry["symbol_name"] = _(_SYMBOL_WORDS[card.symbol.value])
        cards[card.id] = entry
    return {
        "cards": cards,
        "knights": {
            knight: _(power, limit=green_limit) if "{limit}" in power else _(power)
            for knight, power in KNIGHT_POWERS.items()
        },
        "words": table_words(),
        "signs": table_signs(),
        "speech": speech_rules(),
        "lang": get_language(),
    }
