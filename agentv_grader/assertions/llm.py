"""LLM-judged items: `llm-rubric`, `agent-rubric`, `trajectory:goal-success` (SPEC §5.6).

agentv-grade never calls an LLM and never fakes a judgement. Until the grader agent has
written `llm_grader_results/<stem>.json` the item is `pending`, and the report's `pending`
list (`pending_items`) tells the agent what to judge and where to write. Once the file is
there (read beforehand into `RunData.llm_results`, so the checks stay pure) the item is
`passed`/`failed` by its threshold with the agent's score, or `error` when the file is
malformed. Decided here:

- The default threshold is 0.5, the value AgentV's `llm_graders/<name>.json` files carry
  (AgentV's `pipeline bench` uses 0.8 for its own log line; SPEC §5.6 chose 0.5).
- File stems follow AgentV where it has one (`llm_graders/<name>.json`), else the safe
  name; two items never share a file (`rundata.llm_results.result_stems`).
- A `value` that is neither criteria text nor a list of rubric items is `error` (the
  eval, not the answer, is at fault); no `value` means the test's criteria, as in AgentV.
- A composite whose aggregator is `llm-grader` is judged the same way (passing at 0.8,
  AgentV 4.x's composite verdict), its members' results in its pending entry; items
  inside groups are listed too, with the groups they sit in (`within`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..errors import SpecError
from ..load.types import LLM_TYPES
from ..model import AssertionSpec, Outcome, RunData, Status, TestCase, Verdict
from ..rundata.llm_results import result_path, result_stems
from ..rundata.records import LlmResult

DEFAULT_THRESHOLD = 0.5
_AGGREGATOR_ALIASES = {"llm_judge": "llm_grader", "code_judge": "code_grader"}

_INSTRUCTIONS = {
    "llm-rubric": "Judge the response against the criteria, or against each rubric item: "
    "score = weight of the passed items / total weight, 0 when a required item fails.",
    "agent-rubric": "Judge like llm-rubric; you may inspect the transcript and workspace "
    "to verify what the response claims.",
    "trajectory:goal-success": "Judge from the transcript (messages and tool calls) whether "
    "the agent achieved the goal; score 1 achieved, 0 not, partial credit in between.",
    "composite": "Decide the composite's score from its members' results (listed here); "
    "pass is score >= threshold.",
}


def llm_rubric(spec: AssertionSpec, run: RunData) -> Verdict:
    """Judged by the grader agent: pending until its result file exists, then its score.

    The agent's score passes at `threshold` (default 0.5, AgentV's grader files).
    """
    _criteria_or_rubrics(spec, run.test)
    return judged(spec, run)


def agent_rubric(spec: AssertionSpec, run: RunData) -> Verdict:
    """Like llm-rubric, judged by an agent that may inspect the run; pending until judged."""
    _criteria_or_rubrics(spec, run.test)
    return judged(spec, run)


def goal_success(spec: AssertionSpec, run: RunData) -> Verdict:
    """Did the run reach its goal? Judged by the grader agent; pending until judged.

    The goal is `value`, else the test's criteria, else its input; the agent judges from
    the transcript.
    """
    value = spec.options.get("value")
    if value is not None and not isinstance(value, str):
        raise SpecError(f"trajectory:goal-success value must be the goal as text, got {value!r}")
    return judged(spec, run)


def judged(spec: AssertionSpec, run: RunData, threshold: float | None = None) -> Verdict:
    """`pending` without a result file, else `passed`/`failed` by the threshold (the item's
    own `threshold`, default 0.5, unless the caller has resolved it)."""
    if threshold is None:
        threshold = threshold_of(spec, DEFAULT_THRESHOLD)
    stem = stem_of(spec, run)
    path = result_path(stem)
    details: dict[str, Any] = {"result_path": path, "threshold": threshold}
    result = run.llm_results.get(stem)
    if result is None or not result.judged:
        return Verdict(
            status=Status.PENDING,
            score=None,
            text=f"{spec.type} needs the grader agent's judgement: write {path}",
            evidence=f"no {path} yet",
            details=details,
        )
    return _graded(result, threshold, details)


def _graded(result: LlmResult, threshold: float, details: dict[str, Any]) -> Verdict:
    if result.problem is not None or result.score is None:
        raise SpecError(f"LLM result file unusable: {result.problem}")
    ok = result.score >= threshold
    relation = ">=" if ok else "<"
    text = f"Grader agent scored {result.score:g} {relation} threshold {threshold:g}"
    failed = [c for c in result.assertions if not c.passed]
    first = failed[0] if failed else (result.assertions[0] if result.assertions else None)
    evidence = f"from {result.path}" + (f"; {first.text}: {first.evidence}" if first else "")
    return Verdict(
        status=Status.PASSED if ok else Status.FAILED,
        score=result.score,
        text=text,
        evidence=evidence.rstrip(": "),
        checks=result.assertions,
        details=details,
    )


def threshold_of(spec: AssertionSpec, default: float) -> float:
    """The item's pass threshold in 0..1 (the loader already refused other values)."""
    value = spec.options.get("threshold")
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise SpecError(f"threshold must be a number in 0..1, got {value!r}")
    return float(value)


# ------------------------------------------------------------------ which file is whose


def is_judge_item(spec: AssertionSpec) -> bool:
    """An assertion the grader agent judges: the LLM types, and a composite whose
    aggregator is `llm-grader`."""
    if spec.type in LLM_TYPES:
        return True
    return spec.type == "composite" and aggregator_kind(spec) == "llm_grader"


def aggregator_kind(spec: AssertionSpec) -> str | None:
    """A composite's aggregator type in one spelling (`weighted_average`, `llm_grader`, …):
    `aggregator: {type: …}`, `aggregator: <type>`, or the grader instructions'
    `aggregation: <type>`; None when there is none."""
    aggregator = spec.options.get("aggregator", spec.options.get("aggregation"))
    kind = aggregator.get("type") if isinstance(aggregator, Mapping) else aggregator
    if not isinstance(kind, str) or not kind.strip():
        return None
    kind = kind.strip().lower().replace("-", "_")
    return _AGGREGATOR_ALIASES.get(kind, kind)


def judge_items(specs: Sequence[AssertionSpec]) -> Iterator[AssertionSpec]:
    """Every judge item of an assertion tree, depth first, in assertion order."""
    for spec in specs:
        if is_judge_item(spec):
            yield spec
        yield from judge_items(spec.children)


def stem_of(spec: AssertionSpec, run: RunData) -> str:
    """The result file stem of `spec` among all judge items of its test."""
    items = list(judge_items(run.test.assertions))
    stems = result_stems(items, run.llm_results.keys())
    for position in (_position(items, spec, exact=True), _position(items, spec, exact=False)):
        if position is not None:
            return stems[position]
    return result_stems([spec], run.llm_results.keys())[0]


def _position(items: list[AssertionSpec], spec: AssertionSpec, exact: bool) -> int | None:
    """Where `spec` is among the items: the same object, else the same assertion (groups
    may hand their members on with an adjusted weight)."""
    for position, item in enumerate(items):
        if item is spec if exact else _same(item, spec):
            return position
    return None


def _same(a: AssertionSpec, b: AssertionSpec) -> bool:
    return (a.index, a.name, a.type, a.line, a.options) == (
        b.index,
        b.name,
        b.type,
        b.line,
        b.options,
    )


# ------------------------------------------------------------------ the report's pending list


def pending_items(outcomes: Sequence[Outcome], test: TestCase) -> list[dict[str, Any]]:
    """What the grader agent must judge (SPEC §6.1 `pending`): one entry per pending judge
    item, nested ones included (with the groups they sit in, as `within`)."""
    items: list[dict[str, Any]] = []
    _collect(outcomes, test, (), items)
    return items


def _collect(
    outcomes: Sequence[Outcome], test: TestCase, within: tuple[str, ...], out: list[dict[str, Any]]
) -> None:
    for outcome in outcomes:
        if outcome.status is Status.PENDING and "result_path" in outcome.details:
            out.append(_pending_item(outcome, test, within))
        _collect(outcome.children, test, (*within, outcome.spec.name), out)


def _pending_item(outcome: Outcome, test: TestCase, within: tuple[str, ...]) -> dict[str, Any]:
    spec = outcome.spec
    criteria, rubrics = _criteria_or_rubrics(spec, test, strict=False)
    prompt = spec.options.get("prompt")
    if isinstance(prompt, str) and prompt.strip():  # v4's llm-grader prompt leads the criteria
        criteria = prompt if criteria is None else f"{prompt}\n\n{criteria}"
    item: dict[str, Any] = {
        "name": spec.name,
        "type": spec.type,
        "criteria": criteria,
        "rubrics": rubrics,
        "reference": test.reference_answer(),
        "threshold": outcome.details.get("threshold", DEFAULT_THRESHOLD),
        "weight": spec.weight,
        "result_path": outcome.details["result_path"],
        "instructions": _INSTRUCTIONS.get(spec.type, _INSTRUCTIONS["llm-rubric"]),
    }
    if within:
        item["within"] = list(within)
    if spec.type == "composite":
        item["members"] = [_member(c) for c in outcome.children]
    return item


def _member(outcome: Outcome) -> dict[str, Any]:
    return {
        "name": outcome.spec.name,
        "type": outcome.spec.type,
        "status": outcome.status.value,
        "score": outcome.score,
        "text": outcome.text,
    }


def _criteria_or_rubrics(
    spec: AssertionSpec, test: TestCase, strict: bool = True
) -> tuple[str | None, list[dict[str, Any]]]:
    """(criteria text, rubric items) the judge works from, AgentV's way: a string `value` is
    the criteria; a list is rubric items (strings, or `{id?, outcome, weight?, required?}`)
    judged with the test's criteria as context."""
    if spec.type == "composite":
        aggregator = spec.options.get("aggregator")
        prompt = aggregator.get("prompt") if isinstance(aggregator, Mapping) else None
        return (prompt if isinstance(prompt, str) else None), []
    value = spec.options.get("value")
    if spec.type == "trajectory:goal-success":
        goal = value if isinstance(value, str) and value.strip() else None
        return goal or test.criteria or test.input_text or None, []
    if isinstance(value, str) and value.strip():
        return value, []
    if isinstance(value, list) and value:
        return test.criteria, [_rubric(item, i, strict) for i, item in enumerate(value, start=1)]
    if value is not None and strict:
        raise SpecError(
            f"{spec.type} value must be the criteria (text) or a non-empty list of rubric "
            f"items, got {value!r}"
        )
    return test.criteria, []  # AgentV judges against the test's criteria


def _rubric(item: Any, position: int, strict: bool) -> dict[str, Any]:
    default_id = f"rubric-{position}"
    if isinstance(item, str) and item.strip():
        return {"id": default_id, "outcome": item, "weight": 1, "required": True}
    if isinstance(item, Mapping) and isinstance(item.get("outcome"), str):
        rubric: dict[str, Any] = {
            "id": str(item.get("id", default_id)),
            "outcome": item["outcome"],
            "weight": _rubric_weight(item.get("weight", 1), position, strict),
        }
        for key in ("required", "min_score", "score_range"):
            if key in item:
                rubric[key] = item[key]
        return rubric
    if strict:
        raise SpecError(
            f"rubric item {position} must be a non-empty string or {{outcome, weight?, "
            f"required?}}, got {item!r}"
        )
    return {"id": default_id, "outcome": str(item), "weight": 1}


def _rubric_weight(weight: Any, position: int, strict: bool) -> float | int:
    if isinstance(weight, (int, float)) and not isinstance(weight, bool) and weight >= 0:
        return weight
    if strict:
        raise SpecError(f"rubric item {position}: weight must be a number ≥ 0, got {weight!r}")
    return 1
