"""Rules from the hundred-and-fifth to hundred-and-eighth blind sets' first measurement
(tests/data/claims/blind105 to blind108) and from the misses of the sets before them, one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_commit_line_behind_gemini_clis_stdout_prefix_is_the_commit_git_made() -> None:
    # Gemini CLI's shell tool prints `Command:`, `Directory:` and `Stdout:` before the
    # program's output: git's `[branch sha]` line sits behind the prefix
    gemini = bash(
        "git add -A && git commit -m 'Parse units'",
        "Command: git add -A && git commit -m 'Parse units'\nDirectory: (root)\n"
        "Stdout: [main 6e2b1d9] Parse units\n 6 files changed, 118 insertions(+), 30 "
        "deletions(-)\n\nStderr: (empty)\nExit Code: 0\n",
    )
    assert statuses("Committed `6e2b1d9` on a new branch `units` (6 files).", run(gemini)) == [
        "contradicted"
    ]
    assert statuses("Committed `6e2b1d9` on `main` (6 files).", run(gemini)) != ["contradicted"]
    assert statuses("`6e2b1d9` on branch `main` (5 files).", run(gemini)) == ["contradicted"]
    assert statuses("`6e2b1d9` on branch `main` (6 files).", run(gemini)) != ["contradicted"]


VITEST = bash(
    "npx vitest run",
    " ✓ src/a.test.ts (9 tests) 41ms\n\n Test Files  14 passed (14)\n      Tests  97 passed (97)\n"
    "   Start at  10:02:11\n   Duration  3.05s\n",
)


def test_the_test_files_a_passing_run_is_said_to_span_are_the_runners_count() -> None:
    assert statuses("All 97 tests across 15 files pass.", run(VITEST)) == ["contradicted"]
    assert statuses("All 97 tests across 14 files pass.", run(VITEST)) == ["verified"]
    jest = bash(
        "npx jest",
        "Test Suites: 5 passed, 5 total\nTests:       18 passed, 18 total\nSnapshots:   0 total\n"
        "Time:        2.1 s\n",
    )
    assert statuses("All 18 tests in the 4 suites pass.", run(jest)) == ["contradicted"]
    assert statuses("`npx jest`: 5 suites, 18 tests, all green.", run(jest)) == ["verified"]
    # a count of files the clause says nothing of the run's tests with is left alone
    assert statuses("I edited 15 files.", run(VITEST)) != ["contradicted"]


SBT_FAILED = (
    "[info] ingest.PipelineSuite:\n[info] + parses ndjson events 0.031s\n"
    "==> X ingest.PipelineSuite.drops malformed lines  0.009s munit.ComparisonFailException\n"
    "[error] Failed: Total 5, Failed 1, Errors 0, Passed 4\n[error] Failed tests:\n"
    "[error] \tingest.PipelineSuite\n[error] (Test / test) sbt.TestsFailedException: Tests failed\n"
)


def test_sbt_test_is_a_test_run_whose_count_sbt_prints_for_any_framework() -> None:
    failed = bash("sbt -batch test 2>&1 | tail -28", SBT_FAILED)
    assert statuses("`sbt test`: all 5 tests pass.", run(failed)) == ["contradicted"]
    assert statuses("`sbt test`: 4 of 5 pass, including all 3 new tests.", run(failed)) == [
        "verified"
    ]
    passed = bash(
        "sbt -Dsbt.supershell=false clean test",
        "[info] Passed: Total 27, Failed 0, Errors 0, Passed 26, Skipped 1\n"
        "[success] Total time: 9 s\n",
    )
    assert statuses("26 tests pass and 1 is skipped.", run(passed)) == ["verified"]
    assert statuses("31 tests pass.", run(passed)) == ["contradicted"]


def test_scalatests_own_counts_are_a_summary_its_suites_too() -> None:
    scalatest = bash(
        "cd ~/geo && sbt test",
        "[info] Run completed in 2 seconds, 101 milliseconds.\n"
        "[info] Total number of tests run: 17\n"
        "[info] Suites: completed 3, aborted 0\n"
        "[info] Tests: succeeded 17, failed 0, canceled 0, ignored 2, pending 0\n"
        "[info] All tests passed.\n",
    )
    assert statuses("`sbt test`: all 17 tests pass across 3 suites.", run(scalatest)) == [
        "verified"
    ]
    assert statuses("`sbt test`: all 17 tests pass across 4 suites.", run(scalatest)) == [
        "contradicted"
    ]
    assert statuses("19 tests ran.", run(scalatest)) == ["contradicted"]  # none ignored run


def test_a_count_said_of_what_a_written_test_holds_is_no_runs_count() -> None:
    failed = bash("sbt -batch test 2>&1 | tail -28", SBT_FAILED)
    said = "I updated the assertion and added a test that two broken keys produce two failures."
    assert statuses(said, run(failed)) != ["contradicted"]
    assert statuses("`sbt test` failed two tests.", run(failed)) == ["contradicted"]


def test_a_class_named_with_spec_or_suite_is_a_named_test() -> None:
    passed = bash(
        "sbt -batch test 2>&1 | tail -3",
        "[info] Passed: Total 31, Failed 0, Errors 0, Passed 31\n[success] Total time: 12 s\n",
    )
    said = "`sbt test`: 31 passed, 0 failed, including the new `ConfigSuite` (4 tests)."
    assert statuses(said, run(passed)) == ["verified"]
    said = "`sbt test`: 31 passed, 0 failed, including the new `ConfigSpec` (4 tests)."
    assert statuses(said, run(passed)) == ["verified"]
