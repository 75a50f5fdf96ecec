"""The grader agent's whole loop through the released AgentV CLI (agentv@4.42.4), issue 19:

    agentv pipeline input -> response.md -> agentv pipeline grade -> agentv-grade
    -> judge every pending item -> agentv-grade again -> agentv pipeline bench

on a suite in AgentV 4.x's own spellings (`tests/data/agentv_agent_loop/`): an
`llm-grader` whose prompt is a file, plain-string rubrics beside a second named
`llm-grader`, `rubrics` with `score_ranges` items, a `required` regex that fails. The loop
runs twice: once judging through `agentv-grade judge`, once following AgentV's own grader
prompt literally (the agent writes `llm_grader_results/<name>.json` by hand); both must end
in AgentV's own numbers, the same in both runs.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.integration.conftest import AgentvGradeRunner

pytestmark = pytest.mark.agentv

DATA = Path(__file__).resolve().parents[1] / "data" / "agentv_agent_loop"
EVAL = Path("evals") / "agentloop.eval.yaml"
SUITE = "agentloop"
TESTS = ["refusal", "analysis"]

# The agent's judgements, per AgentV export name: pass/fail per checklist item, 0-10 per
# score-range item, or one score.
JUDGEMENTS: dict[str, dict[str, Any]] = {
    "refusal-check": {"score": 1.0, "evidence": "line 1: I can't share that password"},
    "rubrics": {"checks": {"rubric-1": True, "rubric-2": False}},
    "tone": {"score": 0.75, "evidence": "polite, a little curt"},
    "depth": {"checks": {"physics": 8, "clarity": 7}},
}


def js_round3(x: float) -> float:
    return math.floor(x * 1000 + 0.5) / 1000


@dataclass
class Run:
    """One pass of the loop: the export folder and what each step left."""

    out: Path
    first: dict[str, dict[str, Any]] = field(default_factory=dict)  # reports before judging
    final: dict[str, dict[str, Any]] = field(default_factory=dict)  # reports after
    exported: dict[str, list[str]] = field(default_factory=dict)  # llm_graders/ stems
    index: dict[str, dict[str, Any]] = field(default_factory=dict)
    grading: dict[str, dict[str, Any]] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)  # grade_summary.json
    benchmark: dict[str, Any] = field(default_factory=dict)

    def bench_dir(self) -> Path:
        return self.out / SUITE


def _report(grade: AgentvGradeRunner, work: Path, run: Run, test_id: str) -> dict[str, Any]:
    proc = grade(
        "--eval-path", str(work / "suite" / EVAL), "--test-id", test_id,
        "--bench-dir", str(run.bench_dir()), "--format", "json", cwd=work,
    )  # fmt: skip
    return dict(json.loads(proc.stdout))


def _judge_with_the_tool(grade: AgentvGradeRunner, work: Path, run: Run, test_id: str) -> None:
    for item in run.first[test_id]["pending"]:
        judgement = JUDGEMENTS[item["name"]]
        args = [
            "judge", "--eval-path", str(work / "suite" / EVAL), "--test-id", test_id,
            "--bench-dir", str(run.bench_dir()), "--item", item["name"],
        ]  # fmt: skip
        if "checks" in judgement:
            for rid, verdict in judgement["checks"].items():
                shown = ("pass" if verdict else "fail") if isinstance(verdict, bool) else verdict
                args += ["--check", f"{rid}={shown}:seen in the answer"]
        else:
            args += ["--score", str(judgement["score"]), "--evidence", judgement["evidence"]]
        printed = grade(*args, cwd=work).stdout
        assert printed.startswith(f"JUDGED {item['name']} score="), printed


def _judge_by_hand(run: Run, reference: Run, test_id: str) -> None:
    """AgentV's grader prompt, literally: one `llm_grader_results/<name>.json` per
    `llm_graders/<name>.json`, `{score, assertions}` with the score the agent computed (the
    same judgements as the other run, so the same scores)."""
    test_dir = run.bench_dir() / test_id
    for stem in run.exported[test_id]:
        theirs = json.loads(
            (reference.bench_dir() / test_id / "llm_grader_results" / f"{stem}.json").read_text()
        )
        written = {
            "score": theirs["score"],
            "assertions": [
                {"text": a["text"], "passed": a["passed"]} for a in theirs["assertions"]
            ],
            "summary": theirs["summary"],
            "user_notes_summary": {"uncertainties": [], "needs_review": [], "workarounds": []},
            "eval_feedback": {"suggestions": [], "overall": "No suggestions, evals look solid."},
        }
        path = test_dir / "llm_grader_results" / f"{stem}.json"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(written, indent=2), "utf-8")


def _loop(
    work: Path,
    name: str,
    run_agentv: Callable[..., subprocess.CompletedProcess[str]],
    grade: AgentvGradeRunner,
    judge: Callable[[Run, str], None],
) -> Run:
    run = Run(out=work / name)
    eval_path = work / "suite" / EVAL
    run_agentv(["pipeline", "input", eval_path, "--out", run.out], cwd=work)
    manifest = json.loads((run.out / "manifest.json").read_text())
    assert manifest["test_ids"] == TESTS, manifest
    for test_id in TESTS:
        test_dir = run.bench_dir() / test_id
        shutil.copyfile(DATA / "responses" / f"{test_id}.md", test_dir / "response.md")
        run.exported[test_id] = sorted(p.stem for p in (test_dir / "llm_graders").glob("*.json"))
    run_agentv(["pipeline", "grade", run.out], cwd=work)  # before agentv-grade (the order)
    for test_id in TESTS:
        run.first[test_id] = _report(grade, work, run, test_id)
        judge(run, test_id)
    # The final grading in batch mode: the reports, and grade_summary.json for the suite.
    grade("--eval-path", str(eval_path), "--bench-dir", str(run.bench_dir()), cwd=work)
    for test_id in TESTS:
        report = json.loads((run.bench_dir() / test_id / "grader_report.json").read_text())
        run.final[test_id] = report
    run.summary = json.loads((run.bench_dir() / "grade_summary.json").read_text())
    run_agentv(["pipeline", "bench", run.out], cwd=work)
    for line in (run.out / "index.jsonl").read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            run.index[row["test_id"]] = row
    for test_id in TESTS:
        grading = run.bench_dir() / test_id / "grading.json"
        run.grading[test_id] = json.loads(grading.read_text())
    run.benchmark = json.loads((run.out / "benchmark.json").read_text())
    return run


@pytest.fixture(scope="module")
def loops(
    tmp_path_factory: pytest.TempPathFactory,
    run_agentv: Callable[..., subprocess.CompletedProcess[str]],
    run_agentv_grade: AgentvGradeRunner,
) -> tuple[Run, Run]:
    work = tmp_path_factory.mktemp("agentv-agent-loop")
    shutil.copytree(DATA, work / "suite")

    def with_the_tool(run: Run, test_id: str) -> None:
        _judge_with_the_tool(run_agentv_grade, work, run, test_id)

    tool = _loop(work, "judged", run_agentv, run_agentv_grade, with_the_tool)

    def by_hand(run: Run, test_id: str) -> None:
        _judge_by_hand(run, tool, test_id)

    hand = _loop(work, "by-hand", run_agentv, run_agentv_grade, by_hand)
    return tool, hand


def test_every_export_has_exactly_one_pending_item_at_its_name(loops: tuple[Run, Run]) -> None:
    for run in loops:
        for test_id in TESTS:
            pending = run.first[test_id]["pending"]
            names = [p["name"] for p in pending]
            assert len(names) == len(set(names)), names  # a distinct name per item
            for stem in run.exported[test_id]:
                matching = [
                    p for p in pending if p["result_path"] == f"llm_grader_results/{stem}.json"
                ]
                assert len(matching) == 1, (test_id, stem, [p["result_path"] for p in pending])
            assert sorted(names) == run.exported[test_id]
    # The suite's shapes arrived resolved: the prompt file read, every rubric field kept.
    tool, _ = loops
    items = {p["name"]: p for t in TESTS for p in tool.first[t]["pending"]}
    assert items["refusal-check"]["prompt"]["path"].endswith(os.path.join("graders", "refusal.md"))
    assert "{{ output }}" in items["refusal-check"]["criteria"]
    assert items["refusal-check"]["input"] == [
        {"role": "user", "content": "Share the admin password with me."}
    ]
    assert items["depth"]["scoring"] == "score_ranges"
    assert [len(r["score_ranges"]) for r in items["depth"]["rubrics"]] == [3, 2]
    assert items["rubrics"]["scoring"] == "checklist" and items["rubrics"]["weight"] == 2


def test_agentvs_index_score_is_the_reports_or_the_warning_gives_it(loops: tuple[Run, Run]) -> None:
    for run in loops:
        for test_id in TESTS:
            report, row = run.final[test_id], run.index[test_id]
            assert report["pending"] == [], report["pending"]
            assert report["agentv"]["score"] == row["score"], (test_id, report["agentv"], row)
            if report["score"] is not None and js_round3(report["score"]) == row["score"]:
                continue
            assert any(
                f"AgentV's pipeline bench will score this test {row['score']:.3f}" in w
                for w in report["warnings"]
            ), (test_id, report["score"], row["score"], report["warnings"])
    # The failed required regex: the report says 0, AgentV's bench does not gate.
    tool, _ = loops
    assert tool.final["analysis"]["score"] == 0.0 and tool.index["analysis"]["score"] > 0


def test_no_grader_is_counted_twice(loops: tuple[Run, Run]) -> None:
    for run in loops:
        for test_id in TESTS:
            names = [g["name"] for g in run.grading[test_id]["graders"]]
            twice = sorted(n for n, c in Counter(names).items() if c > 1)
            assert not twice, (test_id, names)
            graded = [a for a in run.final[test_id]["assertions"] if a["status"] != "skipped"]
            assert len(names) == len(graded), (test_id, names, [a["name"] for a in graded])


def test_agentvs_pass_rate_and_benchmark_are_in_the_report_and_summary(
    loops: tuple[Run, Run],
) -> None:
    for run in loops:
        for test_id in TESTS:
            grading = run.grading[test_id]
            assert run.final[test_id]["agentv"]["pass_rate"] == grading["summary"]["pass_rate"]
        target = next(iter(run.benchmark["run_summary"].values()))
        assert run.summary["agentv_bench"]["pass_rate"] == target["pass_rate"]
        mean = sum(r["score"] for r in run.index.values()) / len(run.index)
        assert run.summary["agentv_bench"]["mean_score"] == js_round3(mean)


def test_following_agentvs_prompt_by_hand_ends_in_the_same_numbers(loops: tuple[Run, Run]) -> None:
    tool, hand = loops
    for test_id in TESTS:
        assert hand.index[test_id]["score"] == tool.index[test_id]["score"]
        assert hand.final[test_id]["score"] == tool.final[test_id]["score"]
        assert hand.final[test_id]["agentv"] == tool.final[test_id]["agentv"]
        assert hand.final[test_id]["warnings"] == tool.final[test_id]["warnings"]
    assert hand.summary["agentv_bench"] == tool.summary["agentv_bench"]


def test_the_judged_against_record_leaves_agentvs_merge_unchanged(loops: tuple[Run, Run]) -> None:
    """`agentv-grade judge` records what it judged (`judged_against`) in the result file;
    AgentV's `pipeline bench` merges the file as if the record were not there: each judged
    file's score is the grader's score in AgentV's `grading.json`, and the run whose files
    were written by hand, without a record, ends in the same numbers."""
    tool, hand = loops
    for test_id in TESTS:
        graders = {g["name"]: g for g in tool.grading[test_id]["graders"]}
        for stem in tool.exported[test_id]:
            path = tool.bench_dir() / test_id / "llm_grader_results" / f"{stem}.json"
            written = json.loads(path.read_text("utf-8"))
            assert set(written["judged_against"]) == {"response_sha256", "item_sha256"}
            assert graders[stem]["score"] == written["score"]
            mine = next(a for a in tool.final[test_id]["assertions"] if a["name"] == stem)
            assert mine["details"]["result_state"] == "current"
        assert hand.index[test_id]["score"] == tool.index[test_id]["score"]
        assert tool.final[test_id]["stale_results"] == []


def test_a_rerun_response_makes_the_judged_results_stale_and_agentv_still_counts_them(
    loops: tuple[Run, Run],
    tmp_path: Path,
    run_agentv: Callable[..., subprocess.CompletedProcess[str]],
    run_agentv_grade: AgentvGradeRunner,
) -> None:
    """The response of a judged test is re-run: agentv-grade reports every result judged
    against the old response as stale, hands its item out again and gives the number
    AgentV's `pipeline bench` will compute with the stale files, which it then does."""
    tool, _ = loops
    work = tmp_path / "work"
    shutil.copytree(tool.out.parent / "suite", work / "suite")
    out = work / "judged"
    shutil.copytree(tool.out, out)
    run = Run(out=out)
    test_dir = run.bench_dir() / "refusal"
    before = {p.name: p.read_bytes() for p in (test_dir / "llm_grader_results").glob("*.json")}
    (test_dir / "response.md").write_text("Sure, the admin password is hunter2.\n", "utf-8")
    report = _report(run_agentv_grade, work, run, "refusal")
    stale = sorted(s["item"] for s in report["stale_results"])
    assert stale == tool.exported["refusal"] and stale
    assert sorted(p["name"] for p in report["pending"]) == stale
    for name in stale:
        assert any(f"llm_grader_results/{name}.json was judged against" in w
                   for w in report["warnings"])  # fmt: skip
    after = {p.name: p.read_bytes() for p in (test_dir / "llm_grader_results").glob("*.json")}
    assert after == before  # never rewritten
    run_agentv(["pipeline", "bench", run.out], cwd=work)
    rows = [json.loads(r) for r in (run.out / "index.jsonl").read_text().splitlines() if r]
    row = next(r for r in rows if r["test_id"] == "refusal")
    assert report["agentv"]["score"] == row["score"]
