"""Rules added after the seventh blind set's wrong verifications (tests/data/claims/blind7):
each test is a small run shaped like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

PLAN = bash(
    "pulumi preview",
    "Previewing update (dev)\n\nResources:\n    Plan: 2 to create, 3 to update, 1 to delete.",
)
TALLY = bash(
    "jq 'group_by(.kind) | map({kind: .[0].kind, n: length})' out.json",
    '[\n  {\n    "kind": "bug",\n    "n": 14\n  },\n  {\n    "kind": "chore",\n    "n": 6\n  },\n'
    '  {\n    "kind": "feature",\n    "n": 9\n  }\n]',
)


def test_a_tally_is_verified_only_where_each_of_its_counts_is_shown() -> None:
    # the 3 is the plan's, the 4 in no output: the claim stands on both
    assert statuses("The plan: 2 to create, 3 to update, 4 to delete.", run(PLAN)) == [
        "unverifiable"
    ]
    assert statuses("The plan: 2 to create, 3 to update, 1 to delete.", run(PLAN)) == ["verified"]
    # counts printed apart from their words: one not shown leaves the tally open
    assert statuses("By kind: 14 bug, 9 feature, 8 chore.", run(TALLY)) == ["unverifiable"]
    assert statuses("By kind: 14 bug, 9 feature, 6 chore.", run(TALLY)) == ["verified"]


def test_a_tally_count_beside_another_or_reckoned_is_not_held_absent() -> None:
    row = bash("coverage report", "Name    Stmts   Miss  Cover\nTOTAL     412     27    93%")
    assert statuses("Coverage: 412 statements, 27 missed.", run(row)) == ["verified"]
    count = bash("gh issue list --json number | jq length", "41")
    assert statuses("Open issues: 41 before, 39 after.", run(count)) == ["verified"]
