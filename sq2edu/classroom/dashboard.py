"""The teacher's dashboard: who is here, how each skill is going, the common mistakes.

``notebooks/teacher.ipynb`` shows :meth:`Dashboard.from_environment`; ``sq2edu serve`` runs
it on the teacher's own machine only. Every name and equation shown came from a student's
browser, so all of it is escaped.
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

from sq2edu.classroom.mastery import Level, mastery_grid
from sq2edu.classroom.records import SKILLS, Attempt
from sq2edu.classroom.settings import ClassSettings
from sq2edu.classroom.store import ProgressStore, open_store
from sq2edu.i18n import LANGUAGE_NAMES, LANGUAGES, _, language, local_signs, ngettext

__all__ = ["Dashboard", "attempts_csv", "common_mistakes", "mistakes_chart"]

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


def attempts_csv(attempts: list[Attempt]) -> str:
    """Every attempt as CSV, for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["time", "student", "equation", "right", "problems", "skill", "typed", "hints"])
    for a in attempts:
        # A leading = + - @ would make a spreadsheet run the cell as a formula.
        text = a.text if a.text[:1] not in "=+-@" else "'" + a.text
        student = a.student if a.student[:1] not in "=+-@" else "'" + a.student
        writer.writerow(
            [a.at, student, text, a.ok, " ".join(a.codes), a.skill or "", a.typed, a.hint_level]
        )
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

    def __init__(self, store: ProgressStore, refresh: float = 10.0) -> None:
        super().__init__(layout=widgets.Layout(max_width="1200px"))
        self.store = store
        self.refresh_seconds = refresh
        self._attempts: list[Attempt] = []
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
            self.download,
            _heading(3, _("Class settings")),
            self.settings_box,
            self.new_class_box,
        ]
        self.refresh()

    @classmethod
    def from_environment(cls) -> Dashboard:
        """The dashboard as ``sq2edu serve`` sets it up (``SQ2EDU_DB``)."""
        return cls(open_store(os.environ.get("SQ2EDU_DB") or None))

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
        """Read the store again and redraw everything."""
        attempts = self.store.attempts()
        students = self.store.students()
        self.updated.value = _("Updated at {time}", time=dt.datetime.now().strftime("%H:%M:%S"))
        self.here.value = self._here_html(students, attempts)
        self.grid.value = self._grid_html(students, attempts)
        self.mistakes.value = self._mistakes_html(attempts)
        self.chart.value = mistakes_chart(common_mistakes(attempts, top=8))
        self._attempts = attempts
        if list(self.pick.options) != students:
            chosen = self.pick.value
            self.pick.options = students
            self.pick.value = chosen if chosen in students else (students[0] if students else None)
        self._show_student()
        data = base64.b64encode(attempts_csv(attempts).encode()).decode()
        words = escape(_("Download every attempt (CSV)"))
        self.download.value = (
            f'<a download="attempts.csv" href="data:text/csv;base64,{data}">{words}</a>'
        )

    @_in_class_language
    def _show_student(self) -> None:
        student = self.pick.value
        if not student:
            self.student_view.value = ""
            return
        theirs = [a for a in self._attempts if a.student == student]
        levels = mastery_grid(theirs).get(student, {})
        struggling = [
            f"{escape(_skill_title(skill))}: {escape(_(m.level.words))} ({m.right}/{m.attempts})"
            for skill, m in levels.items()
            if m.attempts and m.level < Level.PROFICIENT
        ]
        working_on = escape(_("Working on"))
        nothing_hard = escape(_("nothing hard right now"))
        most_frequent = escape(_("Most frequent mistake"))
        last_attempts = escape(_("Last attempts"))
        codes = Counter(a.codes[0] for a in theirs if a.codes)
        recent = "".join(
            f"<li>{'✓' if a.ok else '✗'} {escape(a.text)}"
            f"{' — ' + escape(a.codes[0]) if a.codes else ''}</li>"
            for a in theirs[:10]
        )
        self.student_view.value = (
            f"<p><b>{working_on}:</b> {'; '.join(struggling) or nothing_hard}</p>"
            f"<p><b>{most_frequent}:</b> "
            f"{escape(codes.most_common(1)[0][0]) if codes else '—'}</p>"
            f"<p><b>{last_attempts}:</b></p><ul>{recent}</ul>"
        )

    def _here_html(self, students: list[str], attempts: list[Attempt]) -> str:
        last: dict[str, Attempt] = {}
        for attempt in attempts:  # newest first
            last.setdefault(attempt.student, attempt)
        rows = []
        for student in students:
            latest = last.get(student)
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

    def _grid_html(self, students: list[str], attempts: list[Attempt]) -> str:
        grid = mastery_grid(attempts)
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

    def _mistakes_html(self, attempts: list[Attempt]) -> str:
        found = common_mistakes(attempts)
        if not found:
            return "<p>" + escape(_("No mistakes yet.")) + "</p>"
        items = [
            f"<li><b>{escape(code)}</b> × {count}: "
            f"{', '.join(escape(example) for example in examples)}</li>"
            for code, count, examples in found
        ]
        return f"<ul>{''.join(items)}</ul>"

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
        self.sure.value = False
        self.new_class_message.value = _("A new class has started. The old one is archived.")
        self.refresh()
