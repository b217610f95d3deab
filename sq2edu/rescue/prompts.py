"""One short sentence saying what the current player should do now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sq2edu.i18n import N_, _
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
    Phase.ACTIONS: N_("Make an equation, wake queens, use a Spell Book, rescue a king, or finish."),
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
    return _(_PROMPTS[game.phase])
