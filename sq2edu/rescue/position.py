"""Build a Rescue game in any position: for rule tests, lessons and "what if" questions.

>>> from sq2edu.rescue.position import position
>>> game = position(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions", rolls=["2"])
>>> [a.text for a in game.legal_actions() if a.kind == "make-equation"]
['2 + 3 = 5', '5 − 2 = 3', '5 − 3 = 2']

Every card not placed by hand goes where a new game would put it: main-deck cards into the
draw pile (below ``deck_top``), companions face down into the grid, kings into the middle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sq2edu.core import GameRandom
from sq2edu.core.setup import check_placed
from sq2edu.rescue.cards import COMPANIONS, KINGS, MAIN_DECK
from sq2edu.rescue.engine import Game
from sq2edu.rescue.rules import Rules
from sq2edu.rescue.state import Phase, PlayerState, State

__all__ = ["ScriptedRandom", "position"]


class ScriptedRandom(GameRandom):
    """A generator whose die rolls are given in advance; shuffles stay seeded.

    Once the script runs out, rolls are random again. Saved as JSON, the script is lost.
    """

    __slots__ = ("_script",)

    def __init__(self, rolls: Sequence[str], seed: int = 0) -> None:
        super().__init__(seed)
        self._script = list(rolls)

    def roll(self, faces: Sequence[str]) -> str:  # type: ignore[override]
        if self._script:
            return self._script.pop(0)
        return super().roll(faces)

    def copy(self) -> ScriptedRandom:
        twin = ScriptedRandom(self._script)
        twin._random.setstate(self._random.getstate())
        return twin


def position(
    players: Sequence[str] = ("Mia", "Leo"),
    *,
    knights: Sequence[str | None] | None = None,
    realms: Mapping[int, Sequence[str]] | None = None,
    sleeping: Mapping[int, Sequence[str]] | None = None,
    companions: Mapping[int, Sequence[str]] | None = None,
    kings: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    grid: Sequence[str | None] | None = None,
    face_up: Sequence[bool] | None = None,
    pending: Sequence[str] = (),
    current: int = 0,
    phase: Phase | str = Phase.ROLL,
    rules: Rules | None = None,
    rolls: Sequence[str] = (),
    seed: int = 0,
) -> Game:
    """A game with the cards exactly where you put them.

    :param knights: each player's knight (``None`` for none); by default, in seat order,
        green, purple, blue, white, red: knights with no effect on most tests.
    :param deck_top: the next cards to be drawn, the first one first.
    :param grid: the companion grid, places in order (``None`` for an empty place); by
        default ten places holding every companion not placed elsewhere, face down.
    :param face_up: which grid places are face up; by default none.
    :param rolls: the die's next faces, in order (``"1"``, ``"2"``, ``"3"``, ``"dragon"``).
    :raises ValueError: if a card is placed twice or is not a Rescue card.
    """
    count = len(players)
    realms, sleeping = realms or {}, sleeping or {}
    companions, kings = companions or {}, kings or {}
    if knights is None:
        knights = ["green", "purple", "blue", "white", "red"][:count]
    placed = [
        *deck_top,
        *discard,
        *pending,
        *(card for cards in realms.values() for card in cards),
        *(card for cards in sleeping.values() for card in cards),
        *(card for cards in companions.values() for card in cards),
        *(card for cards in kings.values() for card in cards),
        *(card for card in (grid or []) if card is not None),
    ]
    check_placed(placed, {*MAIN_DECK, *COMPANIONS, *KINGS}, "Rescue")
    used = set(placed)
    rest_of_deck = [card for card in MAIN_DECK if card not in used]
    if grid is None:
        # Ten places, as in a real game; a companion held elsewhere leaves its place empty.
        grid = [None if card in used else card for card in COMPANIONS]
    if face_up is None:
        face_up = [False] * len(grid)
    state = State(
        players=[
            PlayerState(
                name,
                knights[seat],
                list(realms.get(seat, [])),
                list(sleeping.get(seat, [])),
                list(companions.get(seat, [])),
                list(kings.get(seat, [])),
            )
            for seat, name in enumerate(players)
        ],
        deck=rest_of_deck + list(reversed(deck_top)),
        discard=list(discard),
        grid=list(grid),
        face_up=list(face_up),
        kings=[king for king in KINGS if king not in used],
        current=current,
        phase=Phase(phase),
        pending=list(pending),
    )
    return Game(state, rules or Rules(), ScriptedRandom(rolls, seed))
