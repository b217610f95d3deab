"""A widget that speaks a language of its own, whatever the kernel around it speaks."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sq2edu.equations.hint_policy import HINT_POLICIES
from sq2edu.i18n import LANGUAGES, get_language, language
from sq2edu.ui.helping import Helping

__all__ = ["Speaking"]


class Speaking:
    """Mixed into the table and the Lab: their language, and switching it while in use.

    A widget keeps its own language because one kernel may serve children who read
    different ones; every entry point (a click, a computer's move) runs inside
    :meth:`speaking`.
    """

    language: str
    catalog: dict[str, Any]
    hint_policy: str
    help: Helping

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

    def follow_hints(self, policy: str) -> None:
        """Give hints as the class does now: the teacher may change it while a child plays,
        and the child sees it at once (the hint button, what a wrong try is told)."""
        if policy == self.hint_policy or policy not in HINT_POLICIES:
            return
        with self.speaking():
            self.hint_policy = self.help.policy = policy
            self._publish()

    def retell(self) -> None:
        """Say again, in the new language, what the widget keeps as words (a verdict)."""

    def make_catalog(self) -> dict[str, Any]:
        """Every card's drawing and every word, in the active language."""
        raise NotImplementedError

    def _publish(self) -> None:
        raise NotImplementedError
