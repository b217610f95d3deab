"""Shared checks for the classic rule-clause tests."""

from __future__ import annotations

import pytest

from sq2edu.classic import Game, IllegalActionError, Phase
from sq2edu.core import Action, Event

#: Five harmless cards for a hand that only has to be there.
FILLER = ["n1a", "n4b", "n6c", "n8d", "n10a"]
#: Five more, for a third hand.
FILLER2 = ["n1b", "n4c", "n6d", "n8a", "n10b"]


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
    """The phase (a call, so that mypy does not narrow it between actions)."""
    return game.phase


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


def texts(events: list[Event]) -> list[str]:
    return [event.text for event in events]


def slot_of(game: Game, queen: str) -> int:
    """The place in the middle where ``queen`` sleeps (tests may look; players may not)."""
    return game.state.centre.index(queen)
