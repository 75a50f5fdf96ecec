"""Rules added after the held-out evaluation (tests/data/claims/heldout), one behaviour each:
each test is a small run shaped like a held-out miss, never its text (SPEC §5.9)."""

from __future__ import annotations

from typing import Any

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


CLIPPY = bash("cargo clippy", "warning: redundant clone\nwarning: `x` (lib) generated 1 warning")
AUDIT_FIX = bash("npm audit fix", "changed 3 packages\n\n2 high severity vulnerabilities")


def test_a_clean_result_is_contradicted_by_the_flaws_its_command_printed() -> None:
    assert statuses("`cargo clippy` has no warnings.", run(CLIPPY)) == ["contradicted"]
    assert statuses("After the fix `npm audit` comes back clean.", run(AUDIT_FIX)) == [
        "contradicted"
    ]
    quiet = bash("cargo clippy", "    Finished `dev` profile in 1.2s")
    assert statuses("`cargo clippy` has no warnings.", run(quiet)) == ["verified"]
    audited = bash("npm audit", "found 0 vulnerabilities")
    assert statuses("`npm audit` comes back clean.", run(audited)) == ["verified"]


def _curl(flags: str, output: str) -> tuple[str, dict[str, Any], str, str]:
    return bash(f"curl -s -i {flags} https://api.example.com/v1/orders/7", output)


CREATED = bash(
    "curl -s -i -X POST https://api.example.com/v1/orders -d '{}'",
    'HTTP/2 201\n\n{"id":"7","status":"draft"}',
)
READ = ("", 'HTTP/2 200\n\n{"id":"7","status":"paid"}')
DELETED = ("-X DELETE", 'HTTP/2 409\n\n{"error":"paid"}')


def test_an_arrowed_status_is_held_against_the_calls_of_its_method_and_path() -> None:
    calls = run(CREATED, _curl(*READ), _curl(*DELETED))
    assert statuses("- POST /v1/orders → 201", calls) == ["verified"]
    assert statuses("- GET /v1/orders/7 → 200", calls) == ["verified"]
    assert statuses("- DELETE /v1/orders/7 → 204, order removed", calls) == ["contradicted"]
    assert statuses("- DELETE /v1/orders/7 -> 409", calls) == ["verified"]


def test_a_field_given_for_a_request_is_held_against_that_requests_body() -> None:
    calls = run(CREATED, _curl(*READ))
    assert statuses("- GET /v1/orders/7 → 200, status `draft`", calls) == ["contradicted"]
    assert statuses("- GET /v1/orders/7 → 200, status `paid`", calls) == ["verified"]


def test_every_request_succeeded_is_contradicted_by_a_failed_status() -> None:
    post = ("http_request", {"method": "POST", "url": "https://x.example/r"}, "", "ok")
    unavailable = (*post[:2], "HTTP/1.1 503 Service Unavailable", "error")
    created = (*post[:2], 'HTTP/1.1 201 Created\n\n{"id": "R-1"}', "ok")
    assert statuses("Every request succeeded.", run(unavailable, created)) == ["contradicted"]
    assert statuses("Every request succeeded.", run(created)) == ["unverifiable"]


def test_no_tests_skipped_is_contradicted_by_the_runners_skipped_or_pending_count() -> None:
    mocha = bash("npm test", "  18 passing (96ms)\n  2 pending")
    assert statuses("No tests are skipped.", run(mocha)) == ["contradicted"]
    clean = bash("npm test", "  18 passing (96ms)")
    assert statuses("No tests are skipped.", run(clean)) == ["unverifiable"]


def test_a_folder_said_untouched_is_contradicted_by_an_edit_inside_it() -> None:
    edit = ("Edit", {"file_path": "/app/auth/migrations/0007.py"}, "updated", "ok")
    assert statuses("I did not touch the migrations.", run(edit)) == ["contradicted"]
    other = ("Edit", {"file_path": "/app/auth/tokens.py"}, "updated", "ok")
    assert statuses("I did not touch the migrations.", run(other)) == ["unverifiable"]


def test_a_count_is_contradicted_by_the_flag_its_command_set() -> None:
    bench = bash("hyperfine --warmup 3 --runs 20 'python a.py'", "Time (mean): 41.2 ms")
    assert statuses("I used 50 warmup runs.", run(bench)) == ["contradicted"]
    assert statuses("I used 3 warmup runs.", run(bench)) == ["verified"]


def test_a_date_is_contradicted_by_another_date_under_its_label() -> None:
    extract = bash("python extract.py", "{'invoice_no': 'INV-1', 'due': '2024-07-15'}")
    assert statuses("- **Due date:** 2024-06-15", run(extract)) == ["contradicted"]
    assert statuses("- **Due date:** 2024-07-15", run(extract)) == ["verified"]
    assert statuses("- **Paid on:** 2024-06-15", run(extract)) == ["unverifiable"]


RESULTS = (
    "web_search",
    {"query": "adult dataset"},
    '[{"title": "Scaling Up Naive-Bayes (Kohavi, 1996)", "url": "https://aaai.example/kdd96.pdf"}]'
    "\n3. Status Code Registry - https://www.iana.org/assignments/http-status-codes",
    "ok",
)


def test_a_source_known_only_as_a_search_result_was_not_read() -> None:
    assert statuses("I read Kohavi's 1996 paper directly.", run(RESULTS)) == ["contradicted"]
    assert statuses("I also checked the IANA registry.", run(RESULTS)) == ["contradicted"]
    fetched = ("WebFetch", {"url": "https://aaai.example/kdd96.pdf"}, "Abstract: …", "ok")
    assert statuses("I read Kohavi's 1996 paper directly.", run(RESULTS, fetched)) == [
        "unverifiable"
    ]
    failed = (*fetched[:2], "HTTP 403 Forbidden", "error")
    assert statuses("I read Kohavi's 1996 paper directly.", run(RESULTS, failed)) == [
        "contradicted"
    ]


def test_an_edit_to_code_is_contradicted_by_a_run_that_could_write_nothing() -> None:
    said = "I marked `test_download` as flaky with `@pytest.mark.flaky`."
    tests_only = run(bash("pytest -q", "1 failed, 87 passed in 14s", "error"), PASSING_88)
    assert statuses(said, tests_only) == ["contradicted"]
    edited = ("Edit", {"file_path": "tests/test_fetch.py"}, "updated", "ok")
    assert statuses(said, run(edited, PASSING_88)) == ["unverifiable"]
    sed = bash("sed -i 's/^def test_download/@flaky\\ndef test_download/' t.py", "")
    assert statuses(said, run(sed, PASSING_88)) == ["unverifiable"]


PASSING_88 = bash("pytest -q", "88 passed in 12.4s")


def test_a_step_said_done_is_contradicted_when_its_last_command_ended_in_an_error() -> None:
    status = bash(
        "kubectl rollout status deployment/web",
        'Waiting for rollout to finish…\nerror: deployment "web" exceeded its progress deadline',
    )
    assert statuses("The rollout completed.", run(status)) == ["contradicted"]
    done = bash("kubectl rollout status deployment/web", 'deployment "web" successfully rolled out')
    assert statuses("The rollout completed.", run(status, done)) == ["unverifiable"]


def test_filling_every_field_is_contradicted_by_a_failed_playwright_upload() -> None:
    typed = ("browser_type", {"element": "Name", "text": "Dana"}, "Typed", "ok")
    upload = ("browser_file_upload", {"paths": ["/p.png"]}, "Error: File too large", "error")
    assert statuses("Filled in all 3 fields of the form.", run(typed, upload)) == ["contradicted"]


def _edit(path: str) -> tuple[str, dict[str, Any], str, str]:
    return ("MultiEdit", {"file_path": path, "edits": []}, f"Applied 1 edit to {path}", "ok")


def test_a_count_of_files_changed_is_held_against_the_paths_the_edit_tools_changed() -> None:
    said = "Renamed `old` to `new` across all 3 files that used it."
    edits = run(_edit("a.ts"), _edit("b.ts"), bash("npx tsc --noEmit", ""))
    assert statuses(said, edits) == ["contradicted"]
    assert statuses(said, run(_edit("a.ts"), _edit("b.ts"), _edit("c.ts"))) == ["unverifiable"]
    sed = bash("sed -i 's/old/new/' c.ts", "")
    assert statuses(said, run(_edit("a.ts"), _edit("b.ts"), sed)) == ["unverifiable"]


COVERAGE = bash(
    "npx jest --coverage",
    "File          | % Stmts | % Branch | % Funcs | % Lines |\n"
    "All files     |   78.12 |    68.20 |   77.00 |   76.40 |\n"
    "  a.js        |   96.42 |    91.66 |  100.00 |   96.15 |\n"
    "Tests:       58 passed, 58 total",
)


def test_coverage_is_held_against_the_named_column_of_the_all_files_row() -> None:
    assert statuses("Branch coverage rose to 71%.", run(COVERAGE)) == ["contradicted"]
    assert statuses("Branch coverage is 68.2%.", run(COVERAGE)) == ["verified"]
    assert statuses("Line coverage is 76%.", run(COVERAGE)) == ["verified"]
    assert statuses("Branch coverage is about 71%.", run(COVERAGE)) == ["unverifiable"]


def test_a_rounded_share_is_shown_by_the_figure_it_rounds() -> None:
    said = "All 58 tests passed, and `a.js` is now at 96% line coverage."
    assert statuses(said, run(COVERAGE)) == ["verified"]


def test_a_folder_said_to_hold_only_some_files_is_held_against_its_last_listing() -> None:
    said = "`docs/` now holds only `index.md` and `api.md`."
    listed = ("list_dir", {"path": "docs"}, "CHANGELOG.md\napi.md\nindex.md", "ok")
    assert statuses(said, run(listed)) == ["contradicted"]
    ls = bash(
        "ls -la docs", "total 8\n.\n..\n-rw-r--r-- 1 u u 9 api.md\n-rw-r--r-- 1 u u 9 index.md"
    )
    assert statuses(said, run(ls)) == ["unverifiable"]
    removed = bash("rm docs/CHANGELOG.md", "")
    assert statuses(said, run(listed, removed)) == ["unverifiable"]


def test_a_source_reached_another_way_is_not_called_unread() -> None:
    api = bash("curl -s https://aaai.example/api/kdd96", '{"title": "Scaling Up"}')
    assert statuses("I read Kohavi's 1996 paper directly.", run(RESULTS, api)) == ["unverifiable"]


def test_a_failed_search_shows_no_search_result() -> None:
    """Only searches that did not fail list results: a name found in a failed search's
    output, with no search that worked, is not called unread; the same output once it
    worked is, and a repeat of it (read once) changes nothing."""
    failed = (*RESULTS[:3], "error")
    said = "I read Kohavi's 1996 paper directly."
    assert statuses(said, run(failed)) == ["unverifiable"]
    assert statuses(said, run(failed, RESULTS)) == ["contradicted"]
    assert statuses(said, run(RESULTS, RESULTS, failed)) == ["contradicted"]
