"""Random simulation tests of the whole classic API: a thousand seeded games with 2-5 players.

Every game picks a random legal action at each step (from a seeded ``random.Random``) and
checks the contract after every action. Every tenth game also checks saving, replaying and
cloning. A failure names the number of players, the seed and the step.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from sq2edu.classic import Discard, Game, IllegalActionError, Rules, new_game
from sq2edu.classic.cards import DECK, QUEENS, points
from sq2edu.core import Action, Event, action_from_dict

#: Random games per number of players (2, 3, 4 and 5): 4 x 250 = 1,000 games in all.
GAMES_PER_PLAYER_COUNT = 250
#: Every this many games, also check JSON round trips, replays and clones.
DEEP_CHECK_EVERY = 10
#: In a deep-checked game, save, load and clone every this many steps.
CHECKPOINT_EVERY = 15
#: A random game that has not ended after this many actions is stuck.
MAX_STEPS = 3_000
#: Games per teacher setting in the settings test.
GAMES_PER_SETTING = 20

ALL_CARDS: Counter[str] = Counter([*QUEENS, *DECK])
ALL_CARD_SET = frozenset(ALL_CARDS)


def _where(players: int, seed: int, step: int) -> str:
    return f"{players} players, seed {seed}, step {step}"


def _events(events: list[Event]) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events]


def _check_position(game: Game, where: str) -> None:
    """The contract that holds between any two actions."""
    zones = game.zones()
    cards = [card for zone in zones.values() for card in zone]
    if len(cards) != len(ALL_CARDS) or set(cards) != ALL_CARD_SET:
        counts = Counter(cards)
        twice = sorted(card for card, count in counts.items() if count > 1)
        missing = sorted((ALL_CARDS - counts).elements())
        pytest.fail(f"{where}: zones() is wrong: in two zones {twice}, missing {missing}")
    for seat in range(game.num_players):
        assert len(zones[f"p{seat}.hand"]) <= game.rules.hand_size, f"{where}: hand too big"
        held = set(zones[f"p{seat}.queens"])
        assert not {"q-cat", "q-dog"} <= held, f"{where}: the Cat and Dog Queens share a realm"
    legal = game.legal_actions()
    if game.is_over:
        assert legal == [], f"{where}: the game is over but legal_actions() is {legal}"
        winner = game.winner
        assert winner is not None, f"{where}: the game is over without a winner"
        assert 0 <= winner < game.num_players, f"{where}: winner {winner} is not at the table"
        mine = zones[f"p{winner}.queens"]
        reached = len(mine) >= game.rules.queens_needed(game.num_players) or points(
            mine
        ) >= game.rules.points_needed(game.num_players)
        best = max(game.points(seat) for seat in range(game.num_players))
        assert reached or (not zones["centre"] and game.points(winner) == best), (
            f"{where}: {winner} won without the goal or the most points"
        )
        assert not game.can(Discard("n1a")), f"{where}: can() allows an action after the end"
        return
    assert legal, f"{where}: no legal action, but the game is not over ({game.phase})"
    assert game.winner is None, f"{where}: a winner ({game.winner}) while the game goes on"
    assert 0 <= game.current_player < game.num_players, f"{where}: bad current player"
    assert zones["centre"], f"{where}: no queen asleep, but the game goes on"


def _check_offered(game: Game, where: str) -> None:
    refused = [action for action in game.legal_actions() if not game.can(action)]
    assert not refused, f"{where}: can() refuses legal actions {refused}"
    others = [seat for seat in range(game.num_players) if seat != game.current_player]
    for action in game.legal_actions()[:3]:
        assert not game.can(action, player=others[0]), f"{where}: another player may decide"


def _apply(game: Game, action: Action, where: str) -> list[Event]:
    """Apply ``action``, failing with the game's coordinates on any exception."""
    try:
        events = game.apply(action)
    except Exception as error:
        pytest.fail(f"{where}: {action!r} raised {error!r}")
    assert events == game.log[len(game.log) - len(events) :], f"{where}: events not in the log"
    return events


def _round_trip(game: Game, where: str) -> Game:
    """Save and load: the loaded game saves to the very same text."""
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text, f"{where}: to_json differs after from_json"
    assert loaded.legal_actions() == game.legal_actions(), f"{where}: loaded legal actions differ"
    return loaded


def _check_clone(game: Game, where: str, seed: int) -> Game:
    """A clone equals the game, and playing on with another copy leaves the game alone."""
    before = game.to_json()
    legal_before = game.legal_actions()
    twin = game.clone()
    assert twin.to_json() == before, f"{where}: a fresh clone differs from the game"
    probe = game.clone()
    chooser = random.Random(f"probe {seed}")
    for _step in range(12):
        if probe.is_over:
            break
        probe.apply(chooser.choice(probe.legal_actions()))
    probe.log.clear()
    probe.history.clear()
    for player in probe.state.players:
        player.hand.clear()
        player.queens.append("q-mutated")
    probe.state.deck.clear()
    probe.state.centre[0] = "q-mutated"
    probe.state.known[0] = not probe.state.known[0]
    assert game.to_json() == before, f"{where}: changing a clone changed the original"
    assert game.legal_actions() == legal_before, f"{where}: a clone changed the legal actions"
    return twin


def _check_action_round_trip(legal: list[Action], where: str) -> None:
    for action in legal:
        data = json.loads(json.dumps(action.to_dict()))
        assert action_from_dict(data) == action, f"{where}: {action!r} does not round-trip"


def play_random_game(players: int, seed: int, *, deep: bool, rules: Rules | None = None) -> Game:
    """Play one seeded random game to the end, checking the contract after every action."""
    game = new_game(players, seed, rules=rules)
    chooser = random.Random(f"policy {players} {seed}")
    followers: list[tuple[str, Game]] = []
    chosen: list[Action] = []
    step = 0
    _check_position(game, _where(players, seed, step))
    while not game.is_over:
        where = _where(players, seed, step)
        if step >= MAX_STEPS:
            pytest.fail(f"{where}: no winner after {MAX_STEPS} actions ({game!r})")
        legal = game.legal_actions()
        if deep:
            _check_offered(game, where)
            _check_action_round_trip(legal, where)
            if step % CHECKPOINT_EVERY == 0:
                followers.append((f"loaded at step {step}", _round_trip(game, where)))
                followers.append((f"cloned at step {step}", _check_clone(game, where, seed)))
        action = chooser.choice(legal)
        chosen.append(action)
        events = _apply(game, action, where)
        for label, follower in followers:
            theirs = _apply(follower, action, f"{where} (copy {label})")
            assert _events(theirs) == _events(events), f"{where}: copy {label} saw other events"
        step += 1
        _check_position(game, _where(players, seed, step))
    if deep:
        where = _where(players, seed, step)
        _round_trip(game, where)
        final = game.to_json()
        for label, follower in followers:
            assert follower.to_json() == final, f"{where}: copy {label} ended differently"
        assert game.history == chosen, f"{where}: history is not the actions applied"
        replay = new_game(players, seed, rules=rules)
        for replayed, action in enumerate(chosen):
            _apply(replay, action, f"{_where(players, seed, replayed)} (replay)")
        assert replay.to_json() == final, f"{where}: replaying the same actions gave another game"
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    """Seeded random games end with a rightful winner; every seat wins some of them."""
    wins: Counter[int] = Counter()
    endings: set[str] = set()
    seen: Counter[str] = Counter()
    for seed in range(GAMES_PER_PLAYER_COUNT):
        game = play_random_game(players, seed, deep=seed % DEEP_CHECK_EVERY == 0)
        assert game.winner is not None
        wins[game.winner] += 1
        endings.add(game.to_json())
        seen.update(event.kind for event in game.log)
        seen.update(action.kind for action in game.history)
    assert sorted(wins) == list(range(players)), f"wins by seat: {dict(wins)}"
    assert len(endings) == GAMES_PER_PLAYER_COUNT, "two seeds played the very same game"
    # Random play reaches every rule, so the invariants above were checked on all of them.
    for kind in ("rivals", "rose-bonus", "blocked", "stole", "slept", "play-again", "counted"):
        assert seen[kind], f"no random game with {players} players reached {kind!r}"
    for kind in ("classic-discard-pair", "classic-discard-equation", "classic-choose-queen"):
        assert seen[kind], f"no random game with {players} players chose {kind!r}"


SETTINGS: dict[str, Rules] = {
    "quick game": Rules(queens_to_win=1),
    "all queens awake": Rules(queens_to_win=12, points_to_win=125),
    "big hands": Rules(hand_size=8),
    "small hands": Rules(hand_size=3),
    "every operation": Rules(operations="+−×÷"),
    "no Rose bonus by Jester": Rules(rose_bonus_by_jester=False),
    "memory game": Rules(remember_sleeping_queens=False),
}


@pytest.mark.parametrize("name", list(SETTINGS))
def test_random_games_with_teacher_settings(name: str) -> None:
    """The invariants hold with every kind of teacher setting, too."""
    rules = SETTINGS[name]
    for seed in range(GAMES_PER_SETTING):
        players = 2 + seed % 4
        game = play_random_game(players, seed, deep=seed % DEEP_CHECK_EVERY == 0, rules=rules)
        assert game.rules == rules


def test_apply_refuses_everything_once_the_game_is_over() -> None:
    game = play_random_game(2, 12345, deep=False)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(Discard("n1a"))
    assert game.to_json() == before
