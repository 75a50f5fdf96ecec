"""The engine (SPEC §5.7): negation in one place, status set, the per-assertion boundary."""

from __future__ import annotations

import math
from typing import Any

import pytest

from agentv_grader import engine, model
from agentv_grader.assertions import REGISTRY, Entry
from agentv_grader.errors import SpecError
from agentv_grader.load.assertions import ListContext, build_one
from agentv_grader.model import AssertionSpec, CheckItem, RunData, Status, Verdict
from agentv_grader.record import replace

TEST = model.TestCase(id="t1", suite="s", assertions=(), threshold=0.8, threshold_source="default")


def _run(response: str = "Paris is the capital of France.") -> RunData:
    return RunData(test=TEST, response=response)


def _spec(kind: str, negate: bool = False, **options: Any) -> AssertionSpec:
    return AssertionSpec(
        index=0, name=f"{kind}-x", type=kind, options={"type": kind, **options}, negate=negate
    )


def _loaded(item: dict[str, Any]) -> AssertionSpec:
    return build_one(item, ListContext(test_id="t1", eval_dir=".", variables={}), 0)


_VERDICTS = {
    Status.PASSED: Verdict(Status.PASSED, 1.0, "ok", checks=(CheckItem("c", True),)),
    Status.FAILED: Verdict(Status.FAILED, 0.25, "no", checks=(CheckItem("c", False),)),
    Status.ERROR: Verdict(Status.ERROR, 0.0, "broken"),
    Status.SKIPPED: Verdict.skipped("no timing file"),
    Status.PENDING: Verdict.pending("needs a judge"),
}
_FLIPPED = {Status.PASSED: Status.FAILED, Status.FAILED: Status.PASSED}


@pytest.mark.parametrize("kind", sorted(REGISTRY))
@pytest.mark.parametrize("status", list(_VERDICTS))
def test_negation_for_every_registered_type(
    kind: str, status: Status, monkeypatch: pytest.MonkeyPatch
) -> None:
    """negate flips passed↔failed and score → 1−score; error/skipped/pending stay as they
    are. Types with an inverse rule (SPEC §5.5) run that check instead, unflipped."""
    entry = REGISTRY[kind]
    verdict = _VERDICTS[status]
    calls: list[str] = []

    def plain(spec: AssertionSpec, run: RunData) -> Verdict:
        calls.append("check")
        return verdict

    def inverse(spec: AssertionSpec, run: RunData) -> Verdict:
        calls.append("inverse")
        return verdict

    fake = replace(
        entry,
        load_check=lambda: plain,
        load_inverse=(lambda: inverse) if entry.inverse else None,
        load_decide=None,
    )
    monkeypatch.setitem(REGISTRY, kind, fake)
    plain_outcome = engine.evaluate_one(_spec(kind), _run())
    negated = engine.evaluate_one(_spec(kind, negate=True), _run())
    assert (plain_outcome.status, plain_outcome.score) == (status, verdict.score)
    if entry.inverse is not None:
        assert calls == ["check", "inverse"]
        assert (negated.status, negated.score) == (status, verdict.score)
    elif status in _FLIPPED:
        assert negated.status is _FLIPPED[status]
        assert negated.score == pytest.approx(1 - (verdict.score or 0.0))
        assert [c.passed for c in negated.checks] == [not c.passed for c in verdict.checks]
        assert negated.text == verdict.text  # AgentV's texts are unchanged by negation
    else:
        assert (negated.status, negated.score) == (status, verdict.score)


@pytest.mark.parametrize("score", [0.0, 0.3, 1.0, 1.5, -0.5, 2.0, float("nan"), float("inf")])
@pytest.mark.parametrize("status", [Status.PASSED, Status.FAILED])
def test_a_negated_score_is_one_minus_the_score_clamped(
    score: float, status: Status, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flipped score is `min(1, max(0, 1 - score))`, exactly (the engine clamps only a
    score outside 0..1, and NaN as min/max make it: 0)."""
    verdict = Verdict(status, score, "t")
    fake = replace(REGISTRY["contains"], load_check=lambda: lambda spec, run: verdict)
    monkeypatch.setitem(REGISTRY, "contains", fake)
    negated = engine.evaluate_one(_spec("contains", negate=True, value="x"), _run())
    expected = min(1.0, max(0.0, 1.0 - score))
    assert negated.status is _FLIPPED[status]
    assert negated.score == expected and type(negated.score) is type(expected)
    assert math.copysign(1.0, negated.score) == math.copysign(1.0, expected)


@pytest.mark.parametrize(
    ("item", "response", "status"),
    [
        ({"type": "contains", "value": "Berlin", "negate": True}, "Paris", Status.PASSED),
        ({"type": "contains", "value": "Paris", "negate": True}, "Paris", Status.FAILED),
        ({"type": "not-contains", "value": "Berlin"}, "Paris", Status.PASSED),
        ({"type": "not-icontains", "value": "PARIS"}, "paris", Status.FAILED),
        ({"type": "not-is-json"}, "prose", Status.PASSED),
        ({"type": "not-equals", "value": "x"}, " x ", Status.FAILED),
        ({"type": "not-regex", "value": "^\\d+$"}, "12a", Status.PASSED),
        ({"type": "not-contains-any", "value": ["a", "b"]}, "xyz", Status.PASSED),
    ],
)
def test_negation_on_real_checks(item: dict[str, Any], response: str, status: Status) -> None:
    outcome = engine.evaluate_one(_loaded(item), _run(response))
    assert outcome.status is status
    assert outcome.score == (1.0 if status is Status.PASSED else 0.0)


def test_not_form_records_where_it_came_from() -> None:
    outcome = engine.evaluate_one(_loaded({"type": "not-contains", "value": "x"}), _run())
    assert outcome.details["normalised_from"] == "not-contains"


def test_not_form_with_negate_true_is_an_error_not_a_pass() -> None:
    spec = _loaded({"type": "not-contains", "value": "Berlin", "negate": True})
    outcome = engine.evaluate_one(spec, _run())
    assert outcome.status is Status.ERROR and outcome.score == 0.0
    assert "double negation" in outcome.text


def test_negated_pass_on_an_empty_response_says_vacuous() -> None:
    outcome = engine.evaluate_one(_loaded({"type": "not-contains", "value": "x"}), _run(""))
    assert outcome.status is Status.PASSED
    assert outcome.evidence.startswith(engine.VACUOUS)


def test_a_loader_problem_is_an_error_that_negation_cannot_turn_into_a_pass() -> None:
    spec = _loaded({"type": "contains", "value": 42, "negate": True})
    outcome = engine.evaluate_one(spec, _run())
    assert (outcome.status, outcome.score, outcome.passed) == (Status.ERROR, 0.0, False)


def test_error_text_names_test_assertion_and_line() -> None:
    spec = AssertionSpec(index=0, name="n", type="contains", options={}, problem="bad", line=7)
    outcome = engine.evaluate_one(spec, _run())
    assert outcome.text == "test 't1', assertion 'n' (line 7): bad"
    assert outcome.evidence == "bad"


@pytest.mark.parametrize("kind", ["llm-rubric", "agent-rubric", "trajectory:goal-success"])
def test_llm_types_are_pending_even_negated(kind: str) -> None:
    outcome = engine.evaluate_one(_spec(kind, negate=True), _run())
    assert (outcome.status, outcome.score) == (Status.PENDING, None)


@pytest.mark.parametrize("kind", ["webhook", "similar"])
def test_service_types_are_skipped(kind: str) -> None:
    outcome = engine.evaluate_one(_spec(kind), _run())
    assert outcome.status is Status.SKIPPED and "service" in outcome.text


def test_unknown_type_is_an_error() -> None:
    outcome = engine.evaluate_one(_spec("nope"), _run())
    assert outcome.status is Status.ERROR and "unknown assertion type 'nope'" in outcome.text


def test_exceptions_in_a_check_stop_at_that_assertion(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(spec: AssertionSpec, run: RunData) -> Verdict:
        raise ZeroDivisionError("boom")

    def refuse(spec: AssertionSpec, run: RunData) -> Verdict:
        raise SpecError("'value' is wrong")

    monkeypatch.setitem(REGISTRY, "contains", Entry(lambda: crash, "text", output_key=True))
    monkeypatch.setitem(REGISTRY, "equals", Entry(lambda: refuse, "text", output_key=True))
    specs = (_spec("contains"), _spec("equals"), _spec("is-json"))
    crashed, refused, fine = engine.evaluate(specs, _run("{}"))
    assert crashed.status is Status.ERROR and "ZeroDivisionError: boom" in crashed.text
    assert refused.status is Status.ERROR and refused.evidence == "'value' is wrong"
    assert fine.status is Status.PASSED


def test_missing_output_key_fails_negated_or_not() -> None:
    for negate in (False, True):
        spec = _spec("contains", negate=negate, value="x", target_output_key="city")
        outcome = engine.evaluate_one(spec, _run('{"name": "x"}'))
        assert (outcome.status, outcome.score) == (Status.FAILED, 0.0)
        assert "keys: name" in outcome.evidence


def test_output_key_selects_the_field() -> None:
    spec = _spec("equals", value="Paris", target_output_key="answer.city")
    outcome = engine.evaluate_one(spec, _run('{"answer": {"city": "Paris"}}'))
    assert outcome.status is Status.PASSED


def test_output_key_on_a_type_without_it_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = REGISTRY["contains"]
    monkeypatch.setitem(REGISTRY, "contains", replace(entry, output_key=False))
    spec = _spec("contains", value="x", target_output_key="a")
    outcome = engine.evaluate_one(spec, _run("{}"))
    assert outcome.status is Status.ERROR and "target_output_key" in outcome.text
