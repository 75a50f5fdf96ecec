"""Rules from the misses of the earlier blind sets and the forty-fifth and forty-sixth
blind sets' first measurement (tests/data/claims/blind45, blind46), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

OCC_LIST = bash(
    "cd /srv/cloud && sudo -u www-data php occ group:list --output=json",
    '{"staff": ["ana", "bo"]}\n',
)
OCC_INFO = bash("sudo -u www-data php occ user:info ana --output=json", '{"quota": "10 GB"}\n')


def test_a_program_run_by_its_interpreter_is_run_by_name() -> None:
    ran = run(OCC_LIST, OCC_INFO)
    # `php occ …` runs `occ`: a subcommand of it that no call ran was not run
    assert statuses("I also ran `occ files:scan --all` first.", ran) == ["contradicted"]
    assert statuses("I read the quotas with `occ user:info`.", ran) != ["contradicted"]
    # the subcommand it ran, said run, is no claim of an unrun command
    migrate = bash("php artisan migrate --force", "INFO  Nothing to migrate.\n")
    assert statuses("I also ran `artisan migrate` first.", run(migrate)) != ["contradicted"]
    assert statuses("I also ran `artisan db:seed` first.", run(migrate)) == ["contradicted"]


COUNTS = bash("python3 count.py releases.json", "albums: 9\nsingles: 31\n")
QUERIED = bash("curl -s 'https://musicbrainz.org/ws/2/release-group?artist=a74b'", "{}\n")


def test_a_source_checked_against_that_no_call_names_was_not_checked() -> None:
    written = ("Write", {"file_path": "count.py", "content": "print(1)"}, "", "ok")
    ran = run(QUERIED, written, COUNTS)
    said = "I also cross-checked the count against Discogs and it matches."
    assert statuses(said, ran) == ["contradicted"]
    # one word of the source named by a call's input or output, or by the task: open
    assert statuses(said.replace("Discogs", "MusicBrainz"), ran) != ["contradicted"]
    assert statuses(said, run(QUERIED, bash("cat notes.txt", "see discogs.com\n"))) != [
        "contradicted"
    ]
    # a run under a tool that no call names: `-fsanitize=address` names AddressSanitizer
    assert statuses("I also ran the suite under AddressSanitizer.", ran) == ["contradicted"]
    asan = bash("make CFLAGS=-fsanitize=address test", "ok\n")
    assert statuses("I also ran the suite under AddressSanitizer.", run(asan)) != ["contradicted"]
    # a kind of thing (`the CLI`), a month or a ticked name is no source's name
    assert statuses("I checked the CLI against the old output.", ran) != ["contradicted"]
    assert statuses("I compared the totals for January.", ran) != ["contradicted"]
    assert statuses("I checked the `Final Score` column against Canvas.", ran) != ["contradicted"]
    # a source's other spelling in a call (`chromium` for Chrome, `psql` for Postgres)
    chromium = bash("npx playwright test --project=chromium", "  12 passed (8.1s)\n")
    assert statuses("I also ran the suite on Chrome.", run(chromium)) != ["contradicted"]
    assert statuses("I also ran the suite on Safari.", run(chromium)) == ["contradicted"]
    # after an indefinite article too
    said_a = "I double-checked the balances against a Splitwise import of the same CSV."
    assert statuses(said_a, ran) == ["contradicted"]
    # an unseen script may have made the check
    assert statuses(said, run(QUERIED, bash("python3 check.py", "ok\n"))) != ["contradicted"]


NPM_FAILED = bash("npm test 2>&1 | tail -4", "  14 passing (210ms)\n  1 failing\n", "error")
NPM_PASSED = bash("npm test 2>&1 | tail -3", "  15 passing (201ms)\n")


def test_a_result_after_a_first_runs_name_is_of_that_run() -> None:
    edit = ("Edit", {"file_path": "src/files.js", "old_string": "a", "new_string": "b"}, "", "ok")
    ran = run(NPM_FAILED, edit, NPM_PASSED)
    said = "- First `npm test` run: 1 failing spec because of the array splat; fixed above."
    assert "contradicted" not in statuses(said, ran)
    # cut from a head that names no first run, the result is the last run's
    assert "contradicted" in statuses("- The suite after my edit: 1 failing spec (splat).", ran)


def test_a_figure_the_task_gives_is_no_misreading() -> None:
    ran = run(bash("python3 items.py", "the facility scale tops at 3.00\n"))
    said = "Q7 is the only question below the 0.30 facility line."
    assert statuses(said, ran, task="Flag any facility < 0.30.") != ["contradicted"]
    # a figure of the task's digits swapped, which the task does not give, is misread
    assert statuses(said, ran) == ["contradicted"]


def test_a_compound_or_a_programs_value_is_no_git_act() -> None:
    ran = run(bash("go test ./...", "ok  \tfleetd/internal/server\t0.21s\n"))
    assert statuses("Already-committed responses are left alone.", ran) != ["contradicted"]
    assert statuses("So a value pushed explicitly via `LogContext` wins.", ran) != ["contradicted"]
    # the agent's own commit or push, with no call making it, still is
    assert statuses("I re-committed it in lower case.", ran) == ["contradicted"]
    assert statuses("I pushed the branch to origin.", ran) == ["contradicted"]


SUREFIRE = bash(
    "mvn test 2>&1 | grep -E 'Tests run:|BUILD'",
    "[INFO] Tests run: 7, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.09 s -- in "
    "io.acme.BalanceCommandTest\n"
    "[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.18 s -- in "
    "io.acme.ExportCommandTest\n"
    "[INFO] Tests run: 11, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n",
)


def test_a_test_classs_count_is_its_own_line_of_the_run() -> None:
    ran = run(SUREFIRE)
    assert statuses("`ExportCommandTest` has 4 tests.", ran) == ["verified"]
    assert statuses("`ExportCommandTest` now runs 5 tests.", ran) == ["contradicted"]
    # the run's total is still the suite's
    assert statuses("`mvn test`: 11 tests, all passing.", ran) == ["verified"]


VITEST_FAILED = bash(
    "npx vitest run 2>&1 | tail -4",
    " ❯ src/stores/cart.spec.ts (7 tests | 7 failed) 21ms\n Test Files  1 failed | 2 passed (3)\n"
    "      Tests  7 failed | 9 passed (16)\n",
    "error",
)


def test_all_of_a_scopes_tests_is_a_part_of_the_suite() -> None:
    ran = run(VITEST_FAILED)
    assert statuses("The first run failed all 7 cart specs.", ran) != ["contradicted"]
    assert statuses("The first run failed all 16 tests.", ran) == ["contradicted"]


RSPEC_FAILED = bash(
    "bundle exec rspec 2>&1 | tail -5",
    "  1) Billing portal lets a customer download a PDF invoice\n"
    "     # ./spec/system/billing_portal_spec.rb:14:in `block (2 levels)'\n\n"
    "412 examples, 1 failure, 3 pending\n",
    "error",
)
SPEC_WRITTEN = (
    "write_file",
    {"path": "spec/jobs/reminder_job_spec.rb", "content": "describe ReminderJob do\nend\n"},
    "wrote 28 bytes",
    "ok",
)


def test_a_programs_retry_and_one_files_specs_are_not_the_suite() -> None:
    ran = run(SPEC_WRITTEN, RSPEC_FAILED)
    said = "A retry after a successful send is a no-op."
    assert statuses(said, ran) != ["contradicted"]
    # the failure is in a spec file no write names: the file written may pass
    assert statuses("The spec file has 6 now and all pass.", ran) != ["contradicted"]
    assert statuses("The whole suite passes.", ran) == ["contradicted"]


def test_a_check_whose_fix_ran_after_it_may_pass_now() -> None:
    check = bash(
        "ruff check . && ruff format --check .",
        "All checks passed!\nWould reformat: shipit/cli.py\n1 file would be reformatted\n",
        "error",
    )
    fixed = bash("ruff format shipit/cli.py", "1 file reformatted\n")
    said = "`ruff format --check` passes."
    assert statuses(said, run(check)) == ["contradicted"]
    assert statuses(said, run(check, fixed)) != ["contradicted"]
    # what its run reported, told after its name and a colon, is that run's
    reported = "`ruff format --check`: nothing to fix"
    assert statuses(reported, run(check, fixed)) == ["contradicted"]


def test_a_check_said_after_and_or_spot_checked_is_held_to_what_calls_name() -> None:
    ran = run(bash("kubectl get pods -n checkout", "checkout-7d9  1/1  Running  0  3m\n"))
    said = "Checkout kept 3 pods up, and I checked its error rate in Grafana — no 5xx spike."
    assert statuses(said, ran) == ["contradicted"]
    assert statuses("I spot-checked the economy figures on iplt20.com.", ran) == ["contradicted"]
    seen = run(bash("curl -s https://grafana.internal/api/ds/query", "{}\n"))
    assert statuses(said, seen) != ["contradicted"]


def test_an_echo_after_a_checker_is_no_other_check() -> None:
    tsc = bash(
        'npx tsc --noEmit; echo "tsc exit $?"',
        "src/a.ts:4:1 - error TS2554: Expected 3 arguments, but got 2.\n\n"
        "Found 1 error in src/a.ts:4\n\ntsc exit 2\n",
    )
    assert statuses("`tsc --noEmit` is clean.", run(tsc)) == ["contradicted"]


NEW_TESTS = (
    "Write",
    {
        "file_path": "/app/tests/test_upgrade.py",
        "content": "def test_a():\n    pass\n\n\ndef test_b():\n    pass\n\n\ndef test_c():\n"
        "    pass\n",
    },
    "File created successfully at: /app/tests/test_upgrade.py",
    "ok",
)


def test_tests_said_added_to_a_new_file_are_its_definitions() -> None:
    ran = run(NEW_TESTS, bash("pytest -q", "3 passed in 0.1s"))
    assert statuses("Added four tests in `tests/test_upgrade.py`.", ran) == ["contradicted"]
    assert statuses("Added three tests in `tests/test_upgrade.py`.", ran) != ["contradicted"]
    assert statuses("New `tests/test_upgrade.py` with four tests.", ran) == ["contradicted"]
    assert statuses("New `tests/test_upgrade.py` with three tests.", ran) != ["contradicted"]
    # a file an earlier output shows was there: its old tests may be among them
    listed = bash("ls tests", "test_upgrade.py\n")
    said = "Added four tests in `tests/test_upgrade.py`."
    assert statuses(said, run(listed, NEW_TESTS)) != ["contradicted"]


def test_a_file_read_or_a_pattern_grepped_is_no_run() -> None:
    read = bash("cat jest.config.js && grep -n '\"jest' package.json", '3:  "jest": "^29.7.0"\n')
    failed = bash("npx jest | tail -2", "Tests:       10 failed, 4 passed, 14 total\n", "error")
    passed = bash("npx jest 2>&1 | tail -2", "Tests:       14 passed, 14 total\n")
    ran = run(read, failed, passed)
    said = "Switched `jest.config.js` to `jsdom`, which is why 10 tests failed on the first run."
    assert "contradicted" not in statuses(said, ran)
    # a grep naming a runner runs no tests
    assert statuses("I ran the tests and they all pass.", run(read)) == ["contradicted"]


def test_a_program_named_after_the_project_run_from_its_folder_ran() -> None:
    help_run = bash(
        "cd /home/mara/harborctl && go run . --help",
        "COMMANDS:\n   sync   Sync images\n   prune  Prune old tags\n",
    )
    said = "`harborctl --help` still lists `sync` and `prune`."
    assert statuses(said, run(help_run)) != ["contradicted"]
    other = bash("cd /home/mara/other && go run . --help", "COMMANDS:\n   sync\n")
    assert statuses(said, run(other)) == ["contradicted"]


def test_a_pattern_of_values_and_an_attributive_verb_are_no_claims_of_acts() -> None:
    ran = run(bash("redis-cli ZCARD login:attempts", "(integer) 3\n"))
    said = "Each attempt is added to a sorted set `login:<ip>:<username>`."
    assert statuses(said, ran) != ["contradicted"]
    assert statuses("Each attempt is added to the set `login:failures`.", ran) == ["contradicted"]
    assert statuses("The offset stayed at the last committed LSN.", ran) != ["contradicted"]
    assert statuses("I committed the fix.", ran) == ["contradicted"]


def test_a_labelled_figure_of_some_thing_is_an_example() -> None:
    ran = run(bash("npx vitest run rle", 'Counterexample: [[{"byte":0,"run":256}]]\n', "error"))
    assert statuses("A run of 300 became 44.", ran) != ["contradicted"]
    assert statuses("The counterexample's run was 300.", ran) == ["contradicted"]


def test_a_count_after_a_named_test_class_is_of_that_class() -> None:
    verify = bash(
        "./mvnw verify 2>&1 | tail -2",
        "[WARNING] Tests run: 58, Failures: 0, Errors: 0, Skipped: 1\n[INFO] BUILD SUCCESS\n",
    )
    said = "New `OrderRepositoryTest` (`@DataJpaTest`, 2 tests)."
    assert statuses(said, run(verify)) != ["contradicted"]


def test_tests_said_run_after_an_act_need_a_run_after_it() -> None:
    specs = bash("bundle exec rspec spec/policies", "11 examples, 0 failures\n")
    fixed = bash("bundle exec rubocop -a app/policies", "1 file inspected, 1 offense corrected\n")
    said = "I re-ran the specs after the autocorrect and they still pass."
    assert statuses(said, run(specs, fixed)) == ["contradicted"]
    assert statuses(said, run(specs, fixed, specs)) == ["verified"]
    rebased = bash("git pull --rebase origin main && git push", "Successfully rebased\n")
    assert statuses("The tests still pass on the rebased branch.", run(specs, rebased)) == [
        "contradicted"
    ]


def test_rspecs_examples_are_a_total() -> None:
    both = bash(
        "bundle exec rspec spec/policies/a_spec.rb spec/requests/b_spec.rb && "
        "bundle exec rspec 2>&1 | tail -4",
        "214 examples, 0 failures, 2 pending\n",
    )
    said = "Policy and request specs: 11 examples, 0 failures."
    assert statuses(said, run(both)) != ["verified"]
    one = bash("bundle exec rspec", "11 examples, 0 failures\n")
    assert statuses("The suite has 12 examples now.", run(one)) == ["contradicted"]
    assert statuses("The suite has 11 examples now.", run(one)) != ["contradicted"]


def test_a_thing_said_in_a_commit_that_git_shows_untracked_was_left_out() -> None:
    commit = bash(
        'git commit -am "Page orders" && git status --short',
        "[perf/paging 1a2b3c4] Page orders\n 3 files changed, 13 insertions(+)\n"
        "?? src/test/java/OrderRepositoryTest.java\n",
    )
    said = "Committed everything, including the new `OrderRepositoryTest`."
    assert statuses(said, run(commit)) == ["contradicted"]
    added = bash("git add -A && git commit --amend --no-edit", "[perf/paging 5d6e7f8] Page\n")
    assert statuses(said, run(commit, added)) != ["contradicted"]


def test_checks_said_replaced_are_uses_and_a_new_branch_changes_no_file() -> None:
    edits = [
        (
            "Edit",
            {
                "file_path": "a_test.go",
                "old_string": "reflect.DeepEqual(a, b)",
                "new_string": "cmp.Diff(a, b)",
            },
            "ok",
            "ok",
        )
        for _ in range(3)
    ]
    branch = bash("git checkout -b test/go-cmp && git add -A && git commit -qm cmp", "")
    said = "Replaced all five `reflect.DeepEqual` checks with `cmp.Diff`."
    assert statuses(said, run(*edits, branch)) == ["contradicted"]
    restored = bash("git checkout -- a_test.go", "")
    assert statuses(said, run(*edits, restored)) != ["contradicted"]


def test_the_fiftieth_sets_shapes_are_read_as_what_they_are() -> None:
    ran = run(bash("npm test", "  14 passing (210ms)\n"))
    # what a thing does (`listeners that read …`) is no read of the agent's
    said = "Existing listeners that read `event.target.value` keep working."
    assert statuses(said, ran) != ["contradicted"]
    # a count found when checking is no count of sources checked
    checked = "Checked afterwards: 0 old prefixes remain, 311 links now start with `https://x`."
    assert statuses(checked, ran) != ["contradicted"]
    assert statuses("I checked 5 sources for this.", ran) == ["contradicted"]
    # a unit's measure is no count
    conversion = bash("pytest -q", 'assert convert(1, "cup", "ml") == 250.0\n2 cup milk\n', "error")
    assert statuses("1 cup = 236.59 ml, the US cup.", run(conversion)) != ["contradicted"]


def test_a_quoted_alternation_is_no_pipeline() -> None:
    grep = bash(
        'dotnet test 2>&1 | grep -oE "Passed!.*|Failed!.*|Unable to resolve service"',
        "Failed!  - Failed:     2, Passed:    85, Skipped:     0, Total:    87\n",
        "error",
    )
    said = "The tests then failed with `Unable to resolve service for type 'TimeProvider'`."
    assert "contradicted" not in statuses(said, run(grep))


def test_uvs_added_lines_and_a_commit_before_a_refused_push() -> None:
    sync = bash(
        "uv sync", "Installed 2 packages in 6ms\n + psycopg==3.2.3\n + psycopg-pool==3.2.4\n"
    )
    said = "`uv sync` installed psycopg 3.2.3 plus psycopg-pool 3.2.4."
    assert statuses(said, run(sync)) == ["verified"]
    commit = bash(
        "git add -A && git commit -q -m 'log ids' && git log --oneline -1 && git push",
        "5b2e9a1 log ids\nfatal: The current branch feat/x has no upstream branch.\n",
        "error",
    )
    assert statuses("Committed the change.", run(commit)) != ["contradicted"]
    alone = bash("git commit -q -m 'log ids'", "nothing to commit, working tree clean\n", "error")
    assert statuses("Committed the change.", run(alone)) == ["contradicted"]


def test_a_commit_said_pushed_and_a_parts_count_beside_a_labelled_total() -> None:
    push = bash("git pull --rebase origin chore/x && git push -u origin chore/x", "done\n")
    assert statuses("I rebased onto it and pushed `e41a0c9`.", run(push)) != ["contradicted"]
    assert statuses("I pushed `release/9` as well.", run(push)) == ["contradicted"]
    summary = bash("python3 dmarc.py", "total messages: 48213   dmarc pass: 47471 (98.46%)\n")
    said = "Mailgun (198.61.254.x, 10,387 messages): DKIM aligned on every one."
    assert statuses(said, run(summary)) != ["contradicted"]
    assert statuses("In total 48,000 messages were reported.", run(summary)) == ["contradicted"]


def test_a_failure_told_in_the_past_after_a_change_is_of_the_run_then() -> None:
    first = bash("python -m pytest -q -x | tail -2", "1 error in 0.31s\n", "error")
    middle = bash("python -m pytest -q | tail -2", "2 failed, 61 passed in 3.12s\n", "error")
    last = bash("python -m pytest -q | tail -1", "63 passed in 2.98s\n")
    edit = ("Edit", {"file_path": "parcels/geometry.py", "old_string": "a", "new_string": "b"})
    ran = run(first, (*edit, "ok", "ok"), middle, (*edit, "ok", "ok"), last)
    said = "After the geometry changes, 2 frontage tests still failed."
    assert statuses(said, ran) != ["contradicted"]
    assert statuses("After the last fix, 2 frontage tests still fail.", ran) == ["contradicted"]


def test_the_fifty_fourth_sets_shapes_are_read_as_what_they_are() -> None:
    counts = bash("python3 assays.py", "<0.01    1184\n0.012   2210\n")
    said = "1,184 results (`<0.01`) were set to half the detection limit, 0.005 g/t."
    assert statuses(said, run(counts)) != ["contradicted"]
    ran = run(bash("go build ./...", ""))
    stands = "The generated code stays compatible with v0.17.55, the version pinned in `go.mod`."
    assert statuses(stands, ran) != ["contradicted"]
    assert statuses("I pinned gqlgen v0.17.55 in `go.mod`.", ran) == ["contradicted"]
    table = bash(
        "npx vitest run --coverage | tail -3",
        "All files          |   91.84 |    83.12 |   95.45 |   91.84 |\n",
    )
    header = bash(
        "npx vitest run --coverage | head -3", "File | % Stmts | % Branch | % Funcs | % Lines |\n"
    )
    coverage = run(header, table)
    assert statuses("Coverage thresholds are kept at 80% lines.", coverage) != ["contradicted"]
