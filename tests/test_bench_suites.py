"""The bench's users'-suite workloads (scripts/bench_suites.py, issue 22): shaped as
promised, and graded by agentv-grade without an error or an unusable-input exit."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import cli

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import bench_suites  # noqa: E402

AGENTV_TYPES = {
    "contains", "contains-any", "contains-all", "icontains", "icontains-any", "icontains-all",
    "starts-with", "ends-with", "regex", "is-json", "equals",
}  # fmt: skip


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def test_varied_suite_mixes_kinds_types_and_patterns() -> None:
    tests, responses = bench_suites.varied_suite(120)
    assert all(len(t["assertions"]) == 6 for t in tests)
    types = Counter(a["type"] for t in tests for a in t["assertions"])
    assert AGENTV_TYPES | {"output-matches", "field-accuracy"} <= set(types)
    regexes = [a["value"] for t in tests for a in t["assertions"] if a["type"] == "regex"]
    assert len(set(regexes)) > len(tests) // 2  # most tests carry patterns of their own
    texts = list(responses.values())
    assert sum("\r\n" in t for t in texts) >= 10
    assert sum(any(ord(c) > 127 for c in t) for t in texts) >= 20
    assert sum(_is_json(t) and t.lstrip().startswith("{") for t in texts) >= 10
    assert sum(len(t) < 40 for t in texts) >= 10
    assert sum(len(t) > 1800 for t in texts) >= 30
    edges = {responses[f"v{i:04d}"] for i in range(8, 120, 10)}
    assert len(edges) == 12 and len(bench_suites.EDGES) == 6


def test_examples_suite_is_agentv_examples_assertions() -> None:
    data = json.loads(bench_suites.EXAMPLES.read_text(encoding="utf-8"))
    tests, responses = bench_suites.examples_suite(len(data["tests"]) + 5)
    assert all(len(t["assertions"]) == 6 for t in tests)
    first = data["tests"][0]
    assert tests[0]["input"] == first["input"]
    wanted = [{k: v for k, v in a.items() if k != "name"} for a in tests[0]["assertions"]]
    assert wanted[: len(first["assertions"])] == first["assertions"]
    assert {a["type"] for t in tests for a in t["assertions"]} <= AGENTV_TYPES
    assert len(set(responses.values())) > len(tests) // 2


@pytest.mark.parametrize("maker", ["varied_suite", "examples_suite"])
def test_bench_suite_grades_without_errors(maker: str, tmp_path: Path) -> None:
    tests, responses = getattr(bench_suites, maker)(60)
    eval_path = tmp_path / "s.eval.yaml"
    eval_path.write_text(json.dumps({"name": "s", "tests": tests}), encoding="utf-8")
    for test_id, text in responses.items():
        (tmp_path / "run" / test_id).mkdir(parents=True)
        (tmp_path / "run" / test_id / "response.md").write_bytes(text.encode("utf-8"))
    code, _, err = cli(
        "--eval-path", str(eval_path), "--bench-dir", str(tmp_path / "run"), "--jobs", "1"
    )  # fmt: skip
    assert code in (0, 1), err
    statuses: Counter[str] = Counter()
    for test_id in responses:
        report: dict[str, Any] = json.loads(
            (tmp_path / "run" / test_id / "grader_report.json").read_text(encoding="utf-8")
        )
        statuses.update(a["status"] for a in report["assertions"])
    assert statuses["error"] == 0 and statuses["passed"] > 0 and statuses["failed"] > 0
