"""Saved games of every edition: an exact round trip, and damaged, foreign, too-new or
impossible saves refused in plain words.

Each edition's own impossible tables (a table only its rules rule out) are in
``tests/<edition>/test_save_files.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from sq2edu.core import SaveFileError
from sq2edu.core.game import MAX_SAVE_SIZE
from tests.contract import (
    Edition,
    each_edition,
    each_edition_with,
    game_under_way,
    other_than,
    saved_with,
)
from tests.rules_helpers import exactly

#: A damaged save: made from an edition's game under way (most change its parsed JSON).
Damage = Callable[[Edition[Any]], object]


def _saved(edition: Edition[Any]) -> dict[str, Any]:
    """The save of ``edition``'s game under way, as parsed JSON."""
    data: dict[str, Any] = json.loads(game_under_way(edition.new_game).to_json())
    return data


def _changed(change: Callable[[dict[str, Any]], object]) -> Damage:
    return lambda edition: saved_with(game_under_way(edition.new_game), change)


def _truncated(fraction: float) -> Damage:
    def make(edition: Edition[Any]) -> str:
        text = json.dumps(_saved(edition))
        return text[: int(len(text) * fraction)]

    return make


def _random_bytes(seed: int) -> bytes:
    chooser = random.Random(seed)
    return bytes(chooser.randrange(256) for _byte in range(300))


def _random_text(seed: int) -> str:
    chooser = random.Random(seed)
    return "".join(chooser.choice('{}[]":,0a-') for _char in range(500))


def _set_state(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["state"][key] = value

    return change


def _set(key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _duplicate_from_the_discard_pile(data: dict[str, Any]) -> None:
    data["state"]["deck"].append(data["state"]["discard"][0])


def _duplicate_in_the_draw_pile(data: dict[str, Any]) -> None:
    data["state"]["deck"].append(data["state"]["deck"][0])


def _one_for_another(data: dict[str, Any]) -> None:
    deck = data["state"]["deck"]
    deck[0] = deck[1]


def _impossible_rule(edition: Edition[Any]) -> str:
    return saved_with(
        game_under_way(edition.new_game), lambda data: data["rules"].update(edition.impossible_rule)
    )


def _wrong_edition(edition: Edition[Any]) -> str:
    return saved_with(game_under_way(edition.new_game), _set("edition", other_than(edition).name))


CORRUPT: dict[str, Damage] = {
    "empty text": lambda edition: "",
    "empty object": lambda edition: "{}",
    "JSON list": lambda edition: "[]",
    "JSON null": lambda edition: "null",
    "a number": lambda edition: "42",
    "not text at all": lambda edition: 42,
    "truncated at 1%": _truncated(0.01),
    "truncated at half": _truncated(0.5),
    "truncated at 99%": _truncated(0.99),
    "one character short": lambda edition: json.dumps(_saved(edition))[:-1],
    "deeply nested JSON": lambda edition: "[" * 100_000 + "]" * 100_000,
    "random bytes": lambda edition: _random_bytes(1),
    "random bytes as text": lambda edition: _random_bytes(2).decode("latin-1"),
    "random text": lambda edition: _random_text(3),
    "card duplicated from the discard pile": _changed(_duplicate_from_the_discard_pile),
    "card duplicated in the draw pile": _changed(_duplicate_in_the_draw_pile),
    "card missing": _changed(lambda data: data["state"]["deck"].pop()),
    "card duplicated, another missing": _changed(_one_for_another),
    "wrong format": _changed(_set("format", "something-else")),
    "wrong edition": _wrong_edition,
    "another edition's game": lambda edition: other_than(edition).new_game(2, seed=1).to_json(),
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
    "impossible rule": _impossible_rule,
    "unknown action in history": _changed(_set("history", [{"kind": "fly-away"}])),
    "event without kind": _changed(_set("log", [{"text": "hello"}])),
}


@pytest.mark.parametrize(("edition", "name"), each_edition_with(lambda edition: CORRUPT))
def test_from_json_refuses_damaged_foreign_and_too_new_saves_in_plain_words(
    edition: Edition[Any], name: str
) -> None:
    """Damaged input raises SaveFileError (a ValueError) with a plain sentence, nothing else."""
    text: Any = CORRUPT[name](edition)
    with pytest.raises(SaveFileError) as caught:
        edition.game.from_json(text)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert message[:1].isupper(), message
    assert message.endswith("."), message
    assert not any(mark in message for mark in "{}[]<>_\\'\""), f"not plain words: {message}"


@pytest.mark.parametrize("edition", each_edition())
def test_each_kind_of_bad_save_gets_its_own_words(edition: Edition[Any]) -> None:
    cases = {
        "another edition's game": edition.not_this_edition,
        "newer version": "This saved game comes from another version of sq2edu.",
        "empty text": "This is not a saved game: it is not JSON.",
        "wrong format": "This is not a saved sq2edu game.",
        "card missing": "This saved game is damaged.",
    }
    for name, message in cases.items():
        with pytest.raises(SaveFileError, match=f"^{message}$"):
            edition.game.from_json(str(CORRUPT[name](edition)))


#: Every card is there once, but a field is impossible: still a damaged save.
IMPOSSIBLE: dict[str, Callable[[Edition[Any], dict[str, Any]], None]] = {
    "winner not at the table": lambda edition, data: data["state"].update(winner=9),
    "winner while playing": lambda edition, data: data["state"].update(winner=0),
    "an unknown event": lambda edition, data: data["log"].append(
        {"kind": "bogus", "player": 0, "params": {}, "edition": edition.name}
    ),
}


@pytest.mark.parametrize(("edition", "name"), each_edition_with(lambda edition: IMPOSSIBLE))
def test_from_json_refuses_a_table_the_rules_cannot_reach(edition: Edition[Any], name: str) -> None:
    game = game_under_way(edition.new_game)
    text = saved_with(game, lambda data: IMPOSSIBLE[name](edition, data))
    with pytest.raises(SaveFileError, match=r"^This saved game is damaged\.$"):
        edition.game.from_json(text)


@pytest.mark.parametrize("edition", each_edition())
def test_a_good_save_loads_exactly(edition: Edition[Any]) -> None:
    """The good save loads (so the damaged cases above fail for their damage alone)."""
    text = json.dumps(_saved(edition), ensure_ascii=False)
    game = edition.game.from_json(text)
    assert game.to_json() == text
    assert game.legal_actions()


TOO_BIG = "This is not a saved game, or it is far too big."


@pytest.mark.parametrize("edition", each_edition())
def test_a_save_up_to_the_size_limit_loads_and_a_bigger_one_is_refused(
    edition: Edition[Any],
) -> None:
    """A save of exactly ``MAX_SAVE_SIZE`` characters (here a good one with spaces after it)
    loads; one character more, or something that is not text, gets the same plain words."""
    text = json.dumps(_saved(edition), ensure_ascii=False)
    padded = text + " " * (MAX_SAVE_SIZE - len(text))
    assert edition.game.from_json(padded).to_json() == text
    for refused in (padded + " ", 42):
        with pytest.raises(SaveFileError, match=exactly(TOO_BIG)):
            edition.game.from_json(refused)


def _sixth_player(data: dict[str, Any]) -> None:
    """A sixth player, with nothing: every card is still where it was."""
    players = data["state"]["players"]
    empty: dict[str, object] = {
        key: [] if isinstance(value, list) else None for key, value in players[0].items()
    }
    players.append({**empty, "name": "Sam"})


@pytest.mark.parametrize("edition", each_edition())
def test_a_table_of_six_players_is_a_damaged_save(edition: Edition[Any]) -> None:
    text = saved_with(edition.new_game(5, seed=3), _sixth_player)
    with pytest.raises(SaveFileError, match=r"^This saved game is damaged\.$"):
        edition.game.from_json(text)


#: Damage, and the reason kept behind "This saved game is damaged." for whoever looks into it.
REASONS: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "rules not an object": (_set("rules", []), "rules and state are objects"),
    "state not an object": (_set("state", []), "rules and state are objects"),
    "draw pile not a list": (_set_state("deck", "n1a"), "expected a list of card ids, found 'n1a'"),
    "turn not a number": (_set_state("turn", "3"), "expected a whole number, found '3'"),
}


@pytest.mark.parametrize(("edition", "name"), each_edition_with(lambda edition: REASONS))
def test_a_damaged_save_keeps_the_reason_behind_it(edition: Edition[Any], name: str) -> None:
    change, reason = REASONS[name]
    with pytest.raises(SaveFileError, match=r"^This saved game is damaged\.$") as caught:
        edition.game.from_json(saved_with(game_under_way(edition.new_game), change))
    assert str(caught.value.__cause__) == reason
