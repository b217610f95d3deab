"""The Rescue's game object: the contract shared by both editions.

>>> from sq2edu import rescue
>>> game = rescue.new_game(players=["Mia", "Leo"], seed=7)
>>> game.legal_actions()
[Roll()]
>>> events = game.apply(game.legal_actions()[0])

Every choice is an action from :meth:`Game.legal_actions`; :meth:`Game.verify` says in words
why any other action is not allowed now; all chance comes from the game's own seeded
generator, so the same seed and actions replay the same game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sq2edu.core import (
    Action,
    Event,
    GameRandom,
    IllegalActionError,
    SaveFileError,
    action_from_dict,
)
from sq2edu.i18n import _
from sq2edu.rescue import instants, realm, turn
from sq2edu.rescue.cards import CARDS, COMPANIONS, KINGS, MAIN_DECK, Kind, Knight
from sq2edu.rescue.narration import KNOWN_EVENTS
from sq2edu.rescue.prompts import what_now
from sq2edu.rescue.rules import Rules
from sq2edu.rescue.state import Phase, PlayerState, State

__all__ = ["FORMAT_VERSION", "Game"]

#: The version of the saved-game format written by :meth:`Game.to_json`.
FORMAT_VERSION = 1
#: The largest saved game :meth:`Game.from_json` reads (a long game is a few hundred KB).
MAX_SAVE_SIZE = 20_000_000

_MAIN = frozenset(CARDS[card].kind for card in MAIN_DECK)
_HELD = frozenset({Kind.NUMBER, Kind.QUEEN, Kind.SPELL_BOOK})
_INSTANT = frozenset(kind for kind in Kind if kind.instant)
_KNIGHTS = frozenset(knight.value for knight in Knight)
_PLAYING_PHASES = frozenset(
    {
        Phase.GNOME_COMPANION,
        Phase.GNOME_STEAL,
        Phase.GNOME_QUEEN,
        Phase.GNOME_KNIGHTS,
        Phase.WITCH,
    }
)
#: What kind of card each zone may hold (by the last part of the zone's name).
_ZONE_KINDS: dict[str, frozenset[Kind]] = {
    "deck": _MAIN,
    "discard": _MAIN,
    "grid": frozenset({Kind.COMPANION}),
    "kings": frozenset({Kind.KING}),
    "pending": _INSTANT,
    "playing": _INSTANT,
    "realm": _HELD,
    "sleeping": frozenset({Kind.QUEEN}),
    "companions": frozenset({Kind.COMPANION}),
    "drawn": _HELD,
}

Verifier = Callable[["Game", Any], None]
Performer = Callable[["Game", Any], None]


class Game:
    """A game of *Sleeping Queens 2: The Rescue*.

    Make one with :func:`sq2edu.rescue.new_game`. The object is mutable: :meth:`apply`
    changes it; :meth:`clone` gives an independent copy for "what if".
    """

    __slots__ = ("_events", "_legal", "_names", "history", "log", "rng", "rules", "state")

    def __init__(self, state: State, rules: Rules, rng: GameRandom) -> None:
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
    def phase(self) -> Phase:
        """The step of the turn."""
        return self.state.phase

    @property
    def is_over(self) -> bool:
        """Whether someone has rescued enough kings."""
        return self.state.phase is Phase.OVER

    @property
    def winner(self) -> int | None:
        """The winner's seat, or ``None`` while the game goes on."""
        return self.state.winner

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now; empty only when the game is over.

        Equivalent actions are listed once (one of two identical Spell Books, one way to
        pick two 3s); :meth:`apply` accepts any of the equivalents.
        """
        if self._legal is None:
            self._legal = _LEGAL[self.state.phase](self)
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
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(_("That is not something you can do in this game."))
        allowed_in, verify, _perform = handler
        if self.state.phase not in allowed_in:
            raise IllegalActionError(_("Not now. {what}", what=what_now(self)))
        verify(self, action)

    def can(self, action: Action, player: int | None = None) -> bool:
        """Whether ``action`` is allowed now (for ``player``, when given)."""
        try:
            self.verify(action, player)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Do ``action`` for the current player and return what happened.

        :param player: who asks; when given, anyone but the current player is refused.
        :raises IllegalActionError: if the action is not allowed now; nothing changes then.
        """
        self.verify(action, player)
        self._events = []
        _HANDLERS[type(action)][2](self, action)
        self.history.append(action)
        self._legal = None
        return self.flush_events()

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see, as JSON-able data (``None``: an onlooker)."""
        from sq2edu.rescue.views import view

        return view(self, player)

    def zones(self) -> dict[str, list[str]]:
        """Every card id, each in exactly one zone."""
        s = self.state
        zones: dict[str, list[str]] = {
            "deck": list(s.deck),
            "discard": list(s.discard),
            "grid": [card for card in s.grid if card is not None],
            "kings": list(s.kings),
            "pending": list(s.pending),
            "playing": [s.playing] if s.playing else [],
        }
        for seat, player in enumerate(s.players):
            zones[f"p{seat}.realm"] = list(player.realm)
            zones[f"p{seat}.sleeping"] = list(player.sleeping)
            zones[f"p{seat}.companions"] = list(player.companions)
            zones[f"p{seat}.kings"] = list(player.kings)
            zones[f"p{seat}.drawn"] = list(player.drawn)
        return zones

    def clone(self) -> Game:
        """An independent copy, random generator included."""
        twin = Game(self.state.copy(), self.rules, self.rng.copy())
        twin.log = list(self.log)
        twin.history = list(self.history)
        twin._legal = self._legal
        return twin

    # -- saving ------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole game as JSON: state, rules, random generator, log and history."""
        return json.dumps(
            {
                "format": "sq2edu-game",
                "edition": "rescue",
                "version": FORMAT_VERSION,
                "rules": self.rules.to_dict(),
                "state": self.state.to_dict(),
                "rng": self.rng.to_state(),
                "log": [event.to_dict() for event in self.log],
                "history": [act.to_dict() for act in self.history],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a game saved by :meth:`to_json`.

        :raises SaveFileError: if the text is not a Rescue game saved by sq2edu, or is damaged.
        """
        if not isinstance(text, (str, bytes, bytearray)) or len(text) > MAX_SAVE_SIZE:
            raise SaveFileError(_("This is not a saved game, or it is far too big."))
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise SaveFileError(_("This is not a saved game: it is not JSON.")) from error
        if not isinstance(data, dict) or data.get("format") != "sq2edu-game":
            raise SaveFileError(_("This is not a saved sq2edu game."))
        if data.get("edition") != "rescue":
            raise SaveFileError(_("This saved game is not a Rescue game."))
        version = data.get("version")
        if type(version) is not int or version != FORMAT_VERSION:
            raise SaveFileError(_("This saved game comes from another version of sq2edu."))
        try:
            if not isinstance(data["rules"], dict) or not isinstance(data["state"], dict):
                raise ValueError("rules and state are objects")
            game = cls(
                State.from_dict(data["state"]),
                Rules.from_dict(data["rules"]),
                GameRandom.from_state(data["rng"]),
            )
            game.log = [Event.from_dict(event) for event in data["log"]]
            game.history = [action_from_dict(act) for act in data["history"]]
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise SaveFileError(_("This saved game is damaged.")) from error
        if not game._consistent():
            raise SaveFileError(_("This saved game is damaged."))
        return game

    def _consistent(self) -> bool:
        """Whether the table is one the rules could reach: each card once, in its kind of place."""
        zones = self.zones()
        cards = [card for zone in zones.values() for card in zone]
        if sorted(cards) != sorted([*MAIN_DECK, *COMPANIONS, *KINGS]):
            return False
        s = self.state
        seats = range(len(s.players))
        if not 2 <= len(s.players) <= 5 or s.current not in seats or len(s.grid) != len(s.face_up):
            return False
        if (s.winner is None) != (s.phase is not Phase.OVER) or (
            s.winner is not None and s.winner not in seats
        ):
            return False
        if s.rescuing is not None and (
            CARDS[s.rescuing[0]].kind is not Kind.QUEEN
            or CARDS[s.rescuing[1]].kind is not Kind.COMPANION
        ):
            return False
        if any(p.knight is not None and p.knight not in _KNIGHTS for p in s.players):
            return False
        # Each step of a turn comes with its own loose ends, and only with them.
        if (s.playing is not None) != (s.phase in _PLAYING_PHASES):
            return False
        if (s.rescuing is not None) != (s.phase is Phase.TAKE_KING):
            return False
        if s.phase is Phase.INSTANT and not s.pending:
            return False
        if any(event.kind not in KNOWN_EVENTS for event in self.log):
            return False
        kinds_fit = all(
            all(CARDS[card].kind in _ZONE_KINDS[name.rpartition(".")[2]] for card in zone)
            for name, zone in zones.items()
        )
        return kinds_fit and (self.is_over or bool(self.legal_actions()))

    # -- for the rule modules ----------------------------------------------------------

    def flush_events(self) -> list[Event]:
        """Move the events recorded so far into the log, and return them."""
        events, self._events = self._events, []
        self.log.extend(events)
        return events

    def emit(self, kind: str, player: int | None = None, **params: Any) -> None:
        """Record that something happened."""
        self._events.append(Event(kind, player, params, "rescue", self._names))

    @property
    def me(self) -> PlayerState:
        """The current player's things."""
        return self.state.players[self.state.current]

    def realm_limit(self, seat: int) -> int:
        """Cards the player at ``seat`` may keep at the end of a turn."""
        knight = self.state.players[seat].knight
        return self.rules.green_knight_limit if knight == "green" else self.rules.realm_limit

    def __repr__(self) -> str:
        s = self.state
        return f"<rescue.Game turn {s.turn}, {self.names[s.current]} to {s.phase.value}>"


_HANDLERS: dict[type[Action], tuple[frozenset[Phase], Verifier, Performer]] = {
    **turn.HANDLERS,
    **instants.HANDLERS,
    **realm.HANDLERS,
}
_LEGAL: dict[Phase, Callable[[Game], list[Action]]] = {
    **turn.LEGAL,
    **instants.LEGAL,
    **realm.LEGAL,
    Phase.OVER: lambda game: [],
}
