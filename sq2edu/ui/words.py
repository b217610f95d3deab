"""Every word the card table shows, in the active language.

The browser draws what it is sent; it has no words of its own. Templates keep their
``{placeholders}`` for the browser to fill in; action labels are made here whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sq2edu.i18n import _
from sq2edu.rescue.cards import CARDS

__all__ = ["action_label", "table_words"]

# The English text of each word the table shows (the message ids of the translations).
_WORDS = {
    "drawPile": "Draw pile",
    "discardPile": "Discard pile",
    "lookThrough": "Look through the discard pile",
    "companions": "Companions",
    "kingsWaiting": "Kings to rescue",
    "middle": "The middle of the table",
    "realmOf": "{name}'s realm",
    "cardsOf": "{name}'s cards",
    "keptOf": "{name}'s companions and kings",
    "sleeping": "sleeping",
    "sleepingQueen": "a sleeping queen",
    "awake": "awake",
    "faceUp": "face up",
    "companion": "companion",
    "rescued": "rescued",
    "justDrawn": "just drawn",
    "symbol": "{symbol} symbol",
    "faceDown": "face-down companion, place {place}",
    "emptyPlace": "empty place {place}",
    "discardIt": "Discard {card}",
    "yourTurn": "Your turn",
    "turnOf": "{name}'s turn",
    "gameOver": "Game over",
    "dieShows": "The die shows {face}",
    "dragon": "a dragon",
    "equation": "Make an equation",
    "yourEquation": "Your equation",
    "chooseSign": "Choose the sign",
    "plus": "plus",
    "minus": "minus",
    "times": "times",
    "dividedBy": "divided by",
    "slotFull": "Card {place}: {card}. Press to take it out.",
    "slotEmpty": "Empty place {place} for a card",
    "answerFull": "Answer: {card}. Press to take it out.",
    "answerEmpty": "Empty place for the answer",
    "addSlot": "Add a card",
    "checkIt": "Check ✓",
    "clear": "Clear",
    "hint": "💡 Hint",
    "hints": "Hints",
    "typeIt": "⌨ Type it",
    "buildIt": "🃏 Use cards",
    "typeHere": "Type an equation, like 2 + 3 = 5",
    "needThree": "An equation needs three number cards. Collect some more!",
    "knightHelp": "Red knight: make one card one more or one less",
    "whatNow": "What you can do",
    "whatHappened": "What just happened",
    "pass": "Pass the screen to {name}.",
    "pressReady": "{name}, press “I'm ready” when nobody else is looking.",
    "ready": "I'm ready",
    "newGame": "New game",
    "goodTry": "Good try! Every equation you made was good practice. Play again?",
    "log": "What happened",
    "lab": "Equation Lab",
    "score": "{right} right out of {tries}",
    "yourCards": "Your cards",
    "newCards": "New cards",
}


def table_words() -> dict[str, str]:
    """Every word of the table, translated, placeholders kept for the browser."""
    return {key: _(text) for key, text in _WORDS.items()}


def _card(card_id: Any) -> str:
    card = CARDS.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        return "?"
    return str(card.value) if card.value else _(card.name)


def action_label(action: dict[str, Any], names: Sequence[str]) -> str:
    """What a button that takes ``action`` says."""
    kind = action.get("kind")

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    labels = {
        "roll": lambda: _("🎲 Roll the die"),
        "reroll": lambda: _("🎲 Roll again"),
        "keep-roll": lambda: _("Keep the 1"),
        "wake-queen": lambda: _("Wake the {queen}", queen=_card(action.get("queen"))),
        "decline": lambda: _("No, thanks"),
        "play-instant": lambda: _("Play the {card}", card=_card(action.get("card"))),
        "steal-card": lambda: _(
            "Take the {card} from {name}",
            card=_card(action.get("card")),
            name=name(action.get("target")),
        ),
        "take-queen-from-discard": lambda: _("Take the {queen}", queen=_card(action.get("queen"))),
        "swap-knights": lambda: _(
            "Swap the knights of {first} and {second}",
            first=name(action.get("first")),
            second=name(action.get("second")),
        ),
        "switch-cards": lambda: _(
            "Give your {mine}, take {name}'s {theirs}",
            mine=_card(action.get("mine")),
            name=name(action.get("target")),
            theirs=_card(action.get("theirs")),
        ),
        "wake-with-pair": lambda: _(
            "Wake your queens with the pair {value} and {value}", value=_card(action.get("first"))
        ),
        "use-spell-book": lambda: _(
            "Use a Spell Book to take the {card}", card=_card(action.get("card"))
        ),
        "rescue": lambda: _(
            "Rescue a king with the {queen} and the {companion}",
            queen=_card(action.get("queen")),
            companion=_card(action.get("companion")),
        ),
        "end-actions": lambda: _("Finish my turn ➜"),
        "take-king": lambda: _("Rescue the {king}", king=_card(action.get("king"))),
        "take-companion": lambda: _(
            "Take the companion in place {place}", place=int(action.get("slot", 0)) + 1
        ),
        "discard": lambda: _("Discard the {card}", card=_card(action.get("card"))),
        "make-equation": lambda: str(action.get("text", "")),
    }
    make = labels.get(kind) if isinstance(kind, str) else None
    return make() if make else str(kind)
