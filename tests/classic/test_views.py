"""What each player sees (RULES.md, "Classic Sleeping Queens", "What each player sees").

Hidden from everyone: the order of the draw pile and which queen sleeps where (unless the
whole table saw her go back to sleep). Hidden from the other players: the cards in a hand.
Whether a player is asked to block gives nothing away: everyone under attack is asked. Each
test here builds a table that shows one secret; ``tests/test_views_contract.py`` scans every
view of random games for all of them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from sq2edu.classic import DontBlock, Game, Phase, PlayKnight, PlayPotion, new_game
from sq2edu.classic.cards import DECK, QUEENS
from sq2edu.classic.position import position
from sq2edu.classic.sampling import sample_from_view
from tests.rules_helpers import assert_same_for, check_views, seen, viewers

PLAYERS = ("Mia", "Leo", "Ava")
HANDS = {
    0: ["knight1", "potion1", "k-fire", "n2a", "n3a"],
    1: ["dragon1", "wand1", "n5a", "n7a", "n9a"],
    2: ["jester1", "n1a", "n1b", "n4a", "n8a"],
}
QUEENS_HELD = {1: ["q-heart", "q-cake"], 2: ["q-moon"]}


def _table(**changes: Any) -> Game:
    setup: dict[str, Any] = {"hands": HANDS, "queens": QUEENS_HELD}
    setup.update(changes)
    return position(PLAYERS, **setup)


def test_views_are_json_for_every_viewer() -> None:
    game = _table()
    check_views(game)
    assert game.view(None)["edition"] == "classic"


def test_a_player_sees_their_own_hand_and_only_how_many_cards_the_others_hold() -> None:
    view = seen(_table(), 1)
    assert view["players"][1]["hand"] == HANDS[1]
    assert view["players"][0]["hand"] == 5
    assert view["players"][2]["hand"] == 5
    assert view["players"][1]["queens"] == ["q-heart", "q-cake"]
    assert view["players"][1]["points"] == 25
    assert all(isinstance(p["hand"], int) for p in seen(_table(), None)["players"])


def test_only_the_deciding_player_sees_the_choices() -> None:
    """Mia attacks Leo's queen: Leo decides whether to block, so only Leo sees choices."""
    game = _table()
    game.apply(PlayKnight("knight1", 1, "q-heart"))
    assert game.current_player == 1
    check_views(game)


def test_the_draw_pile_order_is_hidden_from_everyone() -> None:
    used = {c for hand in HANDS.values() for c in hand}
    rest = [c for c in DECK if c not in used]
    shuffled = list(rest)
    random.Random(4).shuffle(shuffled)
    a, b = _table(deck_top=rest), _table(deck_top=shuffled)
    assert a.zones()["deck"] != b.zones()["deck"]
    assert_same_for(a, b, viewers(a))


def test_which_queen_sleeps_where_is_hidden_from_everyone() -> None:
    asleep = [q for q in QUEENS if q not in {"q-heart", "q-cake", "q-moon"}]
    a = _table(centre=[*asleep, None, None, None])
    b = _table(centre=[*reversed(asleep), None, None, None])
    assert_same_for(a, b, viewers(a))


def test_a_queen_the_table_saw_fall_asleep_is_remembered_by_everyone() -> None:
    game = _table()
    game.apply(PlayPotion("potion1", 2, "q-moon"))
    game.apply(DontBlock())
    slot = game.state.centre.index("q-moon")
    for viewer in viewers(game):
        assert seen(game, viewer)["centre"][slot] == {"queen": "q-moon", "occupied": True}


@pytest.mark.parametrize("seat", [0, 2])
def test_other_players_hands_are_hidden(seat: int) -> None:
    """Swap a card between Leo's hand and the draw pile: only Leo can tell."""
    changed = dict(HANDS)
    changed[1] = ["dragon2", "wand1", "n5a", "n7a", "n9a"]
    a, b = _table(), _table(hands=changed)
    assert_same_for(a, b, [None, seat])
    assert seen(a, 1) != seen(b, 1)


@pytest.mark.parametrize("attack", ["knight", "potion"])
def test_being_asked_to_block_does_not_tell_whether_you_can(attack: str) -> None:
    """Leo is asked with and without a Dragon (or Wand); the others see the same table."""
    empty_handed = dict(HANDS)
    empty_handed[1] = ["n5b", "n5c", "n5a", "n7a", "n9a"]
    a, b = _table(), _table(hands=empty_handed)
    play = (
        PlayKnight("knight1", 1, "q-heart")
        if attack == "knight"
        else PlayPotion("potion1", 1, "q-heart")
    )
    a.apply(play)
    b.apply(play)
    assert a.phase is b.phase is Phase.BLOCK
    assert a.current_player == b.current_player == 1
    assert_same_for(a, b, [None, 0, 2])


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_game_sampled_from_a_view_looks_the_same_to_that_player(players: int) -> None:
    """sample_from_view deals the unseen cards anew; the viewer cannot tell the difference."""
    for seed in range(6):
        game = new_game(players, seed=seed)
        chooser = random.Random(seed)
        for _step in range(chooser.randrange(5, 60)):
            if game.is_over:
                break
            game.apply(chooser.choice(game.legal_actions()))
        viewer = game.current_player
        view = game.view(viewer)
        sampled = sample_from_view(view, game.rules, random.Random(seed))
        assert sampled.view(viewer) == view
        cards = sorted(c for zone in sampled.zones().values() for c in zone)
        assert cards == sorted([*QUEENS, *DECK])
        assert sampled.legal_actions() == game.legal_actions()
        assert sampled._consistent()
        with pytest.raises(ValueError, match="onlooker"):
            sample_from_view(game.view(None), game.rules, random.Random(0))
