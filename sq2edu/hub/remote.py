"""The progress store of a student's server on the hub: every record goes through the class
service (:mod:`sq2edu.hub.service`), so the server holds no database credential.

Each request carries the server's own hub token (``JUPYTERHUB_API_TOKEN``) and its key
(``SQ2EDU_SERVER_KEY``); the service asks the hub whose the token is, checks the key is that
child's server's, and acts for that child only. Tables of classmates go the same way
(:mod:`sq2edu.hub.remote_tables`), and so does the class challenge
(:mod:`sq2edu.hub.remote_challenge`). What a child's server may not do (a teacher's work:
renaming, new classes, reading the class's attempts) it cannot even ask: it is a
:class:`~sq2edu.classroom.store.ChildStore`, not a teacher's
:class:`~sq2edu.classroom.store.ProgressStore`, and the service refuses such calls again.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any, Self

from sq2edu.classroom.store import ChildStore, StoreError
from sq2edu.hub.private import SERVER_KEY_HEADER
from sq2edu.hub.remote_challenge import RemoteChallenges
from sq2edu.hub.remote_tables import RemoteTables, RemoteWatch
from sq2edu.hub.wire import OWN_ATTEMPTS, attempt_from, attempt_to, game_to
from sq2edu.progress.records import MARKS, Attempt, GameRecord, GuardEvent

__all__ = ["ServiceStore", "StudentIdentity"]

_TIMEOUT_SECONDS = 15


class StudentIdentity:
    """Who the service says this server's child is."""

    def __init__(self, room: str, nickname: str) -> None:
        self.room = room
        self.nickname = nickname


class ServiceStore:
    """A :class:`~sq2edu.classroom.store.ChildStore` kept by the class service.

    :param url: the service's address (``SQ2EDU_CLASS_SERVICE``).
    :param token: this server's hub token (``JUPYTERHUB_API_TOKEN``).
    :param key: this server's key (``SQ2EDU_SERVER_KEY``, :mod:`sq2edu.hub.private`).
    """

    def __init__(
        self, url: str | None = None, token: str | None = None, key: str | None = None
    ) -> None:
        self.url = (url or os.environ["SQ2EDU_CLASS_SERVICE"]).rstrip("/")
        self._token = token or os.environ["JUPYTERHUB_API_TOKEN"]
        self._key = key or os.environ.get("SQ2EDU_SERVER_KEY", "")

    def _call(self, method: str, **args: Any) -> Any:
        request = urllib.request.Request(
            f"{self.url}/api/{method}",
            data=json.dumps(args).encode(),
            headers={
                "Authorization": f"token {self._token}",
                SERVER_KEY_HEADER: self._key,
                "Content-Type": "application/json",
            },
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=_TIMEOUT_SECONDS) as answer:
                return json.loads(answer.read())["result"]
        except urllib.error.HTTPError as error:
            reason = error.read().decode(errors="replace")
            try:
                reason = json.loads(reason)["error"]
            except (ValueError, KeyError, TypeError):
                reason = error.reason
            raise StoreError(f"The class service refused {method}: {reason}") from error
        except (OSError, ValueError) as error:
            raise StoreError(f"The class service cannot be reached: {error}") from error

    def who(self) -> StudentIdentity:
        """The child this server belongs to."""
        found = self._call("who")
        return StudentIdentity(found["room"], found["nickname"])

    # -- what a child's server does ----------------------------------------------------

    def join(self, nickname: str, device: str | None = None, *, only: bool = False) -> bool:
        """Whether the child may be ``nickname`` (the hub signed them in as one child only,
        so no device holds a name here)."""
        return bool(self._call("join", nickname=nickname))

    def device_name(self, device: str) -> tuple[str, str] | None:
        """``None``: on the hub a name is the child's sign-in, not held by a device."""
        return None

    def class_code(self) -> str | None:
        """``None``: the hub's sign-in checks the class code before the child's server starts."""
        return None

    def students(self) -> list[str]:
        """The children of the open class."""
        return list(self._call("students"))

    def seen(self, nickname: str, at: str | None = None) -> None:
        """Note that the child is here now."""
        self._call("seen", nickname=nickname)

    def groups(self) -> dict[str, tuple[list[str], dict[str, Any]]]:
        """The groups the child is in (a child's server sees no other group)."""
        found = self._call("groups")
        return {name: (list(members), dict(focus)) for name, (members, focus) in found.items()}

    def record_attempt(self, attempt: Attempt) -> None:
        """Keep one of the child's attempts."""
        self._call("record_attempt", attempt=attempt_to(attempt))

    def record_game(self, game: GameRecord) -> None:
        """Keep a game the child played."""
        self._call("record_game", game=game_to(game))

    def record_event(self, event: GuardEvent) -> None:
        """Keep a refusal for the teacher to see (the service notes the address)."""
        self._call("record_event", kind=event.kind, detail=event.detail)

    def events(
        self, since: str = "", kind: str | None = None, address: str | None = None
    ) -> list[GuardEvent]:
        """A child's server sees no refusals: a class code is checked at the hub's sign-in."""
        return []

    def settings(self) -> dict[str, Any]:
        """The class's settings."""
        return dict(self._call("settings"))

    def current_class(self) -> tuple[int, str]:
        """The open class: its number and name."""
        number, name = self._call("current_class")
        return int(number), str(name)

    def last_seen(self) -> dict[str, str]:
        """When each classmate was last here (a table plays for a child who is away)."""
        return {str(name): str(at) for name, at in self._call("last_seen").items()}

    def shared_tables(self) -> RemoteTables:
        """The class's tables of classmates, through the service."""
        return RemoteTables(self)

    def challenges(self) -> RemoteChallenges:
        """The class challenge of the child's class, through the service."""
        return RemoteChallenges(self)

    def watch(self) -> RemoteWatch:
        """Whether the class's tables changed, asked of the service (twice a second)."""
        return RemoteWatch(self)

    def attempts(self, student: str, limit: int | None = None) -> list[Attempt]:
        """The child's own latest attempts (the Lab reads them)."""
        wanted = min(limit or OWN_ATTEMPTS, OWN_ATTEMPTS)
        found = self._call("own_attempts", student=student, limit=wanted)
        return [attempt_from(item) for item in found]

    def lesson_progress(self, student: str) -> dict[str, dict[int, str]]:
        """The lesson exercises the child has answered, by lesson, and how each went."""
        found = self._call("own_lessons", student=student)
        if not isinstance(found, dict):
            raise StoreError("the class service sent no lessons")
        return {
            str(lesson): {
                pair[0]: pair[1]
                for pair in marks
                if isinstance(pair, list)
                and len(pair) == 2
                and isinstance(pair[0], int)
                and pair[1] in MARKS
            }
            for lesson, marks in found.items()
            if isinstance(marks, list)
        }

    def close(self) -> None:
        """Nothing to close: each request is its own."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


# mypy checks here that ServiceStore offers everything a child's page may ask of a store.
_SERVICE_IS_A_CHILDS_STORE: type[ChildStore] = ServiceStore
