"""A default sheet shares its pages evenly: no page a child may get holds a lone exercise,
and every page says whose it is.

Counted on the printed page itself (its ``<section class="page sheet">`` boxes, each one sheet
of paper, as the browser tests in ``test_print.py`` confirm), for every level, paper and
language, in both sizes of type.
"""

from __future__ import annotations

import re

import pytest

from sq2edu.i18n import LANGUAGES
from sq2edu.practice import LEVELS
from sq2edu.worksheets import PAPERS, make_sheet, sheet_html
from sq2edu.worksheets.layout import FEWEST

SEEDS = range(0, 240, 23)


def sheet_pages(page: str) -> list[str]:
    """The printed pages of a sheet (not of its key)."""
    return re.findall(r'<section class="page sheet .*?</section>', page, re.S)


@pytest.mark.parametrize(
    "levels",
    [[key] for key in LEVELS] + [["bonds-10", "within-20"], ["bonds-10", "tables-10"]],
    ids="+".join,
)
def test_a_default_sheet_fills_its_pages_evenly_with_a_name_on_each(levels: list[str]) -> None:
    for paper in PAPERS:
        for lang in LANGUAGES:
            for seed in SEEDS:
                sheet = make_sheet(levels, seed=seed, student="Саша")
                pages = sheet_pages(sheet_html(sheet, paper, lang, key="none"))
                where = f"{'+'.join(levels)} {paper} {lang} sheet {seed}"
                assert len(pages) <= 2, f"{where}: {len(pages)} pages"
                for number, printed in enumerate(pages, start=1):
                    items = printed.count('<div class="item ')
                    assert items >= FEWEST, f"{where}: page {number} holds {items}"
                    assert 'class="name"' in printed, f"{where}: page {number} has no name"
                    assert "Саша" in printed, f"{where}: page {number} is nobody's"


def test_a_long_sheet_never_ends_on_a_lone_exercise() -> None:
    """Any count a teacher asks for: the last page takes exercises back from the one before."""
    for count in range(1, 40):
        for key in ("bonds-10", "rescue", "tables-10"):
            pages = sheet_pages(sheet_html(make_sheet([key], count, seed=count), "letter", "nb"))
            assert pages
            if len(pages) > 1:
                assert all(p.count('<div class="item ') >= FEWEST for p in pages), (key, count)
