"""Discarding to draw new cards: one card, a pair of equal numbers, or an equation."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sq2edu.classic.actions import Discard, DiscardEquation, DiscardPair
from sq2edu.classic.cards import CARDS, Kind
from sq2edu.classic.flow import finish_turn
from sq2edu.classic.state import Phase
from sq2edu.core import Action, IllegalActionError
from sq2edu.equations import MAX_LENGTH, Verdict, check, solve
from sq2edu.i18n import _, get_language

if TYPE_CHECKING:
    from sq2edu.classic.engine import Game

__all__ = ["HANDLERS", "LEGAL_DISCARDS", "judge"]

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


def judge(text: str, values: tuple[int, ...], operations: str) -> Verdict:
    """The verdict on an equation made from cards of these ``values`` (remembered)."""
    if len(text) > MAX_LENGTH:  # pragma: no mutate (at MAX_LENGTH only the caching differs)
        return check(text, values, operations)  # too long: never kept
    return _judge_once(text, values, operations, get_language())


@lru_cache(maxsize=4096)
def _judge_once(text: str, values: tuple[int, ...], operations: str, _language: str) -> Verdict:
    # verify() and apply() ask the same question, and bots ask it again and again. The
    # verdict holds words, so the language is part of the question.
    return check(text, values, operations)


def _verify_equation(game: Game, action: DiscardEquation) -> None:
    numbers = _numbers(game)
    if len(set(action.cards)) != len(action.cards) or not all(c in numbers for c in action.cards):
        raise IllegalActionError(_("Make your equation with number cards from your hand."))
    if len(action.cards) < EQUATION_CARDS:
        raise IllegalActionError(_("An equation to discard uses three cards or more."))
    values = tuple(CARDS[c].value for c in action.cards)
    verdict = judge(action.text, values, game.rules.operations)
    if not verdict.ok:
        raise IllegalActionError(verdict.problems[0].message)
    if Counter(verdict.cards_used) != Counter(values):
        raise IllegalActionError(_("Use each card you chose in the equation, and no others."))


def _equation(game: Game, action: DiscardEquation) -> None:
    values = tuple(CARDS[c].value for c in action.cards)
    verdict = judge(action.text, values, game.rules.operations)
    assert verdict.equation is not None
    _throw_away(game, action.cards)
    game.emit(
        "equation", game.state.current, equation=verdict.equation.text, cards=list(action.cards)
    )
    finish_turn(game)


def _legal_equations(game: Game) -> list[Action]:
    return list(_equation_actions(tuple(_numbers(game)), game.rules.operations))


@lru_cache(maxsize=4096)
def _equation_actions(numbers: tuple[str, ...], operations: str) -> tuple[DiscardEquation, ...]:
    """One action per distinct equation, using the first cards of each value."""
    by_value: dict[int, list[str]] = {}
    for card in numbers:
        by_value.setdefault(CARDS[card].value, []).append(card)
    found = []
    for equation in solve(sorted(CARDS[card].value for card in numbers), operations):
        used: Counter[int] = Counter()
        ids = []
        for value in equation.cards:
            ids.append(by_value[value][used[value]])
            used[value] += 1
        found.append(DiscardEquation(tuple(ids), equation.text))
    return tuple(found)


HANDLERS: dict[type, tuple[frozenset[Phase], Any, Any]] = {
    Discard: (frozenset({Phase.TURN}), _verify_one, _one),
    DiscardPair: (frozenset({Phase.TURN}), _verify_pair, _pair),
    DiscardEquation: (frozenset({Phase.TURN}), _verify_equation, _equation),
}

#: The discards offered on a turn.
LEGAL_DISCARDS = (_legal_one, _legal_pairs, _legal_equations)
