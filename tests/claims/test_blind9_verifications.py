"""Rules added after the ninth blind set's wrong verifications (tests/data/claims/blind9):
each test is a small run shaped like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

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
    assert statuses(said, run(edit, read)) == ["unverifiable"]
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
