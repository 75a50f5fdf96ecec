"""Conformance corpus for what the run did: metrics, field-accuracy, tools and skills.

Five corpus files computed by AgentV's own code (issue 4). Every case must agree with
AgentV, except those in `DEVIATIONS_RUN`, each naming the SPEC section that makes the
difference and asserting what SPEC says we do instead (and that it really differs).

Until `grading.py` reads the side files itself, each case is graded through `grade_case` and
then, when the report shows the side files were not used, re-graded from the same files
on disk through `read_side_files` + the engine (what the lead's wiring will do).
"""

from __future__ import annotations

import inspect
import os
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import engine, grading, scoring
from agentv_grader.load.evalfile import load_suite
from agentv_grader.model import RunData
from agentv_grader.report import assertion_json
from agentv_grader.rundata.side_files import read_side_files

from .runner import STATUS_OF_VERDICT, assertion_texts, close, grade_case, load_cases

FILES = (
    "metric-assertions.json",
    "field-accuracy.json",
    "trajectory.json",
    "tool-trajectory-legacy.json",
    "skill-used.json",
)
_SOURCE = inspect.getsource(grading)
WIRED = "read_side_files" in _SOURCE or "read_timing" in _SOURCE

_NO_TIMING = "§5.4 missing timing data is skipped (score null, left out), not scored 0"
_NO_TRANSCRIPT = "§5.5 no transcript is skipped (score null), not scored 0"
_ONCE = "§5.5 negate on skill-used is applied once (AgentV applies it twice)"
_NOT_NAME = "docs/SPEC.md §3 not-<type> names: `not-` + the generated name"


def _skipped(reason: str, spec: str) -> dict[str, Any]:
    return {
        "spec": spec,
        "report": {"verdict": "skipped", "score": None},
        "assertion": {"status": "skipped", "score": None, "passed": None, "text": reason},
    }


DEVIATIONS_RUN: dict[str, dict[str, Any]] = {
    # trajectory.json: AgentV's answer in every respect, under the project's `not-` name
    "trajectory-004": {"spec": _NOT_NAME, "agrees_except_name": "not-trajectory:tool-used"},
    "trajectory-020": {"spec": _NOT_NAME, "agrees_except_name": "not-trajectory:tool-used"},
    "trajectory-030": {
        "spec": _NOT_NAME,
        "agrees_except_name": "not-trajectory:tool-args-match",
    },
    # metric-assertions.json
    "latency-003": _skipped("no timing file", _NO_TIMING),
    "token-usage-003": _skipped("no timing file", _NO_TIMING),
    "exec-metrics-018": _skipped(
        "no data for any configured check: cost (no timing file)",
        _NO_TIMING + "; a check without data is left out, none left → skipped",
    ),
    "exec-metrics-020": _skipped(
        "no data for any configured check: duration (no timing file)",
        _NO_TIMING + "; a check without data is left out, none left → skipped",
    ),
    # trajectory.json
    "trajectory-006": _skipped("no transcript file", _NO_TRANSCRIPT + " (prepared grading)"),
    "trajectory-035": _skipped("no transcript file", _NO_TRANSCRIPT + " (AgentV: empty trace)"),
    # skill-used.json
    "skill-used-017": _skipped("no transcript file", _NO_TRANSCRIPT + " (AgentV: no skills)"),
    "skill-used-018": _skipped("no transcript file", _NO_TRANSCRIPT + " (AgentV: no skills)"),
    "skill-used-019": {
        "spec": _ONCE,
        "report": {"verdict": "fail", "score": 0.0},
        "assertion": {
            "status": "failed",
            "score": 0.0,
            "negate": True,
            "text": "Forbidden skill(s) were used: csv-analyzer. "
            "Actual skills: csv-analyzer (tool), web-search (tool)",
        },
    },
    "skill-used-020": {
        "spec": _ONCE,
        "report": {"verdict": "pass", "score": 1.0},
        "assertion": {
            "status": "passed",
            "score": 1.0,
            "negate": True,
            "text": "Forbidden skill(s) were not used: missing-skill",
        },
    },
}


class _Graded:
    """The report fields these tests look at, from `grade_case` or the re-grade."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data


def _regrade(tmp: Path) -> _Graded:
    """What grading.py will do once wired: side files → RunData → engine → score."""
    suite = load_suite(str(tmp / "case.eval.yaml"))
    test = grading.find_test(suite, "case")
    folder = tmp / "run" / "case"

    def present(name: str) -> str | None:
        return str(folder / name) if (folder / name).exists() else None

    side = read_side_files(
        present("timing.json"), present("transcript-raw.jsonl"), present("metrics.json"),
        test.input_text,
    )  # fmt: skip
    run = RunData(
        test=test,
        response=(folder / "response.md").read_text(encoding="utf-8"),
        response_path=str(folder / "response.md"),
        eval_dir=str(tmp),
        timing=side.timing,
        timing_problem=side.timing_problem,
        transcript=side.transcript,
        transcript_problem=side.transcript_problem,
    )
    outcomes = engine.evaluate(test.assertions, run)
    score = scoring.score_test(outcomes, test.threshold)
    return _Graded(
        {
            "assertions": [assertion_json(o) for o in outcomes],
            "score": score.score,
            "verdict": score.verdict,
        }
    )


def grade(case: dict[str, Any], tmp: Path) -> Any:
    report = grade_case(case, tmp)
    return report if WIRED else _regrade(tmp)


def _params() -> list[Any]:
    return [
        pytest.param(case, id=f"{name}:{case['id']}") for name in FILES for case in load_cases(name)
    ]


def _type_agrees(ours: dict[str, Any], theirs: str) -> bool:
    """`not-skill-used` is `skill-used` inverted here; the report says where it came from."""
    return ours["type"] == theirs or ours["details"].get("normalised_from") == theirs


def _agrees(case: dict[str, Any], data: dict[str, Any], name: str | None = None) -> None:
    expected = case["expected"]
    assert len(data["assertions"]) == 1, [a["name"] for a in data["assertions"]]
    ours = data["assertions"][0]
    assert ours["status"] == STATUS_OF_VERDICT[expected["verdict"]], (ours, expected)
    assert ours["passed"] is expected["passed"], (ours, expected)
    assert close(ours["score"], expected["score"]), (ours["score"], expected["score"])
    assert ours["name"] == (name or expected["grader"]["name"])
    assert _type_agrees(ours, expected["grader"]["type"]), (ours["type"], expected["grader"])
    assert assertion_texts(ours) == expected["assertions"], ours
    assert close(data["score"], expected["test_score"]), (data["score"], expected)
    assert (data["verdict"] == "pass") is expected["test_passed"], data["verdict"]


def _deviates(case: dict[str, Any], data: dict[str, Any], wanted: dict[str, Any]) -> None:
    expected = case["expected"]
    if "agrees_except_name" in wanted:
        assert data["assertions"][0]["name"] != expected["grader"]["name"]
        _agrees(case, data, name=wanted["agrees_except_name"])
        return
    ours = data["assertions"][0]
    for key, value in wanted["report"].items():
        assert close(data[key], value) if key == "score" else data[key] == value, (key, data)
    for key, value in wanted["assertion"].items():
        assert close(ours[key], value) if key == "score" else ours[key] == value, (key, ours)
    same_score = close(ours["score"], expected["score"])
    stale = "listed as a deviation but agrees with AgentV: remove the entry"
    assert ours["passed"] is not expected["passed"] or not same_score, stale


@pytest.mark.parametrize("case", _params())
def test_case(case: dict[str, Any], tmp_path: Path) -> None:
    report = grade(case, tmp_path)
    wanted = DEVIATIONS_RUN.get(case["id"])
    if wanted is not None:
        assert wanted["spec"].startswith(("§", "docs/SPEC.md §"))
        _deviates(case, report.data, wanted)
    else:
        _agrees(case, report.data)


def test_every_deviation_names_a_corpus_case() -> None:
    ids = {case["id"] for name in FILES for case in load_cases(name)}
    assert set(DEVIATIONS_RUN) <= ids


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Kiritimati", "America/Los_Angeles"])
def test_date_cases_do_not_depend_on_the_time_zone(zone: str, tmp_path: Path) -> None:
    """SPEC §5.3: dates compare as written; the UTC-generated answers hold in any zone."""
    if not hasattr(__import__("time"), "tzset"):
        pytest.skip("time.tzset is not available on this platform")
    import time

    cases = [c for c in load_cases("field-accuracy.json") if "date" in str(c["assertion"])]
    assert cases
    saved = os.environ.get("TZ")
    os.environ["TZ"] = zone
    time.tzset()
    try:
        for index, case in enumerate(cases):
            folder = tmp_path / str(index)
            folder.mkdir()
            _agrees(case, grade(case, folder).data)
    finally:
        if saved is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = saved
        time.tzset()
