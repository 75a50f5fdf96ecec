"""Concurrency and interruption (SPEC §6, §7): only complete, valid files, ever.

- Several processes grading the same bench dir at once (the same test, different tests,
  batch mode with --jobs) leave only complete files: every JSON file parses, every report
  matches the schema, and no `.agentv-grade-*.tmp` file is left.
- A run stopped by SIGTERM mid-write removes its temporary file and leaves no partial file
  (the command line turns SIGTERM into SystemExit, docs/SPEC.md §7).
- SIGKILL cannot be caught: it may leave one temporary file behind, never a partial final
  file (each final name only ever appears through an atomic rename).

Mid-write is made certain, not hoped for: the child runs the real command line with
`os.replace` wrapped to announce itself (a flag file) and then wait, so the signal lands
while a complete temporary file exists and the final name is not yet written.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterable
from pathlib import Path

import pytest

from tests.helpers import validate_report, write_suite

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and process groups")

ASSERTIONS = 40  # one merge file each: many writes per run, so runs overlap while writing
SUITE = "tests:\n" + "".join(
    f"  - id: t{n}\n    assertions:\n"
    + "".join(f"      - {{type: contains, value: Paris, name: a{i}}}\n" for i in range(ASSERTIONS))
    + "      - {type: contains, value: Berlin, name: miss}\n"
    for n in range(4)
)
ANSWERS = {f"t{n}": "Paris is the capital of France." for n in range(4)}
GRADE = [sys.executable, "-m", "agentv_grader"]


def _check_bench(bench: Path) -> int:
    """Every file under the bench dir is complete; returns how many reports there are."""
    reports = 0
    for path in sorted(bench.rglob("*")):
        assert not path.name.startswith(".agentv-grade-"), f"stray temporary file {path}"
        if path.is_dir():
            continue
        if path.suffix == ".json":
            data = json.loads(path.read_text("utf-8"))
            if path.name == "grader_report.json":
                validate_report(data)
                reports += 1
        elif path.name == "eval_critique.md":
            assert path.read_text("utf-8").endswith("\n"), path
    return reports


def _run_all(commands: Iterable[list[str]]) -> list[int]:
    processes = [
        subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for c in commands
    ]
    codes = []
    for process in processes:
        _, err = process.communicate(timeout=120)
        assert b"Traceback" not in err, err.decode()
        codes.append(process.returncode)
    return codes


def _single(eval_path: Path, bench: Path, test_id: str) -> list[str]:
    return [*GRADE, "--eval-path", str(eval_path), "--test-id", test_id, "--bench-dir", str(bench)]


def test_many_processes_grading_the_same_test(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    for _ in range(2):
        codes = _run_all(_single(eval_path, bench, "t0") for _ in range(6))
        assert codes == [0] * 6
        assert _check_bench(bench) == 1
    report = json.loads((bench / "t0" / "grader_report.json").read_text("utf-8"))
    assert len(report["files"]) == ASSERTIONS + 1
    assert {str(p.relative_to(bench / "t0")) for p in (bench / "t0").rglob("*.json")} == {
        "grader_report.json",
        "eval_critique.json",
        *report["files"],
    }


def test_many_processes_grading_different_tests_of_one_bench_dir(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    commands = [_single(eval_path, bench, f"t{n % 4}") for n in range(8)]
    assert _run_all(commands) == [0] * 8
    assert _check_bench(bench) == 4


def test_batch_runs_with_jobs_racing_each_other_and_single_runs(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    batch = [*GRADE, "--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2"]
    commands = [batch, batch, batch, _single(eval_path, bench, "t1"), batch]
    assert _run_all(commands) == [0] * 5
    assert _check_bench(bench) == 4
    summary = json.loads((bench / "grade_summary.json").read_text("utf-8"))
    assert summary["totals"]["pass"] == 4


# --- interruption ----------------------------------------------------------------------------

# The real command line, with `os.replace` and `os.rename` made to announce the write and
# wait for a signal (or for the test to release it: `<flag>.go`) when about to publish
# `target` (a file name, or a result folder written whole). Everything else is untouched.
HOOKED = textwrap.dedent(
    """
    import os, sys, time
    target, flag, wait = sys.argv[1], sys.argv[2], float(sys.argv[3])
    real_replace = os.replace

    def hooked(real):
        def announce_then_wait(src, dst, *args, **kwargs):
            if os.path.basename(dst) == target:
                try:  # only the first process (or batch worker) to get here waits
                    os.close(os.open(flag + ".lock", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                except FileExistsError:
                    return real(src, dst, *args, **kwargs)
                with open(flag + ".tmp", "w") as handle:
                    handle.write(src)
                real_replace(flag + ".tmp", flag)
                end = time.monotonic() + wait  # until the test releases it, or a signal
                while not os.path.exists(flag + ".go") and time.monotonic() < end:
                    time.sleep(0.005)
            return real(src, dst, *args, **kwargs)

        return announce_then_wait

    os.replace, os.rename = hooked(os.replace), hooked(os.rename)
    sys.argv = ["agentv-grade", *sys.argv[4:]]
    if os.environ.get("HOOKED_POOL"):  # batch workers in a process pool, not a team
        from agentv_grader import team
        team.available = lambda: False
    from agentv_grader.cli import main
    main()
    """
)


def _start_hooked(
    tmp_path: Path, target: str, argv: list[str], wait: float = 600, pool: bool = False
) -> tuple[subprocess.Popen[bytes], Path]:
    """Start the hooked command line; return once it waits inside `os.replace` for `target`,
    with the path of its complete temporary file. `pool`: batch workers in a process pool.
    It waits there `wait` seconds at most, until `_release`."""
    script = tmp_path / "hooked.py"
    script.write_text(HOOKED, encoding="utf-8")
    flag = tmp_path / "writing.flag"
    env = {**os.environ, "HOOKED_POOL": "1"} if pool else None
    process = subprocess.Popen(
        [sys.executable, str(script), target, str(flag), str(wait), *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=env,
    )
    deadline = time.monotonic() + 300  # a loaded machine is slow; a hang still ends
    while not flag.exists():
        assert process.poll() is None, process.communicate()[1].decode()
        assert time.monotonic() < deadline, "the run never reached the write"
        time.sleep(0.01)
    return process, Path(flag.read_text("utf-8"))


def _release(tmp_path: Path) -> None:
    """Let the run waiting in `os.replace` go on."""
    (tmp_path / "writing.flag.go").touch()


_SIGTERM_BIT = 1 << (signal.SIGTERM - 1)


def _ignores_sigterm(pid: int) -> bool:
    """Whether the process ignores SIGTERM now (`SigIgn` in /proc/<pid>/status): the
    command line's handler ignores further ones as its first act (`sigterm.py`)."""
    status = Path(f"/proc/{pid}/status").read_text("ascii")
    ignored = next(line for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(ignored.split()[1], 16) & _SIGTERM_BIT)


def _wait_until_handled(process: subprocess.Popen[bytes], within: float = 300) -> None:
    """Return once the process has taken its SIGTERM (or ended): no fixed sleep."""
    deadline = time.monotonic() + within
    while process.poll() is None:
        try:
            if _ignores_sigterm(process.pid):
                return
        except (OSError, StopIteration):  # ended meanwhile
            return
        assert time.monotonic() < deadline, "the SIGTERM was never handled"
        time.sleep(0.005)


def _finish_group(process: subprocess.Popen[bytes], within: float) -> bytes:
    """stderr once the process ends; if it hangs, its process group is listed (to tell who
    waits for what), killed, and the test fails."""
    try:
        return process.communicate(timeout=within)[1]
    except subprocess.TimeoutExpired:
        listing = subprocess.run(
            ["ps", "-o", "pid,ppid,stat,wchan,cmd", "-g", str(process.pid)],
            capture_output=True, text=True, check=False,
        ).stdout  # fmt: skip
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError(f"the run did not end after {within} s:\n{listing}") from None


def _temp_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob(".agentv-grade-*.tmp"))


@pytest.mark.parametrize("target", ["grader_report.json", "code_grader_results", "a7.json"])
def test_sigterm_mid_write_removes_the_temporary_file(tmp_path: Path, target: str) -> None:
    """A first grading writes its result folder whole (a temporary folder renamed into
    place); with the folder already there, each merge file is renamed into it."""
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    if target == "a7.json":
        (bench / "t0" / "code_grader_results").mkdir()
    process, temp = _start_hooked(
        tmp_path,
        target,
        ["--eval-path", str(eval_path), "--test-id", "t0", "--bench-dir", str(bench)],
    )
    assert temp.exists() and temp.name.startswith(".agentv-grade-")  # complete, not yet renamed
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 128 + signal.SIGTERM, err.decode()
    assert b"Traceback" not in err, err.decode()
    assert _temp_files(bench) == []
    assert not (bench / "t0" / "grader_report.json").exists()  # the report is written last
    _check_bench(bench)


def test_sigterm_mid_write_keeps_the_previous_complete_report(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    argv = ["--eval-path", str(eval_path), "--test-id", "t0", "--bench-dir", str(bench)]
    assert _run_all([[*GRADE, *argv]]) == [0]
    before = (bench / "t0" / "grader_report.json").read_bytes()
    process, _ = _start_hooked(tmp_path, "grader_report.json", argv)
    process.send_signal(signal.SIGTERM)
    process.communicate(timeout=120)
    assert process.returncode == 128 + signal.SIGTERM
    assert _temp_files(bench) == []
    assert (bench / "t0" / "grader_report.json").read_bytes() == before
    assert _check_bench(bench) == 1


def test_sigterm_to_a_batch_with_worker_processes(tmp_path: Path) -> None:
    answers = {f"t{n}": "Paris" for n in range(4)}
    eval_path, bench = write_suite(tmp_path, SUITE, answers)
    argv = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2"]
    process, _ = _start_hooked(tmp_path, "code_grader_results", argv)
    os.killpg(process.pid, signal.SIGTERM)  # the whole group, as a terminal or CI would
    err = _finish_group(process, within=300)
    assert process.returncode == 128 + signal.SIGTERM, err.decode()
    assert _temp_files(bench) == []
    _check_bench(bench)


@pytest.mark.parametrize("pool", [False, True])
def test_sigterm_to_the_batch_parent_only(tmp_path: Path, pool: bool) -> None:
    """`kill <pid>` of the parent (docs/SPEC.md §7, Interruption): a pool's workers finish
    the tests they hold; a team's are stopped with the parent, each removing its temporary
    file. Either way every file left is complete, and no summary is written."""
    eval_path, bench = write_suite(tmp_path, SUITE, {f"t{n}": "Paris" for n in range(4)})
    argv = ["--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "2"]
    process, temp = _start_hooked(tmp_path, "code_grader_results", argv, pool=pool)
    assert not _ignores_sigterm(process.pid)
    process.send_signal(signal.SIGTERM)
    if pool:
        # The parent has taken the signal; only then does the worker finish its write (a
        # worker let go earlier could finish the whole batch first, summary and all).
        _wait_until_handled(process)
        _release(tmp_path)
    # A team's worker is never let go: it waits in the write (600 s) unless stopped, so
    # the run ending at all shows it was stopped, however slow the machine.
    err = _finish_group(process, within=300)
    assert process.returncode == 128 + signal.SIGTERM, err.decode()
    assert not temp.exists() and _temp_files(bench) == []
    reports = _check_bench(bench)
    published = (temp.parent / "code_grader_results").exists()
    if pool:
        assert reports >= 1 and published  # the tests held were finished
    else:
        assert not published  # the worker waiting in the write was stopped before it
    assert not (bench / "grade_summary.json").exists()  # the batch did not get that far


def test_sigkill_mid_write_leaves_at_most_the_temporary_file(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, ANSWERS)
    argv = ["--eval-path", str(eval_path), "--test-id", "t0", "--bench-dir", str(bench)]
    process, temp = _start_hooked(tmp_path, "grader_report.json", argv)
    process.kill()
    process.communicate(timeout=120)
    assert process.returncode == -signal.SIGKILL
    # SIGKILL cannot be caught: the complete temporary file stays, the final name is absent.
    assert _temp_files(bench) == [temp]
    json.loads(temp.read_text("utf-8"))
    assert not (bench / "t0" / "grader_report.json").exists()
    for path in (bench / "t0").rglob("*.json"):
        if path != temp:
            json.loads(path.read_text("utf-8"))
    # The next run grades normally and removes nothing it did not write.
    assert _run_all([[*GRADE, *argv]]) == [0]
    assert _temp_files(bench) == [temp]
    assert _check_bench_ignoring(bench, temp) == 1


def _check_bench_ignoring(bench: Path, temp: Path) -> int:
    temp.unlink()
    return _check_bench(bench)


@pytest.mark.parametrize("delay", [0.05, 0.2, 0.4, 0.8])
def test_signals_at_arbitrary_moments_leave_only_complete_files(
    tmp_path: Path, delay: float
) -> None:
    """No hook: a 30 MB response and many assertions, stopped at some moment of the run."""
    big = ("lorem ipsum dolor sit amet " * 40 + "\n") * 28_000 + "Paris\n"
    eval_path, bench = write_suite(tmp_path, SUITE, {"t0": big})
    argv = [*_single(eval_path, bench, "t0"), "--no-critique"]
    for sig in (signal.SIGTERM, signal.SIGKILL):
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(delay)
        process.send_signal(sig)
        _, err = process.communicate(timeout=300)
        assert b"Traceback" not in err, err.decode()
        # -SIGTERM: stopped before the command line set its handler, before any write
        assert process.returncode in (0, 128 + signal.SIGTERM, -signal.SIGTERM, -signal.SIGKILL)
        if sig == signal.SIGTERM:
            assert _temp_files(bench) == []
        # Only SIGKILL may leave a temporary file or folder; it is never a final name.
        for temp in _temp_files(bench):
            if temp.is_dir():
                shutil.rmtree(temp)
            else:
                temp.unlink()
        _check_bench(bench)
