"""What each player may see: the hidden cards stripped out.

Hidden from everyone: the order of the draw pile, and which queen sleeps where (except a
queen the whole table saw go back to sleep, while ``remember_sleeping_queens`` is on).
Hidden from the other players: the cards in a player's hand (only how many).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sq2edu.classic.engine import Game

__all__ = ["view"]


def view(game: Game, viewer: int | None) -> dict[str, Any]:
    """The table as ``viewer`` sees it (``None``: an onlooker), as JSON-able data; the seat
    is checked, and the fields every edition shares added, by :meth:`sq2edu.core.Game.view`."""
    s = game.state
    remember = game.rules.remember_sleeping_queens
    players = [
        {
            "name": player.name,
            "hand": list(player.hand) if seat == viewer else len(player.hand),
            "queens": list(player.queens),
            "points": game.points(seat),
        }
        for seat, player in enumerate(s.players)
    ]
    attack = s.attack
    return {
        "players": players,
        "current_player": s.current,
        "turn_player": s.turn_player,
        "phase": s.phase.value,
        "turn": s.turn,
        "deck_size": len(s.deck),
        "discard": list(s.discard),
        "centre": [
            {
                "queen": queen if queen is not None and known and remember else None,
                "occupied": queen is not None,
            }
            for queen, known in zip(s.centre, s.known, strict=True)
        ],
        "attack": (
            {"card": attack.card, "target": attack.target, "queen": attack.queen}
            if attack
            else None
        ),
        "waking": s.waking.value if s.waking else None,
        "queens_to_win": game.rules.queens_needed(len(s.players)),
        "points_to_win": game.rules.points_needed(len(s.players)),
        "hand_size": game.rules.hand_size,
    }
