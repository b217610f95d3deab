"""The class challenge on the projector: the cards, the class's finds, the end of a round.

The teacher's server serves :func:`page` at ``/sq2edu/projector`` (teacher-only, as the
dashboard: the teacher's token, a loopback ``Host``, or a school's hub sign-in), and the
board itself, :func:`board_html`, at ``/sq2edu/projector/board``. The page asks for the board
again at once, and the server answers as soon as the store's :meth:`Challenges.stamp` changes,
so a child's find is on the wall a moment after their Check.

What it shows is a class goal, not a race: each equation as a tile with how many children
found it ("2 + 6 = 8 — found by 5"), names only when the teacher turns them on, and the
class's progress ("the class has found 5 of the 7 equations"). When the teacher ends a round,
the equations nobody found are revealed with the checker's worked explanation, and the most
common wrong tries are shown with why they do not work, never with a name. Every equation,
name and try came from a child's browser: all of it is escaped. The type is large (sized to
the screen's width) for 1920×1080 and 1280×720, read from the back of a classroom; when the
end of a long round does not fit at such a size, it comes a screenful at a time (the
equations nobody found first, never a block or a tile cut in two), and the teacher turns
the page on the projector's page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sq2edu.classroom.domain.challenge import Board, Mistake, Tile, judge
from sq2edu.i18n import _, get_language, local_signs, ngettext
from sq2edu.markup import Markup, html, joined

__all__ = [
    "BOARD_PATH",
    "HOLD_SECONDS",
    "PAGE_PATH",
    "board_html",
    "equation_markup",
    "page",
    "unreadable_html",
    "unreadable_words",
]

#: Where the teacher's server serves the projector's page and its board.
PAGE_PATH = "sq2edu/projector"
BOARD_PATH = "sq2edu/projector/board"

#: A sign between two spaces, in any language's way of writing it (6 : 2 in Russian).
_AROUND_A_SIGN = re.compile(r" ([=+−×÷:·]) ")
#: The longest a board request waits for a change before the server answers with the same
#: board; the page gives up on one that takes longer.
HOLD_SECONDS = 20
#: Where an equation too wide for a whole row of the wall may wrap: before a sign, never
#: before its "=" (the answer stays with the last number).
_BEFORE_A_SIGN = re.compile("(?=\u00a0[+−×÷:·]\u00a0)")

_STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: calc(clamp(20px, 1.9vw, 40px) * var(--fit, 1))/1.3 system-ui,
  "Segoe UI", sans-serif; color: #1a1d29; background: #fffdf7; overflow-wrap: anywhere; }
main { padding: 1.2vw 2.4vw; }
h1 { font-size: 1.5em; margin: 0 0 .3em; }
h2 { font-size: 1.15em; margin: .8em 0 .3em; }
.cards { display: flex; flex-wrap: wrap; gap: .5em; margin: 0 0 .5em; padding: 0;
  list-style: none; }
.card { min-width: 2.4em; padding: .25em .45em; border: .12em solid #283593; border-radius: .3em;
  background: #fff; font-size: 1.9em; font-weight: 700; text-align: center; }
.progress { font-size: 1.25em; font-weight: 600; margin: .2em 0; }
.bar { height: .55em; border: .08em solid #283593; border-radius: .3em; background: #e8eaf6;
  overflow: hidden; margin-bottom: .5em; }
.bar span { display: block; height: 100%; background: #3949ab; }
.tiles { display: flex; flex-wrap: wrap; gap: .5em; margin: 0; padding: 0; list-style: none; }
.tiles::after { content: ""; flex: 1000 1 0; }
.tile { flex: 1 1 auto; min-width: min(100%, 11em); max-width: 100%; border: .1em solid #5c6bc0;
  border-radius: .35em; padding: .35em .55em; background: #fff; }
.tile .eq { font-size: 1.35em; font-weight: 700; overflow-wrap: normal; }
.tile .by, .tile .worked { width: 0; min-width: 100%; }
.tile.waiting { border-style: dashed; color: #4a4f63; background: #f4f4f8; }
.tile.revealed { border-style: dotted; border-color: #8d4a00; background: #fff6e8; }
.tile .worked { margin: .2em 0 0; }
.mistakes { margin: 0; padding: 0; list-style: none; }
.mistakes li { margin: .25em 0; padding: .3em .55em; border-left: .3em solid #8d4a00;
  background: #fff6e8; }
.pinned { border: .15em solid #1b5e20; background: #f1f8e9; padding: .25em .6em;
  border-radius: .35em; font-size: 1.2em; margin: .3em 0; }
.pinned .eq { font-weight: 700; overflow-wrap: normal; }
.note { color: #3d4255; margin: .2em 0 .4em; }
.cards.small .card { font-size: 1.2em; }
.tiles.small .eq, .tiles.revealing .eq { font-size: 1.15em; }
main:has(> .flow) { display: flex; flex-direction: column; height: 100vh; }
main:has(> .flow) > * { flex-shrink: 0; }
.flow { flex: 1 1 0; min-height: 0; overflow: hidden; columns: 3 13em; column-gap: 1em;
  column-fill: balance; }
.flow .tiles { display: block; }
.flow .tiles::after { display: none; }
.flow .tile, .flow .mistakes li, .flow .unit { break-inside: avoid; margin: 0 0 .5em; }
.flow .lead .tile { margin: 0; }
.flow .mistakes-block { column-span: all; }
.flow .mistakes { display: grid; gap: .5em 1em; margin: 0;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 13em), 1fr)); }
.flow .mistakes li { margin: 0; }
.flow h2 { break-after: avoid; margin: 0 0 .3em; }
.pager { display: flex; align-items: center; gap: .6em; margin: .5em 0 0; }
.pager[hidden], .flow [hidden] { display: none; }
.pager button { font: inherit; font-weight: 600; min-height: 44px; padding: .2em .8em;
  border: .1em solid #283593; border-radius: .3em; background: #fff; color: #1a1d29;
  cursor: pointer; }
.pager button:disabled { opacity: .45; cursor: default; }
.pager button:focus-visible { outline: .15em solid #1a1d29; outline-offset: .1em; }
.columns h2 { margin-top: .4em; }
.top { display: flex; flex-wrap: wrap; align-items: center; gap: .3em 1em; }
.top h1 { margin: 0; font-size: 1.3em; }
.top .cards { margin: 0; }
.ended { font-weight: 400; color: #3d4255; margin-left: .3em; }
#gone { position: fixed; inset: 0 0 auto 0; z-index: 1; margin: 0; padding: .6em 2.4vw;
  background: #b71c1c; color: #fff; font-size: 1.3em; font-weight: 700;
  border-bottom: .2em solid #1a1d29; }
#gone::before { content: "⚠ "; }
#gone[hidden] { display: none; }
"""

# The board is asked for again as soon as it came; the server holds the question until the
# board changes. A network error waits a second before the next try. The page's form key
# goes with each question: a school's hub lets a script's request (not a page the browser
# opens) through with it only.
_SCRIPT = """
(function () {
  var seen = "";
  var main = document.getElementById("board");
  var said = document.getElementById("said");
  var gone = document.getElementById("gone");
  var xsrf = document.querySelector('meta[name="sq2-xsrf"]').content;
  var root = document.documentElement;
  // The end of a round lays its blocks out in columns as tall as the wall leaves them: what
  // does not fit there makes a column beyond the wall's right edge, and a tile or the
  // mistakes' block taller than a column is cut in two.
  function overflows() {
    if (root.scrollHeight > window.innerHeight) return true;
    if (root.scrollWidth > window.innerWidth) return true;
    var flow = main.querySelector(".flow");
    if (flow === null) return false;
    if (flow.scrollWidth > flow.clientWidth + 1) return true;
    if (flow.scrollHeight > flow.clientHeight + 1) return true;
    var items = flow.querySelectorAll(".unit:not([hidden]), li:not([hidden])");
    for (var i = 0; i < items.length; i++) {
      if (items[i].getClientRects().length > 1) return true;
    }
    return false;
  }
  // The type gets smaller, step by step, only as far as a board that would not fit needs.
  function shrink(floor) {
    var scale = 1;
    root.style.setProperty("--fit", "1");
    while (scale > floor && overflows()) {
      scale -= 0.02;
      root.style.setProperty("--fit", String(scale));
    }
  }
  // The end of a long round (ten equations nobody found, with their working, on a 1280x720
  // projector) does not fit at a size the back of the room can read: it then comes a
  // screenful at a time, and the teacher turns the page (the buttons, or the arrow keys).
  // What a screen holds is whole: an equation, or the mistakes with their heading (a
  // teacher talks them through together). Where each screen starts, and in how many
  // columns (a block too tall for a third of the wall takes a half), is worked out by
  // laying it out.
  var screens = [], shown = 0;
  var UNITS = ".flow .unit";
  // A block, and the heading over it, take no room on a screen that shows none of its
  // items. A heading the columns would leave at the foot of one column, its first item at
  // the top of the next, starts the next column with its item.
  function tidy() {
    var blocks = main.querySelectorAll(".flow .block:not(.unit)");
    for (var i = 0; i < blocks.length; i++) {
      blocks[i].hidden = !blocks[i].querySelector(".unit:not([hidden])");
    }
    var headings = main.querySelectorAll(".flow h2");
    for (var j = 0; j < headings.length; j++) headings[j].style.breakBefore = "";
    for (var k = 0; k < headings.length; k++) {
      var heading = headings[k];
      var item = heading.parentElement.querySelector("li:not([hidden])");
      if (heading.offsetParent === null || item === null) continue;
      var left = heading.getBoundingClientRect().left;
      if (Math.abs(item.getBoundingClientRect().left - left) > 1) {
        heading.style.breakBefore = "column";
      }
    }
  }
  function show(first, end, columns) {
    var units = main.querySelectorAll(UNITS);
    main.querySelector(".flow").style.columnCount = String(columns);
    for (var i = 0; i < units.length; i++) units[i].hidden = i < first || i >= end;
    tidy();
  }
  // The most of what comes from ``first`` on that fits one screen in ``columns``.
  function fill(first, columns) {
    var count = main.querySelectorAll(UNITS).length;
    var end = first;
    while (end < count) {
      show(first, end + 1, columns);
      if (overflows()) break;
      end += 1;
    }
    return end;
  }
  function where(pager, number, count) {
    pager.querySelector(".where").textContent = pager.dataset.where
      .replace("{n}", number).replace("{count}", count);
  }
  function turn(to) {
    var pager = main.querySelector(".pager");
    if (!pager || screens.length < 2) return;
    shown = Math.max(0, Math.min(to, screens.length - 1));
    var screen = screens[shown];
    show(screen.first, screen.end, screen.columns);
    where(pager, shown + 1, screens.length);
    pager.querySelector(".back").disabled = shown === 0;
    pager.querySelector(".next").disabled = shown === screens.length - 1;
  }
  function fit() {
    var units = main.querySelectorAll(UNITS);
    var pager = main.querySelector(".pager");
    screens = [];
    if (!pager || !units.length) { shown = 0; shrink(0.6); return; }
    pager.hidden = true;
    root.style.setProperty("--fit", "1");
    show(0, units.length, 3);
    if (!overflows()) { shown = 0; return; }
    // Never smaller than the back row reads: at full size, as much a screen as fits. Only
    // when one thing alone does not fit a screen (even as wide as the wall) does the type
    // get smaller, as far as that needs.
    pager.hidden = false;
    where(pager, units.length, units.length);
    var scale = 1;
    for (var k = 0; k < units.length; k++) {
      show(k, k + 1, 1);
      while (scale > 0.6 && overflows()) {
        scale -= 0.02;
        root.style.setProperty("--fit", String(scale));
      }
    }
    var first = 0;
    while (first < units.length) {
      var best = null;
      for (var columns = 3; columns >= 1; columns--) {
        var end = fill(first, columns);
        if (best === null || end > best.end) best = {first: first, end: end, columns: columns};
        if (end === units.length) break;
        show(end, end + 1, columns);
        if (!overflows()) break;  // the wall is full: what comes next starts the next screen
      }
      if (best.end === first) best.end = first + 1;
      // Fewer, wider columns where they hold the same (four tiles in two columns, not a
      // third of the wall empty beside them), two at least for two things or more.
      var least = best.end - first > 1 ? 2 : 1;
      for (var fewer = best.columns - 1; fewer >= least; fewer--) {
        show(first, best.end, fewer);
        if (overflows()) break;
        best.columns = fewer;
      }
      screens.push(best);
      first = best.end;
    }
    if (screens.length === 1) {  // it fits after all, with the pager's line taken away
      pager.hidden = true;
      show(0, units.length, screens[0].columns);
      shown = 0;
      return;
    }
    turn(shown);
  }
  main.addEventListener("click", function (event) {
    var button = event.target.closest(".pager button");
    if (button) turn(shown + (button.classList.contains("next") ? 1 : -1));
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight" || event.key === "PageDown") turn(shown + 1);
    if (event.key === "ArrowLeft" || event.key === "PageUp") turn(shown - 1);
  });
  fit();
  window.addEventListener("resize", fit);
  // A stopped server refuses each question at once: after three refusals in a row (a
  // moment's hiccup is not one) the wall says so over the board, in the class's language,
  // and keeps asking each second. Then the next board comes at once rather than after a
  // held question, and the words go as soon as it is there.
  var refused = 0;
  function lost() {
    refused += 1;
    if (refused >= 3 && gone.hidden) {
      gone.hidden = false;
      seen = "";
    }
    setTimeout(next, 1000);
  }
  function next() {
    var query = new URLSearchParams(location.search);
    query.delete("token");
    query.set("seen", seen);
    // A question the server holds longer than it ever does is one nobody answers.
    var asking = new AbortController();
    var late = setTimeout(function () { asking.abort(); }, (HOLD_SECONDS + 5) * 1000);
    fetch("projector/board?" + query.toString(), {
      credentials: "same-origin", cache: "no-store", headers: {"X-XSRFToken": xsrf},
      signal: asking.signal
    })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) {
        clearTimeout(late);
        refused = 0;
        gone.hidden = true;
        if (data.stamp !== seen) {
          seen = data.stamp;
          main.innerHTML = data.html;
          fit();
          if (said.textContent !== data.said) said.textContent = data.said;
        }
        next();
      })
      .catch(function () { clearTimeout(late); lost(); });
  }
  next();
})();
"""


def page(title: str, board: Markup, said: str, lang: str, xsrf: str = "") -> Markup:
    """The projector's whole page with its first board (the page then keeps it up to date).

    :param xsrf: the server's form key for this page, sent with each request for the board.
    """
    return html(
        '<!doctype html><html lang="{}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="sq2-xsrf" content="{}">'
        "<title>{}</title><style>{}</style></head><body>"
        '<p id="gone" role="alert" hidden>{}</p>'
        '<main id="board">{}</main>'
        '<p id="said" class="note" aria-live="polite" role="status" '
        'style="position:absolute;left:-9999px">{}</p>'
        "<script>{}</script></body></html>",
        lang,
        xsrf,
        title,
        Markup(_STYLE),
        _(
            "The projector has lost its connection: the class server may have stopped. "
            "Start it again (make serve); this page comes back by itself."
        ),
        board,
        said,
        Markup(_SCRIPT.replace("HOLD_SECONDS", str(HOLD_SECONDS))),
    )


def progress_words(board: Board) -> str:
    """ "The class has found 5 of the 7 equations" (in the active language)."""
    return ngettext(
        "The class has found {found} of the {n} equation.",
        "The class has found {found} of the {n} equations.",
        board.total,
        found=board.found,
    )


def _cards(board: Board) -> Markup:
    cards = joined(html('<li class="card">{}</li>', card) for card in board.round.cards)
    size = "cards" if board.round.open else "cards small"
    return html('<ul class="{}" aria-label="{}">{}</ul>', size, _("The cards"), cards)


def equation_markup(text: str) -> Markup:
    """An equation for a tile: on one line wherever it fits its tile, else wrapped before a
    sign ("20 − 1 − 1 − 1 − 1 / − 1 − 1 = 14"). One of three numbers always fits a tile, so
    only a longer one (up to ten cards, :data:`~sq2edu.classroom.domain.challenge.MAX_CARDS`)
    may wrap."""
    parts = _BEFORE_A_SIGN.split(unbroken(local_signs(text)))
    return joined(parts, "<wbr>" if len(parts) > 2 else "")


def _tile(tile: Tile, board: Board, unit: str = "") -> Markup:
    """One equation's tile; ``unit``: a class the page's script pages the end of a round by."""
    equation = equation_markup(tile.text)
    kind = f"tile {unit}" if unit else "tile"
    if tile.found:
        by = ngettext("found by {n} child", "found by {n} children", tile.finders)
        names = html(" ({})", ", ".join(tile.names)) if tile.names else ""
        return html(
            '<li class="{} found"><div class="eq">{}</div><div class="by">✓ {}{}</div></li>',
            kind,
            equation,
            by,
            names,
        )
    if board.round.open:
        return html(
            '<li class="tile waiting"><div class="eq" aria-hidden="true">? ? ?</div>'
            '<div class="by">{}</div></li>',
            _("still to find"),
        )
    worked = joined(html("<div>{}</div>", unbroken(line)) for line in tile.worked(board.round))
    return html(
        '<li class="{} revealed"><div class="eq">{}</div><div class="worked">{}</div></li>',
        kind,
        equation,
        worked,
    )


def unbroken(words: str) -> str:
    """``words`` with no line break beside a sign: an equation on the wall wraps between
    equations ("8 − 5 = 3, because / 3 + 5 = 8"), never inside one ("3 + 5 = / 8"), and a
    tick stays with what it ticks."""
    return _AROUND_A_SIGN.sub("\u00a0\\1\u00a0", words).replace(" ✓", "\u00a0✓")


def mistake_words(mistake: Mistake, board: Board) -> str:
    """ "4 children tried 8 − 2 = 6 + 0: there are signs on both sides..." (no name)."""
    return unbroken(
        ngettext(
            "{n} child tried {equation}: {why}",
            "{n} children tried {equation}: {why}",
            mistake.example_children,
            equation=mistake.example,
            why=mistake.why(board.round),
        )
    )


def board_html(board: Board | None) -> Markup:
    """The board's HTML in the active language: what the class found, and after the round
    the equations nobody found and the most common mistakes."""
    if board is None:
        return html(
            '<h1>{}</h1><p class="progress">{}</p>',
            _("Class challenge"),
            _("No challenge yet: start one on the dashboard."),
        )
    round_ = board.round
    title = html(
        '<h1 id="sq2-title">{}</h1>', _("Class challenge: round {number}", number=round_.number)
    )
    if not round_.open:
        return _ended_html(board, title)
    share = 0 if not board.total else round(100 * board.found / board.total)
    looking = ngettext("{n} child is looking.", "{n} children are looking.", len(board.joined))
    return joined(
        [
            title,
            _pinned(board),
            _cards(board),
            html('<p class="progress">{}</p>', progress_words(board)),
            html(
                '<div class="bar" aria-hidden="true"><span style="width:{}%"></span></div>', share
            ),
            html(
                '<p class="note">{} {}</p>',
                _("Make equations from these cards on your device."),
                looking,
            ),
            html('<ul class="tiles">{}</ul>', joined(_tile(tile, board) for tile in board.tiles)),
        ]
    )


def pin_words(board: Board) -> tuple[str, ...]:
    """Why the pinned try does not work, in the checker's words (those of the mistake it
    stands for, when it is one on the board), or the working of a pinned equation that
    does: what the class talks about is on the wall, not in the teacher's head alone."""
    round_ = board.round
    for mistake in board.mistakes:
        if mistake.example == round_.pinned:
            return (mistake.why(round_),)
    verdict = judge(round_, round_.pinned)
    if verdict.problems:
        return (verdict.problems[0].message,)
    return verdict.steps + verdict.teaching


def _pinned(board: Board) -> Markup:
    """The try or equation the teacher pinned, as large as the tiles' equations, with why."""
    if not board.round.pinned:
        return Markup()
    return html(
        '<div class="pinned"><strong>{}</strong> <span class="eq">{}</span>{}</div>',
        _("Let us talk about"),
        unbroken(local_signs(board.round.pinned)),
        joined(html('<div class="why">{}</div>', unbroken(line)) for line in pin_words(board)),
    )


def _ended_html(board: Board, title: Markup) -> Markup:
    """The end of a round: the title beside the cards, the pinned try with why, the
    class's progress and that the round ended on one line, then in columns as tall as the
    wall: the equations nobody found (with the working) first, as what the class talks about
    most, then the most common mistakes as one block, then the finds. Each block has its
    heading; a screenful at a time when they do not all fit (see :func:`_pager`)."""
    share = 0 if not board.total else round(100 * board.found / board.total)
    parts = [
        html('<div class="top">{}{}</div>', title, _cards(board)),
        _pinned(board),
        html(
            '<p class="progress">{} <span class="ended">{}</span></p>',
            progress_words(board),
            _("The round has ended."),
        ),
        html('<div class="bar" aria-hidden="true"><span style="width:{}%"></span></div>', share),
    ]
    flow = []
    if board.unfound:
        heading = html('<h2 id="sq2-nobody">{}</h2>', _("Nobody found these yet"))
        flow.append(_block(heading, "tiles revealing", board.unfound, board))
    if board.mistakes:
        items = joined(html("<li>{}</li>", mistake_words(m, board)) for m in board.mistakes)
        flow.append(
            html(
                '<section class="block unit mistakes-block"><h2>{}</h2>'
                '<ul class="mistakes">{}</ul></section>',
                _("Tries that do not work yet"),
                items,
            )
        )
    found = [tile for tile in board.tiles if tile.found]
    if found:
        heading = html("<h2>{}</h2>", _("The class found these"))
        flow.append(_block(heading, "tiles small", found, board))
    parts.append(html('<div class="flow">{}</div>{}', joined(flow), _pager()))
    return joined(parts)


def _block(heading: Markup, kind: str, tiles: Sequence[Tile], board: Board) -> Markup:
    """A heading over its tiles. The heading and the first tile are one piece the columns
    never cut (a heading at the foot of one column, its tile atop the next, heads nothing);
    the page's script turns the screens a piece at a time."""
    first, rest = tiles[0], tiles[1:]
    lead = html(
        '<div class="unit lead">{}<ul class="{}">{}</ul></div>', heading, kind, _tile(first, board)
    )
    if not rest:
        return html('<section class="block">{}</section>', lead)
    return html(
        '<section class="block">{}<ul class="{}">{}</ul></section>',
        lead,
        kind,
        joined(_tile(tile, board, "unit") for tile in rest),
    )


def _pager() -> Markup:
    """Buttons that turn the end of a round a screenful at a time, shown by the page's
    script only when it does not all fit at a size the back of the room can read."""
    where = _("Screen {n} of {count}", n="{n}", count="{count}")
    return html(
        '<nav class="pager" hidden aria-labelledby="sq2-title" data-where="{}">'
        '<button type="button" class="back">◀ {}</button>'
        '<span class="where" aria-live="polite"></span>'
        '<button type="button" class="next">{} ▶</button></nav>',
        where,
        _("Back"),
        _("Next"),
    )


def said(board: Board | None) -> str:
    """One sentence for a screen reader: the class's progress, or that the round ended."""
    if board is None:
        return _("No challenge yet: start one on the dashboard.")
    if board.round.open:
        return progress_words(board)
    return _("The round has ended.") + " " + progress_words(board)


def projector_page(board: Board | None, xsrf: str = "", unreadable: bool = False) -> Markup:
    """The whole page in the active language (``xsrf``: see :func:`page`); when the store
    is ``unreadable``, what :func:`unreadable_html` says instead of a board."""
    if unreadable:
        shown, words = unreadable_html(), unreadable_words()
        return page(_("Class challenge"), shown, words, get_language(), xsrf)
    return page(_("Class challenge"), board_html(board), said(board), get_language(), xsrf)


def unreadable_words() -> str:
    """What the teacher does when the class server cannot read its store (in the active
    language)."""
    return _(
        "The class server cannot read the class's progress: a newer sq2edu may have written "
        "it. Stop the class server and start it again (make serve)."
    )


def unreadable_html() -> Markup:
    """The wall when the store cannot be read: what happened and what to do. The store's
    own error (paths, a database's host) goes to the server's log, not to a wall the class
    reads."""
    return html(
        '<h1>{}</h1><p class="progress" role="alert">{}</p>',
        _("Class challenge"),
        unreadable_words(),
    )
