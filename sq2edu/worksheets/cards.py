"""Card sets to print and cut out, for playing with the cards at a table without a screen.

A set holds the number cards a level deals (1 to 10 for the first levels, and the numbers
past 10 the higher levels need: 12, 14, ... 100 for the times tables), then the sign cards
of its operations and ``=``. The cards are drawn edge to edge with dashed lines between
them, so one cut parts two cards; a 6 and a 9 (and every number that turns into another
upside down) are underlined, as on playing cards.

>>> from sq2edu.worksheets.cards import card_set
>>> numbers, signs = card_set(["bonds-10"], copies=1)
>>> numbers, signs
((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), ('+', '+', '−', '−', '=', '='))
"""

from __future__ import annotations

from collections.abc import Sequence

from sq2edu.equations import parse_operations
from sq2edu.i18n import _, language, local_signs
from sq2edu.markup import Markup, html, joined
from sq2edu.practice import Level, facts, skills_of
from sq2edu.practice.deal import usable_operations
from sq2edu.worksheets.html import document, title_of
from sq2edu.worksheets.paper import MARGIN, PAPERS, Paper
from sq2edu.worksheets.sheet import read_levels

__all__ = ["COLUMNS", "MAX_COPIES", "ROWS", "card_set", "cards_html", "upside_down"]

#: Cards across and down a page.
COLUMNS = 4
ROWS = 5
#: The most copies of a set on one print.
MAX_COPIES = 4
#: The numbers of the Rescue's own cards, in every set.
_RESCUE = tuple(range(1, 11))
#: Room for the line at the top and the foot of every page, in mm.
_HEAD = 9.0
_FOOT = 7.0
_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def upside_down(number: int) -> bool:
    """Whether a number reads as another number when the card is turned (6 and 9, 16 and
    91, 68 and 89): such cards are underlined."""
    digits = str(number)
    if not set(digits) <= set(_TURNED):
        return False
    turned = "".join(_TURNED[d] for d in reversed(digits))
    return turned != digits and not turned.startswith("0")


def card_set(
    levels: Sequence[Level | str] | Level | str, copies: int = 2, operations: str = "+−×÷"
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The number cards and the sign cards of a set for ``levels``.

    Every number comes ``copies`` times, and each sign (and ``=``) twice as often: an
    equation has more numbers than signs, but a child may want two of one sign.

    :raises ValueError: for an unknown level, a number of copies out of range, or signs
        that none of the levels use.
    """
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
        raise ValueError(f"print 1 to {MAX_COPIES} copies of a set, not {copies!r}")
    chosen = read_levels(levels)
    signs = "".join(op.value for op in sorted(parse_operations(operations), key=lambda o: o.order))
    numbers: set[int] = set(_RESCUE)
    used = ""
    for level in chosen:
        usable = usable_operations(level, signs)
        used += usable
        for skill in skills_of(level, usable):
            for fact in facts(level, skill):
                numbers.update(fact.cards)
    kept = "".join(sign for sign in "+−×÷" if sign in used)
    if not kept:
        raise ValueError("none of these levels can be practised with the class's signs")
    number_cards = tuple(n for n in sorted(numbers) for _copy in range(copies))
    sign_cards = tuple(sign for sign in (*kept, "=") for _copy in range(2 * copies))
    return number_cards, sign_cards


def _card(text: str, underline: bool, size: float) -> Markup:
    turned = Markup(' class="turned"') if underline else ""
    return html(
        '<div class="cut"><span{} style="font-size:{:.1f}pt">{}</span></div>', turned, size, text
    )


def _css(paper: Paper, width: float, height: float) -> str:
    return f"""
@page {{ size: {paper.width}mm {paper.height}mm; margin: 0; }}
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; padding: 0; background: #fff; color: #000; }}
body {{ font-family: "DejaVu Sans", "Noto Sans", Arial, system-ui, sans-serif; }}
.page {{ width: {paper.width}mm; height: {paper.height - 0.5}mm; padding: {MARGIN}mm;
  position: relative; break-after: page; page-break-after: always; }}
.page:last-of-type {{ break-after: auto; page-break-after: auto; }}
.head {{ height: {_HEAD}mm; margin: 0; font-size: 10pt; }}
.grid {{ display: grid; grid-template-columns: repeat({COLUMNS}, {width:.2f}mm);
  grid-auto-rows: {height:.2f}mm; }}
.cut {{ display: flex; align-items: center; justify-content: center;
  outline: 0.3mm dashed #000; outline-offset: -0.15mm; }}
.cut span {{ font-weight: 700; line-height: 1; }}
.turned {{ text-decoration: underline; text-decoration-thickness: 1mm;
  text-underline-offset: 2mm; }}
.foot {{ position: absolute; left: {MARGIN}mm; right: {MARGIN}mm; bottom: {MARGIN}mm;
  height: {_FOOT - 2}mm; font-size: 8pt; color: #333; display: flex; align-items: flex-end; }}
@media screen {{
  body {{ background: #d0d3d8; padding: 4mm 0; }}
  .page {{ background: #fff; margin: 0 auto 6mm; box-shadow: 0 1mm 3mm rgba(0,0,0,.3); }}
  .how {{ max-width: {paper.width}mm; margin: 0 auto 4mm; font-size: 12pt; }}
}}
@media print {{ .how {{ display: none; }} }}
"""


def cards_html(
    levels: Sequence[Level | str] | Level | str,
    paper: str = "a4",
    lang: str = "en",
    copies: int = 2,
    operations: str = "+−×÷",
) -> str:
    """A card set as a page to print: :data:`COLUMNS` × :data:`ROWS` cards a page.

    :raises ValueError: as :func:`card_set`, or for an unknown paper.
    """
    if paper not in PAPERS:
        raise ValueError(f"the paper is one of {', '.join(PAPERS)}, not {paper[:20]!r}")
    sized = PAPERS[paper]
    number_cards, sign_cards = card_set(levels, copies, operations)
    chosen = read_levels(levels)
    width = sized.inner_width / COLUMNS
    height = (sized.inner_height - _HEAD - _FOOT) / ROWS
    with language(lang):
        cards = [_card(str(n), upside_down(n), 44.0) for n in number_cards] + [
            _card(local_signs(sign), False, 54.0) for sign in sign_cards
        ]
        per_page = COLUMNS * ROWS
        count = (len(cards) + per_page - 1) // per_page
        title = title_of(chosen)
        head = _("Cards to cut out: {title}. Cut along the dashed lines.", title=title)
        pages = []
        for index in range(count):
            on_page = joined(cards[index * per_page : (index + 1) * per_page])
            foot = _(
                "sq2edu · {title} · cards, page {page} of {pages}",
                title=title,
                page=index + 1,
                pages=count,
            )
            pages.append(
                html(
                    '<section class="page cards-page"><p class="head">{}</p>'
                    '<div class="grid">{}</div><footer class="foot">{}</footer></section>',
                    head,
                    on_page,
                    foot,
                )
            )
        how = _(
            "To print: your browser's Print, paper {paper}, margins none, without headers "
            "and footers.",
            paper=_(sized.name),
        )
        return document(head, lang, _css(sized, width, height), pages, how)
