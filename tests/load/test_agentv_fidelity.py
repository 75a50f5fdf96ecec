"""The fidelity cases (tests/data/fidelity/README.md): each loads as AgentV main loads it.

Each case folder holds a small eval for one feature, AgentV main's answer of how it loads
(`agentv-load.json`, scripts/agentv_expected.py) and how it grades a test
(`head-<id>.json`). A case agentv-grade does not yet handle is xfail(strict) with its
row in the fidelity table, so this file says what is done and flips when a row is fixed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import grade_test
from agentv_grader.errors import GradeInputError
from agentv_grader.load.evalfile import load_suite
from agentv_grader.load.types import LLM_TYPES
from tests.load.agentv_answers import expected_summary, loaded_summary

CASES = Path(__file__).resolve().parent.parent / "data" / "fidelity"
# The environment each case's answers were made with (scripts/agentv_expected.py).
CASE_ENV = {
    "12-env-interpolation": {"PASS_AT": "0.5", "NEEDLE": "gamma", "W": "1"},
    "19-script-command-string": {
        "GRADER_DIR": str(Path(__file__).resolve().parent.parent / "data" / "fidelity"
                          / "19-script-command-string" / "graders")
    },
}  # fmt: skip
# Not handled yet: (case, eval file or graded test id) -> the row of the fidelity table.
PENDING: dict[tuple[str, str], str] = {
    # Expanding `tag: [x]` × `word: [alpha, beta]` gives two tests named `fixed`; AgentV
    # grades one of them, agentv-grade refuses a duplicate id (SPEC §2, exit 2).
    ("10-array-vars", "fixed"): "case 10: duplicate ids after var expansion",
}
# Graded answers made by the oracle's grade.ts, which does not read `.env` files as
# AgentV's command line does (test_agentv_format.py tests that part).
NOT_THE_CLI = {("12-env-interpolation", "env-dotenv")}
# Written in AgentV 4.x's format, which AgentV main skips and agentv-grade reads (SPEC §3):
# here a case file with `input` and `assertions` (main: "Skipping incomplete test").
V4_CASES = {("24-v4-cross-check", "evals/dir.eval.yaml")}
# The response each graded answer was made with, where it is not the folder's resp.md.
# (27's: its texts say "diff=89.00", the total of resp-wrong.md.)
RESPONSES = {
    ("11-options-transform", "own-transform"): "resp2.md",
    ("27-expected-output-shorthand", "single-message-object"): "resp-wrong.md",
}


def _load_cases() -> list[Any]:
    params = []
    for answers in sorted(CASES.glob("*/agentv-load.json")):
        case = answers.parent.name
        for rel, entry in json.loads(answers.read_text())["files"].items():
            kept = entry["kept"]
            if "error" in kept and "has been removed from authored eval YAML" in kept["error"]:
                continue  # AgentV 4.x's format: agentv-grade reads both (SPEC §3)
            if "error" in kept and rel.endswith("suite.yaml") and case == "16-jsonl-sidecar":
                continue  # a sidecar, not an eval file
            if (case, rel) in V4_CASES:
                continue
            marks = []
            if (case, rel) in PENDING:
                reason = f"fidelity row {PENDING[case, rel]} not done"
                marks.append(pytest.mark.xfail(strict=True, reason=reason))
            params.append(pytest.param(case, rel, kept, id=f"{case}/{rel}", marks=marks))
    return params


@pytest.mark.parametrize(("case", "rel", "kept"), _load_cases())
def test_loads_as_agentv(
    case: str, rel: str, kept: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in CASE_ENV.get(case, {}).items():
        monkeypatch.setenv(name, value)
    path = CASES / case / rel
    if "error" in kept:
        with pytest.raises(GradeInputError):
            load_suite(str(path))
        return
    suite = load_suite(str(path))
    got = loaded_summary(suite)
    want = expected_summary(kept)
    if want["suite"] is None:
        got["suite"] = None  # AgentV names no suite when it loads no test
    assert got == want
    # AgentV keeps only what it can use: none of these may be an `error` at load time.
    assert [(t.id, a.name, a.problem) for t in suite.tests for a in t.assertions if a.problem] == []


def _graded_cases() -> list[Any]:
    params = []
    for answer in sorted(CASES.glob("*/**/head-*.json")):
        head = json.loads(answer.read_text())
        if "error" in head:
            continue  # AgentV could not find that test id (its id is another)
        case = answer.relative_to(CASES).parts[0]
        if (case, head["id"]) in NOT_THE_CLI:
            continue
        loads = json.loads((CASES / case / "agentv-load.json").read_text())["files"]
        rel = next(
            r
            for r, entry in loads.items()
            if any(t["id"] == head["id"] for t in entry["kept"].get("tests", []))
        )
        marks = []
        if (case, head["id"]) in PENDING:
            reason = f"fidelity row {PENDING[case, head['id']]} not done"
            marks.append(pytest.mark.xfail(strict=True, reason=reason))
        params.append(
            pytest.param(case, CASES / case / rel, head, id=f"{case}/{head['id']}", marks=marks)
        )
    return params


@pytest.mark.parametrize(("case", "eval_path", "head"), _graded_cases())
def test_grades_as_agentv(
    case: str, eval_path: Path, head: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every deterministic verdict of AgentV's graded answer, and the test's own verdict."""
    for name, value in CASE_ENV.get(case, {}).items():
        monkeypatch.setenv(name, value)
    response = eval_path.parent / RESPONSES.get((case, head["id"]), "resp.md")
    if not response.exists():
        response = CASES / case / "resp.md"
    report = grade_test(
        str(eval_path), head["id"], response_file=str(response), write=False, critique=False
    )
    outcomes = {o.spec.name: o for o in report.outcomes}
    theirs = {s["name"]: s["verdict"] for s in head["scores"] if s["type"] not in LLM_TYPES}
    ours = {
        name: {"passed": "pass", "failed": "fail"}.get(o.status.value, o.status.value)
        for name, o in outcomes.items()
        if o.spec.type not in LLM_TYPES
    }
    assert ours == theirs
    if len(theirs) == len(head["scores"]):
        verdict = "pass" if head["executionStatus"] == "ok" else "fail"
        assert report.data["verdict"] == verdict
        assert report.data["score"] == pytest.approx(head["score"])
