"""HTML for showing equations, verdicts, cards and exercises in a notebook.

Imported only when something is displayed, so the engines never load it.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from sq2edu.i18n import _, local_signs

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


def _marked(ok: bool, shown: str, lines: Iterable[str]) -> str:
    """A verdict box: a mark and a word (never colour alone), what was written, the reasons."""
    mark, word, border = ("✓", _("Yes!"), _RIGHT) if ok else ("✗", _("Not yet"), _NOT_YET)
    items = "".join(f"<li>{escape(local_signs(line))}</li>" for line in lines)
    return (
        f'<div role="status" style="{_BOX.format(border=border)}">'
        f'<div style="font-size: 1.6rem; font-weight: 600;">'
        f'<span aria-hidden="true">{mark}</span> {escape(word)} '
        f'<span style="font-family: ui-monospace, monospace;">{escape(local_signs(shown))}</span>'
        "</div>"
        f'<ul style="margin: 0.3rem 0 0 0; padding-left: 1.2rem;">{items}</ul></div>'
    )


def verdict_html(verdict: Verdict) -> str:
    """A verdict as a box: right or not yet, the equation, the reasons."""
    shown = verdict.equation.text if verdict.equation is not None else verdict.text
    return _marked(verdict.ok, shown, verdict.lines[1:])


def cards_html(values: Iterable[int]) -> str:
    """Number cards drawn as a row of cards, read out as a list of numbers."""
    numbers = [int(value) for value in values]
    label = _("Cards: {numbers}", numbers=", ".join(str(n) for n in numbers))
    cards = "".join(f'<span style="{_CARD}" aria-hidden="true">{n}</span>' for n in numbers)
    return f'<div role="img" aria-label="{escape(label)}">{cards}</div>'


def exercise_html(exercise: Exercise) -> str:
    """The task in words above its cards."""
    return (
        f'<div style="{_FONT}"><p style="font-size: 1.3rem; margin: 0.2rem 0;">'
        f"{escape(exercise.task)}</p>{cards_html(exercise.cards)}</div>"
    )


def answer_html(answer: Answer) -> str:
    """An exercise's answer as a verdict box."""
    if answer.verdict is None:
        return f'<p role="status" style="{_FONT}">{escape(answer.lines[0])}</p>'
    verdict = answer.verdict
    shown = verdict.equation.text if verdict.equation is not None else verdict.text
    return _marked(answer.ok, shown, answer.lines[1:])
