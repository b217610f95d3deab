"""The edition registry: every part of sq2edu that names an edition finds it there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sq2edu import classic, editions, rescue
from sq2edu.bots import make_bot
from sq2edu.bots.tournament import run_tournament
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.tables import game_type
from sq2edu.cli import _build_parser


def test_the_two_editions_are_registered_with_their_rules() -> None:
    assert editions.names() == ("rescue", "classic")
    assert editions.load("rescue").game is rescue.Game
    assert editions.load("classic").new_game is classic.new_game
    assert game_type("classic") is classic.Game


@pytest.mark.parametrize("name", ["variant", "", "RESCUE", None, 3])
def test_an_unknown_edition_is_refused_in_plain_words(name: object) -> None:
    with pytest.raises(editions.UnknownEditionError, match=r"unknown edition.*rescue, classic"):
        editions.load(name)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown edition"):
        make_bot("greedy", edition=name)  # type: ignore[arg-type]


def test_a_name_is_registered_once() -> None:
    other = editions.Edition("rescue", "sq2edu.classic", "x", "y", "z")
    with pytest.raises(ValueError, match="registered already"):
        editions.register(other)


@pytest.fixture
def variant() -> Iterator[str]:
    """A third edition, registered for one test (it plays the classic game's rules)."""
    editions.register(
        editions.Edition("variant", "sq2edu.classic", "Variant", "Welcome!", "Play the variant")
    )
    try:
        yield "variant"
    finally:
        editions._EDITIONS.pop("variant")


def test_a_registered_edition_is_offered_everywhere_an_edition_is_named(variant: str) -> None:
    """One register call: the class's settings take it, the shared tables read its games,
    the command line offers it, the tournament deals it, its random player plays it."""
    assert ClassSettings(edition=variant).edition == variant
    assert game_type(variant) is classic.Game
    arguments = _build_parser().parse_args(["tournament", "--edition", variant, "--games", "1"])
    assert arguments.edition == variant
    result = run_tournament(["random"], games=1, edition=variant, jobs=1)
    assert len(result.games) == 1
    with pytest.raises(ValueError, match="only the random computer player"):
        make_bot("strong", edition=variant)


def test_each_edition_is_played_at_its_own_table() -> None:
    from sq2edu.ui import ClassicTable, RescueTable
    from sq2edu.ui.game_table import GameTable

    assert GameTable.of_edition("rescue") is RescueTable
    assert GameTable.of_edition("classic") is ClassicTable
    with pytest.raises(ValueError, match="no table plays"):
        GameTable.of_edition("variant")


@pytest.mark.parametrize(("edition", "quick"), [("rescue", True), ("classic", True)])
def test_the_class_settings_make_the_rules_of_the_class_edition(edition: str, quick: bool) -> None:
    settings = ClassSettings(edition=edition, quick=quick)
    rules = settings.game_rules()
    assert rules == (settings.classic_rules() if edition == "classic" else settings.rules())
    assert editions.load(edition).new_game(2, seed=1, rules=rules).rules == rules
