"""The greedy and strong computer players of the classic *Sleeping Queens*.

Both decide from the deciding player's own view: the greedy player through the rules of
thumb of :mod:`sq2edu.bots.classic_policy`, the strong player by also imagining the hidden
cards (:func:`sq2edu.classic.sampling.sample_from_view`) and playing each promising action
out to the end of the game.
"""

from __future__ import annotations

import random
from typing import Any

from sq2edu.bots.base import OverlookingBot
from sq2edu.bots.classic_policy import score_actions
from sq2edu.classic import DiscardEquation, Game, PlayKing
from sq2edu.classic.sampling import sample_from_view
from sq2edu.core import Action

__all__ = ["ClassicGreedyBot", "ClassicStrongBot"]

#: Actions a playout may take before it is scored by points (a game is about 50 actions).
_PLAYOUT_LIMIT = 300


def greedy_choice(game: Game, rng: random.Random) -> Action:
    """The action the rules of thumb like best."""
    return max(score_actions(game, rng), key=lambda pair: pair[0])[1]


class ClassicGreedyBot(OverlookingBot):
    """Plays the action its rules of thumb like best (see :mod:`sq2edu.bots.classic_policy`).

    :param miss_rate: how often (0 to 1) it overlooks a King it could play or an adding
        equation it could throw away, as a child might; the "easy" level uses this.
    """

    def choose(self, game: Any) -> Action:
        scored = self.overlook(score_actions(game, self.rng), (PlayKing, DiscardEquation))
        return max(scored, key=lambda pair: pair[0])[1]


class ClassicStrongBot:
    """Imagines the hidden cards and plays the greedy player's favourite actions to the end.

    For each of ``worlds`` games dealt at random to match what it can see (its hand, the
    awake queens, the remembered sleeping queens, the discard pile), it plays each of the
    greedy player's ``candidates`` best actions that differ in what it knows of them, then
    lets greedy players finish the game (or play ``horizon`` actions and compare points),
    and counts the wins. Every candidate meets the same imagined games and the same luck, so
    the comparison is fair. It leaves the greedy player's first choice only when another
    action won at least ``margin`` more of the imagined games: the imagined deals give the
    other players random hands, while real players keep their Dragons and Wands. A lone
    legal action, or a block (always right), is taken at once. Effort is counted in games,
    not seconds, so a seed gives the same choice on any machine.
    """

    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 16,
        candidates: int = 3,
        horizon: int | None = None,
        margin: float = 0.25,
    ) -> None:
        if worlds < 1 or candidates < 1:
            raise ValueError("worlds and candidates are at least 1")
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates
        self.horizon = horizon
        self.margin = margin

    def choose(self, game: Any) -> Action:
        scored = sorted(score_actions(game, self.rng), key=lambda pair: -pair[0])
        if len(scored) == 1 or scored[0][0] >= 1000.0:
            return scored[0][1]
        seat = game.current_player
        view = game.view(seat)
        candidates = _distinct(view, [action for _score, action in scored], self.candidates)
        if len(candidates) == 1:
            return candidates[0]
        wins = [0.0] * len(candidates)
        for _world in range(self.worlds):
            deal_seed, luck_seed = self.rng.getrandbits(32), self.rng.getrandbits(32)
            world = self.imagine(game, view, random.Random(deal_seed))
            for index, action in enumerate(candidates):
                imagined = world.clone()
                imagined.apply(action)
                wins[index] += _play_out(
                    imagined, seat, random.Random(luck_seed), self.horizon or _PLAYOUT_LIMIT
                )
        best = max(range(len(candidates)), key=lambda index: (wins[index], -index))
        # Leave the rules of thumb only for a clear gain: the imagined games deal the other
        # hands at random, which is not how real players keep their cards.
        if wins[best] - wins[0] < self.margin * self.worlds:
            return candidates[0]
        return candidates[best]

    def imagine(self, game: Game, view: dict[str, Any], rng: random.Random) -> Game:
        """One complete game that matches ``view``, the hidden cards dealt from ``rng``."""
        return sample_from_view(view, game.rules, rng)


def _distinct(view: dict[str, Any], ranked: list[Action], count: int) -> list[Action]:
    """The ``count`` best actions that differ in what the player knows they do.

    Waking an unknown sleeping queen is the same gamble in every unknown place, so those
    count once (the best-ranked stands for all).
    """
    chosen: list[Action] = []
    seen: set[object] = set()
    for action in ranked:
        slot = getattr(action, "slot", None)
        unknown = slot is not None and view["centre"][slot]["queen"] is None
        key: object = (type(action), "unknown") if unknown else action
        if key in seen:
            continue
        seen.add(key)
        chosen.append(action)
        if len(chosen) == count:
            break
    return chosen


def _play_out(game: Game, seat: int, rng: random.Random, limit: int) -> float:
    """1 for a win, 0 for a loss; a game cut short scores by its lead in points."""
    for _step in range(limit):
        if game.is_over:
            return 1.0 if game.winner == seat else 0.0
        game.apply(greedy_choice(game, rng))
    if game.is_over:
        return 1.0 if game.winner == seat else 0.0
    best_other = max(game.points(s) for s in range(game.num_players) if s != seat)
    return 0.5 + (game.points(seat) - best_other) / 100.0
