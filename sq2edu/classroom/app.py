"""The student app: join with a nickname, then play the Rescue or practise in the Lab.

``notebooks/classroom.ipynb`` shows :meth:`StudentApp.from_environment`, which ``sq2edu
serve`` points at the class's progress store. Everything a student types is checked here,
in the kernel, and shown back only as text.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from sq2edu.classroom.records import Attempt, GameRecord
from sq2edu.classroom.settings import ClassSettings
from sq2edu.classroom.store import ProgressStore, open_store
from sq2edu.i18n import LANGUAGE_NAMES, LANGUAGES, _, language
from sq2edu.ui import ClassicTable, EquationLab, RescueTable
from sq2edu.ui.game_table import GameTable

__all__ = ["MAX_NICKNAME", "StudentApp", "check_nickname"]

MAX_NICKNAME = 20
_ALLOWED = re.compile(r"^[^\W_][\w -]*$")


def check_nickname(text: str) -> str:
    """A nickname ready to use, or :class:`ValueError` with a reason a child can read."""
    name = unicodedata.normalize("NFC", " ".join(str(text).split()))
    if not name:
        raise ValueError(_("Type your nickname first."))
    if not _ALLOWED.match(name):
        raise ValueError(_("Use letters and numbers only, like Mia or Leo2."))
    if len(name) > MAX_NICKNAME:
        raise ValueError(_("That is long! Use at most {n} letters.", n=MAX_NICKNAME))
    return name


class StudentApp(widgets.VBox):  # type: ignore[misc]
    """One student's screen: the join form, then the game or the Lab.

    The app speaks the class's language (the teacher's setting); a student may switch to
    another at any time with the language buttons at the top, and the game or Lab follows.

    :param store: the class's progress store.
    :param class_code: the code the teacher gave out; ``""`` for none.
    :param pace: seconds between the computer's moves in a game (``0``: at once).
    """

    def __init__(self, store: ProgressStore, class_code: str = "", pace: float = 0.7) -> None:
        super().__init__(layout=widgets.Layout(max_width="1200px"))
        self.store = store
        self.class_code = class_code.strip()
        self.pace = pace
        self.student: str | None = None
        self.language = self.settings().language
        self.activity: GameTable | EquationLab | None = None
        self.languages = widgets.ToggleButtons(
            options=[(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
            value=self.language,
            style={"button_width": "auto"},
        )
        self.languages.observe(lambda change: self.set_language(change["new"]), names="value")
        self.nickname = widgets.Text()
        self.code = widgets.Text()
        self.join_button = widgets.Button(button_style="primary")
        self.problem = widgets.Label()
        self.join_button.on_click(lambda _button: self.join(self.nickname.value, self.code.value))
        self._show(self._join_form)

    @classmethod
    def from_environment(cls) -> StudentApp:
        """The app as ``sq2edu serve`` sets it up (``SQ2EDU_DB``, ``SQ2EDU_CLASS_CODE``)."""
        store = open_store(os.environ.get("SQ2EDU_DB") or None)
        return cls(store, os.environ.get("SQ2EDU_CLASS_CODE", ""))

    def settings(self) -> ClassSettings:
        """The class settings the teacher saved last."""
        return ClassSettings.from_dict(self.store.settings())

    def set_language(self, lang: str) -> None:
        """Speak ``lang``: the screen, and the game or Lab on it, change at once."""
        if lang not in LANGUAGES:
            raise ValueError(f"language is one of {', '.join(LANGUAGES)}")
        self.language = lang
        self.languages.value = lang
        if self.activity is not None:
            self.activity.set_language(lang)
            with language(lang):
                self.children = [self.languages, self._back(), self.activity]
        elif self.student is None:
            self._show(self._join_form)
        else:
            self._show(self._menu)

    def _show(self, screen: Callable[[], list[widgets.Widget]]) -> None:
        with language(self.language):
            self.children = [self.languages, *screen()]

    def _join_form(self) -> list[widgets.Widget]:
        self.nickname.description = _("Nickname")
        self.nickname.placeholder = _("Mia")
        self.code.description = _("Class code")
        self.join_button.description = _("Join")
        classic = self.settings().edition == "classic"
        welcome = _("Welcome to Sleeping Queens!") if classic else _("Welcome to the Rescue!")
        title = widgets.HTML(f"<h2>{escape(welcome)}</h2>")
        fields = [self.nickname, *([self.code] if self.class_code else [])]
        return [title, *fields, self.join_button, self.problem]

    def join(self, nickname: str, code: str = "") -> bool:
        """Join the class; on trouble, say why and stay on the form."""
        with language(self.language):
            try:
                name = check_nickname(nickname)
            except ValueError as error:
                self.problem.value = str(error)
                return False
            if self.class_code and code.strip() != self.class_code:
                self.problem.value = _("That class code is not right. Ask your teacher.")
                return False
        self.student = name
        self.store.join(name)
        self.show_menu()
        return True

    def show_menu(self) -> None:
        """The choice between a game and the Lab."""
        self.activity = None
        self._show(self._menu)

    def _menu(self) -> list[widgets.Widget]:
        classic = self.settings().edition == "classic"
        game = _("Play Sleeping Queens") if classic else _("Play the Rescue")
        play = widgets.Button(description=game, button_style="primary")
        lab = widgets.Button(description=_("Equation Lab"))
        play.on_click(lambda _button: self.play())
        lab.on_click(lambda _button: self.practise())
        hello = widgets.Label(_("Hi, {name}! What would you like to do?", name=self.student))
        return [hello, widgets.HBox([play, lab])]

    def _back(self) -> widgets.Button:
        back = widgets.Button(description=_("Back"))
        back.on_click(lambda _button: self.show_menu())
        return back

    def play(self) -> GameTable:
        """A game against the computer, at the class's level, of the class's edition."""
        settings = self.settings()
        assert self.student is not None
        players = [self.student, settings.level]
        table: GameTable
        if settings.edition == "classic":
            table = ClassicTable(
                players,
                rules=settings.classic_rules(),
                hints=settings.hints,
                pace=self.pace,
                language=self.language,
            )
        else:
            table = RescueTable(
                players,
                rules=settings.rules(),
                hints=settings.hints,
                pace=self.pace,
                language=self.language,
            )
        table.attempt_listeners.append(self._record_attempt("game"))
        table.game_listeners.append(self._record_game)
        self.activity = table
        self._show(lambda: [self._back(), table])
        return table

    def practise(self) -> EquationLab:
        """The Equation Lab, with the class's operations."""
        settings = self.settings()
        assert self.student is not None
        lab = EquationLab(
            operations=settings.operations,
            hints=settings.hints,
            student=self.student,
            language=self.language,
        )
        lab.attempt_listeners.append(self._record_attempt("lab"))
        self.activity = lab
        self._show(lambda: [self._back(), lab])
        return lab

    def _record_attempt(self, where: str) -> Any:
        def record(attempt: dict[str, Any]) -> None:
            assert self.student is not None
            self.store.record_attempt(
                Attempt(
                    student=self.student,
                    text=attempt["text"],
                    ok=attempt["ok"],
                    codes=tuple(attempt["codes"]),
                    numbers=tuple(attempt["numbers"]),
                    typed=attempt["typed"],
                    hint_level=attempt["hint_level"],
                    where=where,
                )
            )

        return record

    def _record_game(self, game: dict[str, Any]) -> None:
        self.store.record_game(
            GameRecord(
                players=tuple(game["players"]),
                bots=dict(game["bots"]),
                winner=game["winner"],
                turns=game["turns"],
                seconds=game["seconds"],
            )
        )
