"""The dashboard's One student tab: a child's skills and mistakes, a printable report for
their family in the family's language, and freeing, renaming or merging their name."""

from __future__ import annotations

import base64
from urllib.parse import quote

import ipywidgets as widgets

from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.store import NameTakenError
from sq2edu.classroom.views import panels
from sq2edu.classroom.widgets.dashboard.desk import (
    WIDE,
    Desk,
    Reading,
    Tab,
    in_class_language,
    language_picker,
)
from sq2edu.i18n import N_, _, language
from sq2edu.markup import html
from sq2edu.progress.nicknames import check_nickname

__all__ = ["REPORT_PATH", "StudentTab"]

#: Where the teacher's server serves a child's report (see :mod:`sq2edu.classroom.server.guard`).
REPORT_PATH = "sq2edu/report"


class StudentTab(Tab):
    """One child, chosen by name."""

    title = N_("One student")

    def __init__(self, desk: Desk) -> None:
        super().__init__(desk)
        self.pick = widgets.Dropdown(description=_("Student"), style=WIDE, options=[])
        self.pick.observe(lambda change: self._picked(change["new"]), names="value")
        self.view = widgets.HTML()
        self.report_link = widgets.HTML()
        #: The language of the parents' report (a child's family may speak another).
        self.report_language = language_picker(_("Report in"), desk.language)
        self.report_language.observe(lambda _change: self.show(), names="value")
        release = widgets.Button(
            description=_("Let this name join from a new device"), layout={"width": "auto"}
        )
        release.on_click(lambda _button: self.release())
        self.new_name = widgets.Text(description=_("New name"), style=WIDE)
        rename = widgets.Button(description=_("Rename"), layout={"width": "auto"})
        rename.on_click(lambda _button: self.rename())
        self.merge_into = widgets.Dropdown(description=_("Same child as"), options=[], style=WIDE)
        merge = widgets.Button(description=_("Merge"), layout={"width": "auto"})
        merge.on_click(lambda _button: self.merge())
        self.message = widgets.Label()
        self.open_class_controls += [release, rename, merge]
        self.children = [
            self.pick,
            self.view,
            widgets.HBox([self.report_language, self.report_link]),
            release,
            widgets.HBox([self.new_name, rename]),
            widgets.HBox([self.merge_into, merge]),
            self.message,
        ]

    def refresh(self, reading: Reading) -> None:
        students = reading.students
        if list(self.pick.options) != students:
            chosen = self.pick.value
            self.pick.options = students
            self.pick.value = chosen if chosen in students else (students[0] if students else None)
            self.merge_into.options = students
        self.show()

    def _picked(self, student: str | None) -> None:
        """A child's report starts in the language the child reads the app in (a family
        may speak another: the teacher may choose it)."""
        known = self.desk.store.languages(self.desk.viewing) if student else {}
        chosen = known.get(student or "", self.desk.language)
        if self.report_language.value != chosen:
            self.report_language.value = chosen  # shows the child's page
        else:
            self.show()

    @in_class_language
    def show(self) -> None:
        """The chosen child's page, and the link to their report."""
        student = self.pick.value
        if not student:
            self.view.value = ""
            self.report_link.value = ""
            return
        desk = self.desk
        self.view.value = panels.student_html(student, desk.summary)
        words = _("Printable report for parents")
        lang = self.report_language.value
        if desk.csv_url is not None and not desk.archived:
            href = f"{REPORT_PATH}?student={quote(student)}&lang={lang}{desk.room_query}"
        else:
            with language(lang):
                page = panels.report_html(
                    student,
                    desk.store.current_class()[1],
                    desk.summary,
                    desk.store.games(desk.viewing),
                    lang,
                    ClassSettings.from_dict(desk.store.settings()).operations,
                )
            href = "data:text/html;base64," + base64.b64encode(page.encode()).decode()
        self.report_link.value = html(
            '<a class="sq2-button" target="_blank" href="{}">🖨 {}</a>', href, words
        )

    @in_class_language
    def release(self) -> None:
        """Let the next device that joins with the chosen name have it (a new tablet)."""
        if self.pick.value:
            self.desk.store.release(self.pick.value)
            self.message.value = _("{name} can join again from any device.", name=self.pick.value)

    @in_class_language
    def rename(self) -> None:
        """Give the chosen student the name typed in "New name"."""
        old = self.pick.value
        if not old:
            return
        try:
            new = check_nickname(self.new_name.value)
            self.desk.store.rename(old, new)
        except NameTakenError:
            self.message.value = _("Another student is called that already.")
            return
        except ValueError as error:
            self.message.value = str(error)
            return
        self.message.value = _("{old} is now {new}.", old=old, new=new)
        self.new_name.value = ""
        self.desk.start_over()
        self.pick.value = new

    @in_class_language
    def merge(self) -> None:
        """Move everything the chosen student did to the student picked in "Same child as"."""
        source, target = self.pick.value, self.merge_into.value
        if not source or not target or source == target:
            self.message.value = _("Choose two different students.")
            return
        self.desk.store.merge(source, target)
        self.message.value = _(
            "{source} and {target} are one student now.", source=source, target=target
        )
        self.desk.start_over()
        self.pick.value = target
