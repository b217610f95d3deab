"""The frame of a turn: rolling, dragons, drawing, placing, and the end-of-turn discard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sq2edu.core import Action, IllegalActionError
from sq2edu.i18n import _
from sq2edu.rescue.actions import Decline, Discard, EndActions, KeepRoll, Reroll, Roll, WakeQueen
from sq2edu.rescue.cards import CARDS
from sq2edu.rescue.state import Phase

if TYPE_CHECKING:
    from sq2edu.rescue.engine import Game

__all__ = [
    "HANDLERS",
    "LEGAL",
    "after_instants",
    "draw",
    "end_turn",
    "no_check",
    "place_drawn",
    "start_turn",
]


def start_turn(game: Game) -> None:
    """Begin the current player's turn."""
    s = game.state
    s.phase = Phase.ROLL
    s.roll = None
    s.rerolls_used = 0
    game.emit("turn", s.current)


def end_turn(game: Game) -> None:
    """Pass the turn to the left."""
    s = game.state
    s.current = (s.current + 1) % len(s.players)
    s.turn += 1
    start_turn(game)


def _roll(game: Game) -> None:
    s = game.state
    face = game.rng.roll(game.rules.die_faces)
    s.roll = face
    game.emit("rolled", s.current, face=face)
    if face == "dragon":
        # Knights pass to the left: the player on your left gets yours.
        knights = [player.knight for player in s.players]
        for seat, player in enumerate(s.players):
            player.knight = knights[seat - 1]
        game.emit("knights-move")
        s.phase = Phase.DRAGON_WAKE if game.me.sleeping else Phase.ROLL
        return
    count = int(face)
    if count == 1 and game.me.knight == "blue" and s.rerolls_used < game.rules.blue_rerolls:
        s.phase = Phase.REROLL
        return
    draw(game, count)


def draw(game: Game, count: int) -> None:
    """Draw ``count`` cards (one more with the purple knight), then go on with the turn."""
    s = game.state
    me = game.me
    if me.knight == "purple":
        count += 1
    drawn = 0
    for _time in range(count):
        if not s.deck:
            if not s.discard:
                break  # every card is in a realm: nothing left to draw
            s.deck, s.discard = s.discard, []
            game.rng.shuffle(s.deck)
            game.emit("reshuffled")
        card = s.deck.pop()
        drawn += 1
        if CARDS[card].kind.instant:
            s.pending.append(card)
        else:
            me.drawn.append(card)
    game.emit("drew", s.current, count=drawn, purple=me.knight == "purple")
    after_instants(game)


def after_instants(game: Game) -> None:
    """Play the next Instant Action, or, when none is left, place the drawn cards."""
    if game.state.pending:
        game.state.phase = Phase.INSTANT
    else:
        place_drawn(game)


def place_drawn(game: Game) -> None:
    """Put the drawn queens, numbers and Spell Books face up in the realm."""
    me = game.me
    if me.drawn:
        game.emit("placed", game.state.current, cards=list(me.drawn))
        me.realm.extend(me.drawn)
        me.drawn.clear()
    game.state.phase = Phase.ACTIONS


def realm_size(game: Game) -> int:
    """Cards in the current realm that count towards the limit."""
    return len(game.me.realm) + len(game.me.sleeping)


# -- handlers -----------------------------------------------------------------------------


def no_check(game: Game, action: Any) -> None:
    """Allowed whenever its phase is."""


def _reroll(game: Game, action: Reroll) -> None:
    game.state.rerolls_used += 1
    game.emit("rerolled", game.state.current)
    _roll(game)


def _keep(game: Game, action: KeepRoll) -> None:
    draw(game, 1)


def _verify_wake(game: Game, action: WakeQueen) -> None:
    if action.queen not in game.me.sleeping:
        raise IllegalActionError(_("That is not one of your sleeping queens."))


def _wake(game: Game, action: WakeQueen) -> None:
    me = game.me
    me.sleeping.remove(action.queen)
    me.realm.append(action.queen)
    game.emit("woke-queen", game.state.current, queen=action.queen)
    game.state.phase = Phase.ROLL


def _end_actions(game: Game, action: EndActions) -> None:
    if realm_size(game) > game.realm_limit(game.state.current):
        game.state.phase = Phase.DISCARD
    else:
        end_turn(game)


def _verify_discard(game: Game, action: Discard) -> None:
    if action.card not in game.me.realm and action.card not in game.me.sleeping:
        raise IllegalActionError(_("You can only discard a card from your own realm."))


def _discard(game: Game, action: Discard) -> None:
    me = game.me
    (me.realm if action.card in me.realm else me.sleeping).remove(action.card)
    game.state.discard.append(action.card)
    game.emit("discarded", game.state.current, cards=[action.card])
    if realm_size(game) <= game.realm_limit(game.state.current):
        end_turn(game)


def _legal_discard(game: Game) -> list[Action]:
    me = game.me
    return [Discard(card) for card in [*me.realm, *me.sleeping]]


HANDLERS: dict[type, tuple[frozenset[Phase], Any, Any]] = {
    Roll: (frozenset({Phase.ROLL}), no_check, lambda game, action: _roll(game)),
    Reroll: (frozenset({Phase.REROLL}), no_check, _reroll),
    KeepRoll: (frozenset({Phase.REROLL}), no_check, _keep),
    WakeQueen: (frozenset({Phase.DRAGON_WAKE}), _verify_wake, _wake),
    EndActions: (frozenset({Phase.ACTIONS}), no_check, _end_actions),
    Discard: (frozenset({Phase.DISCARD}), _verify_discard, _discard),
}

LEGAL: dict[Phase, Any] = {
    Phase.ROLL: lambda game: [Roll()],
    Phase.REROLL: lambda game: [Reroll(), KeepRoll()],
    Phase.DRAGON_WAKE: lambda game: [*(WakeQueen(q) for q in game.me.sleeping), Decline()],
    Phase.DISCARD: _legal_discard,
}
