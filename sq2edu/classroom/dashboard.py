"""The teacher's dashboard: who is here, how each skill is going, the common mistakes.

``notebooks/teacher.ipynb`` shows :meth:`Dashboard.from_environment`; ``sq2edu serve`` runs
it on the teacher's own machine only, behind the teacher's token. Every name and equation
shown came from a student's browser, so all of it is escaped. A refresh reads only the
attempts written since the last one (:class:`~sq2edu.classroom.summary.ClassSummary`), so it
stays quick however many a class has made; the CSV is streamed by the teacher's server.
"""

from __future__ import annotations

import asyncio
import base64
import csv
import datetime as dt
import functools
import io
import os
from collections import Counter
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from sq2edu.classroom.mastery import Level
from sq2edu.classroom.records import SKILLS, Attempt
from sq2edu.classroom.settings import ClassSettings
from sq2edu.classroom.store import NameTakenError, ProgressStore, open_store
from sq2edu.classroom.summary import ClassSummary
from sq2edu.i18n import LANGUAGE_NAMES, LANGUAGES, _, language, local_signs, ngettext

__all__ = [
    "CSV_HEADER",
    "Dashboard",
    "attempts_csv",
    "common_mistakes",
    "csv_row",
    "mistakes_chart",
]

#: Where the teacher's server streams the attempts (:mod:`sq2edu.classroom.guard`).
CSV_PATH = "sq2edu/attempts.csv"
#: How far back the dashboard shows what was refused at the door.
_DOOR_MINUTES = 10

_LEVEL_COLOURS = {
    Level.NOT_STARTED: "#f1f1f1",
    Level.ATTEMPTED: "#ffe9c7",
    Level.FAMILIAR: "#fff6a8",
    Level.PROFICIENT: "#d6f2c9",
    Level.MASTERED: "#9fdd8a",
}
_SKILL_WORDS = {
    "addition": "+",
    "subtraction": "−",
    "multiplication": "×",
    "division": "÷",
}


def _skill_title(skill: str) -> str:
    operation, size = skill.split("-")
    sign = local_signs(_SKILL_WORDS[operation])
    count = _("2 numbers") if size == "two" else _("3 or more")
    return f"{sign} {count}"


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


def mistakes_chart(mistakes: list[tuple[str, int, list[str]]]) -> str:
    """A bar for each common mistake, as SVG: the longest bar is the one to teach first."""
    if not mistakes:
        return ""
    longest = max(count for _code, count, _examples in mistakes)
    bars = []
    for row, (code, count, _examples) in enumerate(mistakes):
        width = 220 * count / longest
        y = 8 + row * 26
        bars.append(
            f'<text x="0" y="{y + 14}" font-size="13">{escape(code)}</text>'
            f'<rect x="170" y="{y}" width="{width:.0f}" height="18" fill="#b26a00"/>'
            f'<text x="{176 + width:.0f}" y="{y + 14}" font-size="13">{count}</text>'
        )
    height = 16 + 26 * len(mistakes)
    label = escape(_("Common mistakes, most frequent first"))
    return (
        f'<svg role="img" aria-label="{label}" width="440" height="{height}" '
        f'xmlns="http://www.w3.org/2000/svg">{"".join(bars)}</svg>'
    )


CSV_HEADER = [
    "time",
    "student",
    "equation",
    "right",
    "problems",
    "skill",
    "typed",
    "hints",
    "where",
]
# A cell starting with one of these is run as a formula by some spreadsheet (= + - @, their
# full-width forms, and a tab, line break or space before one).
_FORMULA_STARTS = "=+-@\t\r\n \uff1d\uff0b\uff0d\uff20"


def _cell(text: str) -> str:
    return "'" + text if text[:1] in _FORMULA_STARTS else text


def _local_time(at: str) -> str:
    """A stored UTC time as the teacher's clock shows it."""
    try:
        return dt.datetime.fromisoformat(at).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return at


def csv_row(attempt: Attempt) -> list[object]:
    """One attempt as a spreadsheet row (see :data:`CSV_HEADER`)."""
    codes = list(dict.fromkeys(attempt.codes))  # each problem once, in order
    return [
        _local_time(attempt.at),
        _cell(attempt.student),
        _cell(attempt.text),
        attempt.ok,
        " ".join(codes),
        attempt.skill or "",
        attempt.typed,
        attempt.hint_level,
        attempt.where,
    ]


def attempts_csv(attempts: list[Attempt]) -> str:
    """Attempts as CSV, for a spreadsheet (the teacher's server streams the whole class)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for attempt in attempts:
        writer.writerow(csv_row(attempt))
    return out.getvalue()


def _heading(level: int, words: str) -> widgets.HTML:
    return widgets.HTML(f"<h{level}>{escape(words)}</h{level}>")


def _in_class_language(method: Callable[[Dashboard], None]) -> Callable[[Dashboard], None]:
    """Run a dashboard method in the class's language (the kernel may speak another)."""

    @functools.wraps(method)
    def speaking(self: Dashboard) -> None:
        with language(self.language):
            method(self)

    return speaking


class Dashboard(widgets.VBox):  # type: ignore[misc]
    """The class at a glance, refreshed every ``refresh`` seconds.

    :param store: the class's progress store.
    :param refresh: seconds between refreshes (``0``: only with the button).
    """

    def __init__(
        self, store: ProgressStore, refresh: float = 10.0, csv_url: str | None = None
    ) -> None:
        super().__init__(layout=widgets.Layout(max_width="1200px"))
        self.store = store
        self.refresh_seconds = refresh
        #: Where the browser downloads the CSV; ``None``: made in the page (a notebook).
        self.csv_url = csv_url
        self.summary = ClassSummary()
        self.language = ClassSettings.from_dict(store.settings()).language
        self._build()
        self._schedule()

    @_in_class_language
    def _build(self) -> None:
        self.updated = widgets.Label()
        refresh_button = widgets.Button(description=_("Refresh now"))
        refresh_button.on_click(lambda _button: self.refresh())
        self.here = widgets.HTML()
        self.grid = widgets.HTML()
        self.mistakes = widgets.HTML()
        self.download = widgets.HTML()
        self.chart = widgets.HTML()
        self.pick = widgets.Dropdown(description=_("Student"), options=[])
        self.pick.observe(lambda _change: self._show_student(), names="value")
        self.student_view = widgets.HTML()
        self.manage_box = self._student_manager()
        self.door = widgets.HTML()
        self.settings_box = self._settings_editor()
        self.new_class_box = self._new_class()
        self.children = [
            _heading(2, _("Your class")),
            widgets.HBox([refresh_button, self.updated]),
            self.here,
            _heading(3, _("Skills")),
            self.grid,
            _heading(3, _("Common mistakes")),
            widgets.HBox([self.mistakes, self.chart]),
            _heading(3, _("One student")),
            self.pick,
            self.student_view,
            self.manage_box,
            self.download,
            _heading(3, _("At the door")),
            self.door,
            _heading(3, _("Class settings")),
            self.settings_box,
            self.new_class_box,
        ]
        self.refresh()

    @classmethod
    def from_environment(cls) -> Dashboard:
        """The dashboard as ``sq2edu serve`` sets it up (``SQ2EDU_DB``; its teacher's server
        streams the CSV when ``SQ2EDU_RUNTIME`` says it runs in the classroom)."""
        csv_url = CSV_PATH if os.environ.get("SQ2EDU_RUNTIME") else None
        return cls(open_store(os.environ.get("SQ2EDU_DB") or None), csv_url=csv_url)

    def _schedule(self) -> None:
        if self.refresh_seconds <= 0:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a script): refresh with the button or refresh()

        def tick() -> None:
            self.refresh()
            loop.call_later(self.refresh_seconds, tick)

        loop.call_later(self.refresh_seconds, tick)

    @_in_class_language
    def refresh(self) -> None:
        """Read what is new in the store and redraw."""
        self.summary.update(self.store)
        students = self.store.students()
        self.updated.value = _("Updated at {time}", time=dt.datetime.now().strftime("%H:%M:%S"))
        self.here.value = self._here_html(students)
        self.grid.value = self._grid_html(students)
        self.mistakes.value = self._mistakes_html()
        self.chart.value = mistakes_chart(self.summary.common_mistakes(top=8))
        self.door.value = self._door_html()
        if list(self.pick.options) != students:
            chosen = self.pick.value
            self.pick.options = students
            self.pick.value = chosen if chosen in students else (students[0] if students else None)
            self.merge_into.options = students
        self._show_student()
        words = escape(_("Download every attempt (CSV)"))
        if self.csv_url is not None:
            self.download.value = (
                f'<a download="attempts.csv" href="{escape(self.csv_url)}">{words}</a>'
            )
            return
        data = base64.b64encode(attempts_csv(self.store.attempts()).encode()).decode()
        self.download.value = (
            f'<a download="attempts.csv" href="data:text/csv;base64,{data}">{words}</a>'
        )

    @_in_class_language
    def _show_student(self) -> None:
        student = self.pick.value
        if not student:
            self.student_view.value = ""
            return
        theirs = self.summary.student(student)
        levels = theirs.mastery()
        struggling = [
            f"{escape(_skill_title(skill))}: {escape(_(m.level.words))} ({m.right}/{m.attempts})"
            for skill, m in levels.items()
            if m.attempts and m.level < Level.PROFICIENT
        ]
        working_on = escape(_("Working on"))
        nothing_hard = escape(_("nothing hard right now"))
        most_frequent = escape(_("Most frequent mistake"))
        last_attempts = escape(_("Last attempts"))
        codes = theirs.mistakes
        recent = "".join(
            f"<li>{'✓' if a.ok else '✗'} {escape(a.text)}"
            f"{' — ' + escape(a.codes[0]) if a.codes else ''}</li>"
            for a in theirs.last
        )
        self.student_view.value = (
            f"<p><b>{working_on}:</b> {'; '.join(struggling) or nothing_hard}</p>"
            f"<p><b>{most_frequent}:</b> "
            f"{escape(codes.most_common(1)[0][0]) if codes else '—'}</p>"
            f"<p><b>{last_attempts}:</b></p><ul>{recent}</ul>"
        )

    def _here_html(self, students: list[str]) -> str:
        rows = []
        for student in students:
            last = self.summary.student(student).last
            latest = last[0] if last else None
            doing = (
                escape(
                    _(
                        "{mark} {equation} ({where})",
                        mark="✓" if latest.ok else "✗",
                        equation=latest.text,
                        where=latest.where,
                    )
                )
                if latest
                else escape(_("just joined"))
            )
            rows.append(f"<li><b>{escape(student)}</b>: {doing}</li>")
        count = escape(ngettext("{n} student", "{n} students", len(students)))
        return f"<p>{count}</p><ul>{''.join(rows)}</ul>"

    def _grid_html(self, students: list[str]) -> str:
        grid = {student: self.summary.student(student).mastery() for student in students}
        head = "".join(f"<th>{escape(_skill_title(skill))}</th>" for skill in SKILLS)
        rows = []
        for student in students:
            cells = []
            for skill in SKILLS:
                found = grid.get(student, {}).get(skill)
                level = found.level if found else Level.NOT_STARTED
                words = escape(_(level.words))
                cells.append(
                    f'<td style="background:{_LEVEL_COLOURS[level]};padding:4px">{words}</td>'
                )
            rows.append(f"<tr><th>{escape(student)}</th>{''.join(cells)}</tr>")
        student_word = escape(_("Student"))
        return (
            '<table style="border-collapse:collapse" border="1">'
            f"<tr><th>{student_word}</th>{head}</tr>{''.join(rows)}</table>"
        )

    def _mistakes_html(self) -> str:
        found = self.summary.common_mistakes()
        if not found:
            return "<p>" + escape(_("No mistakes yet.")) + "</p>"
        items = [
            f"<li><b>{escape(code)}</b> × {count}: "
            f"{', '.join(escape(example) for example in examples)}</li>"
            for code, count, examples in found
        ]
        return f"<ul>{''.join(items)}</ul>"

    def _door_html(self) -> str:
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
            return (
                "<p>"
                + escape(_("Nothing refused in the last {minutes} minutes.", minutes=_DOOR_MINUTES))
                + "</p>"
            )
        return "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"

    def _student_manager(self) -> widgets.VBox:
        """Free a name for a new device, rename a student, or merge two into one."""
        release = widgets.Button(description=_("Let this name join from a new device"))
        release.on_click(lambda _button: self.release_student())
        self.new_name = widgets.Text(description=_("New name"))
        rename = widgets.Button(description=_("Rename"))
        rename.on_click(lambda _button: self.rename_student())
        self.merge_into = widgets.Dropdown(description=_("Same child as"), options=[])
        merge = widgets.Button(description=_("Merge"))
        merge.on_click(lambda _button: self.merge_student())
        self.manage_message = widgets.Label()
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
        from sq2edu.classroom.app import check_nickname

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

    def _settings_editor(self) -> widgets.VBox:
        current = ClassSettings.from_dict(self.store.settings())
        self.op_boxes = {
            sign: widgets.Checkbox(value=sign in current.operations, description=sign)
            for sign in "+−×÷"
        }
        self.hints = widgets.Dropdown(
            options=["free", "limited", "off"], value=current.hints, description=_("Hints")
        )
        self.level = widgets.Dropdown(
            options=["easy", "medium", "hard"], value=current.level, description=_("Computer")
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
        )
        self.edition = widgets.Dropdown(
            options=[
                (_("Sleeping Queens 2: The Rescue"), "rescue"),
                (_("Sleeping Queens (adding only, for younger children)"), "classic"),
            ],
            value=current.edition,
            description=_("Game"),
            layout=widgets.Layout(width="auto"),
        )
        save = widgets.Button(description=_("Save settings"), button_style="primary")
        self.saved = widgets.Label()
        save.on_click(lambda _button: self.save_settings())
        return widgets.VBox(
            [
                self.edition,
                self.class_language,
                widgets.HBox(list(self.op_boxes.values())),
                self.hints,
                self.level,
                self.quick,
                widgets.HBox([save, self.saved]),
            ]
        )

    @_in_class_language
    def save_settings(self) -> None:
        """Save what the editor shows; students get it in their next game or Lab."""
        signs = "".join(sign for sign, box in self.op_boxes.items() if box.value)
        try:
            settings = ClassSettings(
                signs,
                self.hints.value,
                self.level.value,
                self.quick.value,
                self.edition.value,
                self.class_language.value,
            )
        except ValueError as error:
            self.saved.value = str(error)
            return
        self.store.save_settings(settings.to_dict())
        if settings.language != self.language:
            self.language = settings.language
            with language(self.language):
                self._build()
        self.saved.value = _("Saved.")

    def _new_class(self) -> widgets.VBox:
        self.class_name = widgets.Text(description=_("New class"), placeholder=_("Class 3B"))
        self.sure = widgets.Checkbox(
            description=_("Yes, put away this class's records"),
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        start = widgets.Button(description=_("Start a new class"), button_style="warning")
        self.new_class_message = widgets.Label()
        start.on_click(lambda _button: self.start_new_class())
        return widgets.VBox([self.class_name, self.sure, start, self.new_class_message])

    @_in_class_language
    def start_new_class(self) -> None:
        """Archive the class (its records stay in the store) and begin an empty one."""
        if not self.sure.value:
            self.new_class_message.value = _("Tick the box first: this starts over.")
            return
        name = " ".join(self.class_name.value.split())[:40] or _("My class")
        self.store.new_class(name)
        self.summary = ClassSummary()
        self.sure.value = False
        self.new_class_message.value = _("A new class has started. The old one is archived.")
        self.refresh()
