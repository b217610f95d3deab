"""Rule-clause tests for the rulebook's "Set Up" and RULES.md's set-up decisions.

These use :func:`sq2edu.rescue.new_game`, the real set-up; every check runs over many seeds
so that no clause passes by luck. The table of players, the first player's seat and what a
wrong table is told are the same for every edition: ``tests/test_rule_setup.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from sq2edu.rescue import Game, Phase, Roll, new_game
from sq2edu.rescue.cards import CARDS, COMPANIONS, KINGS, MAIN_DECK, Kind, Knight

SEEDS = range(200)


def _main_deck_cards(game: Game) -> list[str]:
    zones = game.zones()
    return zones["deck"] + zones["discard"]


def test_setup_main_deck_holds_40_numbers_12_queens_6_gnomes_5_witches_5_willows_4_books() -> None:
    """The main deck is exactly the rulebook's "Contents", split into draw pile and discard."""
    game = new_game(["Mia", "Leo"], seed=5)
    cards = _main_deck_cards(game)
    assert sorted(cards) == sorted(MAIN_DECK)
    assert Counter(CARDS[c].kind for c in cards) == {
        Kind.NUMBER: 40,
        Kind.QUEEN: 12,
        Kind.GNOME: 6,
        Kind.WITCH: 5,
        Kind.WILLOW: 5,
        Kind.SPELL_BOOK: 4,
    }
    # "four of each #1-10"
    values = Counter(CARDS[c].value for c in cards if CARDS[c].kind is Kind.NUMBER)
    assert values == dict.fromkeys(range(1, 11), 4)
    assert len(game.zones()["discard"]) == 1
    assert len(game.zones()["deck"]) == 71


def test_setup_first_discard_is_never_an_instant_action() -> None:
    """An Instant Action turned first is shuffled back: it stays in the draw pile."""
    instants = [c for c in MAIN_DECK if CARDS[c].kind.instant]
    assert len(instants) == 16
    for seed in SEEDS:
        game = new_game(3, seed=seed)
        (first,) = game.zones()["discard"]
        assert not CARDS[first].kind.instant, f"seed {seed}: the first discard is {first}"
        # The Instant Actions were shuffled back, not lost.
        assert set(instants) <= set(game.zones()["deck"]), f"seed {seed}"


def test_setup_companions_lie_face_down_in_a_grid_of_ten() -> None:
    """Ten shuffled companions, all face down, so no one (not even the first player) sees them."""
    orders = set()
    for seed in range(20):
        game = new_game(["Mia", "Leo"], seed=seed)
        assert sorted(game.zones()["grid"]) == sorted(COMPANIONS)
        assert len(game.state.grid) == 10
        assert game.state.face_up == [False] * 10
        for viewer in (None, 0, 1):
            assert game.view(viewer)["grid"] == [{"card": None, "occupied": True}] * 10
        orders.add(tuple(game.state.grid))
    # "Shuffle the rescue companions": the layout changes with the seed.
    assert len(orders) > 1


def test_setup_kings_lie_face_up_in_the_middle() -> None:
    """All ten kings are in the middle and every viewer sees them."""
    game = new_game(["Mia", "Leo", "Zoe"], seed=11)
    assert sorted(game.zones()["kings"]) == sorted(KINGS)
    for viewer in (None, 0, 1, 2):
        assert sorted(game.view(viewer)["kings"]) == sorted(KINGS)
    assert all(game.zones()[f"p{seat}.kings"] == [] for seat in range(3))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_each_player_gets_a_different_random_knight(players: int) -> None:
    """Knights are dealt one each, never twice, and the deal depends on the seed."""
    deals = set()
    for seed in SEEDS:
        game = new_game(players, seed=seed)
        knights = [p["knight"] for p in game.view(None)["players"]]
        assert len(set(knights)) == players, f"seed {seed}: {knights}"
        assert set(knights) <= {k.value for k in Knight}
        deals.add(tuple(knights))
    assert len(deals) > 1


def test_setup_two_player_game_leaves_the_black_knight_in_the_box() -> None:
    """With two players the black knight is never dealt; with three it can be."""
    for seed in SEEDS:
        knights = [p.knight for p in new_game(2, seed=seed).state.players]
        assert Knight.BLACK.value not in knights, f"seed {seed}"
    dealt_with_three = {
        k for seed in SEEDS for k in (p.knight for p in new_game(3, seed=seed).state.players)
    }
    assert Knight.BLACK.value in dealt_with_three


def test_setup_first_player_is_chosen_at_random_from_the_seed() -> None:
    """The same seed gives the same first player; over many seeds every seat starts."""
    firsts = {new_game(3, seed=seed).current_player for seed in range(60)}
    assert firsts == {0, 1, 2}
    for seed in range(10):
        assert new_game(3, seed=seed).current_player == new_game(3, seed=seed).current_player
        assert new_game(3, seed=seed).to_json() == new_game(3, seed=seed).to_json()


@pytest.mark.parametrize("first", [0, 1, 2])
def test_setup_first_player_may_be_chosen_by_the_table(first: int) -> None:
    """``first_player`` lets the people decide who most recently found a lost item."""
    for seed in range(10):
        game = new_game(["Mia", "Leo", "Zoe"], seed=seed, first_player=first)
        assert game.current_player == first
        assert game.phase is Phase.ROLL
        assert game.legal_actions() == [Roll()]
        assert game.log[-1].kind == "turn"
        assert game.log[-1].text == f"It is {game.names[first]}'s turn."


def test_setup_every_player_starts_with_an_empty_realm() -> None:
    """Nobody holds a card before the first roll."""
    game = new_game(["Mia", "Leo", "Zoe", "Ana"], seed=2)
    for seat in range(4):
        for zone in ("realm", "sleeping", "companions", "kings", "drawn"):
            assert game.zones()[f"p{seat}.{zone}"] == []
    assert game.zones()["pending"] == []
    assert game.zones()["playing"] == []
