"""HTML for showing equations, verdicts, cards and exercises in a notebook.

Imported only when something is displayed, so the engines never load it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from sq2edu.i18n import _, local_signs
from sq2edu.markup import Markup, html, joined

if TYPE_CHECKING:
    from sq2edu.equations.check import Verdict
    from sq2edu.equations.exercise import Answer, Exercise

__all__ = ["answer_html", "cards_html", "exercise_html", "verdict_html"]

_FONT = "font-family: system-ui, sans-serif; font-size: 1.15rem; line-height: 1.5;"
_BOX = (
    _FONT + " border: 3px solid {border}; border-radius: 12px; padding: 0.6rem 1rem;"
    " max-width: 36rem;"
)
_CARD = (
    "display: inline-flex; align-items: center; justify-content: center;"
    " width: 3rem; height: 4.2rem; margin: 0.2rem; border: 2px solid #37474f;"
    " border-radius: 8px; background: #fffdf5; font: 600 1.7rem system-ui, sans-serif;"
    " color: #1a237e;"
)
_RIGHT = "#2e7d32"
_NOT_YET = "#b26a00"


def _marked(ok: bool, shown: str, lines: Iterable[str]) -> Markup:
    """A verdict box: a mark and a word (never colour alone), what was written, the reasons."""
    mark, word, border = ("✓", _("Yes!"), _RIGHT) if ok else ("✗", _("Not yet"), _NOT_YET)
    items = joined(html("<li>{}</li>", local_signs(line)) for line in lines)
    return html(
        '<div role="status" style="{}">'
        '<div style="font-size: 1.6rem; font-weight: 600;">'
        '<span aria-hidden="true">{}</span> {} '
        '<span style="font-family: ui-monospace, monospace;">{}</span>'
        "</div>"
        '<ul style="margin: 0.3rem 0 0 0; padding-left: 1.2rem;">{}</ul></div>',
        _BOX.format(border=border),
        mark,
        word,
        local_signs(shown),
        items,
    )


def verdict_html(verdict: Verdict) -> Markup:
    """A verdict as a box: right or not yet, the equation, the reasons."""
    shown = verdict.equation.text if verdict.equation is not None else verdict.text
    return _marked(verdict.ok, shown, verdict.lines[1:])


def cards_html(values: Iterable[int]) -> Markup:
    """Number cards drawn as a row of cards, read out as a list of numbers."""
    numbers = [int(value) for value in values]
    label = _("Cards: {numbers}", numbers=", ".join(str(n) for n in numbers))
    cards = joined(html('<span style="{}" aria-hidden="true">{}</span>', _CARD, n) for n in numbers)
    return html('<div role="img" aria-label="{}">{}</div>', label, cards)


def exercise_html(exercise: Exercise) -> Markup:
    """The task in words above its cards."""
    return html(
        '<div style="{}"><p style="font-size: 1.3rem; margin: 0.2rem 0;">{}</p>{}</div>',
        _FONT,
        exercise.task,
        cards_html(exercise.cards),
    )


def answer_html(answer: Answer) -> Markup:
    """An exercise's answer as a verdict box."""
    if answer.verdict is None:
        return html('<p role="status" style="{}">{}</p>', _FONT, answer.lines[0])
    verdict = answer.verdict
    shown = verdict.equation.text if verdict.equation is not None else verdict.text
    return _marked(answer.ok, shown, answer.lines[1:])
