"""Each edition's state is declared once: copying and saving follow every field by itself.

The tests walk the dataclass fields, so a field added to a ``State`` or ``PlayerState`` is
checked here without a new test: its copy is independent, it is saved and read back, and a
field that does not say how it is copied and saved is refused.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from sq2edu import classic, rescue
from sq2edu.classic import state as classic_state
from sq2edu.core import Game
from sq2edu.core.state_fields import IDS, TEXT, StateRecord, kind
from sq2edu.rescue import state as rescue_state

EDITIONS: dict[str, Callable[..., Game[Any, Any]]] = {
    "rescue": rescue.new_game,
    "classic": classic.new_game,
}
STATE_CLASSES = [
    rescue_state.State,
    rescue_state.PlayerState,
    classic_state.State,
    classic_state.PlayerState,
]


def _played(edition: str, seed: int, moves: int) -> Game[Any, Any]:
    game: Game[Any, Any] = EDITIONS[edition](players=["Mia", "Leo", "Ava"], seed=seed)
    chooser = random.Random(seed)
    for _move in range(moves):
        legal = list(game.legal_actions())
        if not legal:
            break
        game.apply(chooser.choice(legal))
    return game


def _records(state: Any) -> list[StateRecord]:
    return [state, *state.players]


@pytest.mark.parametrize("record_class", STATE_CLASSES, ids=lambda cls: cls.__qualname__)
def test_every_field_says_how_it_is_copied_and_saved(record_class: type[StateRecord]) -> None:
    names = [spec.name for spec in dataclasses.fields(record_class)]  # type: ignore[arg-type]
    assert [name for name, _kind in record_class._field_kinds()] == names


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", range(6))
def test_a_copy_shares_no_changeable_value_with_its_original(edition: str, seed: int) -> None:
    game = _played(edition, seed, moves=seed * 7)
    state = game.state
    twin = state.copy()
    assert twin == state
    for original, copied in zip(_records(state), _records(twin), strict=True):
        for spec in dataclasses.fields(original):  # type: ignore[arg-type]
            mine, theirs = getattr(original, spec.name), getattr(copied, spec.name)
            if isinstance(mine, list):
                assert mine is not theirs, f"{type(original).__name__}.{spec.name} is shared"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", range(6))
def test_every_field_is_saved_and_read_back_as_it_was(edition: str, seed: int) -> None:
    state = _played(edition, seed, moves=10 + seed * 9).state
    saved = state.to_dict()
    assert list(saved) == [spec.name for spec in dataclasses.fields(state)]
    read_back = type(state).from_dict(json.loads(json.dumps(saved)))
    assert read_back == state
    assert read_back.to_dict() == saved


@pytest.mark.parametrize("record_class", STATE_CLASSES, ids=lambda cls: cls.__qualname__)
def test_a_field_missing_from_a_save_is_refused(record_class: type[StateRecord]) -> None:
    first = dataclasses.fields(record_class)[0].name  # type: ignore[arg-type]
    with pytest.raises(KeyError, match=first):
        record_class.from_dict({})


def test_a_value_of_the_wrong_kind_is_refused_in_words() -> None:
    saved = _played("rescue", 1, moves=5).state.to_dict()
    saved["deck"] = "all the queens"
    with pytest.raises(ValueError, match="expected a list of card ids"):
        rescue_state.State.from_dict(saved)
    saved = _played("classic", 1, moves=5).state.to_dict()
    saved["players"] = {"name": "Mia"}
    with pytest.raises(ValueError, match="expected a list of PlayerState"):
        classic_state.State.from_dict(saved)


def test_a_field_that_does_not_say_how_it_is_saved_is_refused() -> None:
    @dataclass(slots=True)
    class Forgetful(StateRecord):
        owner: str = field(metadata=kind(TEXT))
        cards: list[str] = field(default_factory=list, metadata=kind(IDS))
        notes: list[str] = field(default_factory=list)

    with pytest.raises(TypeError, match=r"Forgetful\.notes does not say how"):
        Forgetful("Mia").copy()
    with pytest.raises(TypeError, match=r"Forgetful\.notes"):
        Forgetful("Mia").to_dict()
