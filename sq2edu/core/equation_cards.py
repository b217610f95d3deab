"""Number cards played as an equation, the same way in every edition: the cards must be
the player's own, the equation right and made of exactly those cards; and the equations a
hand can make, one per distinct equation.

Verdicts and the equations of a hand are remembered: :meth:`sq2edu.core.Game.verify` and
:meth:`~sq2edu.core.Game.apply` ask the same question, and computer players ask it again
and again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from functools import lru_cache

from sq2edu.core.errors import IllegalActionError
from sq2edu.equations import MAX_LENGTH, Verdict, check, solve
from sq2edu.i18n import _, get_language

__all__ = ["equation_choices", "judge", "require_own", "require_right"]


def judge(text: str, values: tuple[int, ...], operations: str, adjust: bool = False) -> Verdict:
    """The verdict on ``text`` made from cards of these ``values`` (see
    :func:`sq2edu.equations.check`)."""
    if len(text) > MAX_LENGTH:  # pragma: no mutate (at MAX_LENGTH only the caching differs)
        # Too long: never kept. Not mutated: a text this long gets the same "too long" verdict
        # whatever the cards, the signs and the red knight.
        return check(text, values, operations, adjust=adjust)  # pragma: no mutate
    return _judge_once(text, values, operations, adjust, get_language())


@lru_cache(maxsize=4096)
def _judge_once(
    text: str, values: tuple[int, ...], operations: str, adjust: bool, _language: str
) -> Verdict:
    # The verdict holds words, so the language is part of the question.
    return check(text, values, operations, adjust=adjust)


def require_own(chosen: Sequence[str], numbers: Collection[str], message: str) -> None:
    """Refuse cards chosen twice, or that are not among the player's ``numbers``.

    :param message: what to say then (where the player's numbers are: hand or realm).
    :raises IllegalActionError: with ``message``.
    """
    if len(set(chosen)) != len(chosen) or not all(card in numbers for card in chosen):
        raise IllegalActionError(message)


def require_right(verdict: Verdict, values: tuple[int, ...]) -> None:
    """Refuse a wrong equation, or one that does not use exactly the cards chosen.

    :raises IllegalActionError: with the checker's first problem, in a child's words.
    """
    if not verdict.ok:
        raise IllegalActionError(verdict.problems[0].message)
    if Counter(verdict.cards_used) != Counter(values):
        raise IllegalActionError(_("Use each card you chose in the equation, and no others."))


@lru_cache(maxsize=4096)
def equation_choices(
    numbers: tuple[tuple[str, int], ...], operations: str, adjust: bool = False
) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Every distinct equation the number cards ``(id, value)`` make, as the card ids used
    (the first cards of each value) and the equation's text."""
    by_value: dict[int, list[str]] = {}
    for card, value in numbers:
        by_value.setdefault(value, []).append(card)
    found = []
    for equation in solve(sorted(value for _card, value in numbers), operations, adjust):
        used: Counter[int] = Counter()
        ids = []
        for value in equation.cards:
            ids.append(by_value[value][used[value]])
            used[value] += 1
        found.append((tuple(ids), equation.text))
    return tuple(found)
