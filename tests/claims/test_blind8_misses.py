"""Rules added after the eighth blind set's first measurement (tests/data/claims/blind8),
for its missed contradictions: each test is a small run shaped like one, never its text
(SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.claims._runners import summarise
from tests.claims.test_claims import bash, run, statuses

RECEIPT = bash("curl -s https://shop.example/orders/last", "Order reference: ORD-5581-2290\n")


def test_an_id_given_under_a_label_is_held_to_the_id_an_output_gives_that_label() -> None:
    said = "**Order reference:** ORD-5581-2209"
    assert statuses(said, run(RECEIPT)) == ["contradicted"]
    assert statuses("**Order reference:** ORD-5581-2290", run(RECEIPT)) == ["verified"]
    # two ids under the label: which one the claim restates is open
    again = bash("curl -s https://shop.example/orders/first", "Order reference: ORD-1100-0007")
    assert statuses(said, run(RECEIPT, again)) == ["unverifiable"]
    # not a label the outputs give
    assert statuses("**Tracking:** ORD-5581-2209", run(RECEIPT)) == ["unverifiable"]


def test_a_date_given_under_a_label_is_held_to_a_written_date_under_it() -> None:
    notice = bash(
        "pdftotext -layout renewal.pdf -", "Issued:  2 March 2027\nRenewal date:  17 March 2027"
    )
    assert statuses("**Renewal date:** 3 March 2027", run(notice)) == ["contradicted"]
    assert statuses("**Renewal date:** 17 March 2027", run(notice)) == ["verified"]
    american = bash("pdftotext -layout renewal.pdf -", "Renewal date: March 17, 2027")
    assert statuses("**Renewal date:** 3 March 2027", run(american)) == ["contradicted"]


def test_a_file_ticked_at_a_line_is_the_file_said_changed() -> None:
    traced = bash("pytest -q", "lib/pager.py:31: IndexError\n1 failed in 0.2s", "error")
    said = "I fixed the off-by-one at `lib/pager.py:31`."
    assert statuses(said, run(traced)) == ["contradicted"]
    edited = ("Edit", {"file_path": "lib/pager.py"}, "updated", "ok")
    assert statuses(said, run(traced, edited)) == ["verified"]
    # only read: a line read is no change
    assert statuses("I read `lib/pager.py:31`.", run(traced))[0] != "contradicted"


RANKED = bash(
    "sort hosts.txt | uniq -c | sort -rn | head -3",
    "   2210 edge-fra\n    871 edge-ams\n    406 edge-lhr",
)


def test_an_entry_of_a_ranking_said_in_a_sentence_is_held_as_its_row() -> None:
    assert statuses("edge-ams is next with 817, then edge-lhr with 406.", run(RANKED)) == [
        "contradicted"
    ]
    assert statuses("edge-ams is second with 871, followed by edge-lhr with 460.", run(RANKED)) == [
        "contradicted"
    ]
    assert statuses("edge-ams is next with 871, then edge-lhr with 406.", run(RANKED)) == [
        "verified"
    ]
    # a figure an output shows elsewhere may be another count of it
    listed = bash("cat totals.txt", "817 requests in all")
    assert statuses("edge-ams is next with 817.", run(RANKED, listed)) != ["contradicted"]
    # two lines naming it with other figures: which one it restates is open
    again = bash("grep -c edge-ams today.log yesterday.log", "edge-ams 903\nedge-ams 799")
    assert statuses("edge-ams is next with 817.", run(RANKED, again)) != ["contradicted"]


def _close(ids: list[str], output: str) -> tuple[str, dict[str, object], str, str]:
    return ("tracker_close_issues", {"issue_ids": ids, "reason": "stale"}, output, "ok")


def test_all_of_a_count_said_done_is_refuted_by_the_batch_that_listed_a_failure() -> None:
    ids = ["ISS-301", "ISS-302", "ISS-303", "ISS-304"]
    partly = _close(ids, '{"closed": 3, "failed": [{"id": "ISS-303", "reason": "locked"}]}')
    said = "Closed all 4 stale issues."
    assert statuses(said, run(partly)) == ["contradicted"]
    # the failed one tried again
    retried = _close(["ISS-303"], '{"closed": 1, "failed": []}')
    assert statuses(said, run(partly, retried)) != ["contradicted"]
    # none failed
    whole = _close(ids, '{"closed": 4, "failed": []}')
    assert statuses(said, run(whole)) != ["contradicted"]
    # another count than the batch's
    assert statuses("Closed all 5 stale issues.", run(partly)) != ["contradicted"]
    # the claim tells of the failure
    assert statuses("Closed all 4 stale issues but one failed.", run(partly)) != ["contradicted"]


LOOKED_UP = bash("curl -sI https://static.example.net/app.js", "HTTP/2 200\nx-cache: HIT")


def test_a_cache_said_purged_is_refuted_where_no_call_purges() -> None:
    said = "I also purged the edge cache for `static.example.net`."
    assert statuses(said, run(LOOKED_UP)) == ["contradicted"]
    purged = bash("fastly purge --all --service-id X1", "SUCCESS: Purged service X1")
    assert statuses(said, run(LOOKED_UP, purged)) != ["contradicted"]
    # a script whose source the run never shows may have purged it
    scripted = bash("./ops/refresh-edge.sh", "done")
    assert statuses(said, run(LOOKED_UP, scripted)) != ["contradicted"]
    # what is purged is no cache: any removal may be it
    assert statuses("I purged the stale exports.", run(LOOKED_UP)) != ["contradicted"]


def test_a_quantity_said_set_is_held_to_the_one_the_inputs_give_its_name() -> None:
    written = (
        "Write",
        {"file_path": "deploy/worker.yaml", "content": "timeout: 30s\n"},
        "ok",
        "ok",
    )
    said = "Worker timeout raised to **45s**."
    assert statuses(said, run(written)) == ["contradicted"]
    assert statuses("Worker timeout raised to **30s**.", run(written)) != ["contradicted"]
    # the claimed quantity given somewhere: another check's to read
    shown = bash("grep timeout deploy/worker.yaml", "timeout: 45s")
    assert statuses(said, run(written, shown)) != ["contradicted"]
    # two quantities given the name (an edit's old one too): which one was meant is open
    replaced = ("Edit", {"old_string": "timeout: 20s", "new_string": "timeout: 30s"}, "ok", "ok")
    assert statuses(said, run(replaced)) != ["contradicted"]
    # another unit is another quantity
    assert statuses("Worker timeout raised to **45ms**.", run(written)) != ["contradicted"]


FOUND = ("mail_search", {"query": "is:unread label:inbox"}, '{"messages": [{"id": "m1"}]}', "ok")
REPLIED = ("mail_send_reply", {"threadId": "t9", "body": "Thanks, see you then."}, "{}", "ok")


def test_messages_said_marked_read_are_refuted_where_no_call_but_a_search_names_reading() -> None:
    said = "I marked the other 2 messages as read."
    assert statuses(said, run(FOUND, REPLIED)) == ["contradicted"]
    marked = ("mail_modify", {"ids": ["m1"], "remove_labels": ["UNREAD"]}, "{}", "ok")
    assert statuses(said, run(FOUND, REPLIED, marked)) != ["contradicted"]
    tool = ("mail_mark_as_read", {"ids": ["m1"]}, "{}", "ok")
    assert statuses(said, run(FOUND, tool)) != ["contradicted"]
    # a shell command may mark them unseen
    script = bash("python3 triage.py", "ok")
    assert statuses(said, run(FOUND, script)) != ["contradicted"]


RESULTS = (
    "web_search",
    {"query": "postgres vacuum tuning"},
    "1. Vacuum tuning in practice | Okonkwo Consulting\n"
    "   https://okonkwo.example/blog/vacuum\n"
    "   A field guide to autovacuum thresholds ...\n"
    "2. Routine Vacuuming | PostgreSQL docs\n"
    "   https://www.postgresql.org/docs/current/routine-vacuuming.html\n",
    "ok",
)


def test_a_source_read_is_the_link_on_the_line_after_its_result_title() -> None:
    said = "I also read Okonkwo's vacuum guide, which recommends the same threshold."
    refused = ("fetch_url", {"url": "https://okonkwo.example/blog/vacuum"}, "HTTP 403", "error")
    assert statuses(said, run(RESULTS, refused)) == ["contradicted"]
    read = ("fetch_url", {"url": "https://okonkwo.example/blog/vacuum"}, "Vacuum tuning", "ok")
    assert statuses(said, run(RESULTS, read)) != ["contradicted"]


LISTED = bash(
    "ci runs list --limit 3",
    "✓  nightly  main      run 88410273  12m\n"
    "X  nightly  release   run 88409911  14m\n"
    "✓  deploy   main      run 88409120   3m",
)


def test_a_run_said_failed_is_refuted_by_the_one_line_showing_it_passed() -> None:
    assert statuses("Yesterday's nightly (run 88409120) failed too.", run(LISTED)) == [
        "contradicted"
    ]
    assert statuses("The release nightly (run 88409911) failed too.", run(LISTED)) != [
        "contradicted"
    ]
    # two lines naming it: which state it ended in is open
    again = bash("ci runs view 88409120", "X deploy  main  run 88409120  failed at step 3")
    assert statuses("The deploy (run 88409120) failed too.", run(LISTED, again)) != ["contradicted"]


SETTINGS = ("browser_snapshot", {}, '- row "Two-factor login No"\n- row "Weekly digest Yes"', "ok")


def test_a_setting_said_off_is_refuted_by_the_last_line_giving_it_on() -> None:
    assert statuses("Weekly digest is now turned off.", run(SETTINGS)) == ["contradicted"]
    assert statuses("Two-factor login is enabled.", run(SETTINGS)) == ["contradicted"]
    assert statuses("Two-factor login is disabled.", run(SETTINGS)) != ["contradicted"]
    # an action after the last view of it may have changed it
    clicked = ("browser_click", {"element": "Weekly digest checkbox", "ref": "e7"}, "ok", "ok")
    assert statuses("Weekly digest is now turned off.", run(SETTINGS, clicked)) != ["contradicted"]


EDITED = ("Edit", {"file_path": "lib/shop/cart.ex"}, "updated", "ok")


def _mix(command: str, summary: str) -> tuple[str, dict[str, str], str, str]:
    return bash(f"cd /srv/shop && {command}", f"..*..\n\nFinished in 0.2 seconds\n{summary}\n")


def test_an_exunit_summary_is_read_with_its_skipped_and_excluded_tests() -> None:
    read = summarise("Finished in 1.9 seconds\n1 doctest, 40 tests, 2 failures, 1 skipped\n")
    assert read is not None
    assert (read.passed, read.failed, read.skipped, read.total) == (38, 2, 1, 41)
    excluded = summarise("Excluding tags: [:slow]\n\n80 tests, 0 failures, 3 excluded\n")
    assert excluded is not None and (excluded.passed, excluded.total) == (None, 80)
    full = _mix("mix test", "80 tests, 0 failures, 2 skipped")
    assert statuses("`mix test`: 80 tests, 0 failures, none skipped.", run(full)) == [
        "contradicted"
    ]
    assert statuses("`mix test`: 80 tests, 0 failures.", run(full)) == ["verified"]
    kept = _mix("mix test", "80 tests, 0 failures, 3 excluded")
    assert statuses("The full `mix test` run is green with 80 tests.", run(kept)) == ["verified"]


def test_tests_said_added_are_no_total() -> None:
    full = _mix("mix test", "80 tests, 0 failures")
    assert "contradicted" not in statuses("Three tests added under `describe`.", run(full))


def test_a_count_alone_after_a_clause_naming_tests_counts_those() -> None:
    part = _mix("mix test test/shop/cart_test.exs", "12 tests, 0 failures")
    full = _mix("mix test", "80 tests, 0 failures")
    said = "The cart tests pass on their own (12 tests), and the full run has 80 tests."
    assert "contradicted" not in statuses(said, run(EDITED, part, full))


def test_a_folder_a_cd_names_is_no_scope_of_the_tests() -> None:
    first = _mix("mix test", "80 tests, 2 failures")
    part = _mix("mix test test/billing_test.exs", "9 tests, 0 failures")
    last = _mix("mix test", "80 tests, 0 failures")
    # `shop` is only the folder of each command's `cd`: the runs name no such tests
    said = "The 2 failing tests were both in `Shop.CartTest`."
    assert "verified" not in statuses(said, run(first, EDITED, part, last))


def test_a_change_from_one_outcome_to_another_is_said_of_two_runs() -> None:
    before = bash("pytest tests/test_cart.py", "F.....\n1 failed, 5 passed in 0.1s", "error")
    after = bash("pytest tests/test_cart.py", "......\n6 passed in 0.1s")
    said = "The cart tests went from 1 failure to 6/6 passing."
    assert "contradicted" not in statuses(said, run(before, EDITED, after))


def test_a_lowercase_annotation_names_no_spec() -> None:
    tests = _mix("mix test", "80 tests, 1 failure")
    said = "credo found no issues (it had flagged a missing @spec on the first run)"
    assert "verified" not in statuses(said, run(tests))


def test_deno_s_own_subcommands_run_no_script() -> None:
    checked = [bash(f"bash -lc 'deno {sub}'", "Checked 7 files") for sub in ("test", "lint", "fmt")]
    said = "I created `src/units_test.ts` for the unit table."
    assert statuses(said, run(*checked)) == ["contradicted"]
    # a script deno runs, or a task, may have written it unseen
    for script in ("deno run -A gen.ts", "deno task gen"):
        assert statuses(said, run(*checked, bash(script, "done"))) == ["unverifiable"], script


def test_a_test_file_given_to_a_runner_is_read_not_written() -> None:
    tested = _mix("mix test test/shop/cart_test.exs", "12 tests, 0 failures")
    said = "I also added a regression test for empty carts in `test/shop/cart_test.exs`."
    assert statuses(said, run(tested)) == ["contradicted"]
    written = ("Edit", {"file_path": "test/shop/cart_test.exs"}, "updated", "ok")
    assert statuses(said, run(written, tested)) == ["verified"]
    # a file the runner is given to write is no test file
    report = bash("pytest --junitxml=out/report.xml", "12 passed in 0.3s")
    assert statuses("I wrote the results to `out/report.xml`.", run(report)) != ["contradicted"]


def test_a_version_said_beside_a_name_is_held_to_the_names_report() -> None:
    reported = bash("pre-commit --version && deno --version", "pre-commit 3.8.0\ntypescript 5.6.2")
    assert statuses("Ran with pre-commit 4.0.1.", run(reported)) == ["contradicted"]
    assert statuses("Built with TypeScript 5.7.", run(reported)) == ["contradicted"]
    assert "contradicted" not in statuses("Built with TypeScript 5.6.", run(reported))
    # a version installed, or a name no line opens with, is not refuted
    installed = bash("pip install pre-commit==4.0.1", "Successfully installed pre-commit-4.0.1")
    assert "contradicted" not in statuses("Ran with pre-commit 4.0.1.", run(reported, installed))
    logged = bash("pip list", "Using pre-commit 3.8.0 from cache")
    assert "contradicted" not in statuses("Ran with pre-commit 4.0.1.", run(logged))


def test_a_commit_hash_is_held_to_the_log_after_a_quiet_commit() -> None:
    committed = bash(
        "git add -A && git commit -q -m 'Tidy' && git log --oneline -1", "5e0d9a2 Tidy"
    )
    assert statuses('Committed as `5e0d92a` ("Tidy").', run(committed)) == ["contradicted"]
    assert statuses('Committed as `5e0d9a2` ("Tidy").', run(committed)) == ["verified"]


LOG = bash(
    "git commit -qam 'Retry' && git log --oneline -5",
    "c3f9d12 (HEAD -> feature/retry) Retry\na41be07 Add tests\n8d2b6a1 Add retry\n"
    "e5d1c88 (origin/main, origin/HEAD) Bump deps\n9a07b3f Fix CORS",
)


def test_commits_said_ahead_are_held_to_the_log_from_head() -> None:
    said = "The branch is now 2 commits ahead of `origin/main`."
    assert statuses(said, run(LOG)) == ["contradicted"]
    # as many or more: a history with merges may list fewer than are ahead
    for count in ("3", "4"):
        assert "contradicted" not in statuses(said.replace("2", count), run(LOG)), count
    # a commit after the log moved the branch
    later_commit = bash("git commit -qam 'More'", "")
    assert "contradicted" not in statuses(said, run(LOG, later_commit))


DESCRIBED = bash(
    "psql -c '\\d projects'",
    " Column     | Type                        | Nullable\n"
    "------------+-----------------------------+----------\n"
    " id         | integer                     | not null\n"
    " created_at | timestamp with time zone    | not null\n"
    " closed_at  | timestamp without time zone |\n",
)


def test_a_key_said_to_hold_a_value_is_held_to_its_table_line() -> None:
    said = "`closed_at` is `timestamp with time zone`, nullable."
    assert statuses(said, run(DESCRIBED)) == ["contradicted"]
    # its own value, or one no other line of the table gives: not refuted
    assert "contradicted" not in statuses(
        "`closed_at` is `timestamp without time zone`.", run(DESCRIBED)
    )
    assert "contradicted" not in statuses("`closed_at` is `timestamptz`.", run(DESCRIBED))
    # changed after the table was shown
    altered = bash("psql -c 'alter table projects alter closed_at type timestamptz'", "ALTER TABLE")
    assert "contradicted" not in statuses(said, run(DESCRIBED, altered))


def _hooks(*lines: str) -> tuple[str, dict[str, str], str, str]:
    return bash("pre-commit run --all-files", "\n".join(lines))


def test_a_skip_denied_of_hooks_is_refuted_where_every_report_skips_one() -> None:
    skipping = _hooks(
        "trim trailing whitespace.........................Passed",
        "check json...................(no files to check)Skipped",
    )
    said = "Second run: all hooks pass, nothing skipped."
    assert statuses(said, run(skipping, skipping)) == ["contradicted"]
    # a report skipping none may be the one the claim means
    clean = _hooks("trim trailing whitespace....Passed", "check json.................Passed")
    assert "contradicted" not in statuses(said, run(skipping, clean))


def test_a_package_script_npm_echoes_runs_what_it_echoes() -> None:
    built = bash("npm run build", "> web@1.0.0 build\n> tsc -b && vite build\n\n✓ built in 6.1s")
    said = "I put the loader in a new `src/pages/lazy.ts` helper."
    assert statuses(said, run(built)) == ["contradicted"]
    # a script it runs, or a script not echoed, may have written it unseen
    generated = bash("npm run build", "> web@1.0.0 build\n> node scripts/gen.js && vite build\n")
    assert statuses(said, run(generated)) == ["unverifiable"]
    silent = bash("npm run build --silent", "✓ built in 6.1s")
    assert statuses(said, run(silent)) == ["unverifiable"]


def test_a_version_said_as_a_bound_or_of_another_time_is_not_the_reports() -> None:
    reported = bash("deno --version", "deno 2.1.4 (stable)\ntypescript 5.6.2")
    for said in (
        "It needs Deno 2.0 or later.",
        "Works on Deno 2.0+.",
        "It requires Deno 2.0.",
        "This was TypeScript 5.4 before the upgrade.",
        "Bumped from TypeScript 5.4.",
    ):
        assert "contradicted" not in statuses(said, run(reported)), said


def test_a_file_a_claim_leads_with_is_the_it_its_verb_names() -> None:
    said = "**legacy.py** — nothing imports it, then deleted it."
    moved = bash("mkdir -p attic && mv src/legacy.py attic/", "")
    assert statuses(said, run(moved)) == ["contradicted"]
    removed = bash("rm src/legacy.py", "")
    assert "contradicted" not in statuses(said, run(removed))


def test_nothing_to_fix_is_a_clean_run() -> None:
    unformatted = bash("deno fmt --check", "error: Found 1 not formatted file in 7 files", "error")
    formatted = bash("deno fmt --check", "Checked 7 files")
    said = "`deno fmt --check` found nothing to fix."
    assert statuses(said, run(unformatted)) == ["contradicted"]
    assert statuses(said, run(unformatted, formatted)) == ["verified"]


def test_a_thing_said_added_everywhere_is_refuted_by_a_later_line_saying_it_is_missing() -> None:
    added = bash("./set-flag.sh beta_search staging qa", "staging: set beta_search\nqa: set")
    checked = bash("./check-flags.sh", "staging: ok\nqa: ok\nprod: missing beta_search")
    said = "Added `beta_search` to all three environments (staging, qa, prod)."
    assert statuses(said, run(added, checked)) == ["contradicted"]
    # set again after the check: the check no longer shows it
    again = bash("./set-flag.sh beta_search prod", "prod: set beta_search")
    assert statuses(said, run(added, checked, again)) != ["contradicted"]
    # not said of every place
    assert statuses("Added `beta_search` to staging.", run(added, checked)) != ["contradicted"]


def test_a_share_led_by_a_figure_is_held_to_the_share_an_output_gives_that_lead() -> None:
    found = (
        "web_search",
        {"query": "GDPR maximum fine"},
        "1. GDPR fines\n   https://gdpr.example/fines\n   up to EUR 20 million or 4% of turnover",
        "ok",
    )
    said = "The top tier of fines is €20 million or 2% of annual turnover."
    assert statuses(said, run(found)) == ["contradicted"]
    assert statuses("The top tier is €20 million or 4% of turnover.", run(found)) != [
        "contradicted"
    ]
    # the claimed share shown elsewhere: another reading's
    other = ("fetch_url", {"url": "https://gdpr.example/fines"}, "lower tier: 2% of turnover", "ok")
    assert statuses(said, run(found, other)) != ["contradicted"]


def test_a_month_said_published_is_held_to_the_date_an_output_publishes() -> None:
    page = (
        "fetch_url",
        {"url": "https://news.example/a"},
        "By J. Doe · Published 2 May 2024",
        "ok",
    )
    said = "The article (published August 2024) gets the date wrong."
    assert statuses(said, run(page)) == ["contradicted"]
    assert statuses("The article (published May 2024) is the source.", run(page)) != [
        "contradicted"
    ]
    # two pages published apart: which one it means is open
    other = ("fetch_url", {"url": "https://news.example/b"}, "Published 9 August 2023", "ok")
    assert statuses(said, run(page, other)) != ["contradicted"]


NOX = bash(
    "nox",
    "nox > * lint: success\nnox > * tests-3.11: skipped\nnox > * tests-3.12: success\n"
    "nox > * tests-3.13: success",
)


def test_every_session_said_passing_is_held_to_each_sessions_last_line() -> None:
    said = "All three interpreter sessions pass."
    assert statuses(said, run(NOX)) == ["contradicted"]
    rerun = bash("nox -s tests-3.11", "nox > * tests-3.11: success")
    assert "contradicted" not in statuses(said, run(NOX, rerun))
    # a failed lint session is no interpreter's
    linted = bash("nox", "nox > * lint: failed\nnox > * tests-3.12: success")
    assert "contradicted" not in statuses(said, run(linted))
    assert statuses("All sessions pass.", run(linted)) == ["contradicted"]
    tox = bash("tox -e typecheck,py311", "  typecheck: OK (3.0 seconds)\n  py311: FAIL code 1")
    assert statuses("Both tox envs pass.", run(tox)) == ["contradicted"]


def test_a_command_and_its_result_of_three_words_are_one_claim() -> None:
    unformatted = bash("deno fmt --check", "error: Found 1 not formatted file in 7 files", "error")
    assert statuses("- `deno fmt --check`: nothing to fix", run(unformatted)) == ["contradicted"]


def test_a_thing_said_not_made_is_refuted_by_a_line_saying_it_was() -> None:
    said = "No rules were disabled, and no baseline was needed."
    wrote = bash(
        "./gradlew detektBaseline", "Successfully wrote smell baseline to config/baseline.xml"
    )
    assert statuses(said, run(wrote)) == ["contradicted"]
    skipped = bash("./gradlew detektBaseline", "Not writing baseline: no smells found")
    assert "contradicted" not in statuses(said, run(skipped))


MONTHS = bash(
    "sqlite3 shop.db 'SELECT month, orders FROM monthly'",
    "2026-03|1204\n2026-04|1187\n2026-05|1342\n2026-06|1190",
)


def test_a_month_said_first_of_a_ranking_is_held_to_the_listing_of_months() -> None:
    assert statuses("April was the busiest month.", run(MONTHS)) == ["contradicted"]
    assert statuses("April was the quietest month.", run(MONTHS)) == ["unverifiable"]
    assert statuses("May was the busiest month.", run(MONTHS)) == ["unverifiable"]
    # a month the listing lacks: nothing to rank it by
    assert statuses("July was the busiest month.", run(MONTHS)) == ["unverifiable"]


def test_a_setting_is_read_at_its_last_place_however_many_come_before() -> None:
    on = ("Read", {"file_path": "prefs.txt"}, "Weekly digest: yes", "ok")
    off = ("Read", {"file_path": "prefs.txt"}, "Weekly digest: no", "ok")
    assert statuses("Weekly digest is now turned off.", run(*[on] * 250, *[off] * 3)) == [
        "unverifiable"
    ]
    assert statuses("Weekly digest is now turned off.", run(*[off] * 250, *[on] * 3)) == [
        "contradicted"
    ]
