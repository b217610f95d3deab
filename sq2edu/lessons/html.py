"""Lesson pages and teacher's guides as HTML, in the active language.

Imported only when something is shown. Every word is escaped before the few marks a lesson
may use (``**bold**`` and lines starting ``- ``) are turned into tags, so nothing in a
translation can inject markup.
"""

from __future__ import annotations

import re

from sq2edu.equations.display import cards_html
from sq2edu.i18n import _, local_signs
from sq2edu.lessons.exercises import Choice, Exercise
from sq2edu.lessons.model import Block, Cards, Lesson, Page, Picture, Say, Show, Words
from sq2edu.lessons.pictures import svg
from sq2edu.markup import Markup, escape, html, joined
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


def words_html(words: Words | str) -> Markup:
    """A paragraph, or a list when its lines start with ``- ``; ``**bold**`` kept."""
    text = local_signs(str(words))
    lines = text.split("\n")
    if all(line.startswith("- ") for line in lines):
        items = joined(html("<li>{}</li>", _marked(line[2:])) for line in lines)
        return html('<ul style="{}">{}</ul>', _TEXT, items)
    return html('<p style="{}">{}</p>', _TEXT, _marked(text))


def _marked(text: str) -> Markup:
    # The words are escaped first; only then do the ** marks become tags.
    return Markup(_BOLD.sub(r"<strong>\1</strong>", str(escape(text))))


def block_html(block: Block) -> Markup:
    """One block that is not an exercise, as HTML."""
    if isinstance(block, Say):
        return words_html(block.words)
    if isinstance(block, Show):
        return html('<p style="{}">{}</p>', _SHOW, str(block))
    if isinstance(block, Cards):
        # Drawn by our own code, every number and word in it escaped there.
        return cards_html(block.values)
    if isinstance(block, Picture):
        return html('<div style="margin: 0.5rem 0;">{}</div>', Markup(svg(block)))
    raise TypeError(f"an exercise is a widget, not HTML: {block!r}")


def page_html(page: Page) -> Markup:
    """A page's heading and every block on it that is not an exercise."""
    return joined(
        [
            html('<h2 style="font: 600 1.6rem system-ui, sans-serif;">{}</h2>', str(page.heading)),
            *(
                block_html(block)
                for block in page.blocks
                if not isinstance(block, Exercise | Choice)
            ),
        ]
    )


def intro_html(lesson: Lesson) -> Markup:
    """The lesson's title and what the child will learn."""
    learn = joined(html("<li>{}</li>", local_signs(str(goal))) for goal in lesson.learn)
    title = _("Lesson {number}: {title}", number=lesson.number, title=str(lesson.title))
    return html(
        '<h1 style="font: 700 2rem system-ui, sans-serif;">{}</h1>'
        '<p style="{}"><strong>{}</strong></p><ul style="{}">{}</ul>',
        title,
        _TEXT,
        _("What you will learn"),
        _TEXT,
        learn,
    )


def guide_html(lesson: Lesson) -> Markup:
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
    table = joined(
        html(
            '<tr><th scope="row" style="text-align: left; padding-right: 1rem;">{}</th>'
            "<td>{}</td></tr>",
            name,
            value,
        )
        for name, value in rows
    )
    goals = joined(html("<li>{}</li>", local_signs(str(goal))) for goal in guide.goals)
    mistakes = joined(
        html(
            "<li><code>{}</code>: {} — {}</li>",
            mistake.code,
            local_signs(mistake.example),
            local_signs(str(mistake.advice)),
        )
        for mistake in guide.mistakes
    )
    answers = joined(
        html("<li>{} — <strong>{}</strong></li>", _prompt(task), " · ".join(_shown_answers(task)))
        for task in lesson.exercises
    )
    title = _("Lesson {number}: {title}", number=lesson.number, title=str(lesson.title))
    return html(
        '<section class="sq2-guide" aria-label="{title}">'
        "<h3>{title}</h3><table>{table}</table>"
        "<h4>{goals_heading}</h4><ul>{goals}</ul>"
        "<h4>{mistakes_heading}</h4><ul>{mistakes}</ul>"
        "<h4>{class_heading}</h4>{in_class}"
        "<h4>{answers_heading}</h4><ol>{answers}</ol></section>",
        title=title,
        table=table,
        goals_heading=_("Goals"),
        goals=goals,
        mistakes_heading=_("Common mistakes (codes on the dashboard)"),
        mistakes=mistakes,
        class_heading=_("With the class"),
        in_class=words_html(guide.in_class),
        answers_heading=_("Answers"),
        answers=answers,
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
