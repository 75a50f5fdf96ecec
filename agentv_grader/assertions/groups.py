"""Groups: `assert-set` (AgentV main) and legacy `composite` (AgentV 4.x) (SPEC §5.6).

Members are evaluated by the engine's own `evaluate_one`, so each member's negation,
`required`, weight and error boundary work exactly as at the top level (AgentV ignores a
member's negation and `required` inside an assert-set; SPEC §5.6 honours them). The
group's checks are its members' checks, flattened in order (composite: prefixed
`[member] `, as AgentV 4.x reports them); the members themselves are the verdict's
`children`. Decided here, where AgentV is silent or differs:

- Members scored as SPEC §5.7 scores a test: `passed`/`failed`/`error` count (error as
  0), `skipped` members are left out; every member skipped → the group is `skipped`.
- Any `pending` member (an LLM item not judged yet) makes the group `pending`; the
  report lists the member itself as the item to judge.
- A `required` member that did not pass (or scored below its `min_score`) fails the
  group with score 0, before anything else.
- A group whose graded members all errored is `error`; a group that fails with an
  errored member is marked so that negation cannot turn that error into a pass.
- Composite weights: `aggregator.weights[<member>]`, else the member's own `weight`
  (AgentV 4.x: the aggregator's weights, else 1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import SpecError
from ..js.numbers import js_num
from ..model import AssertionSpec, CheckItem, Outcome, RunData, Status, Verdict
from ..record import replace
from . import _process, llm, scripts

COMPOSITE_THRESHOLD = 0.8  # AgentV's scoreToVerdict
SHELL = "/bin/sh"  # node's `shell: true` on POSIX
_AGGREGATORS = (
    "weighted_average",
    "threshold",
    "min",
    "max",
    "all_pass",
    "code_grader",
    "llm_grader",
)


def assert_set(spec: AssertionSpec, run: RunData) -> Verdict:
    """Weighted mean of the `assert` members; passes at `threshold`, else when all pass.

    AgentV main's AssertSetGrader: without `threshold` every member of non-zero weight
    must pass (its own verdict, so an execution-metrics member at 0.8 counts).
    """
    members = _members(spec, "assert")
    threshold = _unit(spec.options.get("threshold"), "threshold")
    outcomes = _evaluate(members, run)
    early = _settled_early(outcomes, "assert-set")
    if early is not None:
        return early
    graded = [o for o in outcomes if o.graded]
    score = _weighted(graded)
    if threshold is not None:
        ok = score >= threshold
        rule = f"score {score:.3g} {'≥' if ok else '<'} threshold {threshold:g}"
    else:
        ok = all(o.status is Status.PASSED for o in graded if o.spec.weight != 0)
        rule = "every weighted member passed" if ok else "not every weighted member passed"
    passed = sum(o.status is Status.PASSED for o in graded)
    text = f"assert-set: {passed}/{len(graded)} members passed; {rule}"
    details = {"threshold": threshold} if threshold is not None else {}
    return _group(ok, score, text, outcomes, _flat(outcomes, prefix=False), details)


def composite(spec: AssertionSpec, run: RunData) -> Verdict:
    """Named `assertions` members combined by an `aggregator` (AgentV 4.x composite).

    weighted_average (passes at 0.8), threshold (score = share of members passed), min and
    max (lowest / highest member score, passes at `threshold`, default 0.8), all_pass, a
    code-grader script, or the grader agent (llm-grader).
    """
    kind, aggregator = _aggregator(spec)
    weights = _weights(aggregator)
    threshold = _pass_threshold(kind, aggregator, spec)  # checked before any member runs
    members = [
        replace(m, weight=float(weights[m.name])) if m.name in weights else m
        for m in _members(spec, "assertions")
    ]
    outcomes = _evaluate(members, run)
    early = _settled_early(outcomes, "composite")
    if early is not None:
        return early
    if kind == "llm_grader":
        verdict = llm.judged(spec, run, threshold)
        return replace(
            verdict, children=tuple(outcomes), checks=verdict.checks or _flat(outcomes, True)
        )
    if kind == "code_grader":
        return _code_aggregator(spec, aggregator, outcomes, run)
    return _aggregate(kind, threshold, outcomes)


def _aggregate(kind: str, threshold: float, outcomes: list[Outcome]) -> Verdict:
    graded = [o for o in outcomes if o.graded]
    passing = sum(o.status is Status.PASSED for o in graded)
    checks = _flat(outcomes, prefix=True)
    if kind == "threshold":
        score = passing / len(graded)
        ok = score >= threshold
        summary = f"{passing}/{len(graded)} evaluators passed (threshold: {js_num(threshold)})"
        checks = (CheckItem(summary, ok, _statuses(outcomes)), *checks)
        return _group(ok, score, summary, outcomes, checks, {"aggregator": "threshold"})
    scores = [o.score or 0.0 for o in graded]
    if kind == "weighted_average":
        score = _weighted(graded)
    elif kind == "min":
        score = min(scores)
    elif kind == "max":
        score = max(scores)
    else:  # all_pass
        score = 1.0 if passing == len(graded) else 0.0
    if kind == "all_pass":
        text = f"composite (all_pass): {passing}/{len(graded)} members passed"
        return _group(score == 1.0, score, text, outcomes, checks, {"aggregator": kind})
    ok = score >= threshold
    text = f"composite ({kind}): score {score:.3g} {'≥' if ok else '<'} threshold {threshold:g}"
    return _group(ok, score, text, outcomes, checks, {"aggregator": kind, "threshold": threshold})


def _code_aggregator(
    spec: AssertionSpec, aggregator: Mapping[str, Any], outcomes: list[Outcome], run: RunData
) -> Verdict:
    """AgentV 4.42.4's code aggregator (`runCodeAggregator`): `path` is a shell command run
    from the eval file's folder, `{results: {<member>: {score, verdict, assertions, …}}}` on
    stdin, `{score, verdict?, assertions?}` on stdout (verdict: score ≥ 0.8). Where AgentV
    scores a failed run or non-JSON stdout 0, it is `error` here (SPEC §5.6)."""
    command = _aggregator_command(aggregator)
    settings = AssertionSpec(
        index=spec.index, name=spec.name, type="code-grader aggregator", options=aggregator
    )
    timeout = scripts.timeout_ms(settings)
    payload = {"results": {o.spec.name: _member_result(o) for o in outcomes}}
    data = json.dumps(payload, ensure_ascii=False, indent=2, default=str).encode("utf-8")
    argv = [SHELL, "-c", f"({command})"]  # node's spawn(`(${path}) < …`, {shell: true})
    label = "composite code aggregator"
    finished = _process.run_program(argv, data, run.eval_dir, timeout, label)
    problem = _process.failure(finished, label, timeout)
    if problem is not None:
        raise SpecError(f"{problem} (path: {command})")
    parsed = scripts.json_object(finished.stdout.strip())
    if parsed is None:
        tail = _process.tail_of(finished.stdout) or "(empty)"
        raise SpecError(f"{label} printed no JSON object (path: {command}); stdout: {tail}")
    raw_score = parsed.get("score")
    score = scripts.clamp(raw_score) if scripts.is_number(raw_score) else 0.0
    verdict = parsed.get("verdict")
    ok = verdict == "pass" if verdict in ("pass", "fail") else score >= COMPOSITE_THRESHOLD
    checks = scripts.entries(parsed.get("assertions"), label)
    text = checks[0].text if len(checks) == 1 else f"code aggregator scored {score:g}"
    details = {"aggregator": "code_grader", "script": command}
    return _group(ok, score, text, outcomes, checks or _flat(outcomes, True), details)


# ------------------------------------------------------------------ shared rules


def _evaluate(members: Sequence[AssertionSpec], run: RunData) -> list[Outcome]:
    from ..engine import evaluate_one  # the engine imports the registry, which imports us

    return [evaluate_one(member, run) for member in members]


def _settled_early(outcomes: list[Outcome], kind: str) -> Verdict | None:
    """Required members first, then pending members, then nothing graded at all."""
    blocked = [o for o in outcomes if o.spec.required and o.graded and _short(o)]
    if blocked:
        names = ", ".join(repr(o.spec.name) for o in blocked)
        text = f"{kind}: required member {names} did not pass"
        return _group(False, 0.0, text, outcomes, _flat(outcomes, kind == "composite"), {})
    waiting = [o.spec.name for o in outcomes if o.status is Status.PENDING]
    if waiting:
        text = f"{kind} waits for the grader agent on {len(waiting)} member(s): " + ", ".join(
            waiting
        )
        return Verdict(status=Status.PENDING, score=None, text=text, children=tuple(outcomes))
    if not any(o.graded for o in outcomes):
        return replace(
            Verdict.skipped(f"{kind}: every member was skipped ({_statuses(outcomes)})"),
            children=tuple(outcomes),
        )
    return None


def _short(outcome: Outcome) -> bool:
    if outcome.spec.min_score is not None:
        return (outcome.score or 0.0) < outcome.spec.min_score
    return outcome.status is not Status.PASSED


def _group(
    ok: bool,
    score: float,
    text: str,
    outcomes: list[Outcome],
    checks: tuple[CheckItem, ...],
    details: Mapping[str, Any],
) -> Verdict:
    graded = [o for o in outcomes if o.graded]
    errored = [o for o in graded if o.status is Status.ERROR]
    status = Status.PASSED if ok else Status.FAILED
    if graded and len(errored) == len(graded):
        status, score, text = Status.ERROR, 0.0, f"every graded member errored; {text}"
    return Verdict(
        status=status,
        score=score,
        text=text,
        evidence=_statuses(outcomes),
        checks=checks,
        details=dict(details),
        negation_proof=bool(errored) and status is not Status.PASSED,
        children=tuple(outcomes),
    )


def _weighted(graded: Sequence[Outcome]) -> float:
    total = sum(o.spec.weight for o in graded)
    if total == 0:
        return 0.0  # AgentV: all-zero weights score 0
    return sum((o.score or 0.0) * o.spec.weight for o in graded) / total


def _flat(outcomes: Sequence[Outcome], prefix: bool) -> tuple[CheckItem, ...]:
    """Graded members' checks in order, `[member] `-prefixed for composite (AgentV 4.x)."""
    items: list[CheckItem] = []
    for outcome in outcomes:
        if not outcome.graded:
            continue
        own = outcome.checks or (CheckItem(outcome.text, outcome.passed is True, outcome.evidence),)
        lead = f"[{outcome.spec.name}] " if prefix else ""
        items.extend(replace(c, text=lead + c.text) for c in own)
    return tuple(items)


def _statuses(outcomes: Sequence[Outcome]) -> str:
    parts = []
    for o in outcomes:
        score = "" if o.score is None else f" {o.score:.3g}"
        parts.append(f"{o.spec.name}: {o.status.value}{score}")
    return "; ".join(parts)


def _member_result(outcome: Outcome) -> dict[str, Any]:
    """A member as AgentV 4.42.4 hands it to a code aggregator (its EvaluationScore:
    `score`, `verdict`, `assertions`, `expectedAspectCount`), plus our `status`, `weight`."""
    verdict = {Status.PASSED: "pass", Status.SKIPPED: "skip"}.get(outcome.status, "fail")
    checks = outcome.checks or (CheckItem(outcome.text, outcome.passed is True, outcome.evidence),)
    return {
        "score": outcome.score if outcome.score is not None else 0.0,
        "verdict": verdict,
        "status": outcome.status.value,
        "weight": outcome.spec.weight,
        "assertions": [
            {"text": c.text, "passed": c.passed, "evidence": c.evidence} for c in checks
        ],
        "expectedAspectCount": len(checks) or 1,
    }


# ------------------------------------------------------------------ options


def _members(spec: AssertionSpec, key: str) -> tuple[AssertionSpec, ...]:
    if spec.children:
        return spec.children
    raw = spec.options.get(key)
    raise SpecError(f"{spec.type} needs '{key}': a non-empty list of assertions, got {raw!r}")


def _aggregator(spec: AssertionSpec) -> tuple[str, Mapping[str, Any]]:
    kind = llm.aggregator_kind(spec)
    if kind is None:
        raise SpecError(
            "composite needs an aggregator, e.g. aggregator: {type: weighted_average}; "
            "types: weighted_average, threshold, min, max, all_pass, code-grader, llm-grader"
        )
    if kind not in _AGGREGATORS:
        raise SpecError(
            f"unknown composite aggregator type {kind!r}; use one of {', '.join(_AGGREGATORS)}"
        )
    raw = spec.options.get("aggregator")
    return kind, raw if isinstance(raw, Mapping) else {}


def _weights(aggregator: Mapping[str, Any]) -> Mapping[str, float]:
    weights = aggregator.get("weights")
    if weights is None:
        return {}
    if not isinstance(weights, Mapping) or not all(
        scripts.is_number(w) and w >= 0 for w in weights.values()
    ):
        raise SpecError(f"aggregator.weights must map member names to numbers ≥ 0, got {weights!r}")
    return weights


def _pass_threshold(kind: str, aggregator: Mapping[str, Any], spec: AssertionSpec) -> float:
    """`threshold` aggregators need their own; the others pass at `aggregator.threshold`,
    else the composite's `threshold`, else 0.8 (AgentV's scoreToVerdict)."""
    if kind == "threshold":
        threshold = _unit(aggregator.get("threshold"), "aggregator.threshold")
        if threshold is None:
            raise SpecError("composite aggregator 'threshold' needs threshold: a number in 0..1")
        return threshold
    for where, raw in (
        ("aggregator.threshold", aggregator.get("threshold")),
        ("threshold", spec.options.get("threshold")),
    ):
        value = _unit(raw, where)
        if value is not None:
            return value
    return COMPOSITE_THRESHOLD


def _aggregator_command(aggregator: Mapping[str, Any]) -> str:
    """`path`, the shell command AgentV 4.42.4 runs (its loader reads no other key)."""
    path = aggregator.get("path")
    if isinstance(path, str) and path.strip():
        return path
    other = [k for k in ("command", "script") if aggregator.get(k) is not None]
    hint = f" ('{other[0]}' is not read: AgentV 4.x reads only 'path')" if other else ""
    raise SpecError(
        "composite aggregator 'code-grader' needs 'path': a shell command run from the eval "
        f"file's folder, e.g. path: python3 aggregate.py{hint}; got {path!r}"
    )


def _unit(raw: Any, where: str) -> float | None:
    if raw is None:
        return None
    if not scripts.is_number(raw) or not 0 <= raw <= 1:
        raise SpecError(f"{where} must be a number in 0..1, got {raw!r}")
    return float(raw)
