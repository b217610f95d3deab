"""The Equation Lab driven with the browser's intents."""

from __future__ import annotations

from typing import Any

import pytest

from sq2edu.equations import solve
from sq2edu.rescue.cards import CARDS
from sq2edu.ui import EquationLab


def values(lab: EquationLab) -> list[int]:
    return [CARDS[c].value for c in lab.state["view"]["players"][0]["realm"]]


def test_every_deal_has_an_equation_to_find() -> None:
    lab = EquationLab(seed=5, operations="×÷", cards=4)
    for _deal in range(50):
        assert len(values(lab)) == 4
        assert solve(values(lab), "×÷")
        lab.handle({"intent": "deal"})


def test_a_right_equation_scores_and_deals_new_cards() -> None:
    lab = EquationLab(seed=1)
    lab.use_cards([2, 3, 5, 9])
    seen: list[dict[str, Any]] = []
    lab.attempt_listeners.append(seen.append)
    lab.handle({"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "+"})
    # Said above the new cards, with its equation: the verdict box is for the new cards.
    assert lab.state["praise"] == "Yes! 2 + 3 = 5 works."
    assert lab.state["verdict"] is None
    assert lab.state["score"] == {"right": 1, "tries": 1}
    assert lab.state["view"]["turn"] == 3  # dealt again
    assert seen == [
        {
            "player": "",
            "text": "2 + 3 = 5",
            "numbers": [2, 3, 5],
            "ok": True,
            "codes": [],
            "typed": False,
            "hint_level": 0,
            "helped": False,
            "cards": [2, 3, 5, 9],
            "level": "",
        }
    ]


def test_a_wrong_equation_keeps_the_cards_and_explains() -> None:
    lab = EquationLab(seed=1)
    lab.use_cards([2, 3, 5, 9])
    lab.handle({"intent": "check", "text": "9 − 5 = 3"})
    assert lab.state["verdict"]["codes"] == ["not-true"]
    assert "9 − 5 makes 4, not 3." in lab.state["verdict"]["lines"]
    assert values(lab) == [2, 3, 5, 9]
    assert lab.state["score"] == {"right": 0, "tries": 1}


def test_only_the_class_operations_are_offered_and_accepted() -> None:
    lab = EquationLab(seed=1, operations="+")
    lab.use_cards([2, 3, 6])
    assert lab.state["view"]["operations"] == "+"
    lab.handle({"intent": "check", "text": "2 × 3 = 6"})
    assert lab.state["verdict"]["codes"] == ["operation-not-allowed"]


def test_hints_climb_and_can_be_limited_or_off() -> None:
    lab = EquationLab(seed=1, hints="limited")
    lab.use_cards([2, 3, 6, 7])
    for _click in range(4):
        lab.handle({"intent": "hint"})
    assert len(lab.state["hints"]["shown"]) == 3
    assert lab.state["hints"]["left"] == 0
    assert lab.state["message"] == "You have used all your hints for these cards."
    off = EquationLab(seed=1, hints="off")
    off.handle({"intent": "hint"})
    assert off.state["hints"]["shown"] == []


@pytest.mark.parametrize(
    "intent",
    [
        {"intent": "check", "cards": ["q-owl"], "result": "n2a", "op": "+"},
        {"intent": "check", "cards": ["n2a"], "result": "n2a", "op": "+"},
        {"intent": "check"},
        {"intent": "explode"},
        "not even a dict",
    ],
)
def test_broken_intents_get_words_not_a_crash(intent: Any) -> None:
    lab = EquationLab(seed=1)
    lab.use_cards([2, 3, 5])
    lab.handle(intent)
    assert lab.state["message"]
    assert lab.state["score"] == {"right": 0, "tries": 0}


def test_impossible_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="3 to 8 cards"):
        EquationLab(cards=2)
    with pytest.raises(ValueError, match="at least one operation"):
        EquationLab(operations="")
    with pytest.raises(ValueError, match="four cards of each number"):
        EquationLab().use_cards([7, 7, 7, 7, 7])


@pytest.mark.parametrize(
    "intent",
    [
        {"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "+"},
        {"intent": "check", "text": "9 − 5 = 3"},
    ],
)
def test_the_child_sees_the_verdict_before_the_store_is_asked_to_keep_it(
    intent: dict[str, Any],
) -> None:
    # On a school's hub keeping an attempt is a call to the class service, which may be busy.
    lab = EquationLab(seed=1)
    lab.use_cards([2, 3, 5, 9])
    shown_when_kept: list[Any] = []
    lab.attempt_listeners.append(
        lambda _attempt: shown_when_kept.append((lab.state["verdict"], lab.state["praise"]))
    )
    lab.handle(intent)
    assert shown_when_kept == [(lab.state["verdict"], lab.state["praise"])]
    verdict, praise = shown_when_kept[0]
    # A right answer is praised above the new cards it dealt; a wrong one keeps its verdict.
    assert praise == "Yes! 2 + 3 = 5 works." or verdict["text"] == "9 − 5 = 3"
