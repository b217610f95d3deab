"""Rules of thumb for the classic *Sleeping Queens*, read from the player's own view.

:func:`score_actions` gives every legal action a score; the greedy player takes the best.
It reads only :meth:`Game.view` of the player deciding (their hand, the awake queens, the
sleeping queens the whole table saw go back to sleep), never the hidden cards.

In order: block a Knight or a Sleeping Potion whenever it can; wake the most valuable
sleeping queen it can (a remembered one, or an unknown one worth the average of those still
unseen), never the Cat or Dog Queen that would fight the one it has; steal the leader's best
queen with a Knight; put the leader's best queen to sleep with a Potion; try a Jester; throw
away the longest adding equation, then a pair, then the least useful single card (a number
before a power card, and a Dragon or Wand last, since they are its only defence).
"""

from __future__ import annotations

import random
from typing import Any

from sq2edu.classic import (
    Block,
    ChooseQueen,
    Discard,
    DiscardEquation,
    DiscardPair,
    DontBlock,
    Game,
    PlayJester,
    PlayKing,
    PlayKnight,
    PlayPotion,
)
from sq2edu.classic.cards import CARDS, CAT, DOG, QUEENS, Kind
from sq2edu.core import Action

__all__ = ["score_actions", "worth_waking"]

#: What keeping a card in the hand is worth, when it is thrown away alone (lower goes first).
_KEEP = {
    Kind.NUMBER: 0.0,
    Kind.JESTER: 4.0,
    Kind.POTION: 5.0,
    Kind.KNIGHT: 6.0,
    Kind.KING: 8.0,
    Kind.WAND: 7.0,
    Kind.DRAGON: 7.0,
}


def worth_waking(view: dict[str, Any]) -> dict[int, float]:
    """The points each sleeping place is worth to the viewer, by what they may know."""
    me = view["players"][view["viewer"]]
    seen = {queen for player in view["players"] for queen in player["queens"]}
    remembered = {place["queen"] for place in view["centre"] if place["queen"]}
    unseen = [q for q in QUEENS if q not in seen and q not in remembered]
    average = sum(CARDS[q].value for q in unseen) / len(unseen) if unseen else 0.0
    rival = {CAT: DOG, DOG: CAT}
    mine = set(me["queens"])
    worth: dict[int, float] = {}
    for slot, place in enumerate(view["centre"]):
        if not place["occupied"]:
            continue
        queen = place["queen"]
        if queen is None:
            worth[slot] = average
        elif rival.get(queen) in mine:
            worth[slot] = -20.0  # she would only go back to sleep
        else:
            worth[slot] = float(CARDS[queen].value)
    return worth


def score_actions(game: Game, rng: random.Random) -> list[tuple[float, Action]]:
    """Every legal action with its score (higher is better), from the deciding player's view."""
    seat = game.current_player
    view = game.view(seat)
    worth = worth_waking(view)
    points = [player["points"] for player in view["players"]]
    leader = max((s for s in range(len(points)) if s != seat), key=lambda s: points[s])
    scored: list[tuple[float, Action]] = []
    for action in game.legal_actions():
        scored.append((_score(action, worth, leader) + rng.random() * 1e-6, action))
    return scored


def _score(action: Action, worth: dict[int, float], leader: int) -> float:
    if isinstance(action, Block):
        return 1000.0
    if isinstance(action, DontBlock):
        return 0.0
    if isinstance(action, ChooseQueen | PlayKing):
        return 100.0 + worth.get(action.slot, 0.0)
    if isinstance(action, PlayKnight):
        return 90.0 + CARDS[action.queen].value + (5.0 if action.target == leader else 0.0)
    if isinstance(action, PlayPotion):
        return 60.0 + CARDS[action.queen].value + (5.0 if action.target == leader else 0.0)
    if isinstance(action, PlayJester):
        return 50.0
    if isinstance(action, DiscardEquation):
        return 30.0 + 3.0 * len(action.cards)
    if isinstance(action, DiscardPair):
        return 25.0
    if isinstance(action, Discard):
        card = CARDS[action.card]
        # Among numbers, a high one first: low numbers make more adding equations.
        return 20.0 - _KEEP[card.kind] + card.value / 100.0
    return 0.0
