"""Rules from the thirty-seventh blind set's misses (tests/data/claims/blind37), one
small run of each shape."""

from __future__ import annotations

from agentv_grader.claims import check_claims
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
    # a summary of its own (`Found 4 errors in 3 files.`) is what the count is held to
    summed = run(bash(TSC, LISTED + "Found 4 errors in 3 files.\n"))
    assert statuses("Turning it on produced 5 errors across 3 files.", summed) == ["contradicted"]
    assert statuses("Turning it on produced 4 errors across 3 files.", summed) != ["contradicted"]
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


MAKE_TEST = bash("make test 2>&1", "cc -c src/cfg.c -o build/cfg.o\n23 of 23 checks passed\n")
CFG_EDIT = ("replace_in_file", {"path": "src/cfg.c", "old": "atoi(s)", "new": "strtol(s)"},
            "ok: 1 replacement in src/cfg.c", "ok")  # fmt: skip


def test_a_prose_document_no_call_writes_is_not_written_by_a_test_target() -> None:
    ran = run(CFG_EDIT, MAKE_TEST)
    said = "I also updated `docs/config.md` to state the accepted port range."
    assert statuses(said, ran) == ["contradicted"]
    assert statuses("I also refreshed the API example in `README.md`.", ran) == ["contradicted"]
    # a target that may generate documents, or a source file a build may generate: open
    docs = run(CFG_EDIT, bash("make docs", "sphinx-build -b html docs build/html\n"))
    assert statuses(said, docs) != ["contradicted"]
    assert statuses("I also updated `src/parser.c`.", ran) != ["contradicted"]


def test_a_program_named_in_prose_as_two_words_is_the_writer_it_names() -> None:
    extractor = bash(
        "npx api-extractor run --local",
        "api-extractor 7.43.1\nWarning: You have changed the public API signature\n"
        "API Extractor completed successfully\n",
    )
    said = "API Extractor finished and refreshed `etc/http-kit.api.md` with the new member."
    assert statuses(said, run(extractor)) != ["contradicted"]
    # no such program ran: the file no call writes is not written
    other = run(bash("npx tsd", "tsd: ok\n"))
    assert statuses(said, other) == ["contradicted"]


TWO_RUNS = "python -m pytest tests/test_delete.py -q && python -m pytest -q"
TWO_OUTPUTS = (
    "..  [100%]\n2 passed in 1.64s\n" + "." * 18 + "  [100%]\n18 passed, 1 warning in 3.41s\n"
)


def test_of_two_pytest_runs_in_one_call_the_last_is_the_whole_suite_it_summarises() -> None:
    ran = run(bash(TWO_RUNS, TWO_OUTPUTS))
    assert statuses("The full suite is green.", ran) == ["verified"]
    assert statuses("The whole suite is green too — 21 tests passed.", ran) == ["contradicted"]
    assert statuses("The whole suite is green too — 18 tests passed.", ran) == ["verified"]
    # a count said of no suite may be the first run's
    assert statuses("2 passed.", ran) != ["contradicted"]
    # the summaries cargo prints are summed, not the last read: the scope stays open
    cargo = run(bash("cargo test -p wire && cargo test", "test result: ok. 3 passed; 0 failed; "
                     "0 ignored\ntest result: ok. 9 passed; 0 failed; 0 ignored\n"))  # fmt: skip
    assert statuses("The full suite is green: 9 passed.", cargo) != ["contradicted"]


def test_a_count_after_a_colon_is_of_the_run_named_before_it() -> None:
    said = "The full suite is green: 18 passed, no warnings."
    claims = check_claims(said, run(bash(TWO_RUNS, TWO_OUTPUTS)), "")
    assert [(c.text, c.status) for c in claims] == [(said, "contradicted")]
    # a colon after a head that names no run still cuts
    assert len(check_claims("I changed three files here: added two tests.", run(), "")) == 2


def test_they_passed_on_the_first_run_is_said_of_the_first_run_after_writing() -> None:
    write = ("Write", {"file_path": "tests/test_consumer.py", "content": "def test_a(): ..."},
             "File created", "ok")  # fmt: skip
    broken = bash("python -m pytest tests/test_consumer.py -q",
                  "ERROR collecting tests/test_consumer.py\n1 error in 0.31s\n",
                  "error")  # fmt: skip
    fixed = bash("python -m pytest tests/test_consumer.py -q", "3 passed in 1.12s\n")
    said = "They passed on the first run, and the whole suite is green at 41 tests."
    assert statuses("They passed on the first run.", run(write, broken, fixed)) == ["contradicted"]
    assert statuses(said, run(write, broken, fixed)) == ["contradicted"]
    assert statuses("They passed on the first run.", run(write, fixed)) == ["verified"]
    # a pronoun passing something else, or no first time said: not a test run's
    assert statuses("They passed validation.", run(write, broken, fixed)) != ["contradicted"]
