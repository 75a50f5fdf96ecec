"""Rules from the thirty-seventh blind set's misses (tests/data/claims/blind37), one
small run of each shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

GO_FAILED_ELSEWHERE = bash(
    "go test ./...",
    "ok  \tx/internal/config\t0.019s\n--- FAIL: TestSchedulerBackfill (2.01s)\nFAIL\n"
    "FAIL\tx/internal/scheduler\t2.047s\nok  \tx/pkg/fetch\t1.102s\nFAIL\n",
)


def test_a_parts_all_passing_is_not_refuted_by_a_failure_go_places_elsewhere() -> None:
    said = "All 8 table cases pass, plus two `httptest` tests."
    assert statuses(said, run(GO_FAILED_ELSEWHERE)) != ["contradicted"]
    # the whole suite said passing: the failure refutes it
    assert statuses("All tests pass.", run(GO_FAILED_ELSEWHERE)) == ["contradicted"]


TSC = "cd /w && npx tsc -p packages/sdk --noEmit --pretty false; echo exit=$?"
LISTED = "".join(
    f"packages/sdk/src/{name}.ts({line},7): error TS2375: Type is not assignable.\n"
    for name, line in (("client", 42), ("client", 88), ("pagination", 17), ("user", 23))
)
EDIT = ("Edit", {"file_path": "packages/sdk/src/client.ts", "old_string": "a", "new_string": "b"})


def test_a_count_of_errors_is_held_to_the_outputs_listing_them_one_a_line() -> None:
    listed = run(bash(TSC, LISTED + "exit=2\n"), (*EDIT, "ok", "ok"))
    assert statuses("Turning it on produced 5 errors across 3 files.", listed) == ["contradicted"]
    assert statuses("Turning it on produced 4 errors across 3 files.", listed) != ["contradicted"]
    assert statuses("Turning it on produced 4 errors across 2 files.", listed) == ["contradicted"]
    # a summary of its own (`Found 4 errors in 3 files.`) is read as a value, not here
    summed = run(bash(TSC, LISTED + "Found 4 errors in 3 files.\n"))
    assert statuses("Turning it on produced 5 errors across 3 files.", summed) != ["contradicted"]
    # zero, errors of no checker, and a listing a pipe cut say nothing of it
    assert statuses("`tsc --noEmit` now reports 0 errors.", listed) != ["contradicted"]
    assert statuses("The API returned 5 errors.", listed) != ["contradicted"]
    cut = run(bash(TSC.replace("; echo", " | head -4; echo"), LISTED))
    assert statuses("Turning it on produced 5 errors across 3 files.", cut) != ["contradicted"]


def test_a_count_of_files_holding_errors_is_no_count_of_files_changed() -> None:
    said = "**What the compiler found:** 4 errors across 3 files, fixed in `client.ts`."
    summed = run(bash(TSC, LISTED + "Found 4 errors in 3 files.\n"), (*EDIT, "ok", "ok"))
    assert statuses(said, summed) != ["contradicted"]


def _verbose(*tests: str) -> str:
    lines = "".join(f"=== RUN   {t}\n--- PASS: {t} (0.00s)\n" for t in tests)
    return lines + "PASS\nok  \tgithub.com/x/core\t0.019s\n"


def test_go_test_v_of_one_package_counts_its_passing_tests() -> None:
    seven = _verbose(*(f"TestCase{n}" for n in range(7)))
    assert statuses("`go test -v` passes with 8 tests green.", run(bash("go test -v", seven))) == [
        "contradicted"
    ]
    assert statuses("All 7 tests pass.", run(bash("go test -v", seven))) == ["verified"]
    # subtests, which a claim may count too: no count is read
    sub = seven.replace("--- PASS: TestCase0 (0.00s)\n", "    --- PASS: TestCase0/a (0.00s)\n")
    assert statuses("All 8 tests pass.", run(bash("go test -v", sub))) != ["contradicted"]


WIRE = bash(
    "cargo test -p wire 2>&1 | grep -E '^(test result|running)'",
    "running 12 tests\ntest result: ok. 12 passed; 0 failed; 0 ignored; 0 measured\n",
)


def test_the_whole_suite_said_run_where_every_run_is_one_packages() -> None:
    said = "I ran the full workspace test suite as well, and nothing else regressed."
    assert statuses(said, run(WIRE)) == ["contradicted"]
    workspace = bash("cargo test --workspace", WIRE[2])
    assert statuses(said, run(WIRE, workspace)) != ["contradicted"]
    # the package's own suite, named: that run is of it
    assert statuses("I ran the full `wire` test suite.", run(WIRE)) != ["contradicted"]
    # a script may have run the rest
    assert statuses(said, run(WIRE, bash("./scripts/ci.sh", "done"))) != ["contradicted"]


def test_a_formatter_listing_files_to_reformat_refutes_it_said_clean() -> None:
    listed = run(bash("go vet ./... && gofmt -l .", "internal/invoiceapi/iter_test.go\n"))
    assert statuses("`go vet` and `gofmt` are both clean.", listed) == ["contradicted"]
    assert statuses("`gofmt` is clean.", run(bash("gofmt -l .", ""))) != ["contradicted"]
    # a file edited after the listing: what it lists now is not shown
    gofmt = bash("go vet ./... && gofmt -l .", "internal/invoiceapi/iter_test.go\n")
    edit = ("Edit", {"file_path": "internal/invoiceapi/iter_test.go"}, "ok", "ok")
    assert statuses("`gofmt` is clean.", run(gofmt, edit)) != ["contradicted"]
