"""The Equation Lab at levels of practice, driven with the browser's intents."""

from __future__ import annotations

import re
from typing import Any

import pytest

from sq2edu.ui import EquationLab


def _lab(level: str, hints: str = "free", seed: int = 3) -> EquationLab:
    return EquationLab(level=level, levels=(level, level), hints=hints, seed=seed, student="Mia")


def _card(lab: EquationLab, value: int, skip: tuple[str, ...] = ()) -> str:
    return next(
        card
        for card in lab.cards
        if lab.catalog["cards"][card]["value"] == value and card not in skip
    )


def test_cards_past_ten_are_drawn_as_number_cards_and_built_into_an_equation() -> None:
    lab = _lab("within-100")
    assert lab.dealt is not None
    a, b, total = lab.dealt.fact.equation.numbers
    seen: list[dict[str, Any]] = []
    lab.attempt_listeners.append(seen.append)
    first = _card(lab, a)
    cards = [first, _card(lab, b, (first,))]
    lab.handle(
        {
            "intent": "check",
            "cards": cards,
            "result": _card(lab, total),
            "op": lab.dealt.fact.equation.left.ops[0].value,
        }
    )
    assert lab.state["praise"].startswith("Yes!"), lab.state
    assert seen[0]["level"] == "within-100"
    assert lab.state["level"]["stars"] == 1


def test_a_built_division_takes_its_rest_from_a_card() -> None:
    lab = _lab("remainders")
    assert lab.dealt is not None
    number, divisor, answer, rest = lab.dealt.fact.cards
    cards = [_card(lab, number), _card(lab, divisor)]
    used = tuple(cards)
    result = _card(lab, answer, used)
    left = _card(lab, rest, (*used, result))
    lab.handle({"intent": "check", "cards": cards, "result": result, "op": "÷", "rest": left})
    assert lab.state["praise"] == f"Yes! {number} ÷ {divisor} = {answer} r {rest} works."
    assert lab.history[0].text == f"{number} ÷ {divisor} = {answer} r {rest}"
    assert lab.history[0].numbers == (number, divisor, answer, rest)


@pytest.mark.parametrize(
    "intent",
    [
        {"intent": "check", "box": "p99z"},
        {"intent": "check", "box": ["n1a"]},
        {"intent": "check", "cards": ["n2a", "n3a"], "result": "n5a", "op": "+", "rest": "n9a"},
    ],
)
def test_a_tampered_box_or_rest_is_refused_in_words_and_not_recorded(intent: Any) -> None:
    lab = _lab("missing")
    seen: list[dict[str, Any]] = []
    lab.attempt_listeners.append(seen.append)
    lab.handle(intent)
    assert lab.state["message"] == "Put your number cards in the equation first."
    assert seen == []


def test_with_hints_off_no_level_hands_over_an_answer() -> None:
    for level in ("missing", "remainders", "tables-10"):
        lab = _lab(level, hints="off")
        assert lab.dealt is not None
        lab.handle({"intent": "hint"})
        assert lab.state["hints"]["shown"] == []
        assert lab.state["message"] == "Hints are off in this class. You can do it!"
        wrong = "1" if level == "missing" else "1 × 1 = 2"
        lab.handle({"intent": "check", "text": wrong})
        shown = " ".join(lab.state["verdict"]["lines"])
        assert lab.dealt.fact.equation.text not in shown
        assert "works!" not in shown


def test_three_mistakes_of_one_kind_step_back_at_once_and_say_so() -> None:
    lab = EquationLab(level="division-100", levels=("tables-10", "division-100"), seed=2)
    for _try in range(3):
        lab.handle({"intent": "check", "text": "56 ÷ 8 = 6"})
    assert lab.state["level"]["key"] == "tables-10"
    assert lab.state["message"] == (
        "3 tries went wrong the same way. Let's practise Times tables to 10 × 10 for a while."
    )
    # Said calmly, not as a warning; the stars of the easier level are not new.
    assert lab.state["note"] == "step-back"
    assert lab.state["level"]["fresh"] is False


def test_a_step_up_says_which_level_and_why() -> None:
    lab = EquationLab(level="bonds-10", levels=("bonds-10", "missing"), seed=2, student="Mia")
    for _right in range(5):
        assert lab.dealt is not None
        lab.handle({"intent": "check", "text": lab.dealt.fact.text})
    assert lab.state["level"]["key"] == "missing"
    assert lab.state["message"] == "5 right in a row on your own! Next level: Missing numbers."
    # A celebration, not a warning, and the empty row of stars says it is new.
    assert lab.state["note"] == "level-up"
    assert lab.state["level"]["fresh"] is True
    assert lab.dealt is not None
    lab.handle({"intent": "check", "text": lab.dealt.fact.text})
    assert lab.state["note"] == ""
    assert lab.state["level"]["fresh"] is False


def test_a_level_is_refused_in_words_when_unknown_or_closed() -> None:
    with pytest.raises(ValueError, match="is not a level of practice"):
        EquationLab(level="<b>")
    with pytest.raises(ValueError, match="not open to this class"):
        EquationLab(level="tables-10", operations="+−")


def test_the_lab_moves_between_the_set_of_levels_it_is_given_in_teaching_order() -> None:
    chosen = ("rescue", "remainders", "missing", "division-100")
    lab = EquationLab(level="missing", levels=chosen, seed=1)
    assert [level.key for level in lab.range] == [
        "missing",
        "division-100",
        "remainders",
        "rescue",
    ]
    with pytest.raises(ValueError, match="not a level"):
        EquationLab(level="missing", levels=("missing", "no-such-level"))


def test_new_cards_after_three_wrong_tries_are_said_in_words() -> None:
    lab = EquationLab(level="tables-10", levels=("tables-10",), seed=4, student="Mia")
    before = list(lab.cards)
    for _try in range(3):
        lab.handle({"intent": "check", "text": "2 × 3 = 7"})
    assert lab.cards != before  # new cards were dealt
    assert lab.state["verdict"]["codes"][0] == "not-true"  # about the cards before
    assert lab.state["message"] == (
        "Here are new cards to try. The check below is about your cards before."
    )


def test_the_stars_are_still_there_when_the_lab_is_opened_again() -> None:
    from sq2edu.progress.records import Attempt

    history = [Attempt("Mia", "2 × 3 = 6", True, level="tables-10", where="lab")] * 4
    lab = EquationLab(level="tables-10", levels=("tables-10",), history=history, seed=1)
    assert lab.state["score"]["right"] == 4
    assert lab.state["score_text"] == "4 stars"
    assert lab.state["level"]["stars"] == 4


def test_the_stars_earned_are_the_stars_found_when_the_lab_is_opened_again() -> None:
    """A star is a right equation found on the child's own: the live count and the count
    read back from the store agree, however the answers were come to."""
    from sq2edu.progress.records import Attempt

    store: list[Attempt] = []
    lab = _lab("tables-10")
    lab.attempt_listeners.append(
        lambda attempt: store.insert(
            0, Attempt.from_dict({**attempt, "student": "Mia", "where": "lab"})
        )
    )

    def right() -> str:
        assert lab.dealt is not None
        return str(lab.dealt.fact.equation)

    lab.handle({"intent": "check", "text": right()})  # on their own, typed
    equation = lab.dealt.fact.equation if lab.dealt else None
    assert equation is not None
    a, b, total = equation.numbers
    first = _card(lab, a)
    lab.handle(  # on their own, with the cards
        {
            "intent": "check",
            "cards": [first, _card(lab, b, (first,))],
            "result": _card(lab, total),
            "op": equation.left.ops[0].value,
        }
    )
    lab.handle({"intent": "hint"})  # a first hint only: still their own
    lab.handle({"intent": "check", "text": right()})
    rungs = -1
    while len(lab.help.rungs) != rungs:  # the whole worked example, then its equation
        rungs = len(lab.help.rungs)
        lab.handle({"intent": "hint"})
    lab.handle({"intent": "check", "text": right()})
    assert lab.state["praise"].startswith("Yes!")
    lab.handle({"intent": "check", "text": "2 × 3 = 7"})  # wrong: a near miss is shown
    shown = re.search(r"\d+ × \d+ = \d+", lab.state["verdict"]["lines"][-1])
    assert shown is not None
    lab.handle({"intent": "check", "text": shown.group()})
    assert lab.state["praise"] == f"Yes! {shown.group()} works."
    live = lab.state["score"]["right"], lab.state["level"]["stars"]
    assert live == (3, 3)
    assert "on your own" in lab.state["message"]  # why this right answer has no star

    again = EquationLab(
        level=store[0].level, levels=("tables-10",), history=store, seed=4, student="Mia"
    )
    assert (again.state["score"]["right"], again.state["level"]["stars"]) == live
