"""What a player does with their realm: equations, pairs, Spell Books and rescues."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sq2edu.core import Action, IllegalActionError
from sq2edu.core.equation_cards import equation_choices, judge, require_own, require_right
from sq2edu.i18n import _
from sq2edu.rescue import companions, instants
from sq2edu.rescue.actions import (
    EndActions,
    MakeEquation,
    Rescue,
    TakeCompanion,
    TakeKing,
    UseSpellBook,
    WakeWithPair,
)
from sq2edu.rescue.cards import CARDS, Kind, matches
from sq2edu.rescue.state import Phase

if TYPE_CHECKING:
    from sq2edu.rescue.engine import Game

__all__ = ["HANDLERS", "LEGAL"]


def _numbers(game: Game) -> list[str]:
    return [c for c in game.me.realm if CARDS[c].kind is Kind.NUMBER]


def _red_knight(game: Game) -> bool:
    return game.me.knight == "red"


# -- equations ----------------------------------------------------------------------------


def _values(cards: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(CARDS[card].value for card in cards)


def _verify_equation(game: Game, action: MakeEquation) -> None:
    require_own(
        action.cards, _numbers(game), _("Make your equation with number cards from your realm.")
    )
    if not any(card is not None for card in game.state.grid):
        raise IllegalActionError(_("No companions are left to summon right now."))
    values = _values(action.cards)
    require_right(judge(action.text, values, game.rules.operations, _red_knight(game)), values)


def _make_equation(game: Game, action: MakeEquation) -> None:
    s = game.state
    verdict = judge(action.text, _values(action.cards), game.rules.operations, _red_knight(game))
    for card in action.cards:
        game.me.realm.remove(card)
        s.discard.append(card)
    assert verdict.equation is not None
    adjusted = verdict.adjusted
    game.emit(
        "equation",
        s.current,
        equation=verdict.equation.text,
        cards=list(action.cards),
        adjusted=[adjusted.card, adjusted.value] if adjusted else None,
    )
    companions.lay_face_down_if_needed(game)
    s.phase = Phase.TAKE_COMPANION


def _legal_equations(game: Game) -> list[Action]:
    if not any(card is not None for card in game.state.grid):
        return []
    numbers = tuple((card, CARDS[card].value) for card in _numbers(game))
    return [
        MakeEquation(cards, text)
        for cards, text in equation_choices(numbers, game.rules.operations, _red_knight(game))
    ]


def _verify_take_companion(game: Game, action: TakeCompanion) -> None:
    companions.verify_face_down(game, action.slot)


def _take_companion(game: Game, action: TakeCompanion) -> None:
    companions.take(game, action.slot)
    if game.state.phase is Phase.GNOME_COMPANION:
        instants.finish(game)
    else:
        game.state.phase = Phase.ACTIONS


# -- pairs and Spell Books ----------------------------------------------------------------


def _verify_pair(game: Game, action: WakeWithPair) -> None:
    numbers = _numbers(game)
    if action.first == action.second or not {action.first, action.second} <= set(numbers):
        raise IllegalActionError(_("Choose two number cards from your realm."))
    if CARDS[action.first].value != CARDS[action.second].value:
        raise IllegalActionError(_("A pair is two cards with the same number."))
    if not game.me.sleeping:
        raise IllegalActionError(_("None of your queens is asleep."))


def _pair(game: Game, action: WakeWithPair) -> None:
    me = game.me
    for card in (action.first, action.second):
        me.realm.remove(card)
        game.state.discard.append(card)
    woken = list(me.sleeping)
    me.realm.extend(woken)
    me.sleeping.clear()
    game.emit(
        "pair",
        game.state.current,
        value=CARDS[action.first].value,
        cards=[action.first, action.second],
        woken=woken,
    )


def _legal_pairs(game: Game) -> list[Action]:
    if not game.me.sleeping:
        return []
    by_value: dict[int, list[str]] = {}
    for card in _numbers(game):
        by_value.setdefault(CARDS[card].value, []).append(card)
    return [WakeWithPair(ids[0], ids[1]) for ids in by_value.values() if len(ids) >= 2]


def _verify_book(game: Game, action: UseSpellBook) -> None:
    if action.book not in game.me.realm or CARDS[action.book].kind is not Kind.SPELL_BOOK:
        raise IllegalActionError(_("Choose a Spell Book from your realm."))
    if action.card not in game.state.discard or CARDS[action.card].kind is not Kind.NUMBER:
        raise IllegalActionError(_("A Spell Book takes a number card from the discard pile."))


def _book(game: Game, action: UseSpellBook) -> None:
    s = game.state
    s.discard.remove(action.card)
    game.me.realm.remove(action.book)
    game.me.realm.append(action.card)
    s.discard.append(action.book)
    game.emit("spell-book", s.current, book=action.book, card=action.card)


def _legal_books(game: Game) -> list[Action]:
    book = next((c for c in game.me.realm if CARDS[c].kind is Kind.SPELL_BOOK), None)
    if book is None:
        return []
    # One choice per number value: the topmost card of each value in the pile.
    by_value: dict[int, str] = {}
    for card in reversed(game.state.discard):
        if CARDS[card].kind is Kind.NUMBER:
            by_value.setdefault(CARDS[card].value, card)
    return [UseSpellBook(book, by_value[value]) for value in sorted(by_value)]


# -- rescues ------------------------------------------------------------------------------


def _verify_rescue(game: Game, action: Rescue) -> None:
    me = game.me
    if action.queen in me.sleeping:
        raise IllegalActionError(_("A sleeping queen cannot rescue a king. Wake her up first."))
    if action.queen not in me.realm or CARDS[action.queen].kind is not Kind.QUEEN:
        raise IllegalActionError(_("Choose an awake queen from your realm."))
    if action.companion not in me.companions:
        raise IllegalActionError(_("Choose one of your companions."))
    if not matches(action.queen, action.companion):
        raise IllegalActionError(
            _(
                "The {companion} does not carry the tool the {queen} needs.",
                companion=_(CARDS[action.companion].name),
                queen=_(CARDS[action.queen].name),
            )
        )
    if not game.state.kings:
        raise IllegalActionError(_("Every king has been rescued already."))


def _rescue(game: Game, action: Rescue) -> None:
    s = game.state
    me = game.me
    me.realm.remove(action.queen)
    s.discard.append(action.queen)
    me.companions.remove(action.companion)
    companions.put_back(game, action.companion)
    s.rescuing = (action.queen, action.companion)
    s.phase = Phase.TAKE_KING


def _legal_rescues(game: Game) -> list[Action]:
    if not game.state.kings:
        return []
    me = game.me
    queens = [c for c in me.realm if CARDS[c].kind is Kind.QUEEN]
    return [Rescue(q, c) for q in queens for c in dict.fromkeys(me.companions) if matches(q, c)]


def _verify_king(game: Game, action: TakeKing) -> None:
    if action.king not in game.state.kings:
        raise IllegalActionError(_("Choose one of the kings still waiting in the middle."))


def _take_king(game: Game, action: TakeKing) -> None:
    s = game.state
    me = game.me
    s.kings.remove(action.king)
    me.kings.append(action.king)
    assert s.rescuing is not None
    queen, companion = s.rescuing
    s.rescuing = None
    game.emit("rescued", s.current, king=action.king, queen=queen, companion=companion)
    if len(me.kings) >= game.rules.kings_needed(len(s.players)):
        s.winner = s.current
        s.phase = Phase.OVER
        game.emit("won", s.current, kings=len(me.kings))
    else:
        s.phase = Phase.ACTIONS


def _legal_actions_phase(game: Game) -> list[Action]:
    return [
        *_legal_equations(game),
        *_legal_pairs(game),
        *_legal_books(game),
        *_legal_rescues(game),
        EndActions(),
    ]


HANDLERS: dict[type, tuple[frozenset[Phase], Any, Any]] = {
    MakeEquation: (frozenset({Phase.ACTIONS}), _verify_equation, _make_equation),
    TakeCompanion: (
        frozenset({Phase.TAKE_COMPANION, Phase.GNOME_COMPANION}),
        _verify_take_companion,
        _take_companion,
    ),
    WakeWithPair: (frozenset({Phase.ACTIONS}), _verify_pair, _pair),
    UseSpellBook: (frozenset({Phase.ACTIONS}), _verify_book, _book),
    Rescue: (frozenset({Phase.ACTIONS}), _verify_rescue, _rescue),
    TakeKing: (frozenset({Phase.TAKE_KING}), _verify_king, _take_king),
}

LEGAL: dict[Phase, Any] = {
    Phase.ACTIONS: _legal_actions_phase,
    Phase.TAKE_COMPANION: lambda game: [TakeCompanion(i) for i in companions.face_down(game)],
    Phase.TAKE_KING: lambda game: [TakeKing(k) for k in game.state.kings],
}
