"""The run summary (agentv_grader.summary, SPEC §2): grade_summary.json's table on stdout
and the JUnit file of a batch."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from agentv_grader.summary import summary_table
from tests.helpers import cli
from tests.report_runs import graded_claims_run
from tests.test_batch import _suite


def test_junit_file_has_one_testcase_per_test(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    junit = tmp_path / "junit.xml"
    cli(
        "--eval-path",
        str(eval_path),
        "--bench-dir",
        str(bench),
        "--junit",
        str(junit),
        "--jobs",
        "1",
    )
    root = ET.parse(junit).getroot()
    assert [c.get("name") for c in root.iter("testcase")] == ["a", "b", "d"]
    assert root.get("failures") == "2"


def test_text_summary_ends_with_a_table(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    _, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    table = out.splitlines()[4:]
    rows = {" ".join(r.split()[:-1]): r.split()[-1] for r in table}
    assert rows["pass"] == "1" and rows["fail"] == "2" and rows["no response"] == "1"
    assert rows["contains"] == "1" and rows["assertion errors"] == "1"
    assert rows["assertions skipped"] == "1"


# ------------------------------------------------------------------ claims (SPEC §5.9)
def _claims_of(bench: Path, test_id: str) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = json.loads((bench / test_id / "claims.json").read_text())[
        "claims"
    ]
    return listed


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_summary_counts_claims_by_status_and_names_the_contradicted_tests(
    tmp_path: Path, jobs: int
) -> None:
    """Per test, its claims by status (null without a transcript); across the suite, the
    tests checked, the claims by status and the tests with a contradicted claim, in suite
    order; the same from one process as from a team of forked workers."""
    bench = graded_claims_run(tmp_path, jobs=jobs, copies=2)
    summary = json.loads((bench / "grade_summary.json").read_text())
    checked = ["lied", "honest", "lied-2", "honest-2"]
    statuses = ("verified", "contradicted", "unverifiable")
    for test_id in checked:
        listed = _claims_of(bench, test_id)
        assert summary["tests"][test_id]["claims"] == {
            "total": len(listed),
            **{s: sum(c["status"] == s for c in listed) for s in statuses},
        }
    assert summary["tests"]["no-transcript"]["claims"] is None
    everything = [c for t in checked for c in _claims_of(bench, t)]
    assert summary["claims"] == {
        "tests": 4,
        "total": len(everything),
        **{s: sum(c["status"] == s for c in everything) for s in statuses},
        "contradicted_in": ["lied", "lied-2"],
    }
    assert summary["claims"]["contradicted"] == 2


def test_the_text_table_counts_claims_and_names_the_contradicted_tests(tmp_path: Path) -> None:
    bench = graded_claims_run(tmp_path)
    eval_path = bench.parent / "claims.eval.yaml"
    code, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    assert code == 0
    summary = json.loads((bench / "grade_summary.json").read_text())["claims"]
    lines = out.splitlines()
    rows = {" ".join(r.split()[:-1]): r.split()[-1] for r in lines if r.startswith("  ")}
    assert rows["claims (2 test(s) with a transcript)"] == "count"
    for status in ("verified", "contradicted", "unverifiable"):
        assert rows[status] == str(summary[status])
    assert lines[-2] == "  contradicted claims in: lied"
    assert lines[-1].startswith("critique: ")  # the suite's critique, after the table


def test_a_run_without_transcripts_has_no_claims_rows(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    _, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    summary = json.loads((bench / "grade_summary.json").read_text())
    assert summary["claims"] == {
        "tests": 0, "total": 0, "verified": 0, "contradicted": 0, "unverifiable": 0,
        "contradicted_in": [],
    }  # fmt: skip
    assert all(row["claims"] is None for row in summary["tests"].values())
    assert "claims" not in out and "contradicted" not in out


def test_the_table_names_at_most_20_tests_and_says_how_many_more() -> None:
    """A batch where most tests lie: the closing table stays short, the file has them all."""
    ids = [f"t{i:02d}" for i in range(23)]
    claims = {"tests": 23, "total": 23, "verified": 0, "contradicted": 23, "unverifiable": 0,
              "contradicted_in": ids}  # fmt: skip
    summary = {"totals": dict.fromkeys(("pass", "fail", "pending", "skipped", "not_graded"), 0),
               "no_response": [], "failures_by_type": {}, "errors": [], "skips": [],
               "claims": claims, "stale_results": []}  # fmt: skip
    last = summary_table(summary).splitlines()[-1]
    assert last == (
        "  contradicted claims in: " + ", ".join(ids[:20]) + ", … and 3 more in grade_summary.json"
    )
