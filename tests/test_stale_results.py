"""Stale LLM results (SPEC §5.6 *Stale results*): a result file judged against an older
response or an older version of its item is found, reported and handed out again, never
called stale without evidence, and never touched."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from agentv_grader import grade_test, html_report
from agentv_grader.judgement import judge_item

from .helpers import cli, validate_report, write_suite

SUITE = """\
name: stale
tests:
  - id: t1
    input: What is the capital of France?
    criteria: Names Paris as the capital
    assertions:
      - type: contains
        value: Paris
      - type: llm-rubric
        metric: tone
        value: CRITERIA
"""
RESULT = "llm_grader_results/tone.json"


def _suite(tmp_path: Path, criteria: str = "Polite and factual") -> tuple[str, Path]:
    eval_path, bench = write_suite(
        tmp_path,
        SUITE.replace("CRITERIA", criteria),
        {"t1": "Paris is the capital of France.\n"},
    )
    return str(eval_path), bench


def _judge(eval_path: str, bench: Path) -> Path:
    judged = judge_item(eval_path, "t1", "tone", [], bench_dir=str(bench), score=0.9)
    return Path(judged.path)


def _set_mtime(path: Path, seconds: float) -> None:
    os.utime(path, ns=(int(seconds * 1e9), int(seconds * 1e9)))


def _tone(data: dict[str, Any]) -> dict[str, Any]:
    return next(a for a in data["assertions"] if a["name"] == "tone")


def test_judge_records_what_it_judged_and_a_current_result_counts(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    result = _judge(eval_path, bench)
    written = json.loads(result.read_text("utf-8"))
    pending = grade_test(eval_path, "t1", write=False, bench_dir=str(bench))
    assert written["judged_against"]["response_sha256"] == pending.data["response_sha256"]
    # the response is rewritten later with the same text: the record, not the time, decides
    response = bench / "t1" / "response.md"
    response.write_bytes(response.read_bytes())
    _set_mtime(result, 1_000_000_000)
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    validate_report(report.data)
    assert _tone(report.data)["status"] == "passed"
    assert _tone(report.data)["details"]["result_state"] == "current"
    assert report.data["stale_results"] == [] and report.data["pending"] == []


def test_a_result_judged_against_an_older_response_is_stale_and_handed_out_again(
    tmp_path: Path,
) -> None:
    eval_path, bench = _suite(tmp_path)
    result = _judge(eval_path, bench)
    assert grade_test(eval_path, "t1", bench_dir=str(bench)).verdict == "pass"
    (bench / "t1" / "response.md").write_text("Paris, surely.\n", "utf-8")  # re-run
    _set_mtime(result, 4_000_000_000)  # even a file newer than the response: record wins
    before = (result.read_bytes(), result.stat().st_mtime_ns)
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    validate_report(report.data)
    assert _tone(report.data)["status"] == "pending"
    (stale,) = report.data["stale_results"]
    assert (stale["item"], stale["path"], stale["basis"]) == ("tone", RESULT, "record")
    assert "older response" in stale["reason"] and "item" not in stale["reason"]
    (item,) = report.data["pending"]
    assert item["name"] == "tone" and item["stale"]["score"] == 0.9
    warning = next(w for w in report.data["warnings"] if RESULT in w)
    assert "agentv-grade judge --item tone" in warning
    assert (result.read_bytes(), result.stat().st_mtime_ns) == before  # never touched
    # the text output warns, naming the file and the fix, and hands the item out again
    code, out, _ = cli("--eval-path", eval_path, "--test-id", "t1", "--bench-dir", str(bench))
    assert code == 0 and f"{RESULT} was judged against an older response" in out
    assert "[pending] tone: score judgement needed again (its result file is stale)" in out
    # batch mode's text line too
    code, out, _ = cli("--eval-path", eval_path, "--bench-dir", str(bench))
    assert f"  warning: {RESULT} was judged against an older response: re-judge it " in out
    assert "(agentv-grade judge --item tone …)" in out
    # and the batch summary lists it, with its test, for the grader to re-judge
    summary = json.loads((bench / "grade_summary.json").read_text("utf-8"))
    assert summary["stale_results"] == [
        {"test_id": "t1", "item": "tone", "path": RESULT, "basis": "record"}
    ]
    assert re.search(r"\n  stale LLM results \(judge again\) +1\n", out)
    # the report page hands it out again, saying why
    (todo,) = html_report.build_page_data(str(bench))["tests"][0]["pending"]
    assert todo["stale"] == f"{RESULT} was judged against an older response"
    # re-judging the item overwrites the file and ends it
    _judge(eval_path, bench)
    again = grade_test(eval_path, "t1", bench_dir=str(bench))
    assert again.data["stale_results"] == [] and _tone(again.data)["status"] == "passed"


def test_a_result_judged_against_an_older_item_is_stale(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    _judge(eval_path, bench)
    Path(eval_path).write_text(SUITE.replace("CRITERIA", "Rude and wrong"), "utf-8")
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    (stale,) = report.data["stale_results"]
    assert stale["basis"] == "record" and "older version of the item" in stale["reason"]
    assert "response" not in stale["reason"]
    assert _tone(report.data)["status"] == "pending"


def test_a_hand_written_result_older_than_the_response_is_stale(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    result = bench / "t1" / RESULT
    result.parent.mkdir(parents=True)
    result.write_text(json.dumps({"score": 1, "assertions": []}), "utf-8")
    _set_mtime(result, 1_000_000_000)
    _set_mtime(bench / "t1" / "response.md", 2_000_000_000)
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    (stale,) = report.data["stale_results"]
    assert stale["basis"] == "mtime" and "no judged_against record" in stale["evidence"]
    assert _tone(report.data)["status"] == "pending"
    assert result.read_text("utf-8") == json.dumps({"score": 1, "assertions": []})


def test_a_hand_written_result_without_evidence_counts_and_cannot_be_told(
    tmp_path: Path,
) -> None:
    eval_path, bench = _suite(tmp_path)
    result = bench / "t1" / RESULT
    result.parent.mkdir(parents=True)
    result.write_text(json.dumps({"score": 1, "assertions": []}), "utf-8")
    for same_time in (False, True):  # newer than the response, or written the same instant
        _set_mtime(bench / "t1" / "response.md", 2_000_000_000)
        _set_mtime(result, 2_000_000_000 if same_time else 3_000_000_000)
        report = grade_test(eval_path, "t1", bench_dir=str(bench))
        assert report.data["stale_results"] == []
        tone = _tone(report.data)
        assert tone["status"] == "passed" and tone["details"]["result_state"] == "unknown"


def test_agentv_figures_still_count_a_stale_file_its_config_names(tmp_path: Path) -> None:
    """Where AgentV's `llm_graders/` config names the file, `pipeline bench` counts it
    stale or not; the report's AgentV figures and warning say so."""
    eval_path, bench = _suite(tmp_path)
    config = bench / "t1" / "llm_graders" / "tone.json"
    config.parent.mkdir(parents=True)
    config.write_text(json.dumps({"name": "tone", "weight": 1}), "utf-8")
    _judge(eval_path, bench)
    (bench / "t1" / "response.md").write_text("Paris, surely.\n", "utf-8")
    report = grade_test(eval_path, "t1", bench_dir=str(bench))
    assert report.data["agentv"]["graders"] == 2  # contains + the stale tone file
    assert report.data["agentv"]["score"] == round((1 + 0.9) / 2, 3)
    warning = next(w for w in report.data["warnings"] if RESULT in w)
    assert "AgentV's pipeline bench still would" in warning


_WITH_DETAILS: list[dict[str, Any]] = [
    {},
    {"warnings": ["two files for one item"]},
    {"warnings": "not a list"},
    {
        "stale": {"path": "llm_grader_results/x.json", "basis": "b", "reason": "r", "evidence": "e"}
    },  # fmt: skip
    {"result_path": "llm_grader_results/x.json"},
]


def test_outcomes_without_details_children_or_pending_give_none_of_the_three_lists() -> None:
    # `report.build` asks `_plain` once instead of `_outcome_warnings`, `_pending` and
    # `stale_results`: wherever it says plain, each of those finds nothing; wherever it
    # does not, they are asked as before.
    from itertools import product

    from agentv_grader import report
    from agentv_grader.model import FAILED, PASSED, PENDING, AssertionSpec, Outcome, TestCase

    spec = AssertionSpec(0, "a", "contains", {"value": "x"})
    test = TestCase(id="t", suite="s", assertions=(spec,), threshold=1.0, threshold_source="")
    leaf = Outcome(spec, PASSED, 1.0, "t", "e")
    waiting = Outcome(spec, PENDING, None, "t", "")
    seen = set()
    for details, status, children in product(
        _WITH_DETAILS, (PASSED, FAILED, PENDING), ((), (leaf,), (waiting,))
    ):
        outcomes = (leaf, Outcome(spec, status, None, "t", "e", (), details, children))
        plain = report._plain(outcomes)
        seen.add(plain)
        if plain:
            assert report._outcome_warnings(outcomes) == []
            assert report._pending(outcomes, test, []) == []
            assert report.stale_results(outcomes) == []
    assert seen == {True, False}
