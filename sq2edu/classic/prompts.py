"""One short sentence saying what the player who decides now should do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sq2edu.classic.cards import BLOCKERS, CARDS, Kind
from sq2edu.classic.state import Phase, Waking
from sq2edu.i18n import N_, _

if TYPE_CHECKING:
    from sq2edu.classic.engine import Game

__all__ = ["what_now"]


def what_now(game: Game) -> str:
    """What the player who decides now should do, in one short sentence or two."""
    s = game.state
    if s.phase is Phase.TURN:
        return _turn_prompt(game)
    if s.phase is Phase.CHOOSE_QUEEN:
        if s.waking is Waking.ROSE:
            return _("The Rose Queen lets you wake one more queen. Choose one.")
        return _("The Jester chose you! Choose a sleeping queen to wake.")
    if s.phase is Phase.BLOCK:
        return _block_prompt(game)
    return _("The game is over.")


#: What a player may do on their turn, one whole sentence each, the strongest first.
_CAN_PLAY = (
    ("classic-wake", N_("Play a King to wake a queen.")),
    ("classic-steal", N_("Play a Knight to take a queen.")),
    ("classic-potion", N_("Play a Sleeping Potion on a queen.")),
    ("classic-jester", N_("Play the Jester.")),
)


def _turn_prompt(game: Game) -> str:
    """Only what this hand can play, then the discard that is always possible."""
    kinds = {action.kind for action in game.legal_actions()}
    sentences = [_(text) for kind, text in _CAN_PLAY if kind in kinds]
    if not sentences:
        return _("Throw away cards to draw new ones.")
    return " ".join([*sentences, _("Or throw away cards to draw new ones.")])


def _block_prompt(game: Game) -> str:
    s = game.state
    attack = s.attack
    assert attack is not None
    attacker = s.players[s.turn_player].name
    queen = _(CARDS[attack.queen].name)
    blocker = BLOCKERS[CARDS[attack.card].kind]
    can_block = any(CARDS[card].kind is blocker for card in game.me.hand)
    if blocker is Kind.DRAGON:
        if can_block:
            return _(
                "{name}'s Knight wants your {queen}. Play a Dragon to stop it?",
                name=attacker,
                queen=queen,
            )
        return _(
            "{name}'s Knight wants your {queen}. You have no Dragon to stop it.",
            name=attacker,
            queen=queen,
        )
    if can_block:
        return _(
            "{name}'s Sleeping Potion wants your {queen}. Play a Wand to stop it?",
            name=attacker,
            queen=queen,
        )
    return _(
        "{name}'s Sleeping Potion wants your {queen}. You have no Wand to stop it.",
        name=attacker,
        queen=queen,
    )
