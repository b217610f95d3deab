"""Lesson pages and teacher's guides as HTML, in the active language.

Imported only when something is shown. Every word is escaped before the few marks a lesson
may use (``**bold**`` and lines starting ``- ``) are turned into tags, so nothing in a
translation can inject markup.
"""

from __future__ import annotations

import re
from html import escape

from sq2edu.equations.display import cards_html
from sq2edu.i18n import _, local_signs
from sq2edu.lessons.exercises import Choice, Exercise
from sq2edu.lessons.model import Block, Cards, Lesson, Page, Picture, Say, Show, Words
from sq2edu.lessons.pictures import svg
from sq2edu.practice import LEVELS

__all__ = ["block_html", "guide_html", "intro_html", "page_html", "words_html"]

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_SHOW = (
    "font: 600 2rem system-ui, sans-serif; margin: 0.4rem 0; letter-spacing: 0.05em;"
    " color: #1a237e;"
)
_TEXT = "font: 1.25rem/1.6 system-ui, sans-serif; margin: 0.5rem 0; max-width: 40rem;"
#: How each school system names its years: Norwegian trinn, Russian класс, US grade.
_YEARS = {"no": "{years} trinn", "ru": "{years} класс", "us": "Grade {years}"}


def words_html(words: Words | str) -> str:
    """A paragraph, or a list when its lines start with ``- ``; ``**bold**`` kept."""
    text = local_signs(str(words))
    lines = text.split("\n")
    if all(line.startswith("- ") for line in lines):
        items = "".join(f"<li>{_marked(line[2:])}</li>" for line in lines)
        return f'<ul style="{_TEXT}">{items}</ul>'
    return f'<p style="{_TEXT}">{_marked(text)}</p>'


def _marked(text: str) -> str:
    return _BOLD.sub(r"<strong>\1</strong>", escape(text))


def block_html(block: Block) -> str:
    """One block that is not an exercise, as HTML."""
    if isinstance(block, Say):
        return words_html(block.words)
    if isinstance(block, Show):
        return f'<p style="{_SHOW}">{escape(str(block))}</p>'
    if isinstance(block, Cards):
        return cards_html(block.values)
    if isinstance(block, Picture):
        return f'<div style="margin: 0.5rem 0;">{svg(block)}</div>'
    raise TypeError(f"an exercise is a widget, not HTML: {block!r}")


def page_html(page: Page) -> str:
    """A page's heading and every block on it that is not an exercise."""
    parts = [
        f'<h2 style="font: 600 1.6rem system-ui, sans-serif;">{escape(str(page.heading))}</h2>'
    ]
    parts += [
        block_html(block) for block in page.blocks if not isinstance(block, Exercise | Choice)
    ]
    return "".join(parts)


def intro_html(lesson: Lesson) -> str:
    """The lesson's title and what the child will learn."""
    learn = "".join(f"<li>{escape(local_signs(str(goal)))}</li>" for goal in lesson.learn)
    will_learn = _("What you will learn")
    title = _("Lesson {number}: {title}", number=lesson.number, title=str(lesson.title))
    return (
        f'<h1 style="font: 700 2rem system-ui, sans-serif;">{escape(title)}</h1>'
        f'<p style="{_TEXT}"><strong>{escape(will_learn)}</strong></p>'
        f'<ul style="{_TEXT}">{learn}</ul>'
    )


def guide_html(lesson: Lesson) -> str:
    """The teacher's guide: who it is for, what comes first, settings, goals, mistakes
    with the checker's codes, how to run it, and every answer."""
    from sq2edu.lessons import LESSONS

    guide = lesson.guide
    years = "; ".join(
        pattern.format(years=_span(*guide.years[system], ordinal=system == "no"))
        for system, pattern in _YEARS.items()
    )
    before = ", ".join(str(LESSONS[key].title) for key in guide.before) or "—"
    rows = [
        (_("Ages"), f"{guide.ages[0]}–{guide.ages[1]}"),
        (_("School year"), years),
        (_("Time"), _("{minutes} minutes", minutes=guide.minutes)),
        (_("Before this lesson"), before),
        (_("Operations"), local_signs(" ".join(guide.operations))),
        (_("Settings"), str(guide.settings)),
        (_("Levels in the Lab"), ", ".join(_(LEVELS[key].title) for key in guide.levels) or "—"),
    ]
    if guide.enrichment:
        rows.insert(
            0,
            (
                _("Enrichment"),
                _("Beyond the curriculum of these years: for children ready for more."),
            ),
        )
    table = "".join(
        f'<tr><th scope="row" style="text-align: left; padding-right: 1rem;">{escape(name)}</th>'
        f"<td>{escape(value)}</td></tr>"
        for name, value in rows
    )
    goals = "".join(f"<li>{escape(local_signs(str(goal)))}</li>" for goal in guide.goals)
    mistakes = "".join(
        f"<li><code>{escape(mistake.code)}</code>: {escape(local_signs(mistake.example))}"
        f" — {escape(local_signs(str(mistake.advice)))}</li>"
        for mistake in guide.mistakes
    )
    answers = "".join(
        f"<li>{escape(_prompt(task))} — <strong>"
        f"{escape(' · '.join(_shown_answers(task)))}</strong></li>"
        for task in lesson.exercises
    )
    headings = (
        _("Goals"),
        _("Common mistakes (codes on the dashboard)"),
        _("With the class"),
        _("Answers"),
    )
    title = _("Lesson {number}: {title}", number=lesson.number, title=str(lesson.title))
    return (
        f'<section class="sq2-guide" aria-label="{escape(title)}">'
        f"<h3>{escape(title)}</h3><table>{table}</table>"
        f"<h4>{escape(headings[0])}</h4><ul>{goals}</ul>"
        f"<h4>{escape(headings[1])}</h4><ul>{mistakes}</ul>"
        f"<h4>{escape(headings[2])}</h4>{words_html(guide.in_class)}"
        f"<h4>{escape(headings[3])}</h4><ol>{answers}</ol></section>"
    )


def _span(first: int, last: int, ordinal: bool) -> str:
    """``1–2`` (``1.–2.`` where years are said as ordinals), or one year alone."""
    dot = "." if ordinal else ""
    return f"{first}{dot}" if first == last else f"{first}{dot}–{last}{dot}"


def _prompt(task: Exercise | Choice) -> str:
    shown = task.box if isinstance(task, Exercise) else task.shown
    asked = str(task.ask)
    return f"{asked} {local_signs(shown)}" if shown else asked


def _shown_answers(task: Exercise | Choice) -> list[str]:
    if isinstance(task, Choice):
        return task.answers()
    if task.rest:
        from sq2edu.equations.remainder import split_rest, with_rest

        division, rest = split_rest(task.rest)
        return [with_rest(division.strip(), rest or 0)]
    return [local_signs(answer) for answer in task.answers()]
