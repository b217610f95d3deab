"""One short sentence saying what the current player should do now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sq2edu.i18n import _
from sq2edu.rescue.state import Phase

if TYPE_CHECKING:
    from sq2edu.rescue.engine import Game

__all__ = ["what_now"]

_PROMPTS = {
    Phase.ROLL: "Roll the die.",
    Phase.REROLL: "You rolled a 1. Your blue knight lets you roll again, or keep it.",
    Phase.DRAGON_WAKE: "A dragon! You may wake one of your sleeping queens.",
    Phase.INSTANT: "Play your Instant Action cards, one at a time, in any order.",
    Phase.GNOME_COMPANION: "The Wild Gnome lets you take a face-down companion.",
    Phase.GNOME_STEAL: "The Wild Gnome lets you take a card from another realm.",
    Phase.GNOME_QUEEN: "The Wild Gnome lets you take a queen from the discard pile.",
    Phase.GNOME_KNIGHTS: "The Wild Gnome lets you swap two knights.",
    Phase.WITCH: "The Switch Witch lets you swap a card with another player.",
    Phase.ACTIONS: "Make an equation, wake queens, use a Spell Book, rescue a king, or finish.",
    Phase.TAKE_COMPANION: "Choose a face-down companion.",
    Phase.TAKE_KING: "Choose the king you rescue.",
    Phase.DISCARD: "Your realm has too many cards. Choose one to discard.",
    Phase.OVER: "The game is over.",
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
