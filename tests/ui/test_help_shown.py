"""What a child is shown of an answer, by the table and by the Lab, under each hint setting."""

from __future__ import annotations

import itertools
import json
import re
from operator import add, mul, sub, truediv
from typing import Any

import pytest

from sq2edu.equations import check
from sq2edu.ui import EquationLab, RescueTable
from sq2edu.ui.helping import WORKED_EXAMPLE, Helping
from tests.ui.test_table import table_at

# 2 × 3 = 5 is wrong; the cards make 2 + 3 = 5, which the checker would name.
WRONG = {"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "×"}
NEAR_MISS = "Try +: 2 + 3 = 5 works!"


def table_with_hints(policy: str) -> tuple[RescueTable, list[dict[str, Any]]]:
    table = table_at(realms={0: ["n2a", "n3a", "n5a", "n9a"]}, phase="actions")
    table.hint_policy = policy
    table.help.policy = policy
    attempts: list[dict[str, Any]] = []
    table.attempt_listeners.append(attempts.append)
    return table, attempts


@pytest.mark.parametrize("policy", ["off", "limited"])
def test_a_wrong_try_never_names_an_equation_when_hints_are_not_free(policy: str) -> None:
    table, _attempts = table_with_hints(policy)
    table.handle(WRONG)
    lines = table.state["verdict"]["lines"]
    assert lines == ["Not yet.", "2 × 3 makes 6, not 5."]
    assert not any("works" in line for line in lines)


def test_a_wrong_try_names_a_near_miss_when_hints_are_free() -> None:
    table, _attempts = table_with_hints("free")
    table.handle(WRONG)
    assert NEAR_MISS in table.state["verdict"]["lines"]


def test_copying_the_near_miss_is_recorded_as_helped_not_as_the_childs_own() -> None:
    table, attempts = table_with_hints("free")
    table.handle(WRONG)
    table.handle({"intent": "check", "cards": ["n3a", "n2a"], "result": "n5a", "op": "+"})
    assert [a["ok"] for a in attempts] == [False, True]
    assert attempts[0]["hint_level"] == 0
    assert attempts[1]["hint_level"] == 3


def test_a_right_equation_the_child_was_not_shown_is_their_own() -> None:
    table, attempts = table_with_hints("off")
    table.handle(WRONG)
    table.handle({"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "+"})
    assert [a["hint_level"] for a in attempts] == [0, 0]


def test_copying_the_worked_example_is_recorded_as_helped() -> None:
    table, attempts = table_with_hints("free")
    for _rung in range(3):
        table.handle({"intent": "hint"})
    assert len(table.state["hints"]["shown"]) == 3
    table.handle({"intent": "check", "text": "5 = 3 + 2"})
    assert attempts[-1]["ok"]
    assert attempts[-1]["hint_level"] == 3


def test_the_worked_example_keeps_its_sentences_apart() -> None:
    table, _attempts = table_with_hints("free")
    for _rung in range(3):
        table.handle({"intent": "hint"})
    worked = table.state["hints"]["shown"][2]
    assert worked.split("\n") == ["Here is one: 2 + 3 = 5", "Both sides are 5 ✓"]


@pytest.mark.parametrize("policy", ["off", "limited"])
def test_the_lab_never_names_an_equation_when_hints_are_not_free(policy: str) -> None:
    lab = EquationLab(seed=1, hints=policy, operations="+×")
    lab.use_cards([2, 3, 5])
    lab.handle({"intent": "check", "text": "2 × 3 = 5"})
    assert lab.state["verdict"]["lines"] == ["Not yet.", "2 × 3 makes 6, not 5."]


def test_the_lab_records_a_copied_near_miss_as_helped() -> None:
    lab = EquationLab(seed=1, hints="free", operations="+×")
    attempts: list[dict[str, Any]] = []
    lab.attempt_listeners.append(attempts.append)
    lab.use_cards([2, 3, 5])
    lab.handle({"intent": "check", "text": "2 × 3 = 5"})
    assert NEAR_MISS in lab.state["verdict"]["lines"]
    lab.handle({"intent": "check", "text": "2 + 3 = 5"})
    assert [a["hint_level"] for a in attempts] == [0, 3]


def test_the_lab_counts_stars_for_right_equations_only() -> None:
    lab = EquationLab(seed=1, operations="+")
    lab.use_cards([2, 3, 5])
    lab.handle({"intent": "check", "text": "2 + 2 = 5"})
    assert lab.state["score_text"] == "0 stars"
    lab.use_cards([2, 3, 5])
    lab.handle({"intent": "check", "text": "2 + 3 = 5"})
    assert lab.state["score_text"] == "1 star"


def _named(lines: list[str], own: str, side: str) -> set[int]:
    """The numbers the lines say beyond the child's own equation and its side."""
    said = " ".join(lines).replace(own, " ").replace(side, " ")
    return {int(found) for found in re.findall(r"\d+", said)}


def _wrong_tries() -> list[tuple[str, int, list[int]]]:
    """Every wrong try of two cards 1-10 and a wrong card for a result, whose side makes a
    card: the try, what its side makes, and the child's cards (that card among them)."""
    tries = []
    for sign, made in (("+", add), ("−", sub), ("×", mul), ("÷", truediv)):
        for a, b in itertools.product(range(1, 11), repeat=2):
            value = made(a, b)
            if value != int(value) or not 1 <= value <= 10:
                continue
            for wrong in range(1, 11):
                if wrong != value:
                    tries.append(
                        (f"{a} {sign} {b} = {wrong}", int(value), [a, b, wrong, int(value)])
                    )
    return tries


def test_no_policy_counts_a_copied_answer_and_hints_off_names_none() -> None:
    tries = _wrong_tries()
    assert len(tries) > 600
    for text, value, cards in tries:
        wrong = check(text, cards)
        side = text.split(" =")[0]
        copy = check(f"{side} = {value}", cards)
        assert not wrong.ok
        assert copy.ok
        for policy in ("free", "limited", "off"):
            helping = Helping(policy)
            lines = helping.verdict(wrong, text, cards)["lines"]
            named = value in _named(lines, text, side)
            if policy == "off":
                assert not named, (text, lines)
            if named:
                assert helping.helped(copy), (policy, text, lines)
                assert helping.level(copy) == WORKED_EXAMPLE, (policy, text, lines)


@pytest.mark.parametrize("policy", ["off", "limited", "free"])
def test_the_lab_gives_no_star_for_the_answer_its_verdict_named(policy: str) -> None:
    lab = EquationLab(seed=1, hints=policy)
    attempts: list[dict[str, Any]] = []
    lab.attempt_listeners.append(attempts.append)
    lab.use_cards([1, 1, 1, 2, 10])
    lab.handle({"intent": "check", "text": "1 + 1 = 10"})
    lines = lab.state["verdict"]["lines"]
    lab.handle({"intent": "check", "text": "1 + 1 = 2"})
    if policy == "off":
        assert lines == ["Not yet.", "1 + 1 is less than 10."]
        assert lab.state["score_text"] == "1 star"
        assert not attempts[-1]["helped"]
    else:
        assert "1 + 1 makes 2, not 10." in lines
        assert lab.state["score_text"] == "0 stars"
        assert attempts[-1]["helped"]
        assert attempts[-1]["hint_level"] == WORKED_EXAMPLE


def test_the_table_records_the_answer_its_verdict_named_as_helped() -> None:
    table = table_at(realms={0: ["n4a", "n4b", "n8a", "n10a"]}, phase="actions")
    table.hint_policy = table.help.policy = "limited"
    attempts: list[dict[str, Any]] = []
    table.attempt_listeners.append(attempts.append)
    table.handle({"intent": "check", "cards": ["n4a", "n4b"], "result": "n10a", "op": "+"})
    assert "4 + 4 makes 8, not 10." in table.state["verdict"]["lines"]
    table.handle({"intent": "check", "cards": ["n4a", "n4b"], "result": "n8a", "op": "+"})
    assert attempts[-1]["ok"]
    assert attempts[-1]["helped"]
    assert attempts[-1]["hint_level"] == WORKED_EXAMPLE


def _russian(state: Any) -> list[str]:
    """Every text of a widget's state with Cyrillic letters in it."""
    return re.findall(r'"[^"]*[а-яА-ЯёЁ][^"]*"', json.dumps(state, ensure_ascii=False))


def test_every_word_on_the_table_follows_a_new_language_at_once() -> None:
    table = table_at(realms={0: ["n2a", "n3a", "n5a", "n9a"]}, phase="actions")
    table.set_language("ru")
    table.handle({"intent": "hint"})
    table.handle(WRONG)
    assert _russian(table.state["verdict"])
    assert _russian(table.state["hints"])
    table.set_language("en")
    assert _russian(table.state) == []
    assert table.state["verdict"]["lines"][:2] == ["Not yet.", "2 × 3 makes 6, not 5."]
    assert len(table.state["hints"]["shown"]) == 1


@pytest.mark.parametrize("right", [False, True])
def test_every_word_in_the_lab_follows_a_new_language_at_once(right: bool) -> None:
    lab = EquationLab(seed=1, hints="free", operations="+×", language="ru")
    lab.use_cards([2, 3, 5])
    lab.handle({"intent": "hint"})
    lab.handle({"intent": "check", "text": "2 + 3 = 5" if right else "2 × 3 = 5"})
    assert _russian(lab.state["praise"] if right else lab.state["verdict"])
    lab.set_language("en")
    assert _russian(lab.state) == []
    if right:
        assert lab.state["praise"] == "Yes! 2 + 3 = 5 works."
    else:
        assert lab.state["verdict"]["lines"][:2] == ["Not yet.", "2 × 3 makes 6, not 5."]
        assert len(lab.state["hints"]["shown"]) == 1
