"""Check, explain and find the equations of *Sleeping Queens 2: The Rescue*.

To summon a rescue companion a child makes an equation from their number cards, with one
kind of operation only and operations on one side of ``=`` only::

    >>> from sq2edu.equations import check, solve
    >>> check("2 + 3 + 3 = 8", cards=[2, 3, 3, 8]).ok
    True
    >>> print(check("2 + 3 = 6", cards=[2, 3, 6]).explanation)
    Not yet.
    2 + 3 makes 5, not 6.
    Try ×: 2 × 3 = 6 works!
    >>> [str(e) for e in solve([2, 3, 6])]
    ['2 × 3 = 6', '6 ÷ 2 = 3', '6 ÷ 3 = 2']

Text a child types is read by a small tokenizer (:func:`parse`), never by ``eval`` or
``sympify``; the arithmetic is done exactly with sympy objects built from the numbers.
"""

from sq2edu.equations.check import PROBLEM_CODES, Problem, Verdict, check
from sq2edu.equations.hints import Hint, hints
from sq2edu.equations.model import (
    ALL_OPERATIONS,
    CARD_VALUES,
    Adjustment,
    Equation,
    Op,
    Side,
    parse_operations,
)
from sq2edu.equations.parse import MAX_LENGTH, EquationSyntaxError, parse
from sq2edu.equations.solve import solve

__all__ = [
    "ALL_OPERATIONS",
    "CARD_VALUES",
    "MAX_LENGTH",
    "PROBLEM_CODES",
    "Adjustment",
    "Equation",
    "EquationSyntaxError",
    "Hint",
    "Op",
    "Problem",
    "Side",
    "Verdict",
    "check",
    "hints",
    "parse",
    "parse_operations",
    "solve",
]
