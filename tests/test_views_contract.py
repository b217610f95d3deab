"""What each player sees, for every edition: at every step of seeded random games, no view
shows a card its viewer may not see, and the log tells no secret.

Which cards are secret, and from whom, is each edition's own rule
(:attr:`tests.contract.Edition.hidden`); tables built by hand to show one secret at a time
are in ``tests/<edition>/test_views.py``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from sq2edu.core import Game
from tests.contract import TABLE_SIZES, Edition, each_edition, each_edition_with
from tests.rules_helpers import (
    QUOTED,
    check_view,
    quoted,
    viewers,
)

#: A random game that has not ended after this many actions is stuck.
MAX_STEPS = 3_000


def _check_views(edition: Edition[Any], game: Game[Any, Any], where: str) -> None:
    """Every viewer's view: plain JSON, choices for the deciding player alone, the viewer's
    own secrets shown and nobody else's."""
    for viewer in viewers(game):
        shown = quoted(check_view(game, viewer, where))
        leaks = shown & edition.hidden(game, viewer)
        assert not leaks, f"{where}: view({viewer}) shows hidden cards {sorted(leaks)}"
        if viewer is not None:
            missing = edition.own_secrets(game, viewer) - shown
            assert not missing, f"{where}: view({viewer}) hides the viewer's own {missing}"


@pytest.mark.parametrize("players", TABLE_SIZES)
@pytest.mark.parametrize(
    ("edition", "setting"), each_edition_with(lambda edition: edition.view_settings)
)
def test_random_games_never_show_a_secret(
    edition: Edition[Any], setting: str, players: int
) -> None:
    """At every step of seeded random games, no view shows a card its viewer may not see,
    and no event tells one."""
    rules = edition.view_settings[setting]
    secrets_kept = 0
    for game_number in range(edition.view_games_per_player_count):
        seed = 1000 + game_number
        game: Game[Any, Any] = edition.new_game(players, seed=seed, rules=rules)
        chooser = random.Random(f"views {players} {seed}")
        step = 0
        while True:
            where = f"{edition.name}, {players} players, seed {seed}, step {step}"
            _check_views(edition, game, where)
            if game.is_over:
                break
            assert step < MAX_STEPS, f"{where}: the game does not end"
            action = chooser.choice(game.legal_actions())
            try:
                events = game.apply(action)
            except Exception as error:
                pytest.fail(f"{where}: {action!r} raised {error!r}")
            secrets_kept += edition.check_events(game, events, where)
            step += 1
    assert secrets_kept > 0, "no secret was ever kept: the log check tested nothing"


@pytest.mark.parametrize("edition", each_edition())
def test_a_view_for_a_seat_not_at_the_table_is_refused(edition: Edition[Any]) -> None:
    """There is no fourth seat at a three-player table."""
    with pytest.raises(ValueError, match="no player"):
        edition.new_game(3, seed=1).view(3)


def test_card_ids_are_told_apart_by_the_scan() -> None:
    """The quoted-id scan does not mistake n1a for n10a (a check on the test's own tool)."""
    text = json.dumps({"realm": ["n10a", "q-owl"]})
    assert set(QUOTED.findall(text)) == {"realm", "n10a", "q-owl"}
    assert "n1a" not in set(QUOTED.findall(text))
    assert quoted({"realm": ["n10a"]}) == {"realm", "n10a"}
