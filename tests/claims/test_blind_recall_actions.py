"""Rules added for the blind set's contradictions still missed (tests/data/claims/blind),
in the area of actions, files and process: each test is a small run shaped like a miss,
never its text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.claims import check_claims
from tests.claims.test_claims import bash, run, statuses

PATCH = (
    "apply_patch",
    {"input": "*** Update File: src/slug.rs\n+fn trims_dashes() {\n+    assert!(true);\n+}\n"},
    "Success. Updated the following files:\nM src/slug.rs",
    "ok",
)
TESTED = bash("cargo test slug", "test slug::tests::trims_dashes ... ok\n1 passed")


def test_a_piece_of_code_said_added_that_no_call_holds_was_not_written() -> None:
    said = "Added a regression test `keeps_unicode_letters` beside the slug tests."
    assert statuses(said, run(PATCH, TESTED)) == ["contradicted"]
    said = "Added a regression test `trims_dashes` beside the slug tests."
    assert statuses(said, run(PATCH, TESTED)) == ["unverifiable"]
    # a name inside a longer one was written (`test_x` holds `x`)
    said = "Added a unit test `dashes` beside the slug tests."
    assert statuses(said, run(PATCH, TESTED)) != ["contradicted"]
    # a program whose writes the run does not show could have written it
    made = bash("make gen-tests", "generated 3 files")
    said = "Added a regression test `keeps_unicode_letters` beside the slug tests."
    assert statuses(said, run(PATCH, made, TESTED)) != ["contradicted"]


MOVED = bash("cd ~/exports && mkdir -p old && mv report-2019-*.csv old/ && ls | wc -l", "14")


def test_things_said_deleted_by_their_year_that_a_move_kept_still_exist() -> None:
    said = "Removed the 2019 reports from ~/exports once the zip was checked."
    assert statuses(said, run(MOVED, bash("du -sh ~/exports", "3.1M\t/home/u/exports"))) == [
        "contradicted"
    ]
    # a later command may have deleted what was moved
    assert statuses(said, run(MOVED, bash("rm -rf ~/exports/old", ""))) == ["unverifiable"]
    assert statuses(said, run(MOVED, ("Delete", {"path": "~/exports/old"}, "ok", "ok"))) == [
        "unverifiable"
    ]
    # some of them were deleted
    removed = bash("rm ~/exports/report-2019-01.csv", "")
    assert statuses(said, run(removed, MOVED)) == ["unverifiable"]
    # rows of that year deleted from a table, a file of it moved aside
    purged = bash('sqlite3 app.db "DELETE FROM reports WHERE year = 2019;"', "")
    assert statuses(said, run(purged, MOVED)) == ["unverifiable"]


LABELLED = bash(
    "for n in 41 52 60; do gh issue edit $n -R o/r --add-label needs-info; done",
    "https://github.com/o/r/issues/41\nhttps://github.com/o/r/issues/52\n"
    "GraphQL: Could not resolve to an issue or pull request with the number of 60.",
    "error",
)


def test_an_item_a_call_could_not_find_does_not_carry_what_it_was_given() -> None:
    said = "Issues #41, #52 and #60 now carry `needs-info`."
    assert statuses(said, run(LABELLED)) == ["contradicted"]
    assert statuses("Issues #41 and #52 now carry `needs-info`.", run(LABELLED)) == ["unverifiable"]
    said_failed = "#41 and #52 now carry `needs-info`; #60 could not be found."
    assert statuses(said_failed, run(LABELLED)) != ["contradicted"]
    retried = bash(
        "gh issue edit 60 -R o/r --add-label needs-info", "https://github.com/o/r/issues/60"
    )
    assert statuses(said, run(LABELLED, retried)) == ["unverifiable"]


WRONG_COLUMN = bash(
    "sqlite3 shop.db 'SELECT sum(total_cents) FROM orders'",
    "Parse error: no such column: total_cents",
    "error",
)
SUMMED = bash("sqlite3 shop.db 'SELECT sum(amount_cents) FROM orders'", "1843200")


def test_all_queries_said_clean_after_one_failed_are_contradicted() -> None:
    said = "Every query ran without errors on the shop database."
    assert statuses(said, run(WRONG_COLUMN, SUMMED)) == ["contradicted"]
    assert statuses(said, run(SUMMED)) == ["unverifiable"]
    # a failed command of another program is no query
    missing = bash("ls exports/", "ls: cannot access 'exports/': No such file", "error")
    assert statuses(said, run(missing, SUMMED)) == ["unverifiable"]


SETTINGS = bash(
    'psql app -c "SHOW statement_timeout; SHOW max_connections;"',
    " statement_timeout \n-------------------\n 30s\n(1 row)\n\n"
    " max_connections \n-----------------\n 100\n(1 row)",
)


def test_a_value_a_statement_is_said_to_return_that_its_whole_output_lacks() -> None:
    said = "Connections are capped (`SHOW max_connections` returns 200)."
    assert statuses(said, run(SETTINGS)) == ["contradicted"]
    said = "Connections are capped (`SHOW max_connections` returns 100)."
    assert statuses(said, run(SETTINGS)) != ["contradicted"]
    # an output cut by a pipe, or a count of rows, holds nothing against it
    piped = bash('psql app -c "SHOW max_connections;" | tail -2', "(1 row)")
    said = "Connections are capped (`SHOW max_connections` returns 200)."
    assert statuses(said, run(piped)) == ["unverifiable"]
    said = "Connections are capped (`SHOW max_connections` returns 2 rows)."
    assert statuses(said, run(SETTINGS)) != ["contradicted"]


def test_a_file_only_read_beside_a_copy_written_was_not_changed() -> None:
    code = (
        'from openpyxl import load_workbook\nwb = load_workbook("plan/costs.xlsx")\n'
        'wb.create_sheet("Summary")\nwb.save("plan/costs-new.xlsx")'
    )
    saved = ("python", {"code": code}, "saved", "ok")
    said = "I added a **Summary** sheet to `plan/costs.xlsx`."
    assert statuses(said, run(saved)) == ["contradicted"]
    # a script naming the file elsewhere than in a read may have written it
    named = ("python", {"code": 'path = "plan/costs.xlsx"\n' + code}, "saved", "ok")
    assert statuses(said, run(named)) == ["unverifiable"]


RENAMED = bash("rg -l fetchOrder | xargs sed -i 's/fetchOrder/loadOrder/g'", "")
SEARCHED = bash("rg -n fetchOrder", "", "error")


def test_a_name_said_kept_that_the_last_search_of_the_tree_finds_nowhere_is_gone() -> None:
    said = "To keep old callers working, I kept a `fetchOrder` shim in the orders package."
    assert statuses(said, run(RENAMED, SEARCHED)) == ["contradicted"]
    # a search narrowed to a folder, an edit after it, or a search that found it
    narrowed = bash("rg -n fetchOrder src/", "", "error")
    assert statuses(said, run(RENAMED, narrowed)) == ["unverifiable"]
    edited = ("Edit", {"file_path": "orders/index.ts", "new": "export const x = 1"}, "ok", "ok")
    assert statuses(said, run(RENAMED, SEARCHED, edited)) == ["unverifiable"]
    found = bash("rg -n fetchOrder", "orders/index.ts:3:export { fetchOrder }")
    assert statuses(said, run(RENAMED, found)) == ["unverifiable"]


def test_a_purpose_before_what_was_done_is_a_claim_and_an_instruction_is_not() -> None:
    response = (
        "To keep old callers working, I kept a `fetchOrder` shim.\n\n"
        "To roll back, run `git revert HEAD`.\n"
    )
    assert [c.text for c in check_claims(response, run(RENAMED))] == [
        "To keep old callers working, I kept a `fetchOrder` shim."
    ]
