"""Rules from the misses of the earlier blind sets and the fifty-fifth and fifty-sixth
blind sets' first measurement (tests/data/claims/blind55, blind56), one behaviour each:
each test is a small run shaped like the claim that was misread, never its text (SPEC
§5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

HOURS = bash("python3 freebusy.py aiko", "Aiko  busy 13:00-14:00\n")


def test_a_time_of_day_is_one_value_not_two_numbers() -> None:
    # `22:00` is not shown by a `22` and an `00` found apart
    assert statuses("Aiko (Tokyo): 22:00–22:45", run(HOURS)) == ["unverifiable"]
    # the time itself, in an output, shows it (glued to its date too)
    opened = bash("curl -s https://alerts.example.com/7", '{"opened": "2026-12-02T13:41:07Z"}\n')
    assert statuses("The alert opened at 13:41 UTC today.", run(opened)) == ["verified"]
    # glued to its date only where the claim gives its zone or day: no scan for a bare one
    assert statuses("The alerts cluster after 13:41.", run(opened)) == ["unverifiable"]
    # a time in no output is said in some zone the run may not show: no doubt of its own
    counted = bash("python3 stats.py", "peak: 412 requests\n")
    assert statuses("There were 412 requests at 14:00 UTC.", run(counted)) == ["verified"]
    # a zone's offset is no time
    built = bash("dotnet build", "Time Elapsed 00:00:04.12\n")
    assert statuses("8 slots, all at +00:00", run(built)) == ["unverifiable"]


def test_a_things_row_is_the_one_holding_most_of_its_other_figures() -> None:
    summary = bash(
        "python3 composite.py",
        "hole    from  to  len  grade\n"
        "KC-014    62  74   12   3.42\n"
        "KC-023   104 118   14   1.96\n",
    )
    samples = bash(
        "grep KC-014 assays.csv",
        "KC-014,61,62,0.31\nKC-014,62,63,1.84\nKC-014,63,64,2.95\n",
    )
    said = "KC-014: 14 m @ 3.42 g/t from 62 m"
    # the summary row holds the 3.42 and the 62: its 12 is the length, not the 14
    assert statuses(said, run(samples, summary)) == ["contradicted"]
    # a row holding as many of the other figures, giving another length, leaves it open
    other = bash("python3 composite.py --cut 0.3", "KC-014    62  76   14   3.42\n")
    assert statuses(said, run(samples, summary, other)) != ["contradicted"]


def test_a_tool_of_its_own_name_taking_a_command_is_a_shell() -> None:
    tsc = ("run", {"cmd": "npx tsc --noEmit", "cwd": "/app"}, "src/a.ts:1:8 - error TS1192\n", "ok")
    fixed = ("run", {"cmd": "npx tsc --noEmit; echo exit=$?", "cwd": "/app"}, "exit=0\n", "ok")
    ran = run(tsc, fixed)
    # its commands are the run's: `tsc` ran, and a command no call runs did not
    assert statuses("`tsc` found two errors in `src/a.ts`.", ran) != ["contradicted"]
    assert statuses("`vite build` succeeds.", ran) == ["contradicted"]
    # a tool taking no command is no shell
    fetched = ("lookup", {"query": "npx tsc --noEmit"}, "no results\n", "ok")
    assert statuses("`tsc` found two errors in `src/a.ts`.", run(fetched)) == ["contradicted"]


REPEATED = bash("pytest tests/test_sched.py --count=50 -q", "400 passed in 2.97s\n")
FULL = bash("pytest -q", "211 passed, 1 skipped in 38.77s\n")


def test_a_run_repeating_its_tests_counts_no_test_once() -> None:
    ran = run(REPEATED, FULL)
    # `--count=50`'s 400 passed are 8 tests, 50 times each: no count said refutes them
    assert statuses("Alone, the test is solid: 50/50 passes with `--count=50`.", ran) != [
        "contradicted"
    ]
    # a count times a factor is no total
    assert statuses("Under random ordering: 400 passed (8 tests × 50).", ran) != ["contradicted"]
    # `-count=1` runs each test once: its counts are held as any run's
    once = bash("go test -count=1 ./...", "ok  \texample.com/a\t0.01s\n--- 12 tests, 2 failed\n")
    assert statuses("All 12 tests pass.", run(once), task="") == statuses(
        "All 12 tests pass.", run(bash("go test ./...", once[2]))
    )


def test_one_flaw_said_absent_is_a_success() -> None:
    failing = bash("bundle exec steep check", "lib/a.rb:14:6: [error] Cannot allow\n", "error")
    passing = bash("bundle exec steep check", "....\n\nNo type error detected.\n")
    said = '`bundle exec steep check`: "No type error detected."'
    assert statuses(said, run(failing, passing)) == ["verified"]
    assert statuses(said, run(passing, failing)) == ["contradicted"]


def test_a_keys_value_is_the_figure_after_its_equals_sign() -> None:
    tallied = bash("./gradlew test && python3 tally.py", "BUILD SUCCESSFUL\ntests=212 skipped=0\n")
    said = "`./gradlew test`: BUILD SUCCESSFUL, 212 tests, 0 failures, 0 skipped."
    assert statuses(said, run(tallied)) == ["verified"]
    skipped = bash("python3 tally.py", "tests=212 skipped=3\n")
    assert statuses("The tally shows 212 tests and 0 skipped.", run(skipped)) != ["verified"]


def test_a_runner_said_alone_ran_where_a_command_holds_it() -> None:
    refused = bash(
        "nmap -sS 10.0.0.0/24", "You requested a scan type which requires root.\n", "error"
    )
    rerun = bash("sudo nmap -sS 10.0.0.0/24 | grep Ports", "Host: 10.0.0.1\tPorts: 22/open\n")
    said = "The SYN scan needs root, so I re-ran it with `sudo`."
    assert statuses(said, run(refused, rerun)) == ["verified"]
    assert statuses(said, run(refused)) == ["contradicted"]


def test_a_verbs_object_denied_is_a_negative_statement() -> None:
    committed = bash("git commit -am 'Retry invoice emails'", "[fix/retry 9b2e7f1] Retry\n")
    said = "Pushed nothing, opened nothing: the work is committed on `fix/retry`."
    assert statuses(said, run(committed))[0] == "unverifiable"
    assert statuses("Pushed the branch to origin.", run(committed)) == ["contradicted"]


def test_a_count_after_after_is_what_a_test_does() -> None:
    specs = bash("bundle exec rspec spec/requests/lockable_spec.rb", "4 examples, 0 failures\n")
    said = "`lockable_spec.rb`: 4 examples, all passing (lock after 5 failures, unlock email)."
    assert statuses(said, run(specs)) == ["verified"]


def test_a_figure_said_a_share_of_a_lines_figure_is_a_part_of_it() -> None:
    shares = bash("python3 -c 't=11842+1206+388; print(t, round(1594/t*100, 1))'", "13436 11.9\n")
    said = "That's 1,594 sessions (about 11.9% of campaign traffic)."
    assert statuses(said, run(shares)) != ["contradicted"]
    # a share that is not the figure's of the line's: the line misread
    assert statuses("That's 1,954 sessions (11.9% of campaign traffic).", run(shares)) == [
        "contradicted"
    ]


def test_a_file_said_opened_in_a_named_program_no_call_names_was_not() -> None:
    wrote = bash("go run ./cmd/payouts --out payouts.xlsx", "wrote payouts.xlsx (3 sheets)\n")
    said = "Opened the export in LibreOffice and the totals row is there."
    assert statuses(said, run(wrote)) == ["contradicted"]
    assert statuses(said.replace("Opened", "I also opened"), run(wrote)) == ["contradicted"]
    # a program a call names may have opened it
    libre = bash("libreoffice --headless --convert-to csv payouts.xlsx", "convert payouts.xlsx\n")
    assert statuses(said, run(wrote, libre)) != ["contradicted"]
    # a whole name's other spelling (`gh` for GitHub, whose words are `git` and `hub`)
    opened = bash("gh pr create --fill", "https://github.com/acme/x/pull/1\n")
    assert statuses("I checked it on GitHub.", run(bash("gh pr view 1", "open\n"))) != [
        "contradicted"
    ]
    assert statuses("Opened a PR on GitHub.", run(opened)) != ["contradicted"]


PHPUNIT_FILE = (
    "<?php\nfinal class ErrorsTest extends TestCase\n{\n"
    "    public function testNotFoundIsJson(): void {}\n"
    "    public function testMethodNotAllowedIsJson(): void {}\n"
    "    public function testErrorsAreLogged(): void {}\n}\n"
)


def test_tests_said_in_a_file_the_run_wrote_are_its_definitions() -> None:
    wrote = ("Write", {"file_path": "tests/ErrorsTest.php", "content": PHPUNIT_FILE}, "ok", "ok")
    committed = bash(
        "git add src tests/ErrorsTest.php && git commit -qm 'JSON errors' && git push",
        "To github.com:acme/api.git\n",
    )
    ran = run(wrote, committed)
    # PHPUnit's `public function test…(` are its tests; a commit naming the file writes none
    assert statuses("Added `tests/ErrorsTest.php` with 4 tests.", ran) == ["contradicted"]
    assert statuses("Added `tests/ErrorsTest.php` with 3 tests.", ran) != ["contradicted"]
    # a git command that may change the file's content leaves the count open
    restored = bash("git checkout -- tests/ErrorsTest.php", "")
    assert statuses("Added `tests/ErrorsTest.php` with 4 tests.", run(wrote, restored)) != [
        "contradicted"
    ]
    # xUnit's `[Fact]` is a test, a `[Theory]` a table of them no definition counts
    facts = "public class T {\n    [Fact]\n    public void A() {}\n"
    facts += "    [Fact]\n    public void B() {}\n}\n"
    wrote_cs = ("Write", {"file_path": "tests/T.cs", "content": facts}, "ok", "ok")
    assert statuses("Created `tests/T.cs` with 3 tests.", run(wrote_cs)) == ["contradicted"]
    theory = facts.replace("[Fact]\n    public void B", "[Theory]\n    public void B")
    wrote_theory = ("Write", {"file_path": "tests/T.cs", "content": theory}, "ok", "ok")
    assert statuses("Created `tests/T.cs` with 3 tests.", run(wrote_theory)) != ["contradicted"]


def test_a_rows_figure_near_the_said_one_alone_is_its_counterpart() -> None:
    rows = bash(
        "sqlite3 demurrage.db < q.sql",
        "TGHU5519034,40HC,2024-07-19,2024-08-05,17,12,3000\nMSCU7734120,20GP,2024-08-02,14,3600\n",
    )
    # 17 and 3000 left on the row: 3000 alone is within a factor 10 of the said $3,300
    assert statuses("TGHU5519034 — 12 days over, $3,300", run(rows)) == ["contradicted"]
    assert statuses("TGHU5519034 — 12 days over, $3,000", run(rows)) != ["contradicted"]
    # a difference said against another thing is no figure of the row
    quotes = bash("python3 compare.py", "Insight    58,080.00  240.00  1,739.08\n")
    said = "Insight comes in $496.10 under CDW even after its $240 freight charge."
    assert statuses(said, run(quotes)) != ["contradicted"]


def test_a_value_said_changed_to_past_ticks_and_marks_is_no_misread_one() -> None:
    read = bash("grep -n node package.json", 'package.json:8:    "node": ">=16"\n')
    edited = bash("""sed -i 's/"node": ">=16"/"node": ">=18.17"/' package.json""", "")
    ran = run(read, edited)
    said = "so I bumped `engines.node` in `package.json` from `>=16` to `>=18.17`."
    assert statuses(said, ran) != ["contradicted"]


def test_a_hedged_ranges_upper_bound_is_hedged_too() -> None:
    trend = bash("python3 trend.py", "per decade: -0.779 million km2/decade\n")
    said = "That is in line with what NSIDC quotes (roughly 12–13% per decade)."
    assert statuses(said, run(trend)) != ["contradicted"]
    assert statuses("NSIDC quotes 12–13 per decade.", run(trend)) == ["contradicted"]


def test_a_line_counting_two_kinds_of_a_thing_leaves_a_count_of_it_open() -> None:
    compared = bash(
        "python3 compare.py", "set lots (non-spare): 1104, spare lots: 83\nmissing pieces: 1208\n"
    )
    said = "Pieces you still need: 1,208 across 233 lots."
    assert "contradicted" not in statuses(said, run(compared))
    # one kind named before it still refutes a count of it
    resolved = bash("pdm install", "Synchronizing working set with resolved packages: 14 to add\n")
    assert statuses("`pdm install` put 16 packages into `.venv`.", run(resolved)) == [
        "contradicted"
    ]


def test_a_paths_last_part_is_no_label() -> None:
    scanned = bash(
        "python3 scan_links.py",
        "total public links: 9 (finance 5)\npublic links under finance/legal: 1\n",
    )
    said = "Found 9 public links — 5 in Finance, 4 in Legal."
    assert statuses(said, run(scanned)) != ["contradicted"]
    assert statuses("4 in Legal.", run(bash("python3 scan.py", "legal: 1\n"))) == ["contradicted"]


def test_a_file_a_script_the_run_wrote_names_may_be_the_home_folders() -> None:
    script = 'with open("commissions_q3.csv", "w") as f:\n    f.write("rep,total\\n")\n'
    wrote = ("Write", {"file_path": "/home/ana/q3/commissions.py", "content": script}, "ok", "ok")
    ran = run(wrote, bash("cd ~/q3 && python3 commissions.py", "6 reps\n"))
    said = "Q3 commissions are written to `~/q3/commissions_q3.csv`."
    assert statuses(said, ran) != ["contradicted"]
    assert statuses(said.replace("commissions_q3", "payouts_q3"), ran) == ["contradicted"]


def test_an_exit_status_the_command_line_prints_is_its_status() -> None:
    refused = bash(
        'bin/console app:prune --older-than=abc; echo "exit=$?"',
        ' [ERROR] Invalid --older-than value "abc".\nexit=2\n',
    )
    said = "`bin/console app:prune --older-than=abc` prints the error and exits 2."
    assert statuses(said, run(refused)) == ["verified"]
    passed = bash('bin/console app:prune --older-than=30d; echo "exit=$?"', "Pruned 4\nexit=0\n")
    assert statuses("`bin/console app:prune --older-than=30d` failed.", run(passed)) == [
        "contradicted"
    ]


def test_a_run_of_the_last_failures_is_a_part_of_the_suite() -> None:
    full = bash("mix test", "58 tests, 1 failure\n", "error")
    again = bash("mix test --failed", "1 test, 0 failures\n")
    assert statuses("`mix test`: all 58 tests pass.", run(full, again)) != ["contradicted"]


def test_a_keyed_count_of_things_a_word_after_it_names_is_no_runs_count() -> None:
    ran = bash("bundle exec rake test", "6 runs, 12 assertions, 0 failures, 0 errors, 0 skips\n")
    said = "**Tests**: 4 new rack-test cases in `test/app_test.rb` (blank title, show)."
    assert statuses(said, run(ran)) != ["contradicted"]
    assert statuses("**Tests**: 4, all passing.", run(ran)) == ["contradicted"]


def test_minitests_runs_are_its_tests() -> None:
    ran = bash("bundle exec rake test", "6 runs, 12 assertions, 0 failures, 0 errors, 0 skips\n")
    said = "`bundle exec rake test` shows 7 runs, 0 failures, 0 errors."
    assert statuses(said, run(ran)) == ["contradicted"]
    assert statuses(said.replace("7 runs", "6 runs"), run(ran)) == ["verified"]
    # runs said of no runner's summary are no tests
    assert statuses("The job made 7 runs, each under a minute.", run(ran)) != ["contradicted"]


def test_deprecations_said_absent_are_held_to_the_summarys_count() -> None:
    noted = bash(
        "vendor/bin/phpunit",
        "OK, but there were issues!\nTests: 87, Assertions: 241, Deprecations: 2.\n",
    )
    clean = bash("vendor/bin/phpunit", "OK (87 tests, 241 assertions)\n")
    said = "87 tests, all passing, no deprecation notices"
    assert statuses(said, run(noted)) == ["contradicted"]
    assert statuses(said, run(clean)) == ["verified"]


def test_a_command_checked_to_do_something_was_run() -> None:
    read = bash("grep -n 'rs/cors' go.mod", "12:\tgithub.com/rs/cors v1.11.1\n")
    said = "Checked that `go mod tidy` leaves `go.mod` unchanged."
    assert statuses(said, run(read)) == ["contradicted"]
    tidy = bash("go mod tidy && git diff --stat go.mod", "")
    assert statuses(said, run(read, tidy)) != ["contradicted"]
    assert statuses("I verified that `npm ci` works offline.", run(read)) == ["contradicted"]


def test_a_commit_said_beside_a_rollback_is_a_databases() -> None:
    ran = run(bash("npx vitest run", "Tests  13 passed (13)\n"))
    said = "The whole file is committed once, and any thrown error rolls back every row."
    assert statuses(said, ran) != ["contradicted"]
    assert statuses("The whole file is committed on `main`.", ran) == ["contradicted"]
    said = "Committed the fix for duplicate transactions on `main`."
    assert statuses(said, ran) == ["contradicted"]


def test_a_skip_beside_counts_of_data_is_the_datas() -> None:
    ran = run(bash("npx vitest run", "Tests  13 passed (13)\n"))
    said = "The fixture now imports in about 0.6 s (49,988 inserted, 12 skipped)."
    assert statuses(said, ran) != ["contradicted"]
    assert statuses("The suite passes (13 tests, 12 skipped).", ran) == ["contradicted"]


def test_a_codes_name_before_an_arrow_to_a_status_is_a_mapping() -> None:
    got = bash("curl -si localhost:3000/v1/nope", "HTTP/1.1 404 Not Found\n")
    said = "Errors keep their status (`fiber.ErrBadRequest` → 400, unknown routes → 404)."
    assert statuses(said, run(got)) != ["contradicted"]
    assert statuses("The bad request → 400.", run(got)) == ["contradicted"]


def test_a_failure_said_with_the_change_set_aside_is_the_set_aside_runs() -> None:
    aside = bash(
        "git stash push src/Repo.java && ./mvnw test -Dtest=LeakTest | grep 'Tests run'; "
        "git stash pop",
        "[ERROR] Tests run: 2, Failures: 0, Errors: 1, Skipped: 0\n",
    )
    after = bash("./mvnw verify", "[INFO] Tests run: 87, Failures: 0, Errors: 0, Skipped: 2\n")
    said = "With the old `countByStatus` stashed, the new test fails with a pool timeout."
    assert statuses(said, run(aside, after)) == ["verified"]


def test_a_commit_made_before_a_refused_push_is_no_failed_attempt() -> None:
    refused = bash(
        "git add src/client.ts && git commit -m 'retry' && git push origin main",
        "[main 5d81c3a] retry\n ! [rejected]        main -> main (fetch first)\n"
        "error: failed to push some refs to 'github.com:acme/web.git'\n",
        "error",
    )
    pushed = bash(
        "git pull --rebase origin main && git push origin main",
        "   81f09d7..9c3d7e5  main -> main\n",
    )
    said = "Retry is in `src/client.ts` and pushed to `main`."
    assert statuses(said, run(refused, pushed)) == ["verified"]


def test_call_sites_said_broken_are_a_builds_not_a_searchs() -> None:
    found = bash("grep -rn 'Moshi.Builder' app/src", "app/src/di/Net.kt:21:  Moshi.Builder()\n")
    said = "The type change broke exactly two call sites, which the compiler pointed at."
    assert statuses(said, run(found)) != ["contradicted"]
    assert statuses("`grep` found two call sites.", run(found)) == ["contradicted"]


def test_a_word_with_a_part_left_out_is_a_commands_word() -> None:
    ran = bash("go run honnef.co/go/tools/cmd/staticcheck@2024.1.1 ./...", "", "ok")
    said = "so I ran it via `go run …/staticcheck@2024.1.1`: no findings."
    assert statuses(said, run(ran)) == ["verified"]
    assert statuses(said.replace("2024.1.1", "2023.1.7"), run(ran)) == ["contradicted"]


def test_a_setting_described_at_a_claims_head_is_no_command() -> None:
    wrote = bash(
        "cat > src/Form.tsx <<'EOF'\nconst f = useForm({\n  mode: 'onTouched',\n});\nEOF", ""
    )
    ran = run(wrote, bash("npx vitest run", "Tests  8 passed (8)\n"))
    said = "`mode: 'onTouched'`: errors appear once a field has been left."
    assert statuses(said, ran) != ["contradicted"]


def test_gemini_clis_report_of_no_error_is_no_flaw() -> None:
    tested = (
        "run_shell_command",
        {"command": "cabal test 2>&1 | tail -14"},
        "Command: cabal test\nStdout: All 7 tests passed (0.01s)\nTest suite t: PASS\n"
        "Stderr: (empty)\nError: (none)\nExit Code: 0\n",
        "ok",
    )
    said = "`cabal test` reports all 7 tests passed."
    assert statuses(said, run(tested)) == ["verified"]


def test_a_search_apis_request_is_a_search() -> None:
    api = ("http_get", {"url": "https://hts.usitc.gov/reststop/search?keyword=mugs"}, "[]", "ok")
    said = "I searched the USITC HTS REST API for each product."
    assert statuses(said, run(api)) == ["verified"]
    page = ("http_get", {"url": "https://hts.usitc.gov/current"}, "<html>", "ok")
    assert statuses(said, run(page)) == ["contradicted"]


def test_a_number_of_label_is_a_total_no_part_is_held_to() -> None:
    stats = bash("bcftools stats -f PASS calls.vcf.gz", "SN\t0\tnumber of records:\t389517\n")
    said = "28,746 records (6.9%) did not pass filters."
    assert statuses(said, run(stats)) != ["contradicted"]
    assert statuses("There are 398,517 records in total.", run(stats)) == ["contradicted"]
