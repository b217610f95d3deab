"""Which students the dashboard's tables of children show: one page of them at a time.

A class is some thirty children, but its store may hold a thousand names (one device once
joined under thousands, and a school may keep a year group in one class). The dashboard's
tables of children (who is here, skills, lessons) show :data:`PAGE` of them at a time, in
the order they joined; the teacher turns the pages or finds a child by part of their name.
A refresh then sends the teacher's page one page of rows at most, whatever the class's size,
and a class that fits on one page sees no pager at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from sq2edu.i18n import _, ngettext

__all__ = ["PAGE", "Roster"]

#: Students shown at once in each table of children.
PAGE = 40


class Roster(widgets.HBox):  # type: ignore[misc]
    """The pager of the dashboard's tables of children, and the page it is at.

    :param on_change: called when the teacher turns a page or looks for a name.
    """

    def __init__(self, on_change: Callable[[], None]) -> None:
        super().__init__(layout=widgets.Layout(display="none", flex_flow="row wrap"))
        self.on_change = on_change
        #: The first student shown, counted in those :meth:`page` was given that match.
        self.first = 0
        self.find = widgets.Text(
            description=_("Find a student"),
            placeholder=_("part of a name"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.find.observe(lambda _change: self._turn(0), names="value")
        self.previous = widgets.Button(
            description=_("Previous {n}", n=PAGE), icon="arrow-left", layout={"width": "auto"}
        )
        self.previous.on_click(lambda _button: self._turn(self.first - PAGE))
        self.next = widgets.Button(
            description=_("Next {n}", n=PAGE), icon="arrow-right", layout={"width": "auto"}
        )
        self.next.on_click(lambda _button: self._turn(self.first + PAGE))
        self.words = widgets.Label()
        self.children = [self.find, self.previous, self.next, self.words]

    def _turn(self, first: int) -> None:
        self.first = max(0, first)
        self.on_change()

    def page(self, students: Sequence[str]) -> list[str]:
        """The students to show of ``students`` (the class's, in order), and the pager set
        to say which they are."""
        needle = self.find.value.strip().casefold()
        matching = [name for name in students if needle in name.casefold()] if needle else students
        if self.first >= len(matching):
            self.first = max(0, (len(matching) - 1) // PAGE * PAGE)
        shown = list(matching[self.first : self.first + PAGE])
        self.layout.display = "" if len(students) > PAGE or needle else "none"
        self.previous.disabled = self.first == 0
        self.next.disabled = self.first + PAGE >= len(matching)
        if not matching:
            self.words.value = _("No name has “{text}” in it.", text=self.find.value.strip())
        elif needle:
            self.words.value = ngettext(
                "{first}–{last} of {n} name with “{text}”",
                "{first}–{last} of {n} names with “{text}”",
                len(matching),
                first=self.first + 1,
                last=self.first + len(shown),
                text=self.find.value.strip(),
            )
        else:
            self.words.value = ngettext(
                "Students {first}–{last} of {n}",
                "Students {first}–{last} of {n}",
                len(matching),
                first=self.first + 1,
                last=self.first + len(shown),
            )
        return shown
