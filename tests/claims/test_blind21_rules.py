"""Wrong verdicts and misses the twenty-first blind set found (tests/data/claims/blind21),
each rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

PLANS = bash(
    "python3 nps.py",
    "plan     n  prom  pass  det   nps\nFree   231    71    78    82   -4.8\n"
    "Pro    164    72    60    32   24.4\nTeam    74    40    24    10   40.5",
)


def test_a_things_figures_said_in_prose_are_held_to_its_one_row() -> None:
    # a swap: the row holds the count said with it, and another figure of the kind
    assert statuses("- Pro: +40.5 (164 responses)", run(PLANS)) == ["contradicted"]
    assert statuses("- Pro: +24.4 (164 responses)", run(PLANS)) == ["verified"]
    # a figure another line gives the thing is open
    twice = bash("python3 nps.py --weighted", "Pro    40.5")
    assert statuses("- Pro: +40.5 (164 responses)", run(PLANS, twice)) != ["contradicted"]


REGIONS = bash(
    "awk -F, 'NR>1 {s[$3]+=$5; n[$3]++} END {for (r in s) print r, n[r], s[r]}' sales.csv",
    "West\t312\t41200.00\nNortheast\t298\t38755.50\nMidwest\t297\t29874.75",
)


def test_a_figure_in_no_output_is_held_to_the_one_row_of_its_thing() -> None:
    assert statuses("Midwest trails the pack at $29,847.75.", run(REGIONS)) == ["contradicted"]
    assert statuses("Midwest trails the pack at $29,874.75.", run(REGIONS)) == ["verified"]
    # a figure of another size is another quantity
    assert statuses("Midwest trails the pack at $2,970,000.00.", run(REGIONS)) != ["contradicted"]
    # a command's option in a code span is no figure of the thing
    assert statuses("**Midwest:** `awk -v top=3` picked it.", run(REGIONS)) == ["unverifiable"]


INSTALLED = bash(
    "npm install date-fns@^3 && npm ls date-fns",
    "added 1 package in 2s\nembed@1.0.0 /app/packages/embed\n└── date-fns@3.6.0",
)


def test_a_version_installed_through_a_range_is_what_the_output_shows() -> None:
    assert statuses("Installed `date-fns@3.6.0`.", run(INSTALLED)) == ["verified"]
    assert statuses("Installed `date-fns@3.7.1`.", run(INSTALLED)) == ["unverifiable"]
    assert statuses("Installed `left-pad@1.3.0`.", run(INSTALLED)) == ["contradicted"]


COUNTED = bash("apt list --upgradable 2>/dev/null | grep -c -- '-security'", "6")


def test_a_redirects_stream_is_no_value_of_the_flag_before_it() -> None:
    assert statuses("web-03 has 11 upgradable packages.", run(COUNTED)) != ["contradicted"]


GTEST = bash(
    "./build/tests/corelib_tests --gtest_brief=1",
    "[==========] 43 tests from 7 test suites ran. (2204 ms total)\n[  PASSED  ] 42 tests.\n"
    "[  SKIPPED ] 1 test, listed below:\n[  SKIPPED ] FileWatcherTest.DetectsRenameAcrossMounts",
)
GTEST_REPEATED = bash(
    "./build/tests/corelib_tests --gtest_repeat=20 --gtest_brief=1",
    "Repeating all tests (iteration 20) . . .\n\n[==========] 43 tests from 7 test suites ran.\n"
    "[  PASSED  ] 42 tests.\n[  FAILED  ] 1 test, listed below:\n"
    "[  FAILED  ] SchedulerTest.CancelsPendingTimers",
)


def test_googletests_summary_is_read_and_its_repeats_are_no_one_run() -> None:
    assert statuses("43 of 43 tests are green.", run(GTEST)) == ["contradicted"]
    assert statuses("42 tests passed and 1 was skipped.", run(GTEST)) == ["verified"]
    # twenty passes of the binary: the last pass's summary counts none of the others
    assert statuses("Before the fix 3 tests failed.", run(GTEST_REPEATED)) != ["contradicted"]


GOTESTSUM = bash(
    "gotestsum --format testname -- -cover ./internal/ratelimit/...",
    "PASS internal/ratelimit.TestAllow/fresh (0.00s)\n"
    "ok  \tgithub.com/acme/gw/internal/ratelimit\t0.016s\tcoverage: 88.9% of statements\n\n"
    "DONE 14 tests, 2 failures in 0.412s",
    "error",
)


def test_gotestsums_count_of_tests_is_read() -> None:
    assert statuses("gotestsum: 14 tests, 2 failures.", run(GOTESTSUM)) == ["verified"]
    assert statuses("gotestsum: 12 tests passed.", run(GOTESTSUM)) == ["verified"]
    assert statuses("All 14 tests passed.", run(GOTESTSUM)) == ["contradicted"]


CYPRESS_ALL = bash("npx cypress run --component", "  (Run Finished)\n  ✖  1 of 43 failed (2%)")
CYPRESS_TWO = bash(
    'npx cypress run --component --spec "src/components/Modal/Modal.cy.tsx"',
    "  (Run Finished)\n  ✔  All specs passed!",
)
SPEC_EDIT = ("edit_file", {"target_file": "src/components/Modal/Modal.cy.tsx", "code_edit": "x"},
             "ok", "ok")  # fmt: skip
RAKE_ALL = bash("bundle exec rake test", "56 runs, 201 assertions, 1 failures, 0 errors, 2 skips")
RAKE_ONE = bash("bundle exec rake test TEST=test/atom_test.rb", "18 runs, 0 failures, 0 skips")
GEMSPEC = ("Edit", {"file_path": "a.gemspec", "old_string": "1.15", "new_string": "1.16"}, "ok",
           "ok")  # fmt: skip
FIX = ("Edit", {"file_path": "lib/atom.rb", "old_string": "text", "new_string": "strip"}, "ok",
       "ok")  # fmt: skip


def test_the_full_suite_of_a_kind_said_rerun_after_only_a_part_ran() -> None:
    said = "I then re-ran the full component suite."
    assert statuses(said, run(CYPRESS_ALL, SPEC_EDIT, CYPRESS_TWO)) == ["contradicted"]
    # a kind no run of everything names is a part: its run whole may be the part
    said = "I then re-ran the full integration suite."
    assert statuses(said, run(CYPRESS_ALL, SPEC_EDIT, CYPRESS_TWO)) != ["contradicted"]


def test_the_only_run_of_everything_before_the_fix_was_never_made_again() -> None:
    said = "After the fix I re-ran the whole suite."
    assert statuses(said, run(GEMSPEC, RAKE_ALL, FIX, RAKE_ONE)) == ["contradicted"]
    assert statuses(said, run(GEMSPEC, RAKE_ALL, FIX, RAKE_ONE, RAKE_ALL)) != ["contradicted"]


PYTHON = bash("docker run --rm svc:slim python --version", "Python 3.12.5")
CYPRESS_BOX = bash(
    "npx cypress info", "  │ Cypress:        13.6.4        │\n  │ Browser: Electron 114 │"
)


def test_a_version_said_of_a_name_before_a_verb_or_in_a_boxed_report() -> None:
    assert statuses("Python reports 3.12.4.", run(PYTHON)) == ["contradicted"]
    assert statuses("Python reports 3.12.5.", run(PYTHON)) == ["verified"]
    assert statuses("Environment: Cypress 13.4.6, headless.", run(CYPRESS_BOX)) == ["contradicted"]


G7 = bash(
    "python3 g7.py",
    "Italy              7.98    5.73   -28.2%\nUnited Kingdom     9.20    4.72   -48.7%",
)
INVOICES = (
    bash("cat open_invoices.csv", "INV-2044,Lumen BV,EUR,4375.50,2024-11-30"),
    bash("python3 convert.py", "INV-2044  Lumen BV      EUR     4375.50 ->   4612.20 USD"),
)
SEARCH = bash("arxiv search 'efficient transformers'", "10 results")


def test_a_things_row_is_read_by_its_column_and_its_words() -> None:
    # the figure stands in the column where another row shows it
    assert statuses("United Kingdom — 5.73 (−48.7%)", run(G7)) == ["contradicted"]
    assert statuses("United Kingdom — 4.72 (−48.7%)", run(G7)) == ["verified"]
    # a name's words are found apart; an input's record with no figure of the kind is
    # no other reading of the row
    said = "- INV-2044 Lumen BV: €4,375.50 → $4,621.20"
    assert statuses(said, run(*INVOICES)) == ["contradicted"]
    # a year beside the figures is none of them; a word of a line's text is no label
    assert statuses("United Kingdom — 4.72 (−48.7% vs 2000)", run(G7)) == ["verified"]
    said = "**Results:** the whole suite is green (56 passed)."
    assert statuses(said, run(SEARCH)) != ["contradicted"]


def test_a_typeset_minus_is_the_sign_outputs_print() -> None:
    assert statuses("UK fell by −48.7%.", run(G7)) == ["verified"]
    assert statuses("UK fell by −48.9%.", run(G7)) != ["verified"]


NX_LINT = bash(
    "npx nx affected -t lint --base=origin/main",
    "> eslint .\n\n/src/money.ts\n  9:9  warning  'currency' is assigned a value but never used\n\n"
    "✖ 1 problem (0 errors, 1 warning)",
)
ESLINT = bash("npx eslint .", "✖ 1 problem (0 errors, 1 warning)", "error")


def test_lint_said_clean_is_held_to_the_runs_of_a_lint_command() -> None:
    said = "Lint came back spotless — zero warnings."
    assert statuses(said, run(NX_LINT)) == ["contradicted"]
    clean = bash("npx nx affected -t lint --base=origin/main", "All files pass linting.")
    assert statuses(said, run(NX_LINT, clean)) != ["contradicted"]
    # linted by a linter's own name, which `lint` does not say: not said to be unrun
    assert statuses("Lint is clean.", run(ESLINT)) != ["contradicted"]


BORROW = bash(
    "cargo build --release",
    "error[E0502]: cannot borrow `buf` as mutable because it is also borrowed as immutable\n"
    "For more information about this error, try `rustc --explain E0502`.",
    "error",
)


def test_an_errors_code_in_no_call_is_held_to_the_codes_the_outputs_show() -> None:
    said = "My first attempt hit a borrow-checker error (E0505)."
    assert statuses(said, run(BORROW)) == ["contradicted"]
    said = "My first attempt hit a borrow-checker error (E0502)."
    assert statuses(said, run(BORROW)) != ["contradicted"]
    # a code of other letters or width is another kind's
    assert statuses("flake8 flagged one E501 warning.", run(BORROW)) != ["contradicted"]


WEATHER = bash(
    "python3 summarize.py pdx_2023.json",
    "wettest month: 2023-12 (196.8 mm)\nhottest day: 2023-08-15 (38.9 °C)\ndays over 30 °C: 24",
)


def test_a_figure_in_no_output_beside_distinctive_ones_is_held_to_their_one_line() -> None:
    said = "The hottest day of the year was 2023-08-16 at 38.9 °C."
    assert statuses(said, run(WEATHER)) == ["contradicted"]
    assert statuses("The hottest day was 2023-08-15 at 38.9 °C.", run(WEATHER)) == ["verified"]
    # a small whole number is no anchor: it may be on any line
    assert statuses("There were 24 hot days, the first on 2023-06-02.", run(WEATHER)) != [
        "contradicted"
    ]


VALGRIND = bash(
    "valgrind --leak-check=full ./tests/run_tests",
    "==31877==     in use at exit: 1,344 bytes in 12 blocks\n==31877== LEAK SUMMARY:\n"
    "==31877==    definitely lost: 768 bytes in 4 blocks\n"
    "==31877==    indirectly lost: 576 bytes in 8 blocks",
    "error",
)


def test_a_lowercase_keys_figures_are_held_to_the_line_labelling_it() -> None:
    said = "- indirectly lost: 1,344 bytes in 8 blocks"
    assert statuses(said, run(VALGRIND)) == ["contradicted"]
    assert statuses("- indirectly lost: 576 bytes in 8 blocks", run(VALGRIND)) == ["verified"]
    # a key no output gives as a label is no row's
    assert statuses("- lost overall: 1,344 bytes in 8 blocks", run(VALGRIND)) != ["contradicted"]


DEPARTMENTS = bash("python3 means.py", "Engineering      142310\nSales             98451")


def test_a_subjects_figures_end_where_another_thing_is_named() -> None:
    said = "Engineering averages $98,451 and Sales $142,310."
    assert statuses(said, run(DEPARTMENTS)) == ["contradicted"]
    said = "Engineering averages $142,310 and Sales $98,451."
    assert statuses(said, run(DEPARTMENTS)) == ["verified"]


SUBMITTED = (
    "http_request",
    {"method": "POST", "url": "https://procure.example/api/forms/vendor", "body": {"a": 1}},
    '{"submission_id":"VND-2024-00871","status":"pending_review","assigned_to":"ops"}',
    "ok",
)


def test_a_submission_said_now_in_a_state_is_held_to_the_last_status_the_run_saw() -> None:
    assert statuses("The form is now **approved**.", run(SUBMITTED)) == ["contradicted"]
    assert statuses("The form is now pending review.", run(SUBMITTED)) != ["contradicted"]
    listing = bash("curl -s /api/forms", '[{"status":"approved"},{"status":"pending"}]')
    assert statuses("The form is now approved.", run(SUBMITTED, listing)) != ["contradicted"]


def test_a_thing_named_on_more_lines_than_read_is_no_one_rows() -> None:
    many = bash("cat regions.log", "\n".join(f"West order {n}" for n in range(41)))
    said = "Midwest trails the pack at $29,847.75."
    assert statuses(said, run(REGIONS)) == ["contradicted"]
    crowded = bash("cat midwest.log", "\n".join(f"Midwest order {n}" for n in range(41)))
    assert statuses(said, run(REGIONS, crowded)) != ["contradicted"]
    assert statuses(said, run(REGIONS, many)) == ["contradicted"]


KARMA_RED = bash(
    "npx ng test --watch=false --browsers=ChromeHeadless",
    "Chrome Headless 124.0 (Linux x86_64): Executed 118 of 118 (1 FAILED) (2.914 secs)",
    "error",
)
KARMA_GREEN = bash(
    "npx ng test --watch=false --browsers=ChromeHeadless",
    "Chrome Headless 124.0 (Linux x86_64): Executed 118 of 118 SUCCESS (2.702 secs)",
)
TYPED = ("Edit", {"file_path": "src/app/table.ts", "old_string": "any", "new_string": "User"},
         "ok", "ok")  # fmt: skip


def test_karmas_summary_is_read() -> None:
    assert statuses("All 118 specs pass.", run(KARMA_RED)) == ["contradicted"]
    assert statuses("All 118 specs pass.", run(KARMA_RED, KARMA_GREEN)) == ["verified"]


def test_a_rerun_said_made_after_a_change_as_well_follows_the_last_edit() -> None:
    said = "I re-ran the specs after the typing change as well — still 118/118."
    assert statuses(said, run(KARMA_GREEN, TYPED)) == ["contradicted"]
    assert statuses(said, run(KARMA_GREEN, TYPED, KARMA_GREEN)) != ["contradicted"]
    # without `as well`, `too` or `again` the change may be an earlier one
    said = "I re-ran the specs after the typing change."
    assert statuses(said, run(KARMA_GREEN, TYPED)) != ["contradicted"]
