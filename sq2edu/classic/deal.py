"""Setting up a new classic game, as the rules' set-up describes."""

from __future__ import annotations

from collections.abc import Sequence

from sq2edu.classic.cards import DECK, QUEENS
from sq2edu.classic.engine import Game
from sq2edu.classic.rules import Rules
from sq2edu.classic.state import PlayerState, State
from sq2edu.core import GameRandom
from sq2edu.core.setup import MAX_NAME_LENGTH, first_seat, player_names

__all__ = ["MAX_NAME_LENGTH", "new_game"]


def new_game(
    players: int | Sequence[str] = 2,
    seed: int | None = None,
    rules: Rules | None = None,
    first_player: int | None = None,
) -> Game:
    """Set up a new game of the classic *Sleeping Queens*.

    The twelve queens are shuffled and laid face down in the middle of the table; the other
    67 cards are shuffled, and each player gets five, one at a time. Nobody starts with a
    queen.

    :param players: how many players (2 to 5), or their names in seating order.
    :param seed: the seed of the game's random generator; the same seed and the same
        actions always give the same game. ``None`` picks one at random.
    :param rules: the game's settings (the official rules by default).
    :param first_player: who starts; by default a random player (the rules let the player
        on the dealer's left start, and the dealer is chosen at random).
    :raises ValueError: for a wrong number of players, empty or repeated names, or a first
        player who is not at the table.
    """
    names = player_names(players, "Sleeping Queens")
    rules = rules or Rules()
    rng = GameRandom(seed)

    centre: list[str | None] = list(QUEENS)
    rng.shuffle(centre)
    deck = list(DECK)
    rng.shuffle(deck)

    first_player = first_seat(rng, first_player, len(names))

    hands: list[list[str]] = [[] for _name in names]
    for _round in range(rules.hand_size):
        for step in range(len(names)):
            hands[(first_player + step) % len(names)].append(deck.pop())

    state = State(
        players=[PlayerState(name, hands[seat]) for seat, name in enumerate(names)],
        deck=deck,
        discard=[],
        centre=centre,
        known=[False] * len(centre),
        current=first_player,
        turn_player=first_player,
    )
    game = Game(state, rules, rng)
    game.emit("turn", first_player)
    game.flush_events()
    return game
