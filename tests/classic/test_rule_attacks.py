"""Rule-clause tests for "play a Knight to steal a queen" (stopped by a Dragon) and "play a
Sleeping Potion to put a queen back to sleep" (stopped by a Wand).

The player under attack decides whether to block: at that moment they are the current
player, and they are asked even without a Dragon or Wand, so that asking gives nothing away.
"""

from __future__ import annotations

from sq2edu.classic import (
    Block,
    Discard,
    DontBlock,
    Phase,
    PlayKnight,
    PlayPotion,
    Rules,
)
from sq2edu.classic.position import position
from tests.classic.helpers import FILLER, FILLER2, kinds, now, offered, refuse, slot_of, texts

THREE = ["Mia", "Leo", "Ava"]
ATTACKER = ["knight1", "potion1", "n2a", "n3a", "n9b"]
DEFENDER = ["dragon1", "wand1", "n5d", "n7d", "n9d"]
DECK_TOP = ["n5a", "n5b", "n5c"]


def test_knight_steals_an_awake_queen_when_not_blocked() -> None:
    """The Knight goes on the discard pile; the queen moves face up to the thief."""
    game = position(
        THREE,
        hands={0: ATTACKER, 1: FILLER, 2: FILLER2},
        queens={1: ["q-heart"]},
        deck_top=DECK_TOP,
    )
    act = PlayKnight("knight1", 1, "q-heart")
    assert act in offered(game)
    events = game.apply(act)
    assert texts(events) == ["Mia sends a Knight to take Leo's Heart Queen."]
    assert game.zones()["discard"] == ["knight1"]
    assert now(game) is Phase.BLOCK
    assert game.current_player == 1
    assert game.turn_player == 0
    assert (
        game.view(1)["prompt"]
        == "Mia's Knight wants your Heart Queen. You have no Dragon to stop it."
    )
    assert offered(game) == [DontBlock()]
    events = game.apply(DontBlock())
    assert kinds(events) == ["stole", "drew", "turn"]
    assert events[0].text == "Mia took the Heart Queen from Leo."
    assert game.zones()["p0.queens"] == ["q-heart"]
    assert game.zones()["p1.queens"] == []
    assert game.zones()["p0.hand"] == ["potion1", "n2a", "n3a", "n9b", "n5a"]
    assert game.current_player == 1  # the turn passes to the left of the Knight's player
    assert now(game) is Phase.TURN


def test_dragon_stops_the_knight_both_discard_both_draw_one_and_the_turn_passes() -> None:
    """Both cards are discarded, both players draw one card (the Knight's player first), and
    the turn goes to the left of the Knight's player: blocking is not a turn."""
    game = position(
        THREE,
        hands={0: ATTACKER, 2: DEFENDER, 1: FILLER},
        queens={2: ["q-heart"]},
        deck_top=DECK_TOP,
    )
    game.apply(PlayKnight("knight1", 2, "q-heart"))
    assert game.current_player == 2
    assert (
        game.view(2)["prompt"] == "Mia's Knight wants your Heart Queen. Play a Dragon to stop it?"
    )
    assert offered(game) == [Block("dragon1"), DontBlock()]
    events = game.apply(Block("dragon1"))
    assert kinds(events) == ["blocked", "drew", "drew", "turn"]
    assert texts(events) == [
        "Ava stops the Knight with a Dragon!",
        "Mia drew 1 card.",
        "Ava drew 1 card.",
        "It is Leo's turn.",
    ]
    assert game.zones()["discard"] == ["knight1", "dragon1"]
    assert game.zones()["p2.queens"] == ["q-heart"]
    assert game.zones()["p0.hand"][-1] == "n5a"
    assert game.zones()["p2.hand"] == ["wand1", "n5d", "n7d", "n9d", "n5b"]
    assert game.current_player == 1
    assert game.turn_player == 1


def test_the_defender_may_choose_not_to_block_and_the_chance_is_gone() -> None:
    """Q&A: a Dragon not played at once cannot be played later."""
    game = position(hands={0: ATTACKER, 1: DEFENDER}, queens={1: ["q-heart"]})
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    game.apply(DontBlock())
    assert game.zones()["p0.queens"] == ["q-heart"]
    refuse(
        game,
        Block("dragon1"),
        "Not now. Throw away cards to draw new ones.",
    )


def test_a_wand_cannot_stop_a_knight() -> None:
    game = position(hands={0: ATTACKER, 1: DEFENDER}, queens={1: ["q-heart"]})
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    refuse(game, Block("wand1"), "Only a Dragon can stop a Knight.")
    refuse(game, Block("dragon2"), "Block with a card from your hand.")


def test_only_the_defender_decides_about_the_block() -> None:
    game = position(hands={0: ATTACKER, 1: DEFENDER}, queens={1: ["q-heart"]})
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    assert not game.can(DontBlock(), player=0)
    assert game.can(DontBlock(), player=1)
    refuse(
        game,
        Discard("n2a"),
        "Not now. Mia's Knight wants your Heart Queen. Play a Dragon to stop it?",
    )


def test_knight_takes_only_another_players_awake_queen() -> None:
    game = position(hands={0: ATTACKER, 1: FILLER}, queens={0: ["q-moon"], 1: ["q-heart"]})
    refuse(game, PlayKnight("knight1", 0, "q-moon"), "Choose another player's queen to take.")
    refuse(game, PlayKnight("knight1", 5, "q-heart"), "Choose another player's queen to take.")
    refuse(game, PlayKnight("knight1", 1, "q-cake"), "Leo has no such queen awake.")
    refuse(game, PlayKnight("knight2", 1, "q-heart"), "Choose a Knight from your hand.")
    steals = [a for a in offered(game) if isinstance(a, PlayKnight)]
    assert steals == [PlayKnight("knight1", 1, "q-heart")]


def test_knight_is_not_offered_with_nobody_to_steal_from() -> None:
    game = position(hands={0: ATTACKER, 1: FILLER}, queens={0: ["q-moon"]})
    assert not [a for a in offered(game) if isinstance(a, PlayKnight | PlayPotion)]


def test_knight_cannot_bring_the_dog_queen_to_the_cat_queen() -> None:
    """Cats and dogs never share a realm, so that steal is not offered."""
    game = position(hands={0: ATTACKER, 1: FILLER}, queens={0: ["q-cat"], 1: ["q-dog", "q-moon"]})
    steals = [a for a in offered(game) if isinstance(a, PlayKnight)]
    assert steals == [PlayKnight("knight1", 1, "q-moon")]
    refuse(
        game,
        PlayKnight("knight1", 1, "q-dog"),
        "Your Cat Queen and the Dog Queen would fight like cats and dogs.",
    )
    # A Sleeping Potion may still send the Dog Queen to sleep.
    assert PlayPotion("potion1", 1, "q-dog") in offered(game)


def test_sleeping_potion_puts_the_queen_back_to_sleep_in_the_first_free_place() -> None:
    """The queen lies face down in the middle again; the table saw which one she was."""
    game = position(
        hands={0: ATTACKER, 1: FILLER}, queens={1: ["q-heart", "q-moon"]}, deck_top=DECK_TOP
    )
    free = game.state.centre.index(None)
    game.apply(PlayPotion("potion1", 1, "q-heart"))
    assert (
        game.view(1)["prompt"]
        == "Mia's Sleeping Potion wants your Heart Queen. You have no Wand to stop it."
    )
    events = game.apply(DontBlock())
    assert texts(events)[0] == "Leo's Heart Queen fell asleep and went back to the middle."
    assert events[0].params == {"target": 1, "queen": "q-heart", "slot": free}
    assert game.zones()["p1.queens"] == ["q-moon"]
    assert game.state.centre[free] == "q-heart"
    assert game.zones()["p0.queens"] == []
    assert game.view(0)["centre"][free] == {"queen": "q-heart", "occupied": True}
    assert slot_of(game, "q-heart") == free


def test_a_queen_put_to_sleep_is_forgotten_when_the_teacher_turns_memory_off() -> None:
    """With remember_sleeping_queens off, she looks like every other sleeping queen."""
    game = position(
        hands={0: ATTACKER, 1: FILLER},
        queens={1: ["q-heart"]},
        rules=Rules(remember_sleeping_queens=False),
    )
    free = game.state.centre.index(None)
    game.apply(PlayPotion("potion1", 1, "q-heart"))
    game.apply(DontBlock())
    assert game.state.known[free]
    for viewer in (None, 0, 1):
        assert game.view(viewer)["centre"][free] == {"queen": None, "occupied": True}


def test_wand_stops_the_sleeping_potion() -> None:
    game = position(
        THREE,
        hands={0: ATTACKER, 1: DEFENDER, 2: FILLER2},
        queens={1: ["q-heart"]},
        deck_top=DECK_TOP,
    )
    game.apply(PlayPotion("potion1", 1, "q-heart"))
    assert (
        game.view(1)["prompt"]
        == "Mia's Sleeping Potion wants your Heart Queen. Play a Wand to stop it?"
    )
    assert offered(game) == [Block("wand1"), DontBlock()]
    refuse(game, Block("dragon1"), "Only a Wand can stop a Sleeping Potion.")
    events = game.apply(Block("wand1"))
    assert texts(events) == [
        "Leo stops the Sleeping Potion with a Wand!",
        "Mia drew 1 card.",
        "Leo drew 1 card.",
        "It is Leo's turn.",
    ]
    assert game.zones()["p1.queens"] == ["q-heart"]
    assert game.zones()["discard"] == ["potion1", "wand1"]
    assert game.current_player == 1


def test_sleeping_potion_needs_a_potion_and_another_players_queen() -> None:
    game = position(hands={0: ATTACKER, 1: FILLER}, queens={0: ["q-moon"], 1: ["q-heart"]})
    refuse(game, PlayPotion("potion2", 1, "q-heart"), "Choose a Sleeping Potion from your hand.")
    refuse(
        game, PlayPotion("potion1", 0, "q-moon"), "Choose another player's queen to put to sleep."
    )
    refuse(game, PlayPotion("potion1", 1, "q-moon"), "Leo has no such queen awake.")


def test_stealing_a_queen_can_win_the_game() -> None:
    """The goal is checked as soon as the steal is done."""
    game = position(
        hands={0: ATTACKER, 1: FILLER},
        queens={0: ["q-moon", "q-cake", "q-rose", "q-rainbow"], 1: ["q-heart"]},
    )
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    events = game.apply(DontBlock())
    assert kinds(events) == ["stole", "won"]
    assert game.winner == 0


def test_the_turn_prompt_names_only_the_cards_the_hand_can_play() -> None:
    """A hand of numbers is told to throw away; a hand with a King and a Knight hears both."""
    numbers = position(hands={0: ["n2a", "n3a", "n9b"], 1: ["n4a"]})
    assert numbers.view(0)["prompt"] == "Throw away cards to draw new ones."
    royal = position(hands={0: ["k-hat", "knight1", "n2a"], 1: ["n4a"]}, queens={1: ["q-heart"]})
    assert royal.view(0)["prompt"] == (
        "Play a King to wake a queen. Play a Knight to take a queen. "
        "Or throw away cards to draw new ones."
    )


# -- who may be attacked, and what the table is told ----------------------------------------


def test_an_attack_names_a_player_at_the_table() -> None:
    game = position(hands={0: ATTACKER, 1: FILLER}, queens={1: ["q-heart"]})
    refuse(game, PlayKnight("knight1", 2, "q-heart"), "Choose another player's queen to take.")
    refuse(game, PlayKnight("knight1", -1, "q-heart"), "Choose another player's queen to take.")
    refuse(
        game,
        PlayPotion("potion1", 2, "q-heart"),
        "Choose another player's queen to put to sleep.",
    )


def test_an_attack_tells_the_table_which_card_which_player_and_which_queen() -> None:
    game = position(hands={0: ATTACKER, 1: FILLER}, queens={1: ["q-heart"]})
    events = game.apply(PlayKnight("knight1", 1, "q-heart"))
    assert events[0].player == 0
    assert events[0].params == {"card": "knight1", "target": 1, "queen": "q-heart"}
    assert game.state.attack is not None


def test_a_sleeping_potion_that_worked_is_the_attackers_doing() -> None:
    game = position(hands={0: ATTACKER, 1: FILLER}, queens={1: ["q-heart"]}, deck_top=DECK_TOP)
    game.apply(PlayPotion("potion1", 1, "q-heart"))
    events = game.apply(DontBlock())
    assert kinds(events) == ["slept", "drew", "turn"]
    assert events[0].player == 0


def test_an_attack_is_over_when_the_turn_passes() -> None:
    game = position(hands={0: ATTACKER, 1: DEFENDER}, queens={1: ["q-heart"]}, deck_top=DECK_TOP)
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    game.apply(Block("dragon1"))
    assert game.state.attack is None
    assert game.state.waking is None
    assert game.view(1)["phase"] == "turn"


def test_an_attack_is_over_when_it_wins_the_game() -> None:
    game = position(
        hands={0: ATTACKER, 1: FILLER},
        queens={0: ["q-moon", "q-cake", "q-rose", "q-rainbow"], 1: ["q-heart"]},
    )
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    game.apply(DontBlock())
    assert game.winner == 0
    assert game.state.attack is None
    assert game.state.waking is None
