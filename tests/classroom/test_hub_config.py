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
    server_key,
    store_address,
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
    # Each child's server is given its own key, and nothing that opens the store.
    environment = c.Spawner.environment
    assert not any("postgresql" in str(value) for value in environment.values())
    spawner = SimpleNamespace(user=SimpleNamespace(name="c0ffee"))
    assert environment["SQ2EDU_SERVER_KEY"](spawner) == server_key(key, "c0ffee")
    assert server_key(key, "c0ffee") != server_key(key, "c0fee")


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


def test_a_childs_home_folder_is_private_and_gone_when_its_server_stops(tmp_path: Path) -> None:
    c = Config()
    configure(c, str(tmp_path / "school.sqlite3"), data=tmp_path / "hub", proxy="/bin/true")
    template = c.SimpleLocalProcessSpawner.home_dir_template
    assert template == str(tmp_path / "hub" / "homes" / "{username}")
    assert stat.S_IMODE((tmp_path / "hub" / "homes").stat().st_mode) == 0o700
    home = Path(template.format(username="c0ffee"))
    home.mkdir()
    (home / ".ipython").mkdir()
    elsewhere = tmp_path / "c0ffee"
    elsewhere.mkdir()
    c.Spawner.post_stop_hook(SimpleNamespace(home_dir=str(home)))
    c.Spawner.post_stop_hook(SimpleNamespace(home_dir=str(elsewhere)))
    assert not home.exists()
    assert elsewhere.exists(), "only a folder of the hub's homes is removed"
