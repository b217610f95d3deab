"""Every message in every language: complete, placeholders kept, compiled, and read by children."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from sq2edu import i18n
from sq2edu.equations import check
from sq2edu.i18n import _, language, missing, ngettext

LOCALE = Path(i18n.__file__).with_name("locale")
ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]
RULEBOOK = ["2 + 3 + 3 = 8", "2 x 3 = 6", "4 + 3 = 5 + 2", "5 x 2 - 8 = 2", "2 + 3 = 6"]


def catalog(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / "sq2edu.po").open("rb") as po:
        return read_po(po)


def placeholders(*texts: str) -> set[str]:
    return set(re.findall(r"\{\w+\}", " ".join(texts)))


def test_the_template_holds_every_message_of_the_source() -> None:
    """``make messages`` was run after the last change to a message."""
    found = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(LOCALE.parent),
            keywords={"_": None, "ngettext": (1, 2), "N_": None},
            comment_tags=(),
        )
    }
    with (LOCALE / "sq2edu.pot").open("rb") as template:
        listed = {m.id for m in read_po(template) if m.id}
    assert found == listed, (
        sorted(map(str, found - listed))[:10],
        sorted(map(str, listed - found))[:10],
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    assert missing(lang) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder(lang: str) -> None:
    for message in catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert isinstance(text, str)
            assert placeholders(text) == placeholders(*ids), (ids[0], text)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_says_what_the_translators_wrote(lang: str) -> None:
    """``make translations`` was run after the last change to a ``.po`` file."""
    with language(lang):
        for message in catalog(lang):
            if not isinstance(message.id, str) or not isinstance(message.string, str):
                continue  # the header, and plurals (checked by the counting tests below)
            assert _(message.id) == i18n.local_signs(message.string), message.id


def test_russian_counts_with_three_plural_forms() -> None:
    with language("ru"):
        one, few, many = (ngettext("{n} card", "{n} cards", n) for n in (1, 3, 5))
        assert len({one.split()[1], few.split()[1], many.split()[1]}) == 3
        assert ngettext("{n} card", "{n} cards", 21).split()[1] == one.split()[1]
        assert ngettext("{n} card", "{n} cards", 12).split()[1] == many.split()[1]


def test_norwegian_counts_with_two_plural_forms() -> None:
    with language("nb"):
        assert ngettext("{n} card", "{n} cards", 1).startswith("1 ")
        assert ngettext("{n} card", "{n} cards", 0).startswith("0 ")


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("text", RULEBOOK)
def test_the_rulebook_examples_are_explained_in_each_language(lang: str, text: str) -> None:
    english = check(text, cards=[2, 3, 3, 8, 6, 4, 5]).explanation
    with language(lang):
        verdict = check(text, cards=[2, 3, 3, 8, 6, 4, 5])
        words = verdict.explanation
    assert words != english
    assert "×" not in words
    assert "÷" not in words
    if lang == "ru":
        assert re.search("[а-яё]", words, re.IGNORECASE)
    assert all(line.strip() for line in words.splitlines())


def test_operators_are_the_ones_each_country_teaches() -> None:
    assert check("2 x 3 = 6").lines[0] == "Yes! 2 × 3 = 6 works."
    for lang in TRANSLATED:
        with language(lang):
            headline = check("2 x 3 = 6").lines[0]
            assert "2 · 3 = 6" in headline
            assert "6 : 2 = 3" in " ".join(check("6 / 2 = 3").lines)


def test_no_message_hides_inside_an_f_string() -> None:
    """Babel cannot see a _() call inside an f-string on this Python: its words would never
    be translated. Words are made first, then put into the f-string."""
    hidden = []
    for path in sorted((ROOT / "sq2edu").rglob("*.py")):
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                prefix = token.string[:2].lower()
                if token.type == tokenize.STRING and "f" in prefix and "_(" in token.string:
                    hidden.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert hidden == []
