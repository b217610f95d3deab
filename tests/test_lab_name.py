"""The Lab has one name in each language, on the child's screen, the dashboard and the parent
report alike: a child told to open "verkstedet" looks for a screen that says "Regnelabben"."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from sq2edu.i18n import _, language

LOCALE = "sq2edu/locale/{lang}/LC_MESSAGES/sq2edu.po"
#: The stem every translation of a message about the Lab uses, and words it must not.
NAMES = {"nb": ("regnelab", ("verksted", "laben ")), "ru": ("мастерск", ("лаборатор",))}


def _each(text: object) -> tuple[object, ...]:
    """A message's singular and plural (or its one text) as a tuple."""
    return tuple(text) if isinstance(text, list | tuple) else (text or "",)


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_every_message_about_the_lab_calls_it_by_one_name(lang: str) -> None:
    stem, wrong = NAMES[lang]
    with language(lang):
        assert stem in _("Equation Lab").lower()
    with open(LOCALE.format(lang=lang), "rb") as po:
        catalog = read_po(po)
    for message in catalog:
        ids = [str(text) for text in _each(message.id)]
        strings = [str(text) for text in _each(message.string)]
        if not any(re.search(r"\bLab\b", text) for text in ids):
            continue
        for text in strings:
            said = text.lower()
            assert stem in said, (ids[0], text)
            assert not any(word in said for word in wrong), (ids[0], text)
