"""The class challenge kept in the store, on SQLite and PostgreSQL: rounds, each child's
finds and wrong tries, the teacher's switches, and the CSV."""

from __future__ import annotations

import csv
import io

import pytest

from sq2edu.classroom.domain.challenge import Round, deal_round
from sq2edu.classroom.domain.exports import BOM
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.challenge_store import (
    CHALLENGE_CSV_HEADER,
    ChallengeError,
    Challenges,
)
from sq2edu.classroom.storage.store import ProgressStore, SQLStore
from sq2edu.i18n import _, language
from sq2edu.practice import LEVELS


def _challenges(store: ProgressStore) -> Challenges:
    assert isinstance(store, SQLStore)
    return Challenges(store)


def test_a_round_is_started_numbered_and_ended(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    assert challenges.current() is None
    assert challenges.board() is None
    first = challenges.start(Round(0, (2, 3, 5, 6, 8), "+−×÷"))
    assert first.number == 1
    assert first.open
    assert first.started
    assert challenges.current() == first
    second = challenges.start(deal_round("level", level="bonds-10", seed=2))
    assert second.number == 2
    rounds = challenges.rounds()
    assert [r.number for r in rounds] == [1, 2]
    assert not rounds[0].open
    assert rounds[1].open
    ended = challenges.end()
    assert ended is not None
    assert not ended.open
    assert ended.level == "bonds-10"
    assert challenges.end() is None


def test_finds_and_wrong_tries_of_each_child_are_kept(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    number = challenges.start(Round(0, (2, 3, 5, 6, 8), "+−×÷")).number
    assert challenges.record("Mia", number, "6 + 2 = 8")
    assert challenges.record("Mia", number, "2 + 6 = 8")
    assert challenges.record("Ola", number, "2 × 3 = 6")
    assert not challenges.record("Ola", number, "8 − 2 = 6 + 0")
    assert not challenges.record("Ida", number, "8-2=6+0")
    assert not challenges.record("Ida", number, "2 + 3 = 6")
    board = challenges.board()
    assert board is not None
    assert board.found == 2
    assert board.total == len(board.round.equations)
    assert board.finds == {"Mia": ("2 + 6 = 8",), "Ola": ("2 × 3 = 6",)}
    assert board.joined == ("Mia", "Ola", "Ida")
    assert board.found_none == ("Ida",)
    top = board.mistakes[0]
    assert (top.example, top.children) == ("8 − 2 = 6 + 0", 2)
    assert "Ida" in any_store.students()


def test_a_try_after_the_round_ended_is_not_kept(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    first = challenges.start(Round(0, (2, 3, 5), "+−")).number
    challenges.start(Round(0, (2, 3, 5, 6), "×÷"))
    with pytest.raises(ChallengeError):
        challenges.record("Mia", first, "2 + 3 = 5")  # a page still showing round 1
    challenges.end()
    with pytest.raises(ChallengeError):
        challenges.record("Mia", first + 1, "2 × 3 = 6")
    board = challenges.board(first)
    assert board is not None
    assert board.joined == ()


def test_names_and_a_pin_are_the_teachers_and_carry_to_the_next_round(
    any_store: ProgressStore,
) -> None:
    challenges = _challenges(any_store)
    with pytest.raises(ChallengeError):
        challenges.show_names(True)
    number = challenges.start(Round(0, (2, 3, 5), "+−")).number
    challenges.record("Mia", number, "2 + 3 = 5")
    challenges.show_names(True)
    challenges.pin("8 − 2 = 6 + 0")
    current = challenges.current()
    assert current is not None
    assert current.names
    assert current.pinned == "8 − 2 = 6 + 0"
    board = challenges.board()
    assert board is not None
    assert board.tiles[0].names == ("Mia",)
    following = challenges.start(Round(0, (2, 3, 5), "+−"))
    assert following.names
    assert following.pinned == ""


def test_a_merged_childs_challenge_tries_move_with_them(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    number = challenges.start(Round(0, (2, 3, 5), "+−")).number
    challenges.record("Mia2", number, "2 + 3 = 5")
    any_store.merge("Mia2", "Mia")
    board = challenges.board()
    assert board is not None
    assert board.finds == {"Mia": ("2 + 3 = 5",)}


def test_a_child_who_opened_a_round_has_joined_before_any_try(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    number = challenges.start(Round(0, (2, 3, 5), "+−")).number
    before = challenges.stamp()
    challenges.join("Ola", number)
    assert challenges.stamp() != before  # "2 children are looking" on the wall follows
    challenges.join("Mia", number)
    challenges.join("Ola", number)  # her page reloaded: still one join
    challenges.record("Mia", number, "2 + 3 = 5")
    challenges.record("Sam", number, "2 + 3 = 6")  # a try with no join (an older page)
    board = challenges.board()
    assert board is not None
    assert board.joined == ("Ola", "Mia", "Sam")
    assert board.found_none == ("Ola", "Sam")  # Ola checked nothing yet: sit with her too
    challenges.end()
    with pytest.raises(ChallengeError):
        challenges.join("Kim", number)
    ended = challenges.board()
    assert ended is not None
    assert "Kim" not in ended.joined


def test_a_merged_childs_joins_move_with_them_and_count_once(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    first = challenges.start(Round(0, (2, 3, 5), "+−")).number
    challenges.join("Mia", first)
    challenges.join("Mia2", first)
    second = challenges.start(Round(0, (2, 3, 5), "+−")).number
    challenges.join("Mia2", second)
    any_store.merge("Mia2", "Mia")
    for number in (first, second):
        board = challenges.board(number)
        assert board is not None
        assert board.joined == ("Mia",)


def test_the_csv_has_every_try_of_every_round(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    number = challenges.start(Round(0, (2, 3, 5), "+−")).number
    challenges.record("=HYPERLINK(1)", number, "2 + 3 = 5")
    challenges.record("Ola", number, "+2 + 3 = 6")
    text = challenges.csv()
    # A spreadsheet reads its letters only after a byte-order mark, as in the attempts' CSV.
    assert text.startswith(BOM)
    rows = list(csv.reader(io.StringIO(text.removeprefix(BOM))))
    assert rows[0] == CHALLENGE_CSV_HEADER
    assert [row[6] for row in rows[1:]] == ["'=HYPERLINK(1)", "Ola"]
    assert rows[1][2] == "2 3 5"
    assert rows[1][8] == "yes"
    assert rows[2][7] == "'+2 + 3 = 6"
    assert (rows[2][8], rows[2][9]) == ("no", "could not be read")


def test_the_csv_is_in_words_of_the_class_language(any_store: ProgressStore) -> None:
    """It said True/False, not-true and within-20 (the program's codes) in every language."""
    any_store.save_settings(ClassSettings(language="ru").to_dict())
    challenges = _challenges(any_store)
    number = challenges.start(Round(0, (2, 3, 5, 10, 20), "+−", level="within-20")).number
    challenges.record("Дима", number, "2 + 3 = 5")
    challenges.record("Дима", number, "2 + 3 = 6")
    text = challenges.csv()
    assert text.startswith(BOM)
    header, right, wrong = list(csv.reader(io.StringIO(text.removeprefix(BOM))))
    with language("ru"):
        assert header == [_(name) for name in CHALLENGE_CSV_HEADER]
        level = _(LEVELS["within-20"].title)
    assert header[0] == "раунд"
    assert (right[4], right[6], right[8], right[9]) == (level, "Дима", "да", "")
    assert level != "within-20"
    assert (wrong[8], wrong[9]) == ("нет", "стороны не равны")


def test_the_csv_names_a_child_who_joined_and_checked_nothing(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    number = challenges.start(Round(0, (2, 3, 5), "+−")).number
    challenges.join("Mia", number)
    challenges.join("Ola", number)
    challenges.record("Mia", number, "2 + 3 = 5")
    rows = list(csv.reader(io.StringIO(challenges.csv().removeprefix(BOM))))[1:]
    # Rows are in the order of their times, kept to the second: these three share one.
    assert sorted((row[6], row[7], row[8]) for row in rows) == [
        ("Mia", "2 + 3 = 5", "yes"),
        ("Ola", "", ""),
    ]


def test_rounds_belong_to_the_open_class(any_store: ProgressStore) -> None:
    challenges = _challenges(any_store)
    challenges.start(Round(0, (2, 3, 5), "+−"))
    any_store.new_class("Next year")
    assert challenges.current() is None
    assert challenges.rounds() == []
    assert challenges.start(Round(0, (2, 3, 5), "+−")).number == 1


def test_tries_are_read_as_attempts_at_the_challenge_after_a_number(
    any_store: ProgressStore,
) -> None:
    assert isinstance(any_store, SQLStore)
    challenges = Challenges(any_store)
    number = challenges.start(Round(0, (2, 3, 5, 6, 8), "+−×÷")).number
    challenges.record("Mia", number, "6 + 2 = 8")
    challenges.record("Leo", number, "8 − 2 = 6 + 0")
    challenges.record("Leo", number, "2 + + 3")
    first = challenges.tries_after(0)
    assert [(a.student, a.text, a.ok, a.codes, a.where) for _key, a in first] == [
        ("Mia", "6 + 2 = 8", True, (), "challenge"),
        ("Leo", "8 − 2 = 6 + 0", False, ("mixed-operations",), "challenge"),
        ("Leo", "2 + + 3", False, ("syntax",), "challenge"),
    ]
    mia = first[0][1]
    assert mia.own, "a find is right on the child's own"
    assert mia.skill == "addition-two"
    assert mia.numbers == (6, 2, 8)
    assert mia.cards == (2, 3, 5, 6, 8)
    assert first[2][1].numbers == ()
    assert challenges.tries_after(first[-1][0]) == []
    challenges.record("Ana", number, "2 × 3 = 6")
    assert [a.student for _key, a in challenges.tries_after(first[-1][0])] == ["Ana"]
    # Another class's tries are its own.
    any_store.new_class("4A")
    assert Challenges(any_store).tries_after(0) == []
