"""The Rescue's game: its cards, phases, handlers and checks on the core contract.

>>> from sq2edu import rescue
>>> game = rescue.new_game(players=["Mia", "Leo"], seed=7)
>>> game.legal_actions()
[Roll()]
>>> events = game.apply(game.legal_actions()[0])

Every choice is an action from :meth:`Game.legal_actions`; :meth:`Game.verify` says in words
why any other action is not allowed now; all chance comes from the game's own seeded
generator, so the same seed and actions replay the same game. The contract itself (verify,
apply, clone, saving and loading) is :class:`sq2edu.core.Game`'s.
"""

from __future__ import annotations

from types import MappingProxyType

from sq2edu import core
from sq2edu.i18n import N_
from sq2edu.rescue import instants, realm, turn, views
from sq2edu.rescue.cards import CARDS, COMPANIONS, KINGS, MAIN_DECK, Kind, Knight
from sq2edu.rescue.narration import KNOWN_EVENTS
from sq2edu.rescue.prompts import what_now
from sq2edu.rescue.rules import Rules
from sq2edu.rescue.state import Phase, PlayerState, State

__all__ = ["FORMAT_VERSION", "Game"]

#: The version of the saved-game format written by :meth:`Game.to_json`.
FORMAT_VERSION = 1

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


class Game(core.Game[State, Rules]):
    """A game of *Sleeping Queens 2: The Rescue*.

    Make one with :func:`sq2edu.rescue.new_game`. The object is mutable: :meth:`apply`
    changes it; :meth:`clone` gives an independent copy for "what if".
    """

    __slots__ = ()

    edition = "rescue"
    format_version = FORMAT_VERSION
    not_this_edition = N_("This saved game is not a Rescue game.")
    over = Phase.OVER
    all_cards = (*MAIN_DECK, *COMPANIONS, *KINGS)
    kind_of = MappingProxyType({card: CARDS[card].kind for card in all_cards})
    zone_kinds = MappingProxyType(_ZONE_KINDS)
    known_events = KNOWN_EVENTS
    state_type = State
    rules_type = Rules
    prompt = what_now

    @property
    def phase(self) -> Phase:
        """The step of the turn."""
        return self.state.phase

    @property
    def me(self) -> PlayerState:
        """The current player's things."""
        return self.state.players[self.state.current]

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

    def _fits(self) -> bool:
        s = self.state
        if len(s.grid) != len(s.face_up):
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
        return s.phase is not Phase.INSTANT or bool(s.pending)

    def realm_limit(self, seat: int) -> int:
        """Cards the player at ``seat`` may keep at the end of a turn."""
        knight = self.state.players[seat].knight
        return self.rules.green_knight_limit if knight == "green" else self.rules.realm_limit


Game.handlers = {**turn.HANDLERS, **instants.HANDLERS, **realm.HANDLERS}
Game.legal = {**turn.LEGAL, **instants.LEGAL, **realm.LEGAL, Phase.OVER: lambda game: []}

# The views know the game only by its face; set here, once both modules are there.
Game.show = views.view
