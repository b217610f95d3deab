"""What each player sees (RULES.md, "What each player sees"): views hide every secret.

Hidden from everyone: the order of the draw pile and which companion lies face down where.
Hidden from the other players: a player's sleeping queens and the cards they drew this turn.
The log is public and never names a sleeping queen.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from sq2edu.core import Event
from sq2edu.rescue import (
    EndActions,
    Game,
    Phase,
    PlayInstant,
    TakeCompanion,
    new_game,
)
from sq2edu.rescue.cards import CARDS, COMPANIONS, KINGS, MAIN_DECK
from sq2edu.rescue.position import position

#: Random games per number of players for the step-by-step leak scan.
VIEW_GAMES_PER_PLAYER_COUNT = 20
#: A random game that has not ended after this many actions is stuck.
MAX_STEPS = 3_000

PLAYERS = ("Mia", "Leo", "Ava")
REALMS = {
    0: ["n2a", "n3a", "n5a", "q-apple", "book1"],
    1: ["n4a", "q-kite", "n6b"],
    2: ["n7c", "n9d"],
}
COMPANIONS_HELD = {0: ["c-kangaroo"], 1: ["c-lion"]}
KINGS_HELD = {1: ["k-dino"]}
DISCARD = ["n8a", "q-snail"]
QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
ALL_CARDS = frozenset([*MAIN_DECK, *COMPANIONS, *KINGS])


def _seen(game: Game, viewer: int | None) -> dict[str, Any]:
    """The view after a JSON round trip: what a browser would receive."""
    data: dict[str, Any] = json.loads(json.dumps(game.view(viewer)))
    return data


def _viewers(game: Game) -> list[int | None]:
    return [None, *range(game.num_players)]


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
    assert len(cards) == len(ALL_CARDS)
    assert set(cards) == ALL_CARDS


def _assert_same_for(a: Game, b: Game, viewers: Sequence[int | None]) -> None:
    for viewer in viewers:
        assert _seen(a, viewer) == _seen(b, viewer), f"viewer {viewer} can tell the games apart"


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
    game = _table(sleeping={1: ["q-owl"]}, pending=["gnome1"], phase=Phase.INSTANT)
    for viewer in _viewers(game):
        view = game.view(viewer)
        assert json.loads(json.dumps(view)) == view
        assert view["viewer"] == viewer


def test_only_the_deciding_player_sees_the_choices() -> None:
    """The current player's view lists the legal actions; the others' and the onlooker's don't."""
    game = _table()
    for viewer in _viewers(game):
        view = _seen(game, viewer)
        if viewer == game.current_player:
            assert view["legal_actions"] == [a.to_dict() for a in game.legal_actions()]
            assert view["prompt"]
        else:
            assert view["legal_actions"] == []
            assert view["prompt"] is None


def test_a_view_for_a_seat_not_at_the_table_is_refused() -> None:
    """There is no fourth seat at a three-player table."""
    with pytest.raises(ValueError, match="no player"):
        _table().view(3)


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
    _assert_same_for(a, b, _viewers(a))
    if phase is Phase.ACTIONS:
        a.apply(EndActions())
        b.apply(EndActions())
        _assert_same_for(a, b, _viewers(a))


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
    _assert_same_for(a, b, _viewers(a))
    grid = _seen(a, 0)["grid"]
    assert [place["card"] for place in grid][:5] == [first[0], None, None, None, first[4]]
    assert [place["occupied"] for place in grid][-2:] == [False, False]


def test_choosing_a_companion_names_a_place_not_a_card() -> None:
    """TakeCompanion offers grid places; no face-down companion id is in the view."""
    first, _second, face_up = _grids()
    game = _table(grid=first, face_up=face_up, phase=Phase.TAKE_COMPANION)
    view = _seen(game, 0)
    down = {card for card, up in zip(first, face_up, strict=True) if card and not up}
    slots = [i for i, card in enumerate(first) if card is not None and not face_up[i]]
    assert view["legal_actions"] == [{"kind": "take-companion", "slot": i} for i in slots]
    assert not down & set(QUOTED.findall(json.dumps(view)))
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
        _assert_same_for(a, b, [None, 0, 2])
        assert _seen(a, 1) != _seen(b, 1)
        assert _seen(a, 1)["players"][1]["sleeping"] == a.state.players[1].sleeping
        assert _seen(b, 1)["players"][1]["sleeping"] == b.state.players[1].sleeping
        assert _seen(a, 0)["players"][1]["sleeping"] == len(a.state.players[1].sleeping)
        if step == 0:
            events = (a.apply(PlayInstant(instant)), b.apply(PlayInstant(instant)))
            assert [e.to_dict() for e in events[0]] == [e.to_dict() for e in events[1]]


def test_sleeping_queens_are_hidden_in_the_actions_phase() -> None:
    """Mia's choices (equations, books, rescues) do not depend on Leo's sleeping queens."""
    a, b = (_table(sleeping={1: queens}) for queens in SLEEPERS)
    _assert_same_for(a, b, [None, 0, 2])
    assert _seen(a, 1) != _seen(b, 1)


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
        _assert_same_for(a, b, [None, 0, 2])
        assert _seen(a, 1)["players"][1]["drawn"] == a.state.players[1].drawn
        assert _seen(b, 1)["players"][1]["drawn"] == b.state.players[1].drawn
        assert _seen(a, 0)["players"][1]["drawn"] == 2
        assert _seen(a, 1) != _seen(b, 1)
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
    assert set(DRAWN[0]) <= set(_seen(a, 0)["players"][1]["realm"])
    assert _seen(a, 0) != _seen(b, 0)


# -- random games: no secret in any view, no sleeping queen in the log ---------------------


def _hidden_from(game: Game, viewer: int | None) -> set[str]:
    s = game.state
    hidden = set(s.deck)
    hidden |= {card for card, up in zip(s.grid, s.face_up, strict=True) if card and not up}
    for seat, player in enumerate(s.players):
        if seat != viewer:
            hidden |= set(player.sleeping) | set(player.drawn)
    return hidden


def _check_views(game: Game, where: str) -> None:
    for viewer in _viewers(game):
        view = game.view(viewer)
        text = json.dumps(view)
        assert json.loads(text) == view, f"{where}: view({viewer}) is not plain JSON"
        shown = set(QUOTED.findall(text))
        leaks = shown & _hidden_from(game, viewer)
        assert not leaks, f"{where}: view({viewer}) shows hidden cards {sorted(leaks)}"
        if viewer is not None:
            me = game.state.players[viewer]
            missing = (set(me.sleeping) | set(me.drawn)) - shown
            assert not missing, f"{where}: view({viewer}) hides the viewer's own {missing}"


def _sleeping_queens(game: Game) -> set[str]:
    return {queen for player in game.state.players for queen in player.sleeping}


def _check_events(game: Game, events: Sequence[Event], where: str) -> None:
    asleep = _sleeping_queens(game)
    names = {queen: CARDS[queen].name for queen in asleep}
    for event in events:
        named = set(QUOTED.findall(json.dumps(event.params))) & asleep
        assert not named, f"{where}: event {event.kind!r} names sleeping queens {named}"
        told = [name for name in names.values() if name in event.text]
        assert not told, f"{where}: {event.text!r} names sleeping queens {told}"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_never_show_a_secret(players: int) -> None:
    """At every step of seeded random games, no view shows a card its viewer may not see."""
    queens_slept = 0
    for seed in range(VIEW_GAMES_PER_PLAYER_COUNT):
        game = new_game(players, seed=1000 + seed)
        chooser = random.Random(f"views {players} {seed}")
        step = 0
        while True:
            where = f"{players} players, seed {1000 + seed}, step {step}"
            _check_views(game, where)
            if game.is_over:
                break
            assert step < MAX_STEPS, f"{where}: the game does not end"
            action = chooser.choice(game.legal_actions())
            try:
                events = game.apply(action)
            except Exception as error:
                pytest.fail(f"{where}: {action!r} raised {error!r}")
            _check_events(game, events, where)
            queens_slept += len(_sleeping_queens(game))
            step += 1
    assert queens_slept > 0, "no queen ever slept: the log check tested nothing"


def test_the_log_says_how_many_queens_fell_asleep_not_which() -> None:
    """A Sleeping Willow's event gives a count; neither its words nor its details name a queen."""
    game = _table(pending=["willow1"], phase=Phase.INSTANT)
    events = game.apply(PlayInstant("willow1"))
    assert game.state.players[0].sleeping == ["q-apple"]
    willow = [event for event in events if event.kind == "willow"]
    assert len(willow) == 1
    assert willow[0].params["count"] == 1
    _check_events(game, events, "willow on Mia")
    for event in game.log:
        assert "Apple" not in event.text
        assert "q-apple" not in json.dumps(event.params)


def test_queen_ids_are_told_apart_by_the_scan() -> None:
    """The quoted-id scan does not mistake n1a for n10a (a check on the test's own tool)."""
    text = json.dumps({"realm": ["n10a", "q-owl"]})
    assert set(QUOTED.findall(text)) == {"realm", "n10a", "q-owl"}
    assert "n1a" not in set(QUOTED.findall(text))
