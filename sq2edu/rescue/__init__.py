"""*Sleeping Queens 2: The Rescue*: the rules engine.

>>> from sq2edu import rescue
>>> game = rescue.new_game(players=["Mia", "Leo"], seed=1)
>>> game.phase.value
'roll'

:func:`new_game` sets up a game; :class:`Game` is the contract shared with the classic
edition (``legal_actions``, ``apply``, ``view``, ``zones``, ``to_json``, ``clone``, ``log``).
"""

from sq2edu.core import IllegalActionError, SaveFileError
from sq2edu.rescue.actions import (
    Decline,
    Discard,
    EndActions,
    KeepRoll,
    MakeEquation,
    PlayInstant,
    Reroll,
    Rescue,
    Roll,
    StealCard,
    SwapKnights,
    SwitchCards,
    TakeCompanion,
    TakeKing,
    TakeQueenFromDiscard,
    UseSpellBook,
    WakeQueen,
    WakeWithPair,
)
from sq2edu.rescue.deal import new_game
from sq2edu.rescue.engine import Game
from sq2edu.rescue.rules import Rules
from sq2edu.rescue.state import Phase

__all__ = [
    "Decline",
    "Discard",
    "EndActions",
    "Game",
    "IllegalActionError",
    "KeepRoll",
    "MakeEquation",
    "Phase",
    "PlayInstant",
    "Reroll",
    "Rescue",
    "Roll",
    "Rules",
    "SaveFileError",
    "StealCard",
    "SwapKnights",
    "SwitchCards",
    "TakeCompanion",
    "TakeKing",
    "TakeQueenFromDiscard",
    "UseSpellBook",
    "WakeQueen",
    "WakeWithPair",
    "new_game",
]
