"""Rules from the ninety-fifth to ninety-eighth blind sets' first measurement
(tests/data/claims/blind95 to blind98) and from the debts paid beside them, one behaviour
each: each test is a small run shaped like the claim that was misread, never its text
(SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_every_checker_is_a_tool_whose_run_a_claim_names_in_prose() -> None:
    # credo was a checker a re-run could be said of, but no tool a claim could name
    clean = bash("mix credo --strict", "31 mods/funs, found no issues.\n")
    said = "I added the typespec, and credo now reports no issues."
    assert statuses(said, run(clean)) == ["verified"]
    flagged = bash(
        "mix credo --strict",
        "┃ [R] → Modules should have a @moduledoc tag.\n31 mods/funs, found 1 refactoring "
        "opportunity.\n",
        "error",
    )
    assert statuses(said, run(flagged)) != ["verified"]
