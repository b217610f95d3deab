"""Setting up a new Rescue game, as the rulebook's "Set Up" describes."""

from __future__ import annotations

from collections.abc import Sequence

from sq2edu.core import GameRandom
from sq2edu.core.setup import MAX_NAME_LENGTH, first_seat, player_names
from sq2edu.rescue import turn
from sq2edu.rescue.cards import CARDS, COMPANIONS, KINGS, KNIGHTS, MAIN_DECK, Knight
from sq2edu.rescue.engine import Game
from sq2edu.rescue.rules import Rules
from sq2edu.rescue.state import PlayerState, State

__all__ = ["MAX_NAME_LENGTH", "new_game"]


def new_game(
    players: int | Sequence[str] = 2,
    seed: int | None = None,
    rules: Rules | None = None,
    first_player: int | None = None,
) -> Game:
    """Set up a new game of *Sleeping Queens 2: The Rescue*.

    :param players: how many players (2 to 5), or their names in seating order.
    :param seed: the seed of the game's random generator; the same seed and the same
        actions always give the same game. ``None`` picks one at random.
    :param rules: the game's settings (the rulebook's by default).
    :param first_player: who starts; by default a random player (the rulebook lets the
        person who most recently found a lost item start, which a computer cannot know).
    :raises ValueError: for a wrong number of players, empty or repeated names, or a first
        player who is not at the table.
    """
    names = player_names(players, "the Rescue")
    rules = rules or Rules()
    rules.check_winnable(len(names))
    rng = GameRandom(seed)

    deck = list(MAIN_DECK)
    rng.shuffle(deck)
    # The first discard is never an Instant Action: shuffle it back and turn another.
    first = deck.pop()
    while CARDS[first].kind.instant:
        deck.append(first)
        rng.shuffle(deck)
        first = deck.pop()

    grid: list[str | None] = list(COMPANIONS)
    rng.shuffle(grid)

    knights = [k.value for k in KNIGHTS if not (len(names) == 2 and k is Knight.BLACK)]
    rng.shuffle(knights)

    first_player = first_seat(rng, first_player, len(names))

    state = State(
        players=[PlayerState(name, knights[seat]) for seat, name in enumerate(names)],
        deck=deck,
        discard=[first],
        grid=grid,
        face_up=[False] * len(grid),
        kings=list(KINGS),
        current=first_player,
    )
    game = Game(state, rules, rng)
    turn.start_turn(game)
    game.flush_events()
    return game
