"""The class challenge through the class service, for a child's kernel on a school's hub.

:class:`RemoteChallenges` is what the challenge's banner and builder
(:mod:`sq2edu.classroom.widgets.challenge_child`) need, each call a request to the class service
(:mod:`sq2edu.hub.challenge_calls`), which acts for this server's child in their own class
only and judges every try itself. A child's kernel cannot hear the store's notices: its
watch (:class:`RoundLook`) says "look again" every :data:`LOOK_EVERY` seconds, and the
banner then reads the round (one small request).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sq2edu.classroom.domain.challenge import Round
from sq2edu.classroom.storage.challenge_store import ChallengeError
from sq2edu.hub.challenge_calls import round_from

if TYPE_CHECKING:
    from sq2edu.hub.remote import ServiceStore

__all__ = ["LOOK_EVERY", "RemoteChallenges", "RoundLook"]

#: Seconds between two reads of the class's round by a child's page on the hub: a new round
#: reaches the banner within this (thirty pages make fifteen small requests a second).
LOOK_EVERY = 2.0


class RoundLook:
    """A watch that tells a page to read the round again every ``every`` seconds."""

    def __init__(self, every: float = LOOK_EVERY) -> None:
        self.every = every
        self._at = time.monotonic()

    def changed(self) -> bool:
        """Whether it is time to read the round again."""
        now = time.monotonic()
        if now - self._at < self.every:
            return False
        self._at = now
        return True

    def close(self) -> None:
        """Nothing to close."""


class RemoteChallenges:
    """The challenge of the server's child's class, through the class service."""

    def __init__(self, store: ServiceStore) -> None:
        self.store = store

    def current(self) -> Round | None:
        """The class's latest round, open or ended (``None`` before any)."""
        return round_from(self.store._call("challenge_round"))

    def own_finds(self, student: str, number: int) -> Sequence[str]:
        """The equations the child found in round ``number`` (keys, in the order found)."""
        found = self.store._call("challenge_finds", student=student, number=number)
        return [str(key) for key in found] if isinstance(found, list) else []

    def join(self, student: str, number: int) -> None:
        """Tell the service the child opened round ``number``.

        :raises ChallengeError: when the round has ended.
        """
        answer = self.store._call("challenge_join", student=student, number=number)
        if not isinstance(answer, dict) or answer.get("ended"):
            raise ChallengeError("This round has ended.")

    def record(self, student: str, number: int, text: str) -> bool:
        """Send a try; the service judges and keeps it, and says whether it was right.

        :raises ChallengeError: when the round has ended (the try is not kept).
        """
        answer = self.store._call("challenge_try", student=student, number=number, text=text)
        if not isinstance(answer, dict) or answer.get("ended"):
            raise ChallengeError("This round has ended.")
        return bool(answer.get("ok"))

    def watch(self) -> RoundLook:
        """Read the round again every :data:`LOOK_EVERY` seconds."""
        return RoundLook()
