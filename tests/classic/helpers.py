"""Checks for the classic rule-clause tests: the ones every edition shares
(:mod:`tests.rules_helpers`) and the classic's own."""

from __future__ import annotations

from sq2edu.classic import Game
from sq2edu.core import Event
from tests.rules_helpers import exactly, kinds, now, offered, refuse

__all__ = ["FILLER", "FILLER2", "exactly", "kinds", "now", "offered", "refuse", "slot_of", "texts"]

#: Five harmless cards for a hand that only has to be there.
FILLER = ["n1a", "n4b", "n6c", "n8d", "n10a"]
#: Five more, for a third hand.
FILLER2 = ["n1b", "n4c", "n6d", "n8a", "n10b"]


def texts(events: list[Event]) -> list[str]:
    """The words of each event, in order."""
    return [event.text for event in events]


def slot_of(game: Game, queen: str) -> int:
    """The place in the middle where ``queen`` sleeps (tests may look; players may not)."""
    return game.state.centre.index(queen)
