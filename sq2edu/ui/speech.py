"""How a sentence on the screen is said aloud: signs as words, in the page's language.

The 🔊 buttons (:mod:`sq2edu.ui.read_aloud`, the card table's and the Lab's) hand the
browser's speech synthesis the text a child sees, said as a person would: "7 : 2" is
"7 divided by 2", "3 r 2" is "3 remainder 2", but the colon of "With your 2: 1 + 2 = 3
works!" is a colon, not a division ("2 divided by 1" was heard there). The rules live here
once, as plain regular expressions the browser applies as they are (:func:`speech_rules`,
sent with the table's words) and Python applies in :func:`spoken`, so every sentence a
button can read is tested in Python, in each language.
"""

from __future__ import annotations

import re
from functools import cache

from sq2edu.i18n import _

__all__ = ["speech_rules", "spoken"]

#: A number or the box of a missing number.
_TERM = r"(\d|□)"
_NEXT = r"(?=\d|□)"


def speech_rules() -> list[tuple[str, str]]:
    """The rules in the active language: (pattern, replacement) pairs, applied in order to
    the whole text, every match, the replacement's ``$1`` and ``$2`` being the pattern's
    groups. Written so that JavaScript's ``RegExp(pattern, "gu")`` and Python's :mod:`re`
    read them alike."""
    # Said with the number before them, so each language has its own word order and words
    # ("8 умножить на 2", not the sign button's "умножить").
    divide = _("{number} divided by", number="$1")
    times = _("{number} times", number="$1")
    rest = _("{number} remainder {rest}", number="$1", rest="$2")
    minus, plus, equals, box = _("minus"), _("plus"), _("equals"), _("box")
    return [
        (r"[🔊✓✗🎉⭐💡]", " "),
        # A rest after an answer: "3 r 2", "3 rest 2", "3 (ост. 2)", "3 ост. 2".
        (r"(\d)\s*\(?\s*(?:r|R|rest|ост\.?|остаток)\s*(\d+)\s*\)?", rest),
        # A colon between numbers with a space on both sides or on neither is the Russian
        # and Norwegian division sign; one right after a number is punctuation ("your 2:").
        (_TERM + r"\s+:\s+" + _NEXT, f"{divide} "),
        (_TERM + r":" + _NEXT, f"{divide} "),
        (_TERM + r"\s*÷\s*" + _NEXT, f"{divide} "),
        (_TERM + r"\s*[·×]\s*" + _NEXT, f"{times} "),
        (_TERM + r"\s*−\s*" + _NEXT, f"$1 {minus} "),
        (_TERM + r"\s*\+\s*" + _NEXT, f"$1 {plus} "),
        (r"\s=\s", f" {equals} "),
        (r"□", f" {box} "),
        (r"○", " … "),
        (r"\s+", " "),
    ]


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def spoken(text: str) -> str:
    """``text`` as the 🔊 button says it in the active language."""
    said = str(text)
    for pattern, replacement in speech_rules():
        said = _compiled(pattern).sub(replacement.replace("$1", r"\1").replace("$2", r"\2"), said)
    return said.strip()
