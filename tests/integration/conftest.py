"""Fixtures for integration tests that drive the released AgentV CLI.

The AgentV binary comes from, in this order:

1. ``$AGENTV_BIN`` (path to an ``agentv`` executable) when set;
2. an npm install of ``agentv@4.42.4`` in the cache folder
   ``$AGENTV_GRADE_CACHE/agentv-4.42.4`` (default cache root: ``~/.cache/agentv-grade``),
   made by ``tests/npm_cache.py`` the first time and reused afterwards.

Tests that use it are skipped, with the reason shown by ``-ra``, only when node or npm
is not on PATH. If npm is there but the install fails, the tests fail: a broken install
must not look like a green run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.npm_cache import npm_program

AGENTV_VERSION = "4.42.4"
AGENTV_CMD_TIMEOUT_S = 120


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"agentv: drives the released AgentV CLI (agentv@{AGENTV_VERSION}, needs node and npm;"
        " installs it into a cache folder on first use)",
    )


@pytest.fixture(scope="session")
def agentv_bin() -> Path:
    """Path to the ``agentv`` executable of the released CLI, installed if needed."""
    from_env = os.environ.get("AGENTV_BIN")
    if from_env:
        path = Path(from_env).expanduser()
        if not (path.is_file() and os.access(path, os.X_OK)):
            pytest.fail(f"AGENTV_BIN={from_env!r} is not an executable file", pytrace=False)
        return path

    return npm_program(
        "agentv",
        AGENTV_VERSION,
        "agentv",
        alternative=f"set AGENTV_BIN to an agentv@{AGENTV_VERSION} binary",
    )


AgentvRunner = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="session")
def run_agentv(agentv_bin: Path) -> AgentvRunner:
    """Run ``agentv <args>``; fail the test with its output when it exits non-zero."""

    env = dict(os.environ)
    env["AGENTV_NO_UPDATE_CHECK"] = "1"  # no background npm version check
    env["NO_COLOR"] = "1"

    def run(
        args: Sequence[str | os.PathLike[str]], *, cwd: Path
    ) -> subprocess.CompletedProcess[str]:
        cmd = [str(agentv_bin), *map(str, args)]
        proc = subprocess.run(
            cmd,
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=AGENTV_CMD_TIMEOUT_S,
        )
        if proc.returncode != 0:
            pytest.fail(
                f"`agentv {' '.join(map(str, args))}` exited {proc.returncode}\n"
                f"stdout:\n{proc.stdout[-3000:]}\nstderr:\n{proc.stderr[-3000:]}",
                pytrace=False,
            )
        return proc

    return run


AGENTV_GRADE_TIMEOUT_S = 120
# Run ``agentv-grade <args>`` (cwd=): the finished process, exit 0 or 1.
AgentvGradeRunner = Callable[..., subprocess.CompletedProcess[str]]


def run_agentv_grade_command(
    cmd: Sequence[str], *args: str, cwd: Path
) -> subprocess.CompletedProcess[str]:
    """Run our CLI as an agent's shell runs it; fail the test with the command and its
    output unless it exits 0 or 1 (a verdict): 2 (unusable input) or 3 (a bug) is never
    what these tests expect, and the output says why."""
    proc = subprocess.run(
        [*cmd, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=AGENTV_GRADE_TIMEOUT_S,
        env=dict(os.environ),
    )
    if proc.returncode not in (0, 1):
        pytest.fail(
            f"`agentv-grade {' '.join(args)}` exited {proc.returncode}\n"
            f"stdout:\n{proc.stdout[-3000:]}\nstderr:\n{proc.stderr[-3000:]}",
            pytrace=False,
        )
    return proc


@pytest.fixture(scope="session")
def run_agentv_grade(agentv_grade_cmd: list[str]) -> AgentvGradeRunner:
    """`run_agentv_grade_command` with this interpreter's agentv-grade."""

    def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        return run_agentv_grade_command(agentv_grade_cmd, *args, cwd=cwd)

    return run


@pytest.fixture(scope="session")
def agentv_grade_cmd() -> list[str]:
    """How to run our CLI from the interpreter running the tests.

    The ``agentv-grade`` console script next to ``sys.executable`` when installed there
    (``pip install -e .[test]``), else ``python -m agentv_grader`` (``PYTHONPATH=src``).
    """
    scripts = Path(sys.executable).parent
    for name in ("agentv-grade", "agentv-grade.exe"):
        candidate = scripts / name
        if candidate.is_file():
            return [str(candidate)]
    return [sys.executable, "-m", "agentv_grader"]
