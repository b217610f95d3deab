"""The class challenge's calls of the class service (:mod:`sq2edu.hub.service`), for a
child's kernel on a school's hub.

A child's kernel asks for the current round of its child's class, says when its child opened
it, sends each try the child checks, and reads back the equations its child found. The
service knows the child and the class from the server's token and key, never from what the
server sends: a try names no class, and a student other than the server's own is refused.
Whether a try is right is the service's to say: it judges the text with the round's own
cards and signs (:meth:`~sq2edu.classroom.storage.challenge_store.Challenges.record`), and a
try's word that it is right is not even read. A try at a round that has ended, or that is
not the class's open one, is kept nowhere. The teacher's side (starting and ending rounds,
the projector) is the teachers' dashboard's (:mod:`sq2edu.hub.teachers`), which holds the
store itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sq2edu.classroom.domain.challenge import Round
from sq2edu.classroom.storage.challenge_store import ChallengeError, Challenges
from sq2edu.classroom.storage.store import SQLStore
from sq2edu.hub.refused import RefusedError
from sq2edu.hub.wire import WireError

if TYPE_CHECKING:
    from sq2edu.classroom.storage.school import HubUser

__all__ = ["CHALLENGE_CALLS", "CHALLENGE_PACES", "round_from", "round_to"]

#: The longest try the service reads (the checker refuses longer equations anyway).
LONGEST_TRY = 200
#: A try: as many at once as the student app's own pace allows, then one every 1.5 s; a
#: join, and a read of the child's own finds (the page asks with each join): a few (a page
#: reloaded), then one every few seconds.
CHALLENGE_PACES: dict[str, tuple[int, float]] = {
    "challenge_try": (6, 1.5),
    "challenge_join": (3, 5.0),
    "challenge_finds": (4, 3.0),
}
_TRY_ARGUMENTS = frozenset({"number", "text", "student"})
_JOIN_ARGUMENTS = frozenset({"number", "student"})


def round_to(round_: Round | None) -> dict[str, Any] | None:
    """A round as JSON, as a child's page needs it (no names, no pin: those are the
    projector's)."""
    if round_ is None:
        return None
    return {
        "number": round_.number,
        "cards": list(round_.cards),
        "operations": round_.operations,
        "level": round_.level,
        "source": round_.source,
        "started": round_.started,
        "ended": round_.ended,
    }


def round_from(data: object) -> Round | None:
    """A round read back in a child's kernel.

    :raises WireError: if it is not a round.
    """
    if data is None:
        return None
    if not isinstance(data, dict):
        raise WireError("not a round")
    cards, number = data.get("cards"), data.get("number")
    texts = [data.get(name) for name in ("operations", "level", "source", "started")]
    ended = data.get("ended")
    if (
        not isinstance(number, int)
        or not isinstance(cards, list)
        or not all(isinstance(card, int) and not isinstance(card, bool) for card in cards)
        or not all(isinstance(text, str) for text in texts)
        or not (ended is None or isinstance(ended, str))
    ):
        raise WireError("not a round")
    operations, level, source, started = (str(text) for text in texts)
    return Round(number, tuple(cards), operations, level, source, started, ended)


def _round_number(args: dict[str, Any]) -> int:
    number = args.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise RefusedError(400, "a round is named by its number")
    return number


def _own_child(child: HubUser, args: dict[str, Any]) -> str:
    """The server's own child; a try or a find in another child's name is refused."""
    assert child.nickname is not None
    if "student" in args and args["student"] != child.nickname:
        raise RefusedError(403, "a child's kernel acts for its own child only")
    return child.nickname


def _current(store: SQLStore, _child: HubUser, _args: dict[str, Any], _address: str) -> Any:
    return round_to(Challenges(store).current())


def _try(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    unknown = set(args) - _TRY_ARGUMENTS
    if unknown:
        # A try says its round and its text; "ok", a class or a time are the service's.
        raise RefusedError(400, f"a try has no {sorted(unknown)[0][:20]!r}")
    student = _own_child(child, args)
    number = _round_number(args)
    text = args.get("text")
    if not isinstance(text, str) or len(text) > LONGEST_TRY:
        raise RefusedError(400, f"a try is text of at most {LONGEST_TRY} characters")
    try:
        return {"ok": Challenges(store).record(student, number, text)}
    except ChallengeError:
        return {"ended": True}


def _join(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    unknown = set(args) - _JOIN_ARGUMENTS
    if unknown:
        raise RefusedError(400, f"a join has no {sorted(unknown)[0][:20]!r}")
    try:
        Challenges(store).join(_own_child(child, args), _round_number(args))
    except ChallengeError:
        return {"ended": True}
    return {"joined": True}


def _finds(store: SQLStore, child: HubUser, args: dict[str, Any], _address: str) -> Any:
    return Challenges(store).own_finds(_own_child(child, args), _round_number(args))


#: The calls, by name, as :data:`sq2edu.hub.service._CALLS` holds them.
CHALLENGE_CALLS = {
    "challenge_round": _current,
    "challenge_try": _try,
    "challenge_join": _join,
    "challenge_finds": _finds,
}
