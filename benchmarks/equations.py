"""Speed of the equation engine: check(), solve() and the cost of a huge paste."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from benchmarks.timing import TABLE_HEAD, ms, time_calls
from sq2edu.equations import check, solve
from sq2edu.equations.remainder import check_remainder, split_rest
from sq2edu.equations.solve import forget_solutions
from tests.equations.reference import brute_force

TITLE = "Equation engine"


def _hands(size: int, count: int, rng: random.Random) -> list[list[int]]:
    return [[rng.randint(1, 10) for _ in range(size)] for _ in range(count)]


def _cold(call: Callable[..., object], *args: object, **kwargs: object) -> Callable[[], object]:
    """``call`` with solve()'s memory wiped first, so each timing is a first-time answer."""

    def timed() -> object:
        forget_solutions()
        return call(*args, **kwargs)

    return timed


def run(quick: bool = False) -> str:
    """Measure and return a Markdown section."""
    rng = random.Random(2026)
    count = 50 if quick else 300
    lines = [
        f"## {TITLE}",
        "",
        "`solve()` remembers its recent answers (the same realm is asked about again and again",
        "in play); each timing below is a first-time answer unless it says otherwise.",
        "",
        TABLE_HEAD,
    ]
    for size in (5, 8, 10):
        hands = _hands(size, count, rng)
        texts = []
        for hand in hands:
            found = solve(hand)
            # Half right answers, half a near miss, as children type them.
            texts.append(found[0].text if found and rng.random() < 0.5 else "2 + 3 = 6")
        check_calls = [_cold(check, t, cards=h) for t, h in zip(texts, hands, strict=True)]
        lines.append(time_calls(check_calls).row(f"check(), {size} cards"))
        lines.append(time_calls([_cold(solve, h) for h in hands]).row(f"solve(), {size} cards"))
        lines.append(
            time_calls([_cold(solve, h, adjust=True) for h in hands]).row(
                f"solve(adjust=True), {size} cards"
            )
        )
        for hand in hands:
            solve(hand)
        lines.append(
            time_calls([partial(solve, h) for h in hands]).row(
                f"solve(), {size} cards, asked again (remembered)"
            )
        )
    huge = "1" * 1_000_000
    lines.append(time_calls([partial(check, huge)], repeat=50).row("check() of a 1 MB string"))
    # The rest after a division is read in linear time: spaces cost what letters cost.
    for size in (200, 2_000, 20_000):
        spaces = [partial(split_rest, " " * size + str(n)) for n in range(20)]
        lines.append(time_calls(spaces).row(f"split_rest() of {size:,} spaces"))
    lines.append(
        time_calls([partial(check_remainder, " " * 120)], repeat=50).row(
            "check_remainder() of 120 spaces (the longest text a child may send)"
        )
    )

    lines += ["", "Against the brute force that tries every ordering of every subset of cards:", ""]
    lines += [
        "| cards | hands | solve() mean ms | brute force mean ms | ratio |",
        "|---:|---:|---:|---:|---:|",
    ]
    for size, hand_count in ((5, 20), (8, 3 if quick else 5)):
        hands = _hands(size, hand_count, rng)
        fast = time_calls([_cold(solve, h) for h in hands], repeat=3)
        slow = time_calls([partial(brute_force, h) for h in hands])
        ratio = slow.mean / fast.mean
        lines.append(
            f"| {size} | {hand_count} | {ms(fast.mean)} | {ms(slow.mean)} | {ratio:,.0f}× |"
        )
    return "\n".join(lines) + "\n"
