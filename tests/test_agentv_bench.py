"""AgentV's own numbers in the report (SPEC §6.1 `agentv`, §2 `grade_summary.json`): what
`agentv pipeline bench` will compute from the files a run leaves, and a warning wherever
that differs from the report's score."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader import agentv_bench, grade_test
from agentv_grader.agentv_bench import js_round3, suite_figures
from agentv_grader.merge import MergeFile
from agentv_grader.model import (
    ERROR,
    FAILED,
    PASSED,
    PENDING,
    AssertionSpec,
    CheckItem,
    Outcome,
)

from .helpers import cli, validate_report, write_suite

SUITE = """\
name: figures
tests:
  - id: gated
    input: Capital of France?
    assertions:
      - type: contains
        value: Paris
      - type: regex
        value: ^Berlin
        required: true
      - type: contains-all
        value: [Paris, France, Europe]
        weight: 2
  - id: plain
    input: Capital of France?
    assertions:
      - type: contains
        value: Paris
  - id: judged
    input: Capital of France?
    assertions:
      - type: contains
        value: Paris
      - type: llm-rubric
        metric: tone
        value: Polite
        negate: true
"""
ANSWERS = {t: "Paris is the capital of France.\n" for t in ("gated", "plain", "judged")}


def test_a_failed_required_assertion_is_a_warning_with_agentvs_score(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    report = grade_test(str(eval_path), "gated", bench_dir=str(bench))
    validate_report(report.data)
    assert (report.score, report.verdict) == (0.0, "fail")
    # pipeline bench: (1·1 + 0·1 + 0·2) / 4, entries: 1 passed of 3
    assert report.data["agentv"] == {"score": 0.25, "pass_rate": js_round3(1 / 3), "graders": 3}
    (warning,) = report.data["warnings"]
    assert warning == (
        "AgentV's pipeline bench will score this test 0.250, not 0.000: it has no required "
        "gate (required assertion(s) failed: regex-^Berlin)"
    )
    code, out, _ = cli(
        "--eval-path", str(eval_path), "--test-id", "gated", "--bench-dir", str(bench)
    )
    assert code == 1 and f"  warning: {warning}" in out.splitlines()


def test_matching_scores_need_no_warning(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    report = grade_test(str(eval_path), "plain", bench_dir=str(bench))
    assert report.data["agentv"] == {"score": 1.0, "pass_rate": 1.0, "graders": 1}
    assert report.data["warnings"] == []
    assert report.data["user_notes_summary"] == {
        "uncertainties": [],
        "needs_review": [],
        "workarounds": [],
    }


def test_agentv_counts_the_agents_score_without_negation(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    test_dir = bench / "judged"
    (test_dir / "llm_graders").mkdir()
    (test_dir / "llm_graders" / "tone.json").write_text('{"name": "tone", "weight": 1}')
    (test_dir / "llm_grader_results").mkdir()
    (test_dir / "llm_grader_results" / "tone.json").write_text(
        json.dumps({"score": 0.2, "assertions": [{"text": "Polite", "passed": False}]})
    )
    report = grade_test(str(eval_path), "judged", bench_dir=str(bench))
    assert report.score == pytest.approx((1 + 0.8) / 2)
    assert report.data["agentv"] == {"score": 0.6, "pass_rate": 0.5, "graders": 2}
    (warning,) = report.data["warnings"]
    assert (
        "will score this test 0.600, not 0.900" in warning and "without negation (tone)" in warning
    )


def test_grade_summary_carries_agentvs_benchmark_figures(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    code, _, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench))
    assert code == 1
    summary = json.loads((bench / "grade_summary.json").read_text("utf-8"))
    scores = [summary["tests"][t]["agentv"]["score"] for t in ("gated", "plain", "judged")]
    rates = [summary["tests"][t]["agentv"]["pass_rate"] for t in ("gated", "plain", "judged")]
    assert scores == [0.25, 1.0, 1.0]  # judged: the pending item is not counted yet
    assert summary["agentv_bench"] == suite_figures(
        [{"score": s, "pass_rate": r} for s, r in zip(scores, rates, strict=True)]
    )
    assert summary["agentv_bench"]["tests"] == 3
    assert summary["agentv_bench"]["mean_score"] == js_round3(2.25 / 3)


def test_batch_text_lines_show_agentvs_score_where_it_differs(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    code, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2")
    assert code == 1
    lines = out.splitlines()
    warnings = [n for n, line in enumerate(lines) if line.startswith("  warning: ")]
    # Only the gated test's score differs; its warning follows its own line.
    assert len(warnings) == 1 and lines[warnings[0] - 1].startswith("FAIL gated score=0.000")
    assert lines[warnings[0]] == (
        "  warning: AgentV's pipeline bench will score this test 0.250, not 0.000: it has no "
        "required gate (required assertion(s) failed: regex-^Berlin)"
    )
    assert sum(line.startswith(("PASS ", "FAIL ", "PENDING ")) for line in lines) == 3


def test_suite_figures_are_benchmark_json_arithmetic() -> None:
    figures = suite_figures(
        [{"score": 0.5, "pass_rate": 1.0}, {"score": 0.25, "pass_rate": 0.5}, None]
    )
    assert figures == {"tests": 2, "mean_score": 0.375, "pass_rate": {"mean": 0.75, "stddev": 0.25}}
    assert suite_figures([]) == {
        "tests": 0,
        "mean_score": 0.0,
        "pass_rate": {"mean": 0.0, "stddev": 0.0},
    }
    assert js_round3(0.0005) == 0.001 and js_round3(2 / 3) == 0.667


def test_a_rerun_notices_that_pipeline_grade_overwrote_the_merge_files(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    first = grade_test(str(eval_path), "plain", bench_dir=str(bench))
    (relpath,) = first.data["files"]
    ours = (bench / "plain" / relpath).read_bytes()
    again = grade_test(str(eval_path), "plain", bench_dir=str(bench))
    assert again.data["warnings"] == []  # a plain re-grade rewrites nothing
    # What AgentV's `pipeline grade` writes under the same name (no evidence, no details).
    agentv = {
        "name": "contains-Paris",
        "type": "contains",
        "score": 1,
        "weight": 1,
        "assertions": [{"text": 'Output contains "Paris"', "passed": True}],
        "details": {},
    }
    (bench / "plain" / relpath).write_text(json.dumps(agentv, indent=2), "utf-8")
    rerun = grade_test(str(eval_path), "plain", bench_dir=str(bench))
    (warning,) = rerun.data["warnings"]
    assert warning.startswith(f"{relpath} had been rewritten by another program")
    assert "Run agentv-grade after pipeline grade, then pipeline bench" in warning
    assert (bench / "plain" / relpath).read_bytes() == ours
    written = json.loads((bench / "plain" / "grader_report.json").read_text("utf-8"))
    assert written["warnings"] == [warning]


def _figures_as_before(
    outcomes: Any, merge_files: Any, test_dir: str | None
) -> dict[str, Any] | None:
    """`test_figures` as it was written before it counted the entries: each entry a bool
    in a list, `count(True)` of it (the reference for the counting)."""
    if test_dir is None:
        return None
    parts: list[tuple[float, float]] = []
    entries: list[bool] = []
    written = set()
    for item in merge_files:
        content = item.content
        parts.append((float(content["score"]), float(content["weight"])))
        entries += [bool(a["passed"]) for a in content["assertions"]]
        written.add(str(content["name"]))
    for outcome in outcomes:
        stale = outcome.details.get("stale")
        if stale is not None and agentv_bench._named_by_config(outcome, test_dir):
            parts.append((float(stale["score"] or 0.0), outcome.spec.weight))
            entries.extend([True] * int(stale["passed"]))
            entries.extend([False] * (int(stale["total"]) - int(stale["passed"])))
            continue
        if outcome.spec.name in written or not agentv_bench._counted_by_agentv(outcome, test_dir):
            continue
        raw = outcome.details.get("result_score", outcome.score)
        parts.append((float(raw or 0.0), outcome.spec.weight))
        entries.extend(c.passed != outcome.spec.negate for c in outcome.checks)
    total = sum([w for _, w in parts])
    mean = sum([s * w for s, w in parts]) / total if total > 0 else 0.0
    passed = entries.count(True)
    pass_rate = js_round3(passed / len(entries)) if entries else (1.0 if mean >= 0.5 else 0.0)
    return {"score": js_round3(mean), "pass_rate": pass_rate, "graders": len(parts)}


_SCORES = st.one_of(st.none(), st.floats(0, 1), st.sampled_from([0, 1, 0.5]))


@st.composite
def _graded(draw: st.DrawFn, tmp: str) -> tuple[Any, Any]:
    """Outcomes (some judged by an LLM result that AgentV's config names, some stale),
    and merge files for the others, with entries passed or not (truthy values too)."""
    outcomes = []
    files = []
    for index in range(draw(st.integers(0, 5))):
        name = f"a{index}"
        negate = draw(st.booleans())
        spec = AssertionSpec(index, name, "contains", {}, draw(st.floats(0, 3)), negate)
        checks = tuple(
            CheckItem("c", passed) for passed in draw(st.lists(st.booleans(), max_size=3))
        )
        status = draw(st.sampled_from([PASSED, FAILED, ERROR, PENDING]))
        details: dict[str, Any] = {}
        kind = draw(st.sampled_from(["file", "judged", "stale", "other"]))
        if kind in ("judged", "stale"):
            details["result_path"] = f"llm_grader_results/{name}.json"
            if draw(st.booleans()):
                details["result_score"] = draw(_SCORES)
        if kind == "stale":
            total = draw(st.integers(0, 4))
            details["stale"] = {
                "score": draw(_SCORES),
                "passed": draw(st.integers(-1, total + 1)),
                "total": total,
            }
        score = draw(_SCORES)
        outcomes.append(Outcome(spec, status, score, "t", "e", checks, details))
        if kind == "file":
            entries = [
                {"passed": value}
                for value in draw(st.lists(st.sampled_from([True, False, 0, 1, "", "x"])))
            ]
            content = {"name": name, "score": score or 0.0, "weight": spec.weight,
                       "assertions": entries}  # fmt: skip
            files.append(MergeFile(f"code_grader_results/{name}.json", content))
    return tuple(outcomes), files


def test_figures_count_entries_as_the_list_of_them_did(tmp_path: Path) -> None:
    # AgentV's figures count each file's entries as they go; the list of their booleans
    # (and `count(True)`) was the plain reading.
    graders = tmp_path / "llm_graders"
    graders.mkdir()
    for index in range(0, 5, 2):  # every other judged item named by an AgentV config
        (graders / f"a{index}.json").write_text("{}")

    @given(_graded(str(tmp_path)))
    @settings(max_examples=300, deadline=None)
    def check(case: tuple[Any, Any]) -> None:
        outcomes, files = case
        for test_dir in (str(tmp_path), None):
            expected = _figures_as_before(outcomes, files, test_dir)
            assert agentv_bench.test_figures(outcomes, files, test_dir) == expected

    check()
