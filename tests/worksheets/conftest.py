"""One headless Chromium for the printing tests, found as the browser tests find it.

Only the finding is shared with ``tests/browser`` (its fixtures start Voilà servers this
folder does not need). The tests that print are marked ``browser``; without Chromium they
are skipped, except in CI, where they fail.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Playwright

from tests.browser.conftest import (
    CHROMIUM_ARGS,
    ConfiguredBrowserMissingError,
    find_chromium,
    in_ci,
)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The browser's path; the tests fail (CI, or a browser named that is not there) or
    skip without one."""
    try:
        found = find_chromium()
    except ConfiguredBrowserMissingError as error:
        pytest.fail(str(error), pytrace=False)
    if found is None:
        if in_ci():
            pytest.fail("no Chromium found; CI must print the worksheets", pytrace=False)
        pytest.skip("no Chromium found; install it with: apt-get install chromium")
    return found


@pytest.fixture(scope="session")
def print_page(chromium_path: str, playwright_driver: Playwright) -> Iterator[Page]:
    """One page of one headless Chromium, for every sheet the session prints."""
    browser: Browser = playwright_driver.chromium.launch(
        executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
    )
    try:
        page = browser.new_page()
        page.emulate_media(media="print")
        yield page
    finally:
        browser.close()
