"""The run summary (agentv_grader.summary, SPEC §2): grade_summary.json's table on stdout
and the JUnit file of a batch."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tests.helpers import cli
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
