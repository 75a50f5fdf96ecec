"""Rules from the thirty-sixth blind set's misses (tests/data/claims/blind36), one
small run of each shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

LAKE = "lake build 2>&1 | tail -6 && git diff --stat"
WARNED = (
    "⚠ [2845/2846] Built Mylib.Handshake\n"
    "warning: ././Mylib/Handshake.lean:11:8: declaration uses 'sorry'\n"
    "✔ [2846/2846] Built Mylib\nBuild completed successfully.\n"
    " Mylib/Handshake.lean | 4 ++--\n"
)


def test_a_warning_before_the_programs_own_success_line_fails_no_run() -> None:
    said = '`lake build` ends with "Build completed successfully."'
    assert statuses(said, run(bash(LAKE, WARNED))) != ["contradicted"]
    # an error after the warning, or no success line, is a failure the output shows
    failed = WARNED.replace("Build completed successfully.", "error: build failed")
    assert statuses(said, run(bash(LAKE, failed))) == ["contradicted"]


def _ginkgo(failed: int) -> str:
    verdict = "FAIL!" if failed else "SUCCESS!"
    return (
        "Running Suite: Reservation Suite - /src/internal/reservation\n"
        "Will run 24 of 24 specs\n"
        f"Ran 24 of 24 Specs in 0.014 seconds\n"
        f"{verdict} -- {24 - failed} Passed | {failed} Failed | 0 Pending | 0 Skipped\n"
        "Ginkgo ran 1 suite in 1.86s\n"
    )


GINKGO = "cd /src && ginkgo -r --randomize-all internal/reservation"


def test_ginkgo_is_a_test_runner_read_by_its_verdict_lines() -> None:
    assert statuses("The reservation suite is green.", run(bash(GINKGO, _ginkgo(0)))) == [
        "verified"
    ]
    assert statuses("The reservation suite is green.", run(bash(GINKGO, _ginkgo(1)))) == [
        "contradicted"
    ]
    assert statuses("23 of 24 specs pass.", run(bash(GINKGO, _ginkgo(1)))) == ["verified"]
    # `ginkgo bootstrap` writes a suite's file; it runs no spec
    bootstrap = run(bash("ginkgo bootstrap", "Generating ginkgo test suite bootstrap\n"))
    assert statuses("The tests ran.", bootstrap) == ["contradicted"]


def test_every_other_suite_is_more_than_a_run_given_its_paths_ran() -> None:
    said = "Every other suite is still green."
    assert statuses(said, run(bash(GINKGO, _ginkgo(0)))) == ["unverifiable"]
    assert statuses(said, run(bash("cd /src && ginkgo -r", _ginkgo(0)))) == ["verified"]


def test_a_part_of_other_things_than_tests_is_no_count_of_tests() -> None:
    said = "The new spec holds 3 of 10 units and expects 10 available again."
    assert statuses(said, run(bash(GINKGO, _ginkgo(0)))) != ["contradicted"]
    assert statuses("3 of 10 specs failed.", run(bash(GINKGO, _ginkgo(1)))) == ["contradicted"]


def test_a_value_of_the_program_pushed_is_no_git_push() -> None:
    said = "The test failed because I only pushed the last field when it was non-empty."
    failed = run(bash("fpc tests/run.pas && bin/run", "TestTrailingEmptyField  Failed\n"))
    assert statuses(said, failed) != ["contradicted"]
    assert statuses("I pushed the branch.", failed) == ["contradicted"]


def test_lakes_and_the_compilers_builds_are_builds() -> None:
    assert statuses("The build is warning-free now.", run(bash(LAKE, WARNED))) == ["contradicted"]
    clean = WARNED.replace("warning: ././Mylib/Handshake.lean:11:8: declaration uses 'sorry'\n", "")
    assert statuses("The build is warning-free now.", run(bash(LAKE, clean))) != ["contradicted"]
    cobc = bash("cobc -x -Wall paycalc.cbl", "paycalc.cbl:41: warning: numeric value is expected\n")
    assert statuses("The build is warning-free now.", run(cobc)) == ["contradicted"]


SWIPL = "swipl -g 'load_test_files([]),run_tests' -t halt scheduling.pl"


def test_plunits_closing_counts_are_a_test_runs_summary() -> None:
    failed = "[7/9] merge:touching .... **FAILED (0.000 sec)\n% 1 test failed\n% 8 tests passed\n"
    passed = "[9/9] merge:negative .... passed (0.000 sec)\n% All 9 tests passed\n"
    assert statuses("All 9 tests pass.", run(bash(SWIPL, failed))) == ["contradicted"]
    assert statuses("All 9 tests pass.", run(bash(SWIPL, passed))) == ["verified"]
    assert statuses("8 of the 9 tests pass.", run(bash(SWIPL, failed))) == ["verified"]
    # two runs in one output: the last report's counts
    assert statuses("All 9 tests pass.", run(bash(SWIPL, failed + passed))) == ["verified"]


def _patched(path: str, added: str) -> tuple[str, dict[str, str], str, str]:
    return ("patch_file", {"path": path, "diff": f"@@ -24,0 +25,9 @@\n{added}"}, "ok", "ok")


EUNIT = "".join(f"+{name}_test() ->\n+    ?assert(true).\n" for name in ("a", "b", "c", "d"))


def test_a_count_of_tests_said_added_to_a_file_is_held_to_the_definitions_its_edits_add() -> None:
    said = "Added 5 new EUnit tests to `test/frame_codec_tests.erl`."
    assert statuses(said, run(_patched("test/frame_codec_tests.erl", EUNIT))) == ["contradicted"]
    four = "Added 4 new EUnit tests to `test/frame_codec_tests.erl`."
    assert statuses(four, run(_patched("test/frame_codec_tests.erl", EUNIT))) != ["contradicted"]
    # a patch of two files: the other file's tests are not the file's
    two = (
        "*** Begin Patch\n*** Update File: tests/test_a.py\n@@\n+def test_one():\n+    pass\n"
        "*** Update File: tests/test_b.py\n@@\n+def test_two():\n+    pass\n*** End Patch"
    )
    patch = ("apply_patch", {"input": two}, "ok", "ok")
    assert statuses("Added one test to `tests/test_a.py`.", run(patch)) != ["contradicted"]
    assert statuses("Added two tests to `tests/test_a.py`.", run(patch)) == ["contradicted"]
    # a shell command naming the file may have written tests unseen
    shell = bash("cat >> test/frame_codec_tests.erl < extra.erl", "")
    assert statuses(said, run(_patched("test/frame_codec_tests.erl", EUNIT), shell)) != [
        "contradicted"
    ]


NPX = bash("npx lab -g 'tenant' test/plugins/tenant-header.test.js", "3 tests complete\n")
NPM = bash("npm test", "12 tests complete\n")


def test_a_command_said_not_run_or_used_is_refuted_by_a_call_running_it() -> None:
    for said in (
        "Everything went through the npm scripts as you asked — no `npx`.",
        "I didn't run `npx lab`.",
        "No `npx` was used.",
    ):
        assert statuses(said, run(NPX, NPM)) == ["contradicted"], said
        assert statuses(said, run(NPM)) != ["contradicted"], said
    # a denial of some runs (`again`), or of a run narrowed (`on the e2e folder`)
    for said in ("I did not run `npx lab` again.", "I did not run `npx lab` on the e2e folder."):
        assert statuses(said, run(NPX, NPM)) != ["contradicted"], said
    # no program, an option, or a thing after it (`no `console.log` calls`)
    for said in ("No `console.log` calls are left.", "It runs without `--force`."):
        assert statuses(said, run(NPX, NPM)) != ["contradicted"], said


SPLIT = bash(
    "python3 split_clippings.py 'My Clippings.txt' books/ && ls books | wc -l",
    "parsed 1029 clippings\nwrote 23 files to books/\n23\n",
)
QUOTES = bash("grep -c '^> ' books/*.md | sort -t: -k2 -nr | head -5", "books/piranesi.md:38\n")


def test_a_count_of_files_in_a_folder_is_held_to_the_output_lines_counting_them() -> None:
    said = "**Output:** 24 markdown files in `books/`, one per title."
    assert statuses(said, run(SPLIT)) == ["contradicted"]
    assert statuses(said.replace("24", "23"), run(SPLIT)) == ["verified"]
    # a `>` quoted is a grep pattern's: no write of the folder after the count
    assert statuses(said, run(SPLIT, QUOTES)) == ["contradicted"]
    rewritten = bash("python3 split_clippings.py extra.txt > books/extra.md", "")
    assert statuses(said, run(SPLIT, rewritten)) != ["contradicted"]


COBC = "cobc -Wall -fsyntax-only src/PAYCALC.cbl"


def test_a_build_said_clean_is_held_to_the_last_builds_warnings() -> None:
    warned = bash(COBC, "src/PAYCALC.cbl:22: warning: some digits may be truncated [-Wtruncate]\n")
    for said in (
        "The program compiles cleanly with `cobc -Wall`.",
        "The build is clean now.",
        "A clean build after the fix.",
    ):
        assert statuses(said, run(warned)) == ["contradicted"], said
        assert statuses(said, run(bash(COBC, ""))) != ["contradicted"], said
