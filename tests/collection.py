"""How the suite is collected and shared out between parallel workers.

:class:`SuitePlan` is a plugin that the repository's ``conftest.py`` registers for every run
(the package's modules and the notebooks too, which a folder's own hooks would not reach):

Doctests only from modules that have examples
    ``--doctest-modules`` imports every module of the package to look for examples in its
    docstrings, although most modules have none, and each worker of a parallel run pays for
    it again. A docstring example starts with ``>>>``, so a module whose source has no
    ``>>>`` has no doctest: its doctest collector is left out, and the tests that use the
    module import it (``tests/test_packaging.py`` imports every one).

Notebooks and lessons in the same run
    With ``--nbval``, the lessons' cells are compared with their saved outputs, and the
    notebooks under ``notebooks/`` only where a cell is tagged ``nbval-check-output`` (as
    ``--nbval-lax``: a live widget's output changes from run to run). The notebooks' kernels
    keep their progress in a store file of this run (``SQ2EDU_DB``), never the user's.

What runs together on one worker (``pytest -n N --dist loadgroup``)
    The cells of one notebook share its kernel, and the tests of a module that share a
    module-scoped fixture (one server for the module) share that server: each such set is
    an ``xdist_group`` and runs, in order, on one worker. Everything else is shared out test
    by test.

The ``server`` marker
    Tests that need the throwaway PostgreSQL server get it, so that ``make check`` (and
    ``-m "not server"``) can leave them out.

>>> has_examples(Path(__file__))
True
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Generator
from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule

__all__ = ["NOTEBOOK_STORE_ENV", "SuitePlan", "has_examples"]

PROMPT = ">>>"
"""How every docstring example starts (:mod:`doctest`'s ``PS1``)."""

NOTEBOOK_STORE_ENV = "SQ2EDU_DB"
"""Where the class app and the dashboard in ``notebooks/`` keep their progress."""

SHARED_SCOPES = frozenset({"class", "module", "package"})
"""Fixture scopes that make a module's tests share something (a server) between them."""


def has_examples(path: Path) -> bool:
    """Whether the source of a module could hold a docstring example."""
    return PROMPT in path.read_text(encoding="utf-8", errors="replace")


def _is_notebook_file(node: pytest.Collector | pytest.Item | None) -> bool:
    """Whether ``node`` is nbval's collector of one notebook's cells."""
    return (
        isinstance(node, pytest.Collector)
        and node.path.suffix == ".ipynb"
        and hasattr(node, "compare_outputs")
    )


class SuitePlan:
    """The plugin: see the module's description.

    :param root: the repository (pytest's ``rootpath``).
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lax_notebooks = root / "notebooks"
        self._store_folder: Path | None = None

    @pytest.hookimpl(wrapper=True)
    def pytest_collect_file(
        self, file_path: Path, parent: pytest.Collector
    ) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
        collected = yield
        if file_path.suffix == ".py" and not has_examples(file_path):
            return [node for node in collected if not isinstance(node, DoctestModule)]
        if file_path.is_relative_to(self.lax_notebooks):
            for node in collected:
                if _is_notebook_file(node):
                    # nbval reads this when it collects the cells: unmarked cells run, and
                    # only the tagged ones are compared.
                    node.compare_outputs = False  # type: ignore[attr-defined]
        return collected

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> Generator[None, None, None]:
        # Around every other plugin's hook: the groups are marked before pytest-xdist names
        # the tests after them, and checked after.
        grouping = config.pluginmanager.hasplugin("xdist")
        grouped: list[pytest.Item] = []
        for item in items:
            if "postgres_server" in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.server)
            group = self._group(item) if grouping else None
            if group is not None:
                item.add_marker(pytest.mark.xdist_group(group))
                grouped.append(item)
        result = yield
        if getattr(config.option, "loadgroup", False) and any(
            "@" not in item.nodeid for item in grouped
        ):
            # The cells of a notebook would run on different workers, without their kernel.
            raise pytest.UsageError(
                "pytest-xdist's --dist loadgroup does not group tests with this pytest "
                "(pytest-xdist issue 1386): install the versions in pyproject.toml "
                "(make test does), or run without -n."
            )
        return result

    def _group(self, item: pytest.Item) -> str | None:
        """The name of the set of tests ``item`` must run with on one worker, if any."""
        where = (
            item.path.relative_to(self.root) if item.path.is_relative_to(self.root) else item.path
        )
        if isinstance(item.parent, pytest.Collector) and _is_notebook_file(item.parent):
            return str(where)
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            return None
        for definitions in info.name2fixturedefs.values():
            if any(definition.scope in SHARED_SCOPES for definition in definitions):
                return str(where)
        return None

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, None, None]:
        if not item.path.is_relative_to(self.lax_notebooks) or item.path.suffix != ".ipynb":
            return (yield)
        # The notebook's kernel starts in this setup and takes the environment with it.
        before = os.environ.get(NOTEBOOK_STORE_ENV)
        os.environ[NOTEBOOK_STORE_ENV] = str(self._notebook_store())
        try:
            return (yield)
        finally:
            if before is None:
                del os.environ[NOTEBOOK_STORE_ENV]
            else:
                os.environ[NOTEBOOK_STORE_ENV] = before

    def _notebook_store(self) -> Path:
        if self._store_folder is None:
            self._store_folder = Path(tempfile.mkdtemp(prefix="sq2edu-notebooks-"))
        return self._store_folder / "progress.sqlite3"

    def pytest_unconfigure(self) -> None:
        if self._store_folder is not None:
            shutil.rmtree(self._store_folder, ignore_errors=True)
