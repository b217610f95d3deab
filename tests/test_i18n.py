"""The translation layer: placeholders, plurals and the active language."""

from __future__ import annotations

import pytest

from sq2edu import i18n
from sq2edu.i18n import _, get_language, language, ngettext, set_language


def test_placeholders_are_filled_after_translation() -> None:
    assert _("{a} + {b} makes {total}.", a=2, b=3, total=5) == "2 + 3 makes 5."


def test_plural_forms_get_the_number() -> None:
    assert ngettext("{n} card", "{n} cards", 1) == "1 card"
    assert ngettext("{n} card", "{n} cards", 3) == "3 cards"


def test_language_is_set_per_context_and_restored() -> None:
    assert get_language() == "en"
    with language("en"):
        assert get_language() == "en"
    assert get_language() == "en"


def test_an_unknown_language_is_refused_in_plain_words() -> None:
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        set_language("xx")
    with pytest.raises(ValueError, match="unknown language"), language("xx"):
        pass


def test_english_is_the_source_language() -> None:
    assert i18n.LANGUAGES[0] == "en"
