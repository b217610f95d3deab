"""The dashboard's tabs that only show: each child's skills and the class by level, the
mistakes in plain words with what to teach again, the games, and progress over the days."""

from __future__ import annotations

import ipywidgets as widgets

from sq2edu.classroom.views import panels
from sq2edu.classroom.widgets.dashboard.desk import (
    WIDE,
    Desk,
    Reading,
    Tab,
    in_class_language,
)
from sq2edu.classroom.widgets.dashboard.roster import Roster
from sq2edu.i18n import N_, _

__all__ = ["GamesTab", "MistakesTab", "ProgressTab", "SkillsTab"]


class SkillsTab(Tab):
    """Each child's skills (a page of the class at a time), and the class by level."""

    title = N_("Skills")

    def __init__(self, desk: Desk, roster: Roster) -> None:
        self.grid = widgets.HTML()
        self.levels = widgets.HTML()
        super().__init__(desk, [roster, self.grid, self.levels])

    def refresh(self, reading: Reading) -> None:
        self.grid.value = panels.grid_html(reading.shown, self.desk.summary)
        self.levels.value = panels.levels_chart(reading.students, self.desk.summary)


class MistakesTab(Tab):
    """The class's mistakes in plain words, with what to teach again, and their chart."""

    title = N_("Mistakes")

    def __init__(self, desk: Desk) -> None:
        self.words = widgets.HTML()
        self.chart = widgets.HTML()
        super().__init__(desk, [self.words, self.chart])

    def refresh(self, reading: Reading) -> None:
        self.words.value = panels.mistakes_html(self.desk.summary)
        self.chart.value = panels.mistakes_chart(self.desk.summary)


class GamesTab(Tab):
    """The games the class played."""

    title = N_("Games")

    def __init__(self, desk: Desk) -> None:
        self.list = widgets.HTML()
        super().__init__(desk, [self.list])

    def refresh(self, reading: Reading) -> None:
        self.list.value = panels.games_html(
            self.desk.store.games(self.desk.viewing), reading.students
        )


class ProgressTab(Tab):
    """Right on their own, day by day: the class's or one child's."""

    title = N_("Progress")

    def __init__(self, desk: Desk) -> None:
        self.pick = widgets.Dropdown(description=_("Show"), style=WIDE, layout={"width": "auto"})
        self.pick.observe(lambda _change: self.show(), names="value")
        self.chart = widgets.HTML()
        super().__init__(desk, [self.pick, self.chart])

    def refresh(self, reading: Reading) -> None:
        options = [(_("The whole class"), ""), *((name, name) for name in reading.students)]
        if list(self.pick.options) != options:
            chosen = self.pick.value
            self.pick.options = options
            self.pick.value = chosen if chosen in reading.students else ""
        self.show()

    @in_class_language
    def show(self) -> None:
        """Draw the chart of the class or of the child chosen."""
        name = self.pick.value
        if name:
            days = self.desk.summary.student(name).days
            title = _("{name}: right on their own, by day", name=name)
        else:
            days = self.desk.summary.days
            title = _("The class: right on their own, by day")
        self.chart.value = panels.progress_chart(days, title)
