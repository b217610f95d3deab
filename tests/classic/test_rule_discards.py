"""Rule-clause tests for "discard one or more cards to draw new ones": one card of any kind,
a pair of equal numbers, or three or more numbers that make an addition equation; and
"draw back up to five cards", with an empty draw pile refilled from the discard pile.
"""

from __future__ import annotations

import pytest

from sq2edu.classic import (
    Discard,
    DiscardEquation,
    DiscardPair,
    Phase,
    Rules,
)
from sq2edu.classic.position import position
from tests.classic.helpers import FILLER, kinds, now, offered, refuse, texts
from tests.rules_helpers import refuse_too_long_equation, refuse_wrong_equation_in_each_language

DECK_TOP = ["k-fire", "n5a", "n5b", "n5c", "n5d"]


def equations(hand: list[str], rules: Rules | None = None) -> list[str]:
    game = position(hands={0: hand}, rules=rules)
    return [a.text for a in offered(game) if isinstance(a, DiscardEquation)]


def test_discard_one_card_of_any_kind_and_draw_one() -> None:
    game = position(
        hands={0: ["dragon1", "n2a", "n3a", "n9b", "n9c"], 1: FILLER}, deck_top=DECK_TOP
    )
    act = Discard("dragon1")
    assert act in offered(game)
    events = game.apply(act)
    assert texts(events) == ["Mia discarded a Dragon.", "Mia drew 1 card.", "It is Leo's turn."]
    assert game.zones()["discard"] == ["dragon1"]
    assert game.zones()["p0.hand"] == ["n2a", "n3a", "n9b", "n9c", "k-fire"]
    assert now(game) is Phase.TURN
    assert game.current_player == 1


def test_discard_is_offered_once_for_cards_that_play_alike() -> None:
    """Two 9s, or two Kings, are one choice; apply accepts either."""
    game = position(hands={0: ["k-fire", "k-hat", "n9b", "n9c", "n3a"], 1: FILLER})
    singles = [a for a in offered(game) if isinstance(a, Discard)]
    assert singles == [Discard("k-fire"), Discard("n9b"), Discard("n3a")]
    assert game.can(Discard("k-hat"))
    assert game.can(Discard("n9c"))
    refuse(game, Discard("n4a"), "You can only discard cards from your hand.")


def test_discard_a_pair_of_equal_numbers_and_draw_two() -> None:
    game = position(
        hands={0: ["n9b", "n2a", "n9c", "k-fire", "n3a"], 1: FILLER},
        deck_top=["k-hat", "n5a", "n5b"],
    )
    pairs = [a for a in offered(game) if isinstance(a, DiscardPair)]
    assert pairs == [DiscardPair("n9b", "n9c")]
    events = game.apply(DiscardPair("n9b", "n9c"))
    assert texts(events) == [
        "Mia discarded a pair: 9 and 9.",
        "Mia drew 2 cards.",
        "It is Leo's turn.",
    ]
    assert game.zones()["discard"] == ["n9b", "n9c"]
    assert game.zones()["p0.hand"] == ["n2a", "k-fire", "n3a", "k-hat", "n5a"]


def test_a_pair_is_two_number_cards_with_the_same_number() -> None:
    game = position(hands={0: ["n9b", "n2a", "n9c", "k-fire", "k-hat"], 1: FILLER})
    refuse(game, DiscardPair("n9b", "n2a"), "A pair is two cards with the same number.")
    refuse(game, DiscardPair("k-fire", "k-hat"), "Choose two number cards from your hand.")
    refuse(game, DiscardPair("n9b", "n9b"), "Choose two number cards from your hand.")
    refuse(game, DiscardPair("n9b", "n9d"), "Choose two number cards from your hand.")


def test_discard_an_addition_equation_of_three_cards_and_draw_three() -> None:
    """2 + 3 = 5 (the rules' first example): the three cards go, three are drawn."""
    game = position(
        hands={0: ["n2a", "n3a", "n5c", "k-fire", "n9b"], 1: FILLER}, deck_top=["n5a", "n6a", "n7a"]
    )
    act = DiscardEquation(("n2a", "n3a", "n5c"), "2 + 3 = 5")
    assert act in offered(game)
    events = game.apply(act)
    assert texts(events) == [
        "Mia said 2 + 3 = 5 and discarded those cards.",
        "Mia drew 3 cards.",
        "It is Leo's turn.",
    ]
    assert events[0].params == {"equation": "2 + 3 = 5", "cards": ["n2a", "n3a", "n5c"]}
    assert game.zones()["discard"] == ["n2a", "n3a", "n5c"]
    assert game.zones()["p0.hand"] == ["k-fire", "n9b", "n5a", "n6a", "n7a"]


def test_discard_an_addition_equation_of_four_cards() -> None:
    """2 + 3 + 4 = 9 (the rules' second example)."""
    assert equations(["n2a", "n3a", "n4a", "n9a", "k-fire"]) == ["2 + 3 + 4 = 9"]
    game = position(hands={0: ["n2a", "n3a", "n4a", "n9a", "k-fire"], 1: FILLER})
    game.apply(DiscardEquation(("n9a", "n4a", "n3a", "n2a"), "9 = 4 + 3 + 2"))
    assert sorted(game.zones()["discard"]) == ["n2a", "n3a", "n4a", "n9a"]


def test_every_equation_in_the_hand_is_offered_once() -> None:
    """Each distinct addition equation of three or more cards, most cards first."""
    assert equations(["n1a", "n2a", "n3a", "n5a", "n4a"]) == [
        "1 + 2 = 3",
        "1 + 3 = 4",
        "1 + 4 = 5",
        "2 + 3 = 5",
    ]
    assert equations(["n1a", "n1b", "n2a", "k-fire", "dragon1"]) == ["1 + 1 = 2"]
    assert equations(["n1a", "n1b", "n1c", "n3a", "n2a"]) == [
        "1 + 1 + 1 = 3",
        "1 + 1 = 2",
        "1 + 2 = 3",
    ]
    assert equations(["n10a", "n10b", "n7a", "k-fire", "dragon1"]) == []


def test_equation_must_be_true_use_the_chosen_cards_and_only_add() -> None:
    game = position(hands={0: ["n2a", "n3a", "n5c", "n6a", "n9b"], 1: FILLER})
    refuse(game, DiscardEquation(("n2a", "n3a", "n6a"), "2 + 3 = 6"), "2 + 3 makes 5, not 6.")
    refuse(
        game,
        DiscardEquation(("n2a", "n3a", "n6a"), "2 × 3 = 6"),
        game_message(game, ("n2a", "n3a", "n6a"), "2 × 3 = 6"),
    )
    refuse(
        game,
        DiscardEquation(("n2a", "n3a"), "2 + 3 = 5"),
        "An equation to discard uses three cards or more.",
    )
    refuse(
        game,
        DiscardEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"),
        "Make your equation with number cards from your hand.",
    )
    refuse(
        game,
        DiscardEquation(("n2a", "n2a", "n5c"), "2 + 3 = 5"),
        "Make your equation with number cards from your hand.",
    )
    refuse(
        game,
        DiscardEquation(("n2a", "n3a", "n5c", "n9b"), "2 + 3 = 5"),
        "Use each card you chose in the equation, and no others.",
    )


def game_message(game: object, cards: tuple[str, ...], text: str) -> str:
    from sq2edu.classic.cards import CARDS
    from sq2edu.equations import check

    verdict = check(text, [CARDS[c].value for c in cards], operations="+")
    assert not verdict.ok
    assert "operation-not-allowed" in verdict.codes
    return verdict.problems[0].message


def test_a_teacher_may_allow_other_operations_in_discarded_equations() -> None:
    assert "2 × 3 = 6" not in equations(["n2a", "n3a", "n6a", "k-fire", "dragon1"])
    assert equations(["n2a", "n3a", "n6a", "k-fire", "dragon1"], Rules(operations="+×")) == [
        "2 × 3 = 6"
    ]


def test_draw_back_up_to_five_and_refill_an_empty_draw_pile_from_the_discard_pile() -> None:
    """Q&A: when the draw pile runs out, shuffle the discard pile into a new one."""
    game = position(
        hands={0: ["n2a", "n3a", "n5c", "k-fire", "n9b"], 1: FILLER},
        discard=["n7a"],
        deck_top=["n6a"],
    )
    # Leave one card in the draw pile, and the rest on the discard pile.
    rest = [c for c in game.state.deck if c != "n6a"]
    game.state.deck = ["n6a"]
    game.state.discard += rest
    events = game.apply(DiscardEquation(("n2a", "n3a", "n5c"), "2 + 3 = 5"))
    assert kinds(events) == ["equation", "reshuffled", "drew", "turn"]
    assert len(game.zones()["p0.hand"]) == 5
    assert "n6a" in game.zones()["p0.hand"]
    assert game.zones()["discard"] == []


@pytest.mark.parametrize("size", [3, 7])
def test_a_teacher_may_choose_the_hand_size(size: int) -> None:
    hand = ["k-fire", "n2a", "n3a", "n5c", "n9b", "n9c", "n9d"][:size]
    game = position(hands={0: hand, 1: FILLER}, rules=Rules(hand_size=size))
    game.apply(Discard("k-fire"))
    assert len(game.zones()["p0.hand"]) == size


def test_a_pair_tells_the_table_its_number_and_both_cards() -> None:
    game = position(hands={0: ["n9c", "n2a", "n9b", "n3a", "k-fire"], 1: FILLER})
    events = game.apply(DiscardPair("n9b", "n9c"))
    assert events[0].player == 0
    assert events[0].params == {"value": 9, "cards": ["n9b", "n9c"]}


def test_an_equation_with_a_number_not_in_the_hand_names_it() -> None:
    game = position(hands={0: ["n2a", "n3a", "n6a", "k-fire", "n9b"], 1: FILLER})
    refuse(game, DiscardEquation(("n2a", "n3a", "n6a"), "2 + 4 = 6"), "You have no card with 4.")


def test_an_equation_longer_than_the_checker_reads_is_refused_with_its_reason() -> None:
    game = position(hands={0: ["n2a", "n3a", "n5c", "k-fire", "n9b"], 1: FILLER})
    refuse_too_long_equation(game, lambda text: DiscardEquation(("n2a", "n3a", "n5c"), text))


def test_an_equation_refusal_is_said_in_the_childs_language_each_time() -> None:
    game = position(hands={0: ["n2a", "n3a", "n6a", "k-fire", "n9b"], 1: FILLER})
    wrong = DiscardEquation(("n2a", "n3a", "n6a"), "2 + 3 = 6")
    refuse_wrong_equation_in_each_language(game, wrong)


def test_draw_back_up_as_far_as_the_cards_go() -> None:
    """A position built by hand with a short hand and empty piles: the one card discarded is
    all there is to draw, and the table is told so."""
    game = position(hands={0: ["k-fire", "n2a", "n3a"], 1: FILLER})
    game.state.deck.clear()
    game.state.discard.clear()
    events = game.apply(Discard("k-fire"))
    assert kinds(events) == ["discarded", "reshuffled", "drew", "turn"]
    assert events[2].params == {"count": 1}
    assert sorted(game.zones()["p0.hand"]) == ["k-fire", "n2a", "n3a"]
