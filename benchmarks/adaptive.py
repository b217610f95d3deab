"""Does the Lab's choice of deal adapt? Model learners, dealt adaptively and at random.

A model learner answers right with a chance for each skill, and gets better at a skill each
time they practise it (a tenth of the way to certain, say). For each deal they make one of
the equations the cards allow, at random, right or wrong by that chance; a wrong one is a
``not-true``. Two learners:

- *weak in ÷*: sure of + and ×, unsure of −, weak in ÷;
- *sign mistakes*: sure of +, ×, ÷, often wrong when taking away.

Each is dealt the Rescue's cards in two ways: at random (five cards of 1 to 10 with at least
one equation, as the Lab deals without a level), and by :func:`sq2edu.practice.next_deal`
on their history. Measured: the share of their first 60 deals spent on the operation they are
weak in (with two numbers or more), and the deals until the mastery grid says they have
mastered it with two numbers (``division-two``, ``subtraction-two``).

A third learner knows every table to 10 × 10 but one fact, 7 × 8 (8 × 7, 56 ÷ 8, 56 ÷ 7): at
the level *Times tables to 10 × 10*, dealt a random fact of it each time or by
:func:`~sq2edu.practice.next_deal`, which tracks facts singly. Measured: the deals until their
last three tries at 7 × 8 are right. Also the time
:func:`~sq2edu.practice.next_deal` takes with a history of 200 attempts, at every level.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from functools import partial

from benchmarks.timing import TABLE_HEAD, Timing, ms, time_calls
from sq2edu.equations import solve
from sq2edu.practice import LEVELS, available, deal_for, next_deal
from sq2edu.practice.facts import fact_of
from sq2edu.progress.mastery import Level as Mastery
from sq2edu.progress.mastery import mastery
from sq2edu.progress.records import Attempt, skill_of

TITLE = "Adaptive practice"
#: Deals a learner is given before the run stops counting.
MOST_DEALS = 400
#: The first deals whose share on the weak skill is reported.
EARLY = 60
#: How much of the way to certain a learner gets with each attempt at a skill.
LEARNING = 0.08
#: How often a learner makes the kind of equation the Lab asks for ("Make an equation with
#: ÷."), when the cards allow it: never (they choose at random) and 7 times in 10.
FOLLOWS = (0.0, 0.7)


@dataclass
class Learner:
    """A model child: a chance of being right in each skill, growing with practice."""

    name: str
    weak: str
    chances: dict[str, float]
    rng: random.Random
    follows: float = 0.0
    history: list[Attempt] = field(default_factory=list)

    def answer(self, cards: tuple[int, ...], operations: str, asked: str = "") -> Attempt:
        """Make one equation the cards allow, right or wrong: of the ``asked`` skill
        :data:`FOLLOWS` times in a hundred (when the cards make one), else any at random."""
        made = solve(cards, operations)
        wanted = [e for e in made if skill_of(e.text) == asked]
        if wanted and self.rng.random() < self.follows:
            equation = self.rng.choice(wanted)
        else:
            equation = self.rng.choice(made)
        skill = skill_of(equation.text) or ""
        chance = self.chances.get(skill, 0.95)
        right = self.rng.random() < chance
        self.chances[skill] = chance + LEARNING * (1 - chance)
        attempt = Attempt(
            self.name,
            equation.text,
            right,
            () if right else ("not-true",),
            equation.numbers,
            where="lab",
            cards=cards,
            level="rescue",
        )
        self.history.insert(0, attempt)
        return attempt

    def mastered(self) -> bool:
        return mastery(self.history, self.weak).level is Mastery.MASTERED


_LEARNERS = {
    "weak in ÷": (
        "division-two",
        {
            "addition-two": 0.95,
            "addition-more": 0.9,
            "subtraction-two": 0.8,
            "subtraction-more": 0.75,
            "multiplication-two": 0.9,
            "multiplication-more": 0.85,
            "division-two": 0.3,
            "division-more": 0.25,
        },
    ),
    "sign mistakes": (
        "subtraction-two",
        {
            "addition-two": 0.95,
            "addition-more": 0.9,
            "subtraction-two": 0.35,
            "subtraction-more": 0.3,
            "multiplication-two": 0.9,
            "multiplication-more": 0.85,
            "division-two": 0.85,
            "division-more": 0.8,
        },
    ),
}


def _random_deal(rng: random.Random) -> tuple[int, ...]:
    while True:
        cards = tuple(sorted(rng.randint(1, 10) for _ in range(5)))
        if max(cards.count(v) for v in cards) <= 4 and solve(cards):
            return cards


def _one(kind: str, adaptive: bool, seed: int, follows: float) -> tuple[float, int]:
    """One learner's share of early deals on the weak skill, and deals until mastering it."""
    weak, chances = _LEARNERS[kind]
    rng = random.Random(seed)
    learner = Learner(f"{kind}-{seed}", weak, dict(chances), random.Random(seed + 1), follows)
    level, pinned = LEVELS["rescue"], (LEVELS["rescue"],)
    on_weak = 0
    for deal_number in range(1, MOST_DEALS + 1):
        asked = ""
        if adaptive:
            deal = next_deal(level, learner.history, rng, levels=pinned)
            cards, asked = deal.cards, deal.skill
        else:
            cards = _random_deal(rng)
        attempt = learner.answer(cards, "+−×÷", asked)
        if deal_number <= EARLY:
            on_weak += (attempt.skill or "").split("-")[0] == weak.split("-")[0]
        if learner.mastered():
            return on_weak / min(deal_number, EARLY), deal_number
    return on_weak / EARLY, MOST_DEALS


#: The one fact the third learner is weak in, and their first chance of it.
WEAK_FACT, WEAK_CHANCE = "7×8", 0.15
#: Right tries at the weak fact in a row that count as knowing it.
KNOWN_RUN = 3


def _one_fact(adaptive: bool, seed: int) -> tuple[int, int]:
    """A learner weak in 7 × 8 at *Times tables to 10 × 10*: the deals until their last
    :data:`KNOWN_RUN` tries at it are right, and how many of their first :data:`EARLY`
    deals were built on it."""
    rng, answers = random.Random(seed), random.Random(seed + 1)
    level = LEVELS["tables-10"]
    chances: dict[str, float] = {}
    history: list[Attempt] = []
    weak_tries: list[bool] = []
    on_weak = 0
    for deal_number in range(1, MOST_DEALS + 1):
        if adaptive:
            deal = next_deal(level, history, rng, levels=(level,))
        else:
            deal = deal_for(level, "multiplication-two", rng)
        on_weak += deal_number <= EARLY and deal.fact.family == WEAK_FACT
        made = solve(deal.cards, "×")
        text = deal.fact.text if answers.random() < FOLLOWS[1] else answers.choice(made).text
        family = fact_of(text) or ""
        chance = chances.get(family, WEAK_CHANCE if family == WEAK_FACT else 0.95)
        right = answers.random() < chance
        chances[family] = chance + LEARNING * (1 - chance)
        codes = () if right else ("not-true",)
        history.insert(0, Attempt("fact", text, right, codes, where="lab", level=level.key))
        if family == WEAK_FACT:
            weak_tries.append(right)
        if weak_tries[-KNOWN_RUN:] == [True] * KNOWN_RUN:
            return deal_number, on_weak
    return MOST_DEALS, on_weak


def _next_deal_times(rng: random.Random, calls: int) -> Timing:
    """next_deal with a history of 200 attempts, at every level in turn."""
    learner = Learner("timing", "division-two", {}, random.Random(7))
    for _attempt in range(200):
        learner.answer(_random_deal(rng), "+−×÷")
    levels = available("+−×÷")
    histories = {
        level: [
            Attempt(a.student, a.text, a.ok, a.codes, a.numbers, level=level.key)
            for a in learner.history
        ]
        for level in levels
    }
    return time_calls(
        [
            partial(next_deal, level, histories[level], rng, levels=levels)
            for level in (levels[call % len(levels)] for call in range(calls))
        ]
    )


def run(quick: bool = False) -> str:
    """Measure and return a Markdown section."""
    learners = 6 if quick else 30
    lines = [
        f"## {TITLE}",
        "",
        f"{learners} model learners of each kind (`benchmarks/adaptive.py`; each makes an",
        "equation the cards allow and gets better at a skill with each try),",
        "dealt the Rescue's cards at random and by `sq2edu.practice.next_deal` (the level",
        "*The Rescue's cards*). *Share on the weak operation*: of their first"
        f" {EARLY} deals, those",
        "spent on ÷ (or −) with two numbers or more; *deals to mastery*: until the mastery",
        f"grid says *mastered* in it with two numbers (at most {MOST_DEALS}). An adaptive deal",
        'asks for its skill ("Make an equation with ÷."), and only an equation with that',
        "sign counts (the model learners are scored on what they make, whatever it is).",
        "Dealing at random asks for nothing.",
    ]
    for follows in FOLLOWS:
        lines += [
            "",
            f"A learner who makes what the Lab asks for {follows:.0%} of the time when the"
            " cards allow it:",
            "",
            "| learner | dealing | share on the weak operation | deals to mastery, median |"
            " mastered |",
            "|---|---|---:|---:|---:|",
        ]
        for kind in _LEARNERS:
            for adaptive in (False, True):
                results = [_one(kind, adaptive, seed, follows) for seed in range(learners)]
                share = statistics.fmean(r[0] for r in results)
                deals = statistics.median(r[1] for r in results)
                done = sum(1 for r in results if r[1] < MOST_DEALS)
                lines.append(
                    f"| {kind} | {'adaptive' if adaptive else 'at random'} | {share:.0%} |"
                    f" {deals:.0f} | {done} of {learners} |"
                )
    lines += [
        "",
        "A learner who knows every table but 7 × 8 (right 15% of the time at first, and",
        f"{LEARNING:.0%} of the way to certain with each try), at *Times tables to 10 × 10*,",
        f"making the dealt fact {FOLLOWS[1]:.0%} of the time; *deals to know it*: until their"
        f" last {KNOWN_RUN} tries at 7 × 8",
        f"are right (at most {MOST_DEALS}); *deals on it*: of their first {EARLY} deals,"
        " those built on 7 × 8:",
        "",
        "| dealing | deals to know 7 × 8, median | deals on it of the first 60, mean | knew it |",
        "|---|---:|---:|---:|",
    ]
    for adaptive in (False, True):
        found = [_one_fact(adaptive, seed) for seed in range(learners)]
        deals = statistics.median(r[0] for r in found)
        on = statistics.fmean(r[1] for r in found)
        done = sum(1 for r in found if r[0] < MOST_DEALS)
        lines.append(
            f"| {'adaptive (facts tracked singly)' if adaptive else 'a fact at random'} |"
            f" {deals:.0f} | {on:.1f} | {done} of {learners} |"
        )
    timing = _next_deal_times(random.Random(11), 100 if quick else 600)
    lines += [
        "",
        "Random dealing already spends about half the deals on − (every + family of small",
        "cards has two − forms), so for the learner of sign mistakes there is little room.",
        "",
        "Choosing the next deal with a history of 200 attempts, over every level:",
        "",
        TABLE_HEAD,
        timing.row("`next_deal`"),
        "",
        f"(p95 {ms(timing.p95)} ms against the aim of 20 ms.)",
        "",
    ]
    return "\n".join(lines)
