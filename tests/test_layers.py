"""What importing a layer loads: a lower layer never brings in a higher one (the contracts of
``make lint`` check the code; these check a real interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _loaded_after(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after ``statement``."""
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            f"{statement}\nimport json, sys; print(json.dumps(list(sys.modules)))",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return set(json.loads(shown.stdout.splitlines()[-1]))


@pytest.mark.parametrize("module", ["sq2edu.hub.auth", "sq2edu.hub.service"])
def test_the_hubs_sign_in_and_class_service_load_no_widget(module: str) -> None:
    pytest.importorskip("jupyterhub")
    loaded = _loaded_after(f"import {module}")
    assert {"ipywidgets", "anywidget"} & loaded == set()
    assert _within(loaded, "sq2edu.ui", "sq2edu.classroom.widgets", "sq2edu.classroom.views") == []


def _within(loaded: set[str], *packages: str) -> list[str]:
    """The loaded modules that are one of ``packages`` or inside one."""
    return sorted(
        name for name in loaded for package in packages if f"{name}.".startswith(f"{package}.")
    )


def test_what_a_class_keeps_loads_no_server_view_or_widget() -> None:
    """The store, the tables and the school are what the hub's class service and the CLI read:
    they bring in neither a web server nor a widget."""
    loaded = _loaded_after(
        "import sq2edu.classroom.storage.store, sq2edu.classroom.storage.tables, "
        "sq2edu.classroom.storage.school, sq2edu.classroom.storage.together"
    )
    assert {"ipywidgets", "anywidget", "tornado", "voila", "jupyterhub"} & loaded == set()
    layers_above = ("sq2edu.classroom.server", "sq2edu.classroom.views", "sq2edu.classroom.widgets")
    assert _within(loaded, *layers_above) == []


def test_the_hubs_configuration_loads_none_of_its_services() -> None:
    """The hub reads its configuration as it starts: the teachers' desk (widgets) and the
    class service (computer players, sympy) took seconds of every start."""
    pytest.importorskip("jupyterhub")
    loaded = _loaded_after("import sq2edu.hub.config")
    assert {"ipywidgets", "anywidget", "sympy"} & loaded == set()
    services = ("sq2edu.hub.service", "sq2edu.hub.teachers", "sq2edu.hub.classroom")
    assert _within(loaded, *services, "sq2edu.classroom.widgets") == []


def test_practice_and_progress_load_no_store_and_no_widget() -> None:
    loaded = _loaded_after(
        "import sq2edu.practice.adaptive, sq2edu.practice.deal, sq2edu.practice.facts, "
        "sq2edu.progress.mastery, sq2edu.progress.nicknames"
    )
    assert {name for name in loaded if name.startswith("sq2edu.classroom")} == set()
    assert {"sqlite3", "ipywidgets", "anywidget"} & loaded == set()


def test_the_hubs_sign_in_loads_no_sympy() -> None:
    """A child's sign-in waits for the authenticator's module: the equations' sympy (a second
    or more to import) has no part in checking a name and a class code."""
    pytest.importorskip("jupyterhub")
    loaded = _loaded_after("import sq2edu.hub.auth")
    assert {name for name in loaded if name == "sympy" or name.startswith("sq2edu.equations")} == (
        set()
    )


def test_a_record_still_knows_its_skill_without_sympy_loaded_first() -> None:
    """The equations load when a skill is first asked for, not before."""
    loaded = _loaded_after(
        "from sq2edu.progress.records import skill_of\n"
        "import sys\n"
        "assert 'sympy' not in sys.modules\n"
        "assert skill_of('17 ÷ 5 = 3 r 2') == 'division-two', skill_of('17 ÷ 5 = 3 r 2')\n"
        "assert skill_of('2 + 3 + 4 = 9') == 'addition-more'"
    )
    assert "sympy" in loaded
