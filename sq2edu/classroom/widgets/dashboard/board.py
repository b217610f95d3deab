"""The dashboard itself: the class picker, the refresh, and the tabs in their order."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
from collections.abc import Callable, Sequence
from urllib.parse import quote

import ipywidgets as widgets

from sq2edu import editions
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.store import SQLStore, open_served_store
from sq2edu.classroom.storage.summary import ClassSummary
from sq2edu.classroom.widgets.dashboard.challenge import ChallengePanel
from sq2edu.classroom.widgets.dashboard.desk import (
    WIDE,
    Reading,
    Tab,
    heading,
    in_class_language,
    local_date,
)
from sq2edu.classroom.widgets.dashboard.glance import GamesTab, MistakesTab, ProgressTab, SkillsTab
from sq2edu.classroom.widgets.dashboard.groups import GroupsTab
from sq2edu.classroom.widgets.dashboard.lessons import LessonsTab
from sq2edu.classroom.widgets.dashboard.now import NowTab
from sq2edu.classroom.widgets.dashboard.roster import Roster
from sq2edu.classroom.widgets.dashboard.settings import CSV_PATH, SettingsTab
from sq2edu.classroom.widgets.dashboard.student import StudentTab
from sq2edu.classroom.widgets.dashboard.worksheets import WorksheetsTab
from sq2edu.i18n import _, language, ngettext
from sq2edu.ui.heartbeat import Heartbeat

__all__ = ["Dashboard"]

_LOG = logging.getLogger("sq2edu.classroom")
_STYLE = """<style>
.sq2-dash { border-collapse: collapse; font-size: 14px; }
.sq2-dash th, .sq2-dash td { border: 1px solid #8a8fa3; padding: 4px 8px; text-align: left; }
.sq2-scroll { overflow-x: auto; max-width: 100%; }
.widget-tab > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto; }
.sq2-language > select { flex: 0 0 auto; min-width: 11em; }
a.sq2-button { display: inline-block; margin: 6px 0; padding: 8px 16px; border-radius: 4px;
  background: #1f5fa8; color: #fff; font-weight: 600; text-decoration: none; }
a.sq2-button:hover, a.sq2-button:focus { background: #174a84; outline: 3px solid #f0b400; }
</style>"""


class Dashboard(widgets.VBox):  # type: ignore[misc]
    """The class at a glance, refreshed every ``refresh`` seconds.

    Each tab is a widget of its own (:class:`~sq2edu.classroom.widgets.dashboard.desk.Tab`),
    here as an attribute named after it: ``now``, ``challenge``, ``skills``, ``mistakes``,
    ``games``, ``progress``, ``groups``, ``lessons``, ``worksheets``, ``student`` and
    ``settings``. A refresh reads the class once (:class:`Reading`) and hands it to each.

    :param store: the class's progress store.
    :param refresh: seconds between refreshes (``0``: only with the button).
    :param csv_url: where the browser downloads the CSV (``None``: made in the page).
    :param student_url: the address students open (shown with its QR code), if known.
    :param class_code: the code students type, if there is one.
    :param room: the school's class shown, named in the download and report links (a
        school's hub serves many); ``None`` for the served one.
    :param rooms: the teacher's classes on a school's hub, offered in the class picker.
    :param on_room: opens another of them in this dashboard's place.
    """

    def __init__(
        self,
        store: SQLStore,
        refresh: float = 10.0,
        csv_url: str | None = None,
        student_url: str = "",
        class_code: str = "",
        room: str | None = None,
        rooms: Sequence[str] = (),
        on_room: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(layout=widgets.Layout(max_width="1200px"))
        self.store = store
        #: A school's other classes the teacher keeps, offered in the one class picker
        #: (``on_room`` opens one) beside this class's own earlier years.
        self.rooms = [other for other in rooms if other != room]
        self.on_room = on_room
        self.refresh_seconds = refresh
        self.room_query = "" if room is None else f"&room={quote(room)}"
        self._stopped = False
        self.csv_url = csv_url
        self.student_url = student_url
        self.class_code = class_code
        self.summary = ClassSummary()
        #: The class shown: ``None`` for the open one, or an archived one's number.
        self.viewing: int | None = None
        self.built_with = ClassSettings.from_dict(store.settings())
        self.language = self.built_with.language
        self._build()
        self._schedule()

    @classmethod
    def from_environment(cls) -> Dashboard:
        """The dashboard as ``sq2edu serve`` sets it up (``SQ2EDU_DB``, ``SQ2EDU_ROOM``, and in
        the classroom ``SQ2EDU_RUNTIME``, ``SQ2EDU_STUDENT_URL``, ``SQ2EDU_CLASS_CODE``)."""
        in_classroom = bool(os.environ.get("SQ2EDU_RUNTIME"))
        return cls(
            open_served_store(),
            csv_url=CSV_PATH if in_classroom else None,
            student_url=os.environ.get("SQ2EDU_STUDENT_URL", ""),
            class_code=os.environ.get("SQ2EDU_CLASS_CODE", ""),
        )

    # -- building ----------------------------------------------------------------------

    @in_class_language
    def _build(self) -> None:
        self.updated = widgets.Label()
        # Hidden while the page has lost the server (heartbeat.css): a time of the last
        # refresh beside "lost its connection" reads as if the page were still live.
        self.updated.add_class("sq2-updated")
        refresh_button = widgets.Button(description=_("Refresh now"), layout={"width": "auto"})
        refresh_button.on_click(lambda _button: self.refresh())
        self.class_pick = widgets.Dropdown(
            description=_("Class"), style=WIDE, layout={"width": "auto"}
        )
        self.class_pick.observe(lambda _change: self._view_class(), names="value")
        #: The page of children the tables of children show (one pager in four tabs).
        self.roster = Roster(self.refresh)
        self.now = NowTab(self, self.student_url, self.roster)
        self.challenge = ChallengePanel(
            self.store, self.csv_url is not None, self.room_query, self.language
        )
        self.skills = SkillsTab(self, self.roster)
        self.mistakes = MistakesTab(self)
        self.games = GamesTab(self)
        self.progress = ProgressTab(self)
        self.groups = GroupsTab(self, self.roster)
        self.lessons = LessonsTab(self, self.roster)
        self.worksheets = WorksheetsTab(self)
        self.student = StudentTab(self)
        self.settings = SettingsTab(
            self,
            keeps_code=self._keeps_code,
            on_saved=self._settings_saved,
            on_code=self.now.show_address,
        )
        #: The tabs drawn again by each refresh, in the order they are shown.
        self.parts: list[Tab] = [
            self.now,
            self.skills,
            self.mistakes,
            self.games,
            self.progress,
            self.groups,
            self.lessons,
            self.worksheets,
            self.student,
            self.settings,
        ]
        shown: list[tuple[str, widgets.Widget]] = [(_(part.title), part) for part in self.parts]
        shown.insert(1, (_("Challenge"), self.challenge))
        self.tabs = widgets.Tab(children=[part for _title, part in shown])
        for index, (title, _part) in enumerate(shown):
            self.tabs.set_title(index, title)
        #: Says so on the page when the server has stopped (see :class:`Heartbeat`).
        self.heartbeat = Heartbeat(self.language, teacher=True)
        self.children = [
            heading(2, _("Your class")),
            widgets.HTML(_STYLE),
            widgets.HBox([self.class_pick, refresh_button, self.updated]),
            self.tabs,
            self.heartbeat,  # a banner on top of the page (fixed), shown when needed
        ]
        self.refresh()

    def _schedule(self) -> None:
        if self.refresh_seconds <= 0:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a script): refresh with the button or refresh()

        def tick() -> None:
            if self._stopped:
                return
            try:
                self.refresh()
            except Exception:  # the next refresh may well succeed
                _LOG.exception("sq2edu: the dashboard could not refresh")
            finally:
                loop.call_later(self.refresh_seconds, tick)

        loop.call_later(self.refresh_seconds, tick)

    def stop(self) -> None:
        """Stop refreshing, and close the store (another class is shown instead)."""
        self._stopped = True
        self.store.close()

    # -- refreshing --------------------------------------------------------------------

    @property
    def archived(self) -> bool:
        """Whether the dashboard shows an archived class (read only)."""
        return self.viewing is not None

    @in_class_language
    def refresh(self) -> None:
        """Read what is new in the store and redraw every tab."""
        self._refresh_classes()
        self.summary.update(self.store, self.viewing)
        students = self.store.students(self.viewing)
        self.updated.value = _("Updated at {time}", time=dt.datetime.now().strftime("%H:%M:%S"))
        reading = Reading(
            students=students,
            shown=self.roster.page(students),
            settings=ClassSettings.from_dict(self.store.settings()),
        )
        for part in self.parts:
            part.refresh(reading)
        self.challenge.refresh()

    def start_over(self) -> None:
        """Read the class's attempts again from the start, and redraw."""
        self.summary = ClassSummary()
        self.refresh()

    def _refresh_classes(self) -> None:
        # A class's years by number (-1: the open one), the teacher's other classes by name.
        options: list[tuple[str, int | str]] = []
        for class_id, stored, archived in self.store.class_list():
            # The store's first class has the English default name; say it in the class's.
            name = _("My class") if stored == "My class" else stored
            if archived is None:
                options.append((_("{name} (now)", name=name), -1))
            else:
                when = local_date(archived)
                options.append((_("{name} (archived {date})", name=name, date=when), class_id))
        options.reverse()
        options += [(other, f"room:{other}") for other in self.rooms]
        if list(self.class_pick.options) != options:
            chosen = self.class_pick.value
            self.class_pick.options = options
            self.class_pick.value = chosen if chosen in dict(options).values() else -1

    def _view_class(self) -> None:
        chosen = self.class_pick.value
        if isinstance(chosen, str) and chosen.startswith("room:"):
            # Another of the teacher's classes: its own dashboard takes this one's place.
            self.class_pick.value = -1 if self.viewing is None else self.viewing
            if self.on_room is not None:
                self.on_room(chosen.removeprefix("room:"))
            return
        viewing = None if chosen in (None, -1) else int(chosen)
        if viewing != self.viewing:
            self.viewing = viewing
            for part in self.parts:
                for control in part.open_class_controls:
                    control.disabled = self.archived
            self.start_over()

    # -- what the tabs ask of the dashboard --------------------------------------------

    @property
    def _keeps_code(self) -> bool:
        """Whether the class code is kept in the store and changed here (the class of one
        laptop; a school's classes have theirs in the school)."""
        return self.room_query == ""

    def current_code(self) -> str:
        """The code students type now ("": none)."""
        if self._keeps_code:
            kept = self.store.class_code()
            if kept is not None:
                return kept
        return self.class_code

    def _settings_saved(self, settings: ClassSettings) -> None:
        self.groups.match_signs(settings, tick_all=True)
        if settings.language != self.language:
            self.built_with = settings
            self.language = settings.language
            self._build()
            self.tabs.selected_index = len(self.tabs.children) - 1
        # A table still waiting for its start has no game yet: it plays the class's new one
        # (its row in the lobby says so); a table playing keeps its game.
        followed = self.store.shared_tables().follow_edition(settings.edition)
        with language(self.language):
            # Hints reach a child at play within a few seconds (StudentApp follows them at
            # each heartbeat); the signs, the game and the rest wait for a new deal.
            said = _("Saved. Hints change at once; the rest from each student's next game or Lab.")
            if followed:
                game = editions.load(settings.edition)
                said += " " + ngettext(
                    "{n} table waiting to start plays {game} now.",
                    "{n} tables waiting to start play {game} now.",
                    len(followed),
                    game=_(game.short or game.title),
                )
            self.settings.saved.value = said
