"""SIGTERM ends this process through `SystemExit`, so the atomic writer's clean-up runs
(outputs.py) and no temporary file is left behind (SPEC §7)."""

from __future__ import annotations

import sys
from typing import Any


class Terminated(SystemExit):
    """SIGTERM's `SystemExit`, told apart from others where Python cannot raise it."""


def exit_on_sigterm() -> None:
    """Make SIGTERM raise `SystemExit(143)` in this process, so the `except BaseException`
    of `write_atomic` removes its temporary file before the process ends (the default
    action would end it at once). For the command line and batch worker processes.

    Only the first SIGTERM does: later ones are ignored, so that they cannot interrupt
    that clean-up (a batch worker gets one from the terminal's process group and one
    from the parent stopping its team). SIGKILL remains for a process that never ends.

    A SIGTERM that lands in a callback Python cannot raise from (the import system's
    weakref callbacks, a `__del__`) would be printed as an ignored exception, with a
    traceback, and lost, the process going on to the end: it is sent again instead, from
    a thread that waits for the interpreter, and raised at the next point that can."""
    try:  # the C module: `signal` itself makes three enums on import, 2 ms of a cold start
        import _signal as signals
    except ImportError:  # an interpreter without it
        import signal as signals
    import _thread
    import os

    def deliver_later() -> None:
        # From another thread, which waits for the GIL: after this hook or handler returns.
        _thread.start_new_thread(os.kill, (os.getpid(), signals.SIGTERM))

    def terminate(signum: int, frame: Any) -> None:
        if frame is not None and frame.f_code in unsafe:
            deliver_later()  # an exception raised in there would be printed and lost
            return
        signals.signal(signals.SIGTERM, signals.SIG_IGN)
        raise Terminated(128 + signum)

    def unraisable(info: sys.UnraisableHookArgs) -> None:
        if isinstance(info.exc_value, Terminated):
            signals.signal(signals.SIGTERM, terminate)
            deliver_later()
            return
        previous(info)

    unsafe = (terminate.__code__, unraisable.__code__)
    previous = sys.unraisablehook
    sys.unraisablehook = unraisable
    signals.signal(signals.SIGTERM, terminate)
