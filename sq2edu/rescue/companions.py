"""The grid of rescue companions in the middle of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sq2edu.core import IllegalActionError
from sq2edu.i18n import _

if TYPE_CHECKING:
    from sq2edu.rescue.engine import Game

__all__ = ["face_down", "lay_face_down_if_needed", "put_back", "take", "verify_face_down"]


def face_down(game: Game) -> list[int]:
    """The places in the grid holding a face-down companion."""
    s = game.state
    return [i for i, card in enumerate(s.grid) if card is not None and not s.face_up[i]]


def lay_face_down_if_needed(game: Game) -> None:
    """With no face-down companion left, shuffle the face-up ones and lay them face down."""
    s = game.state
    if face_down(game):
        return
    places = [i for i, card in enumerate(s.grid) if card is not None]
    if not places:
        return
    cards = [s.grid[i] for i in places]
    game.rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        s.grid[place] = card
        s.face_up[place] = False
    game.emit("companions-shuffled")


def verify_face_down(game: Game, slot: int) -> None:
    """Check that ``slot`` holds a face-down companion."""
    s = game.state
    if not 0 <= slot < len(s.grid) or s.grid[slot] is None:
        raise IllegalActionError(_("There is no companion in that place."))
    if s.face_up[slot]:
        raise IllegalActionError(_("Choose a companion that is face down."))


def take(game: Game, slot: int) -> None:
    """The current player takes the companion at ``slot`` into their realm."""
    s = game.state
    card = s.grid[slot]
    assert card is not None
    s.grid[slot] = None
    s.face_up[slot] = False
    game.me.companions.append(card)
    game.emit("took-companion", s.current, companion=card)


def put_back(game: Game, card: str) -> None:
    """Return a companion face up to the first empty place in the grid."""
    s = game.state
    slot = s.grid.index(None)
    s.grid[slot] = card
    s.face_up[slot] = True
