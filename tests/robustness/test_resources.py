"""Resource bounds (SPEC §7, §8): deadlines, size limits, bounded memory, and their docs.

The catalogue (test_bad_inputs.py) checks each limit's message; here: that a stopped run
takes its grader program down with it, that a huge response is graded in bounded memory,
and that every limit and environment variable is documented in SPEC and README.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import validate_report, write_suite

ROOT = Path(__file__).resolve().parents[2]
GRADE = [sys.executable, "-m", "agentv_grader"]
MIB = 1024 * 1024


def test_sigterm_during_a_script_grader_stops_its_process_group(tmp_path: Path) -> None:
    pid_file = tmp_path / "grader.pid"
    grader = tmp_path / "grader.py"
    grader.write_text(
        "import os, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(pid_file)!r}, 'w').write(f'{{os.getpid()}} {{child.pid}}')\n"
        "time.sleep(60)\n",
        encoding="utf-8",
    )
    command = f"[{sys.executable}, {grader}]"
    suite = f"tests:\n  - id: t\n    assertions: [{{type: script, command: {command}}}]\n"
    eval_path, bench = write_suite(tmp_path, suite, {"t": "x"})
    process = subprocess.Popen(
        [*GRADE, "--eval-path", str(eval_path), "--test-id", "t", "--bench-dir", str(bench)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while not pid_file.exists() or " " not in pid_file.read_text("utf-8"):
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    pids = [int(p) for p in pid_file.read_text("utf-8").split()]
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=50)
    assert process.returncode == 128 + signal.SIGTERM, err.decode()
    # well before the grader's own 60 s sleep ends (a generous bound: a loaded machine
    # has taken over 10 s to start and stop the processes involved)
    assert time.monotonic() - started < 40
    for pid in pids:  # the grader and its child are gone (or reaped zombies of init)
        assert not _alive(pid), pid
    assert not list(bench.rglob(".agentv-grade-*.tmp"))
    assert not (bench / "t" / "grader_report.json").exists()


def _alive(pid: int) -> bool:
    deadline = time.monotonic() + 20  # reaping can lag on a loaded machine
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split()[2]
        except (FileNotFoundError, ProcessLookupError):
            return False
        if state == "Z":
            return False
        time.sleep(0.05)
    return True


MEASURE = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE)\n"
    "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
    "sys.stderr.write(f'{done.returncode} {peak}\\n')\n"
    "sys.stdout.buffer.write(done.stdout)\n"
)
LARGE_SUITE = """\
tests:
  - id: t
    assertions:
      - {type: contains, value: Paris}
      - {type: contains, value: Berlin}
      - {type: icontains, value: PARIS}
      - {type: regex, value: "capital is P[a-z]+"}
      - {type: regex, value: "zebra[0-9]+"}
      - {type: starts-with, value: The}
      - {type: ends-with, value: "Paris."}
      - {type: contains-all, value: [fox, dog, sheep, Paris, capital]}
      - {type: is-json}
      - {type: equals, value: nope}
"""
LINE = b"The quick brown fox jumps over the lazy dog while counting 0123456789 sheep.\n"


def _peak_rss(tmp_path: Path, size: int, *options: str) -> tuple[int, dict[str, object]]:
    """Peak RSS (bytes) of one grading process over a `size`-byte response, and its report.

    Measured in a fresh intermediate process, so RUSAGE_CHILDREN sees only that one run.
    """
    eval_path, bench = write_suite(tmp_path, LARGE_SUITE, {})
    (bench / "t").mkdir(parents=True)
    block = LINE * 10_000
    with open(bench / "t" / "response.md", "wb") as out:
        for _ in range(size // len(block)):
            out.write(block)
        out.write(b"The capital is Paris.")
    argv = [*GRADE, "--eval-path", str(eval_path), "--test-id", "t", "--bench-dir", str(bench)]
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, *argv, "--format", "json", *options],
        capture_output=True,
        check=False,
        timeout=600,
    )
    code, peak_kib = (int(n) for n in done.stderr.decode().split()[-2:])
    assert code == 1, done.stderr.decode()
    report = json.loads(done.stdout)
    validate_report(report)
    statuses = [a["status"] for a in report["assertions"]]
    assert statuses == ["passed", "failed", "passed", "passed", "failed", "passed", "passed",
                        "passed", "failed", "failed"]  # fmt: skip
    return peak_kib * 1024, report


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KiB on Linux")
@pytest.mark.parametrize("options", [(), ("--no-critique",)], ids=["critique", "no-critique"])
def test_a_200_mb_response_is_graded_in_bounded_memory(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    size = 200 * MIB
    peak, report = _peak_rss(tmp_path, size, *options)
    assert peak < 4 * size + 150 * MIB, f"peak RSS {peak / MIB:.0f} MiB"
    assert (report["critique"] is None) == bool(options)


@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KiB on Linux")
def test_the_critique_keeps_memory_bounded_too(tmp_path: Path) -> None:
    size = 20 * MIB
    peak, _ = _peak_rss(tmp_path, size)
    assert peak < 4 * size + 150 * MIB, f"peak RSS {peak / MIB:.0f} MiB"


# --- every limit is documented ---------------------------------------------------------------


def _environment_variables() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "agentv_grader").rglob("*.py"):
        names |= set(re.findall(r"AGENTV_GRADE_[A-Z_]+", path.read_text("utf-8")))
    return names


def test_every_environment_variable_is_documented() -> None:
    names = _environment_variables()
    assert names >= {"AGENTV_GRADE_REGEX_TIMEOUT_MS", "AGENTV_GRADE_MAX_RESPONSE_BYTES"}
    readme = (ROOT / "README.md").read_text("utf-8")
    spec = (ROOT / "docs" / "SPEC.md").read_text("utf-8")
    table = readme.split("## Limits and environment", 1)[1].split("\n## ", 1)[0]
    for name in names:
        assert f"`{name}`" in table, name
        assert name in spec, name


def test_every_limit_is_in_the_readme_table() -> None:
    from agentv_grader.assertions import _process, regex
    from agentv_grader.assertions import scripts as script_family
    from agentv_grader.load import files, yaml12
    from agentv_grader.names import MAX_TEST_ID_BYTES
    from agentv_grader.rundata import llm_results, response, timing

    table = (ROOT / "README.md").read_text("utf-8").split("## Limits and environment", 1)[1]
    expected = {
        "64 MiB": (files.MAX_EVAL_BYTES, timing.MAX_JSON_BYTES, llm_results.MAX_RESULT_BYTES),
        "2 GiB": (response.DEFAULT_MAX_RESPONSE_BYTES,),
        "2,000,000": (yaml12.MAX_EXPANDED_NODES,),
        "1,000 levels": (yaml12.MAX_NESTING,),
        "8 MiB": (_process.MAX_STDOUT_BYTES,),
        "1 hour": (regex.MAX_TIMEOUT_MS,),
        "255 bytes": (MAX_TEST_ID_BYTES,),
        "30 s": (script_family.DEFAULT_TIMEOUT_MS,),
    }
    values = {
        "64 MiB": 64 * MIB, "2 GiB": 2048 * MIB, "2,000,000": 2_000_000, "8 MiB": 8 * MIB,
        "1,000 levels": 1000,
        "1 hour": 3_600_000, "255 bytes": 255, "30 s": 30_000,
    }  # fmt: skip
    for text, constants in expected.items():
        assert text in table, text
        assert set(constants) == {values[text]}, (text, constants)
