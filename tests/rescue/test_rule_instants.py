"""Rule-clause tests for "Instant Action Cards": Wild Gnomes, Switch Witches, Sleeping Willows.

Each situation is stacked by hand with ``position``. Most start in the Instant Action step
with the card already drawn (``pending``, ``phase="instant"``); the die is scripted with
``rolls`` (a Gnome rolls it too).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pytest

from sq2edu.core import Event
from sq2edu.rescue import (
    Decline,
    Game,
    Phase,
    PlayInstant,
    Roll,
    StealCard,
    SwapKnights,
    SwitchCards,
    TakeCompanion,
    TakeQueenFromDiscard,
)
from sq2edu.rescue.cards import COMPANIONS, KINGS
from sq2edu.rescue.position import position
from tests.rescue.helpers import kinds, now, offered, refuse

THREE = ["Mia", "Leo", "Zoe"]
FOUR = ["Mia", "Leo", "Zoe", "Ana"]


def knights(game: Game) -> list[str | None]:
    return [player["knight"] for player in game.view(None)["players"]]


def secret_free(events: list[Event], secrets: list[str]) -> bool:
    """Whether no event (kind, params or text) names any of ``secrets``."""
    return not any(s in repr(e.to_dict()) for e in events for s in secrets)


# -- playing them: order and one decision each ---------------------------------------------


def test_instants_are_played_in_the_order_the_player_chooses() -> None:
    """Gnome then Willow, or Willow then Gnome: the player decides, and it matters."""
    game = position(
        knights=["red", "green"],
        realms={0: ["q-apple"]},
        discard=["q-bee"],
        deck_top=["gnome1", "willow1", "n2a"],
        rolls=["3", "3"],  # the turn's roll, then the Gnome's
    )
    game.apply(Roll())
    assert now(game) is Phase.INSTANT
    assert offered(game) == [PlayInstant("gnome1"), PlayInstant("willow1")]
    assert game.view(0)["prompt"] == "Play your Instant Action cards, one at a time, in any order."

    gnome_first = game.clone()
    gnome_first.apply(PlayInstant("gnome1"))
    gnome_first.apply(TakeQueenFromDiscard("q-bee"))
    gnome_first.apply(PlayInstant("willow1"))
    # The Willow came second, so it put the Gnome's queen to sleep too.
    assert sorted(gnome_first.zones()["p0.sleeping"]) == ["q-apple", "q-bee"]

    game.apply(PlayInstant("willow1"))
    # Each card is its own decision: back to choosing the next one.
    assert now(game) is Phase.INSTANT
    assert offered(game) == [PlayInstant("gnome1")]
    game.apply(PlayInstant("gnome1"))
    game.apply(TakeQueenFromDiscard("q-bee"))
    assert game.zones()["p0.sleeping"] == ["q-apple"]
    assert game.zones()["p0.realm"] == ["q-bee", "n2a"]
    assert now(game) is Phase.ACTIONS
    assert game.zones()["discard"] == ["willow1", "gnome1"]


def test_instants_of_the_same_kind_are_played_one_after_the_other() -> None:
    """Two Willows are two decisions and two separate effects."""
    game = position(
        THREE,
        knights=["red", "green", "purple"],
        realms={0: ["q-apple"], 1: ["q-owl"], 2: ["q-pear"]},
        pending=["willow1", "willow2"],
        phase="instant",
    )
    # The two Willows are the same choice, offered once; either copy may be played.
    assert offered(game) == [PlayInstant("willow1")]
    game.verify(PlayInstant("willow2"))
    game.apply(PlayInstant("willow1"))
    assert game.zones()["p0.sleeping"] == ["q-apple"]
    assert game.zones()["p1.realm"] == ["q-owl"]
    assert now(game) is Phase.INSTANT
    assert offered(game) == [PlayInstant("willow2")]
    events = game.apply(PlayInstant("willow2"))
    # Mia has no awake queen left, so the second Willow blows on to Leo.
    assert kinds(events) == ["east-wind", "willow"]
    assert game.zones()["p1.sleeping"] == ["q-owl"]
    assert game.zones()["p2.realm"] == ["q-pear"]
    assert game.zones()["discard"] == ["willow1", "willow2"]
    assert now(game) is Phase.ACTIONS


def test_instants_only_drawn_cards_can_be_played() -> None:
    """A card that is not one of the drawn Instant Actions is refused."""
    game = position(realms={0: ["n2a"]}, pending=["willow1"], phase="instant")
    refuse(game, PlayInstant("willow2"), "That is not one of the Instant Action cards you drew.")
    refuse(game, PlayInstant("n2a"), "That is not one of the Instant Action cards you drew.")


def test_instants_are_resolved_before_anything_else_in_the_turn() -> None:
    """While an Instant Action waits, actions of step 4 are refused."""
    game = position(
        realms={0: ["n2a", "n3a", "n5a"]},
        pending=["willow1"],
        phase="instant",
        knights=["red", "green"],
    )
    refuse(game, Decline(), "Not now. Play your Instant Action cards, one at a time, in any order.")
    assert all(isinstance(a, PlayInstant) for a in offered(game))


# -- Wild Gnomes ---------------------------------------------------------------------------


def _gnome(
    face: str,
    *,
    realms: Mapping[int, Sequence[str]] | None = None,
    sleeping: Mapping[int, Sequence[str]] | None = None,
    companions: Mapping[int, Sequence[str]] | None = None,
    kings: Mapping[int, Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    grid: Sequence[str | None] | None = None,
    face_up: Sequence[bool] | None = None,
) -> Game:
    """A game where Mia has drawn a Wild Gnome and its die will show ``face``."""
    return position(
        knights=["red", "green"],
        realms=realms,
        sleeping=sleeping,
        companions=companions,
        kings=kings,
        discard=discard,
        grid=grid,
        face_up=face_up,
        pending=["gnome1"],
        phase="instant",
        rolls=[face],
    )


def test_wild_gnome_1_takes_a_face_down_companion() -> None:
    """A 1: take a face-down companion from the grid, chosen by its place."""
    game = _gnome("1")
    events = game.apply(PlayInstant("gnome1"))
    assert kinds(events) == ["gnome"]
    assert events[0].params == {"face": "1"}
    assert events[0].text == "Mia played a Wild Gnome and rolled a 1."
    assert now(game) is Phase.GNOME_COMPANION
    assert offered(game) == [*(TakeCompanion(slot) for slot in range(10)), Decline()]
    hidden = game.state.grid[6]
    events = game.apply(TakeCompanion(6))
    assert kinds(events) == ["took-companion"]
    assert game.zones()["p0.companions"] == [hidden]
    assert game.state.grid[6] is None
    assert game.zones()["discard"] == ["gnome1"]
    assert now(game) is Phase.ACTIONS


def test_wild_gnome_1_takes_only_a_face_down_companion() -> None:
    """A face-up companion (one returned after a rescue) cannot be taken."""
    grid: list[str | None] = list(COMPANIONS)
    face_up = [False] * 10
    face_up[2] = True
    game = _gnome("1", grid=grid, face_up=face_up)
    game.apply(PlayInstant("gnome1"))
    assert TakeCompanion(2) not in offered(game)
    refuse(game, TakeCompanion(2), "Choose a companion that is face down.")
    refuse(game, TakeCompanion(10), "There is no companion in that place.")


def test_wild_gnome_1_lays_face_up_companions_face_down_when_none_is_face_down() -> None:
    """As for an equation: with no face-down companion, the face-up ones are shuffled face down."""
    grid: list[str | None] = [None] * 10
    grid[1], grid[5] = "c-robin", "c-llama"
    face_up = [False] * 10
    face_up[1] = face_up[5] = True
    others = [c for c in COMPANIONS if c not in ("c-robin", "c-llama")]
    game = _gnome("1", grid=grid, face_up=face_up, companions={1: others})
    events = game.apply(PlayInstant("gnome1"))
    assert kinds(events) == ["gnome", "companions-shuffled"]
    assert now(game) is Phase.GNOME_COMPANION
    assert offered(game) == [TakeCompanion(1), TakeCompanion(5), Decline()]
    assert game.view(1)["grid"][1] == {"card": None, "occupied": True}
    assert {game.state.grid[1], game.state.grid[5]} == {"c-robin", "c-llama"}


def test_wild_gnome_2_steals_a_face_up_card_from_another_realm() -> None:
    """A 2: take a queen, number or Spell Book from another realm; never a companion or king."""
    game = _gnome(
        "2",
        realms={0: ["n3a"], 1: ["n8a", "q-owl", "book2"]},
        sleeping={1: ["q-fox"]},
        companions={1: ["c-lion"]},
        kings={1: ["k-sock"]},
    )
    game.apply(PlayInstant("gnome1"))
    assert now(game) is Phase.GNOME_STEAL
    assert offered(game) == [
        StealCard(1, "n8a"),
        StealCard(1, "q-owl"),
        StealCard(1, "book2"),
        Decline(),
    ]
    not_stealable = "You can take a face-up queen, number or Spell Book from that realm."
    refuse(game, StealCard(1, "c-lion"), not_stealable)
    refuse(game, StealCard(1, "k-sock"), not_stealable)
    refuse(game, StealCard(0, "n3a"), "Choose another player's realm to take from.")
    events = game.apply(StealCard(1, "q-owl"))
    assert kinds(events) == ["stole"]
    assert events[0].text == "Mia took the Owl Queen from Leo."
    assert game.zones()["p0.realm"] == ["n3a", "q-owl"]
    assert game.zones()["p1.realm"] == ["n8a", "book2"]
    assert game.zones()["discard"] == ["gnome1"]


def test_black_knight_does_not_protect_against_a_wild_gnome() -> None:
    """The black knight protects against the Switch Witch only."""
    game = position(
        knights=["red", "black"],
        realms={1: ["q-owl"]},
        pending=["gnome1"],
        phase="instant",
        rolls=["2"],
    )
    game.apply(PlayInstant("gnome1"))
    assert offered(game) == [StealCard(1, "q-owl"), Decline()]
    game.apply(StealCard(1, "q-owl"))
    assert game.zones()["p0.realm"] == ["q-owl"]


def test_wild_gnome_3_takes_a_queen_from_the_discard_pile() -> None:
    """A 3: take any queen from the discard pile; she comes awake into the realm."""
    game = _gnome("3", discard=["q-bee", "n4a", "q-moon"])
    game.apply(PlayInstant("gnome1"))
    assert now(game) is Phase.GNOME_QUEEN
    assert offered(game) == [
        TakeQueenFromDiscard("q-bee"),
        TakeQueenFromDiscard("q-moon"),
        Decline(),
    ]
    refuse(game, TakeQueenFromDiscard("q-apple"), "That queen is not in the discard pile.")
    refuse(game, TakeQueenFromDiscard("n4a"), "That queen is not in the discard pile.")
    events = game.apply(TakeQueenFromDiscard("q-bee"))
    assert events[0].text == "Mia took the Bee Queen from the discard pile."
    assert game.zones()["p0.realm"] == ["q-bee"]
    assert game.zones()["discard"] == ["n4a", "q-moon", "gnome1"]


def test_wild_gnome_dragon_swaps_any_two_knights_in_play() -> None:
    """A dragon: swap the knights of any two players, even two others; no knight moves left."""
    game = position(
        THREE,
        knights=["red", "green", "blue"],
        pending=["gnome1"],
        phase="instant",
        rolls=["dragon"],
    )
    events = game.apply(PlayInstant("gnome1"))
    assert kinds(events) == ["gnome"]
    assert knights(game) == ["red", "green", "blue"]
    assert now(game) is Phase.GNOME_KNIGHTS
    assert offered(game) == [SwapKnights(0, 1), SwapKnights(0, 2), SwapKnights(1, 2), Decline()]
    refuse(game, SwapKnights(1, 1), "Choose two different players to swap knights.")
    refuse(game, SwapKnights(1, 3), "Choose two different players to swap knights.")
    events = game.apply(SwapKnights(1, 2))
    assert kinds(events) == ["swapped-knights"]
    assert events[0].text == "Leo and Zoe swapped knights."
    assert knights(game) == ["red", "blue", "green"]
    assert now(game) is Phase.ACTIONS


@pytest.mark.parametrize(
    ("face", "phase"),
    [
        ("1", Phase.GNOME_COMPANION),
        ("2", Phase.GNOME_STEAL),
        ("3", Phase.GNOME_QUEEN),
        ("dragon", Phase.GNOME_KNIGHTS),
    ],
)
def test_wild_gnome_power_may_be_declined(face: str, phase: Phase) -> None:
    """Every Gnome power is an ability, not a duty: saying no only discards the Gnome."""
    game = _gnome(face, realms={1: ["n8a"]}, discard=["q-bee"])
    before = game.zones()
    game.apply(PlayInstant("gnome1"))
    assert now(game) is phase
    assert Decline() in offered(game)
    events = game.apply(Decline())
    assert kinds(events) == ["declined"]
    assert events[0].text == "Mia said no thanks."
    after = game.zones()
    assert after["discard"] == ["q-bee", "gnome1"]
    assert after["pending"] == []
    assert after["playing"] == []
    for zone in ("grid", "p0.realm", "p0.companions", "p1.realm", "kings"):
        assert after[zone] == before[zone], zone
    assert knights(game) == ["red", "green"]
    assert now(game) is Phase.ACTIONS


def _no_companion_in_grid() -> Game:
    # Every companion is in a realm, none in the grid.
    return _gnome("1", grid=[None] * 10, companions={0: COMPANIONS[:5], 1: COMPANIONS[5:]})


def _no_face_up_card_elsewhere() -> Game:
    # Leo's realm holds only a sleeping queen, a companion and a king.
    return _gnome("2", sleeping={1: ["q-fox"]}, companions={1: ["c-lion"]}, kings={1: ["k-sock"]})


def _no_queen_in_discard() -> Game:
    return _gnome("3", discard=["n4a", "book1"])


@pytest.mark.parametrize(
    "build", [_no_companion_in_grid, _no_face_up_card_elsewhere, _no_queen_in_discard]
)
def test_wild_gnome_with_nothing_to_take_is_simply_discarded(build: Callable[[], Game]) -> None:
    """Nothing to take: nothing happens, the Gnome goes on the discard pile, the turn goes on."""
    game = build()
    before = game.zones()
    events = game.apply(PlayInstant("gnome1"))
    assert kinds(events) == ["gnome", "nothing"]
    assert events[1].text == "There was nothing to take, so nothing happens."
    after = game.zones()
    assert after["discard"] == [*before["discard"], "gnome1"]
    for zone in ("grid", "p0.realm", "p0.companions", "p1.realm", "p1.sleeping"):
        assert after[zone] == before[zone], zone
    assert now(game) is Phase.ACTIONS


def test_wild_gnome_roll_is_not_rerolled_by_the_blue_knight() -> None:
    """The blue knight's re-roll is for the turn's roll only, not a Gnome's."""
    game = position(
        knights=["blue", "green"],
        pending=["gnome1"],
        phase="instant",
        rolls=["1"],
        discard=["q-bee"],
    )
    game.apply(PlayInstant("gnome1"))
    assert now(game) is Phase.GNOME_COMPANION


# -- Switch Witches ------------------------------------------------------------------------


def test_switch_witch_swaps_a_realm_card_for_another_players_realm_card() -> None:
    """Any queen, number or Spell Book of yours for any one of theirs."""
    game = position(
        knights=["red", "green"],
        realms={0: ["n2a", "book1"], 1: ["q-owl", "n9a"]},
        pending=["witch1"],
        phase="instant",
    )
    events = game.apply(PlayInstant("witch1"))
    assert kinds(events) == ["witch"]
    assert events[0].text == "Mia played a Switch Witch."
    assert now(game) is Phase.WITCH
    assert offered(game) == [
        SwitchCards("n2a", 1, "q-owl"),
        SwitchCards("n2a", 1, "n9a"),
        SwitchCards("book1", 1, "q-owl"),
        SwitchCards("book1", 1, "n9a"),
        Decline(),
    ]
    events = game.apply(SwitchCards("book1", 1, "q-owl"))
    assert kinds(events) == ["switched"]
    assert events[0].text == "Mia gave a Spell Book to Leo and got the Owl Queen back."
    assert game.zones()["p0.realm"] == ["n2a", "q-owl"]
    assert game.zones()["p1.realm"] == ["book1", "n9a"]
    assert game.zones()["discard"] == ["witch1"]
    assert now(game) is Phase.ACTIONS


def test_switch_witch_swaps_companions_when_the_other_player_has_one() -> None:
    """A companion goes only for a companion, never for a realm card."""
    game = position(
        knights=["red", "green"],
        realms={0: ["n2a"], 1: ["n9a"]},
        companions={0: ["c-koala"], 1: ["c-porpoise"]},
        pending=["witch1"],
        phase="instant",
    )
    game.apply(PlayInstant("witch1"))
    assert SwitchCards("c-koala", 1, "c-porpoise") in offered(game)
    wrong = "Swap a face-up card of your realm for one of theirs, or a companion for a companion."
    refuse(game, SwitchCards("c-koala", 1, "n9a"), wrong)
    refuse(game, SwitchCards("n2a", 1, "c-porpoise"), wrong)
    game.apply(SwitchCards("c-koala", 1, "c-porpoise"))
    assert game.zones()["p0.companions"] == ["c-porpoise"]
    assert game.zones()["p1.companions"] == ["c-koala"]


def test_switch_witch_cannot_swap_a_companion_when_the_other_player_has_none() -> None:
    """Mia's only card is a companion and Leo has none: no swap is possible, so nothing happens."""
    game = position(
        knights=["red", "green"],
        realms={1: ["n9a"]},
        companions={0: ["c-koala"]},
        pending=["witch1"],
        phase="instant",
    )
    events = game.apply(PlayInstant("witch1"))
    assert kinds(events) == ["witch", "witch-nothing"]
    assert game.zones()["p0.companions"] == ["c-koala"]
    assert game.zones()["discard"] == ["witch1"]
    assert now(game) is Phase.ACTIONS


def test_switch_witch_may_be_declined() -> None:
    """Choosing not to use the Witch simply discards it."""
    game = position(
        knights=["red", "green"],
        realms={0: ["n2a"], 1: ["q-owl"]},
        pending=["witch1"],
        phase="instant",
    )
    game.apply(PlayInstant("witch1"))
    events = game.apply(Decline())
    assert kinds(events) == ["declined"]
    assert game.zones()["p0.realm"] == ["n2a"]
    assert game.zones()["p1.realm"] == ["q-owl"]
    assert game.zones()["discard"] == ["witch1"]
    assert now(game) is Phase.ACTIONS


def test_black_knight_protects_against_the_switch_witch_companions_included() -> None:
    """Nothing in the black knight's realm can be switched, companions included."""
    game = position(
        THREE,
        knights=["red", "black", "green"],
        realms={0: ["n2a"], 1: ["q-owl"], 2: ["n9a"]},
        companions={0: ["c-koala"], 1: ["c-lion"], 2: ["c-robin"]},
        pending=["witch1"],
        phase="instant",
    )
    game.apply(PlayInstant("witch1"))
    assert offered(game) == [
        SwitchCards("n2a", 2, "n9a"),
        SwitchCards("c-koala", 2, "c-robin"),
        Decline(),
    ]
    protected = "Leo's black knight protects their realm from the Switch Witch."
    refuse(game, SwitchCards("n2a", 1, "q-owl"), protected)
    refuse(game, SwitchCards("c-koala", 1, "c-lion"), protected)
    refuse(game, SwitchCards("n2a", 0, "c-koala"), "Choose another player to swap with.")


def test_black_knight_alone_with_cards_leaves_the_witch_nothing_to_do() -> None:
    """When only the protected realm has cards, the Witch does nothing."""
    game = position(
        THREE,
        knights=["red", "black", "green"],
        realms={0: ["n2a"], 1: ["q-owl"]},
        companions={0: ["c-koala"], 1: ["c-lion"]},
        pending=["witch1"],
        phase="instant",
    )
    events = game.apply(PlayInstant("witch1"))
    assert kinds(events) == ["witch", "witch-nothing"]
    assert game.zones()["p1.realm"] == ["q-owl"]


def test_white_knight_does_not_protect_against_the_switch_witch() -> None:
    """The white knight protects against Sleeping Willows only."""
    game = position(
        knights=["red", "white"],
        realms={0: ["n2a"], 1: ["q-owl"]},
        pending=["witch1"],
        phase="instant",
    )
    game.apply(PlayInstant("witch1"))
    assert offered(game) == [SwitchCards("n2a", 1, "q-owl"), Decline()]


# -- Sleeping Willows ----------------------------------------------------------------------


def test_sleeping_willow_puts_all_your_awake_queens_to_sleep() -> None:
    """Every awake queen of the player sleeps; numbers stay; the log names no sleeping queen."""
    game = position(
        knights=["red", "green"],
        realms={0: ["q-apple", "n3a", "q-owl"], 1: ["q-pear"]},
        sleeping={0: ["q-bee"]},
        pending=["willow1"],
        phase="instant",
    )
    events = game.apply(PlayInstant("willow1"))
    assert kinds(events) == ["willow"]
    assert events[0].params == {"target": 0, "count": 2}
    assert events[0].text == "A Sleeping Willow put Mia's 2 queens to sleep."
    assert game.zones()["p0.realm"] == ["n3a"]
    assert sorted(game.zones()["p0.sleeping"]) == ["q-apple", "q-bee", "q-owl"]
    assert game.zones()["p1.realm"] == ["q-pear"]
    assert game.zones()["discard"] == ["willow1"]
    # Face down: Leo sees how many, not which.
    assert game.view(1)["players"][0]["sleeping"] == 3
    assert sorted(game.view(0)["players"][0]["sleeping"]) == ["q-apple", "q-bee", "q-owl"]
    assert secret_free(events, ["q-apple", "q-owl", "Apple", "Owl"])


def test_sleeping_willow_with_no_awake_queens_blows_east_to_the_next_player_left_with_awake_queens() -> (
    None
):
    """Mia and Leo have no awake queen: the wind carries the Willow on to Zoe, not to Ana."""
    game = position(
        FOUR,
        knights=["red", "green", "purple", "blue"],
        realms={1: ["n5a"], 2: ["q-owl", "n6a"], 3: ["q-pear"]},
        sleeping={0: ["q-apple"]},
        pending=["willow1"],
        phase="instant",
    )
    events = game.apply(PlayInstant("willow1"))
    assert kinds(events) == ["east-wind", "willow"]
    assert events[0].params == {"target": 2}
    assert events[0].text == "An east wind blew the Sleeping Willow on to Zoe."
    assert events[1].params == {"target": 2, "count": 1}
    assert game.zones()["p2.sleeping"] == ["q-owl"]
    assert game.zones()["p2.realm"] == ["n6a"]
    assert game.zones()["p3.realm"] == ["q-pear"]
    assert game.zones()["p0.sleeping"] == ["q-apple"]


def test_sleeping_willow_east_wind_goes_round_the_table() -> None:
    """From the last seat, the next player to the left is the first seat."""
    game = position(
        THREE,
        knights=["red", "green", "purple"],
        realms={0: ["q-owl"], 1: ["q-pear"]},
        pending=["willow1"],
        phase="instant",
        current=2,
    )
    events = game.apply(PlayInstant("willow1"))
    assert events[0].params == {"target": 0}
    assert game.zones()["p0.sleeping"] == ["q-owl"]
    assert game.zones()["p1.realm"] == ["q-pear"]


def test_sleeping_willow_white_knight_sends_the_east_wind_on() -> None:
    """The white knight's owner keeps their queens awake; the next player's fall asleep."""
    game = position(
        THREE,
        knights=["white", "green", "purple"],
        realms={0: ["q-apple"], 1: ["q-owl"], 2: ["q-pear"]},
        pending=["willow1"],
        phase="instant",
    )
    events = game.apply(PlayInstant("willow1"))
    assert kinds(events) == ["east-wind", "willow"]
    assert game.zones()["p0.realm"] == ["q-apple"]
    assert game.zones()["p1.sleeping"] == ["q-owl"]
    assert game.zones()["p2.realm"] == ["q-pear"]


def test_sleeping_willow_east_wind_skips_white_knight_realm() -> None:
    """The wind passes over a realm the white knight protects."""
    game = position(
        THREE,
        knights=["red", "white", "green"],
        realms={1: ["q-owl"], 2: ["q-pear"]},
        pending=["willow1"],
        phase="instant",
    )
    events = game.apply(PlayInstant("willow1"))
    assert events[0].params == {"target": 2}
    assert game.zones()["p1.realm"] == ["q-owl"]
    assert game.zones()["p2.sleeping"] == ["q-pear"]


def test_sleeping_willow_with_no_one_to_put_to_sleep_does_nothing() -> None:
    """No awake queen anywhere outside the white knight's realm: nothing happens, and the
    narration says the white knight kept them awake (not that there were none)."""
    game = position(
        THREE,
        knights=["red", "white", "green"],
        realms={0: ["n2a"], 1: ["q-owl"]},
        sleeping={2: ["q-pear"]},
        pending=["willow1"],
        phase="instant",
    )
    before = game.zones()
    events = game.apply(PlayInstant("willow1"))
    assert kinds(events) == ["willow-guarded"]
    assert events[0].params == {"target": 1}
    assert events[0].text == (
        "The white knight kept Leo's queens awake, so the Sleeping Willow does nothing."
    )
    after = game.zones()
    assert after["discard"] == ["willow1"]
    for zone in ("p0.realm", "p1.realm", "p1.sleeping", "p2.sleeping"):
        assert after[zone] == before[zone]
    assert now(game) is Phase.ACTIONS


def test_sleeping_willow_with_no_awake_queen_anywhere_says_so() -> None:
    """No awake queen in any realm: the Willow finds nobody, and says exactly that."""
    game = position(
        THREE,
        knights=["red", "white", "green"],
        realms={0: ["n2a"]},
        sleeping={2: ["q-pear"]},
        pending=["willow1"],
        phase="instant",
    )
    events = game.apply(PlayInstant("willow1"))
    assert kinds(events) == ["willow-nobody"]
    assert events[0].text == "A Sleeping Willow found no awake queens, so nothing happens."
    assert game.zones()["p2.sleeping"] == ["q-pear"]


def test_instants_resolve_before_drawn_cards_are_placed_so_a_queen_drawn_with_a_willow_stays_awake() -> (
    None
):
    """The drawn queen is still in the hand when the Willow strikes; only realm queens sleep."""
    game = position(
        knights=["red", "green"],
        realms={0: ["q-apple"]},
        deck_top=["willow1", "q-bee"],
        rolls=["2"],
    )
    events = game.apply(Roll())
    assert kinds(events) == ["rolled", "drew"]
    assert now(game) is Phase.INSTANT
    assert game.zones()["p0.drawn"] == ["q-bee"]
    # Leo does not see the drawn cards before they go into the realm.
    assert game.view(1)["players"][0]["drawn"] == 1
    assert game.view(0)["players"][0]["drawn"] == ["q-bee"]
    events = game.apply(PlayInstant("willow1"))
    assert kinds(events) == ["willow", "placed"]
    assert game.zones()["p0.sleeping"] == ["q-apple"]
    assert game.zones()["p0.realm"] == ["q-bee"]
    assert game.zones()["p0.drawn"] == []


def test_sleeping_willow_drawn_with_your_only_queen_blows_on() -> None:
    """A queen still in the hand is not an awake queen in the realm: the wind blows on to Leo."""
    game = position(
        knights=["red", "green"],
        realms={1: ["q-owl"]},
        deck_top=["q-bee", "willow1"],
        rolls=["2"],
    )
    game.apply(Roll())
    events = game.apply(PlayInstant("willow1"))
    assert kinds(events) == ["east-wind", "willow", "placed"]
    assert game.zones()["p1.sleeping"] == ["q-owl"]
    assert game.zones()["p0.realm"] == ["q-bee"]


def test_freshly_drawn_cards_cannot_be_switched() -> None:
    """A card drawn this turn is not in the realm yet, so the Witch cannot swap it."""
    game = position(
        knights=["red", "green"],
        realms={0: ["n5a"], 1: ["n2a"]},
        deck_top=["witch1", "n9a"],
        rolls=["2"],
    )
    game.apply(Roll())
    game.apply(PlayInstant("witch1"))
    assert offered(game) == [SwitchCards("n5a", 1, "n2a"), Decline()]
    refuse(
        game,
        SwitchCards("n9a", 1, "n2a"),
        "Swap a face-up card of your realm for one of theirs, or a companion for a companion.",
    )


def test_sleeping_queens_cannot_be_stolen_by_a_wild_gnome() -> None:
    """A face-down queen is unknown to the Gnome's player: only face-up cards are offered."""
    game = _gnome("2", realms={1: ["n8a"]}, sleeping={1: ["q-fox"]})
    game.apply(PlayInstant("gnome1"))
    assert offered(game) == [StealCard(1, "n8a"), Decline()]
    refuse(
        game,
        StealCard(1, "q-fox"),
        "You can take a face-up queen, number or Spell Book from that realm.",
    )


def test_sleeping_queens_cannot_be_switched_by_a_switch_witch() -> None:
    """Neither one's own nor another player's sleeping queen can be swapped."""
    game = position(
        knights=["red", "green"],
        realms={0: ["n2a"], 1: ["n8a"]},
        sleeping={0: ["q-apple"], 1: ["q-fox"]},
        pending=["witch1"],
        phase="instant",
    )
    game.apply(PlayInstant("witch1"))
    assert offered(game) == [SwitchCards("n2a", 1, "n8a"), Decline()]
    wrong = "Swap a face-up card of your realm for one of theirs, or a companion for a companion."
    refuse(game, SwitchCards("n2a", 1, "q-fox"), wrong)
    refuse(game, SwitchCards("q-apple", 1, "n8a"), wrong)


def test_kings_cannot_be_switched_by_a_switch_witch() -> None:
    """Rescued kings never leave their realm."""
    game = position(
        knights=["red", "green"],
        realms={0: ["n2a"], 1: ["n8a"]},
        kings={0: [KINGS[0]], 1: [KINGS[1]]},
        pending=["witch1"],
        phase="instant",
    )
    game.apply(PlayInstant("witch1"))
    wrong = "Swap a face-up card of your realm for one of theirs, or a companion for a companion."
    refuse(game, SwitchCards("n2a", 1, KINGS[1]), wrong)
    refuse(game, SwitchCards(KINGS[0], 1, KINGS[1]), wrong)


# -- choices outside the table, and who each event is about ---------------------------------


@pytest.mark.parametrize("target", [-1, 2, 5])
def test_wild_gnome_2_takes_only_from_a_player_at_the_table(target: int) -> None:
    game = _gnome("2", realms={1: ["n8a"]})
    game.apply(PlayInstant("gnome1"))
    refuse(game, StealCard(target, "n8a"), "Choose another player's realm to take from.")


@pytest.mark.parametrize("target", [-1, 2, 5])
def test_switch_witch_swaps_only_with_a_player_at_the_table(target: int) -> None:
    game = position(
        knights=["red", "green"],
        realms={0: ["n2a"], 1: ["q-owl"]},
        pending=["witch1"],
        phase="instant",
    )
    game.apply(PlayInstant("witch1"))
    refuse(game, SwitchCards("n2a", target, "q-owl"), "Choose another player to swap with.")


def test_wild_gnome_dragon_swap_is_told_as_the_gnome_players_doing() -> None:
    game = position(
        THREE,
        knights=["red", "green", "blue"],
        pending=["gnome1"],
        phase="instant",
        rolls=["dragon"],
        current=2,
    )
    game.apply(PlayInstant("gnome1"))
    events = game.apply(SwapKnights(0, 1))
    assert events[0].player == 2
    assert events[0].params == {"first": 0, "second": 1}


def test_sleeping_willow_east_wind_is_told_as_the_willow_players_doing() -> None:
    """Zoe drew the Willow; it blew on to Mia: the events are Zoe's, about Mia."""
    game = position(
        THREE,
        knights=["red", "green", "purple"],
        realms={0: ["q-owl"]},
        pending=["willow1"],
        phase="instant",
        current=2,
    )
    events = game.apply(PlayInstant("willow1"))
    assert kinds(events) == ["east-wind", "willow"]
    assert [event.player for event in events] == [2, 2]
    assert events[1].params == {"target": 0, "count": 1}
