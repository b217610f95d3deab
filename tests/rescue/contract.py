"""The Rescue, as the suites run for every edition see it (:class:`tests.contract.Edition`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sq2edu.core import Event
from sq2edu.rescue import Game, Roll, Rules, new_game
from sq2edu.rescue.cards import CARDS, COMPANIONS, KINGS, MAIN_DECK
from tests.contract import Edition
from tests.rules_helpers import quoted

__all__ = ["ALL_CARDS", "EDITION", "no_sleeping_queen_named"]

#: Every card of the game, each once.
ALL_CARDS: Counter[str] = Counter([*MAIN_DECK, *COMPANIONS, *KINGS])

#: Teacher settings the random games play, one of each kind.
SETTINGS: dict[str, Rules] = {
    "quick game": Rules(kings_to_win=1),
    "no division": Rules(operations="+−×"),
    "adding only": Rules(operations="+"),
    "small realms": Rules(realm_limit=2, green_knight_limit=3),
    "many dragons": Rules(die_faces=("1", "dragon", "dragon", "dragon", "2", "3")),
    "only ones": Rules(die_faces=("1",), blue_rerolls=3),
    "no blue re-roll": Rules(blue_rerolls=0),
}

#: What random play reaches with every number of players: the rarer turns of the rules
#: (each at least 100 times in the 500 games of every table size when the list was made).
EVENTS_REACHED = (
    "rerolled",
    "knights-move",
    "reshuffled",
    "companions-shuffled",
    "let-sleep",
    "stole",
    "queen-from-discard",
    "swapped-knights",
    "nothing",
    "witch-nothing",
    "east-wind",
    "willow-nobody",
    "willow-guarded",
)
ACTIONS_CHOSEN = (
    "keep-roll",
    "reroll",
    "wake-queen",
    "steal-card",
    "take-queen-from-discard",
    "swap-knights",
    "wake-with-pair",
    "use-spell-book",
    "take-king",
)


def _winner_has_the_kings(game: Game, zones: dict[str, list[str]], where: str) -> None:
    if game.winner is None:
        return
    kings = len(zones[f"p{game.winner}.kings"])
    needed = game.rules.kings_needed(game.num_players)
    assert kings >= needed, f"{where}: the winner has {kings} kings, {needed} needed"


def _scramble(game: Game) -> None:
    for player in game.state.players:
        player.realm.clear()
        player.kings.append("k-mutated")
    game.state.deck.clear()
    game.state.grid[0] = "c-mutated"


def _hidden(game: Game, viewer: int | None) -> set[str]:
    """The draw pile and the face-down companions from everyone; a player's sleeping queens
    and the cards they drew this turn from everyone else."""
    s = game.state
    hidden = set(s.deck)
    hidden |= {card for card, up in zip(s.grid, s.face_up, strict=True) if card and not up}
    for seat in range(game.num_players):
        if seat != viewer:
            hidden |= _own_secrets(game, seat)
    return hidden


def _own_secrets(game: Game, seat: int) -> set[str]:
    player = game.state.players[seat]
    return set(player.sleeping) | set(player.drawn)


def no_sleeping_queen_named(game: Game, events: Sequence[Event], where: str) -> int:
    """The log is public: it says how many queens fell asleep, never which."""
    asleep = {queen for player in game.state.players for queen in player.sleeping}
    names = {queen: CARDS[queen].name for queen in asleep}
    for event in events:
        named = quoted(event.params) & asleep
        assert not named, f"{where}: event {event.kind!r} names sleeping queens {named}"
        told = [name for name in names.values() if name in event.text]
        assert not told, f"{where}: {event.text!r} names sleeping queens {told}"
    return len(asleep)


EDITION = Edition(
    name="rescue",
    game=Game,
    new_game=new_game,
    rules=Rules,
    cards=ALL_CARDS,
    game_name="the Rescue",
    games_per_player_count=500,
    checkpoint_every=40,
    settings=SETTINGS,
    check_position=_winner_has_the_kings,
    scramble=_scramble,
    events_reached=EVENTS_REACHED,
    actions_chosen=ACTIONS_CHOSEN,
    after_the_end=Roll(),
    not_this_edition="This saved game is not a Rescue game.",
    impossible_rule={"realm_limit": 0},
    known_setting={"realm_limit": 4},
    view_games_per_player_count=20,
    view_settings={"rulebook": Rules()},
    hidden=_hidden,
    own_secrets=_own_secrets,
    check_events=no_sleeping_queen_named,
)
