"""Small pieces of child-facing wording shared by the checker and the hints."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sq2edu.equations.arithmetic import Step
from sq2edu.equations.model import Op
from sq2edu.i18n import _

__all__ = ["join_and", "number", "signs", "step_text", "walk_sentence"]


def number(value: object) -> str:
    """A number as a child reads it, with a real minus sign below zero."""
    return str(value).replace("-", "−")


def join_and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def signs(ops: Iterable[Op]) -> str:
    """The signs of some operations in the usual order: ``+ and ×``."""
    return join_and([op.value for op in sorted(ops, key=lambda op: op.order)])


def step_text(step: Step) -> str:
    """``2 + 3 = 5``."""
    return f"{number(step.left)} {step.op.value} {step.right} = {number(step.result)}"


def walk_sentence(steps: Sequence[Step]) -> str:
    """``2 + 3 = 5, then 5 + 3 = 8.``"""
    parts = [step_text(step) for step in steps]
    sentence = parts[0]
    for part in parts[1:]:
        sentence = _("{before}, then {after}", before=sentence, after=part)
    return sentence + "."
