"""The class challenge in Chromium: the teacher starts a round from the dashboard, the
projector shows it, three children in three languages join from the banner and look for
equations, one child's page reloads mid-round, the teacher ends the round, and a second
round follows. The projector never names a child who made a mistake. Pictures of the
projector at 1920×1080 and 1280×720 go to ``test-artifacts/challenge/``."""

from __future__ import annotations

import http.server
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.storage.store import SQLiteStore
from sq2edu.equations import solve
from sq2edu.hub.ports import spare_port
from sq2edu.i18n import LANGUAGE_NAMES, _, language, local_signs
from tests.browser.conftest import WIDGET_TIMEOUT_MS
from tests.browser.test_classroom import Classroom, classroom  # noqa: F401 - a fixture

#: Each child: a name, a language, a wrong try, a right find in round 1.
CHILDREN = (
    ("Mia", "en", "", "2 + 6 = 8"),
    ("Oleg", "ru", "8 − 2 = 6 + 0", "6 + 2 = 8"),
    ("Ola", "nb", "8 - 2 = 6 + 0", "2 × 3 = 6"),
)
TIMEOUT = WIDGET_TIMEOUT_MS


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        return None


def _words(lang: str, message: str, **values: object) -> str:
    with language(lang):
        return _(message, **values)


def _join(device: BrowserContext, port: int, name: str, lang: str) -> Page:
    page = device.new_page()
    page.goto(f"http://127.0.0.1:{port}/", timeout=TIMEOUT)
    page.get_by_role("button", name=LANGUAGE_NAMES[lang]).click(timeout=TIMEOUT)
    join = page.get_by_role("button", name=_words(lang, "Join"), exact=True)
    expect(join).to_be_visible(timeout=TIMEOUT)
    boxes = page.get_by_role("textbox")
    boxes.nth(0).fill(name)
    boxes.nth(1).fill("OWL")
    join.click()
    return page


def _into_challenge(page: Page, lang: str, shots: Path | None = None) -> None:
    banner = page.get_by_role("button", name=_words(lang, "Join the challenge"))
    expect(banner).to_be_visible(timeout=TIMEOUT)
    if shots is not None:
        page.screenshot(path=shots / f"child_banner_{lang}.png", full_page=True)
    banner.click()
    page.get_by_role("button", name=_words(lang, "⌨ Type it").lstrip("⌨ ")).click(timeout=TIMEOUT)


def _try(page: Page, lang: str, text: str, right: bool = True) -> None:
    page.get_by_label(_words(lang, "Type an equation, like 2 + 3 = 5")).fill(text)
    page.get_by_role("button", name=_words(lang, "Check ✓").rstrip("✓ ")).click()
    said = page.get_by_role("status").filter(has_text=_words(lang, "Not yet.")).first
    if right:
        with language(lang):
            shown = local_signs(text.replace("-", "−"))
        said = page.get_by_role("status").filter(has_text=shown).first
    expect(said).to_be_visible(timeout=TIMEOUT)


def test_a_class_challenge_with_three_children_in_three_languages(
    classroom: Classroom,  # noqa: F811 - the fixture
    browser: Browser,
    artifacts_dir: Path,
) -> None:
    shots = artifacts_dir / "challenge"
    shots.mkdir(exist_ok=True)
    # Without the teacher's token the projector, its board and the CSV are not given.
    opener = urllib.request.build_opener(_NoRedirect)
    for path in ("sq2edu/projector", "sq2edu/projector/board", "sq2edu/challenge.csv"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            opener.open(f"http://127.0.0.1:{classroom.teacher_port}/{path}", timeout=30)
        assert refused.value.code in (302, 403)
    desk = browser.new_context()
    teacher = desk.new_page()
    teacher.goto(classroom.teacher_url, wait_until="commit", timeout=TIMEOUT)
    teacher.get_by_role("tab", name="Challenge").click(timeout=TIMEOUT)
    teacher.get_by_role("button", name="Cards I type").click()
    teacher.get_by_label("Cards", exact=True).fill("2 3 5 6 8")
    teacher.get_by_role("button", name="Start a round").click()
    expect(teacher.get_by_text("Round 1 has started.")).to_be_visible(timeout=TIMEOUT)

    wall = desk.new_page()
    wall.set_viewport_size({"width": 1920, "height": 1080})
    wall.goto(f"http://127.0.0.1:{classroom.teacher_port}/sq2edu/projector", timeout=TIMEOUT)
    board = wall.locator("#board")
    expect(board.get_by_text("The class has found 0 of the 12 equations.")).to_be_visible()

    devices = {name: browser.new_context() for name, *_rest in CHILDREN}
    pages: dict[str, Page] = {}
    try:
        for name, lang, wrong, right in CHILDREN:
            page = _join(devices[name], classroom.port, name, lang)
            _into_challenge(page, lang, shots)
            if wrong:
                _try(page, lang, wrong, right=False)
                said = " ".join(page.get_by_role("status").all_inner_texts())
                with language(lang):
                    assert local_signs(right) not in said  # no near miss handed over
            _try(page, lang, right)
            page.screenshot(path=shots / f"child_challenge_{lang}.png", full_page=True)
            pages[name] = page
        expect(board.get_by_text("The class has found 2 of the 12 equations.")).to_be_visible(
            timeout=TIMEOUT
        )
        expect(board.get_by_text("found by 2 children")).to_be_visible()
        wall.screenshot(path=shots / "projector_round_1920x1080.png")

        # Mia's page reloads mid-round: her device finds her name, the class code is not
        # asked again, and she finds her find.
        mia = pages["Mia"]
        mia.reload()
        join = mia.get_by_role("button", name="Join", exact=True)
        expect(join).to_be_visible(timeout=TIMEOUT)
        expect(mia.get_by_role("textbox").nth(0)).to_have_value("Mia", timeout=TIMEOUT)
        expect(mia.get_by_role("textbox")).to_have_count(1)
        join.click()
        _into_challenge(mia, "en")
        expect(mia.get_by_text("You found: 2 + 6 = 8.")).to_be_visible(timeout=TIMEOUT)

        teacher.get_by_role("button", name="End the round").click()
        expect(board.get_by_text("The round has ended.")).to_be_visible(timeout=TIMEOUT)
        expect(board.get_by_text("Nobody found these yet")).to_be_visible()
        # The mistakes come after the unfound equations, on a screen of their own here.
        mistake = board.get_by_text("2 children tried 8 − 2 = 6 + 0:")
        turn = wall.get_by_role("button", name="Next ▶")
        for _screen in range(5):
            if mistake.is_visible() or not turn.is_enabled():
                break
            turn.click()
        expect(mistake).to_be_visible()
        expect(mia.get_by_text("This round has ended. Look at the board!")).to_be_visible(
            timeout=TIMEOUT
        )
        content = wall.content()
        for name, *_rest in CHILDREN:
            assert name not in content  # names are off, and never shown for mistakes
        wall.screenshot(path=shots / "projector_end_1920x1080.png")
        wall.set_viewport_size({"width": 1280, "height": 720})
        wall.screenshot(path=shots / "projector_end_1280x720.png")
        teacher.screenshot(path=shots / "dashboard_challenge.png", full_page=True)

        # Round 2: the teacher shows names of finds; the children on the challenge get the
        # new cards by themselves.
        teacher.get_by_role("button", name="A level").click()
        teacher.get_by_role("button", name="Start a round").click()
        expect(teacher.get_by_text("Round 2 has started.")).to_be_visible(timeout=TIMEOUT)
        teacher.get_by_role(
            "checkbox", name="Show on the projector who found each equation"
        ).check()
        with SQLiteStore(classroom.db) as store:
            second = Challenges(store).current()
        assert second is not None
        assert second.number == 2
        find = str(solve(second.cards, second.operations)[0])
        expect(board.get_by_text("Class challenge: round 2")).to_be_visible(timeout=TIMEOUT)
        oleg = pages["Oleg"]
        expect(
            oleg.get_by_text(_words("ru", "Class challenge: round {number}", number=2))
        ).to_be_visible(timeout=TIMEOUT)
        oleg.get_by_role("button", name=_words("ru", "⌨ Type it").lstrip("⌨ ")).click()
        _try(oleg, "ru", find)
        expect(board.get_by_text(local_signs(find)).first).to_be_visible(timeout=TIMEOUT)
        expect(board.get_by_text("found by 1 child (Oleg)")).to_be_visible(timeout=TIMEOUT)
        wall.screenshot(path=shots / "projector_round_2_1280x720.png")

        # Ola makes a mistake with names shown; Mia only looks. Both are on the challenge,
        # so both joined round 2: the teacher sees them as children to sit with.
        ola = pages["Ola"]
        expect(
            ola.get_by_text(_words("nb", "Class challenge: round {number}", number=2))
        ).to_be_visible(timeout=TIMEOUT)
        ola.get_by_role("button", name=_words("nb", "⌨ Type it").lstrip("⌨ ")).click()
        card = second.cards[0]
        _try(ola, "nb", f"{card} + {card} = {2 * card + 1}", right=False)
        # The dashboard redraws on a timer: wait for the redraw that has Ola's try in it,
        # not an earlier one from before Oleg's find.
        expect(teacher.get_by_text("Most common tries that do not work:")).to_be_visible(
            timeout=TIMEOUT
        )
        sit_with = teacher.locator("p", has_text="Found none yet")
        expect(sit_with).not_to_contain_text("Oleg", timeout=TIMEOUT)
        expect(sit_with).to_contain_text("Mia")
        expect(sit_with).to_contain_text("Ola")
        teacher.get_by_role("button", name="End the round").click()
        expect(board.get_by_text("1 child tried")).to_be_visible(timeout=TIMEOUT)
        content = wall.content()
        assert "Oleg" in content  # his find, with names shown
        assert "Ola" not in content  # her mistake: never with a name
        assert "Mia" not in content

        # The class server stops and starts again. The wall came back only to the sign-in
        # form (the key of the teacher's cookie was new at each start): it now comes back
        # by itself, a reload opens it, and a child's page, whose kernel went with the old
        # server, says to reload.
        classroom.stop()
        gone = wall.get_by_role("alert")
        expect(gone).to_be_visible(timeout=30_000)
        again = Classroom(
            classroom.db.parent, port=classroom.port, teacher_port=classroom.teacher_port
        )
        try:
            expect(gone).to_be_hidden(timeout=30_000)
            expect(board.get_by_text("Class challenge: round 2")).to_be_visible()
            wall.reload()
            expect(board.get_by_text("Class challenge: round 2")).to_be_visible(timeout=TIMEOUT)
            expect(mia.locator(".sq2-lost")).to_have_text(
                "The class has started again. Reload the page to go on.", timeout=30_000
            )
            mia.screenshot(path=shots / "child_after_restart.png")
        finally:
            again.stop()
    finally:
        for device in devices.values():
            device.close()
        desk.close()


#: Every text of the board that is on the screen: its words, size in pixels, and whether it
#: lies inside its box (a tile, a mistake, the pin; or is in none).
_TEXTS = """() => [...document.querySelectorAll('#board *')]
  .filter(e => e.offsetParent !== null
    && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => {
    const words = document.createRange();
    words.selectNodeContents(e);
    const text = words.getBoundingClientRect();
    const tile = e.closest('.tile, .mistakes li, .pinned');
    const box = tile ? tile.getBoundingClientRect() : text;
    const inside = text.left >= box.left - 0.5 && text.right <= box.right + 0.5
      && text.top >= box.top - 0.5 && text.bottom <= box.bottom + 0.5;
    return [e.textContent, parseFloat(getComputedStyle(e).fontSize), inside];
  })"""


#: What one screen of the end of a round shows: each heading with the left edge of its
#: column and of its first item's, and whether that item is below it; every tile and the
#: mistakes' block with how many pieces the columns cut it into; how far right anything
#: reaches; the first tile's kind and the first heading.
_SCREEN = """() => {
  const seen = e => e.offsetParent !== null;
  const headings = [...document.querySelectorAll('.flow h2')].filter(seen).map(h => {
    const item = [...h.parentElement.querySelectorAll('li')].find(seen);
    const [a, b] = [h.getBoundingClientRect(), item.getBoundingClientRect()];
    return [h.textContent, a.left, b.left, b.top >= a.bottom - 1];
  });
  const units = [...document.querySelectorAll('.flow .unit, .flow li')].filter(seen)
    .map(u => [u.textContent, u.getClientRects().length]);
  const right = Math.max(...[...document.querySelectorAll('.flow li')].filter(seen)
    .map(u => u.getBoundingClientRect().right));
  const tiles = [...document.querySelectorAll('.tile')].filter(seen);
  return {headings, units, right, first: tiles.length ? tiles[0].className : ''};
}"""


@pytest.mark.parametrize("pinned", [False, True])
def test_the_end_of_a_long_round_is_read_from_the_back_of_the_room_a_screenful_at_a_time(
    browser: Browser, artifacts_dir: Path, tmp_path: Path, pinned: bool
) -> None:
    """Ten equations nobody found, with their working, two finds with names, three common
    mistakes and a pin, at 1920×1080 and 1280×720 in each language: never a scroll bar,
    every text inside its box and at least 24 px high on a 1280×720 wall (36 on 1920×1080),
    and the round a screenful at a time, the wall filled to its right third on each but the
    last, turned by the buttons or the arrow keys. The first screen starts with the
    equations nobody found (the teacher saw one of seven); each heading is in the column of
    its first item, the mistakes are one block on one screen (they were cut across columns,
    their heading apart), each tile on one screen, never cut. The pin is as large as the
    tiles and says why the try does not work (it was small type, with no why)."""
    from sq2edu.classroom.domain.challenge import Round
    from sq2edu.classroom.views.projector import pin_words, projector_page

    shots = artifacts_dir / "challenge"
    shots.mkdir(exist_ok=True)
    with SQLiteStore(tmp_path / "class.sqlite3") as store:
        challenges = Challenges(store)
        number = challenges.start(Round(0, (2, 3, 5, 6, 8), "+−×÷")).number
        for name in ("Mia", "Ola", "Sam", "Kim", "Liv"):
            challenges.record(name, number, "2 + 6 = 8")
        challenges.record("Mia", number, "2 × 3 = 6")
        for name in ("Zoe", "Ali", "Ida", "Eva"):
            challenges.record(name, number, "8 − 2 = 6 + 0")
        for name in ("Ali", "Ida"):
            challenges.record(name, number, "2 + 3 = 6")
        challenges.record("Eva", number, "5 + 5 = 10")
        challenges.end()
        challenges.show_names(True)
        if pinned:
            challenges.pin("8 − 2 = 6 + 0")
        board = challenges.board()
    assert board is not None
    assert len(board.unfound) == 10
    assert len(board.mistakes) == 3
    for lang in ("en", "ru", "nb"):
        with language(lang):
            html = projector_page(board)
            every = [local_signs(tile.text) for tile in board.tiles]
            nobody = _("Nobody found these yet")
            why = " ".join(pin_words(board)) if pinned else ""
        for width, height in ((1920, 1080), (1280, 720)):
            least = 24 * width / 1280  # the type is sized to the wall's width
            page = browser.new_page(viewport={"width": width, "height": height})
            try:
                page.set_content(html)
                expect(page.locator(".tile.revealed")).to_have_count(10)
                if pinned:
                    pin = page.locator(".pinned")
                    expect(pin).to_contain_text(why)
                    pin_size, tile_size = page.evaluate(
                        "[document.querySelector('.pinned .why'), document.querySelector('.tile .eq')]"
                        ".map(e => parseFloat(getComputedStyle(e).fontSize))"
                    )
                    assert pin_size >= tile_size, (lang, width, pin_size, tile_size)
                seen: list[str] = []
                places: list[str] = []
                with_mistakes = 0
                where = page.locator(".pager .where")
                for screen in range(1, 13):
                    name = f"projector_long_end{'_pinned' if pinned else ''}_{lang}"
                    page.screenshot(path=shots / f"{name}_{width}x{height}_{screen}.png")
                    size = page.evaluate(
                        "[document.documentElement.scrollWidth,"
                        " document.documentElement.scrollHeight]"
                    )
                    assert size == [width, height], (lang, width, screen, size)
                    for text, pixels, inside in page.evaluate(_TEXTS):
                        assert pixels >= least - 0.5, (lang, width, screen, text, pixels)
                        assert inside, (lang, width, screen, text)
                    laid = page.evaluate(_SCREEN)
                    for heading, left, first_left, below in laid["headings"]:
                        assert abs(left - first_left) <= 1, (lang, width, screen, heading)
                        assert below, (lang, width, screen, heading)
                    for text, pieces in laid["units"]:
                        assert pieces == 1, (lang, width, screen, text)
                    if screen == 1:
                        assert "revealed" in laid["first"], (lang, width)
                        assert laid["headings"][0][0] == nobody, (lang, width)
                    shown = page.evaluate(
                        """() => [...document.querySelectorAll('.tile')]
                          .filter(tile => tile.offsetParent !== null)
                          .map(tile => tile.querySelector('.eq').textContent)"""
                    )
                    seen += [" ".join(equation.split()) for equation in shown]
                    mistakes = page.locator(".mistakes li")
                    if mistakes.first.is_visible():
                        with_mistakes += 1
                        for item in range(3):
                            expect(mistakes.nth(item)).to_be_in_viewport(ratio=0.99)
                    else:
                        expect(mistakes).to_have_count(3)
                        for item in range(3):
                            expect(mistakes.nth(item)).to_be_hidden()
                    more = page.locator(".pager .next")
                    if not more.is_visible() or more.is_disabled():
                        break
                    assert laid["right"] > 2 * width / 3, (lang, width, screen)  # no empty third
                    places.append(where.text_content() or "")
                    if screen == 1:
                        page.keyboard.press("ArrowRight")  # the teacher's arrow key
                    else:
                        more.click()
                assert sorted(seen) == sorted(every), (lang, width)  # each once, none left out
                assert with_mistakes == 1, (lang, width)
                if places:  # the last screen says where it is; a step back, where that was
                    count = len(places) + 1
                    expect(where).to_have_text(
                        _words(lang, "Screen {n} of {count}", n=count, count=count)
                    )
                    page.keyboard.press("ArrowLeft")
                    expect(where).to_have_text(places[-1])
                    assert page.locator(".pager .back").is_enabled() == (len(places) > 1)
            finally:
                page.close()


def test_the_longest_equations_stay_inside_their_tiles(
    browser: Browser, artifacts_dir: Path
) -> None:
    """The longest equations a round can have (ten typed cards, two-digit numbers: "1 + 1 +
    1 + 1 + 1 + 1 + 1 + 1 + 12 = 20"), found with names and nobody found with their working,
    while the class looks and at the round's end, at 1920×1080 and 1280×720 in each
    language: every text inside its tile, on every screen ("1 + 1 + 4 =" ran into the next
    tile and covered its answer)."""
    from sq2edu.classroom.domain.challenge import MAX_CARDS, Find, Round, WrongTry, tally
    from sq2edu.classroom.views.projector import projector_page

    shots = artifacts_dir / "challenge"
    shots.mkdir(exist_ok=True)
    cards = (1,) * (MAX_CARDS - 2) + (12, 20)
    equations = [str(equation) for equation in Round(1, cards, "+−×÷").equations]
    assert max(len(equation.split()) for equation in equations) == 2 * MAX_CARDS - 1
    finds = [Find("Oleksandra", equations[0]), Find("Mia", equations[0])]
    finds += [Find("Ola", equations[-1]), Find("Sam", "1 + 1 + 1 = 3")]
    tries = [WrongTry("Zoe", "20 − 1 − 1 − 1 − 1 − 1 − 1 − 1 − 1 = 13", "not-true")]
    page = browser.new_page()
    try:
        for ended in (None, "2026-01-01T10:00:00Z"):
            round_ = Round(1, cards, "+−×÷", ended=ended, names=True)
            board = tally(round_, finds, tries)
            for lang in ("en", "ru", "nb"):
                with language(lang):
                    html = projector_page(board)
                for width, height in ((1920, 1080), (1280, 720)):
                    page.set_viewport_size({"width": width, "height": height})
                    page.set_content(html)
                    more = page.locator(".pager .next")
                    for screen in range(1, board.total + 1):
                        name = f"projector_longest_{'end' if ended else 'round'}_{lang}"
                        page.screenshot(path=shots / f"{name}_{width}x{height}_{screen}.png")
                        texts = page.evaluate(_TEXTS)
                        assert any(pixels for _text, pixels, _inside in texts)
                        for text, _pixels, inside in texts:
                            assert inside, (lang, width, bool(ended), screen, text)
                        if not more.is_visible() or more.is_disabled():
                            break
                        more.click()
    finally:
        page.close()


class _Wall(http.server.ThreadingHTTPServer):
    """A stand-in for the teacher's server that serves only the projector's page and board
    (the real one costs a Voilà server's start, and its stopping is what is tested)."""

    daemon_threads = True

    def __init__(self, port: int, page: str, board: dict[str, str]) -> None:
        self.page, self.board = page, board
        self.stopping = threading.Event()
        super().__init__(("127.0.0.1", port), _WallHandler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.stopping.set()
        self.shutdown()
        self.server_close()


class _WallHandler(http.server.BaseHTTPRequestHandler):
    server: _Wall

    def do_GET(self) -> None:
        if self.path.startswith("/sq2edu/projector/board"):
            if f"seen={self.server.board['stamp']}" in self.path:
                self.server.stopping.wait(0.5)  # held, as the real server holds it
            body, kind = json.dumps(self.server.board).encode(), "application/json"
        else:
            body, kind = self.server.page.encode(), "text/html; charset=utf-8"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        pass


def test_the_projector_says_when_the_server_stopped_and_comes_back_with_it(
    browser: Browser,
) -> None:
    """The wall said nothing when the class server stopped (the dashboard did): it says so
    in the class's language once its questions for the board are refused, over the board it
    still shows, and the words go when the server answers again."""
    from sq2edu.classroom.views.projector import board_html, page, said

    with language("ru"):
        html = str(page("Проектор", board_html(None), said(None), "ru", ""))
        stopped = _(
            "The projector has lost its connection: the class server may have stopped. "
            "Start it again (make serve); this page comes back by itself."
        )
        board = {"stamp": "1", "html": str(board_html(None)), "said": said(None)}
        shown = _("No challenge yet: start one on the dashboard.")
    assert stopped.startswith("Проектор"), stopped  # the class's language
    port = spare_port()
    wall = _Wall(port, html, board)
    projector = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        projector.goto(f"http://127.0.0.1:{port}/sq2edu/projector", timeout=TIMEOUT)
        gone = projector.get_by_role("alert")
        expect(gone).to_be_hidden()
        wall.stop()
        expect(gone).to_have_text(stopped, timeout=15_000)
        expect(gone).to_be_in_viewport(ratio=1)
        expect(projector.locator("#board")).to_contain_text(shown)  # the board stays
        projector.screenshot(path=Path("test-artifacts") / "challenge" / "projector_stopped.png")
        wall = _Wall(port, html, board)
        expect(gone).to_be_hidden(timeout=15_000)
    finally:
        projector.close()
        wall.stop()
