"""The one translation layer for every child-facing word.

Message ids are the English text (gettext convention), with named ``{placeholders}`` that
are filled in *after* translation, so a translator may move them around freely::

    _("{a} + {b} makes {total}.", a=2, b=3, total=5)

The active language lives in a :class:`contextvars.ContextVar`, so two tables (or two
students' kernels) can speak different languages without stepping on each other.
Catalogs are standard gettext ``.mo`` files under ``sq2edu/locale/<lang>/LC_MESSAGES``;
English is the source language and needs none.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = ["LANGUAGES", "_", "get_language", "language", "ngettext", "set_language"]

#: Languages sq2edu speaks. English is the source; others load gettext catalogs when present.
LANGUAGES: tuple[str, ...] = ("en",)
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


def _(message: str, /, **values: object) -> str:
    """Translate ``message`` into the active language and fill in its placeholders."""
    text = _catalog(_active.get()).gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """Translate a message whose wording depends on the number ``n`` (``{n}`` is filled in)."""
    text = _catalog(_active.get()).ngettext(singular, plural, n)
    return text.format(n=n, **values)
