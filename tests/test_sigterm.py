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
