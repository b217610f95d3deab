"""Build a classic game in any position: for rule tests, lessons and "what if" questions.

>>> from sq2edu.classic.position import position
>>> game = position(hands={0: ["k-fire", "n2a", "n3a", "n5a", "n9a"]})
>>> [a.text for a in game.legal_actions() if a.kind == "classic-discard-equation"]
['2 + 3 = 5']

Every card not placed by hand goes where a new game would put it: queens asleep in the
middle (in card order, in the first free places), other cards into the draw pile (below
``deck_top``). Hands hold exactly what is given: a hand not given is empty.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from sq2edu.classic.cards import DECK, QUEENS
from sq2edu.classic.engine import Game
from sq2edu.classic.rules import Rules
from sq2edu.classic.state import CENTRE_PLACES, Attack, Phase, PlayerState, State, Waking
from sq2edu.core import GameRandom
from sq2edu.core.setup import check_placed

__all__ = ["position"]


def position(
    players: Sequence[str] = ("Mia", "Leo"),
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    queens: Mapping[int, Sequence[str]] | None = None,
    centre: Sequence[str | None] | None = None,
    known: Collection[str] = (),
    deck_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    current: int = 0,
    turn_player: int | None = None,
    phase: Phase | str = Phase.TURN,
    attack: tuple[str, int, str] | None = None,
    waking: Waking | str | None = None,
    rules: Rules | None = None,
    seed: int = 0,
) -> Game:
    """A game with the cards exactly where you put them.

    :param queens: each player's awake queens.
    :param centre: the twelve places of the middle, in order (``None`` for an empty place);
        by default every queen not placed elsewhere, in card order, then empty places.
    :param known: sleeping queens the whole table saw go back to sleep.
    :param deck_top: the next cards to be drawn, the first one first.
    :param turn_player: whose turn it is; by default ``current``.
    :param attack: a Knight or Potion waiting for a block: (card, target, queen); the card
        is put on top of the discard pile.
    :raises ValueError: if a card is placed twice or is not a classic card, or if the
        middle is given and a queen is nowhere.
    """
    hands, queens = hands or {}, queens or {}
    attack_cards = [attack[0]] if attack else []
    placed = [
        *deck_top,
        *discard,
        *attack_cards,
        *(card for cards in hands.values() for card in cards),
        *(card for cards in queens.values() for card in cards),
        *(card for card in (centre or []) if card is not None),
    ]
    check_placed(placed, {*QUEENS, *DECK}, "classic")
    used = set(placed)
    if centre is None:
        asleep: list[str | None] = [queen for queen in QUEENS if queen not in used]
        centre = asleep + [None] * (CENTRE_PLACES - len(asleep))
    elif len(centre) != CENTRE_PLACES or not set(QUEENS) <= used:
        raise ValueError(f"the middle has {CENTRE_PLACES} places, and every queen is somewhere")
    if not set(known) <= {queen for queen in centre if queen is not None}:
        raise ValueError("a known queen is a sleeping queen")
    state = State(
        players=[
            PlayerState(name, list(hands.get(seat, [])), list(queens.get(seat, [])))
            for seat, name in enumerate(players)
        ],
        deck=[card for card in DECK if card not in used] + list(reversed(deck_top)),
        discard=[*discard, *attack_cards],
        centre=list(centre),
        known=[queen is not None and queen in known for queen in centre],
        current=current,
        turn_player=current if turn_player is None else turn_player,
        phase=Phase(phase),
        attack=Attack(*attack) if attack else None,
        waking=Waking(waking) if waking else None,
    )
    return Game(state, rules or Rules(), GameRandom(seed))
