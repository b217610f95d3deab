"""The classic game's golden playthroughs: how its table reads (the writer is
``tests.golden``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sq2edu.classic import new_game
from tests.golden import Edition, Playthrough, places, short, table_lines

__all__ = ["EDITION", "PLAYTHROUGHS"]

# View fields shown in their own place; any other field is listed under "also".
_TABLE_FIELDS = {
    "edition",
    "viewer",
    "players",
    "current_player",
    "turn_player",
    "phase",
    "turn",
    "deck_size",
    "discard",
    "centre",
    "attack",
    "waking",
    "queens_to_win",
    "points_to_win",
    "hand_size",
    "operations",
    "winner",
    "prompt",
    "legal_actions",
}
_PLAYER_FIELDS = {"name", "hand", "queens", "points"}


def _player(seat: int, player: dict[str, Any]) -> str:
    parts = [
        f"seat {seat} {player['name']}",
        f"hand {short(player['hand'])}",
        f"queens {short(player['queens'])}",
        f"points {player['points']}",
    ]
    parts += [f"{key} {short(value)}" for key, value in player.items() if key not in _PLAYER_FIELDS]
    return "  " + " · ".join(parts)


def _table(view: dict[str, Any]) -> list[str]:
    """The onlooker's view, a few lines long."""
    discard = view["discard"]
    top = f", top {discard[-1]}" if discard else ""
    return table_lines(
        view,
        f"deck {view['deck_size']} · discard {len(discard)}{top}",
        places(view["centre"], "queen", "middle (? asleep, - empty)"),
        _player,
        f"attack {short(view['attack'])} · waking {short(view['waking'])} · "
        f"winner {short(view['winner'])}",
        _TABLE_FIELDS,
    )


def _turn_note(view: dict[str, Any]) -> str:
    seat, turn_seat = view["current_player"], view["turn_player"]
    return "" if turn_seat == seat else f" · {view['players'][turn_seat]['name']}'s turn"


EDITION = Edition(
    name="classic",
    title="Sleeping Queens (classic), a golden playthrough",
    new_game=new_game,
    folder=Path(__file__).with_name("golden"),
    regenerate="make golden",
    table=_table,
    turn_note=_turn_note,
    winning=lambda champion: f"{len(champion['queens'])} queens and {champion['points']} points",
    settings=lambda view: (
        f"Goal: {view['queens_to_win']} queens or {view['points_to_win']} points · "
        f"hand {view['hand_size']} · signs: {view['operations']}"
    ),
    notes=(
        "Each step: what an onlooker sees, what the deciding player sees too, the legal",
        "actions, the action chosen, and (after >) the words of what happened.",
    ),
)
PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough(EDITION, 2, 53),
    Playthrough(EDITION, 3, 45),
    Playthrough(EDITION, 5, 43),
)


if __name__ == "__main__":
    from tests.golden import main

    main()
