"""Rule-clause tests for "the goal of the game": 5 queens or 50 points with 2-3 players,
4 queens or 40 points with 4-5, checked as soon as a play is done; or, when no queen is left
asleep, the most points (ties: more queens, then turn order from the player who woke the
last queen).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from sq2edu.classic import (
    ChooseQueen,
    Discard,
    Game,
    IllegalActionError,
    Phase,
    PlayJester,
    PlayKing,
    Rules,
)
from sq2edu.classic.cards import QUEENS
from sq2edu.classic.position import position
from tests.classic.helpers import FILLER, FILLER2, kinds, now, slot_of, texts

NAMES = ["Mia", "Leo", "Ava", "Noor", "Ivan"]
HAND = ["k-fire", "jester1", "n2a", "n3a", "n9b"]
HANDS = [
    HAND,
    FILLER,
    FILLER2,
    ["n2b", "n3b", "n5b", "n7b", "n9c"],
    ["n2c", "n3c", "n5c", "n7c", "n9d"],
]


def table(players: int, queens: Mapping[int, Sequence[str]], **more: object) -> Game:
    return position(
        NAMES[:players],
        hands={seat: HANDS[seat] for seat in range(players)},
        queens=queens,
        **more,  # type: ignore[arg-type]
    )


def wake(game: Game, queen: str) -> list[str]:
    return kinds(game.apply(PlayKing("k-fire", slot_of(game, queen))))


@pytest.mark.parametrize("players", [2, 3])
def test_five_queens_win_with_two_or_three_players(players: int) -> None:
    game = table(players, {0: ["q-rainbow", "q-cake", "q-starfish", "q-moon"]})
    assert wake(game, "q-peacock") == ["king", "woke", "won"]
    assert game.is_over
    assert game.winner == 0
    assert game.log[-1].text == "Mia has 5 queens and 35 points, and wins!"
    assert game.log[-1].params == {"reason": "goal", "queens": 5, "points": 35}


@pytest.mark.parametrize("players", [2, 3])
def test_fifty_points_win_with_two_or_three_players(players: int) -> None:
    game = table(players, {0: ["q-heart", "q-pancake"]})
    assert wake(game, "q-cat") == ["king", "woke", "won"]
    assert game.winner == 0
    assert game.points(0) == 50


@pytest.mark.parametrize("players", [4, 5])
def test_four_queens_or_forty_points_win_with_four_or_five_players(players: int) -> None:
    game = table(players, {0: ["q-rainbow", "q-cake", "q-starfish"]})
    assert wake(game, "q-rose")[-1] == "won"  # the fourth queen: no need for the Rose's bonus
    game = table(players, {0: ["q-heart", "q-pancake"]})
    assert wake(game, "q-cake")[-1] == "won"  # 40 points with three queens


@pytest.mark.parametrize("players", [2, 3])
def test_four_queens_or_forty_points_are_not_enough_with_two_or_three_players(players: int) -> None:
    game = table(players, {0: ["q-rainbow", "q-cake", "q-starfish"]})
    assert wake(game, "q-moon")[-1] == "turn"
    game = table(players, {0: ["q-heart", "q-pancake"]})
    assert wake(game, "q-cake")[-1] == "turn"
    assert game.points(0) == 40
    assert not game.is_over


def test_going_over_the_points_goal_still_wins() -> None:
    """Q&A: the points need not be exact."""
    game = table(2, {0: ["q-heart", "q-pancake", "q-moon"]})
    assert wake(game, "q-dog")[-1] == "won"
    assert game.points(0) == 60


def test_the_player_a_jester_count_lands_on_can_win() -> None:
    game = table(2, {1: ["q-heart", "q-pancake"]}, deck_top=["n2d", "n5a"])
    game.apply(PlayJester("jester1"))
    events = game.apply(ChooseQueen(slot_of(game, "q-cat")))
    assert kinds(events) == ["woke", "won"]
    assert game.winner == 1


def test_a_teacher_may_set_other_goals() -> None:
    rules = Rules(queens_to_win=2, points_to_win=100)
    game = table(2, {0: ["q-cake"]}, rules=rules)
    assert game.view(0)["queens_to_win"] == 2
    assert game.view(0)["points_to_win"] == 100
    assert wake(game, "q-rainbow")[-1] == "won"


def test_when_every_queen_is_awake_the_most_points_win() -> None:
    game = table(
        3,
        {
            0: ["q-heart", "q-moon", "q-cake"],
            1: ["q-pancake", "q-cat", "q-peacock", "q-rainbow"],
            2: ["q-dog", "q-ladybug", "q-sunflower", "q-starfish"],
        },
        centre=[None, None, "q-rose", *[None] * 9],
    )
    events = game.apply(PlayKing("k-fire", 2))
    assert texts(events)[-1] == "Every queen is awake. Leo has the most points, 45, and wins!"
    assert events[-1].params == {"reason": "all-awake", "queens": 4, "points": 45}
    assert game.winner == 1


def test_when_every_queen_is_awake_a_tie_goes_to_more_queens() -> None:
    """Five players: Mia and Leo have 35 points each, Leo with three queens to Mia's two."""
    queens = {
        0: ["q-heart", "q-pancake"],
        1: ["q-cat", "q-peacock", "q-ladybug"],
        2: ["q-dog", "q-sunflower"],
        3: ["q-moon", "q-rose", "q-cake"],
        4: ["q-rainbow"],
    }
    hands = {seat: HANDS[seat] for seat in range(5)}
    hands[0], hands[4] = hands[4], hands[0]
    game = position(
        NAMES, hands=hands, queens=queens, centre=["q-starfish", *[None] * 11], current=4
    )
    game.apply(PlayKing("k-fire", 0))  # Ivan wakes the last queen
    assert game.winner == 1
    assert [game.points(seat) for seat in range(5)] == [35, 35, 25, 20, 10]


@pytest.mark.parametrize(("waker", "winner"), [(2, 0), (1, 1), (0, 0)])
def test_when_every_queen_is_awake_a_full_tie_goes_round_the_table_from_the_last_waker(
    waker: int, winner: int
) -> None:
    """Mia and Leo both have 45 points and four queens; counting from the player who woke the
    last queen, the first of them wins."""
    queens = {
        0: ["q-heart", "q-moon", "q-peacock", "q-rose"],
        1: ["q-pancake", "q-cat", "q-ladybug", "q-cake"],
        2: ["q-dog", "q-sunflower", "q-rainbow", "q-starfish"],
    }
    last = queens[waker].pop()
    hands = {seat: HANDS[seat] for seat in range(3)}
    hands[0], hands[waker] = hands[waker], hands[0]
    game = position(
        NAMES[:3], hands=hands, queens=queens, centre=[last, *[None] * 11], current=waker
    )
    game.apply(PlayKing("k-fire", 0))
    assert [game.points(seat) for seat in range(3)][:2] == [45, 45]
    assert game.winner == winner


def test_nothing_can_be_played_once_the_game_is_over() -> None:
    game = table(2, {0: ["q-heart", "q-pancake"]})
    wake(game, "q-cat")
    assert now(game) is Phase.OVER
    assert game.legal_actions() == []
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"^The game is over\.$"):
        game.apply(Discard("n2a"))
    assert game.to_json() == before
    assert game.view(0)["prompt"] is None
    assert game.view(None)["winner"] == 0


def test_position_places_every_queen() -> None:
    """A hand-built middle that loses a queen is refused (so the tests above are whole)."""
    with pytest.raises(ValueError, match="every queen is somewhere"):
        position(centre=[QUEENS[0], *[None] * 11])
