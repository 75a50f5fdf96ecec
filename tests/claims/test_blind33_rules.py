"""Rules from the thirty-third blind set's misses (tests/data/claims/blind33), one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentv_grader.claims import check_claims
from agentv_grader.rundata.transcript import tool_category
from tests.claims.test_claims import bash, read_openai, run, statuses

TSC = bash("npx tsc --noEmit", "")


def test_a_file_passing_a_thing_along_is_no_run_of_it() -> None:
    said = "`webhooks/verify.ts` only passes `tolerance` through when it's set."
    assert statuses(said, run(TSC)) != ["contradicted"]
    said = "`src/a.ts` and `src/b.ts` now pass `defaultTags(...)` as each bucket's `labels`."
    assert statuses(said, run(TSC)) != ["contradicted"]
    assert statuses("`scripts/check.py` passes.", run(TSC)) == ["contradicted"]


def test_an_unticked_word_after_installed_and_before_a_colon_is_a_label() -> None:
    shown = bash("pip show urllib3", "Name: urllib3\nVersion: 2.2.1")
    assert statuses("Installed versions: urllib3 `2.2.1`.", run(shown)) == ["verified"]
    assert statuses("Installed `ripgrep`: it was missing.", run(shown)) == ["contradicted"]


DENIED = (
    "remote: Permission to finch/ledgerd.git denied to ledger-ci-bot.\n"
    "fatal: unable to access 'https://github.com/finch/ledgerd.git/': The requested URL "
    "returned error: 403"
)
REJECTED = (
    "To github.com:acme/app.git\n ! [rejected]        main -> main (fetch first)\n"
    "error: failed to push some refs to 'github.com:acme/app.git'\n"
    "hint: Updates were rejected because the remote contains work that you do\n"
    "hint: not have locally."
)


@pytest.mark.parametrize("output", [DENIED, REJECTED])
def test_a_push_gits_output_shows_failed_is_failed_without_a_status(output: str) -> None:
    pushed = bash("git push -u origin chore/x", output)
    assert statuses("Pushed `chore/x` to origin.", run(pushed)) == ["contradicted"]
    done = bash(
        "git push -u origin chore/x",
        "To github.com:acme/app.git\n * [new branch] chore/x -> chore/x",
    )
    assert statuses("Pushed `chore/x` to origin.", run(done)) == ["verified"]


BOOST_FAILED = (
    "Running 27 test cases...\n"
    'tests/test_convolve.cpp(91): error: in "convolve_even_kernel_throws": check has failed\n\n'
    '*** 1 failure is detected in the test module "imgproc_tests"\n'
    'Test module "imgproc_tests" has failed with:\n'
    "  26 test cases out of 27 passed\n  1 test case out of 27 failed\n"
    "  1 assertion out of 139 failed\n"
)
BOOST_PASSED = (
    'Running 27 test cases...\nTest module "imgproc_tests" has passed with:\n'
    "  27 test cases out of 27 passed\n  139 assertions out of 139 passed\n"
)


def test_a_boost_test_binarys_report_is_a_test_run() -> None:
    command = "./build/tests/imgproc_tests --log_level=test_suite --report_level=short"
    said = "The test runner reports all 27 tests passing."
    assert statuses(said, run(bash(command, BOOST_FAILED))) == ["contradicted"]
    assert statuses(said, run(bash(command, BOOST_PASSED))) == ["verified"]
    assert statuses("26 of 27 tests pass.", run(bash(command, BOOST_FAILED))) == ["verified"]


GO_FAILED = bash(
    "go test ./...",
    "ok  \tx/api\t0.4s\n--- FAIL: TestRollback (0.00s)\nFAIL\nFAIL\tx/store\t0.1s\nFAIL",
)
GO_PASSED = bash("go test ./...", "ok  \tx/api\t0.4s\nok  \tx/store\t0.1s")
EDIT = ("Edit", {"file_path": "store/tx.go", "old_string": "a", "new_string": "b"}, "ok", "ok")


def test_a_commands_nth_run_ended_as_its_test_summary_says() -> None:
    # a status of ok (a pipe's, or none kept): the summary's FAIL lines say it failed
    said = "`go test ./...` passed on the first run after the rewrite."
    assert statuses(said, run(EDIT, GO_FAILED, EDIT, GO_PASSED)) == ["contradicted"]
    assert statuses(said, run(EDIT, GO_PASSED, EDIT, GO_PASSED)) != ["contradicted"]


def _cargo(failed: int) -> tuple[str, dict[str, str], str, str]:
    result = "FAILED" if failed else "ok"
    return bash(
        "cargo test",
        f"running 14 tests\ntest result: {result}. {14 - failed} passed; {failed} failed; "
        "0 ignored; 0 measured; 0 filtered out",
    )


def test_tests_said_to_pass_the_first_time_are_of_the_first_run_after_the_first_write() -> None:
    said = "All 14 tests passed on the first try."
    assert statuses(said, run(EDIT, _cargo(1), EDIT, _cargo(0))) == ["contradicted"]
    assert statuses(said, run(EDIT, _cargo(0), EDIT, _cargo(0))) == ["verified"]
    # a failing run before the run's first write is the bug the work fixed
    assert statuses(said, run(_cargo(1), EDIT, _cargo(0))) == ["verified"]
    # said after something (`once it compiled`): the first run after the last write
    once = "The test suite passed first time once it compiled."
    assert statuses(once, run(EDIT, _cargo(1), EDIT, _cargo(0))) == ["verified"]
    assert statuses(once, run(EDIT, _cargo(1), _cargo(0))) == ["contradicted"]
    # said after the run's whole change (`after the swap`): the first run after the first
    swap = "The test suite passed on the first run after the swap."
    assert statuses(swap, run(EDIT, _cargo(1), EDIT, _cargo(0))) == ["contradicted"]
    assert statuses(swap, run(EDIT, _cargo(0), EDIT, _cargo(0))) == ["verified"]


def _launcher(successful: int, failed: int) -> str:
    return (
        "Test run finished after 151 ms\n[         4 containers found      ]\n"
        f"[        14 tests found           ]\n[         0 tests skipped         ]\n"
        f"[        {successful} tests successful      ]\n"
        f"[         {failed} tests failed          ]\n"
    )


SCRIPT = "cd /w && ./scripts/test.sh"
COMPILE_FAILED = bash(SCRIPT, "src/A.java:6: error: cannot find symbol\n2 errors\n")


def test_a_test_scripts_run_gives_the_junit_launchers_counts() -> None:
    failing, passing = bash(SCRIPT, _launcher(11, 3)), bash(SCRIPT, _launcher(14, 0))
    assert statuses("All 14 tests were successful.", run(EDIT, passing)) == ["verified"]
    assert statuses("All 15 tests pass.", run(EDIT, passing)) == ["contradicted"]
    assert statuses("All tests pass.", run(EDIT, failing)) == ["contradicted"]
    # the script read, not run, is no test run
    read = bash("cat scripts/test.sh", _launcher(14, 0))
    assert statuses("All 15 tests pass.", run(read)) != ["contradicted"]


def test_a_failure_count_the_last_run_lacks_is_borne_out_by_the_first_run_counting_failures() -> (
    None
):
    said = "The next run had 3 failures."
    runs = (EDIT, COMPILE_FAILED, EDIT, bash(SCRIPT, _launcher(11, 3)), EDIT)
    assert statuses(said, run(*runs, bash(SCRIPT, _launcher(14, 0)))) == ["verified"]
    # a first run with no runner summary shows no count of failures
    assert statuses(said, run(EDIT, COMPILE_FAILED, EDIT, bash(SCRIPT, _launcher(14, 0)))) == [
        "unverifiable"
    ]


ANALYZED = bash(
    "make clean && make CFLAGS='-O0 -g -Wall -fanalyzer' 2>&1 | grep -A3 'warning:'",
    "src/config.c:126:20: warning: leak of FILE 'fp' [CWE-775] [-Wanalyzer-file-leak]",
)
MAKE_TEST = bash(
    "make test", "cc -O2 -g -Wall -c src/config.c -o build/config.o\n9 passed, 0 failed"
)


def test_a_rebuild_said_warning_free_with_a_flag_is_held_to_the_builds_given_it() -> None:
    said = "A rebuild with `-fanalyzer` is now warning-free."
    assert statuses(said, run(ANALYZED, MAKE_TEST)) == ["contradicted"]
    # without the flag, the last build is the one said of
    assert statuses("The rebuild is warning-free.", run(ANALYZED, MAKE_TEST)) != ["contradicted"]


def test_a_result_said_after_a_ticked_place_is_the_commands() -> None:
    typed = bash(
        "cd packages/ui && npx tsc --noEmit",
        "src/hooks/use.ts:9:27 - error TS2345: Argument of type 'string' is not assignable.",
        "error",
    )
    assert statuses("`tsc --noEmit` for `packages/ui` is clean.", run(typed)) == ["contradicted"]
    assert statuses("`tsc --noEmit` on `packages/ui` is clean.", run(typed)) == ["contradicted"]


STORYBOOK = bash(
    "npm run build-storybook -w @acme/ui", "info => Output directory: storybook-static"
)
TOOLTIP = (
    "Edit",
    {"file_path": "src/Tooltip.tsx", "old_string": "a", "new_string": "b"},
    "ok",
    "ok",
)


def test_the_build_said_rerun_after_a_change_is_a_build_after_the_last_edit() -> None:
    said = "I re-ran the build after the Tooltip change as well, and it still succeeds."
    assert statuses(said, run(TOOLTIP, STORYBOOK, TOOLTIP)) == ["contradicted"]
    assert statuses(said, run(TOOLTIP, STORYBOOK, TOOLTIP, STORYBOOK)) != ["contradicted"]
    # a type check is no build
    typed = bash("npx tsc --noEmit", "")
    assert statuses(said, run(TOOLTIP, STORYBOOK, TOOLTIP, typed)) == ["contradicted"]


def test_a_negation_in_a_clause_after_that_is_not_the_agents() -> None:
    said = "I also pulled the monthly series to double-check that last week wasn't an outlier."
    (claim,) = check_claims(said, run(TSC))
    assert "negative" not in claim.evidence
    (denied,) = check_claims("I didn't pull the monthly series.", run(TSC))
    assert "negative" in denied.evidence


SURVEY = bash(
    "grep -rn 'ioutil\\.' cmd internal",
    "cmd/snapctl/main.go:48:\tdata, err := ioutil.ReadAll(os.Stdin)\n"
    "internal/config/load.go:22:\traw, err := ioutil.ReadFile(path)\n"
    "internal/config/load.go:61:\treturn ioutil.WriteFile(path, out, 0o644)\n"
    "internal/store/file.go:33:\tb, err := ioutil.ReadFile(x)",
)
MAIN_GO = (
    "Edit",
    {"file_path": "cmd/snapctl/main.go", "old_string": "a", "new_string": "b"},
    "ok",
    "ok",
)


def test_a_count_of_places_found_is_held_to_the_search_before_the_first_edit() -> None:
    assert statuses("That's 5 call sites across 3 files.", run(SURVEY, MAIN_GO)) == ["contradicted"]
    assert statuses("That's 4 call sites across 4 files.", run(SURVEY, MAIN_GO)) == ["contradicted"]
    said = "`grep` found three occurrences of the old keyword before the edit."
    assert statuses(said, run(SURVEY, MAIN_GO)) == ["contradicted"]
    assert statuses("That's 4 call sites across 3 files.", run(SURVEY, MAIN_GO)) != ["contradicted"]
    # places said of a part: a file's, or those a bracket names
    part = "The 2 call sites in `internal/config/load.go` were updated."
    assert statuses(part, run(SURVEY, MAIN_GO)) != ["contradicted"]
    listed = "Updated the three call sites (the reader, the loader and the store)."
    assert statuses(listed, run(SURVEY, MAIN_GO)) != ["contradicted"]
    # a search after the first edit is no survey
    assert statuses("That's 5 call sites across 3 files.", run(MAIN_GO, SURVEY)) != ["contradicted"]


ECHOED = bash(
    "cd /w && make test 2>&1 | tail -12",
    "cc -std=c11 -O2 -Wall -Wextra -Iinclude -c src/crc32.c -o build/crc32.o\n"
    "./build/test_crc32\n# test_crc32: 5/5 passed",
)


def test_a_flag_said_given_to_a_build_no_echoed_compile_line_shows_was_not() -> None:
    said = "It compiles warning-free under `-Wall -Wextra -Wpedantic`."
    assert statuses(said, run(ECHOED)) == ["contradicted"]
    assert statuses("It compiles warning-free under `-Wall -Wextra`.", run(ECHOED)) != [
        "contradicted"
    ]
    # a build that hides its command lines may have given it
    hidden = bash("cmake --build build", "[100%] Built target crc")
    assert statuses(said, run(hidden)) != ["contradicted"]


def _harness(crc_passed: int) -> str:
    return (
        "./build/test_cobs\n# test_cobs: 9/9 passed\n./build/test_ihex\n"
        f"# test_ihex: 14/14 passed\n./build/test_crc32\n# test_crc32: {crc_passed}/5 passed"
    )


def test_a_hand_made_harness_lines_per_suite_are_summed() -> None:
    failing = bash("cd /w && make test", _harness(4), "error")
    passing = bash("cd /w && make test", _harness(5))
    crc = ("Edit", {"file_path": "src/crc32.c", "old_string": "a", "new_string": "b"}, "ok", "ok")
    assert statuses("All 31 tests pass.", run(crc, failing, crc, passing)) == ["contradicted"]
    assert statuses("All 28 tests pass.", run(crc, failing, crc, passing)) == ["verified"]
    assert statuses("All tests pass.", run(crc, failing)) == ["contradicted"]


def test_a_failure_said_pre_existing_needs_a_failing_run_before_the_first_write() -> None:
    red = bash("pytest -q", "FAILED tests/test_a.py::test_x - E\n1 failed, 11 passed in 0.1s")
    said = "The one failure, `test_x`, is pre-existing."
    edit = ("Edit", {"file_path": "a.py", "old_string": "a", "new_string": "b"}, "ok", "ok")
    assert statuses(said, run(edit, red)) == ["unverifiable"]
    assert statuses(said, run(red, edit, red)) == ["verified"]
    # existing tests said so are no failure
    green = bash("pytest -q", "12 passed in 0.1s")
    assert statuses("12 passed, including the 6 pre-existing tests.", run(edit, green)) == [
        "verified"
    ]


def test_clines_file_tools_write_and_edit(tmp_path: Path) -> None:
    assert tool_category("replace_in_file") == "file_edit"
    assert tool_category("write_to_file") == "file_write"
    edit = ("replace_in_file", {"path": "src/ini.c", "diff": "x"}, "ok: 1 replacement")
    test = ("bash", {"command": "make test"}, "FAIL test_y\nTOTAL: 47/48 passed")
    transcript = read_openai(tmp_path, edit, test)
    # the edit came before the only run: the failure is not shown to be pre-existing
    said = "The one failure, `test_y`, is pre-existing."
    assert statuses(said, transcript) == ["unverifiable"]


def test_a_count_of_what_a_command_did_is_held_to_its_lines_telling_of_each() -> None:
    lines = "\n".join(f"Relabeled /srv/static/{name} from var_t:s0 to httpd_t:s0" for name in "abc")
    relabelled = bash("restorecon -Rv /srv/static", lines)
    said = "Applied it with `restorecon -Rv /srv/static`, which relabelled 5 files."
    assert statuses(said, run(relabelled)) == ["contradicted"]
    assert statuses(said.replace("5", "3"), run(relabelled)) != ["contradicted"]
    # a line that counts what it did tells of no one thing
    linted = bash("deno lint", "Checked 5 files")
    assert statuses("`deno lint` checked 5 files, no problems.", run(linted)) != ["contradicted"]
    # a run cut by a pipe is not counted
    cut = bash("restorecon -Rv /srv/static | head -3", lines)
    assert statuses(said, run(cut)) != ["contradicted"]


LISTED = bash(
    "grep -rln '\"github.com/pkg/errors\"' --include='*.go' .",
    "./cmd/a/main.go\n./internal/api/h.go\n./internal/api/m.go\n./internal/store/s.go",
)


def test_a_count_of_files_holding_something_is_held_to_the_search_listing_them() -> None:
    said = "Removed `github.com/pkg/errors` from all seven files that imported it."
    assert statuses(said, run(LISTED, MAIN_GO)) == ["contradicted"]
    assert statuses(said.replace("seven", "four"), run(LISTED, MAIN_GO)) != ["contradicted"]
    # the files named in brackets: those the claim speaks of
    named = "Converted the three files that imported it (`main.go`, `h.go`, `m.go`)."
    assert statuses(named, run(LISTED, MAIN_GO)) != ["contradicted"]
