"""The wheel holds every package, and the browser files of the widgets."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed_in_pyproject() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "sq2edu").rglob("__init__.py")
    }
    assert found | {"sq2edu.widgets"} == listed


def test_widget_files_are_reachable_as_package_resources() -> None:
    files = resources.files("sq2edu.widgets")
    assert files.joinpath("table.js").is_file()
    assert files.joinpath("table.css").is_file()


def test_the_translations_ship_in_the_package() -> None:
    locale = resources.files("sq2edu").joinpath("locale")
    assert locale.joinpath("sq2edu.pot").is_file()
    for lang in ("ru", "nb"):
        assert locale.joinpath(lang, "LC_MESSAGES", "sq2edu.mo").is_file()


def test_every_module_imports() -> None:
    """Each module of the package imports on its own (doctests are collected only from the
    modules that have examples, so this is where the others are imported)."""
    import importlib
    import pkgutil

    import sq2edu

    names = [module.name for module in pkgutil.walk_packages(sq2edu.__path__, prefix="sq2edu.")]
    assert "sq2edu.hub.service" in names
    assert "sq2edu.classroom.server.serve" in names
    for name in names:
        importlib.import_module(name)


def test_voilas_page_for_the_notebooks_links_nothing_on_another_host(tmp_path: Path) -> None:
    from sq2edu.ui.voila_page import VOILA_TEMPLATE, install_voila_template

    folder = install_voila_template(tmp_path)
    assert folder == tmp_path / "share/jupyter/voila/templates" / VOILA_TEMPLATE
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    page = (folder / "index.html.j2").read_text()
    assert "extends 'voila/templates/lab/index.html.j2'" in page
    assert "http" not in page  # it names no other server
    # Installed again, nothing changes and nothing fails.
    assert install_voila_template(tmp_path) == folder
    for notebook in sorted(Path(__file__).parents[1].glob("notebooks/*.ipynb")):
        metadata = json.loads(notebook.read_text(encoding="utf-8"))["metadata"]
        assert metadata["voila"] == {"template": VOILA_TEMPLATE}, notebook
