"""The Equation Lab: practise equations with dealt cards, without a game around them.

>>> from sq2edu.ui import EquationLab
>>> lab = EquationLab(seed=2, operations="+-")
>>> lab.state["view"]["prompt"]
'Make an equation with your cards.'

The same equation builder as the card table (and the same browser module), the same checks,
words and hints; each right equation deals new cards, and scores a star when the child
found it on their own (not one the Lab had shown them).

With a level of practice (:data:`sq2edu.practice.LEVELS`) the Lab deals with
:func:`sq2edu.practice.next_deal`: aimed at the child's weakest skill, stepping back or up
between the levels of ``levels``, and showing the child where they are:

>>> lab = EquationLab(level="tables-2-5-10", seed=1)
>>> lab.state["level"]["title"], lab.state["level"]["stars"]
('Tables of 2, 5 and 10', 0)
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import anywidget
import traitlets

from sq2edu.equations import (
    MAX_LENGTH,
    Equation,
    Hint,
    Verdict,
    check,
    hints,
    parse_operations,
    solve,
)
from sq2edu.equations.model import SIGNS
from sq2edu.equations.remainder import with_rest
from sq2edu.i18n import N_, _, local_signs, ngettext
from sq2edu.practice import (
    LEVELS,
    RUN_BACK,
    RUN_UP,
    STARS,
    Deal,
    Level,
    available,
    next_deal,
    stars,
    step_back_due,
    tasks,
)
from sq2edu.progress.records import Attempt
from sq2edu.rescue.cards import CARDS, Kind
from sq2edu.ui.catalog import catalog
from sq2edu.ui.helping import Helping
from sq2edu.ui.speaking import Speaking
from sq2edu.ui.table import HINT_LIMIT, HINT_POLICIES, asset, hint_state

__all__ = ["EquationLab", "Task"]


class Task(Protocol):
    """A task set from outside the Lab (a lesson's exercise): its cards, its signs, what it
    asks, how an answer is checked and its hints; ``deal`` is the task as a deal of practice
    when it has a box or a remainder (which the builder then shows), else ``None``."""

    @property
    def cards(self) -> tuple[int, ...]: ...

    @property
    def operations(self) -> str: ...

    @property
    def deal(self) -> Deal | None: ...

    def prompt(self) -> str: ...

    def answer(self, text: str) -> Verdict: ...

    def ladder(self) -> Sequence[Hint]: ...


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
#: Cards past the Rescue's 10, drawn like its number cards: four of each number.
_COPIES = "abcd"
_PRACTICE_IDS = {value: [f"p{value}{copy}" for copy in _COPIES] for value in range(11, 101)}
_LARGEST = 100
#: What the Lab says when it moves a child to another level, and why (the level's title and
#: the run of answers that moved them fill in).
_MOVED = {
    "step-back": (
        N_("{n} tries went wrong the same way. Let's practise {level} for a while."),
        RUN_BACK,
    ),
    "step-up": (N_("{n} right in a row on your own! Next level: {level}."), RUN_UP),
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
    :param level: a level of practice to start at (a key of :data:`sq2edu.practice.LEVELS`);
        ``None`` deals at random from the Rescue's cards, as shaped by ``largest`` and
        ``length``.
    :param levels: the levels the child may move between, keys of
        :data:`sq2edu.practice.LEVELS` (the teacher's set of levels, in any order: the
        child moves through them in the order of ``LEVELS``); none (or only "") for every
        level the operations allow.
    :param history: the child's earlier attempts, newest first, which the adaptive choice
        reads (the Lab adds each new one).
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
        level: str | None = None,
        levels: Sequence[str] = (),
        history: Sequence[Attempt] = (),
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
        self.level: Level | None = None
        self.range: tuple[Level, ...] = ()
        self.dealt: Deal | None = None
        #: A task set from outside (a lesson's exercise), answered on the same cards until
        #: another is set; ``None`` while the Lab deals for itself.
        self.task: Task | None = None
        self.task_heading = ""
        #: Whether the catalog draws the cards past 10 (a level, or a task that needed them).
        self.big_cards = False
        self.moved = ""
        #: What :attr:`moved` is: a ``"level-up"`` is drawn as a celebration, a
        #: ``"step-back"`` and ``"new-cards"`` calmly; none of them is a warning.
        self.moved_kind = ""
        #: Says :attr:`moved` again, in the language of the moment.
        self._moved_said: Callable[[], str] = str
        #: Makes the verdict shown again, in the language of the moment (``None``: none can).
        self._told: Callable[[], dict[str, Any]] | None = None
        #: The first line of a right answer's verdict ("Yes! 2 + 3 = 5 works."), said above
        #: the new cards it dealt: the verdict box below the builder is for these cards.
        self.praise = ""
        if level is not None:
            self.range = available(self.operations, _chosen_levels(levels))
            if level not in LEVELS:
                raise ValueError(f"{level[:40]!r} is not a level of practice")
            if LEVELS[level] not in self.range:
                raise ValueError(f"the level {level} is not open to this class")
            self.level = LEVELS[level]
        #: The child's attempts, newest first.
        self.history: list[Attempt] = list(history)
        self.rng = random.Random(seed)
        self.hint_policy = hints
        self.help = Helping(hints)
        self.student = student
        #: Called with a dict for every equation checked (for the progress store).
        self.attempt_listeners: list[Callable[[dict[str, Any]], None]] = []
        #: Asked before an equation is checked: words that refuse it ("slow down"), or "".
        self.gate: Callable[[], str] | None = None
        #: Right answers on the child's own: at levels of practice, those of their history
        #: too, so the stars are still there when the Lab is opened again.
        self.right = sum(a.own for a in history if a.level) if level is not None else 0
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
        made = catalog()
        if self.level is not None or self.big_cards:
            for value, ids in _PRACTICE_IDS.items():
                for card_id in ids:
                    made["cards"][card_id] = {
                        "kind": "number",
                        "emoji": "",
                        "name": str(value),
                        "value": value,
                    }
        return made

    def deal(self) -> None:
        """New cards, always with at least one equation to find."""
        with self.speaking():
            self._deal()

    def set_task(self, task: Task, heading: str = "", helping: Helping | None = None) -> None:
        """Ask ``task`` on its own cards (a lesson's exercise); ``heading`` says which;
        ``helping`` is what was shown of it before (a child who comes back to it has still
        seen its worked example).

        :raises ValueError: for cards the Lab cannot show (past 100, or five of a number).
        """
        with self.speaking():
            self.task = task
            self.task_heading = heading
            self.dealt = task.deal
            self.moved = ""
            if self.level is None and not self.big_cards and any(c > 10 for c in task.cards):
                self.big_cards = True
                self.catalog = self.make_catalog()
            self._use_cards(task.cards, helping or Helping(self.hint_policy))

    def _deal(self) -> None:
        if self.task is not None:  # a set task keeps its cards: "new cards" clears the builder
            self._use_cards(self.task.cards, self.help)  # and what was shown of it stays
            return
        if self.level is not None:
            self._deal_level(self.level)
            return
        while True:
            values = sorted(self.rng.randint(1, self.largest) for _ in range(self.size))
            if max(values.count(v) for v in values) <= 4 and any(
                self._long_enough(equation) for equation in solve(values, self.operations)
            ):
                break
        self._use_cards(values)

    def _deal_level(self, level: Level) -> None:
        deal = next_deal(
            level, self.history, self.rng, operations=self.operations, levels=self.range
        )
        self.moved = ""
        self.moved_kind = ""
        if deal.level is not level:
            said, run = _MOVED[deal.reason]
            self.moved_kind = "level-up" if deal.reason == "step-up" else "step-back"
            moved_to = deal.level
            self._moved_said = lambda: _(said, n=run, level=_(moved_to.title))
            self.moved = self._moved_said()
        self.level = deal.level
        self.dealt = deal
        self._use_cards(deal.cards)

    def _long_enough(self, equation: Equation) -> bool:
        side = equation.operator_side
        cards = len(side.numbers) if side is not None else 0
        return self.length == "any" or (cards == 2) == (self.length == "two")

    def use_cards(self, values: Sequence[int]) -> None:
        """Put these number cards on the table (a lesson's exercise, say).

        :raises ValueError: for a card that is not a number from 1 to 10 (to 100 at a level
            of practice), or more than four of one number (the deck has four of each).
        """
        with self.speaking():
            self.dealt = None
            self._use_cards(values)

    def _use_cards(self, values: Sequence[int], helping: Helping | None = None) -> None:
        """Put ``values`` on the table; nothing of them has been shown yet, unless
        ``helping`` says what has."""
        values = sorted(values)
        largest = 10 if self.level is None and self.task is None else _LARGEST
        if not values or any(not 1 <= v <= largest for v in values):
            raise ValueError(f"number cards go from 1 to {largest}")
        if any(values.count(v) > 4 for v in values):
            raise ValueError("the deck has only four cards of each number")
        used: dict[int, int] = {}
        self.cards = []
        for value in values:
            ids = _IDS_BY_VALUE[value] if value <= 10 else _PRACTICE_IDS[value]
            self.cards.append(ids[used.get(value, 0)])
            used[value] = used.get(value, 0) + 1
        self.deals += 1
        self.verdict: dict[str, Any] | None = None
        self.praise = ""
        if helping is None:
            self.help.clear()
        else:
            self.help = helping
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
        self.praise = ""
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
        box = intent.get("box")
        if box is not None:
            if self.dealt is None or self.dealt.missing is None or box not in self.cards:
                return None
            return self.dealt.shown.replace("□", str(_card_value(box)))
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
        left = f" {SIGNS[sign].value} ".join(str(_card_value(c)) for c in cards)
        built = f"{left} = {_card_value(result)}"
        rest = intent.get("rest")
        if rest is None or self.dealt is None or self.dealt.level.kind != "remainder":
            return built
        if not isinstance(rest, str) or rest not in self.cards or rest in [*cards, result]:
            return None
        return with_rest(built, _card_value(rest))

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
        values = [_card_value(c) for c in self.cards]
        answer = self._answering(values)
        verdict = answer(text)
        typed = text
        if self.dealt is not None and self.dealt.missing is not None:
            text = verdict.text  # a number typed for the box is kept as the equation it makes
        self.tries += 1
        hint_level = self.help.level(verdict)
        helped = self.help.helped(verdict)
        # A star is a right equation found on the child's own, as the store keeps it: one
        # the Lab had shown (a worked example, a near miss) is cheered but earns none, so the
        # stars are the same when the Lab is opened again.
        self.right += verdict.ok and not helped
        self.verdict = self.help.verdict(verdict, text, values)
        helping, shown = self.help, text
        self._told = lambda: helping.retold(answer(typed), shown, values)
        attempt = {
            "player": self.student,
            "text": text if len(text) <= MAX_LENGTH else text[:MAX_LENGTH],
            "numbers": list(verdict.numbers),
            "ok": verdict.ok,
            "codes": list(verdict.codes),
            "typed": "text" in intent,
            "hint_level": hint_level,
            "helped": helped,
            "cards": values,
            "level": self.level.key if self.level is not None else "",
        }
        self.history.insert(0, _as_attempt(attempt, verdict.text))
        if self.task is None and (
            verdict.ok or (self.level is not None and step_back_due(self.level, self.history))
        ):
            kept = self.verdict
            self._deal()
            if verdict.ok:
                # A "Yes!" beside new cards reads as a verdict on them: the praise is said
                # above them with its equation, as about the cards before, and the box below
                # the builder is empty, for what the child makes of these.
                self.praise = kept["lines"][0] if kept and kept["lines"] else ""
            else:
                # What went wrong the same way three times is worth reading on: the verdict
                # stays, said to be about the cards before.
                self.verdict = kept
                if not self.moved:
                    self.moved_kind = "new-cards"
                    self._moved_said = lambda: _(
                        "Here are new cards to try. The check below is about your cards before."
                    )
                    self.moved = self._moved_said()
        if verdict.ok and helped and self.task is None and not self.moved:
            self.message = _("A star is for an equation you find on your own.")
        # The child sees the verdict first: keeping the attempt may wait for the class's
        # store (on a school's hub, a call to its class service).
        self._publish()
        for listener in self.attempt_listeners:
            listener(attempt)

    def _answering(self, values: list[int]) -> Callable[[str], Verdict]:
        """How an equation made of these cards is checked, as the Lab asks now."""
        task, dealt, operations = self.task, self.dealt, self.operations
        if task is not None:
            return task.answer
        if dealt is not None:
            return lambda text: tasks.answer(dealt, text, operations)
        return lambda text: check(text, values, operations)

    def _ladder(self) -> Sequence[Hint]:
        if self.task is not None:
            return self.task.ladder()
        if self.dealt is not None:
            return tasks.ladder(self.dealt)
        return hints([_card_value(c) for c in self.cards], self.operations)

    def retell(self) -> None:
        # A message answers the child's last click, and the last click was the language.
        self.message = ""
        if self.moved:
            self.moved = self._moved_said()
        told = None
        if self._told is not None and (self.verdict is not None or self.praise):
            told = self._told()
        if self.verdict is not None:
            self.verdict = told
        if self.praise:
            self.praise = told["lines"][0] if told and told["lines"] else ""
        if self.help.rungs:
            self.help.retell(self._ladder())

    def _hint(self) -> None:
        if self.hint_policy == "off":
            self.message = _("Hints are off in this class. You can do it!")
        elif self.hint_policy == "limited" and len(self.help.rungs) >= HINT_LIMIT:
            self.message = _("You have used all your hints for these cards.")
        else:
            self.help.climb(self._ladder())
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
                "operations": self._operations(),
                "prompt": self._prompt(),
                "box": local_signs(self.dealt.shown) if self.dealt and self.dealt.shown else None,
                "rest": bool(self.dealt and self.dealt.level.kind == "remainder"),
                "legal_actions": [],
                "roll": None,
            },
            "seat": 0,
            "builder": True,
            "names": [self.student],
            "curtain": None,
            "winner": None,
            "message": self.message or self.moved,
            # The message's kind: a warning, unless it is the Lab's news of a move.
            "note": "" if self.message or not self.moved else self.moved_kind,
            "verdict": self.verdict,
            "praise": self.praise,
            "level": self._level_state(),
            "lesson": self.task_heading or None,
            "score": {"right": self.right, "tries": self.tries},
            "score_text": ngettext("{n} star", "{n} stars", self.right),
            "hints": hint_state(
                self.hint_policy, self.help.rungs, HINT_LIMIT - len(self.help.rungs)
            ),
            "red_knight": False,
        }

    def _operations(self) -> str:
        if self.task is not None:
            return self.task.operations
        return tasks.asked(self.dealt) if self.dealt else self.operations

    def _prompt(self) -> str:
        if self.task is not None:
            return self.task.prompt()
        return tasks.prompt(self.dealt) if self.dealt else _(_LENGTH_PROMPTS[self.length])

    def _level_state(self) -> dict[str, Any] | None:
        """Where the child is: the level's name and its stars (None outside the levels)."""
        if self.level is None:
            return None
        return {
            "key": self.level.key,
            "title": _(self.level.title),
            "stars": stars(self.level, self.history),
            "of": STARS,
            # Just moved up: the row of stars is empty because it is new, and says so.
            "fresh": self.moved_kind == "level-up" and bool(self.moved),
        }


def _card_value(card_id: str) -> int:
    """The number on a card of the Rescue or of a level of practice."""
    if card_id in CARDS:
        return int(CARDS[card_id].value or 0)
    return int(card_id[1:-1])


def _as_attempt(attempt: dict[str, Any], text: str) -> Attempt:
    """What the adaptive choice reads of an attempt just made."""
    return Attempt.from_dict(
        {**attempt, "student": attempt["player"], "text": text, "where": "lab"}
    )


def _chosen_levels(keys: Sequence[str]) -> tuple[Level, ...]:
    """The levels named by ``keys`` in :data:`LEVELS` order; every level for none.

    :raises ValueError: for a key that is not a level.
    """
    chosen = {key for key in keys if key}
    unknown = sorted(chosen - set(LEVELS))
    if unknown:
        raise ValueError(f"{unknown[0][:40]!r} is not a level of practice")
    return tuple(level for key, level in LEVELS.items() if not chosen or key in chosen)
