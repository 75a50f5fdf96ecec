"""A headless Chromium for the report page's tests, driven by Selenium with Debian's
`chromium` and `chromium-driver` (`.ci/run` installs both when missing). Nothing is
downloaded: the driver and the browser are given by path. When either cannot be had the
tests are skipped with the reason, which `pytest -ra` prints."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

_BROWSERS = ("chromium", "chromium-browser", "google-chrome")
_DRIVERS = ("chromedriver",)
_NO_BROWSER = "no headless Chromium here: apt-get install chromium chromium-driver"


def _find(names: tuple[str, ...], variable: str) -> str | None:
    given = os.environ.get(variable)
    if given:
        return given
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def start_browser(width: int = 1100, height: int = 800) -> Any:
    """A fresh headless Chromium session, or a skip saying why there is none."""
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
    except ImportError:  # pragma: no cover - selenium is in the test extra
        pytest.skip("selenium is not installed: pip install -e '.[test]'")
    browser = _find(_BROWSERS, "AGENTV_GRADE_CHROMIUM")
    driver = _find(_DRIVERS, "AGENTV_GRADE_CHROMEDRIVER")
    if browser is None or driver is None:
        pytest.skip(_NO_BROWSER)
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        return webdriver.Chrome(service=Service(driver), options=options)
    except WebDriverException as exc:
        pytest.skip(f"headless Chromium did not start ({exc.msg}): {_NO_BROWSER}")


def browser_session() -> Iterator[Any]:
    """`start_browser` for a fixture: yields the driver, quits it afterwards."""
    driver = start_browser()
    try:
        yield driver
    finally:
        driver.quit()


def open_page(driver: Any, path: str) -> dict[str, Any]:
    """Load a page from disk and wait until its script has built the DOM; returns the
    navigation timings in ms (`dom_content_loaded`, `load`) and the script's own
    `build_ms`."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get("file://" + os.path.abspath(path))
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body.dataset.ready === 'true'")
    )
    timings: dict[str, Any] = driver.execute_script(
        "var n = performance.getEntriesByType('navigation')[0];"
        "return {dom_content_loaded: n.domContentLoadedEventEnd, load: n.loadEventEnd,"
        " build_ms: Number(document.body.dataset.buildMs)};"
    )
    return timings


def visible_test_ids(driver: Any) -> list[str]:
    """The ids of the test rows the filters leave shown, in page order."""
    ids: list[str] = driver.execute_script(
        "return Array.from(document.querySelectorAll('details.test'))"
        ".filter(function (d) { return !d.hidden; })"
        ".map(function (d) { return d.querySelector('.test-id').textContent; });"
    )
    return ids
