"""Classmates at one table on real `sq2edu serve` servers, each child in their own Chromium
page (their own device): the lobby, a whole game, a page closed and opened again, and the
widget traffic of one page read for another seat's hidden cards."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, expect

from sq2edu.bots import make_bot
from sq2edu.bots.base import Bot
from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.store import SQLStore, open_store
from sq2edu.classroom.storage.tables import Tables
from tests.browser.conftest import WIDGET_TIMEOUT_MS
from tests.browser.test_classroom import Classroom

#: Clicks after which a game that has not ended counts as stuck. The deal is the class's own
#: (not seeded), and a game of three choosing at random now and then runs past 500 moves.
MAX_CLICKS = 1200
#: Seconds a page may take to show another seat's move.
SEEN_WITHIN = 15


class Child:
    """One child on their own device: a browser context (its own cookies) and a page, with
    every widget message the page receives kept for reading."""

    def __init__(self, browser: Browser, url: str, name: str) -> None:
        self.name = name
        self.url = url
        self.context: BrowserContext = browser.new_context(viewport={"width": 1280, "height": 900})
        self.states: list[dict[str, Any]] = []
        self.page = self.open()

    def open(self) -> Page:
        page = self.context.new_page()
        page.on("websocket", self._listen)
        page.goto(self.url, wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
        self.page = page
        return page

    def _listen(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self._keep(payload))

    def _keep(self, payload: str | bytes) -> None:
        content = _content(payload)
        data = content.get("data") if isinstance(content, dict) else None
        state = data.get("state") if isinstance(data, dict) else None
        table = state.get("state") if isinstance(state, dict) else None
        if isinstance(table, dict) and "view" in table:
            self.states.append(table)

    def join(self, returning: bool = False) -> None:
        """Join with the class code; a device that joined before finds its name and is not
        asked for the code again."""
        page = self.page
        join = page.get_by_role("button", name="Join")
        expect(join).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        boxes = page.get_by_role("textbox")
        if returning:
            expect(boxes.nth(0)).to_have_value(self.name, timeout=WIDGET_TIMEOUT_MS)
            expect(boxes).to_have_count(1)
        else:
            boxes.nth(0).fill(self.name)
            boxes.nth(1).fill("OWL")
        join.click()

    def close(self) -> None:
        self.context.close()


def _content(payload: str | bytes) -> Any:
    """The content of a Jupyter message as the kernel's websocket carries it: JSON text, or
    the binary framing of the ``v1.kernel.websocket.jupyter.org`` protocol."""
    try:
        if isinstance(payload, str):
            return json.loads(payload).get("content")
        count = int.from_bytes(payload[:8], "little")
        offsets = [
            int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)
        ]
        offsets.append(len(payload))
        return json.loads(payload[offsets[4] : offsets[5]])
    except (ValueError, IndexError, AttributeError):
        return None


@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Classroom]:
    room = Classroom(tmp_path, "--pool=2")
    try:
        yield room
    finally:
        if room.process.poll() is None:
            room.stop()


def _children(browser: Browser, room: Classroom, names: list[str]) -> list[Child]:
    url = f"http://127.0.0.1:{room.port}/"
    children = [Child(browser, url, name) for name in names]
    for child in children:
        child.join()
        child.page.get_by_role("button", name="Play with classmates").click(
            timeout=WIDGET_TIMEOUT_MS
        )
    return children


def _sit_at_one_table(children: list[Child]) -> None:
    """The first child makes a table with a seat for each, the others sit, the first starts
    (every seat taken: no computer players)."""
    maker = children[0].page
    maker.get_by_role("button", name=str(len(children)), exact=True).click()
    maker.get_by_role("button", name="Make a table").click()
    expect(maker.get_by_text("Waiting for friends…")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    for child in children[1:]:
        sit = child.page.get_by_role("button", name="Sit here")
        expect(sit).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        sit.click()
        expect(child.page.get_by_text("Mia starts the game when everyone is here.")).to_be_visible(
            timeout=WIDGET_TIMEOUT_MS
        )
    start = maker.get_by_role("button", name="Start", exact=True)
    expect(start).to_be_enabled(timeout=WIDGET_TIMEOUT_MS)
    start.click()
    for child in children:
        expect(child.page.locator(".sq2-header")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)


def _mover(children: list[Child]) -> Child | None:
    """The child whose page says it is their turn (``None`` once the game is over)."""
    deadline = time.monotonic() + SEEN_WITHIN
    while time.monotonic() < deadline:
        for child in children:
            if child.page.locator(".sq2-over").count():
                return None
            said = child.page.locator(".sq2-who").first.inner_text()
            # Her turn, or a choice of hers in a classmate's turn ("Leo's turn: you choose",
            # "Leo is after your queen!").
            if said == "Your turn" or said.endswith((": you choose", " is after your queen!")):
                return child
        children[0].page.wait_for_timeout(100)
    headings = {child.name: child.page.locator(".sq2-who").first.inner_text() for child in children}
    pytest.fail(f"no page says it is its child's turn: {headings}")


def _wait_for_answer(child: Child, answered: int) -> None:
    """Wait until the kernel has answered the page's click (every click is answered)."""
    deadline = time.monotonic() + SEEN_WITHIN
    while len(child.states) <= answered:
        if time.monotonic() > deadline:
            pytest.fail(f"{child.name}'s page got no answer to a click")
        child.page.wait_for_timeout(50)


#: Moves a child playing to win takes whenever the page offers them.
WINNING_MOVES = ("take-king", "rescue", "wake-", "take-companion", "make-equation", "take-queen")


def _click_something(page: Page, chooser: random.Random | None = None) -> None:
    """Take a move the page offers: a button or a card that makes a move, opening a card
    picker first if that is all there is. The first one, or with a ``chooser`` a move that
    wins something if there is one, else one drawn at random (always taking the first can
    go round in circles in the Rescue: discarding for ever)."""
    for _try in range(3):
        moves = page.locator("[data-key^='act:']:visible")
        if count := moves.count():
            if chooser is None:
                moves.first.click()
                return
            keys = [moves.nth(index).get_attribute("data-key") or "" for index in range(count)]
            winning = [i for i, key in enumerate(keys) if any(w in key for w in WINNING_MOVES)]
            moves.nth(chooser.choice(winning or list(range(count)))).click()
            return
        pickers = page.locator("[data-key='throw-away']:visible, [data-key='spell-book']:visible")
        if pickers.count():
            pickers.first.click()
            continue
        page.wait_for_timeout(300)
    prompt = page.locator(".sq2-prompt").inner_text()
    pytest.fail(f"the page offers no move on its child's turn: {prompt}")


def _click_as_a_player_would(page: Page, classroom: Classroom, table_id: str, player: Bot) -> bool:
    """Press the move a computer player would take now, where the page offers it as one
    press (whether it did). A game of children playing to win ends in fewer moves than one
    of random presses, and each move is drawn on every child's page."""
    with SQLiteStore(classroom.db) as store:
        wanted = player.choose(Tables(store).load(table_id).game).to_dict()
    moves = page.locator("[data-key^='act:']:visible")
    for index in range(moves.count()):
        offered = json.loads((moves.nth(index).get_attribute("data-key") or "act:{}")[4:])
        offered.pop("label", None)
        if offered == wanted:
            moves.nth(index).click()
            return True
    return False


def test_two_classmates_play_a_whole_game_each_on_their_own_page(
    browser: Browser, classroom: Classroom, artifacts_dir: Path
) -> None:
    with SQLiteStore(classroom.db) as store:
        store.save_settings(ClassSettings(edition="classic", quick=True).to_dict())
    children = _children(browser, classroom, ["Mia", "Leo"])
    try:
        _sit_at_one_table(children)
        children[0].page.screenshot(path=artifacts_dir / "together_mia.png", full_page=True)
        for _click in range(MAX_CLICKS):
            mover = _mover(children)
            if mover is None:
                break
            answered = len(mover.states)
            _click_something(mover.page)
            _wait_for_answer(mover, answered)
        else:
            pytest.fail(f"no winner after {MAX_CLICKS} clicks")
        for child in children:
            expect(child.page.locator(".sq2-over")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        children[1].page.screenshot(path=artifacts_dir / "together_leo_over.png", full_page=True)
        with SQLiteStore(classroom.db) as store:
            games = store.games()
        assert len(games) == 1
        assert set(games[0].players) == {"Mia", "Leo"}
        # Every message Leo's page received shows only what Leo's seat may see.
        assert len(children[1].states) > 5, "the page's widget traffic was read"
        for state in children[1].states:
            mia = state["view"]["players"][0]
            assert isinstance(mia["hand"], int), "Mia's hand reached Leo's page"
            assert state["seat"] == 1
    finally:
        for child in children:
            child.close()


def test_three_classmates_play_to_the_end_one_closing_the_page_and_coming_back(
    browser: Browser, classroom: Classroom, artifacts_dir: Path
) -> None:
    with SQLiteStore(classroom.db) as store:
        store.save_settings(ClassSettings(edition="rescue", quick=True).to_dict())
    children = _children(browser, classroom, ["Mia", "Leo", "Ava"])
    try:
        _sit_at_one_table(children)
        for _click in range(6):
            mover = _mover(children)
            assert mover is not None
            answered = len(mover.states)
            _click_something(mover.page)
            _wait_for_answer(mover, answered)
        leo = children[1]
        with SQLiteStore(classroom.db) as store:
            table = Tables(store).where("Leo")
            assert table is not None
            before = Tables(store).load(table.id).game.to_json()
        leo.page.close()
        leo.states.clear()
        leo.open()
        leo.join(returning=True)
        # Back at his seat, with the game as it is: his own realm is the one he sees.
        expect(leo.page.locator(".sq2-header")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        expect(leo.page.locator(".sq2-own h3")).to_contain_text("Leo", timeout=WIDGET_TIMEOUT_MS)
        leo.page.screenshot(path=artifacts_dir / "together_leo_back.png", full_page=True)
        assert leo.states[-1]["seat"] == 1
        with SQLiteStore(classroom.db) as store:
            assert Tables(store).load(table.id).game.to_json() == before
        # The game goes on with Leo in it, to its end, each child playing to win.
        chooser, player = random.Random(3), make_bot("greedy", seed=3, edition="rescue")
        for presses in range(MAX_CLICKS):
            mover = _mover(children)
            if mover is None:
                print(f"the game ended after {presses} more presses")
                break
            answered = len(mover.states)
            if not _click_as_a_player_would(mover.page, classroom, table.id, player):
                _click_something(mover.page, chooser)
            _wait_for_answer(mover, answered)
        else:
            with SQLiteStore(classroom.db) as store:
                game = Tables(store).load(table.id).game
            last = [action.to_dict()["kind"] for action in game.history[-12:]]
            pytest.fail(f"no winner after {MAX_CLICKS} clicks; {len(game.history)} moves: {last}")
        for child in children:
            expect(child.page.locator(".sq2-over")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        with SQLiteStore(classroom.db) as store:
            assert len(store.games()) == 1
            assert Tables(store).replays(table.id)
        for state in leo.states:
            for seat, player in enumerate(state["view"]["players"]):
                if seat != 1:
                    assert isinstance(player["sleeping"], int)
                    assert isinstance(player["drawn"], int)
    finally:
        for child in children:
            child.close()


def test_two_servers_on_one_postgresql_database_share_a_table(
    browser: Browser, tmp_path: Path, postgres_url: str, artifacts_dir: Path
) -> None:
    """The classroom past one laptop: Mia's page is on one server, Leo's on another, and
    the table they share lives in the school's PostgreSQL database."""
    with open_store(postgres_url) as store:
        store.save_settings(ClassSettings(edition="rescue", quick=True).to_dict())
    rooms = [
        Classroom(tmp_path / "first", f"--db={postgres_url}", "--pool=1"),
        Classroom(tmp_path / "second", f"--db={postgres_url}", "--pool=1"),
    ]
    children: list[Child] = []
    try:
        for room, name in zip(rooms, ["Mia", "Leo"], strict=True):
            child = Child(browser, f"http://127.0.0.1:{room.port}/", name)
            child.join()
            child.page.get_by_role("button", name="Play with classmates").click(
                timeout=WIDGET_TIMEOUT_MS
            )
            children.append(child)
        _sit_at_one_table(children)
        for _click in range(8):
            mover = _mover(children)
            assert mover is not None
            other = children[1] if mover is children[0] else children[0]
            answered = len(other.states)
            _click_something(mover.page)
            # The move made on one server is drawn on the other server's page.
            _wait_for_answer(other, answered)
        children[1].page.screenshot(path=artifacts_dir / "together_two_servers.png", full_page=True)
        with open_store(postgres_url) as store:
            assert isinstance(store, SQLStore)
            table = Tables(store).where("Leo")
            assert table is not None
            game = Tables(store).load(table.id).game
        assert game.names == ["Mia", "Leo"]
        assert len(game.history) >= 8
        last = children[1].states[-1]
        assert last["view"]["turn"] == game.view(1)["turn"]
        assert last["view"]["players"] == game.view(1)["players"]
    finally:
        for child in children:
            child.close()
        for room in rooms:
            if room.process.poll() is None:
                room.stop()
