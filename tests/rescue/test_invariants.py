"""Random simulation tests of the whole Rescue API: thousands of seeded games with 2-5 players.

Every game picks a random legal action at each step (from a seeded ``random.Random``) and
checks the contract after every action. Every tenth game also checks saving, replaying and
cloning. A failure names the number of players, the seed and the step.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from sq2edu.core import Action, Event, SaveFileError, action_from_dict
from sq2edu.rescue import Game, IllegalActionError, Roll, Rules, new_game
from sq2edu.rescue.cards import COMPANIONS, KINGS, MAIN_DECK

#: Random games per number of players (2, 3, 4 and 5): 4 x 500 = 2,000 games in all.
GAMES_PER_PLAYER_COUNT = 500
#: Every this many games, also check JSON round trips, replays and clones.
DEEP_CHECK_EVERY = 10
#: In a deep-checked game, save, load and clone every this many steps.
CHECKPOINT_EVERY = 40
#: A random game that has not ended after this many actions is stuck.
MAX_STEPS = 3_000
#: Games per teacher setting in the settings test.
GAMES_PER_SETTING = 20

ALL_CARDS: Counter[str] = Counter([*MAIN_DECK, *COMPANIONS, *KINGS])
ALL_CARD_SET = frozenset(ALL_CARDS)


def _where(players: int, seed: int, step: int) -> str:
    return f"{players} players, seed {seed}, step {step}"


def _events(events: list[Event]) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events]


def _check_position(game: Game, where: str) -> None:
    """The contract that holds between any two actions."""
    cards = [card for zone in game.zones().values() for card in zone]
    if len(cards) != len(ALL_CARDS) or set(cards) != ALL_CARD_SET:
        counts = Counter(cards)
        twice = sorted(card for card, count in counts.items() if count > 1)
        missing = sorted((ALL_CARDS - counts).elements())
        unknown = sorted(set(counts) - set(ALL_CARDS))
        pytest.fail(
            f"{where}: zones() is wrong: in two zones {twice}, missing {missing}, unknown {unknown}"
        )
    legal = game.legal_actions()
    if game.is_over:
        assert legal == [], f"{where}: the game is over but legal_actions() is {legal}"
        winner = game.winner
        assert winner is not None, f"{where}: the game is over without a winner"
        assert 0 <= winner < game.num_players, f"{where}: winner {winner} is not at the table"
        kings = len(game.zones()[f"p{winner}.kings"])
        needed = game.rules.kings_needed(game.num_players)
        assert kings >= needed, f"{where}: the winner has {kings} kings, {needed} needed"
        assert not game.can(Roll()), f"{where}: can() allows an action after the game is over"
        return
    assert legal, f"{where}: no legal action, but the game is not over ({game.phase})"
    assert game.winner is None, f"{where}: a winner ({game.winner}) while the game goes on"
    assert 0 <= game.current_player < game.num_players, f"{where}: bad current player"
    refused = [action for action in legal if not game.can(action)]
    assert not refused, f"{where}: can() refuses legal actions {refused}"


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
        player.realm.clear()
        player.kings.append("k-mutated")
    probe.state.deck.clear()
    probe.state.grid[0] = "c-mutated"
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
    for seed in range(GAMES_PER_PLAYER_COUNT):
        game = play_random_game(players, seed, deep=seed % DEEP_CHECK_EVERY == 0)
        assert game.winner is not None
        wins[game.winner] += 1
        endings.add(game.to_json())
    assert sorted(wins) == list(range(players)), f"wins by seat: {dict(wins)}"
    assert len(endings) == GAMES_PER_PLAYER_COUNT, "two seeds played the very same game"


SETTINGS: dict[str, Rules] = {
    "quick game": Rules(kings_to_win=1),
    "no division": Rules(operations="+−×"),
    "adding only": Rules(operations="+"),
    "small realms": Rules(realm_limit=2, green_knight_limit=3),
    "many dragons": Rules(die_faces=("1", "dragon", "dragon", "dragon", "2", "3")),
    "only ones": Rules(die_faces=("1",), blue_rerolls=3),
    "no blue re-roll": Rules(blue_rerolls=0),
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
    """After the winning king, no action is legal and apply raises IllegalActionError."""
    game = play_random_game(2, 12345, deep=False)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(Roll())
    assert game.to_json() == before


# -- loading damaged saves ----------------------------------------------------------------


def _saved_game() -> dict[str, Any]:
    """A three-player game, 30 random actions in, as parsed JSON."""
    game = new_game(3, seed=5)
    chooser = random.Random(5)
    for _step in range(30):
        game.apply(chooser.choice(game.legal_actions()))
    data: dict[str, Any] = json.loads(game.to_json())
    return data


def _changed(change: Callable[[dict[str, Any]], object]) -> Callable[[], object]:
    def make() -> object:
        data = copy.deepcopy(_saved_game())
        change(data)
        return json.dumps(data)

    return make


def _truncated(fraction: float) -> Callable[[], object]:
    def make() -> object:
        text = json.dumps(_saved_game())
        return text[: int(len(text) * fraction)]

    return make


def _random_bytes(seed: int) -> bytes:
    chooser = random.Random(seed)
    return bytes(chooser.randrange(256) for _byte in range(300))


def _random_text(seed: int) -> str:
    chooser = random.Random(seed)
    return "".join(chooser.choice('{}[]":,0a-') for _char in range(500))


def _duplicate(data: dict[str, Any]) -> None:
    state = data["state"]
    state["deck"].append(state["discard"][0])


def _missing(data: dict[str, Any]) -> None:
    data["state"]["deck"].pop()


def _one_for_another(data: dict[str, Any]) -> None:
    deck = data["state"]["deck"]
    deck[0] = deck[1]


def _set_state(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["state"][key] = value

    return change


def _set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


CORRUPT: dict[str, Callable[[], object]] = {
    "empty text": lambda: "",
    "empty object": lambda: "{}",
    "JSON list": lambda: "[]",
    "JSON null": lambda: "null",
    "a number": lambda: "42",
    "truncated at 1%": _truncated(0.01),
    "truncated at half": _truncated(0.5),
    "truncated at 99%": _truncated(0.99),
    "one character short": lambda: json.dumps(_saved_game())[:-1],
    "deeply nested JSON": lambda: "[" * 100_000 + "]" * 100_000,
    "random bytes": lambda: _random_bytes(1),
    "random bytes as text": lambda: _random_bytes(2).decode("latin-1"),
    "random text": lambda: _random_text(3),
    "card duplicated": _changed(_duplicate),
    "card missing": _changed(_missing),
    "card duplicated, another missing": _changed(_one_for_another),
    "wrong format": _changed(_set("format", "something-else")),
    "wrong edition": _changed(_set("edition", "classic")),
    "no edition": _changed(lambda data: data.pop("edition")),
    "newer version": _changed(_set("version", 2)),
    "older version": _changed(_set("version", 0)),
    "version as text": _changed(_set("version", "1")),
    "current player too high": _changed(_set_state("current", 3)),
    "current player negative": _changed(_set_state("current", -1)),
    "current player not a number": _changed(_set_state("current", "0")),
    "unknown phase": _changed(_set_state("phase", "dancing")),
    "no players": _changed(_set_state("players", [])),
    "deck not a list": _changed(_set_state("deck", "n1a")),
    "no state": _changed(lambda data: data.pop("state")),
    "bad random state": _changed(_set("rng", [3, [1, 2, 3], None])),
    "unknown rule": _changed(lambda data: data["rules"].update(cheat=True)),
    "impossible rule": _changed(lambda data: data["rules"].update(realm_limit=0)),
    "unknown action in history": _changed(_set("history", [{"kind": "fly-away"}])),
    "event without kind": _changed(_set("log", [{"text": "hello"}])),
}


@pytest.mark.parametrize("name", list(CORRUPT))
def test_from_json_refuses_damaged_saves_in_plain_words(name: str) -> None:
    """Damaged input raises SaveFileError (a ValueError) with a plain sentence, nothing else."""
    text: Any = CORRUPT[name]()
    with pytest.raises(SaveFileError) as caught:
        Game.from_json(text)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message[:1].isupper(), message
    assert message.endswith("."), message
    assert not any(mark in message for mark in "{}[]<>_\\'\""), f"not plain words: {message}"


INCONSISTENT: dict[str, Callable[[], object]] = {
    "winner not at the table": _changed(_set_state("winner", 9)),
    "king in the draw pile": _changed(
        lambda data: (
            data["state"]["deck"].append(data["state"]["kings"].pop()),
            data["state"]["kings"].append(data["state"]["deck"].pop(0)),
        )
    ),
    "rescue pair given as a word": _changed(_set_state("rescuing", "ab")),
}


@pytest.mark.parametrize("name", list(INCONSISTENT))
def test_from_json_refuses_a_table_the_rules_cannot_reach(name: str) -> None:
    """Every card is there once, but a field is impossible: still a damaged save."""
    with pytest.raises(SaveFileError):
        Game.from_json(str(INCONSISTENT[name]()))


def test_a_damaged_save_is_told_apart_from_a_good_one() -> None:
    """The good save loads (so the damaged cases above fail for their damage alone)."""
    text = json.dumps(_saved_game(), ensure_ascii=False)
    assert Game.from_json(text).to_json() == text
