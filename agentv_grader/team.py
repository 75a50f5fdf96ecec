"""Batch mode's worker processes where the platform forks (Linux): a team (SPEC §2).

This process and `size - 1` forked children take numbered pieces of work in turn from one
counter they share, and each piece's result comes back here, in piece order. Compared with
a process pool, this process works too (with two cores, two processes grade, instead of
two workers beside an idle parent), nothing has to be imported to start the children, and
no thread runs here to feed them or to collect from them.

The counter sits in shared memory, guarded by a POSIX record lock (`lockf`), which the
kernel releases when its holder ends: a child killed at any moment can neither stop the
others nor hang this process. A child sends each result through its own pipe, as one frame
(piece, length, `marshal` data: results are plain values, and the two ends are the same
interpreter). A piece that a child took and never sent (it died) is reported
as lost, and the other pieces are still done.
"""

from __future__ import annotations

import fcntl
import marshal
import mmap
import os
import select
import signal
import struct
import sys
import time
from collections.abc import Callable, Generator, Iterator
from typing import Any

from .descriptors import widen_pipe, write_all

# The shared counter: the next piece to take, and how many there are (0 once cancelled).
_COUNTER = struct.Struct("<qq")
# A result frame's head: the piece, and the length of its result's data that follows.
_FRAME = struct.Struct("<qQ")
_READ_SIZE = 1 << 20
_GRACE = 5.0  # seconds a stopped child has to end before it is killed


def available() -> bool:
    """Whether a team can be formed here: Linux, where forking is the usual way (the
    process pool spawns its workers on macOS and Windows), from a process that runs one
    thread (a fork copies only the forking thread, and a lock another thread held, an
    import's or a stream's, would stay locked in the child forever)."""
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return False
    threading = sys.modules.get("threading")  # not imported: no thread was started by it
    return threading is None or threading.active_count() == 1


class Team:
    """`start` forks the children, which get ready and wait; `run` lets them start and
    yields each piece's result in order; `close` stops and reaps any child still there.

    Use it as a context manager, so the children never outlive a failure here.
    """

    def __init__(self, work: Callable[[int], Any], lock_fd: int, shared: mmap.mmap) -> None:
        self._work = work
        self._lock_fd = lock_fd
        self._shared = shared
        self._children: dict[int, int] = {}  # result pipe → pid
        self._buffers: dict[int, bytearray] = {}
        self._statuses: list[int] = []  # wait statuses of the children that ended
        self._ending: list[int] = []  # children that closed their pipe, not reaped yet
        self._done: dict[int, Any] = {}
        self._poll = select.poll()

    @classmethod
    def start(
        cls, size: int, pieces: int, work: Callable[[int], Any], ready: Callable[[], None]
    ) -> Team:
        """Fork `size - 1` children that each call `ready()` (a head start, errors ignored)
        and then wait until `run` (or `close`) releases the counter.

        `work(piece)` must return plain values (what `marshal` writes: None, bools,
        numbers, strings, bytes, and tuples, lists, dicts and sets of them) for every piece
        in `range(pieces)`; it runs in whichever process takes the piece.
        """
        lock_fd = _shared_file()
        try:
            os.ftruncate(lock_fd, _COUNTER.size)
            shared = mmap.mmap(lock_fd, _COUNTER.size)
        except BaseException:
            os.close(lock_fd)
            raise
        _COUNTER.pack_into(shared, 0, 0, pieces)
        team = cls(work, lock_fd, shared)
        fcntl.lockf(lock_fd, fcntl.LOCK_EX)  # held until `run`: the children wait for it
        sys.stdout.flush()  # nothing buffered here is written twice by a child
        sys.stderr.flush()
        try:
            for _ in range(size - 1):
                if not team._fork(ready):
                    break  # no more processes to be had: a smaller team does the work
        except BaseException:
            team.close()
            raise
        return team

    def _fork(self, ready: Callable[[], None]) -> bool:
        """One more child; False when the system gives no more processes (or pipes)."""
        try:
            read_end, write_end = os.pipe()
        except OSError:
            return False
        try:
            pid = os.fork()
        except BaseException as exc:
            os.close(read_end)
            os.close(write_end)
            if isinstance(exc, OSError):
                return False
            raise
        if pid == 0:
            os.close(read_end)
            for other in self._children:  # its siblings' pipes are not its business
                os.close(other)
            self._serve(write_end, ready)  # never returns
        os.close(write_end)
        os.set_blocking(read_end, False)
        widen_pipe(read_end)  # so that a child seldom waits while this process works
        self._children[read_end] = pid
        self._buffers[read_end] = bytearray()
        self._poll.register(read_end, select.POLLIN)
        return True

    def _serve(self, result_fd: int, ready: Callable[[], None]) -> None:
        """A child's whole life: get ready, then take pieces and send their results until
        none is left. It leaves through `os._exit`, running none of the parent's code
        (its `finally` blocks, its exit handlers) on the way out."""
        code = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent stops us
            try:
                ready()
            except Exception:  # only a head start: the work itself reports any problem
                pass
            while (piece := self._take()) is not None:
                data = marshal.dumps(self._work(piece))
                write_all(result_fd, _FRAME.pack(piece, len(data)) + data)
        except SystemExit:  # SIGTERM: stopped by the parent
            code = 1
        except BaseException:  # a bug outside the work's own isolation, or the parent gone
            code = 3
            try:
                import traceback

                traceback.print_exc()
                sys.stderr.flush()
            except BaseException:
                pass
        finally:
            try:  # the parent sees the end now, not once the kernel has freed our memory
                os.close(result_fd)
            finally:
                os._exit(code)

    def _take(self) -> int | None:
        """The next piece, or None when there is none left (or the team was cancelled)."""
        fcntl.lockf(self._lock_fd, fcntl.LOCK_EX)
        try:
            taken, pieces = _COUNTER.unpack_from(self._shared)
            if taken >= pieces:
                return None
            _COUNTER.pack_into(self._shared, 0, taken + 1, pieces)
            return int(taken)
        finally:
            fcntl.lockf(self._lock_fd, fcntl.LOCK_UN)

    def run(self) -> Iterator[tuple[int, Any, bool]]:
        """Release the children and work along with them: yields (piece, result, True) for
        every piece in order, or (piece, None, False) for one whose child died with it."""
        pieces = _COUNTER.unpack_from(self._shared)[1]
        fcntl.lockf(self._lock_fd, fcntl.LOCK_UN)
        following = 0
        while (piece := self._take()) is not None:
            self._done[piece] = self._work(piece)
            self._collect(wait=False)
            following = yield from self._in_order(following)
        while self._children:
            self._collect(wait=True)
            following = yield from self._in_order(following)
        for piece in range(following, pieces):
            if piece in self._done:
                yield piece, self._done.pop(piece), True
            else:
                self._reap_ending()  # (`lost_reason` tells how they ended)
                yield piece, None, False

    def lost_reason(self) -> str:
        """Why pieces were lost: how the children that did not end normally ended."""
        reasons = []
        for status in self._statuses:
            if os.WIFSIGNALED(status):
                reasons.append(f"killed by signal {os.WTERMSIG(status)}")
            elif os.WEXITSTATUS(status) != 0:
                reasons.append(f"exit status {os.WEXITSTATUS(status)}")
        return ", ".join(reasons) or "it stopped before sending its results"

    def _in_order(self, following: int) -> Generator[tuple[int, Any, bool], None, int]:
        while following in self._done:
            yield following, self._done.pop(following), True
            following += 1
        return following

    def _collect(self, *, wait: bool) -> None:
        """Read what the children have sent (waiting for something when `wait`)."""
        for fd, _ in self._poll.poll(-1 if wait else 0):
            try:
                data = os.read(fd, _READ_SIZE)
            except BlockingIOError:
                continue
            if not data:
                self._end(fd)
                continue
            buffer = self._buffers[fd]
            buffer += data
            while len(buffer) >= _FRAME.size:
                piece, length = _FRAME.unpack_from(buffer)
                end = _FRAME.size + length
                if len(buffer) < end:
                    break
                self._done[piece] = marshal.loads(buffer[_FRAME.size : end])
                del buffer[:end]

    def _end(self, fd: int) -> None:
        """A child closed its pipe: it has ended, or is leaving (it closes its pipe just
        before `os._exit`); reap it if it is gone, else later (`_reap_ending`): the
        kernel frees a child's memory before it counts as ended, some 5-30 ms for a
        batch worker, which the last results need not wait for."""
        self._poll.unregister(fd)
        os.close(fd)
        del self._buffers[fd]
        pid = self._children.pop(fd)
        ended, status = os.waitpid(pid, os.WNOHANG)
        if not ended:
            self._ending.append(pid)
        elif status != 0:
            self._statuses.append(status)

    def _reap_ending(self) -> None:
        """Wait for the children that closed their pipe to end (they are leaving)."""
        while self._ending:
            pid = self._ending.pop()
            try:
                _, status = os.waitpid(pid, 0)
            except ChildProcessError:
                continue
            if status != 0:
                self._statuses.append(status)

    def close(self) -> None:
        """Stop (SIGTERM, then SIGKILL after a grace period) and reap every child still
        there, and free the counter. Safe to call more than once."""
        if self._lock_fd < 0:
            return
        _COUNTER.pack_into(self._shared, 0, 0, 0)  # children still waiting take nothing
        fcntl.lockf(self._lock_fd, fcntl.LOCK_UN)
        pids = list(self._children.values())
        for fd in list(self._children):
            self._poll.unregister(fd)
            os.close(fd)
        self._children.clear()
        _stop(pids)
        self._reap_ending()
        self._shared.close()
        os.close(self._lock_fd)
        self._lock_fd = -1

    def __enter__(self) -> Team:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _shared_file() -> int:
    """A file no one else can see, for the counter's memory and its lock."""
    if hasattr(os, "memfd_create"):
        return os.memfd_create("agentv-grade-team", os.MFD_CLOEXEC)
    import tempfile

    with tempfile.TemporaryFile() as handle:
        return os.dup(handle.fileno())


def _stop(pids: list[int]) -> None:
    """SIGTERM each child (its write in progress removes its temporary file), give them
    `_GRACE` seconds together, SIGKILL any left, and reap them all."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    deadline = time.monotonic() + _GRACE
    for pid in pids:
        while True:
            try:
                ended, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                break
            if ended:
                break
            if time.monotonic() >= deadline:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
                os.waitpid(pid, 0)
                break
            time.sleep(0.005)
