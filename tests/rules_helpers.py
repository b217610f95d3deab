"""Checks the rule-clause tests of every edition share: what is offered and refused, and what
each player's view shows.

Each edition's ``tests/<edition>/helpers.py`` re-exports the checks of actions beside its
own helpers, so that its many rule tests import those from one place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import pytest

from sq2edu.core import Action, Event, Game, IllegalActionError
from sq2edu.equations import MAX_LENGTH
from sq2edu.i18n import language

__all__ = [
    "QUOTED",
    "assert_same_for",
    "check_view",
    "check_views",
    "exactly",
    "kinds",
    "now",
    "offered",
    "quoted",
    "refuse",
    "refuse_too_long_equation",
    "refuse_wrong_equation_in_each_language",
    "seen",
    "viewers",
]

#: A string in JSON text; ``"n10a"`` is not mistaken for ``"n1a"``.
QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')

AnyGame = Game[Any, Any]
Phase_co = TypeVar("Phase_co", covariant=True)


class _Phased(Protocol[Phase_co]):
    @property
    def phase(self) -> Phase_co: ...


# -- actions ---------------------------------------------------------------------------


def offered(game: AnyGame) -> list[Action]:
    """The legal actions, after checking that ``verify`` and ``can`` accept every one."""
    legal = game.legal_actions()
    for act in legal:
        game.verify(act)
        assert game.can(act), act
    return legal


def refuse(game: AnyGame, act: Action, message: str) -> None:
    """``act`` is not offered, is refused with ``message``, and refusing it changes nothing."""
    before = game.to_json()
    assert act not in game.legal_actions()
    assert not game.can(act)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(act)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == message
    assert game.to_json() == before


def now(game: _Phased[Phase_co]) -> Phase_co:
    """The phase (a call, so that mypy does not narrow it between actions)."""
    return game.phase


def kinds(events: list[Event]) -> list[str]:
    """The kind of each event, in order."""
    return [event.kind for event in events]


def exactly(message: str) -> str:
    """A pattern for ``pytest.raises`` that matches ``message`` and nothing more."""
    return f"^{re.escape(message)}$"


# -- equations, which both editions judge with the same checker ---------------------------


def refuse_too_long_equation(game: AnyGame, equation: Callable[[str], Action]) -> None:
    """``2 + 3 = 5`` padded to the checker's longest is allowed; one character more is
    refused with its reason. ``equation(text)`` is the edition's action for the cards."""
    longest = "2 + 3 = 5" + " " * (MAX_LENGTH - 9)
    assert len(longest) == MAX_LENGTH
    game.verify(equation(longest))
    refuse(
        game,
        equation(longest + " "),
        f"That is too long. Use at most {MAX_LENGTH} characters.",
    )


def refuse_wrong_equation_in_each_language(game: AnyGame, wrong: Action) -> None:
    """``wrong`` (``2 + 3 = 6``), asked again in another language, is answered in that one."""
    refuse(game, wrong, "2 + 3 makes 5, not 6.")
    with language("ru"):
        refuse(game, wrong, "2 + 3 будет 5, а не 6.")
    with language("nb"):
        refuse(game, wrong, "2 + 3 blir 5, ikke 6.")


# -- views -----------------------------------------------------------------------------


def quoted(data: object) -> set[str]:
    """Every string in ``data`` written as JSON: keys, values and card ids alike."""
    return set(QUOTED.findall(json.dumps(data)))


def seen(game: AnyGame, viewer: int | None) -> dict[str, Any]:
    """The view after a JSON round trip: what a browser would receive."""
    data: dict[str, Any] = json.loads(json.dumps(game.view(viewer)))
    return data


def viewers(game: AnyGame) -> list[int | None]:
    """The onlooker (``None``) and every seat."""
    return [None, *range(game.num_players)]


def assert_same_for(a: AnyGame, b: AnyGame, among: Sequence[int | None]) -> None:
    """Nobody in ``among`` can tell ``a`` and ``b`` apart by their views."""
    for viewer in among:
        assert seen(a, viewer) == seen(b, viewer), f"viewer {viewer} can tell the games apart"


def check_view(game: AnyGame, viewer: int | None, where: str = "") -> dict[str, Any]:
    """``game.view(viewer)``, checked: it is plain JSON, says whose view of which edition it
    is, and lists the legal actions and a prompt for the player who decides now alone (for
    nobody once the game is over). Returned as a browser would receive it."""
    view = game.view(viewer)
    data: dict[str, Any] = json.loads(json.dumps(view))
    assert data == view, f"{where}: view({viewer}) is not plain JSON"
    assert data["viewer"] == viewer, where
    assert data["edition"] == game.edition, where
    if viewer == game.current_player and not game.is_over:
        assert data["legal_actions"] == [a.to_dict() for a in game.legal_actions()], where
        assert data["prompt"], where
    else:
        assert data["legal_actions"] == [], f"{where}: view({viewer}) shows choices"
        assert data["prompt"] is None, f"{where}: view({viewer}) shows a prompt"
    return data


def check_views(game: AnyGame, where: str = "") -> None:
    """:func:`check_view` for the onlooker and every seat."""
    for viewer in viewers(game):
        check_view(game, viewer, where)
