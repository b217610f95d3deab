"""The dashboard's first tab: the class now — the address and code to join, who is here,
the tables of classmates (each with an End button), and what was refused at the door."""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections import Counter
from collections.abc import Callable

import ipywidgets as widgets

from sq2edu.classroom.storage.tables import TableError, TableInfo, Tables, seconds_since
from sq2edu.classroom.views import panels
from sq2edu.classroom.widgets.dashboard.desk import Desk, Reading, Tab, heading, in_class_language
from sq2edu.classroom.widgets.dashboard.roster import Roster
from sq2edu.classroom.widgets.screens import Screens
from sq2edu.i18n import N_, _, ngettext
from sq2edu.markup import Markup, html, joined

__all__ = ["SHOWN_TABLES", "NowTab"]

_LOG = logging.getLogger("sq2edu.classroom")
#: Tables of classmates the dashboard lists at most (the oldest first).
SHOWN_TABLES = 40
#: How far back the dashboard shows what was refused at the door.
DOOR_MINUTES = 10


class NowTab(Tab):
    """The class now.

    :param student_url: the address students open (shown with its QR code), if known.
    :param roster: the pager of the tables of children, shared with the other tabs.
    """

    title = N_("Now")

    def __init__(self, desk: Desk, student_url: str, roster: Roster) -> None:
        super().__init__(desk)
        self.student_url = student_url
        self.address = widgets.HTML()
        self.here = widgets.HTML()
        self.door = widgets.HTML()
        self.tables_box = widgets.VBox()
        self._no_tables = widgets.HTML(html("<p>{}</p>", _("No tables right now.")))
        self._more_tables = widgets.HTML()
        self._table_widgets: dict[str, _TableRow] = {}
        self._table_rows = Screens(self.tables_box, [self._no_tables, self._more_tables])
        self.children = [
            self.address,
            roster,
            self.here,
            heading(3, _("Tables of classmates")),
            self.tables_box,
            heading(3, _("At the door")),
            self.door,
        ]

    @property
    def tables(self) -> Tables:
        """The class's shared tables."""
        return self.desk.store.shared_tables()

    def refresh(self, reading: Reading) -> None:
        desk = self.desk
        self.show_address()
        seen = {} if desk.archived else desk.store.last_seen()
        now_at = [] if desk.archived else self.tables.tables()
        self.here.value = panels.here_html(
            reading.students, desk.summary, seen, shown=reading.shown, tables=now_at
        )
        self.door.value = "" if desk.archived else self._door_html()
        self.refresh_tables()

    def show_address(self) -> None:
        """The address and QR code students open, with the class's code if it has one."""
        self.address.value = self._address_html()

    def _address_html(self) -> Markup:
        if self.desk.archived or not self.student_url:
            return Markup()
        current = self.desk.current_code()
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

    def refresh_tables(self) -> None:
        """Show the class's tables: a table's row stays the same widgets from one refresh to
        the next (only its changed words are sent), and :data:`SHOWN_TABLES` rows at most."""
        tables = self.tables
        if self.desk.archived:
            self._table_rows.show([])
            return
        # A table whose maker left before the start is not kept waiting for ever.
        tables.drop_left(self.desk.store.last_seen())
        found = tables.tables()
        kept: dict[str, _TableRow] = {}
        for info in found[:SHOWN_TABLES]:
            if info.id not in self._table_widgets:
                self._table_widgets[info.id] = _TableRow(info.id, self.end_table)
            kept[info.id] = self._table_widgets[info.id]
            try:
                said = self._table_words(tables, info)
            except Exception:  # one broken table never takes the dashboard down
                _LOG.exception("sq2edu: table %s could not be shown", info.id)
                said = _("{maker}'s table cannot be shown: end it.", maker=info.maker)
            kept[info.id].words.value = html("<p>{}</p>", said)
        self._table_widgets = kept
        rows: list[widgets.Widget] = [row.box for row in kept.values()] or [self._no_tables]
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

    @in_class_language
    def end_table(self, table_id: str) -> None:
        """End a table: its game stops where it is, and its children go back to the menu."""
        with contextlib.suppress(TableError):  # ended already, by another dashboard
            self.tables.end(table_id)
        self.refresh_tables()

    def _door_html(self) -> Markup:
        """What was refused at the door lately, by where it came from."""
        now = dt.datetime.now(dt.UTC)
        since = (now - dt.timedelta(minutes=DOOR_MINUTES)).isoformat(timespec="seconds")
        events = self.desk.store.events
        wrong = Counter(event.address for event in events(since, kind="wrong-code"))
        taken = Counter(event.address for event in events(since, kind="name-taken"))
        lines = [
            ngettext(
                "{n} wrong class code from {address} in the last {minutes} minutes",
                "{n} wrong class codes from {address} in the last {minutes} minutes",
                count,
                address=address,
                minutes=DOOR_MINUTES,
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
            nothing = _("Nothing refused in the last {minutes} minutes.", minutes=DOOR_MINUTES)
            return html("<p>{}</p>", nothing)
        return html("<ul>{}</ul>", joined(html("<li>{}</li>", line) for line in lines))


class _TableRow:
    """A table's row: End table asks first (a children's game ended by a slip of the mouse
    cannot be taken back), and the teacher confirms or keeps the game going."""

    def __init__(self, table_id: str, end: Callable[[str], None]) -> None:
        self.end_button = widgets.Button(description=_("End table"), layout={"width": "auto"})
        self.sure = widgets.Button(
            description=_("Yes, end the game"),
            button_style="danger",
            layout={"width": "auto", "display": "none"},
        )
        self.keep = widgets.Button(
            description=_("No, let them play"), layout={"width": "auto", "display": "none"}
        )
        self.question = widgets.HTML(
            html("<b>{}</b>", _("End this table? Its game stops for every child at it.")),
            layout={"display": "none"},
        )
        self.words = widgets.HTML()
        self.end_button.on_click(lambda _button: self.ask())
        self.sure.on_click(lambda _button: end(table_id))
        self.keep.on_click(lambda _button: self.ask(False))
        self.box = widgets.HBox(
            [self.end_button, self.words, self.question, self.sure, self.keep],
            layout={"flex_flow": "row wrap", "align_items": "center"},
        )

    def ask(self, asking: bool = True) -> None:
        """Ask whether to end the table (or, ``False``, stop asking)."""
        self.end_button.layout.display = "none" if asking else ""
        for part in (self.question, self.sure, self.keep):
            part.layout.display = "" if asking else "none"


def _qr_svg(url: str) -> Markup:
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is a dependency
        return Markup()
    # segno's own SVG: the code drawn as paths, no text of the address in it.
    return Markup(segno.make(url, error="m").svg_inline(scale=4))
