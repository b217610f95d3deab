"""Imagine the hidden cards: a full game consistent with what one player can see.

A computer player that searches ahead must not peek at the draw pile, the face-down
companions or the other players' sleeping queens. It plays "what if" on games built here,
from its own view only, with the unseen cards dealt at random (a determinization).
"""

from __future__ import annotations

import random
from typing import Any

from sq2edu.core import GameRandom
from sq2edu.core.setup import fill_places
from sq2edu.rescue.cards import CARDS, COMPANIONS, KINGS, MAIN_DECK, Kind
from sq2edu.rescue.engine import Game
from sq2edu.rescue.rules import Rules
from sq2edu.rescue.state import Phase, PlayerState, State

__all__ = ["sample_from_view"]


def sample_from_view(view: dict[str, Any], rules: Rules, rng: random.Random) -> Game:
    """A game that looks exactly like ``view`` to its viewer, the unseen cards dealt at random.

    :param view: what :meth:`Game.view` gave one player (not an onlooker).
    :param rules: the game's rules (they are public).
    :param rng: where the random dealing comes from; the new game's own die is seeded from it.
    """
    viewer = view["viewer"]
    if viewer is None:
        raise ValueError("sample from a player's view, not an onlooker's")
    seen: set[str] = set(view["discard"]) | set(view["kings"]) | set(view["pending"])
    if view["playing"]:
        seen.add(view["playing"])
    seen |= {place["card"] for place in view["grid"] if place["card"]}
    for seat, player in enumerate(view["players"]):
        seen |= set(player["realm"]) | set(player["companions"]) | set(player["kings"])
        if seat == viewer:
            seen |= set(player["sleeping"]) | set(player["drawn"])

    unseen_main = [card for card in MAIN_DECK if card not in seen]
    rng.shuffle(unseen_main)
    unseen_companions = [card for card in COMPANIONS if card not in seen]
    rng.shuffle(unseen_companions)

    def deal(count: int, fits: Any) -> list[str]:
        chosen = [card for card in unseen_main if fits(card)][:count]
        for card in chosen:
            unseen_main.remove(card)
        return chosen

    players = []
    for seat, player in enumerate(view["players"]):
        if seat == viewer:
            sleeping, drawn = list(player["sleeping"]), list(player["drawn"])
        else:
            sleeping = deal(player["sleeping"], lambda c: CARDS[c].kind is Kind.QUEEN)
            drawn = deal(player["drawn"], lambda c: not CARDS[c].kind.instant)
        players.append(
            PlayerState(
                player["name"],
                player["knight"],
                list(player["realm"]),
                sleeping,
                list(player["companions"]),
                list(player["kings"]),
                drawn,
            )
        )
    grid, face_up = fill_places(view["grid"], "card", unseen_companions)
    state = State(
        players=players,
        deck=unseen_main,
        discard=list(view["discard"]),
        grid=grid,
        face_up=face_up,
        kings=[king for king in KINGS if king in set(view["kings"])],
        current=view["current_player"],
        phase=Phase(view["phase"]),
        turn=view["turn"],
        roll=view["roll"],
        rerolls_used=view["rerolls_used"],
        pending=list(view["pending"]),
        playing=view["playing"],
        rescuing=(view["rescuing"][0], view["rescuing"][1]) if view["rescuing"] else None,
        winner=view["winner"],
    )
    return Game(state, rules, GameRandom(rng.getrandbits(64)))
