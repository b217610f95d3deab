"""Golden playthroughs of the classic game: seeded games written out as readable text.

Each file follows one game step by step: what an onlooker sees, what the deciding player
sees besides, the legal actions, the action chosen (by a ``random.Random`` seeded with the
game's seed) and the words of the events. ``test_golden.py`` plays the games again and
compares them with the files, so any change in the rules, the views or the words shows up
as a diff.

After an intended change, regenerate all the files (from the project's top folder)::

    .venv/bin/python -m tests.classic.golden
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sq2edu.classic import Game, new_game
from sq2edu.i18n import language

__all__ = ["GOLDEN_DIR", "MAX_STEPS", "PLAYTHROUGHS", "Playthrough", "main", "render", "write_all"]

#: Where the golden files live.
GOLDEN_DIR = Path(__file__).with_name("golden")
#: A playthrough longer than this many steps is cut off (and says so at the top).
MAX_STEPS = 250
#: Lines are wrapped at this width where they list many things.
WIDTH = 100
NAMES = ("Mia", "Leo", "Ava", "Noor", "Ivan")
REGENERATE = ".venv/bin/python -m tests.classic.golden"

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
# Fields the deciding player's own view shows apart from the table.
_OWN_ONLY = {"viewer", "prompt", "legal_actions"}


@dataclass(frozen=True, slots=True)
class Playthrough:
    """One golden game: how many players, and the seed of the game and of the choices."""

    players: int
    seed: int

    @property
    def path(self) -> Path:
        """The golden file of this game."""
        return GOLDEN_DIR / f"classic-{self.players}p-seed{self.seed}.txt"


#: Seeds whose games reach every special rule: a Rose bonus, the Cat and Dog Queens, a
#: block (by a Dragon or a Wand), a steal, a Sleeping Potion, a Jester's count and a
#: Jester's power card.
PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough(2, 53),
    Playthrough(3, 45),
    Playthrough(5, 43),
)


def _short(value: Any) -> str:
    """A value as few characters as possible: lists as ``[a b]``, nothing as ``-``."""
    if value is None:
        return "-"
    if isinstance(value, list | tuple):
        return "[" + " ".join(_short(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}={_short(item)}" for key, item in value.items()) + "}"
    if isinstance(value, str) and (" " in value or not value):
        return f'"{value}"'
    return str(value)


def action_text(data: dict[str, Any]) -> str:
    """An action's ``to_dict()`` in one short line: ``classic-wake(king=k-fire, slot=3)``."""
    fields = [f"{key}={_short(value)}" for key, value in data.items() if key != "kind"]
    return f"{data['kind']}({', '.join(fields)})" if fields else str(data["kind"])


def _wrap(first: str, items: Iterable[str], indent: str = "    ") -> list[str]:
    """``first`` followed by ``items`` separated by " · ", wrapped between items."""
    lines: list[str] = []
    line = first
    for item in items:
        joined = f"{line} · {item}" if line not in (first, indent) else f"{line} {item}"
        if len(joined) > WIDTH and line not in (first, indent):
            lines.append(line)
            line = f"{indent}{item}"
        else:
            line = joined
    lines.append(line)
    return lines


def _centre(centre: Sequence[dict[str, Any]]) -> str:
    places = []
    for slot, place in enumerate(centre):
        shown = place["queen"] or ("?" if place["occupied"] else "-")
        places.append(f"{slot}:{shown}")
    return "middle (? asleep, - empty): " + " ".join(places)


def _player(seat: int, player: dict[str, Any]) -> str:
    parts = [
        f"seat {seat} {player['name']}",
        f"hand {_short(player['hand'])}",
        f"queens {_short(player['queens'])}",
        f"points {player['points']}",
    ]
    parts += [
        f"{key} {_short(value)}" for key, value in player.items() if key not in _PLAYER_FIELDS
    ]
    return "  " + " · ".join(parts)


def _table(view: dict[str, Any]) -> list[str]:
    """The onlooker's view, a few lines long."""
    discard = view["discard"]
    top = f", top {discard[-1]}" if discard else ""
    lines = [
        f"  deck {view['deck_size']} · discard {len(discard)}{top}",
        "  " + _centre(view["centre"]),
    ]
    lines += [_player(seat, player) for seat, player in enumerate(view["players"])]
    lines.append(
        f"  attack {_short(view['attack'])} · waking {_short(view['waking'])} · "
        f"winner {_short(view['winner'])}"
    )
    extra = [f"{key}={_short(value)}" for key, value in view.items() if key not in _TABLE_FIELDS]
    if extra:
        lines += _wrap("  also:", extra)
    return lines


def _differences(mine: Any, public: Any, path: str) -> list[str]:
    """Where the deciding player's view shows more than the onlooker's."""
    if isinstance(mine, dict) and isinstance(public, dict):
        found: list[str] = []
        for key in [*mine, *(key for key in public if key not in mine)]:
            if path == "" and key in _OWN_ONLY:
                continue
            found += _differences(mine.get(key), public.get(key), f"{path}{key}.")
        return found
    if (
        isinstance(mine, list)
        and isinstance(public, list)
        and len(mine) == len(public)
        and any(isinstance(item, dict) for item in mine)
    ):
        found = []
        for index, (left, right) in enumerate(zip(mine, public, strict=True)):
            found += _differences(left, right, f"{path}{index}.")
        return found
    return [] if mine == public else [f"{path.rstrip('.')}={_short(mine)}"]


def _header(view: dict[str, Any], step: int) -> str:
    seat = view["current_player"]
    name = view["players"][seat]["name"]
    turn_seat = view["turn_player"]
    whose = "" if turn_seat == seat else f" · {view['players'][turn_seat]['name']}'s turn"
    return (
        f"== step {step} · turn {view['turn']} · {name} (seat {seat}) · "
        f"phase {view['phase']}{whose}"
    )


def render(playthrough: Playthrough, max_steps: int = MAX_STEPS) -> str:
    """Play ``playthrough`` and return its golden text."""
    with language("en"):
        return _render(playthrough, max_steps)


def _render(playthrough: Playthrough, max_steps: int) -> str:
    players, seed = playthrough.players, playthrough.seed
    game: Game = new_game(list(NAMES[:players]), seed=seed)
    chooser = random.Random(seed)
    body: list[str] = []
    step = 0
    while not game.is_over and step < max_steps:
        step += 1
        public = game.view(None)
        seat = game.current_player
        mine = game.view(seat)
        body.append(_header(public, step))
        body += _table(public)
        name = public["players"][seat]["name"]
        body += _wrap(f"  {name} sees too:", _differences(mine, public, "") or ["nothing more"])
        body.append(f"  prompt: {mine['prompt']}")
        legal = mine["legal_actions"]
        body += _wrap(f"  legal ({len(legal)}):", [action_text(a) for a in legal])
        action = chooser.choice(game.legal_actions())
        body.append(f"  chosen: {action_text(action.to_dict())}")
        body += [f"    > {event.text}" for event in game.apply(action)]
    final = game.view(None)
    if game.is_over:
        winner = final["winner"]
        champion = final["players"][winner]
        body.append(f"== the end, after {step} steps: {champion['name']} wins")
        body += _table(final)
        length = (
            f"The whole game: {step} steps, won with {len(champion['queens'])} queens "
            f"and {champion['points']} points."
        )
    else:
        body.append(f"== stopped after {step} steps; the game goes on")
        body += _table(final)
        length = f"The game is longer: only its first {max_steps} steps are recorded."
    header = [
        "Sleeping Queens (classic), a golden playthrough",
        f"{players} players ({', '.join(NAMES[:players])}), seed {seed}; at each step "
        f"random.Random({seed}).choice picks one of the legal actions.",
        length,
        f"Goal: {final['queens_to_win']} queens or {final['points_to_win']} points · "
        f"hand {final['hand_size']} · signs: {final['operations']}",
        "Each step: what an onlooker sees, what the deciding player sees too, the legal",
        "actions, the action chosen, and (after >) the words of what happened.",
        f"Regenerate after an intended change: {REGENERATE}",
        "",
    ]
    return "\n".join([*header, *body]) + "\n"


def write_all() -> list[Path]:
    """Write every golden file; return their paths."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    written = []
    for playthrough in PLAYTHROUGHS:
        playthrough.path.write_text(render(playthrough), encoding="utf-8")
        written.append(playthrough.path)
    return written


def main() -> None:
    """Regenerate the golden files and say where they are."""
    for path in write_all():
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
