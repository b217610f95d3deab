"""A school on a real JupyterHub with its proxy (``sq2edu hub``), on a throwaway PostgreSQL:
two classes, children signing in with their class's code to the school's one class server,
each child's kernel theirs only, no database credential or hub token in any kernel, their
records reaching the store through the class service, and a hub started again losing
nothing."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import count
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from sq2edu.classroom.storage.school import School
from sq2edu.classroom.storage.store import SQLStore, open_store
from sq2edu.classroom.storage.tables import Tables
from sq2edu.hub.config import find_proxy
from sq2edu.progress.records import Attempt
from tests.browser.conftest import WIDGET_TIMEOUT_MS
from tests.browser.test_classroom import class_kernels
from tests.hub_server import Hub

_DATABASES = count()


@pytest.fixture(scope="module")
def school_db(postgres_server: str) -> str:
    """A school's store: classes 3A (code OWL7) and 3B (code FOX4)."""
    import psycopg

    name = f"sq2edu_hub_{os.getpid()}_{next(_DATABASES)}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    url = f"{postgres_server}/{name}"
    with open_store(url) as store:
        assert isinstance(store, SQLStore)
        school = School(store)
        school.add_room("3A", code="OWL7")
        school.add_room("3B", code="FOX4")
        school.add_teacher("Anna", "anna's password")
        school.add_teacher("Olga", "olga's password")
        school.give_room("3A", "Anna")
        school.give_room("3B", "Olga")
    return url


@pytest.fixture(scope="module")
def hub(school_db: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    find_proxy()  # a missing proxy is an error here, never a skip
    running = Hub(school_db, tmp_path_factory.mktemp("hub"))
    running.start()
    try:
        yield running
    finally:
        running.stop()


def _sign_in(context: BrowserContext, hub: Hub, code: str, nickname: str) -> Page:
    page = context.new_page()
    page.goto(f"{hub.url}/hub/login", timeout=WIDGET_TIMEOUT_MS)
    page.get_by_label("Class code").fill(code)
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_role("button", name="Let's go!").click()
    return page


CLASSROOM = "/services/sq2edu-classroom/"


def _class_server() -> psutil.Process:
    """The school's class server, which the hub started."""
    for process in psutil.process_iter(["cmdline"]):
        try:
            if "sq2edu.hub.classroom" in " ".join(process.info["cmdline"] or ()):
                return process
        except psutil.Error:
            continue
    raise AssertionError("no class server runs")


def _kernel_of(context: BrowserContext) -> str:
    """The id of the kernel the class server handed to this browser's page."""
    kernels = [
        c["name"][len("sq2edu-k-") :]
        for c in context.cookies()
        if c["name"].startswith("sq2edu-k-")
    ]
    assert len(kernels) == 1, kernels
    return kernels[0]


def _hub_user(context: BrowserContext, hub: Hub) -> str:
    """The hub user signed in in this browser (the hub's API, with the browser's login)."""
    xsrf = [c["value"] for c in context.cookies() if c["name"] == "_xsrf"]
    answer = context.request.get(
        f"{hub.url}/hub/api/user", headers={"X-XSRFToken": xsrf[0]} if xsrf else {}
    )
    assert answer.status == 200, answer.text()
    return str(answer.json()["name"])


def _call_service(method: str, body: object, headers: dict[str, str]) -> int:
    """Call the class service directly, as a kernel would; the answer's status."""
    service = _class_server().environ()["SQ2EDU_CLASS_SERVICE"]
    request = urllib.request.Request(
        f"{service}/api/{method}", data=json.dumps(body).encode(), method="POST", headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def _child_key(hub: Hub, hub_user: str) -> str:
    """The key the class server gives a kernel of ``hub_user`` (from the hub's own folder,
    which only the hub's account reads)."""
    from sq2edu.hub.private import CLASSROOM_KEY_FILE, child_key, read_private

    classroom = read_private(hub.folder / "data" / CLASSROOM_KEY_FILE).encode()
    return child_key(classroom, hub_user)


def test_a_child_signs_in_with_the_class_code_and_practises_in_their_class(
    browser: Browser, hub: Hub, artifacts_dir: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = _sign_in(context, hub, "fox4", "Mia")  # any case: the code of 3B
        expect(page.get_by_text("Hi, Mia! What would you like to do?")).to_be_visible(
            timeout=WIDGET_TIMEOUT_MS
        )
        assert CLASSROOM in page.url, "a child lands on the school's class server"
        page.get_by_role("button", name="Equation Lab").click()
        page.get_by_role("button", name="Type it").click(timeout=WIDGET_TIMEOUT_MS)
        page.get_by_label("Type an equation, like 2 + 3 = 5").fill("1 + 1 = 3")
        page.get_by_role("button", name="Check").click()
        expect(page.get_by_role("status").filter(has_text="Not yet")).to_contain_text(
            "1 + 1 makes 2, not 3."
        )
        page.screenshot(path=artifacts_dir / "hub_child.png", full_page=True)
        with open_store(hub.db, room="3B") as store:
            assert [(a.student, a.text, a.ok) for a in store.attempts()] == [
                ("Mia", "1 + 1 = 3", False)
            ]
            assert "Mia" in store.last_seen()
        with open_store(hub.db, room="3A") as store:
            assert store.students() == []
    finally:
        context.close()


def test_a_wrong_code_or_another_device_with_a_taken_name_is_refused_in_plain_words(
    browser: Browser, hub: Hub, artifacts_dir: Path
) -> None:
    first = browser.new_context()
    second = browser.new_context()
    try:
        page = _sign_in(first, hub, "BEAR", "Ava")
        expect(page.get_by_role("alert")).to_have_text(
            "That class code is not right. Ask your teacher."
        )
        page.screenshot(path=artifacts_dir / "hub_wrong_code.png", full_page=True)
        page = _sign_in(first, hub, "OWL7", "Ava")
        expect(page.get_by_text("Hi, Ava!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        # The same code and name from another device: Ava's name is held by her device.
        other = _sign_in(second, hub, "OWL7", "Ava")
        expect(other.get_by_role("alert")).to_have_text(
            "Someone else is already Ava on another device. Choose another nickname, "
            "or ask your teacher."
        )
        other = _sign_in(second, hub, "OWL7", "<script>alert(1)</script>")
        expect(other.get_by_role("alert")).to_have_text(
            "Use letters and numbers only, like Mia or Leo2."
        )
    finally:
        first.close()
        second.close()


def test_the_class_server_serves_the_student_app_only_and_each_kernel_to_its_child_only(
    browser: Browser, hub: Hub
) -> None:
    """Two children on the one class server: neither opens, connects to, nor shuts down the
    other's kernel, by its id or even with the other's kernel cookie; the class server has
    no Lab, files, terminals or kernels of a child's own."""
    leo_device, sam_device = browser.new_context(), browser.new_context()
    try:
        leo = _sign_in(leo_device, hub, "FOX4", "Leo2")
        expect(leo.get_by_text("Hi, Leo2!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        sam = _sign_in(sam_device, hub, "FOX4", "Sam")
        expect(sam.get_by_text("Hi, Sam!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        server = _class_server()
        kernels = class_kernels(server)
        assert len(kernels) >= 2, "both children's kernels are the class server's"
        base = f"{hub.url}{CLASSROOM.rstrip('/')}"
        for path in ("/lab", "/tree", "/terminals/1", "/api/contents", "/api/terminals"):
            answer = leo_device.request.get(base + path)
            assert answer.status == 403, (path, answer.status, answer.url)
        for path in ("/api/kernels", "/api/sessions"):
            answer = leo_device.request.post(base + path, data="{}", max_redirects=0)
            assert answer.status == 403, (path, answer.status)
        leos = _kernel_of(leo_device)
        # Sam knows Leo2's kernel id: its REST address, its shutdown, its page's state and
        # its websocket are refused.
        assert sam_device.request.get(f"{base}/api/kernels/{leos}").status == 403
        assert sam_device.request.get(f"{base}/sq2edu/page/{leos}").status == 403
        shutdown = sam_device.request.post(f"{base}/voila/api/shutdown/{leos}", data="{}")
        assert shutdown.status == 403
        cookie = next(c for c in leo_device.cookies() if c["name"] == f"sq2edu-k-{leos}")
        sams_cookies = "; ".join(f"{c['name']}={c['value']}" for c in sam_device.cookies())
        assert _websocket_status(f"{base}/api/kernels/{leos}/channels", sams_cookies) == 403
        # Even with Leo2's kernel cookie (a shared device's leftovers), Sam is not Leo2.
        stolen = f"{sams_cookies}; {cookie['name']}={cookie['value']}"
        assert _websocket_status(f"{base}/api/kernels/{leos}/channels", stolen) == 403
        leos_cookies = "; ".join(f"{c['name']}={c['value']}" for c in leo_device.cookies())
        assert _websocket_status(f"{base}/api/kernels/{leos}/channels", leos_cookies) == 101
        # Leo2's page still works.
        leo.get_by_role("button", name="Equation Lab").click()
        expect(leo.get_by_role("button", name="Type it")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    finally:
        leo_device.close()
        sam_device.close()


def _websocket_status(url: str, cookies: str, headers: dict[str, str] | None = None) -> int:
    """The status a websocket to the class server gets (101: it opened)."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    from tests.own_loop import run_apart

    async def connect() -> int:
        request = HTTPRequest(
            url.replace("http://", "ws://"),
            headers={"Cookie": cookies, **(headers or {})},
            connect_timeout=10,
            request_timeout=20,
        )
        try:
            socket = await websocket_connect(request)
        except HTTPClientError as error:
            return error.code
        socket.close()
        return 101

    return run_apart(connect)


def test_a_teacher_or_nobody_signed_in_is_not_a_child_of_the_class_server(
    browser: Browser, hub: Hub
) -> None:
    """Without a hub login the class server sends to the hub's sign-in (its addresses
    refuse); a teacher's hub login is refused by the hub; a foreign Host or Origin is
    refused as ``sq2edu serve`` refuses it."""
    base = f"{hub.url}{CLASSROOM.rstrip('/')}"
    nobody = browser.new_context()
    anna = browser.new_context()
    try:
        page = nobody.new_page()
        page.goto(f"{base}/", timeout=WIDGET_TIMEOUT_MS)
        assert "/hub/login" in page.url, page.url
        assert nobody.request.get(f"{base}/api/kernels", max_redirects=0).status in (302, 403)
        assert _websocket_status(
            f"{base}/api/kernels/{'0' * 8}-0000-0000-0000-{'0' * 12}/channels", ""
        ) in (302, 403)
        teacher = _teacher_signs_in(anna, hub, "Anna", "anna's password")
        expect(teacher.get_by_text("Your classes")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        refused = teacher.goto(f"{base}/", timeout=WIDGET_TIMEOUT_MS)
        assert refused is not None
        assert refused.status == 403
        assert teacher.get_by_text("Hi, Anna").count() == 0
        for headers in ({"Host": "evil.example"}, {"Origin": "http://evil.example"}):
            request = urllib.request.Request(f"{base}/", headers=headers)
            with pytest.raises(urllib.error.HTTPError) as foreign:
                urllib.request.urlopen(request, timeout=10)
            assert foreign.value.code == 403
            assert b"does not answer to that name" in foreign.value.read()
    finally:
        nobody.close()
        anna.close()


def test_no_database_credential_or_hub_token_in_the_class_server_s_kernels(
    browser: Browser, hub: Hub
) -> None:
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "FOX4", "Noa")
        expect(page.get_by_text("Hi, Noa!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        server = _class_server()
        secret = hub.db.split("@")[-1]  # host, port and database: no part may be there
        looked = _environments([server, *server.children(recursive=True)])
        assert len(looked) >= 2, "the server and its kernels"
        for environment in looked.values():
            assert "SQ2EDU_DB" not in environment
            assert "SQ2EDU_DB_FILE" not in environment
            assert not any(secret in value for value in environment.values())
            assert not any("postgresql://" in value for value in environment.values())
        # The server's own environment as it started, with the hub token it was given.
        token = server.environ()["JUPYTERHUB_API_TOKEN"]
        assert len(token) >= 32
        for environment in _environments(server.children(recursive=True)).values():
            # What its kernels inherit: the token under no name (JupyterHub gives it two).
            assert "JUPYTERHUB_API_TOKEN" not in environment, "no hub token in a kernel"
            assert "JPY_API_TOKEN" not in environment, "no hub token in a kernel"
            assert not any(token in value for value in environment.values())
            assert "SQ2EDU_CLASSROOM_KEY_FILE" not in environment
        # Nor on any command line of the hub's processes, nor in the environment of the hub
        # or its proxy: the address is in a file only the hub's account reads.
        assert hub.process is not None
        started = psutil.Process(hub.process.pid)
        for process in [started, *started.children(recursive=True)]:
            with contextlib.suppress(psutil.NoSuchProcess):  # a kernel that has just ended
                line = " ".join(process.cmdline())
                assert secret not in line, line
                if "sq2edu.hub" not in line:  # the hub and its proxy
                    assert not any(secret in value for value in process.environ().values())
    finally:
        context.close()


def _environments(processes: list[psutil.Process]) -> dict[int, dict[str, str]]:
    """The environment of each of ``processes`` still running (a kernel the pool has just
    stopped has none left to read), by process id."""
    found = {}
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):  # ZombieProcess is one
            found[process.pid] = process.environ()
    return found


def test_the_class_service_acts_for_the_kernel_s_own_child_only(browser: Browser, hub: Hub) -> None:
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "FOX4", "Ida")
        expect(page.get_by_text("Hi, Ida!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        ida = _hub_user(context, hub)
        key = _child_key(hub, ida)
        as_ida = {"X-Sq2edu-Child": ida, "X-Sq2edu-Server-Key": key}
        attempt = {
            "student": "Mia", "text": "2 + 2 = 4", "ok": True, "codes": [], "numbers": [2, 2, 4],
            "typed": True, "hint_level": 0, "where": "lab", "at": "2026-12-01T10:00:00+00:00",
            "cards": [],
        }  # fmt: skip
        body = {"attempt": attempt}
        assert _call_service("record_attempt", body, {}) == 403, "no key, no token"
        assert (
            _call_service("record_attempt", body, {**as_ida, "X-Sq2edu-Server-Key": "0" * 64})
            == 403
        )
        # Ida's key does not speak for another hub user, nor for a teacher.
        assert _call_service("who", {}, {**as_ida, "X-Sq2edu-Child": "someone-else"}) == 403
        assert _call_service("record_attempt", body, as_ida) == 403, "another child's name"
        assert (
            _call_service("record_attempt", {"attempt": {**attempt, "where": "<b>"}}, as_ida) == 400
        )
        assert _call_service("save_settings", {"settings": {}}, as_ida) == 404
        assert _call_service("seen", {"nickname": "Mia"}, as_ida) == 403
        mine = {"attempt": {**attempt, "student": "Ida"}}
        answers = [_call_service("record_attempt", mine, as_ida) for _ in range(12)]
        assert answers[0] == 200
        assert 429 in answers, "a flood of attempts is slowed down"
        with open_store(hub.db, room="3B") as store:
            kept = [a for a in store.attempts() if a.text == "2 + 2 = 4"]
        assert {a.student for a in kept} == {"Ida"}
        assert len(kept) == answers.count(200)
    finally:
        context.close()


def test_no_token_a_child_can_make_reaches_the_class_service(browser: Browser, hub: Hub) -> None:
    """A child signed in to the hub cannot make a token of their own; their hub login, or
    their login to the class server, does not reach the class service."""
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "FOX4", "Kai")
        expect(page.get_by_text("Hi, Kai!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        hub_user = _hub_user(context, hub)
        xsrf = [c["value"] for c in context.cookies() if c["name"] == "_xsrf"]
        assert xsrf, "the hub gave the page its form key"
        made = context.request.post(
            f"{hub.url}/hub/api/users/{hub_user}/tokens",
            data=json.dumps({"note": "mine", "scopes": ["access:services"]}),
            headers={"X-XSRFToken": xsrf[0], "Content-Type": "application/json"},
        )
        assert made.status == 403, made.text()
        # Through the hub's proxy, with every cookie the child holds.
        answer = context.request.post(
            f"{hub.url}/services/sq2edu-class/api/who",
            data="{}",
            headers={"X-XSRFToken": xsrf[0], "X-Sq2edu-Child": hub_user},
            max_redirects=0,
        )
        assert answer.status in (302, 403), answer.status
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
        assert _call_service("who", {}, {"Cookie": cookies}) == 403
        assert _call_service("who", {}, {"X-Sq2edu-Child": hub_user, "Cookie": cookies}) == 403
        as_kai = {"X-Sq2edu-Child": hub_user, "X-Sq2edu-Server-Key": _child_key(hub, hub_user)}
        assert _call_service("who", {}, as_kai) == 200
    finally:
        context.close()


def _sign_in_cookies_kept_a_day_at_most(context: BrowserContext) -> set[str]:
    """The names of the sign-in cookies (the hub's and its services') this browser holds,
    each of which it keeps a day at most (JupyterHub's own would stay thirty)."""
    now = time.time()
    hours = {
        cookie["name"]: (cookie["expires"] - now) / 3600
        for cookie in context.cookies()
        if cookie["name"].startswith(("jupyterhub-hub-login", "service-"))
    }
    assert all(0 < left <= 24 for left in hours.values()), hours
    return set(hours)


def test_a_child_signs_out_and_back_in_on_their_own_device_under_one_name(
    browser: Browser, hub: Hub
) -> None:
    """The class server keeps a device cookie of its own at /; the hub's, at /hub/, is
    not shadowed by it, so the device that holds a name signs in with it again after
    signing out. A device signed in as another child lets go of the first name."""
    device, other = browser.new_context(), browser.new_context()
    try:
        page = _sign_in(device, hub, "OWL7", "Rex")
        expect(page.get_by_text("Hi, Rex!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        assert any(c["name"] == "sq2edu-device" for c in device.cookies()), "the server's"
        assert _sign_in_cookies_kept_a_day_at_most(device) == {
            "jupyterhub-hub-login",
            "service-sq2edu-classroom",
        }
        page.get_by_role("link", name="Sign out").click()
        page.wait_for_url("**/hub/**", timeout=WIDGET_TIMEOUT_MS)
        assert page.goto(f"{hub.url}/hub/spawn", timeout=WIDGET_TIMEOUT_MS) is not None
        assert "/hub/login" in page.url, "signed out"
        again = _sign_in(device, hub, "OWL7", "Rex")
        expect(again.get_by_text("Hi, Rex!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        taken = _sign_in(other, hub, "OWL7", "Rex")
        expect(taken.get_by_role("alert")).to_contain_text("Someone else is already Rex")
        again.goto(f"{hub.url}/hub/logout", timeout=WIDGET_TIMEOUT_MS)
        as_max = _sign_in(device, hub, "OWL7", "Max")
        expect(as_max.get_by_text("Hi, Max!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        freed = _sign_in(other, hub, "OWL7", "Rex")
        expect(freed.get_by_text("Hi, Rex!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    finally:
        device.close()
        other.close()


def test_the_app_opens_in_the_child_s_language_and_the_hub_s_own_pages_lead_to_it(
    browser: Browser, hub: Hub
) -> None:
    """The class speaks English; a child whose browser speaks Norwegian gets the app in
    Norwegian. JupyterHub's home page ("Stop My Server") and token page lead to the app."""
    context = browser.new_context(locale="nb-NO")
    try:
        page = context.new_page()
        page.goto(f"{hub.url}/hub/login", timeout=WIDGET_TIMEOUT_MS)
        page.locator("#sq2-code").fill("FOX4")
        page.locator("#sq2-nickname").fill("Siv")
        page.locator("#sq2-code").press("Enter")
        expect(page.get_by_text("Hei, Siv! Hva vil du gjøre?")).to_be_visible(
            timeout=WIDGET_TIMEOUT_MS
        )
        expect(page.get_by_role("link", name="Logg ut")).to_be_visible()
        for path in ("/hub/home", "/hub/token"):
            other = context.new_page()
            other.goto(f"{hub.url}{path}", timeout=WIDGET_TIMEOUT_MS)
            assert CLASSROOM in other.url, (path, other.url)
            expect(other.get_by_text("Hei, Siv!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            other.close()
    finally:
        context.close()


def test_a_child_s_kernel_is_let_go_a_minute_after_their_page_is_gone(
    browser: Browser, hub: Hub
) -> None:
    """The school's memory comes back as children leave: the class server ends a child's
    kernel once its page has been gone a minute."""
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "OWL7", "Wil")
        expect(page.get_by_text("Hi, Wil!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        kernel = _kernel_of(context)
        (process,) = [
            process
            for process in _class_server().children(recursive=True)
            if f"kernel-{kernel}" in " ".join(process.cmdline())
        ]
    finally:
        context.close()
    left = time.monotonic()
    process.wait(timeout=150)  # psutil.TimeoutExpired if it stays
    print(f"Wil's kernel ended {time.monotonic() - left:.0f} s after the page was closed")


def test_one_child_reloading_fast_slows_only_herself(browser: Browser, hub: Hub) -> None:
    """Every page reaches the class server from the hub's proxy, one address for the whole
    school: counted by address, a child fetching the app every 0.3 s had her classmates
    refused ("429 Many pages ... from this network address") 32 times in 33. Each child has
    a share of her own."""
    from sq2edu.hub.classroom import CHILD_BURST

    fast, other = browser.new_context(), browser.new_context()
    try:
        for context, name in ((fast, "Reloader"), (other, "Patient")):
            page = _sign_in(context, hub, "OWL7", name)
            expect(page.get_by_text(f"Hi, {name}!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            page.close()
        url = f"{hub.url}{CLASSROOM}"
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in fast.cookies(url))

        def fetch(_number: int) -> int:
            request = urllib.request.Request(url, headers={"Cookie": cookies})
            try:
                with urllib.request.urlopen(request, timeout=WIDGET_TIMEOUT_MS / 1000) as page:
                    page.read()
                    return int(page.status)
            except urllib.error.HTTPError as refused:
                return int(refused.code)

        # Her pages all at once, as a script or a held-down reload key sends them.
        with ThreadPoolExecutor(max_workers=8) as pool:
            fast_said = list(pool.map(fetch, range(3 * CHILD_BURST)))
        other_said = [
            other.request.get(url, timeout=WIDGET_TIMEOUT_MS).status for _number in range(2)
        ]
        assert other_said == [200, 200]
        assert CHILD_BURST <= fast_said.count(200) <= CHILD_BURST + 1, fast_said
        assert fast_said.count(429) >= CHILD_BURST, fast_said
    finally:
        fast.close()
        other.close()


def test_a_made_up_forwarded_address_does_not_escape_the_sign_in_s_waits(
    browser: Browser, hub: Hub
) -> None:
    """A guesser who names a new X-Real-IP (or X-Forwarded-For) at each try still waits
    after five wrong codes with one nickname: the hub believes only its own proxy."""
    context = browser.new_context()
    try:
        said = []
        for number in range(7):
            # The form's key is made for the address the hub believes: the guesser asks
            # for a form with each made-up address, then sends it with the same one.
            made_up = {"X-Real-IP": f"10.9.{number}.1", "X-Forwarded-For": f"10.8.{number}.1"}
            form = context.request.get(f"{hub.url}/hub/login", headers=made_up).text()
            found = re.search(r'name="_xsrf" value="([^"]+)"', form)
            assert found is not None
            answer = context.request.post(
                f"{hub.url}/hub/login",
                form={"username": "Guesser", "password": f"ZZ{number:02d}", "_xsrf": found[1]},
                headers=made_up,
            )
            said.append(answer.text())
        assert all("class code is not right" in text for text in said[:5]), said[0][-600:]
        assert "Too many tries" in said[-1]
    finally:
        context.close()


def test_a_guesser_who_changes_device_and_nickname_at_each_try_is_slowed_not_the_class(
    browser: Browser, hub: Hub
) -> None:
    """A fresh cookie jar and nickname at every try made two guesses a second; wrong codes
    typed as "Otto" kept Otto's own new device out. Past a few wrong tries from one address
    the guesses take turns a few seconds apart, and Otto, at that address, still gets in."""
    from sq2edu.hub.auth import ADDRESS_PACED_EVERY, ADDRESS_TRIES

    # The address the hub believes, as the school's network would give it (the tests'
    # browser is on the proxy's own machine, whose forwarded addresses the hub trusts).
    here = {"X-Forwarded-For": "10.77.0.1"}

    def guess(number: int) -> str:
        context = browser.new_context(extra_http_headers=here)
        try:
            form = context.request.get(f"{hub.url}/hub/login").text()
            found = re.search(r'name="_xsrf" value="([^"]+)"', form)
            assert found is not None
            answer = context.request.post(
                f"{hub.url}/hub/login",
                form={
                    "username": random.choice(["Otto", f"Kid{number}"]),
                    "password": f"Q{number:03d}",
                    "_xsrf": found[1],
                },
            )
            return answer.text()
        finally:
            context.close()

    said = [guess(number) for number in range(ADDRESS_TRIES)]
    assert all("class code is not right" in text for text in said), said[-1][-400:]
    started = time.monotonic()
    said = [guess(number) for number in range(ADDRESS_TRIES, ADDRESS_TRIES + 3)]
    # Three turns: at least two turns' time, however fast the machine.
    assert time.monotonic() - started >= 2 * ADDRESS_PACED_EVERY
    assert all("class code is not right" in text for text in said), said[-1][-400:]
    otto = browser.new_context(extra_http_headers=here)
    try:
        page = _sign_in(otto, hub, "OWL7", "Otto")
        expect(page.get_by_text("Hi, Otto!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    finally:
        otto.close()


def test_a_hub_stopped_and_started_again_loses_nothing(browser: Browser, hub: Hub) -> None:
    """The store's records, a sign-in made before the stop, and the language a child chose
    on their device (a class in English, a browser in English, the app in Russian)."""
    with open_store(hub.db, room="3B") as store:
        store.join("Eli")
        store.record_attempt(Attempt("Eli", "3 × 3 = 9", True, where="lab"))
        before = len(store.attempts())
    context = browser.new_context(locale="en-GB")
    try:
        page = _sign_in(context, hub, "FOX4", "Ada")
        expect(page.get_by_text("Hi, Ada!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        page.get_by_role("button", name="Русский").click()
        expect(page.get_by_text("Привет, Ada!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        took = hub.stop()
        print(f"the hub stopped in {took:.1f} s")
        hub.start()
        page.goto(f"{hub.url}{CLASSROOM}", timeout=WIDGET_TIMEOUT_MS)
        expect(page.get_by_text("Привет, Ada!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    finally:
        context.close()
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "FOX4", "Eli")
        expect(page.get_by_text("Hi, Eli!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        with open_store(hub.db, room="3B") as store:
            assert len(store.attempts()) == before
            assert [a.text for a in store.attempts("Eli")] == ["3 × 3 = 9"]
    finally:
        context.close()


def _teacher_signs_in(context: BrowserContext, hub: Hub, name: str, password: str) -> Page:
    page = context.new_page()
    page.goto(f"{hub.url}/hub/login", timeout=WIDGET_TIMEOUT_MS)
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    return page


def test_a_teacher_sees_the_classes_they_keep_and_no_other(
    browser: Browser, hub: Hub, artifacts_dir: Path
) -> None:
    with open_store(hub.db, room="3B") as store:
        store.join("Ulf")
        store.record_attempt(Attempt("Ulf", "5 + 5 = 10", True, where="lab"))
    anna, child = (
        browser.new_context(viewport={"width": 1280, "height": 900}),
        browser.new_context(),
    )
    try:
        # Tove, in Anna's class, practises on the class server; Anna sees it on her dashboard.
        kid = _sign_in(child, hub, "OWL7", "Tove")
        kid.get_by_role("button", name="Equation Lab").click(timeout=WIDGET_TIMEOUT_MS)
        kid.get_by_role("button", name="Type it").click(timeout=WIDGET_TIMEOUT_MS)
        kid.get_by_label("Type an equation, like 2 + 3 = 5").fill("4 + 4 = 9")
        kid.get_by_role("button", name="Check").click()
        expect(kid.get_by_role("status").filter(has_text="Not yet")).to_be_visible()
        wrong = _teacher_signs_in(anna, hub, "Anna", "not her password")
        expect(wrong.get_by_role("alert")).to_have_text("That name or password is not right.")
        page = _teacher_signs_in(anna, hub, "Anna", "anna's password")
        expect(page.get_by_text("Your classes")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        assert "/services/sq2edu-teachers/" in page.url
        expect(page.get_by_role("rowheader", name="Tove")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        expect(page.get_by_text("4 + 4 = 9").first).to_be_visible()
        assert page.get_by_role("rowheader", name="Ulf").count() == 0
        assert page.get_by_text("5 + 5 = 10").count() == 0
        page.screenshot(path=artifacts_dir / "hub_teacher.png", full_page=True)
        # One class picker (the desk's own was a second, above the dashboard's), in each of
        # the class's languages.
        for lang, word in (("ru", "Класс"), ("nb", "Klasse"), ("en", "Class")):
            with open_store(hub.db, room="3A") as store:
                store.save_settings({**store.settings(), "language": lang})
            page.reload(timeout=WIDGET_TIMEOUT_MS)
            pickers = page.locator(
                ".widget-dropdown:visible > label, .widget-toggle-buttons:visible > label"
            )
            expect(pickers.filter(has_text=re.compile(f"^{word}$"))).to_have_count(
                1, timeout=WIDGET_TIMEOUT_MS
            )
            page.screenshot(path=artifacts_dir / f"hub_teacher_{lang}.png", full_page=True)
        base = f"{hub.url}/services/sq2edu-teachers/sq2edu"
        own = anna.request.get(f"{base}/attempts.csv?room=3A")
        assert own.status == 200
        assert "Tove" in own.text()
        assert "Ulf" not in own.text()
        assert anna.request.get(f"{base}/attempts.csv?room=3B").status == 404
        assert anna.request.get(f"{base}/report?student=Ulf&room=3B").status == 404
        assert anna.request.get(f"{base}/report?student=Tove&room=3A").status == 200
        # A teacher has no server of the student app; a child has no dashboard.
        no_server = anna.new_page()
        spawn = no_server.goto(f"{hub.url}/hub/spawn", timeout=WIDGET_TIMEOUT_MS)
        assert spawn is not None
        assert spawn.status == 403
        to_dashboard = no_server.get_by_role("link", name="the teachers' dashboard")
        expect(to_dashboard).to_have_attribute("href", "/services/sq2edu-teachers/")
        no_server.screenshot(path=artifacts_dir / "hub_teacher_spawn.png", full_page=True)
        refused = kid.goto(f"{hub.url}/services/sq2edu-teachers/", timeout=WIDGET_TIMEOUT_MS)
        assert refused is not None
        assert refused.status == 403
        assert child.request.get(f"{base}/attempts.csv?room=3A").status in (302, 403)
    finally:
        anna.close()
        child.close()


def test_a_teacher_who_signs_out_leaves_the_device_to_nobody_and_a_sign_in_lasts_a_day(
    browser: Browser, hub: Hub
) -> None:
    """A shared laptop: once Olga signs out, the dashboard, her classes' CSV and a child's
    report are nobody's on it, back button or not. Had she not, her sign-in would end
    within a day, not the hub's usual thirty."""
    context = browser.new_context()
    try:
        page = _teacher_signs_in(context, hub, "Olga", "olga's password")
        expect(page.get_by_text("Your classes")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        assert _sign_in_cookies_kept_a_day_at_most(context) == {
            "jupyterhub-hub-login",
            "service-sq2edu-teachers",
        }
        dashboard = page.url
        base = f"{hub.url}/services/sq2edu-teachers/sq2edu"
        assert context.request.get(f"{base}/attempts.csv?room=3B").status == 200
        page.get_by_role("link", name="Sign out").click()
        page.wait_for_url("**/hub/**", timeout=WIDGET_TIMEOUT_MS)
        page.go_back(timeout=WIDGET_TIMEOUT_MS)
        expect(page.get_by_text("Your classes")).to_have_count(0, timeout=WIDGET_TIMEOUT_MS)
        again = context.new_page()
        again.goto(dashboard, timeout=WIDGET_TIMEOUT_MS)
        assert "/hub/login" in again.url, again.url
        for download in ("attempts.csv?room=3B", "report?student=Eli&room=3B"):
            answer = context.request.get(f"{base}/{download}", max_redirects=0)
            assert answer.status in (302, 403), (download, answer.status)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("locale", "student", "wrong"),
    [
        ("en-GB", "I am a student", "That class code is not right. Ask your teacher."),
        ("ru-RU", "Я ученик", "Код класса неверный. Спроси у учителя."),
        ("nb-NO", "Jeg er elev", "Den klassekoden stemmer ikke. Spør læreren din."),
    ],
)
def test_the_sign_in_page_speaks_the_browsers_language(
    browser: Browser, hub: Hub, artifacts_dir: Path, locale: str, student: str, wrong: str
) -> None:
    for width, height in ((1280, 800), (820, 1180)):
        context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
        try:
            page = context.new_page()
            page.goto(f"{hub.url}/hub/login", timeout=WIDGET_TIMEOUT_MS)
            expect(page.get_by_role("heading", name=student)).to_be_visible()
            code = page.locator("#sq2-code")
            code.fill("ZZZZ")
            # A nickname of its own: five wrong codes with one nickname make it wait.
            page.locator("#sq2-nickname").fill(f"Mia{locale[:2]}{width}")
            code.press("Enter")
            expect(page.get_by_role("alert")).to_have_text(wrong)
            # Large targets: the fields and the button a child presses.
            for target in (page.locator("#sq2-code"), page.locator("form button").first):
                box = target.bounding_box()
                assert box is not None
                assert box["height"] >= 44
            page.screenshot(path=artifacts_dir / f"hub_sign_in_{locale}_{width}.png")
        finally:
            context.close()


def test_two_children_on_the_class_server_play_at_one_table(browser: Browser, hub: Hub) -> None:
    """Each child's kernel holds no store: the table lives in the store behind the class
    service, and each page sees the other's moves."""
    from tests.browser.test_together import _click_something

    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        pages = [
            _sign_in(context, hub, "OWL7", name)
            for context, name in zip(contexts, ("Pia", "Ole"), strict=True)
        ]
        for page, name in zip(pages, ("Pia", "Ole"), strict=True):
            expect(page.get_by_text(f"Hi, {name}!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            page.get_by_role("button", name="Play with classmates").click()
        pia, ole = pages
        pia.get_by_role("button", name="2", exact=True).click(timeout=WIDGET_TIMEOUT_MS)
        pia.get_by_role("button", name="Make a table").click()
        expect(pia.get_by_text("Waiting for friends…")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        ole.get_by_role("button", name="Sit here").click(timeout=WIDGET_TIMEOUT_MS)
        expect(ole.get_by_text("Pia starts the game when everyone is here.")).to_be_visible(
            timeout=WIDGET_TIMEOUT_MS
        )
        start = pia.get_by_role("button", name="Start", exact=True)
        expect(start).to_be_enabled(timeout=WIDGET_TIMEOUT_MS)
        start.click()
        for page in pages:
            expect(page.locator(".sq2-header")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        # Play until each page has had its turn: the turn went from one kernel to the other.
        had_turn: set[int] = set()
        chooser = random.Random(5)
        for _click in range(60):
            if len(had_turn) == 2 or any(p.locator(".sq2-over").count() for p in pages):
                break
            deadline = time.monotonic() + 30
            mover = None
            while mover is None and time.monotonic() < deadline:
                for index, page in enumerate(pages):
                    if page.locator(".sq2-who").first.inner_text() == "Your turn":
                        mover = index
                pages[0].wait_for_timeout(200)
            assert mover is not None, "no page says it is its child's turn"
            had_turn.add(mover)
            _click_something(pages[mover], chooser)
            pages[mover].wait_for_timeout(500)
        assert had_turn == {0, 1}
        with open_store(hub.db, room="3A") as store:
            assert isinstance(store, SQLStore)
            tables = Tables(store)
            table = tables.where("Pia")
            assert table is not None
            assert table.children == ["Pia", "Ole"]
            assert tables.load(table.id).game.history, "the moves are in the store"
            assert tables.replays(table.id)
        # What Pia's kernel is sent of the table through the class service: her seat's view
        # only, never Ole's hand or sleeping queens, nor the draw pile. (The pages may still
        # be making the last move: the game is read again until the store holds still.)
        pia_user = _hub_user(contexts[0], hub)
        for _look in range(10):
            with open_store(hub.db, room="3A") as store:
                assert isinstance(store, SQLStore)
                before = Tables(store).load(table.id)
            request = urllib.request.Request(
                f"{_class_server().environ()['SQ2EDU_CLASS_SERVICE']}/api/load",
                data=json.dumps({"table": table.id, "lang": "en"}).encode(),
                method="POST",
                headers={
                    "X-Sq2edu-Child": pia_user,
                    "X-Sq2edu-Server-Key": _child_key(hub, pia_user),
                },
            )
            with urllib.request.urlopen(request, timeout=10) as answer:
                sent = json.loads(answer.read())["result"]["value"]
            with open_store(hub.db, room="3A") as store:
                assert isinstance(store, SQLStore)
                if Tables(store).load(table.id).info.version == before.info.version:
                    break
            time.sleep(1.0)
        game = before.game
        seat = game.names.index("Pia")
        assert sent["view"] == game.view(seat)
        zones = game.zones()
        unseen = {*zones["deck"], *zones.get(f"p{1 - seat}.hand", ())}
        unseen |= set(zones.get(f"p{1 - seat}.sleeping", ()))
        assert not [card for card in unseen if f'"{card}"' in json.dumps(sent)]
    finally:
        for context in contexts:
            context.close()


def test_a_class_challenge_on_the_hub_from_the_teachers_dashboard_to_a_childs_page(
    browser: Browser, hub: Hub, artifacts_dir: Path
) -> None:
    """Anna starts a round on the teachers' dashboard; Vera, in her class, on the class
    server, joins it from the banner, and her find reaches Anna's projector through the
    class service. The projector is for the teacher who keeps the class only: not for a
    child, not for Olga, who keeps 3B."""
    anna = browser.new_context(viewport={"width": 1280, "height": 900})
    olga, child = browser.new_context(), browser.new_context()
    try:
        desk = _teacher_signs_in(anna, hub, "Anna", "anna's password")
        desk.get_by_role("tab", name="Challenge").click(timeout=WIDGET_TIMEOUT_MS)
        desk.get_by_role("button", name="Cards I type").click()
        desk.get_by_label("Cards", exact=True).fill("2 3 5 6 8")
        desk.get_by_role("button", name="Start a round").click()
        expect(desk.get_by_text("Round 1 has started.")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        link = desk.get_by_role("link", name="Open the projector page")
        expect(link).to_have_attribute("href", "sq2edu/projector?room=3A")
        with desk.expect_popup() as opened:
            link.click()
        wall = opened.value
        board = wall.locator("#board")
        expect(board.get_by_text("The class has found 0 of the 12 equations.")).to_be_visible(
            timeout=WIDGET_TIMEOUT_MS
        )

        kid = _sign_in(child, hub, "OWL7", "Vera")
        join = kid.get_by_role("button", name="Join the challenge")
        expect(join).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        join.click()
        kid.get_by_role("button", name="Type it").click(timeout=WIDGET_TIMEOUT_MS)
        kid.get_by_label("Type an equation, like 2 + 3 = 5").fill("6 + 2 = 8")
        kid.get_by_role("button", name="Check").click()
        expect(kid.get_by_text("You found: 2 + 6 = 8.")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        expect(board.get_by_text("found by 1 child")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        wall.set_viewport_size({"width": 1280, "height": 720})
        wall.screenshot(path=artifacts_dir / "hub_projector.png")
        kid.screenshot(path=artifacts_dir / "hub_child_challenge.png", full_page=True)

        # Vera's kernel's own key: no try for Tove, for another class, or said to be right,
        # gets in.
        vera = _hub_user(child, hub)
        as_vera = {"X-Sq2edu-Child": vera, "X-Sq2edu-Server-Key": _child_key(hub, vera)}

        def call(body: dict[str, object]) -> int:
            return _call_service("challenge_try", body, as_vera)

        assert call({"number": 1, "text": "2 × 3 = 6", "student": "Tove"}) == 403
        assert call({"number": 1, "text": "2 × 3 = 6", "room": "3B"}) == 400
        assert call({"number": 1, "text": "1 + 1 = 3", "ok": True}) == 400
        base = f"{hub.url}/services/sq2edu-teachers/sq2edu"
        for path in ("projector", "projector/board", "challenge.csv"):
            assert anna.request.get(f"{base}/{path}?room=3A").status == 200, path
            # Not Anna's class; not a teacher at all.
            assert anna.request.get(f"{base}/{path}?room=3B").status == 404, path
            assert child.request.get(f"{base}/{path}?room=3A", max_redirects=0).status in (
                302,
                403,
            ), path
        olga_desk = _teacher_signs_in(olga, hub, "Olga", "olga's password")
        expect(olga_desk.get_by_text("Your classes")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        for path in ("projector", "projector/board", "challenge.csv"):
            assert olga.request.get(f"{base}/{path}?room=3A").status == 404, path
        refused = olga_desk.goto(f"{base}/projector?room=3A", timeout=WIDGET_TIMEOUT_MS)
        assert refused is not None
        assert refused.status == 404
        assert "2 + 6 = 8" not in olga_desk.content()

        desk.get_by_role("button", name="End the round").click()
        expect(board.get_by_text("The round has ended.")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        expect(kid.get_by_text("This round has ended. Look at the board!")).to_be_visible(
            timeout=WIDGET_TIMEOUT_MS
        )
        with open_store(hub.db, room="3A") as store:
            assert isinstance(store, SQLStore)
            from sq2edu.classroom.storage.challenge_store import Challenges

            ended = Challenges(store).board()
        assert ended is not None
        assert ended.finds == {"Vera": ("2 + 6 = 8",)}
    finally:
        anna.close()
        olga.close()
        child.close()


def _hub_processes(hub: Hub) -> tuple[psutil.Process, list[psutil.Process]]:
    """The hub's JupyterHub, and what it started: its proxy, its three services, and the
    class server's kernels."""
    assert hub.process is not None
    (jupyterhub,) = [
        process
        for process in psutil.Process(hub.process.pid).children()
        if "jupyterhub" in " ".join(process.cmdline())
    ]
    started = jupyterhub.children()
    proxies = [p for p in started if "configurable-http-proxy" in " ".join(p.cmdline())]
    services = [
        process
        for process in started
        if any(
            f"sq2edu.hub.{name}" in " ".join(process.cmdline())
            for name in ("service", "teachers", "classroom")
        )
    ]
    assert (len(proxies), len(services)) == (1, 3), [p.cmdline() for p in started]
    return jupyterhub, [*proxies, *services, *_class_server().children(recursive=True)]


def _all_gone(processes: list[psutil.Process], what: str) -> None:
    started = time.monotonic()
    _gone, alive = psutil.wait_procs(processes, timeout=30)
    assert not alive, [process.cmdline() for process in alive]
    print(f"{what}: {len(processes)} processes gone in {time.monotonic() - started:.1f} s")


def _a_child_signs_in(browser: Browser, hub: Hub, code: str, nickname: str) -> None:
    """A child signs in on a device of their own and is greeted; the device is put away."""
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, code, nickname)
        expect(page.get_by_text(f"Hi, {nickname}!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    finally:
        context.close()


def test_a_hub_killed_outright_leaves_nothing_running_and_starts_again(
    browser: Browser, hub: Hub
) -> None:
    """A hub killed with SIGKILL left its proxy (on the school's port), its class service
    (holding its port: the next hub's could not start) and its dashboard running;
    ``sq2edu hub`` killed so left JupyterHub itself running. Now all of it, the class
    server's kernels too, stops by itself within seconds, and the hub starts again as if
    stopped."""
    _a_child_signs_in(browser, hub, "OWL7", "Uma")
    # A service manager's SIGKILL of sq2edu hub: JupyterHub is told to stop, and does.
    jupyterhub, started = _hub_processes(hub)
    assert hub.process is not None
    hub.process.kill()
    hub.process.wait(timeout=30)
    _all_gone([jupyterhub, *started], "sq2edu hub killed")
    hub.start()
    # JupyterHub itself killed: what it started goes by itself.
    _a_child_signs_in(browser, hub, "OWL7", "Ulla")
    jupyterhub, started = _hub_processes(hub)
    jupyterhub.kill()
    hub.process.wait(timeout=30)
    _all_gone(started, "JupyterHub killed")
    hub.start()
    # A child on another device (Uma's name is held by hers): the new class service has
    # its port, and answers.
    _a_child_signs_in(browser, hub, "OWL7", "Una")
