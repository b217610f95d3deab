"""The dashboard's Settings tab: the game, the language, the signs, hints and levels the class
uses; its code to join; a new class (the old one archived); every attempt as a CSV."""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import replace

import ipywidgets as widgets

from sq2edu import editions
from sq2edu.classroom.domain.exports import attempts_csv
from sq2edu.classroom.domain.settings import ClassSettings, chosen_levels
from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.widgets.dashboard.desk import (
    WIDE,
    Desk,
    Reading,
    Tab,
    heading,
    in_class_language,
    language_picker,
    level_boxes,
    level_grid,
    sign_boxes,
    ticked,
)
from sq2edu.i18n import N_, _
from sq2edu.markup import html

__all__ = ["CSV_PATH", "SettingsTab"]

#: Where the teacher's server streams the attempts (see :mod:`sq2edu.classroom.server.guard`).
CSV_PATH = "sq2edu/attempts.csv"
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


class SettingsTab(Tab):
    """The class's settings, its code, a new class and the download.

    :param keeps_code: whether the class code is kept in the store and changed here (the
        class of one laptop; a school's classes have theirs in the school).
    :param on_saved: called with the settings just saved: the dashboard offers the groups
        the new signs, makes itself anew in a new language, and says "Saved" on this tab.
    :param on_code: called when the class code changed (the Now tab shows it).
    """

    title = N_("Settings")

    def __init__(
        self,
        desk: Desk,
        keeps_code: bool,
        on_saved: Callable[[ClassSettings], None],
        on_code: Callable[[], None],
    ) -> None:
        super().__init__(desk)
        self.keeps_code = keeps_code
        self.on_saved = on_saved
        self.on_code = on_code
        self.download = widgets.HTML()
        self.children = [
            self._settings_editor(desk.built_with),
            self._code_editor(),
            self._new_class(),
            self.download,
        ]

    def refresh(self, reading: Reading) -> None:
        self._show_download()

    # -- the settings ------------------------------------------------------------------

    def _settings_editor(self, current: ClassSettings) -> widgets.VBox:
        self.op_boxes = sign_boxes(current.operations)
        self.hints = widgets.Dropdown(
            options=[(_(_HINT_WORDS[policy]), policy) for policy in _HINT_WORDS],
            value=current.hints,
            description=_("Hints"),
            style=WIDE,
            layout={"width": "auto"},
        )
        self.level = widgets.Dropdown(
            options=[(_(_LEVEL_WORDS[level]), level) for level in _LEVEL_WORDS],
            value=current.level,
            description=_("Computer"),
            style=WIDE,
            layout={"width": "auto"},
        )
        self.quick = widgets.Checkbox(
            value=current.quick,
            description=_("Quick game (2 kings)"),
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.class_language = language_picker(_("Language"), current.language)
        self.edition = widgets.Dropdown(
            options=[(_(editions.load(name).title), name) for name in editions.names()],
            value=current.edition,
            description=_("Game"),
            style=WIDE,
            layout=widgets.Layout(width="auto"),
        )
        self.turn_timeout = widgets.Dropdown(
            options=[(_(words), seconds) for seconds, words in _TIMEOUTS.items()],
            value=current.turn_timeout if current.turn_timeout in _TIMEOUTS else 60,
            description=_("At a table of classmates, the computer plays for a child away"),
            style=WIDE,
            layout={"width": "auto"},
        )
        self.practice_levels = level_boxes(level.key for level in chosen_levels(current))
        save = widgets.Button(
            description=_("Save settings"), button_style="primary", layout={"width": "auto"}
        )
        self.saved = widgets.Label()
        save.on_click(lambda _button: self.save())
        self.open_class_controls.append(save)
        levels_about = html(
            "<b>{}</b><p>{}</p>",
            _("Levels of practice in the Lab"),
            _(
                "Tick the levels your class practises: each child moves through "
                "them as they learn. Tick one to keep the class on it for a lesson."
            ),
        )
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
                widgets.HTML(levels_about),
                level_grid(self.practice_levels),
                widgets.HBox([save, self.saved]),
            ]
        )

    @in_class_language
    def save(self) -> None:
        """Save what the editor shows; students get it in their next game or Lab."""
        signs = "".join(sign for sign, box in self.op_boxes.items() if box.value)
        store = self.desk.store
        try:
            # Start from what is stored: what this editor does not show (the open
            # lessons) stays as it is.
            settings = replace(
                ClassSettings.from_dict(store.settings()),
                operations=signs,
                hints=self.hints.value,
                level=self.level.value,
                quick=self.quick.value,
                edition=self.edition.value,
                language=self.class_language.value,
                turn_timeout=self.turn_timeout.value,
                practice_from="",
                practice_to="",
                practice_levels=ticked(self.practice_levels),
            )
        except ValueError:
            self.saved.value = _("Choose at least one sign.")
            return
        if not settings.practice_levels:
            self.saved.value = _("Tick at least one level of practice.")
            return
        store.save_settings(settings.to_dict())
        self.on_saved(settings)

    # -- the class code ----------------------------------------------------------------

    def _code_editor(self) -> widgets.VBox:
        self.code_field = widgets.Text(
            value=self.desk.current_code(),
            description=_("Class code"),
            placeholder=_("none"),
            style=WIDE,
            layout={"width": "auto"},
        )
        save = widgets.Button(description=_("Save class code"), layout={"width": "auto"})
        save.on_click(lambda _button: self.save_code())
        self.code_saved = widgets.Label()
        self.open_class_controls.append(save)
        if not self.keeps_code:
            return widgets.VBox([])
        explain = _(
            "Students type it to join. Leave it empty for none. It is kept for the next start."
        )
        return widgets.VBox(
            [
                heading(3, _("Class code")),
                widgets.HTML(html("<p>{}</p>", explain)),
                widgets.HBox([self.code_field, save, self.code_saved]),
            ]
        )

    @in_class_language
    def save_code(self) -> None:
        """Keep the class code the field shows: students who join from now on type it."""
        code = " ".join(self.code_field.value.split())
        if len(code) > 40:
            self.code_saved.value = _("A class code is 40 characters at most.")
            return
        self.desk.store.set_class_code(code)
        self.code_field.value = code
        self.code_saved.value = (
            _("Saved: students who join from now on type {code}.", code=code)
            if code
            else _("Saved: students join without a code.")
        )
        self.on_code()

    # -- a new class -------------------------------------------------------------------

    def _new_class(self) -> widgets.VBox:
        self.class_name = widgets.Text(
            description=_("New class"), placeholder=_("Class 3B"), style=WIDE
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
        self.open_class_controls.append(start)
        return widgets.VBox(
            [
                heading(3, _("A new class")),
                widgets.HTML(
                    html("<p>{}</p>", _("The settings above carry over to the new class."))
                ),
                self.class_name,
                self.sure,
                start,
                self.new_class_message,
            ]
        )

    @in_class_language
    def start_new_class(self) -> None:
        """Archive the class (its records stay) and begin an empty one with its settings."""
        if not self.sure.value:
            self.new_class_message.value = _("Tick the box first: this starts over.")
            return
        name = " ".join(self.class_name.value.split())[:40] or _("My class")
        self.desk.store.new_class(name)
        self.sure.value = False
        self.new_class_message.value = _("A new class has started. The old one is archived.")
        self.desk.start_over()

    # -- the download ------------------------------------------------------------------

    def _show_download(self) -> None:
        words = _("Download every attempt (CSV)")
        desk = self.desk
        if desk.archived:
            self.download.value = ""
        elif desk.csv_url is not None:
            self.download.value = html(
                '<a class="sq2-button" download="attempts.csv" href="{}">⬇ {}</a>',
                desk.csv_url,
                words,
            )
        else:
            class_name = desk.store.current_class()[1]
            # As the served CSV: every attempt, then the tries at the class challenge.
            tries = [attempt for _key, attempt in Challenges(desk.store).tries_after(0, 100_000)]
            text = attempts_csv([*reversed(desk.store.attempts()), *tries], class_name)
            data = base64.b64encode(text.encode()).decode()
            self.download.value = html(
                '<a class="sq2-button" download="attempts.csv" href="data:text/csv;base64,{}">'
                "⬇ {}</a>",
                data,
                words,
            )
