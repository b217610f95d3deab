"""The power cards: Kings wake queens, Knights steal them, Sleeping Potions put them back to
sleep, Jesters try their luck; and the Dragons and Wands that block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sq2edu.classic.actions import (
    Block,
    ChooseQueen,
    DontBlock,
    PlayJester,
    PlayKing,
    PlayKnight,
    PlayPotion,
)
from sq2edu.classic.cards import BLOCKERS, CARDS, RIVALS, Kind
from sq2edu.classic.flow import (
    draw_card,
    finish_turn,
    no_check,
    put_to_sleep,
    refill,
    sleeping_places,
    wake,
)
from sq2edu.classic.state import Attack, Phase, Waking
from sq2edu.core import Action, IllegalActionError
from sq2edu.i18n import _

if TYPE_CHECKING:
    from sq2edu.classic.engine import Game

__all__ = ["HANDLERS", "LEGAL", "first_of", "rival_in_realm"]


def first_of(game: Game, kind: Kind) -> str | None:
    """The first card of ``kind`` in the current player's hand (cards of a kind play alike)."""
    return next((c for c in game.me.hand if CARDS[c].kind is kind), None)


def _verify_in_hand(game: Game, card: str, kind: Kind, message: str) -> None:
    if card not in game.me.hand or CARDS[card].kind is not kind:
        raise IllegalActionError(message)


def _verify_slot(game: Game, slot: int) -> None:
    if not 0 <= slot < len(game.state.centre) or game.state.centre[slot] is None:
        raise IllegalActionError(_("No queen is sleeping in that place."))


def rival_in_realm(game: Game, seat: int, queen: str) -> str | None:
    """The queen of ``seat`` who would fight ``queen`` (the Cat or Dog Queen), if any."""
    rival = RIVALS.get(queen)
    return rival if rival is not None and rival in game.state.players[seat].queens else None


# -- King ---------------------------------------------------------------------------------


def _verify_king(game: Game, action: PlayKing) -> None:
    _verify_in_hand(game, action.king, Kind.KING, _("Choose a King from your hand."))
    _verify_slot(game, action.slot)


def _king(game: Game, action: PlayKing) -> None:
    game.me.hand.remove(action.king)
    game.state.discard.append(action.king)
    game.emit("king", game.state.current, king=action.king)
    wake(game, action.slot, None)


def _legal_kings(game: Game) -> list[Action]:
    king = first_of(game, Kind.KING)
    return [] if king is None else [PlayKing(king, slot) for slot in sleeping_places(game)]


# -- Knight and Sleeping Potion -----------------------------------------------------------


def _verify_target(game: Game, target: int, queen: str, message: str) -> None:
    s = game.state
    if not 0 <= target < len(s.players) or target == s.current:
        raise IllegalActionError(message)
    if queen not in s.players[target].queens:
        raise IllegalActionError(_("{name} has no such queen awake.", name=s.players[target].name))


def _verify_knight(game: Game, action: PlayKnight) -> None:
    _verify_in_hand(game, action.knight, Kind.KNIGHT, _("Choose a Knight from your hand."))
    _verify_target(game, action.target, action.queen, _("Choose another player's queen to take."))
    rival = rival_in_realm(game, game.state.current, action.queen)
    if rival is not None:
        raise IllegalActionError(
            _(
                "Your {rival} and the {queen} would fight like cats and dogs.",
                rival=_(CARDS[rival].name),
                queen=_(CARDS[action.queen].name),
            )
        )


def _verify_potion(game: Game, action: PlayPotion) -> None:
    _verify_in_hand(game, action.potion, Kind.POTION, _("Choose a Sleeping Potion from your hand."))
    _verify_target(
        game, action.target, action.queen, _("Choose another player's queen to put to sleep.")
    )


def _attack(game: Game, card: str, target: int, queen: str) -> None:
    s = game.state
    game.me.hand.remove(card)
    s.discard.append(card)
    kind = "knight" if CARDS[card].kind is Kind.KNIGHT else "potion"
    game.emit(kind, s.current, card=card, target=target, queen=queen)
    # The player under attack is always asked, Dragon or not, so that nobody learns what
    # is in their hand from whether they were asked.
    s.attack = Attack(card, target, queen)
    s.phase = Phase.BLOCK
    s.current = target


def _legal_attacks(game: Game) -> list[Action]:
    s = game.state
    knight = first_of(game, Kind.KNIGHT)
    potion = first_of(game, Kind.POTION)
    found: list[Action] = []
    for seat, player in enumerate(s.players):
        if seat == s.current:
            continue
        for queen in player.queens:
            if knight is not None and rival_in_realm(game, s.current, queen) is None:
                found.append(PlayKnight(knight, seat, queen))
            if potion is not None:
                found.append(PlayPotion(potion, seat, queen))
    return found


# -- blocking -----------------------------------------------------------------------------


def _verify_block(game: Game, action: Block) -> None:
    attack = game.state.attack
    assert attack is not None
    if action.card not in game.me.hand:
        raise IllegalActionError(_("Block with a card from your hand."))
    if CARDS[attack.card].kind is Kind.KNIGHT:
        if CARDS[action.card].kind is not Kind.DRAGON:
            raise IllegalActionError(_("Only a Dragon can stop a Knight."))
    elif CARDS[action.card].kind is not Kind.WAND:
        raise IllegalActionError(_("Only a Wand can stop a Sleeping Potion."))


def _block(game: Game, action: Block) -> None:
    s = game.state
    defender = s.current
    game.me.hand.remove(action.card)
    s.discard.append(action.card)
    game.emit("blocked", defender, card=action.card)
    # Both draw one card, the player whose turn it is first. Blocking is not a turn.
    refill(game, s.turn_player)
    refill(game, defender)
    finish_turn(game)


def _dont_block(game: Game, action: DontBlock) -> None:
    s = game.state
    attack = s.attack
    assert attack is not None
    s.players[attack.target].queens.remove(attack.queen)
    s.current = s.turn_player
    if CARDS[attack.card].kind is Kind.KNIGHT:
        game.me.queens.append(attack.queen)
        game.emit("stole", s.current, target=attack.target, queen=attack.queen)
    else:
        slot = put_to_sleep(game, attack.queen)
        game.emit("slept", s.current, target=attack.target, queen=attack.queen, slot=slot)
    finish_turn(game)


def _legal_block(game: Game) -> list[Action]:
    attack = game.state.attack
    assert attack is not None
    blocker = first_of(game, BLOCKERS[CARDS[attack.card].kind])
    return [DontBlock()] if blocker is None else [Block(blocker), DontBlock()]


# -- Jester -------------------------------------------------------------------------------


def _verify_jester(game: Game, action: PlayJester) -> None:
    _verify_in_hand(game, action.jester, Kind.JESTER, _("Choose a Jester from your hand."))


def _jester(game: Game, action: PlayJester) -> None:
    s = game.state
    game.me.hand.remove(action.jester)
    s.discard.append(action.jester)
    turned = draw_card(game)
    assert turned is not None  # the Jester itself is on the discard pile
    game.emit("jester", s.current, card=turned)
    if CARDS[turned].kind.power:
        # A power card goes to the hand, and the player plays again.
        game.me.hand.append(turned)
        game.emit("play-again", s.current, card=turned)
        return
    s.discard.append(turned)
    count = len(s.players)
    lands_on = (s.turn_player + CARDS[turned].value - 1) % count
    game.emit("counted", s.current, value=CARDS[turned].value, target=lands_on)
    s.current = lands_on
    s.phase = Phase.CHOOSE_QUEEN
    s.waking = Waking.JESTER


def _legal_jester(game: Game) -> list[Action]:
    jester = first_of(game, Kind.JESTER)
    return [] if jester is None else [PlayJester(jester)]


# -- choosing a queen to wake -------------------------------------------------------------


def _verify_choose(game: Game, action: ChooseQueen) -> None:
    _verify_slot(game, action.slot)


def _choose(game: Game, action: ChooseQueen) -> None:
    wake(game, action.slot, game.state.waking)


HANDLERS: dict[type, tuple[frozenset[Phase], Any, Any]] = {
    PlayKing: (frozenset({Phase.TURN}), _verify_king, _king),
    PlayKnight: (
        frozenset({Phase.TURN}),
        _verify_knight,
        lambda game, a: _attack(game, a.knight, a.target, a.queen),
    ),
    PlayPotion: (
        frozenset({Phase.TURN}),
        _verify_potion,
        lambda game, a: _attack(game, a.potion, a.target, a.queen),
    ),
    PlayJester: (frozenset({Phase.TURN}), _verify_jester, _jester),
    ChooseQueen: (frozenset({Phase.CHOOSE_QUEEN}), _verify_choose, _choose),
    Block: (frozenset({Phase.BLOCK}), _verify_block, _block),
    DontBlock: (frozenset({Phase.BLOCK}), no_check, _dont_block),
}

#: The plays offered on a turn (the discards are listed by :mod:`sq2edu.classic.discards`).
LEGAL_PLAYS = (_legal_kings, _legal_attacks, _legal_jester)

LEGAL: dict[Phase, Any] = {
    Phase.BLOCK: _legal_block,
    Phase.CHOOSE_QUEEN: lambda game: [ChooseQueen(slot) for slot in sleeping_places(game)],
}
