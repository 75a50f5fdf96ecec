"""npm packages the tests run (the released AgentV CLI, bun), installed once into a cache.

A package goes to ``$AGENTV_GRADE_CACHE/<name>-<version>`` (default cache root:
``~/.cache/agentv-grade``) with ``npm install --no-audit --no-fund`` the first time and is
reused afterwards. Tests that need one are skipped, with the reason shown by ``-ra``, only
when node or npm is not on PATH; when npm is there but the install fails, they fail: a
broken install must not look like a green run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

NPM_INSTALL_TIMEOUT_S = 600


def cache_dir(package: str, version: str) -> Path:
    root = os.environ.get("AGENTV_GRADE_CACHE")
    base = Path(root).expanduser() if root else Path.home() / ".cache" / "agentv-grade"
    return base / f"{package}-{version}"


def bin_in(prefix: Path, program: str) -> Path:
    bin_dir = prefix / "node_modules" / ".bin"
    if os.name == "nt":
        return bin_dir / f"{program}.cmd"
    return bin_dir / program


def installed_version(prefix: Path, package: str) -> str | None:
    pkg = prefix / "node_modules" / package / "package.json"
    try:
        return str(json.loads(pkg.read_text(encoding="utf-8")).get("version"))
    except (OSError, ValueError):
        return None


def _is_installed(prefix: Path, package: str, version: str, program: str) -> bool:
    return bin_in(prefix, program).exists() and installed_version(prefix, package) == version


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


def _npm_install(npm: str, prefix: Path, spec: str) -> None:
    """Install into a folder of its own beside `prefix`, renamed to `prefix` once complete:
    another pytest process checks `_is_installed` without the lock, and npm links the
    program and writes the package's package.json before the install has finished, so an
    install made in place could be taken for a complete one and run half-written."""
    staging = prefix.parent / f".{prefix.name}.installing-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    cmd = [npm, "install", "--no-audit", "--no-fund", "--save-exact", "--prefix", str(staging)]
    cmd.append(spec)
    try:
        try:
            proc = subprocess.run(
                cmd, cwd=staging, capture_output=True, text=True, timeout=NPM_INSTALL_TIMEOUT_S
            )
        except subprocess.TimeoutExpired:
            pytest.fail(
                f"`{' '.join(cmd)}` did not finish in {NPM_INSTALL_TIMEOUT_S} s", pytrace=False
            )
        if proc.returncode != 0:
            pytest.fail(
                f"`{' '.join(cmd)}` failed with exit {proc.returncode}:\n"
                f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}",
                pytrace=False,
            )
        if prefix.exists():  # an incomplete install of an earlier run: replaced whole
            shutil.rmtree(prefix)
        staging.rename(prefix)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def npm_program(package: str, version: str, program: str, *, alternative: str) -> Path:
    """The path of `program` from npm package `package@version`, installed if needed;
    skips (saying `alternative`) where node or npm is missing."""
    node = shutil.which("node")
    npm = shutil.which("npm")
    if node is None or npm is None:
        missing = " and ".join(n for n, p in (("node", node), ("npm", npm)) if p is None)
        pytest.skip(
            f"this test needs {package}@{version} from npm, so node and npm on PATH "
            f"({missing} not found); install Node.js >= 20, or {alternative}"
        )
    prefix = cache_dir(package, version)
    if not _is_installed(prefix, package, version, program):
        with _install_lock(prefix):
            if not _is_installed(prefix, package, version, program):
                _npm_install(npm, prefix, f"{package}@{version}")
    if not _is_installed(prefix, package, version, program):
        pytest.fail(
            f"npm install reported success but {bin_in(prefix, program)} is missing or not "
            f"version {version} (found {installed_version(prefix, package)!r})",
            pytrace=False,
        )
    return bin_in(prefix, program)
