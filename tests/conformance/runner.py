"""Turns one conformance case (computed by AgentV's own code) into an eval on disk and grades it.

The eval is written exactly as the corpus README describes: HEAD cases as
`prompts` + `tests[].vars` + `assert`, v4 cases with `input` + `assertions`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from agentv_grader import GradeInputError, grade_test

CONFORMANCE = Path(__file__).resolve().parent.parent / "data" / "conformance"

# AgentV's per-grader verdicts and the statuses they correspond to here.
STATUS_OF_VERDICT = {"pass": "passed", "fail": "failed", "skip": "skipped"}


def load_cases(file_name: str) -> list[dict[str, Any]]:
    with open(CONFORMANCE / file_name, encoding="utf-8") as handle:
        return list(json.load(handle)["cases"])


def _listed(case: dict[str, Any]) -> list[Any] | None:
    if "assertions" in case:
        return list(case["assertions"])
    if "assertion" in case:
        return [case["assertion"]]
    return None


def eval_document(case: dict[str, Any], legacy: bool) -> dict[str, Any]:
    """The eval.yaml the corpus README gives for this case (HEAD or v4 authoring)."""
    listed = _listed(case)
    test: dict[str, Any] = {"id": "case"}
    if legacy:
        test["input"] = case.get("input", "Question")
        if listed is not None:
            test["assertions"] = listed
    else:
        test["vars"] = {"q": case.get("input", "Question"), **case.get("vars", {})}
        if listed is not None:
            test["assert"] = listed
    if "expected_output" in case:
        test["expected_output"] = case["expected_output"]
    if "test_threshold" in case:
        test["execution"] = {"threshold": case["test_threshold"]}
    test.update(case.get("test_fields", {}))
    doc: dict[str, Any] = {} if legacy else {"prompts": ["{{ q }}"]}
    doc.update(case.get("suite_fields", {}))
    key = "evalcases" if case.get("suite_uses_evalcases") else "tests"
    doc[key] = [test]
    return doc


def grade_case(case: dict[str, Any], tmp: Path, legacy: bool = False) -> Any:
    """Grade the case; returns the Report, or the GradeInputError when loading refused it."""
    eval_path = tmp / "case.eval.yaml"
    document = json.dumps(eval_document(case, legacy), ensure_ascii=False)
    eval_path.write_text(document, encoding="utf-8")
    test_dir = tmp / "run" / "case"
    test_dir.mkdir(parents=True)
    (test_dir / "response.md").write_text(case.get("response", ""), encoding="utf-8")
    if "timing" in case:
        (test_dir / "timing.json").write_text(json.dumps(case["timing"]), encoding="utf-8")
    if "transcript" in case:
        rows = "".join(json.dumps(r) + "\n" for r in case["transcript"])
        (test_dir / "transcript-raw.jsonl").write_text(rows, encoding="utf-8")
    try:
        return grade_test(str(eval_path), "case", bench_dir=str(tmp / "run"), write=False)
    except GradeInputError as exc:
        return exc


def close(a: Any, b: Any) -> bool:
    """Numbers equal within the corpus tolerance (1e-9); None only equals None."""
    if a is None or b is None:
        return a is b
    return math.isclose(float(a), float(b), abs_tol=1e-9)


def assertion_texts(item: dict[str, Any]) -> list[dict[str, Any]]:
    """Our `[{text, passed}]` for one assertion, in AgentV's shape."""
    checks = item["details"].get("checks")
    if checks:
        return [{"text": c["text"], "passed": c["passed"]} for c in checks]
    return [{"text": item["text"], "passed": item["passed"]}]


def loaded_entry(report: Any, index: int) -> dict[str, Any]:
    """What our loader made of assertion `index`, in the corpus's `load_only` vocabulary."""
    item = report.data["assertions"][index]
    spec = report.outcomes[index].spec
    entry: dict[str, Any] = {
        "name": item["name"],
        "type": item["type"],
        "negate": item["negate"],
        "weight": item["weight"],
        "value": spec.options.get("value"),
    }
    pending = [
        p
        for p in report.data["pending"]
        if p["assertion"] == item["name"] and p["index"] == item["index"] and "within" not in p
    ]
    if pending:
        entry["rubrics"] = pending[0]["rubrics"]
    return entry


def corpus_entry(grader: dict[str, Any]) -> dict[str, Any]:
    """A corpus `load_only` grader config mapped onto our vocabulary.

    AgentV spells its two native negations as their own kinds: `not-skill-used` is
    `skill-used` negated, `inverse: true` on `trajectory:*` is `negate: true` here.
    """
    kind = grader["type"]
    negate = bool(grader.get("inverse", False))
    if kind == "not-skill-used":
        kind, negate = "skill-used", True
    entry = {"name": grader["name"], "type": kind, "negate": negate}
    entry["weight"] = grader.get("weight", 1)
    if "value" in grader:
        entry["value"] = grader["value"]
    if "rubrics" in grader:
        entry["rubrics"] = grader["rubrics"]
    return entry
