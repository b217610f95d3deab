"""Instant Action cards: Wild Gnomes, Switch Witches and Sleeping Willows.

Each is played as its own decision, in the order the player chooses; the choices inside it
(what the Gnome takes, what the Witch swaps) are decisions too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sq2edu.core import Action, IllegalActionError
from sq2edu.i18n import _
from sq2edu.rescue import companions
from sq2edu.rescue.actions import (
    Decline,
    PlayInstant,
    StealCard,
    SwapKnights,
    SwitchCards,
    TakeCompanion,
    TakeQueenFromDiscard,
)
from sq2edu.rescue.cards import CARDS, Kind
from sq2edu.rescue.state import Phase
from sq2edu.rescue.turn import after_instants, no_check

if TYPE_CHECKING:
    from sq2edu.rescue.engine import Game

__all__ = ["HANDLERS", "LEGAL", "finish", "willow_target"]

_GNOME_PHASES = {
    "1": Phase.GNOME_COMPANION,
    "2": Phase.GNOME_STEAL,
    "3": Phase.GNOME_QUEEN,
    "dragon": Phase.GNOME_KNIGHTS,
}


def finish(game: Game) -> None:
    """The Instant Action card is done: onto the discard pile, and on with the turn."""
    s = game.state
    if s.playing is not None:
        s.discard.append(s.playing)
        s.playing = None
    after_instants(game)


# -- choosing which card to play ----------------------------------------------------------


def _verify_play(game: Game, action: PlayInstant) -> None:
    if action.card not in game.state.pending:
        raise IllegalActionError(_("That is not one of the Instant Action cards you drew."))


def _play(game: Game, action: PlayInstant) -> None:
    s = game.state
    s.pending.remove(action.card)
    s.playing = action.card
    kind = CARDS[action.card].kind
    if kind is Kind.GNOME:
        face = game.rng.roll(game.rules.die_faces)
        game.emit("gnome", s.current, face=face)
        phase = _GNOME_PHASES[face]
        if phase is Phase.GNOME_COMPANION:
            companions.lay_face_down_if_needed(game)
        if not _LEGAL_CHOICES[phase](game):
            game.emit("nothing")
            finish(game)
        else:
            s.phase = phase
    elif kind is Kind.WITCH:
        game.emit("witch", s.current)
        if _witch_choices(game):
            s.phase = Phase.WITCH
        else:
            game.emit("witch-nothing")
            finish(game)
    else:
        _willow(game)
        finish(game)


def _legal_play(game: Game) -> list[Action]:
    # Two cards of the same kind are the same choice: offer the first of each kind.
    offered: dict[Kind, str] = {}
    for card in game.state.pending:
        offered.setdefault(CARDS[card].kind, card)
    return [PlayInstant(card) for card in offered.values()]


# -- Sleeping Willow ----------------------------------------------------------------------


def willow_target(game: Game) -> int | None:
    """Whose queens a Sleeping Willow puts to sleep: the player, or the wind carries it on.

    The white knight protects its realm, wherever the wind blows.
    """
    s = game.state
    count = len(s.players)
    for step in range(count):
        seat = (s.current + step) % count
        player = s.players[seat]
        if player.knight != "white" and any(CARDS[c].kind is Kind.QUEEN for c in player.realm):
            return seat
    return None


def _willow(game: Game) -> None:
    s = game.state
    target = willow_target(game)
    if target is None:
        guarded = [
            seat
            for seat, player in enumerate(s.players)
            if any(CARDS[c].kind is Kind.QUEEN for c in player.realm)
        ]
        # Only the white knight can keep awake queens from the Willow, and there is one.
        if guarded:
            game.emit("willow-guarded", target=guarded[0])
        else:
            game.emit("willow-nobody")
        return
    if target != s.current:
        game.emit("east-wind", s.current, target=target)
    player = s.players[target]
    awake = [c for c in player.realm if CARDS[c].kind is Kind.QUEEN]
    player.realm = [c for c in player.realm if CARDS[c].kind is not Kind.QUEEN]
    player.sleeping.extend(awake)
    game.emit("willow", s.current, target=target, count=len(awake))


# -- Wild Gnome ---------------------------------------------------------------------------


def _stealable(game: Game) -> list[tuple[int, str]]:
    s = game.state
    return [
        (seat, card)
        for seat, player in enumerate(s.players)
        if seat != s.current
        for card in player.realm
    ]


def _verify_steal(game: Game, action: StealCard) -> None:
    s = game.state
    if not 0 <= action.target < len(s.players) or action.target == s.current:
        raise IllegalActionError(_("Choose another player's realm to take from."))
    if action.card not in s.players[action.target].realm:
        raise IllegalActionError(
            _("You can take a face-up queen, number or Spell Book from that realm.")
        )


def _steal(game: Game, action: StealCard) -> None:
    s = game.state
    s.players[action.target].realm.remove(action.card)
    game.me.realm.append(action.card)
    game.emit("stole", s.current, target=action.target, card=action.card)
    finish(game)


def _discarded_queens(game: Game) -> list[str]:
    return [c for c in game.state.discard if CARDS[c].kind is Kind.QUEEN]


def _verify_take_queen(game: Game, action: TakeQueenFromDiscard) -> None:
    if action.queen not in _discarded_queens(game):
        raise IllegalActionError(_("That queen is not in the discard pile."))


def _take_queen(game: Game, action: TakeQueenFromDiscard) -> None:
    game.state.discard.remove(action.queen)
    game.me.realm.append(action.queen)
    game.emit("queen-from-discard", game.state.current, queen=action.queen)
    finish(game)


def _verify_swap_knights(game: Game, action: SwapKnights) -> None:
    s = game.state
    seats = range(len(s.players))
    if action.first not in seats or action.second not in seats or action.first == action.second:
        raise IllegalActionError(_("Choose two different players to swap knights."))


def _swap_knights(game: Game, action: SwapKnights) -> None:
    players = game.state.players
    first, second = players[action.first], players[action.second]
    first.knight, second.knight = second.knight, first.knight
    game.emit("swapped-knights", game.state.current, first=action.first, second=action.second)
    finish(game)


# -- Switch Witch -------------------------------------------------------------------------


def _witch_choices(game: Game) -> list[Action]:
    s = game.state
    me = game.me
    choices: list[Action] = []
    for seat, player in enumerate(s.players):
        if seat == s.current or player.knight == "black":
            continue
        choices += [SwitchCards(mine, seat, theirs) for mine in me.realm for theirs in player.realm]
        choices += [
            SwitchCards(mine, seat, theirs)
            for mine in me.companions
            for theirs in player.companions
        ]
    return choices


def _verify_switch(game: Game, action: SwitchCards) -> None:
    s = game.state
    me = game.me
    if not 0 <= action.target < len(s.players) or action.target == s.current:
        raise IllegalActionError(_("Choose another player to swap with."))
    them = s.players[action.target]
    if them.knight == "black":
        raise IllegalActionError(
            _("{name}'s black knight protects their realm from the Switch Witch.", name=them.name)
        )
    realm_swap = action.mine in me.realm and action.theirs in them.realm
    companion_swap = action.mine in me.companions and action.theirs in them.companions
    if not (realm_swap or companion_swap):
        raise IllegalActionError(
            _(
                "Swap a face-up card of your realm for one of theirs, "
                "or a companion for a companion."
            )
        )


def _switch(game: Game, action: SwitchCards) -> None:
    me = game.me
    them = game.state.players[action.target]
    mine_zone, theirs_zone = (
        (me.realm, them.realm) if action.mine in me.realm else (me.companions, them.companions)
    )
    mine_zone[mine_zone.index(action.mine)] = action.theirs
    theirs_zone[theirs_zone.index(action.theirs)] = action.mine
    game.emit(
        "switched", game.state.current, mine=action.mine, target=action.target, theirs=action.theirs
    )
    finish(game)


# -- saying no ----------------------------------------------------------------------------


def _decline(game: Game, action: Decline) -> None:
    s = game.state
    if s.phase is Phase.DRAGON_WAKE:
        game.emit("let-sleep", s.current)
        s.phase = Phase.ROLL
        return
    game.emit("declined", s.current)
    finish(game)


_LEGAL_CHOICES: dict[Phase, Any] = {
    Phase.GNOME_COMPANION: lambda game: [TakeCompanion(i) for i in companions.face_down(game)],
    Phase.GNOME_STEAL: lambda game: [StealCard(seat, card) for seat, card in _stealable(game)],
    Phase.GNOME_QUEEN: lambda game: [
        TakeQueenFromDiscard(q) for q in dict.fromkeys(_discarded_queens(game))
    ],
    Phase.GNOME_KNIGHTS: lambda game: [
        SwapKnights(a, b)
        for a in range(game.num_players)
        for b in range(a + 1, game.num_players)
        if game.state.players[a].knight != game.state.players[b].knight
    ],
    Phase.WITCH: _witch_choices,
}

HANDLERS: dict[type, tuple[frozenset[Phase], Any, Any]] = {
    PlayInstant: (frozenset({Phase.INSTANT}), _verify_play, _play),
    StealCard: (frozenset({Phase.GNOME_STEAL}), _verify_steal, _steal),
    TakeQueenFromDiscard: (frozenset({Phase.GNOME_QUEEN}), _verify_take_queen, _take_queen),
    SwapKnights: (frozenset({Phase.GNOME_KNIGHTS}), _verify_swap_knights, _swap_knights),
    SwitchCards: (frozenset({Phase.WITCH}), _verify_switch, _switch),
    Decline: (
        frozenset(
            {
                Phase.DRAGON_WAKE,
                Phase.GNOME_COMPANION,
                Phase.GNOME_STEAL,
                Phase.GNOME_QUEEN,
                Phase.GNOME_KNIGHTS,
                Phase.WITCH,
            }
        ),
        no_check,
        _decline,
    ),
}

LEGAL: dict[Phase, Any] = {
    Phase.INSTANT: _legal_play,
    **{
        phase: (lambda game, choices=choices: [*choices(game), Decline()])
        for phase, choices in _LEGAL_CHOICES.items()
    },
}
