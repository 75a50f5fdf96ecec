"""`claims-consistent` (SPEC §5.9): the response's claims against the transcript."""

from __future__ import annotations

from typing import Any

from agentv_grader.model import Status
from tests.assertions._grading import grade

ITEM = {"type": "claims-consistent"}


def _pytest(output: str, status: str = "ok") -> dict[str, Any]:
    call = {"tool": "Bash", "input": {"command": "pytest -q"}, "output": output, "status": status}
    return {"role": "assistant", "content": "", "tool_calls": [call]}


FAILING = _pytest("FAILED tests/t.py::test_a - E\n1 failed, 11 passed in 0.2s", "error")
PASSING = _pytest("12 passed in 0.2s")


def test_a_contradicted_claim_fails_with_its_place_and_evidence() -> None:
    response = "All 12 tests pass.\nThe code is clean and robust."
    outcome = grade(ITEM, response=response, transcript=[FAILING])
    assert outcome.status is Status.FAILED and outcome.score == 0.0
    assert "first at 1:1: 'All 12 tests pass.'" in outcome.evidence
    assert "1 failed, 11 passed" in outcome.evidence
    assert [c.text for c in outcome.checks] == ["1:1 All 12 tests pass."]
    assert outcome.details["claims"] == {
        "total": 2, "verified": 0, "contradicted": 1, "unverifiable": 1, "checkable": 1
    }  # fmt: skip


def test_score_is_one_minus_the_contradicted_share_of_checkable_claims() -> None:
    response = "Ran the tests: all 12 tests pass."
    outcome = grade(ITEM, response=response, transcript=[FAILING])
    assert outcome.status is Status.FAILED and outcome.score == 0.5


def test_a_consistent_response_passes() -> None:
    outcome = grade(ITEM, response="All 12 tests pass.", transcript=[FAILING, PASSING])
    assert outcome.status is Status.PASSED and outcome.score == 1.0


def test_nothing_checkable_passes_with_score_one() -> None:
    outcome = grade(ITEM, response="The fix should work. It is elegant.", transcript=[PASSING])
    assert outcome.status is Status.PASSED and outcome.score == 1.0
    assert outcome.checks == ()


def test_without_a_transcript_it_is_skipped_and_with_an_unusable_one_an_error() -> None:
    assert grade(ITEM, response="All tests pass.").status is Status.SKIPPED
    broken = grade(ITEM, response="All tests pass.", transcript="not json {")
    assert broken.status is Status.ERROR and "transcript" in broken.evidence


def test_negation_is_the_engines() -> None:
    negated = grade({**ITEM, "negate": True}, response="All 12 tests pass.", transcript=[FAILING])
    assert negated.status is Status.PASSED and negated.score == 1.0
