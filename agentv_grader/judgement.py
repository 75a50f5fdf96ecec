"""`agentv-grade judge` as a library call: the grader agent's verdicts on one LLM item of a
test become its result file, scored with AgentV's rules (SPEC §5.6, issue 19).

The item is found the way a grading finds it (the eval file, the test, AgentV's export in
the test folder), so its rubric items, threshold and result file are exactly those of the
report's `pending` entry; the file is written at AgentV's name for the item
(`agentv_result_path`), the one both tools count.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GradeInputError
from .judging import ItemJudgement, JudgementError, judge, rubric_items


@dataclass(frozen=True, slots=True)
class Judged:
    """What was written: the item as the report describes it, the file, its content."""

    item: Mapping[str, Any]
    path: str
    content: Mapping[str, Any]


def judge_item(
    eval_path: str,
    test_id: str,
    item_name: str,
    judgements: Sequence[ItemJudgement],
    *,
    bench_dir: str,
    score: float | None = None,
    evidence: str = "",
    response_file: str | None = None,
) -> Judged:
    """Score the agent's judgements of one item with AgentV's rules and write its result.

    `item_name` is the pending entry's `name` (or, when only one item has it, the report's
    assertion name).

    Raises:
        GradeInputError: unusable inputs, an unknown item (the message lists the test's
            items), or judgements that do not fit the item (the message says what to give).
    """
    from .grading import find_test, grade_loaded, resolve_paths
    from .handoff import judge_payloads
    from .jsontext import json_bytes
    from .load.evalfile import load_suite
    from .options import GradeOptions
    from .outputs import check_targets, write_atomic

    suite = load_suite(eval_path)
    test = find_test(suite, test_id)
    paths = resolve_paths(test_id, response_file=response_file, bench_dir=bench_dir)
    assert paths.test_dir is not None  # a bench dir was given
    report = grade_loaded(suite, test, paths, GradeOptions(critique=False), write=False)
    item = _find(judge_payloads(report.outcomes, test), item_name, test_id)
    try:
        result = judge(
            rubric_items(item["rubrics"]),
            judgements,
            score=score,
            evidence=evidence,
            threshold=float(item["threshold"]),
        )
    except JudgementError as exc:
        raise GradeInputError(f"item {item['name']!r}: {exc}", hint=_hint(item)) from None
    relpath = str(item["agentv_result_path"])
    path = os.path.join(paths.test_dir, *relpath.split("/"))
    check_targets([path], inside=paths.test_dir)
    content = result.to_json(str(item["name"]))
    against = item.get("judged_against")
    if isinstance(against, Mapping):  # what this judgement is of (SPEC §5.6 Stale results)
        content["judged_against"] = dict(against)
    write_atomic(path, json_bytes(content))
    return Judged(item=item, path=path, content=content)


def _find(items: list[dict[str, Any]], name: str, test_id: str) -> dict[str, Any]:
    exact = [i for i in items if i["name"] == name]
    if exact:
        return exact[0]
    by_assertion = [i for i in items if i["assertion"] == name]
    if len(by_assertion) == 1:
        return by_assertion[0]
    names = ", ".join(repr(i["name"]) for i in items) or "none"
    raise GradeInputError(
        f"test {test_id!r} has no LLM item named {name!r}",
        hint=f"its items: {names} (the pending list's 'name')",
    )


def _hint(item: Mapping[str, Any]) -> str:
    rubrics = item["rubrics"]
    ids = ", ".join(str(r["id"]) for r in rubrics)
    if item["scoring"] == "checklist":
        return f"give --check ID=pass|fail:EVIDENCE for each of: {ids}"
    if item["scoring"] == "score_ranges":
        return f"give --check ID=N:EVIDENCE (N an integer 0-10) for each of: {ids}"
    return "give --score 0..1 and --evidence TEXT"
