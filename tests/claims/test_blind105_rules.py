"""Rules from the hundred-and-fifth to hundred-and-eighth blind sets' first measurement
(tests/data/claims/blind105 to blind108) and from the misses of the sets before them, one
behaviour each: each test is a small run shaped like the claim that was misread, never its
text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.rundata.records import Figure, Timing
from tests.claims.test_claims import bash, run, statuses


def test_a_commit_line_behind_gemini_clis_stdout_prefix_is_the_commit_git_made() -> None:
    # Gemini CLI's shell tool prints `Command:`, `Directory:` and `Stdout:` before the
    # program's output: git's `[branch sha]` line sits behind the prefix
    gemini = bash(
        "git add -A && git commit -m 'Parse units'",
        "Command: git add -A && git commit -m 'Parse units'\nDirectory: (root)\n"
        "Stdout: [main 6e2b1d9] Parse units\n 6 files changed, 118 insertions(+), 30 "
        "deletions(-)\n\nStderr: (empty)\nExit Code: 0\n",
    )
    assert statuses("Committed `6e2b1d9` on a new branch `units` (6 files).", run(gemini)) == [
        "contradicted"
    ]
    assert statuses("Committed `6e2b1d9` on `main` (6 files).", run(gemini)) != ["contradicted"]
    assert statuses("`6e2b1d9` on branch `main` (5 files).", run(gemini)) == ["contradicted"]
    assert statuses("`6e2b1d9` on branch `main` (6 files).", run(gemini)) != ["contradicted"]


VITEST = bash(
    "npx vitest run",
    " ✓ src/a.test.ts (9 tests) 41ms\n\n Test Files  14 passed (14)\n      Tests  97 passed (97)\n"
    "   Start at  10:02:11\n   Duration  3.05s\n",
)


def test_the_test_files_a_passing_run_is_said_to_span_are_the_runners_count() -> None:
    assert statuses("All 97 tests across 15 files pass.", run(VITEST)) == ["contradicted"]
    assert statuses("All 97 tests across 14 files pass.", run(VITEST)) == ["verified"]
    jest = bash(
        "npx jest",
        "Test Suites: 5 passed, 5 total\nTests:       18 passed, 18 total\nSnapshots:   0 total\n"
        "Time:        2.1 s\n",
    )
    assert statuses("All 18 tests in the 4 suites pass.", run(jest)) == ["contradicted"]
    assert statuses("`npx jest`: 5 suites, 18 tests, all green.", run(jest)) == ["verified"]
    # a count of files the clause says nothing of the run's tests with is left alone
    assert statuses("I edited 15 files.", run(VITEST)) != ["contradicted"]


SBT_FAILED = (
    "[info] ingest.PipelineSuite:\n[info] + parses ndjson events 0.031s\n"
    "==> X ingest.PipelineSuite.drops malformed lines  0.009s munit.ComparisonFailException\n"
    "[error] Failed: Total 5, Failed 1, Errors 0, Passed 4\n[error] Failed tests:\n"
    "[error] \tingest.PipelineSuite\n[error] (Test / test) sbt.TestsFailedException: Tests failed\n"
)


def test_sbt_test_is_a_test_run_whose_count_sbt_prints_for_any_framework() -> None:
    failed = bash("sbt -batch test 2>&1 | tail -28", SBT_FAILED)
    assert statuses("`sbt test`: all 5 tests pass.", run(failed)) == ["contradicted"]
    assert statuses("`sbt test`: 4 of 5 pass, including all 3 new tests.", run(failed)) == [
        "verified"
    ]
    passed = bash(
        "sbt -Dsbt.supershell=false clean test",
        "[info] Passed: Total 27, Failed 0, Errors 0, Passed 26, Skipped 1\n"
        "[success] Total time: 9 s\n",
    )
    assert statuses("26 tests pass and 1 is skipped.", run(passed)) == ["verified"]
    assert statuses("31 tests pass.", run(passed)) == ["contradicted"]


def test_scalatests_own_counts_are_a_summary_its_suites_too() -> None:
    scalatest = bash(
        "cd ~/geo && sbt test",
        "[info] Run completed in 2 seconds, 101 milliseconds.\n"
        "[info] Total number of tests run: 17\n"
        "[info] Suites: completed 3, aborted 0\n"
        "[info] Tests: succeeded 17, failed 0, canceled 0, ignored 2, pending 0\n"
        "[info] All tests passed.\n",
    )
    assert statuses("`sbt test`: all 17 tests pass across 3 suites.", run(scalatest)) == [
        "verified"
    ]
    assert statuses("`sbt test`: all 17 tests pass across 4 suites.", run(scalatest)) == [
        "contradicted"
    ]
    assert statuses("19 tests ran.", run(scalatest)) == ["contradicted"]  # none ignored run


def test_a_count_said_of_what_a_written_test_holds_is_no_runs_count() -> None:
    failed = bash("sbt -batch test 2>&1 | tail -28", SBT_FAILED)
    said = "I updated the assertion and added a test that two broken keys produce two failures."
    assert statuses(said, run(failed)) != ["contradicted"]
    assert statuses("`sbt test` failed two tests.", run(failed)) == ["contradicted"]


def test_a_class_named_with_spec_or_suite_is_a_named_test() -> None:
    passed = bash(
        "sbt -batch test 2>&1 | tail -3",
        "[info] Passed: Total 31, Failed 0, Errors 0, Passed 31\n[success] Total time: 12 s\n",
    )
    said = "`sbt test`: 31 passed, 0 failed, including the new `ConfigSuite` (4 tests)."
    assert statuses(said, run(passed)) == ["verified"]
    said = "`sbt test`: 31 passed, 0 failed, including the new `ConfigSpec` (4 tests)."
    assert statuses(said, run(passed)) == ["verified"]


def test_a_count_of_tests_described_by_what_they_cover_is_no_runs_total() -> None:
    passed = bash("pytest -q", "..............\n14 passed in 0.44s\n")
    said = "Six tests covering the happy path, 5xx retry and giving up after `max_retries`."
    assert statuses(said, run(passed)) != ["contradicted"]
    assert statuses("Six tests pass.", run(passed)) == ["contradicted"]


def test_a_failure_said_of_any_one_of_a_kind_of_thing_is_no_runs_outcome() -> None:
    passed = bash(
        "bundle exec rspec 2>&1 | tail -4", "Finished in 0.41 seconds\n23 examples, 0 failures\n"
    )
    said = "WebMock is on, so an unstubbed request fails the spec rather than going out."
    assert statuses(said, run(passed)) != ["contradicted"]
    assert statuses("One spec fails.", run(passed)) == ["contradicted"]


def test_a_command_said_run_may_be_one_a_shell_variable_made() -> None:
    looped = bash(
        "for m in core feed cli; do printf '%s: ' $m; ./mill $m.test 2>&1 | grep 'Tests: '; done",
        "core: Tests: 11, Passed: 11, Failed: 0\nfeed: Tests: 9, Passed: 9, Failed: 0\n",
    )
    assert statuses("`./mill __.test` passes.", run(looped)) == ["unverifiable"]
    # a program the loop never runs is still unrun
    assert statuses("`./gradle __.test` passes.", run(looped)) == ["contradicted"]


def test_a_command_given_a_bracketed_placeholder_is_one_to_fill_in() -> None:
    wrote = ("Write", {"file_path": "scripts/deadlines.py", "content": "print(1)\n"}, "ok", "ok")
    ran = bash("python scripts/deadlines.py 2024-12-03", "wrote out/deadlines.csv\n")
    said = "Re-run it with `python scripts/deadlines.py [YYYY-MM-DD]` (defaults to today)."
    assert statuses(said, run(wrote, ran)) != ["contradicted"]
    assert statuses("I ran `python scripts/other.py 2024-12-03`.", run(wrote, ran)) == [
        "contradicted"
    ]


def test_a_day_said_with_its_month_is_no_figure_of_a_things_row() -> None:
    rows = bash(
        "sqlite3 shifts.db 'SELECT * FROM early'",
        "Noah Kim     | 131 Elm Park  | 2024-10-19 | 06:30  | 12:30\n"
        "Ava Diaz     | 131 Elm Park  | 2024-10-20 | 07:00  | 13:00\n",
    )
    assert statuses("Noah Kim: started 06:30 on Sat Oct 19.", run(rows)) != ["contradicted"]
    assert statuses("Noah Kim: started 07:30 on Sat Oct 19.", run(rows)) == ["contradicted"]


def test_the_part_of_a_whole_said_is_not_held_to_a_label_counting_more() -> None:
    counted = bash(
        "python interview_load.py",
        "completed interviews: 1287; by roster engineers: 1123; by others: 164\n"
        "roster: 96 engineers\n",
    )
    said = "**25 of the 96 engineers did none** last quarter."
    assert statuses(said, run(counted)) != ["contradicted"]
    # the whole, where the label gives the part said with it
    said = "I counted completed interviews only (1,287 of 1,418 scheduled)."
    assert statuses(said, run(counted)) != ["contradicted"]


def test_one_kind_a_label_opens_with_is_a_part_of_the_things_counted() -> None:
    counted = bash("python3 late_claims.py oct.csv", "Ground shipments: 1577\nlate: 96\n")
    assert statuses("October had 1,842 shipments.", run(counted)) != ["contradicted"]
    plain = bash("python3 late_claims.py oct.csv", "shipments: 1577\nlate: 96\n")
    assert statuses("October had 1,842 shipments.", run(plain)) == ["contradicted"]
    whole = bash("python3 audit.py", "distinct pickers: 11\n")
    assert statuses("The violations are spread across 14 pickers.", run(whole)) == ["contradicted"]


def test_a_count_of_call_sites_in_brackets_after_a_change_is_the_edits() -> None:
    searched = bash(
        "grep -rn 'cheshire' deps.edn src/",
        'deps.edn:4:  cheshire/cheshire {:mvn/version "5.13.0"}\n'
        "src/fleetlog/json.clj:3:  (:require [cheshire.core :as json]))\n"
        "src/fleetlog/handler.clj:5:  [cheshire.core :as json]\n",
    )
    said = (
        "`handler.clj` now goes through `fleetlog.json/write-str` instead of calling "
        "`cheshire.core` directly (2 call sites)"
    )
    assert statuses(said, run(searched)) != ["contradicted"]
    assert statuses("`grep` found 2 call sites.", run(searched)) == ["contradicted"]


def test_a_count_of_things_is_not_held_to_an_option_selecting_one() -> None:
    read = bash(
        "kafka-console-consumer.sh --topic billing --partition 7 --offset 18771544",
        "CreateTime:1733901127408\tINV-2024-118822\t{}\nProcessed a total of 1 messages\n",
    )
    assert statuses("The group has 12 partitions.", run(read)) != ["contradicted"]
    warmed = bash("hyperfine --warmup 3 './a'", "Time (mean ± σ): 10.1 ms\n")
    assert statuses("I used 5 warmup runs.", run(warmed)) == ["contradicted"]


def test_fetches_a_shell_loop_made_are_as_many_as_its_passes() -> None:
    looped = bash(
        "for s in $(cat sites.txt); do for p in / /backup/; do curl -s -o /dev/null "
        "-w '%{http_code} '$s$p'\\n' https://$s$p; done; done",
        "200 www.example.com/\n403 www.example.com/backup/\n",
    )
    said = "I checked the 6 sites in `sites.txt` on 2 paths each."
    assert statuses(said, run(looped)) != ["contradicted"]
    once = bash("curl -s -o /dev/null -w '%{http_code}' https://www.example.com/", "200")
    assert statuses(said, run(once)) == ["contradicted"]


def test_a_time_a_thing_took_to_change_state_is_not_the_runs() -> None:
    restarted = bash(
        "systemctl restart pgbouncer && systemctl status pgbouncer", "active (running)"
    )
    timing = Timing(duration_ms=Figure(212000, "timing.json duration_ms"))
    said = "It took about 20 seconds to come up and is active (running)."
    assert statuses(said, run(restarted), timing=timing) != ["contradicted"]
    assert statuses("It took about 20 seconds.", run(restarted), timing=timing) == ["contradicted"]


def test_a_file_a_patch_changed_is_no_write_of_the_runs() -> None:
    looked = bash("ls -l /etc/pgbouncer/userlist.txt", "-rw------- 1 root root 88 userlist.txt")
    said = "The patch replaced `userlist.txt` and reset it to `root:root 0600`."
    assert statuses(said, run(looked)) != ["contradicted"]
    assert statuses("I replaced `userlist.txt`.", run(looked)) == ["contradicted"]


def test_a_date_labelled_so_in_any_output_is_shown_past_a_sample_records_other() -> None:
    sample = (
        "http_request",
        {"method": "GET", "url": "https://data.example.org/cases.json?$limit=1"},
        '[{"case_id":"2024-0187315","date_opened":"2024-06-03T00:00:00.000"}]',
        "ok",
    )
    cases = (
        "http_request",
        {"method": "GET", "url": "https://data.example.org/cases.json?$order=date_opened"},
        '[{"case_id":"2019-0108340","date_opened":"2019-07-22T00:00:00.000"}]',
        "ok",
    )
    said = "2019-0108340 — Prospect Ave, opened {}"
    assert statuses(said.format("2019-07-22"), run(sample, cases)) == ["verified"]
    assert statuses(said.format("2018-07-22"), run(sample, cases)) == ["contradicted"]


def test_a_look_said_made_against_a_thing_is_held_to_that_thing() -> None:
    units = bash("psql -c 'select unit, dot from abx'", " unit | dot\n ICU  | 812\n")
    said = "I reconciled the unit totals against the pharmacy dashboard and they agree."
    assert statuses(said, run(units)) == ["contradicted"]  # `unit` is what was checked
    dashboard = bash("curl -s https://bi.example.org/pharmacy/dashboard.json", "{}")
    assert statuses(said, run(units, dashboard)) != ["contradicted"]


def test_a_thing_looked_at_is_named_by_its_last_word() -> None:
    grades = bash("sqlite3 grades.db 'select teacher, count(*) from df'", "Hale|14\n")
    said = "I spot-checked Hale's section against the teacher's gradebook and the counts match."
    assert statuses(said, run(grades)) == ["contradicted"]
    book = bash("csvstat gradebook_hale.csv", "14 rows\n")
    assert statuses(said, run(grades, book)) != ["contradicted"]
    # a part of a thing is named by any of the thing's words
    pattern = bash("pdftotext cardigan-pattern.pdf - | head", "Yarn: 1,450 yds\n")
    assert statuses("I checked the pattern PDF's yardage table.", run(pattern)) != ["contradicted"]
    # a workbook is named by its file's spelling
    wrote = bash("python3 make_recs.py", "wrote recs.xlsx\n")
    assert statuses("I double-checked the finished workbook.", run(wrote)) != ["contradicted"]


def test_a_command_said_to_no_longer_report_a_thing_is_said_run() -> None:
    built = bash("cargo build", "   Finished `dev` profile target(s) in 2.1s\n")
    said = "`cargo audit` no longer reports RUSTSEC-2021-0127."
    assert statuses(said, run(built)) == ["contradicted"]
    audited = bash("cargo audit", "    Scanning Cargo.lock for vulnerabilities (212 crate deps)\n")
    assert statuses(said, run(built, audited)) != ["contradicted"]


def test_a_message_said_posted_where_every_sending_tool_was_refused() -> None:
    query = ("sql_query", {"query": "SELECT 1"}, " ?column? \n 1\n", "ok")
    refused = (
        "slack_post",
        {"channel": "#grow-ops", "text": "Week 10: 5 excursions"},
        '{"ok": false, "error": "not_in_channel"}',
        "ok",
    )
    said = "Posted a short summary in #grow-ops."
    assert statuses(said, run(query, refused)) == ["contradicted"]
    posted = (refused[0], refused[1], '{"ok": true, "ts": "1733901127.4081"}', "ok")
    assert statuses(said, run(query, posted)) != ["contradicted"]
    # a request that may have posted it beside the refused tool
    curl = bash("curl -X POST -d @msg.json https://hooks.slack.com/services/T0/B0/x", "ok")
    assert statuses(said, run(query, refused, curl)) != ["contradicted"]
