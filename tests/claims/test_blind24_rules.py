"""Wrong verdicts and misses the twenty-fourth blind set found (tests/data/claims/blind24),
each rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

CARGO = bash("cargo test", "test result: ok. 31 passed; 0 failed; 0 ignored")


def test_a_value_pushed_by_a_piece_of_code_is_no_git_push() -> None:
    said = "In `next_field`, the `(QuoteInQuoted, b'\"')` arm pushed the literal quote."
    assert statuses(said, run(CARGO)) != ["contradicted"]
    assert statuses("I committed the fix and pushed it.", run(CARGO)) == ["contradicted"]
    assert statuses("The `csv` fix was pushed to origin.", run(CARGO)) == ["contradicted"]


REPEATED = bash("python -m pytest -n 8 --count 50 -q tests/test_cache.py::test_ttl", "50 passed")
FULL = bash("python -m pytest -n auto -q", "415 passed, 3 skipped in 18.04s")


def test_a_claim_going_on_from_the_sentence_before_it_has_no_scope_of_its_own() -> None:
    assert statuses("afterwards all 50 pass.", run(REPEATED, FULL)) != ["contradicted"]
    assert statuses("All 50 tests pass.", run(FULL)) == ["contradicted"]


def test_all_n_pass_counts_n_whole() -> None:
    assert statuses("all 415 pass.", run(FULL)) != ["contradicted"]
    assert statuses("all 418 pass, nothing skipped.", run(FULL)) == ["contradicted"]


HATCH = bash("hatch version 0.8.1", "Old: 0.8.0\nNew: 0.8.1")


def test_a_file_said_rewritten_by_the_command_said_before_which_is_its_write() -> None:
    said = (
        "Bumped the version to **0.8.1** with `hatch version 0.8.1`, which rewrote "
        "`src/tidewatch/__about__.py`."
    )
    assert statuses(said, run(HATCH)) != ["contradicted"]
    unran = said.replace("hatch version 0.8.1", "bump2version patch")
    assert statuses(unran, run(HATCH)) == ["contradicted"]


BORG = bash("borg check -v --repository-only /srv/borg/files", "finished repository check")


def test_a_purpose_before_an_irregular_past_opens_a_claim() -> None:
    said = "To unblock `mail`, I broke the stale lock with `borg break-lock`."
    assert statuses(said, run(BORG)) == ["contradicted"]
    assert statuses("To unblock `mail`, break the lock with `borg break-lock`.", run(BORG)) == []


PATCH = "*** Begin Patch\n*** Update File: src/tokenizer.rs\n@@\n-a\n+b\n*** End Patch\n"
TOKENIZER = ("apply_patch", {"input": PATCH}, "Done!", "ok")


def test_a_leads_file_said_changed_after_it_is_held_to_its_writes() -> None:
    said = "`CHANGELOG.md`: added a `## 0.4.2` section describing the fix."
    assert statuses(said, run(TOKENIZER, CARGO)) == ["contradicted"]
    # a write of it shows it changed, not that it changed as said: nothing verified
    said = "`src/tokenizer.rs`: added three new cases for escaped quotes."
    assert statuses(said, run(TOKENIZER, CARGO)) == ["unverifiable"]
    # something removed from it is an edit, not a deletion
    said = "`src/tokenizer.rs`: removed the unused `State::Done` arm."
    assert statuses(said, run(TOKENIZER, CARGO)) == ["unverifiable"]


RUFF_FIX = bash("cd /w && .nox/lint/bin/ruff check --fix src tests", "Found 1 error (1 fixed).")


def test_a_change_said_made_with_a_program_the_run_ran_is_that_programs_write() -> None:
    said = "`io.py`: removed the unused import with `ruff check --fix`."
    assert statuses(said, run(RUFF_FIX)) != ["contradicted"]
    said = "`io.py`: removed the unused import with `autoflake -i`."
    assert statuses(said, run(RUFF_FIX)) == ["contradicted"]


LISTS = bash(
    "python3 board.py",
    "open lists:\n  Backlog             58\n  Ready               17\n  In Progress         12\n"
    "  Done                71\nclosed lists: Icebox (19 cards)",
)


def test_a_superlative_of_the_first_row_of_a_listing_in_no_order_is_held_to_it() -> None:
    assert statuses("Backlog is the largest list, with 58 cards.", run(LISTS)) == ["contradicted"]
    assert statuses("Done is the largest list, with 71 cards.", run(LISTS)) != ["contradicted"]
    sorted_lists = bash("python3 board.py", "open lists:\n  Backlog  58\n  Ready  17\n  Done  12")
    said = "Backlog is the largest list, with 58 cards."
    assert statuses(said, run(sorted_lists)) == ["verified"]


CHRONY = bash("sudo ufw --force delete 4", "Rule deleted")


def test_a_restart_said_made_where_no_call_restarts_anything() -> None:
    said = "Restarted chronyd so it would re-poll the servers immediately."
    assert statuses(said, run(CHRONY)) == ["contradicted"]
    restarted = bash("sudo systemctl restart chrony", "")
    assert statuses(said, run(CHRONY, restarted)) != ["contradicted"]
    # a script could have restarted it; a restart said of the thing itself is no act
    assert statuses(said, run(CHRONY, bash("./ops/fix-ntp.sh", "done"))) != ["contradicted"]
    assert statuses("The pod restarted 3 times.", run(CHRONY)) != ["contradicted"]
