"""Rule-clause tests for "How to Play", step 5 (discard down to the limit, refilling the draw
pile) and "Ending the Game".
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from sq2edu.core import Action
from sq2edu.rescue import (
    Decline,
    Discard,
    EndActions,
    Game,
    KeepRoll,
    MakeEquation,
    Phase,
    PlayInstant,
    Reroll,
    Rescue,
    Roll,
    Rules,
    StealCard,
    SwapKnights,
    SwitchCards,
    TakeCompanion,
    TakeKing,
    TakeQueenFromDiscard,
    UseSpellBook,
    WakeQueen,
    WakeWithPair,
    new_game,
)
from sq2edu.rescue.cards import COMPANIONS, KINGS, MAIN_DECK
from sq2edu.rescue.position import position
from tests.rescue.helpers import kinds, now, offered, refuse

NAMES = ["Mia", "Leo", "Zoe", "Ana", "Ben"]
SEVEN = ["n1a", "n2a", "n3a", "n4a", "n5a", "n6a", "n7a"]


def ten_places(elsewhere: Sequence[str]) -> list[str | None]:
    """The grid of a real game: ten places, empty where a companion is in a realm."""
    return [None if c in elsewhere else c for c in COMPANIONS]


# -- discarding down to the limit ----------------------------------------------------------


def test_discard_down_to_five_cards_at_the_end_of_the_turn() -> None:
    """Seven cards: the player chooses two to discard, one at a time, then the turn passes."""
    game = position(knights=["red", "green"], realms={0: SEVEN}, phase="actions")
    events = game.apply(EndActions())
    assert events == []
    assert now(game) is Phase.DISCARD
    assert game.current_player == 0
    assert game.view(0)["prompt"] == "Your realm has 2 too many. Choose a card to discard."
    assert offered(game) == [Discard(card) for card in SEVEN]
    events = game.apply(Discard("n4a"))
    assert kinds(events) == ["discarded"]
    assert events[0].text == "Mia discarded the 4."
    assert now(game) is Phase.DISCARD
    assert game.view(0)["prompt"] == "Your realm has 1 too many. Choose a card to discard."
    events = game.apply(Discard("n1a"))
    assert kinds(events) == ["discarded", "turn"]
    assert game.zones()["discard"] == ["n4a", "n1a"]
    assert game.zones()["p0.realm"] == ["n2a", "n3a", "n5a", "n6a", "n7a"]
    assert game.current_player == 1
    assert now(game) is Phase.ROLL


def test_discard_choice_is_the_players_own_realm_card() -> None:
    """Another player's card, a companion or a king cannot be discarded to make room."""
    game = position(
        knights=["red", "green"],
        realms={0: SEVEN, 1: ["n9a"]},
        companions={0: ["c-lion"]},
        kings={0: ["k-sock"]},
        phase="actions",
    )
    game.apply(EndActions())
    own_realm = "You can only discard a card from your own realm."
    refuse(game, Discard("n9a"), own_realm)
    refuse(game, Discard("c-lion"), own_realm)
    refuse(game, Discard("k-sock"), own_realm)
    refuse(game, EndActions(), "Not now. Your realm has 2 too many. Choose a card to discard.")


def test_green_knight_keeps_up_to_six_cards() -> None:
    """Six cards and the green knight: the turn ends without discarding."""
    game = position(knights=["green", "red"], realms={0: SEVEN[:6]}, phase="actions")
    assert game.view(1)["players"][0]["limit"] == 6
    events = game.apply(EndActions())
    assert kinds(events) == ["turn"]
    assert game.zones()["p0.realm"] == SEVEN[:6]


def test_green_knight_discards_down_to_six() -> None:
    """Seven cards and the green knight: one card goes."""
    game = position(knights=["green", "red"], realms={0: SEVEN}, phase="actions")
    game.apply(EndActions())
    assert game.view(0)["prompt"] == "Your realm has 1 too many. Choose a card to discard."
    game.apply(Discard("n7a"))
    assert game.zones()["p0.realm"] == SEVEN[:6]
    assert game.current_player == 1


def test_six_cards_without_the_green_knight_are_one_too_many() -> None:
    """The green knight is Leo's, so Mia keeps five."""
    game = position(knights=["red", "green"], realms={0: SEVEN[:6]}, phase="actions")
    assert game.view(1)["players"][0]["limit"] == 5
    game.apply(EndActions())
    assert now(game) is Phase.DISCARD


@pytest.mark.parametrize(("knight", "kept"), [("red", 3), ("green", 4)])
def test_realm_limit_settings_change_how_many_cards_are_kept(knight: str, kept: int) -> None:
    """A teacher may set the limit (3 here) and the green knight's (4 here)."""
    rules = Rules(realm_limit=3, green_knight_limit=4)
    game = position(knights=[knight, "purple"], realms={0: SEVEN}, phase="actions", rules=rules)
    game.apply(EndActions())
    for card in SEVEN[kept:]:
        assert game.current_player == 0
        game.apply(Discard(card))
    assert game.current_player == 1
    assert game.zones()["p0.realm"] == SEVEN[:kept]


def test_companions_and_kings_do_not_count_towards_the_limit() -> None:
    """Five realm cards, three companions and two kings: nothing to discard."""
    game = position(
        knights=["red", "green"],
        realms={0: SEVEN[:5]},
        companions={0: ["c-lion", "c-koala", "c-robin"]},
        kings={0: ["k-sock", "k-dino"]},
        phase="actions",
    )
    events = game.apply(EndActions())
    assert kinds(events) == ["turn"]
    assert game.current_player == 1


def test_sleeping_queens_count_towards_the_limit_and_may_be_discarded() -> None:
    """Four cards and two sleeping queens are six; a sleeping queen may be the one to go."""
    game = position(
        knights=["red", "green"],
        realms={0: SEVEN[:4]},
        sleeping={0: ["q-apple", "q-owl"]},
        phase="actions",
    )
    game.apply(EndActions())
    assert now(game) is Phase.DISCARD
    assert Discard("q-owl") in offered(game)
    game.apply(Discard("q-owl"))
    # She lands face up on the discard pile, for everyone to see.
    assert game.view(1)["discard"] == ["q-owl"]
    assert game.zones()["p0.sleeping"] == ["q-apple"]
    assert game.current_player == 1


def test_cannot_discard_below_the_limit_because_the_turn_ends() -> None:
    """Once the realm is down to five, the turn is over: a further discard is refused."""
    game = position(knights=["red", "green"], realms={0: SEVEN[:6]}, phase="actions")
    game.apply(EndActions())
    game.apply(Discard("n6a"))
    assert game.current_player == 1
    refuse(game, Discard("n5a"), "Not now. Roll the die.")
    assert game.zones()["p0.realm"] == SEVEN[:5]


# -- refilling the draw pile ---------------------------------------------------------------


def test_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile() -> None:
    """One card left to draw, two in the discard pile: a 3 draws all three."""
    elsewhere = [c for c in MAIN_DECK if c not in ("n1a", "n2a", "n3a")]
    game = position(
        knights=["red", "green"],
        deck_top=["n1a"],
        discard=["n2a", "n3a"],
        realms={1: elsewhere},
        rolls=["3"],
    )
    assert game.view(None)["deck_size"] == 1
    events = game.apply(Roll())
    assert kinds(events) == ["rolled", "reshuffled", "drew", "placed"]
    assert (
        events[1].text == "The draw pile ran out, so the discard pile was shuffled into a new one."
    )
    assert events[2].params["count"] == 3
    assert sorted(game.zones()["p0.realm"]) == ["n1a", "n2a", "n3a"]
    assert game.zones()["deck"] == []
    assert game.zones()["discard"] == []


def test_empty_draw_and_discard_piles_draw_what_there_is() -> None:
    """With every other card in a realm, a 3 draws the one card left."""
    elsewhere = [c for c in MAIN_DECK if c != "n1a"]
    game = position(knights=["red", "green"], deck_top=["n1a"], realms={1: elsewhere}, rolls=["3"])
    events = game.apply(Roll())
    assert kinds(events) == ["rolled", "drew", "placed"]
    assert events[1].params["count"] == 1
    assert events[1].text == "Mia drew 1 card."
    assert game.zones()["p0.realm"] == ["n1a"]
    assert now(game) is Phase.ACTIONS


# -- ending the game -----------------------------------------------------------------------


def _one_rescue_from(players: int, kings_held: int, rules: Rules | None = None) -> Game:
    """Mia holds ``kings_held`` kings and can rescue two more (Owl + Lion, Apple + Koala)."""
    return position(
        NAMES[:players],
        knights=["red", "green", "white", "blue", "purple"][:players],
        realms={0: ["q-owl", "q-apple"]},
        companions={0: ["c-lion", "c-koala"]},
        kings={0: list(KINGS[:kings_held])},
        grid=ten_places(["c-lion", "c-koala"]),
        phase="actions",
        rules=rules,
    )


@pytest.mark.parametrize(("players", "needed"), [(2, 4), (3, 3), (4, 3), (5, 2)])
def test_game_ends_at_once_when_a_player_rescues_enough_kings(players: int, needed: int) -> None:
    """4 kings with 2 players, 3 with 3 or 4, 2 with 5: the game ends with that king."""
    game = _one_rescue_from(players, needed - 1)
    assert game.view(None)["kings_to_win"] == needed
    game.apply(Rescue("q-owl", "c-lion"))
    events = game.apply(TakeKing("k-teapot"))
    assert kinds(events) == ["rescued", "won"]
    assert events[1].params["kings"] == needed
    assert events[1].text == f"Mia rescued {needed} kings and wins!"
    assert game.is_over
    assert now(game) is Phase.OVER
    assert game.winner == 0
    assert game.view(None)["winner"] == 0
    # At once: the second possible rescue is not played, and the turn does not pass.
    assert game.legal_actions() == []
    assert game.current_player == 0
    refuse(game, Rescue("q-apple", "c-koala"), "The game is over.")
    refuse(game, EndActions(), "The game is over.")


@pytest.mark.parametrize(("players", "needed"), [(2, 4), (3, 3), (4, 3), (5, 2)])
def test_game_goes_on_one_king_short_of_the_target(players: int, needed: int) -> None:
    """One king fewer than needed: the turn goes on."""
    game = _one_rescue_from(players, needed - 2)
    game.apply(Rescue("q-owl", "c-lion"))
    events = game.apply(TakeKing("k-teapot"))
    assert kinds(events) == ["rescued"]
    assert not game.is_over
    assert game.winner is None
    assert now(game) is Phase.ACTIONS
    assert Rescue("q-apple", "c-koala") in offered(game)


def test_kings_to_win_rule_sets_a_quick_game() -> None:
    """A teacher's quick game: one king wins."""
    game = _one_rescue_from(2, 0, Rules(kings_to_win=1))
    assert game.view(None)["kings_to_win"] == 1
    game.apply(Rescue("q-owl", "c-lion"))
    events = game.apply(TakeKing("k-teapot"))
    assert events[-1].text == "Mia rescued 1 king and wins!"
    assert game.is_over
    assert game.winner == 0


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_legal_actions_is_empty_only_when_the_game_is_over(players: int, seed: int) -> None:
    """A whole seeded game: at every step something is allowed, until the end."""
    game = new_game(players, seed=seed, rules=Rules(kings_to_win=1))
    chooser = random.Random(seed)
    for _step in range(5_000):
        legal = offered(game)
        if game.is_over:
            break
        assert legal, f"nothing is allowed in phase {game.phase}"
        # Rescues and equations first, so the game ends; otherwise any choice.
        eager = [a for a in legal if isinstance(a, (Rescue, TakeKing, MakeEquation))]
        game.apply(chooser.choice(eager or legal))
    assert game.is_over
    assert game.legal_actions() == []
    assert game.winner is not None
    assert len(game.state.players[game.winner].kings) == 1


ONE_OF_EACH: list[Action] = [
    Roll(),
    Reroll(),
    KeepRoll(),
    WakeQueen("q-bee"),
    Decline(),
    PlayInstant("gnome1"),
    TakeCompanion(0),
    StealCard(1, "n9a"),
    TakeQueenFromDiscard("q-bee"),
    SwapKnights(0, 1),
    SwitchCards("n2a", 1, "n9a"),
    MakeEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"),
    WakeWithPair("n2a", "n2b"),
    UseSpellBook("book1", "n4a"),
    Rescue("q-apple", "c-koala"),
    TakeKing("k-dino"),
    EndActions(),
    Discard("n2a"),
]


@pytest.mark.parametrize("act", ONE_OF_EACH, ids=[a.kind for a in ONE_OF_EACH])
def test_after_game_over_every_action_is_refused(act: Action) -> None:
    """Whatever is asked after the last king, the answer is that the game is over."""
    game = position(
        knights=["red", "green"],
        realms={0: ["q-owl", "q-apple", "n2a", "n2b", "n3a", "n5a", "book1"], 1: ["n9a"]},
        sleeping={0: ["q-bee"]},
        companions={0: ["c-lion", "c-koala"]},
        kings={0: list(KINGS[:3])},
        grid=ten_places(["c-lion", "c-koala"]),
        discard=["n4a"],
        pending=["gnome1"],
        phase="actions",
    )
    game.apply(Rescue("q-owl", "c-lion"))
    game.apply(TakeKing("k-teapot"))
    assert game.is_over
    assert game.view(0)["prompt"] is None
    assert game.view(0)["legal_actions"] == []
    refuse(game, act, "The game is over.")
    assert not game.can(act, 0)
