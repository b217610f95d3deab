"""Actions and events: small frozen records that round-trip through JSON.

Each edition declares its action classes with :func:`action`, which registers them by a
short ``kind`` name; ``Action.to_dict()`` and :func:`action_from_dict` convert both ways.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from sq2edu.i18n import get_language

__all__ = ["Action", "Event", "action", "action_from_dict"]

A = TypeVar("A", bound="Action")

_ACTIONS: dict[str, type[Action]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    """Something a player decides. Subclasses are frozen dataclasses of strings and ints."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON-able data, with its ``kind``."""
        data: dict[str, Any] = {"kind": self.kind}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data


#: Each action class's field names: dataclasses.fields() builds its tuple anew at each call,
#: and every save of a game calls to_dict() for each action of its history.
_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}


def _field_names(cls: type[Action]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(item.name for item in dataclasses.fields(cls))
    return names


def action(kind: str) -> Callable[[type[A]], type[A]]:
    """Register an action class under ``kind`` (a class decorator)."""

    def register(cls: type[A]) -> type[A]:
        if kind in _ACTIONS:
            raise ValueError(f"two actions are called {kind!r}")
        cls.kind = kind
        _ACTIONS[kind] = cls
        return cls

    return register


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Rebuild an action from :meth:`Action.to_dict`'s data.

    :raises ValueError: if the data does not describe a known action.
    """
    if not isinstance(data, Mapping) or data.get("kind") not in _ACTIONS:
        raise ValueError(f"not an action: {data!r}"[:200])
    cls = _ACTIONS[data["kind"]]
    values: dict[str, Any] = {}
    for item in dataclasses.fields(cls):
        if item.name not in data:
            raise ValueError(f"action {cls.kind!r} is missing {item.name!r}")
        value = data[item.name]
        if isinstance(value, list):
            value = tuple(value)
        values[item.name] = value
    try:
        built = cls(**values)
    except (TypeError, ValueError) as error:
        raise ValueError(f"bad action {cls.kind!r}: {error}") from error
    for item in dataclasses.fields(cls):
        if not _matches(str(item.type), values[item.name]):
            raise ValueError(f"bad action {cls.kind!r}: {item.name} is {values[item.name]!r}")
    return built


_SIMPLE: dict[str, type] = {"str": str, "int": int}


def _matches(annotation: str, value: object) -> bool:
    """Whether a value read from JSON fits a field annotated ``str``, ``int`` or a tuple of them."""
    if isinstance(value, bool):
        return False
    if annotation in _SIMPLE:
        return isinstance(value, _SIMPLE[annotation])
    for name, kind in _SIMPLE.items():
        if annotation == f"tuple[{name}, ...]":
            return isinstance(value, tuple) and all(
                isinstance(part, kind) and not isinstance(part, bool) for part in value
            )
    return False


_NARRATORS: dict[str, Callable[[Event], str]] = {}


def register_narrator(edition: str, narrator: Callable[[Event], str]) -> None:
    """Say how events of an edition are put into words."""
    _NARRATORS[edition] = narrator


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and the narration.

    ``kind`` names what happened and ``params`` holds JSON-able details (player indexes, card
    ids, numbers) for programs; :attr:`text` says it for people, in the language active when
    it is read. An event never holds a secret that some player may not see: the log is public.
    """

    kind: str
    player: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    #: The edition whose narrator words this event.
    edition: str = ""
    #: The players' names at the time, for the words.
    names: tuple[str, ...] = ()
    #: The words already found, by language: every save of a game writes each event of its
    #: log with its words, and a table saves after every move.
    _words: dict[str, str] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    @property
    def text(self) -> str:
        """What happened, in plain words (in the active language)."""
        lang = get_language()
        words = self._words.get(lang)
        if words is None:
            narrator = _NARRATORS.get(self.edition)
            words = self._words[lang] = narrator(self) if narrator is not None else self.kind
        return words

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-able data (with its words, for readers without sq2edu)."""
        return {
            "kind": self.kind,
            "player": self.player,
            "params": dict(self.params),
            "edition": self.edition,
            "names": list(self.names),
            "text": self.text,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """Rebuild an event from :meth:`to_dict`'s data.

        :raises ValueError: if the data is not an event.
        """
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ValueError("not an event")
        player = data.get("player")
        params = data.get("params", {})
        edition = data.get("edition", "")
        names = data.get("names", [])
        if (
            (player is not None and (not isinstance(player, int) or isinstance(player, bool)))
            or not isinstance(params, dict)
            or not isinstance(edition, str)
            or not isinstance(names, list)
            or not all(isinstance(name, str) for name in names)
        ):
            raise ValueError("not an event")
        return cls(data["kind"], player, params, edition, tuple(names))
