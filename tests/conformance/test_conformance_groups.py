"""Conformance for groups and code graders: assert-set, script assertions, v4 composite.

Every case of `assert-set.json` and `script-assertions.json`, and the `composite` cases of
`legacy-v4.json`, must agree with AgentV, members included (`details.children`: name,
type, status, score, weight, texts), except the deliberate differences listed below with
their SPEC section. A listed difference is asserted as SPEC says and must really differ
from AgentV's answer, so a stale entry fails.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import GradeInputError

from .runner import STATUS_OF_VERDICT, assertion_texts, close, grade_case, load_cases

FILES = [("assert-set.json", False), ("script-assertions.json", False), ("legacy-v4.json", True)]


def _ours(case: dict[str, Any]) -> bool:
    return not case["id"].startswith("v4-") or case["id"].startswith("v4-composite-")


def _cases() -> list[Any]:
    return [
        pytest.param(case, legacy, id=f"{name}:{case['id']}")
        for name, legacy in FILES
        for case in load_cases(name)
        if _ours(case)
    ]


def _uses_javascript(case: dict[str, Any]) -> bool:
    return '"javascript"' in repr(case["assertion"]).replace("'", '"')


# What SPEC has us do instead of AgentV: report fields, then the assertion, then members.
DEVIATIONS: dict[str, dict[str, Any]] = {
    "assert-set-009": {
        "spec": "§5.6 a member's negate is honoured inside assert-set (AgentV ignores it)",
        "report": {"verdict": "pass", "score": 1.0},
        "assertion": {"status": "passed", "score": 1.0},
        "children": {0: {"status": "passed", "score": 1.0, "negate": True}},
    },
    "assert-set-014": {
        "spec": "§5.6 a member's required is honoured inside assert-set (AgentV ignores it)",
        "report": {"verdict": "fail", "score": 0.0},
        "assertion": {"status": "failed", "score": 0.0, "text_contains": "required member"},
        "children": {1: {"status": "failed", "required": True}},
    },
    "javascript-011": {
        "spec": "§5.7 a crashed script is error, never a fail that negation could pass",
        "report": {"verdict": "fail", "score": 0.0},
        "assertion": {
            "status": "error",
            "score": 0.0,
            "text_contains": "Javascript assertion failed: boom",
        },
    },
    "v4-composite-011": {
        "spec": "§5.6 composite: an unnamed member is error (AgentV drops it)",
        "report": {"verdict": "fail", "score": 0.0},
        "assertion": {
            "status": "failed",
            "score": 0.0,
            "text_contains": "0/2 evaluators passed (threshold: 1)",
        },
        "children": {0: {"status": "error", "text_contains": "has no 'name'"}},
    },
    "v4-composite-012": {
        "spec": "§5.6 composite: no aggregator is error (AgentV drops the composite)",
        "report": {"verdict": "fail", "score": 0.0},
        "assertion": {"status": "error", "score": 0.0, "text_contains": "needs an aggregator"},
    },
}


def _check_grader(ours: dict[str, Any], theirs: dict[str, Any], exact_text: bool) -> None:
    """One assertion (or member) against AgentV's grader result, members recursively."""
    label = ours["name"]
    assert ours["name"] == theirs["name"], (ours["name"], theirs["name"])
    assert ours["type"] == theirs["type"], label
    assert ours["status"] == STATUS_OF_VERDICT[theirs["verdict"]], (label, ours["status"])
    assert close(ours["score"], theirs["score"]), (label, ours["score"], theirs["score"])
    if "weight" in theirs:
        assert close(ours["weight"], theirs["weight"]), (label, ours["weight"])
    if exact_text:
        assert assertion_texts(ours) == theirs["assertions"], label
    members = theirs.get("children", [])
    mine = ours["details"].get("children", [])
    assert len(mine) == len(members), (label, [m["name"] for m in mine])
    for child, expected in zip(mine, members, strict=True):
        _check_grader(child, expected, exact_text)


def _check_agrees(case: dict[str, Any], data: dict[str, Any]) -> None:
    expected = case["expected"]
    (ours,) = data["assertions"]
    theirs = {**expected, **expected["grader"]}
    _check_grader(ours, theirs, not case.get("unstable_assertion_text"))
    assert close(data["score"], expected["test_score"]), data["score"]
    assert (data["verdict"] == "pass") is expected["test_passed"], data["verdict"]


def _check_item(item: dict[str, Any], wanted: dict[str, Any]) -> None:
    for key, value in wanted.items():
        if key == "text_contains":
            assert value in item["text"], item["text"]
        elif key == "score":
            assert close(item["score"], value), item
        else:
            assert item[key] == value, (key, item)


def _check_deviation(data: dict[str, Any], wanted: dict[str, Any]) -> None:
    for key, value in wanted.get("report", {}).items():
        assert close(data[key], value) if key == "score" else data[key] == value, (key, data[key])
    (ours,) = data["assertions"]
    _check_item(ours, wanted["assertion"])
    for position, child in wanted.get("children", {}).items():
        _check_item(ours["details"]["children"][position], child)


@pytest.mark.parametrize(("case", "legacy"), _cases())
def test_case(case: dict[str, Any], legacy: bool, tmp_path: Path) -> None:
    if _uses_javascript(case) and shutil.which("node") is None:
        pytest.skip("node is not on PATH: javascript is skipped then (tests/assertions)")
    report = grade_case(case, tmp_path, legacy)
    assert not isinstance(report, GradeInputError), str(report)
    deviation = DEVIATIONS.get(case["id"])
    if deviation is None:
        _check_agrees(case, dict(report.data))
        return
    _check_deviation(dict(report.data), deviation)
    if "grader" in case["expected"]:  # AgentV gave a result: ours must really differ
        with pytest.raises(AssertionError):
            _check_agrees(case, dict(report.data))


def test_every_deviation_names_a_case_and_its_spec_section() -> None:
    ids = {case["id"] for name, _ in FILES for case in load_cases(name) if _ours(case)}
    assert set(DEVIATIONS) <= ids, set(DEVIATIONS) - ids
    assert all(entry["spec"].startswith("§") for entry in DEVIATIONS.values())
