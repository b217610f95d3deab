"""The class service's refusal of a request, in a module of its own: the service runs as
``python -m sq2edu.hub.service`` (its module is then ``__main__``), and the calls kept in
other modules (:mod:`sq2edu.hub.challenge_calls`) must raise the very class it catches."""

from __future__ import annotations

__all__ = ["RefusedError"]


class RefusedError(Exception):
    """A request this child may not make (HTTP 403), or a malformed one (400)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
