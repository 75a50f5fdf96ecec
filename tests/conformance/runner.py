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


def load_cases(file_name: str) -> list[dict[str, Any]]:
    with open(CONFORMANCE / file_name, encoding="utf-8") as handle:
        return list(json.load(handle)["cases"])


def eval_document(case: dict[str, Any], legacy: bool) -> dict[str, Any]:
    listed = case["assertions"] if "assertions" in case else ([case["assertion"]] if "assertion" in case else None)
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
    eval_path.write_text(json.dumps(eval_document(case, legacy), ensure_ascii=False), encoding="utf-8")
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
    if a is None or b is None:
        return a is b
    return math.isclose(float(a), float(b), abs_tol=1e-9)


def assertion_texts(item: dict[str, Any]) -> list[dict[str, Any]]:
    """Our `[{text, passed}]` for one assertion, in AgentV's shape."""
    checks = item["details"].get("checks")
    if checks:
        return [{"text": c["text"], "passed": c["passed"]} for c in checks]
    return [{"text": item["text"], "passed": item["passed"]}]
