"""Fixtures for integration tests that drive the released AgentV CLI.

The AgentV binary comes from, in this order:

1. ``$AGENTV_BIN`` (path to an ``agentv`` executable) when set;
2. an npm install of ``agentv@4.42.4`` in the cache folder
   ``$AGENTV_GRADE_CACHE/agentv-4.42.4`` (default cache root: ``~/.cache/agentv-grade``,
   so the default folder is ``~/.cache/agentv-grade/agentv-4.42.4``), installed with
   ``npm install --no-audit --no-fund`` the first time and reused afterwards.

Tests that use it are skipped, with the reason shown by ``-ra``, only when node or npm
is not on PATH. If npm is there but the install fails, the tests fail: a broken install
must not look like a green run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

AGENTV_VERSION = "4.42.4"
NPM_INSTALL_TIMEOUT_S = 600
AGENTV_CMD_TIMEOUT_S = 120


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"agentv: drives the released AgentV CLI (agentv@{AGENTV_VERSION}, needs node and npm;"
        " installs it into a cache folder on first use)",
    )


def _cache_dir() -> Path:
    root = os.environ.get("AGENTV_GRADE_CACHE")
    base = Path(root).expanduser() if root else Path.home() / ".cache" / "agentv-grade"
    return base / f"agentv-{AGENTV_VERSION}"


def _bin_in(prefix: Path) -> Path:
    bin_dir = prefix / "node_modules" / ".bin"
    if os.name == "nt":
        return bin_dir / "agentv.cmd"
    return bin_dir / "agentv"


def _installed_version(prefix: Path) -> str | None:
    pkg = prefix / "node_modules" / "agentv" / "package.json"
    try:
        return str(json.loads(pkg.read_text(encoding="utf-8")).get("version"))
    except (OSError, ValueError):
        return None


def _is_installed(prefix: Path) -> bool:
    return _bin_in(prefix).exists() and _installed_version(prefix) == AGENTV_VERSION


@contextmanager
def _install_lock(prefix: Path) -> Iterator[None]:
    """Serialise installs between parallel pytest workers (best effort off POSIX)."""
    prefix.parent.mkdir(parents=True, exist_ok=True)
    lock_path = prefix.parent / f".{prefix.name}.lock"
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    with open(lock_path, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _npm_install(npm: str, prefix: Path) -> None:
    prefix.mkdir(parents=True, exist_ok=True)
    cmd = [
        npm,
        "install",
        "--no-audit",
        "--no-fund",
        "--save-exact",
        "--prefix",
        str(prefix),
        f"agentv@{AGENTV_VERSION}",
    ]
    try:
        proc = subprocess.run(
            cmd,
            cwd=prefix,
            capture_output=True,
            text=True,
            timeout=NPM_INSTALL_TIMEOUT_S,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`{' '.join(cmd)}` did not finish in {NPM_INSTALL_TIMEOUT_S} s", pytrace=False)
    if proc.returncode != 0:
        pytest.fail(
            f"`{' '.join(cmd)}` failed with exit {proc.returncode}:\n"
            f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}",
            pytrace=False,
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

    node = shutil.which("node")
    npm = shutil.which("npm")
    if node is None or npm is None:
        missing = " and ".join(n for n, p in (("node", node), ("npm", npm)) if p is None)
        pytest.skip(
            f"AgentV integration test needs node and npm on PATH ({missing} not found); "
            f"install Node.js >= 20, or set AGENTV_BIN to an agentv@{AGENTV_VERSION} binary"
        )

    prefix = _cache_dir()
    if not _is_installed(prefix):
        with _install_lock(prefix):
            if not _is_installed(prefix):
                _npm_install(npm, prefix)
    if not _is_installed(prefix):
        pytest.fail(
            f"npm install reported success but {_bin_in(prefix)} is missing or not version "
            f"{AGENTV_VERSION} (found {_installed_version(prefix)!r})",
            pytrace=False,
        )
    return _bin_in(prefix)


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
