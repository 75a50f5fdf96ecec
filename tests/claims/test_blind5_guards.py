"""Rules added after the fifth blind set's first measurement (tests/data/claims/blind5):
each test is a small run shaped like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

from agentv_grader.rundata.records import Figure, Timing
from tests.claims.test_claims import bash, run, statuses

VITEST_RED = bash(
    "npx vitest run", " Test Files  1 failed (4)\n      Tests  2 failed | 18 passed (20)"
)
VITEST_GREEN = bash("npx vitest run", " Test Files  4 passed (4)\n      Tests  20 passed (20)")


def test_a_test_result_said_of_an_earlier_run_contradicts_nothing() -> None:
    # a run placed before another: which one the sentence means is a guess
    for said in ("Initially 19 tests passed.", "On the first run 20 tests passed."):
        assert statuses(said, run(VITEST_RED, VITEST_GREEN)) == ["unverifiable"]
    # one run, said without such a word, still contradicts
    assert statuses("Now 19 tests pass.", run(VITEST_RED, VITEST_GREEN)) == ["contradicted"]


def test_a_pass_and_a_failure_said_together_contradict_nothing() -> None:
    said = "The failing vitest test passes now."
    assert statuses(said, run(VITEST_RED)) == ["unverifiable"]
    # the one said last is claimed, of the last run: a pass, which a green run verifies
    assert statuses(said, run(VITEST_GREEN)) == ["verified"]
    # one run's counts of passes and failures are one result
    assert statuses("The suite: 18 passed, 1 failed.", run(VITEST_RED)) == ["contradicted"]


def test_a_command_outcome_said_of_an_earlier_run_contradicts_nothing() -> None:
    build = bash("./mvnw -q verify", "[INFO] BUILD SUCCESS")
    said = "Originally `./mvnw -q verify` failed on the missing plugin."
    assert statuses(said, run(build, build)) == ["unverifiable"]
    assert statuses("`./mvnw -q verify` failed on the missing plugin.", run(build)) == [
        "contradicted"
    ]


def test_the_copilot_agents_terminal_tool_is_a_shell() -> None:
    terminal = ("run_in_terminal", {"command": "make deploy", "isBackground": False}, "done", "ok")
    assert statuses("I ran `make deploy` to push it.", run(terminal)) == ["verified"]


def test_a_steps_duration_is_not_the_runs() -> None:
    timing = Timing(duration_ms=Figure(600000.0, "timing.json duration_ms"))
    said = "The database migration took about a minute."
    assert statuses(said, run(VITEST_GREEN), timing=timing) == ["unverifiable"]
    said = "Overall the job took about a minute."
    assert statuses(said, run(VITEST_GREEN), timing=timing) == ["contradicted"]
    said = "It took about 10 minutes."
    assert statuses(said, run(VITEST_GREEN), timing=timing) == ["verified"]
