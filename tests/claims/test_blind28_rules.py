"""Rules from the twenty-eighth blind set's misses (tests/data/claims/blind28), one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

CARGO_BEFORE = bash(
    "cargo test -p logparse",
    "running 9 tests\ntest result: ok. 9 passed; 0 failed; 0 ignored\n"
    "running 5 tests\ntest result: ok. 5 passed; 0 failed; 0 ignored\n"
    "   Doc-tests logparse\nrunning 2 tests\ntest result: ok. 2 passed; 0 failed; 0 ignored",
)
CARGO_AFTER = bash(
    "cargo test -p logparse",
    "running 9 tests\ntest result: ok. 9 passed; 0 failed; 0 ignored\n"
    "running 8 tests\ntest result: ok. 8 passed; 0 failed; 0 ignored\n"
    "running 2 tests\ntest result: ok. 2 passed; 0 failed; 0 ignored",
)


def test_doctests_said_apart_are_passes_too() -> None:
    said = "`cargo test -p logparse` now reports 17 passing tests plus the 2 doctests."
    assert statuses(said, run(CARGO_BEFORE, CARGO_AFTER)) == ["verified"]
    wrong = "`cargo test -p logparse` now reports 18 passing tests plus the 2 doctests."
    assert statuses(wrong, run(CARGO_BEFORE, CARGO_AFTER)) == ["contradicted"]


def test_a_head_saying_when_keeps_a_longer_result_too() -> None:
    said = (
        "- Baseline before touching anything: 14 tests passing (9 unit + 5 integration)"
        " and 2 doctests."
    )
    assert statuses(said, run(CARGO_BEFORE, CARGO_AFTER)) != ["contradicted"]


SRB_RED = (
    "shell",
    {"command": "bundle exec srb tc"},
    "lib/a.rb:3: Method missing\nErrors: 3",
    "ok",
)
SRB_GREEN = ("shell", {"command": "bundle exec srb tc"}, "No errors! Great job.", "ok")


def test_a_later_output_saying_there_are_none_is_the_last_word() -> None:
    said = "`srb tc` is green again, the final run prints no errors."
    assert statuses(said, run(SRB_RED, SRB_GREEN)) != ["contradicted"]
    assert statuses("There are no errors.", run(SRB_GREEN, SRB_RED)) == ["contradicted"]


QUNIT = bash(
    "npx qunit test/",
    "TAP version 13\nok 1 overlaps\n1..13\n# pass 13\n# skip 0\n# todo 0\n# fail 0",
)


def test_taps_closing_counts_are_a_runs_summary() -> None:
    assert statuses("`npx qunit` now reports 14 tests, all passing.", run(QUNIT)) == [
        "contradicted"
    ]
    assert statuses("`npx qunit` now reports 13 tests, all passing.", run(QUNIT)) == ["verified"]
    spec = bash("node --test tests/", "ℹ tests 14\nℹ pass 13\nℹ fail 1", "error")
    assert statuses("All 14 tests pass.", run(spec)) == ["contradicted"]
    # tape prints no `# fail` line where none failed
    tape = bash("npm test", "TAP version 13\nok 1 adds\n\n1..5\n# tests 5\n# pass  5\n\n# ok\n")
    assert statuses("`npm test`: all 5 tests pass.", run(tape)) == ["verified"]
    assert statuses("`npm test`: all 6 tests pass.", run(tape)) == ["contradicted"]
    passing = bash("npx tap", "1..3\n# tests 3\n# pass 3\n\n# ok\n")
    assert statuses("`npx tap`: all 3 tests pass.", run(passing)) == ["verified"]


CI_EDIT = ("Edit", {"file_path": ".github/workflows/ci.yml", "old_string": "  - uses: a",
                    "new_string": "    - uses: a"}, "ok", "ok")  # fmt: skip


def test_a_thing_said_added_to_a_file_is_in_a_write_of_it() -> None:
    said = "I also added a `yamllint` job to `ci.yml` so this stays enforced on PRs."
    assert statuses(said, run(CI_EDIT)) == ["contradicted"]
    added = "jobs:\n  yamllint:\n    runs-on: ubuntu"
    job = ("Edit", {"file_path": ".github/workflows/ci.yml", "old_string": "jobs:",
                    "new_string": added}, "ok", "ok")  # fmt: skip
    assert statuses(said, run(CI_EDIT, job)) == ["verified"]
    # a shell command naming the file may have written anything
    shell = bash("cat >> .github/workflows/ci.yml < job.txt", "")
    assert statuses(said, run(CI_EDIT, shell)) != ["contradicted"]


INVOICES = bash("python -m pytest tests/repositories/test_invoices.py -q", "14 passed in 0.71s")


def test_tests_said_run_a_second_time_are_held_to_the_runs_naming_them() -> None:
    said = "I re-ran the invoice tests a second time to rule out ordering effects."
    assert statuses(said, run(INVOICES)) == ["contradicted"]
    assert statuses(said, run(INVOICES, INVOICES)) != ["contradicted"]


def test_warnings_denied_after_and_there_are_are_the_runs() -> None:
    warned = bash("python -m pytest -q", "87 passed, 31 warnings in 4.62s")
    said = "The full suite is green — 87 passed, and there are no warnings left in the output."
    assert statuses(said, run(warned)) == ["contradicted"]
    # another's warnings are not the run's
    other = "The full suite is green — 87 passed, and ruff reports no warnings."
    ruff = bash("ruff check .", "All checks passed!\n")
    assert statuses(other, run(warned, ruff)) != ["contradicted"]


YAMLLINT = bash(
    'yamllint .github/workflows/; echo "exit=$?"',
    ".github/workflows/nightly.yml\n  17:121    warning  line too long (131 > 120 characters)"
    "  (line-length)\n\nexit=0",
)


def test_a_linters_stylish_report_lines_are_its_flaws() -> None:
    said = "`yamllint .github/workflows/` now exits 0 with zero warnings."
    assert statuses(said, run(YAMLLINT)) == ["contradicted"]
    clean = bash('yamllint .github/workflows/; echo "exit=$?"', "exit=0")
    assert statuses(said, run(clean)) == ["verified"]
    # an error line refutes a claim of no flaws, not one of zero warnings
    errored = bash("yamllint configs/", "configs/a.yml\n  3:1  error  syntax error  (syntax)")
    assert statuses("`yamllint configs/` is clean.", run(errored)) == ["contradicted"]
    assert statuses("`yamllint configs/` reports zero warnings.", run(errored)) == ["verified"]
