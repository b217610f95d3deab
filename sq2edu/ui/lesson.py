"""A lesson as a child sees it: a book of pages, one step at a time, no code.

The book shows a lesson of :mod:`sq2edu.lessons` in the child's language: its title and
what it teaches, each page's words and pictures, and each exercise as a widget: the Equation
Lab's cards and builder for an equation or a box, big answer buttons for a question. Every
answer is handed to :attr:`LessonBook.attempt_listeners` with the lesson and the exercise
number (the class app stores it for the dashboard). Its widgets are made once and changed
in place from step to step, so paging back and forth leaves nothing behind in the kernel.

An exercise counts as right only when its first answer is right and the child's own: no
worked example shown and no near miss copied (the Lab remembers what it showed of each
exercise, however often the child pages away and back). A question takes one answer; its
buttons are then disabled, and the answer and why stay when the child comes back to it.

>>> book = LessonBook("number-bonds", seed=1)
>>> book
LessonBook('number-bonds', language='en')
>>> book.go(book.steps.index(("exercise", 1)))
>>> book.lab.state["view"]["prompt"]
'Add two cards to make 5.'
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import ipywidgets as widgets

from sq2edu.i18n import _, local_signs, ngettext
from sq2edu.i18n import language as speaking_in
from sq2edu.lessons import Choice, Exercise, Lesson, lesson
from sq2edu.lessons.html import block_html, guide_html, intro_html, page_html
from sq2edu.lessons.model import Page, Say, Show
from sq2edu.lessons.pictures import svg
from sq2edu.markup import Markup, html, joined
from sq2edu.ui.helping import Helping
from sq2edu.ui.lab import EquationLab
from sq2edu.ui.read_aloud import ReadAloud
from sq2edu.ui.speaking import Speaking

__all__ = ["ChoiceCard", "LessonBook", "LessonPages", "Shown"]

_LOG = logging.getLogger("sq2edu.ui")
#: The most answers a question has (its buttons are made once and hidden when not used).
_MOST_OPTIONS = 4


def _big_button(**options: Any) -> widgets.Button:
    """A button a child's finger finds: large text, at least 3.4rem high."""
    return widgets.Button(
        layout=widgets.Layout(width="auto", min_width="8rem", height="3.4rem", margin="0.3rem"),
        style={"font_size": "1.3rem", "font_weight": "600"},
        **options,
    )


class ChoiceCard(widgets.VBox):  # type: ignore[misc]
    """A question with big answer buttons; says right or not, and why, in words. It takes
    one answer: then its buttons are disabled, and a second press (a click that was on its
    way, or a message from a page that was changed) is ignored here, not only in the browser.

    :param on_answer: called with the question, the answer chosen and whether it was right.
    """

    #: Asked before an answer is taken: words that refuse it ("slow down"), or "".
    gate: Callable[[], str] | None = None

    def __init__(
        self,
        on_answer: Callable[[Choice, int, bool], None],
        speaking: Callable[[], AbstractContextManager[None]] = nullcontext,
    ) -> None:
        #: Makes the language of the book around the card the active one (a click comes in
        #: while the kernel may be speaking another).
        self.speaking = speaking
        self.question = widgets.HTML()
        self.buttons = [_big_button() for _index in range(_MOST_OPTIONS)]
        for index, button in enumerate(self.buttons):
            button.add_class("sq2-answer")
            button.on_click(lambda _button, index=index: self._clicked(index))
        self.feedback = widgets.HTML()
        self.on_answer = on_answer
        self.choice: Choice | None = None
        #: The answer chosen to the question shown, or ``None`` before one is.
        self.chosen: int | None = None
        answers = widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap"))
        #: Read aloud: the question with its answers, and what is said after one.
        self.read_question = ReadAloud()
        self.read_feedback = ReadAloud()
        super().__init__(
            [self.question, self.read_question, answers, self.feedback, self.read_feedback]
        )
        self.add_class("sq2-choice")

    def ask(self, choice: Choice, chosen: int | None = None) -> None:
        """Show ``choice``: no answer chosen yet, or the one ``chosen`` before and why."""
        self.choice = choice
        self.chosen = chosen
        shown = (
            html(
                '<p class="sq2-shown" style="font: 600 2rem system-ui, sans-serif;">{}</p>',
                local_signs(choice.shown),
            )
            if choice.shown
            else ""
        )
        # The picture is drawn by our own code, its label escaped there.
        picture = Markup(svg(choice.picture)) if choice.picture is not None else ""
        self.question.value = html(
            '<p style="font: 600 1.4rem system-ui, sans-serif;">{}</p>{}{}',
            str(choice.ask),
            picture,
            shown,
        )
        for index, button in enumerate(self.buttons):
            if index < len(choice.options):
                button.description = choice.option(index)
                button.layout.display = None
                button.disabled = chosen is not None
            else:
                button.layout.display = "none"
        self.feedback.value = "" if chosen is None else self._said(chosen)
        options = ", ".join(choice.option(index) for index in range(len(choice.options)))
        said = [str(choice.ask), local_signs(choice.shown), options]
        self.read_question.say("\n".join(part for part in said if part))
        self.read_feedback.say("" if chosen is None else self._said_words(chosen))

    def _clicked(self, index: int) -> None:
        with self.speaking():
            self.choose(index)

    def choose(self, index: int) -> None:
        """The child pressed the answer at ``index``."""
        if self.choice is None or self.chosen is not None:
            return
        if not 0 <= index < len(self.choice.options):
            return
        refusal = self.gate() if self.gate is not None else ""
        if refusal:
            self.feedback.value = html('<div role="status">{}</div>', refusal)
            return
        self.chosen = index
        for button in self.buttons:
            button.disabled = True
        self.feedback.value = self._said(index)
        self.read_feedback.say(self._said_words(index))
        self.on_answer(self.choice, index, self.choice.answer(index))

    def _said_words(self, index: int) -> str:
        """What :meth:`_said` says, as words to read aloud."""
        assert self.choice is not None
        word = _("Yes!") if self.choice.answer(index) else _("Not yet")
        chose = _("You chose: {answer}", answer=self.choice.option(index))
        return "\n".join([chose, word, local_signs(" ".join(self.choice.said_why(index)))])

    def _said(self, index: int) -> Markup:
        """Right or not, and why, for the answer at ``index``."""
        assert self.choice is not None
        right = self.choice.answer(index)
        mark, word = ("✓", _("Yes!")) if right else ("✗", _("Not yet"))
        chose = _("You chose: {answer}", answer=self.choice.option(index))
        return html(
            '<div role="status" style="font: 1.25rem/1.5 system-ui, sans-serif;">'
            '<p>{}</p><strong><span aria-hidden="true">{}</span> {}</strong> {}</div>',
            chose,
            mark,
            word,
            local_signs(" ".join(self.choice.said_why(index))),
        )


class LessonBook(Speaking, widgets.VBox):  # type: ignore[misc]
    """One lesson, step by step: the title, each page, each exercise, with Back and Next.

    :param key: the lesson (a key of :data:`sq2edu.lessons.LESSONS`).
    :param student: the name attempts are recorded under.
    :param language: ``"en"``, ``"ru"`` or ``"nb"``; by default the active language.
    :param hints: ``"free"``, ``"limited"`` or ``"off"``, as the class sets it.
    :param seed: makes the Lab's choices repeatable.
    """

    def __init__(
        self,
        key: str,
        student: str = "",
        language: str | None = None,
        hints: str = "free",
        seed: int | None = None,
    ) -> None:
        widgets.VBox.__init__(self)
        self.choose_language(language)
        self.lesson: Lesson = lesson(key)
        self.student = student
        #: Called with a dict for every answer (for the progress store).
        self.attempt_listeners: list[Callable[[dict[str, Any]], None]] = []
        #: How each exercise answered so far went, by number: one of
        #: :data:`~sq2edu.progress.records.MARKS` (the class app starts it from the store).
        self.progress: dict[int, str] = {}
        #: The answer chosen to each question in this book, by number.
        self.chosen: dict[int, int] = {}
        #: What the Lab has shown of each exercise (hints, near misses), by number.
        self.helping: dict[int, Helping] = {}
        self.hints = hints
        #: What the book shows, in order: ("intro", 0), ("page", i), ("exercise", n), and
        #: ("end", 0): the lesson is done, and how it went.
        self.steps: list[tuple[str, int]] = [("intro", 0)]
        for index, page in enumerate(self.lesson.pages):
            if any(not isinstance(block, Exercise | Choice) for block in page.blocks):
                self.steps.append(("page", index))
            for block in page.blocks:
                if isinstance(block, Exercise | Choice):
                    self.steps.append(("exercise", self.lesson.number_of(block)))
        self.steps.append(("end", 0))
        #: Called by the last page's "All lessons" button (the class app's list of lessons);
        #: without it (a notebook) the last page has no such button.
        self.on_leave: Callable[[], None] | None = None
        self.at = 0
        with self.speaking():
            self.lab = EquationLab(
                operations="+−×÷", hints=hints, student=student, language=self.language, seed=seed
            )
            self.lab.attempt_listeners.append(self._lab_attempt)
            self.choice = ChoiceCard(self._choice_answer, self.speaking)
            self.title = widgets.HTML()
            self.marks = widgets.HTML()
            self.body = widgets.HTML()
            #: Reads the page aloud (a lesson's words, for a child who cannot read yet).
            self.read_page = ReadAloud()
            self.picture = widgets.HTML()
            self.back = _big_button()
            self.next = _big_button(button_style="primary")
            self.where = widgets.HTML(layout=widgets.Layout(align_self="center", margin="0 1rem"))
            #: On the last page: back to an exercise not answered yet, and to the lessons.
            self.again = _big_button()
            self.leave = _big_button(button_style="primary")
            self.back.on_click(lambda _button: self.go(self.at - 1))
            self.next.on_click(lambda _button: self.go(self.at + 1))
            self.again.on_click(lambda _button: self._go_to_unanswered())
            self.leave.on_click(lambda _button: self._leave())
            self.children = [
                self.title,
                self.marks,
                self.body,
                self.read_page,
                self.picture,
                self.lab,
                self.choice,
                widgets.HBox(
                    [self.back, self.where, self.next, self.again, self.leave],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
            ]
            self.add_class("sq2-lesson")
            self._draw()

    def __repr__(self) -> str:
        # Short and stable: a notebook stores this as the widget's plain-text output.
        return f"LessonBook({self.lesson.key!r}, language={self.language!r})"

    @property
    def done(self) -> set[int]:
        """The exercises answered right (on their own at the first try, or later)."""
        return {number for number, mark in self.progress.items() if mark != "tried"}

    @property
    def own(self) -> set[int]:
        """The exercises that count as right: right at the first try, on their own."""
        return {number for number, mark in self.progress.items() if mark == "own"}

    @property
    def gate(self) -> Callable[[], str] | None:
        """Asked before an answer is checked: words that refuse it ("slow down"), or ""."""
        return self.lab.gate

    @gate.setter
    def gate(self, gate: Callable[[], str] | None) -> None:
        self.lab.gate = gate
        self.choice.gate = gate

    def follow_hints(self, policy: str) -> None:
        """Give hints as the class does now, in the open exercise and the ones to come."""
        self.hints = policy
        for helping in self.helping.values():
            helping.policy = policy
        self.lab.follow_hints(policy)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: the page, the Lab and the question change at once."""
        self.choose_language(lang)
        self.lab.set_language(lang)
        with self.speaking():
            self._draw()

    def go(self, step: int) -> None:
        """Turn to ``step`` (kept within the book)."""
        with self.speaking():
            self.at = max(0, min(step, len(self.steps) - 1))
            self._draw()

    def _draw(self) -> None:
        kind, index = self.steps[self.at]
        title = _(
            "Lesson {number}: {title}", number=self.lesson.number, title=str(self.lesson.title)
        )
        # The first page has the title as its heading already.
        self.title.value = (
            ""
            if kind == "intro"
            else html('<p style="font: 600 1.1rem system-ui, sans-serif;">{}</p>', title)
        )
        self.marks.value = self._marks()
        self.picture.value = ""
        self.lab.layout.display = "none"
        self.choice.layout.display = "none"
        self.read_page.say("")
        if kind == "intro":
            self.body.value = intro_html(self.lesson)
            said = [str(self.lesson.title), *(str(goal) for goal in self.lesson.learn)]
            self.read_page.say("\n".join(said))
        elif kind == "page":
            self.body.value = page_html(self.lesson.pages[index])
            self.read_page.say(_page_words(self.lesson.pages[index]))
        elif kind == "end":
            self._ending()
        else:
            self._exercise(index)
        self.back.description = _("Back")
        self.back.disabled = self.at == 0
        last = self.at == len(self.steps) - 1
        # The step before the ending finishes the lesson; the ending has nothing after it.
        self.next.description = _("Finish") if self.at == len(self.steps) - 2 else _("Next")
        self.next.disabled = last
        self.next.layout.display = "none" if last else None
        unanswered = self._unanswered()
        self.again.layout.display = "none" if not last or unanswered is None else None
        if unanswered is not None:
            self.again.description = _("Go to exercise {n}", n=unanswered)
        self.leave.description = _("All lessons")
        self.leave.layout.display = "none" if not last or self.on_leave is None else None
        where = _("{at} of {steps}", at=self.at + 1, steps=len(self.steps))
        self.where.value = html(
            '<span class="sq2-step" style="font: 600 1.2rem system-ui, sans-serif;">{}</span>',
            where,
        )

    def _ending(self) -> None:
        """The lesson's last page: it is done, how the exercises went, and where next."""
        count = len(self.lesson.exercises)
        own, later = len(self.own), len(self.done - self.own)
        lines = [
            ngettext(
                "{own} of {count} exercise right on your own.",
                "{own} of {count} exercises right on your own.",
                count,
                own=own,
                count=count,
            )
        ]
        if later:
            lines.append(
                ngettext(
                    "{n} right with help or at a later try.",
                    "{n} right with help or at a later try.",
                    later,
                )
            )
        left = count - len(self.progress)
        if left:
            lines.append(
                ngettext(
                    "{n} exercise is waiting for you.", "{n} exercises are waiting for you.", left
                )
            )
        # A lesson with exercises left is not celebrated as finished: the page says where the
        # child is, and the button beside it leads to the first exercise waiting.
        heading = _("You reached the end of the lesson.") if left else _("You finished the lesson!")
        self.body.value = html(
            '<h2 style="font: 600 1.8rem system-ui, sans-serif;">{}{}</h2>{}',
            heading,
            "" if left else html(' <span aria-hidden="true">🎉</span>'),
            joined(
                html('<p style="font: 1.3rem/1.5 system-ui, sans-serif;">{}</p>', line)
                for line in lines
            ),
        )
        self.read_page.say("\n".join([heading, *lines]))

    def _unanswered(self) -> int | None:
        """The first exercise the child has not answered yet, if any."""
        count = len(self.lesson.exercises)
        return next((n for n in range(1, count + 1) if n not in self.progress), None)

    def _go_to_unanswered(self) -> None:
        number = self._unanswered()
        if number is not None:
            self.go(self.steps.index(("exercise", number)))

    def _leave(self) -> None:
        if self.on_leave is not None:
            self.on_leave()

    def _exercise(self, number: int) -> None:
        task = self.lesson.exercises[number - 1]
        count = len(self.lesson.exercises)
        heading = (
            _("Exit question") if task.exit else _("Exercise {n} of {count}", n=number, count=count)
        )
        if isinstance(task, Choice):
            self.body.value = html(
                '<h2 style="font: 600 1.6rem system-ui, sans-serif;">{}</h2>', heading
            )
            self.choice.ask(task, self.chosen.get(number))
            self.choice.layout.display = None
            return
        self.body.value = ""  # the Lab says which exercise it is
        if task.picture is not None:
            self.picture.value = block_html(task.picture)
        helping = self.helping.setdefault(number, Helping(self.hints))
        self.lab.set_task(task, heading, helping)
        self.lab.layout.display = None

    def _marks(self) -> Markup:
        """A mark for each exercise, a shape rather than a colour: ✓ right at the first try
        on their own, ◑ right later or with help, ○ not yet."""
        count = len(self.lesson.exercises)
        shapes = {"own": "✓", "later": "◑"}
        marks = "".join(shapes.get(self.progress.get(n, ""), "○") for n in range(1, count + 1))
        own, later = len(self.own), len(self.done - self.own)
        said = _("{own} of {count} right on your own", own=own, count=count)
        if later:
            said += "; " + _("{later} with help or at a later try", later=later)
        # What the shapes mean, beside them: a child meets ◑ with no other word for it.
        legend = _("✓ right on your own · ◑ right with help or later · ○ not yet")
        return html(
            '<p role="img" aria-label="{}" style="font-size: 1.4rem; letter-spacing: 0.3em;'
            ' margin-bottom: 0;">{}</p>'
            '<p class="sq2-marks-legend" aria-hidden="true"'
            ' style="font: 1rem system-ui, sans-serif; margin-top: 0.2em;">{}</p>',
            said,
            marks,
            legend,
        )

    def _lab_attempt(self, attempt: dict[str, Any]) -> None:
        kind, number = self.steps[self.at]
        if kind != "exercise":
            return
        self._answered(number, attempt)

    def _choice_answer(self, choice: Choice, index: int, right: bool) -> None:
        number = self.lesson.number_of(choice)
        with self.speaking():
            text = choice.said(index)
        self.chosen[number] = index
        attempt = {
            "player": self.student,
            "text": text[:200],
            "numbers": [],
            "ok": right,
            "codes": [],
            "typed": False,
            "hint_level": 0,
            "helped": False,
            "cards": [],
            "level": "",
        }
        self._answered(number, attempt)

    def _answered(self, number: int, attempt: dict[str, Any]) -> None:
        attempt = {**attempt, "lesson": self.lesson.key, "exercise": number}
        mark = _next_mark(self.progress.get(number), attempt)
        if mark is not None:
            self.progress[number] = mark
        # The child sees the mark first: keeping the answer may wait for the class's store.
        with self.speaking():
            self.marks.value = self._marks()
        for listener in self.attempt_listeners:
            try:
                listener(attempt)
            except Exception:
                # The store's trouble must not cost the child the answer they just gave.
                _LOG.exception("an answer of lesson %s was not recorded", self.lesson.key)


def _next_mark(mark: str | None, attempt: dict[str, Any]) -> str | None:
    """How an exercise stands after one more answer, as the store counts it: the first
    answer the checker could read decides whether it counts as right; a later right answer
    makes it right later."""
    if mark is None:
        if "syntax" in attempt["codes"]:
            return None
        if attempt["ok"]:
            return "later" if attempt.get("helped") else "own"
        return "tried"
    return "later" if mark == "tried" and attempt["ok"] else mark


class Shown:
    """HTML to show in a notebook, with a short plain-text stand-in."""

    def __init__(self, html: str, text: str) -> None:
        self.html = html
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return self.html


class LessonPages:
    """A lesson for reading in a notebook, in one language: its start, each page, the
    exercises as the book to do them in, and (for the teacher) its guide.

    >>> pages = LessonPages("dividing", language="nb")
    >>> pages.page(3)
    Lesson 5, page 3: Til overs
    """

    def __init__(self, key: str, language: str = "en") -> None:
        self.lesson = lesson(key)
        self.language = language

    def _shown(self, html: Callable[[], str], text: Callable[[], str]) -> Shown:
        with speaking_in(self.language):
            return Shown(html(), text())

    def __repr__(self) -> str:
        with speaking_in(self.language):
            return _(
                "Lesson {number}: {title}", number=self.lesson.number, title=str(self.lesson.title)
            )

    def _repr_html_(self) -> str:
        with speaking_in(self.language):
            return intro_html(self.lesson)

    def page(self, number: int) -> Shown:
        """Page ``number`` (from 1) without its exercises."""
        page = self.lesson.pages[number - 1]
        return self._shown(
            lambda: page_html(page),
            lambda: f"Lesson {self.lesson.number}, page {number}: {page.heading}",
        )

    def book(self, student: str = "", seed: int | None = None) -> LessonBook:
        """The lesson as a child works through it, exercises and all."""
        return LessonBook(self.lesson.key, student=student, language=self.language, seed=seed)

    def guide(self) -> Shown:
        """The teacher's guide, answers included."""
        return self._shown(
            lambda: guide_html(self.lesson),
            lambda: f"Teacher's guide to lesson {self.lesson.number}",
        )


def _page_words(page: Page) -> str:
    """A page's words as they are read aloud: its heading, what it says and shows."""
    said = [str(page.heading)]
    for block in page.blocks:
        if isinstance(block, Say):
            text = str(block.words).replace("**", "")
            said += [line.removeprefix("- ") for line in text.splitlines()]
        elif isinstance(block, Show):
            said.append(str(block))
    return "\n".join(line for line in said if line.strip())
