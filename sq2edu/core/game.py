"""The game contract, once for every edition: turns, actions, saving and loading.

An edition (:mod:`sq2edu.rescue`, :mod:`sq2edu.classic`) is a subclass of :class:`Game` that
supplies only its own rules: its state, settings and cards, a handler for each kind of
action (the phases it is allowed in, a check that explains a refusal in words, and what it
does), the legal actions of each phase, what each player sees, and the words of its prompts
and events. Everything else is here: :meth:`Game.verify` / :meth:`Game.can` /
:meth:`Game.apply`, the remembered list of legal actions, :meth:`Game.clone`, the log and
history, and saving and loading with every check a damaged or foreign save file needs.

A third edition is a folder of its own with these parts (the full list, with what each
supplies, is in ``CONTRIBUTING.md``)::

    cards.py      the cards: ids, kinds, names (message ids), pictures
    rules.py      Rules: the settings, with operations, to_dict / from_dict
    state.py      State and PlayerState, with copy / to_dict / from_dict and a Phase enum
    actions.py    every decision as a frozen, registered Action
    <part>.py     HANDLERS {action type: (phases, verify, perform)} and LEGAL {phase: offers}
    views.py      view(game, player): what one player may see of the table
    prompts.py    what_now(game): what the player deciding now should do
    narration.py  the words of each event (core.narration.narrator), and KNOWN_EVENTS
    engine.py     Game(sq2edu.core.Game): the class attributes below, zones(), _fits()
    deal.py       new_game(players, seed, rules, first_player)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from sq2edu.core.errors import IllegalActionError, SaveFileError
from sq2edu.core.records import Action, Event, action_from_dict
from sq2edu.core.rng import GameRandom
from sq2edu.i18n import _

__all__ = ["MAX_SAVE_SIZE", "Game", "Handler", "Rules", "State"]

#: The largest saved game :meth:`Game.from_json` reads (a long game is a few hundred KB).
MAX_SAVE_SIZE = 20_000_000


class State(Protocol):
    """What the core needs of an edition's state."""

    current: int
    turn: int
    winner: int | None

    @property
    def phase(self) -> Any: ...

    @property
    def players(self) -> list[Any]: ...

    def copy(self) -> Self: ...

    def to_dict(self) -> dict[str, Any]: ...


class Rules(Protocol):
    """What the core needs of an edition's settings."""

    @property
    def operations(self) -> str:
        """The signs equations may use, such as ``"+−"``."""

    def to_dict(self) -> dict[str, Any]: ...


StateT = TypeVar("StateT", bound=State)
RulesT = TypeVar("RulesT", bound=Rules)
#: A kind of action's handler: the phases it is allowed in, its check, and what it does.
Handler = tuple[frozenset[Any], Callable[[Any, Any], None], Callable[[Any, Any], None]]


class Game(Generic[StateT, RulesT]):
    """A game of some edition: the contract the tables, computer players and store rely on.

    The object is mutable: :meth:`apply` changes it; :meth:`clone` gives an independent copy
    for "what if". An edition's subclass sets the class attributes below.
    """

    __slots__ = ("_events", "_legal", "_names", "history", "log", "rng", "rules", "state")

    #: The edition's name, as saved games and events name it.
    edition: ClassVar[str]
    #: The version of the saved-game format written by :meth:`to_json`.
    format_version: ClassVar[int] = 1
    #: What a save file of another edition is told (a message id).
    not_this_edition: ClassVar[str]
    #: The phase of a finished game.
    over: ClassVar[Any]
    #: Every card id of the edition, each once.
    all_cards: ClassVar[tuple[str, ...]]
    #: Each card's kind, by id.
    kind_of: ClassVar[Mapping[str, Any]]
    #: The kinds of card each zone may hold, by the last part of the zone's name
    #: (``"p0.hand"``: ``"hand"``).
    zone_kinds: ClassVar[Mapping[str, Collection[Any]]]
    #: Every kind of event the edition has words for.
    known_events: ClassVar[frozenset[str]]
    #: Each kind of action's handler.
    handlers: ClassVar[dict[type[Action], Handler]]
    #: The legal actions of each phase.
    legal: ClassVar[dict[Any, Callable[[Any], list[Action]]]]
    #: How a saved state and saved settings are read back.
    state_type: ClassVar[Any]
    rules_type: ClassVar[Any]
    #: What one player may see of the table: ``show(game, viewer)``, JSON-able; the view
    #: adds the edition, the viewer, the signs, the winner, and what the deciding player
    #: should do and may do.
    show: ClassVar[Callable[[Any, int | None], dict[str, Any]]]
    #: What the player deciding now should do: ``prompt(game)``, in words.
    prompt: ClassVar[Callable[[Any], str]]

    def __init__(self, state: StateT, rules: RulesT, rng: GameRandom) -> None:
        self.state = state
        self.rules = rules
        self.rng = rng
        #: Everything that happened, in order; each event has plain-words ``text``.
        self.log: list[Event] = []
        #: Every action applied, in order.
        self.history: list[Action] = []
        self._events: list[Event] = []
        self._legal: list[Action] | None = None
        self._names = tuple(player.name for player in state.players)

    # -- what an edition supplies --------------------------------------------------------

    def zones(self) -> dict[str, list[str]]:
        """Every card id, each in exactly one zone."""
        raise NotImplementedError

    def _fits(self) -> bool:
        """Whether the edition's own parts of a loaded table are ones the rules could reach
        (each step of a turn with its own loose ends, cards in their kinds of place)."""
        raise NotImplementedError

    # -- the contract ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """How many players sit at the table."""
        return len(self.state.players)

    @property
    def names(self) -> list[str]:
        """The players' names, by seat."""
        return [player.name for player in self.state.players]

    @property
    def current_player(self) -> int:
        """The seat of the player who decides now."""
        return self.state.current

    @property
    def phase(self) -> Any:
        """What the player who decides now is deciding."""
        return self.state.phase

    @property
    def is_over(self) -> bool:
        """Whether the game has a winner."""
        return self.state.phase is self.over

    @property
    def winner(self) -> int | None:
        """The winner's seat, or ``None`` while the game goes on."""
        return self.state.winner

    def legal_actions(self) -> list[Action]:
        """Every action the player who decides now may take; empty only when the game is
        over. Equivalent actions are listed once; :meth:`apply` accepts any of them."""
        if self._legal is None:
            self._legal = self.legal[self.state.phase](self)
        return list(self._legal)

    def verify(self, action: Action, player: int | None = None) -> None:
        """Check that ``action`` is allowed now (for ``player``, when given).

        :raises IllegalActionError: with the reason in words a child can read.
        """
        if self.is_over:
            raise IllegalActionError(_("The game is over."))
        if player is not None and player != self.state.current:
            raise IllegalActionError(
                _("It is {name}'s turn to choose.", name=self.names[self.state.current])
            )
        handler = self.handlers.get(type(action))
        if handler is None:
            raise IllegalActionError(_("That is not something you can do in this game."))
        allowed_in, verify, _perform = handler
        if self.state.phase not in allowed_in:
            raise IllegalActionError(_("Not now. {what}", what=self.what_now()))
        verify(self, action)

    def can(self, action: Action, player: int | None = None) -> bool:
        """Whether ``action`` is allowed now (for ``player``, when given)."""
        try:
            self.verify(action, player)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Do ``action`` for the player who decides now and return what happened.

        :param player: who asks; when given, anyone but the player who decides is refused.
        :raises IllegalActionError: if the action is not allowed now; nothing changes then.
        """
        self.verify(action, player)
        self._events = []
        self.handlers[type(action)][2](self, action)
        self.history.append(action)
        self._legal = None
        return self.flush_events()

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see, as JSON-able data (``None``: an onlooker).

        :raises ValueError: for a seat nobody sits in.
        """
        if player is not None and not 0 <= player < self.num_players:
            raise ValueError(f"there is no player {player}")
        deciding = player == self.state.current and not self.is_over
        return {
            "edition": self.edition,
            "viewer": player,
            **type(self).show(self, player),
            "operations": self.rules.operations,
            "winner": self.state.winner,
            "prompt": self.what_now() if deciding else None,
            "legal_actions": [act.to_dict() for act in self.legal_actions()] if deciding else [],
        }

    def what_now(self) -> str:
        """What the player who decides now should do, in words."""
        return type(self).prompt(self)

    def clone(self) -> Self:
        """An independent copy, random generator included."""
        twin = type(self)(self.state.copy(), self.rules, self.rng.copy())
        twin.log = list(self.log)
        twin.history = list(self.history)
        twin._legal = self._legal  # pragma: no mutate (None: the same list, worked out again)
        return twin

    # -- saving ------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole game as JSON: state, rules, random generator, log and history."""
        return json.dumps(
            {
                "format": "sq2edu-game",
                "edition": self.edition,
                "version": self.format_version,
                "rules": self.rules.to_dict(),
                "state": self.state.to_dict(),
                "rng": self.rng.to_state(),
                "log": [event.to_dict() for event in self.log],
                "history": [act.to_dict() for act in self.history],
            },
            ensure_ascii=False,  # pragma: no mutate (json reads None as False)
        )

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Load a game saved by :meth:`to_json`.

        :raises SaveFileError: if the text is not a game of this edition saved by sq2edu,
            or is damaged.
        """
        if not isinstance(text, (str, bytes, bytearray)) or len(text) > MAX_SAVE_SIZE:
            raise SaveFileError(_("This is not a saved game, or it is far too big."))
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise SaveFileError(_("This is not a saved game: it is not JSON.")) from error
        if not isinstance(data, dict) or data.get("format") != "sq2edu-game":
            raise SaveFileError(_("This is not a saved sq2edu game."))
        if data.get("edition") != cls.edition:
            raise SaveFileError(_(cls.not_this_edition))
        version = data.get("version")
        if type(version) is not int or version != cls.format_version:
            raise SaveFileError(_("This saved game comes from another version of sq2edu."))
        try:
            if not isinstance(data["rules"], dict) or not isinstance(data["state"], dict):
                raise ValueError("rules and state are objects")
            game = cls(
                cls.state_type.from_dict(data["state"]),
                cls.rules_type.from_dict(data["rules"]),
                GameRandom.from_state(data["rng"]),
            )
            game.log = [Event.from_dict(event) for event in data["log"]]
            game.history = [action_from_dict(act) for act in data["history"]]
            consistent = game._consistent()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise SaveFileError(_("This saved game is damaged.")) from error
        if not consistent:
            raise SaveFileError(_("This saved game is damaged."))
        return game

    def _consistent(self) -> bool:
        """Whether the table is one the rules could reach: each card once, in a zone that
        holds its kind, the edition's own loose ends tied (:meth:`_fits`), and the game
        able to go on."""
        s = self.state
        cards = [card for zone in self.zones().values() for card in zone]
        if sorted(cards) != sorted(self.all_cards):
            return False
        seats = range(len(s.players))
        if not 2 <= len(s.players) <= 5 or s.current not in seats:
            return False
        if (s.winner is None) != (s.phase is not self.over) or (
            s.winner is not None and s.winner not in seats
        ):
            return False
        for name, zone in self.zones().items():
            allowed = self.zone_kinds[name.rpartition(".")[2]]
            if any(self.kind_of[card] not in allowed for card in zone):
                return False
        if not self._fits():
            return False
        if any(event.kind not in self.known_events for event in self.log):
            return False
        return self.is_over or bool(self.legal_actions())

    # -- for the rule modules ----------------------------------------------------------

    def flush_events(self) -> list[Event]:
        """Move the events recorded so far into the log, and return them."""
        events, self._events = self._events, []
        self.log.extend(events)
        return events

    def emit(self, kind: str, player: int | None = None, **params: Any) -> None:
        """Record that something happened."""
        self._events.append(Event(kind, player, params, self.edition, self._names))

    @property
    def me(self) -> Any:
        """The things of the player who decides now."""
        return self.state.players[self.state.current]

    def __repr__(self) -> str:
        s = self.state
        return f"<{self.edition}.Game turn {s.turn}, {self.names[s.current]} to {s.phase.value}>"
