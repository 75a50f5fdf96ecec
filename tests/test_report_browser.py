"""The report page in a real browser (headless Chromium, SPEC §10): the DOM its script
builds, the filters, a hostile run rendered inert, and a 2,000-test run. Each test saves
a screenshot under its temporary folder. Skipped, with the reason, where no Chromium can
be had (`.ci/run` installs Debian's)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import html_report
from tests.browser import browser_session, open_page, visible_test_ids
from tests.helpers import critique_of
from tests.report_runs import (
    CLAIMS_RESPONSE,
    HOSTILE_IDS,
    graded_claims_run,
    graded_example,
    graded_hostile_run,
)

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from browser_session()


def _screenshot(driver: Any, path: Path) -> None:
    driver.execute_script("window.scrollTo(0, 0)")
    assert driver.save_screenshot(str(path))
    assert path.read_bytes().startswith(PNG)


def _click(driver: Any, selector: str) -> None:
    driver.execute_script("document.querySelector(arguments[0]).click()", selector)


def _choose(driver: Any, select_id: str, value: str) -> None:
    driver.execute_script(
        "var s = document.getElementById(arguments[0]); s.value = arguments[1];"
        "s.dispatchEvent(new Event('change'));",
        select_id,
        value,
    )


def _open_row(driver: Any, test_id: str) -> Any:
    """Open a test's row (a click on its summary, as a person does); returns the row."""
    rows = driver.find_elements("css selector", "details.test")
    row = next(r for r in rows if r.find_element("css selector", ".test-id").text == test_id)
    row.find_element("css selector", "summary").click()
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10).until(  # the toggle event comes after the click
        lambda d: d.execute_script(
            "return arguments[0].open && arguments[0].querySelector('.body').children.length > 0",
            row,
        )
    )
    return row


def _cells(row: Any, selector: str) -> list[list[str]]:
    """Each matching element's cells' text, exactly as the DOM holds it."""
    texts: list[list[str]] = row.parent.execute_script(
        "return Array.from(arguments[0].querySelectorAll(arguments[1]))"
        ".map(function (r) { return Array.from(r.children).map(function (c) {"
        " return c.textContent; }); });",
        row,
        selector,
    )
    return texts


def _severe_console_messages(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def test_the_example_page_lists_opens_and_filters(driver: Any, tmp_path: Path) -> None:
    _, bench = graded_example(tmp_path)
    page = tmp_path / "report.html"
    html_report.write_page(str(bench), str(page))
    open_page(driver, str(page))
    assert driver.title == "agentv-grade report: capital"
    assert visible_test_ids(driver) == ["paris", "tokyo", "berlin"]
    assert driver.find_element("id", "pass-rate-value").text == "33.3%"
    assert driver.find_element("id", "shown-count").text == "showing 3 of 3 tests"
    todo = driver.find_element("id", "todo-list").text
    pending = json.loads((bench / "paris" / "grader_report.json").read_text("utf-8"))["pending"]
    assert "paris/" + pending[0]["result_path"] in todo
    assert driver.find_element("id", "todo-count").text == "1"
    summary_cells = _cells(driver.find_element("id", "test-list"), "details.test > summary")
    assert summary_cells == [
        ["pending", "paris", "1.000", "1", "2", "-"],
        ["pass", "tokyo", "1.000", "0", "0", "-"],
        ["fail", "berlin", "0.000", "0", "0", "-"],
    ]

    row = _open_row(driver, "paris")
    report = json.loads((bench / "paris" / "grader_report.json").read_text("utf-8"))
    cells = _cells(row, "tr.assertion")
    assert [(c[0], c[5]) for c in cells] == [
        (a["status"], a["evidence"]) for a in report["assertions"]
    ]
    critique = critique_of(bench / "paris")
    suggestions = row.find_elements("css selector", "li.suggestion")
    assert len(suggestions) == len(critique["suggestions"]) == 2
    for item, expected in zip(suggestions, critique["suggestions"], strict=True):
        assert expected["reason"] in item.text and expected["fix"] in item.text
    _screenshot(driver, tmp_path / "example.png")

    _click(driver, "#verdict-filter input[data-verdict='fail']")  # untick fail
    assert visible_test_ids(driver) == ["paris", "tokyo"]
    assert driver.find_element("id", "shown-count").text == "showing 2 of 3 tests"
    _click(driver, "#verdict-filter input[data-verdict='fail']")
    _choose(driver, "type-filter", "llm-rubric")
    assert visible_test_ids(driver) == ["paris"]
    assert [c[2] for c in _cells(row, "tr.assertion")] == ["llm-rubric"]  # the open row too
    _choose(driver, "type-filter", "")
    _choose(driver, "status-filter", "failed")
    assert visible_test_ids(driver) == ["berlin"]
    _choose(driver, "type-filter", "contains-all")
    assert visible_test_ids(driver) == ["berlin"]
    _choose(driver, "type-filter", "is-json")
    assert visible_test_ids(driver) == []
    driver.execute_script(
        "var i = document.getElementById('id-filter'); i.value = 'ky';"
        "i.dispatchEvent(new Event('input'));"
    )
    _choose(driver, "type-filter", "")
    _choose(driver, "status-filter", "")
    assert visible_test_ids(driver) == ["tokyo"]
    assert _severe_console_messages(driver) == []


def test_a_hostile_run_renders_inert_and_as_written(driver: Any, tmp_path: Path) -> None:
    """Markup, script, event handlers and `javascript:` links from the run's files are
    shown as text: none of it runs (the title stays), none of it becomes an element."""
    bench = graded_hostile_run(tmp_path)
    page = tmp_path / "hostile.html"
    html_report.write_page(str(bench), str(page))
    open_page(driver, str(page))
    expected_title = "agentv-grade report: </title><script>document.title='pwned'</script>"
    assert driver.title == expected_title
    assert sorted(visible_test_ids(driver)) == sorted(HOSTILE_IDS)
    for test_id in HOSTILE_IDS:
        row = _open_row(driver, test_id)
        report = json.loads((bench / test_id / "grader_report.json").read_text("utf-8"))
        cells = _cells(row, "tr.assertion")
        assert [c[1] for c in cells] == [
            a["name"] + (" (negated)" if a["negate"] else "") for a in report["assertions"]
        ]
        assert [c[4] for c in cells] == [a["text"] for a in report["assertions"]]
        assert [c[5] for c in cells] == [a["evidence"] for a in report["assertions"]]
        critique = critique_of(bench / test_id)
        shown = "\n".join(s.text for s in row.find_elements("css selector", "li.suggestion"))
        for suggestion in critique["suggestions"]:
            assert suggestion["fix"] in shown
    driver.execute_script(
        "document.getElementById('todo').scrollIntoView();"
    )  # lay out the to-do items too
    assert driver.title == expected_title
    counts: dict[str, int] = driver.execute_script(
        "var all = Array.from(document.querySelectorAll('*'));"
        "return {img: document.querySelectorAll('img').length,"
        " a: document.querySelectorAll('a').length,"
        " script: document.querySelectorAll('script').length,"
        " svg: document.querySelectorAll('svg').length,"
        " handlers: all.filter(function (e) { return Array.from(e.attributes).some("
        "   function (x) { return x.name.indexOf('on') === 0; }); }).length,"
        " links: all.filter(function (e) { return Array.from(e.attributes).some("
        "   function (x) { return /javascript:/i.test(x.value) && x.name !== 'data-test-id'; });"
        " }).length};"
    )
    assert counts == {"img": 0, "a": 0, "script": 2, "svg": 2, "handlers": 0, "links": 0}
    _screenshot(driver, tmp_path / "hostile.png")
    assert _severe_console_messages(driver) == []


def _claim_rows(row: Any, selector: str) -> list[dict[str, Any]]:
    """Each claim shown under `selector` in an open row: its status attribute and the
    text of its parts, as the DOM holds them."""
    rows: list[dict[str, Any]] = row.parent.execute_script(
        "return Array.from(arguments[0].querySelectorAll(arguments[1])).map(function (li) {"
        " return {status: li.dataset.status, visible: li.checkVisibility(),"
        "  parts: Array.from(li.children).map(function (c) { return c.textContent; })}; });",
        row,
        selector,
    )
    return rows


def test_claims_are_shown_per_test_and_for_the_suite_and_filter(
    driver: Any, tmp_path: Path
) -> None:
    """A contradicted claim is shown with its evidence, the others behind a disclosure;
    the claim's markup and script, and the tool output's, are text (the title stays, no
    element is made); the suite's counts are shown; the claims filter and the others
    work together."""
    bench = graded_claims_run(tmp_path)
    page = tmp_path / "claims.html"
    html_report.write_page(str(bench), str(page))
    open_page(driver, str(page))
    assert driver.title == "agentv-grade report: claims"
    summary = json.loads((bench / "grade_summary.json").read_text("utf-8"))["claims"]
    assert driver.find_element("id", "claims-total").text == str(summary["total"])
    assert driver.find_element("id", "claims-contradicted").text == "1"
    assert driver.find_element("id", "claims-tests-contradicted").text == "1"
    listed = json.loads((bench / "lied" / "claims.json").read_text("utf-8"))["claims"]
    cells = _cells(driver.find_element("id", "test-list"), "details.test > summary")
    assert [c[5] for c in cells] == [f"1/{len(listed)}", "0/2", "-"]

    row = _open_row(driver, "lied")
    contradicted = [c for c in listed if c["status"] == "contradicted"]
    others = [c for c in listed if c["status"] != "contradicted"]
    shown = _claim_rows(row, "ul.claims-contradicted > li.claim")
    assert [(r["status"], r["parts"]) for r in shown] == [
        ("contradicted", ["[contradicted] ", f"{c['line']}:{c['col']} ", f"({c['kind']}) ",
                          c["text"], c["evidence"]])
        for c in contradicted
    ]  # fmt: skip
    assert shown[0]["parts"][3] == CLAIMS_RESPONSE.splitlines()[1]  # `</script><script>…`
    assert all(r["visible"] for r in shown)
    hidden = _claim_rows(row, "details.claims-others li.claim")
    assert [(r["status"], r["parts"][3], r["parts"][4]) for r in hidden] == [
        (c["status"], c["text"], c["evidence"]) for c in others
    ]
    assert not any(r["visible"] for r in hidden)  # until the disclosure is opened
    row.find_element("css selector", "details.claims-others > summary").click()
    assert all(r["visible"] for r in _claim_rows(row, "details.claims-others li.claim"))
    assert any("<img src=x onerror=" in r["parts"][3] for r in hidden)
    assert any("<img src=x onerror=" in r["parts"][4] for r in hidden)
    _screenshot(driver, tmp_path / "claims.png")
    counts: dict[str, int] = driver.execute_script(
        "return {img: document.querySelectorAll('img').length,"
        " script: document.querySelectorAll('script').length};"
    )
    assert counts == {"img": 0, "script": 2}
    assert driver.title == "agentv-grade report: claims"

    honest = _open_row(driver, "honest")
    assert _claim_rows(honest, "ul.claims-contradicted > li.claim") == []
    assert "2 (2 verified, 0 contradicted, 0 unverifiable)" in honest.text
    assert "no transcript" in _open_row(driver, "no-transcript").text

    _click(driver, "#claims-filter")
    assert visible_test_ids(driver) == ["lied"]
    assert driver.find_element("id", "shown-count").text == "showing 1 of 3 tests"
    _choose(driver, "status-filter", "failed")  # no test has a failed assertion
    assert visible_test_ids(driver) == []
    _choose(driver, "status-filter", "")
    _click(driver, "#verdict-filter input[data-verdict='pass']")
    assert visible_test_ids(driver) == []
    _click(driver, "#verdict-filter input[data-verdict='pass']")
    _click(driver, "#claims-filter")
    assert visible_test_ids(driver) == ["lied", "honest", "no-transcript"]
    assert _severe_console_messages(driver) == []


def test_a_run_of_2000_tests_opens_with_every_test(
    driver: Any, big_graded_run: Path, tmp_path: Path, record_property: Any
) -> None:
    page = tmp_path / "big.html"
    stats = html_report.write_page(str(big_graded_run), str(page))
    timings = open_page(driver, str(page))
    summary = json.loads((big_graded_run / "grade_summary.json").read_text("utf-8"))
    assert visible_test_ids(driver) == list(summary["tests"])
    assert len(summary["tests"]) == 2000
    record_property("page_bytes", stats.size)
    record_property("dom_content_loaded_ms", timings["dom_content_loaded"])
    # A gross bound only (the machine is shared): the page opens in about half a second.
    assert timings["dom_content_loaded"] < 10_000, timings
    _click(driver, "#verdict-filter input[data-verdict='pass']")
    failing = [t for t, row in summary["tests"].items() if row["verdict"] != "pass"]
    assert visible_test_ids(driver) == failing
    pending = sum(row["pending"] for row in summary["tests"].values())
    assert driver.find_element("id", "todo-count").text == str(pending)
    listed = driver.execute_script("return document.querySelectorAll('#todo-list li').length")
    assert listed == pending > 600  # every pending item is on the list
    _screenshot(driver, tmp_path / "big.png")
