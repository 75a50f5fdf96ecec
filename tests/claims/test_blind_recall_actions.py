"""Rules added for the blind set's contradictions still missed (tests/data/claims/blind),
in the area of actions, files and process: each test is a small run shaped like a miss,
never its text (SPEC §5.9)."""

from __future__ import annotations

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
