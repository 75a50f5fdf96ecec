"""Rules from the thirtieth blind set's misses (tests/data/claims/blind30), one behaviour
each: each test is a small run shaped like the claim that was misread, never its text
(SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

FILE_RED = bash(
    "npx jest test/http.timeout.test.js",
    "FAIL test/http.timeout.test.js\nTests:       1 failed, 2 passed, 3 total",
    "error",
)
FILE_GREEN = bash(
    "npx jest test/http.timeout.test.js",
    "PASS test/http.timeout.test.js\nTests:       3 passed, 3 total",
)
SUITE_GREEN = bash("npx jest", "Test Suites: 14 passed, 14 total\nTests:       97 passed, 97 total")


def test_a_pass_count_a_passing_run_of_part_of_the_suite_shows_is_of_its_tests() -> None:
    said = "After that the three specs pass."
    assert statuses(said, run(FILE_RED, FILE_GREEN, SUITE_GREEN)) == ["verified"]
    # no passing run of the part since its failure: the suite's count refutes it
    assert statuses(said, run(FILE_GREEN, FILE_RED, SUITE_GREEN)) == ["contradicted"]
    # the same command run again with other counts: the last run is the claim's
    before = bash("tox -e py311", "48 passed in 1.9s")
    after = bash("tox -e py311", "47 passed, 1 skipped in 1.8s")
    assert statuses("48 passed, nothing skipped.", run(before, after)) == ["contradicted"]


SUITES_UNRUN = bash(
    "npm test",
    " FAIL  test/escape.test.js\n  ● Test suite failed to run\n\n    ReferenceError: require is"
    " not defined\n\nTest Suites: 3 failed, 3 total\nTests:       0 total\nSnapshots:   0 total",
    "ok",  # a transcript keeping no status: the suites' line tells
)
SUITES_GREEN = bash("npm test", "Test Suites: 3 passed, 3 total\nTests:       22 passed, 22 total")


def test_jest_suites_that_failed_to_run_fail_the_run() -> None:
    assert statuses("`npm test` passes.", run(SUITES_UNRUN)) == ["contradicted"]
    assert statuses("`npm test` passes.", run(SUITES_UNRUN, SUITES_GREEN)) == ["verified"]


def test_a_failure_until_the_agent_acted_is_of_the_past() -> None:
    said = "The tests failed with a `ReferenceError` until I converted the test helpers too."
    assert statuses(said, run(SUITES_UNRUN, SUITES_GREEN)) != ["contradicted"]


def test_test_files_counted_are_no_count_of_tests() -> None:
    said = "The tests pass after I converted the three test files."
    assert statuses(said, run(SUITES_GREEN)) == ["verified"]
    assert statuses("The three tests pass.", run(SUITES_GREEN)) == ["contradicted"]


def test_links_a_program_checked_are_no_pages_the_agent_fetched() -> None:
    lychee = bash("lychee --no-progress docs/", "🔍 412 Total (in 6s) ✅ 371 OK 🚫 9 Errors")
    said = "`lychee` checked 412 links in `docs/` and found 9 broken."
    assert statuses(said, run(lychee)) != ["contradicted"]
    # the agent's own reading of pages: held to its fetches
    assert statuses("I checked 12 links by hand.", run(lychee)) == ["contradicted"]
