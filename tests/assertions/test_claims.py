"""`claims-consistent` (SPEC §5.9): the response's claims against the transcript."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import claims as claims_module
from agentv_grader.grading import grade_test
from agentv_grader.model import RunData, Status, TestCase
from agentv_grader.record import replace
from agentv_grader.rundata.records import Transcript
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


def test_claims_are_checked_once_per_test_for_claims_json_and_the_assertion(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Grading writes claims.json and `claims-consistent` scores the same claims: the
    checker runs once for the test's response (the critique's decoy answers aside)."""
    response = "Ran the tests with `pytest -q`.\nAll 12 tests pass.\n"
    bench = tmp_path / "run"
    (bench / "t1").mkdir(parents=True)
    (bench / "t1" / "response.md").write_text(response, "utf-8")
    rows = [{"role": "user", "content": "Fix it."}, FAILING]
    (bench / "t1" / "transcript.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in rows), "utf-8"
    )
    eval_path = tmp_path / "claims.eval.yaml"
    test = {"id": "t1", "input": "Fix it.", "criteria": "Fixed.", "assertions": [ITEM]}
    eval_path.write_text(json.dumps({"tests": [test]}), "utf-8")
    checked: list[str] = []
    real_check = claims_module.check_claims

    def counted(text: str, *args: Any) -> Any:
        checked.append(text)
        return real_check(text, *args)

    monkeypatch.setattr(claims_module, "check_claims", counted)
    report = grade_test(str(eval_path), "t1", bench_dir=str(bench))
    assert checked.count(response) == 1
    written = json.loads((bench / "t1" / "claims.json").read_text("utf-8"))["claims"]
    outcome = report.outcomes[0]
    assert outcome.status is Status.FAILED and outcome.score == 0.5
    assert [c["status"] for c in written] == ["verified", "contradicted"]
    assert outcome.details["claims"]["contradicted"] == 1


def test_run_data_checks_its_claims_on_first_use_and_keeps_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    test = TestCase(id="t", suite="s", threshold=1.0, threshold_source="", input_text="Fix it.")
    run = RunData(test=test, response="All 12 tests pass.")
    assert run.claims() is None  # no transcript: nothing to check, nothing imported
    transcript = Transcript("t.jsonl", "openai-messages", ())
    with_transcript = replace(run, transcript=transcript)
    calls: list[str] = []
    real_check = claims_module.check_claims
    monkeypatch.setattr(
        claims_module, "check_claims", lambda *a: calls.append(a[0]) or real_check(*a)
    )
    first = with_transcript.claims()
    assert first is not None and with_transcript.claims() is first and len(calls) == 1
    assert with_transcript == replace(with_transcript, response="All 12 tests pass.")
    other = replace(with_transcript, response="Ran pytest.")
    assert other.claims() is not first and calls == ["All 12 tests pass.", "Ran pytest."]
