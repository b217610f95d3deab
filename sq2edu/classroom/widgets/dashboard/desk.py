"""What the dashboard's tabs share: the class shown and what one refresh read of it, the
class's language, and the small pieces of form several tabs are made of."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import ipywidgets as widgets

from sq2edu.classroom.domain.settings import ClassSettings, Focus, chosen_levels
from sq2edu.classroom.storage.store import SQLStore
from sq2edu.classroom.storage.summary import ClassSummary
from sq2edu.classroom.widgets.screens import Screens
from sq2edu.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, language
from sq2edu.markup import html
from sq2edu.practice import LEVELS

__all__ = [
    "WIDE",
    "ChildPicker",
    "Desk",
    "Reading",
    "Tab",
    "heading",
    "in_class_language",
    "language_picker",
    "level_boxes",
    "level_grid",
    "level_picker",
    "levels_words",
    "local_date",
    "sign_boxes",
    "ticked",
]

#: A form field whose description takes the room it needs.
WIDE = {"description_width": "initial"}
SIGN_WORDS = {
    "+": N_("+ adding"),
    "−": N_("− taking away"),
    "×": N_("× multiplying"),
    "÷": N_("÷ dividing"),
}


class Desk(Protocol):
    """The dashboard as its tabs see it: the store, the class shown, and the way to read
    everything again."""

    store: SQLStore
    #: What the class's attempts add up to (read anew from the store's start by
    #: :meth:`start_over`).
    summary: ClassSummary
    #: The class shown: ``None`` for the open one, or an archived one's number.
    viewing: int | None
    #: The class's language, which the whole dashboard speaks.
    language: str
    #: The class's settings as read when the tabs were made (read once: on a school's hub
    #: each read is a call to the class service); a tab's form starts from them.
    built_with: ClassSettings
    #: Where the teacher's server serves the CSV (``None``: the page makes it itself).
    csv_url: str | None
    #: ``&room=…`` naming a school's class in the download and report links ("": the served).
    room_query: str

    @property
    def archived(self) -> bool:
        """Whether the class shown is an archived one (read only)."""

    def refresh(self) -> None:
        """Read what is new in the store and redraw every tab."""

    def start_over(self) -> None:
        """Read the class's attempts again from the start (children renamed or merged, a
        new class) and redraw."""

    def current_code(self) -> str:
        """The code students type now ("": none)."""


@dataclass(frozen=True)
class Reading:
    """What one refresh read, handed to every tab.

    :ivar students: the class's students, in the order they joined.
    :ivar shown: the page of them the tables of children show (see ``Roster``).
    :ivar settings: the class's settings.
    """

    students: list[str]
    shown: list[str]
    settings: ClassSettings


class Tab(widgets.VBox):  # type: ignore[misc]
    """One tab of the dashboard: made in the class's language, and drawn again with each
    refresh's :class:`Reading`.

    :ivar open_class_controls: what an archived class may not use (its records are read
        only): disabled while one is shown.
    """

    #: The tab's title (translated when the tab is made).
    title: str = ""

    def __init__(self, desk: Desk, children: Sequence[widgets.Widget] = ()) -> None:
        super().__init__(list(children))
        self.desk = desk
        self.open_class_controls: list[widgets.Widget] = []

    @property
    def language(self) -> str:
        return self.desk.language

    def refresh(self, reading: Reading) -> None:
        """Draw what ``reading`` says (nothing, for a tab that only edits)."""


_Method = TypeVar("_Method", bound=Callable[..., Any])


def in_class_language(method: _Method) -> _Method:
    """Run a method of an object with a ``language`` in that language (a button's click
    arrives outside of any)."""

    @functools.wraps(method)
    def speaking(self: Any, *args: Any, **kwargs: Any) -> Any:
        with language(self.language):
            return method(self, *args, **kwargs)

    return speaking  # type: ignore[return-value]


def heading(level: int, words: str) -> widgets.HTML:
    """A heading of the page's outline (a screen reader's way through the tabs)."""
    return widgets.HTML(html("<h{}>{}</h{}>", level, words, level))


def sign_boxes(chosen: str) -> dict[str, widgets.Checkbox]:
    """A box to tick for each of the four signs, ticked for those in ``chosen``."""
    return {
        sign: widgets.Checkbox(
            value=sign in chosen,
            description=_(SIGN_WORDS[sign]),
            indent=False,
            layout={"width": "auto", "margin": "0 18px 0 0"},
        )
        for sign in "+−×÷"
    }


def language_picker(description: str, value: str) -> widgets.Dropdown:
    """A choice of one of the languages, each named in itself: wide enough for the longest
    name ("Norsk bokmål") beside a button that would otherwise squeeze it."""
    picker = widgets.Dropdown(
        options=[(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
        value=value,
        description=description,
        style=WIDE,
        layout={"width": "auto", "flex": "0 0 auto"},
    )
    picker.add_class("sq2-language")
    return picker


def level_picker(
    description: str, value: str, extra: list[tuple[str, str]] | None = None
) -> widgets.Dropdown:
    """A choice of one level of practice, by its name."""
    options = [*(extra or []), *((_(level.title), key) for key, level in LEVELS.items())]
    return widgets.Dropdown(
        options=options, value=value, description=description, style=WIDE, layout={"width": "auto"}
    )


def levels_words(focus: Focus) -> str:
    """A group's levels of practice in words: each of them, by name."""
    return ", ".join(_(level.title) for level in chosen_levels(focus))


def level_boxes(chosen: Iterable[str]) -> dict[str, widgets.Checkbox]:
    """A box to tick for each level of practice, ticked for the ``chosen`` ones."""
    ticked_keys = set(chosen)
    return {
        key: widgets.Checkbox(
            value=key in ticked_keys,
            description=_(level.title),
            indent=False,
            layout={"width": "auto", "margin": "0 18px 0 0"},
        )
        for key, level in LEVELS.items()
    }


def level_grid(boxes: dict[str, widgets.Checkbox]) -> widgets.Box:
    """The level boxes, wrapping on a narrow screen."""
    return widgets.Box(list(boxes.values()), layout={"display": "flex", "flex_flow": "row wrap"})


def ticked(boxes: dict[str, widgets.Checkbox]) -> tuple[str, ...]:
    """The keys of the ticked boxes, in the boxes' order."""
    return tuple(key for key, box in boxes.items() if box.value)


class ChildPicker(widgets.VBox):  # type: ignore[misc]
    """Children to pick, each with a box to tick (no Ctrl-click): ``options`` are the names,
    ``value`` the ticked ones, in the options' order."""

    def __init__(self, description: str) -> None:
        self._boxes: dict[str, widgets.Checkbox] = {}
        self._row = widgets.HBox(layout={"flex_flow": "row wrap"})
        # The boxes of names no longer offered (another page of a big class) are closed.
        self._shown = Screens(self._row)
        super().__init__([widgets.HTML(html("<b>{}</b>", description)), self._row])

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(self._boxes)

    @options.setter
    def options(self, names: Sequence[str]) -> None:
        chosen = set(self.value)
        self._boxes = {
            name: self._boxes.get(name)
            or widgets.Checkbox(
                value=name in chosen,
                description=name,
                indent=False,
                layout={"width": "auto", "margin": "0 18px 0 0"},
            )
            for name in names
        }
        self._shown.show(list(self._boxes.values()))

    @property
    def value(self) -> tuple[str, ...]:
        return tuple(name for name, box in self._boxes.items() if box.value)

    @value.setter
    def value(self, names: Sequence[str]) -> None:
        for name, box in self._boxes.items():
            box.value = name in names


def local_date(at: str) -> str:
    """A stored UTC time as the teacher's calendar date."""
    try:
        return dt.datetime.fromisoformat(at).astimezone().strftime("%d.%m.%Y")
    except ValueError:
        return at[:10]
