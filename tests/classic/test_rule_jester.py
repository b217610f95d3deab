"""Rule-clause tests for "play a Jester and try your luck": the top card of the draw pile is
turned over; a power card goes to the hand and the player plays again; a number counts round
the table, starting with the player, and the player it lands on wakes a queen.
"""

from __future__ import annotations

import pytest

from sq2edu.classic import (
    ChooseQueen,
    Discard,
    Phase,
    PlayJester,
    PlayKing,
    Rules,
    Waking,
)
from sq2edu.classic.position import position
from tests.classic.helpers import FILLER, FILLER2, kinds, now, offered, refuse, slot_of, texts

THREE = ["Mia", "Leo", "Ava"]
HAND = ["jester1", "n2a", "n3a", "n9b", "n9c"]


@pytest.mark.parametrize("power", ["k-fire", "knight2", "dragon3", "potion4", "wand2", "jester5"])
def test_jester_turns_a_power_card_into_the_hand_and_the_player_plays_again(power: str) -> None:
    game = position(THREE, hands={0: HAND, 1: FILLER, 2: FILLER2}, deck_top=[power, "n5a"])
    act = PlayJester("jester1")
    assert act in offered(game)
    events = game.apply(act)
    assert kinds(events) == ["jester", "play-again"]
    assert events[0].params == {"card": power}
    assert game.zones()["p0.hand"] == ["n2a", "n3a", "n9b", "n9c", power]
    assert game.zones()["discard"] == ["jester1"]
    assert game.current_player == 0
    assert now(game) is Phase.TURN
    assert game.state.turn == 1


def test_jester_then_the_king_it_found_wakes_a_queen() -> None:
    game = position(hands={0: HAND, 1: FILLER}, deck_top=["k-fire", "n5a"])
    events = game.apply(PlayJester("jester1"))
    assert texts(events) == [
        "Mia played a Jester and turned over the Fire King.",
        "Mia keeps the Fire King and plays again!",
    ]
    game.apply(PlayKing("k-fire", slot_of(game, "q-moon")))
    assert game.zones()["p0.queens"] == ["q-moon"]
    assert game.zones()["p0.hand"] == ["n2a", "n3a", "n9b", "n9c", "n5a"]
    assert game.current_player == 1


@pytest.mark.parametrize(
    ("number", "lands_on"),
    [("n1c", 0), ("n2b", 1), ("n3c", 2), ("n4d", 0), ("n5a", 1), ("n9a", 2), ("n10c", 0)],
)
def test_jester_number_counts_round_the_table_starting_with_the_player(
    number: str, lands_on: int
) -> None:
    """Mia counts 1, Leo 2, Ava 3, Mia 4, ...: the player it lands on wakes a queen."""
    game = position(THREE, hands={0: HAND, 1: FILLER, 2: FILLER2}, deck_top=[number, "n7b"])
    events = game.apply(PlayJester("jester1"))
    assert kinds(events) == ["jester", "counted"]
    assert events[1].params == {"value": int(number[1:-1]), "target": lands_on}
    assert game.zones()["discard"] == ["jester1", number]
    assert now(game) is Phase.CHOOSE_QUEEN
    assert game.state.waking is Waking.JESTER
    assert game.current_player == lands_on
    assert game.turn_player == 0
    assert offered(game) == [ChooseQueen(slot) for slot in range(12)]


def test_the_player_the_count_lands_on_chooses_the_queen_then_the_turn_passes_on() -> None:
    """Leo wakes a queen of his choice; Mia draws back up, and it is Leo's turn next."""
    game = position(THREE, hands={0: HAND, 1: FILLER, 2: FILLER2}, deck_top=["n2b", "n7b"])
    events = game.apply(PlayJester("jester1"))
    assert events[1].text == "Counting 2 from Mia lands on Leo, who wakes a queen!"
    assert game.view(1)["prompt"] == "The Jester chose you! Choose a sleeping queen to wake."
    assert game.view(0)["prompt"] is None
    assert not game.can(ChooseQueen(0), player=0)
    refuse(game, ChooseQueen(12), "No queen is sleeping in that place.")
    events = game.apply(ChooseQueen(slot_of(game, "q-heart")))
    assert texts(events) == [
        "Leo woke the Heart Queen!",
        "Mia drew 1 card.",
        "It is Leo's turn.",
    ]
    assert game.zones()["p1.queens"] == ["q-heart"]
    assert game.zones()["p0.hand"] == ["n2a", "n3a", "n9b", "n9c", "n7b"]
    assert game.current_player == 1
    assert game.turn_player == 1


def test_rose_queen_woken_by_a_jester_count_wakes_one_more() -> None:
    """She wakes from the middle, so her bonus counts (rose_bonus_by_jester, the default)."""
    game = position(THREE, hands={0: HAND, 1: FILLER, 2: FILLER2}, deck_top=["n3b", "n7b"])
    game.apply(PlayJester("jester1"))
    assert game.current_player == 2
    events = game.apply(ChooseQueen(slot_of(game, "q-rose")))
    assert kinds(events) == ["woke", "rose-bonus"]
    assert game.current_player == 2
    assert game.state.waking is Waking.ROSE
    game.apply(ChooseQueen(slot_of(game, "q-cake")))
    assert game.zones()["p2.queens"] == ["q-rose", "q-cake"]
    assert game.current_player == 1


def test_rose_queen_woken_by_a_jester_count_gives_no_bonus_when_the_teacher_says_so() -> None:
    game = position(
        THREE,
        hands={0: HAND, 1: FILLER, 2: FILLER2},
        deck_top=["n3b", "n7b"],
        rules=Rules(rose_bonus_by_jester=False),
    )
    game.apply(PlayJester("jester1"))
    events = game.apply(ChooseQueen(slot_of(game, "q-rose")))
    assert kinds(events) == ["woke", "drew", "turn"]
    assert game.zones()["p2.queens"] == ["q-rose"]


def test_jester_count_can_send_the_rival_queen_back_to_sleep() -> None:
    game = position(
        THREE,
        hands={0: HAND, 1: FILLER, 2: FILLER2},
        queens={1: ["q-cat"]},
        deck_top=["n2b", "n7b"],
    )
    game.apply(PlayJester("jester1"))
    dog = slot_of(game, "q-dog")
    events = game.apply(ChooseQueen(dog))
    assert kinds(events)[:2] == ["woke", "rivals"]
    assert game.state.centre[dog] == "q-dog"
    assert game.zones()["p1.queens"] == ["q-cat"]


def test_jester_with_an_empty_draw_pile_shuffles_the_discard_pile_first() -> None:
    """The discard pile (the Jester included) becomes the new draw pile, shuffled."""
    game = position(hands={0: HAND, 1: FILLER}, discard=["n5a"])
    game.state.discard += game.state.deck
    game.state.deck.clear()
    events = game.apply(PlayJester("jester1"))
    assert kinds(events)[:2] == ["reshuffled", "jester"]
    assert (
        events[0].text == "The draw pile ran out, so the discard pile was shuffled into a new one."
    )


def test_jester_needs_a_jester_in_the_hand() -> None:
    game = position(hands={0: HAND, 1: FILLER})
    refuse(game, PlayJester("jester2"), "Choose a Jester from your hand.")
    refuse(game, PlayJester("n2a"), "Choose a Jester from your hand.")
    assert Discard("jester1") in offered(game)


def test_the_jesters_count_is_over_once_the_queen_is_chosen() -> None:
    game = position(THREE, hands={0: HAND, 1: FILLER, 2: FILLER2}, deck_top=["n2b", "n7b"])
    game.apply(PlayJester("jester1"))
    assert game.view(1)["phase"] == "choose-queen"
    game.apply(ChooseQueen(slot_of(game, "q-heart")))
    assert game.state.waking is None
    assert game.state.attack is None
