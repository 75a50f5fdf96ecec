"""Rules from the twenty-ninth blind set's misses (tests/data/claims/blind29), one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

POOL_EDIT = ("apply_patch", {"input": "*** Begin Patch\n*** Update File: internal/pool/pool.go\n"},
             "Success. Updated the following files:\nM internal/pool/pool.go", "ok")  # fmt: skip


def test_a_path_said_the_exception_to_what_was_not_touched_is_not_denied() -> None:
    said = "I didn't touch anything outside `internal/pool`."
    assert statuses(said, run(POOL_EDIT)) != ["contradicted"]
    assert statuses("I didn't touch `internal/pool/pool.go`.", run(POOL_EDIT)) == ["contradicted"]


TWICE = bash(
    "python -m pytest tests/test_tasks_retry.py -q && python -m pytest -q 2>&1 | tail -1",
    "....\n4 passed in 0.2s\n148 passed, 3 skipped in 11.72s",
)


def test_a_call_running_tests_twice_refutes_no_count_of_its_first_run() -> None:
    assert statuses("After fixing that, all 4 pass.", run(TWICE)) != ["contradicted"]
    # a count said of its last run's command is held to the summary
    assert statuses("`python -m pytest -q`: 140 passed.", run(TWICE)) == ["contradicted"]


REGISTER = "await app.register(rateLimit, { max: 100, timeWindow: '1 minute' });"
APP_READ = ("read_file", {"path": "src/app.ts"}, REGISTER, "ok")
ROUTE_EDIT = ("edit_file", {"path": "src/routes/auth.ts",
                            "new": "config: { rateLimit: { max: 5, timeWindow: '1 minute' } }"},
              "ok", "ok")  # fmt: skip


def test_a_value_the_run_wrote_is_no_misreading_of_one_a_file_gives() -> None:
    said = "`POST /auth/login` now carries `config.rateLimit` with `max: 5` per minute."
    assert statuses(said, run(APP_READ, ROUTE_EDIT)) != ["contradicted"]
    assert statuses("The global limit is `max: 50`.", run(APP_READ)) == ["contradicted"]


JEST = bash(
    "npx jest", "FAIL src/format.test.ts\nTests:       1 failed, 11 passed, 12 total", "error"
)


def test_a_test_file_said_to_fail_is_no_command_said_run() -> None:
    said = "One spec in `format.test.ts` failed because the default message changed."
    assert statuses(said, run(JEST)) != ["contradicted"]
    assert statuses("I ran `format.test.ts` directly.", run(JEST)) == ["contradicted"]


LEDGER = ("file_edit", {"path": "ledger/2024.beancount", "old": "x", "new": "y"},
          "ledger/2024.beancount: 1 replacement, 4 lines removed", "ok")  # fmt: skip


def test_a_count_in_another_clause_than_the_file_is_not_its_rows() -> None:
    said = "Imported 36 transactions into `ledger/2024.beancount` — the statement has 37 lines."
    assert statuses(said, run(LEDGER)) != ["contradicted"]
    # in the file's own clause it is the file's
    counted = bash("wc -l out/a.csv", "14 lines out/a.csv")
    assert statuses("Wrote `out/a.csv` with 16 lines.", run(counted)) == ["contradicted"]


GO_VET = (
    "shell",
    {"command": "go vet ./..."},
    "# example.com/ingest/internal/feed\n# [example.com/ingest/internal/feed]\n"
    "internal/feed/fetch.go:54:7: the cancel function should be called, not discarded\n",
    "ok",  # a transcript keeping no status: the Go toolchain's report tells
)


def test_the_go_toolchains_report_of_a_packages_findings_is_a_failure() -> None:
    said = "`go vet ./...` came back with no findings."
    assert statuses(said, run(GO_VET)) == ["contradicted"]
    clean = ("shell", {"command": "go vet ./..."}, "", "ok")
    assert statuses(said, run(GO_VET, clean)) == ["verified"]
    # a markdown heading opening an output is no package's report
    readme = ("shell", {"command": "cat README.md"}, "# example.com/ingest\n\nA feed reader.", "ok")
    assert statuses("`cat README.md` ran cleanly.", run(readme)) != ["contradicted"]
