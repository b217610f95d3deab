"""A widget that speaks a language of its own, whatever the kernel around it speaks."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sq2edu.i18n import LANGUAGES, get_language, language

__all__ = ["Speaking"]


class Speaking:
    """Mixed into the table and the Lab: their language, and switching it while in use.

    A widget keeps its own language because one kernel may serve children who read
    different ones; every entry point (a click, a computer's move) runs inside
    :meth:`speaking`.
    """

    language: str
    catalog: dict[str, Any]

    def choose_language(self, lang: str | None) -> None:
        """Take ``lang`` (``None``: the active language) as this widget's language.

        :raises ValueError: if sq2edu does not speak ``lang``.
        """
        chosen = lang or get_language()
        if chosen not in LANGUAGES:
            raise ValueError(f"language is one of {', '.join(LANGUAGES)}")
        self.language = chosen

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """Make the widget's language the active one (the kernel may be speaking another)."""
        with language(self.language):
            yield

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: every word on the widget changes at once.

        :raises ValueError: if sq2edu does not speak ``lang``.
        """
        self.choose_language(lang)
        with self.speaking():
            self.catalog = self.make_catalog()
            self.retell()
            self._publish()

    def retell(self) -> None:
        """Say again, in the new language, what the widget keeps as words (a verdict)."""

    def make_catalog(self) -> dict[str, Any]:
        """Every card's drawing and every word, in the active language."""
        raise NotImplementedError

    def _publish(self) -> None:
        raise NotImplementedError
