"""Shared checks for the rule-clause tests."""

from __future__ import annotations

import pytest

from sq2edu.core import Action, Event
from sq2edu.rescue import Game, IllegalActionError, Phase


def offered(game: Game) -> list[Action]:
    """The legal actions, after checking that ``verify`` and ``can`` accept every one."""
    legal = game.legal_actions()
    for act in legal:
        game.verify(act)
        assert game.can(act), act
    return legal


def refuse(game: Game, act: Action, message: str) -> None:
    """``act`` is not offered, is refused with ``message``, and refusing it changes nothing."""
    before = game.to_json()
    assert act not in game.legal_actions()
    assert not game.can(act)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(act)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == message
    assert game.to_json() == before


def now(game: Game) -> Phase:
    """The step of the turn (a call, so that mypy does not narrow it between actions)."""
    return game.phase


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]
