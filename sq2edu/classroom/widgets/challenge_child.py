"""The class challenge on a child's device: a banner, then the round's cards in the builder.

While a round is open, a banner says so on the menu, the list of lessons, the Lab and a
lesson (never at a game's table, in the middle of a turn). "Join the challenge" opens the
round's cards in the Equation Lab's builder (:class:`ChallengeTask`): each Check is judged and
kept by the server (:meth:`Challenges.record`), the prompt lists the equations this child
has found, and the cards stay: the child keeps looking. A child who comes back (a reloaded
page, a new device) finds their finds again. When the teacher ends the round the screen
says so; a new round puts its cards in the builder by itself.

The kernel looks at the store's watch (a look costs microseconds) every
:data:`LOOK_SECONDS`, and reads the round only when something changed. On a school's hub a
child's kernel has no store: its rounds, tries and finds go through the class service
(:class:`sq2edu.hub.remote_challenge.RemoteChallenges`), which judges each try itself.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from sq2edu.classroom.domain.challenge import Round, equation_key, judge
from sq2edu.classroom.storage.challenge_store import ChallengeError, ChallengeSource
from sq2edu.classroom.storage.store import StoreError, Watch
from sq2edu.classroom.widgets.screens import big_button
from sq2edu.equations import Hint, Verdict, hints
from sq2edu.i18n import _, language, local_signs
from sq2edu.markup import html

if TYPE_CHECKING:
    from sq2edu.practice import Deal
    from sq2edu.ui.lab import EquationLab

__all__ = [
    "LOOK_SECONDS",
    "ChallengeBanner",
    "ChallengeSource",
    "ChallengeTask",
]

#: How often a child's kernel looks for a new or ended round.
LOOK_SECONDS = 1.0
#: The round is read again now and then even if the watch saw nothing (a lost notice).
_READ_ANYWAY_SECONDS = 15.0


class ChallengeTask:
    """A challenge round as a task of the Equation Lab (its ``Task``): the round's cards
    and signs; an answer judged and kept in the store under the child's name.

    :param round_: the round.
    :param record: keeps a try and says whether it was right (raises
        :class:`ChallengeError` once the round has ended).
    :param found: the equations (keys) the child found in the round before.
    """

    def __init__(
        self, round_: Round, record: Callable[[str], bool], found: Sequence[str] = ()
    ) -> None:
        self.round = round_
        self.record = record
        self.found: list[str] = list(found)
        self.ended = False

    @property
    def cards(self) -> tuple[int, ...]:
        return self.round.cards

    @property
    def operations(self) -> str:
        return self.round.operations

    @property
    def deal(self) -> Deal | None:
        return None

    def prompt(self) -> str:
        """What the builder asks, with the equations this child found so far."""
        if self.ended:
            asked = _("This round has ended. Look at the board!")
        else:
            asked = _("Find as many equations as you can with these cards.")
        if not self.found:
            return asked
        return asked + " " + _("You found: {equations}.", equations="; ".join(self.found))

    def answer(self, text: str) -> Verdict:
        """The checker's verdict, without its near miss (it would hand the child one of the
        class's equations); a try of an open round is kept for the class."""
        verdict = replace(judge(self.round, text), suggestion=None, suggested=None)
        try:
            self.record(text)
        except ChallengeError:
            self.ended = True
            return verdict
        if verdict.ok and verdict.equation is not None:
            key = equation_key(verdict.equation)
            if key not in self.found:
                self.found.append(key)
        return verdict

    def ladder(self) -> Sequence[Hint]:
        """Only the first rung, a nudge toward a sign: the class finds the equations."""
        return tuple(hints(list(self.cards), self.operations))[:1]


class ChallengeBanner(widgets.VBox):  # type: ignore[misc]
    """The banner of an open round on a child's screen, and the way into it.

    :param challenges: the class's challenge (the store's ``challenges()``).
    :param student: who the child is (read when needed: they sign in after the page opens).
    :param open_round: shows the round's screen (the app's).
    :param speaking: the child's language now.
    """

    def __init__(
        self,
        challenges: ChallengeSource,
        student: Callable[[], str | None],
        open_round: Callable[[], None],
        speaking: Callable[[], str],
    ) -> None:
        super().__init__(layout=widgets.Layout(display="none", margin="0 0 0.5rem 0"))
        self.challenges = challenges
        self.student = student
        self.speaking = speaking
        self.words = widgets.HTML()
        self.join_button = big_button(button_style="warning")
        self.join_button.on_click(lambda _b: open_round())
        self.add_class("sq2-challenge-banner")
        self.children = [
            widgets.HBox(
                [self.words, self.join_button],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
            )
        ]
        #: The latest round of the class, as last read.
        self.round: Round | None = None
        #: Whether the banner may show on the screen now (not at a game's table).
        self.allowed = False
        self._watch: Watch | None = None
        self._read_at = 0.0
        self._looking = False
        self.listeners: list[Callable[[Round | None], None]] = []
        self.read()

    def read(self) -> None:
        """Read the latest round now and redraw."""
        self._read_at = time.monotonic()
        before = self.round
        self.round = self.challenges.current()
        self.redraw()
        if self.round != before:
            for listener in self.listeners:
                listener(self.round)

    def look(self) -> None:
        """Read the round if the store changed (or a while has passed), cheaply otherwise."""
        if self._watch is None:
            self._watch = self.challenges.watch()  # from now on; what came before is read now
            self.read()
        elif self._watch.changed() or time.monotonic() - self._read_at >= _READ_ANYWAY_SECONDS:
            self.read()

    def show_on(self, allowed: bool) -> None:
        """Whether the screen now shown may carry the banner."""
        self.allowed = allowed
        self.redraw()

    @property
    def running(self) -> bool:
        """Whether a round is open for children to join."""
        return self.round is not None and self.round.open

    def redraw(self) -> None:
        """Show the banner of an open round, on a screen that may carry it."""
        shown = self.running and self.allowed and self.student() is not None
        self.layout.display = "" if shown else "none"
        with language(self.speaking()):
            # Named even while hidden: a button is never without words.
            self.join_button.description = _("Join the challenge")
            if not shown or self.round is None:
                return
            cards = " ".join(str(card) for card in self.round.cards)
            words = _("Your class has a challenge: cards {cards}!", cards=cards)
            self.words.value = html(
                '<p role="status" style="font-size:1.2rem;font-weight:600;margin:0 1rem 0 0">'
                "🏁 {}</p>",
                local_signs(words),
            )

    def start(self) -> None:
        """Look every :data:`LOOK_SECONDS` from now on (in a kernel; a script calls
        :meth:`look`)."""
        if self._looking:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def tick() -> None:
            if not self._looking:
                return
            try:
                self.look()
            except StoreError:
                pass  # the store (or the hub's class service) is away: the next look tries again
            finally:
                loop.call_later(LOOK_SECONDS, tick)

        self._looking = True
        loop.call_later(LOOK_SECONDS, tick)

    def stop(self) -> None:
        """Stop looking, and close the watch."""
        self._looking = False
        if self._watch is not None:
            self._watch.close()
            self._watch = None


def challenge_lab(
    lab_factory: Callable[..., EquationLab],
    challenges: ChallengeSource,
    round_: Round,
    student: str,
    **options: Any,
) -> EquationLab:
    """The Equation Lab on the round's cards, answering for the class, with the child's
    earlier finds of the round; the child counts as joined from now on (the teacher sees a
    child who joined and found nothing yet)."""
    ended = False
    try:
        challenges.join(student, round_.number)
    except ChallengeError:
        ended = True  # it ended a moment ago: the Lab says so
    except StoreError:
        # Joining is for the teacher's list; a join the hub's service refused (a page
        # reopened too often) or could not take never keeps a child from the cards, and
        # their first try counts them in.
        pass
    found = challenges.own_finds(student, round_.number)
    lab = lab_factory(operations=round_.operations, student=student, **options)
    task = ChallengeTask(
        round_, lambda text: challenges.record(student, round_.number, text), found
    )
    task.ended = ended
    lab.set_task(task, _("Class challenge: round {number}", number=round_.number))
    return lab
