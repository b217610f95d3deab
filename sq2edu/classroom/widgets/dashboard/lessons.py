"""The dashboard's Lessons tab: which lessons the children can open, how far each child got
in them, and each lesson's guide for the teacher."""

from __future__ import annotations

from dataclasses import replace

import ipywidgets as widgets

from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.views import panels
from sq2edu.classroom.widgets.dashboard.desk import WIDE, Desk, Reading, Tab, in_class_language
from sq2edu.classroom.widgets.dashboard.roster import Roster
from sq2edu.i18n import N_, _
from sq2edu.lessons import LESSONS
from sq2edu.lessons.html import guide_html
from sq2edu.markup import html

__all__ = ["LessonsTab"]


class LessonsTab(Tab):
    """Open lessons to the class, see each child's marks, read a lesson's guide."""

    title = N_("Lessons")

    def __init__(self, desk: Desk, roster: Roster) -> None:
        super().__init__(desk)
        current = desk.built_with
        self.boxes = {
            key: widgets.Checkbox(
                value=key in current.lessons,
                description=_("{number}. {title}", number=found.number, title=str(found.title)),
                indent=False,
                layout={"width": "auto"},
            )
            for key, found in LESSONS.items()
        }
        save = widgets.Button(
            description=_("Open the ticked lessons"),
            button_style="primary",
            layout={"width": "auto"},
        )
        self.saved = widgets.Label()
        save.on_click(lambda _button: self.save())
        self.open_class_controls.append(save)
        self.progress = widgets.HTML()
        self.guide_pick = widgets.Dropdown(
            options=[
                (_("{number}. {title}", number=found.number, title=str(found.title)), key)
                for key, found in LESSONS.items()
            ],
            description=_("Teacher's guide"),
            style=WIDE,
            layout={"width": "auto"},
        )
        self.guide = widgets.HTML()
        self.guide_pick.observe(lambda _change: self.show_guide(), names="value")
        self.show_guide()
        about = html(
            "<b>{}</b><p>{}</p>",
            _("Lessons the children can open"),
            _("Each child reads them in their own language."),
        )
        self.children = [
            widgets.HTML(about),
            *self.boxes.values(),
            widgets.HBox([save, self.saved]),
            roster,
            self.progress,
            self.guide_pick,
            self.guide,
        ]

    def refresh(self, reading: Reading) -> None:
        marks = self.desk.store.lesson_marks(class_id=self.desk.viewing)
        self.progress.value = panels.lessons_html(reading.shown, marks, reading.settings.lessons)

    @in_class_language
    def save(self) -> None:
        """Open the ticked lessons to the class (the other settings stay as they are)."""
        chosen = tuple(key for key, box in self.boxes.items() if box.value)
        store = self.desk.store
        settings = replace(ClassSettings.from_dict(store.settings()), lessons=chosen)
        store.save_settings(settings.to_dict())
        self.saved.value = (
            _("Saved. The children see them in Lessons.")
            if chosen
            else _("Saved. No lesson is open.")
        )
        self.desk.refresh()

    @in_class_language
    def show_guide(self) -> None:
        """The guide of the lesson chosen."""
        self.guide.value = guide_html(LESSONS[self.guide_pick.value])
