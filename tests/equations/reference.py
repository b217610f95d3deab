"""A slow, obviously correct reference solver: try every ordering of every subset.

It shares no code with :mod:`sq2edu.equations.solve`: it evaluates with fractions and writes
its own standard form, so the two can be compared.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, permutations

SIGN_OF = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def _evaluate(numbers: tuple[int, ...], sign: str) -> Fraction | None:
    total = Fraction(numbers[0])
    for n in numbers[1:]:
        if sign == "+":
            total += n
        elif sign == "-":
            total -= n
        elif sign == "*":
            total *= n
        else:
            if n == 0:
                return None
            total /= n
    return total


def _standard(numbers: tuple[int, ...], sign: str, result: int) -> str:
    ordered = sorted(numbers) if sign in "+*" else [numbers[0], *sorted(numbers[1:])]
    return f" {SIGN_OF[sign]} ".join(map(str, ordered)) + f" = {result}"


def brute_force(cards: Iterable[int], signs: str = "+-*/", adjust: bool = False) -> set[str]:
    """Every valid equation, as standard text, by trying all orderings of all subsets."""
    hand = list(cards)
    found: set[str] = set()
    indices = range(len(hand))
    for size in range(3, len(hand) + 1):
        for chosen in combinations(indices, size):
            for order in permutations(chosen):
                values = [hand[i] for i in order]
                variants = [tuple(values)]
                if adjust:
                    for position in range(size):
                        for delta in (-1, 1):
                            changed = list(values)
                            changed[position] += delta
                            if changed[position] >= 1:
                                variants.append(tuple(changed))
                for variant in variants:
                    operands, result = variant[:-1], variant[-1]
                    for sign in signs:
                        if _evaluate(operands, sign) == result:
                            found.add(_standard(operands, sign, result))
    return found
