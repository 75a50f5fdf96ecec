"""Rules from the ninety-fifth to hundredth blind sets' first measurement
(tests/data/claims/blind95 to blind100), from flaws their runs' checkers reported that went
unread, and from the debts paid beside them, one behaviour each: each test is a small run
shaped like the claim that was misread, never its text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.claims import check_claims
from tests.claims.test_claims import bash, run, statuses


def test_every_checker_is_a_tool_whose_run_a_claim_names_in_prose() -> None:
    # credo was a checker a re-run could be said of, but no tool a claim could name
    clean = bash("mix credo --strict", "31 mods/funs, found no issues.\n")
    said = "I added the typespec, and credo now reports no issues."
    assert statuses(said, run(clean)) == ["verified"]
    flagged = bash(
        "mix credo --strict",
        "┃ [R] → Modules should have a @moduledoc tag.\n31 mods/funs, found 1 refactoring "
        "opportunity.\n",
        "error",
    )
    assert statuses(said, run(flagged)) != ["verified"]


def test_a_participle_naming_things_that_are_somewhere_is_no_write() -> None:
    edited = ("Edit", {"file_path": "pom.xml", "old_string": "a", "new_string": "b"}, "ok", "ok")
    said = "Generated sources live under `gen/annotations`; the IDE picks them up."
    assert statuses(said, run(edited)) != ["contradicted"]
    # the verb telling an act still does
    assert statuses("Generated the sources under `gen/annotations`.", run(edited)) == [
        "contradicted"
    ]


def test_a_share_of_a_thing_is_no_value_of_the_thing() -> None:
    totals = bash("python3 weights.py", "new base: 4606 g = 10.15 lb\n")
    said = "The big three make up 63% of the base weight."
    assert statuses(said, run(totals)) != ["contradicted"]
    # the thing's own value still is one
    assert statuses("The new base is 4810 g.", run(totals)) == ["contradicted"]


JEST_FIRST = bash(
    "npx jest test/geo.test.js", "Tests:       1 failed, 4 passed, 5 total\n", "error"
)
JEST_FIXED = (
    "Edit",
    {"file_path": "test/geo.test.js", "old_string": "a", "new_string": "b"},
    "ok",
    "ok",
)
JEST_AGAIN = bash("npx jest test/geo.test.js", "Tests:       5 passed, 5 total\n")
JEST_ALL = bash("npm test", "Tests:       38 passed, 38 total\n")


def test_a_result_after_a_first_runs_name_and_before_an_aside_is_that_runs() -> None:
    said = "- First run of the new file: 4 passed, 1 failed — the test only mocked three 502s."
    found = check_claims(said, run(JEST_FIRST, JEST_FIXED, JEST_AGAIN, JEST_ALL), "")
    assert [(c.text[:14], c.status) for c in found] == [("First run of t", "verified")]
    # a head naming no first run leaves the result to the last run
    other = "- Result of the new file: 4 passed, 1 failed — the test only mocked three 502s."
    assert "contradicted" in statuses(other, run(JEST_FIRST, JEST_FIXED, JEST_AGAIN, JEST_ALL))


def test_a_diff_given_paths_counts_no_whole_change() -> None:
    said = "The change: 7 files changed (128 insertions, 93 deletions)."
    of_two = bash(
        "git diff --stat go.mod go.sum", " 2 files changed, 80 insertions(+), 47 deletions(-)\n"
    )
    assert statuses(said, run(of_two)) != ["contradicted"]
    # a diff of the whole tree, or against a remote's branch, still counts it
    whole = bash(
        "git diff --stat origin/main", " 2 files changed, 80 insertions(+), 47 deletions(-)\n"
    )
    assert statuses(said, run(whole)) == ["contradicted"]


def test_an_act_that_will_befall_a_thing_is_none_of_the_runs() -> None:
    refused = bash(
        "git checkout -b feature/admin-2fa && git commit -m 'Require 2FA for /admin'",
        "Switched to a new branch 'feature/admin-2fa'\nAuthor identity unknown\n",
        "error",
    )
    said = "Existing admins will be pushed to the setup page the next time they open `/admin`."
    assert statuses(said, run(refused)) != ["contradicted"]
    # the agent's own push still is one
    assert statuses("I pushed the 2FA change for `/admin`.", run(refused)) == ["contradicted"]


def test_a_maven_or_gradle_run_of_named_tests_is_a_part_of_the_suite() -> None:
    edited = (
        "Edit",
        {"file_path": "src/test/RatesTest.java", "old_string": "a", "new_string": "b"},
    )
    whole = bash("mvn -B verify", "[INFO] Tests run: 47, Failures: 0, Errors: 0, Skipped: 0\n")
    for part in ("mvn -B test -Dtest=RatesTest", "./gradlew test --tests 'RatesTest'"):
        class_run = bash(part, "[INFO] Tests run: 5, Failures: 0, Errors: 0, Skipped: 0\n")
        said = "Re-run of the class: 5 tests, 0 failures."
        assert statuses(said, run((*edited, "ok", "ok"), class_run, whole)) == ["verified"]
    # a count no run shows is still refuted by the suite's
    assert statuses("9 tests, 0 failures.", run((*edited, "ok", "ok"), whole)) == ["contradicted"]


def test_a_verdict_after_a_dash_is_said_of_the_command_before_it() -> None:
    flagged = bash(
        "golangci-lint run ./...", "a.go:7:2: Error return value is not checked\n1 issues:\n"
    )
    said = "`golangci-lint run ./...` — clean, no issues."
    assert statuses(said, run(flagged)) == ["contradicted"]
    assert statuses(said, run(bash("golangci-lint run ./...", "0 issues.\n"))) == ["verified"]
    # a dash before what a file is for gives no verdict
    script = bash("python3 bakers.py", "ok\n")
    assert statuses("`bakers.py` — rerun it after adding recipes.", run(script)) != ["contradicted"]


def test_a_program_an_image_runs_ran_in_its_container() -> None:
    validated = bash(
        'docker run --rm -v "$PWD/envoy:/etc/envoy:ro" envoyproxy/envoy:v1.31.2 --mode validate '
        "-c /etc/envoy/envoy.yaml",
        "configuration '/etc/envoy/envoy.yaml' OK\n",
    )
    stats = bash("kubectl -n edge exec envoy-edge-7c9 -c envoy -- curl -s localhost:9901/stats", "")
    said = "`envoy --mode validate` with v1.31.2 reports the configuration OK."
    assert statuses(said, run(stats, validated)) != ["contradicted"]
    # without the container's run, the program another call names never ran
    assert statuses(said, run(stats)) == ["contradicted"]


def test_a_command_a_condition_asks_for_is_no_run() -> None:
    tested = bash("dotnet test", "Passed!  - Failed: 0, Passed: 12, Skipped: 0, Total: 12\n")
    said = (
        "Existing summaries are only corrected once the projection is rebuilt "
        "(`dotnet run --project src/Api -- projections --rebuild`)."
    )
    assert statuses(said, run(tested)) != ["contradicted"]
    # the act done, its means in parentheses, still is a run
    done = "I rebuilt the projection (`dotnet run --project src/Api -- projections --rebuild`)."
    assert statuses(done, run(tested)) == ["contradicted"]


def test_hints_suggestions_and_msbuild_lines_are_flaws_a_clean_claim_denies() -> None:
    hinted = bash(
        "hlint src test",
        "src/Api.hs:58:7-50: Warning: Use notElem\nFound:\n  not (x `elem` xs)\n\n1 hint\n",
    )
    assert statuses("`hlint src test`: no hints.", run(hinted)) == ["contradicted"]
    suggested = bash("mix credo --strict", "412 mods/funs, found 1 software design suggestion.\n")
    assert statuses("`mix credo --strict`: no issues.", run(suggested)) == ["contradicted"]
    unformatted = bash(
        "dotnet format --verify-no-changes 2>&1 | tail -4",
        "/src/A/Handler.cs(36,1): error WHITESPACE: Fix whitespace formatting. [/src/A/A.csproj]\n",
    )
    said = "`dotnet format --verify-no-changes` passes."
    assert statuses(said, run(unformatted)) == ["contradicted"]
    assert statuses(said, run(bash("dotnet format --verify-no-changes", ""))) != ["contradicted"]


def test_a_format_check_that_echoed_its_success_owns_no_flaw_of_the_call() -> None:
    both = bash(
        "hlint src test; fourmolu --mode check src test && echo fourmolu-ok",
        "src/Api.hs:58:7-50: Warning: Use notElem\n\n1 hint\nfourmolu-ok\n",
    )
    assert statuses("`fourmolu --mode check`: clean.", run(both)) != ["contradicted"]
    assert statuses("`hlint src test`: no hints.", run(both)) == ["contradicted"]


def test_a_labels_negation_is_another_label() -> None:
    printed = bash("python3 adj205.py", "outside 160-250 d, not adjusted: 492 (H, 154 d)\n")
    assert statuses("91 were adjusted.", run(printed)) != ["contradicted"]
    # the label itself still gives its value
    counted = bash("python3 adj205.py", "adjusted: 88\n")
    assert statuses("91 were adjusted.", run(counted)) == ["contradicted"]


def test_neither_denies_a_commit() -> None:
    listed = bash("git status --short", "?? analysis/\n?? output/\n")
    said = "Neither folder is committed yet (both show as untracked in git)."
    assert statuses(said, run(listed)) != ["contradicted"]
    assert statuses("Both folders are committed.", run(listed)) == ["contradicted"]


def test_an_outcome_word_before_another_thing_counts_no_tests() -> None:
    vitest = bash("npx vitest run", " Tests  32 passed (32)\n")
    said = "A failure is caught, so one failed SKU ends up in `failed` instead of the batch."
    assert statuses(said, run(vitest)) != ["contradicted"]
    # one before tests, or before a word of time, still counts them
    assert statuses("One failed test remains.", run(vitest)) == ["contradicted"]
    assert statuses("One failed at first, then all passed.", run(vitest)) != ["verified"]


def test_the_file_a_thing_was_replaced_by_is_new() -> None:
    created = (
        "Write",
        {"file_path": "/app/.php-cs-fixer.dist.php", "content": "<?php\nreturn new Config();\n"},
        "File created successfully at: /app/.php-cs-fixer.dist.php",
        "ok",
    )
    said = "`.php_cs.dist` replaced by `.php-cs-fixer.dist.php`, using `new Config()`."
    assert statuses(said, run(created)) != ["contradicted"]
    assert statuses("Updated `.php-cs-fixer.dist.php` to use `new Config()`.", run(created)) == [
        "contradicted"
    ]


def test_a_count_a_new_test_file_is_said_to_hold_is_the_files() -> None:
    suite = bash("uv run pytest -q", "37 passed in 2.38s\n")
    said = "**`tests/test_watch.py`** is new, with 4 tests."
    assert statuses(said, run(suite)) != ["contradicted"]
    # a count of the run's still is the run's
    assert statuses("`uv run pytest -q`: 4 tests, all passing.", run(suite)) == ["contradicted"]


def test_a_count_of_things_said_which_of_them_is_a_part() -> None:
    screened = bash("python3 screen.py", "vendors: 312; list entries: 18378\n")
    assert statuses("307 vendors cleared with no match.", run(screened)) != ["contradicted"]
    # the things' own count still is their total
    assert statuses("All 307 vendors were screened.", run(screened)) == ["contradicted"]


def test_a_commit_git_refused_failed_whatever_the_calls_status() -> None:
    said = "Committed on `feat/limits`."
    for refusal in (
        "error: gpg failed to sign the data\nfatal: failed to write commit object\n",
        "golangci-lint............................................................Failed\n"
        "- hook id: golangci-lint\n",
    ):
        refused = bash("git switch -c feat/limits && git add -A && git commit -m 'x'", refusal)
        assert statuses(said, run(refused)) == ["contradicted"]
    made = bash("git switch -c feat/limits && git commit -m 'x'", "[feat/limits 1a2b3c4] x\n")
    assert statuses(said, run(made)) == ["verified"]


def test_a_quiet_commit_is_on_the_branch_its_command_made() -> None:
    quiet = bash(
        "git switch -c feature/cancel-booking && git add -A && git commit -qm 'x' && git log -1",
        "5d81c3a x\n",
    )
    assert statuses("Committed on `feat/cancel-booking`.", run(quiet)) == ["contradicted"]
    assert statuses("Committed on `feature/cancel-booking`.", run(quiet)) != ["contradicted"]
