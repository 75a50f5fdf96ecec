"""The public conformance corpus, computed by running AgentV's own code, as data-driven tests.

Every case must agree with AgentV, except the deliberate differences listed in
`deviations.py`, each with its SPEC section; those are asserted too, against what SPEC says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agentv_grader import GradeInputError

from .deviations import DEVIATIONS, NOT_YET
from .runner import assertion_texts, close, grade_case, load_cases

FILES = [
    ("deterministic.json", False),
    ("loader.json", False),
    ("aggregation.json", False),
    ("legacy-v4.json", True),
]


def _params() -> list[Any]:
    params = []
    for file_name, legacy in FILES:
        for case in load_cases(file_name):
            marks = []
            if case["id"] in NOT_YET:
                marks.append(pytest.mark.skip(reason=NOT_YET[case["id"]]))
            params.append(pytest.param(case, legacy, id=f"{file_name}:{case['id']}", marks=marks))
    return params


def _check_agrees(case: dict[str, Any], report: Any) -> None:
    expected = case["expected"]
    data = report.data
    graded = [a for a in data["assertions"]]
    if "grader" in expected:  # one assertion
        assert len(graded) == 1, f"expected one assertion, got {[a['name'] for a in graded]}"
        ours = graded[0]
        assert ours["passed"] is expected["passed"], (ours, expected)
        assert close(ours["score"], expected["score"]), (ours["score"], expected["score"])
        assert ours["name"] == expected["grader"]["name"]
        assert ours["type"] == expected["grader"]["type"]
        if not case.get("unstable_assertion_text"):
            assert assertion_texts(ours) == expected["assertions"]
    if "graders" in expected:
        assert [a["name"] for a in graded] == [g["name"] for g in expected["graders"]]
        for ours, theirs in zip(graded, expected["graders"]):
            assert close(ours["score"], theirs["score"]), (ours["name"], ours["score"], theirs["score"])
            assert close(ours["weight"], theirs.get("weight", 1)), ours["name"]
            if not case.get("unstable_assertion_text"):
                assert assertion_texts(ours) == theirs["assertions"], ours["name"]
    if "test_score" in expected:
        assert close(data["score"], expected["test_score"]), (data["score"], expected["test_score"])
        assert (data["verdict"] == "pass") is expected["test_passed"]


def _check_deviation(case: dict[str, Any], report: Any, spec: dict[str, Any]) -> None:
    if spec.get("input_error"):
        assert isinstance(report, GradeInputError), report
        assert spec["input_error"] in str(report)
        return
    assert not isinstance(report, GradeInputError), str(report)
    data = report.data
    for key, value in spec.get("report", {}).items():
        assert data[key] == value, (key, data[key], value)
    for index, wanted in spec.get("assertions", {}).items():
        item = data["assertions"][index]
        for key, value in wanted.items():
            if key == "text_contains":
                assert value in item["text"], item["text"]
            elif key == "score":
                assert close(item["score"], value), item
            else:
                assert item[key] == value, (key, item)
    if "count" in spec:
        assert len(data["assertions"]) == spec["count"], [a["name"] for a in data["assertions"]]


@pytest.mark.parametrize(("case", "legacy"), _params())
def test_case(case: dict[str, Any], legacy: bool, tmp_path: Path) -> None:
    report = grade_case(case, tmp_path, legacy)
    deviation = DEVIATIONS.get(case["id"])
    if deviation is not None:
        _check_deviation(case, report, deviation)
        return
    assert not isinstance(report, GradeInputError), str(report)
    if "load_error" in case["expected"]:
        pytest.fail(f"AgentV refused this test; SPEC needs a listed deviation: {case['expected']}")
    if case.get("mode") == "load_only":
        pytest.skip("load_only cases are checked in test_loader_shapes")
    _check_agrees(case, report)
