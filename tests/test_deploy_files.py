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
    assert "--db-file /etc/sq2edu/store-address" in service["ExecStart"]
    assert "PGPASSWORD" not in text
    assert "postgresql://" not in service["ExecStart"], "no address on the command line"
    assert service["StateDirectoryMode"] == "0700"


def test_make_hub_takes_the_store_from_a_file_and_the_options_of_sq2edu_hub() -> None:
    """``make hub DB=...`` put the address (with its password) in the environment of the
    hub, its proxy and every process they start (make passes its command line on in
    MAKEFLAGS): make refuses it, and takes a file instead, with sq2edu hub's options."""
    import subprocess

    from sq2edu.hub.config import SchoolHub

    def make(*words: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["make", "-n", "--no-print-directory", "hub", *words],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip

    refused = make("DB=postgresql://sq2edu:pw@db/sq2edu")
    assert refused.returncode != 0
    assert "make hub DB_FILE=FILE" in refused.stderr
    options = {
        "DB_FILE": "/etc/sq2edu/store-address", "IP": "10.0.0.2", "PORT": "8443",
        "DATA": "/var/lib/h", "HUB_PORT": "8081", "PROXY_API_PORT": "8001",
        "SERVICE_PORT": "8090", "TEACHERS_PORT": "8091", "CLASSROOM_PORT": "8092",
        "SERVICE_IP": "10.0.0.2", "CLASS_KERNELS": "90", "CLASS_POOL": "20",
    }  # fmt: skip
    said = make(*(f"{name}={value}" for name, value in options.items())).stdout
    (command,) = [line for line in said.splitlines() if " hub " in line]
    for name, value in options.items():
        assert f'--{name.lower().replace("_", "-")}="{value}"' in command
    # Each of make's options is one of SchoolHub's (and so of sq2edu hub's).
    traits = set(SchoolHub.class_traits(config=True))
    assert {name.lower() for name in options} <= traits
