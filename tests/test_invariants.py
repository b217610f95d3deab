"""Random simulation tests of the whole game contract, for every edition: thousands of seeded
games with 2-5 players.

Every game picks a random legal action at each step (from a seeded ``random.Random``) and
checks the contract after every action. Every tenth game also checks saving, replaying and
cloning. A failure names the edition, the number of players, the seed and the step. What
differs between the editions (their cards, their own checks, how many games) is their
:class:`tests.contract.Edition`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from sq2edu.core import Action, Event, Game, IllegalActionError, action_from_dict
from tests.contract import Edition, each_edition, each_edition_with

#: Every this many games, also check JSON round trips, replays and clones.
DEEP_CHECK_EVERY = 10
#: A random game that has not ended after this many actions is stuck.
MAX_STEPS = 3_000
#: Games per teacher setting in the settings test.
GAMES_PER_SETTING = 20
#: In a deep-checked game, this many of the legal actions are tried for another player.
OTHERS_TRIED = 3

AnyGame = Game[Any, Any]


def _where(edition: Edition[Any], players: int, seed: int, step: int) -> str:
    return f"{edition.name}, {players} players, seed {seed}, step {step}"


def _events(events: list[Event]) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events]


def _check_cards(edition: Edition[Any], zones: dict[str, list[str]], where: str) -> None:
    """Every card of the game is in exactly one zone."""
    cards = [card for zone in zones.values() for card in zone]
    if len(cards) != len(edition.cards) or set(cards) != set(edition.cards):
        counts = Counter(cards)
        twice = sorted(card for card, count in counts.items() if count > 1)
        missing = sorted((edition.cards - counts).elements())
        unknown = sorted(set(counts) - set(edition.cards))
        pytest.fail(
            f"{where}: zones() is wrong: in two zones {twice}, missing {missing}, unknown {unknown}"
        )


def _check_position(edition: Edition[Any], game: AnyGame, where: str) -> None:
    """The contract that holds between any two actions."""
    zones = game.zones()
    _check_cards(edition, zones, where)
    edition.check_position(game, zones, where)
    legal = game.legal_actions()
    if game.is_over:
        assert legal == [], f"{where}: the game is over but legal_actions() is {legal}"
        winner = game.winner
        assert winner is not None, f"{where}: the game is over without a winner"
        assert 0 <= winner < game.num_players, f"{where}: winner {winner} is not at the table"
        assert not game.can(edition.after_the_end), f"{where}: can() allows an action after the end"
        return
    assert legal, f"{where}: no legal action, but the game is not over ({game.phase})"
    assert game.winner is None, f"{where}: a winner ({game.winner}) while the game goes on"
    assert 0 <= game.current_player < game.num_players, f"{where}: bad current player"
    refused = [action for action in legal if not game.can(action)]
    assert not refused, f"{where}: can() refuses legal actions {refused}"


def _check_offered(game: AnyGame, where: str) -> None:
    """Only the player who decides now may take the actions offered."""
    others = [seat for seat in range(game.num_players) if seat != game.current_player]
    for action in game.legal_actions()[:OTHERS_TRIED]:
        assert not game.can(action, player=others[0]), f"{where}: another player may decide"


def _apply(game: AnyGame, action: Action, where: str) -> list[Event]:
    """Apply ``action``, failing with the game's coordinates on any exception."""
    try:
        events = game.apply(action)
    except Exception as error:
        pytest.fail(f"{where}: {action!r} raised {error!r}")
    assert events == game.log[len(game.log) - len(events) :], f"{where}: events not in the log"
    return events


def _round_trip(edition: Edition[Any], game: AnyGame, where: str) -> AnyGame:
    """Save and load: the loaded game saves to the very same text."""
    text = game.to_json()
    loaded: AnyGame = edition.game.from_json(text)
    assert loaded.to_json() == text, f"{where}: to_json differs after from_json"
    assert loaded.legal_actions() == game.legal_actions(), f"{where}: loaded legal actions differ"
    return loaded


def _check_clone(edition: Edition[Any], game: AnyGame, where: str, seed: int) -> AnyGame:
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
    edition.scramble(probe)
    assert game.to_json() == before, f"{where}: changing a clone changed the original"
    assert game.legal_actions() == legal_before, f"{where}: a clone changed the legal actions"
    return twin


def _check_action_round_trip(legal: list[Action], where: str) -> None:
    for action in legal:
        data = json.loads(json.dumps(action.to_dict()))
        assert action_from_dict(data) == action, f"{where}: {action!r} does not round-trip"


def play_random_game(
    edition: Edition[Any], players: int, seed: int, *, deep: bool, rules: Any = None
) -> AnyGame:
    """Play one seeded random game to the end, checking the contract after every action."""
    game: AnyGame = edition.new_game(players, seed, rules=rules)
    chooser = random.Random(f"policy {players} {seed}")
    followers: list[tuple[str, AnyGame]] = []
    chosen: list[Action] = []
    step = 0
    _check_position(edition, game, _where(edition, players, seed, step))
    while not game.is_over:
        where = _where(edition, players, seed, step)
        if step >= MAX_STEPS:
            pytest.fail(f"{where}: no winner after {MAX_STEPS} actions ({game!r})")
        legal = game.legal_actions()
        if deep:
            _check_offered(game, where)
            _check_action_round_trip(legal, where)
            if step % edition.checkpoint_every == 0:
                followers.append((f"loaded at step {step}", _round_trip(edition, game, where)))
                followers.append(
                    (f"cloned at step {step}", _check_clone(edition, game, where, seed))
                )
        action = chooser.choice(legal)
        chosen.append(action)
        events = _apply(game, action, where)
        for label, follower in followers:
            theirs = _apply(follower, action, f"{where} (copy {label})")
            assert _events(theirs) == _events(events), f"{where}: copy {label} saw other events"
        step += 1
        _check_position(edition, game, _where(edition, players, seed, step))
    if deep:
        where = _where(edition, players, seed, step)
        _round_trip(edition, game, where)
        final = game.to_json()
        for label, follower in followers:
            assert follower.to_json() == final, f"{where}: copy {label} ended differently"
        assert game.history == chosen, f"{where}: history is not the actions applied"
        replay: AnyGame = edition.new_game(players, seed, rules=rules)
        for replayed, action in enumerate(chosen):
            _apply(replay, action, f"{_where(edition, players, seed, replayed)} (replay)")
        assert replay.to_json() == final, f"{where}: replaying the same actions gave another game"
    return game


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", each_edition())
def test_random_games_keep_every_invariant(edition: Edition[Any], players: int) -> None:
    """Seeded random games end with a rightful winner; every seat wins some of them, and
    random play reaches the rarer rules, so the invariants were checked on them too."""
    wins: Counter[int] = Counter()
    endings: set[str] = set()
    seen: Counter[str] = Counter()
    for seed in range(edition.games_per_player_count):
        game = play_random_game(edition, players, seed, deep=seed % DEEP_CHECK_EVERY == 0)
        assert game.winner is not None
        wins[game.winner] += 1
        endings.add(game.to_json())
        seen.update(event.kind for event in game.log)
        seen.update(action.kind for action in game.history)
    assert sorted(wins) == list(range(players)), f"wins by seat: {dict(wins)}"
    assert len(endings) == edition.games_per_player_count, "two seeds played the very same game"
    for kind in edition.events_reached:
        assert seen[kind], f"no random game with {players} players reached {kind!r}"
    for kind in edition.actions_chosen:
        assert seen[kind], f"no random game with {players} players chose {kind!r}"


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "name"), each_edition_with(lambda edition: edition.settings))
def test_random_games_with_teacher_settings(edition: Edition[Any], name: str) -> None:
    """The invariants hold with every kind of teacher setting, too."""
    rules = edition.settings[name]
    for seed in range(GAMES_PER_SETTING):
        players = 2 + seed % 4
        game = play_random_game(
            edition, players, seed, deep=seed % DEEP_CHECK_EVERY == 0, rules=rules
        )
        assert game.rules == rules


@pytest.mark.parametrize("edition", each_edition())
def test_apply_refuses_everything_once_the_game_is_over(edition: Edition[Any]) -> None:
    """After the winning move, no action is legal and apply raises IllegalActionError."""
    game = play_random_game(edition, 2, 12345, deep=False)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(edition.after_the_end)
    assert game.to_json() == before
