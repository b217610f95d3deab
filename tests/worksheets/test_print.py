"""Sheets and card sets printed by Chromium: the pages expected, nothing past an edge.

Every level in every language on both papers is printed to PDF by one browser. Each printed
page must be one sheet of paper of the right size, and in the print layout every box and
every line of text must lie inside the page's margins and inside the exercise (or row, or
card) that holds it: a word or a card that crosses the edge of its box would be cut off or
printed over its neighbour.
"""

from __future__ import annotations

import math
import re

import pytest
from playwright.sync_api import Page

from sq2edu.i18n import LANGUAGES
from sq2edu.practice import LEVELS
from sq2edu.worksheets import PAPERS, make_sheet, sheet_html
from sq2edu.worksheets.cards import COLUMNS, ROWS, card_set, cards_html

pytestmark = pytest.mark.browser

#: What lies outside its box, found in the print layout (sizes in mm).
OUTSIDE = """
() => {
  const mm = (px) => px * 25.4 / 96;
  const found = [];
  const inside = (r, box, slack = 0.4) =>
    mm(r.left - box.left) >= -slack && mm(box.right - r.right) >= -slack &&
    mm(r.top - box.top) >= -slack && mm(box.bottom - r.bottom) >= -slack;
  const pages = [...document.querySelectorAll('.page')];
  pages.forEach((page, index) => {
    const box = page.getBoundingClientRect();
    const style = getComputedStyle(page);
    const margins = {
      left: box.left + parseFloat(style.paddingLeft),
      right: box.right - parseFloat(style.paddingRight),
      top: box.top + parseFloat(style.paddingTop),
      bottom: box.bottom - parseFloat(style.paddingBottom),
    };
    const walker = document.createTreeWalker(page, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let rects;
      if (node.nodeType === Node.TEXT_NODE) {
        if (!node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects = [...range.getClientRects()];
      } else {
        rects = [node.getBoundingClientRect()];
      }
      const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : node;
      const holder = (node === element ? element.parentElement : element)
        .closest('.item, .row, .top, .foot, .cut, .head');
      for (const r of rects) {
        if (r.width === 0 && r.height === 0) continue;
        const what = (node.textContent || '').trim().slice(0, 40) || element.className;
        if (!inside(r, margins)) found.push(`page ${index + 1}: ${what} crosses the margin`);
        if (holder && page.contains(holder) && !inside(r, holder.getBoundingClientRect()))
          found.push(`page ${index + 1}: ${what} crosses its ${holder.className}`);
      }
    }
  });
  return {pages: pages.length, width: pages.length ? mm(pages[0].getBoundingClientRect().width) : 0, found};
}
"""


def printed_pages(pdf: bytes) -> list[tuple[float, float]]:
    """The size of each page of a PDF, in mm."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    return [(float(w) * 25.4 / 72, float(h) * 25.4 / 72) for w, h in boxes]


def print_and_measure(page: Page, html: str, paper: str) -> tuple[int, list[str]]:
    page.set_content(html)
    measured = page.evaluate(OUTSIDE)
    expected = html.count('<section class="page')
    assert measured["pages"] == expected
    assert measured["width"] == pytest.approx(PAPERS[paper].width, abs=0.3)
    pdf = page.pdf(prefer_css_page_size=True)
    sizes = printed_pages(pdf)
    assert len(sizes) == expected, f"{len(sizes)} pages printed, {expected} laid out"
    for width, height in sizes:
        assert width == pytest.approx(PAPERS[paper].width, abs=0.5)
        assert height == pytest.approx(PAPERS[paper].height, abs=0.5)
    return expected, measured["found"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_level_prints_on_its_pages_with_nothing_cut(print_page: Page, lang: str) -> None:
    problems: list[str] = []
    for index, level in enumerate(LEVELS.values()):
        for paper in PAPERS:
            sheet = make_sheet([level], count=12, seed=index)
            pages, found = print_and_measure(print_page, sheet_html(sheet, paper, lang), paper)
            assert pages >= 2  # the exercises, then the answers on a page of their own
            problems += [f"{level.key} {paper}: {problem}" for problem in found]
    assert not problems, "\n".join(problems)


def test_a_long_sheet_for_several_levels_keeps_every_row_whole(print_page: Page) -> None:
    sheet = make_sheet(list(LEVELS), count=60, seed=5, student="Alexandra-Marie", group="Tigers")
    for paper in PAPERS:
        pages, found = print_and_measure(print_page, sheet_html(sheet, paper, "ru"), paper)
        assert pages >= 6
        assert not found, "\n".join(found)


def test_card_sets_print_whole_cards(print_page: Page) -> None:
    for paper in PAPERS:
        for levels, lang in ((["bonds-10"], "en"), (["tables-10"], "nb"), (["within-100"], "ru")):
            pages, found = print_and_measure(print_page, cards_html(levels, paper, lang), paper)
            numbers, signs = card_set(levels)
            assert pages == math.ceil((len(numbers) + len(signs)) / (COLUMNS * ROWS))
            assert not found, "\n".join(found)
