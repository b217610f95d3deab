"""A worksheet as one HTML page to print, and its answer key.

The page needs nothing from anywhere: its styles are inline, it has no script, no font and
no image to fetch (its Content-Security-Policy forbids them), so it prints the same in a
school without internet. Each printed page is a box of the paper's size laid out by
:mod:`sq2edu.worksheets.layout`; the browser only has to put one box on each sheet of paper.
On screen the pages are shown one under the other with a line on how to print them.

Every word is in the sheet's language, with its signs (· and : in Russian and Norwegian),
and black on white: a cheap printer or a copier loses nothing.
"""

from __future__ import annotations

import math

from sq2edu.i18n import _, language, local_signs, ngettext
from sq2edu.markup import Markup, html, joined
from sq2edu.practice import Level
from sq2edu.practice.deal import BOX
from sq2edu.worksheets.exercises import Exercise
from sq2edu.worksheets.layout import CARD_GAP, GAP, Row, card_width, paginate, rows_of
from sq2edu.worksheets.paper import LARGE, MARGIN, PAPERS, REGULAR, Paper, Type
from sq2edu.worksheets.sheet import Sheet
from sq2edu.worksheets.shown import equation_shown, heading, rest_text
from sq2edu.worksheets.stories import story

__all__ = ["KEYS", "answer_text", "document", "sheet_html", "title_of"]

#: Where the answer key goes: after the sheet on pages of its own, nowhere (copies for the
#: children), or alone (the teacher's copy).
KEYS = ("end", "none", "only")
#: Room for the title, the name and the date at the top of a sheet's first page, in mm.
_TOP = 30.0
#: Room for the name line at the top of every later page of a sheet: a page a child gets
#: separated from the first still says whose it is.
_AGAIN = 12.0
#: Room for the line at the foot of every page.
_FOOT = 8.0
#: The answer key's type, in points, and its line height.
_KEY_PT = 11.0
_KEY_LINE = 1.45
#: A point in millimetres.
_PT = 0.3528
#: The room a key's number takes at its left.
_KEY_LABEL = 9.0


def title_of(levels: tuple[Level, ...]) -> str:
    """A sheet's title: its level, or its first and last level."""
    first, last = _(levels[0].title), _(levels[-1].title)
    return first if len(levels) == 1 else _("{first} to {last}", first=first, last=last)


def _style(sheet: Sheet) -> Type:
    return LARGE if sheet.large_type else REGULAR


def _boxed(text: str) -> Markup:
    """An equation with its empty boxes drawn as boxes to write in."""
    return joined(
        text.split(BOX), html('<span class="box" role="img" aria-label="{}"></span>', BOX)
    )


def _card(number: int, style: Type) -> Markup:
    return html(
        '<span class="card" style="width:{:.2f}mm">{}</span>', card_width(number, style), number
    )


def _cards(numbers: tuple[int, ...], signs: str, style: Type) -> Markup:
    """Number cards and sign cards, read out as a list by a screen reader."""
    shown = [str(n) for n in numbers] + [local_signs(sign) for sign in signs]
    label = _("Cards: {numbers}", numbers=", ".join(shown))
    parts = [_card(number, style) for number in numbers]
    if signs:
        parts.append(Markup('<span class="then"></span>'))
        parts += [
            html(
                '<span class="sign" style="width:{:.2f}mm">{}</span>',
                style.card[0] * 0.8,
                local_signs(sign),
            )
            for sign in signs
        ]
    return html('<div class="cards" role="img" aria-label="{}">{}</div>', label, joined(parts))


def _lines(count: int) -> Markup:
    return Markup('<div class="lines">' + '<span class="line"></span>' * count + "</div>")


def _answer_line() -> Markup:
    return html(
        '<div class="answer"><span>{}</span><span class="blank"></span>'
        '<span>{}</span><span class="blank short"></span></div>',
        _("Equation:"),
        _("Answer:"),
    )


def _body(exercise: Exercise, style: Type) -> Markup:
    """What an exercise shows the child."""
    kind = exercise.kind
    if kind == "make":
        ask = _("Make {number}.", number=exercise.target)
        return html(
            '<p class="ask">{}</p>{}{}',
            ask,
            _cards(exercise.cards, exercise.operations, style),
            _lines(1),
        )
    if kind in ("missing", "remainder"):
        return html('<p class="eq">{}</p>', _boxed(equation_shown(exercise)))
    if kind == "family":
        return _cards(exercise.cards, "", style) + _lines(len(exercise.answers))
    if kind == "true":
        choices = joined(
            html('<span class="choice"><span class="tick"></span>{}</span>', words)
            for words in (_("True"), _("Not true"))
        )
        return html(
            '<p class="eq">{}</p><p class="choices">{}</p>', equation_shown(exercise), choices
        )
    if kind == "story":
        return html('<p class="story">{}</p>{}', story(exercise.fact), _answer_line())
    count = len(exercise.answers)
    ask = ngettext(
        "These cards make {n} equation. Find it.",
        "These cards make {n} equations. Find them all.",
        count,
    )
    return html(
        '<p class="ask">{}</p>{}{}',
        ask,
        _cards(exercise.cards, exercise.operations, style),
        _lines(2 * math.ceil(count / 2)),
    )


def _row(row: Row, sheet: Sheet, style: Type) -> Markup:
    if row.kind == "heading":
        return html(
            '<div class="row heading" style="height:{:.2f}mm"><h2>{}</h2></div>',
            row.height,
            heading(sheet.exercises[row.items[0]].kind),
        )
    items = joined(
        html(
            '<div class="item {}"><span class="label">{}.</span><div class="body">{}</div></div>',
            row.kind,
            i + 1,
            _body(sheet.exercises[i], style),
        )
        for i in row.items
    )
    return html(
        '<div class="row" style="height:{:.2f}mm;grid-template-columns:repeat({},1fr)">{}</div>',
        row.height,
        row.columns,
        items,
    )


def _top(sheet: Sheet) -> Markup:
    """The title, whom the sheet is for, and a line for the name and the date."""
    group = (
        html('<p class="for">{}</p>', _("Group: {name}", name=sheet.group)) if sheet.group else ""
    )
    return html(
        '<header class="top" style="height:{:.2f}mm"><h1>{}</h1>{}'
        '<p class="name"><span>{}</span><span class="blank">{}</span>'
        '<span>{}</span><span class="blank short"></span></p></header>',
        _TOP,
        title_of(sheet.levels),
        group,
        _("Name:"),
        sheet.student,
        _("Date:"),
    )


def _name_again(sheet: Sheet) -> Markup:
    """The name line alone, at the top of every page after the first."""
    return html(
        '<header class="top again" style="height:{:.2f}mm">'
        '<p class="name"><span>{}</span><span class="blank">{}</span></p></header>',
        _AGAIN,
        _("Name:"),
        sheet.student,
    )


def _foot(sheet: Sheet, words: str) -> Markup:
    line = _(
        "sq2edu · {title} · sheet {number} · {words}",
        title=title_of(sheet.levels),
        number=sheet.number,
        words=words,
    )
    return html('<footer class="foot" style="height:{:.2f}mm">{}</footer>', _FOOT - 2, line)


def _sheet_pages(sheet: Sheet, paper: Paper, style: Type) -> list[Markup]:
    rows = rows_of(sheet.exercises, style, paper)
    room = paper.inner_height - _FOOT
    pages = paginate(rows, room - _TOP, room - _AGAIN)
    out = []
    for page_number, page_rows in enumerate(pages, start=1):
        words = _("page {page} of {pages}", page=page_number, pages=len(pages))
        out.append(
            html(
                '<section class="page sheet {}">{}<div class="rows">{}</div>{}</section>',
                style.name,
                _top(sheet) if page_number == 1 else _name_again(sheet),
                joined(_row(row, sheet, style) for row in page_rows),
                _foot(sheet, words),
            )
        )
    return out


def answer_text(exercise: Exercise) -> str:
    """One exercise's answers, in the sheet's language and signs."""
    kind, answers = exercise.kind, exercise.answers
    if kind == "make":
        shown = "; ".join(local_signs(answer) for answer in answers[:3])
        if len(answers) > 3:
            shown += " " + ngettext("({n} way in all)", "({n} ways in all)", len(answers))
        return shown
    if kind == "missing":
        return _("{number} ({equation})", number=exercise.number, equation=answers[0])
    if kind in ("remainder", "story") and exercise.fact.rest:
        return rest_text(answers[0])
    if kind == "true":
        truth = rest_text(answers[0])
        return _("True") if exercise.true else _("Not true: {truth}", truth=truth)
    return "; ".join(local_signs(answer) for answer in answers)


def _key_chars(paper: Paper) -> int:
    """How many characters a line of the key holds, counted generously."""
    return int((paper.inner_width - _KEY_LABEL) / (_KEY_PT * _PT * 0.62))


def _key_pages(sheet: Sheet, paper: Paper) -> list[Markup]:
    entries = [answer_text(exercise) for exercise in sheet.exercises]
    line = _KEY_PT * _PT * _KEY_LINE
    chars = _key_chars(paper)
    rows = [
        Row("key", math.ceil(len(text) / chars) * line + 1.6, (index,))
        for index, text in enumerate(entries)
    ]
    room = paper.inner_height - _FOOT
    about = _key_about(sheet)
    pages = paginate(rows, room - _TOP, room)
    out = []
    for page_number, page_rows in enumerate(pages, start=1):
        body = joined(
            html(
                '<div class="row key" style="height:{:.2f}mm">'
                '<span class="label">{}.</span><span>{}</span></div>',
                row.height,
                row.items[0] + 1,
                entries[row.items[0]],
            )
            for row in page_rows
        )
        top = Markup()
        if page_number == 1:
            top = html(
                '<header class="top" style="height:{:.2f}mm"><h1>{}</h1>{}</header>',
                _TOP,
                _("Answers"),
                about,
            )
        words = _("answers, page {page} of {pages}", page=page_number, pages=len(pages))
        out.append(
            html(
                '<section class="page answers">{}<div class="rows">{}</div>{}</section>',
                top,
                body,
                _foot(sheet, words),
            )
        )
    return out


def signs_used(sheet: Sheet) -> str:
    """Every sign the sheet and its answers use, in ``+−×÷`` order: a family or a box of ×
    has its ÷ answers, whatever the level's own signs."""
    used = {
        char
        for exercise in sheet.exercises
        for text in (*exercise.answers, exercise.operations, exercise.fact.text)
        for char in text
    }
    return "".join(sign for sign in "+−×÷" if sign in used)


def _key_about(sheet: Sheet) -> Markup:
    """For the teacher: whom the sheet is for and what it aims at."""
    parts = []
    if sheet.student:
        parts.append(_("For {name}", name=sheet.student))
    if sheet.group:
        parts.append(_("Group: {name}", name=sheet.group))
    if sheet.focus:
        parts.append(_("More practice in: {skill}", skill=_skill_words(sheet.focus)))
    parts.append(_("Signs: {signs}", signs=local_signs(" ".join(signs_used(sheet)))))
    return html('<p class="for">{}</p>', " · ".join(parts))


_SKILL_WORDS = {
    "addition": "+",
    "subtraction": "−",
    "multiplication": "×",
    "division": "÷",
}


def _skill_words(skill: str) -> str:
    """``− with 2 numbers``, ``+ with 3 or more``."""
    operation, size = skill.split("-")
    sign = _SKILL_WORDS[operation]
    if size == "two":
        return _("{sign} with 2 numbers", sign=sign)
    return _("{sign} with 3 numbers or more", sign=sign)


def _css(paper: Paper, style: Type) -> str:
    inner = paper.inner_height - _FOOT
    return f"""
@page {{ size: {paper.width}mm {paper.height}mm; margin: 0; }}
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; padding: 0; background: #fff; color: #000; }}
body {{ font-family: "DejaVu Sans", "Noto Sans", Arial, system-ui, sans-serif; }}
.page {{ width: {paper.width}mm; height: {paper.height - 0.5}mm; padding: {MARGIN}mm;
  position: relative; break-after: page; page-break-after: always; overflow: visible; }}
.page:last-of-type {{ break-after: auto; page-break-after: auto; }}
.rows {{ height: {inner:.2f}mm; }}
.top {{ display: flex; flex-direction: column; justify-content: flex-start; }}
.top {{ border-bottom: 0.4mm solid #000; margin: 0; }}
.top + .rows {{ height: {inner - _TOP:.2f}mm; }}
.top.again {{ justify-content: flex-end; }}
.top.again + .rows {{ height: {inner - _AGAIN:.2f}mm; }}
h1 {{ font-size: 16pt; margin: 0 0 1.5mm; line-height: 1.2; }}
.sheet.large h1 {{ font-size: 19pt; }}
.for {{ margin: 0 0 1.5mm; font-size: 10.5pt; }}
.name {{ display: flex; align-items: flex-end; gap: 2mm; margin: auto 0 2.5mm;
  font-size: 12pt; }}
.blank {{ flex: 1; border-bottom: 0.35mm solid #000; min-height: 7mm; padding: 0 1mm;
  font-size: 14pt; font-weight: 700; }}
.blank.short {{ flex: 0 0 32mm; }}
.row {{ display: grid; column-gap: {GAP}mm; align-items: stretch; }}
.row.heading {{ display: flex; align-items: flex-end; padding-bottom: 1.5mm; }}
h2 {{ font-size: {style.text}pt; font-weight: 700; margin: 0; line-height: 1.2; }}
.item {{ display: flex; gap: 0; padding-top: 2mm; font-size: {style.text}pt; min-width: 0; }}
.label {{ flex: 0 0 {style.label}mm; font-weight: 700; font-size: {style.text}pt; }}
.body {{ flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 1.5mm; }}
.ask, .story, .choices {{ margin: 0; line-height: 1.3; }}
.eq {{ margin: 0; font-size: {style.equation}pt; line-height: 1.3; white-space: nowrap; }}
.box {{ display: inline-block; width: 1.35em; height: 1.1em; border: 0.5mm solid #000;
  border-radius: 1mm; vertical-align: -0.2em; margin: 0 0.1em; }}
.choices {{ display: flex; align-items: center; gap: 2mm; flex-wrap: wrap; }}
.tick {{ display: inline-block; width: 5mm; height: 5mm; border: 0.4mm solid #000;
  margin-left: 2mm; }}
.choice {{ display: inline-flex; align-items: center; gap: 1.5mm; white-space: nowrap; }}
.tick:first-child {{ margin-left: 0; }}
.cards {{ display: flex; gap: {CARD_GAP}mm; align-items: center; flex-wrap: nowrap; }}
.card, .sign {{ display: inline-flex; align-items: center; justify-content: center;
  height: {style.card[1]}mm; border: 0.5mm solid #000; border-radius: 1.5mm;
  font-size: {style.equation}pt; font-weight: 700; line-height: 1; }}
.sign {{ border-style: dashed; border-radius: 50%; height: {style.card[0] * 0.8}mm;
  font-weight: 700; }}
.then {{ width: 3mm; }}
.lines {{ display: grid; grid-template-columns: 1fr 1fr; column-gap: 6mm; }}
.item.make .lines {{ grid-template-columns: 1fr; }}
.line {{ height: {style.line}mm; border-bottom: 0.3mm solid #000; }}
.answer {{ display: flex; align-items: flex-end; gap: 2mm; }}
.answer .blank {{ min-height: {style.line}mm; }}
.row.key {{ display: flex; font-size: {_KEY_PT}pt; line-height: {_KEY_LINE}; }}
.row.key .label {{ flex-basis: {_KEY_LABEL}mm; font-size: {_KEY_PT}pt; }}
.foot {{ position: absolute; left: {MARGIN}mm; right: {MARGIN}mm; bottom: {MARGIN}mm;
  font-size: 8pt; color: #333; display: flex; align-items: flex-end; }}
@media screen {{
  body {{ background: #d0d3d8; padding: 4mm 0; }}
  .page {{ background: #fff; margin: 0 auto 6mm; box-shadow: 0 1mm 3mm rgba(0,0,0,.3); }}
  .how {{ max-width: {paper.width}mm; margin: 0 auto 4mm; font-size: 12pt; }}
}}
@media print {{ .how {{ display: none; }} }}
"""


def document(title: str, lang: str, css: str, pages: list[Markup], how: str) -> str:
    """A whole page to print: ``pages`` (each one printed page), its styles inline.

    ``css`` is our own style sheet, put in as it is; every other text is escaped.
    """
    return str(
        html(
            '<!doctype html>\n<html lang="{}">\n<head>\n<meta charset="utf-8">\n'
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            "style-src 'unsafe-inline'\">\n"
            "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n"
            '<p class="how">{}</p>\n{}\n</body>\n</html>\n',
            lang,
            title,
            Markup(css),
            how,
            joined(pages, "\n"),
        )
    )


def sheet_html(sheet: Sheet, paper: str = "a4", lang: str = "en", key: str = "end") -> str:
    """The sheet as a page to print.

    :param paper: a key of :data:`~sq2edu.worksheets.paper.PAPERS`.
    :param lang: the language of its words and signs.
    :param key: where the answers go: one of :data:`KEYS`.
    :raises ValueError: for an unknown paper, language or place for the key.
    """
    if paper not in PAPERS:
        raise ValueError(f"the paper is one of {', '.join(PAPERS)}, not {paper[:20]!r}")
    if key not in KEYS:
        raise ValueError(f"the answers go {', '.join(KEYS)}, not {key[:20]!r}")
    sized = PAPERS[paper]
    style = _style(sheet)
    with language(lang):
        pages = [] if key == "only" else _sheet_pages(sheet, sized, style)
        if key != "none":
            pages += _key_pages(sheet, sized)
        title = title_of(sheet.levels)
        how = _(
            "To print: your browser's Print, paper {paper}, margins none, without headers "
            "and footers.",
            paper=_(sized.name),
        )
        return document(
            _("{title}, sheet {number}", title=title, number=sheet.number),
            lang,
            _css(sized, style),
            pages,
            how,
        )
