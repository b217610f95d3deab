"""What an exercise shows in large print, as text in the active language.

The layout measures it (a long equation takes a row of its own) and the page prints it, so
both read it from here: the box a number goes in is ``□``, a rest is written as the
language writes it (``17 : 5 = □ (ост. □)``), and × and ÷ are the language's signs.
"""

from __future__ import annotations

from sq2edu.equations.remainder import with_rest
from sq2edu.i18n import N_, _, local_signs
from sq2edu.practice.deal import BOX
from sq2edu.worksheets.exercises import Exercise

__all__ = ["HEADINGS", "equation_shown", "heading", "rest_text"]

#: What each section of a sheet asks, above its exercises.
HEADINGS = {
    "make": N_("Make the number with the cards and the signs."),
    "missing": N_("Which number goes in the box?"),
    "remainder": N_("Divide, and say what is left over."),
    "family": N_(
        "Write every equation these three numbers make. 3 + 4 = 7 and 4 + 3 = 7 count as one."
    ),
    "true": N_("Is it true? Tick one."),
    "story": N_("Write the story as an equation, then the answer."),
    "find": N_("Find every equation the cards make. 3 + 4 = 7 and 4 + 3 = 7 count as one."),
}


def heading(kind: str) -> str:
    """The heading of a section of exercises of ``kind``, in the active language."""
    return _(HEADINGS[kind])


def rest_text(text: str) -> str:
    """A division with its rest written ``r 2`` (the checker's form) as the language writes
    it."""
    division, _r, rest = text.rpartition(" r ")
    return with_rest(division, rest) if division else local_signs(text)


def equation_shown(exercise: Exercise) -> str:
    """The equation printed big for a box, a remainder or a "true or not" ("" for the
    other kinds)."""
    if exercise.kind == "missing":
        return local_signs(exercise.boxed)
    if exercise.kind == "remainder":
        return with_rest(f"{exercise.fact.equation.left.text} = {BOX}", BOX)
    if exercise.kind == "true":
        return rest_text(exercise.shown) if exercise.fact.rest else local_signs(exercise.shown)
    return ""
