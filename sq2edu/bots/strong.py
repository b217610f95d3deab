"""The strong computer player: looks ahead in imagined games, without peeking.

For each decision with a real choice, it imagines complete games that match everything it
can see (:func:`sq2edu.rescue.sampling.sample_from_view`: the draw pile, the face-down
companions and the others' sleeping queens dealt at random), tries each promising action in
each imagined game, plays on with the greedy rules of thumb until its own next turn has
begun, and judges the outcome (:func:`sq2edu.bots.rescue_policy.evaluate`). The action with
the best average wins. Every candidate meets the same imagined games, so luck in the
imagination treats them alike.

The effort is counted in imagined games, not seconds, so the same seed always makes the
same choice on any machine; ``time_limit`` is only a guard for very slow machines.
"""

from __future__ import annotations

import random
import time
from typing import Any

from sq2edu.bots.greedy import GreedyBot
from sq2edu.core import Action

__all__ = ["StrongBot"]

# Choices whose options look alike to a player who cannot see the hidden cards, or that
# change nothing worth searching: the greedy rules of thumb decide those at once.
_QUICK_PHASES = frozenset({"roll", "take-companion", "gnome-companion", "take-king"})


class StrongBot:
    """Searches ahead with determinized Monte Carlo playouts.

    :param seed: makes its choices repeatable.
    :param worlds: how many imagined games each decision tries.
    :param candidates: how many of the greedy player's favourite actions are compared.
    :param time_limit: seconds after which it stops imagining and decides (a guard: with the
        defaults a decision takes far less on an ordinary laptop).
    :param horizon: how far each imagined game is played before it is judged: ``"round"``
        (until this player's next turn begins) or ``"turn"`` (until this turn ends).
    """

    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 12,
        candidates: int = 5,
        time_limit: float = 0.3,
        horizon: str = "round",
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates
        self.time_limit = time_limit
        if horizon not in ("round", "turn"):
            raise ValueError('horizon is "round" or "turn"')
        self.horizon = horizon
        self._greedy = GreedyBot(self.rng.getrandbits(32))

    def choose(self, game: Any) -> Action:
        from sq2edu.bots.rescue_policy import score_actions

        actions = game.legal_actions()
        if len(actions) == 1 or game.phase.value in _QUICK_PHASES:
            return self._greedy.choose(game)
        scored = sorted(score_actions(game, self.rng), key=lambda pair: pair[0], reverse=True)
        shortlist = [action for _score, action in scored[: self.candidates]]
        if len(shortlist) == 1:
            return shortlist[0]
        return self._search(game, shortlist)

    def _search(self, game: Any, shortlist: list[Action]) -> Action:
        from sq2edu.bots.rescue_policy import evaluate

        seat = game.current_player
        view = game.view(seat)
        totals = [0.0] * len(shortlist)
        deadline = time.perf_counter() + self.time_limit
        for _world in range(self.worlds):
            imagined = self.imagine(game, view)
            playout_seed = self.rng.getrandbits(32)
            for index, action in enumerate(shortlist):
                trial = imagined.clone()
                trial.apply(action)
                self._play_on(trial, seat, playout_seed)
                totals[index] += evaluate(trial, seat)
            if time.perf_counter() > deadline:
                break
        best = max(range(len(shortlist)), key=lambda i: totals[i])
        return shortlist[best]

    def imagine(self, game: Any, view: dict[str, Any]) -> Any:
        """One complete game that matches ``view``, the hidden cards dealt at random."""
        from sq2edu.rescue.sampling import sample_from_view

        return sample_from_view(view, game.rules, self.rng)

    def _play_on(self, game: Any, seat: int, seed: int) -> None:
        """Play on with the greedy rules of thumb to the horizon.

        ``"turn"``: until this turn ends; ``"round"``: until ``seat``'s next turn has begun.
        """
        policy = GreedyBot(seed)
        started_turn = game.state.turn
        steps = 0
        while not game.is_over and steps < 400:
            if self.horizon == "turn" and game.state.turn > started_turn:
                break
            if game.current_player == seat and game.state.turn > started_turn:
                break
            game.apply(policy.choose(game))
            steps += 1
