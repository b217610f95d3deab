"""The class's mistakes in a teacher's words, with what to teach again.

Problem codes (``operators-both-sides``) are for programs; a teacher reads "7 children wrote
a true sum with signs on both sides of = (4 + 3 = 5 + 2): show that one side must be one
card." Each code has one sentence of what the children did and one of what to do in the
next lesson, counted in children (not attempts: one child's twenty tries are one child).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sq2edu.classroom.domain.exports import shown_equation
from sq2edu.i18n import N_, _, ngettext

__all__ = ["RETEACH", "MistakeNote", "note"]

#: For each problem code: what the children did (said for ``n`` children), and what to teach.
RETEACH: dict[str, tuple[Callable[[int], str], str]] = {
    "not-true": (
        lambda n: ngettext(
            "{n} child wrote an equation whose sides are not equal",
            "{n} children wrote equations whose sides are not equal",
            n,
        ),
        N_("work a few out together, step by step, with the cards or counters."),
    ),
    "not-whole": (
        lambda n: ngettext(
            "{n} child divided where something is left over",
            "{n} children divided where something is left over",
            n,
        ),
        N_("share counters into equal groups and look at what is left."),
    ),
    "divide-by-zero": (
        lambda n: ngettext("{n} child divided by 0", "{n} children divided by 0", n),
        N_("talk about why nobody can share into 0 groups."),
    ),
    "mixed-operations": (
        lambda n: ngettext(
            "{n} child used two kinds of sign in one equation",
            "{n} children used two kinds of sign in one equation",
            n,
        ),
        N_("one kind of sign per equation: build 2 + 3 + 3 = 8 together."),
    ),
    "operators-both-sides": (
        lambda n: ngettext(
            "{n} child wrote signs on both sides of =",
            "{n} children wrote signs on both sides of =",
            n,
        ),
        N_("show that one side must be one card."),
    ),
    "missing-card": (
        lambda n: ngettext(
            "{n} child used a number they did not hold as a card",
            "{n} children used numbers they did not hold as cards",
            n,
        ),
        N_("check each number of the equation against the cards in hand."),
    ),
    "too-few-cards": (
        lambda n: ngettext(
            "{n} child left a side of = without a number",
            "{n} children left a side of = without a number",
            n,
        ),
        N_("an equation needs a card on each side of =."),
    ),
    "no-operation": (
        lambda n: ngettext(
            "{n} child wrote a number equal to itself",
            "{n} children wrote a number equal to itself",
            n,
        ),
        N_("an equation needs a sign between two cards."),
    ),
    "operation-not-allowed": (
        lambda n: ngettext(
            "{n} child used a sign the class is not using yet",
            "{n} children used signs the class is not using yet",
            n,
        ),
        N_("say which signs are on today, or switch one on in the class settings."),
    ),
    "operation-not-asked": (
        lambda n: ngettext(
            "{n} child used a sign the task did not ask for",
            "{n} children used signs the tasks did not ask for",
            n,
        ),
        N_("read the task aloud together: which sign does it ask for?"),
    ),
    "remainder-written": (
        lambda n: ngettext(
            "{n} child wrote a remainder after a division in the game",
            "{n} children wrote remainders after a division in the game",
            n,
        ),
        N_(
            "in the game a division must share out exactly: "
            "find cards that share with none left over."
        ),
    ),
    "adjust-not-allowed": (
        lambda n: ngettext(
            "{n} child counted a card as one more or less without the red knight",
            "{n} children counted a card as one more or less without the red knight",
            n,
        ),
        N_("only the red knight lets a card count one more or one less."),
    ),
    "syntax": (
        lambda n: ngettext(
            "{n} child typed something the checker could not read",
            "{n} children typed something the checker could not read",
            n,
        ),
        N_("show how to type an equation: numbers, one kind of sign, one =."),
    ),
    # A lesson's own code: a true equation that is not the one its exercise asked for.
    "off-task": (
        lambda n: ngettext(
            "{n} child made a true equation that the exercise did not ask for",
            "{n} children made true equations that the exercises did not ask for",
            n,
        ),
        N_("read the task aloud together: which number must the equation make?"),
    ),
}


@dataclass(frozen=True, slots=True)
class MistakeNote:
    """One kind of mistake in the class, as the dashboard says it.

    :ivar code: the checker's problem code.
    :ivar children: how many children made it.
    :ivar text: the whole note in the active language, examples included.
    """

    code: str
    children: int
    text: str


def note(code: str, children: int, examples: list[str]) -> MistakeNote:
    """A mistake in the teacher's words: what the children did, real examples, what to teach."""
    said, teach = RETEACH[code]
    shown = ", ".join(shown_equation(example) for example in examples[:3])
    text = _("{what} ({examples}): {teach}", what=said(children), examples=shown, teach=_(teach))
    return MistakeNote(code, children, text)
