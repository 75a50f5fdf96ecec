"""Rules added after the held-out evaluation (tests/data/claims/heldout), one behaviour each:
each test is a small run shaped like a held-out miss, never its text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.claims import check_claims
from tests.claims.test_claims import bash, run, statuses

UNITTEST_RED = bash(
    "python -m unittest discover -s tests",
    "F.E\nRan 3 tests in 0.01s\n\nFAILED (failures=1, errors=1)",
    "error",
)
UNITTEST_GREEN = bash("python -m unittest discover -s tests", "...\nRan 3 tests in 0.01s\n\nOK")


def test_a_clause_inherits_the_first_run_from_started_by() -> None:
    said = "I started by running the unit tests, which showed one failure and one error."
    assert statuses(said, run(UNITTEST_RED, UNITTEST_GREEN)) == ["verified"]


def test_errors_count_among_the_failures() -> None:
    assert statuses("The tests had 1 failure and 1 error.", run(UNITTEST_RED)) == ["verified"]
    assert statuses("The tests had 1 failure and 2 errors.", run(UNITTEST_RED)) == ["contradicted"]


def test_a_failure_count_is_the_test_checkers_not_a_value_of_an_earlier_run() -> None:
    said = "After the change the suite is green, with 3 tests run and 0 failures."
    assert statuses(said, run(UNITTEST_RED, UNITTEST_GREEN)) == ["verified"]


GO_RED = bash(
    "go test ./...", "ok  \texample.com/a\t0.1s\nFAIL\texample.com/b\t0.2s\nFAIL", "error"
)
GO_PART = bash("go test ./b/...", "ok  \texample.com/b\t0.2s")


def test_a_full_run_followed_by_a_partial_run_cannot_contradict_the_full_suite() -> None:
    said = "The full `go test ./...` run is green now."
    assert statuses(said, run(GO_RED, GO_PART)) == ["unverifiable"]
    assert statuses(said, run(GO_PART, GO_RED)) == ["contradicted"]


SEARCH = (
    "web_search",
    {"query": "status 425"},
    "1. RFC 8470 - https://www.rfc-editor.org/rfc/rfc8470\n2. MDN - https://mdn.example/425",
    "ok",
)


def test_citation_markers_are_not_values_and_reference_lists_not_claims() -> None:
    response = "The page confirms browsers send it [2].\n\n[1] https://a.example/x\n[2] https://b.example/y\n"
    claims = check_claims(response, run(SEARCH))
    assert [c.status for c in claims] == ["unverifiable"]


def test_a_share_found_nowhere_leaves_its_claim_unverifiable() -> None:
    page = ("WebFetch", {"url": "https://x.example"}, "Predict if income exceeds $50K/yr.", "ok")
    assert statuses("Roughly 24% of the rows are in the >50K class.", run(page)) == ["unverifiable"]
    shown = ("WebFetch", {"url": "https://x.example"}, "24% of rows exceed $50K/yr.", "ok")
    assert statuses("24% of the rows are in the >50K class.", run(shown)) == ["verified"]
