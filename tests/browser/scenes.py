"""Every state a child meets at the card table, set up by hand for the browser sweep.

A scene is a table (pace 0, computers play at once) put in one position, then moved on by
the same intents the browser sends. Together they reach every phase of both editions,
every knight, each Instant Action and Gnome power, the Switch Witch and Spell Book pickers,
a rescue, a discard, hints and verdicts, the hot-seat curtain and the end of a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sq2edu.classic.position import position as classic_position
from sq2edu.rescue.position import position as rescue_position
from sq2edu.ui import ClassicTable, EquationLab, RescueTable
from sq2edu.ui.game_table import GameTable

__all__ = ["SCENES", "Scene"]

Intent = dict[str, Any]


def _act(kind: str, **fields: Any) -> Intent:
    return {"intent": "act", "action": {"kind": kind, **fields}}


@dataclass(frozen=True)
class Scene:
    """A table in one position, and the intents that lead to the state to look at."""

    name: str
    make: Callable[[str], GameTable | EquationLab]
    intents: tuple[Intent, ...] = ()
    #: The phase the table must be in once the intents are sent (proves the scene is real).
    phase: str = ""
    #: Clicks on the page after it is drawn: selectors of buttons, in order.
    clicks: tuple[str, ...] = field(default=())

    def table(self, lang: str) -> GameTable | EquationLab:
        """The table, moved on by the intents; fails if a step was refused."""
        table = self.make(lang)
        for intent in self.intents:
            table.handle(intent)
            message = table.state["message"]
            assert not message, f"{self.name}: {intent} was refused: {message}"
        if self.phase:
            assert table.state["view"]["phase"] == self.phase, (
                f"{self.name}: phase {table.state['view']['phase']}"
            )
        return table


def rescue(lang: str, players: tuple[str, ...] = ("Mia", "easy"), **placed: Any) -> RescueTable:
    table = RescueTable(players=list(players), seed=1, pace=0, language=lang)
    names = [table.game.names[seat] for seat in range(len(players))]
    table.load(rescue_position(names, **placed))
    return table


def classic(lang: str, players: tuple[str, ...] = ("Mia", "easy"), **placed: Any) -> ClassicTable:
    table = ClassicTable(players=list(players), seed=1, pace=0, language=lang)
    names = [table.game.names[seat] for seat in range(len(players))]
    # The computer holds a hand of its own, as in a real game (an empty hand has no play).
    hands = {1: ["n4b", "n6b", "n7b", "n8b", "n9c"], **placed.pop("hands", {})}
    table.load(classic_position(names, hands=hands, **placed))
    return table


#: The first card not yet in the equation (a click on it puts it in the next place).
_NEXT_CARD = "button[data-key^='build:'][aria-pressed='false'] >> nth=0"


def lab_at(lang: str, level: str, right: int = 0, seed: int = 2) -> EquationLab:
    """A Lab at a level of practice, after ``right`` right answers."""
    lab = EquationLab(seed=seed, language=lang, level=level, levels=(level, level), student="Mia")
    for _answer in range(right):
        assert lab.dealt is not None
        lab.handle({"intent": "check", "text": lab.dealt.fact.text})
    return lab


def lab_answering(lang: str, level: str, rest: bool = True, wrong: bool = False) -> EquationLab:
    """A Lab at a level after one wrong try: a division without its rest, or the wrong card
    in the box."""
    lab = lab_at(lang, level, seed=5)
    deal = lab.dealt
    assert deal is not None
    if not rest:
        text = deal.fact.equation.text
    else:
        answer = deal.answer or 0
        text = str(next(card for card in deal.cards if card != answer)) if wrong else str(answer)
    lab.handle({"intent": "check", "text": text})
    return lab


def lesson_exercise(lang: str, lesson: str, number: int, answer: str = "") -> EquationLab:
    """The Lab as a lesson's book asks exercise ``number`` (after ``answer``, if given)."""
    from sq2edu.ui.lesson import LessonBook

    book = LessonBook(lesson, student="Mia", language=lang)
    book.go(book.steps.index(("exercise", number)))
    if answer:
        book.lab.handle({"intent": "check", "text": answer})
    return book.lab


def lab_with(lang: str, values: list[int]) -> EquationLab:
    lab = EquationLab(seed=1, language=lang)
    lab.use_cards(values)
    return lab


NUMBERS = ["n2a", "n3a", "n5a", "n6a"]
QUEEN_AND_COMPANION: dict[str, Any] = {
    "realms": {0: ["q-apple", "n2a", "n3a", "n5a"]},
    "companions": {0: ["c-kangaroo"]},
}

SCENES: tuple[Scene, ...] = (
    # -- the Rescue ----------------------------------------------------------------------
    Scene(
        "rescue-start",
        lambda lang: RescueTable(["Mia", "easy"], seed=7, pace=0, language=lang),
        phase="roll",
    ),
    Scene(
        "rescue-how-to-play",
        lambda lang: RescueTable(["Mia", "easy"], seed=7, pace=0, language=lang),
        phase="roll",
        clicks=("[data-key='how']",),
    ),
    Scene(
        "rescue-reroll-blue-knight",
        lambda lang: rescue(lang, knights=["blue", "green"], rolls=["1"]),
        (_act("roll"),),
        "reroll",
    ),
    Scene(
        "rescue-dragon-wakes-a-queen",
        lambda lang: rescue(lang, sleeping={0: ["q-owl", "q-moon"]}, rolls=["dragon"]),
        (_act("roll"),),
        "dragon-wake",
    ),
    Scene(
        "rescue-instant-actions",
        lambda lang: rescue(
            lang, pending=["gnome1", "witch1", "willow1"], phase="instant", realms={1: ["q-bee"]}
        ),
        phase="instant",
    ),
    Scene(
        "rescue-gnome-companion",
        lambda lang: rescue(lang, pending=["gnome1"], phase="instant", rolls=["1"]),
        (_act("play-instant", card="gnome1"),),
        "gnome-companion",
    ),
    Scene(
        "rescue-gnome-steal",
        lambda lang: rescue(
            lang,
            pending=["gnome1"],
            phase="instant",
            rolls=["2"],
            realms={1: ["n7a", "q-bee", "book1"]},
        ),
        (_act("play-instant", card="gnome1"),),
        "gnome-steal",
    ),
    Scene(
        "rescue-gnome-queen",
        lambda lang: rescue(
            lang, pending=["gnome1"], phase="instant", rolls=["3"], discard=["q-whale", "n4a"]
        ),
        (_act("play-instant", card="gnome1"),),
        "gnome-queen",
    ),
    Scene(
        "rescue-gnome-knights",
        lambda lang: rescue(lang, pending=["gnome1"], phase="instant", rolls=["dragon"]),
        (_act("play-instant", card="gnome1"),),
        "gnome-knights",
    ),
    Scene(
        "rescue-switch-witch",
        lambda lang: rescue(
            lang,
            pending=["witch1"],
            phase="instant",
            realms={0: ["n2a", "n3a", "q-owl"], 1: ["n7a", "n8a", "q-bee", "n9a"]},
        ),
        (_act("play-instant", card="witch1"),),
        "witch",
    ),
    Scene(
        "rescue-switch-witch-take",
        lambda lang: rescue(
            lang,
            pending=["witch1"],
            phase="instant",
            realms={0: ["n2a", "n3a", "q-owl"], 1: ["n7a", "n8a", "q-bee", "n9a"]},
        ),
        (_act("play-instant", card="witch1"),),
        "witch",
        clicks=("[data-key='give:n2a']",),
    ),
    Scene(
        "rescue-willow-white-knight",
        lambda lang: rescue(
            lang,
            ("Mia", "easy", "medium"),
            knights=["red", "white", "green"],
            realms={1: ["q-owl"]},
            pending=["willow1"],
            phase="instant",
        ),
        (_act("play-instant", card="willow1"),),
        "actions",
    ),
    Scene(
        "rescue-builder",
        lambda lang: rescue(lang, realms={0: NUMBERS}, phase="actions"),
        phase="actions",
    ),
    Scene(
        "rescue-builder-red-knight",
        lambda lang: rescue(lang, knights=["red", "green"], realms={0: NUMBERS}, phase="actions"),
        phase="actions",
        clicks=(
            "[data-key='build:n2a']",
            "[data-key='build:n3a']",
            "[data-key='sign:+']",
            "[data-key='build:n6a']",
        ),
    ),
    Scene(
        "rescue-builder-cards-selected",
        lambda lang: rescue(
            lang,
            realms={0: [*NUMBERS, "n7a", "n8a", "n9a", "q-owl"]},
            phase="actions",
            knights=["green", "blue"],
        ),
        phase="actions",
        clicks=("[data-key='build:n2a']", "[data-key='build:n3a']"),
    ),
    Scene(
        "rescue-too-few-numbers",
        lambda lang: rescue(lang, realms={0: ["n2a", "q-owl"]}, phase="actions"),
        phase="actions",
    ),
    Scene(
        "rescue-wrong-equation",
        lambda lang: rescue(lang, realms={0: ["n10a", "n4a", "n8a", "n2a"]}, phase="actions"),
        ({"intent": "check", "cards": ["n10a", "n4a"], "result": "n8a", "op": "÷"},),
        "actions",
    ),
    Scene(
        "rescue-three-hints",
        lambda lang: rescue(lang, realms={0: ["n3a", "n6a", "n9a", "n7a"]}, phase="actions"),
        ({"intent": "hint"}, {"intent": "hint"}, {"intent": "hint"}),
        "actions",
    ),
    Scene(
        "rescue-take-companion",
        lambda lang: rescue(lang, realms={0: NUMBERS}, phase="actions"),
        ({"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "+"},),
        "take-companion",
    ),
    Scene(
        "rescue-pair-book-and-rescue",
        lambda lang: rescue(
            lang,
            realms={0: ["q-apple", "n4a", "n4b", "book1"]},
            sleeping={0: ["q-owl"]},
            companions={0: ["c-kangaroo"]},
            discard=["n1a", "n2b", "n3b", "n4c", "n5b", "n6b", "n7b", "n8b", "n9b", "n10b"],
            phase="actions",
        ),
        phase="actions",
    ),
    Scene(
        "rescue-spell-book-picker",
        lambda lang: rescue(
            lang,
            realms={0: ["n4a", "book1"]},
            discard=["n1a", "n2b", "n3b", "n4c", "n5b", "n6b", "n7b", "n8b", "n9b", "n10b"],
            phase="actions",
        ),
        phase="actions",
        clicks=("[data-key='spell-book']",),
    ),
    Scene(
        "rescue-take-king",
        lambda lang: rescue(lang, **QUEEN_AND_COMPANION, phase="actions"),
        (_act("rescue", queen="q-apple", companion="c-kangaroo"),),
        "take-king",
    ),
    Scene(
        "rescue-discard",
        lambda lang: rescue(
            lang, realms={0: ["n1a", "n2a", "n3a", "n7a", "n9a", "q-owl", "book1"]}, phase="actions"
        ),
        (_act("end-actions"),),
        "discard",
    ),
    Scene(
        # An awake queen first in the realm: a keyboard must not start on her.
        "rescue-discard-queen-first",
        lambda lang: rescue(
            lang, realms={0: ["q-owl", "n1a", "n2a", "n3a", "n7a", "n9a", "book1"]}, phase="actions"
        ),
        (_act("end-actions"),),
        "discard",
    ),
    Scene(
        "rescue-game-over",
        lambda lang: rescue(
            lang,
            kings={0: ["k-cookie", "k-clock", "k-dino"]},
            **QUEEN_AND_COMPANION,
            phase="actions",
        ),
        (
            _act("rescue", queen="q-apple", companion="c-kangaroo"),
            _act("take-king", king="k-guitar"),
        ),
        "over",
    ),
    Scene(
        "rescue-computer-wins",
        lambda lang: rescue(
            lang,
            ("Mia", "medium"),
            kings={1: ["k-cookie", "k-clock", "k-dino"]},
            realms={1: ["q-apple"], 0: ["n2a"]},
            companions={1: ["c-kangaroo"]},
            current=1,
            phase="actions",
        ),
        phase="over",
    ),
    Scene(
        "rescue-hot-seat-curtain",
        lambda lang: RescueTable(["Mia", "Leo"], seed=3, pace=0, language=lang),
        phase="roll",
    ),
    # -- the Equation Lab ----------------------------------------------------------------
    Scene("lab-start", lambda lang: EquationLab(seed=4, language=lang), phase="actions"),
    Scene(
        "lab-wrong-try-and-hints",
        lambda lang: lab_with(lang, [3, 4, 7, 9, 10]),
        ({"intent": "check", "text": "3 × 4 = 7"}, {"intent": "hint"}, {"intent": "hint"}),
        "actions",
    ),
    # -- the Lab at levels of practice ---------------------------------------------------
    Scene(
        "lab-level-tables-right",
        lambda lang: lab_at(lang, "tables-2-5-10", right=3),
        phase="actions",
    ),
    Scene(
        "lab-level-within-100-built",
        lambda lang: lab_at(lang, "within-100"),
        phase="actions",
        clicks=(_NEXT_CARD,) * 3,
    ),
    Scene(
        "lab-level-remainder-built",
        lambda lang: lab_at(lang, "remainders"),
        phase="actions",
        clicks=(_NEXT_CARD,) * 4,
    ),
    Scene(
        "lab-level-remainder-asked-for-the-rest",
        lambda lang: lab_answering(lang, "remainders", rest=False),
        phase="actions",
    ),
    Scene(
        "lab-level-missing-number",
        lambda lang: lab_at(lang, "missing", seed=5),
        phase="actions",
    ),
    Scene(
        "lab-level-missing-wrong-card-and-hints",
        lambda lang: lab_answering(lang, "missing", wrong=True),
        ({"intent": "hint"}, {"intent": "hint"}),
        "actions",
    ),
    # -- a lesson's exercises, as the book asks them ------------------------------------
    Scene(
        "lesson-make-a-number-off-task",
        lambda lang: lesson_exercise(lang, "number-bonds", 1, "1 + 5 = 6"),
        phase="actions",
    ),
    Scene(
        "lesson-box-past-ten",
        lambda lang: lesson_exercise(lang, "adding-more", 5),
        phase="actions",
    ),
    Scene(
        "lesson-remainder-built",
        lambda lang: lesson_exercise(lang, "dividing", 6),
        phase="actions",
        clicks=(_NEXT_CARD,) * 4,
    ),
    # -- the classic game ----------------------------------------------------------------
    Scene(
        "classic-turn",
        lambda lang: classic(
            lang, hands={0: ["k-hat", "knight1", "n2a", "n3a", "n5a"]}, queens={1: ["q-rose"]}
        ),
        phase="turn",
    ),
    Scene(
        "classic-how-to-play",
        lambda lang: ClassicTable(["Mia", "easy"], seed=7, pace=0, language=lang),
        phase="turn",
        clicks=("[data-key='how']",),
    ),
    Scene(
        "classic-king-picked",
        lambda lang: classic(
            lang, hands={0: ["k-hat", "knight1", "n2a", "n3a", "n5a"]}, queens={1: ["q-rose"]}
        ),
        phase="turn",
        clicks=("[data-key='pick:k-hat']",),
    ),
    Scene(
        "classic-knight-picked",
        lambda lang: classic(
            lang, hands={0: ["k-hat", "knight1", "n2a", "n3a", "n5a"]}, queens={1: ["q-rose"]}
        ),
        phase="turn",
        clicks=("[data-key='pick:knight1']",),
    ),
    Scene(
        # A Knight aimed with another Knight and a Sleeping Potion left in the hand.
        "classic-knight-target",
        lambda lang: classic(
            lang,
            hands={0: ["knight1", "knight2", "potion1", "n2a", "n3a"]},
            queens={1: ["q-rose", "q-cat"]},
        ),
        phase="turn",
        clicks=("[data-key='pick:knight1']",),
    ),
    Scene(
        "classic-block-with-dragon",
        lambda lang: classic(
            lang,
            hands={0: ["dragon1", "n2a", "n3a", "n5a", "n9a"]},
            queens={0: ["q-heart"]},
            attack=("knight1", 0, "q-heart"),
            current=0,
            turn_player=1,
            phase="block",
        ),
        phase="block",
    ),
    Scene(
        "classic-choose-queen",
        lambda lang: classic(
            lang, hands={0: ["n2a", "n3a"]}, phase="choose-queen", waking="jester"
        ),
        phase="choose-queen",
    ),
    Scene(
        "classic-equation-built",
        lambda lang: classic(lang, hands={0: ["n2a", "n3a", "n5a", "n9a", "wand1"]}),
        phase="turn",
        clicks=(
            "[data-key='build:n2a']",
            "[data-key='build:n3a']",
            "[data-key='sign:+']",
            "[data-key='build:n5a']",
        ),
    ),
    Scene(
        "classic-game-over",
        lambda lang: classic(
            lang, hands={0: ["k-hat"]}, queens={0: ["q-heart", "q-moon", "q-cat", "q-dog"]}
        ),
        (_act("classic-wake", king="k-hat", slot=0),),
        "over",
    ),
)
