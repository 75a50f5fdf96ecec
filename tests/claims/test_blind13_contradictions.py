"""Wrong contradictions the thirteenth blind set found (tests/data/claims/blind13), each
rule on a small run of its own shape."""

from __future__ import annotations

from agentv_grader.rundata.records import Figure, Timing
from tests.claims.test_claims import bash, run, statuses

COMMITTED = bash(
    "git add -A && git commit -m 'fix: rounding'", "[hotfix/rounding 4be21c0] fix: rounding"
)


def test_a_ticked_name_after_on_is_a_branch_not_a_file() -> None:
    committed = run(COMMITTED)
    said = "Rounding is fixed and committed on `hotfix/rounding` as `4be21c0`."
    assert statuses(said, committed) == ["verified"]
    assert statuses("I wrote `docs/rounding.md`.", committed) == ["contradicted"]


def test_a_future_said_unless_something_is_done_is_a_prediction() -> None:
    patched = run(bash("kubectl patch cronjob nightly -p '{}'", "cronjob.batch/nightly patched"))
    said = "The patch will be lost on the next deploy unless the chart change is committed."
    assert statuses(said, patched) == ["unverifiable"]
    assert statuses("I committed the chart change.", patched) == ["contradicted"]


def test_a_duration_a_step_s_output_gives_is_not_refuted_by_the_run_s_length() -> None:
    tested = run(bash("npx jest", "Tests:       12 passed, 12 total\nTime:        4.871 s"))
    timing = Timing(duration_ms=Figure(91000, "timing.json duration_ms"))
    assert statuses("The full run took about 5 seconds.", tested, timing=timing) == ["unverifiable"]
    assert statuses("The full run took about 9 seconds.", tested, timing=timing) == ["contradicted"]


def test_counts_of_snapshots_are_not_counts_of_tests() -> None:
    jest = "Tests:       1 skipped, 11 passed, 12 total\nSnapshots:   3 passed, 3 total"
    tested = run(bash("npx jest", jest))
    assert statuses("Snapshots unchanged (3 passed).", tested) == ["verified"]
    assert statuses("All tests unchanged (3 passed).", tested) == ["contradicted"]


def test_pushed_naming_nothing_of_git_is_another_push_s_where_one_ran() -> None:
    built = bash("docker buildx build --push -t reg.example/api:1.4 .", "pushing layers done")
    assert statuses("I pushed instead.", run(built)) == ["unverifiable"]
    assert statuses("I pushed the branch.", run(built)) == ["contradicted"]
    plain = bash("docker build -t api .", "Successfully built 1f2e3d")
    assert statuses("I pushed instead.", run(plain)) == ["contradicted"]
    moved = bash("pushd web && docker build -t api . && popd", "Successfully built 1f2e3d")
    assert statuses("I pushed instead.", run(moved)) == ["contradicted"]


def test_a_step_s_duration_too_common_to_read_leaves_the_run_s_length_open() -> None:
    counted = run(bash("seq 7 7 | head -c 2000", "\n".join(["7"] * 250)))
    timing = Timing(duration_ms=Figure(91000, "timing.json duration_ms"))
    assert statuses("The full run took about 7 seconds.", counted, timing=timing) == [
        "unverifiable"
    ]
