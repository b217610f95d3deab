"""A game's state declared once: each field says how it is copied, saved and read back.

An edition's ``State`` and ``PlayerState`` are dataclasses whose fields carry a
:class:`Kind` (``field(metadata=kind(IDS))``). :class:`StateRecord`
then derives ``copy()``, ``to_dict()`` and ``from_dict()`` from the fields, so a new field is
written in one place and cannot be forgotten by the copy or the save file: a field without a
kind is refused the first time its class is copied or saved.

>>> from dataclasses import dataclass, field
>>> @dataclass(slots=True)
... class Hand(StateRecord):
...     owner: str = field(metadata=kind(TEXT))
...     cards: list[str] = field(default_factory=list, metadata=kind(IDS))
>>> hand = Hand("Mia", ["queen-rose"])
>>> twin = hand.copy()
>>> twin.cards.append("king-cat")
>>> hand.cards, hand.to_dict()
(['queen-rose'], {'owner': 'Mia', 'cards': ['queen-rose']})
>>> Hand.from_dict({"owner": "Mia", "cards": "queen-rose"})
Traceback (most recent call last):
...
ValueError: expected a list of card ids, found 'queen-rose'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Self, TypeVar

from sq2edu.core.setup import read_flags, read_ids, read_int, read_places, read_text

__all__ = [
    "IDS",
    "INT",
    "TEXT",
    "Kind",
    "StateRecord",
    "each",
    "flags",
    "kind",
    "named",
    "optional",
    "places",
]

E = TypeVar("E", bound=Enum)

_KIND = "sq2edu-kind"


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Kind:
    """How one field's value is copied, written to a save file and read back from one.

    :ivar copy: an independent copy of the value (``None``: the value is immutable and
        shared, which is also the fastest copy).
    :ivar save: the value as plain JSON data.
    :ivar load: the value read from JSON data; raises ``ValueError`` for data that is not one.
    """

    copy: Callable[[Any], Any] | None
    save: Callable[[Any], Any]
    load: Callable[[Any], Any]


#: A list of card ids.
IDS = Kind(list, list, read_ids)
#: A piece of text (a name, a card id, a face of the die).
TEXT = Kind(None, _same, read_text)
#: A whole number (a seat, a turn, a count).
INT = Kind(None, _same, read_int)


def places(what: str) -> Kind:
    """Places of the table, each holding a card id or nothing; ``what`` names them in errors."""
    return Kind(list, list, lambda value: read_places(value, what))


def flags(what: str) -> Kind:
    """A yes/no mark per place; ``what`` names the places in errors."""
    return Kind(list, list, lambda value: read_flags(value, what))


def named(enum: type[E]) -> Kind:
    """A member of ``enum``, saved as its value."""
    return Kind(None, lambda member: member.value, enum)


def optional(inner: Kind) -> Kind:
    """``inner``, or nothing (``None``), saved as ``null``."""
    copy = inner.copy
    return Kind(
        None if copy is None else (lambda value: None if value is None else copy(value)),
        lambda value: None if value is None else inner.save(value),
        lambda value: None if value is None else inner.load(value),
    )


def each(record: type[StateRecord]) -> Kind:
    """A list of records (the players), each copied and saved by its own fields."""

    def load(value: object) -> list[Any]:
        if not isinstance(value, list):
            raise ValueError(f"expected a list of {record.__name__}, found {value!r}"[:120])
        return [record.from_dict(item) for item in value]

    return Kind(
        lambda value: [item.copy() for item in value],
        lambda value: [item.to_dict() for item in value],
        load,
    )


def kind(of: Kind) -> dict[str, Kind]:
    """A field's metadata saying it is of kind ``of``: ``field(metadata=kind(IDS))``."""
    return {_KIND: of}


@dataclass(frozen=True, slots=True)
class _Compiled:
    """A record class's copy and save, written out from its fields as a hand-written pair
    would be (``cls(list(self.deck), self.turn, ...)``): a game is copied on every step of a
    computer player's search, and a loop over the fields took twice as long."""

    copy: Callable[[Any], Any]
    to_dict: Callable[[Any], dict[str, Any]]
    from_dict: Callable[[Mapping[str, Any]], Any]


_COMPILED: dict[type, _Compiled] = {}


def _compile(cls: type) -> _Compiled:
    namespace: dict[str, Any] = {"_cls": cls}
    copies, saves, loads = [], [], []
    # A StateRecord that is not a dataclass is refused here, by fields() itself.
    for index, spec in enumerate(dataclasses.fields(cls)):
        of = spec.metadata.get(_KIND)
        if not isinstance(of, Kind):
            raise TypeError(
                f"{cls.__name__}.{spec.name} does not say how it is copied and saved: "
                "declare it with field(metadata=kind(...))"
            )
        # The source is made of the class's own field names (as dataclasses makes __init__),
        # never of data.
        assert spec.name.isidentifier()
        value = f"self.{spec.name}"
        namespace[f"_copy{index}"] = of.copy
        copies.append(value if of.copy is None else f"_copy{index}({value})")
        namespace[f"_save{index}"] = of.save
        saves.append(f"{spec.name!r}: " + (value if of.save is _same else f"_save{index}({value})"))
        namespace[f"_load{index}"] = of.load
        loads.append(f"_load{index}(data[{spec.name!r}])")
    source = (
        f"def copy(self):\n    return _cls({', '.join(copies)})\n"
        f"def to_dict(self):\n    return {{{', '.join(saves)}}}\n"
        f"def from_dict(data):\n    return _cls({', '.join(loads)})\n"
    )
    exec(source, namespace)
    return _Compiled(namespace["copy"], namespace["to_dict"], namespace["from_dict"])


def _compiled(cls: type) -> _Compiled:
    found = _COMPILED.get(cls)
    if found is None:
        found = _COMPILED[cls] = _compile(cls)
    return found


class StateRecord:
    """A dataclass whose fields all carry a :class:`Kind`; copying and saving come from them."""

    __slots__ = ()

    @classmethod
    def _field_kinds(cls) -> list[tuple[str, Kind]]:
        """The fields' names and kinds, in declaration order."""
        _compiled(cls)
        return [(spec.name, spec.metadata[_KIND]) for spec in dataclasses.fields(cls)]  # type: ignore[arg-type]

    def copy(self) -> Self:
        """An independent copy: changing it changes nothing of this one."""
        twin: Self = _compiled(type(self)).copy(self)
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON data, a key per field in declaration order."""
        return _compiled(type(self)).to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The record read from :meth:`to_dict`'s data.

        :raises ValueError: a value of the wrong kind.
        :raises KeyError: a field missing from ``data``.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"expected a record of {cls.__name__}, found {data!r}"[:120])
        record: Self = _compiled(cls).from_dict(data)
        return record
