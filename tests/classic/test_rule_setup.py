"""Rule-clause tests for the cards and the set-up ("79 cards", "before the first game").

The table of players, the first player's seat and what a wrong table is told are the same
for every edition: ``tests/test_rule_setup.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from sq2edu import rescue
from sq2edu.classic import Discard, Game, IllegalActionError, Phase, Rules, new_game
from sq2edu.classic.cards import CARDS, DECK, KINGS, QUEENS, Kind, card, points

README_POINTS = {
    "Heart": 20,
    "Pancake": 15,
    "Cat": 15,
    "Dog": 15,
    "Moon": 10,
    "Peacock": 10,
    "Ladybug": 10,
    "Sunflower": 10,
    "Rose": 5,
    "Cake": 5,
    "Rainbow": 5,
    "Starfish": 5,
}
README_KINGS = {"Bubble Gum", "Chess", "Cookie", "Fire", "Hat", "Puzzle", "Tie-Dye", "Turtle"}


def test_seventy_nine_cards_of_the_kinds_the_rules_list() -> None:
    """12 queens, 8 kings, 5 jesters, 4 knights, 4 potions, 3 wands, 3 dragons, 40 numbers."""
    assert len(CARDS) == 79
    counts = Counter(c.kind for c in CARDS.values())
    assert counts == {
        Kind.QUEEN: 12,
        Kind.KING: 8,
        Kind.JESTER: 5,
        Kind.KNIGHT: 4,
        Kind.POTION: 4,
        Kind.WAND: 3,
        Kind.DRAGON: 3,
        Kind.NUMBER: 40,
    }
    numbers = Counter(c.value for c in CARDS.values() if c.kind is Kind.NUMBER)
    assert numbers == dict.fromkeys(range(1, 11), 4)


def test_queens_carry_their_printed_points_and_kings_their_names() -> None:
    assert {card(q).name.removesuffix(" Queen"): card(q).value for q in QUEENS} == README_POINTS
    assert {card(k).name.removesuffix(" King") for k in KINGS} == README_KINGS
    assert points(QUEENS) == 125
    assert card("q-heart").value == 20
    assert card("k-fire").kind is Kind.KING
    assert card("n7a").value == 7
    assert [card(f"knight{i}").kind for i in range(1, 5)] == [Kind.KNIGHT] * 4


def test_the_draw_pile_is_every_card_but_the_queens() -> None:
    assert len(DECK) == 67
    assert set(DECK) | set(QUEENS) == set(CARDS)
    assert not set(DECK) & set(QUEENS)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_set_up_queens_asleep_in_the_middle_five_cards_each_nobody_starts_with_a_queen(
    players: int,
) -> None:
    """The twelve queens lie face down in twelve places; 67 cards shuffled, five to each hand."""
    game = new_game(players, seed=players)
    zones = game.zones()
    assert sorted(zones["centre"]) == sorted(QUEENS)
    assert game.state.known == [False] * 12
    for seat in range(players):
        hand = zones[f"p{seat}.hand"]
        assert len(hand) == 5
        assert not set(hand) & set(QUEENS)
        assert zones[f"p{seat}.queens"] == []
    assert len(zones["deck"]) == 67 - 5 * players
    assert zones["discard"] == []
    assert game.phase is Phase.TURN
    assert game.current_player == game.turn_player
    assert [event.text for event in game.log] == [
        f"It is {game.names[game.current_player]}'s turn."
    ]
    view = game.view(None)
    assert view["centre"] == [{"queen": None, "occupied": True}] * 12


def test_set_up_shuffles_with_the_seed() -> None:
    """The same seed deals the same game; another seed deals another."""
    assert new_game(3, seed=9).to_json() == new_game(3, seed=9).to_json()
    assert new_game(3, seed=9).zones() != new_game(3, seed=10).zones()


def test_set_up_the_first_player_is_random_or_chosen() -> None:
    """The player left of a random dealer starts; new_game(first_player=...) may choose."""
    firsts = {new_game(4, seed=seed).current_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    game = new_game(["Mia", "Leo", "Ava"], seed=1, first_player=2)
    assert game.current_player == 2


def test_set_up_deals_a_bigger_hand_when_the_teacher_says_so() -> None:
    game = new_game(5, seed=1, rules=Rules(hand_size=8))
    assert all(len(game.zones()[f"p{seat}.hand"]) == 8 for seat in range(5))


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"queens_to_win": 0}, "queens_to_win is between 1 and 12"),
        ({"queens_to_win": 13}, "queens_to_win is between 1 and 12"),
        ({"points_to_win": 4}, "points_to_win is between 5 and 125"),
        ({"points_to_win": 126}, "points_to_win is between 5 and 125"),
        ({"hand_size": 2}, "hand_size is between 3 and 8"),
        ({"hand_size": 9}, "hand_size is between 3 and 8"),
        ({"operations": "%"}, "%"),
        ({"rose_bonus_by_jester": 1}, "rose_bonus_by_jester is true or false"),
    ],
)
def test_rules_refuse_settings_that_cannot_be_played(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**settings)  # type: ignore[arg-type]


def test_rules_round_trip_and_keep_the_signs_children_see() -> None:
    rules = Rules(queens_to_win=3, points_to_win=30, operations="+-", rose_bonus_by_jester=False)
    assert rules.operations == "+−"
    assert Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError, match="unknown rule settings: cheat"):
        Rules.from_dict({"cheat": True})


def test_a_new_game_is_a_classic_game() -> None:
    game = new_game(2, seed=3)
    assert isinstance(game, Game)
    assert repr(game).startswith("<classic.Game turn 1, ")
    assert game.num_players == 2
    assert game.names == ["Player 1", "Player 2"]
    assert game.winner is None
    assert not game.is_over


def test_an_action_from_the_other_edition_is_refused_in_words() -> None:
    game = new_game(2, seed=3)
    with pytest.raises(
        IllegalActionError, match=r"^That is not something you can do in this game\.$"
    ):
        game.apply(rescue.Roll())
    assert not game.can(Discard("q-heart"))
