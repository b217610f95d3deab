"""How a class gives hints: the choices a teacher has, and how many a limit allows."""

from __future__ import annotations

__all__ = ["HINT_LIMIT", "HINT_POLICIES"]

#: How hints are given: as many as wanted, a few per game, or none.
HINT_POLICIES = ("free", "limited", "off")
#: Hint rungs a child may climb when hints are limited (per game, or per deal in the Lab).
HINT_LIMIT = 3
