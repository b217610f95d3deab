"""The dashboard's charts: every word from the class is text in the SVG, never markup."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sq2edu.classroom.views.charts import bars, levels, lines

HOSTILE = '<script>alert("x")</script> & <img src=x>'
SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [
        "".join(node.itertext())
        for node in root.iter()
        if node.tag in (f"{SVG}text", f"{SVG}title")
    ]


@pytest.mark.parametrize(
    "svg",
    [
        bars(HOSTILE, [(HOSTILE, 3), ("Leo", 1)]),
        levels(HOSTILE, [(HOSTILE, [1, 2, 0, 0, 1])], [HOSTILE, "b", "c", "d", "e"]),
        lines(HOSTILE, ["Mon", HOSTILE], [(HOSTILE, [40, 80])], unit=HOSTILE),
    ],
    ids=["bars", "levels", "lines"],
)
def test_words_from_the_class_are_text_in_the_chart(svg: str) -> None:
    root = ET.fromstring(svg)  # well-formed: nothing a name holds opened a tag
    assert {node.tag for node in root.iter()} <= {
        f"{SVG}{tag}" for tag in ("svg", "title", "text", "rect", "line", "polyline", "circle")
    }
    assert root.get("aria-label") == HOSTILE
    assert any(HOSTILE in text for text in _texts(svg))


def test_no_rows_draw_no_chart() -> None:
    assert bars("t", []) == levels("t", [], ["a"]) == lines("t", [], [("a", [1])]) == ""
