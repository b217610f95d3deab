"""The values a save file holds, read back the same way by every edition: a value of the
wrong kind is refused, naming what was found (cut at 120 characters, so that a huge damaged
save cannot flood a log), and a good value is read back as it was saved.

The refusal a child or a teacher sees ("This saved game is damaged.") is in
``tests/test_save_files.py``; these are the reasons behind it, for whoever looks into it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from sq2edu.core.setup import read_flags, read_ids, read_int, read_places, read_text
from tests.rules_helpers import exactly

#: A reader of one saved value, and the values it must refuse with the reason given.
REFUSED: list[object] = [
    pytest.param(read_ids, "n1a", "expected a list of card ids, found 'n1a'", id="ids: text"),
    pytest.param(read_ids, {}, "expected a list of card ids, found {}", id="ids: an object"),
    pytest.param(read_ids, None, "expected a list of card ids, found None", id="ids: nothing"),
    pytest.param(
        read_ids, ["n1a", 2], "expected a list of card ids, found ['n1a', 2]", id="ids: a number"
    ),
    pytest.param(
        lambda value: read_places(value, "companion grid"),
        "n1a",
        "bad companion grid",
        id="places: text",
    ),
    pytest.param(
        lambda value: read_places(value, "middle of the table"),
        {},
        "bad middle of the table",
        id="places: an object",
    ),
    pytest.param(
        lambda value: read_places(value, "companion grid"),
        ["c-lion", 3],
        "bad companion grid",
        id="places: a number",
    ),
    pytest.param(
        lambda value: read_flags(value, "companion grid"),
        {},
        "bad companion grid",
        id="flags: an object",
    ),
    pytest.param(
        lambda value: read_flags(value, "middle of the table"),
        "",
        "bad middle of the table",
        id="flags: empty text",
    ),
    pytest.param(
        lambda value: read_flags(value, "companion grid"),
        [True, 0],
        "bad companion grid",
        id="flags: a number",
    ),
    pytest.param(read_text, 3, "expected text, found 3", id="text: a number"),
    pytest.param(read_text, None, "expected text, found None", id="text: nothing"),
    pytest.param(read_int, "3", "expected a whole number, found '3'", id="number: text"),
    pytest.param(read_int, 2.5, "expected a whole number, found 2.5", id="number: a fraction"),
    pytest.param(read_int, True, "expected a whole number, found True", id="number: true"),
    pytest.param(read_int, None, "expected a whole number, found None", id="number: nothing"),
]


@pytest.mark.parametrize(("read", "value", "reason"), REFUSED)
def test_a_saved_value_of_the_wrong_kind_is_refused_naming_it(
    read: Callable[[object], object], value: object, reason: str
) -> None:
    with pytest.raises(ValueError, match=exactly(reason)):
        read(value)


HUGE = ["n1a"] * 100


@pytest.mark.parametrize(
    ("read", "value", "start"),
    [
        pytest.param(read_ids, [*HUGE, 1], "expected a list of card ids, found ['n1a', ", id="ids"),
        pytest.param(read_text, HUGE, "expected text, found ['n1a', ", id="text"),
        pytest.param(read_int, HUGE, "expected a whole number, found ['n1a', ", id="number"),
    ],
)
def test_the_reason_for_a_huge_wrong_value_is_cut_at_120_characters(
    read: Callable[[object], object], value: object, start: str
) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(start)}") as caught:
        read(value)
    reason = str(caught.value)
    assert len(reason) == 120


def test_good_saved_values_are_read_back_as_saved() -> None:
    assert read_ids(["n1a", "n2b"]) == ["n1a", "n2b"]
    assert read_ids([]) == []
    assert read_places(["c-lion", None], "companion grid") == ["c-lion", None]
    assert read_flags([True, False], "companion grid") == [True, False]
    assert read_text("Mia") == "Mia"
    assert read_int(0) == 0
    assert read_int(-3) == -3
