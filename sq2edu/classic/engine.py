"""The classic game object: the same contract as the Rescue's.

>>> from sq2edu import classic
>>> game = classic.new_game(players=["Mia", "Leo"], seed=7)
>>> game.phase.value
'turn'
>>> events = game.apply(game.legal_actions()[-1])

Every choice is an action from :meth:`Game.legal_actions`; :meth:`Game.verify` says in words
why any other action is not allowed now; all chance comes from the game's own seeded
generator, so the same seed and actions replay the same game. The player who decides now
(:attr:`Game.current_player`) is usually the one whose turn it is, but may be a player under
attack (who may block) or the player a Jester's count landed on (who wakes a queen).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sq2edu.classic import discards, plays
from sq2edu.classic.cards import CARDS, DECK, QUEENS, Kind, points
from sq2edu.classic.narration import KNOWN_EVENTS
from sq2edu.classic.prompts import what_now
from sq2edu.classic.rules import Rules
from sq2edu.classic.state import CENTRE_PLACES, Phase, PlayerState, State
from sq2edu.core import (
    Action,
    Event,
    GameRandom,
    IllegalActionError,
    SaveFileError,
    action_from_dict,
)
from sq2edu.i18n import _

__all__ = ["FORMAT_VERSION", "Game"]

#: The version of the saved-game format written by :meth:`Game.to_json`.
FORMAT_VERSION = 1
#: The largest saved game :meth:`Game.from_json` reads (a long game is a few hundred KB).
MAX_SAVE_SIZE = 20_000_000

Verifier = Callable[["Game", Any], None]
Performer = Callable[["Game", Any], None]


class Game:
    """A game of the classic *Sleeping Queens*.

    Make one with :func:`sq2edu.classic.new_game`. The object is mutable: :meth:`apply`
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
        """The seat of the player who decides now (a defender, when a block is offered)."""
        return self.state.current

    @property
    def turn_player(self) -> int:
        """The seat of the player whose turn it is."""
        return self.state.turn_player

    @property
    def phase(self) -> Phase:
        """What the current player is deciding."""
        return self.state.phase

    @property
    def is_over(self) -> bool:
        """Whether the game has a winner."""
        return self.state.phase is Phase.OVER

    @property
    def winner(self) -> int | None:
        """The winner's seat, or ``None`` while the game goes on."""
        return self.state.winner

    def points(self, seat: int) -> int:
        """The points of the awake queens in front of the player at ``seat``."""
        return points(self.state.players[seat].queens)

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now; empty only when the game is over.

        Cards that play alike are offered once (the first King in the hand, one of two 7s);
        :meth:`apply` accepts any of them.
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
        from sq2edu.classic.views import view

        return view(self, player)

    def zones(self) -> dict[str, list[str]]:
        """Every card id, each in exactly one zone."""
        s = self.state
        zones: dict[str, list[str]] = {
            "deck": list(s.deck),
            "discard": list(s.discard),
            "centre": [queen for queen in s.centre if queen is not None],
        }
        for seat, player in enumerate(s.players):
            zones[f"p{seat}.hand"] = list(player.hand)
            zones[f"p{seat}.queens"] = list(player.queens)
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
                "edition": "classic",
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

        :raises SaveFileError: if the text is not a classic game saved by sq2edu, or is
            damaged.
        """
        if not isinstance(text, (str, bytes, bytearray)) or len(text) > MAX_SAVE_SIZE:
            raise SaveFileError(_("This is not a saved game, or it is far too big."))
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise SaveFileError(_("This is not a saved game: it is not JSON.")) from error
        if not isinstance(data, dict) or data.get("format") != "sq2edu-game":
            raise SaveFileError(_("This is not a saved sq2edu game."))
        if data.get("edition") != "classic":
            raise SaveFileError(_("This saved game is not a classic Sleeping Queens game."))
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
            consistent = game._consistent()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise SaveFileError(_("This saved game is damaged.")) from error
        if not consistent:
            raise SaveFileError(_("This saved game is damaged."))
        return game

    def _consistent(self) -> bool:
        """Whether the table is one the rules could reach: each card once, in its kind of place."""
        s = self.state
        zones = self.zones()
        cards = [card for zone in zones.values() for card in zone]
        if sorted(cards) != sorted([*QUEENS, *DECK]):
            return False
        seats = range(len(s.players))
        if not 2 <= len(s.players) <= 5 or s.current not in seats or s.turn_player not in seats:
            return False
        if len(s.centre) != CENTRE_PLACES or len(s.known) != CENTRE_PLACES:
            return False
        if any(known and queen is None for queen, known in zip(s.centre, s.known, strict=True)):
            return False
        queen_zones = {"centre", "queens"}
        for name, zone in zones.items():
            wants_queens = name.rpartition(".")[2] in queen_zones
            if any((CARDS[card].kind is Kind.QUEEN) != wants_queens for card in zone):
                return False
        if any(len(player.hand) > self.rules.hand_size for player in s.players):
            return False
        if (s.winner is None) != (s.phase is not Phase.OVER) or (
            s.winner is not None and s.winner not in seats
        ):
            return False
        if not self._phase_fits():
            return False
        if any(event.kind not in KNOWN_EVENTS for event in self.log):
            return False
        return self.is_over or bool(self.legal_actions())

    def _phase_fits(self) -> bool:
        """Whether each step of a turn comes with its own loose ends, and only with them."""
        s = self.state
        if (s.attack is not None) != (s.phase is Phase.BLOCK):
            return False
        if (s.waking is not None) != (s.phase is Phase.CHOOSE_QUEEN):
            return False
        if s.phase is Phase.TURN and s.current != s.turn_player:
            return False
        attack = s.attack
        if attack is None:
            return True
        return (
            attack.card in CARDS
            and CARDS[attack.card].kind in (Kind.KNIGHT, Kind.POTION)
            and bool(s.discard)
            and s.discard[-1] == attack.card
            and attack.target == s.current != s.turn_player
            and attack.queen in s.players[attack.target].queens
        )

    # -- for the rule modules ----------------------------------------------------------

    def flush_events(self) -> list[Event]:
        """Move the events recorded so far into the log, and return them."""
        events, self._events = self._events, []
        self.log.extend(events)
        return events

    def emit(self, kind: str, player: int | None = None, **params: Any) -> None:
        """Record that something happened."""
        self._events.append(Event(kind, player, params, "classic", self._names))

    @property
    def me(self) -> PlayerState:
        """The things of the player who decides now."""
        return self.state.players[self.state.current]

    def __repr__(self) -> str:
        s = self.state
        return f"<classic.Game turn {s.turn}, {self.names[s.current]} to {s.phase.value}>"


def _legal_turn(game: Game) -> list[Action]:
    found: list[Action] = []
    for offer in (*plays.LEGAL_PLAYS, *discards.LEGAL_DISCARDS):
        found += offer(game)
    return found


_HANDLERS: dict[type[Action], tuple[frozenset[Phase], Verifier, Performer]] = {
    **plays.HANDLERS,
    **discards.HANDLERS,
}
_LEGAL: dict[Phase, Callable[[Game], list[Action]]] = {
    Phase.TURN: _legal_turn,
    **plays.LEGAL,
    Phase.OVER: lambda game: [],
}
