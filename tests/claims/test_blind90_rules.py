"""Rules from the misses of the earlier blind sets and the eighty-ninth to ninety-fourth
blind sets' first measurement (tests/data/claims/blind89 to blind94), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_blind82_rules import edit
from tests.claims.test_claims import bash, run, statuses


def test_an_en_dash_joining_a_rows_key_is_an_outputs_hyphen() -> None:
    table = bash(
        "duckdb -c 'SELECT grp, n, mean FROM litters'",
        "│ P1   │ 262 │ 14.6 │\n│ P3-5 │ 548 │ 13.0 │\n",
    )
    misread = "| Group | Litters | Mean |\n|---|---|---|\n| P3–5 | 548 | 12.0 |\n"
    assert statuses(misread, run(table)) == ["contradicted"]
    assert statuses(misread.replace("12.0", "13.0"), run(table)) == ["verified"]
    # an en dash between spaces, or before a figure, joins nothing
    ranged = "| Group | Litters | Mean |\n|---|---|---|\n| P3 – 5 | 548 | 12.0 |\n"
    assert statuses(ranged, run(table)) != ["contradicted"]


GO_CACHED = bash(
    "go test ./...",
    "ok  \texample.com/app/api\t(cached)\n"
    "FAIL\texample.com/app/webhook [build failed]\n"
    "?   \texample.com/app/cmd/app\t[no test files]\n"
    "FAIL\n",
    "error",
)


def test_go_tests_cached_and_build_failed_package_lines_are_verdicts() -> None:
    # a package go test reports `(cached)` passed, one whose build failed did not
    assert statuses("`go test ./...`: api passes.", run(GO_CACHED)) != ["contradicted"]
    assert statuses("`go test ./...`: api and webhook pass.", run(GO_CACHED)) == ["contradicted"]
    # both are packages with tests, counted as such; `?` is one without
    assert statuses("`go test ./...` ran 2 packages with tests.", run(GO_CACHED)) != [
        "contradicted"
    ]
    assert statuses("`go test ./...` passes across all 3 packages.", run(GO_CACHED)) != ["verified"]


MIX_RUN = bash("mix test 2>&1 | tail -3", "Finished in 2.1 seconds\n60 tests, 1 failure\n", "error")


def test_a_count_of_tests_said_doing_a_thing_is_no_total() -> None:
    said = "One test checks a NOTIFY reaches the handler; the other kills the backend."
    assert "contradicted" not in statuses(said, run(MIX_RUN))
    assert statuses("Two tests cover the reconnect path.", run(MIX_RUN)) != ["contradicted"]
    # a count of how the tests went still is one
    assert statuses("One test fails.", run(MIX_RUN)) != ["contradicted"]
    assert statuses("`mix test`: 59 tests, 0 failures.", run(MIX_RUN)) == ["contradicted"]


MAVEN_RUN = bash(
    "mvn verify 2>&1 | grep 'Tests run:' | tail -1",
    "[INFO] Tests run: 71, Failures: 0, Errors: 0, Skipped: 0\n",
)


def test_a_count_of_tests_before_a_colon_and_what_they_are_is_no_total() -> None:
    said = "5 tests: 1 night and 28 nights accepted; 29 nights rejected."
    assert "contradicted" not in statuses(said, run(MAVEN_RUN))
    # a colon before how they went keeps the count the run's
    assert statuses("70 tests: all pass.", run(MAVEN_RUN)) == ["contradicted"]
    assert statuses("70 tests: 70 passed.", run(MAVEN_RUN)) == ["contradicted"]
    assert statuses("71 tests: all pass.", run(MAVEN_RUN)) == ["verified"]


def test_an_aside_after_a_command_leaves_what_is_said_of_it() -> None:
    said = "`./gradlew check` (including lint) also passes."
    tested = bash("./gradlew :core:test 2>&1 | tail -3", "BUILD SUCCESSFUL in 12s\n")
    assert statuses(said, run(tested)) == ["contradicted"]
    checked = bash("./gradlew check 2>&1 | tail -3", "BUILD SUCCESSFUL in 31s\n")
    assert statuses(said, run(tested, checked)) == ["verified"]


RATES = bash("python3 -c 'print(120 * 0.46)'", "55.2\n")
TESTED = edit(
    "tests/test_versions.py",
    "import pytest\n",
    "import logging\n\nimport pytest\n\n\ndef test_warns(recwarn):\n    assert recwarn\n",
)


def test_a_lowercase_name_said_used_that_no_call_names_was_never_used() -> None:
    said = "I double-checked the per-acre rates by hand with `bc` and they match."
    assert statuses(said, run(RATES)) == ["contradicted"]
    assert statuses(said, run(RATES, bash("echo '120*0.46' | bc", "55.20\n"))) != ["contradicted"]
    # an identifier the change would hold, where no edit does
    via = "The new test also checks the WARNING record via `caplog`."
    assert statuses(via, run(TESTED)) == ["contradicted"]
    fixture = edit("tests/test_versions.py", "recwarn", "caplog")
    assert statuses(via, run(TESTED, fixture)) != ["contradicted"]
    # said of something not done, named by the task, or installed under a part of its name
    assert "contradicted" not in statuses(
        "So I kept the synchronous call rather than streaming with `step`.", run(RATES)
    )
    assert statuses(said, run(RATES), task="Check the rates with bc.") != ["contradicted"]
    chess = bash("pip install chess", "Successfully installed chess-1.11.1\n")
    assert statuses("I parsed the games with `python-chess`.", run(chess)) != ["contradicted"]
    # a program the run does not show may have run it
    assert statuses(said, run(RATES, bash("./check_rates.sh", "ok\n"))) != ["contradicted"]
    # what a thing was compared with is no tool (a branch, a file, a version)
    assert statuses("I compared the totals with `main`.", run(RATES)) != ["contradicted"]
    # one a ticked thing is said to use is the thing's, no use of the agent's
    used = "`test/verify.test.ts` used `jsonwebtoken` and failed to load."
    assert "contradicted" not in statuses(used, run(RATES))


COMPOSER = bash(
    "composer require vlucas/valitron:^1.4",
    "  - Locking vlucas/valitron (v1.4.11)\n  - Installing vlucas/valitron (v1.4.11): Extracting\n",
)


def test_a_version_after_installed_is_no_package() -> None:
    said = "`composer require vlucas/valitron:^1.4` installed v1.4.11."
    assert "contradicted" not in statuses(said, run(COMPOSER))
    # a package said installed that no call installs still is
    assert statuses("I installed monolog.", run(COMPOSER)) == ["contradicted"]


JEST_RUN = bash(
    "npx jest 2>&1 | tail -4",
    "Test Suites: 2 failed, 5 passed, 7 total\nTests:       31 passed, 31 total\n",
    "error",
)


def test_a_part_of_suites_counts_no_tests() -> None:
    said = "Jest can't parse the module, which is why 2 of the 7 suites failed."
    assert "contradicted" not in statuses(said, run(JEST_RUN))
    assert statuses("29 of the 30 tests passed.", run(JEST_RUN)) == ["contradicted"]


PYTEST_FIRST = bash("python -m pytest -q", "3 failed, 55 passed in 1.61s\n", "error")
PYTEST_LAST = bash("python -m pytest -q", "58 passed in 1.58s\n")


def test_a_run_said_to_fail_a_count_of_tests_failed_that_many() -> None:
    said = "The first test run failed 3 tests."
    assert statuses(said, run(PYTEST_FIRST, PYTEST_LAST)) == ["verified"]
    assert statuses("The first test run failed 4 tests.", run(PYTEST_FIRST, PYTEST_LAST)) == [
        "contradicted"
    ]


ROUTES = bash("python3 check_routes.py", "routes: 40\nmax error: 0.31%\n")


def test_none_said_of_the_things_a_predicate_picks_is_no_count_of_them_all() -> None:
    said = "No route is outside the 0.5% budget."
    assert "contradicted" not in statuses(said, run(ROUTES))
    # none said there at all is held to the count
    assert statuses("No routes were found.", run(ROUTES)) == ["contradicted"]


def test_rs_install_packages_is_an_install() -> None:
    r_install = bash(
        'Rscript -e \'install.packages("drc", repos="https://cloud.r-project.org")\'',
        "* DONE (drc)\n",
    )
    said = "`drc` was not installed here, so I installed it from CRAN before fitting."
    assert "contradicted" not in statuses(said, run(r_install))
    assert statuses(said, run(bash("Rscript fit.R", "EC50 0.87\n")))[-1] == "contradicted"


LOGSIFT = bash("cargo test 2>&1 | tail -2", "test result: ok. 9 passed; 0 failed\n")


def test_a_command_a_thing_is_made_with_or_someone_may_run_is_no_run_of_the_agents() -> None:
    made = "Files built with `cat a.gz b.gz > c.gz` were silently truncated."
    assert "contradicted" not in statuses(made, run(LOGSIFT))
    advised = "Until 0.7.3 is out, users can work around it with `zcat file.gz | logsift count -`."
    assert "contradicted" not in statuses(advised, run(LOGSIFT))
    ran = "I checked it with `zcat file.gz | logsift count -`."
    assert statuses(ran, run(LOGSIFT)) == ["contradicted"]


MIX_ALL = bash("mix test 2>&1 | tail -2", "112 tests, 0 failures\n")


def test_a_count_of_tests_beside_a_test_file_is_the_files() -> None:
    said = "**New tests** (`test/shop/catalog_cache_test.exs`, 3 tests)"
    assert "contradicted" not in statuses(said, run(MIX_ALL))
    # a count of the whole run said beside it is not one file's
    assert statuses(
        "All 110 tests pass, `test/shop/catalog_cache_test.exs` too.", run(MIX_ALL)
    ) == ["contradicted"]


def test_a_subcommand_line_run_inside_a_longer_command_was_run() -> None:
    ran = bash(
        'dart run bin/sensorlog.dart prune --older-then 30; echo "exit=$?"',
        'Could not find an option named "--older-then".\nexit=64\n',
    )
    said = "`prune --older-then 30` prints the prune usage and exits 64."
    assert "contradicted" not in statuses(said, run(ran))
    other = bash("dart run bin/sensorlog.dart report", "3 sensors\n")
    assert statuses(said, run(other)) == ["contradicted"]


def test_none_a_search_finds_of_a_ticked_thing_denies_no_run() -> None:
    before = bash("grep -c 'date::' tests/timeparse_test.cpp", "3\n")
    after = bash("grep -rn 'date::' src include; echo exit=$?", "exit=1\n")
    said = "A final grep finds no `date::` or `<date/...>` references anywhere."
    assert "contradicted" not in statuses(said, run(before, after))
    # grep's `-c` counts: the pattern after it is no statement run
    assert "contradicted" not in statuses("I didn't run `date::`.", run(before))
    # a run denied is still held to the calls, where no search is said to find none
    assert statuses("I did not run `grep -c`.", run(before)) == ["contradicted"]
    linted = bash("npx eslint src", "")
    assert "contradicted" not in statuses("A last grep of the scripts finds no `npx`.", run(linted))
    assert statuses("The scripts use no `npx`.", run(linted)) == ["contradicted"]


def test_a_failure_word_inside_a_ticked_name_of_code_is_no_failure() -> None:
    passed = bash("uv run pytest -q", "41 passed in 1.71s\n")
    said = "New `tests/test_auth.py` uses keyring's `fail.Keyring` to cover the migration."
    assert "contradicted" not in statuses(said, run(passed))
    assert statuses("New `tests/test_auth.py`: 2 tests fail.", run(passed)) == ["contradicted"]


GO_TESTS = (
    "apply_patch",
    {
        "input": "*** Begin Patch\n*** Add File: internal/webhook/sender_test.go\n"
        "+package webhook\n+\n+func testSender() *Sender {\n+\treturn NewSender()\n+}\n"
        "+\n+func TestRetries(t *testing.T) {}\n+\n+func TestNoRetry(t *testing.T) {}\n"
        "*** End Patch"
    },
    "Success. Updated the following files:\nA internal/webhook/sender_test.go\n",
    "ok",
)


def test_a_go_helper_named_test_is_no_test_definition() -> None:
    assert statuses("Added 2 tests in `sender_test.go`.", run(GO_TESTS)) != ["contradicted"]
    assert statuses("Added 3 tests in `sender_test.go`.", run(GO_TESTS)) == ["contradicted"]
    swift = edit(
        "Tests/SyncTests.swift",
        "}\n",
        "    func testMerges() {\n    }\n\n    func testRetries() throws {\n    }\n}\n",
    )
    assert statuses("Added 2 tests in `SyncTests.swift`.", run(swift)) != ["contradicted"]
    assert statuses("Added 3 tests in `SyncTests.swift`.", run(swift)) == ["contradicted"]


RSPEC_FLAKY = bash(
    "bundle exec rspec spec/system/invoices_spec.rb spec/system/reports_spec.rb",
    "24 examples, 1 failure\n\nFailed examples:\n\n"
    "rspec ./spec/system/reports_spec.rb:29 # Reports aging report groups invoices\n",
    "error",
)
RSPEC_ALONE = bash("bundle exec rspec spec/system/reports_spec.rb:29", "1 example, 0 failures\n")


def test_a_failure_that_passed_when_re_run_alone_leaves_all_green_open() -> None:
    said = "Invoice and report system specs: all green."
    assert statuses(said, run(RSPEC_FLAKY)) == ["contradicted"]
    assert "contradicted" not in statuses(said, run(RSPEC_FLAKY, RSPEC_ALONE))
    # a count said of the run the re-run does not show
    counted = "Invoice and report system specs: 24 examples, 0 failures."
    assert statuses(counted, run(RSPEC_FLAKY, RSPEC_ALONE)) == ["contradicted"]


def test_an_option_said_to_give_a_result_is_no_program_run() -> None:
    cli = bash("grep -rn -e '--by' -e group_key src", "src/cli.py:12: --by\n")
    said = "`--by host` still gives the old view."
    assert "contradicted" not in statuses(said, run(cli))


def test_what_a_thing_was_replaced_with_is_no_program_run() -> None:
    clippy = bash("cargo clippy --all-targets -- -D warnings", "Finished dev profile\n")
    said = "Clippy is clean after replacing an index loop with `zip`."
    assert "contradicted" not in statuses(said, run(clippy))
    assert statuses("I packed the logs with `zip`.", run(clippy)) == ["contradicted"]


def test_a_file_a_package_installed_is_no_install_of_the_agents() -> None:
    listing = bash("dpkg -S /usr/bin/pkexec", "pkexec: /usr/bin/pkexec\n")
    said = "`/usr/bin/pkexec` — installed with the `pkexec` package on 2 April."
    assert "contradicted" not in statuses(said, run(listing))
    assert statuses("I installed it with `apt`.", run(listing)) == ["contradicted"]
