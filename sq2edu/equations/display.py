"""HTML for showing equations and verdicts in a notebook (imported only when displayed)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from sq2edu.i18n import _

if TYPE_CHECKING:
    from sq2edu.equations.check import Verdict

__all__ = ["verdict_html"]

_STYLE = (
    "font-family: system-ui, sans-serif; font-size: 1.15rem; line-height: 1.5;"
    " border: 3px solid {border}; border-radius: 12px; padding: 0.6rem 1rem; max-width: 36rem;"
)


def verdict_html(verdict: Verdict) -> str:
    """A verdict as a card: a mark and a word (never colour alone), the equation, the reasons."""
    if verdict.ok:
        mark, word, border = "✓", _("Yes!"), "#2e7d32"
    else:
        mark, word, border = "✗", _("Not yet"), "#b26a00"
    shown = verdict.equation.text if verdict.equation is not None else verdict.text
    lines = "".join(f"<li>{escape(line)}</li>" for line in verdict.lines[1:])
    return (
        f'<div role="status" style="{_STYLE.format(border=border)}">'
        f'<div style="font-size: 1.6rem; font-weight: 600;">'
        f'<span aria-hidden="true">{mark}</span> {escape(word)} '
        f'<span style="font-family: ui-monospace, monospace;">{escape(shown)}</span></div>'
        f'<ul style="margin: 0.3rem 0 0 0; padding-left: 1.2rem;">{lines}</ul></div>'
    )
