"""`grade_batch` (batch_run.py): batch mode as a library call, the twin of `grade_test`."""

from __future__ import annotations

import gc
import hashlib
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import agentv_grader
from agentv_grader import GradeInputError, batch, grade_batch, team
from agentv_grader.batch import TestResult
from agentv_grader.layout import Scout
from agentv_grader.load import evalfile
from agentv_grader.model import Suite, TestCase
from tests.helpers import child_processes, write_suite

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
    assert done.critique is not None and done.critique.path == str(bench / "eval_critique.json")
    assert json.loads((bench / "eval_critique.json").read_text("utf-8"))["counts"] == (
        done.critique.counts
    )
    assert done.critique.counts["tests"] == 2
    assert watcher.events == [
        "started 2", "graded a 'a:pass'", "graded b 'b:fail'", "graded c ''", "finished"
    ]  # fmt: skip


def test_without_a_renderer_no_line_is_made(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"a": "Paris"})
    done = grade_batch(str(eval_path), str(bench), jobs=1, critique=False, layout="none")
    assert [r.line for r in done.results] == [""]
    assert not (bench / "a" / "eval_critique.json").exists()
    assert done.critique is None and not (bench / "eval_critique.json").exists()


def test_bad_options_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"a": "Paris"})
    with pytest.raises(GradeInputError, match="0..1"):
        grade_batch(str(eval_path), str(bench), threshold=2.0)
    with pytest.raises(GradeInputError, match="unknown AgentV layout"):
        grade_batch(str(eval_path), str(bench), layout="v9")
    assert sorted(p.name for p in bench.rglob("*")) == ["a", "response.md"]


FOUR = (
    SUITE
    + """\
  - id: d
    assertions: [{type: contains, value: Oslo}]
"""
)


@pytest.mark.skipif(not team.available(), reason="a team needs Linux and fork")
def test_a_team_is_forked_as_soon_as_the_suite_is_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its process gets ready while this one checks the test ids and the bench dir, and
    grades its share of the batch once they pass."""
    eval_path, bench = write_suite(tmp_path, FOUR, dict.fromkeys("abcd", "Paris"))
    before = child_processes()
    during: list[set[int]] = []
    plan = batch.plan_batch

    def watched_plan(suite: Suite, bench_dir: str) -> list[TestCase]:
        during.append(child_processes() - before)
        return plan(suite, bench_dir)

    monkeypatch.setattr(batch, "plan_batch", watched_plan)
    done = grade_batch(str(eval_path), str(bench), jobs=2, critique=False)
    assert len(during) == 1 and len(during[0]) == 1  # the team's other process, waiting
    assert [(r.test_id, r.digest and r.digest["row"]["verdict"]) for r in done.results] == [
        ("a", "pass"),
        ("b", "fail"),
        ("c", "fail"),
        ("d", "fail"),
    ]
    assert child_processes() == before


@pytest.mark.skipif(not team.available(), reason="a team needs Linux and fork")
@pytest.mark.parametrize("jobs", [1, 2])
def test_the_collector_is_paused_from_the_load_until_the_suite_is_frozen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    """No collection scans the loaded suite before it is frozen (for the fork, or for
    grading in this process alone); the team's processes are forked with the collector
    enabled, the tests are graded with it, and the batch leaves it enabled."""
    eval_path, bench = write_suite(tmp_path, FOUR, dict.fromkeys("abcd", "Paris"))
    seen: list[tuple[str, bool]] = []
    warm_up, start = batch._warm_up, team.Team.start

    def watched_warm_up(*args: object) -> None:
        seen.append(("warm-up", gc.isenabled()))
        warm_up(*args)  # type: ignore[arg-type]

    def watched_start(*args: object) -> team.Team:
        seen.append(("fork", gc.isenabled()))
        return start(*args)  # type: ignore[arg-type]

    def watched_plan(suite: Suite, bench_dir: str) -> list[TestCase]:
        seen.append(("plan", gc.isenabled()))
        return plan(suite, bench_dir)

    plan = batch.plan_batch
    monkeypatch.setattr(batch, "_warm_up", watched_warm_up)
    monkeypatch.setattr(team.Team, "start", watched_start)
    monkeypatch.setattr(batch, "plan_batch", watched_plan)
    graded: list[bool] = []
    watcher = Recorder()
    watcher.graded = lambda result: graded.append(gc.isenabled())  # type: ignore[method-assign]
    assert gc.isenabled()
    done = grade_batch(str(eval_path), str(bench), jobs=jobs, critique=False, watcher=watcher)
    assert len(done.results) == 4
    if jobs == 2:
        assert seen == [("warm-up", False), ("fork", True), ("plan", True)]
    else:
        assert seen == [("plan", False)]
    assert graded == [True] * 4
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, FOUR, dict.fromkeys("abcd", "Paris"))
    gc.disable()
    try:
        grade_batch(str(eval_path), str(bench), jobs=2, critique=False)
        assert not gc.isenabled()
        with pytest.raises(GradeInputError):
            grade_batch(str(eval_path), str(tmp_path / "missing"), jobs=2)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_eval_files_digest_is_the_scouts_or_else_computed_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scout hashes the bytes the parent loads (the parent does not hash them
    again); a scout without an answer leaves it to the load. The digest is the same."""
    eval_path, bench = write_suite(tmp_path, FOUR, dict.fromkeys("abcd", "Paris"))
    expected = hashlib.sha256(eval_path.read_bytes()).hexdigest()
    computed: list[int] = []
    real = evalfile.sha256_hex

    def counted(data: bytes) -> str:
        computed.append(len(data))
        return real(data)

    monkeypatch.setattr(evalfile, "sha256_hex", counted)
    done = grade_batch(str(eval_path), str(bench), jobs=2, critique=False)
    assert done.suite is not None and done.suite.sha256 == expected
    assert computed == ([] if sys.platform.startswith("linux") else [len(eval_path.read_bytes())])
    monkeypatch.setattr(Scout, "digest", lambda self: None)
    done = grade_batch(str(eval_path), str(bench), jobs=2, critique=False)
    assert done.suite is not None and done.suite.sha256 == expected
    assert computed[-1:] == [len(eval_path.read_bytes())]


def test_the_suite_is_loaded_with_the_scouts_json_shape_as_without(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A JSON eval file's containers are placed where the scout found them, and its pairs
    counted by it (the parent does not work them out again); the suite, every position
    in it, is the one `load_suite` makes alone, and a scout without them leaves it to
    the load."""
    from tests.load.test_yaml_fast_paths import snapshot

    tests = [
        {"id": i, "input": "[{:", "assertions": [{"type": "contains", "value": "{" + i}]}
        for i in "abcd"
    ]
    text = json.dumps({"tests": tests}, indent=1)
    eval_path, bench = write_suite(tmp_path, text, dict.fromkeys("abcd", "Paris {a"))
    expected = snapshot(evalfile.load_suite(str(eval_path)))
    given: list[bool] = []
    real = Scout.shape

    def shape(self: Scout) -> Any:
        found = real(self)
        given.append(found is not None)
        return found

    monkeypatch.setattr(Scout, "shape", shape)
    done = grade_batch(str(eval_path), str(bench), jobs=2, critique=False)
    assert done.suite is not None and snapshot(done.suite) == expected
    assert given == [sys.platform.startswith("linux")]
    # what the parser made is kept with the results, not freed before the workers fork:
    # its tree, each object copied to a YamlMap and each array to a YamlList
    assert done.parsed == [{"tests": tests}]
    assert type(done.parsed[0]) is dict and type(done.parsed[0]["tests"][0]) is dict
    monkeypatch.setattr(Scout, "shape", lambda self: None)
    done = grade_batch(str(eval_path), str(bench), jobs=2, critique=False)
    assert done.suite is not None and snapshot(done.suite) == expected
    assert done.parsed == [{"tests": tests}]


def test_an_unreadable_eval_file_is_refused_before_the_scout_is_forked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []
    monkeypatch.setattr(Scout, "start", lambda *args: started.append("scout"))
    with pytest.raises(GradeInputError, match="eval file not found"):
        grade_batch(str(tmp_path / "missing.eval.yaml"), str(tmp_path), jobs=2)
    assert started == []


def test_the_collector_is_enabled_again_when_the_load_fails(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, "tests: [a", {"a": "Paris"})
    with pytest.raises(GradeInputError):
        grade_batch(str(eval_path), str(bench), jobs=2)
    assert gc.isenabled()


@pytest.mark.skipif(not team.available(), reason="a team needs Linux and fork")
def test_a_batch_refused_by_the_checks_stops_its_team_before_anything_is_written(
    tmp_path: Path,
) -> None:
    eval_path, bench = write_suite(
        tmp_path, FOUR.replace("id: d", "id: a"), dict.fromkeys("abc", "Paris")
    )
    before = child_processes()
    with pytest.raises(GradeInputError, match="duplicate test id"):
        grade_batch(str(eval_path), str(bench), jobs=2)
    assert child_processes() == before
    assert sorted(p.name for p in bench.rglob("*")) == sorted(["a", "b", "c"] + ["response.md"] * 3)


def test_the_run_returns_the_suite_it_graded(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"a": "Paris"})
    done = grade_batch(str(eval_path), str(bench), jobs=1, critique=False)
    assert done.suite is not None and done.suite.test_ids() == ["a", "b", "c"]
    assert done.suite.path == str(eval_path)


def test_the_command_line_keeps_only_its_last_batch_until_it_leaves(tmp_path: Path) -> None:
    """Freeing a big suite object by object delayed the exit; `_leave` ends the process
    without it. One batch is kept at a time, so a caller of `run` in a loop keeps no more."""
    from agentv_grader import cli

    kept = []
    for name in ("one", "two"):
        eval_path, bench = write_suite(tmp_path, SUITE, {"a": "Paris"}, name=name)
        argv = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--no-critique"]
        assert cli.run(argv, io.StringIO(), io.StringIO()) == 0
        assert cli._last_batch is not None and cli._last_batch.suite is not None
        kept.append(cli._last_batch)
        assert kept[-1].suite.path == str(eval_path)
    assert cli._last_batch is kept[1] is not kept[0]


@pytest.mark.parametrize(("jobs", "pool"), [(1, False), (2, False), (2, True)])
def test_workers_send_each_tests_critique_as_the_suite_file_holds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int, pool: bool
) -> None:
    """A worker process (a team's or a pool's) writes each test's share of
    eval_critique.json where it grades the test, and its parent only joins them; one
    process grading alone keeps the data and writes the whole document at the end (one
    orjson call: less work there). The files are the same bytes either way (as
    tests/test_suite_critique.py checks)."""
    if pool:
        monkeypatch.setattr(team, "available", lambda: False)
    rows = "".join(
        f"  - id: t{n}\n    assertions: [{{type: contains, value: Paris}}]\n" for n in range(4)
    )
    eval_path, bench = write_suite(
        tmp_path, "tests:\n" + rows, {f"t{n}": "Paris" for n in range(4)}
    )
    done = grade_batch(str(eval_path), str(bench), jobs=jobs, layout="none")
    assert len(done.results) == 4
    assert {type(r.critique) for r in done.results} == ({dict} if jobs == 1 else {bytes})
