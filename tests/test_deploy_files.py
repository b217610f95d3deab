"""The files a school installs the hub with say what docs/deploy.md says."""

from __future__ import annotations

import configparser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_hub_s_systemd_unit_runs_it_as_an_account_of_its_own_with_no_password() -> None:
    text = (ROOT / "deploy/systemd/sq2edu-hub.service").read_text()
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read_string(text)
    service = unit["Service"]
    assert service["User"] not in ("", "root")
    assert service["KillMode"] == "control-group", "no process outlives a stop"
    assert "--db-password-file" in service["ExecStart"]
    assert "PGPASSWORD" not in text
    assert "@127.0.0.1" in service["ExecStart"]
    assert ":" not in service["ExecStart"].split("postgresql://")[1].split("@")[0]
    assert service["StateDirectoryMode"] == "0700"
