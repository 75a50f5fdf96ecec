"""AgentV's own numbers for a graded test: what `agentv pipeline bench` computes from the
files a run leaves (SPEC §6.1 `agentv`, §6.3; issue 19).

`pipeline bench` (released 4.42.4 and main alike) reads every result file of a test
folder (our merge files, AgentV's own results, the agent's `llm_grader_results/` for
AgentV's `llm_graders/` configs) and writes, per test, `score = round3(Σ score·weight /
Σ weight)` (0 when there is nothing to count) into `index.jsonl` and `pass_rate =
round3(passed entries / all entries)` (no entries: 1 when that score ≥ 0.5, else 0) into
`grading.json`; `benchmark.json` averages the pass rates over the tests (population
standard deviation, both rounded to 3 places). It has no `required` gate, no test
threshold, and counts an LLM result's score as written (no negation). The report gives
these figures beside its own and warns where they will differ, so nobody finds out by
comparing files.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .merge import MergeFile
from .model import GRADED, PENDING, Outcome


def js_round3(value: float) -> float:
    """JavaScript's `Math.round(value * 1e3) / 1e3`, as `pipeline bench` rounds."""
    return math.floor(value * 1000 + 0.5) / 1000


def test_figures(
    outcomes: Sequence[Outcome], merge_files: Sequence[MergeFile], test_dir: str | None
) -> dict[str, Any] | None:
    """`{score, pass_rate, graders}`: what `pipeline bench` will compute for this test from
    the merge files this run writes and the judged LLM items AgentV counts itself; None
    without a test folder (nothing is written for AgentV to read)."""
    if test_dir is None:
        return None
    # Each graded file's (score, weight), and its entries counted (passed, all) as they go:
    # no list of the entries' booleans, nor a comprehension per file.
    parts: list[tuple[float, float]] = []
    passed = counted = 0
    written = set()
    for item in merge_files:
        content = item.content
        parts.append((float(content["score"]), float(content["weight"])))
        for entry in content["assertions"]:
            counted += 1
            if entry["passed"]:
                passed += 1
        written.add(str(content["name"]))
    for outcome in outcomes:
        stale = outcome.details.get("stale")  # (None: no ABC `Mapping` check per assertion)
        if stale is not None and isinstance(stale, Mapping) and _named_by_config(outcome, test_dir):
            # pending again here, but AgentV still counts the stale file as it is
            parts.append((float(stale["score"] or 0.0), outcome.spec.weight))
            agreed = int(stale["passed"])
            others = int(stale["total"]) - int(stale["passed"])
            passed += max(agreed, 0)
            counted += max(agreed, 0) + max(others, 0)
            continue
        if outcome.spec.name in written or not _counted_by_agentv(outcome, test_dir):
            continue
        raw = outcome.details.get("result_score", outcome.score)
        parts.append((float(raw or 0.0), outcome.spec.weight))
        # the file's own entries: negation (which flipped them in the report) is undone
        negate = outcome.spec.negate
        for check in outcome.checks:
            counted += 1
            if check.passed != negate:
                passed += 1
    total = sum([w for _, w in parts])
    mean = sum([s * w for s, w in parts]) / total if total > 0 else 0.0
    pass_rate = js_round3(passed / counted) if counted else (1.0 if mean >= 0.5 else 0.0)
    return {"score": js_round3(mean), "pass_rate": pass_rate, "graders": len(parts)}


def _counted_by_agentv(outcome: Outcome, test_dir: str) -> bool:
    """A judged LLM item whose result AgentV's `llm_graders/` config names."""
    if outcome.status not in GRADED:
        return False
    return _named_by_config(outcome, test_dir)


def _named_by_config(outcome: Outcome, test_dir: str) -> bool:
    path = outcome.details.get("result_path")
    if not isinstance(path, str):
        return False
    return os.path.isfile(os.path.join(test_dir, "llm_graders", os.path.basename(path)))


# How every warning `differences` gives begins (batch mode's text lines show these).
SCORE_WARNING = "AgentV's pipeline bench will score this test "


def differences(
    score: float | None,
    figures: Mapping[str, Any] | None,
    outcomes: Sequence[Outcome],
    required_failed: Iterable[str],
) -> list[str]:
    """Warnings where AgentV's `pipeline bench` will score the test differently from the
    report, with AgentV's number and the reason found."""
    if figures is None:
        return []
    theirs = float(figures["score"])
    if score is None:
        if figures["graders"] == 0 and not any(o.status is PENDING for o in outcomes):
            return [
                f"{SCORE_WARNING}{theirs:.3f}: nothing here is "
                "graded, and it scores a test without results 0"
            ]
        return []
    if js_round3(score) == theirs:
        return []
    reasons: list[str] = []
    gated = list(required_failed)
    if gated:
        reasons.append(
            f"it has no required gate (required assertion(s) failed: {', '.join(gated)})"
        )
    negated = [
        o.spec.name for o in outcomes if o.spec.negate and "result_score" in o.details and o.graded
    ]
    if negated:
        reasons.append(f"it counts the agent's score without negation ({', '.join(negated)})")
    why = "; ".join(reasons) if reasons else "it counts the result files as they are"
    return [f"{SCORE_WARNING}{theirs:.3f}, not {score:.3f}: {why}"]


def suite_figures(per_test: Iterable[Mapping[str, Any] | None]) -> dict[str, Any]:
    """AgentV's `benchmark.json` figures over the graded tests: the mean of their scores
    (`index.jsonl`) and their pass rates' mean and population standard deviation, each
    rounded as AgentV rounds them."""
    figures = [f for f in per_test if f is not None]
    return {
        "tests": len(figures),
        "mean_score": _stats([float(f["score"]) for f in figures])["mean"],
        "pass_rate": _stats([float(f["pass_rate"]) for f in figures]),
    }


def _stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "stddev": 0.0}
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / len(values)
    return {"mean": js_round3(mean), "stddev": js_round3(math.sqrt(variance))}
