"""How long a teacher waits for a worksheet: choosing and checking its exercises, laying it
out as a page, and printing it to PDF with Chromium.

Every level in turn, twelve exercises a sheet (the default), English on A4. The PDF is
printed by the Chromium the tests use (``SQ2EDU_CHROMIUM`` or the first on the ``PATH``);
without one that row is left out. A PDF starts a browser each time, as ``sq2edu worksheet``
and the dashboard do.
"""

from __future__ import annotations

from functools import partial

from benchmarks.timing import TABLE_HEAD, time_calls
from sq2edu.practice import LEVELS
from sq2edu.worksheets import make_sheet, sheet_html
from sq2edu.worksheets.pdf import find_chromium, to_pdf

TITLE = "Worksheets"


def run(quick: bool = False) -> str:
    """Measure and return a Markdown section."""
    rounds = 1 if quick else 4
    keys = [key for _round in range(rounds) for key in LEVELS]
    made = time_calls([partial(make_sheet, [key], 12, seed) for seed, key in enumerate(keys)])
    sheets = [make_sheet([key], 12, seed) for seed, key in enumerate(keys)]
    laid = time_calls([partial(sheet_html, sheet, "a4", "en") for sheet in sheets])
    lines = [
        f"## {TITLE}",
        "",
        "A sheet of 12 exercises at each level in turn (`benchmarks/worksheets.py`): choosing",
        "them and putting every answer of the key through the checker (`make_sheet`), the",
        "page with its key (`sheet_html`), and the PDF printed by Chromium (`to_pdf`, a new",
        "browser each time, as `sq2edu worksheet` and the dashboard start one).",
        "",
        TABLE_HEAD,
        made.row("`make_sheet`, 12 exercises"),
        laid.row("`sheet_html`, A4, English"),
    ]
    chromium = find_chromium()
    if chromium is not None:
        pages = [sheet_html(sheet, "a4", "en") for sheet in sheets[: 3 if quick else 8]]
        printed = time_calls([partial(to_pdf, page, chromium) for page in pages])
        lines.append(printed.row("`to_pdf`, one sheet and its key"))
    else:
        lines += ["", "(No Chromium found: the PDF was not measured.)"]
    lines.append("")
    return "\n".join(lines)
