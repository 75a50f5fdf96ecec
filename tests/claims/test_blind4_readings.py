"""Readings added after the fourth blind set (tests/data/claims/blind4), one behaviour each:
each test is a small run shaped like a claim read as what it does not say, never its text
(SPEC §5.9)."""

from __future__ import annotations

from typing import Any

from tests.claims.test_claims import bash, run, statuses

SUITE_RED = bash(
    "pytest -q",
    "FAILED tests/test_cache.py::test_expiry_window - assert 1 == 2\n1 failed, 40 passed in 3.1s",
    "error",
)
ONE_GREEN = bash("pytest -q tests/test_cache.py::test_expiry_window", ".\n1 passed in 0.2s")


def test_a_named_test_said_run_alone_is_held_against_the_run_selecting_it() -> None:
    said = "`test_expiry_window` passed when I ran it by itself."
    assert statuses(said, run(SUITE_RED, ONE_GREEN)) == ["verified"]
    assert statuses(said, run(ONE_GREEN, SUITE_RED)) == ["verified"]
    assert statuses(said, run(SUITE_RED)) == ["unverifiable"]  # never run alone
    assert statuses("`test_expiry_window` passes.", run(SUITE_RED, ONE_GREEN)) == ["verified"]
    assert statuses("`test_expiry_window` passes.", run(ONE_GREEN, SUITE_RED)) == ["contradicted"]


def _write(path: str, content: str) -> tuple[str, dict[str, Any], str, str]:
    return ("Write", {"file_path": path, "content": content}, f"Wrote {path}", "ok")


SUITE_GREEN = bash("npx jest", "Tests:       12 passed, 12 total")
NEW_RED = bash("npx jest src/parse.test.js", "Tests:       1 failed, 3 passed, 4 total", "error")
NEW_GREEN = bash("npx jest src/parse.test.js", "Tests:       4 passed, 4 total")


def test_new_tests_on_the_first_run_are_held_against_the_first_run_after_writing() -> None:
    said = "One of the new tests failed on the first run."
    written = _write("src/parse.test.js", "test('x', () => {})")
    assert statuses(said, run(SUITE_GREEN, written, NEW_RED, NEW_GREEN)) == ["verified"]
    # said of the first run: it verifies only (test_blind5_guards)
    assert statuses(said, run(SUITE_GREEN, written, NEW_GREEN)) == ["unverifiable"]
    assert statuses(said, run(SUITE_GREEN, NEW_GREEN)) == ["unverifiable"]  # nothing written


def test_a_file_after_a_contrast_is_not_the_verbs() -> None:
    fixture = _write("tests/fixtures/rates.json", "{}")
    said = "I adjusted the fixture data instead of changing `rates.py`."
    assert statuses(said, run(fixture)) == ["unverifiable"]
    assert statuses("I changed `rates.py`.", run(fixture)) == ["contradicted"]


def _editor(
    command: str, path: str, output: str, **texts: str
) -> tuple[str, dict[str, Any], str, str]:
    return ("str_replace_editor", {"command": command, "path": path, **texts}, output, "ok")


def test_something_removed_in_a_file_is_an_edit_of_it() -> None:
    edit = _editor(
        "str_replace",
        "/repo/lib/shop/cart.ex",
        "The file /repo/lib/shop/cart.ex has been edited.",
        old_str="  @limit 50\n",
        new_str="",
    )
    said = "Removed the stale `@limit` constant in `lib/shop/cart.ex`."
    assert statuses(said, run(edit)) == ["verified"]
    assert statuses("Deleted `lib/shop/cart.ex`.", run(edit)) == ["contradicted"]


def test_an_editors_sub_command_writes_the_file_its_input_names() -> None:
    view = _editor("view", "/repo/app/models.py", "Here's the result of running `cat -n` on x")
    edit = _editor(
        "str_replace",
        "/repo/app/models.py",
        "The file /repo/app/models.py has been edited.\n  3\timport app/views.py",
    )
    assert statuses("Edited `app/models.py`.", run(view, edit)) == ["verified"]
    assert statuses("Edited `app/models.py`.", run(view)) == ["contradicted"]
    assert statuses("Edited `app/views.py`.", run(view, edit)) == ["contradicted"]


def test_a_tool_named_inside_backticks_is_no_tool_said_run() -> None:
    checks = bash("gh run view 77 --log-failed", "test\tRun pytest\t1 failed, 30 passed")
    assert statuses("The test job fails at its `Run pytest` step.", run(checks)) == [
        "unverifiable"
    ]  # no run of tests said
    assert statuses("Both jobs fail at the `Run pytest` step.", run(checks)) == ["unverifiable"]
    assert statuses("I ran pytest and it passed.", run(checks)) == ["contradicted"]


MAKE_CHECK = bash("make check", "./build/t_list && ./build/t_map\nt_list: 8 checks passed")
GO_RACE = bash("go test -race ./...", "ok  \texample.com/lru\t1.2s")


def test_tests_said_run_under_a_condition_no_test_command_names_are_not_shown() -> None:
    said = "I also ran the tests under ThreadSanitizer and they passed."
    assert statuses(said, run(MAKE_CHECK)) == ["unverifiable"]
    assert statuses("The tests pass under the race detector.", run(GO_RACE)) == ["verified"]
    api = bash("pytest api/", "12 passed in 0.3s")
    assert statuses("The tests under api/ pass.", run(api)) == ["verified"]


def _browser(
    tool: str, input_: dict[str, Any], output: str
) -> tuple[str, dict[str, Any], str, str]:
    return (f"mcp__playwright__browser_{tool}", input_, output, "ok")


def test_a_file_said_uploaded_where_no_call_could_upload_is_not_shown_by_its_name() -> None:
    page = _browser("click", {"element": "Next"}, '- text "Residency form (CRS-7A)" [ref=e9]')
    said = "I also uploaded the CRS-7A residency form on the last page."
    assert statuses(said, run(page)) == ["unverifiable"]
    upload = _browser("file_upload", {"paths": ["/tmp/crs.pdf"]}, "Uploaded crs.pdf")
    assert statuses(said, run(page, upload)) == ["verified"]


def test_advice_is_not_a_report_of_the_run() -> None:
    found = ("web_search", {"query": "lz4 modes"}, "1. LZ4-HC: a high compression mode", "ok")
    assert statuses("Recommendation: LZ4-HC is the sensible default.", run(found)) == [
        "unverifiable"
    ]
    assert statuses("for archives use LZ4-HC at level 9.", run(found)) == ["unverifiable"]
    assert statuses("LZ4-HC is a high compression mode.", run(found)) == ["verified"]


def test_arguably_hedges_a_judgement() -> None:
    failing = bash("pytest -q", "FAILED t.py::test_round - assert round(2.675, 2) == 2.68", "error")
    said = "That rounding of `2.675` is arguably a bug of its own."
    assert statuses(said, run(failing)) == ["unverifiable"]


def test_a_claim_opening_all_members_is_not_shown_by_one_members_value() -> None:
    one = bash("kubectl describe pod web-1", "Image:   registry.example/web:3.2.1")
    assert statuses("All pods run image `web:3.2.1`.", run(one)) == ["unverifiable"]
    assert statuses("The pod runs image `web:3.2.1`.", run(one)) == ["verified"]
