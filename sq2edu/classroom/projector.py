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
the screen's width) for 1920×1080 and 1280×720, read from the back of a classroom.
"""

from __future__ import annotations

from sq2edu.classroom.challenge import Board, Mistake, Round, Tile
from sq2edu.i18n import _, get_language, local_signs, ngettext
from sq2edu.markup import Markup, html, joined

__all__ = ["BOARD_PATH", "PAGE_PATH", "board_html", "page"]

#: Where the teacher's server serves the projector's page and its board.
PAGE_PATH = "sq2edu/projector"
BOARD_PATH = "sq2edu/projector/board"

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
.tiles.small { grid-template-columns: repeat(auto-fill, minmax(8.5em, 1fr)); font-size: .7em; }
.columns { display: grid; grid-template-columns: 1.4fr 1fr; gap: 1.2em; align-items: start; }
.tiles.revealing { grid-template-columns: repeat(auto-fill, minmax(9em, 1fr)); font-size: .75em; }
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
  // The whole board on one screen: the type gets smaller, step by step, only as far as a
  // board that would not fit needs (a long end of a round on a 1280x720 projector).
  function fit() {
    var scale = 1;
    root.style.setProperty("--fit", "1");
    while (scale > 0.6 && root.scrollHeight > window.innerHeight) {
      scale -= 0.04;
      root.style.setProperty("--fit", String(scale));
    }
  }
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
    equation = local_signs(tile.text)
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
    worked = joined(html("<div>{}</div>", line) for line in tile.worked(board.round))
    return html(
        '<li class="tile revealed"><div class="eq">{}</div><div class="worked">{}</div></li>',
        equation,
        worked,
    )


def mistake_words(mistake: Mistake, board: Board) -> str:
    """ "4 children tried 8 − 2 = 6 + 0: there are signs on both sides..." (no name)."""
    return ngettext(
        "{n} child tried {equation}: {why}",
        "{n} children tried {equation}: {why}",
        mistake.example_children,
        equation=mistake.example,
        why=mistake.why(board.round),
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
        local_signs(round_.pinned),
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
                '<section><h2>{}</h2><ul class="tiles revealing">{}</ul></section>',
                _("Nobody found these yet"),
                revealed,
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
