"""The student app: join with a nickname, then play the Rescue or practise in the Lab.

``notebooks/classroom.ipynb`` shows :meth:`StudentApp.from_environment`, which ``sq2edu
serve`` points at the class's progress store. Everything a student types is checked here,
in the kernel, and shown back only as text.
"""

from __future__ import annotations

import os
import re
import unicodedata
from typing import Any

import ipywidgets as widgets

from sq2edu.classroom.records import Attempt, GameRecord
from sq2edu.classroom.settings import ClassSettings
from sq2edu.classroom.store import ProgressStore, open_store
from sq2edu.i18n import _
from sq2edu.ui import EquationLab, RescueTable

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
        self.nickname = widgets.Text(description=_("Nickname"), placeholder=_("Mia"))
        self.code = widgets.Text(description=_("Class code"))
        self.join_button = widgets.Button(description=_("Join"), button_style="primary")
        self.problem = widgets.Label()
        self.join_button.on_click(lambda _button: self.join(self.nickname.value, self.code.value))
        title = widgets.HTML(f"<h2>{_('Welcome to the Rescue!')}</h2>")
        fields = [self.nickname, *([self.code] if self.class_code else [])]
        self.children = [title, *fields, self.join_button, self.problem]

    @classmethod
    def from_environment(cls) -> StudentApp:
        """The app as ``sq2edu serve`` sets it up (``SQ2EDU_DB``, ``SQ2EDU_CLASS_CODE``)."""
        store = open_store(os.environ.get("SQ2EDU_DB") or None)
        return cls(store, os.environ.get("SQ2EDU_CLASS_CODE", ""))

    def settings(self) -> ClassSettings:
        """The class settings the teacher saved last."""
        return ClassSettings.from_dict(self.store.settings())

    def join(self, nickname: str, code: str = "") -> bool:
        """Join the class; on trouble, say why and stay on the form."""
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
        play = widgets.Button(description=_("Play the Rescue"), button_style="primary")
        lab = widgets.Button(description=_("Equation Lab"))
        play.on_click(lambda _button: self.play())
        lab.on_click(lambda _button: self.practise())
        hello = widgets.Label(_("Hi, {name}! What would you like to do?", name=self.student))
        self.children = [hello, widgets.HBox([play, lab])]

    def _back(self) -> widgets.Button:
        back = widgets.Button(description=_("Back"))
        back.on_click(lambda _button: self.show_menu())
        return back

    def play(self) -> RescueTable:
        """A game against the computer, at the class's level."""
        settings = self.settings()
        assert self.student is not None
        table = RescueTable(
            players=[self.student, settings.level],
            rules=settings.rules(),
            hints=settings.hints,
            pace=self.pace,
        )
        table.attempt_listeners.append(self._record_attempt("game"))
        table.game_listeners.append(self._record_game)
        self.children = [self._back(), table]
        return table

    def practise(self) -> EquationLab:
        """The Equation Lab, with the class's operations."""
        settings = self.settings()
        assert self.student is not None
        lab = EquationLab(
            operations=settings.operations, hints=settings.hints, student=self.student
        )
        lab.attempt_listeners.append(self._record_attempt("lab"))
        self.children = [self._back(), lab]
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
