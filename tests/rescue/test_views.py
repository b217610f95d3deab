"""What each player sees (RULES.md, "What each player sees"): views hide every secret.

Hidden from everyone: the order of the draw pile and which companion lies face down where.
Hidden from the other players: a player's sleeping queens and the cards they drew this turn.
The log is public and never names a sleeping queen. Each test here builds a table that shows
one secret; ``tests/test_views_contract.py`` scans every view of random games for all of them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from sq2edu.rescue import EndActions, Game, Phase, PlayInstant, TakeCompanion
from sq2edu.rescue.cards import COMPANIONS, MAIN_DECK
from sq2edu.rescue.position import position
from tests.rescue.contract import ALL_CARDS, no_sleeping_queen_named
from tests.rules_helpers import assert_same_for, check_views, quoted, seen, viewers

PLAYERS = ("Mia", "Leo", "Ava")
REALMS = {
    0: ["n2a", "n3a", "n5a", "q-apple", "book1"],
    1: ["n4a", "q-kite", "n6b"],
    2: ["n7c", "n9d"],
}
COMPANIONS_HELD = {0: ["c-kangaroo"], 1: ["c-lion"]}
KINGS_HELD = {1: ["k-dino"]}
DISCARD = ["n8a", "q-snail"]


def _table(**changes: Any) -> Game:
    """The three-player table of these tests, with some things placed differently."""
    setup: dict[str, Any] = {
        "realms": REALMS,
        "companions": COMPANIONS_HELD,
        "kings": KINGS_HELD,
        "discard": DISCARD,
        "current": 0,
        "phase": Phase.ACTIONS,
    }
    setup.update(changes)
    game = position(PLAYERS, **setup)
    _assert_every_card_once(game)
    return game


def _assert_every_card_once(game: Game) -> None:
    cards = [card for zone in game.zones().values() for card in zone]
    assert sorted(cards) == sorted(ALL_CARDS.elements())


def _unplaced_main_deck(*placed: str) -> list[str]:
    used = {
        *placed,
        *DISCARD,
        *(card for cards in REALMS.values() for card in cards),
    }
    return [card for card in MAIN_DECK if card not in used]


# -- every view is JSON ----------------------------------------------------------------


def test_views_are_json_for_every_viewer() -> None:
    """view(p) and view(None) go through json.dumps and come back equal."""
    check_views(_table(sleeping={1: ["q-owl"]}, pending=["gnome1"], phase=Phase.INSTANT))


def test_only_the_deciding_player_sees_the_choices() -> None:
    """The current player's view lists the legal actions; the others' and the onlooker's don't."""
    check_views(_table())


# -- pairs of games that differ only in hidden cards ---------------------------------------


@pytest.mark.parametrize("phase", [Phase.ROLL, Phase.ACTIONS])
def test_the_draw_pile_order_is_hidden_from_everyone(phase: Phase) -> None:
    """Two games whose draw piles hold the same cards in another order look the same."""
    rest = _unplaced_main_deck()
    shuffled = list(rest)
    random.Random(4).shuffle(shuffled)
    a = _table(deck_top=rest, phase=phase)
    b = _table(deck_top=shuffled, phase=phase)
    assert a.zones()["deck"] != b.zones()["deck"]
    assert_same_for(a, b, viewers(a))
    if phase is Phase.ACTIONS:
        a.apply(EndActions())
        b.apply(EndActions())
        assert_same_for(a, b, viewers(a))


def _grids() -> tuple[list[str | None], list[str | None], list[bool]]:
    free = [c for c in COMPANIONS if c not in {"c-kangaroo", "c-lion"}]
    face_up = [True, False, False, False, True, False, False, False, False, False]
    first: list[str | None] = [*free, None, None]
    second: list[str | None] = list(first)
    down = [i for i, card in enumerate(first) if card is not None and not face_up[i]]
    cards = [first[i] for i in down]
    for place, card in zip(down, [*cards[1:], cards[0]], strict=True):
        second[place] = card
    return first, second, face_up


@pytest.mark.parametrize("phase", [Phase.ACTIONS, Phase.TAKE_COMPANION])
def test_which_companion_lies_face_down_where_is_hidden(phase: Phase) -> None:
    """Permuting the face-down companions among their places changes no view."""
    first, second, face_up = _grids()
    a = _table(grid=first, face_up=face_up, phase=phase)
    b = _table(grid=second, face_up=face_up, phase=phase)
    assert a.state.grid != b.state.grid
    assert_same_for(a, b, viewers(a))
    grid = seen(a, 0)["grid"]
    assert [place["card"] for place in grid][:5] == [first[0], None, None, None, first[4]]
    assert [place["occupied"] for place in grid][-2:] == [False, False]


def test_choosing_a_companion_names_a_place_not_a_card() -> None:
    """TakeCompanion offers grid places; no face-down companion id is in the view."""
    first, _second, face_up = _grids()
    game = _table(grid=first, face_up=face_up, phase=Phase.TAKE_COMPANION)
    view = seen(game, 0)
    down = {card for card, up in zip(first, face_up, strict=True) if card and not up}
    slots = [i for i, card in enumerate(first) if card is not None and not face_up[i]]
    assert view["legal_actions"] == [{"kind": "take-companion", "slot": i} for i in slots]
    assert not down & set(quoted(view))
    assert all(isinstance(a, TakeCompanion) for a in game.legal_actions())


SLEEPERS = (["q-owl", "q-bee"], ["q-fox", "q-pear"])


@pytest.mark.parametrize(
    ("instant", "rolls"),
    [("witch1", ()), ("gnome1", ("2",)), ("gnome1", ("3",)), ("willow1", ())],
    ids=["switch-witch", "gnome-steal", "gnome-queen", "sleeping-willow"],
)
def test_another_players_sleeping_queens_are_hidden(instant: str, rolls: tuple[str, ...]) -> None:
    """Exchanging Leo's sleeping queens for others changes only Leo's own view."""
    a, b = (
        _table(sleeping={1: queens}, pending=[instant], phase=Phase.INSTANT, rolls=rolls)
        for queens in SLEEPERS
    )
    for step in range(2):
        assert_same_for(a, b, [None, 0, 2])
        assert seen(a, 1) != seen(b, 1)
        assert seen(a, 1)["players"][1]["sleeping"] == a.state.players[1].sleeping
        assert seen(b, 1)["players"][1]["sleeping"] == b.state.players[1].sleeping
        assert seen(a, 0)["players"][1]["sleeping"] == len(a.state.players[1].sleeping)
        if step == 0:
            events = (a.apply(PlayInstant(instant)), b.apply(PlayInstant(instant)))
            assert [e.to_dict() for e in events[0]] == [e.to_dict() for e in events[1]]


def test_sleeping_queens_are_hidden_in_the_actions_phase() -> None:
    """Mia's choices (equations, books, rescues) do not depend on Leo's sleeping queens."""
    a, b = (_table(sleeping={1: queens}) for queens in SLEEPERS)
    assert_same_for(a, b, [None, 0, 2])
    assert seen(a, 1) != seen(b, 1)


DRAWN = (["n3b", "q-owl"], ["n7b", "book2"])


def _drawing(drawn: list[str], instant: str, rolls: tuple[str, ...]) -> Game:
    """Leo is in the middle of his turn: he drew ``drawn`` and an Instant Action."""
    game = _table(current=1, pending=[instant], phase=Phase.INSTANT, rolls=rolls)
    for card in drawn:
        game.state.deck.remove(card)
    game.state.players[1].drawn = list(drawn)
    _assert_every_card_once(game)
    return game


@pytest.mark.parametrize(
    ("instant", "rolls"),
    [("witch1", ()), ("gnome1", ("dragon",)), ("gnome1", ("1",))],
    ids=["switch-witch", "gnome-knights", "gnome-companion"],
)
def test_the_cards_another_player_drew_are_hidden(instant: str, rolls: tuple[str, ...]) -> None:
    """Swapping the cards Leo drew this turn changes only Leo's own view, until he places them."""
    a, b = (_drawing(cards, instant, rolls) for cards in DRAWN)
    for step in range(2):
        assert_same_for(a, b, [None, 0, 2])
        assert seen(a, 1)["players"][1]["drawn"] == a.state.players[1].drawn
        assert seen(b, 1)["players"][1]["drawn"] == b.state.players[1].drawn
        assert seen(a, 0)["players"][1]["drawn"] == 2
        assert seen(a, 1) != seen(b, 1)
        if step == 0:
            a.apply(PlayInstant(instant))
            b.apply(PlayInstant(instant))
            assert a.phase is b.phase
            assert a.phase is not Phase.ACTIONS


def test_drawn_cards_become_public_when_placed() -> None:
    """After the Willow, Leo's drawn cards go face up into his realm: now everyone sees them."""
    a, b = (_drawing(cards, "willow1", ()) for cards in DRAWN)
    a.apply(PlayInstant("willow1"))
    b.apply(PlayInstant("willow1"))
    assert a.phase is Phase.ACTIONS
    assert set(DRAWN[0]) <= set(seen(a, 0)["players"][1]["realm"])
    assert seen(a, 0) != seen(b, 0)


# -- the log ------------------------------------------------------------------------


def test_the_log_says_how_many_queens_fell_asleep_not_which() -> None:
    """A Sleeping Willow's event gives a count; neither its words nor its details name a queen."""
    game = _table(pending=["willow1"], phase=Phase.INSTANT)
    events = game.apply(PlayInstant("willow1"))
    assert game.state.players[0].sleeping == ["q-apple"]
    willow = [event for event in events if event.kind == "willow"]
    assert len(willow) == 1
    assert willow[0].params["count"] == 1
    no_sleeping_queen_named(game, events, "willow on Mia")
    for event in game.log:
        assert "Apple" not in event.text
        assert "q-apple" not in json.dumps(event.params)
