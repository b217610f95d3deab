"""The hub's configuration as sq2edu fills it: what each process is given, and what not."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest
from traitlets.config import Config

from sq2edu.hub.config import configure
from sq2edu.hub.private import (
    CLASSROOM_KEY_FILE,
    DB_FILE,
    KEY_FILE,
    child_key,
    classroom_key,
    read_private,
    store_address,
    write_private,
)


def test_the_store_s_address_and_password_reach_the_services_by_a_private_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """JupyterHub keeps its services' environment in its own database, and a hub's
    environment reaches its proxy: the address and the password go in neither."""
    monkeypatch.setenv("PGPASSWORD", "s3cret-pw")
    monkeypatch.delenv("SQ2EDU_DB", raising=False)
    c = Config()
    configure(c, "postgresql://sq2edu@db.example/sq2edu", data=tmp_path, proxy="/bin/true")
    services = {service["name"]: service for service in c.JupyterHub.services}
    for service in services.values():
        said = repr(service)
        assert "postgresql" not in said
        assert "s3cret-pw" not in said
    for name in ("sq2edu-class", "sq2edu-teachers"):
        assert services[name]["environment"]["SQ2EDU_DB_FILE"] == str(tmp_path / DB_FILE)
    # The class server has neither the store nor the key of the class service: a key of its
    # own, from which it makes its kernels' children's keys.
    classroom = services["sq2edu-classroom"]["environment"]
    assert "SQ2EDU_DB_FILE" not in classroom
    assert "SQ2EDU_KEY_FOLDER" not in classroom
    key = read_private(tmp_path / KEY_FILE).encode()
    own = read_private(Path(classroom["SQ2EDU_CLASSROOM_KEY_FILE"])).encode()
    assert own == classroom_key(key) != key
    assert child_key(own, "c0ffee") != child_key(own, "c0fee")
    assert "PGPASSWORD" not in os.environ, "not inherited by the proxy"
    for name in (DB_FILE, KEY_FILE, CLASSROOM_KEY_FILE):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600
    monkeypatch.setenv("SQ2EDU_DB_FILE", str(tmp_path / DB_FILE))
    assert store_address() == "postgresql://sq2edu@db.example/sq2edu?password=s3cret-pw"


def test_a_user_may_make_no_token_of_their_own(tmp_path: Path) -> None:
    c = Config()
    configure(c, str(tmp_path / "school.sqlite3"), data=tmp_path, proxy="/bin/true")
    (user,) = [role for role in c.JupyterHub.load_roles if role["name"] == "user"]
    assert "self" not in user["scopes"]
    assert not any(
        scope.startswith(("tokens", "shares", "users:shares")) for scope in user["scopes"]
    )


def test_children_land_on_the_class_server_which_is_for_the_children_group_only(
    tmp_path: Path,
) -> None:
    c = Config()
    configure(c, str(tmp_path / "school.sqlite3"), data=tmp_path, proxy="/bin/true")
    roles = {role["name"]: role for role in c.JupyterHub.load_roles}
    assert roles["sq2edu-child"] == {
        "name": "sq2edu-child",
        "scopes": ["access:services!service=sq2edu-classroom"],
        "groups": ["children"],
    }
    assert not any("access:" in scope for scope in roles["user"]["scopes"])
    hub = SimpleNamespace(base_url="/school/hub/")
    child = SimpleNamespace(hub=hub, current_user=SimpleNamespace(groups=[]))
    teacher = SimpleNamespace(
        hub=hub, current_user=SimpleNamespace(groups=[SimpleNamespace(name="teachers")])
    )
    assert c.JupyterHub.default_url(child) == "/school/services/sq2edu-classroom/"
    assert c.JupyterHub.default_url(teacher) == "/school/services/sq2edu-teachers/"


def test_a_private_file_others_can_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "address"
    path.write_text("postgresql://x")
    path.chmod(0o644)
    with pytest.raises(PermissionError, match="chmod 600"):
        read_private(path)


def test_the_hub_started_as_root_says_it_should_not_be(monkeypatch: pytest.MonkeyPatch) -> None:
    from sq2edu.hub.config import root_warning

    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert "deploy/systemd/sq2edu-hub.service" in root_warning()
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert root_warning() == ""


def test_nobody_has_a_server_of_their_own_and_is_told_where_their_page_is(
    tmp_path: Path,
) -> None:
    from jupyterhub.spawner import SpawnException

    c = Config()
    configure(c, str(tmp_path / "school.sqlite3"), data=tmp_path, proxy="/bin/true")
    hub = SimpleNamespace(base_url="/hub/")
    teachers = SimpleNamespace(name="teachers")
    for groups, page in (
        ([], "/services/sq2edu-classroom/"),
        ([teachers], "/services/sq2edu-teachers/"),
    ):
        spawner = SimpleNamespace(hub=hub, user=SimpleNamespace(groups=groups))
        with pytest.raises(SpawnException) as refused:
            c.Spawner.pre_spawn_hook(spawner)
        assert refused.value.status_code == 403
        assert f'href="{page}"' in refused.value.message_html


def test_a_school_s_own_hub_sets_sq2edu_by_documented_options(tmp_path: Path) -> None:
    """``c.SchoolHub.*`` in a school's jupyterhub_config.py: the store from a private file,
    the hub's API, the proxy's API and the services' ports, the services' address, the
    hub's names and the class server's size."""
    from sq2edu.hub.config import SchoolHub

    address = tmp_path / "store-address"
    write_private(address, str(tmp_path / "school.sqlite3"))
    c = Config()
    c.SchoolHub.db_file = str(address)
    c.SchoolHub.data = str(tmp_path / "hub")
    c.SchoolHub.proxy = "/opt/chp/bin/configurable-http-proxy"
    c.SchoolHub.ip, c.SchoolHub.port = "10.1.2.3", 8443
    c.SchoolHub.hub_port, c.SchoolHub.proxy_api_port = 18081, 18001
    c.SchoolHub.service_port, c.SchoolHub.teachers_port = 18090, 18091
    c.SchoolHub.classroom_port = 18092
    c.SchoolHub.service_ip = "10.1.2.3"
    c.SchoolHub.names = ["maths.school.example"]
    c.SchoolHub.class_kernels, c.SchoolHub.class_pool = 60, 6
    SchoolHub(config=c).apply(c)
    assert (c.JupyterHub.ip, c.JupyterHub.port) == ("10.1.2.3", 8443)
    assert (c.JupyterHub.hub_ip, c.JupyterHub.hub_port) == ("127.0.0.1", 18081)
    assert c.ConfigurableHTTPProxy.api_url == "http://127.0.0.1:18001"
    assert c.ConfigurableHTTPProxy.command[-1] == "/opt/chp/bin/configurable-http-proxy"
    service, teachers, classroom = c.JupyterHub.services
    assert service["url"] == "http://10.1.2.3:18090"
    assert teachers["url"] == "http://10.1.2.3:18091"
    assert classroom["url"] == "http://10.1.2.3:18092"
    assert classroom["environment"]["SQ2EDU_HUB_NAMES"] == "maths.school.example,10.1.2.3"
    assert classroom["environment"]["SQ2EDU_CLASS_KERNELS"] == "60"
    assert classroom["environment"]["SQ2EDU_CLASS_POOL"] == "6"
    assert read_private(tmp_path / "hub" / DB_FILE) == str(tmp_path / "school.sqlite3")
    # Every option says what it is (the docs' table is made from the same words).
    for name, trait in SchoolHub.class_traits(config=True).items():
        assert len(trait.help) > 20, name


@pytest.mark.parametrize("problem", ["unset", "missing", "readable"])
def test_a_hub_without_its_store_says_so_in_plain_words(tmp_path: Path, problem: str) -> None:
    """JupyterHub itself, loading a configuration whose store is not set (or whose file
    cannot be used), stops with sq2edu's words, not a traceback (it was a bare KeyError)."""
    import subprocess
    import sys

    address = tmp_path / "store-address"
    if problem == "readable":
        address.write_text("postgresql://sq2edu:pw@db/sq2edu")
        address.chmod(0o644)
    config = tmp_path / "jupyterhub_config.py"
    config.write_text(
        "from sq2edu.hub.config import SchoolHub\n"
        "c = get_config()\n"
        + (f"c.SchoolHub.db_file = {str(address)!r}\n" if problem != "unset" else "")
        + f"c.SchoolHub.data = {str(tmp_path / 'hub')!r}\n"
        "SchoolHub(config=c).apply(c)\n"
    )
    said = subprocess.run(
        [sys.executable, "-m", "jupyterhub", "-f", str(config)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert said.returncode != 0
    assert "Traceback" not in said.stderr + said.stdout
    expected = {
        "unset": "the school's store is not set",
        "missing": "No such file",
        "readable": "chmod 600",
    }[problem]
    assert expected in said.stderr, said.stderr[-2000:]
    assert "pw@" not in said.stderr


def _widgets_in(root: object) -> list[object]:
    found, todo = [], [root]
    while todo:
        widget = todo.pop()
        found.append(widget)
        todo.extend(getattr(widget, "children", ()) or ())
    return found


def test_a_teacher_s_desk_has_one_class_picker_for_her_classes_and_their_years(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hub's dashboard showed two pickers called Class: the desk's (the teacher's
    classes) above the dashboard's (a class's earlier years). One picker offers both."""
    import ipywidgets as widgets

    from sq2edu.classroom.storage.school import School
    from sq2edu.classroom.storage.store import SQLStore, open_store
    from sq2edu.hub.teachers import TeacherDesk

    location = str(tmp_path / "school.sqlite3")
    with open_store(location) as store:
        assert isinstance(store, SQLStore)
        school = School(store)
        for room in ("3A", "3B"):
            school.add_room(room)
    monkeypatch.setenv("SQ2EDU_DB", location)
    desk = TeacherDesk("Anna", ["3A", "3B"])
    try:
        pickers = [
            widget
            for widget in _widgets_in(desk)
            if isinstance(widget, widgets.Dropdown | widgets.ToggleButtons)
            and widget.description == "Class"
        ]
        assert len(pickers) == 1
        (picker,) = pickers
        assert [label for label, _value in picker.options][-1] == "3B"
        picker.value = "room:3B"
        assert desk.dashboard is not None
        assert desk.dashboard.room_query == "&room=3B"
        (shown,) = [
            widget
            for widget in _widgets_in(desk)
            if isinstance(widget, widgets.Dropdown) and widget.description == "Class"
        ]
        assert [label for label, _value in shown.options][-1] == "3A"
    finally:
        if desk.dashboard is not None:
            desk.dashboard.stop()


def test_a_sign_in_lasts_a_day_in_the_browser_as_at_the_hub_and_the_school_s_options_stay(
    tmp_path: Path,
) -> None:
    """JupyterHub's cookies would stay thirty days in the browser (Tornado's default)
    whatever ``cookie_max_age_days`` says; the hub's and its services' are told one day. A
    school's own cookie options are kept."""
    import json

    c = Config()
    c.JupyterHub.tornado_settings = {"cookie_options": {"secure": True}, "xsrf_cookies": True}
    configure(c, str(tmp_path / "school.sqlite3"), data=tmp_path, proxy="/bin/true")
    assert c.JupyterHub.cookie_max_age_days == 1
    assert c.JupyterHub.tornado_settings == {
        "cookie_options": {"secure": True, "expires_days": 1},
        "xsrf_cookies": True,
    }
    for service in c.JupyterHub.services:
        options = json.loads(service["environment"]["JUPYTERHUB_COOKIE_OPTIONS"])
        assert options == {"secure": True, "expires_days": 1}, service["name"]
    fresh = Config()
    configure(fresh, str(tmp_path / "school.sqlite3"), data=tmp_path, proxy="/bin/true")
    assert fresh.JupyterHub.tornado_settings == {"cookie_options": {"expires_days": 1}}
    updated = Config()
    updated.JupyterHub.tornado_settings.update({"slow_ms": 500})
    configure(updated, str(tmp_path / "school.sqlite3"), data=tmp_path, proxy="/bin/true")
    assert updated.JupyterHub.tornado_settings == {
        "slow_ms": 500,
        "cookie_options": {"expires_days": 1},
    }
