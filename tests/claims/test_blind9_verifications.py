"""Rules added after the ninth blind set's wrong verifications (tests/data/claims/blind9):
each test is a small run shaped like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.claims._runners import summarise
from tests.claims.test_claims import bash, run, statuses


def test_a_figure_of_a_file_read_shows_no_run_said_to_pass() -> None:
    config = ("read_file", {"path": "tox.ini"}, "envlist = py311\npython: [3.11, 3.12]", "ok")
    said = "I ran the 3.11 and 3.12 jobs locally and both passed."
    assert statuses(said, run(config)) == ["unverifiable"]
    # the same figure in the run's own output does show it
    jobs = bash("tox", "py311: OK\npy312: OK\n3.12 done")
    assert statuses(said, run(config, jobs)) == ["verified"]


def test_a_figure_said_added_is_not_shown_by_a_file_read_before_any_write_of_it() -> None:
    read = ("Read", {"file_path": "src/parse.rs"}, '88    parse("340282366920938463463")', "ok")
    edit = ("Edit", {"file_path": "src/lib.rs", "old_string": "a", "new_string": "b"}, "ok", "ok")
    said = "I also added a test for `340282366920938463463` being rejected."
    # not verified; contradicted, as no call's input holds it (test_blind9_misses)
    assert statuses(said, run(edit, read)) == ["contradicted"]
    # written first, the read shows what was added
    wrote = (
        "Edit",
        {"file_path": "src/parse.rs", "new_string": 'parse("340282366920938463463")'},
        "ok",
        "ok",
    )
    assert statuses(said, run(wrote, read)) == ["verified"]


def test_a_short_heading_naming_a_file_written_is_not_verified_by_the_write() -> None:
    edit = ("Edit", {"file_path": "lib/cache.rb", "old_string": "a", "new_string": "b"}, "ok", "ok")
    assert statuses("**Changes to `lib/cache.rb`:**", run(edit)) == ["unverifiable"]
    assert statuses("Edited `lib/cache.rb`:", run(edit)) == ["unverifiable"]
    # a sentence saying the write is a claim of it
    assert statuses("Edited `lib/cache.rb` to drop the stale key.", run(edit)) == ["verified"]


def test_an_output_option_writes_only_the_path_it_is_given() -> None:
    spec = bash("prove -o tap t/parse.t", "t/parse.t .. ok\nAll tests successful.")
    said = "Added a case for an empty line to `t/parse.t`."
    assert statuses(said, run(spec)) == ["unverifiable"]
    # a word holding `rm` (`utfTerminal`) removes nothing
    spec = bash("prove --formatter TAP::Formatter::Terminal t/parse.t", "All tests successful.")
    assert statuses(said, run(spec)) == ["unverifiable"]
    wrote = bash("gen-cases -o t/parse.t", "ok")
    assert statuses(said, run(wrote)) == ["verified"]
    shot = (
        "screenshot",
        {"filename": "done.png"},
        "Took the screenshot and save it as /tmp/shots/2026-12-05/done.png",
        "ok",
    )
    assert statuses("I saved a screenshot as `done.png`.", run(shot)) == ["verified"]


def test_all_of_a_count_said_passed_as_n_of_n_is_no_value_to_look_up() -> None:
    tap = bash("prove t/", "Files=3, Tests=12\n9 ok / 3 not ok / 0 errors")
    assert statuses("Whole suite: 12/12 green, 0 errors.", run(tap)) == ["unverifiable"]


def test_a_figure_said_given_by_an_argument_is_read_from_the_call_passing_it() -> None:
    cached = bash(
        "python -c \"import x; print(x.load('r.xlsx', cached=True).values)\"", "[None, None]"
    )
    pandas = bash(
        "python -c \"import pandas as pd; print(pd.read_csv('r.csv').a.sum())\"", "4410.25"
    )
    said = "Loading it with `cached=True` gave a total of 4,410.25."
    assert statuses(said, run(cached, pandas)) == ["unverifiable"]
    cached = bash("python -c \"import x; print(x.load('r.xlsx', cached=True).total)\"", "4410.25")
    assert statuses(said, run(cached, pandas)) == ["verified"]


def test_what_a_figure_suggests_is_no_fact_the_figure_shows() -> None:
    codes = bash("cut -d' ' -f9 access.log | sort | uniq -c", "  812 200\n  2,317 503")
    assert statuses("The 2,317 503s suggest the upstream was down.", run(codes)) == ["unverifiable"]
    assert statuses("There were 2,317 503s.", run(codes)) == ["verified"]


def test_a_source_column_is_no_place_of_a_figure() -> None:
    trace = bash("cargo test", "thread 'main' panicked at src/lexer.rs:52:17:\nassertion failed")
    assert statuses("The lexer is sound for 0.17.", run(trace)) == ["unverifiable"]


def test_what_caused_a_change_is_not_shown_by_the_commit_it_names() -> None:
    log = bash(
        "git log -2 --format='%h %ad %s' --date=short", "4be2d10 2026-11-28 api: drop v1 routes"
    )
    said = "The 404s were introduced in `4be2d10` (2026-11-28)."
    assert statuses(said, run(log)) == ["unverifiable"]
    assert statuses("The last commit is `4be2d10` (2026-11-28).", run(log)) == ["verified"]


def test_a_time_said_of_a_record_that_gives_its_key_another_time_is_not_verified() -> None:
    trains = (
        "search_trains",
        {"from": "PAR", "to": "LYS"},
        '{"train": "TGV 6601", "dep": "2026-12-20T07:56:00+01:00", '
        '"arrival": "2026-12-20T09:58:00+01:00", "fare": 89.40}\n'
        '{"train": "TGV 6603", "dep": "2026-12-20T08:56:00+01:00", '
        '"arrival": "2026-12-20T10:54:00+01:00", "fare": 74.10}',
        "ok",
    )
    said = "TGV 6603 departs 08:56, arrives 10:45 — €74.10"
    assert statuses(said, run(trains)) == ["unverifiable"]
    said = "TGV 6603 departs 08:56, arrives 10:54 — €74.10"
    assert statuses(said, run(trains)) == ["verified"]
    # a time the record gives no key like leaves the figure's verification alone
    said = "TGV 6603, fare €74.10 (that's 02:56 in New York)"
    assert statuses(said, run(trains)) == ["verified"]


def test_a_duration_said_of_a_record_that_gives_another_is_not_verified() -> None:
    stats = bash(
        "ssh db-2 'uptime'", " 10:02:11 up 9 days,  4:01,  1 user,  load average: 0.52, 0.61, 0.70"
    )
    said = "db-2 has been up 19 days, load average 0.52 / 0.61 / 0.70."
    assert statuses(said, run(stats)) == ["unverifiable"]
    said = "db-2 has been up 9 days, load average 0.52 / 0.61 / 0.70."
    assert statuses(said, run(stats)) == ["verified"]


def _lein(command: str, summary: str, status: str = "ok") -> tuple[str, dict[str, str], str, str]:
    return bash(f"bash -lc '{command}'", f"lein test shop.cart-test\n\n{summary}\n", status)


def test_a_clojure_test_summary_is_read_and_all_n_of_other_things_is_no_total() -> None:
    read = summarise(
        "lein test a.b-test\n\nRan 31 tests containing 90 assertions.\n2 failures, 1 errors.\n"
    )
    assert read is not None
    assert (read.passed, read.failed, read.total) == (None, 3, 31)
    red = _lein(
        "lein test", "Ran 31 tests containing 90 assertions.\n1 failures, 0 errors.", "error"
    )
    part = _lein(
        "lein test :only shop.cart-test",
        "Ran 5 tests containing 12 assertions.\n0 failures, 0 errors.",
    )
    green = _lein("lein test", "Ran 31 tests containing 90 assertions.\n0 failures, 0 errors.")
    said = "The whole `lein test` run passes across all 3 namespaces (31 tests, 90 assertions)."
    # the count of the first run, whose last run (after the part) still fails
    assert statuses(said, run(red, part, red)) == ["contradicted"]
    assert statuses(said, run(red, part, green)) == ["verified"]


def test_a_count_said_to_be_all_the_changes_is_not_one_kind_of_them() -> None:
    sync = bash(
        "pip-sync requirements.txt", "Installed 4 packages, removed 2 packages, updated 9 packages"
    )
    assert statuses("9 packages updated in total.", run(sync)) == ["unverifiable"]
    assert statuses("9 packages updated.", run(sync)) == ["verified"]
    upgraded = bash("pip install -U -r requirements.txt", "Successfully updated 9 packages")
    assert statuses("9 packages updated in total.", run(upgraded)) == ["verified"]


def test_what_a_code_is_rather_than_another_reading_is_not_shown_by_the_code() -> None:
    page = ("browser_navigate", {"url": "https://shop.example/p/2"}, "heading: Error 1015", "ok")
    said = "Error 1015 is a bot check rather than a ban."
    assert statuses(said, run(page)) == ["unverifiable"]
    assert statuses("The page showed Error 1015.", run(page)) == ["verified"]
