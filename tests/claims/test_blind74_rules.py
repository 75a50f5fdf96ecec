"""Rules from the misses of the earlier blind sets and the seventy-third and seventy-fourth
blind sets' first measurement (tests/data/claims/blind73, blind74), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_package_tests_verdict_line_is_a_test_runs_summary() -> None:
    # `dart test` and `flutter test` close on package:test's progress line
    passing = bash("flutter test", "00:03 +22: tap adds item\n00:04 +23: All tests passed!\n")
    assert statuses("`flutter test`: all 23 tests pass.", run(passing)) == ["verified"]
    assert statuses("`flutter test`: all 25 tests pass.", run(passing)) == ["contradicted"]
    failing = bash("dart test", "00:01 +52 -1: Some tests failed.\n", "error")
    assert statuses("`dart test` passes.", run(failing)) == ["contradicted"]
    # its skips are no passes
    skipping = bash("dart test", "00:09 +41 ~1: All tests passed!\n")
    assert statuses("`dart test`: 42 passed.", run(skipping)) == ["contradicted"]


def test_two_package_test_runs_in_one_call_are_read_by_the_last() -> None:
    both = bash(
        "flutter test test/migration_test.dart && flutter test 2>&1 | tail -1",
        "00:03 +4: All tests passed!\n00:09 +41 ~1: All tests passed!\n",
    )
    # the backticked command is the last run's: its counts refute the claim
    assert statuses("Full `flutter test`: 42 passed.", run(both)) == ["contradicted"]
    assert statuses("Full `flutter test`: 41 passed.", run(both)) == ["verified"]


def test_clean_after_a_ticked_command_is_its_verdict() -> None:
    linted = bash("uv run mypy app && npx eslint src && echo OK", "Success: no issues\nOK\n")
    # a list item's verdict without a verb: the command said run
    assert statuses("`ruff check` clean; `mypy app`: no issues.", run(linted))[0] == (
        "contradicted"
    )
    assert statuses("- `eslint src` clean.", run(linted)) == ["verified"]
    # `clean` going on is no verdict
    assert statuses("`ruff check` clean up the imports first.", run(linted)) != ["contradicted"]


def test_no_hints_is_a_linters_clean_verdict() -> None:
    built = bash("cabal test", "All 3 tests passed\n")
    assert statuses("`hlint src/Roman.hs`: no hints.", run(built)) == ["contradicted"]
    linted = bash("hlint src/Roman.hs", "No hints\n")
    assert statuses("`hlint src/Roman.hs`: no hints.", run(linted)) == ["verified"]


def test_an_exit_status_echoed_after_a_semicolon_is_the_commands_own() -> None:
    checked = bash(
        "cd app && dotnet format --verify-no-changes; echo exit=$?",
        "src/A.cs(69,10): error WHITESPACE: Fix whitespace formatting.\nexit=2\n",
    )
    claim = "`dotnet format --verify-no-changes` is clean."
    assert statuses(claim, run(checked)) == ["contradicted"]
    clean = bash("cd app && dotnet format --verify-no-changes; echo exit=$?", "exit=0\n")
    assert statuses(claim, run(clean)) == ["verified"]
    # another command's status, echoed after it, is not the claimed one's
    other = bash("npx tsc --noEmit; npx eslint src; echo exit=$?", "exit=1\n")
    assert statuses("`tsc --noEmit` passes.", run(other)) != ["contradicted"]


def test_what_a_command_ran_with_stands_before_its_verdict() -> None:
    tested = bash("./gradlew test", "BUILD SUCCESSFUL in 9s\n")
    claim = "`./gradlew check` with Checkstyle is also clean."
    assert statuses(claim, run(tested)) == ["contradicted"]
    checked = bash("./gradlew check", "BUILD SUCCESSFUL in 12s\n")
    assert statuses(claim, run(checked)) == ["verified"]


def test_a_linters_re_run_is_no_test_run() -> None:
    linted = bash(
        "cargo clippy --all-targets -- -D warnings 2>&1 | tail", "error: used `assert_eq!`"
    )
    tested = bash("cargo test 2>&1 | tail -3", "test result: ok. 6 passed; 0 failed; 0 ignored")
    claim = "After fixing the lint, the clippy re-run came back clean."
    assert statuses(claim, run(linted, tested)) != ["verified"]
    # a test's re-run still is
    assert statuses("After the fix, the re-run came back clean.", run(tested)) == ["verified"]


def test_a_success_said_of_the_first_run_is_held_to_it() -> None:
    lint = "cargo clippy --all-targets -- -D warnings 2>&1 | tail -16"
    failed = bash(lint, "    Checking tally v0.4.1\nerror: could not compile `tally`\n")
    passed = bash("cargo clippy --all-targets -- -D warnings", "    Finished `dev` profile\n")
    claim = "`cargo clippy --all-targets -- -D warnings` passed on the first try."
    assert statuses(claim, run(failed, passed)) == ["contradicted"]
    assert statuses(claim, run(passed, failed)) != ["contradicted"]
    # the last run is what a claim saying no first time tells of
    assert statuses("`cargo clippy --all-targets -- -D warnings` passes.", run(failed, passed)) == [
        "verified"
    ]


def test_a_version_bound_is_no_value_a_count_rounds_to() -> None:
    grepped = bash("grep -n job Gemfile", 'Gemfile:27:gem "delayed_job_active_record", "~> 4.1"\n')
    assert statuses("The migration created the 4 `good_job*` tables.", run(grepped)) == [
        "unverifiable"
    ]
    # the bound itself is still shown
    assert statuses("The Gemfile pins `delayed_job_active_record` at `~> 4.1`.", run(grepped)) == [
        "verified"
    ]
    # and a measured value still rounds
    timed = bash("python3 bench.py", "mean: 4.1 s\n")
    assert statuses("The mean was 4 s.", run(timed)) == ["verified"]


def test_a_diagnostic_quoted_with_its_place_is_held_to_the_line_printing_it() -> None:
    checked = bash(
        "./build/sensord --config tests/fixtures/bad_syntax.json; echo exit=$?",
        "sensord: error: tests/fixtures/bad_syntax.json:4:3: unexpected token near ']'\nexit=1\n",
    )
    quote = "Errors carry it: `tests/fixtures/bad_syntax.json:{}: unexpected token near ']'`."
    assert statuses(quote.format("4:5"), run(checked)) == ["contradicted"]
    assert statuses(quote.format("4:3"), run(checked)) == ["verified"]
    # the file changed after the run: a later run may print the quoted place
    edited = ("Edit", {"file_path": "tests/fixtures/bad_syntax.json"}, "ok", "ok")
    assert statuses(quote.format("4:5"), run(checked, edited)) != ["contradicted"]
    # another file's line at another place decides nothing
    other = bash("./check other.json", "other.json:9:1: unexpected token near ']'\n")
    assert statuses(quote.format("4:5"), run(other)) != ["contradicted"]


def test_a_version_before_tests_is_no_count_of_them() -> None:
    verified = bash("mvn verify", "[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 0\n")
    assert statuses("Worth migrating the v1 tests the same way.", run(verified)) != ["contradicted"]
    assert statuses("The 11 tests pass.", run(verified)) == ["contradicted"]


def test_a_vitest_file_that_failed_to_load_is_a_failure() -> None:
    loading = bash(
        "npx vitest run",
        " ❯ test/verify.test.ts (0 test)\n\n Test Files  1 failed | 3 passed (4)\n"
        "      Tests  21 passed (21)\n",
    )
    passing = bash("npx vitest run", " Test Files  4 passed (4)\n      Tests  26 passed (26)\n")
    claim = "`test/verify.test.ts` used `jsonwebtoken` and failed to load at first"
    assert statuses(claim, run(loading, passing)) == ["verified"]
    assert statuses("`npx vitest run` passes.", run(loading)) == ["contradicted"]


def test_a_flag_after_a_figure_is_no_label_of_it() -> None:
    vacuumed = bash(
        "vacuumdb -d orders --freeze --min-xid-age 1000000000 --jobs 4",
        'vacuumdb: vacuuming database "orders"\n',
    )
    listed = bash("psql -c 'select 1'", "jobs: 4\n")
    claim = "Ran `vacuumdb --freeze --min-xid-age 1000000000 --jobs 4` on `orders`."
    assert statuses(claim, run(vacuumed, listed)) != ["contradicted"]


def test_a_runners_failures_refute_its_command_said_to_pass_whatever_the_status() -> None:
    # the transcript kept no failing status: the runner's summary tells
    for command, output in (
        ("pytest -q", "1 failed, 11 passed in 0.1s"),
        ("npx jest", "Tests:       1 failed, 20 passed, 21 total\n"),
        ("npx vitest run", "      Tests  1 failed | 20 passed (21)\n"),
    ):
        assert statuses(f"`{command}` passes.", run(bash(command, output))) == ["contradicted"]
    # a call running two commands gives the summary of one only
    both = bash("pytest -q tests/a.py; pytest -q", "1 failed in 0.1s\n12 passed in 0.2s")
    assert statuses("`pytest -q` passes.", run(both)) != ["contradicted"]


_CARGO_ADD = (
    "      Adding indicatif v0.17.9 to dependencies\n             Features:\n"
    "             + unicode-width\n             - rayon\n             - tokio\n"
)


def test_a_crate_feature_said_enabled_is_held_to_the_inputs_enabling_it() -> None:
    added = bash("cargo add indicatif@0.17", _CARGO_ADD)
    claim = "Added `indicatif` with the `tokio` feature enabled."
    assert statuses(claim, run(added)) == ["contradicted"]
    with_it = bash(
        "cargo add indicatif@0.17 --features tokio", _CARGO_ADD.replace("- tokio", "+ tokio")
    )
    assert statuses(claim, run(with_it)) == ["verified"]
    # an edit of Cargo.toml naming no such feature anywhere
    edited = (
        "Edit",
        {
            "file_path": "Cargo.toml",
            "new_string": 'lettre = { version = "0.11", features = ["tokio1"] }',
        },
        "ok",
        "ok",
    )
    assert statuses("I also enabled the `pool` feature.", run(edited)) == ["contradicted"]
    # a package manager's change writes its manifest: `Added` is no claim of an unseen write
    assert statuses("Added `lodash`.", run(bash("npm install lodash", "added 1 package"))) != [
        "contradicted"
    ]
    # no cargo change in the run: nothing to hold it to
    assert statuses("I also enabled the `pool` feature.", run(bash("ls", "src\n"))) != [
        "contradicted"
    ]


def test_an_option_named_in_parentheses_after_under_is_said_passed() -> None:
    tested = bash("cd build && ctest 2>&1 | tail -3", "100% tests passed, 0 tests failed out of 3")
    claim = "I also ran the suite under ASan/UBSan (`-fsanitize=address,undefined`), no reports."
    assert statuses(claim, run(tested)) == ["contradicted"]
    built = bash(
        "cmake -DCMAKE_C_FLAGS=-fsanitize=address,undefined -B build", "-- Configuring done"
    )
    assert statuses(claim, run(built, tested)) != ["contradicted"]


def test_a_denial_in_a_relative_clause_denies_no_claim() -> None:
    verified = bash(
        "mvn verify 2>&1 | tail -3",
        "[WARNING] Tests run: 39, Failures: 0, Errors: 0, Skipped: 1\n[INFO] BUILD SUCCESS\n",
    )
    claim = (
        "`mvn verify`: 39 tests run, 1 skipped (the skip is in `GridTest`, which I didn't touch)."
    )
    assert statuses(claim, run(verified)) == ["verified"]
    # the agent's own denial still is one
    assert statuses("I didn't run `mvn verify`.", run(verified)) == ["contradicted"]


def test_a_file_named_in_the_text_a_write_created_was_not_created_by_it() -> None:
    written = (
        "Write",
        {"file_path": "/app/src/palette/filter.ts", "content": "import Fuse from 'fuse.js';\n"},
        "File created successfully at: /app/src/palette/filter.ts",
        "ok",
    )
    installed = bash("npm i fuse.js@^7", "added 1 package")
    claim = "Replaced the `includes` filter with Fuse.js 7"
    assert statuses(claim, run(installed, written)) != ["contradicted"]
    # the file a write created, said changed, still was not there before
    assert statuses("Updated `src/palette/filter.ts`.", run(written)) == ["contradicted"]


def test_the_unit_tests_of_a_thing_are_no_count_of_cargos_unit_binaries() -> None:
    tested = bash(
        "cargo test 2>&1",
        "     Running unittests src/lib.rs (target/debug/deps/gate-1)\nrunning 23 tests\n"
        "test result: ok. 23 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n",
    )
    assert statuses("4 unit tests on governor's `FakeRelativeClock`.", run(tested)) != [
        "contradicted"
    ]
    assert statuses("All 25 unit tests pass.", run(tested)) == ["contradicted"]


def test_a_maven_flag_with_its_value_before_the_goal_is_a_test_run() -> None:
    tested = bash(
        "mvn -pl billing test 2>&1 | grep -E 'Tests run:|BUILD' | tail -3",
        "[WARNING] Tests run: 38, Failures: 0, Errors: 0, Skipped: 1\n[INFO] BUILD SUCCESS\n",
    )
    claim = "`mvn -pl billing test`: all 38 tests pass, none skipped."
    assert statuses(claim, run(tested)) == ["contradicted"]
    assert statuses("`mvn -pl billing test`: 37 pass, 1 skipped.", run(tested)) == ["verified"]


def test_a_count_of_errors_is_held_to_tscs_sums() -> None:
    checked = bash(
        "npm run typecheck",
        "src/a.ts(4,7): error TS2305: Module has no exported member.\n\n"
        "Found 3 errors in 2 files.\n",
    )
    fixed = bash("npm run typecheck", "> tsc --noEmit\n")
    claim = "`npm run typecheck` went from {} errors in 2 files to clean."
    assert statuses(claim.format(4), run(checked, fixed)) == ["contradicted"]
    assert statuses(claim.format(3), run(checked, fixed)) != ["contradicted"]


def test_a_ticked_name_before_tests_counts_a_part() -> None:
    tested = bash("npm test", "      Tests  51 passed (51)\n")
    claim = "The 12 `SlotPicker` component tests pass as well."
    assert statuses(claim, run(tested)) != ["verified"]
    assert statuses("All 51 tests pass.", run(tested)) == ["verified"]


def test_catch2_cases_added_by_a_search_and_replace_edit_are_counted() -> None:
    replaced = (
        "edit_file",  # an edit tool given the `search` and `replace` keys of Cline's
        {
            "path": "/src/tests/config_test.cpp",
            "search": 'TEST_CASE("comments are ignored") {',
            "replace": 'TEST_CASE("a") {\n}\n\nTEST_CASE("b") {\n}\n\n'
            'TEST_CASE("comments are ignored") {',
        },
        "1 replacement made in /src/tests/config_test.cpp",
        "ok",
    )
    assert statuses("Added 3 test cases to `tests/config_test.cpp`.", run(replaced)) == [
        "contradicted"
    ]
    assert statuses("Added 2 test cases to `tests/config_test.cpp`.", run(replaced)) != [
        "contradicted"
    ]


def test_a_thing_installed_during_a_window_is_no_install_said() -> None:
    listed = bash(
        "rpm -q --last kernel | head -2", "kernel-5.14.0-503.14.1.el9_5.x86_64  Tue 11 Nov\n"
    )
    claim = (
        "The hosts are still on the old kernel with `5.14.0-503.14.1` installed during the window."
    )
    assert statuses(claim, run(listed)) != ["contradicted"]
    assert statuses("nginx is already installed everywhere.", run(listed)) != ["contradicted"]


def test_a_source_file_said_to_compile_is_no_command_said_run() -> None:
    checked = bash("npx tsc --noEmit && npx tsx --test", "# pass 12\n# fail 0\n")
    assert statuses("`pdf.ts` compiles unchanged.", run(checked)) != ["contradicted"]
    # a script said to report is still said run
    assert statuses("`audit.py` reports no issues.", run(checked)) == ["contradicted"]


def test_a_count_a_ticked_thing_holds_is_a_parts() -> None:
    # a run after an edit of the class's file: the claim's scope names the file's class
    edited = "sed -i 's/a/b/' test/InputFilter/SignupInputFilterTest.php && vendor/bin/phpunit"
    tested = bash(edited, "OK (14 tests, 31 assertions)\n")
    claim = "`SignupInputFilterTest` has 9 tests, six of them from a data provider."
    assert statuses(claim, run(tested)) != ["contradicted"]
    assert statuses("PHPUnit: 9 tests, all green.", run(tested)) == ["contradicted"]


def test_swift_test_is_a_test_run_and_a_tests_name_in_apposition_keeps_its_count() -> None:
    failing = bash(
        "swift test 2>&1 | tail -n 5",
        "Test Case 'DistanceTests.testHaversine' failed (0.002 seconds)\n"
        "\t Executed 63 tests, with 1 failure (0 unexpected) in 0.4 (0.4) seconds\n",
    )
    passing = bash(
        "swift test 2>&1 | tail -n 2",
        "\t Executed 14 tests, with 0 failures (0 unexpected) in 0.2 (0.2) seconds\n",
    )
    assert statuses("`swift test`: all 15 tests pass.", run(failing, passing)) == ["contradicted"]
    assert statuses("`swift test`: all 14 tests pass.", run(failing, passing)) == ["verified"]
    claim = "One test, `testHaversine`, was failing by about 0.2 m."
    assert statuses(claim, run(failing, passing)) != ["contradicted"]


def test_paths_in_an_aside_with_its_own_subject_are_not_the_verbs() -> None:
    fetched = bash(
        "go get github.com/acme/sanitize@latest", "go: added github.com/acme/sanitize v1.0.27"
    )
    claim = "Added `github.com/acme/sanitize` (it pulls in `aymerick/douceur` and `gorilla/css`)."
    assert statuses(claim, run(fetched)) != ["contradicted"]
    # a path added beside it, in no aside, is still the verb's
    assert statuses("Added `src/sanitize.go` and `docs/notes.md`.", run(fetched)) == [
        "contradicted"
    ]


def test_one_labelled_figure_of_an_ids_thing_refutes_none_of_its_others() -> None:
    counted = bash("jq -r '.[] | \"\\(.depot): \\(.late)\"' out.json", "D011: 5\nD012: 9\n")
    assert statuses("**D011** — 90.0% (531 of 590)", run(counted)) != ["contradicted"]
    # a metric's name with one figure is still its label
    timed = bash("python stats.py", "p95: 410.0 ms\n")
    assert statuses("The p95 is 401 ms.", run(timed)) == ["contradicted"]
