"""Batch mode (SPEC §2): every test with a response, isolation, summary, JUnit, --jobs."""

from __future__ import annotations

import io
import json
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import (
    child_processes,
    cli,
    files_under,
    proc_stat,
    validate_report,
    write_suite,
)

SUITE = """\
name: demo
tests:
  - id: a
    assertions: [{type: contains, value: Paris}]
  - id: b
    assertions: [{type: contains, value: Berlin}]
  - id: c
    assertions: [{type: contains, value: Paris}]
  - id: d
    assertions: [{type: contains, value: 42}, {type: webhook, value: "http://x"}]
"""


def _suite(tmp_path: Path, answers: dict[str, str] | None = None) -> tuple[Path, Path]:
    answers = answers if answers is not None else {"a": "Paris", "b": "Paris", "d": "Paris"}
    return write_suite(tmp_path, SUITE, answers, name="demo")


def test_grades_every_test_with_a_response(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    code, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    assert code == 1
    lines = out.splitlines()
    assert [line.split()[:2] for line in lines[:3]] == [["PASS", "a"], ["FAIL", "b"], ["FAIL", "d"]]
    assert "no_response=1" in lines[3]
    summary = json.loads((bench / "grade_summary.json").read_text())
    assert summary["no_response"] == ["c"]
    assert summary["totals"] == {
        "tests": 3,
        "pass": 1,
        "fail": 2,
        "pending": 0,
        "skipped": 0,
        "not_graded": 0,
    }
    assert summary["tests"]["a"]["verdict"] == "pass" and summary["tests"]["a"]["score"] == 1.0
    assert summary["failures_by_type"] == {"contains": 1}
    assert [e["test_id"] for e in summary["errors"]] == ["d"]
    assert [s["name"] for s in summary["skips"]] == ["webhook"]
    for test_id in ("a", "b", "d"):
        validate_report(json.loads((bench / test_id / "grader_report.json").read_text()))
    assert not (bench / "c").exists()


def test_json_format_prints_one_report_per_line(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    _, out, err = cli(
        "--eval-path", str(eval_path), "--bench-dir", str(bench), "--format", "json", "--jobs", "1"
    )
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["test_id"] for r in rows] == ["a", "b", "d"]
    for row in rows:
        validate_report(row)
    assert "graded 3 test(s)" in err


def test_one_broken_test_does_not_stop_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    eval_path, bench = _suite(tmp_path)
    (bench / "b" / "response.md").write_text("Paris " * 100)
    monkeypatch.setenv("AGENTV_GRADE_MAX_RESPONSE_BYTES", "100")
    code, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    assert code == 1  # the batch ran; the unusable test is reported, like an error
    lines = out.splitlines()
    assert lines[0].startswith("PASS a") and lines[2].startswith("FAIL d")
    assert lines[1].startswith("ERROR b: ") and "over the limit of 100 bytes" in lines[1]
    summary = json.loads((bench / "grade_summary.json").read_text())
    assert summary["tests"]["b"]["verdict"] is None
    assert "over the limit" in summary["tests"]["b"]["problem"]
    assert summary["totals"]["not_graded"] == 1
    assert not (bench / "b" / "grader_report.json").exists()


def test_a_directory_instead_of_response_md_counts_as_no_response(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    (bench / "b" / "response.md").unlink()
    (bench / "b" / "response.md").mkdir()
    cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    summary = json.loads((bench / "grade_summary.json").read_text())
    assert summary["no_response"] == ["b", "c"]


def test_no_response_at_all_is_exit_2(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path, answers={})
    bench.mkdir(parents=True)
    code, _, err = cli("--eval-path", str(eval_path), "--bench-dir", str(bench))
    assert code == 2 and "no test has a response" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_response_is_a_file_or_a_link_to_one(tmp_path: Path, jobs: str) -> None:
    """Whether a test has a response is told from its folder's listing where the test is
    graded (`os.path.isfile`'s answer: a link is followed), in a worker or not."""
    answers = {"a": "Paris", "b": "Paris", "c": "Paris", "d": "Paris"}
    eval_path, bench = _suite(tmp_path, answers)
    elsewhere = tmp_path / "answers"
    elsewhere.mkdir()
    (elsewhere / "a.md").write_text("Paris")
    (bench / "a" / "response.md").unlink()
    (bench / "a" / "response.md").symlink_to(elsewhere / "a.md")  # a link to a file: graded
    (bench / "b" / "response.md").unlink()
    (bench / "b" / "response.md").symlink_to(elsewhere)  # a link to a folder: none
    (bench / "c" / "response.md").unlink()
    (bench / "c" / "response.md").symlink_to(tmp_path / "gone.md")  # a dangling link: none
    code, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", jobs)
    assert code == 1
    assert [line.split()[:2] for line in out.splitlines()[:2]] == [["PASS", "a"], ["FAIL", "d"]]
    summary = json.loads((bench / "grade_summary.json").read_text())
    assert summary["no_response"] == ["b", "c"] and summary["totals"]["tests"] == 2
    assert not (bench / "b" / "grader_report.json").exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_no_response_at_all_writes_nothing(tmp_path: Path, jobs: str) -> None:
    """The workers find every folder without a response: exit 2, and no file written."""
    eval_path, bench = _suite(tmp_path, answers={})
    for test_id in "abcd":
        (bench / test_id).mkdir(parents=True)
        (bench / test_id / "input.json").write_text("{}")
    before = files_under(bench)
    code, out, err = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", jobs)
    assert code == 2 and "no test has a response" in err and out == ""
    assert files_under(bench) == before


def test_per_test_options_need_a_test_id(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    code, _, err = cli(
        "--eval-path", str(eval_path), "--bench-dir", str(bench), "--timing-file", "t.json"
    )
    assert code == 2 and "--timing-file need --test-id" in err
    assert files_under(bench) == {"a/response.md", "b/response.md", "d/response.md"}


def test_duplicate_ids_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    text = SUITE + "  - id: a\n    assertions: [{type: contains, value: x}]\n"
    eval_path, bench = write_suite(tmp_path, text, {"a": "Paris", "b": "x"}, name="demo")
    code, _, err = cli("--eval-path", str(eval_path), "--bench-dir", str(bench))
    assert code == 2 and "duplicate test id(s): 'a'" in err
    assert files_under(bench) == {"a/response.md", "b/response.md"}


def test_batch_needs_a_bench_dir(tmp_path: Path) -> None:
    eval_path, _ = _suite(tmp_path)
    code, _, err = cli("--eval-path", str(eval_path))
    assert code == 2 and "batch mode needs --bench-dir" in err


@pytest.mark.parametrize("jobs", ["2"])
def test_parallel_jobs_give_the_same_verdicts(tmp_path: Path, jobs: str) -> None:
    text = "name: many\ntests:\n" + "".join(
        f"  - id: t{i}\n    assertions: [{{type: contains, value: '{i % 3}'}}]\n" for i in range(12)
    )
    eval_path, bench = write_suite(
        tmp_path, text, {f"t{i}": str(i) for i in range(12)}, name="many"
    )
    code_1, out_1, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    code_n, out_n, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", jobs)
    assert code_1 == code_n == 1
    assert out_1.splitlines()[:-1] == out_n.splitlines()[:-1]


def test_jobs_must_be_positive(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    code, _, err = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "0")
    assert code == 2 and "--jobs must be at least 1" in err


def test_a_bad_threshold_spoils_only_its_own_test(tmp_path: Path) -> None:
    text = SUITE.replace("  - id: b\n", "  - id: b\n    execution: {threshold: 7}\n")
    eval_path, bench = write_suite(tmp_path, text, {"a": "Paris", "b": "Paris"}, name="demo")
    code, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    assert code == 1
    assert out.splitlines()[0].startswith("PASS a")
    assert (
        out.splitlines()[1].startswith("ERROR b: ") and "threshold must be a number in 0..1" in out
    )


class _Terminal(io.StringIO):
    """A stream that says it is a terminal, as stderr is in an interactive shell."""

    def isatty(self) -> bool:
        return True


def _run(argv: list[str], out: io.StringIO, err: io.StringIO) -> int:
    from agentv_grader.cli import run

    return run(argv, out, err)


def test_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    argv = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1"]
    out, err = io.StringIO(), io.StringIO()
    _run(argv, out, err)
    assert err.getvalue() == "" and "\r" not in out.getvalue()  # a log file gets no bar
    out, err = io.StringIO(), _Terminal()
    _run(argv, out, err)
    bar = err.getvalue()
    assert "grading [" in bar and "3/3" in bar
    assert bar.endswith("\r\x1b[K")  # cleared before the summary
    assert "\r" not in out.getvalue()  # stdout (a file here) holds only the result lines


def test_progress_bar_stays_below_the_lines_on_a_shared_terminal(tmp_path: Path) -> None:
    eval_path, bench = _suite(tmp_path)
    screen = _Terminal()  # stdout and stderr are the same terminal
    _run(["--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1"], screen, screen)
    shown = screen.getvalue()
    for line in ("PASS a", "FAIL b", "FAIL d"):  # each result line starts on a cleared line
        assert f"\r\x1b[K{line}" in shown
    assert shown.index("3/3") < shown.index("graded 3 test(s)")


def test_progress_bar_with_worker_processes_counts_every_test_in_order(tmp_path: Path) -> None:
    """With --jobs 2 (a team on Linux, whose results arrive piece by piece) the lines
    come in suite order, each on a cleared line, and the bar counts up to every test."""
    count = 12
    eval_path, bench = write_suite(tmp_path, _many(count), {f"t{n}": "Paris" for n in range(count)})
    screen = _Terminal()
    argv = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2"]
    assert _run(argv, screen, screen) == 0
    shown = screen.getvalue()
    places = [shown.index(f"\r\x1b[KPASS t{n} ") for n in range(count)]
    assert places == sorted(places)
    assert f"{count}/{count}" in shown
    assert shown.index(f"{count}/{count}") < shown.index(f"graded {count} test(s)")


def test_parallel_batch_resolves_the_layout_once_and_writes_every_file(tmp_path: Path) -> None:
    text = "name: many\ntests:\n" + "".join(
        f"  - id: t{i}\n    assertions: [{{type: contains, value: '{i}'}}]\n" for i in range(8)
    )
    eval_path, bench = write_suite(tmp_path, text, {f"t{i}": str(i) for i in range(8)}, "many")
    (bench / "t5" / "script_graders").mkdir()  # AgentV main's export: head layout for all
    code, _, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2")
    assert code == 0
    for i in range(8):
        assert (bench / f"t{i}" / "script_grader_results" / f"contains-{i}.json").is_file()
        assert not (bench / f"t{i}" / "code_grader_results").exists()


def test_digest_keeps_what_the_summary_and_junit_read() -> None:
    from agentv_grader.batch import digest

    passed = {"name": "p", "type": "contains", "status": "passed", "text": "t", "evidence": "e"}
    failed = {**passed, "name": "f", "status": "failed", "index": 1, "details": {"x": 1}}
    data = {
        "verdict": "fail",
        "score": 0.5,
        "summary": {"passed": 1, "failed": 1},
        "assertions": [passed, failed],
        "warnings": ["not needed"],
        "agentv": {"score": 0.5, "pass_rate": 0.5, "graders": 2},
        "claims": {"path": "claims.json", "total": 3, "verified": 1, "contradicted": 1,
                   "unverifiable": 1, "checkable": 2,
                   "contradicted_claims": [{"text": "not needed"}]},
        "stale_results": [{"item": "tone", "assertion": "tone", "basis": "record",
                           "path": "llm_grader_results/tone.json", "reason": "not needed",
                           "evidence": "not needed"}],
    }  # fmt: skip
    assert digest(data) == {
        "row": {
            "verdict": "fail",
            "score": 0.5,
            "passed": 1,
            "failed": 1,
            "agentv": {"score": 0.5, "pass_rate": 0.5, "graders": 2},
            "claims": {"total": 3, "verified": 1, "contradicted": 1, "unverifiable": 1},
        },
        "stale_results": [
            {"item": "tone", "path": "llm_grader_results/tone.json", "basis": "record"}
        ],
        "assertions": [
            {"name": "f", "type": "contains", "status": "failed", "text": "t", "evidence": "e"}
        ],
    }
    assert digest({**data, "claims": None})["row"]["claims"] is None  # no transcript
    assert list(digest(data)["row"]) == ["verdict", "score", "passed", "failed", "agentv", "claims"]


def test_worker_processes_print_the_reports_they_wrote(tmp_path: Path) -> None:
    """With --jobs 2 the lines are made in the workers: each is the report on disk, and
    the summary and JUnit file count the same as a one-process run."""
    text = "name: many\ntests:\n" + "".join(
        f"  - id: t{i}\n    assertions: [{{type: contains, value: '{i % 3}'}}, "
        f"{{type: webhook, value: 'http://x'}}]\n"
        for i in range(12)
    )
    eval_path, bench = write_suite(
        tmp_path, text, {f"t{i}": str(i) for i in range(12)}, name="many"
    )
    runs = {}
    for jobs in ("1", "2"):
        junit = tmp_path / f"junit-{jobs}.xml"
        args = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", jobs]
        code, out, _ = cli(*args, "--format", "json", "--junit", str(junit))
        rows = [json.loads(line) for line in out.splitlines()]
        for row in rows:
            on_disk = json.loads((bench / row["test_id"] / "grader_report.json").read_text())
            assert row == on_disk
        summary = json.loads((bench / "grade_summary.json").read_text())
        runs[jobs] = (code, [r["verdict"] for r in rows], summary, junit.read_text())
    assert runs["1"] == runs["2"]
    code, verdicts, summary, junit_text = runs["2"]
    assert code == 1 and verdicts.count("fail") == 8
    assert summary["failures_by_type"] == {"contains": 8}
    assert len(summary["skips"]) == 12
    assert ET.fromstring(junit_text).get("failures") == "8"


def test_spawned_workers_grade_as_forked_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where workers are spawned (macOS, Windows: a process pool, no team), each loads the
    suite itself and only plain values reach it: the line printer is sent by reference,
    never a test (whose assertions are built on first use, by a function that cannot be
    pickled)."""
    import multiprocessing

    from agentv_grader import team

    text = "name: many\ntests:\n" + "".join(
        f"  - id: t{i}\n    assertions: [{{type: contains, value: '{i % 3}'}}]\n" for i in range(6)
    )
    eval_path, bench = write_suite(tmp_path, text, {f"t{i}": str(i) for i in range(6)}, name="many")
    args = ["--eval-path", str(eval_path), "--bench-dir", str(bench)]
    forked = cli(*args, "--jobs", "2")
    monkeypatch.setattr(team, "available", lambda: False)
    pooled = cli(*args, "--jobs", "2")  # a pool of forked workers
    real = multiprocessing.get_context
    asked: list[str | None] = []

    def spawning(method: str | None = None) -> Any:
        asked.append(method)
        return real("spawn")

    monkeypatch.setattr(multiprocessing, "get_context", spawning)
    spawned = cli(*args, "--jobs", "2")
    assert asked  # the pool was made with the spawn context
    assert spawned[0] == pooled[0] == forked[0] == 1
    assert spawned[1].splitlines()[:6] == pooled[1].splitlines()[:6] == forked[1].splitlines()[:6]
    assert [line.split()[0] for line in spawned[1].splitlines()[:6]] == ["PASS"] * 3 + ["FAIL"] * 3


@pytest.mark.parametrize("count", [1, 2, 3, 5, 17, 100, 2000, 9999])
@pytest.mark.parametrize("jobs", [1, 2, 3, 8])
def test_work_is_handed_out_in_shrinking_pieces(count: int, jobs: int) -> None:
    """Every test exactly once, in pieces of at most 64 that never grow, ending in pieces
    of a few tests (no worker is left alone with a long last piece), and at least one
    piece per worker whenever there are tests enough."""
    from agentv_grader.batch import chunk_sizes

    sizes = chunk_sizes(count, jobs)
    assert sum(sizes) == count and all(s >= 1 for s in sizes)
    assert max(sizes) <= 64
    assert sizes == sorted(sizes, reverse=True)
    assert len(sizes) >= min(count, jobs)
    assert sum(sizes[-jobs:]) <= max(4 * jobs, 1)
    if count >= 2000:
        assert sizes[0] == 64  # few round trips while much is left


def _many(count: int, duplicate: bool = False) -> str:
    rows = "".join(
        f"  - id: t{n}\n    assertions: [{{type: regex, value: '^P'}}]\n" for n in range(count)
    )
    return "tests:\n" + rows + ("  - id: t0\n    assertions: []\n" if duplicate else "")


@pytest.mark.parametrize("pool", [False, True])
@pytest.mark.parametrize("problem", ["duplicate ids", "no responses"])
def test_a_batch_refused_after_its_workers_started_stops_them_cleanly(
    tmp_path: Path, problem: str, pool: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pool's workers start as soon as the suite is loaded (before the test ids and the
    bench dir are checked); a team's when the test folders are looked at: a batch refused
    then is exit 2, writes nothing and leaves no worker process behind."""
    import multiprocessing

    from agentv_grader import team

    if pool:
        monkeypatch.setattr(team, "available", lambda: False)

    answers = {} if problem == "no responses" else {f"t{n}": "Paris" for n in range(8)}
    eval_path, bench = write_suite(tmp_path, _many(8, problem == "duplicate ids"), answers)
    bench.mkdir(parents=True, exist_ok=True)
    before, running = files_under(bench), child_processes()
    code, out, err = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2")
    assert code == 2, err
    assert "Traceback" not in err and out == ""
    assert files_under(bench) == before
    assert multiprocessing.active_children() == []
    assert child_processes() == running


def test_workers_get_ready_on_a_first_test_of_any_shape(tmp_path: Path) -> None:
    """A worker imports the first test's assertion families when it starts; a first test
    without assertions, or with an unknown type or a broken one, is no problem there
    (each is graded as usual later)."""
    import signal
    from unittest import mock

    from agentv_grader import batch
    from agentv_grader.load.evalfile import load_suite

    handler = signal.getsignal(signal.SIGTERM)
    try:
        for n, first in enumerate(["[]", "[{type: no-such-type}, {type: regex, value: '('}]"]):
            path = tmp_path / f"s{n}.yaml"
            path.write_text(f"tests:\n  - id: a\n    assertions: {first}\n", "utf-8")
            suite = load_suite(str(path))
            batch._init_worker(suite, suite.path, True, str(tmp_path), "auto")
            assert batch._worker_suite is suite
        # Even a bug on the way (here: building the first test's assertions raises) only
        # costs the head start: the worker is ready, and that test's grading reports it.
        with mock.patch.object(batch, "_get_ready", side_effect=RuntimeError("bug")):
            batch._init_worker(suite, suite.path, True, str(tmp_path), "auto")
        assert batch._worker_suite is suite
    finally:
        signal.signal(signal.SIGTERM, handler)
        batch._worker_suite = None
        batch._worker_layout = None


def test_a_worker_resolves_the_layout_of_the_bench_dir_it_is_given(tmp_path: Path) -> None:
    """`auto` is resolved once per worker, for its batch's bench dir; asked about another
    bench dir or layout, it resolves that one."""
    from agentv_grader import batch

    head, v4 = tmp_path / "head", tmp_path / "v4"
    (head / "t" / "script_graders").mkdir(parents=True)
    (v4 / "t").mkdir(parents=True)
    try:
        assert batch._layout_here("auto", str(head)) == "head"
        (head / "t" / "script_graders").rmdir()  # the batch itself never does this
        assert batch._layout_here("auto", str(head)) == "head"  # resolved once
        assert batch._layout_here("auto", str(v4)) == "v4"
        assert batch._layout_here("none", str(v4)) == "none"
        assert batch._layout_here("head", str(v4)) == "head"
    finally:
        batch._worker_layout = None


def test_a_result_comes_back_from_a_worker_whole() -> None:
    """A worker sends each result as a plain tuple; every field survives the trip."""
    import pickle

    from agentv_grader import batch

    result = batch.TestResult("t", {"verdict": "fail"}, "why", 3, "FAIL t", True)
    assert len(batch.TestResult.__record_fields__) == len(batch._sent(result))
    assert batch.TestResult(*pickle.loads(pickle.dumps(batch._sent(result)))) == result


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a team forms on Linux")
def test_a_worker_process_that_dies_costs_only_the_tests_it_had(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker killed while it grades (say, by the out-of-memory killer) leaves its tests
    not graded, with why and exit 3; the other tests are graded and summed up as usual."""
    import signal
    import time

    from agentv_grader import batch

    count = 12
    eval_path, bench = write_suite(tmp_path, _many(count), {f"t{n}": "Paris" for n in range(count)})
    parent, real = os.getpid(), batch.grade_one

    def grade_one(*args: Any) -> Any:
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)
        time.sleep(0.01)  # the worker takes a piece meanwhile
        return real(*args)

    monkeypatch.setattr(batch, "grade_one", grade_one)
    running = child_processes()
    code, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2")
    assert child_processes() == running
    lost = [line for line in out.splitlines() if line.startswith("ERROR ")]
    reason = f"internal error: a worker process ended (killed by signal {int(signal.SIGKILL)})"
    assert lost and all(line.endswith(reason) for line in lost)
    assert code == 3
    summary = json.loads((bench / "grade_summary.json").read_text("utf-8"))
    assert summary["totals"]["not_graded"] == len(lost)
    assert summary["totals"]["pass"] == count - len(lost)
    graded = {t for t, row in summary["tests"].items() if row["verdict"] is not None}
    assert all((bench / t / "grader_report.json").is_file() for t in graded)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a team forms on Linux")
@pytest.mark.parametrize(("stop", "status"), [("SIGTERM", 143), ("SIGINT", 2)])
def test_a_signal_stops_a_parallel_batch_and_its_workers(
    tmp_path: Path, stop: str, status: int
) -> None:
    """SIGTERM or Ctrl-C's SIGINT to the command while its workers run programs: it ends
    soon, with its workers and their programs, without a traceback or a temporary file."""
    import signal
    import subprocess
    import time

    marks = tmp_path / "marks"
    marks.mkdir()
    program = (
        "import os, sys, time; "
        f"open(os.path.join({str(marks)!r}, str(os.getpid())), 'w').close(); time.sleep(60)"
    )
    rows = "".join(
        f"  - id: t{n}\n    assertions:\n"
        f"      - {{type: script, command: [{json.dumps(sys.executable)}, -c, "
        f"{json.dumps(program)}]}}\n"
        for n in range(6)
    )
    eval_path, bench = write_suite(
        tmp_path, "tests:\n" + rows, {f"t{n}": "Paris" for n in range(6)}
    )
    argv = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2"]
    command = subprocess.Popen(
        [sys.executable, "-m", "agentv_grader", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        # as from a terminal: a test run started in the background (`pytest &` in a script)
        # ignores SIGINT, and a program keeps an ignored SIGINT ignored, as Python does
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 30
    while len(list(marks.iterdir())) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)  # both processes of the team are running a program
    assert len(list(marks.iterdir())) >= 2
    started = time.monotonic()
    command.send_signal(getattr(signal, stop))
    _, err = command.communicate(timeout=30)
    assert time.monotonic() - started < 10
    assert command.returncode == status, err
    assert b"Traceback" not in err
    assert (b"agentv-grade: aborted" in err) == (stop == "SIGINT")
    for mark in marks.iterdir():  # every program started was stopped
        gone = time.monotonic() + 10
        while _alive(int(mark.name)) and time.monotonic() < gone:
            time.sleep(0.05)
        assert not _alive(int(mark.name))
    assert not list(bench.rglob(".agentv-grade-*"))


def _alive(pid: int) -> bool:
    fields = proc_stat(pid)
    return fields is not None and fields[0] != "Z"


def test_a_batch_hashes_responses_with_openssls_sha256(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Batch mode loads hashlib's SHA-256 for its many responses (SPEC §8), and the
    reports' digests are the responses' own."""
    import hashlib

    from agentv_grader import digest

    monkeypatch.setattr(digest, "_builtin", None)  # restored after the test
    eval_path, bench = _suite(tmp_path)
    cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    assert digest._builtin is hashlib.sha256
    report = json.loads((bench / "a" / "grader_report.json").read_text())
    expected = hashlib.sha256((bench / "a" / "response.md").read_bytes()).hexdigest()
    assert report["response_sha256"] == expected


def _warm_up_calls(tmp_path: Path, suite_text: str, files: dict[str, str]) -> list[str]:
    """The tests `batch._warm_up` grades (without writing) for this suite and bench dir."""
    from unittest import mock

    from agentv_grader import batch
    from agentv_grader.load.evalfile import load_suite
    from agentv_grader.options import GradeOptions

    tmp_path.mkdir()
    eval_path = tmp_path / "s.eval.yaml"
    eval_path.write_text(suite_text, "utf-8")
    bench = tmp_path / "run"
    for relpath, text in files.items():
        (bench / relpath).parent.mkdir(parents=True, exist_ok=True)
        (bench / relpath).write_text(text, "utf-8")
    bench.mkdir(exist_ok=True)
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    graded: list[str] = []
    real = batch.grade_loaded

    def spy(
        suite: Any, test: Any, paths: Any, options: Any, *, write: bool = True, eval_dir: Any
    ) -> Any:
        assert write is False
        graded.append(test.id)
        return real(suite, test, paths, options, write=write, eval_dir=eval_dir)

    options = batch.BatchOptions(GradeOptions(layout="v4", critique=True))
    with mock.patch.object(batch, "grade_loaded", spy):
        batch._warm_up(load_suite(str(eval_path)), str(bench), options)
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before  # nothing written
    return graded


def test_before_a_team_forks_the_first_test_is_graded_once_without_writing(
    tmp_path: Path,
) -> None:
    """`_warm_up` grades the suite's first test (imports, caches: inherited by the team's
    processes, SPEC §8) and writes nothing; a first test that may start a program, has a
    transcript or no response, or an unsafe id, is not graded."""
    suite = "tests:\n  - id: {id}\n    assertions: [{assertion}]\n  - id: b\n    assertions: []\n"
    regex = "{type: regex, value: '^P'}"
    script = "{type: code-grader, command: ['true']}"
    assert _warm_up_calls(tmp_path / "1", suite.format(id="a", assertion=regex), {
        "a/response.md": "Paris"}) == ["a"]  # fmt: skip
    assert _warm_up_calls(tmp_path / "2", suite.format(id="a", assertion=script), {
        "a/response.md": "Paris"}) == []  # fmt: skip
    assert _warm_up_calls(tmp_path / "3", suite.format(id="a", assertion=regex), {
        "a/response.md": "Paris", "a/transcript.json": "[]"}) == []  # fmt: skip
    assert _warm_up_calls(tmp_path / "4", suite.format(id="a", assertion=regex), {
        "b/response.md": "Paris"}) == []  # fmt: skip
    assert _warm_up_calls(tmp_path / "5", suite.format(id="'../x'", assertion=regex), {
        "x/response.md": "Paris"}) == []  # fmt: skip


def test_a_team_batch_warms_up_once_before_forking(tmp_path: Path) -> None:
    """The team is formed after `_warm_up` (once: its processes inherit it), and the
    reports are those of a batch in one process."""
    from unittest import mock

    from agentv_grader import batch, team

    if not team.available():
        pytest.skip("no team on this platform")
    eval_path, bench = _suite(tmp_path)
    order: list[str] = []
    real_warm, real_start = batch._warm_up, team.Team.start

    def warm(*args: Any) -> None:
        order.append("warm")
        real_warm(*args)

    def start(*args: Any, **kwargs: Any) -> Any:
        order.append("fork")
        return real_start(*args, **kwargs)

    with mock.patch.object(batch, "_warm_up", warm), mock.patch.object(team.Team, "start", start):
        code, out, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2")
    assert order == ["warm", "fork"]
    _, alone, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    assert (code, out) == (1, alone)


def test_a_batch_collects_garbage_less_often_while_it_grades(tmp_path: Path) -> None:
    """While a batch grades, the young generation is collected every
    `BATCH_GC_THRESHOLD` allocations (SPEC §8); the caller's threshold comes back after,
    and what the batch made joins the oldest generation uncollected (restoring the
    threshold first would have the next allocation collect it all)."""
    import gc

    from agentv_grader import batch
    from agentv_grader.load.evalfile import load_suite
    from agentv_grader.options import GradeOptions

    eval_path, bench = _suite(tmp_path)
    suite = load_suite(str(eval_path))
    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []
    results = batch.run_batch(
        suite,
        list(suite.tests),
        str(bench),
        batch.BatchOptions(GradeOptions(critique=False)),
        jobs=1,
        on_result=lambda result: seen.append(gc.get_threshold()),
    )
    assert gc.get_count()[0] < before[0]
    assert id(results[-1]) in {id(o) for o in gc.get_objects(generation=2)}
    assert seen and all(t == (batch.BATCH_GC_THRESHOLD, *before[1:]) for t in seen)
    assert gc.get_threshold() == before


def test_the_batch_paths_records_are_not_dataclasses() -> None:
    """Making a dataclass compiles its methods at import (about 4 M instructions each,
    SPEC §8): the classes batch mode imports are `Record`s, which behave the same."""
    import dataclasses

    from agentv_grader import batch, batch_run
    from agentv_grader.assertions import _steps
    from agentv_grader.record import Record
    from agentv_grader.rundata import records

    classes = [
        cls
        for module in (batch, batch_run, _steps, records)
        for cls in vars(module).values()
        if isinstance(cls, type) and cls.__module__ == module.__name__
    ]
    made = [c.__name__ for c in classes if dataclasses.is_dataclass(c)]
    assert made == []
    assert {"TestResult", "BatchOptions", "Workers", "BatchRun", "Timing", "LlmResult"} <= {
        c.__name__ for c in classes if issubclass(c, Record)
    }
