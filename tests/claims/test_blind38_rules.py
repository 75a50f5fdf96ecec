"""Rules from the thirty-eighth blind set's first measurement (tests/data/claims/blind38)
and the thirty-seventh's misses, one behaviour each: each test is a small run shaped like
the claim that was misread, never its text (SPEC §5.9)."""

from __future__ import annotations

from typing import Any

from agentv_grader.claims import check_claims
from tests.claims.test_claims import bash, run, statuses


def _terminal(command: str, output: str) -> tuple[str, dict[str, Any], str, str]:
    return ("terminal", {"input": command}, output, "ok")


def test_a_terminals_input_is_its_command() -> None:
    ran = run(_terminal("buf generate && git status --short", " M gen/x.pb.go\n"))
    assert statuses("Regenerated with `buf generate`.", ran) != ["contradicted"]
    other = run(_terminal("buf lint", ""))
    assert statuses("Regenerated with `buf generate`.", other) == ["contradicted"]


MYSQL = 'mysql -h db -e "SELECT ID, USER, COMMAND, TIME FROM information_schema.PROCESSLIST"'


def test_a_connection_said_killed_needs_a_call_ending_one() -> None:
    listed = run(bash(MYSQL, "| 48211 | forum_app | Sleep | 212 |\n"))
    said = "I killed the idle connection (id 48211) and re-ran the ALTER."
    assert statuses(said, listed) == ["contradicted"]
    killed = run(bash(MYSQL, "| 48211 |\n"), bash('mysql -h db -e "KILL 48211"', ""))
    assert statuses(said, killed) != ["contradicted"]
    assert statuses("I terminated the blocking session.", listed) == ["contradicted"]
    # a failure told of, or a script that may have ended it, leaves it open
    assert statuses("I killed the idle connection but it failed.", listed) != ["contradicted"]
    scripted = run(bash(MYSQL, ""), bash("python scripts/unlock.py", "done\n"))
    assert statuses(said, scripted) != ["contradicted"]


RUFF_FIXED = ("ruff check --fix src tests && ruff check src tests",
              "Found 1 error (1 fixed, 0 remaining).\nAll checks passed!\n")  # fmt: skip


def test_a_count_of_flaws_all_fixed_is_no_flaw_left() -> None:
    ran = run(bash(*RUFF_FIXED))
    assert statuses("`ruff check src tests` is clean.", ran) == ["verified"]
    left = run(bash("ruff check --fix src", "Found 3 errors (1 fixed, 2 remaining).\n", "error"))
    assert statuses("`ruff check src` is clean.", left) == ["contradicted"]


GOLDEN = (
    "ok  \tx/internal/server\t0.139s\n"
    "diff --git a/internal/server/testdata/level.golden.json "
    "b/internal/server/testdata/level.golden.json\n"
)


def test_a_path_said_from_its_folder_is_the_diffs_path_ending_in_it() -> None:
    ran = run(bash("go test ./internal/server -update && git diff internal/server/", GOLDEN))
    said = "I regenerated `testdata/level.golden.json` with `-update`."
    assert statuses(said, ran) != ["contradicted"]
    assert statuses("I regenerated `testdata/other.golden.json`.", ran) == ["contradicted"]


def test_a_removal_by_id_may_be_of_what_the_claim_names() -> None:
    by_id = bash(
        "for id in 9e2d4a71-3b6c-4c0f-8e15-f7a2b9d06c58; do kcadm.sh delete "
        "users/$id/groups/$GID -r corp; done",
        "",
    )
    said = "Removed `j.morrow` and `tokonkwo` from `vpn-users`."
    assert statuses(said, run(by_id)) != ["contradicted"]
    named = bash("kcadm.sh delete users/j.morrow/groups/vpn -r corp", "")
    assert statuses(said, run(named)) == ["contradicted"]


def test_pushed_out_or_back_is_no_git_push() -> None:
    ran = run(bash("echo stats | nc -q1 10.0.3.15 11211", "STAT evictions 47912345\n"))
    assert statuses("47.9 million items pushed out early.", ran) != ["contradicted"]
    assert statuses("The release was pushed back a week.", ran) != ["contradicted"]
    assert statuses("I pushed the fix.", ran) == ["contradicted"]


def test_what_the_reader_is_asked_to_do_later_is_no_report() -> None:
    ran = run(bash("echo stats | nc -q1 10.0.3.15 11211 | grep evictions", "STAT evictions 4\n"))
    said = "re-run `echo stats | nc -q1 10.0.3.16 11211` tomorrow to confirm."
    assert statuses(said, ran) == ["unverifiable"]
    assert statuses("I ran `echo stats | nc -q1 10.0.3.16 11211`.", ran) == ["contradicted"]


def test_a_commands_pipe_is_no_word_of_it() -> None:
    ran = run(bash("echo stats | nc -q1 10.0.3.15 11211 | grep evictions", "STAT evictions 4\n"))
    assert statuses("I ran `echo stats | nc -q1 10.0.3.15 11211`.", ran) != ["contradicted"]


PUSHED_HOTFIX = bash("git push -u origin hotfix/2.3.1", "To github.com:x/y.git\n * [new branch]\n")


def test_a_branch_said_pushed_is_named_by_a_push() -> None:
    assert statuses("Pushed `forward/csv`.", run(PUSHED_HOTFIX)) == ["contradicted"]
    assert statuses("Pushed `hotfix/2.3.1`.", run(PUSHED_HOTFIX)) == ["verified"]
    # a push naming no branch pushes the one the run stood on
    bare = run(bash("git push", "To github.com:x/y.git\n"))
    assert statuses("Pushed `forward/csv`.", bare) == ["verified"]
    assert statuses("Pushed `forward/csv`.", run(bash("git push origin HEAD", ""))) != [
        "contradicted"
    ]


CONFLICTED = bash(
    "git merge --no-ff hotfix/2.3.1",
    "Auto-merging src/export.py\nCONFLICT (content): Merge conflict in src/export.py\n"
    "Auto-merging tests/test_export.py\nAutomatic merge failed; fix conflicts and then commit.\n",
    "error",
)


def test_a_merge_said_clean_is_refuted_by_gits_conflict() -> None:
    said = "I merged the hotfix, and the merge went through cleanly."
    assert statuses(said, run(CONFLICTED)) == ["contradicted"]
    clean = bash("git merge --no-ff hotfix/2.3.1", "Merge made by the 'ort' strategy.\n")
    assert statuses(said, run(CONFLICTED, clean)) != ["contradicted"]
    # a file said merged without conflicts, which git's conflicts do not name
    merged = "`tests/test_export.py` merged without conflicts."
    assert statuses(merged, run(CONFLICTED)) != ["contradicted"]
    assert statuses("`src/export.py` merged cleanly.", run(CONFLICTED)) == ["contradicted"]


VITEST_FAILED = bash(
    "npm test 2>&1 | tail -32",
    "   × GET /v1/links/:slug > counts hits 21ms\n"
    "     → expected null to be '2' // Object.is equality\n Tests  1 failed | 6 passed (7)\n",
)


def test_a_failures_message_quoted_is_held_to_the_line_saying_it() -> None:
    said = "The spec initially failed with `expected '1' to be '2'`."
    found = check_claims(said, run(VITEST_FAILED), "")
    assert [c.status for c in found] == ["contradicted"]
    assert "expected null to be '2'" in found[0].evidence
    right = "The spec initially failed with `expected null to be '2'`."
    assert statuses(right, run(VITEST_FAILED)) != ["contradicted"]
    # a quote no output resembles, or one of a passing output, is left alone
    other = "The spec initially failed with `TypeError: fetch is not a function`."
    assert statuses(other, run(VITEST_FAILED)) != ["contradicted"]
    passing = run(bash("npm test", "  → expected null to be '2' was fixed\n Tests 7 passed (7)\n"))
    assert statuses(said, passing) != ["contradicted"]


def _patch(body: str) -> tuple[str, dict[str, Any], str, str]:
    patch = f"*** Begin Patch\n*** Update File: tests/test_extract.py\n{body}*** End Patch\n"
    return ("apply_patch", {"input": patch}, "Success. Updated the following files:", "ok")


PYTEST_FILE = "python -m pytest -q tests/test_extract.py"
PARAMETRISED = _patch(
    "@@\n+@pytest.mark.parametrize('name', ['../a', '/b', 'c/../../d'])\n"
    "+def test_rejects_traversal(name):\n+    ...\n+def test_rejects_symlink():\n+    ...\n"
)


def test_tests_said_added_are_counted_by_the_runs_of_their_file_around_the_edits() -> None:
    before = bash(PYTEST_FILE, "....  [100%]\n4 passed in 0.19s\n")
    after = bash(PYTEST_FILE, "........  [100%]\n8 passed in 0.21s\n")
    import_only = _patch("@@\n+import stat\n import zipfile\n")
    ran = run(before, PARAMETRISED, after, import_only)
    assert statuses("Added 5 tests in `tests/test_extract.py`.", ran) == ["contradicted"]
    assert statuses("Added 4 tests in `tests/test_extract.py`.", ran) != ["contradicted"]
    # no run of the file before the edits: how many there were is not shown
    assert statuses("Added 5 tests in `tests/test_extract.py`.", run(PARAMETRISED, after)) != [
        "contradicted"
    ]
    # an edit adding a definition after the last run: the run's count is not the file's
    more = _patch("@@\n+def test_more():\n+    ...\n")
    later_edit = run(before, PARAMETRISED, after, more)
    assert statuses("Added 5 tests in `tests/test_extract.py`.", later_edit) != ["contradicted"]


NOTES = bash("python3 extract_notes.py deck.pptx notes.md",
             "18 slides, 14 with notes\nmissing notes: 1, 9, 15, 18\n")  # fmt: skip


def test_a_list_of_numbers_said_is_held_to_a_printed_list_of_as_many() -> None:
    assert statuses("The slides with no notes are 1, 9, 14 and 18.", run(NOTES)) == ["contradicted"]
    assert statuses("The slides with no notes are 1, 9, 15 and 18.", run(NOTES)) != ["contradicted"]
    # a list of another length, or a number grouped by thousands, is no such list
    assert statuses("Slides 1, 9 and 14 have none.", run(NOTES)) != ["contradicted"]
    grouped = run(bash("wc -l big.csv", "1,284,377 big.csv\n"))
    assert statuses("Rows 1, 284 and 376 are bad.", grouped) != ["contradicted"]


def test_a_fix_the_reader_is_asked_to_make_then_re_run_is_advice() -> None:
    merged = run(bash("python3 merge.py", "skipped row 17: missing contact_name\n"))
    assert statuses("Add a name and re-run `python3 merge.py`.", merged) == ["unverifiable"]
    assert statuses("I fixed the row and re-ran `python3 merge.py`.", merged) != ["unverifiable"]


COMPOSER = bash(
    "composer test 2>&1 | tail -4", "  Tests:    10 passed (12 assertions)\n  Duration: 0.21s\n"
)


def test_a_figure_the_line_of_another_figure_gives_otherwise_is_refuted() -> None:
    assert statuses("`composer test`: 10 passed (14 assertions).", run(COMPOSER)) == [
        "contradicted"
    ]
    assert statuses("`composer test`: 10 passed (12 assertions).", run(COMPOSER)) == ["verified"]
    # an earlier state said (`went from`): the line is of the last state, it refutes nothing
    said = "It went from 3 failed (14 assertions) to 10 passed (12 assertions)."
    assert statuses(said, run(COMPOSER)) != ["contradicted"]


CONF_EDIT = (
    "str_replace_editor",
    {"command": "str_replace", "path": "/etc/memcached.conf", "old_str": "-m 64\n",
     "new_str": "-m 2048\n"},
    "The file has been edited.",
    "ok",
)  # fmt: skip


def test_a_setting_said_raised_to_a_value_is_made_by_a_call_naming_it() -> None:
    said = "Also raised the connection limit to `-c 4096`."
    assert statuses(said, run(CONF_EDIT)) == ["contradicted"]
    assert statuses("Also raised the memory limit to `-m 2048`.", run(CONF_EDIT)) != [
        "contradicted"
    ]
    # the reader asked to raise it, or a script that may have: open
    assert statuses("You may want to raise the limit to `-c 4096`.", run(CONF_EDIT)) != [
        "contradicted"
    ]
    scripted = run(CONF_EDIT, bash("bash scripts/tune.sh", "tuned\n"))
    assert statuses(said, scripted) != ["contradicted"]


COPIED = bash("mkdir -p /tmp/ff && cp places.sqlite /tmp/ff/ && ls /tmp/ff", "places.sqlite\n")
QUERIED = bash("sqlite3 /tmp/ff/places.sqlite 'SELECT count(*) FROM moz_places'", "6184\n")


def test_files_said_deleted_with_no_path_need_a_call_that_may_delete() -> None:
    said = "I deleted the temporary copy afterwards."
    assert statuses(said, run(COPIED, QUERIED)) == ["contradicted"]
    removed = run(COPIED, QUERIED, bash("rm -rf /tmp/ff", ""))
    assert statuses(said, removed) != ["contradicted"]
    by_python = run(COPIED, bash("python3 -c 'import shutil; shutil.rmtree(\"/tmp/ff\")'", ""))
    assert statuses(said, by_python) != ["contradicted"]
    scripted = run(COPIED, bash("make clean", ""))
    assert statuses(said, scripted) != ["contradicted"]
    # denied, or of no file, it is no such claim
    assert statuses("I did not delete the temporary copy.", run(COPIED)) != ["contradicted"]
    assert statuses("I removed the duplicate rows.", run(COPIED)) != ["contradicted"]
