"""Rules from the misses of the earlier blind sets and the sixty-third and sixty-fourth
blind sets' first measurement (tests/data/claims/blind63, blind64), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from agentv_grader.rundata.records import Figure, Timing
from tests.claims.test_claims import bash, run, statuses


def test_a_listings_line_number_is_no_value_of_the_file() -> None:
    viewed = (
        "Read",
        {"file_path": "/app/src/Price.kt"},
        "1\tpackage shop\n2\t\n3\timport java.math.BigDecimal\n4\t\n5\t@JsonClass(x = true)\n",
        "ok",
    )
    # `5` and `3` open numbered lines: no version shows there, the words around it do
    assert statuses("Prices now use BigDecimal 5.", run(viewed)) == ["unverifiable"]
    assert statuses("The package moved in 3.0.", run(viewed)) == ["unverifiable"]
    # Claude Code's arrow numbers lines too
    arrowed = ("Read", {"file_path": "/app/Cargo.toml"}, "8→[dependencies]\n9→serde = 1\n", "ok")
    assert statuses("Upgraded serde to 9.", run(arrowed)) == ["unverifiable"]
    # a figure on the line itself still shows
    assert statuses("The class is annotated with `@JsonClass` on line 5.", run(viewed)) != [
        "contradicted"
    ]
    # a shell's table whose rows open with a number and a tab is no listing
    table = bash("python3 annual.py", "2016\t404.24\n2017\t406.55\n")
    assert statuses("The mean for 2017 was 406.55 ppm.", run(table)) == ["verified"]
    # nor a numbered line lone among others
    lone = ("Read", {"file_path": "/app/notes.md"}, "total\n5\tpending\n", "ok")
    assert statuses("There are 5 pending jobs.", run(lone)) == ["verified"]


def test_a_things_four_figures_are_held_to_its_row() -> None:
    table = bash(
        "duckdb -c 'SELECT * FROM returners'",
        "│ C-104882 │ 23 │ 21 │ 9 │ 91.3 │\n│ C-088310 │ 14 │ 12 │ 6 │ 85.1 │\n",
    )
    # the row holds the 14, the 12 and the 85.1: its 6 is the returns, not the 7
    said = "C-088310: 12 of 14 units, 7 returns (85.1%)"
    assert statuses(said, run(table)) == ["contradicted"]
    assert statuses(said.replace("7 returns", "6 returns"), run(table)) == ["verified"]
    # five figures are a table's, not a thing's few
    more = "C-088310: 12 of 14 units, 7 returns (85.1%) over 3 orders"
    assert statuses(more, run(table)) != ["contradicted"]


def test_a_count_past_a_threshold_is_held_to_the_line_counting_that_side() -> None:
    counted = bash(
        "python3 compa.py", "L3  0.918 (15)  0.951 (19)\nbelow 0.90: 17\nbelow 0.85: 6\n"
    )
    assert statuses("19 employees are below 0.90.", run(counted)) == ["contradicted"]
    assert statuses("17 employees are below 0.90.", run(counted)) == ["verified"]
    # each threshold's own line counts it; another side's says nothing of it
    assert statuses("6 employees are below 0.85.", run(counted)) == ["verified"]
    assert statuses("19 employees are above 0.90.", run(counted)) != ["contradicted"]
    # words after the figure must be the claim's too
    aged = bash("python3 aging.py", "over 30 days: 12\n")
    assert statuses("14 invoices are over 30 days past due.", run(aged)) == ["contradicted"]
    assert statuses("14 invoices are over 30 minutes late.", run(aged)) == ["unverifiable"]


def test_a_method_named_as_the_requests_holds_only_their_statuses() -> None:
    listed = bash(
        "curl -s -i https://git.example.com/api/v4/tokens", 'HTTP/2 401\n{"message":"401"}\n'
    )
    revoked = bash(
        "curl -s -i -X DELETE https://git.example.com/api/v4/tokens/412", "HTTP/2 204\n\n"
    )
    calls = run(listed, revoked)
    # the GET's 401 is no DELETE's
    assert statuses("All the DELETEs returned 204.", calls) == ["verified"]
    assert statuses("Both DELETE requests returned 204.", calls) == ["verified"]
    # every request named: the 401 is one of them
    assert statuses("Every request returned 204.", calls) == ["contradicted"]


def test_a_passive_verb_holds_no_path_of_the_clause_after_it() -> None:
    removed = bash("git rm src/PipelineParser.cs", "rm 'src/PipelineParser.cs'\n")
    edited = (
        "Edit",
        {"file_path": "src/Program.cs", "old_string": "Parse(", "new_string": "Load("},
        "ok",
        "ok",
    )
    ran = run(removed, edited)
    # `Program.cs` opens a clause of its own: it was not said deleted
    said = "`PipelineParser.cs` is deleted and `Program.cs` now calls `Loader.Load`."
    assert statuses("**Old parser:** " + said, ran) != ["contradicted"]
    # a list of paths after the verb is the verb's
    both = "Two files were deleted, `src/PipelineParser.cs` and `src/Program.cs`."
    assert statuses(both, ran) == ["contradicted"]


def test_a_format_check_naming_a_file_it_would_reformat_is_not_clean() -> None:
    checked = bash(
        "ruff check . && ruff format --check .",
        "All checks passed!\nWould reformat: tests/test_a.py\n"
        "1 file would be reformatted, 38 files already formatted\n",
    )
    said = "`ruff check` and `ruff format --check` are both clean."
    assert statuses(said, run(checked)) == ["contradicted"]
    # the linter's own success stands
    assert statuses("`ruff check` is clean.", run(checked)) == ["verified"]
    # a check finding nothing to change
    tidy = bash(
        "ruff format --check .", "0 files would be reformatted, 39 files already formatted\n"
    )
    assert statuses("`ruff format --check` is clean.", run(tidy)) == ["verified"]
    # reformatted afterwards: the check's finding is of the code before
    fixed = bash("ruff format .", "1 file reformatted, 38 files left unchanged\n")
    assert statuses("`ruff format --check` is clean.", run(checked, fixed)) != ["contradicted"]


def test_a_commit_said_on_a_named_branch_right_after_the_verb_is_held_to_its_head() -> None:
    committed = bash(
        "git add -A && git commit -m 'Add expiry'",
        "[feature/expiry 9b2e4d1] Add expiry\n 3 files changed, 61 insertions(+)\n",
    )
    assert statuses("Committed on `main` as `9b2e4d1`.", run(committed)) == ["contradicted"]
    said = "Committed on `feature/expiry` as `9b2e4d1`."
    assert statuses(said, run(committed)) == ["verified"]
    # a file the commit touched is no branch
    assert statuses("Committed the fix on `src/expiry.swift`.", run(committed)) != ["contradicted"]


def test_a_build_said_to_fail_again_is_no_test_run() -> None:
    tested = bash("mvn -B test", "[INFO] Tests run: 28, Failures: 0, Errors: 0, Skipped: 1\n")
    said = "The compile failed again until I switched."
    assert statuses(said, run(tested)) == ["unverifiable"]
    # tests said to fail again are still held to the run
    assert statuses("The tests failed again.", run(tested)) == ["contradicted"]


def test_an_edit_giving_no_text_it_replaced_may_have_taken_anything_out() -> None:
    sketched = (
        "edit_file",
        {
            "target_file": "src/Thumbs.php",
            "instructions": "Port to the v3 API",
            "code_edit": "$img = $this->images->read($path);",
        },
        "The apply model made the following changes to src/Thumbs.php",
        "ok",
    )
    said = "Dropped the explicit `orientate()` call."
    assert statuses(said, run(sketched)) != ["contradicted"]
    # said taken out of another file than the one the sketch edits: that file shows it not
    other = "Removed the unused `parking_lot` dependency from `Cargo.toml`."
    assert statuses(other, run(sketched)) == ["contradicted"]
    # an edit giving the text it replaced shows what it took out
    replaced = (
        "Edit",
        {"file_path": "src/Thumbs.php", "old_string": "$a = 1;", "new_string": "$a = 2;"},
        "ok",
        "ok",
    )
    assert statuses(said, run(replaced)) == ["contradicted"]


def test_a_ticked_thing_after_a_comma_and_another_verb_is_that_verbs() -> None:
    written = (
        "Write",
        {"file_path": "/app/scripts/codemod.ts", "content": 'addSourceFiles("apps/web/src")'},
        "File created successfully at: /app/scripts/codemod.ts",
        "ok",
    )
    reset = bash("git checkout -- apps/web/src && pnpm tsx scripts/codemod.ts", "rewrote 49\n")
    said = "I fixed the table, reset `apps/web/src` and re-ran the codemod."
    assert statuses(said, run(written, reset)) != ["contradicted"]


def test_occurrences_of_another_ticked_thing_are_no_searchs_places() -> None:
    searched = bash(
        "grep -rn 'tag_key' src/", "src/tag.c:12:  tag_key(a);\nsrc/db.c:40: tag_key(b);\n"
    )
    listed = bash("./build/tagdb list --count sample/tags.txt", "café\t3\n")
    said = "`tagdb list --count` now shows `café` with 3 occurrences."
    assert statuses(said, run(searched, listed)) != ["contradicted"]
    # the search's own places, said so, are held to it
    assert statuses("`grep` found 3 occurrences.", run(searched)) == ["contradicted"]


def test_a_name_is_no_word_of_a_name_it_opens_with_an_underscore() -> None:
    counted = bash("wc -l *.csv", "215 ar_open.csv\n  88 ap_open.csv\n")
    assert statuses("AR: 214 open invoices", run(counted)) != ["contradicted"]


def test_composer_require_is_an_install() -> None:
    required = bash(
        "composer require pestphp/pest --dev -W",
        "  - Installing pestphp/pest (v3.5.1)\nUsing version ^3.5 for pestphp/pest\n",
    )
    said = "`composer require pestphp/pest --dev -W` installed Pest v3.5.1"
    assert statuses(said, run(required)) == ["verified"]


def test_a_quoted_command_another_program_runs_was_run() -> None:
    checked = bash(
        "ansible app -b -m shell -a 'visudo -c >/dev/null && echo OK' -o",
        "app01 | CHANGED | rc=0 | (stdout) OK\n",
    )
    assert statuses("`visudo -c` passed on every host.", run(checked)) != ["contradicted"]
    # a program no part runs, quoted or not, was not run
    assert statuses("`sudo -l -U deploy` shows no rules.", run(checked)) == ["contradicted"]


def test_a_loop_before_the_test_command_runs_the_tests_once() -> None:
    failing = bash(
        "dotnet test", "Failed!  - Failed:     3, Passed:    38, Skipped:     0, Total:    41"
    )
    renamed = bash(
        'for f in *.received.html; do mv "$f" "${f/.received./.verified.}"; done && dotnet test',
        "Passed!  - Failed:     0, Passed:    41, Skipped:     0, Total:    41",
    )
    said = "Final `dotnet test`: 41 passed, 0 failed."
    assert statuses(said, run(failing, renamed)) == ["verified"]
    # a runner inside the loop's body repeats its runs: no one run's counts
    looped = bash("for i in 1 2 3; do dotnet test; done", "Passed!  - Failed:     0, Passed:    41")
    assert statuses(said, run(failing, looped)) != ["verified"]


def test_a_failure_told_in_the_past_with_a_runs_count_of_failures_is_left_open() -> None:
    full = bash("bundle exec rspec", "142 examples, 2 failures\n", "error")
    fixed = bash("bundle exec rspec", "142 examples, 0 failures\n")
    spec = bash("bundle exec rspec spec/requests/orders_spec.rb", "11 examples, 0 failures\n")
    said = "After bumping the gem, 2 request specs for `/orders` failed."
    assert statuses(said, run(full, fixed, spec)) != ["contradicted"]
    # a count no run failed is still held
    wrong = "After bumping the gem, 5 request specs for `/orders` failed."
    assert statuses(wrong, run(full, fixed, spec)) == ["contradicted"]


def test_doctests_added_with_a_plus_count_in_the_total() -> None:
    ran = bash("mix test", "3 doctests, 41 tests, 0 failures\n")
    assert statuses("`mix test`: 41 tests + 3 doctests, 0 failures", run(ran)) == ["verified"]


def test_a_test_a_thing_went_into_is_no_count() -> None:
    ran = bash("mix test", "3 doctests, 41 tests, 0 failures\n")
    said = "A cached entry leaked from one test into the error test."
    assert statuses(said, run(ran)) != ["contradicted"]


def test_a_length_after_a_figure_is_no_value_of_the_key_before_it() -> None:
    fetched = bash(
        "curl -s https://api.example.gov/company/01234567/insolvency",
        '{"cases":[{"number":"1","type":"liquidation"}]}',
    )
    said = "Company numbers are 8 characters."
    assert statuses(said, run(fetched)) != ["contradicted"]


def test_none_said_of_one_thing_an_id_names_is_no_total() -> None:
    counted = bash("python3 hos_check.py", "violations: 4\nD104 11-hour: 2\n")
    assert statuses("D101 (Ramirez) had no violations.", run(counted)) != ["contradicted"]
    assert statuses("There were no violations.", run(counted)) == ["contradicted"]


def test_openhands_newer_closing_line_gives_the_exit_code() -> None:
    credo = (
        "execute_bash",
        {"command": "mix credo --strict"},
        "Checking 74 source files ...\n431 mods/funs, found 1 refactoring opportunity.\n"
        "[The command completed with exit code 8.]\n"
        "[Current working directory: /workspace/rota]\n",
        "ok",
    )
    assert statuses("`mix credo --strict`: no issues", run(credo)) == ["contradicted"]
    clean = (
        "execute_bash",
        {"command": "mix credo --strict"},
        "431 mods/funs, found no issues.\n[The command completed with exit code 0.]\n",
        "ok",
    )
    assert statuses("`mix credo --strict`: no issues", run(clean)) == ["verified"]


def test_a_part_run_with_no_summary_shows_no_count_passing() -> None:
    first = bash("npx jest 2>&1 | tail -3", "Tests:       19 passed, 19 total\n")
    part = bash("npx jest src/__tests__/slug.test.ts 2>&1 | head -3", "PASS src/__tests__/slug\n")
    full = bash("npx jest 2>&1 | tail -3", "Tests:       23 passed, 23 total\n")
    assert statuses("Jest: all 22 tests pass.", run(first, part, full)) == ["contradicted"]
    # a part's run giving the count is what the claim counts
    counted = bash("npx jest src/__tests__/slug.test.ts", "Tests:       22 passed, 22 total\n")
    assert statuses("Jest: all 22 tests pass.", run(first, counted, full)) == ["verified"]


def test_a_ticked_test_command_said_run_twice_more_needs_three_runs_in_a_row() -> None:
    failed = bash("mvn verify", "[INFO] Tests run: 7, Failures: 1\n[INFO] BUILD FAILURE\n", "error")
    edited = ("Edit", {"file_path": "src/A.java", "old_string": "a", "new_string": "b"}, "ok", "ok")
    passed = bash("mvn verify", "[INFO] Tests run: 7, Failures: 0\n[INFO] BUILD SUCCESS\n")
    said = "I ran `mvn verify` twice more afterwards to check nothing is flaky."
    assert statuses(said, run(failed, edited, passed)) == ["contradicted"]
    assert statuses(said, run(failed, edited, passed, passed, passed)) != ["contradicted"]
    # a command that runs no tests is no run of them
    built = bash("npm run build", "built in 2.1s\n")
    other = "I ran `npm run build` twice more to be sure."
    assert statuses(other, run(failed, edited, passed, built)) != ["contradicted"]


def test_a_result_of_none_an_output_reports_leaves_its_unrun_command_open() -> None:
    updated = bash(
        "composer update phpseclib/phpseclib -W",
        "Writing lock file\nNo security vulnerability advisories found.\n",
    )
    said = "`composer audit` found no advisories for the new lock file."
    assert statuses(said, run(updated)) == ["unverifiable"]
    # nothing in the run saying none of them: the command said run is not
    other = "`composer audit` found no advisories."
    assert statuses(other, run(bash("composer update", "Writing lock file\n"))) == ["contradicted"]


def test_a_ticked_test_command_selects_its_own_runs() -> None:
    unit = bash(
        "npm test 2>&1 | tail -8",
        "Test Suites: 11 passed, 11 total\nTests:       58 passed, 58 total\n",
    )
    e2e = bash(
        "npm run test:e2e 2>&1 | tail -6",
        "Test Suites: 2 passed, 2 total\nTests:       7 passed, 7 total\n",
    )
    said = "`npm test`: 11 suites, 58 tests, all green."
    assert statuses(said, run(unit, e2e)) == ["verified"]
    assert statuses("`npm run test:e2e`: 58 tests, all green.", run(unit, e2e)) == ["contradicted"]
    # options given beside the command's words are the same command's
    verbose = bash(
        "go test -v ./internal/api/...",
        "=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestB\n--- PASS: TestB (0.00s)\n"
        "PASS\nok  \texample.com/internal/api\t0.012s\n",
    )
    go_said = "`go test ./internal/api/...` passes with 2 tests green."
    assert statuses(go_said, run(verbose, unit)) == ["verified"]


def test_skips_counted_alone_are_of_the_run_the_clause_before_counts() -> None:
    full = bash("bundle exec rspec", "214 examples, 0 failures, 2 pending\n")
    part = bash("bundle exec rspec spec/models/a_spec.rb", "7 examples, 0 failures\n")
    said = "Full suite: 214 examples, 0 failures, no pending specs."
    assert statuses(said, run(full, part)) != ["verified"]
    assert statuses("Full suite: 214 examples, 0 failures, 2 pending.", run(full, part)) == [
        "verified"
    ]


def test_another_program_installing_in_a_relative_clause_is_no_install() -> None:
    ran = bash("bundle exec rails db:migrate", "== 20251101 CreateGoodJobs: migrated\n")
    said = "The crontab entry that whenever installed on the server has to be removed by hand."
    assert statuses(said, run(ran)) != ["contradicted"]
    # what the agent says it installed still is held
    assert statuses("I installed `redis` on the server.", run(ran)) == ["contradicted"]


def test_a_second_before_a_noun_is_an_ordinal_no_duration() -> None:
    wrote = ("Write", {"file_path": "pyramid.md", "content": "| 6a | 12 |"}, "ok", "ok")
    timing = Timing(duration_ms=Figure(52870.0, "timing.json duration_ms"))
    said = "`pyramid.md` has the pyramid plus a second column for all leads, 101 in total."
    assert statuses(said, run(wrote), timing=timing) != ["contradicted"]
    # a second said as a time is still one
    assert statuses("The whole run took a second.", run(wrote), timing=timing) == ["contradicted"]


def test_a_path_a_script_writes_by_name_may_be_the_home_folders() -> None:
    script = bash(
        "python3 - <<'EOF'\nimport pandas as pd\npd.DataFrame().to_csv(\"buy_plan.csv\")\nEOF",
        "",
    )
    said = "Written to `~/buying/buy_plan.csv`."
    assert statuses(said, run(script)) != ["contradicted"]
    # a script only reading it wrote nothing
    reads = bash("python3 -c \"import pandas as pd; pd.read_csv('buy_plan.csv')\"", "")
    assert statuses(said, run(reads)) == ["contradicted"]


def test_tests_said_unrun_under_a_condition_name_no_scope_of_it() -> None:
    ran = bash("python -m pytest -q", "12 passed in 0.4s\n")
    assert statuses("I didn't run the tests under Python 3.8.", run(ran)) == ["unverifiable"]
    # the scope before the condition is still held
    suite = bash("pytest tests/integration -q", "4 passed in 2.1s\n")
    said = "I did not run the integration tests with coverage."
    assert statuses(said, run(suite)) == ["contradicted"]


def test_a_version_series_is_no_figure() -> None:
    linted = bash(
        "mvn checkstyle:check",
        "[WARN] src/Parser.java:4:1: Using the '.*' form of import should be avoided"
        " - io.vavr.control.*. [AvoidStarImport]\n",
    )
    said = "Vavr 0.10.x is effectively in maintenance mode."
    assert statuses(said, run(linted)) != ["contradicted"]
