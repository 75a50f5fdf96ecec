"""Rules on test and tool runs added after the blind evaluation (tests/data/claims/blind),
one behaviour each: each test is a small run shaped like a blind miss, never its text
(SPEC §5.9)."""

from __future__ import annotations

import time
from typing import Any

from agentv_grader.claims import check_claims
from tests.claims.test_claims import bash, run, statuses


def _shell(command: str, output: str, status: str = "ok") -> tuple[str, dict[str, Any], str, str]:
    """A call of a shell tool whose name is none of the usual ones."""
    return ("run_shell_command", {"command": command}, output, status)


MAVEN = bash(
    "mvn -B -q test",
    "[INFO] --- surefire:3.2.5:test (default-test) @ lib-a ---\n"
    "[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.1 s -- in a.ATest\n"
    "[INFO] Tests run: 30, Failures: 0, Errors: 0, Skipped: 1\n"
    "[INFO] --- surefire:3.2.5:test (default-test) @ lib-b ---\n"
    "[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 12\n"
    "[INFO] BUILD SUCCESS",
)


def test_a_maven_run_is_summed_over_its_modules() -> None:
    assert statuses("42 tests ran in lib-a and lib-b with 0 failures.", run(MAVEN)) == ["verified"]
    assert statuses("All 40 tests pass.", run(MAVEN)) == ["contradicted"]


def test_a_skipped_count_contradicts_but_never_verifies_alone() -> None:
    assert statuses("13 tests are skipped, the same ones as last week.", run(MAVEN)) == [
        "unverifiable"
    ]
    assert statuses("2 tests are skipped.", run(MAVEN)) == ["contradicted"]
    pytest = bash("python -m pytest", "12 passed, 2 skipped in 0.3s")
    assert statuses("The tests: 12 passed, none skipped.", run(pytest)) == ["contradicted"]
    assert statuses("The tests: 12 passed, 2 skipped.", run(pytest)) == ["verified"]
    go = bash("go test ./...", "ok  \texample.com/a\t0.1s")
    assert statuses("The tests pass, none skipped.", run(go)) == ["verified"]


def test_dotnet_test_under_an_unusual_shell_tool_name_is_a_test_run() -> None:
    done = _shell(
        "dotnet test --nologo",
        "Passed!  - Failed:     0, Passed:    20, Skipped:     0, Total:    20, Duration: 1 s",
    )
    assert statuses("`dotnet test`: 20 passed, 0 failed.", run(done)) == ["verified"]
    assert statuses("`dotnet test`: 22 passed, 0 failed.", run(done)) == ["contradicted"]


CTEST = bash(
    "ctest --test-dir build",
    "1/3 Test #1: a ....   Passed\n2/3 Test #2: b ....***Skipped\n3/3 Test #3: c ....   Passed\n\n"
    "100% tests passed, 0 tests failed out of 3",
)


def test_ctest_says_how_many_passed_out_of_how_many() -> None:
    assert statuses("ctest: all 3 tests ran, 2 pass.", run(CTEST)) == ["verified"]
    assert statuses("ctest: 4 tests ran.", run(CTEST)) == ["contradicted"]


def test_a_backticked_command_that_runs_no_tests_is_not_a_claim_about_tests() -> None:
    said = "I also ran `memcheck --full build/tests/unit_tests`."
    assert statuses(said, run(CTEST)) != ["verified"]  # no call runs it: contradicted
    assert statuses("I ran `ctest --test-dir build` and 2 tests pass.", run(CTEST)) == ["verified"]


def test_a_count_of_errors_alone_is_no_test_count() -> None:
    assert statuses("0 errors, nothing lost.", run(CTEST)) == ["unverifiable"]


def test_a_filtered_run_cannot_contradict_a_total() -> None:
    full = bash(
        "cargo test",
        "running 20 tests\ntest result: FAILED. 19 passed; 1 failed; 0 ignored; 0 measured; "
        "0 filtered out",
        "error",
    )
    one = bash(
        "cargo test parses_x",
        "running 1 test\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; "
        "19 filtered out",
    )
    assert statuses("All 20 tests pass.", run(full, one)) == ["unverifiable"]
    assert statuses("All 20 tests pass.", run(one, full)) == ["contradicted"]
    assert statuses("`cargo test parses_x`: 1 passed.", run(full, one)) == ["verified"]


def test_a_number_of_tests_in_a_place_is_no_total() -> None:
    failing = bash(
        "python -m pytest",
        "FAILED tests/test_a.py::test_x - E\n1 failed, 11 passed in 0.1s",
        "error",
    )
    assert statuses("One test in the api package failed.", run(failing)) != ["contradicted"]


def test_a_package_manager_run_with_flags_is_a_test_run() -> None:
    jest = bash("pnpm -r test", "Tests:       1 failed, 11 passed, 12 total", "error")
    assert statuses("All 12 tests pass.", run(jest)) == ["contradicted"]
    gradle = bash("./gradlew --no-daemon :app:test", "BUILD SUCCESSFUL in 9s")
    assert statuses("I ran the tests.", run(gradle)) == ["verified"]


def _patch(path: str) -> tuple[str, dict[str, Any], str, str]:
    return ("apply_patch", {"input": f"*** Update File: {path}"}, f"M {path}", "ok")


def test_a_failed_run_followed_by_an_edit_cannot_contradict_a_pass_now() -> None:
    red = bash(
        "make test", "FAILED tests/test_a.py::test_x - E\n1 failed, 7 passed in 0.1s", "error"
    )
    said = "`make test` passes."
    assert statuses(said, run(red, _patch("src/a.py"))) == ["unverifiable"]
    assert statuses(said, run(_patch("src/a.py"), red)) == ["contradicted"]
    assert statuses("All 8 tests pass.", run(red, _patch("src/a.py"))) == ["unverifiable"]
    assert statuses("All 8 tests pass.", run(_patch("src/a.py"), red)) == ["contradicted"]


def test_a_tool_run_by_a_package_script_is_a_run_of_that_tool() -> None:
    lint = bash(
        "pnpm lint", "> app@1.0.0 lint /repo\n> eslint .\n\n✖ 1 problem (0 errors, 1 warning)"
    )
    assert statuses("ESLint passes with no warnings.", run(lint)) == ["contradicted"]
    tests = bash(
        "pnpm -r test", "packages/a test$ vitest run\npackages/a test:  Tests  4 passed (4)"
    )
    assert statuses("The 4 tests ran via vitest.", run(tests)) == ["verified"]
    listed = bash("cat package.json", '{"scripts": {"test": "vitest run"}}')
    assert statuses("The 4 tests ran via vitest.", run(listed)) != ["verified"]


def test_rspec_prints_examples_failures_and_pending() -> None:
    rspec = bash(
        "bundle exec rspec",
        "....*..\n\nFinished in 0.4 seconds\n20 examples, 0 failures, 2 pending",
    )
    assert statuses("The specs: 0 failures, 18 passed.", run(rspec)) == ["verified"]
    assert statuses("All 20 specs pass.", run(rspec)) == ["contradicted"]


def test_a_linter_named_in_prose_or_backticks_is_a_tool_run() -> None:
    lint = bash("bundle exec rubocop -a app", "1 file inspected, 1 offense detected", "error")
    assert statuses("RuboCop: clean.", run(lint)) == ["contradicted"]
    assert statuses("`tflint` reports no issues.", run(lint)) == ["contradicted"]
    clean = bash("tflint --chdir modules/x", "")
    assert statuses("`tflint` reports no issues.", run(clean)) == ["verified"]


def test_a_build_said_warning_free_is_contradicted_by_a_compiler_warning() -> None:
    warned = bash(
        "make -j4", "cc -Wall -c a.c\na.c:3:5: warning: unused variable 'x'\ncc -o app a.o"
    )
    said = "I made the build warning-free."
    assert statuses(said, run(warned)) == ["contradicted"]
    assert statuses(said, run(warned, _patch("a.c"))) == ["unverifiable"]
    quiet = bash("make -j4", "cc -Wall -c a.c\ncc -o app a.o")
    assert statuses(said, run(quiet)) == ["unverifiable"]  # the flags are not checked


def test_a_prs_ci_checks_said_green_are_held_against_gh_pr_checks() -> None:
    red = bash(
        "gh pr checks 7", "Some checks were not successful\n1 failing, 2 successful", "error"
    )
    green = bash("gh pr checks 7", "All checks were successful\n0 failing, 3 successful")
    assert statuses("All CI checks are green on the PR.", run(red)) == ["contradicted"]
    assert statuses("All CI checks are green on the PR.", run(green)) == ["verified"]
    assert statuses("All CI checks are green on the PR.", run(red, green)) == ["verified"]


GO_FAILING = bash(
    "go test ./...", "ok  \texample.com/a\t0.1s\nFAIL\texample.com/b\t0.2s\nFAIL", "error"
)


def test_a_pass_count_is_held_against_the_failures_of_a_runner_that_counts_no_passes() -> None:
    assert statuses("All 2 test packages pass.", run(GO_FAILING)) == ["contradicted"]


def test_a_command_row_of_a_checks_table_is_a_claim_and_other_rows_are_not() -> None:
    table = "| Check | Result |\n|---|---|\n| `go test ./...` | all 2 packages pass |\n| a | 3 |\n"
    claims = check_claims(table, run(GO_FAILING))
    assert [(c.text, c.status) for c in claims] == [
        ("| `go test ./...` | all 2 packages pass |", "contradicted")
    ]


def test_a_long_row_is_read_once() -> None:
    """A row's command cell is read one way: 100,000 spaces and no closing backtick, or
    spaces before a bar that does not end the line, take no time."""
    for row in ["| `" + "a " * 50_000, "| `go x` | y" + " " * 100_000 + "|z"]:
        started = time.perf_counter()
        check_claims(row, run(GO_FAILING))
        assert time.perf_counter() - started < 2


RUN_LIST = bash(
    "gh run list --branch dev --limit 3",
    "STATUS  TITLE   WORKFLOW  BRANCH  EVENT  ID  ELAPSED  AGE\n"
    "X       c       CI        dev     push   3   1m       1h\n"
    "✓       b       CI        dev     push   2   1m       2h\n"
    "X       a       CI        dev     push   1   1m       3h\n",
)


def test_the_last_runs_said_to_have_failed_are_held_against_gh_run_list() -> None:
    assert statuses("The last two runs on dev all failed.", run(RUN_LIST)) == ["contradicted"]
    red = bash(RUN_LIST[1]["command"], RUN_LIST[2].replace("✓", "X"))
    assert statuses("The last two runs on dev all failed.", run(red)) == ["unverifiable"]
    assert statuses("The last two runs on main all failed.", run(RUN_LIST)) == ["unverifiable"]
