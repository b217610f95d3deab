"""Every word the card table shows, in the active language.

The browser draws what it is sent; it has no words of its own. Templates keep their
``{placeholders}`` for the browser to fill in; action labels are made here whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sq2edu.i18n import N_, _, local_signs
from sq2edu.rescue.cards import CARDS

__all__ = ["action_label", "card_entry", "card_word", "seat_name", "table_signs", "table_words"]

# The English text of each word the table shows (the message ids of the translations).
_WORDS = {
    "drawPile": N_("Draw pile"),
    "discardPile": N_("Discard pile"),
    "lookThrough": N_("Look through the discard pile"),
    "companions": N_("Companions"),
    "kingsWaiting": N_("Kings to rescue"),
    "middle": N_("The middle of the table"),
    "realmOf": N_("{name}'s realm"),
    "cardsOf": N_("{name}'s cards"),
    "keptOf": N_("{name}'s companions and kings"),
    # A realm holding more cards than it keeps at the end of a turn: "7, keep 5".
    "overLimit": N_("{count}, keep {limit}"),
    "sleeping": N_("sleeping"),
    "sleepingQueen": N_("a sleeping queen"),
    "awake": N_("awake"),
    "faceUp": N_("face up"),
    "companion": N_("companion"),
    "rescued": N_("rescued"),
    "justDrawn": N_("just drawn"),
    "symbol": N_("{symbol} symbol"),
    "faceDown": N_("face-down companion, place {place}"),
    "emptyPlace": N_("empty place {place}"),
    "discardIt": N_("Discard {card}"),
    "yourTurn": N_("Your turn"),
    "turnOf": N_("{name}'s turn"),
    "attacked": N_("{name} is after your queen!"),
    "yourMoveIn": N_("{name}'s turn: you choose"),
    "awayPlays": N_("{name} is away: a computer plays for them until they come back."),
    "gameOver": N_("Game over"),
    "dieShows": N_("The die shows {face}"),
    "dragon": N_("a dragon"),
    "equation": N_("Make an equation"),
    "yourEquation": N_("Your equation"),
    "chooseSign": N_("Choose the sign"),
    "plus": N_("plus"),
    "minus": N_("minus"),
    "times": N_("times"),
    "dividedBy": N_("divided by"),
    "slotFull": N_("Card {place}: {card}. Press to take it out."),
    "slotEmpty": N_("Empty place {place} for a card"),
    "answerFull": N_("Answer: {card}. Press to take it out."),
    "answerEmpty": N_("Empty place for the answer"),
    "addSlot": N_("Add a card"),
    "checkIt": N_("Check ✓"),
    "clear": N_("Clear"),
    "hint": N_("💡 Hint"),
    "hints": N_("Hints"),
    "typeIt": N_("⌨ Type it"),
    "buildIt": N_("🃏 Use cards"),
    "typeHere": N_("Type an equation, like 2 + 3 = 5"),
    "needThree": N_("An equation needs three number cards. Collect some more!"),
    "knightHelp": N_("Red knight: one card may count as one more or one less."),
    "countsAs": N_("{card} counts as {value}"),
    "whatNow": N_("What you can do"),
    "whatHappened": N_("What just happened"),
    "pass": N_("Pass the screen to {name}."),
    "pressReady": N_("{name}, press “I'm ready” when nobody else is looking."),
    "ready": N_("I'm ready"),
    "newGame": N_("New game"),
    "goodTry": N_("Good try! Want to play again?"),
    "log": N_("What happened"),
    "lab": N_("Equation Lab"),
    "yourCards": N_("Your cards"),
    "newCards": N_("New cards"),
    "newCardsDealt": N_("Here are new cards."),
    "restWord": N_("r"),
    "restFull": N_("Left over: {card}. Press to take it out."),
    "restEmpty": N_("Empty place for what is left over"),
    "intoBox": N_("Put {card} in the box"),
    "theBox": N_("The box"),
    "readAloud": N_("Read aloud"),
    "noSpeech": N_("This device cannot read aloud. Ask a grown-up to read it with you."),
    "noVoice": N_(
        "This device has no voice for this language, so it cannot read aloud. "
        "Ask a grown-up to read it with you."
    ),
    "levelStars": N_("{title}: {n} of {of} stars"),
    "starsAfresh": N_("New level: your stars start here."),
    "cancel": N_("Cancel"),
    "switchWhich": N_("Switch Witch: which of your cards will you give away?"),
    "giveYour": N_("Give your {card}"),
    "takeTheir": N_("Take {name}'s {card}"),
    "useBook": N_("📖 Use a Spell Book"),
    "bookWhich": N_("Spell Book: which number will you take from the discard pile?"),
    "pickNow": N_("Click a card with a dashed frame, or press “Cancel”."),
    "tipsOn": N_("Show tips"),
    "tipsOff": N_("Hide tips"),
    "tip": N_("Tip"),
    "throwAway": N_("🗑 Throw away cards"),
    "throwWhich": N_("Which cards will you throw away? You get new ones."),
}


def table_words() -> dict[str, str]:
    """Every word of the table, translated, placeholders kept for the browser."""
    return {key: _(text) for key, text in _WORDS.items()}


def table_signs() -> dict[str, str]:
    """How the four signs are shown in the active language (``×`` is ``·`` in Russian)."""
    return {sign: local_signs(sign) for sign in "+−×÷"}


def card_entry(card: Any) -> dict[str, Any]:
    """What the browser draws of one card of either edition: its kind, picture and name (a
    number card's name is its number)."""
    entry: dict[str, Any] = {"kind": card.kind.value, "emoji": card.emoji}
    if card.kind.value == "number":
        entry["name"] = str(card.value)
        entry["value"] = card.value
    else:
        entry["name"] = _(card.name)
    return entry


def card_word(cards: Mapping[str, Any], card_id: Any) -> str:
    """A card as a button names it: a number card by its number, any other by its name."""
    card = cards.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        return "?"
    return str(card.value) if card.kind.value == "number" else str(_(card.name))


def seat_name(names: Sequence[str], seat: Any) -> str:
    """The name at a seat a browser's message names (``?`` for no such seat)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _card(card_id: Any) -> str:
    return card_word(CARDS, card_id)


def _instant_label(
    action: dict[str, Any], names: Sequence[str], willow: int | None, current: int | None
) -> str:
    """What the button of an Instant Action says; a Sleeping Willow says whose queens sleep."""
    card_id = action.get("card")
    card = CARDS.get(card_id) if isinstance(card_id, str) else None
    if card is None or card.kind.value != "willow":
        return _("Play the {card}", card=_card(card_id))
    if willow is None:
        return _("Play the Sleeping Willow: no queen falls asleep")
    if willow == current:
        return _("Play the Sleeping Willow: your own awake queens fall asleep")
    return _(
        "Play the Sleeping Willow: the awake queens of {name} fall asleep",
        name=seat_name(names, willow),
    )


def action_label(
    action: dict[str, Any],
    names: Sequence[str],
    willow: int | None = None,
    current: int | None = None,
) -> str:
    """What a button that takes ``action`` says.

    Parameters
    ----------
    action
        The action, as the browser sends it back.
    names
        The players' names, by seat.
    willow
        Whose awake queens a Sleeping Willow would put to sleep now (``None``: nobody's).
    current
        The seat whose turn it is (the player who presses the button).
    """
    kind = action.get("kind")

    def name(seat: Any) -> str:
        return seat_name(names, seat)

    labels = {
        "roll": lambda: _("🎲 Roll the die"),
        "reroll": lambda: _("🎲 Roll again"),
        "keep-roll": lambda: _("Keep the 1"),
        "wake-queen": lambda: _("Wake the {queen}", queen=_card(action.get("queen"))),
        "decline": lambda: _("No, thanks"),
        "play-instant": lambda: _instant_label(action, names, willow, current),
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
