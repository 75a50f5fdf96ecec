"""The hand-off to the grader agent (SPEC §5.6, §6.1 `pending`): what each judge item
needs, resolved, in the shape `schemas/pending_item.schema.json` describes.

The checks (`assertions/llm.py`) decide status, result file and prompt; this module only
lays out what they found, with the test's input, criteria and reference answer, so the
agent needs no other file to judge and `agentv-grade judge` can find every item again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .assertions.llm import (
    DEFAULT_THRESHOLD,
    FILE_PREFIX,
    INSTRUCTIONS,
    criteria_or_rubrics,
    rubric_records,
)
from .judging import scoring_mode
from .model import Outcome, Status, TestCase
from .rundata.llm_results import RESULTS_DIR


def pending_items(outcomes: Sequence[Outcome], test: TestCase) -> list[dict[str, Any]]:
    """What the grader agent must judge (SPEC §6.1 `pending`): one entry per pending judge
    item, nested ones included (with the groups they sit in, as `within`)."""
    items: list[dict[str, Any]] = []
    _collect(outcomes, test, (), items, pending_only=True)
    return items


def judge_payloads(outcomes: Sequence[Outcome], test: TestCase) -> list[dict[str, Any]]:
    """Every judge item of the test, judged or not, as the pending list describes it
    (`agentv-grade judge` may judge an item again)."""
    items: list[dict[str, Any]] = []
    _collect(outcomes, test, (), items, pending_only=False)
    return items


def _collect(
    outcomes: Sequence[Outcome],
    test: TestCase,
    within: tuple[str, ...],
    out: list[dict[str, Any]],
    pending_only: bool,
) -> None:
    for outcome in outcomes:
        if "result_path" in outcome.details and (
            outcome.status is Status.PENDING or not pending_only
        ):
            out.append(_pending_item(outcome, test, within))
        _collect(outcome.children, test, (*within, outcome.spec.name), out, pending_only)


def _pending_item(outcome: Outcome, test: TestCase, within: tuple[str, ...]) -> dict[str, Any]:
    spec = outcome.spec
    criteria, rubrics = criteria_or_rubrics(spec, test, strict=False)
    prompt = outcome.details.get("prompt")
    if prompt is None:
        inline = spec.options.get("prompt")
        if isinstance(inline, str) and inline.strip() and not inline.startswith(FILE_PREFIX):
            prompt = {"text": inline}
    if isinstance(prompt, Mapping) and isinstance(prompt.get("text"), str):
        criteria = prompt["text"] if criteria is None else f"{prompt['text']}\n\n{criteria}"
    result = str(outcome.details["result_path"])
    name = result[len(RESULTS_DIR) + 1 : -len(".json")]
    item: dict[str, Any] = {
        "name": name,
        "assertion": spec.name,
        "index": spec.index,
        "type": spec.type,
        "input": _input(test),
        "criteria": criteria,
        "test_criteria": test.criteria,
        "prompt": dict(prompt) if isinstance(prompt, Mapping) else None,
        "rubrics": rubrics,
        "scoring": scoring_mode(rubric_records(spec)),
        "reference": test.reference_answer(),
        "threshold": outcome.details.get("threshold", DEFAULT_THRESHOLD),
        "weight": spec.weight,
        "required": spec.required,
        "negate": spec.negate,
        "result_path": result,
        "agentv_result_path": outcome.details.get("agentv_result_path", result),
        "instructions": INSTRUCTIONS.get(spec.type, INSTRUCTIONS["llm-rubric"]),
    }
    if spec.min_score is not None:
        item["min_score"] = spec.min_score
    against = outcome.details.get("judged_against")
    if isinstance(against, Mapping):
        item["judged_against"] = dict(against)
    stale = outcome.details.get("stale")
    if isinstance(stale, Mapping):
        item["stale"] = dict(stale)
    if within:
        item["within"] = list(within)
    if spec.type == "composite":
        item["members"] = [_member(c) for c in outcome.children]
    return item


def _input(test: TestCase) -> list[dict[str, Any]]:
    """The test's input as chat messages (what AgentV's `input.json` holds)."""
    if test.input_messages:
        return [
            {"role": str(m.get("role", "user")), "content": m.get("content")}
            for m in test.input_messages
        ]
    return [{"role": "user", "content": test.input_text}] if test.input_text else []


def _member(outcome: Outcome) -> dict[str, Any]:
    return {
        "name": outcome.spec.name,
        "type": outcome.spec.type,
        "status": outcome.status.value,
        "score": outcome.score,
        "text": outcome.text,
    }
