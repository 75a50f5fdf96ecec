"""Running a grader program: no shell, JSON on stdin, a deadline, bounded output (SPEC §5.6, §7).

The script families are the one place where a check does I/O: a grader program *is* the
assertion, so running it cannot be moved out of the check. Everything else stays pure,
and the program can do no harm here: it runs without a shell, in its own process group
(the whole group is killed at the deadline or when it floods stdout, so a hang never
becomes ours), with stdout capped and only the tail of stderr kept for the evidence.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from ..errors import SpecError

if TYPE_CHECKING:  # subprocess and signal are imported when a program runs (SPEC §8)
    import subprocess

MAX_STDOUT_BYTES = 8 * 1024 * 1024
STDERR_TAIL_BYTES = 64 * 1024
TAIL_LINES = 20
TAIL_CHARS = 2000
_POSIX = os.name == "posix"
_CHUNK = 64 * 1024


@dataclass(frozen=True, slots=True)
class Finished:
    """How a grader program ended: exit code, stdout, the tail of stderr, and why it stopped."""

    exit_code: int
    stdout: str
    stderr_tail: str
    timed_out: bool = False
    flooded: bool = False


def run_program(
    argv: Sequence[str], stdin: bytes, cwd: str, timeout_ms: float, label: str
) -> Finished:
    """Run `argv` in `cwd` with `stdin`, killing it (and its children) at the deadline.

    Raises:
        SpecError: the program cannot be started (not found, not executable, bad cwd).
    """
    import subprocess

    process = _start(argv, cwd, label)
    stdout = _Capture(MAX_STDOUT_BYTES, on_flood=lambda: _kill(process))
    stderr = _Capture(STDERR_TAIL_BYTES, keep_tail=True)
    assert process.stdin and process.stdout and process.stderr
    workers = [
        threading.Thread(target=_feed, args=(process.stdin, stdin), daemon=True),
        threading.Thread(target=stdout.drain, args=(process.stdout,), daemon=True),
        threading.Thread(target=stderr.drain, args=(process.stderr,), daemon=True),
    ]
    for worker in workers:
        worker.start()
    timed_out = False
    try:
        process.wait(timeout=timeout_ms / 1000)
    except subprocess.TimeoutExpired:
        timed_out = True
    except BaseException:  # SIGTERM (SystemExit) or Ctrl-C: take the program down with us
        _kill(process)
        raise
    _kill(process)  # also ends helpers the program left behind, which would hold the pipes
    process.wait()
    for worker in workers:
        worker.join(timeout=5)
    return Finished(
        exit_code=process.returncode,
        stdout=stdout.text(),
        stderr_tail=stderr.text(),
        timed_out=timed_out,
        flooded=stdout.flooded,
    )


def failure(finished: Finished, label: str, timeout_ms: float) -> str | None:
    """Why the run cannot be graded (timeout, flood, crash, non-zero exit), or None."""
    if finished.timed_out:
        return f"{label} timed out after {timeout_ms:g} ms{tail_note(finished)}"
    if finished.flooded:
        limit = MAX_STDOUT_BYTES // (1024 * 1024)
        return f"{label} wrote more than {limit} MiB to stdout and was stopped"
    if finished.exit_code < 0:
        return f"{label} was killed by {_signal_name(-finished.exit_code)}{tail_note(finished)}"
    if finished.exit_code != 0:
        return f"{label} exited with code {finished.exit_code}{tail_note(finished)}"
    return None


def tail_note(finished: Finished) -> str:
    """`; stderr: …` with the last lines of stderr (or of stdout when stderr is empty)."""
    for name, text in (("stderr", finished.stderr_tail), ("stdout", finished.stdout)):
        tail = tail_of(text)
        if tail:
            return f"; {name}: {tail}"
    return ""


def tail_of(text: str) -> str:
    lines = text.strip().splitlines()[-TAIL_LINES:]
    tail = "\n".join(lines)
    return tail if len(tail) <= TAIL_CHARS else "…" + tail[-TAIL_CHARS:]


def _start(argv: Sequence[str], cwd: str, label: str) -> subprocess.Popen[bytes]:
    import subprocess

    if not os.path.isdir(cwd):
        raise SpecError(f"{label}: cwd {cwd!r} is not a folder")
    try:
        return subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            start_new_session=_POSIX,
        )
    except FileNotFoundError:
        raise SpecError(f"{label}: command not found: {argv[0]!r} (run from {cwd})") from None
    except PermissionError:
        raise SpecError(f"{label}: {argv[0]!r} is not executable") from None
    except OSError as exc:
        raise SpecError(f"{label}: cannot run {argv[0]!r}: {exc.strerror or exc}") from None


def _kill(process: subprocess.Popen[bytes]) -> None:
    import signal

    try:
        if _POSIX:
            os.killpg(process.pid, signal.SIGKILL)
        elif process.poll() is None:
            process.kill()
    except (ProcessLookupError, PermissionError, OSError):
        pass


def _feed(pipe: IO[bytes], data: bytes) -> None:
    """Write stdin; a program that exits without reading it is not an error."""
    try:
        view = memoryview(data)
        for start in range(0, len(view), _CHUNK):
            pipe.write(view[start : start + _CHUNK])
    except (BrokenPipeError, OSError, ValueError):
        pass
    finally:
        try:
            pipe.close()
        except OSError:
            pass


class _Capture:
    """Reads a pipe to its end, keeping at most `limit` bytes (the head, or the tail)."""

    def __init__(
        self, limit: int, keep_tail: bool = False, on_flood: Callable[[], None] | None = None
    ) -> None:
        self.limit = limit
        self.keep_tail = keep_tail
        self.on_flood = on_flood
        self.buffer = bytearray()
        self.flooded = False

    def drain(self, pipe: IO[bytes]) -> None:
        try:
            while chunk := pipe.read1(_CHUNK):  # type: ignore[attr-defined]
                self._take(chunk)
        except (OSError, ValueError):
            pass

    def _take(self, chunk: bytes) -> None:
        if self.keep_tail:
            self.buffer += chunk
            del self.buffer[: max(0, len(self.buffer) - self.limit)]
            return
        if self.flooded:
            return
        self.buffer += chunk
        if len(self.buffer) > self.limit:
            self.flooded = True
            del self.buffer[self.limit :]
            if self.on_flood is not None:
                self.on_flood()

    def text(self) -> str:
        return bytes(self.buffer).decode("utf-8", errors="replace")


def _signal_name(number: int) -> str:
    import signal

    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
