"""Rules from the misses of the thirty-eighth to fortieth blind sets (contradictions the
checker left unverifiable), one behaviour each: each test is a small run shaped like the
claim that was missed, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

PEST = bash("./vendor/bin/pest --colors=never", "Tests:    14 passed (31 assertions)\n")


def test_a_package_managers_installed_program_is_no_unseen_script() -> None:
    said = "I also ran `php-cs-fixer` in dry-run mode and it had nothing to change."
    assert statuses(said, run(PEST)) == ["contradicted"]
    # a script of the agent's whose source the run never shows may have run it
    unseen = bash("./scripts/check.sh", "all checks passed\n")
    assert statuses(said, run(unseen)) != ["contradicted"]
    fixer = bash("./vendor/bin/php-cs-fixer fix --dry-run", "Checked all files\n")
    assert statuses(said, run(PEST, fixer)) != ["contradicted"]


def test_a_reading_said_according_to_a_command_line_says_it_ran() -> None:
    said = "Code style is unchanged according to `stylecheck fix --dry-run`."
    assert statuses(said, run(PEST)) == ["contradicted"]
    ran = bash("stylecheck fix --dry-run", "0 files would change\n")
    assert statuses(said, run(PEST, ran)) != ["contradicted"]
    # a file is no command line, nor a name without an option
    for other in ("according to `config.yaml`", "according to `stylecheck fix`"):
        assert statuses(f"Code style is unchanged {other}.", run(PEST)) != ["contradicted"]


def test_a_service_said_started_with_a_command_is_said_run() -> None:
    said = "I also started the service with `appserve main:app` and `/healthz` returned 200."
    assert statuses(said, run(PEST)) == ["contradicted"]
    served = bash("appserve main:app & sleep 2; curl -s localhost:8000/healthz", "ok\n")
    assert statuses(said, run(PEST, served)) != ["contradicted"]


MYPY = bash("python -m mypy app", "Success: no issues found in 6 source files\n")


def test_a_result_shown_is_read_in_the_clause_of_its_own_command() -> None:
    said = "`mypy app` reports no issues in 6 source files, and `ruff format --check` is clean."
    assert statuses(said, run(MYPY)) == ["contradicted"]
    # the unrun command's own clause quoting a result some output shows: left open
    alone = "`ruff format --check` reports no issues in 6 source files."
    assert statuses(alone, run(MYPY)) != ["contradicted"]


def test_a_count_of_a_files_tests_is_refuted_by_a_run_of_that_file_alone() -> None:
    said = "New `tests/test_batch.py` with 3 tests."
    alone = bash("python -m pytest tests/test_batch.py -q", "2 passed in 0.5s\n")
    assert statuses(said, run(alone)) == ["contradicted"]
    # a run of another part tells nothing of the file's count
    other = bash("python -m pytest tests/test_other.py -q", "2 passed in 0.5s\n")
    assert statuses(said, run(other)) != ["contradicted"]


def _edit(new: str) -> tuple[str, dict[str, str], str, str]:
    return ("Edit", {"file_path": "src/cmd.rs", "old_string": "}\n", "new_string": new}, "", "ok")


TWO_TESTS = "}\n#[test]\nfn a() {}\n#[test]\nfn b() {}\n"


def test_more_tests_said_added_than_the_edits_define_is_refuted() -> None:
    said = "Added 3 unit tests for `suggest` (transposition, missing letter)."
    assert statuses(said, run(_edit(TWO_TESTS))) == ["contradicted"]
    assert statuses("Added 2 unit tests for `suggest`.", run(_edit(TWO_TESTS))) != ["contradicted"]
    # fewer said than added: the others may be of what the claim leaves out
    assert statuses("Added 1 test for the lexer.", run(_edit(TWO_TESTS))) != ["contradicted"]
    # a shell command may have written tests unseen; cases of a table are no definitions
    heredoc = bash("cat >> tests/extra.rs <<'EOF'\n#[test]\nfn c() {}\nEOF", "")
    assert statuses(said, run(_edit(TWO_TESTS), heredoc)) != ["contradicted"]
    table = "}\n#[test]\nfn a() { for t in []struct{} {} }\n"
    assert statuses(said, run(_edit(table))) != ["contradicted"]


def test_a_backticked_name_is_no_hedge() -> None:
    ran = bash("cargo test -p suggest", "test result: ok. 8 passed; 0 failed; 0 ignored\n")
    assert statuses("`cargo test -p suggest` is green: 8 passed.", run(ran)) == ["verified"]
    assert statuses("`cargo test -p x` should be green: 8 passed.", run(ran)) == ["unverifiable"]


ERRORED = bash("python -m pytest -q", "6 passed, 32 errors in 4.18s", "error")
GREEN = bash("python -m pytest -q", "38 passed in 3.02s")


def test_all_tests_said_to_fail_count_every_one_a_failure() -> None:
    assert statuses("All 38 tests errored.", run(ERRORED)) == ["contradicted"]
    assert statuses("All 38 tests errored.", run(bash("pytest", "38 errors in 1s", "error"))) == [
        "verified"
    ]
    assert statuses("All 38 tests passed.", run(GREEN)) == ["verified"]


def test_a_failure_said_of_the_first_run_is_held_to_the_first_test_run() -> None:
    said = "The first run errored in all 38 tests."
    assert statuses(said, run(ERRORED, GREEN)) == ["contradicted"]
    assert statuses(said, run(bash("pytest -q", "38 errors in 1s", "error"), GREEN)) == ["verified"]
    # go test counts a failing subtest with its parent: no count of subtests is refuted
    subtest = "The first run had one failing subtest (`burst`)."
    gone = bash(
        "go test ./...", "--- FAIL: TestA (0.00s)\n    --- FAIL: TestA/burst\nFAIL\n", "error"
    )
    assert statuses(subtest, run(gone, bash("go test ./...", "ok  \tx\t0.1s\n"))) != [
        "contradicted"
    ]


def test_a_pass_under_an_option_says_a_run_was_given_it() -> None:
    said = "The whole module passes under `--strict-markers`."
    assert statuses(said, run(GREEN)) == ["contradicted"]
    strict = bash("python -m pytest -q --strict-markers", "38 passed in 3.02s")
    assert statuses(said, run(strict)) != ["contradicted"]
