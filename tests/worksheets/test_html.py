"""The printed page: every word in its language, nothing fetched, nothing from a browser as markup."""

from __future__ import annotations

import re

import pytest

from sq2edu.i18n import LANGUAGES, language
from sq2edu.practice import LEVELS
from sq2edu.worksheets import make_sheet, sheet_html
from sq2edu.worksheets.cards import cards_html, upside_down
from sq2edu.worksheets.shown import heading


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_section_is_headed_in_the_sheet_s_language(lang: str) -> None:
    sheet = make_sheet(["rescue"], count=12, seed=1)
    page = sheet_html(sheet, "a4", lang)
    with language(lang):
        for kind in {exercise.kind for exercise in sheet.exercises}:
            assert f"<h2>{heading(kind)}</h2>" in page
    sections = re.findall(r"<h2>(.*?)</h2>", page)
    assert len(sections) >= len({exercise.kind for exercise in sheet.exercises})


def test_russian_and_norwegian_sheets_write_times_and_divide_as_their_schools_do() -> None:
    sheet = make_sheet(["tables-10", "division-100"], count=12, seed=3)
    for lang in ("ru", "nb"):
        page = sheet_html(sheet, "a4", lang)
        assert "·" in page
        assert "×" not in page
        assert "÷" not in page
    english = sheet_html(sheet, "a4", "en")
    assert "×" in english
    assert "÷" in english


def test_a_remainder_is_written_as_each_language_writes_it() -> None:
    sheet = make_sheet(["remainders"], count=6, seed=3)
    assert re.search(r"\d+ ÷ \d+ = \d+ r \d+", sheet_html(sheet, "a4", "en"))
    assert re.search(r"\d+ : \d+ = \d+ \(ост\. \d+\)", sheet_html(sheet, "a4", "ru"))
    assert re.search(r"\d+ : \d+ = \d+ rest \d+", sheet_html(sheet, "a4", "nb"))


def test_a_name_from_a_browser_is_printed_as_text() -> None:
    sheet = make_sheet(["bonds-10"], 4, 1, student='<img src="http://x/">', group="<script>")
    page = sheet_html(sheet)
    assert "<img" not in page
    assert "<script" not in page
    assert "&lt;img src=&#34;http://x/&#34;&gt;" in page


@pytest.mark.parametrize(
    "page",
    [
        sheet_html(make_sheet(list(LEVELS), 30, 2), "letter", "nb"),
        cards_html(["tables-10"], "a4", "ru"),
    ],
    ids=["sheet", "cards"],
)
def test_the_page_fetches_nothing_and_runs_nothing(page: str) -> None:
    assert "default-src 'none'; style-src 'unsafe-inline'" in page
    assert not re.search(r"(?i)<script|<link|<img|@import|url\(|https?://", page)


def test_cards_that_turn_into_another_number_are_underlined() -> None:
    assert [n for n in range(1, 101) if upside_down(n)] == [
        6,
        9,
        16,
        18,
        19,
        61,
        66,
        68,
        81,
        86,
        89,
        91,
        98,
        99,
    ]
    page = cards_html(["tables-10"], "a4", "en", copies=1)
    assert '<span class="turned" style="font-size:44.0pt">6</span>' in page
    assert '<span style="font-size:44.0pt">8</span>' in page


@pytest.mark.parametrize(("paper", "lang"), [("legal", "en"), ("a4", "de")])
def test_an_unknown_paper_or_language_is_refused(paper: str, lang: str) -> None:
    with pytest.raises(ValueError, match=r"paper is one of a4, letter|unknown language 'de'"):
        sheet_html(make_sheet(["bonds-10"], 2, 1), paper, lang)
