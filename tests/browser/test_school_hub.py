"""A school on a real JupyterHub with its proxy (``sq2edu hub``), on a throwaway PostgreSQL:
two classes, children signing in with their class's code, each child's server serving the
student app only and holding no database credential, their records reaching the store
through the class service, and a hub started again losing nothing."""

from __future__ import annotations

import json
import os
import random
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from itertools import count
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from sq2edu.classroom.school import School
from sq2edu.classroom.store import SQLStore, open_store
from sq2edu.classroom.tables import Tables
from sq2edu.hub.config import find_proxy
from sq2edu.progress.records import Attempt
from tests.browser.conftest import WIDGET_TIMEOUT_MS
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


def _server_of(hub_user: str) -> psutil.Process:
    """The process of a child's server, found by the hub user it runs for."""
    for process in psutil.process_iter(["cmdline"]):
        try:
            command = " ".join(process.info["cmdline"] or ())
            if "sq2edu.hub.student" in command and (
                process.environ().get("JUPYTERHUB_USER") == hub_user
            ):
                return process
        except psutil.Error:
            continue
    raise AssertionError(f"no server runs for {hub_user}")


def test_a_child_signs_in_with_the_class_code_and_practises_in_their_class(
    browser: Browser, hub: Hub, artifacts_dir: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = _sign_in(context, hub, "fox4", "Mia")  # any case: the code of 3B
        expect(page.get_by_text("Hi, Mia! What would you like to do?")).to_be_visible(
            timeout=WIDGET_TIMEOUT_MS
        )
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


def test_a_childs_server_serves_the_student_app_only_and_to_its_child_only(
    browser: Browser, hub: Hub
) -> None:
    mia_device, leo_device = browser.new_context(), browser.new_context()
    try:
        mia = _sign_in(mia_device, hub, "FOX4", "Leo2")
        expect(mia.get_by_text("Hi, Leo2!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        server = mia.url.split("/user/")[1].split("/")[0]
        base = f"{hub.url}/user/{server}"
        # No Lab, file browser, terminal or contents API: Voilà sends any other address to
        # its files, which refuse everything but the app's pictures.
        for path in ("/lab", "/tree", "/terminals/1", "/api/contents", "/api/terminals"):
            answer = mia_device.request.get(base + path)
            assert answer.status == 403, (path, answer.status, answer.url)
        # No kernel or session of the child's own: only the page's kernel runs code.
        for path in ("/api/kernels", "/api/sessions"):
            answer = mia_device.request.post(base + path, data="{}", max_redirects=0)
            assert answer.status == 403, (path, answer.status)
        # Another child, signed in, cannot open this child's server.
        leo = _sign_in(leo_device, hub, "FOX4", "Sam")
        expect(leo.get_by_text("Hi, Sam!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        stranger = leo_device.new_page()
        refused = stranger.goto(f"{base}/", timeout=WIDGET_TIMEOUT_MS)
        assert refused is not None
        assert refused.status == 403, "the hub refuses to sign Sam in to Leo2's server"
        assert stranger.get_by_text("Hi, Leo2!").count() == 0
    finally:
        mia_device.close()
        leo_device.close()


def test_no_database_credential_in_a_childs_server_its_kernel_or_its_home(
    browser: Browser, hub: Hub
) -> None:
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "FOX4", "Noa")
        expect(page.get_by_text("Hi, Noa!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        hub_user = page.url.split("/user/")[1].split("/")[0]
        server = _server_of(hub_user)
        secret = hub.db.split("@")[-1]  # host, port and database: no part may be there
        processes = [server, *server.children(recursive=True)]
        assert len(processes) >= 2, "the server and its kernel"
        for process in processes:
            environment = process.environ()
            assert "SQ2EDU_DB" not in environment
            assert not any(secret in value for value in environment.values())
            assert not any("postgresql://" in value for value in environment.values())
        home = Path(server.environ()["HOME"])
        for path in home.rglob("*"):
            if path.is_file() and path.stat().st_size < 1_000_000:
                assert secret not in path.read_text(errors="replace"), path
        # Nor on any command line of the hub's processes, nor in the environment of the hub
        # or its proxy: the address is in a file only the hub's account reads.
        assert hub.process is not None
        started = psutil.Process(hub.process.pid)
        for process in [started, *started.children(recursive=True)]:
            assert secret not in " ".join(process.cmdline()), process.cmdline()
            if "sq2edu.hub" not in " ".join(process.cmdline()):  # the hub and its proxy
                assert not any(secret in value for value in process.environ().values())
    finally:
        context.close()


def test_the_class_service_acts_for_the_token_s_own_child_only(browser: Browser, hub: Hub) -> None:
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "FOX4", "Ida")
        expect(page.get_by_text("Hi, Ida!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        environment = _server_of(page.url.split("/user/")[1].split("/")[0]).environ()
        service, token = environment["SQ2EDU_CLASS_SERVICE"], environment["JUPYTERHUB_API_TOKEN"]
        key = environment["SQ2EDU_SERVER_KEY"]

        def call(method: str, body: object, with_token: str | None = token) -> int:
            request = urllib.request.Request(
                f"{service}/api/{method}", data=json.dumps(body).encode(), method="POST"
            )
            request.add_header("X-Sq2edu-Server-Key", key)
            if with_token:
                request.add_header("Authorization", f"token {with_token}")
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return int(answer.status)
            except urllib.error.HTTPError as error:
                return int(error.code)

        attempt = {
            "student": "Mia", "text": "2 + 2 = 4", "ok": True, "codes": [], "numbers": [2, 2, 4],
            "typed": True, "hint_level": 0, "where": "lab", "at": "2026-12-01T10:00:00+00:00",
            "cards": [],
        }  # fmt: skip
        assert call("record_attempt", {"attempt": attempt}, with_token=None) == 403
        assert call("record_attempt", {"attempt": attempt}, with_token="not-a-token") == 403
        assert call("record_attempt", {"attempt": attempt}) == 403, "another child's name"
        assert call("record_attempt", {"attempt": {**attempt, "where": "<b>"}}) == 400
        assert call("save_settings", {"settings": {}}) == 404
        assert call("seen", {"nickname": "Mia"}) == 403
        mine = {**attempt, "student": "Ida"}
        answers = [call("record_attempt", {"attempt": mine}) for _ in range(12)]
        assert answers[0] == 200
        assert 429 in answers, "a flood of attempts is slowed down"
        with open_store(hub.db, room="3B") as store:
            kept = [a for a in store.attempts() if a.text == "2 + 2 = 4"]
        assert {a.student for a in kept} == {"Ida"}
        assert len(kept) == answers.count(200)
    finally:
        context.close()


def test_no_token_a_child_can_make_reaches_the_class_service(browser: Browser, hub: Hub) -> None:
    """A child signed in to the hub cannot make a token of their own, and their server's
    token without the server's key is refused by the class service."""
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "FOX4", "Kai")
        expect(page.get_by_text("Hi, Kai!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        hub_user = page.url.split("/user/")[1].split("/")[0]
        xsrf = [c["value"] for c in context.cookies() if c["name"] == "_xsrf"]
        assert xsrf, "the hub gave the page its form key"
        made = context.request.post(
            f"{hub.url}/hub/api/users/{hub_user}/tokens",
            data=json.dumps({"note": "mine", "scopes": ["access:services"]}),
            headers={"X-XSRFToken": xsrf[0], "Content-Type": "application/json"},
        )
        assert made.status == 403, made.text()
        environment = _server_of(hub_user).environ()
        request = urllib.request.Request(
            f"{environment['SQ2EDU_CLASS_SERVICE']}/api/who",
            data=b"{}",
            method="POST",
            headers={"Authorization": f"token {environment['JUPYTERHUB_API_TOKEN']}"},
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 403
        request.add_header("X-Sq2edu-Server-Key", environment["SQ2EDU_SERVER_KEY"])
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert json.loads(answer.read())["result"] == {"room": "3B", "nickname": "Kai"}
    finally:
        context.close()


def test_a_child_signs_out_and_back_in_on_their_own_device_under_one_name(
    browser: Browser, hub: Hub
) -> None:
    """The child's server keeps a device cookie of its own at /; the hub's, at /hub/, is
    not shadowed by it, so the device that holds a name signs in with it again after
    signing out. A device signed in as another child lets go of the first name."""
    device, other = browser.new_context(), browser.new_context()
    try:
        page = _sign_in(device, hub, "OWL7", "Rex")
        expect(page.get_by_text("Hi, Rex!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        assert any(c["name"] == "sq2edu-device" for c in device.cookies()), "the server's"
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
            assert "/user/" in other.url, (path, other.url)
            expect(other.get_by_text("Hei, Siv!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
            other.close()
    finally:
        context.close()


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


def test_a_hub_stopped_and_started_again_loses_nothing(browser: Browser, hub: Hub) -> None:
    with open_store(hub.db, room="3B") as store:
        store.join("Eli")
        store.record_attempt(Attempt("Eli", "3 × 3 = 9", True, where="lab"))
        before = len(store.attempts())
    took = hub.stop()
    print(f"the hub stopped in {took:.1f} s")
    hub.start()
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
        # Tove, in Anna's class, practises on her own server; Anna sees it on her dashboard.
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


def test_two_children_on_their_own_servers_play_at_one_table(browser: Browser, hub: Hub) -> None:
    """Each child's kernel is in a server of its own, with no store: the table lives in the
    store behind the class service, and each page sees the other's moves."""
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
        # Play until each page has had its turn: the turn went from one server to the other.
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
            game = tables.load(table.id).game
        # What Pia's server is sent of the table through the class service: her seat's view
        # only, never Ole's hand or sleeping queens, nor the draw pile.
        environment = _server_of(pages[0].url.split("/user/")[1].split("/")[0]).environ()
        request = urllib.request.Request(
            f"{environment['SQ2EDU_CLASS_SERVICE']}/api/load",
            data=json.dumps({"table": table.id, "lang": "en"}).encode(),
            method="POST",
            headers={
                "Authorization": f"token {environment['JUPYTERHUB_API_TOKEN']}",
                "X-Sq2edu-Server-Key": environment["SQ2EDU_SERVER_KEY"],
            },
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            sent = json.loads(answer.read())["result"]["value"]
        seat = game.names.index("Pia")
        assert sent["view"] == game.view(seat)
        zones = game.zones()
        unseen = {*zones["deck"], *zones.get(f"p{1 - seat}.hand", ())}
        unseen |= set(zones.get(f"p{1 - seat}.sleeping", ()))
        assert not [card for card in unseen if f'"{card}"' in json.dumps(sent)]
    finally:
        for context in contexts:
            context.close()


def test_a_class_challenge_on_the_hub_from_the_teachers_dashboard_to_a_childs_server(
    browser: Browser, hub: Hub, artifacts_dir: Path
) -> None:
    """Anna starts a round on the teachers' dashboard; Vera, in her class, on her own
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

        # Vera's own server's token and key: no try for Tove, for another class, or said
        # to be right, gets in.
        environment = _server_of(kid.url.split("/user/")[1].split("/")[0]).environ()

        def call(body: dict[str, object]) -> int:
            request = urllib.request.Request(
                f"{environment['SQ2EDU_CLASS_SERVICE']}/api/challenge_try",
                data=json.dumps(body).encode(),
                method="POST",
                headers={
                    "Authorization": f"token {environment['JUPYTERHUB_API_TOKEN']}",
                    "X-Sq2edu-Server-Key": environment["SQ2EDU_SERVER_KEY"],
                },
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return int(answer.status)
            except urllib.error.HTTPError as error:
                return int(error.code)

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
            from sq2edu.classroom.challenge_store import Challenges

            ended = Challenges(store).board()
        assert ended is not None
        assert ended.finds == {"Vera": ("2 + 6 = 8",)}
    finally:
        anna.close()
        olga.close()
        child.close()


def test_a_hub_killed_outright_leaves_nothing_running_and_starts_again(
    browser: Browser, hub: Hub
) -> None:
    """A hub killed with SIGKILL left its class service (holding its port: the next hub's
    could not start), its dashboard and every child's server running. They stop by
    themselves within seconds now, and the hub starts again as if stopped."""
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "OWL7", "Uma")
        expect(page.get_by_text("Hi, Uma!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        server = _server_of(page.url.split("/user/")[1].split("/")[0])
    finally:
        context.close()
    assert hub.process is not None
    (jupyterhub,) = [
        process
        for process in psutil.Process(hub.process.pid).children()
        if "jupyterhub" in " ".join(process.cmdline())
    ]
    services = [
        process
        for process in jupyterhub.children()
        if "sq2edu.hub.service" in " ".join(process.cmdline())
        or "sq2edu.hub.teachers" in " ".join(process.cmdline())
    ]
    assert len(services) == 2
    jupyterhub.kill()
    hub.process.wait(timeout=30)
    started = time.monotonic()
    _gone, alive = psutil.wait_procs([*services, server], timeout=15)
    assert not alive, [process.cmdline() for process in alive]
    print(f"the hub's services and a child's server gone {time.monotonic() - started:.1f} s "
          "after the hub was killed")  # fmt: skip
    hub.start()
    # A child on another device (Uma's name is held by hers): the new class service has
    # its port, and answers.
    context = browser.new_context()
    try:
        page = _sign_in(context, hub, "OWL7", "Una")
        expect(page.get_by_text("Hi, Una!")).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    finally:
        context.close()
