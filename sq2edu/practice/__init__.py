"""Levels of practice past the Rescue's cards, and deals aimed at what a child needs next.

>>> from sq2edu.practice import LEVELS, next_deal
>>> deal = next_deal("tables-2-5-10", seed=4)
>>> deal.level.key, deal.skill
('tables-2-5-10', 'multiplication-two')
>>> deal.proved()
True

A level is data (:class:`Level`, listed in :data:`LEVELS` from the first a six-year-old
meets to the last); :func:`next_deal` reads a child's recent attempts and chooses the next
cards (see :mod:`sq2edu.practice.adaptive` for how). The Equation Lab, the lessons and the
dashboard all go through these two names.
"""

from sq2edu.practice.adaptive import (
    REVIEW_EVERY,
    RUN_BACK,
    RUN_UP,
    STARS,
    available,
    next_deal,
    place,
    stars,
    step_back_due,
)
from sq2edu.practice.deal import BOX, Deal, deal_for
from sq2edu.practice.facts import Fact, facts, skills_of
from sq2edu.practice.levels import KINDS, LEVELS, Level, level_range

__all__ = [
    "BOX",
    "KINDS",
    "LEVELS",
    "REVIEW_EVERY",
    "RUN_BACK",
    "RUN_UP",
    "STARS",
    "Deal",
    "Fact",
    "Level",
    "available",
    "deal_for",
    "facts",
    "level_range",
    "next_deal",
    "place",
    "skills_of",
    "stars",
    "step_back_due",
]
