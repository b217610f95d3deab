"""The classroom end to end: `sq2edu serve`, a student joins and practises, the teacher sees it."""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.server import class_kernel
from sq2edu.classroom.storage.school import School
from sq2edu.classroom.storage.store import open_store
from sq2edu.hub.ports import spare_port
from sq2edu.progress.records import Attempt
from tests.browser.conftest import WIDGET_TIMEOUT_MS, wait_until_answering


def class_kernels(server: psutil.Process) -> list[psutil.Process]:
    """The class kernels below ``server`` now (one that ends while they are read is left out)."""
    kernels = []
    for process in server.children(recursive=True):
        try:
            if class_kernel.is_class_kernel(process.cmdline()):
                kernels.append(process)
        except psutil.NoSuchProcess:
            continue
    return kernels


class Classroom:
    """A running `sq2edu serve` with its own store and ports."""

    def __init__(
        self,
        tmp_path: Path,
        *options: str,
        port: int | None = None,
        teacher_port: int | None = None,
        settings: dict[str, object] | None = None,
        file_limit: int | None = None,
        code: str | None = "OWL",
    ) -> None:
        """:param settings: ``ClassroomVoila`` settings of the two servers (a ``voila.json``
            on Jupyter's configuration path), such as low limits for a test.
        :param file_limit: the servers' limit of open files when they start.
        :param code: the class code it starts with (``None``: none given, the kept one)."""
        tmp_path.mkdir(parents=True, exist_ok=True)
        self.db = tmp_path / "class.sqlite3"
        self.port, self.teacher_port = port or spare_port(), teacher_port or spare_port()
        self.out = tmp_path / "serve.log"
        self.log = self.out.open("w")
        self.server_log = tmp_path / "classroom.log"
        environment = dict(os.environ)
        if settings:
            config = tmp_path / "jupyter-config"
            config.mkdir(exist_ok=True)
            (config / "voila.json").write_text(json.dumps({"ClassroomVoila": settings}))
            environment["JUPYTER_CONFIG_PATH"] = str(config)

        def lower_file_limit() -> None:
            if file_limit is not None:
                hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
                resource.setrlimit(resource.RLIMIT_NOFILE, (file_limit, hard))

        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sq2edu.cli",
                "serve",
                "--host=127.0.0.1",
                f"--port={self.port}",
                f"--teacher-port={self.teacher_port}",
                f"--db={self.db}",
                "--pool=1",
                *([] if code is None else [f"--class-code={code}"]),
                "--no-qr",
                f"--log={self.server_log}",
                # Every page of a test comes from this machine's one address; a test of the
                # address's share gives its own.
                "--max-per-address=1000",
                *options,
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=environment,
            preexec_fn=lower_file_limit,
        )
        try:
            for port in (self.port, self.teacher_port):
                wait_until_answering(port, timeout=90)
        except BaseException:
            # Nobody else holds the process yet: a server too slow to answer is not left running.
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.log.close()
            raise

    @property
    def teacher_url(self) -> str:
        """The dashboard's secret address, as ``sq2edu serve`` printed it."""
        found = re.search(r"your dashboard\s+(\S+)", self.out.read_text())
        assert found, self.out.read_text()
        return found.group(1)

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(timeout=60)
        self.log.close()
        return code

    def wait_for_a_warm_student_kernel(self, timeout: float = 150) -> None:
        """Until the student app's warm kernel has run the app's notebook, and so drawn its
        welcome with the class's settings as they were (Voilà says so in the classroom's
        log)."""
        filled = "Kernel pool of classroom.ipynb is filled"
        deadline = time.monotonic() + timeout
        while not self.server_log.exists() or filled not in self.server_log.read_text(
            errors="replace"
        ):
            assert time.monotonic() < deadline, f"no warm kernel in {timeout} s"
            assert self.process.poll() is None, self.out.read_text()
            time.sleep(0.1)


def _running(process: psutil.Process) -> bool:
    try:
        return bool(process.status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Classroom]:
    room = Classroom(tmp_path)
    try:
        yield room
    finally:
        if room.process.poll() is None:
            room.stop()


@pytest.fixture(scope="module")
def shared_classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    """One `sq2edu serve` for this module's tests that look at it or bring a child of their
    own (each a nickname of its own), started once for them all; the tests that stop it or
    change its settings start their own."""
    room = Classroom(tmp_path_factory.mktemp("shared-class"))
    try:
        yield room
    finally:
        if room.process.poll() is None:
            room.stop()


def test_a_student_joins_practises_and_the_teacher_sees_it(
    shared_classroom: Classroom, page: Page, artifacts_dir: Path
) -> None:
    classroom = shared_classroom
    page.goto(f"http://127.0.0.1:{classroom.port}/", wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    join = page.get_by_role("button", name="Join")
    expect(join).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    boxes = page.get_by_role("textbox")
    boxes.nth(0).fill("<img src=x onerror=alert(1)>")
    boxes.nth(1).fill("OWL")
    join.click()
    expect(page.get_by_text("Use letters and numbers only, like Mia or Leo2.")).to_be_visible()
    assert page.locator("img[src=x]").count() == 0
    boxes.nth(0).fill("Mia")
    join.click()
    page.get_by_role("button", name="Equation Lab").click()
    page.get_by_role("button", name="Type it").click(timeout=WIDGET_TIMEOUT_MS)
    page.get_by_label("Type an equation, like 2 + 3 = 5").fill("1 + 1 = 3")
    page.get_by_role("button", name="Check").click()
    expect(page.get_by_role("status").filter(has_text="Not yet")).to_contain_text(
        "1 + 1 makes 2, not 3."
    )
    page.screenshot(path=artifacts_dir / "classroom_student.png", full_page=True)

    with SQLiteStore(classroom.db) as store:
        assert [(a.student, a.text, a.ok) for a in store.attempts("Mia")] == [
            ("Mia", "1 + 1 = 3", False)
        ]

    teacher = page.context.new_page()
    teacher.goto(classroom.teacher_url, wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    expect(teacher.get_by_text("1 + 1 = 3").first).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    expect(teacher.get_by_role("rowheader", name="Mia")).to_be_visible()
    teacher.screenshot(path=artifacts_dir / "classroom_teacher.png", full_page=True)


def test_the_dashboard_listens_on_this_computer_only_and_sources_are_hidden(
    shared_classroom: Classroom,
) -> None:
    classroom = shared_classroom
    listening = {
        conn.laddr.ip
        for conn in psutil.net_connections(kind="tcp")
        if conn.status == psutil.CONN_LISTEN and conn.laddr.port == classroom.teacher_port
    }
    assert listening == {"127.0.0.1"}
    for path in ("voila/files/classroom.ipynb", "voila/files/class.sqlite3", "api/contents"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{classroom.port}/{path}", timeout=5)
        assert refused.value.code in (403, 404)


def test_serve_stops_everything_it_started(classroom: Classroom) -> None:
    children = psutil.Process(classroom.process.pid).children(recursive=True)
    assert children
    assert classroom.stop() == 0
    # Given the second it had before, but no longer than the children take to go.
    _gone, alive = psutil.wait_procs(children, timeout=1)
    assert not [child for child in alive if _running(child)]
    assert os.path.exists(classroom.db)


def test_raw_widget_messages_meet_the_same_checks_as_the_page(shared_classroom: Classroom) -> None:
    """A student who skips the page and sends widget messages by hand gets no further."""
    classroom = shared_classroom
    from benchmarks.widget_client import WidgetClient

    async def student() -> dict[str, object]:
        client = WidgetClient(f"http://127.0.0.1:{classroom.port}/")
        await client.open(timeout=90)
        try:
            join = await client.widget("ButtonModel", 90, description="Join")
            nickname = client.find("TextModel", description="Nickname")
            code = client.find("TextModel", description="Class code")
            assert join is not None
            assert nickname is not None
            assert code is not None
            client.set_value(nickname, value="<script>alert(1)</script>")
            client.set_value(code, value="OWL")
            client.click(join)
            refusal = "Use letters and numbers only, like Mia or Leo2."
            await client.wait_for(lambda: client.find("LabelModel", value=refusal), 30)
            client.set_value(nickname, value="Leo")
            client.set_value(code, value="CAT")
            client.click(join)
            wrong_code = "That class code is not right. Ask your teacher."
            await client.wait_for(lambda: client.find("LabelModel", value=wrong_code), 30)
            assert client.find("ButtonModel", description="Equation Lab") is None
            client.set_value(code, value="OWL")
            client.click(join)
            await client.wait_for(
                lambda: client.find("ButtonModel", description="Equation Lab"), 30
            )
            client.click(client.find("ButtonModel", description="Equation Lab") or "")
            await client.wait_for(lambda: client.find_table(), 30)
            lab = client.find_table() or ""
            client.send(lab, {"intent": "check", "text": "__import__('os') = 1"})
            client.send(lab, {"intent": "check", "text": "2 + 2 = 5"})

            def answered() -> bool:
                verdict = client.models[lab].get("state", {}).get("verdict") or {}
                return str(verdict.get("text", "")).startswith("2 + 2")

            await client.wait_for(answered, 30)
            return dict(client.models[lab]["state"]["verdict"])
        finally:
            await client.close()

    # Its own thread: the session's Playwright browser keeps an event loop on this one.
    with ThreadPoolExecutor(max_workers=1) as thread:
        verdict = thread.submit(asyncio.run, student()).result()
    assert verdict["ok"] is False
    assert "2 + 2 makes 4, not 5." in " ".join(map(str, verdict["lines"]))  # type: ignore[call-overload]
    with SQLiteStore(classroom.db) as store:
        attempts = [(a.student, a.text, a.ok) for a in store.attempts("Leo")]
    # Kept as typed, never run: the store holds text, the checker reads it token by token.
    assert sorted(attempts) == [("Leo", "2 + 2 = 5", False), ("Leo", "__import__('os') = 1", False)]


def test_a_student_who_finds_no_warm_kernel_gets_one_of_their_own_at_once(tmp_path: Path) -> None:
    """The one warm kernel is taken and its replacement waits ten minutes: the next student
    must not wait for it (Voilà's own pool would make them)."""
    from benchmarks.widget_client import WidgetClient

    room = Classroom(tmp_path, "--pool-refill=600")

    async def two_students() -> list[str]:
        first = WidgetClient(f"http://127.0.0.1:{room.port}/")
        second = WidgetClient(f"http://127.0.0.1:{room.port}/")
        await first.open(timeout=90)
        # Far less than the refill's ten minutes: a kernel of their own, started now.
        await second.open(timeout=120)
        # A kernel started for its page tells of its widgets as it makes them.
        joins = [
            await client.widget("ButtonModel", 60, description="Join") for client in (first, second)
        ]
        await first.close()
        await second.close()
        return joins

    try:
        with ThreadPoolExecutor(max_workers=1) as thread:
            joins = thread.submit(asyncio.run, two_students()).result()
    finally:
        code = room.stop()
    assert all(joins)
    assert code == 0


def test_the_class_needs_nothing_from_outside_the_server(
    shared_classroom: Classroom, page: Page
) -> None:
    """A school may have no internet: every request the pages make goes to the laptop."""
    classroom = shared_classroom
    outside: list[str] = []

    def refuse_outside(route: Route) -> None:
        if urllib.parse.urlsplit(route.request.url).hostname != "127.0.0.1":
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", refuse_outside)
    page.goto(f"http://127.0.0.1:{classroom.port}/", wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Join")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    page.goto(classroom.teacher_url, wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="Your class")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    assert outside == []


def test_a_warm_page_speaks_the_language_the_teacher_chose_after_it_warmed(
    classroom: Classroom, page: Page
) -> None:
    from sq2edu.classroom.domain.settings import ClassSettings

    classroom.wait_for_a_warm_student_kernel()  # its welcome is in English
    with SQLiteStore(classroom.db) as store:
        store.save_settings(ClassSettings(language="ru", edition="classic").to_dict())
    page.goto(f"http://127.0.0.1:{classroom.port}/", wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="Добро пожаловать в «Спящих королев»!")).to_be_visible(
        timeout=WIDGET_TIMEOUT_MS
    )


def test_every_page_asks_for_the_code_the_teacher_set_after_the_pool_warmed(
    tmp_path: Path,
) -> None:
    """Warm kernels made their join form before the teacher set the class code on the
    dashboard: each page that comes after it asks for the code, warm or cold, and none joins
    without it. A device that joined is not asked again when its page reloads."""
    from benchmarks.widget_client import WidgetClient

    room = Classroom(tmp_path, "--pool=2", code=None)

    def shown(client: WidgetClient, model_id: str) -> bool:
        return any(
            model_id in client.children_of(box)
            for box, model in client.models.items()
            if model.get("_model_name") == "VBoxModel"
        )

    async def page(name: str, code: str, cookies: dict[str, str] | None = None) -> dict[str, Any]:
        client = WidgetClient(f"http://127.0.0.1:{room.port}/", cookies=cookies)
        await client.open(timeout=120)
        try:
            join = await client.widget("ButtonModel", 90, description="Join")
            nickname = client.find("TextModel", description="Nickname") or ""
            field = client.find("TextModel", description="Class code") or ""
            label = await client.widget("LabelModel", 60)
            if cookies:
                # The device's name comes back by itself once the kernel knows the page.
                await client.wait_for(lambda: client.models[nickname].get("value") == name, 30)
            else:
                client.set_value(nickname, value=name)
            tries, asked = [], []
            # Join at once, before typing any code, as a child who sees no field would.
            for typed in ["", code] if code else [""]:
                client.set_value(label, value="")
                client.set_value(field, value=typed)
                client.click(join)
                await client.wait_for(
                    lambda: (
                        client.models[label].get("value")
                        or client.find("ButtonModel", description="Equation Lab")
                    ),
                    30,
                )
                tries.append(str(client.models[label].get("value", "")))
                asked.append(shown(client, field))
            joined = client.find("ButtonModel", description="Equation Lab") is not None
            return {"asked": asked, "tries": tries, "joined": joined, "cookies": client.cookies}
        finally:
            await client.close()

    async def day() -> list[dict[str, Any]]:
        pages = [await page(name, "owl7") for name in ("Mia", "Leo", "Ola")]
        # Mia's page reloads on her device: her name is there, the code is not asked again.
        pages.append(await page("Mia", "", cookies=pages[0]["cookies"]))
        return pages

    try:
        room.wait_for_a_warm_student_kernel()
        with SQLiteStore(room.db) as store:
            store.set_class_code("OWL7")  # as the dashboard's Save class code does
        with ThreadPoolExecutor(max_workers=1) as thread:
            mia, leo, ola, mia_again = thread.submit(asyncio.run, day()).result()
    finally:
        room.stop()
    for child in (mia, leo, ola):
        assert child["tries"][0] == "Type the class code too. Your teacher has it.", child
        assert child["asked"][0], child  # the field is on the form after the first try
        assert child["tries"][1] == "", child
        assert child["joined"], child
    assert mia_again["tries"] == [""]
    assert mia_again["joined"]
    with SQLiteStore(room.db) as store:
        assert sorted(store.students()) == ["Leo", "Mia", "Ola"]
        # An empty field is not a wrong try: nobody waits for it.
        assert store.events(kind="wrong-code") == []


def test_a_page_and_the_dashboard_whose_server_is_gone_say_so(
    tmp_path: Path, page: Page, browser: Browser, artifacts_dir: Path
) -> None:
    """A child's page and the teacher's dashboard, each on its own device, both say they lost
    the class server once `sq2edu serve` stops. The dashboard went on saying "Updated at ..."
    for 40 s and more: it now says it lost the class server, and what to do. (One server
    for both: each page finds out by itself, and they wait for it at the same time.)"""
    room = Classroom(tmp_path)
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        dashboard = desk.new_page()
        try:
            page.goto(
                f"http://127.0.0.1:{room.port}/", wait_until="commit", timeout=WIDGET_TIMEOUT_MS
            )
            dashboard.goto(room.teacher_url, wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
            expect(page.get_by_role("button", name="Join")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            expect(page.get_by_role("alert")).to_be_hidden()
            expect(dashboard.get_by_role("button", name="Refresh now")).to_be_visible(
                timeout=WIDGET_TIMEOUT_MS
            )
            expect(dashboard.get_by_role("alert")).to_be_hidden()
            expect(dashboard.get_by_text("Updated at")).to_be_visible()
        finally:
            room.stop()
        expect(page.get_by_role("alert")).to_contain_text(
            "Your page lost its connection to the class.", timeout=30_000
        )
        expect(dashboard.get_by_role("alert")).to_contain_text(
            "The dashboard has lost its connection: the class server may have stopped. "
            "Start it again (make serve)",
            timeout=30_000,
        )
        # No "Updated at …" beside it: the time of the last refresh read as if all were well.
        expect(dashboard.get_by_text("Updated at")).to_be_hidden()
        dashboard.screenshot(path=artifacts_dir / "dashboard_lost.png")
    finally:
        desk.close()


def test_a_teacher_serves_one_class_of_the_schools_store_and_sees_only_it(
    tmp_path: Path, page: Page
) -> None:
    with SQLiteStore(tmp_path / "class.sqlite3") as store:
        school = School(store)
        school.add_room("3A", code="OWL7")
        school.add_room("3B", code="FOX4")
    with open_store(tmp_path / "class.sqlite3", room="3A") as other:
        other.join("Ava")
        other.record_attempt(Attempt("Ava", "2 × 2 = 4", True))
    classroom = Classroom(tmp_path, "--room=3B", "--class-code=")
    try:
        assert "class           3B" in classroom.out.read_text()
        page.goto(
            f"http://127.0.0.1:{classroom.port}/", wait_until="commit", timeout=WIDGET_TIMEOUT_MS
        )
        join = page.get_by_role("button", name="Join")
        expect(join).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        boxes = page.get_by_role("textbox")
        boxes.nth(0).fill("Mia")
        boxes.nth(1).fill("OWL7")  # the code of another class
        join.click()
        expect(page.get_by_text("That class code is not right. Ask your teacher.")).to_be_visible()
        boxes.nth(1).fill("fox4")
        join.click()
        page.get_by_role("button", name="Equation Lab").click(timeout=WIDGET_TIMEOUT_MS)
        page.get_by_role("button", name="Type it").click(timeout=WIDGET_TIMEOUT_MS)
        page.get_by_label("Type an equation, like 2 + 3 = 5").fill("1 + 1 = 3")
        page.get_by_role("button", name="Check").click()
        expect(page.get_by_role("status").filter(has_text="Not yet")).to_be_visible()
        with open_store(classroom.db, room="3B") as store:
            assert [(a.student, a.text) for a in store.attempts()] == [("Mia", "1 + 1 = 3")]
        with open_store(classroom.db, room="3A") as store:
            assert [a.student for a in store.attempts()] == ["Ava"]
        with open_store(classroom.db) as store:
            assert store.students() == []

        teacher = page.context.new_page()
        teacher.goto(classroom.teacher_url, wait_until="commit", timeout=WIDGET_TIMEOUT_MS)
        expect(teacher.get_by_role("rowheader", name="Mia")).to_be_visible(
            timeout=WIDGET_TIMEOUT_MS
        )
        expect(teacher.get_by_text("FOX4").first).to_be_visible()
        assert teacher.get_by_role("rowheader", name="Ava").count() == 0
        assert teacher.get_by_text("2 × 2 = 4").count() == 0
    finally:
        classroom.stop()


def test_the_class_kernels_talk_to_their_server_over_unix_sockets_only_it_can_open(
    shared_classroom: Classroom,
) -> None:
    """No port is picked for a kernel's channels before the kernel binds it, so no other
    program can take one in between (the kernel would die and its page stay on "Running
    ..."); the sockets are files in a folder of the server's that only its account opens."""
    shared_classroom.wait_for_a_warm_student_kernel()
    checked = 0
    for kernel in class_kernels(psutil.Process(shared_classroom.process.pid)):
        try:
            arguments = kernel.cmdline()
            connection = json.loads(Path(arguments[arguments.index("-f") + 1]).read_text())
            listening = {
                c.laddr.port for c in kernel.net_connections(kind="inet") if c.status == "LISTEN"
            }
        except (psutil.NoSuchProcess, FileNotFoundError):
            continue  # a kernel that ended meanwhile (a page before this test let it go)
        assert connection["transport"] == "ipc", connection
        channels = [
            connection[f"{name}_port"] for name in ("shell", "iopub", "stdin", "control", "hb")
        ]
        for port in channels:
            assert Path(f"{connection['ip']}-{port}").is_socket()
        folder = Path(connection["ip"]).parent
        assert folder.stat().st_mode & 0o077 == 0, oct(folder.stat().st_mode)
        assert not listening & set(channels), listening
        checked += 1
    assert checked, "no kernel of the class server was running"
