"""What the computer players are called at a table, in the active language."""

from __future__ import annotations

from collections.abc import Sequence

from sq2edu.bots import BOT_NAMES, LEVELS
from sq2edu.i18n import N_, _

__all__ = ["bot_level", "local_bot_names", "seat_names"]

#: The computer players' names on the table, by level or player (message ids).
_BOT_WORDS = {
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "random": N_("Random"),
    "greedy": N_("Greedy"),
    "strong": N_("Strong"),
}


def _bot_name(level: str) -> str:
    return _("{level} bot", level=_(_BOT_WORDS[level]))


_NAMED: dict[str, str] = {}


def bot_level(name: str) -> str | None:
    """The level of a computer player named ``name`` in any language ("Easy bot 2",
    "Лёгкий бот": ``"easy"``); ``None`` for any other name."""
    from sq2edu.i18n import LANGUAGES, language

    if not _NAMED:
        for lang in LANGUAGES:
            with language(lang):
                _NAMED.update({_bot_name(level): level for level in _BOT_WORDS})
    base, _space, number = name.rpartition(" ")
    return _NAMED.get(name) or (_NAMED.get(base) if number.isdigit() else None)


def local_bot_names(names: Sequence[str], computers: Sequence[int]) -> dict[str, str]:
    """The computer players' names, as dealt (in the language of whoever dealt the game),
    and as they are called in the active language: ``{"Easy bot": "Лёгкий бот"}``; those
    that do not change are left out."""
    levels = {seat: bot_level(names[seat]) for seat in computers if 0 <= seat < len(names)}
    known = {seat: level for seat, level in levels.items() if level is not None}
    if not known:
        return {}
    players = [known.get(seat, name) for seat, name in enumerate(names)]
    local, _levels = seat_names(players, list(known))
    return {names[seat]: local[seat] for seat in known if names[seat] != local[seat]}


def seat_names(
    players: Sequence[str], computers: Sequence[int] | None = None
) -> tuple[list[str], dict[int, str]]:
    """The names at a table, and the computer players' levels by seat.

    A player that is a computer level (``"easy"``) or a computer player (``"greedy"``) is
    named for it, in the active language ("Easy bot"); two of one level (or a child named
    like one) get numbers, "Easy bot 2", counted on the names before numbering so that no
    number is given twice.

    :param computers: the computers' seats, when known (the other players are children,
        whatever their names); by default every player named like a computer is one.
    """
    names: list[str] = []
    levels: dict[int, str] = {}
    for seat, name in enumerate(players):
        level = name.strip().lower()
        is_computer = level in LEVELS or level in BOT_NAMES
        if computers is not None:
            is_computer = seat in computers
        if is_computer:
            levels[seat] = level
            names.append(_bot_name(level))
        else:
            names.append(name.strip())
    given = list(names)
    for seat, name in enumerate(given):
        same = [other for other in range(seat) if given[other] == name]
        if same and seat in levels:
            names[seat] = f"{name} {len(same) + 1}"
    return names, levels
