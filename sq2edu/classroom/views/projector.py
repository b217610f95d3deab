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
end of a long round does not fit at such a size, the equations nobody found come a
screenful at a time, and the teacher turns the page on the projector's page.
"""

from __future__ import annotations

import re

from sq2edu.classroom.domain.challenge import Board, Mistake, Round, Tile
from sq2edu.i18n import _, get_language, local_signs, ngettext
from sq2edu.markup import Markup, html, joined

__all__ = ["BOARD_PATH", "PAGE_PATH", "board_html", "page"]

#: Where the teacher's server serves the projector's page and its board.
PAGE_PATH = "sq2edu/projector"
BOARD_PATH = "sq2edu/projector/board"

#: A sign between two spaces, in any language's way of writing it (6 : 2 in Russian).
_AROUND_A_SIGN = re.compile(r" ([=+−×÷:·]) ")

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
.tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(12em, 1fr)); gap: .5em;
  margin: 0; padding: 0; list-style: none; }
.tile { border: .1em solid #5c6bc0; border-radius: .35em; padding: .35em .55em; background: #fff; }
.tile .eq { font-size: 1.35em; font-weight: 700; white-space: nowrap; }
.tile .by { font-size: .9em; }
.tile.waiting { border-style: dashed; color: #4a4f63; background: #f4f4f8; }
.tile.revealed { border-style: dotted; border-color: #8d4a00; background: #fff6e8; }
.tile .worked { font-size: .8em; margin: .2em 0 0; }
.mistakes { margin: 0; padding: 0; list-style: none; }
.mistakes li { margin: .25em 0; padding: .3em .55em; border-left: .3em solid #8d4a00;
  background: #fff6e8; }
.pinned { border: .15em solid #1b5e20; background: #f1f8e9; padding: .4em .7em;
  border-radius: .35em;
  font-size: 1.2em; margin: .3em 0; }
.note { color: #3d4255; margin: .2em 0 .4em; }
.cards.small .card { font-size: 1.2em; }
.tiles.small { grid-template-columns: repeat(auto-fill, minmax(8.5em, 1fr)); font-size: .8em; }
.columns { display: grid; grid-template-columns: 1.4fr 1fr; gap: 1.2em; align-items: start; }
.tiles.revealing { grid-template-columns: repeat(auto-fill, minmax(9.5em, 1fr)); }
.tiles.revealing .eq { font-size: 1.15em; }
.tiles.revealing .worked { font-size: .85em; }
.pager { display: flex; align-items: center; gap: .6em; margin: .5em 0 0; }
.pager[hidden], .tile[hidden] { display: none; }
.pager button { font: inherit; font-weight: 600; min-height: 44px; padding: .2em .8em;
  border: .1em solid #283593; border-radius: .3em; background: #fff; color: #1a1d29;
  cursor: pointer; }
.pager button:disabled { opacity: .45; cursor: default; }
.pager button:focus-visible { outline: .15em solid #1a1d29; outline-offset: .1em; }
.columns h2 { margin-top: .4em; }
.top { display: flex; flex-wrap: wrap; align-items: center; gap: 0 1em; }
.top h1 { margin: 0; }
.top .cards { margin: 0; }
.ended { font-weight: 400; color: #3d4255; margin-left: .3em; }
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
  var xsrf = document.querySelector('meta[name="sq2-xsrf"]').content;
  var root = document.documentElement;
  function overflows() { return root.scrollHeight > window.innerHeight; }
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
  // projector) does not fit at a size the back of the room can read: the equations nobody
  // found then come a screenful at a time, and the teacher turns the page (the buttons, or
  // the arrow keys). Where each screenful starts is worked out by laying it out.
  var starts = [0], shown = 0;
  function turn(to) {
    var tiles = main.querySelectorAll(".tile.revealed");
    var pager = main.querySelector(".pager");
    if (!pager || starts.length < 2) return;
    shown = Math.max(0, Math.min(to, starts.length - 1));
    var first = starts[shown];
    var end = shown + 1 < starts.length ? starts[shown + 1] : tiles.length;
    for (var i = 0; i < tiles.length; i++) tiles[i].hidden = i < first || i >= end;
    pager.querySelector(".where").textContent = pager.dataset.where
      .replace("{first}", first + 1).replace("{last}", end).replace("{total}", tiles.length);
    pager.querySelector(".back").disabled = shown === 0;
    pager.querySelector(".next").disabled = shown === starts.length - 1;
  }
  function fit() {
    var tiles = main.querySelectorAll(".tile.revealed");
    var pager = main.querySelector(".pager");
    starts = [0];
    if (!pager || !tiles.length) { shown = 0; shrink(0.6); return; }
    for (var i = 0; i < tiles.length; i++) tiles[i].hidden = false;
    pager.hidden = true;
    shrink(0.9);
    if (!overflows()) { shown = 0; return; }
    // The largest type at which the rest of the board and one equation fit (the mistakes
    // beside them may be what is tall), then as many equations a screen as fit at it.
    pager.hidden = false;
    pager.querySelector(".where").textContent = pager.dataset.where
      .replace("{first}", tiles.length).replace("{last}", tiles.length)
      .replace("{total}", tiles.length);
    for (var k = 1; k < tiles.length; k++) tiles[k].hidden = true;
    shrink(0.6);
    var first = 0;
    while (first < tiles.length) {
      for (var j = 0; j < tiles.length; j++) tiles[j].hidden = j < first;
      var end = tiles.length;
      while (end - first > 1 && overflows()) { end -= 1; tiles[end].hidden = true; }
      if (end < tiles.length) starts.push(end);
      first = end;
    }
    if (starts.length === 1) {  // it fits after all, with the pager's line taken away
      pager.hidden = true;
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
  function next() {
    var query = new URLSearchParams(location.search);
    query.delete("token");
    query.set("seen", seen);
    fetch("projector/board?" + query.toString(), {
      credentials: "same-origin", cache: "no-store", headers: {"X-XSRFToken": xsrf}
    })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) {
        if (data.stamp !== seen) {
          seen = data.stamp;
          main.innerHTML = data.html;
          fit();
          if (said.textContent !== data.said) said.textContent = data.said;
        }
        next();
      })
      .catch(function () { setTimeout(next, 1000); });
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
        '<main id="board">{}</main>'
        '<p id="said" class="note" aria-live="polite" role="status" '
        'style="position:absolute;left:-9999px">{}</p>'
        "<script>{}</script></body></html>",
        lang,
        xsrf,
        title,
        Markup(_STYLE),
        board,
        said,
        Markup(_SCRIPT),
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


def _tile(tile: Tile, board: Board) -> Markup:
    equation = unbroken(local_signs(tile.text))
    if tile.found:
        by = ngettext("found by {n} child", "found by {n} children", tile.finders)
        names = html(" ({})", ", ".join(tile.names)) if tile.names else ""
        return html(
            '<li class="tile found"><div class="eq">{}</div><div class="by">✓ {}{}</div></li>',
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
        '<li class="tile revealed"><div class="eq">{}</div><div class="worked">{}</div></li>',
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
    title = html("<h1>{}</h1>", _("Class challenge: round {number}", number=round_.number))
    if not round_.open:
        return _ended_html(board, title)
    share = 0 if not board.total else round(100 * board.found / board.total)
    looking = ngettext("{n} child is looking.", "{n} children are looking.", len(board.joined))
    return joined(
        [
            title,
            _pinned(round_),
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


def _pinned(round_: Round) -> Markup:
    if not round_.pinned:
        return Markup()
    return html(
        '<div class="pinned"><strong>{}</strong> {}</div>',
        _("Let us talk about"),
        unbroken(local_signs(round_.pinned)),
    )


def _ended_html(board: Board, title: Markup) -> Markup:
    """The end of a round, on one screen: the title beside the cards, the class's progress
    and that the round ended on one line, the finds small, then what nobody found and the
    most common mistakes side by side."""
    round_ = board.round
    share = 0 if not board.total else round(100 * board.found / board.total)
    parts = [
        html('<div class="top">{}{}</div>', title, _cards(board)),
        _pinned(round_),
        html(
            '<p class="progress">{} <span class="ended">{}</span></p>',
            progress_words(board),
            _("The round has ended."),
        ),
        html('<div class="bar" aria-hidden="true"><span style="width:{}%"></span></div>', share),
    ]
    found = [tile for tile in board.tiles if tile.found]
    if found:
        parts.append(
            html('<ul class="tiles small">{}</ul>', joined(_tile(tile, board) for tile in found))
        )
    revealed = joined(_tile(tile, board) for tile in board.unfound)
    columns = []
    if revealed:
        columns.append(
            html(
                '<section><h2 id="sq2-nobody">{}</h2><ul class="tiles revealing">{}</ul>{}'
                "</section>",
                _("Nobody found these yet"),
                revealed,
                _pager(),
            )
        )
    if board.mistakes:
        items = joined(html("<li>{}</li>", mistake_words(m, board)) for m in board.mistakes)
        columns.append(
            html(
                '<section><h2>{}</h2><ul class="mistakes">{}</ul></section>',
                _("Tries that do not work yet"),
                items,
            )
        )
    if columns:
        parts.append(html('<div class="columns">{}</div>', joined(columns)))
    return joined(parts)


def _pager() -> Markup:
    """Buttons that turn the equations nobody found a screenful at a time, shown by the
    page's script only when they do not all fit at a size the back of the room can read."""
    where = _("{first}–{last} of {total}", first="{first}", last="{last}", total="{total}")
    return html(
        '<nav class="pager" hidden aria-labelledby="sq2-nobody" data-where="{}">'
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


def projector_page(board: Board | None, xsrf: str = "") -> Markup:
    """The whole page in the active language (``xsrf``: see :func:`page`)."""
    return page(_("Class challenge"), board_html(board), said(board), get_language(), xsrf)
