"""Rule-clause tests for "How to Play", step 4, with "Finding Rescue Companions", "How to Wake
a Sleeping Queen", "Spell Books" and "How to Rescue a King".

Each situation is stacked by hand with ``position(..., phase="actions")``: the player has
rolled, drawn and placed, and now takes actions.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from sq2edu.core import Action
from sq2edu.equations import check
from sq2edu.rescue import (
    EndActions,
    Game,
    MakeEquation,
    Phase,
    Rescue,
    Roll,
    Rules,
    TakeCompanion,
    TakeKing,
    UseSpellBook,
    WakeWithPair,
)
from sq2edu.rescue.cards import COMPANIONS, KINGS
from sq2edu.rescue.position import position
from tests.rescue.helpers import kinds, now, offered, refuse
from tests.rules_helpers import refuse_too_long_equation, refuse_wrong_equation_in_each_language

CHOOSE_OR_FINISH = "Make an equation with your number cards. Press Finish when you are done."


def equations(game: Game) -> list[str]:
    return [a.text for a in offered(game) if isinstance(a, MakeEquation)]


def ten_places(elsewhere: Sequence[str]) -> list[str | None]:
    """The grid of a real game: ten places, empty where a companion is in a realm."""
    return [None if c in elsewhere else c for c in COMPANIONS]


# -- equations and companions --------------------------------------------------------------


def test_equation_discards_its_number_cards_then_a_face_down_companion_is_chosen_by_grid_slot() -> (
    None
):
    """2 + 3 = 5: the three cards go on the discard pile, then the child picks a place."""
    game = position(realms={0: ["n2a", "n3a", "n5a", "n9a"]}, discard=["n1a"], phase="actions")
    act = MakeEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5")
    assert act in offered(game)
    events = game.apply(act)
    assert kinds(events) == ["equation"]
    assert events[0].params == {
        "equation": "2 + 3 = 5",
        "cards": ["n2a", "n3a", "n5a"],
        "adjusted": None,
    }
    assert events[0].text == "Mia made 2 + 3 = 5 and gets a companion."
    assert game.zones()["discard"] == ["n1a", "n2a", "n3a", "n5a"]
    assert game.zones()["p0.realm"] == ["n9a"]
    assert now(game) is Phase.TAKE_COMPANION
    assert game.view(0)["prompt"] == "Choose a face-down companion."
    assert offered(game) == [TakeCompanion(slot) for slot in range(10)]
    refuse(game, EndActions(), "Not now. Choose a face-down companion.")
    refuse(game, TakeCompanion(10), "There is no companion in that place.")
    hidden = game.state.grid[7]
    assert hidden is not None
    events = game.apply(TakeCompanion(7))
    assert kinds(events) == ["took-companion"]
    assert events[0].params == {"companion": hidden}
    assert game.zones()["p0.companions"] == [hidden]
    assert game.state.grid[7] is None
    assert game.view(1)["grid"][7] == {"card": None, "occupied": False}
    assert now(game) is Phase.ACTIONS


def test_companion_identity_is_hidden_until_taken() -> None:
    """No view and no event names a face-down companion before it is taken."""
    game = position(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    game.apply(MakeEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"))
    for viewer in (None, 0, 1):
        assert game.view(viewer)["grid"] == [{"card": None, "occupied": True}] * 10
    assert not any(c in repr(e.to_dict()) for e in game.log for c in COMPANIONS)
    # The child chooses a place, not a card: the action holds no companion id.
    assert all(set(a.to_dict()) == {"kind", "slot"} for a in game.legal_actions())
    taken = game.state.grid[3]
    assert taken is not None
    game.apply(TakeCompanion(3))
    assert game.view(1)["players"][0]["companions"] == [taken]


def test_companions_are_reshuffled_face_down_when_none_is_face_down() -> None:
    """Only face-up companions in the grid: they are shuffled and laid face down first."""
    grid: list[str | None] = [None] * 10
    grid[0], grid[2] = "c-kangaroo", "c-koala"
    face_up = [False] * 10
    face_up[0] = face_up[2] = True
    others = [c for c in COMPANIONS if c not in ("c-kangaroo", "c-koala")]
    game = position(
        realms={0: ["n2a", "n3a", "n5a"]},
        companions={1: others},
        grid=grid,
        face_up=face_up,
        phase="actions",
    )
    assert game.view(1)["grid"][0] == {"card": "c-kangaroo", "occupied": True}
    events = game.apply(MakeEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"))
    assert kinds(events) == ["equation", "companions-shuffled"]
    assert (
        events[1].text
        == "No companion was face down, so they were all shuffled and laid face down again."
    )
    assert game.state.face_up == [False] * 10
    assert {game.state.grid[0], game.state.grid[2]} == {"c-kangaroo", "c-koala"}
    assert game.view(1)["grid"][0] == {"card": None, "occupied": True}
    assert offered(game) == [TakeCompanion(0), TakeCompanion(2)]
    refuse(game, TakeCompanion(1), "There is no companion in that place.")


def test_face_up_companion_cannot_be_summoned_while_a_face_down_one_is_left() -> None:
    """A companion returned face up after a rescue waits until every face-down one is gone."""
    face_up = [False] * 10
    face_up[4] = True
    game = position(realms={0: ["n2a", "n3a", "n5a"]}, face_up=face_up, phase="actions")
    game.apply(MakeEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"))
    assert TakeCompanion(4) not in offered(game)
    refuse(game, TakeCompanion(4), "Choose a companion that is face down.")


def test_no_equation_can_be_made_when_no_companion_is_in_the_grid() -> None:
    """Every companion is in a realm: there is nothing to summon."""
    game = position(
        realms={0: ["n2a", "n3a", "n5a"]},
        companions={0: list(COMPANIONS[:4]), 1: list(COMPANIONS[4:])},
        grid=[None] * 10,
        phase="actions",
    )
    assert offered(game) == [EndActions()]
    refuse(
        game,
        MakeEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"),
        "No companions are left to summon right now.",
    )


@pytest.mark.parametrize(
    ("hand", "text", "adjusted"),
    [
        (["n2a", "n3a", "n4a"], "2 + 3 = 5", [4, 5]),  # the result card 4 counts as 5
        (["n2a", "n3a", "n6a"], "2 + 3 = 5", [6, 5]),  # the result card 6 counts as 5
        (["n3a", "n4a", "n9a"], "3 × 3 = 9", [4, 3]),  # a card of the operation side
        (["n10a", "n1a", "n10b"], "11 − 1 = 10", [10, 11]),  # a 10 may count as 11
    ],
)
def test_red_knight_adds_or_subtracts_1_to_complete_an_equation(
    hand: list[str], text: str, adjusted: list[int]
) -> None:
    """With the red knight, one card of the equation may count as one more or one less."""
    game = position(knights=["red", "green"], realms={0: hand}, phase="actions")
    act = MakeEquation(tuple(hand), text)
    game.verify(act)
    events = game.apply(act)
    assert events[0].params["adjusted"] == adjusted
    assert game.zones()["discard"] == hand
    assert now(game) is Phase.TAKE_COMPANION


def test_red_knight_helps_each_equation_of_a_turn() -> None:
    """One change per equation, but the knight helps every equation the player makes."""
    game = position(
        knights=["red", "green"],
        realms={0: ["n2a", "n3a", "n4a", "n1a", "n5a", "n7a"]},
        phase="actions",
    )
    first = game.apply(MakeEquation(("n2a", "n3a", "n4a"), "2 + 3 = 5"))
    game.apply(TakeCompanion(0))
    second = game.apply(MakeEquation(("n1a", "n5a", "n7a"), "1 + 5 = 6"))
    game.apply(TakeCompanion(1))
    assert first[0].params["adjusted"] == [4, 5]
    assert second[0].params["adjusted"] == [7, 6]
    assert first[0].text == (
        "Mia made 2 + 3 = 5, with the red knight's help: their 4 counted as 5."
        " They get a companion."
    )
    assert len(game.zones()["p0.companions"]) == 2


def test_red_knight_changes_only_one_card_and_never_below_1() -> None:
    """ "A 1": one card per equation; and a 1 cannot count as 0 (there is no 0 card)."""
    game = position(
        knights=["red", "green"],
        realms={0: ["n2a", "n4a", "n6a", "n3a", "n3b", "n1a"]},
        phase="actions",
    )
    # The 4 would have to count as 3 and the 6 as 5: two changes.
    refuse(game, MakeEquation(("n2a", "n4a", "n6a"), "2 + 3 = 5"), "You have no card with 3.")
    refuse(game, MakeEquation(("n3a", "n3b", "n1a"), "3 − 3 = 0"), "You have no card with 0.")


def test_equation_needing_1_more_or_less_is_refused_without_the_red_knight() -> None:
    """Leo's red knight does not help Mia."""
    game = position(knights=["green", "red"], realms={0: ["n2a", "n3a", "n4a"]}, phase="actions")
    assert "2 + 3 = 5" not in equations(game)
    refuse(game, MakeEquation(("n2a", "n3a", "n4a"), "2 + 3 = 5"), "You have no card with 5.")


def test_class_operations_setting_refuses_division() -> None:
    """A class that has not met ÷ yet: ÷ equations are neither offered nor accepted."""
    rules = Rules(operations="+−×")
    game = position(realms={0: ["n6a", "n2a", "n3a"]}, phase="actions", rules=rules)
    assert equations(game) == ["2 × 3 = 6"]
    refuse(
        game,
        MakeEquation(("n6a", "n2a", "n3a"), "6 ÷ 2 = 3"),
        "Your class is not using ÷ yet. Try +, − and ×.",
    )
    # With the rulebook's settings, the same hand may divide.
    everything = position(realms={0: ["n6a", "n2a", "n3a"]}, phase="actions")
    assert equations(everything) == ["2 × 3 = 6", "6 ÷ 2 = 3", "6 ÷ 3 = 2"]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("2 + 3 = 5", "2 + 3 = 5"),
        ("3 + 2 = 5", "3 + 2 = 5"),
        ("5 = 2 + 3", "5 = 2 + 3"),
        ("5 = 3 + 2", "5 = 3 + 2"),
        ("2+3=5", "2 + 3 = 5"),
        ("5 − 3 = 2", "5 − 3 = 2"),
        ("2 = 5 - 3", "2 = 5 − 3"),
    ],
)
def test_any_valid_way_of_writing_the_equation_is_accepted(text: str, shown: str) -> None:
    """Either side may hold the operation, numbers may swap, and the cards may come in any order."""
    game = position(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    act = MakeEquation(("n5a", "n3a", "n2a"), text)
    game.verify(act)
    assert game.can(act)
    events = game.apply(act)
    # The log shows the child's own equation, neatly spaced.
    assert events[0].params["equation"] == shown
    assert sorted(game.zones()["discard"]) == ["n2a", "n3a", "n5a"]
    assert now(game) is Phase.TAKE_COMPANION


@pytest.mark.parametrize(
    ("hand", "text", "reason"),
    [
        (["n2a", "n3a", "n6a"], "2 + 3 = 6", "2 + 3 makes 5, not 6."),
        (["n4a", "n3a", "n5a", "n2a"], "4 + 3 = 5 + 2", None),
        (["n5a", "n2a", "n8a", "n2b"], "5 × 2 − 8 = 2", None),
        (["n5a", "n5b"], "5 = 5", None),
    ],
)
def test_wrong_equation_is_refused_with_the_checkers_reason(
    hand: list[str], text: str, reason: str | None
) -> None:
    """The child reads why, in the checker's own words."""
    game = position(realms={0: hand}, phase="actions")
    values = [int(card[1:-1]) for card in hand]
    verdict = check(text, values)
    assert not verdict.ok
    refuse(game, MakeEquation(tuple(hand), text), verdict.problems[0].message)
    if reason is not None:
        assert verdict.problems[0].message == reason


def test_equation_uses_exactly_the_number_cards_chosen_from_the_realm() -> None:
    """Cards must be the player's own number cards, each used once, none left over."""
    game = position(
        realms={0: ["n2a", "n3a", "n5a", "n7a", "q-apple"], 1: ["n5b"]}, phase="actions"
    )
    from_realm = "Make your equation with number cards from your realm."
    refuse(game, MakeEquation(("n2a", "n3a", "n5b"), "2 + 3 = 5"), from_realm)
    refuse(game, MakeEquation(("n2a", "n3a", "q-apple"), "2 + 3 = 5"), from_realm)
    refuse(game, MakeEquation(("n2a", "n3a", "n5a", "n5a"), "2 + 3 = 5"), from_realm)
    refuse(
        game,
        MakeEquation(("n2a", "n3a", "n5a", "n7a"), "2 + 3 = 5"),
        "Use each card you chose in the equation, and no others.",
    )


# -- waking with a pair --------------------------------------------------------------------


def test_pair_of_equal_numbers_wakes_all_sleeping_queens() -> None:
    """Two 7s go on the discard pile and every sleeping queen wakes."""
    game = position(
        realms={0: ["n7a", "n2a", "n7b"]},
        sleeping={0: ["q-apple", "q-owl"]},
        phase="actions",
    )
    assert WakeWithPair("n7a", "n7b") in offered(game)
    events = game.apply(WakeWithPair("n7a", "n7b"))
    assert kinds(events) == ["pair"]
    assert events[0].text == "Mia played a pair, 7 and 7, and woke all their queens."
    assert events[0].params["woken"] == ["q-apple", "q-owl"]
    assert game.zones()["p0.sleeping"] == []
    assert sorted(game.zones()["p0.realm"]) == ["n2a", "q-apple", "q-owl"]
    assert game.zones()["discard"] == ["n7a", "n7b"]
    assert now(game) is Phase.ACTIONS


def test_pair_is_offered_only_with_sleeping_queens() -> None:
    """With every queen awake, a pair has nothing to do."""
    game = position(realms={0: ["n7a", "n7b", "q-apple"]}, sleeping={1: ["q-owl"]}, phase="actions")
    assert not any(isinstance(a, WakeWithPair) for a in offered(game))
    refuse(game, WakeWithPair("n7a", "n7b"), "None of your queens is asleep.")


def test_pair_must_be_two_cards_with_the_same_number() -> None:
    """A 7 and an 8 are not a pair; a card is not a pair with itself."""
    game = position(realms={0: ["n7a", "n8a"]}, sleeping={0: ["q-owl"]}, phase="actions")
    refuse(game, WakeWithPair("n7a", "n8a"), "A pair is two cards with the same number.")
    refuse(game, WakeWithPair("n7a", "n7a"), "Choose two number cards from your realm.")
    refuse(game, WakeWithPair("n7a", "n7b"), "Choose two number cards from your realm.")


# -- Spell Books ---------------------------------------------------------------------------


def test_spell_book_takes_a_chosen_number_card_from_the_discard_pile_and_is_discarded() -> None:
    """The child looks through the pile, takes any number card, and the book is discarded."""
    game = position(
        realms={0: ["book1", "n2a"]},
        discard=["n4a", "q-bee", "n9b", "n4b"],
        phase="actions",
    )
    # The pile is face up: the child may look through all of it before choosing.
    assert game.view(0)["discard"] == ["n4a", "q-bee", "n9b", "n4b"]
    books = [a for a in offered(game) if isinstance(a, UseSpellBook)]
    # One choice per number value in the pile.
    assert sorted(a.card for a in books) == ["n4b", "n9b"]
    game.verify(UseSpellBook("book1", "n4a"))
    events = game.apply(UseSpellBook("book1", "n9b"))
    assert kinds(events) == ["spell-book"]
    assert events[0].text == "Mia used a Spell Book to take the 9 from the discard pile."
    assert game.zones()["p0.realm"] == ["n2a", "n9b"]
    assert game.zones()["discard"] == ["n4a", "q-bee", "n4b", "book1"]
    assert now(game) is Phase.ACTIONS


def test_spell_book_takes_only_a_number_card() -> None:
    """A queen or another book in the discard pile cannot be taken with a Spell Book."""
    game = position(realms={0: ["book1", "n2a"]}, discard=["q-bee", "book2"], phase="actions")
    assert not any(isinstance(a, UseSpellBook) for a in offered(game))
    takes_numbers = "A Spell Book takes a number card from the discard pile."
    refuse(game, UseSpellBook("book1", "q-bee"), takes_numbers)
    refuse(game, UseSpellBook("book1", "book2"), takes_numbers)
    refuse(game, UseSpellBook("book1", "n5a"), takes_numbers)
    refuse(game, UseSpellBook("n2a", "q-bee"), "Choose a Spell Book from your realm.")


def test_spell_book_may_be_saved_for_another_turn() -> None:
    """Finishing without using the book keeps it in the realm."""
    game = position(realms={0: ["book1"]}, discard=["n4a"], phase="actions", rolls=["1"])
    assert UseSpellBook("book1", "n4a") in offered(game)
    game.apply(EndActions())
    assert game.zones()["p0.realm"] == ["book1"]


# -- rescuing a king -----------------------------------------------------------------------


def test_rescue_with_awake_queen_and_matching_companion_takes_a_king_of_choice() -> None:
    """Queen to the discard pile, companion face up back in the grid, then the child picks a king."""
    game = position(
        realms={0: ["q-owl", "n2a"]},
        companions={0: ["c-lion"]},
        grid=ten_places(["c-lion"]),
        discard=["n1a"],
        phase="actions",
    )
    slot = COMPANIONS.index("c-lion")
    assert Rescue("q-owl", "c-lion") in offered(game)
    events = game.apply(Rescue("q-owl", "c-lion"))
    assert events == []  # the rescue is told once the king is chosen
    assert game.zones()["discard"] == ["n1a", "q-owl"]
    assert game.zones()["p0.companions"] == []
    assert game.state.grid[slot] == "c-lion"
    assert game.view(1)["grid"][slot] == {"card": "c-lion", "occupied": True}
    assert now(game) is Phase.TAKE_KING
    assert game.view(0)["prompt"] == "Choose the king you rescue."
    assert offered(game) == [TakeKing(king) for king in KINGS]
    refuse(game, EndActions(), "Not now. Choose the king you rescue.")
    events = game.apply(TakeKing("k-rocket"))
    assert kinds(events) == ["rescued"]
    assert events[0].params == {"king": "k-rocket", "queen": "q-owl", "companion": "c-lion"}
    assert events[0].text == "Mia rescued the Rocket King with the Owl Queen and the Lion!"
    assert game.zones()["p0.kings"] == ["k-rocket"]
    assert "k-rocket" not in game.zones()["kings"]
    assert now(game) is Phase.ACTIONS


def test_rescue_works_in_a_position_with_a_companion_in_a_realm() -> None:
    """``position`` with a companion in a realm (default grid): the companion must find a place."""
    game = position(realms={0: ["q-owl"]}, companions={0: ["c-lion"]}, phase="actions")
    act = Rescue("q-owl", "c-lion")
    assert act in offered(game)
    before = game.to_json()
    try:
        game.apply(act)
    except ValueError as error:
        changed = "changed" if game.to_json() != before else "did not change"
        pytest.fail(f"the offered rescue raised {error!r}, and the game {changed}")
    assert "c-lion" in game.zones()["grid"]
    assert now(game) is Phase.TAKE_KING


def test_rescued_king_is_chosen_from_the_kings_in_the_middle() -> None:
    """A king already rescued by someone else cannot be chosen."""
    game = position(
        realms={0: ["q-owl"]},
        companions={0: ["c-lion"]},
        kings={1: ["k-sock"]},
        grid=ten_places(["c-lion"]),
        phase="actions",
    )
    game.apply(Rescue("q-owl", "c-lion"))
    assert TakeKing("k-sock") not in offered(game)
    refuse(game, TakeKing("k-sock"), "Choose one of the kings still waiting in the middle.")


@pytest.mark.parametrize("queen", ["q-apple", "q-owl", "q-whale"])
def test_all_porpoise_tool_rescues_with_any_queen(queen: str) -> None:
    """The All-Porpoise Tool carries every tool."""
    game = position(
        realms={0: [queen]},
        companions={0: ["c-porpoise"]},
        grid=ten_places(["c-porpoise"]),
        phase="actions",
    )
    assert Rescue(queen, "c-porpoise") in offered(game)
    game.apply(Rescue(queen, "c-porpoise"))
    game.apply(TakeKing("k-dino"))
    assert game.zones()["p0.kings"] == ["k-dino"]
    assert "c-porpoise" in game.zones()["grid"]


def test_rescue_needs_the_companion_with_the_queens_tool() -> None:
    """The Kangaroo's key does not help the Owl Queen (a lantern queen)."""
    game = position(
        realms={0: ["q-owl", "q-apple"]},
        companions={0: ["c-kangaroo"]},
        grid=ten_places(["c-kangaroo"]),
        phase="actions",
    )
    assert [a for a in offered(game) if isinstance(a, Rescue)] == [Rescue("q-apple", "c-kangaroo")]
    refuse(
        game,
        Rescue("q-owl", "c-kangaroo"),
        "The Kangaroo does not carry the tool the Owl Queen needs.",
    )
    refuse(game, Rescue("q-owl", "c-lion"), "Choose one of your companions.")


def test_sleeping_queen_cannot_rescue_a_king() -> None:
    """The error says why and what to do."""
    game = position(
        sleeping={0: ["q-owl"]},
        companions={0: ["c-lion"]},
        grid=ten_places(["c-lion"]),
        phase="actions",
    )
    assert offered(game) == [EndActions()]
    refuse(
        game,
        Rescue("q-owl", "c-lion"),
        "A sleeping queen cannot rescue a king. Wake her up first.",
    )
    refuse(game, Rescue("q-apple", "c-lion"), "Choose an awake queen from your realm.")


@pytest.mark.parametrize("order", ["rescue-pair-equation-book", "book-equation-pair-rescue"])
def test_several_actions_in_any_order_in_one_turn(order: str) -> None:
    """Rescue, pair, equation and Spell Book, one after the other, in either order."""
    game = position(
        knights=["green", "red"],
        realms={0: ["q-owl", "n7a", "n7b", "n2a", "n3a", "n5a", "book1"]},
        sleeping={0: ["q-apple"]},
        companions={0: ["c-lion"]},
        grid=ten_places(["c-lion"]),
        discard=["n9a"],
        phase="actions",
    )
    steps: dict[str, list[Action]] = {
        "rescue": [Rescue("q-owl", "c-lion"), TakeKing("k-dino")],
        "pair": [WakeWithPair("n7a", "n7b")],
        "equation": [MakeEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"), TakeCompanion(0)],
        "book": [UseSpellBook("book1", "n9a")],
    }
    for name in order.split("-"):
        for act in steps[name]:
            assert act in offered(game), (name, act)
            game.apply(act)
        assert now(game) is Phase.ACTIONS
    assert game.zones()["p0.kings"] == ["k-dino"]
    assert sorted(game.zones()["p0.realm"]) == ["n9a", "q-apple"]
    assert game.zones()["p0.sleeping"] == []
    assert len(game.zones()["p0.companions"]) == 1
    game.apply(EndActions())
    assert game.current_player == 1
    assert now(game) is Phase.ROLL


def test_end_actions_finishes_the_turn_only_when_the_player_says_so() -> None:
    """Actions are optional: the player may finish at once, and the turn passes to the left."""
    game = position(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    assert offered(game)[-1] == EndActions()
    assert game.view(0)["prompt"] == CHOOSE_OR_FINISH
    events = game.apply(EndActions())
    assert kinds(events) == ["turn"]
    assert events[0].text == "It is Leo's turn."
    assert game.zones()["p0.realm"] == ["n2a", "n3a", "n5a"]
    refuse(game, EndActions(), "Not now. Roll the die.")
    assert offered(game) == [Roll()]


def test_unknown_action_is_refused_in_plain_words() -> None:
    """An action that is not part of the Rescue is refused, and nothing changes."""
    game = position(realms={0: ["n2a"]}, phase="actions")
    refuse(game, Action(), "That is not something you can do in this game.")


def test_the_actions_prompt_names_only_what_the_player_can_do_now() -> None:
    """A list of things the player cannot do is noise: the prompt says what is possible."""
    nothing = position(realms={0: ["n2a", "q-owl"]}, phase="actions")
    assert nothing.view(0)["prompt"] == "Nothing more to do this turn: press Finish."
    everything = position(
        realms={0: ["q-apple", "n4a", "n4b", "n5a", "book1"]},
        sleeping={0: ["q-owl"]},
        companions={0: ["c-kangaroo"]},
        discard=["n7a"],
        phase="actions",
    )
    assert everything.view(0)["prompt"] == (
        "You can rescue a king! Make an equation with your number cards. "
        "Wake your queens with a pair. You can use a Spell Book. Press Finish when you are done."
    )


# -- what each action tells the table, field by field --------------------------------------


def test_pair_event_names_the_number_the_cards_and_every_queen_woken() -> None:
    game = position(
        realms={0: ["n4a", "n4b", "n2a"]},
        sleeping={0: ["q-apple", "q-owl"]},
        phase="actions",
    )
    events = game.apply(WakeWithPair("n4b", "n4a"))
    assert events[0].player == 0
    assert events[0].params == {
        "value": 4,
        "cards": ["n4b", "n4a"],
        "woken": ["q-apple", "q-owl"],
    }
    assert events[0].text == "Mia played a pair, 4 and 4, and woke all their queens."


def test_spell_book_event_names_the_book_and_the_card_taken() -> None:
    game = position(realms={0: ["book2"]}, discard=["n4a", "n9b"], phase="actions")
    events = game.apply(UseSpellBook("book2", "n4a"))
    assert events[0].player == 0
    assert events[0].params == {"book": "book2", "card": "n4a"}
    assert game.zones()["discard"] == ["n9b", "book2"]


def test_rescue_is_refused_when_every_king_has_been_rescued_already() -> None:
    """A position built by hand (a real game ends before the kings run out)."""
    game = position(
        realms={0: ["q-owl"]},
        companions={0: ["c-lion"]},
        kings={1: list(KINGS)},
        grid=ten_places(["c-lion"]),
        phase="actions",
    )
    assert offered(game) == [EndActions()]
    refuse(game, Rescue("q-owl", "c-lion"), "Every king has been rescued already.")


def test_a_rescue_is_over_once_the_king_is_taken() -> None:
    game = position(
        realms={0: ["q-owl"]},
        companions={0: ["c-lion"]},
        grid=ten_places(["c-lion"]),
        phase="actions",
    )
    game.apply(Rescue("q-owl", "c-lion"))
    assert game.view(0)["rescuing"] == ["q-owl", "c-lion"]
    game.apply(TakeKing("k-rocket"))
    assert game.state.rescuing is None
    assert game.view(0)["rescuing"] is None


def test_equation_longer_than_the_checker_reads_is_refused_with_its_reason() -> None:
    game = position(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    refuse_too_long_equation(game, lambda text: MakeEquation(("n2a", "n3a", "n5a"), text))


def test_equation_refusal_is_said_in_the_childs_language_each_time() -> None:
    """The same wrong equation, asked again in another language, is answered in that one."""
    game = position(realms={0: ["n2a", "n3a", "n6a"]}, phase="actions")
    refuse_wrong_equation_in_each_language(game, MakeEquation(("n2a", "n3a", "n6a"), "2 + 3 = 6"))


def test_red_knight_equation_is_judged_with_the_cards_chosen() -> None:
    """The 4 counts as 5 only for the red knight's owner, and only for the cards chosen."""
    game = position(knights=["red", "green"], realms={0: ["n2a", "n3a", "n4a"]}, phase="actions")
    events = game.apply(MakeEquation(("n2a", "n3a", "n4a"), "2 + 3 = 5"))
    assert events[0].params == {
        "equation": "2 + 3 = 5",
        "cards": ["n2a", "n3a", "n4a"],
        "adjusted": [4, 5],
    }


def test_a_companion_taken_leaves_an_empty_place_that_is_not_face_up() -> None:
    game = position(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    game.apply(MakeEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"))
    game.apply(TakeCompanion(4))
    assert game.state.grid[4] is None
    assert game.state.face_up == [False] * 10
