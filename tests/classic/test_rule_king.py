"""Rule-clause tests for "play a King to wake a sleeping queen", the Rose Queen's bonus and
the Cat and Dog Queens, who never share a realm.
"""

from __future__ import annotations

import pytest

from sq2edu.classic import (
    ChooseQueen,
    Discard,
    DontBlock,
    IllegalActionError,
    Phase,
    PlayKing,
    PlayKnight,
    Waking,
)
from sq2edu.classic.position import position
from tests.classic.helpers import FILLER, FILLER2, kinds, now, offered, refuse, slot_of, texts

HAND = ["k-fire", "k-hat", "n2a", "n3a", "n9b"]
DECK_TOP = ["n5a", "n5b", "n5c"]


def test_king_wakes_the_queen_of_your_choice_then_you_draw_back_up_and_the_turn_passes() -> None:
    """The King goes face up on the discard pile; the chosen queen, face up before you."""
    game = position(hands={0: HAND, 1: FILLER}, deck_top=DECK_TOP)
    heart = slot_of(game, "q-heart")
    act = PlayKing("k-fire", heart)
    assert act in offered(game)
    events = game.apply(act)
    assert kinds(events) == ["king", "woke", "drew", "turn"]
    assert texts(events) == [
        "Mia played the Fire King.",
        "Mia woke the Heart Queen!",
        "Mia drew 1 card.",
        "It is Leo's turn.",
    ]
    assert game.zones()["p0.queens"] == ["q-heart"]
    assert game.zones()["discard"] == ["k-fire"]
    assert game.zones()["p0.hand"] == ["k-hat", "n2a", "n3a", "n9b", "n5a"]
    assert game.state.centre[heart] is None
    assert game.points(0) == 20
    assert game.current_player == 1
    assert now(game) is Phase.TURN


def test_king_is_offered_once_per_sleeping_place_whichever_king_is_played() -> None:
    """Kings play alike: one choice per place; the other King is accepted too."""
    game = position(hands={0: HAND, 1: FILLER})
    kings = [a for a in offered(game) if isinstance(a, PlayKing)]
    assert kings == [PlayKing("k-fire", slot) for slot in range(12)]
    assert game.can(PlayKing("k-hat", 4))


def test_king_needs_a_king_in_your_hand_and_a_queen_in_the_place() -> None:
    game = position(hands={0: HAND, 1: FILLER}, queens={1: ["q-moon"]})
    empty = game.state.centre.index(None)
    refuse(game, PlayKing("k-cookie", 0), "Choose a King from your hand.")
    refuse(game, PlayKing("n2a", 0), "Choose a King from your hand.")
    refuse(game, PlayKing("k-fire", empty), "No queen is sleeping in that place.")
    refuse(game, PlayKing("k-fire", 12), "No queen is sleeping in that place.")
    refuse(game, PlayKing("k-fire", -1), "No queen is sleeping in that place.")


def test_only_the_player_who_decides_now_may_play() -> None:
    game = position(hands={0: HAND, 1: FILLER})
    assert not game.can(PlayKing("k-fire", 0), player=1)
    with pytest.raises(IllegalActionError, match=r"^It is Mia's turn to choose\.$"):
        game.apply(PlayKing("k-fire", 0), player=1)
    assert game.can(PlayKing("k-fire", 0), player=0)


def test_one_play_per_turn_then_it_is_the_next_players_turn() -> None:
    """After the play, the next player (to the left) decides; Mia cannot play again."""
    game = position(["Mia", "Leo", "Ava"], hands={0: HAND, 1: FILLER, 2: FILLER2})
    game.apply(PlayKing("k-fire", 0))
    assert game.current_player == 1
    assert game.turn_player == 1
    assert not game.can(PlayKing("k-hat", 1), player=0)
    assert game.state.turn == 2


def test_rose_queen_woken_from_the_middle_wakes_one_more() -> None:
    """The Rose Queen's bonus: the same player chooses another sleeping queen at once."""
    game = position(hands={0: HAND, 1: FILLER}, deck_top=DECK_TOP)
    events = game.apply(PlayKing("k-fire", slot_of(game, "q-rose")))
    assert kinds(events) == ["king", "woke", "rose-bonus"]
    assert events[-1].text == "The Rose Queen lets Mia wake one more queen!"
    assert now(game) is Phase.CHOOSE_QUEEN
    assert game.state.waking is Waking.ROSE
    assert game.current_player == 0
    assert game.view(0)["prompt"] == "The Rose Queen lets you wake one more queen. Choose one."
    assert offered(game) == [ChooseQueen(slot) for slot in range(12) if game.state.centre[slot]]
    refuse(
        game, Discard("k-hat"), "Not now. The Rose Queen lets you wake one more queen. Choose one."
    )
    events = game.apply(ChooseQueen(slot_of(game, "q-cake")))
    assert kinds(events) == ["woke", "drew", "turn"]
    assert game.zones()["p0.queens"] == ["q-rose", "q-cake"]
    assert game.current_player == 1


def test_rose_queen_with_nobody_left_asleep_gives_no_bonus_and_the_game_ends() -> None:
    """The Rose was the last sleeping queen: there is nothing more to wake."""
    game = position(
        ["Mia", "Leo", "Ava"],
        hands={0: HAND, 1: FILLER, 2: FILLER2},
        queens={
            0: ["q-heart", "q-moon", "q-cake"],
            1: ["q-pancake", "q-cat", "q-peacock", "q-rainbow"],
            2: ["q-dog", "q-ladybug", "q-sunflower", "q-starfish"],
        },
        centre=[None, None, "q-rose", *[None] * 9],
    )
    events = game.apply(PlayKing("k-fire", 2))
    assert kinds(events) == ["king", "woke", "won"]
    assert game.is_over
    assert game.winner == 1  # every queen is awake: Leo has the most points, 45


def test_rose_queen_taken_by_a_knight_gives_no_bonus() -> None:
    """The bonus is for waking her in the middle, not for stealing her (Q&A)."""
    game = position(hands={0: ["knight1", *FILLER[:4]], 1: FILLER2}, queens={1: ["q-rose"]})
    game.apply(PlayKnight("knight1", 1, "q-rose"))
    assert offered(game) == [DontBlock()]  # Leo has no Dragon
    events = game.apply(DontBlock())
    assert "rose-bonus" not in kinds(events)
    assert game.zones()["p0.queens"] == ["q-rose"]
    assert now(game) is Phase.TURN
    assert game.current_player == 1


def test_cat_and_dog_never_share_a_realm_a_woken_dog_goes_back_to_sleep() -> None:
    """Mia has the Cat Queen and wakes the Dog Queen: the Dog goes back face down, and the
    whole table knows where she lies."""
    game = position(hands={0: HAND, 1: FILLER}, queens={0: ["q-cat"]}, deck_top=DECK_TOP)
    dog = slot_of(game, "q-dog")
    events = game.apply(PlayKing("k-fire", dog))
    assert kinds(events) == ["king", "woke", "rivals", "drew", "turn"]
    assert events[2].text == (
        "Oh no! The Cat Queen and the Dog Queen fight like cats and dogs, so the Dog Queen "
        "goes back to sleep."
    )
    assert game.zones()["p0.queens"] == ["q-cat"]
    assert game.state.centre[dog] == "q-dog"
    assert game.state.known[dog]
    assert game.view(1)["centre"][dog] == {"queen": "q-dog", "occupied": True}
    assert game.zones()["discard"] == ["k-fire"]


def test_cat_queen_woken_by_a_dog_owner_goes_back_too() -> None:
    game = position(hands={0: HAND, 1: FILLER}, queens={0: ["q-dog"]})
    game.apply(PlayKing("k-fire", slot_of(game, "q-cat")))
    assert game.zones()["p0.queens"] == ["q-dog"]
    assert "q-cat" in game.zones()["centre"]


def test_cat_and_dog_may_sit_in_different_realms() -> None:
    game = position(hands={0: HAND, 1: FILLER}, queens={1: ["q-cat"]})
    game.apply(PlayKing("k-fire", slot_of(game, "q-dog")))
    assert game.zones()["p0.queens"] == ["q-dog"]


def test_rose_bonus_that_wakes_the_rival_sends_her_back_and_ends_the_turn() -> None:
    game = position(hands={0: HAND, 1: FILLER}, queens={0: ["q-dog"]})
    game.apply(PlayKing("k-fire", slot_of(game, "q-rose")))
    events = game.apply(ChooseQueen(slot_of(game, "q-cat")))
    assert kinds(events)[:2] == ["woke", "rivals"]
    assert game.zones()["p0.queens"] == ["q-dog", "q-rose"]
    assert game.current_player == 1


def test_rose_woken_again_after_a_sleeping_potion_gives_the_bonus_again() -> None:
    """Q&A: if she was put back to sleep and you wake her again, you wake one more."""
    game = position(hands={0: HAND, 1: FILLER}, known={"q-rose"})
    rose = slot_of(game, "q-rose")
    assert game.view(0)["centre"][rose] == {"queen": "q-rose", "occupied": True}
    events = game.apply(PlayKing("k-fire", rose))
    assert kinds(events) == ["king", "woke", "rose-bonus"]
    assert not game.state.known[rose]


def test_a_woken_queen_is_told_with_the_place_she_slept_in() -> None:
    game = position(hands={0: HAND, 1: FILLER}, deck_top=DECK_TOP)
    moon = slot_of(game, "q-moon")
    events = game.apply(PlayKing("k-fire", moon))
    assert events[1].player == 0
    assert events[1].params == {"queen": "q-moon", "slot": moon}


def test_cat_and_dog_fight_in_the_realm_of_the_player_who_woke_her() -> None:
    game = position(hands={0: FILLER, 1: HAND}, queens={1: ["q-cat"]}, current=1, deck_top=DECK_TOP)
    events = game.apply(PlayKing("k-fire", slot_of(game, "q-dog")))
    assert kinds(events)[:3] == ["king", "woke", "rivals"]
    assert events[2].player == 1
    assert events[2].params == {"queen": "q-dog", "rival": "q-cat"}
