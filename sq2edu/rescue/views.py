"""What each player may see: the hidden cards stripped out.

Hidden from everyone: the order of the draw pile and which companion lies face down where.
Hidden from the other players: a player's sleeping queens (their owner may peek) and the
cards they drew this turn before those go into the realm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sq2edu.rescue.engine import Game

__all__ = ["view"]


def view(game: Game, viewer: int | None) -> dict[str, Any]:
    """The table as ``viewer`` sees it (``None``: an onlooker), as JSON-able data; the seat
    is checked, and the fields every edition shares added, by :meth:`sq2edu.core.Game.view`."""
    s = game.state
    players = []
    for seat, player in enumerate(s.players):
        own = seat == viewer
        players.append(
            {
                "name": player.name,
                "knight": player.knight,
                "realm": list(player.realm),
                "sleeping": list(player.sleeping) if own else len(player.sleeping),
                "companions": list(player.companions),
                "kings": list(player.kings),
                "drawn": list(player.drawn) if own else len(player.drawn),
                "limit": game.realm_limit(seat),
            }
        )
    return {
        "players": players,
        "current_player": s.current,
        "phase": s.phase.value,
        "turn": s.turn,
        "roll": s.roll,
        "rerolls_used": s.rerolls_used,
        "deck_size": len(s.deck),
        "discard": list(s.discard),
        "grid": [
            {"card": card if s.face_up[i] else None, "occupied": card is not None}
            for i, card in enumerate(s.grid)
        ],
        "kings": list(s.kings),
        "pending": list(s.pending),
        "playing": s.playing,
        "rescuing": list(s.rescuing) if s.rescuing else None,
        "kings_to_win": game.rules.kings_needed(len(s.players)),
    }
