"""The one translation layer for every child-facing word.

Message ids are the English text (gettext convention), with named ``{placeholders}`` that
are filled in *after* translation, so a translator may move them around freely::

    _("{a} + {b} makes {total}.", a=2, b=3, total=5)

The active language lives in a :class:`contextvars.ContextVar`, so two tables (or two
students' kernels) can speak different languages without stepping on each other.
Catalogs are standard gettext files under ``sq2edu/locale/<lang>/LC_MESSAGES`` (``.po``
for translators, compiled to ``.mo`` for reading), made with Babel from the template
``sq2edu/locale/sq2edu.pot`` (``make messages``); English is the source language.

Operators are shown as children learn them: ``×`` and ``÷`` in English, the dot ``·`` and
the colon ``:`` in Russian and Norwegian schools. Equations are kept and saved with ``×``
and ``÷``; :func:`_` and :func:`ngettext` write every shown message with the local signs,
and :func:`local_signs` does the same for text shown without a message.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "_",
    "get_language",
    "language",
    "local_signs",
    "missing",
    "ngettext",
    "set_language",
]

#: Languages sq2edu speaks: English (the source), Russian and Norwegian Bokmål.
LANGUAGES: tuple[str, ...] = ("en", "ru", "nb")
#: Each language's name in itself, for a menu.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский", "nb": "Norsk bokmål"}
#: The multiplication and division signs children learn, where they differ from × and ÷.
_LOCAL_SIGNS: dict[str, dict[int, str]] = {
    "ru": str.maketrans({"×": "·", "÷": ":"}),
    "nb": str.maketrans({"×": "·", "÷": ":"}),
}
_DOMAIN = "sq2edu"
_LOCALE_DIR = Path(__file__).with_name("locale")
_active: ContextVar[str] = ContextVar("sq2edu_language", default="en")


@cache
def _catalog(lang: str) -> _gettext.NullTranslations:
    return _gettext.translation(_DOMAIN, _LOCALE_DIR, languages=[lang], fallback=True)


def get_language() -> str:
    """Return the language code active in this context."""
    return _active.get()


def set_language(lang: str) -> None:
    """Make ``lang`` the active language for this context.

    :raises ValueError: if sq2edu does not speak ``lang``.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _active.set(lang)


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside a ``with`` block, then go back to the previous language."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    token = _active.set(lang)
    try:
        yield
    finally:
        _active.reset(token)


def N_(message: str, /) -> str:  # noqa: N802 - the name gettext tools look for
    """Mark a message kept in a table (a card's name, a button's word) for translation.

    It returns ``message`` unchanged: the text is translated with :func:`_` where it is
    shown. The mark lets the message extractor find it.
    """
    return message


def _(message: str, /, **values: object) -> str:
    """Translate ``message`` into the active language and fill in its placeholders."""
    text = _catalog(_active.get()).gettext(message)
    return local_signs(text.format(**values) if values else text)


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """Translate a message whose wording depends on the number ``n`` (``{n}`` is filled in)."""
    text = _catalog(_active.get()).ngettext(singular, plural, n)
    return local_signs(text.format(n=n, **values))


def local_signs(text: str) -> str:
    """``text`` with the multiplication and division signs of the active language."""
    signs = _LOCAL_SIGNS.get(_active.get())
    return text.translate(signs) if signs else text


def missing(lang: str) -> list[str]:
    """The messages that ``lang`` has no translation for (empty when it is complete).

    Read from the translators' ``.po`` file against the template of every message in
    sq2edu; an untranslated, partly translated or fuzzy message counts as missing.

    :raises ValueError: if sq2edu does not speak ``lang``.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    from babel.messages.pofile import read_po

    with (_LOCALE_DIR / f"{_DOMAIN}.pot").open("rb") as template:
        wanted = [m.id for m in read_po(template) if m.id]
    if lang == "en":
        return []
    path = _LOCALE_DIR / lang / "LC_MESSAGES" / f"{_DOMAIN}.po"
    if not path.exists():
        return [m if isinstance(m, str) else m[0] for m in wanted]
    with path.open("rb") as po:
        catalog = read_po(po)
    gaps: list[str] = []
    for message_id in wanted:
        found = catalog.get(message_id)
        strings = found.string if found is not None else ""
        done = all(strings) if isinstance(strings, tuple) else bool(strings)
        if found is None or found.fuzzy or not done:
            gaps.append(message_id if isinstance(message_id, str) else message_id[0])
    return gaps
