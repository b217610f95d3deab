"""Imagine the hidden cards: a full game consistent with what one player can see.

A computer player that searches ahead must not peek at the draw pile, the other players'
hands or the sleeping queens. It plays "what if" on games built here, from its own view
only, with the unseen cards dealt at random (a determinization).
"""

from __future__ import annotations

import random
from typing import Any

from sq2edu.classic.cards import DECK, QUEENS
from sq2edu.classic.engine import Game
from sq2edu.classic.rules import Rules
from sq2edu.classic.state import Attack, Phase, PlayerState, State, Waking
from sq2edu.core import GameRandom
from sq2edu.core.setup import fill_places

__all__ = ["sample_from_view"]


def sample_from_view(view: dict[str, Any], rules: Rules, rng: random.Random) -> Game:
    """A game that looks exactly like ``view`` to its viewer, the unseen cards dealt at random.

    :param view: what :meth:`Game.view` gave one player (not an onlooker).
    :param rules: the game's rules (they are public).
    :param rng: where the random dealing comes from; the new game's own generator is seeded
        from it.
    """
    viewer = view["viewer"]
    if viewer is None:
        raise ValueError("sample from a player's view, not an onlooker's")
    seen: set[str] = set(view["discard"]) | set(view["players"][viewer]["hand"])
    seen |= {place["queen"] for place in view["centre"] if place["queen"]}
    for player in view["players"]:
        seen |= set(player["queens"])

    unseen_cards = [card for card in DECK if card not in seen]
    rng.shuffle(unseen_cards)
    unseen_queens = [queen for queen in QUEENS if queen not in seen]
    rng.shuffle(unseen_queens)

    players = []
    for seat, player in enumerate(view["players"]):
        if seat == viewer:
            hand = list(player["hand"])
        else:
            hand = unseen_cards[: player["hand"]]
            del unseen_cards[: player["hand"]]
        players.append(PlayerState(player["name"], hand, list(player["queens"])))
    centre, known = fill_places(view["centre"], "queen", unseen_queens)
    attack = view["attack"]
    state = State(
        players=players,
        deck=unseen_cards,
        discard=list(view["discard"]),
        centre=centre,
        known=known,
        current=view["current_player"],
        turn_player=view["turn_player"],
        phase=Phase(view["phase"]),
        turn=view["turn"],
        attack=Attack(attack["card"], attack["target"], attack["queen"]) if attack else None,
        waking=Waking(view["waking"]) if view["waking"] else None,
        winner=view["winner"],
    )
    return Game(state, rules, GameRandom(rng.getrandbits(64)))
