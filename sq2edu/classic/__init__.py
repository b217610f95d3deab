"""The classic *Sleeping Queens*: the rules engine.

>>> from sq2edu import classic
>>> game = classic.new_game(players=["Mia", "Leo"], seed=1)
>>> len(game.view(0)["players"][0]["hand"])
5

:func:`new_game` sets up a game; :class:`Game` is the contract shared with the Rescue
(``legal_actions``, ``apply``, ``view``, ``zones``, ``to_json``, ``clone``, ``log``).
"""

from sq2edu.classic.actions import (
    Block,
    ChooseQueen,
    Discard,
    DiscardEquation,
    DiscardPair,
    DontBlock,
    PlayJester,
    PlayKing,
    PlayKnight,
    PlayPotion,
)
from sq2edu.classic.deal import new_game
from sq2edu.classic.engine import Game
from sq2edu.classic.rules import Rules
from sq2edu.classic.state import Phase, Waking
from sq2edu.core import IllegalActionError, SaveFileError

__all__ = [
    "Block",
    "ChooseQueen",
    "Discard",
    "DiscardEquation",
    "DiscardPair",
    "DontBlock",
    "Game",
    "IllegalActionError",
    "Phase",
    "PlayJester",
    "PlayKing",
    "PlayKnight",
    "PlayPotion",
    "Rules",
    "SaveFileError",
    "Waking",
    "new_game",
]
