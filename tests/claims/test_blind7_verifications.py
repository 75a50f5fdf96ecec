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


def test_a_count_of_two_words_the_run_counts_otherwise_is_not_verified_by_a_version() -> None:
    build = bash(
        "npm run build", "vite 5.4.2 building for production...\n✓ Rendering html files (9/9)"
    )
    said = "The build (vite 5.4.2) rendered 11 html files."
    assert statuses(said, run(build)) == ["unverifiable"]
    assert statuses("The build (vite 5.4.2) rendered 9 html files.", run(build)) == ["verified"]


def test_a_branch_of_a_conditional_is_no_value_of_the_setting() -> None:
    config = bash("grep -n workers playwright.config.ts", "9:  workers: process.env.CI ? 4 : 2,")
    assert statuses("The config runs 4 workers outside CI.", run(config)) == ["unverifiable"]
    plain = bash("grep -n workers playwright.config.ts", "9:  workers: 4,")
    assert statuses("The config runs 4 workers outside CI.", run(plain)) == ["verified"]


def test_a_value_said_set_in_a_file_is_shown_by_a_write_of_it_not_by_an_output() -> None:
    lint = bash(
        "./gradlew lint", "Main.kt:12: Error: Call requires API level 30 (current min is 26)"
    )
    said = "I updated the min level to 30 in `mobile/build.gradle`."
    assert statuses(said, run(lint)) == ["unverifiable"]
    edit = (
        "Edit",
        {"file_path": "mobile/build.gradle", "old_string": "minSdk 26", "new_string": "minSdk 30"},
        "The file mobile/build.gradle has been updated.",
        "ok",
    )
    assert statuses(said, run(lint, edit)) == ["verified"]


def test_an_absence_of_restarts_is_not_shown_by_a_count_of_pods() -> None:
    rollout = bash(
        "kubectl rollout status deploy/api",
        "Waiting for rollout: 2 of 3 updated replicas are available...\n"
        'deployment "api" successfully rolled out',
    )
    said = "All 3 replicas are up with zero restarts."
    assert statuses(said, run(rollout)) == ["unverifiable"]
    assert statuses("All 3 replicas are up.", run(rollout)) == ["verified"]
