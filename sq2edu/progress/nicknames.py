"""The rules of a nickname: what a child may be called in the class, and what is too close
to a classmate's name.

A nickname is normalised (NFKC: a full-width "Ｍｉａ" is "Mia"), uses the letters of one
alphabet, and may not look like a classmate's on a screen. Names are compared by their
UTS #39 skeletons (:mod:`sq2edu.progress.confusables`), with case, accents, spaces and
hyphens folded away: "mia", "Mía", "Міа" (Cyrillic і and а), "Mıa" (dotless ı) and "Mɩa"
(Latin iota) all look like "Mia"; "EIla" (a capital I) looks like "Ella".
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from sq2edu.i18n import _
from sq2edu.progress.confusables import skeleton

__all__ = ["MAX_NICKNAME", "check_nickname", "lookalike_keys", "similar_names"]

MAX_NICKNAME = 20
_ALLOWED = re.compile(r"^[^\W_][\w -]*$")


def _scripts(name: str) -> set[str]:
    """The alphabets a name's letters come from (LATIN, CYRILLIC, ...)."""
    return {unicodedata.name(ch, "?").split()[0] for ch in name if ch.isalpha()}


def check_nickname(text: str) -> str:
    """A nickname ready to use, or :class:`ValueError` with a reason a child can read.

    The name is normalised (NFKC: a full-width "Ｍｉａ" is "Mia") and must use the letters of
    one alphabet.
    """
    name = unicodedata.normalize("NFKC", " ".join(str(text).split()))
    if not name:
        raise ValueError(_("Type your nickname first."))
    if not _ALLOWED.match(name):
        raise ValueError(_("Use letters and numbers only, like Mia or Leo2."))
    if len(name) > MAX_NICKNAME:
        raise ValueError(_("That is long! Use at most {n} letters.", n=MAX_NICKNAME))
    if len(_scripts(name)) > 1:
        raise ValueError(_("Use the letters of one alphabet in your nickname."))
    return name


def _plain(text: str) -> str:
    """``text`` without case, accents, spaces or hyphens."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if unicodedata.category(ch)[0] != "M" and ch not in " -")


@functools.lru_cache(maxsize=4096)
def lookalike_keys(name: str) -> frozenset[str]:
    """What ``name`` looks like on a screen: two names that share a key look alike.

    Two keys, since case and look-alike letters interact: the skeleton taken before the
    case is folded sees a capital I as an l ("EIla" is "Ella"), and the one taken after
    sees "ilsa" and "Ilsa" as one name.
    """
    return frozenset({skeleton(_plain(skeleton(name))), skeleton(_plain(name))})


def similar_names(name: str, others: Iterable[str]) -> list[str]:
    """The names among ``others`` that look like ``name`` (``name`` itself left out)."""
    keys = lookalike_keys(name)
    return [other for other in others if other != name and keys & lookalike_keys(other)]
