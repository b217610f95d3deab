"""The classic game, as the suites run for every edition see it
(:class:`tests.contract.Edition`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sq2edu.classic import Discard, Game, Rules, new_game
from sq2edu.classic.cards import DECK, QUEENS, points
from sq2edu.core import Event
from tests.contract import Edition

__all__ = ["EDITION"]

#: Every card of the game, each once.
ALL_CARDS: Counter[str] = Counter([*QUEENS, *DECK])

#: Teacher settings the random games play, one of each kind.
SETTINGS: dict[str, Rules] = {
    "quick game": Rules(queens_to_win=1),
    "all queens awake": Rules(queens_to_win=12, points_to_win=125),
    "big hands": Rules(hand_size=8),
    "small hands": Rules(hand_size=3),
    "every operation": Rules(operations="+−×÷"),
    "no Rose bonus by Jester": Rules(rose_bonus_by_jester=False),
    "memory game": Rules(remember_sleeping_queens=False),
}


def _check_position(game: Game, zones: dict[str, list[str]], where: str) -> None:
    """No hand over the limit, the Cat and Dog Queens never together, and a rightful
    winner: the goal reached, or the most points once no queen is left asleep."""
    for seat in range(game.num_players):
        assert len(zones[f"p{seat}.hand"]) <= game.rules.hand_size, f"{where}: hand too big"
        held = set(zones[f"p{seat}.queens"])
        assert not {"q-cat", "q-dog"} <= held, f"{where}: the Cat and Dog Queens share a realm"
    winner = game.winner
    if winner is None:
        assert zones["centre"], f"{where}: no queen asleep, but the game goes on"
        return
    mine = zones[f"p{winner}.queens"]
    reached = len(mine) >= game.rules.queens_needed(game.num_players) or points(
        mine
    ) >= game.rules.points_needed(game.num_players)
    best = max(game.points(seat) for seat in range(game.num_players))
    assert reached or (not zones["centre"] and game.points(winner) == best), (
        f"{where}: {winner} won without the goal or the most points"
    )


def _scramble(game: Game) -> None:
    for player in game.state.players:
        player.hand.clear()
        player.queens.append("q-mutated")
    game.state.deck.clear()
    game.state.centre[0] = "q-mutated"
    game.state.known[0] = not game.state.known[0]


def _visible(game: Game, viewer: int | None) -> set[str]:
    """Every card id that ``viewer`` may see named."""
    s = game.state
    seen = set(s.discard)
    for seat, player in enumerate(s.players):
        seen |= set(player.queens)
        if seat == viewer:
            seen |= set(player.hand)
    if game.rules.remember_sleeping_queens:
        seen |= {q for q, known in zip(s.centre, s.known, strict=True) if q and known}
    return seen


def _hidden(game: Game, viewer: int | None) -> set[str]:
    """Every card but the discard pile, the awake queens, the viewer's own hand and (while
    the table remembers) the queens everyone saw fall asleep."""
    return set(ALL_CARDS) - _visible(game, viewer)


def _own_secrets(game: Game, seat: int) -> set[str]:
    return set(game.state.players[seat].hand)


def _drawing_names_no_card(game: Game, events: Sequence[Event], where: str) -> int:
    """The table hears how many cards a player drew, never which."""
    drew = [event for event in events if event.kind == "drew"]
    for event in drew:
        assert set(event.params) == {"count"}, f"{where}: {event.params} tells what was drawn"
    return len(drew)


EDITION = Edition(
    name="classic",
    game=Game,
    new_game=new_game,
    rules=Rules,
    cards=ALL_CARDS,
    game_name="Sleeping Queens",
    games_per_player_count=250,
    checkpoint_every=15,
    settings=SETTINGS,
    check_position=_check_position,
    scramble=_scramble,
    events_reached=("rivals", "rose-bonus", "blocked", "stole", "slept", "play-again", "counted"),
    actions_chosen=("classic-discard-pair", "classic-discard-equation", "classic-choose-queen"),
    after_the_end=Discard("n1a"),
    not_this_edition="This saved game is not a classic Sleeping Queens game.",
    impossible_rule={"hand_size": 0},
    known_setting={"hand_size": 4},
    view_games_per_player_count=12,
    view_settings={
        "remembered": Rules(remember_sleeping_queens=True),
        "forgotten": Rules(remember_sleeping_queens=False),
    },
    hidden=_hidden,
    own_secrets=_own_secrets,
    check_events=_drawing_names_no_card,
)
