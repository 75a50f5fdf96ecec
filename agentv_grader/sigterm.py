"""SIGTERM ends this process through `SystemExit`, so the atomic writer's clean-up runs
(outputs.py) and no temporary file is left behind (SPEC §7)."""

from __future__ import annotations


def exit_on_sigterm() -> None:
    """Make SIGTERM raise `SystemExit(143)` in this process, so the `except BaseException`
    of `write_atomic` removes its temporary file before the process ends (the default
    action would end it at once). For the command line and batch worker processes.

    Only the first SIGTERM does: later ones are ignored, so that they cannot interrupt
    that clean-up (a batch worker gets one from the terminal's process group and one
    from the parent stopping its team). SIGKILL remains for a process that never ends."""
    try:  # the C module: `signal` itself makes three enums on import, 2 ms of a cold start
        import _signal as signals
    except ImportError:  # an interpreter without it
        import signal as signals

    def terminate(signum: int, frame: object) -> None:
        signals.signal(signals.SIGTERM, signals.SIG_IGN)
        raise SystemExit(128 + signum)

    signals.signal(signals.SIGTERM, terminate)
