"""Worksheets for the class, a group or one child, from what the progress store knows.

The levels and signs are those the child practises in the Lab: a group's own (when the
child is in a group with levels of its own), else the class's, as the teacher set them on the
dashboard. :mod:`sq2edu.worksheets.learners` reads the attempts: a child's place and weakest
skill, the place most of the class has reached. The dashboard and ``sq2edu worksheet`` both
come here.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from sq2edu.classroom.domain.settings import ClassSettings, Focus, chosen_levels
from sq2edu.classroom.storage.store import ProgressStore
from sq2edu.i18n import N_, _, language
from sq2edu.markup import html, joined
from sq2edu.practice import LEVELS, Level, available, place
from sq2edu.worksheets import Sheet, make_sheet, sheet_html
from sq2edu.worksheets.html import title_of
from sq2edu.worksheets.learners import common_place, weakest_skill
from sq2edu.worksheets.pdf import PrintError, find_chromium, to_pdf

__all__ = [
    "CLASS_HISTORY",
    "HISTORY",
    "Aim",
    "Audience",
    "NotInClassError",
    "aim_of",
    "downloads_html",
    "sheet_for",
]

#: A child's latest attempts read to aim their sheet.
HISTORY = 200
#: The class's latest attempts read to find where most children are.
CLASS_HISTORY = 5000


class NotInClassError(ValueError):
    """The child or group named is not (or no longer) in the class."""


@dataclass(frozen=True, slots=True)
class Audience:
    """Whom a sheet is for.

    :ivar kind: ``"class"``, ``"group"`` or ``"student"``.
    :ivar name: the group's or the child's name ("" for the class).
    :ivar level: for the class, the level of the sheet ("" for where most children are).
    """

    kind: str = "class"
    name: str = ""
    level: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("class", "group", "student"):
            raise ValueError("a sheet is for the class, a group or a student")
        if self.kind != "class" and not self.name:
            raise ValueError(f"name the {self.kind}")
        if self.level and self.level not in LEVELS:
            raise ValueError(
                f"{self.level[:40]!r} is not a level; the levels are {', '.join(LEVELS)}"
            )


def _range(settings: ClassSettings, focus: Focus | None) -> tuple[str, tuple[Level, ...]]:
    """The signs and levels the Lab deals from, for the class or a group's members."""
    operations = focus.operations if focus is not None else settings.operations
    if focus is not None and focus.has_levels:
        chosen = chosen_levels(focus)
    else:
        chosen = chosen_levels(settings)
    return operations, available(operations, chosen) or available(operations)


@dataclass(frozen=True, slots=True)
class Aim:
    """What a sheet for an audience is made of, before it is drawn: the form says it."""

    levels: tuple[Level, ...]
    operations: str
    focus: str | None = None


def aim_of(store: ProgressStore, audience: Audience) -> Aim:
    """The levels, signs and weakest skill a sheet for ``audience`` is made at.

    :raises NotInClassError: for a child or group the class does not have.
    """
    settings = ClassSettings.from_dict(store.settings())
    groups = store.groups()
    if audience.kind == "student":
        if audience.name not in store.students():
            raise NotInClassError(f"the class has no student called {audience.name[:40]!r}")
        focus = next(
            (
                Focus.from_dict(data)
                for members, data in groups.values()
                if audience.name in members
            ),
            None,
        )
        operations, levels = _range(settings, focus)
        history = store.attempts(audience.name, HISTORY)
        at = place(levels, history)
        return Aim((at,), operations, weakest_skill(at, history, operations))
    if audience.kind == "group":
        if audience.name not in groups:
            raise NotInClassError(f"the class has no group called {audience.name[:40]!r}")
        members, data = groups[audience.name]
        focus = Focus.from_dict(data)
        operations, levels = _range(settings, focus)
        if focus is None or not focus.has_levels:
            theirs = [a for a in store.attempts(limit=CLASS_HISTORY) if a.student in members]
            levels = (common_place(levels, theirs),)
        return Aim(tuple(levels), operations)
    operations, levels = _range(settings, None)
    if audience.level:
        return Aim((LEVELS[audience.level],), operations)
    return Aim((common_place(levels, store.attempts(limit=CLASS_HISTORY)),), operations)


def sheet_for(
    store: ProgressStore, audience: Audience, count: int | None = None, seed: int | None = None
) -> Sheet:
    """A sheet for the class, a group or a child of ``store``'s class.

    :param count: how many exercises (``None``: as many as the levels' type fills evenly).
    :raises NotInClassError: for a child or group the class does not have.
    :raises ValueError: in plain words, as :func:`~sq2edu.worksheets.make_sheet` does.
    """
    aim = aim_of(store, audience)
    student = audience.name if audience.kind == "student" else ""
    group = audience.name if audience.kind == "group" else ""
    return make_sheet(
        aim.levels, count, seed, aim.operations, aim.focus, student=student, group=group
    )


def downloads_html(sheet: Sheet, paper: str, lang: str, teacher: str = "") -> str:
    """Links that download the sheet: for the children and its answers as PDFs where
    Chromium is installed, and always both in one page to print from the browser.

    :param lang: the sheet's language.
    :param teacher: the language the links are said in (``lang`` by default): a sheet for a
        child who reads another language than the class is still offered in the teacher's.

    Everything is in the links themselves (``data:`` addresses), so nothing is stored or
    served: the teacher's browser saves what the kernel made.
    """
    links: list[tuple[str, str, str, bytes]] = []
    with_key = sheet_html(sheet, paper, lang, "end").encode()
    note = _NO_PDF
    try:
        chromium = find_chromium()
        if chromium is not None:
            for key, words, name in (
                ("none", N_("The sheet for the children (PDF)"), f"worksheet-{sheet.number}.pdf"),
                ("only", N_("Its answers (PDF)"), f"worksheet-{sheet.number}-answers.pdf"),
            ):
                pdf = to_pdf(sheet_html(sheet, paper, lang, key), chromium)
                links.append((words, name, "application/pdf", pdf))
            note = ""
    except PrintError:
        # The page still prints from the browser; say so rather than offer half the PDFs.
        links, note = [], _NOT_PRINTED
    links.append(
        (
            N_("The sheet and its answers, to print from the browser (HTML)"),
            f"worksheet-{sheet.number}.html",
            "text/html",
            with_key,
        )
    )
    with language(teacher or lang):
        items = joined(
            html(
                '<li><a style="text-decoration: underline" download="{}" '
                'href="data:{};base64,{}">{}</a></li>',
                name,
                kind,
                base64.b64encode(data).decode(),
                _(words),
            )
            for words, name, kind, data in links
        )
        title = _("{title}, sheet {number}", title=title_of(sheet.levels), number=sheet.number)
        said = html("<p>{}</p>", _(note)) if note else ""
    return str(html("<p><b>{}</b></p><ul>{}</ul>{}", title, items, said))


_NO_PDF = N_(
    "No Chromium or Chrome on this computer to make PDFs: print the page from the browser."
)
_NOT_PRINTED = N_("The browser could not make the PDFs: print the page from the browser.")
