"""The teacher's dashboard: who is here, what to teach next, and the class's settings.

``notebooks/teacher.ipynb`` shows :meth:`Dashboard.from_environment`; ``sq2edu serve`` runs
it on the teacher's own machine only, behind the teacher's token. Its tabs: the class now
(who is online, the address and QR code for the class, what was refused at the door),
skills (each child, and the class by level), mistakes in plain words with what to teach
again, games, progress over days (this class or an archived one), groups that practise a
focus of their own, one student (with a printable report), worksheets to print (for the
class, a group or one child), and the class's settings.

Every name and equation shown came from a student's browser, so all of it is escaped. A
refresh reads only the attempts written since the last one
(:class:`~sq2edu.classroom.storage.summary.ClassSummary`), so it stays quick however many a
class has made; the CSV and the reports are served by the teacher's server.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import datetime as dt
import functools
import logging
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import quote

import ipywidgets as widgets

from sq2edu import editions
from sq2edu.classroom.domain.exports import CSV_HEADER, attempts_csv, csv_row
from sq2edu.classroom.domain.settings import ClassSettings, Focus, chosen_levels
from sq2edu.classroom.storage.store import NameTakenError, SQLStore, open_served_store
from sq2edu.classroom.storage.summary import ClassSummary
from sq2edu.classroom.storage.tables import TableError, TableInfo, Tables, seconds_since
from sq2edu.classroom.views import panels
from sq2edu.classroom.views.worksheets import Audience, NotInClassError, downloads_html, sheet_for
from sq2edu.classroom.widgets.challenge_panel import ChallengePanel
from sq2edu.classroom.widgets.roster import PAGE, Roster
from sq2edu.classroom.widgets.screens import Screens
from sq2edu.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, language, local_signs, ngettext
from sq2edu.lessons import LESSONS
from sq2edu.lessons.html import guide_html
from sq2edu.markup import Markup, html, joined
from sq2edu.practice import LEVELS
from sq2edu.progress.records import Attempt
from sq2edu.ui.heartbeat import Heartbeat
from sq2edu.worksheets import MAX_COUNT, PAPERS

__all__ = [
    "CSV_HEADER",
    "CSV_PATH",
    "REPORT_PATH",
    "Dashboard",
    "attempts_csv",
    "common_mistakes",
    "csv_row",
]

#: Where the teacher's server streams the attempts and serves reports (see
#: :mod:`sq2edu.classroom.server.guard`).
CSV_PATH = "sq2edu/attempts.csv"
REPORT_PATH = "sq2edu/report"
_LOG = logging.getLogger("sq2edu.classroom")
#: Tables of classmates the dashboard lists at most (the oldest first).
SHOWN_TABLES = 40
#: How far back the dashboard shows what was refused at the door.
_DOOR_MINUTES = 10
_WIDE = {"description_width": "initial"}
_SIGN_WORDS = {
    "+": N_("+ adding"),
    "−": N_("− taking away"),
    "×": N_("× multiplying"),
    "÷": N_("÷ dividing"),
}
_HINT_WORDS = {
    "free": N_("as many as wanted"),
    "limited": N_("three a game"),
    "off": N_("none"),
}
_LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
#: The turn timeouts a teacher chooses from, in seconds (0: off).
_TIMEOUTS = {
    0: N_("never"),
    30: N_("after 30 seconds"),
    60: N_("after 1 minute"),
    120: N_("after 2 minutes"),
    300: N_("after 5 minutes"),
}
_STYLE = """<style>
.sq2-dash { border-collapse: collapse; font-size: 14px; }
.sq2-dash th, .sq2-dash td { border: 1px solid #8a8fa3; padding: 4px 8px; text-align: left; }
.sq2-scroll { overflow-x: auto; max-width: 100%; }
.widget-tab > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto; }
a.sq2-button { display: inline-block; margin: 6px 0; padding: 8px 16px; border-radius: 4px;
  background: #1f5fa8; color: #fff; font-weight: 600; text-decoration: none; }
a.sq2-button:hover, a.sq2-button:focus { background: #174a84; outline: 3px solid #f0b400; }
</style>"""


def common_mistakes(attempts: list[Attempt], top: int = 5) -> list[tuple[str, int, list[str]]]:
    """The most frequent problem codes: code, how often, and up to three real examples."""
    counts: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for attempt in attempts:
        if attempt.ok or not attempt.codes:
            continue
        code = attempt.codes[0]
        counts[code] += 1
        seen = examples.setdefault(code, [])
        if len(seen) < 3 and attempt.text not in seen:
            seen.append(attempt.text)
    return [(code, count, examples[code]) for code, count in counts.most_common(top)]


def _heading(level: int, words: str) -> widgets.HTML:
    return widgets.HTML(html(f"<h{level}>{{}}</h{level}>", words))


def _in_class_language(method: Callable[..., None]) -> Callable[..., None]:
    """Run a dashboard method in the class's language (the kernel may speak another)."""

    @functools.wraps(method)
    def speaking(self: Dashboard, *args: Any, **kwargs: Any) -> None:
        with language(self.language):
            method(self, *args, **kwargs)

    return speaking


def _qr_svg(url: str) -> Markup:
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is a dependency
        return Markup()
    # segno's own SVG: the code drawn as paths, no text of the address in it.
    return Markup(segno.make(url, error="m").svg_inline(scale=4))


class Dashboard(widgets.VBox):  # type: ignore[misc]
    """The class at a glance, refreshed every ``refresh`` seconds.

    :param store: the class's progress store.
    :param refresh: seconds between refreshes (``0``: only with the button).
    :param csv_url: where the browser downloads the CSV (``None``: made in the page).
    :param student_url: the address students open (shown with its QR code), if known.
    :param class_code: the code students type, if there is one.
    :param room: the school's class shown, named in the download and report links (a
        school's hub serves many); ``None`` for the served one.
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
        self.language = ClassSettings.from_dict(store.settings()).language
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

    @_in_class_language
    def _build(self) -> None:
        #: What an archived class may not use (it is read only).
        self._open_class_controls: list[widgets.Widget] = []
        self.updated = widgets.Label()
        # Hidden while the page has lost the server (heartbeat.css): a time of the last
        # refresh beside "lost its connection" reads as if the page were still live.
        self.updated.add_class("sq2-updated")
        refresh_button = widgets.Button(description=_("Refresh now"), layout={"width": "auto"})
        refresh_button.on_click(lambda _button: self.refresh())
        self.class_pick = widgets.Dropdown(
            description=_("Class"), style=_WIDE, layout={"width": "auto"}
        )
        self.class_pick.observe(lambda _change: self._view_class(), names="value")
        self.address = widgets.HTML()
        self.here = widgets.HTML()
        self.door = widgets.HTML()
        self.grid = widgets.HTML()
        self.levels = widgets.HTML()
        self.mistakes = widgets.HTML()
        self.chart = widgets.HTML()
        self.games = widgets.HTML()
        self.progress = widgets.HTML()
        self.progress_pick = widgets.Dropdown(
            description=_("Show"), style=_WIDE, layout={"width": "auto"}
        )
        self.progress_pick.observe(lambda _change: self._show_progress(), names="value")
        self.pick = widgets.Dropdown(description=_("Student"), style=_WIDE, options=[])
        self.pick.observe(lambda _change: self._show_student(), names="value")
        self.student_view = widgets.HTML()
        self.report_link = widgets.HTML()
        #: The language of the parents' report (a child's family may speak another).
        self.report_language = widgets.Dropdown(
            options=[(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
            value=self.language,
            description=_("Report in"),
            style=_WIDE,
            layout={"width": "auto"},
        )
        self.report_language.observe(lambda _change: self._show_student(), names="value")
        self.download = widgets.HTML()
        self.lesson_progress = widgets.HTML()
        self.tables_box = widgets.VBox()
        #: The page of children the tables of children show (one pager in three tabs).
        self.roster = Roster(self.refresh)
        self._no_tables = widgets.HTML(html("<p>{}</p>", _("No tables right now.")))
        self._more_tables = widgets.HTML()
        self._table_widgets: dict[str, tuple[widgets.HBox, widgets.HTML]] = {}
        self._table_rows = Screens(self.tables_box, [self._no_tables, self._more_tables])
        tabs = [
            (
                _("Now"),
                [
                    self.address,
                    self.roster,
                    self.here,
                    _heading(3, _("Tables of classmates")),
                    self.tables_box,
                    _heading(3, _("At the door")),
                    self.door,
                ],
            ),
            (_("Skills"), [self.roster, self.grid, self.levels]),
            (_("Mistakes"), [self.mistakes, self.chart]),
            (_("Games"), [self.games]),
            (_("Progress"), [self.progress_pick, self.progress]),
            (_("Groups"), [self.roster, self._groups_editor()]),
            (
                _("Lessons"),
                [self._lessons_editor(), self.roster, self.lesson_progress, self._guides()],
            ),
            (_("Worksheets"), [self._worksheets_editor()]),
            (
                _("One student"),
                [
                    self.pick,
                    self.student_view,
                    widgets.HBox([self.report_language, self.report_link]),
                    self._student_manager(),
                ],
            ),
            (
                _("Settings"),
                [self._settings_editor(), self._code_editor(), self._new_class(), self.download],
            ),
        ]
        self.challenge = ChallengePanel(self.store, self.csv_url is not None, self.room_query)
        tabs.insert(1, (_("Challenge"), [self.challenge]))
        self.tabs = widgets.Tab(children=[widgets.VBox(body) for _title, body in tabs])
        for index, (title, _body) in enumerate(tabs):
            self.tabs.set_title(index, title)
        #: Says so on the page when the server has stopped (see :class:`Heartbeat`).
        self.heartbeat = Heartbeat(self.language, teacher=True)
        self.children = [
            _heading(2, _("Your class")),
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

    @_in_class_language
    def refresh(self) -> None:
        """Read what is new in the store and redraw."""
        self._refresh_classes()
        self.summary.update(self.store, self.viewing)
        students = self.store.students(self.viewing)
        self.updated.value = _("Updated at {time}", time=dt.datetime.now().strftime("%H:%M:%S"))
        self.address.value = self._address_html()
        seen = {} if self.archived else self.store.last_seen()
        shown = self.roster.page(students)
        now_at = [] if self.archived else self.tables.tables()
        self.here.value = panels.here_html(students, self.summary, seen, shown=shown, tables=now_at)
        self.door.value = "" if self.archived else self._door_html()
        self._refresh_tables()
        self.grid.value = panels.grid_html(shown, self.summary)
        self.levels.value = panels.levels_chart(students, self.summary)
        self.mistakes.value = panels.mistakes_html(self.summary)
        self.chart.value = panels.mistakes_chart(self.summary)
        self.games.value = panels.games_html(self.store.games(self.viewing), students)
        if list(self.pick.options) != students:
            chosen = self.pick.value
            self.pick.options = students
            self.pick.value = chosen if chosen in students else (students[0] if students else None)
            self.merge_into.options = students
            progress = [(_("The whole class"), "")] + [(name, name) for name in students]
            chosen_progress = self.progress_pick.value
            self.progress_pick.options = progress
            self.progress_pick.value = chosen_progress if chosen_progress in students else ""
        self._refresh_members(students, shown)
        self._show_progress()
        self.lesson_progress.value = panels.lessons_html(
            shown,
            self.store.lesson_marks(class_id=self.viewing),
            ClassSettings.from_dict(self.store.settings()).lessons,
        )
        self._show_student()
        self._show_groups()
        self._refresh_sheet_for(students)
        self._refresh_download()
        self.challenge.refresh()

    def _refresh_members(self, students: list[str], shown: list[str]) -> None:
        """The children the group editor offers: the class, or in a class of more than one
        page, the page shown and those ticked already (a box for each of a thousand names
        made the dashboard's page slow to open)."""
        members = students
        if len(students) > PAGE:
            everyone = set(students)
            ticked = [name for name in self.group_members.value if name in everyone]
            members = [*ticked, *(name for name in shown if name not in ticked)]
        if list(self.group_members.options) != members:
            self.group_members.options = members

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
            self.summary = ClassSummary()
            for control in self._open_class_controls:
                control.disabled = self.archived
            self.refresh()

    def _refresh_download(self) -> None:
        words = _("Download every attempt (CSV)")
        if self.archived:
            self.download.value = ""
        elif self.csv_url is not None:
            self.download.value = html(
                '<a class="sq2-button" download="attempts.csv" href="{}">⬇ {}</a>',
                self.csv_url,
                words,
            )
        else:
            class_name = self.store.current_class()[1]
            text = attempts_csv(reversed(self.store.attempts()), class_name)
            data = base64.b64encode(text.encode()).decode()
            self.download.value = (
                f'<a class="sq2-button" download="attempts.csv" '
                f'href="data:text/csv;base64,{data}">⬇ {words}</a>'
            )

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

    def _code_editor(self) -> widgets.VBox:
        self.code_field = widgets.Text(
            value=self.current_code(),
            description=_("Class code"),
            placeholder=_("none"),
            style=_WIDE,
            layout={"width": "auto"},
        )
        save = widgets.Button(description=_("Save class code"), layout={"width": "auto"})
        save.on_click(lambda _button: self.save_code())
        self.code_saved = widgets.Label()
        self._open_class_controls.append(save)
        if not self._keeps_code:
            return widgets.VBox([])
        explain = _(
            "Students type it to join. Leave it empty for none. It is kept for the next start."
        )
        return widgets.VBox(
            [
                _heading(3, _("Class code")),
                widgets.HTML(html("<p>{}</p>", explain)),
                widgets.HBox([self.code_field, save, self.code_saved]),
            ]
        )

    @_in_class_language
    def save_code(self) -> None:
        """Keep the class code the field shows: students who join from now on type it."""
        code = " ".join(self.code_field.value.split())
        if len(code) > 40:
            self.code_saved.value = _("A class code is 40 characters at most.")
            return
        self.store.set_class_code(code)
        self.code_field.value = code
        self.code_saved.value = (
            _("Saved: students who join from now on type {code}.", code=code)
            if code
            else _("Saved: students join without a code.")
        )
        self.address.value = self._address_html()

    def _address_html(self) -> Markup:
        if self.archived or not self.student_url:
            return Markup()
        current = self.current_code()
        code = html("<p>{}: <b>{}</b></p>", _("Class code"), current) if current else ""
        return html(
            "<div style='display:flex;gap:16px;align-items:center;flex-wrap:wrap'>"
            "<div>{}</div><div><p>{}</p>"
            "<p style='font-size:1.4em'><b>{}</b></p>{}</div></div>",
            _qr_svg(self.student_url),
            _("Students open"),
            self.student_url,
            code,
        )

    @_in_class_language
    def _show_progress(self) -> None:
        name = self.progress_pick.value
        if name:
            days = self.summary.student(name).days
            title = _("{name}: right on their own, by day", name=name)
        else:
            days = self.summary.days
            title = _("The class: right on their own, by day")
        self.progress.value = panels.progress_chart(days, title)

    @_in_class_language
    def _show_student(self) -> None:
        student = self.pick.value
        if not student:
            self.student_view.value = ""
            self.report_link.value = ""
            return
        self.student_view.value = panels.student_html(student, self.summary)
        words = _("Printable report for parents")
        lang = self.report_language.value
        if self.csv_url is not None and not self.archived:
            href = f"{REPORT_PATH}?student={quote(student)}&lang={lang}{self.room_query}"
        else:
            with language(lang):
                page = panels.report_html(
                    student,
                    self.store.current_class()[1],
                    self.summary,
                    self.store.games(self.viewing),
                    lang,
                    ClassSettings.from_dict(self.store.settings()).operations,
                )
            href = "data:text/html;base64," + base64.b64encode(page.encode()).decode()
        self.report_link.value = html(
            '<a class="sq2-button" target="_blank" href="{}">🖨 {}</a>', href, words
        )

    # -- tables of classmates ----------------------------------------------------------

    @property
    def tables(self) -> Tables:
        """The class's shared tables."""
        return self.store.shared_tables()

    def _refresh_tables(self) -> None:
        """Show the class's tables: a table's row stays the same widgets from one refresh to
        the next (only its changed words are sent), and :data:`SHOWN_TABLES` rows at most."""
        tables = self.tables
        if self.archived:
            self._table_rows.show([])
            return
        # A table whose maker left before the start is not kept waiting for ever.
        tables.drop_left(self.store.last_seen())
        found = tables.tables()
        kept: dict[str, tuple[widgets.HBox, widgets.HTML]] = {}
        for info in found[:SHOWN_TABLES]:
            if info.id not in self._table_widgets:
                end = widgets.Button(description=_("End table"), layout={"width": "auto"})
                end.on_click(lambda _button, table_id=info.id: self.end_table(table_id))
                words = widgets.HTML()
                self._table_widgets[info.id] = (widgets.HBox([end, words]), words)
            kept[info.id] = self._table_widgets[info.id]
            try:
                said = self._table_words(tables, info)
            except Exception:  # one broken table never takes the dashboard down
                _LOG.exception("sq2edu: table %s could not be shown", info.id)
                said = _("{maker}'s table cannot be shown: end it.", maker=info.maker)
            kept[info.id][1].value = html("<p>{}</p>", said)
        self._table_widgets = kept
        rows: list[widgets.Widget] = [row for row, _words in kept.values()] or [self._no_tables]
        hidden = len(found) - len(kept)
        more = ngettext("…and {n} more table.", "…and {n} more tables.", hidden)
        self._more_tables.value = html("<p>{}</p>", more)
        self._table_rows.show([*rows, self._more_tables] if hidden > 0 else rows)

    def _table_words(self, tables: Tables, info: TableInfo) -> str:
        """``Mia's table: Mia, Leo, Easy bot · Leo's turn, waiting 0:42``."""
        if info.status == "open":
            names = ", ".join(info.children)
            return _(
                "{maker}'s table: {names} · waiting to start, {free} free",
                maker=info.maker,
                names=names,
                free=info.free,
            )
        try:
            game = tables.load(info.id).game
        except TableError:
            return ""
        waited = int(seconds_since(info.turn_since))
        return _(
            "{maker}'s table: {names} · {name}'s turn, waiting {minutes}:{seconds:02d}",
            maker=info.maker,
            names=", ".join(game.names),
            name=game.names[game.current_player],
            minutes=waited // 60,
            seconds=waited % 60,
        )

    @_in_class_language
    def end_table(self, table_id: str) -> None:
        """End a table: its game stops where it is, and its children go back to the menu."""
        with contextlib.suppress(TableError):  # ended already, by another dashboard
            self.tables.end(table_id)
        self._refresh_tables()

    def _door_html(self) -> Markup:
        """What was refused at the door lately, by where it came from."""
        now = dt.datetime.now(dt.UTC)
        since = (now - dt.timedelta(minutes=_DOOR_MINUTES)).isoformat(timespec="seconds")
        wrong: Counter[str] = Counter(
            event.address for event in self.store.events(since, kind="wrong-code")
        )
        taken: Counter[str] = Counter(
            event.address for event in self.store.events(since, kind="name-taken")
        )
        lines = [
            ngettext(
                "{n} wrong class code from {address} in the last {minutes} minutes",
                "{n} wrong class codes from {address} in the last {minutes} minutes",
                count,
                address=address,
                minutes=_DOOR_MINUTES,
            )
            for address, count in wrong.most_common()
        ] + [
            ngettext(
                "{n} try to join with a name another device holds, from {address}",
                "{n} tries to join with names other devices hold, from {address}",
                count,
                address=address,
            )
            for address, count in taken.most_common()
        ]
        if not lines:
            nothing = _("Nothing refused in the last {minutes} minutes.", minutes=_DOOR_MINUTES)
            return html("<p>{}</p>", nothing)
        return html("<ul>{}</ul>", joined(html("<li>{}</li>", line) for line in lines))

    # -- one student ---------------------------------------------------------------------

    def _student_manager(self) -> widgets.VBox:
        """Free a name for a new device, rename a student, or merge two into one."""
        release = widgets.Button(
            description=_("Let this name join from a new device"), layout={"width": "auto"}
        )
        release.on_click(lambda _button: self.release_student())
        self.new_name = widgets.Text(description=_("New name"), style=_WIDE)
        rename = widgets.Button(description=_("Rename"), layout={"width": "auto"})
        rename.on_click(lambda _button: self.rename_student())
        self.merge_into = widgets.Dropdown(description=_("Same child as"), options=[], style=_WIDE)
        merge = widgets.Button(description=_("Merge"), layout={"width": "auto"})
        merge.on_click(lambda _button: self.merge_student())
        self.manage_message = widgets.Label()
        self._open_class_controls += [release, rename, merge]
        return widgets.VBox(
            [
                release,
                widgets.HBox([self.new_name, rename]),
                widgets.HBox([self.merge_into, merge]),
                self.manage_message,
            ]
        )

    @_in_class_language
    def release_student(self) -> None:
        """Let the next device that joins with the chosen name have it (a new tablet)."""
        if self.pick.value:
            self.store.release(self.pick.value)
            self.manage_message.value = _(
                "{name} can join again from any device.", name=self.pick.value
            )

    @_in_class_language
    def rename_student(self) -> None:
        """Give the chosen student the name typed in "New name"."""
        from sq2edu.classroom.widgets.app import check_nickname

        old = self.pick.value
        if not old:
            return
        try:
            new = check_nickname(self.new_name.value)
            self.store.rename(old, new)
        except NameTakenError:
            self.manage_message.value = _("Another student is called that already.")
            return
        except ValueError as error:
            self.manage_message.value = str(error)
            return
        self.manage_message.value = _("{old} is now {new}.", old=old, new=new)
        self.new_name.value = ""
        self.summary = ClassSummary()
        self.refresh()
        self.pick.value = new

    @_in_class_language
    def merge_student(self) -> None:
        """Move everything the chosen student did to the student picked in "Same child as"."""
        source, target = self.pick.value, self.merge_into.value
        if not source or not target or source == target:
            self.manage_message.value = _("Choose two different students.")
            return
        self.store.merge(source, target)
        self.manage_message.value = _(
            "{source} and {target} are one student now.", source=source, target=target
        )
        self.summary = ClassSummary()
        self.refresh()
        self.pick.value = target

    # -- groups --------------------------------------------------------------------------

    def _groups_editor(self) -> widgets.VBox:
        """Students picked by the teacher, with a focus their Lab and games use."""
        self.group_name = widgets.Text(
            description=_("Group"), placeholder=_("Small sums"), style=_WIDE
        )
        self.group_members = ChildPicker(_("Students"))
        self.group_signs = {
            sign: widgets.Checkbox(
                value=True,
                description=_(_SIGN_WORDS[sign]),
                indent=False,
                layout={"width": "auto", "margin": "0 18px 0 0"},
            )
            for sign in "+−×÷"
        }
        self._sync_group_signs()
        #: The group's levels of practice: none ticked is the class's levels.
        self.group_levels = _level_boxes(())
        save = widgets.Button(
            description=_("Save the group"), button_style="primary", layout={"width": "auto"}
        )
        save.on_click(lambda _button: self.save_group())
        self.groups_list = widgets.HTML()
        self.group_remove = widgets.Dropdown(
            description=_("Put away"), options=[], style=_WIDE, layout={"width": "auto"}
        )
        remove = widgets.Button(description=_("Put the group away"), layout={"width": "auto"})
        remove.on_click(lambda _button: self.remove_group())
        self.group_message = widgets.Label()
        return widgets.VBox(
            [
                widgets.HTML(
                    html(
                        "<p>{}</p>",
                        _(
                            "A group practises a focus of its own; everyone else keeps "
                            "the class settings."
                        ),
                    )
                ),
                self.group_name,
                self.group_members,
                widgets.HBox(list(self.group_signs.values())),
                widgets.HTML(html("{}", _("Lab levels (none ticked: the class's levels)"))),
                _level_grid(self.group_levels),
                save,
                self.group_message,
                self.groups_list,
                widgets.HBox([self.group_remove, remove]),
            ]
        )

    def _sync_group_signs(self) -> None:
        """The group's signs are among the class's: a sign the class does not use is neither
        shown nor ticked."""
        used = ClassSettings.from_dict(self.store.settings()).operations
        for sign, box in self.group_signs.items():
            box.value = box.value and sign in used
            box.layout.display = "" if sign in used else "none"

    def _show_groups(self) -> None:
        groups = {} if self.archived else self.store.groups()
        items = []
        for name, (members, data) in groups.items():
            focus = Focus.from_dict(data) or Focus()
            signs = " ".join(local_signs(sign) for sign in focus.operations)
            what = (
                _("{signs}; Lab levels: {levels}", signs=signs, levels=_levels_words(focus))
                if focus.has_levels
                else _("{signs}; the class's Lab levels", signs=signs)
            )
            who = ", ".join(members) or "—"
            items.append(html("<li><b>{}</b>: {} — {}</li>", name, who, what))
        self.groups_list.value = html("<ul>{}</ul>", joined(items)) if items else ""
        if list(self.group_remove.options) != list(groups):
            self.group_remove.options = list(groups)
            self.group_remove.value = next(iter(groups), None)

    @_in_class_language
    def save_group(self) -> None:
        """Save the group as the editor shows it."""
        name = " ".join(self.group_name.value.split())[:40]
        if not name:
            self.group_message.value = _("Give the group a name first.")
            return
        signs = "".join(sign for sign, box in self.group_signs.items() if box.value)
        try:
            focus = Focus(signs, practice_levels=_ticked(self.group_levels))
        except ValueError:
            self.group_message.value = _("Choose at least one sign.")
            return
        self.store.save_group(name, list(self.group_members.value), focus.to_dict())
        self.group_message.value = _(
            "Saved. {name} practises its focus from its next game or Lab.", name=name
        )
        self._show_groups()

    @_in_class_language
    def remove_group(self) -> None:
        """Put the chosen group away: its students practise with the class settings again."""
        if self.group_remove.value:
            self.store.delete_group(self.group_remove.value)
            self.group_message.value = _("The group is put away.")
            self._show_groups()

    # -- worksheets ----------------------------------------------------------------------

    def _worksheets_editor(self) -> widgets.VBox:
        """A sheet to print for the class, a group or one child, and its answers."""
        self.sheet_whom = widgets.Dropdown(
            description=_("For"), style=_WIDE, layout={"width": "auto"}
        )
        self.sheet_level = _level_picker(_("Level"), "", [(_("where most children are"), "")])
        self.sheet_whom.observe(
            lambda change: setattr(self.sheet_level, "disabled", change["new"] != "class:"),
            names="value",
        )
        self.sheet_paper = widgets.Dropdown(
            description=_("Paper"),
            options=[(_(paper.name), key) for key, paper in PAPERS.items()],
            style=_WIDE,
            layout={"width": "auto"},
        )
        self.sheet_count = widgets.BoundedIntText(
            value=12, min=1, max=MAX_COUNT, description=_("Exercises"), style=_WIDE
        )
        make = widgets.Button(
            description=_("Make the sheet"), button_style="primary", layout={"width": "auto"}
        )
        make.on_click(lambda _button: self.make_worksheet())
        self.sheet_links = widgets.HTML()
        self._open_class_controls.append(make)
        about = _(
            "A child's sheet is at their level and gives more of their weakest skill; a "
            "group's is at the group's levels. Every answer is checked."
        )
        return widgets.VBox(
            [
                widgets.HTML(html("<p>{}</p>", about)),
                self.sheet_whom,
                self.sheet_level,
                self.sheet_paper,
                self.sheet_count,
                make,
                self.sheet_links,
            ]
        )

    def _refresh_sheet_for(self, students: list[str]) -> None:
        groups = [] if self.archived else list(self.store.groups())
        options = [
            (_("The whole class"), "class:"),
            *((_("Group: {name}", name=name), f"group:{name}") for name in groups),
            *((name, f"student:{name}") for name in students),
        ]
        if list(self.sheet_whom.options) != options:
            chosen = self.sheet_whom.value
            self.sheet_whom.options = options
            self.sheet_whom.value = chosen if chosen in dict(options).values() else "class:"

    @_in_class_language
    def make_worksheet(self) -> None:
        """Make the sheet the editor describes, with a new number, and offer its downloads."""
        kind, _colon, name = (self.sheet_whom.value or "class:").partition(":")
        level = self.sheet_level.value if kind == "class" else ""
        try:
            sheet = sheet_for(self.store, Audience(kind, name, level), self.sheet_count.value)
        except NotInClassError:
            gone = _("{name} is not in the class any more.", name=name)
            self.sheet_links.value = html("<p>{}</p>", gone)
            self.refresh()
            return
        except ValueError:
            nothing = _("This level has no exercises with the class's signs: choose another.")
            self.sheet_links.value = html("<p>{}</p>", nothing)
            return
        self.sheet_links.value = downloads_html(sheet, self.sheet_paper.value, self.language)

    # -- settings ------------------------------------------------------------------------

    def _settings_editor(self) -> widgets.VBox:
        current = ClassSettings.from_dict(self.store.settings())
        self.op_boxes = {
            sign: widgets.Checkbox(
                value=sign in current.operations,
                description=_(_SIGN_WORDS[sign]),
                indent=False,
                layout={"width": "auto", "margin": "0 18px 0 0"},
            )
            for sign in "+−×÷"
        }
        self.hints = widgets.Dropdown(
            options=[(_(_HINT_WORDS[policy]), policy) for policy in _HINT_WORDS],
            value=current.hints,
            description=_("Hints"),
            style=_WIDE,
            layout={"width": "auto"},
        )
        self.level = widgets.Dropdown(
            options=[(_(_LEVEL_WORDS[level]), level) for level in _LEVEL_WORDS],
            value=current.level,
            description=_("Computer"),
            style=_WIDE,
            layout={"width": "auto"},
        )
        self.quick = widgets.Checkbox(
            value=current.quick,
            description=_("Quick game (2 kings)"),
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.class_language = widgets.Dropdown(
            options=[(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
            value=current.language,
            description=_("Language"),
            style=_WIDE,
            layout={"width": "auto"},
        )
        self.edition = widgets.Dropdown(
            options=[(_(editions.load(name).title), name) for name in editions.names()],
            value=current.edition,
            description=_("Game"),
            style=_WIDE,
            layout=widgets.Layout(width="auto"),
        )
        self.turn_timeout = widgets.Dropdown(
            options=[(_(words), seconds) for seconds, words in _TIMEOUTS.items()],
            value=current.turn_timeout if current.turn_timeout in _TIMEOUTS else 60,
            description=_("At a table of classmates, the computer plays for a child away"),
            style=_WIDE,
            layout={"width": "auto"},
        )
        self.practice_levels = _level_boxes(level.key for level in chosen_levels(current))
        save = widgets.Button(
            description=_("Save settings"), button_style="primary", layout={"width": "auto"}
        )
        self.saved = widgets.Label()
        save.on_click(lambda _button: self.save_settings())
        self._open_class_controls.append(save)
        return widgets.VBox(
            [
                self.edition,
                self.class_language,
                widgets.HTML(html("<b>{}</b>", _("Signs the class uses"))),
                widgets.HBox(list(self.op_boxes.values())),
                self.hints,
                self.level,
                self.quick,
                self.turn_timeout,
                widgets.HTML(
                    html(
                        "<b>{}</b><p>{}</p>",
                        _("Levels of practice in the Lab"),
                        _(
                            "Tick the levels your class practises: each child moves through "
                            "them as they learn. Tick one to keep the class on it for a lesson."
                        ),
                    )
                ),
                _level_grid(self.practice_levels),
                widgets.HBox([save, self.saved]),
            ]
        )

    @_in_class_language
    def save_settings(self) -> None:
        """Save what the editor shows; students get it in their next game or Lab."""
        signs = "".join(sign for sign, box in self.op_boxes.items() if box.value)
        try:
            # Start from what is stored: what this editor does not show (the open
            # lessons) stays as it is.
            settings = replace(
                ClassSettings.from_dict(self.store.settings()),
                operations=signs,
                hints=self.hints.value,
                level=self.level.value,
                quick=self.quick.value,
                edition=self.edition.value,
                language=self.class_language.value,
                turn_timeout=self.turn_timeout.value,
                practice_from="",
                practice_to="",
                practice_levels=_ticked(self.practice_levels),
            )
        except ValueError:
            self.saved.value = _("Choose at least one sign.")
            return
        if not settings.practice_levels:
            self.saved.value = _("Tick at least one level of practice.")
            return
        self.store.save_settings(settings.to_dict())
        for box in self.group_signs.values():
            box.value = True
        self._sync_group_signs()
        if settings.language != self.language:
            self.language = settings.language
            with language(self.language):
                self._build()
                self.tabs.selected_index = len(self.tabs.children) - 1
        with language(self.language):
            self.saved.value = _("Saved. Students get it in their next game or Lab.")

    def _lessons_editor(self) -> widgets.VBox:
        current = ClassSettings.from_dict(self.store.settings())
        self.lesson_boxes = {
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
        self.lessons_saved = widgets.Label()
        save.on_click(lambda _button: self.save_lessons())
        self._open_class_controls.append(save)
        return widgets.VBox(
            [
                widgets.HTML(
                    html(
                        "<b>{}</b><p>{}</p>",
                        _("Lessons the children can open"),
                        _("Each child reads them in their own language."),
                    )
                ),
                *self.lesson_boxes.values(),
                widgets.HBox([save, self.lessons_saved]),
            ]
        )

    @_in_class_language
    def save_lessons(self) -> None:
        """Open the ticked lessons to the class (the other settings stay as they are)."""
        chosen = tuple(key for key, box in self.lesson_boxes.items() if box.value)
        settings = replace(ClassSettings.from_dict(self.store.settings()), lessons=chosen)
        self.store.save_settings(settings.to_dict())
        self.lessons_saved.value = (
            _("Saved. The children see them in Lessons.")
            if chosen
            else _("Saved. No lesson is open.")
        )
        self.refresh()

    def _guides(self) -> widgets.VBox:
        self.guide_pick = widgets.Dropdown(
            options=[
                (_("{number}. {title}", number=found.number, title=str(found.title)), key)
                for key, found in LESSONS.items()
            ],
            description=_("Teacher's guide"),
            style=_WIDE,
            layout={"width": "auto"},
        )
        self.guide = widgets.HTML()
        self.guide_pick.observe(lambda _change: self._show_guide(), names="value")
        self._show_guide()
        return widgets.VBox([self.guide_pick, self.guide])

    @_in_class_language
    def _show_guide(self) -> None:
        self.guide.value = guide_html(LESSONS[self.guide_pick.value])

    def _new_class(self) -> widgets.VBox:
        self.class_name = widgets.Text(
            description=_("New class"), placeholder=_("Class 3B"), style=_WIDE
        )
        self.sure = widgets.Checkbox(
            description=_("Yes, put away this class's records"),
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        start = widgets.Button(
            description=_("Start a new class"), button_style="warning", layout={"width": "auto"}
        )
        self.new_class_message = widgets.Label()
        start.on_click(lambda _button: self.start_new_class())
        self._open_class_controls.append(start)
        return widgets.VBox(
            [
                _heading(3, _("A new class")),
                widgets.HTML(
                    html("<p>{}</p>", _("The settings above carry over to the new class."))
                ),
                self.class_name,
                self.sure,
                start,
                self.new_class_message,
            ]
        )

    @_in_class_language
    def start_new_class(self) -> None:
        """Archive the class (its records stay) and begin an empty one with its settings."""
        if not self.sure.value:
            self.new_class_message.value = _("Tick the box first: this starts over.")
            return
        name = " ".join(self.class_name.value.split())[:40] or _("My class")
        self.store.new_class(name)
        self.summary = ClassSummary()
        self.sure.value = False
        self.new_class_message.value = _("A new class has started. The old one is archived.")
        self.refresh()


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
        ticked = set(self.value)
        self._boxes = {
            name: self._boxes.get(name)
            or widgets.Checkbox(
                value=name in ticked,
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


def _level_picker(
    description: str, value: str, extra: list[tuple[str, str]] | None = None
) -> widgets.Dropdown:
    """A choice of one level of practice, by its name."""
    options = [*(extra or []), *((_(level.title), key) for key, level in LEVELS.items())]
    return widgets.Dropdown(
        options=options, value=value, description=description, style=_WIDE, layout={"width": "auto"}
    )


def _levels_words(focus: Focus) -> str:
    """A group's levels of practice in words: each of them, by name."""
    return ", ".join(_(level.title) for level in chosen_levels(focus))


def _level_boxes(chosen: Iterable[str]) -> dict[str, widgets.Checkbox]:
    """A box to tick for each level of practice, ticked for the ``chosen`` ones."""
    ticked = set(chosen)
    return {
        key: widgets.Checkbox(
            value=key in ticked,
            description=_(level.title),
            indent=False,
            layout={"width": "auto", "margin": "0 18px 0 0"},
        )
        for key, level in LEVELS.items()
    }


def _level_grid(boxes: dict[str, widgets.Checkbox]) -> widgets.Box:
    """The level boxes, wrapping on a narrow screen."""
    return widgets.Box(list(boxes.values()), layout={"display": "flex", "flex_flow": "row wrap"})


def _ticked(boxes: dict[str, widgets.Checkbox]) -> tuple[str, ...]:
    return tuple(key for key, box in boxes.items() if box.value)


def local_date(at: str) -> str:
    """A stored UTC time as the teacher's calendar date."""
    try:
        return dt.datetime.fromisoformat(at).astimezone().strftime("%d.%m.%Y")
    except ValueError:
        return at[:10]
