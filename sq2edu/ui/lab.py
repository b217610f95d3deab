"""The Equation Lab: practise equations with dealt cards, without a game around them.

>>> from sq2edu.ui import EquationLab
>>> lab = EquationLab(seed=2, operations="+-")
>>> lab.state["view"]["prompt"]
'Make an equation with your cards.'

The same equation builder as the card table (and the same browser module), the same checks,
words and hints; each right equation scores a star and deals new cards.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import traitlets

from sq2edu.equations import MAX_LENGTH, Equation, check, hints, parse_operations, solve
from sq2edu.equations.model import SIGNS
from sq2edu.i18n import N_, _, ngettext
from sq2edu.rescue.cards import CARDS, Kind
from sq2edu.ui.catalog import catalog
from sq2edu.ui.helping import Helping
from sq2edu.ui.speaking import Speaking
from sq2edu.ui.table import HINT_LIMIT, HINT_POLICIES, asset, hint_state

__all__ = ["EquationLab"]

#: What the Lab asks for, by the length of equation a group practises.
_LENGTH_PROMPTS = {
    "any": N_("Make an equation with your cards."),
    "two": N_("Make an equation with two cards and an answer."),
    "more": N_("Make an equation with three or more cards and an answer."),
}

_LOG = logging.getLogger("sq2edu.ui")

_IDS_BY_VALUE = {
    value: [c.id for c in CARDS.values() if c.kind is Kind.NUMBER and c.value == value]
    for value in range(1, 11)
}


class EquationLab(Speaking, anywidget.AnyWidget):
    """Equations to practise with dealt number cards, a score, and the hint ladder.

    :param operations: the signs the class uses (``"+−"`` for a class without × and ÷).
    :param cards: how many number cards each deal has (3 to 8).
    :param seed: makes the deals repeatable.
    :param hints: ``"free"``, ``"limited"`` (three rungs a deal) or ``"off"``.
    :param student: the name attempts are recorded under.
    :param language: ``"en"``, ``"ru"`` or ``"nb"``; by default the active language.
    :param largest: the largest number card dealt (3 to 10): a group's focus on small
        numbers.
    :param length: ``"any"``, ``"two"`` (every deal has an equation of two cards and an
        answer) or ``"more"`` (of three or more cards and an answer).
    """

    _esm = asset("table.js")
    _css = asset("table.css")

    state = traitlets.Dict().tag(sync=True)
    catalog = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        operations: str = "+−×÷",
        cards: int = 5,
        seed: int | None = None,
        hints: str = "free",
        student: str = "",
        language: str | None = None,
        largest: int = 10,
        length: str = "any",
    ) -> None:
        super().__init__()
        self.choose_language(language)
        if not 3 <= largest <= 10:
            raise ValueError("the largest card is 3 to 10")
        if length not in _LENGTH_PROMPTS:
            raise ValueError(f"length is one of {', '.join(_LENGTH_PROMPTS)}")
        self.largest = largest
        self.length = length
        if hints not in HINT_POLICIES:
            raise ValueError(f"hints is one of {', '.join(HINT_POLICIES)}")
        if not 3 <= cards <= 8 or (length == "more" and cards < 4):
            raise ValueError("a deal has 3 to 8 cards (4 or more for longer equations)")
        self.operations = "".join(
            op.value for op in sorted(parse_operations(operations), key=lambda o: o.order)
        )
        if not self.operations:
            raise ValueError("choose at least one operation")
        self.size = cards
        self.rng = random.Random(seed)
        self.hint_policy = hints
        self.help = Helping(hints)
        self.student = student
        #: Called with a dict for every equation checked (for the progress store).
        self.attempt_listeners: list[Callable[[dict[str, Any]], None]] = []
        #: Asked before an equation is checked: words that refuse it ("slow down"), or "".
        self.gate: Callable[[], str] | None = None
        self.right = 0
        self.tries = 0
        self.deals = 0
        self.on_msg(lambda _widget, content, _buffers: self.handle(content))
        with self.speaking():
            self.catalog = self.make_catalog()
            self._deal()

    def __repr__(self) -> str:
        # Short and stable: a notebook stores this as the widget's plain-text output.
        return (
            f"EquationLab(operations={self.operations!r}, cards={self.size},"
            f" hints={self.hint_policy!r})"
        )

    def make_catalog(self) -> dict[str, Any]:
        return catalog()

    def deal(self) -> None:
        """New cards, always with at least one equation to find."""
        with self.speaking():
            self._deal()

    def _deal(self) -> None:
        while True:
            values = sorted(self.rng.randint(1, self.largest) for _ in range(self.size))
            if max(values.count(v) for v in values) <= 4 and any(
                self._long_enough(equation) for equation in solve(values, self.operations)
            ):
                break
        self._use_cards(values)

    def _long_enough(self, equation: Equation) -> bool:
        side = equation.operator_side
        cards = len(side.numbers) if side is not None else 0
        return self.length == "any" or (cards == 2) == (self.length == "two")

    def use_cards(self, values: Sequence[int]) -> None:
        """Put these number cards on the table (a lesson's exercise, say).

        :raises ValueError: for a card that is not a number from 1 to 10, or more than
            four of one number (the deck has four of each).
        """
        with self.speaking():
            self._use_cards(values)

    def _use_cards(self, values: Sequence[int]) -> None:
        values = sorted(values)
        if not values or any(not 1 <= v <= 10 for v in values):
            raise ValueError("number cards go from 1 to 10")
        if any(values.count(v) > 4 for v in values):
            raise ValueError("the deck has only four cards of each number")
        used: dict[int, int] = {}
        self.cards = []
        for value in values:
            self.cards.append(_IDS_BY_VALUE[value][used.get(value, 0)])
            used[value] = used.get(value, 0) + 1
        self.deals += 1
        self.verdict: dict[str, Any] | None = None
        self.help.clear()
        self.message = ""
        self._publish()

    def handle(self, intent: Any) -> None:
        """Act on an intent from the browser: ``check``, ``hint`` or ``deal``."""
        with self.speaking():
            try:
                self._handle(intent)
            except Exception:
                # Our own mistake: the traceback is for the log, kind words for the child.
                _LOG.exception("the Lab failed on %r", intent)
                self.message = _("Something went wrong. Try again, or ask your teacher.")
                self._publish()

    def _handle(self, intent: Any) -> None:
        self.message = ""
        kind = intent.get("intent") if isinstance(intent, dict) else None
        if kind == "deal":
            self._deal()
        elif kind == "hint":
            self._hint()
        elif kind == "check":
            self._check(intent)
        else:
            self.message = _("I didn't understand that click.")
            self._publish()

    def _equation(self, intent: dict[str, Any]) -> str | None:
        typed = intent.get("text")
        if isinstance(typed, str):
            return typed
        cards, result, sign = intent.get("cards"), intent.get("result"), intent.get("op")
        if (
            not isinstance(cards, list)
            or not isinstance(result, str)
            or not isinstance(sign, str)
            or sign not in SIGNS
            or not all(isinstance(c, str) and c in self.cards for c in [*cards, result])
            or len({*cards, result}) != len(cards) + 1
        ):
            return None
        left = f" {SIGNS[sign].value} ".join(str(CARDS[c].value) for c in cards)
        return f"{left} = {CARDS[result].value}"

    def _check(self, intent: dict[str, Any]) -> None:
        refusal = self.gate() if self.gate is not None else ""
        if refusal:
            self.message = refusal
            self._publish()
            return
        text = self._equation(intent)
        if text is None:
            self.message = _("Put your number cards in the equation first.")
            self._publish()
            return
        values = [CARDS[c].value for c in self.cards]
        verdict = check(text, values, self.operations)
        self.tries += 1
        self.right += verdict.ok
        hint_level = self.help.level(verdict)
        self.verdict = self.help.verdict(verdict, text)
        attempt = {
            "player": self.student,
            "text": text if len(text) <= MAX_LENGTH else text[:MAX_LENGTH],
            "numbers": list(verdict.equation.numbers) if verdict.equation else [],
            "ok": verdict.ok,
            "codes": list(verdict.codes),
            "typed": "text" in intent,
            "hint_level": hint_level,
            "cards": values,
        }
        for listener in self.attempt_listeners:
            listener(attempt)
        if verdict.ok:
            kept = self.verdict
            self._deal()
            self.verdict = kept
        self._publish()

    def _hint(self) -> None:
        if self.hint_policy == "off":
            self.message = _("Hints are off in this class. You can do it!")
        elif self.hint_policy == "limited" and len(self.help.rungs) >= HINT_LIMIT:
            self.message = _("You have used all your hints for these cards.")
        else:
            self.help.climb(hints([CARDS[c].value for c in self.cards], self.operations))
        self._publish()

    def _publish(self) -> None:
        self.state = {
            "mode": "lab",
            "view": {
                "players": [
                    {
                        "name": self.student,
                        "realm": list(self.cards),
                        "sleeping": [],
                        "companions": [],
                        "kings": [],
                        "drawn": [],
                        "knight": None,
                        "limit": self.size,
                    }
                ],
                "current_player": 0,
                "phase": "actions",
                "turn": self.deals,
                "operations": self.operations,
                "prompt": _(_LENGTH_PROMPTS[self.length]),
                "legal_actions": [],
                "roll": None,
            },
            "seat": 0,
            "builder": True,
            "names": [self.student],
            "curtain": None,
            "winner": None,
            "message": self.message,
            "verdict": self.verdict,
            "score": {"right": self.right, "tries": self.tries},
            "score_text": ngettext("{n} star", "{n} stars", self.right),
            "hints": hint_state(
                self.hint_policy, self.help.rungs, HINT_LIMIT - len(self.help.rungs)
            ),
            "red_knight": False,
        }
