"""Test score and verdict from outcomes (SPEC §5.7): one place, one set of rules."""

from __future__ import annotations

from .model import ERROR, GRADED, PENDING, Outcome, TestVerdict
from .record import Record


class Score(Record):
    """The test's aggregate: score (None when nothing was graded), verdict, reachable range."""

    score: float | None
    verdict: TestVerdict
    open_weight: float
    score_range: tuple[float, float] | None
    required_failed: tuple[str, ...]


def _weighted(parts: list[tuple[float, float]]) -> float:
    total = sum([w for _, w in parts])
    if total == 0:
        return 0.0  # AgentV's rule: all-zero weights score 0 (the critique says so)
    return sum([s * w for s, w in parts]) / total


def _required_failed(outcomes: tuple[Outcome, ...], threshold: float) -> tuple[str, ...]:
    """Required assertions already graded below their `min_score` (default: the threshold)."""
    failed = []
    for o in outcomes:
        spec = o.spec
        if spec.required and o.status in GRADED:
            floor = spec.min_score if spec.min_score is not None else threshold
            if (o.score or 0.0) < floor:
                failed.append(spec.name)
    return tuple(failed)


# Each verdict as a constant (on Python 3.11 `TestVerdict.PASS` costs what `Status.PASSED`
# does: model.py).
_PASS, _FAIL, _PENDING, _SKIPPED = (
    TestVerdict.PASS,
    TestVerdict.FAIL,
    TestVerdict.PENDING,
    TestVerdict.SKIPPED,
)


def score_test(outcomes: tuple[Outcome, ...], threshold: float) -> Score:
    """Weighted mean over passed/failed/error; required gates; pending widens the range."""
    graded: list[tuple[float, float]] = []
    pending: list[Outcome] = []
    for o in outcomes:
        status = o.status
        if status is PENDING:
            pending.append(o)
        elif status in GRADED:
            graded.append((o.score or 0.0, o.spec.weight))
    open_weight = sum([o.spec.weight for o in pending])
    required_failed = _required_failed(outcomes, threshold)
    if not graded and not pending:
        return Score(None, _SKIPPED, 0.0, None, required_failed)
    if required_failed:
        return Score(0.0, _FAIL, open_weight, (0.0, 0.0), required_failed)
    if not pending:
        value = _weighted(graded)
        return Score(value, _final_verdict(outcomes, value, threshold), 0.0, (value, value), ())
    low = _weighted(graded + [(0.0, o.spec.weight) for o in pending])
    high = _weighted(graded + [(1.0, o.spec.weight) for o in pending])
    current = _weighted(graded) if graded else None
    verdict = _FAIL if high < threshold else _PENDING
    return Score(current, verdict, open_weight, (low, high), ())


def _final_verdict(outcomes: tuple[Outcome, ...], value: float, threshold: float) -> TestVerdict:
    """`pass` at the threshold, except that a test whose graded assertions all errored never
    passes (SPEC §3): with threshold 0 or all-zero weights, 0 ≥ threshold would say pass."""
    for o in outcomes:
        if o.status is not ERROR and o.status in GRADED:
            return _PASS if value >= threshold else _FAIL
    return _FAIL
