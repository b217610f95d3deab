"""Errors shared by both editions."""

from __future__ import annotations

__all__ = ["IllegalActionError", "SaveFileError"]


class IllegalActionError(ValueError):
    """An action the rules do not allow right now.

    The message says why in words a child can read ("It is Mia's turn, not yours."), so the
    user interface can show it as it is.
    """


class SaveFileError(ValueError):
    """A saved game that cannot be loaded: damaged, from another program, or too new."""
