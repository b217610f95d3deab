"""Rule-clause tests for "How to Play", step 1: rolling the die, the dragon, and the knights
that change a roll (purple, blue).

Every situation is stacked by hand with ``position``: the draw pile with ``deck_top`` and the
die with ``rolls``.
"""

from __future__ import annotations

import pytest

from sq2edu.rescue import (
    Decline,
    EndActions,
    Game,
    IllegalActionError,
    KeepRoll,
    Phase,
    Reroll,
    Roll,
    Rules,
    WakeQueen,
)
from sq2edu.rescue.position import position
from tests.rescue.helpers import kinds, now, offered, refuse

NUMBERS = ["n4a", "n5a", "n6a", "n7a", "n8a", "n9a"]


def knights(game: Game) -> list[str | None]:
    return [player["knight"] for player in game.view(None)["players"]]


@pytest.mark.parametrize("face", ["1", "2", "3"])
def test_roll_1_2_3_draws_that_many_cards(face: str) -> None:
    """A 1, 2 or 3 draws that many cards, which go face up into the realm."""
    count = int(face)
    # Red and white knights do not change a roll.
    game = position(knights=["red", "white"], deck_top=NUMBERS, rolls=[face])
    deck_size = game.view(None)["deck_size"]
    assert offered(game) == [Roll()]
    events = game.apply(Roll())
    assert kinds(events) == ["rolled", "drew", "placed"]
    assert events[0].params == {"face": face}
    assert events[0].text == f"Mia rolled a {face}."
    assert events[1].params["count"] == count
    assert events[1].text == f"Mia drew {count} card{'s' if count > 1 else ''}."
    assert game.zones()["p0.realm"] == NUMBERS[:count]
    assert game.view(None)["deck_size"] == deck_size - count
    assert now(game) is Phase.ACTIONS
    assert game.view(None)["roll"] == face


def test_roll_purple_knight_draws_one_more_card_than_rolled() -> None:
    """The purple knight turns a 2 into three cards."""
    game = position(knights=["purple", "red"], deck_top=NUMBERS, rolls=["2"])
    events = game.apply(Roll())
    assert events[1].params["count"] == 3
    assert events[1].text == "Mia drew 3 cards: one more for the purple knight."
    assert game.zones()["p0.realm"] == NUMBERS[:3]


def test_roll_purple_knight_helps_only_its_owner() -> None:
    """The other player's purple knight does not change Mia's draw."""
    game = position(knights=["red", "purple"], deck_top=NUMBERS, rolls=["2"])
    game.apply(Roll())
    assert game.zones()["p0.realm"] == NUMBERS[:2]


def test_roll_blue_knight_may_reroll_a_one() -> None:
    """After a 1 the blue knight's owner chooses; nothing is drawn until they do."""
    game = position(knights=["blue", "red"], deck_top=NUMBERS, rolls=["1", "3"])
    events = game.apply(Roll())
    assert kinds(events) == ["rolled"]
    assert now(game) is Phase.REROLL
    assert offered(game) == [Reroll(), KeepRoll()]
    assert (
        game.view(0)["prompt"]
        == "You rolled a 1. Your blue knight lets you roll again, or keep it."
    )
    assert game.zones()["p0.realm"] == []
    refuse(
        game, Roll(), "Not now. You rolled a 1. Your blue knight lets you roll again, or keep it."
    )
    events = game.apply(Reroll())
    assert kinds(events) == ["rerolled", "rolled", "drew", "placed"]
    assert events[0].text == "Mia's blue knight lets them roll again."
    assert game.zones()["p0.realm"] == NUMBERS[:3]


def test_roll_blue_knight_may_keep_the_one() -> None:
    """Keeping the 1 draws one card."""
    game = position(knights=["blue", "red"], deck_top=NUMBERS, rolls=["1", "3"])
    game.apply(Roll())
    events = game.apply(KeepRoll())
    assert kinds(events) == ["drew", "placed"]
    assert game.zones()["p0.realm"] == NUMBERS[:1]
    assert now(game) is Phase.ACTIONS


def test_roll_blue_knight_rerolls_only_once_per_turn() -> None:
    """A second 1 in the same turn is kept; the next turn the knight may re-roll again."""
    game = position(knights=["blue", "red"], deck_top=NUMBERS, rolls=["1", "1", "2", "1"])
    game.apply(Roll())
    events = game.apply(Reroll())
    # The re-rolled 1 draws at once: no second choice.
    assert kinds(events) == ["rerolled", "rolled", "drew", "placed"]
    assert now(game) is Phase.ACTIONS
    assert game.zones()["p0.realm"] == NUMBERS[:1]
    assert game.view(1)["rerolls_used"] == 1
    refuse(
        game,
        Reroll(),
        "Not now. Nothing more to do this turn: press Finish.",
    )
    game.apply(EndActions())
    game.apply(Roll())  # Leo's 2
    game.apply(EndActions())
    assert game.current_player == 0
    game.apply(Roll())
    assert now(game) is Phase.REROLL


def test_roll_a_one_without_the_blue_knight_is_kept() -> None:
    """Only the blue knight offers a re-roll."""
    game = position(knights=["red", "blue"], deck_top=NUMBERS, rolls=["1", "3"])
    game.apply(Roll())
    assert now(game) is Phase.ACTIONS
    assert game.zones()["p0.realm"] == NUMBERS[:1]


def test_roll_blue_knight_reroll_counts_as_it_comes_dragon_included() -> None:
    """A re-rolled dragon is a dragon: knights move and the player rolls again."""
    game = position(knights=["blue", "red"], deck_top=NUMBERS, rolls=["1", "dragon", "2"])
    game.apply(Roll())
    events = game.apply(Reroll())
    assert kinds(events) == ["rerolled", "rolled", "knights-move"]
    assert knights(game) == ["red", "blue"]
    assert now(game) is Phase.ROLL
    game.apply(Roll())
    assert game.zones()["p0.realm"] == NUMBERS[:2]


def test_roll_dragon_passes_every_knight_to_the_left() -> None:
    """Each knight goes to the next player in turn order; the last player's comes round to the first."""
    game = position(
        ["Mia", "Leo", "Zoe", "Ana"],
        knights=["red", "white", "green", "purple"],
        deck_top=NUMBERS,
        rolls=["dragon", "2"],
    )
    events = game.apply(Roll())
    assert kinds(events) == ["rolled", "knights-move"]
    assert events[0].text == "Mia rolled a dragon."
    assert events[1].text == "A dragon! All knights move one seat to the left."
    assert knights(game) == ["purple", "red", "white", "green"]
    # No card is drawn for a dragon.
    assert game.zones()["p0.realm"] == []


def test_roll_dragon_then_roll_again() -> None:
    """After a dragon (and no queen to wake) the only thing to do is roll again."""
    game = position(knights=["red", "white"], deck_top=NUMBERS, rolls=["dragon", "3"])
    game.apply(Roll())
    assert now(game) is Phase.ROLL
    assert game.current_player == 0
    assert offered(game) == [Roll()]
    events = game.apply(Roll())
    assert kinds(events) == ["rolled", "drew", "placed"]
    assert game.zones()["p0.realm"] == NUMBERS[:3]


def test_roll_again_as_often_as_dragons_come() -> None:
    """Three dragons in a row: knights pass three times, then the number counts."""
    game = position(
        ["Mia", "Leo", "Zoe"],
        knights=["red", "white", "green"],
        deck_top=NUMBERS,
        rolls=["dragon", "dragon", "dragon", "2"],
    )
    game.apply(Roll())
    assert knights(game) == ["green", "red", "white"]
    game.apply(Roll())
    assert knights(game) == ["white", "green", "red"]
    game.apply(Roll())
    assert knights(game) == ["red", "white", "green"]
    assert game.zones()["p0.realm"] == []
    game.apply(Roll())
    assert game.zones()["p0.realm"] == NUMBERS[:2]
    assert [e.params.get("face") for e in game.log if e.kind == "rolled"] == [
        "dragon",
        "dragon",
        "dragon",
        "2",
    ]


@pytest.mark.parametrize(
    ("received", "face", "cards"),
    [("blue", "1", None), ("purple", "2", 3)],
)
def test_roll_knight_passed_by_a_dragon_helps_its_new_owner_at_once(
    received: str, face: str, cards: int | None
) -> None:
    """Leo's blue or purple knight comes to Mia with the dragon and works on her next roll."""
    game = position(knights=["red", received], deck_top=NUMBERS, rolls=["dragon", face])
    game.apply(Roll())
    assert knights(game) == [received, "red"]
    game.apply(Roll())
    if cards is None:
        assert now(game) is Phase.REROLL
    else:
        assert game.zones()["p0.realm"] == NUMBERS[:cards]


def test_roll_dragon_may_wake_one_sleeping_queen() -> None:
    """With sleeping queens, the roller may wake one of them (and only one)."""
    game = position(
        knights=["red", "white"],
        sleeping={0: ["q-apple", "q-owl"]},
        deck_top=NUMBERS,
        rolls=["dragon", "1"],
    )
    game.apply(Roll())
    assert now(game) is Phase.DRAGON_WAKE
    assert offered(game) == [WakeQueen("q-apple"), WakeQueen("q-owl"), Decline()]
    assert game.view(0)["prompt"] == "A dragon! You may wake one of your sleeping queens."
    events = game.apply(WakeQueen("q-owl"))
    assert kinds(events) == ["woke-queen"]
    assert events[0].text == "Mia woke the Owl Queen."
    assert game.zones()["p0.realm"] == ["q-owl"]
    assert game.zones()["p0.sleeping"] == ["q-apple"]
    # One queen only: the turn goes on with the next roll.
    assert now(game) is Phase.ROLL
    refuse(game, WakeQueen("q-apple"), "Not now. Roll the die.")
    game.apply(Roll())
    assert game.zones()["p0.realm"] == ["q-owl", NUMBERS[0]]


def test_roll_dragon_wake_may_be_declined() -> None:
    """Waking is a choice: saying no keeps the queens asleep and goes on rolling."""
    game = position(
        knights=["red", "white"], sleeping={0: ["q-apple"]}, deck_top=NUMBERS, rolls=["dragon", "1"]
    )
    game.apply(Roll())
    events = game.apply(Decline())
    assert kinds(events) == ["let-sleep"]
    assert events[0].text == "Mia let their queens sleep."
    assert game.zones()["p0.sleeping"] == ["q-apple"]
    assert now(game) is Phase.ROLL


def test_roll_dragon_wakes_only_the_rollers_own_queens() -> None:
    """Another player's sleeping queen cannot be woken."""
    game = position(
        knights=["red", "white"],
        sleeping={0: ["q-apple"], 1: ["q-owl"]},
        deck_top=NUMBERS,
        rolls=["dragon"],
    )
    game.apply(Roll())
    refuse(game, WakeQueen("q-owl"), "That is not one of your sleeping queens.")
    refuse(game, WakeQueen("q-bee"), "That is not one of your sleeping queens.")


def test_roll_dragon_wake_offered_only_with_sleeping_queens() -> None:
    """Without a sleeping queen of one's own, a dragon goes straight on to the next roll."""
    game = position(
        knights=["red", "white"],
        realms={0: ["q-apple"]},
        sleeping={1: ["q-owl"]},
        deck_top=NUMBERS,
        rolls=["dragon", "2"],
    )
    game.apply(Roll())
    assert now(game) is Phase.ROLL
    assert offered(game) == [Roll()]
    refuse(game, WakeQueen("q-owl"), "Not now. Roll the die.")
    refuse(game, Decline(), "Not now. Roll the die.")


def test_roll_is_refused_out_of_turn_order() -> None:
    """Rolling in the middle of the actions is refused with what to do instead."""
    game = position(knights=["red", "white"], deck_top=NUMBERS, rolls=["2", "2"])
    game.apply(Roll())
    refuse(
        game,
        Roll(),
        "Not now. Nothing more to do this turn: press Finish.",
    )


def test_play_continues_to_the_left_and_only_the_current_player_decides() -> None:
    """After Mia comes Leo, then Zoe, then Mia again; anyone else asking is refused."""
    game = position(
        ["Mia", "Leo", "Zoe"],
        knights=["red", "white", "green"],
        deck_top=NUMBERS,
        rolls=["1", "1", "1"],
    )
    for seat in [0, 1, 2]:
        assert game.current_player == seat
        for other in {0, 1, 2} - {seat}:
            name = game.names[seat]
            assert not game.can(Roll(), other)
            before = game.to_json()
            with pytest.raises(IllegalActionError, match=f"^It is {name}'s turn to choose.$"):
                game.apply(Roll(), other)
            assert game.to_json() == before
        game.verify(Roll(), seat)
        game.apply(Roll(), seat)
        events = game.apply(EndActions(), seat)
        assert events[-1].kind == "turn"
    assert game.current_player == 0
    assert [game.zones()[f"p{seat}.realm"] for seat in range(3)] == [["n4a"], ["n5a"], ["n6a"]]


@pytest.mark.parametrize(("rerolls", "offers"), [(0, 0), (1, 1), (2, 2)])
def test_roll_blue_rerolls_setting_sets_how_often_a_one_may_be_rerolled(
    rerolls: int, offers: int
) -> None:
    """A teacher may change how many re-rolls the blue knight gives in one turn."""
    game = position(
        knights=["blue", "red"],
        deck_top=NUMBERS,
        rolls=["1", "1", "1", "1"],
        rules=Rules(blue_rerolls=rerolls),
    )
    game.apply(Roll())
    for _time in range(offers):
        assert now(game) is Phase.REROLL
        game.apply(Reroll())
    assert now(game) is Phase.ACTIONS
    assert game.zones()["p0.realm"] == NUMBERS[:1]


def test_roll_the_next_player_starts_with_no_roll() -> None:
    """The die's face belongs to one turn: the next player has not rolled yet."""
    game = position(phase="roll", rolls=["2"])
    game.apply(Roll())
    assert game.view(0)["roll"] == "2"
    game.apply(EndActions())
    assert game.current_player == 1
    assert game.view(1)["roll"] is None
    assert game.view(1)["rerolls_used"] == 0
