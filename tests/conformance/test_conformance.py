"""The public conformance corpus, computed by running AgentV's own code, as data-driven tests.

Every case must agree with AgentV, except the deliberate differences listed in
`deviations.py`, each with its SPEC section; those are asserted too, against what SPEC says,
and each must really differ from AgentV (a listed case that agrees is a stale entry).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agentv_grader import GradeInputError

from .deviations import DEVIATIONS, NOT_YET
from .runner import (
    STATUS_OF_VERDICT,
    assertion_texts,
    close,
    corpus_entry,
    grade_case,
    load_cases,
    loaded_entry,
)

FILES = [
    ("deterministic.json", False),
    ("loader.json", False),
    ("aggregation.json", False),
    ("legacy-v4.json", True),
]
ALL_IDS = {case["id"] for name, _ in FILES for case in load_cases(name)}


def _params() -> list[Any]:
    params = []
    for file_name, legacy in FILES:
        for case in load_cases(file_name):
            marks = []
            if case["id"] in NOT_YET:
                marks.append(pytest.mark.skip(reason=NOT_YET[case["id"]]))
            params.append(pytest.param(case, legacy, id=f"{file_name}:{case['id']}", marks=marks))
    return params


def _check_one(ours: dict[str, Any], theirs: dict[str, Any], exact_text: bool) -> None:
    """One assertion against one AgentV grader result: status, score, name, type, texts."""
    label = ours["name"]
    assert ours["status"] == STATUS_OF_VERDICT[theirs["verdict"]], (label, ours["status"], theirs)
    assert close(ours["score"], theirs["score"]), (label, ours["score"], theirs["score"])
    assert ours["name"] == theirs["name"]
    assert ours["type"] == theirs["type"], (label, ours["type"], theirs["type"])
    assert close(ours["weight"], theirs.get("weight", 1)), (label, ours["weight"])
    if exact_text:
        assert assertion_texts(ours) == theirs["assertions"], label


def _check_agrees(case: dict[str, Any], report: Any) -> None:
    """The generic rule: our report says what AgentV said for this case."""
    expected = case["expected"]
    data = report.data
    graded = list(data["assertions"])
    exact_text = not case.get("unstable_assertion_text")
    if "grader" in expected:  # one assertion
        assert len(graded) == 1, f"expected one assertion, got {[a['name'] for a in graded]}"
        assert graded[0]["passed"] is expected["passed"], (graded[0], expected)
        authored = case.get("assertion")
        weight = authored.get("weight", 1) if isinstance(authored, dict) else 1
        theirs = {**expected, **expected["grader"], "weight": weight}
        _check_one(graded[0], theirs, exact_text)
    if "graders" in expected:
        assert [a["name"] for a in graded] == [g["name"] for g in expected["graders"]]
        for ours, theirs in zip(graded, expected["graders"], strict=True):
            _check_one(ours, theirs, exact_text)
    if "test_score" in expected:
        assert close(data["score"], expected["test_score"]), (data["score"], expected)
        assert (data["verdict"] == "pass") is expected["test_passed"], data["verdict"]


def _check_loaded(case: dict[str, Any], report: Any, overrides: dict[int, Any]) -> None:
    """`load_only` cases: our specs against AgentV's parsed grader configs.

    `overrides` replaces corpus entries where SPEC deliberately loads something else.
    """
    expected = [corpus_entry(g) for g in case["expected"]["graders"]]
    expected = [overrides.get(i, e) for i, e in enumerate(expected)]
    assert len(report.data["assertions"]) == len(expected), report.data["assertions"]
    for index, theirs in enumerate(expected):
        ours = loaded_entry(report, index)
        for key, value in theirs.items():
            if key == "weight":
                assert close(ours[key], value), (index, key, ours)
            else:
                assert ours.get(key) == value, (index, key, ours.get(key), value)


def _check_item(item: dict[str, Any], wanted: dict[str, Any]) -> None:
    for key, value in wanted.items():
        if key == "text_contains":
            assert value in item["text"], item["text"]
        elif key == "text_excludes":
            assert value not in item["text"], item["text"]
        elif key == "details":
            for name, detail in value.items():
                assert item["details"].get(name) == detail, (name, item["details"])
        elif key == "child_status":
            children = item["details"].get("children", [])
            for position, status in value.items():
                assert children[position]["status"] == status, children
        elif key == "score":
            assert close(item["score"], value), item
        else:
            assert item[key] == value, (key, item)


def _check_report(data: Any, wanted: dict[str, Any]) -> None:
    for key, value in wanted.items():
        if key == "score":
            assert close(data["score"], value), (data["score"], value)
        elif key == "warning_contains":
            assert any(value in w for w in data["warnings"]), data["warnings"]
        else:
            assert data[key] == value, (key, data[key], value)


def _check_deviation(case: dict[str, Any], report: Any, spec: dict[str, Any]) -> None:
    """What SPEC says we do instead of AgentV, asserted as precisely as the entry says."""
    if spec.get("input_error"):
        assert isinstance(report, GradeInputError), report
        assert spec["input_error"] in str(report)
        return
    assert not isinstance(report, GradeInputError), str(report)
    data = report.data
    _check_report(data, spec.get("report", {}))
    for index, wanted in spec.get("assertions", {}).items():
        _check_item(data["assertions"][index], wanted)
    for index, wanted in spec.get("pending", {}).items():
        for key, value in wanted.items():
            assert data["pending"][index][key] == value, (key, data["pending"][index])
    if "count" in spec:
        assert len(data["assertions"]) == spec["count"], [a["name"] for a in data["assertions"]]
    if "loaded" in spec:
        _check_loaded(case, report, spec["loaded"])


def _differs_from_agentv(case: dict[str, Any], report: Any, spec: dict[str, Any]) -> None:
    """A listed deviation must really differ from AgentV, or the entry is stale."""
    if "load_error" in case["expected"]:
        return  # AgentV produced no result to agree with
    with pytest.raises(AssertionError):
        if case.get("mode") == "load_only":
            _check_loaded(case, report, {})
        else:
            _check_agrees(case, report)


@pytest.mark.parametrize(("case", "legacy"), _params())
def test_case(case: dict[str, Any], legacy: bool, tmp_path: Path) -> None:
    report = grade_case(case, tmp_path, legacy)
    deviation = DEVIATIONS.get(case["id"])
    if deviation is not None:
        _check_deviation(case, report, deviation)
        _differs_from_agentv(case, report, deviation)
        return
    assert not isinstance(report, GradeInputError), str(report)
    if "load_error" in case["expected"]:
        pytest.fail(f"AgentV refused this test; SPEC needs a listed deviation: {case['expected']}")
    if case.get("mode") == "load_only":
        _check_loaded(case, report, {})
        return
    _check_agrees(case, report)


def test_every_listed_case_exists_and_is_explained() -> None:
    """Entries name real cases; deviations cite SPEC; not-yet entries name their issue."""
    assert set(DEVIATIONS) <= ALL_IDS, set(DEVIATIONS) - ALL_IDS
    assert set(NOT_YET) <= ALL_IDS, set(NOT_YET) - ALL_IDS
    for case_id, spec in DEVIATIONS.items():
        assert str(spec.get("spec", "")).startswith(("§", "docs/SPEC.md §")), case_id
    for case_id, reason in NOT_YET.items():
        assert "issue 4" in reason or "issue 5" in reason, case_id
