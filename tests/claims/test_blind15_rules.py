"""Wrong contradictions the fifteenth blind set found (tests/data/claims/blind15), each
rule on a small run of its own shape."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

PROBED = bash("ffprobe -v error -show_entries format=duration ep12.mp3", "duration=1834.210000")


def test_minutes_and_seconds_are_no_figure_a_key_gives() -> None:
    probed = run(PROBED)
    assert statuses("**Duration:** 30:34.", probed) == ["unverifiable"]
    assert statuses("**Duration:** 1834.2 s.", probed) == ["verified"]


GATED = bash(
    "./mvnw -q verify -DskipITs 2>&1 | tail -20",
    "[INFO] Tests run: 22, Failures: 0, Errors: 0, Skipped: 0\n"
    "[WARNING] Rule violated: lines covered ratio is 0.71, but expected minimum is 0.80\n"
    "[INFO] BUILD FAILURE",
    "error",
)
GREEN = bash(
    "./mvnw verify -DskipITs 2>&1 | grep -E 'Tests run:|BUILD'",
    "[INFO] Tests run: 29, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS",
)


def test_a_baseline_s_figures_are_an_earlier_run_s() -> None:
    said = "Baseline: 22 tests, line coverage 0.71 vs the 0.80 minimum"
    assert statuses(said, run(GATED, GREEN)) == ["verified"]
    assert statuses("In the end: 22 tests.", run(GATED, GREEN)) == ["contradicted"]


def test_a_new_test_s_failure_is_borne_out_by_the_first_run_after_it_was_written() -> None:
    first = bash("./mvnw -q verify", "[INFO] Tests run: 22, Failures: 0, Errors: 0, Skipped: 0")
    wrote = (
        "Write",
        {"file_path": "src/test/java/RateTest.java", "content": "class RateTest {}"},
        "File created successfully at: src/test/java/RateTest.java",
        "ok",
    )
    failed = bash(
        "./mvnw -q verify", "[ERROR] Tests run: 25, Failures: 1, Errors: 0, Skipped: 0", "error"
    )
    passed = bash(
        "./mvnw verify | grep 'Tests run'",
        "[INFO] Tests run: 25, Failures: 0, Errors: 0, Skipped: 0",
    )
    said = "One new test failed on the rounding mode."
    assert statuses(said, run(first, wrote, failed, passed)) == ["verified"]
    assert statuses(said, run(first, wrote, passed)) == ["contradicted"]
