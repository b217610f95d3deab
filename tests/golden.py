"""Golden playthroughs of every edition: seeded games written out as readable text.

Each file follows one game step by step: what an onlooker sees, what the deciding player
sees besides, the legal actions, the action chosen (by a ``random.Random`` seeded with the
game's seed) and the words of the events. ``tests/test_golden.py`` plays the games again and
compares them with the files, so any change in the rules, the views or the words shows up
as a diff. An edition says how its table reads (:class:`Edition`); the rest is here.

After an intended change, regenerate all the files (from the project's top folder)::

    make golden        # or: .venv/bin/python -m tests.golden
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sq2edu.i18n import language

__all__ = [
    "MAX_STEPS",
    "Edition",
    "Playthrough",
    "action_text",
    "main",
    "places",
    "render",
    "short",
    "table_lines",
    "wrap",
    "write_all",
]

#: A playthrough longer than this many steps is cut off (and says so at the top).
MAX_STEPS = 250
#: Lines are wrapped at this width where they list many things.
WIDTH = 100
NAMES = ("Mia", "Leo", "Ava", "Noor", "Ivan")
# Fields the deciding player's own view shows apart from the table.
_OWN_ONLY = {"viewer", "prompt", "legal_actions"}


def short(value: Any) -> str:
    """A value as few characters as possible: lists as ``[a b]``, nothing as ``-``."""
    if value is None:
        return "-"
    if isinstance(value, list | tuple):
        return "[" + " ".join(short(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}={short(item)}" for key, item in value.items()) + "}"
    if isinstance(value, str) and (" " in value or not value):
        return f'"{value}"'
    return str(value)


def places(items: Sequence[dict[str, Any]], shown: str, title: str) -> str:
    """A row of table places: ``title (? face down, - empty): 0:c-owl 1:? 2:-``."""
    marks = []
    for slot, place in enumerate(items):
        marks.append(f"{slot}:{place[shown] or ('?' if place['occupied'] else '-')}")
    return f"{title}: " + " ".join(marks)


def table_lines(
    view: dict[str, Any],
    head: str,
    middle: str,
    player: Callable[[int, dict[str, Any]], str],
    foot: str,
    known: set[str],
) -> list[str]:
    """An onlooker's view in a few lines: the piles, the middle of the table, each player,
    what is going on, and (under "also") any field the edition's lines do not show."""
    lines = [f"  {head}", f"  {middle}"]
    lines += [player(seat, each) for seat, each in enumerate(view["players"])]
    lines.append(f"  {foot}")
    extra = [f"{key}={short(value)}" for key, value in view.items() if key not in known]
    if extra:
        lines += wrap("  also:", extra)
    return lines


def action_text(data: dict[str, Any]) -> str:
    """An action's ``to_dict()`` in one short line: ``steal-card(target=1, card=n7a)``."""
    fields = [f"{key}={short(value)}" for key, value in data.items() if key != "kind"]
    return f"{data['kind']}({', '.join(fields)})" if fields else str(data["kind"])


def wrap(first: str, items: Iterable[str], indent: str = "    ") -> list[str]:
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
    return [] if mine == public else [f"{path.rstrip('.')}={short(mine)}"]


@dataclass(frozen=True)
class Edition:
    """How one edition's golden files read.

    :ivar name: the edition's name, which starts its golden files' names.
    :ivar title: the first line of each file.
    :ivar new_game: ``new_game(names, seed=...)``.
    :ivar folder: where its golden files live.
    :ivar regenerate: the command its files name for regenerating them.
    :ivar table: the onlooker's view in a few lines.
    :ivar turn_note: what a step's header says after the phase ("" for nothing).
    :ivar winning: how the winner won, in the header ("won with 4 kings").
    :ivar settings: the line of the game's settings.
    :ivar notes: the lines that explain a step.
    """

    name: str
    title: str
    new_game: Callable[..., Any]
    folder: Path
    regenerate: str
    table: Callable[[dict[str, Any]], list[str]]
    turn_note: Callable[[dict[str, Any]], str]
    winning: Callable[[dict[str, Any]], str]
    settings: Callable[[dict[str, Any]], str]
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Playthrough:
    """One golden game: its edition, how many players, the seed of the game and choices."""

    edition: Edition
    players: int
    seed: int

    @property
    def path(self) -> Path:
        """The golden file of this game."""
        return self.edition.folder / f"{self.edition.name}-{self.players}p-seed{self.seed}.txt"


def _header(edition: Edition, view: dict[str, Any], step: int) -> str:
    seat = view["current_player"]
    name = view["players"][seat]["name"]
    return (
        f"== step {step} · turn {view['turn']} · {name} (seat {seat}) · "
        f"phase {view['phase']}{edition.turn_note(view)}"
    )


def render(playthrough: Playthrough, max_steps: int = MAX_STEPS) -> str:
    """Play ``playthrough`` and return its golden text."""
    with language("en"):
        return _render(playthrough, max_steps)


def _render(playthrough: Playthrough, max_steps: int) -> str:
    edition, players, seed = playthrough.edition, playthrough.players, playthrough.seed
    game = edition.new_game(list(NAMES[:players]), seed=seed)
    chooser = random.Random(seed)
    body: list[str] = []
    step = 0
    while not game.is_over and step < max_steps:
        step += 1
        public = game.view(None)
        seat = game.current_player
        mine = game.view(seat)
        body.append(_header(edition, public, step))
        body += edition.table(public)
        name = public["players"][seat]["name"]
        body += wrap(f"  {name} sees too:", _differences(mine, public, "") or ["nothing more"])
        body.append(f"  prompt: {mine['prompt']}")
        legal = mine["legal_actions"]
        body += wrap(f"  legal ({len(legal)}):", [action_text(a) for a in legal])
        action = chooser.choice(game.legal_actions())
        body.append(f"  chosen: {action_text(action.to_dict())}")
        body += [f"    > {event.text}" for event in game.apply(action)]
    final = game.view(None)
    if game.is_over:
        champion = final["players"][final["winner"]]
        body.append(f"== the end, after {step} steps: {champion['name']} wins")
        body += edition.table(final)
        length = f"The whole game: {step} steps, won with {edition.winning(champion)}."
    else:
        body.append(f"== stopped after {step} steps; the game goes on")
        body += edition.table(final)
        length = f"The game is longer: only its first {max_steps} steps are recorded."
    header = [
        edition.title,
        f"{players} players ({', '.join(NAMES[:players])}), seed {seed}; at each step "
        f"random.Random({seed}).choice picks one of the legal actions.",
        length,
        edition.settings(final),
        *edition.notes,
        f"Regenerate after an intended change: {edition.regenerate}",
        "",
    ]
    return "\n".join([*header, *body]) + "\n"


def _editions() -> tuple[tuple[Playthrough, ...], ...]:
    from tests.classic.golden import PLAYTHROUGHS as CLASSIC
    from tests.rescue.golden import PLAYTHROUGHS as RESCUE

    return RESCUE, CLASSIC


def write_all() -> list[Path]:
    """Write every edition's golden files; return their paths."""
    written = []
    for playthroughs in _editions():
        for playthrough in playthroughs:
            playthrough.path.parent.mkdir(exist_ok=True)
            playthrough.path.write_text(render(playthrough), encoding="utf-8")
            written.append(playthrough.path)
    return written


def main() -> None:
    """Regenerate the golden files and say where they are."""
    for path in write_all():
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
