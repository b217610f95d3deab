"""Checks for the Rescue's rule-clause tests: the ones every edition shares
(:mod:`tests.rules_helpers`), here so that each test imports from one place."""

from __future__ import annotations

from tests.rules_helpers import exactly, kinds, now, offered, refuse

__all__ = ["exactly", "kinds", "now", "offered", "refuse"]
