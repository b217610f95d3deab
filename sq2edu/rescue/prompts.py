"""One short sentence saying what the current player should do now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sq2edu.i18n import N_, _
from sq2edu.rescue.cards import CARDS, Kind
from sq2edu.rescue.state import Phase

if TYPE_CHECKING:
    from sq2edu.rescue.engine import Game

__all__ = ["what_now"]

_PROMPTS = {
    Phase.ROLL: N_("Roll the die."),
    Phase.REROLL: N_("You rolled a 1. Your blue knight lets you roll again, or keep it."),
    Phase.DRAGON_WAKE: N_("A dragon! You may wake one of your sleeping queens."),
    Phase.INSTANT: N_("Play your Instant Action cards, one at a time, in any order."),
    Phase.GNOME_COMPANION: N_("The Wild Gnome lets you take a face-down companion."),
    Phase.GNOME_STEAL: N_("The Wild Gnome lets you take a card from another realm."),
    Phase.GNOME_QUEEN: N_("The Wild Gnome lets you take a queen from the discard pile."),
    Phase.GNOME_KNIGHTS: N_("The Wild Gnome lets you swap two knights."),
    Phase.WITCH: N_("The Switch Witch lets you swap a card with another player."),
    Phase.TAKE_COMPANION: N_("Choose a face-down companion."),
    Phase.TAKE_KING: N_("Choose the king you rescue."),
    Phase.DISCARD: N_("Your realm has too many cards. Choose one to discard."),
    Phase.OVER: N_("The game is over."),
}


def what_now(game: Game) -> str:
    """What the current player should do now, in one short sentence."""
    if game.phase is Phase.DISCARD:
        s = game.state
        extra = len(game.me.realm) + len(game.me.sleeping) - game.realm_limit(s.current)
        return _(
            "Your realm has {extra} too many. Choose a card to discard.",
            extra=extra,
        )
    if game.phase is Phase.ACTIONS:
        return _actions_prompt(game)
    return _(_PROMPTS[game.phase])


#: What a player may still do in their actions, one whole sentence each (translators see
#: whole sentences, never pieces), in the order a child would think of them.
_CAN_DO = (
    ("rescue", N_("You can rescue a king!")),
    ("equation", N_("Make an equation with your number cards.")),
    ("wake-with-pair", N_("Wake your queens with a pair.")),
    ("use-spell-book", N_("You can use a Spell Book.")),
)


def _actions_prompt(game: Game) -> str:
    """Only what is possible now: no list of things the player cannot do."""
    kinds = {action.kind for action in game.legal_actions()}
    numbers = sum(CARDS[card].kind is Kind.NUMBER for card in game.me.realm)
    if numbers >= 3:
        kinds.add("equation")
    sentences = [_(text) for kind, text in _CAN_DO if kind in kinds]
    if not sentences:
        return _("Nothing more to do this turn: press Finish.")
    return " ".join([*sentences, _("Press Finish when you are done.")])
