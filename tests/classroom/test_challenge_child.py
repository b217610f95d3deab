"""The class challenge on a child's device, driven from Python: the banner where it may
show, the round's cards in the builder, finds kept for the class and shown to the child,
a new round and the end of one, and a child who comes back."""

from __future__ import annotations

from pathlib import Path

import pytest

from sq2edu.classroom.domain.challenge import Round
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.storage.store import SQLiteStore, StoreError
from sq2edu.classroom.widgets.app import StudentApp
from sq2edu.classroom.widgets.challenge_child import ChallengeTask
from sq2edu.ui import EquationLab
from sq2edu.ui.game_table import GameTable


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "class.sqlite3")


def _shown(app: StudentApp) -> bool:
    assert app.banner is not None
    return app.banner in app.children and app.banner.layout.display != "none"


def test_the_banner_shows_an_open_round_on_the_menu_lab_lessons_and_a_lesson_not_in_a_game(
    store: SQLiteStore,
) -> None:
    store.save_settings(ClassSettings(lessons=("number-bonds",)).to_dict())
    app = StudentApp(store, pace=0)
    app.join("Mia")
    assert not _shown(app)  # no round yet
    assert app.banner is not None
    assert app.banner.join_button.description == "Join the challenge"  # never a wordless button
    Challenges(store).start(Round(0, (2, 3, 5, 6, 8), "+−×÷"))
    assert app.banner is not None
    app.banner.look()
    assert _shown(app)
    assert "2 3 5 6 8" in app.banner.words.value
    assert app.banner.join_button.description == "Join the challenge"
    app.practise()
    assert _shown(app)
    app.show_lessons()
    assert _shown(app)
    app.open_lesson("number-bonds")
    assert _shown(app)  # in the middle of a lesson too
    table = app.play()
    assert isinstance(table, GameTable)
    assert not _shown(app)  # never in the middle of a game's turn
    app.show_menu()
    assert _shown(app)
    Challenges(store).end()
    app.banner.look()
    assert not _shown(app)


def test_joining_opens_the_cards_in_the_builder_and_keeps_the_finds(store: SQLiteStore) -> None:
    challenges = Challenges(store)
    app = StudentApp(store)
    app.join("Mia")
    round_ = challenges.start(Round(0, (2, 3, 5, 6, 8), "+−×÷"))
    lab = app.open_challenge()
    assert isinstance(lab, EquationLab)
    assert app.in_challenge
    assert not _shown(app)  # not on the challenge itself
    values = sorted(int(lab.catalog["cards"][card]["value"]) for card in lab.cards)
    assert values == [2, 3, 5, 6, 8]
    lab.handle({"intent": "check", "text": "6 + 2 = 8"})
    assert lab.state["verdict"]["ok"]
    lab.handle({"intent": "check", "text": "8 − 2 = 6 + 0"})
    assert not lab.state["verdict"]["ok"]
    # No near miss: "Try +: 2 + 6 = 8 works!" would hand over one of the class's equations.
    assert "works" not in " ".join(lab.state["verdict"]["lines"])
    kept = sorted(int(lab.catalog["cards"][card]["value"]) for card in lab.cards)
    assert kept == [2, 3, 5, 6, 8]  # the cards stay: the child keeps looking
    assert "You found: 2 + 6 = 8." in lab.state["view"]["prompt"]
    board = challenges.board(round_.number)
    assert board is not None
    assert board.finds == {"Mia": ("2 + 6 = 8",)}
    assert [m.example for m in board.mistakes] == ["8 − 2 = 6 + 0"]
    assert store.attempts("Mia") == []  # the challenge's tries are kept apart


def test_a_child_who_comes_back_finds_their_finds(store: SQLiteStore) -> None:
    challenges = Challenges(store)
    challenges.start(Round(0, (2, 3, 5), "+−"))
    first = StudentApp(store)
    first.join("Ola")
    lab = first.open_challenge()
    assert lab is not None
    lab.handle({"intent": "check", "text": "2 + 3 = 5"})
    again = StudentApp(store)  # a reloaded page: a new kernel
    again.join("Ola")
    lab = again.open_challenge()
    assert lab is not None
    assert "You found: 2 + 3 = 5." in lab.state["view"]["prompt"]


def test_a_new_round_puts_its_cards_in_the_builder_and_an_end_is_said(store: SQLiteStore) -> None:
    challenges = Challenges(store)
    challenges.start(Round(0, (2, 3, 5), "+−"))
    app = StudentApp(store)
    app.join("Ida")
    assert app.open_challenge() is not None
    challenges.start(Round(0, (2, 4, 6, 8), "+−×÷"))
    assert app.banner is not None
    app.banner.look()
    lab = app.activity
    assert isinstance(lab, EquationLab)
    assert isinstance(lab.task, ChallengeTask)
    assert lab.task.round.number == 2
    assert lab.task.cards == (2, 4, 6, 8)
    challenges.end()
    app.banner.look()
    assert "This round has ended" in lab.state["view"]["prompt"]
    lab.handle({"intent": "check", "text": "2 + 4 = 6"})
    board = challenges.board(2)
    assert board is not None
    assert board.joined == ("Ida",)  # the new round's cards came to her screen
    assert board.found == 0  # and the try after its end was kept nowhere
    assert board.found_none == ("Ida",)


def test_a_join_the_store_could_not_take_never_keeps_a_child_from_the_cards(
    store: SQLiteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    Challenges(store).start(Round(0, (2, 3, 5), "+−"))
    app = StudentApp(store)
    app.join("Ida")
    assert app.banner is not None

    def refused(_student: str, _number: int) -> None:
        raise StoreError("too many challenge_join calls at once")

    monkeypatch.setattr(app.banner.challenges, "join", refused)
    lab = app.open_challenge()
    assert lab is not None
    lab.handle({"intent": "check", "text": "2 + 3 = 5"})
    board = Challenges(store).board()
    assert board is not None
    assert board.joined == ("Ida",)  # her try counts her in


def test_the_challenge_speaks_the_childs_language(store: SQLiteStore) -> None:
    Challenges(store).start(Round(0, (2, 3, 6), "×÷"))
    app = StudentApp(store)
    app.join("Liv")
    app.set_language("nb")
    assert app.banner is not None
    assert "Join the challenge" not in app.banner.join_button.description
    lab = app.open_challenge()
    assert lab is not None
    lab.handle({"intent": "check", "text": "2 × 3 = 6"})
    assert "Class challenge" not in lab.state["view"]["prompt"]
    assert "2 · 3 = 6" in lab.state["view"]["prompt"]


def test_hints_in_a_challenge_stop_at_a_nudge(store: SQLiteStore) -> None:
    Challenges(store).start(Round(0, (2, 3, 6), "×÷"))
    app = StudentApp(store)
    app.join("Kim")
    lab = app.open_challenge()
    assert lab is not None
    for _press in range(3):
        lab.handle({"intent": "hint"})
    assert len(lab.help.rungs) == 1
    assert "2 × 3 = 6" not in " ".join(lab.help.rungs)
