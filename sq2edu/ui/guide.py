"""How to play, shown on the table from the first turn, and the coach's tips for a first game.

"How to play" is a few steps, each a short sentence with a picture made of the game's own
cards (``n2a + n3a = n5a``). The tips walk a child through a first game without an adult:
one or two sentences for exactly what is asked now, with the buttons' own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sq2edu.classic.cards import BLOCKERS
from sq2edu.classic.cards import CARDS as CLASSIC_CARDS
from sq2edu.classic.cards import Kind as ClassicKind
from sq2edu.core.equation_cards import equation_choices
from sq2edu.i18n import N_, _, ngettext
from sq2edu.rescue.actions import UseSpellBook
from sq2edu.rescue.cards import CARDS, Kind

if TYPE_CHECKING:
    from sq2edu.classic.engine import Game as ClassicGame
    from sq2edu.rescue.engine import Game as RescueGame

__all__ = [
    "classic_goal",
    "classic_guide",
    "classic_tip",
    "rescue_goal",
    "rescue_guide",
    "rescue_tip",
]


def _step(text: str, *cards: str) -> dict[str, Any]:
    return {"text": text, "cards": list(cards)}


def rescue_goal(kings: int) -> str:
    """``Goal: rescue 4 kings.``"""
    return ngettext("🏆 Goal: rescue {n} king.", "🏆 Goal: rescue {n} kings.", kings)


def rescue_guide() -> dict[str, Any]:
    """How to play the Rescue, in the active language."""
    return {
        "title": _("Sleeping Queens 2: The Rescue"),
        "open": _("❓ How to play"),
        "steps": [
            _step(_("Roll the die and take that many cards.")),
            _step(
                _(
                    "Make an equation with your number cards, one kind of sign only. "
                    "It brings you a companion."
                ),
                "n2a",
                "+",
                "n3a",
                "=",
                "n5a",
            ),
            _step(_("Two cards with the same number wake your sleeping queens."), "n4a", "n4b"),
            _step(
                _("An awake queen and a companion with her symbol rescue a king."),
                "q-apple",
                "+",
                "c-kangaroo",
                "=",
                "k-cookie",
            ),
        ],
    }


def classic_goal(queens: int, points: int) -> str:
    """``Goal: 5 queens or 50 points.``"""
    return _("🏆 Goal: {queens} queens or {points} points.", queens=queens, points=points)


def classic_guide() -> dict[str, Any]:
    """How to play the classic Sleeping Queens, in the active language."""
    return {
        "title": _("Sleeping Queens"),
        "open": _("❓ How to play"),
        "steps": [
            _step(_("Play a King to wake a sleeping queen."), "k-hat", "q-rose"),
            _step(
                _("A Knight takes another player's queen. A Dragon stops it."), "knight1", "dragon1"
            ),
            _step(
                _("A Sleeping Potion puts a queen back to sleep. A Wand stops it."),
                "potion1",
                "wand1",
            ),
            _step(_("A Jester: the next card decides what happens."), "jester1"),
            _step(
                _("Throw away a number, a pair, or an adding equation, and take new cards."),
                "n2a",
                "+",
                "n3a",
                "=",
                "n5a",
            ),
        ],
    }


_RESCUE_TIPS = {
    "roll": N_("Press “Roll the die”. You take as many cards as it shows."),
    "reroll": N_("A 1 gives you only one card. Roll again for a chance of more, or keep it."),
    "dragon-wake": N_("Choose one of your sleeping queens to wake up. Awake queens rescue kings."),
    "instant": N_("These cards work at once. Press one to play it; you choose the order."),
    "gnome-companion": N_("The Gnome's gift: press a button to take it, or say “No, thanks”."),
    "gnome-steal": N_("The Gnome's gift: press a button to take it, or say “No, thanks”."),
    "gnome-queen": N_("The Gnome's gift: press a button to take it, or say “No, thanks”."),
    "gnome-knights": N_("The Gnome's gift: press a button to take it, or say “No, thanks”."),
    "witch": N_("First choose a card of yours to give away, then the card you want."),
    "take-companion": N_("Your equation worked! Click a face-down companion: it is a surprise."),
    "take-king": N_("Click the king you like best. He is yours now!"),
    "discard": N_("Click a card with a dashed frame to put it on the discard pile."),
}


def rescue_tip(game: RescueGame) -> str:
    """What to do now in a first Rescue game, in a child's words."""
    phase = game.phase.value
    if phase != "actions":
        return _(_RESCUE_TIPS[phase]) if phase in _RESCUE_TIPS else ""
    kinds = {action.kind for action in game.legal_actions()}
    if "rescue" in kinds:
        return _("You have an awake queen and a companion with her symbol: press “Rescue a king”!")
    if "wake-with-pair" in kinds:
        return _("Two cards with the same number: press the button to wake your queens.")
    numbers = sum(CARDS[card].kind is Kind.NUMBER for card in game.me.realm)
    if numbers >= 3:
        return _(
            "Click two number cards, choose a sign, then click the answer card and press "
            "“Check”. Stuck? Press “Hint”."
        )
    if "use-spell-book" in kinds and _book_completes(game):
        # The book fetches the number the equation lacks: say so before "Finish".
        return _(
            "An equation needs three number cards. Your Spell Book can take one from the "
            "discard pile: press “Use a Spell Book”."
        )
    return _("An equation needs three number cards. Press Finish: next turn brings more.")


def _book_completes(game: RescueGame) -> bool:
    """Whether one number a Spell Book fetches from the discard pile makes an equation with
    the number cards in the realm: with none or one in it, the book alone cannot."""
    if not any(card is not None for card in game.state.grid):
        return False
    numbers = tuple(
        (card, CARDS[card].value) for card in game.me.realm if CARDS[card].kind is Kind.NUMBER
    )
    fetched = {action.card for action in game.legal_actions() if isinstance(action, UseSpellBook)}
    red = game.me.knight == "red"
    return any(
        equation_choices((*numbers, (card, CARDS[card].value)), game.rules.operations, red)
        for card in fetched
    )


def classic_tip(game: ClassicGame) -> str:
    """What to do now in a first classic game, in a child's words."""
    phase = game.phase.value
    if phase == "block":
        return _block_tip(game)
    if phase == "choose-queen":
        return _("Click any sleeping queen to wake her.")
    if phase != "turn":
        return ""
    kinds = {action.kind for action in game.legal_actions()}
    if "classic-wake" in kinds:
        return _("Click your King, then a sleeping queen to wake her.")
    if "classic-steal" in kinds:
        return _("Click your Knight, then another player's queen to take her.")
    if "classic-potion" in kinds:
        return _("Click your Sleeping Potion, then another player's queen to put her to sleep.")
    return _("No King? Throw away cards: click numbers for an adding equation, or press a button.")


def _block_tip(game: ClassicGame) -> str:
    """The owl says what the prompt says: a child with no Dragon (or Wand) is not told to use
    one, only that this one cannot be stopped and which button goes on."""
    attack = game.state.attack
    if attack is None:
        return ""
    knight = CLASSIC_CARDS[attack.card].kind is ClassicKind.KNIGHT
    if can_block(game):
        if knight:
            return _("Someone wants your queen! Click your Dragon to keep her.")
        return _("Someone wants your queen! Click your Wand to keep her awake.")
    if knight:
        return _("You have no Dragon this time, so your queen goes. Press “OK”.")
    return _("You have no Wand this time, so your queen falls asleep. Press “OK”.")


def can_block(game: ClassicGame) -> bool:
    """Whether the child deciding on an attack holds the card that stops it."""
    attack = game.state.attack
    if attack is None:
        return False
    blocker = BLOCKERS[CLASSIC_CARDS[attack.card].kind]
    return any(CLASSIC_CARDS[card].kind is blocker for card in game.me.hand)
