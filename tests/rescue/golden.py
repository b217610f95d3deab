"""The Rescue's golden playthroughs: how its table reads (the writer is ``tests.golden``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sq2edu.rescue import new_game
from tests.golden import Edition, Playthrough, places, short, table_lines

__all__ = ["EDITION", "PLAYTHROUGHS"]

# View fields shown in their own place; any other field is listed under "also".
_TABLE_FIELDS = {
    "edition",
    "viewer",
    "players",
    "current_player",
    "phase",
    "turn",
    "roll",
    "rerolls_used",
    "deck_size",
    "discard",
    "grid",
    "kings",
    "pending",
    "playing",
    "rescuing",
    "kings_to_win",
    "operations",
    "winner",
    "prompt",
    "legal_actions",
}
_PLAYER_FIELDS = {"name", "knight", "limit", "realm", "sleeping", "drawn", "companions", "kings"}


def _player(seat: int, player: dict[str, Any]) -> str:
    parts = [
        f"seat {seat} {player['name']}",
        f"{player['knight'] or 'no'} knight",
        f"limit {player['limit']}",
        f"realm {short(player['realm'])}",
    ]
    # Empty zones are left out: no "sleeping" means none asleep.
    parts += [
        f"{key} {short(player[key])}"
        for key in ("sleeping", "drawn", "companions", "kings")
        if player[key] not in (0, [])
    ]
    parts += [f"{key} {short(value)}" for key, value in player.items() if key not in _PLAYER_FIELDS]
    return "  " + " · ".join(parts)


def _table(view: dict[str, Any]) -> list[str]:
    """The onlooker's view, a few lines long."""
    discard = view["discard"]
    top = f", top {discard[-1]}" if discard else ""
    return table_lines(
        view,
        f"deck {view['deck_size']} · discard {len(discard)}{top} · "
        f"kings waiting {short(view['kings'])}",
        places(view["grid"], "card", "grid (? face down, - empty)"),
        _player,
        f"pending {short(view['pending'])} · playing {short(view['playing'])} · "
        f"rescuing {short(view['rescuing'])} · winner {short(view['winner'])}",
        _TABLE_FIELDS,
    )


def _turn_note(view: dict[str, Any]) -> str:
    roll = f" · rolled {view['roll']}" if view["roll"] else ""
    rerolls = f" · re-rolls used {view['rerolls_used']}" if view.get("rerolls_used") else ""
    return roll + rerolls


EDITION = Edition(
    name="rescue",
    title="Sleeping Queens 2: The Rescue, a golden playthrough",
    new_game=new_game,
    folder=Path(__file__).with_name("golden"),
    regenerate="make golden",
    table=_table,
    turn_note=_turn_note,
    winning=lambda champion: f"{len(champion['kings'])} kings",
    settings=lambda view: f"Kings to win: {view['kings_to_win']} · signs: {view['operations']}",
    notes=(
        "Each step: what an onlooker sees (a player's empty zones are left out), what the",
        "deciding player sees too, the legal actions, the action chosen, and (after >) the words",
        "of what happened.",
    ),
)
PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough(EDITION, 2, 1),
    Playthrough(EDITION, 3, 2),
    Playthrough(EDITION, 5, 3),
)


if __name__ == "__main__":
    from tests.golden import main

    main()
