"""What a child has been shown of an answer: the hint ladder and the checker's near misses.

The table and the Lab share it. It decides two things a teacher relies on:

- The checker's near miss ("With your 7: 2 + 5 = 7 works!") is an answer handed over with
  a wrong try, so it is shown only when hints are ``"free"``. With hints ``"limited"`` the
  child climbs the hint ladder, which counts; with hints ``"off"`` nothing gives an answer:
  not even "1 + 1 makes 2, not 10" when the child has a 2, which is said "1 + 1 is less
  than 10" instead (the child still learns which way to look).
- A right equation the child was shown (by the ladder's worked example, by a near miss, or
  by a verdict that named what their side makes when they have that card) is recorded as
  helped (hint level 3), so copying it never counts as their own in the mastery grid nor
  earns a star; so is any attempt once the worked example is shown (:meth:`Helping.helped`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from sq2edu.equations import Equation, Verdict, check
from sq2edu.equations.hints import Hint
from sq2edu.equations.model import Side
from sq2edu.equations.untold import names, numbers_in, untold
from sq2edu.i18n import local_signs

__all__ = ["WORKED_EXAMPLE", "Helping", "completions", "shown_verdict"]

#: The hint level recorded when the child had been shown the equation they made.
WORKED_EXAMPLE = 3

_Key = tuple[str, tuple[tuple[int, int], ...]]


def _key(equation: Equation) -> _Key:
    """The same equation, whichever order its cards were put in."""
    op = equation.operation
    return (op.value if op else "", tuple(sorted(Counter(equation.numbers).items())))


def completions(verdict: Verdict, cards: Sequence[int]) -> dict[int, Equation]:
    """The right equations, made of ``cards``, that a wrong try's verdict could hand over by
    naming one number: a side the child wrote (or the start of it, which the working walks
    through) and what it makes, by that number. The child's own equation is not one."""
    equation = verdict.equation
    if verdict.ok or equation is None:
        return {}
    sides = [side for side in (equation.left, equation.right) if side.ops]
    for side in list(sides):
        op = side.ops[0]
        if len(set(side.ops)) == 1:
            sides += [Side.chain(side.numbers[:end], op) for end in range(2, len(side.numbers))]
    own = _key(equation)
    found: dict[int, Equation] = {}
    for value in sorted(numbers_in(" ".join(verdict.lines))):
        for side in sides:
            try:
                made = check(f"{side.text} = {value}", cards)
            except ValueError:
                continue
            if made.ok and made.equation is not None and _key(made.equation) != own:
                found[value] = made.equation
    return found


def shown_verdict(verdict: Verdict, text: str, suggest: bool) -> dict[str, Any]:
    """What the browser draws of a verdict, in the local signs."""
    return {
        "ok": verdict.ok,
        "text": local_signs(verdict.shown if verdict.equation else text[:60]),
        "lines": [local_signs(line) for line in verdict.shown_lines(suggest)],
        "codes": list(verdict.codes),
    }


class Helping:
    """The help shown for one set of cards (a turn, or a deal in the Lab).

    :param policy: ``"free"``, ``"limited"`` or ``"off"`` (see the module's docstring).
    """

    def __init__(self, policy: str) -> None:
        self.policy = policy
        self.rungs: list[str] = []
        self._revealed: set[_Key] = set()
        self._worked = False

    def clear(self) -> None:
        """New cards: nothing has been shown of them yet."""
        self.rungs = []
        self._revealed = set()
        self._worked = False

    @property
    def suggests(self) -> bool:
        """Whether a wrong try may name an equation that works."""
        return self.policy == "free"

    def verdict(
        self, verdict: Verdict, text: str, cards: Sequence[int] | None = None
    ) -> dict[str, Any]:
        """The verdict to draw for a try with ``cards`` (the number cards the child holds);
        what it shows of a right equation is remembered as shown. With hints off it names
        nothing that would complete one."""
        shown, revealed = self._told(verdict, text, cards)
        self._revealed |= revealed
        return shown

    def retold(
        self, verdict: Verdict, text: str, cards: Sequence[int] | None = None
    ) -> dict[str, Any]:
        """A verdict drawn before, drawn again (in another language): it shows nothing new."""
        return self._told(verdict, text, cards)[0]

    def _told(
        self, verdict: Verdict, text: str, cards: Sequence[int] | None
    ) -> tuple[dict[str, Any], set[_Key]]:
        named = completions(verdict, cards) if cards is not None else {}
        if self.policy == "off" and named:
            verdict = untold(verdict, set(named))
        revealed: set[_Key] = set()
        if self.suggests and verdict.suggested is not None:
            revealed.add(_key(verdict.suggested))
        for value, equation in named.items():
            if any(names(line, {value}, verdict) for line in verdict.shown_lines(self.suggests)):
                revealed.add(_key(equation))
        return shown_verdict(verdict, text, self.suggests), revealed

    def retell(self, ladder: Sequence[Hint]) -> None:
        """Say the rungs shown again from ``ladder``, the same rungs in another language."""
        self.rungs = [local_signs(rung.text) for rung in ladder[: len(self.rungs)]]

    def climb(self, ladder: Sequence[Hint]) -> bool:
        """Show the next rung of ``ladder``; ``False`` when every rung is shown already."""
        if len(self.rungs) >= len(ladder):
            return False
        rung = ladder[len(self.rungs)]
        self.rungs.append(local_signs(rung.text))
        if rung.level >= WORKED_EXAMPLE and rung.equation is not None and rung.possible:
            self._revealed.add(_key(rung.equation))
            self._worked = True
        return True

    def helped(self, verdict: Verdict) -> bool:
        """Whether an attempt was helped: the worked example had been shown for these cards,
        or the attempt is an equation the child had been shown."""
        return self._worked or (
            verdict.equation is not None and _key(verdict.equation) in self._revealed
        )

    def level(self, verdict: Verdict) -> int:
        """The hint level to record with an attempt: how much of it the child was shown."""
        if verdict.equation is not None and _key(verdict.equation) in self._revealed:
            return WORKED_EXAMPLE
        return len(self.rungs)
