"""Discarding to draw new cards: one card, a pair of equal numbers, or an equation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sq2edu.classic.actions import Discard, DiscardEquation, DiscardPair
from sq2edu.classic.cards import CARDS, Kind
from sq2edu.classic.flow import finish_turn
from sq2edu.classic.state import Phase
from sq2edu.core import Action, IllegalActionError
from sq2edu.core.equation_cards import equation_choices, judge, require_own, require_right
from sq2edu.i18n import _

if TYPE_CHECKING:
    from sq2edu.classic.engine import Game

__all__ = ["HANDLERS", "LEGAL_DISCARDS"]

#: An equation to discard uses at least this many cards (fewer is a single card or a pair).
EQUATION_CARDS = 3


def _numbers(game: Game) -> list[str]:
    return [c for c in game.me.hand if CARDS[c].kind is Kind.NUMBER]


def _throw_away(game: Game, cards: tuple[str, ...]) -> None:
    for card in cards:
        game.me.hand.remove(card)
        game.state.discard.append(card)


# -- one card -----------------------------------------------------------------------------


def _verify_one(game: Game, action: Discard) -> None:
    if action.card not in game.me.hand:
        raise IllegalActionError(_("You can only discard cards from your hand."))


def _one(game: Game, action: Discard) -> None:
    _throw_away(game, (action.card,))
    game.emit("discarded", game.state.current, cards=[action.card])
    finish_turn(game)


def _legal_one(game: Game) -> list[Action]:
    # Cards that play alike are one choice: one per number, one per kind of power card.
    offered: dict[object, str] = {}
    for card in game.me.hand:
        info = CARDS[card]
        offered.setdefault(info.value if info.kind is Kind.NUMBER else info.kind, card)
    return [Discard(card) for card in offered.values()]


# -- a pair -------------------------------------------------------------------------------


def _verify_pair(game: Game, action: DiscardPair) -> None:
    numbers = _numbers(game)
    if action.first == action.second or not {action.first, action.second} <= set(numbers):
        raise IllegalActionError(_("Choose two number cards from your hand."))
    if CARDS[action.first].value != CARDS[action.second].value:
        raise IllegalActionError(_("A pair is two cards with the same number."))


def _pair(game: Game, action: DiscardPair) -> None:
    _throw_away(game, (action.first, action.second))
    game.emit(
        "pair",
        game.state.current,
        value=CARDS[action.first].value,
        cards=[action.first, action.second],
    )
    finish_turn(game)


def _legal_pairs(game: Game) -> list[Action]:
    by_value: dict[int, list[str]] = {}
    for card in _numbers(game):
        by_value.setdefault(CARDS[card].value, []).append(card)
    return [DiscardPair(ids[0], ids[1]) for ids in by_value.values() if len(ids) >= 2]


# -- an equation --------------------------------------------------------------------------


def _values(cards: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(CARDS[card].value for card in cards)


def _verify_equation(game: Game, action: DiscardEquation) -> None:
    require_own(
        action.cards, _numbers(game), _("Make your equation with number cards from your hand.")
    )
    if len(action.cards) < EQUATION_CARDS:
        raise IllegalActionError(_("An equation to discard uses three cards or more."))
    values = _values(action.cards)
    require_right(judge(action.text, values, game.rules.operations), values)


def _equation(game: Game, action: DiscardEquation) -> None:
    verdict = judge(action.text, _values(action.cards), game.rules.operations)
    assert verdict.equation is not None
    _throw_away(game, action.cards)
    game.emit(
        "equation", game.state.current, equation=verdict.equation.text, cards=list(action.cards)
    )
    finish_turn(game)


def _legal_equations(game: Game) -> list[Action]:
    numbers = tuple((card, CARDS[card].value) for card in _numbers(game))
    return [
        DiscardEquation(cards, text)
        for cards, text in equation_choices(numbers, game.rules.operations)
    ]


HANDLERS: dict[type, tuple[frozenset[Phase], Any, Any]] = {
    Discard: (frozenset({Phase.TURN}), _verify_one, _one),
    DiscardPair: (frozenset({Phase.TURN}), _verify_pair, _pair),
    DiscardEquation: (frozenset({Phase.TURN}), _verify_equation, _equation),
}

#: The discards offered on a turn.
LEGAL_DISCARDS = (_legal_one, _legal_pairs, _legal_equations)
