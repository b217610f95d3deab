"""What the suites run once per edition need to know about each edition.

The contract is :class:`sq2edu.core.Game`'s, the same for every edition, and so are the
suites that check it (``tests/test_invariants.py``, ``tests/test_save_files.py``,
``tests/test_views_contract.py``, ``tests/test_rule_setup.py``). What differs is said once
per edition by an :class:`Edition`, made in ``tests/<edition>/contract.py``: its cards and
settings, how much random play it gets, its own checks of a position, and which cards a
player may not see.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import pytest

from sq2edu.core import Action, Event, Game

__all__ = [
    "TABLE_SIZES",
    "Edition",
    "each_edition",
    "each_edition_with",
    "editions",
    "game_under_way",
    "other_than",
    "saved_with",
]

G = TypeVar("G", bound=Game[Any, Any])

TABLE_SIZES = [
    2,
    3,
    pytest.param(4, marks=pytest.mark.slow),
    pytest.param(5, marks=pytest.mark.slow),
]
"""How many players the random games are played with: the larger tables' games are long
simulations, which ``make test`` plays and ``make check`` (``-m "not slow"``) leaves out."""


@dataclass(frozen=True)
class Edition(Generic[G]):
    """One edition, as the suites for every edition see it.

    :ivar name: the edition's name, as saved games and views give it.
    :ivar game: its game class (for ``from_json``).
    :ivar new_game: ``new_game(players, seed, rules=None, first_player=None)``.
    :ivar rules: its settings class (``Rules``).
    :ivar cards: every card of the game, each as many times as the game has it.
    :ivar game_name: the game's name in the sentence "… is for 2 to 5 players".
    :ivar games_per_player_count: random games for each number of players (2 to 5).
    :ivar checkpoint_every: in a deep-checked random game, save, load and clone every this
        many steps.
    :ivar settings: teacher settings (the edition's ``Rules``) the random games play, by name.
    :ivar check_position: the edition's own checks between two actions:
        ``check_position(game, zones, where)``, with ``zones = game.zones()`` and ``where``
        the game's coordinates for a failure message.
    :ivar scramble: changes everything of a clone's table it can reach (a clone must not
        share any of it with the game it was made from).
    :ivar events_reached: kinds of event random play must reach at every table size, so
        the invariants were checked on the rules behind them.
    :ivar actions_chosen: kinds of action random play must choose, likewise.
    :ivar after_the_end: an action to try once the game is over.
    :ivar not_this_edition: what another edition's save file is told, word for word.
    :ivar impossible_rule: a setting no game can be played with, for a damaged save.
    :ivar known_setting: a setting the edition has, beside unknown ones.
    :ivar view_games_per_player_count: random games, for each number of players and each of
        ``view_settings``, in which every view is checked at every step.
    :ivar view_settings: the settings those games play, by name.
    :ivar hidden: ``hidden(game, viewer)``: the card ids ``viewer`` (``None``: an onlooker)
        may not see named.
    :ivar own_secrets: ``own_secrets(game, seat)``: the cards hidden from everyone but the
        player at ``seat``, whose own view shows them.
    :ivar check_events: ``check_events(game, events, where)``: the events of one action tell
        no secret; returns how many secrets it looked for (so that a scan that never had
        one to keep fails).
    """

    name: str
    game: type[G]
    new_game: Callable[..., G]
    rules: type[Any]
    cards: Counter[str]
    game_name: str
    games_per_player_count: int
    checkpoint_every: int
    settings: Mapping[str, Any]
    check_position: Callable[[G, dict[str, list[str]], str], None]
    scramble: Callable[[G], None]
    events_reached: tuple[str, ...]
    actions_chosen: tuple[str, ...]
    after_the_end: Action
    not_this_edition: str
    impossible_rule: Mapping[str, object]
    known_setting: Mapping[str, object]
    view_games_per_player_count: int
    view_settings: Mapping[str, Any]
    hidden: Callable[[G, int | None], set[str]]
    own_secrets: Callable[[G, int], set[str]]
    check_events: Callable[[G, Sequence[Event], str], int]


def editions() -> tuple[Edition[Any], ...]:
    """Every edition (imported here, not above: each is made with :class:`Edition`)."""
    from tests.classic.contract import EDITION as CLASSIC
    from tests.rescue.contract import EDITION as RESCUE

    return RESCUE, CLASSIC


def each_edition() -> list[Any]:
    """Every edition, as ``pytest.param`` named after it."""
    return [pytest.param(edition, id=edition.name) for edition in editions()]


def each_edition_with(cases: Callable[[Edition[Any]], Iterable[str]]) -> list[Any]:
    """Every edition with each of its ``cases(edition)``, as ``pytest.param`` named
    ``edition-case``."""
    return [
        pytest.param(edition, case, id=f"{edition.name}-{case}")
        for edition in editions()
        for case in cases(edition)
    ]


def other_than(edition: Edition[Any]) -> Edition[Any]:
    """Another edition, whose save files ``edition`` must refuse."""
    return next(other for other in editions() if other.name != edition.name)


def game_under_way(new_game: Callable[..., G]) -> G:
    """A three-player game, 30 random actions in: a save with something in every pile."""
    game = new_game(3, seed=5)
    chooser = random.Random(5)
    for _step in range(30):
        game.apply(chooser.choice(game.legal_actions()))
    return game


def saved_with(game: Game[Any, Any], change: Callable[[dict[str, Any]], object]) -> str:
    """``game``'s save file with ``change`` made to it (``change`` edits the parsed JSON)."""
    data: dict[str, Any] = json.loads(game.to_json())
    change(data)
    return json.dumps(data)
