"""Every pytest run in this repository follows the suite's plan (``tests/collection.py``).

It is registered here, at the top, so that it holds whatever is collected: ``pytest -n 3
--nbval lessons`` keeps each notebook's cells on one worker, and ``pytest --nbval
notebooks`` keeps the notebooks' progress in a store of its own, as ``make test`` does.
"""

from __future__ import annotations

import pytest

from tests.collection import SuitePlan


def pytest_configure(config: pytest.Config) -> None:
    """Plan the whole run: the tests, the package's modules and the notebooks."""
    config.pluginmanager.register(SuitePlan(config.rootpath), "sq2edu-suite-plan")
