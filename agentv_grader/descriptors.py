"""Writing through a file descriptor, shared by the result files, the team's result pipes
and the scout's pipe: all of the data whatever the writes take, and a pipe asked to hold
more. Kept apart and light: the scout uses it in a child forked before the imports."""

from __future__ import annotations

import os

# What a pipe is asked to hold (Linux lets any process ask up to 1 MiB).
PIPE_SIZE = 1 << 20


def write_all(fd: int, data: bytes, written: int = 0) -> None:
    """`data` from byte `written` on, however many writes it takes (a short write is not
    an error; a full disk says so on the next; more than a pipe holds waits for its
    reader)."""
    view = memoryview(data)[written:]
    while view:
        view = view[os.write(fd, view) :]


def widen_pipe(fd: int) -> None:
    """The pipe of `fd` asked to hold `PIPE_SIZE` bytes where the platform allows it: a
    smaller pipe only makes its writer wait (over the system's limit, or not Linux, the
    default size stays)."""
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    except (ImportError, AttributeError, OSError):
        pass
