"""The editions of the game, by name: the one place an edition is made known.

Everything that names an edition — the shared tables, the class's settings, the computer
players, the school's class service, the command line, the tournament and the class app —
asks here, so a new edition is added by one :func:`register` call at the end of this module
(see CONTRIBUTING.md, "Adding an edition").

>>> from sq2edu import editions
>>> editions.names()
('rescue', 'classic')
>>> editions.load("classic").game.edition
'classic'

An edition's package is imported only when it is first loaded: naming the editions (a
settings check, a command line's choices) costs no game rules.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sq2edu.i18n import N_

if TYPE_CHECKING:
    from sq2edu.core import Game

__all__ = ["Edition", "UnknownEditionError", "load", "names", "register"]


class UnknownEditionError(ValueError):
    """No edition is registered under that name."""


@dataclass(frozen=True, slots=True)
class Edition:
    """One edition of the game, as the rest of sq2edu needs it.

    :ivar name: its name in settings, saved games, tables and the command line.
    :ivar package: the package of its rules (with ``Game`` and ``new_game``).
    :ivar title: what a teacher chooses it by (a message id, shown with ``_()``).
    :ivar welcome: the class app's greeting (a message id).
    :ivar play: the class app's button to play it (a message id).
    :ivar builds_from: where a player's number cards for an equation lie, the last part
        of the zone's name (``"realm"``: ``p0.realm``).
    :ivar short: what children call it, where a line has room for a few words only (the
        tables of classmates: a message id); the title if empty.
    """

    name: str
    package: str
    title: str
    welcome: str
    play: str
    builds_from: str = "hand"
    short: str = ""

    @property
    def game(self) -> type[Game[Any, Any]]:
        """The edition's :class:`~sq2edu.core.Game` class (reads its saved games)."""
        kind: type[Game[Any, Any]] = importlib.import_module(self.package).Game
        return kind

    @property
    def new_game(self) -> Callable[..., Game[Any, Any]]:
        """Its ``new_game(players, seed, rules, first_player)``."""
        deal: Callable[..., Game[Any, Any]] = importlib.import_module(self.package).new_game
        return deal

    @property
    def sample_from_view(self) -> Callable[[dict[str, Any], Any, random.Random], Game[Any, Any]]:
        """Its ``sample_from_view(view, rules, rng)``: a game that looks exactly like one
        player's view to that player, the cards it does not show dealt at random."""
        sample: Callable[..., Game[Any, Any]] = importlib.import_module(
            f"{self.package}.sampling"
        ).sample_from_view
        return sample

    def number_values(self, game: Game[Any, Any], seat: int) -> list[int]:
        """The numbers of the number cards ``seat`` may build an equation from now."""
        cards = importlib.import_module(f"{self.package}.cards").CARDS
        held = game.zones()[f"p{seat}.{self.builds_from}"]
        return sorted(cards[card].value for card in held if cards[card].kind == "number")

    def may_adjust(self, game: Game[Any, Any], seat: int) -> bool:
        """Whether ``seat`` may count one card as one more or one less (the Rescue's red
        knight)."""
        return getattr(game.state.players[seat], "knight", None) == "red"


_EDITIONS: dict[str, Edition] = {}


def register(edition: Edition) -> None:
    """Make an edition known by its name.

    :raises ValueError: if another edition has that name.
    """
    if edition.name in _EDITIONS and _EDITIONS[edition.name] != edition:
        raise ValueError(f"an edition called {edition.name!r} is registered already")
    _EDITIONS[edition.name] = edition


def load(name: str) -> Edition:
    """The edition called ``name``.

    :raises UnknownEditionError: for a name no edition has (a plain message, for a
        settings file or a request from outside).
    """
    if not isinstance(name, str) or name not in _EDITIONS:
        raise UnknownEditionError(f"unknown edition {name!r}; choose one of {', '.join(names())}")
    return _EDITIONS[name]


def names() -> tuple[str, ...]:
    """The editions' names, in the order they were registered (the first is the default)."""
    return tuple(_EDITIONS)


register(
    Edition(
        name="rescue",
        package="sq2edu.rescue",
        title=N_("Sleeping Queens 2: The Rescue"),
        welcome=N_("Welcome to the Rescue!"),
        play=N_("Play the Rescue"),
        builds_from="realm",
        short=N_("The Rescue"),
    )
)
register(
    Edition(
        name="classic",
        package="sq2edu.classic",
        title=N_("Sleeping Queens (adding only, for younger children)"),
        welcome=N_("Welcome to Sleeping Queens!"),
        play=N_("Play Sleeping Queens"),
        short=N_("Sleeping Queens"),
    )
)
