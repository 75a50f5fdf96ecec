"""Test score and verdict (SPEC §5.7), from outcomes built directly."""

from __future__ import annotations

import pytest

from agentv_grader.model import AssertionSpec, Outcome, Status, TestVerdict
from agentv_grader.scoring import score_test

_SCORES = {Status.PASSED: 1.0, Status.FAILED: 0.0, Status.ERROR: 0.0}


def _o(
    status: Status,
    score: float | None = None,
    weight: float = 1.0,
    required: bool = False,
    min_score: float | None = None,
    name: str = "a",
) -> Outcome:
    spec = AssertionSpec(
        index=0,
        name=name,
        type="contains",
        options={},
        weight=weight,
        required=required,
        min_score=min_score,
    )
    value = score if score is not None else _SCORES.get(status)
    return Outcome(spec=spec, status=status, score=value, text="", evidence="")


def test_weighted_mean_over_passed_failed_and_error() -> None:
    result = score_test(
        (_o(Status.PASSED, weight=2), _o(Status.FAILED), _o(Status.ERROR), _o(Status.SKIPPED)),
        0.5,
    )
    assert result.score == pytest.approx(0.5) and result.verdict == "pass"
    assert result.score_range == (0.5, 0.5) and result.open_weight == 0


def test_partial_scores_count() -> None:
    result = score_test((_o(Status.FAILED, 0.6), _o(Status.PASSED)), 0.8)
    assert result.score == pytest.approx(0.8) and result.verdict == "pass"


def test_nothing_graded_is_skipped_with_no_score() -> None:
    assert score_test((), 0.8).verdict == "skipped"
    result = score_test((_o(Status.SKIPPED), _o(Status.SKIPPED)), 0.8)
    assert (result.score, result.verdict, result.score_range) == (None, "skipped", None)


def test_all_zero_weights_score_zero() -> None:
    result = score_test((_o(Status.PASSED, weight=0), _o(Status.PASSED, weight=0)), 0.8)
    assert (result.score, result.verdict) == (0.0, "fail")


@pytest.mark.parametrize("weight", [1.0, 0.0])
def test_a_test_whose_assertions_all_errored_never_passes(weight: float) -> None:
    """Even at threshold 0, where 0 ≥ 0 would otherwise be a pass (SPEC §3)."""
    result = score_test((_o(Status.ERROR, weight=weight), _o(Status.SKIPPED)), 0.0)
    assert (result.score, result.verdict) == (0.0, "fail")


def test_threshold_zero_passes_a_failed_test_that_has_no_errors() -> None:
    assert score_test((_o(Status.FAILED),), 0.0).verdict == "pass"


def test_required_below_threshold_zeroes_the_test() -> None:
    result = score_test((_o(Status.FAILED, required=True, name="r"), _o(Status.PASSED)), 0.5)
    assert (result.score, result.verdict, result.required_failed) == (0.0, "fail", ("r",))


def test_required_uses_min_score_when_given() -> None:
    partial = _o(Status.FAILED, 0.6, required=True, min_score=0.5)
    assert score_test((partial, _o(Status.PASSED)), 0.8).score == pytest.approx(0.8)
    strict = _o(Status.FAILED, 0.6, required=True, min_score=0.7)
    assert score_test((strict, _o(Status.PASSED)), 0.8).score == 0.0


def test_required_error_zeroes_and_required_skip_does_not() -> None:
    assert score_test((_o(Status.ERROR, required=True), _o(Status.PASSED)), 0.5).score == 0.0
    result = score_test((_o(Status.SKIPPED, required=True), _o(Status.PASSED)), 0.5)
    assert (result.score, result.verdict) == (1.0, "pass")


def test_pending_widens_the_range() -> None:
    result = score_test((_o(Status.PASSED), _o(Status.PENDING, weight=3)), 0.8)
    assert result.verdict == "pending" and result.open_weight == 3
    assert result.score == 1.0 and result.score_range == (0.25, 1.0)


def test_pending_that_cannot_lift_the_score_is_already_a_fail() -> None:
    result = score_test((_o(Status.FAILED, weight=3), _o(Status.PENDING)), 0.8)
    assert result.verdict == "fail" and result.score_range == (0.0, 0.25)


def test_only_pending_has_no_current_score() -> None:
    result = score_test((_o(Status.PENDING, weight=2),), 0.8)
    assert (result.score, result.verdict, result.score_range) == (None, "pending", (0.0, 1.0))


def test_a_failed_required_assertion_decides_even_with_pending_items() -> None:
    result = score_test((_o(Status.FAILED, required=True), _o(Status.PENDING)), 0.5)
    assert (result.score, result.verdict) == (0.0, "fail")


def test_score_exactly_at_threshold_passes() -> None:
    outcomes = tuple(_o(Status.PASSED if i < 4 else Status.FAILED) for i in range(5))
    assert score_test(outcomes, 0.8).verdict == "pass"


@pytest.mark.parametrize(
    ("outcomes", "verdict"),
    [
        ((_o(Status.PASSED),), TestVerdict.PASS),
        ((_o(Status.FAILED),), TestVerdict.FAIL),
        ((_o(Status.PASSED), _o(Status.PENDING)), TestVerdict.PENDING),
        ((_o(Status.SKIPPED),), TestVerdict.SKIPPED),
    ],
)
def test_the_verdict_is_one_of_the_closed_set(
    outcomes: tuple[Outcome, ...], verdict: TestVerdict
) -> None:
    """An enum, like assertion status; the report holds its text (`pass`, ...)."""
    result = score_test(outcomes, 0.8)
    assert result.verdict is verdict
    assert [v.value for v in TestVerdict] == ["pass", "fail", "pending", "skipped"]
