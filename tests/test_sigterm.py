"""SIGTERM ends the process through SystemExit, once (agentv_grader.sigterm, SPEC §7)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import outputs, sigterm
from tests.helpers import paths_under

posix_only = pytest.mark.skipif(os.name != "posix", reason="signals")


@posix_only
def test_a_second_sigterm_cannot_interrupt_the_clean_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch worker can get SIGTERM twice (from the terminal's process group, and from
    the parent stopping its team): the first raises `SystemExit`, and a second one while
    the temporary folder is being removed is ignored, so nothing is left behind."""
    import signal

    previous = signal.getsignal(signal.SIGTERM)
    real_open, real_unlink = os.open, os.unlink
    opened: list[str] = []

    def interrupted(path: Any, *args: Any) -> int:
        opened.append(str(path))
        if len(opened) == 2:
            os.kill(os.getpid(), signal.SIGTERM)  # the first: raises SystemExit here
        return real_open(path, *args)

    def unlink_after_another_sigterm(path: Any, *args: Any, **kwargs: Any) -> None:
        os.kill(os.getpid(), signal.SIGTERM)  # the second, in the middle of the clean-up
        real_unlink(path, *args, **kwargs)

    try:
        sigterm.exit_on_sigterm()
        monkeypatch.setattr(outputs.os, "open", interrupted)
        monkeypatch.setattr(outputs.os, "unlink", unlink_after_another_sigterm)
        with pytest.raises(SystemExit) as stopped:
            outputs.write_new_folder(str(tmp_path / "r"), [("a.json", b"{}"), ("b.json", b"[]")])
        monkeypatch.undo()
        assert stopped.value.code == 128 + signal.SIGTERM
        assert paths_under(tmp_path) == set()
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_IGN  # no third interruption
    finally:
        signal.signal(signal.SIGTERM, previous)


@posix_only
def test_a_sigterm_inside_a_callback_python_cannot_raise_from_still_ends_the_process(
    tmp_path: Path,
) -> None:
    """SIGTERM landing in a weakref callback (as the import system's module-lock callback
    runs during any import) is not printed as an ignored exception and lost, the process
    going on to exit 0: it ends the process with 143 at the next point that can raise,
    and the clean-up after that point runs."""
    import subprocess
    import sys

    code = (
        "import os, signal, time, weakref\n"
        "from agentv_grader import sigterm\n"
        "sigterm.exit_on_sigterm()\n"
        "class Thing: pass\n"
        "def callback(_):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    sum(range(1000))  # the handler runs in here\n"
        "try:\n"
        "    thing = Thing()\n"
        "    ref = weakref.ref(thing, callback)\n"
        "    del thing\n"
        "    deadline = time.monotonic() + 20\n"
        "    while time.monotonic() < deadline:  # the SIGTERM lands in here\n"
        "        pass\n"
        "    print('went on')\n"
        "finally:\n"
        "    print('cleaned up')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.stderr == ""
    assert done.stdout == "cleaned up\n"
    assert done.returncode == 128 + 15
