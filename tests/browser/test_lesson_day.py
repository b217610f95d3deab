"""A lesson day in one go, on a real ``sq2edu serve`` and without a browser: the teacher
opens the dashboard (and reloads it ten times), three children join with the class code,
the teacher opens lessons and changes the settings mid-lesson, a table of classmates plays
and is ended by the teacher, a child goes away, and the server is restarted without its
class code. Nothing is stuck (every page answers) and nothing is lost (names, settings,
the code, the dashboard's address, every attempt and game)."""

from __future__ import annotations

import asyncio
import datetime as dt
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.widget_client import WidgetClient
from sq2edu import rescue
from sq2edu.bots import make_bot
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.store import SQLiteStore
from sq2edu.classroom.storage.tables import Tables
from tests.browser.test_classroom import Classroom

TIMEOUT = 120.0
CHILDREN = ("Mia", "Маша", "Ola")


def _run(coroutine: Any) -> Any:
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


async def _join(room: Classroom, nickname: str, code: str, cookies: dict[str, str]) -> Any:
    page = WidgetClient(f"http://127.0.0.1:{room.port}/", cookies=cookies)
    await page.open(timeout=TIMEOUT)
    await page.widget("ButtonModel", TIMEOUT, description="Join")
    page.set_value(page.find("TextModel", description="Nickname") or "", value=nickname)
    page.set_value(page.find("TextModel", description="Class code") or "", value=code)
    page.click(page.find("ButtonModel", description="Join") or "")
    await page.wait_for(lambda: page.find("ButtonModel", description="Equation Lab"), 60)
    return page


async def _dashboard(room: Classroom) -> WidgetClient:
    board = WidgetClient(room.teacher_url)
    await board.open(timeout=TIMEOUT)
    await board.widget("ButtonModel", TIMEOUT, description="Refresh now")
    return board


def _token(room: Classroom) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlparse(room.teacher_url).query)["token"][0]


def test_a_lesson_day_holds(tmp_path: Path) -> None:
    room = Classroom(tmp_path, settings={"gone_seconds": 2.0})
    try:
        token = _token(room)

        async def morning() -> list[dict[str, str]]:
            for _reload in range(10):  # the teacher reloads the dashboard again and again
                await (await _dashboard(room)).close()
            board = await _dashboard(room)
            pages = [await _join(room, name, "owl", {}) for name in CHILDREN]
            # Mid-lesson: two lessons opened, then the settings saved without ÷.
            for title in ("1. Number bonds", "2. Doubles and making ten"):
                box = board.find("CheckboxModel", description=title)
                assert box is not None, title
                board.set_value(box, value=True)
            board.click(board.find("ButtonModel", description="Open the ticked lessons") or "")
            await board.wait_for(
                lambda: board.find("LabelModel", value="Saved. The children see them in Lessons."),
                30,
            )
            # The settings' ÷ box (the Groups form has one of the same words: both unticked).
            for model_id, model in list(board.models.items()):
                if model.get("_model_name") == "CheckboxModel" and (
                    model.get("description") == "÷ dividing"
                ):
                    board.set_value(model_id, value=False)
            board.click(board.find("ButtonModel", description="Save settings") or "")
            await board.wait_for(
                lambda: board.find(
                    "LabelModel",
                    value="Saved. Hints change at once; the rest from each student's next game or Lab.",
                ),
                30,
            )
            cookies = [dict(page.cookies) for page in pages]
            for page in pages:
                await page.close()
            await board.close()
            return cookies

        cookies = _run(morning())
        with SQLiteStore(room.db) as store:
            settings = ClassSettings.from_dict(store.settings())
            assert settings.lessons == ("number-bonds", "adding-more")
            assert settings.operations == "+−×"
            # A table of classmates: Mia and Маша play, Маша goes away, the computer plays
            # for her; the teacher ends a second table mid-game.
            tables = Tables(store)
            done = tables.make("Mia", 2, "rescue")
            tables.sit(done.id, "Маша")
            tables.start(done.id, "Mia", lambda _seats: rescue.new_game(["Mia", "Маша"], seed=5))
            for move in range(600):
                shared = tables.load(done.id)
                if shared.game.is_over:
                    break
                seat = shared.game.current_player
                if seat == 1:  # Маша is away: the computer plays for her, under the lease
                    assert tables.lease(done.id, shared.info.version, "kernel")
                action = make_bot("easy", seed=move).choose(shared.game.clone())
                tables.move(done.id, shared.info.version, seat, action)
            ended = tables.make("Ola", 2, "rescue")
            tables.sit(ended.id, "Mia")
            shared = tables.start(
                ended.id, "Ola", lambda _seats: rescue.new_game(["Ola", "Mia"], seed=6)
            )
            action = make_bot("easy", seed=1).choose(shared.game.clone())
            tables.move(ended.id, shared.info.version, shared.game.current_player, action)

        async def end_the_table() -> str:
            board = await _dashboard(room)
            end = board.find("ButtonModel", description="End table")
            assert end is not None
            board.click(end)
            # End table asks first: one press leaves three children's game alone.
            await board.wait_for(
                lambda: board.find("ButtonModel", description="Yes, end the game"), 30
            )
            board.click(board.find("ButtonModel", description="Yes, end the game") or "")
            await board.wait_for(
                lambda: board.find("HTMLModel", value="<p>No tables right now.</p>"), 30
            )
            board.click(board.find("ButtonModel", description="Refresh now") or "")

            def games_said() -> str:
                return next(
                    (
                        str(model["value"])
                        for model in board.models.values()
                        if "2 games; children won" in str(model.get("value", ""))
                    ),
                    "",
                )

            await board.wait_for(games_said, 30)
            await board.close()
            return games_said()

        games = _run(end_the_table())
        assert "2 games; children won" in games
        if "children won 0" in games:
            assert "The computer finished 1 of them" in games
    finally:
        assert room.stop() == 0
    # The next morning: started again with no class code given.
    again = Classroom(tmp_path, code=None, settings={"gone_seconds": 2.0})
    try:
        assert _token(again) == token, "the dashboard's address is the same"

        async def next_morning() -> None:
            page = WidgetClient(f"http://127.0.0.1:{again.port}/", cookies=cookies[1])
            await page.open(timeout=TIMEOUT)
            # The device remembers its child: Маша finds her name and joins without the
            # code, which she typed yesterday.
            await page.widget("ButtonModel", TIMEOUT, description="Join")
            nickname = page.find("TextModel", description="Nickname")
            assert nickname is not None
            await page.wait_for(lambda: page.models[nickname].get("value") == "Маша", 30)
            page.click(page.find("ButtonModel", description="Join") or "")
            await page.wait_for(lambda: page.find("ButtonModel", description="Equation Lab"), 30)
            await page.close()
            # A device new to the class is asked for the kept code, and "fox" is not it.
            stranger = WidgetClient(f"http://127.0.0.1:{again.port}/")
            await stranger.open(timeout=TIMEOUT)
            await stranger.widget("ButtonModel", TIMEOUT, description="Join")
            field = stranger.find("TextModel", description="Nickname") or ""
            stranger.set_value(field, value="Zoe")
            code = stranger.find("TextModel", description="Class code") or ""
            stranger.set_value(code, value="fox")
            stranger.click(stranger.find("ButtonModel", description="Join") or "")
            await stranger.wait_for(
                lambda: any(
                    "class code is not right" in str(model.get("value", ""))
                    for model in stranger.models.values()
                ),
                30,
            )
            await stranger.close()
            other = await _join(again, "Ola", "OWL", cookies[2])
            await other.close()
            board = await _dashboard(again)
            here = next(
                str(model["value"])
                for model in board.models.values()
                if "online now" in str(model.get("value", ""))
            )
            for name in CHILDREN:
                assert f"{name}</th>" in here
            await board.close()

        _run(next_morning())
        with SQLiteStore(again.db) as store:
            assert sorted(store.students()) == sorted(CHILDREN)
            assert len(store.games()) == 2
            assert store.class_code() == "OWL"
            assert ClassSettings.from_dict(store.settings()).lessons == (
                "number-bonds",
                "adding-more",
            )
            since = (dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)).isoformat()
            assert not [e for e in store.events(since) if e.kind == "class-full"]
    finally:
        again.stop()
