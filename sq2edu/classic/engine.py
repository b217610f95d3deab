"""The classic game: its cards, phases, handlers and checks on the core contract.

>>> from sq2edu import classic
>>> game = classic.new_game(players=["Mia", "Leo"], seed=7)
>>> game.phase.value
'turn'
>>> events = game.apply(game.legal_actions()[-1])

Every choice is an action from :meth:`Game.legal_actions`; :meth:`Game.verify` says in words
why any other action is not allowed now; all chance comes from the game's own seeded
generator, so the same seed and actions replay the same game. The player who decides now
(:attr:`Game.current_player`) is usually the one whose turn it is, but may be a player under
attack (who may block) or the player a Jester's count landed on (who wakes a queen). The
contract itself (verify, apply, clone, saving and loading) is :class:`sq2edu.core.Game`'s.
"""

from __future__ import annotations

from types import MappingProxyType

from sq2edu import core
from sq2edu.classic import discards, plays, views
from sq2edu.classic.cards import CARDS, DECK, QUEENS, Kind, points
from sq2edu.classic.narration import KNOWN_EVENTS
from sq2edu.classic.prompts import what_now
from sq2edu.classic.rules import Rules
from sq2edu.classic.state import CENTRE_PLACES, Phase, PlayerState, State
from sq2edu.core import Action
from sq2edu.i18n import N_

__all__ = ["FORMAT_VERSION", "Game"]

#: The version of the saved-game format written by :meth:`Game.to_json`.
FORMAT_VERSION = 1
_NOT_QUEENS = frozenset(kind for kind in Kind if kind is not Kind.QUEEN)
_QUEEN = frozenset({Kind.QUEEN})


class Game(core.Game[State, Rules]):
    """A game of the classic *Sleeping Queens*.

    Make one with :func:`sq2edu.classic.new_game`. The object is mutable: :meth:`apply`
    changes it; :meth:`clone` gives an independent copy for "what if".
    """

    __slots__ = ()

    edition = "classic"
    format_version = FORMAT_VERSION
    not_this_edition = N_("This saved game is not a classic Sleeping Queens game.")
    over = Phase.OVER
    all_cards = (*QUEENS, *DECK)
    kind_of = MappingProxyType({card: CARDS[card].kind for card in all_cards})
    zone_kinds = MappingProxyType(
        {
            "deck": _NOT_QUEENS,
            "discard": _NOT_QUEENS,
            "hand": _NOT_QUEENS,
            "centre": _QUEEN,
            "queens": _QUEEN,
        }
    )
    known_events = KNOWN_EVENTS
    state_type = State
    rules_type = Rules
    prompt = what_now

    @property
    def phase(self) -> Phase:
        """What the current player is deciding."""
        return self.state.phase

    @property
    def current_player(self) -> int:
        """The seat of the player who decides now (a defender, when a block is offered)."""
        return self.state.current

    @property
    def turn_player(self) -> int:
        """The seat of the player whose turn it is."""
        return self.state.turn_player

    @property
    def me(self) -> PlayerState:
        """The things of the player who decides now."""
        return self.state.players[self.state.current]

    def points(self, seat: int) -> int:
        """The points of the awake queens in front of the player at ``seat``."""
        return points(self.state.players[seat].queens)

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

    def _fits(self) -> bool:
        s = self.state
        if s.turn_player not in range(len(s.players)):
            return False
        if len(s.centre) != CENTRE_PLACES or len(s.known) != CENTRE_PLACES:
            return False
        if any(known and queen is None for queen, known in zip(s.centre, s.known, strict=True)):
            return False
        if any(len(player.hand) > self.rules.hand_size for player in s.players):
            return False
        return self._phase_fits()

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


def _legal_turn(game: Game) -> list[Action]:
    found: list[Action] = []
    for offer in (*plays.LEGAL_PLAYS, *discards.LEGAL_DISCARDS):
        found += offer(game)
    return found


Game.handlers = {**plays.HANDLERS, **discards.HANDLERS}
Game.legal = {Phase.TURN: _legal_turn, **plays.LEGAL, Phase.OVER: lambda game: []}

# The views know the game only by its face; set here, once both modules are there.
Game.show = views.view
