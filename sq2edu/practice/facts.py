"""The equations a level is made of, by skill.

Every equation of a level belongs to one family, as in :func:`sq2edu.equations.solve`:
``a + b = s`` and its reverse forms ``s − b = a``, or ``a × b = p`` and ``p ÷ b = a``. The
operands come from the level's :attr:`~sq2edu.practice.levels.Level.operands`, and no number
of the equation is above its :attr:`~sq2edu.practice.levels.Level.largest`. A remainder
level's facts are divisions that leave something over: ``17 ÷ 5 = 3 r 2``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import prod

from sq2edu.equations import Equation, EquationSyntaxError, Op, parse
from sq2edu.equations.remainder import split_rest
from sq2edu.practice.levels import Level
from sq2edu.progress.records import SKILLS, skill_of

__all__ = ["Fact", "fact_of", "facts", "families", "skills_of"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One equation a deal may be built on.

    :ivar equation: the equation (for a remainder, the division without its rest).
    :ivar rest: what a division leaves over (0 for every other level).
    """

    equation: Equation
    rest: int = 0

    @property
    def cards(self) -> tuple[int, ...]:
        """The numbers a child needs as cards to make it."""
        return (*self.equation.numbers, self.rest) if self.rest else self.equation.numbers

    @property
    def skill(self) -> str:
        """The skill it practises (``"division-two"``)."""
        skill = skill_of(self.equation.text)
        assert skill is not None
        return skill

    @property
    def family(self) -> str | None:
        """The fact family it belongs to, as one fact is tracked (``"7×8"`` for 7 × 8 = 56,
        8 × 7 = 56, 56 ÷ 8 = 7 and 56 ÷ 7 = 8; ``"5+8"`` for 5 + 8 = 13 and 13 − 5 = 8);
        ``None`` for three numbers, which are not tracked singly."""
        return fact_of(self.text)

    @property
    def text(self) -> str:
        """The fact as children write it in English (``17 ÷ 5 = 3 r 2``)."""
        return f"{self.equation.text} r {self.rest}" if self.rest else self.equation.text


def fact_of(text: str) -> str | None:
    """The fact family an equation of two numbers and an answer practises, right or wrong:
    ``"7×8"`` for ``7 × 8 = 54`` and ``56 ÷ 8 = 7``, ``"5+8"`` for ``13 − 5 = 8``; ``None``
    for anything else (three numbers, no sign, text that is not an equation).

    >>> fact_of("8 × 7 = 54"), fact_of("56 ÷ 8 = 7"), fact_of("13 − 5 = 9")
    ('7×8', '7×8', '5+8')
    """
    try:
        equation = parse(split_rest(text)[0])
    except EquationSyntaxError:
        return None
    side, op = equation.operator_side, equation.operation
    if side is None or op is None or len(side.numbers) != 2:
        return None
    a, b = side.numbers
    if op is Op.SUB:
        a, b = b, a - b  # 13 − 5: the family of 5 and 8
    elif op is Op.DIV:
        if b == 0:
            return None
        a, b = b, a // b  # 56 ÷ 8: the family of 8 and 7 (17 ÷ 5 r 2: of 5 and 3)
    if a < 0 or b < 0:
        return None
    sign = "+" if op in (Op.ADD, Op.SUB) else "×"
    return f"{min(a, b)}{sign}{max(a, b)}"


_SKILL_OPS = {"addition": Op.ADD, "subtraction": Op.SUB, "multiplication": Op.MUL}
_SKILL_OPS["division"] = Op.DIV


def _op_of(skill: str) -> Op:
    return _SKILL_OPS[skill.split("-")[0]]


def skills_of(level: Level, operations: str = "+−×÷") -> tuple[str, ...]:
    """The skills a level trains with the class's ``operations``, in :data:`SKILLS` order:
    those that have at least one fact."""
    return tuple(
        skill
        for skill in SKILLS
        if _op_of(skill).value in level.operations
        and _op_of(skill).value in operations
        and facts(level, skill)
    )


@cache
def facts(level: Level, skill: str) -> tuple[Fact, ...]:
    """Every fact of ``level`` in ``skill``, in a fixed order (empty if it trains no such
    skill)."""
    if skill not in SKILLS:
        raise ValueError(f"{skill!r} is not a skill; the skills are {', '.join(SKILLS)}")
    op = _op_of(skill)
    size = 2 if skill.endswith("-two") else 3
    if op.value not in level.operations or size not in level.sizes:
        return ()
    if level.kind == "remainder":
        return _remainders(level) if skill == "division-two" else ()
    found: list[Fact] = []
    combine = Op.ADD if op in (Op.ADD, Op.SUB) else Op.MUL
    for operands in combinations_with_replacement(level.operands, size):
        result = sum(operands) if combine is Op.ADD else prod(operands)
        if result > level.largest or not _fits(level, operands, op):
            continue
        if op is combine:
            found.append(Fact(Equation.of(operands, op, result)))
            continue
        for moved in sorted(set(operands)):
            rest = list(operands)
            rest.remove(moved)
            if level.doubles and op is Op.DIV and rest != [2]:
                continue  # a half divides by 2; 14 ÷ 7 = 2 is not halving
            found.append(Fact(Equation.of((result, *rest), op, moved)))
    return tuple(found)


@cache
def families(level: Level, skill: str) -> dict[str, tuple[Fact, ...]]:
    """The facts of ``level`` in ``skill`` by fact family (:func:`fact_of`); facts of three
    numbers, which are not tracked singly, are left out."""
    found: dict[str, list[Fact]] = {}
    for fact in facts(level, skill):
        family = fact.family
        if family is not None:
            found.setdefault(family, []).append(fact)
    return {family: tuple(group) for family, group in found.items()}


def _fits(level: Level, operands: tuple[int, ...], op: Op) -> bool:
    """Whether a family's operands belong to the level's tables, doubles or bridges; no
    level is built on a fact of 1 times (7 × 1 = 7 and 7 ÷ 7 = 1 teach no table)."""
    if op in (Op.MUL, Op.DIV) and 1 in operands:
        return False
    if level.bridges and sum(operands) <= 10:
        return False
    if level.factors and not set(operands) & set(level.factors):
        return False
    if level.doubles:
        if op in (Op.ADD, Op.SUB):
            return len(set(operands)) == 1
        return 2 in operands
    return True


def _remainders(level: Level) -> tuple[Fact, ...]:
    found = []
    for divisor in level.operands:
        for answer in level.operands:
            for rest in range(1, divisor):
                number = divisor * answer + rest
                if number <= level.largest:
                    found.append(Fact(Equation.of((number, divisor), Op.DIV, answer), rest))
    return tuple(found)
