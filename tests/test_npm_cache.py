"""The test cache of npm packages (tests/npm_cache.py): an install in progress is never
taken for a complete one by another pytest process.

npm links a package's program and writes its package.json before the install has ended,
and `npm_program` looks at the cache without its lock first; an install made in place let
a second pytest process run a half-installed program (a setup error in that process).
Here a stand-in `npm` stops half-way until the test lets it go.
"""

from __future__ import annotations

import os
import stat
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from tests import npm_cache

FAKE_NPM = textwrap.dedent(
    """\
    #!{python}
    import json, os, sys, time
    prefix = sys.argv[sys.argv.index("--prefix") + 1]
    name, version = sys.argv[-1].rsplit("@", 1)
    package = os.path.join(prefix, "node_modules", name)
    os.makedirs(os.path.join(prefix, "node_modules", ".bin"))
    os.makedirs(package)
    with open(os.path.join(package, "package.json"), "w") as handle:
        json.dump({{"name": name, "version": version}}, handle)
    program = os.path.join(prefix, "node_modules", ".bin", name)
    with open(program, "w") as handle:
        handle.write("#!/bin/sh\\n")
    open({halfway!r}, "w").close()  # linked, package.json written: half-way
    while not os.path.exists({go!r}):
        time.sleep(0.01)
    open(os.path.join(package, "complete"), "w").close()
    """
)


@pytest.mark.skipif(os.name == "nt", reason="a POSIX stand-in for npm")
def test_an_install_in_progress_is_not_visible_as_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    halfway, go = tmp_path / "halfway", tmp_path / "go"
    tools = tmp_path / "bin"
    tools.mkdir()
    npm = tools / "npm"
    npm.write_text(
        FAKE_NPM.format(python=sys.executable, halfway=str(halfway), go=str(go)), "utf-8"
    )
    npm.chmod(npm.stat().st_mode | stat.S_IXUSR)
    (tools / "node").symlink_to(npm)  # only looked up
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("AGENTV_GRADE_CACHE", str(tmp_path / "cache"))
    prefix = npm_cache.cache_dir("fakepkg", "1.0.0")

    found: list[Path] = []
    installer = threading.Thread(
        target=lambda: found.append(
            npm_cache.npm_program("fakepkg", "1.0.0", "fakepkg", alternative="none")
        )
    )
    installer.start()
    try:
        deadline = time.monotonic() + 120
        while not halfway.exists():
            assert installer.is_alive() and time.monotonic() < deadline
            time.sleep(0.01)
        # What another pytest process looks at first, without the lock: not installed yet.
        assert not npm_cache._is_installed(prefix, "fakepkg", "1.0.0", "fakepkg")
    finally:
        go.touch()
        installer.join(timeout=120)
    assert found == [npm_cache.bin_in(prefix, "fakepkg")]
    assert (prefix / "node_modules" / "fakepkg" / "complete").exists()
    assert [p.name for p in prefix.parent.iterdir() if "installing" in p.name] == []
