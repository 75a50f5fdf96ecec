"""`grade_batch` (batch_run.py): batch mode as a library call, the twin of `grade_test`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import agentv_grader
from agentv_grader import GradeInputError, grade_batch
from agentv_grader.batch import TestResult
from tests.helpers import write_suite

SUITE = """\
tests:
  - id: a
    assertions: [{type: contains, value: Paris}]
  - id: b
    assertions: [{type: contains, value: Berlin}]
  - id: c
    assertions: [{type: contains, value: Rome}]
"""


class Recorder:
    """A `BatchWatcher` that keeps what it is told."""

    def __init__(self) -> None:
        self.events: list[str] = []

    def started(self, count_responses: Callable[[], int]) -> None:
        self.events.append(f"started {count_responses()}")

    def graded(self, result: TestResult) -> None:
        self.events.append(f"graded {result.test_id} {result.line!r}")

    def finished(self) -> None:
        self.events.append("finished")


def test_it_is_public_and_imported_on_first_use() -> None:
    assert "grade_batch" in agentv_grader.__all__
    assert agentv_grader.grade_batch is grade_batch


@pytest.mark.parametrize("jobs", [1, 2])
def test_it_grades_writes_and_sums_up(tmp_path: Path, jobs: int) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"a": "Paris", "b": "Paris"})
    watcher = Recorder()
    done = grade_batch(
        str(eval_path),
        str(bench),
        jobs=jobs,
        junit=str(tmp_path / "junit.xml"),
        render=lambda test_id, data, problem: f"{test_id}:{data and data['verdict']}",
        watcher=watcher,
    )
    assert [(r.test_id, r.line) for r in done.results] == [("a", "a:pass"), ("b", "b:fail")]
    assert done.no_response == ["c"]
    assert done.exit_code == 1
    assert done.summary["totals"] == {
        "tests": 2, "pass": 1, "fail": 1, "pending": 0, "skipped": 0, "not_graded": 0
    }  # fmt: skip
    assert json.loads(Path(done.summary_path).read_text("utf-8")) == done.summary
    assert (bench / "a" / "grader_report.json").is_file()
    assert (tmp_path / "junit.xml").read_text("utf-8").startswith("<testsuite")
    assert watcher.events == [
        "started 2", "graded a 'a:pass'", "graded b 'b:fail'", "graded c ''", "finished"
    ]  # fmt: skip


def test_without_a_renderer_no_line_is_made(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"a": "Paris"})
    done = grade_batch(str(eval_path), str(bench), jobs=1, critique=False, layout="none")
    assert [r.line for r in done.results] == [""]
    assert not (bench / "a" / "eval_critique.json").exists()


def test_bad_options_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"a": "Paris"})
    with pytest.raises(GradeInputError, match="0..1"):
        grade_batch(str(eval_path), str(bench), threshold=2.0)
    with pytest.raises(GradeInputError, match="unknown AgentV layout"):
        grade_batch(str(eval_path), str(bench), layout="v9")
    assert sorted(p.name for p in bench.rglob("*")) == ["a", "response.md"]
