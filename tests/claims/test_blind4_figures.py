"""Figures found where the output says something else, after the fourth blind set
(tests/data/claims/blind4), one rule each: each test is a small run shaped like a figure
found at the wrong place, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

MIX_RED = bash(
    "mix test",
    "  1) test parses dates (Clock.DateTest)\n     test/clock/date_test.exs:12\n\n"
    "  2) test parses times (Clock.DateTest)\n     test/clock/date_test.exs:20\n\n"
    "Finished in 0.3 seconds\n9 tests, 1 failure",
    "error",
)


def test_a_lists_number_is_no_count() -> None:
    said = "I fixed 2 date tests in `Clock.DateTest`."
    assert statuses(said, run(MIX_RED)) == ["unverifiable"]
    listed = bash("mix test", "Finished in 0.3 seconds\n2 date tests, 0 failures")
    assert statuses(said, run(listed)) == ["verified"]


# a script no runner pattern knows: the figure is found by the value rules, not the runs'
UNITTEST_SKIPS = bash(
    "python runtests.py", "Ran 6 tests in 0.2s\n\nOK (skipped=3)\nRemoving the test media root"
)


def test_a_fields_value_is_a_figure_of_its_key() -> None:
    assert statuses("I added 3 tests for the export view.", run(UNITTEST_SKIPS)) == ["unverifiable"]
    assert statuses("3 tests were skipped.", run(UNITTEST_SKIPS)) == ["verified"]


MYPY_RED = bash("mypy src", "Found 4 errors in 2 files (checked 9 source files)", "error")
MYPY_GREEN = bash("mypy src", "Success: no issues found in 9 source files")
PYTEST_GREEN = bash("pytest -q", "....\n4 passed in 0.1s")


def test_a_count_of_all_is_shown_only_by_a_line_saying_what_all_did() -> None:
    said = "All 4 type errors are fixed."
    assert statuses(said, run(MYPY_RED, MYPY_GREEN)) == ["unverifiable"]
    assert statuses("All 4 tests passed.", run(PYTEST_GREEN)) == ["verified"]


MIX_TWO_RED = bash("mix test", "Finished in 0.3 seconds\n10 tests, 2 failures", "error")


def test_the_count_of_members_said_to_be_something_is_no_evidence() -> None:
    said = "The 2 failing tests were both in `parser_test.exs`."
    assert statuses(said, run(MIX_TWO_RED)) == ["unverifiable"]
    assert statuses("2 tests failed.", run(MIX_TWO_RED)) == ["verified"]


def test_a_figure_said_of_what_the_agent_wrote_is_not_in_what_it_read() -> None:
    read = ("mail_read", {"id": "m1"}, "Subject: Lunch on 14 or 21 March?\n\nWhich day?", "ok")
    draft = ("mail_draft_reply", {"id": "m1", "body": "21 March suits me."}, "quota", "error")
    said = "Drafted a reply saying 21 March suits you."
    assert statuses(said, run(read, draft)) == ["unverifiable"]


PLAYWRIGHT = bash("npx playwright test", "Running 12 tests using 3 workers\n  12 passed (20s)")


def test_a_figure_of_what_happens_sometimes_is_no_evidence() -> None:
    said = "The login page sometimes loads slowly under 3 workers."
    assert statuses(said, run(PLAYWRIGHT)) == ["unverifiable"]
    assert statuses("The suite ran under 3 workers.", run(PLAYWRIGHT)) == ["verified"]


BATS_RED = bash(
    "bats tests/sync.bats", "ok 1 copies\nnot ok 2 quotes paths\n\n4 tests, 1 failure", "error"
)
BATS_GREEN = bash("bats tests/sync.bats", "ok 1 copies\nok 2 quotes paths\n\n4 tests, 0 failures")
PYTEST_FOUR = bash("pytest -q tests/test_sync.py", "....\n4 passed in 0.1s")


def test_a_count_of_all_said_passed_the_first_time_is_held_against_its_first_run() -> None:
    said = "All 4 sync tests passed first time."
    assert statuses(said, run(BATS_RED, BATS_GREEN)) == ["contradicted"]
    assert statuses(said, run(BATS_GREEN)) == ["unverifiable"]  # no line says they passed
    assert statuses(said, run(PYTEST_FOUR)) == ["verified"]
    assert statuses("All 4 sync tests passed.", run(BATS_RED, BATS_GREEN)) == ["unverifiable"]


COMMITTED = bash("git commit -am 'fix: retry'", "[main 7b3f01c] fix: retry\n 2 files changed")


def test_a_commit_hash_none_of_the_runs_commits_is_contradicted() -> None:
    assert statuses("Committed as `7b3f01d`.", run(COMMITTED)) == ["contradicted"]
    assert statuses("Committed as `7b3f01c`.", run(COMMITTED)) == ["verified"]
    assert statuses("Commit: `7b3f01d` (2 files changed).", run(COMMITTED)) == ["contradicted"]
    listed = bash("git log --oneline -1", "7b3f01d fix: retry")  # amended: the log shows it
    assert statuses("Committed as `7b3f01d`.", run(COMMITTED, listed)) != ["contradicted"]
