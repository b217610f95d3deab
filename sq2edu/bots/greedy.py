"""The greedy computer player: the best-looking action now, by rules of thumb."""

from __future__ import annotations

from typing import Any

from sq2edu.bots.base import OverlookingBot
from sq2edu.core import Action

__all__ = ["GreedyBot"]


class GreedyBot(OverlookingBot):
    """Plays the action its rules of thumb like best (see :mod:`sq2edu.bots.rescue_policy`).

    Rescue as soon as it can; wake sleeping queens with a pair; make the equation that
    leaves the most promising cards (those that more draws would turn into an equation);
    turn Spell Books into the number that helps most; aim the Gnome at the leader;
    take a better knight when a Gnome offers one; let a Willow that will hit it strike
    before a Gnome brings back a queen. Which cards to keep at the limit, and what to swap
    with a Switch Witch, it decides one step ahead: it tries each choice and takes the one
    leaving the position that a small model fitted from play
    (:mod:`sq2edu.bots.rescue_value`) likes best.

    :param miss_rate: how often (0 to 1) it overlooks an equation or a rescue it could make,
        as a child might. The "easy" level uses this so that a child can win.
    """

    def choose(self, game: Any) -> Action:
        from sq2edu.bots.rescue_policy import score_actions
        from sq2edu.rescue import MakeEquation, Rescue

        scored = self.overlook(score_actions(game, self.rng), (MakeEquation, Rescue))
        best = max(score for score, _action in scored)
        choices = [action for score, action in scored if score == best]
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)
