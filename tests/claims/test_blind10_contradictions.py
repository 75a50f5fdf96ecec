"""Wrong contradictions the tenth blind set found (tests/data/claims/blind10), each rule
on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses


def test_a_failure_word_inside_a_quoted_command_says_no_failure() -> None:
    cleared = run(bash("sudo systemctl reset-failed api && sudo systemctl start api", "done"))
    said = "Ran `systemctl reset-failed` and started the service."
    assert statuses(said, cleared) == ["verified"]
    assert statuses("`systemctl reset-failed` failed.", cleared) == ["contradicted"]


def test_a_package_a_tool_s_output_says_installed_is_installed() -> None:
    init = run(
        bash(
            "cd infra && tofu init",
            "- Installing opentofu/random v3.6.0...\n- Installed opentofu/random v3.6.0 (signed)",
        )
    )
    assert statuses("`tofu init` installed opentofu/random v3.6.0.", init) == ["verified"]
    assert statuses("`tofu init` installed opentofu/null.", init) == ["contradicted"]


FAILED_THREE = bash("pytest -q", "3 failed, 9 passed in 0.2s", "error")
PASSED = bash("pytest -q", "12 passed in 0.2s")


def test_a_count_of_the_tests_a_failure_word_names_is_no_count_of_failures() -> None:
    fixed = run(FAILED_THREE, PASSED)
    assert statuses("The three failing tests now pass.", fixed) != ["contradicted"]
    assert statuses("Both failed specs pass now.", fixed) != ["contradicted"]
    assert statuses("There are still 3 failing tests.", fixed) == ["contradicted"]


def test_a_label_is_no_last_part_of_a_longer_name() -> None:
    stats = run(bash("cli stats", "stale_items: 7\nitems_per_page: 50"))
    assert statuses("The store holds 30 items.", stats) != ["contradicted"]


def test_a_figure_given_of_several_records_may_be_their_sum() -> None:
    shards = run(bash("cli shards", "shard1:items=20,ttl=0\nshard2:items=13,ttl=0"))
    assert statuses("33 items across both shards.", shards) == ["verified"]
    assert statuses("35 items across both shards.", shards) == ["unverifiable"]


def test_counts_in_a_parenthesis_of_an_earlier_run_are_set_aside() -> None:
    fixed = run(FAILED_THREE, PASSED)
    said = "`pytest -q`: 12 passed (was 3 failed, 9 passed)."
    assert statuses(said, fixed) == ["verified"]
    assert statuses("`pytest -q`: 11 passed (was 3 failed, 9 passed).", fixed) == ["contradicted"]
