"""What every edition shares: the game contract, errors, the seeded random generator, actions
and events."""

from sq2edu.core.errors import IllegalActionError, SaveFileError
from sq2edu.core.game import Game
from sq2edu.core.records import Action, Event, action, action_from_dict, register_narrator
from sq2edu.core.rng import GameRandom

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameRandom",
    "IllegalActionError",
    "SaveFileError",
    "action",
    "action_from_dict",
    "register_narrator",
]
