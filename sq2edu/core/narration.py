"""Putting an edition's events into words: how cards are named in a sentence, and one
narrator per edition built from a table of sentences, one for each kind of event.

An edition supplies ``{kind: words}``, where ``words(name, names, params)`` says what
happened (``name`` is the acting player's, ``names`` everyone's at the table);
:func:`narrator` registers the table, so that :attr:`sq2edu.core.Event.text` speaks it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol

from sq2edu.core.records import Event, register_narrator
from sq2edu.i18n import _

__all__ = ["NamedCard", "Words", "card_phrase", "cards_phrase", "narrator"]

#: The words of one kind of event: ``words(name, names, params)``.
Words = Callable[[str, Sequence[str], Mapping[str, Any]], str]


class NamedCard(Protocol):
    """What a sentence needs of a card: its kind, its name and its number."""

    @property
    def kind(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> int: ...


def card_phrase(card: NamedCard, definite: Collection[str]) -> str:
    """A card's name for a sentence: ``the 7``, ``the Rose Queen``, ``a Dragon``.

    :param definite: the kinds of card there is only one of, named with "the".
    """
    if card.kind == "number":
        return _("the {value}", value=card.value)
    if card.kind in definite:
        return _("the {name}", name=_(card.name))
    return _("a {name}", name=_(card.name))


def cards_phrase(cards: Sequence[NamedCard], definite: Collection[str]) -> str:
    """Several cards' names joined for a sentence: ``the 2, the 3 and the 5``."""
    from sq2edu.equations.words import join_and

    return join_and([card_phrase(card, definite) for card in cards])


def narrator(edition: str, words: Mapping[str, Words]) -> Callable[[Event], str]:
    """Register ``words`` as the way ``edition``'s events are said, and return the narrator.

    :raises KeyError: from the narrator, for an event kind ``words`` does not know (a game
        refuses such events when it loads).
    """

    def narrate(event: Event) -> str:
        name = event.names[event.player] if event.player is not None else ""
        return words[event.kind](name, event.names, event.params)

    narrate.__doc__ = f"The words for a {edition} event, in the active language."
    register_narrator(edition, narrate)
    return narrate
