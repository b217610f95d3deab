"""The dashboard's Worksheets tab: a sheet to print for the class, a group or one child, and
its answers (every answer checked)."""

from __future__ import annotations

import contextlib

import ipywidgets as widgets

from sq2edu.classroom.views.worksheets import (
    Aim,
    Audience,
    NotInClassError,
    aim_of,
    downloads_html,
    sheet_for,
)
from sq2edu.classroom.widgets.dashboard.desk import (
    WIDE,
    Desk,
    Reading,
    Tab,
    in_class_language,
    language_picker,
    level_picker,
)
from sq2edu.i18n import N_, _, language
from sq2edu.markup import html
from sq2edu.practice import LEVELS
from sq2edu.worksheets import MAX_COUNT, PAPERS
from sq2edu.worksheets.html import title_of
from sq2edu.worksheets.sheet import DEFAULT_COUNT, default_count

__all__ = ["WorksheetsTab"]


class WorksheetsTab(Tab):
    """Choose for whom, the level, the paper and how many; make the sheet."""

    title = N_("Worksheets")

    def __init__(self, desk: Desk) -> None:
        super().__init__(desk)
        self.whom = widgets.Dropdown(description=_("For"), style=WIDE, layout={"width": "auto"})
        self.level = level_picker(_("Level"), "", [(_("where most children are"), "")])
        #: For a child or a group the level is theirs, not the list's: the form says which.
        self.aimed = widgets.HTML(layout={"display": "none"})
        self.whom.observe(lambda _change: self._show_aim(), names="value")
        self.level.observe(lambda _change: self._show_aim(), names="value")
        self.whom.observe(lambda change: self._child_language(change["new"]), names="value")
        self.paper = widgets.Dropdown(
            description=_("Paper"),
            options=[(_(paper.name), key) for key, paper in PAPERS.items()],
            style=WIDE,
            layout={"width": "auto"},
        )
        #: The sheet's language: a child may read another than the class's (the class's by
        #: default).
        self.sheet_language = language_picker(_("Language"), desk.language)
        self.count = widgets.BoundedIntText(
            value=DEFAULT_COUNT, min=1, max=MAX_COUNT, description=_("Exercises"), style=WIDE
        )
        #: The count the form last offered: one the teacher typed is kept when the level
        #: changes, the offered one follows the level's type (large type holds fewer).
        self._offered = DEFAULT_COUNT
        make = widgets.Button(
            description=_("Make the sheet"), button_style="primary", layout={"width": "auto"}
        )
        make.on_click(lambda _button: self.make())
        self.links = widgets.HTML()
        self.open_class_controls.append(make)
        about = _(
            "A child's sheet is at their level and gives more of their weakest skill; a "
            "group's is at the group's levels. Every answer is checked."
        )
        self.children = [
            widgets.HTML(html("<p>{}</p>", about)),
            self.whom,
            self.level,
            self.aimed,
            self.paper,
            self.sheet_language,
            self.count,
            make,
            self.links,
        ]

    def refresh(self, reading: Reading) -> None:
        groups = [] if self.desk.archived else list(self.desk.store.groups())
        options = [
            (_("The whole class"), "class:"),
            *((_("Group: {name}", name=name), f"group:{name}") for name in groups),
            *((name, f"student:{name}") for name in reading.students),
        ]
        if list(self.whom.options) != options:
            chosen = self.whom.value
            self.whom.options = options
            self.whom.value = chosen if chosen in dict(options).values() else "class:"

    @in_class_language
    def _show_aim(self) -> None:
        """Say the level the sheet will be at: a child's or a group's own, in place of the
        list, which only the class's sheet follows."""
        kind, _colon, name = (self.whom.value or "class:").partition(":")
        words = ""
        aim: Aim | None = None
        if kind != "class":
            with contextlib.suppress(ValueError):
                aim = aim_of(self.desk.store, Audience(kind, name))
        elif self.level.value:
            # The class's sheet at a chosen level needs no reading of the store.
            aim = Aim((LEVELS[self.level.value],), "")
        if aim is not None and kind != "class":
            title = title_of(aim.levels)
            if kind == "student":
                words = _("Level: {level} ({name}'s level)", level=title, name=name)
            else:
                words = _("Level: {level} (the group's levels)", level=title)
        self.level.layout.display = "none" if words else None
        self.aimed.layout.display = None if words else "none"
        self.aimed.value = html('<p class="sq-aimed">{}</p>', words) if words else ""
        if aim is not None:
            offered = default_count(aim.levels)
            if self.count.value == self._offered:
                self.count.value = offered
            self._offered = offered

    def _child_language(self, whom: str | None) -> None:
        """A child's sheet starts in the language the child reads the app in (the teacher
        may choose another); the class's and a group's in the class's."""
        kind, _colon, name = (whom or "class:").partition(":")
        known = self.desk.store.languages(self.desk.viewing) if kind == "student" else {}
        self.sheet_language.value = known.get(name, self.desk.language)

    @in_class_language
    def make(self) -> None:
        """Make the sheet the editor describes, with a new number, and offer its downloads."""
        kind, _colon, name = (self.whom.value or "class:").partition(":")
        level = self.level.value if kind == "class" else ""
        lang = str(self.sheet_language.value or self.language)
        try:
            # Its word problems are written in the sheet's language as it is made.
            with language(lang):
                sheet = sheet_for(self.desk.store, Audience(kind, name, level), self.count.value)
        except NotInClassError:
            gone = _("{name} is not in the class any more.", name=name)
            self.links.value = html("<p>{}</p>", gone)
            self.desk.refresh()
            return
        except ValueError:
            nothing = _("This level has no exercises with the class's signs: choose another.")
            self.links.value = html("<p>{}</p>", nothing)
            return
        self.links.value = downloads_html(sheet, self.paper.value, lang, self.language)
