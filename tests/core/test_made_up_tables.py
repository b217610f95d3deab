"""Tables not dealt by the game: the positions rule tests and lessons build card by card,
and the table a computer player imagines from what it can see. Both editions share the
checks (``sq2edu.core.setup``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sq2edu.classic.position import position as classic_position
from sq2edu.classic.sampling import sample_from_view as imagine_classic
from sq2edu.core.setup import fill_places
from sq2edu.rescue.position import position as rescue_position
from sq2edu.rescue.sampling import sample_from_view as imagine_rescue
from tests.contract import editions, game_under_way
from tests.rules_helpers import exactly


def test_a_made_up_table_refuses_cards_the_game_does_not_have_naming_them() -> None:
    with pytest.raises(ValueError, match=exactly("not classic cards: ['zz', 'q-nothing']")):
        classic_position(hands={0: ["zz", "n2a"], 1: ["q-nothing"]})
    with pytest.raises(ValueError, match=exactly("not Rescue cards: ['n0a']")):
        rescue_position(realms={0: ["n1a", "n0a"]})


def test_a_made_up_table_refuses_a_card_placed_twice() -> None:
    with pytest.raises(ValueError, match=exactly("a card is placed twice")):
        classic_position(hands={0: ["n2a"], 1: ["n2a"]})
    with pytest.raises(ValueError, match=exactly("a card is placed twice")):
        rescue_position(realms={0: ["n1a"]}, discard=["n1a"])


def test_an_imagined_table_shows_the_same_places_face_up_as_the_real_one() -> None:
    """A computer player imagines the hidden cards, never which places are face up: a
    face-down or empty place stays face down (``False``, as a save file keeps it)."""
    games = {edition.name: game_under_way(edition.new_game) for edition in editions()}
    rescue, classic = games["rescue"], games["classic"]
    seen = imagine_rescue(rescue.view(rescue.current_player), rescue.rules, random.Random(1))
    assert seen.state.face_up == rescue.state.face_up
    assert [card is None for card in seen.state.grid] == [
        card is None for card in rescue.state.grid
    ]
    seen_classic = imagine_classic(
        classic.view(classic.current_player), classic.rules, random.Random(1)
    )
    assert seen_classic.state.known == classic.state.known
    assert [queen is None for queen in seen_classic.state.centre] == [
        queen is None for queen in classic.state.centre
    ]


def test_an_imagined_place_is_filled_only_where_a_card_lies_face_down() -> None:
    places: list[dict[str, Any]] = [
        {"card": "c-lion", "occupied": True},
        {"card": None, "occupied": True},
        {"card": None, "occupied": False},
    ]
    assert fill_places(places, "card", ["c-robin", "c-kitten"]) == (
        ["c-lion", "c-kitten", None],
        [True, False, False],
    )
