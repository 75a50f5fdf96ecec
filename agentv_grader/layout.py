"""Which AgentV layout a bench dir has (`--agentv-layout auto`, SPEC §6.3), and a scout
process that finds out while batch mode loads the eval file.

This module imports nothing but the standard library's `os` and `sys`: the scout is
forked before the grader's own modules are imported.
"""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import TYPE_CHECKING, Final

from .descriptors import widen_pipe, write_all

if TYPE_CHECKING:
    from .load.yaml12 import JsonShape

# Layout → (AgentV's config folder in a test folder, the folder its results go to).
LAYOUTS = {
    "v4": ("code_graders", "code_grader_results"),
    "head": ("script_graders", "script_grader_results"),
}
# What `--agentv-layout` accepts: a layout, found out per bench dir, or no merge files.
LAYOUT_CHOICES = ("auto", *LAYOUTS, "none")


def resolve_layout(layout: str, bench_dir: str, test_dir: str | None = None) -> str | None:
    """`auto` → `head` when any `<bench>/*/script_graders/` exists, else `v4`.

    `test_dir` (this test's folder) is looked at first: in a head export every test has
    its `script_graders/`, so the common answer costs one stat instead of a bench-wide scan.
    """
    if layout == "none":
        return None
    if layout == "auto":
        if test_dir is not None and _own_script_graders(test_dir):
            return "head"
        return "head" if any_script_graders(bench_dir) else "v4"
    return layout


def _own_script_graders(test_dir: str) -> bool:
    """The test's own folder counts for the glob unless it is hidden (`*` skips those)."""
    return not os.path.basename(test_dir).startswith(".") and _has_script_graders(test_dir)


def _has_script_graders(folder: str) -> bool:
    return os.path.lexists(os.path.join(folder, "script_graders"))


def any_script_graders(bench_dir: str) -> bool:
    """`glob('<bench>/*/script_graders')` is non-empty: a visible sub-folder (symlinks
    followed) holding an entry of that name; one scandir, no pattern matching per entry.
    Each entry is asked for with `os.access` of the path itself (not what a link points
    to), a yes or no, where the platform can ask that (Linux, macOS): `os.path.lexists`
    raises and catches an error for each folder without one, the usual answer (two
    thirds of the scan of 2,000 folders)."""
    no_follow = os.access in os.supports_follow_symlinks
    try:
        with os.scandir(bench_dir) as entries:
            for entry in entries:
                if entry.name.startswith(".") or not _is_dir(entry):
                    continue
                path = entry.path + _SCRIPT_GRADERS  # (a DirEntry's path never ends in "/")
                if (
                    os.access(path, os.F_OK, follow_symlinks=False)
                    if no_follow
                    else os.path.lexists(path)
                ):
                    return True
    except OSError:
        return False
    return False


_SCRIPT_GRADERS = os.sep + "script_graders"


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


# A SHA-256 in hexadecimal, as `hashlib` writes it: 64 lower-case digits.
_DIGEST_LENGTH = 64
_HEX_DIGITS = b"0123456789abcdef"
# The scout's container offsets follow: C unsigned ints (an eval file is at most 64 MiB).
_OFFSET_CODE: Final = "I"
_OFFSET_SIZE = memoryview(bytes(8)).cast(_OFFSET_CODE).itemsize
_READ_SIZE = 1 << 17
# The length of the shape, before it: a 4-byte unsigned int in the machine's byte order.
_LENGTH_SIZE = 4
# The scout's parts, in the order it writes them.
_SHAPE, _DIGEST, _ANSWER = range(3)


def _json_shape(data: bytes) -> bytes:
    """`yaml12.json_shape` of `data`'s text as C unsigned ints (its pairs, 1 if it fits
    else 0, how many containers, then their offsets), then its leaves (a byte per
    container, or none), for an ASCII text (its offsets are its bytes')
    that may be a JSON object or array; else, or on any error, nothing. Run by the scout,
    on the core the parent's load leaves idle."""
    try:
        if not data.isascii() or data.lstrip(b" \r\n")[:1] not in (b"{", b"["):
            return b""
        from array import array

        from .load.yaml12 import json_shape

        shape = json_shape(data.decode("ascii"))
        found = array(_OFFSET_CODE, (shape.pairs, shape.fits, len(shape.offsets)))
        found.extend(shape.offsets)
        return found.tobytes() + shape.leaves
    except Exception:
        return b""


class Scout:
    """The bench dir's `auto` layout, worked out by a child process.

    A batch's workers are forked once the eval file is loaded, and each then had to scan
    the bench dir for `auto` (a stat per test folder, slow on folders not seen before).
    The scout is forked before the load instead, while the parent uses one core, and
    scans on the other; the parent reads its one-byte answer once the suite is loaded.
    Linux only (forking is the platform's usual way there); elsewhere, or when the scout
    fails in any way, `answer` is None and the layout is resolved as before. Use it as a
    context manager: leaving it reaps the child (stopping it first if it is unread).

    Given the eval file's bytes, the scout writes what the parent's load asks for first
    before it hashes them and scans: the text's shape (its length, then itself), the
    bytes' SHA-256, then the layout's byte; the parent reads each part when it asks for
    it (the shape once the text is parsed), so that the load waits for neither the hash
    nor the scan it does not need yet (the pipe is made to hold a suite's shape: the
    scout goes on whether the parent reads it or not).
    """

    __slots__ = ("_fd", "_pid", "_parts", "_given")

    def __init__(self, pid: int | None, fd: int | None, given: bool = False) -> None:
        self._pid = pid
        self._fd = fd
        self._given = given  # the scout was given the eval file's bytes
        self._parts: list[bytes | None] = []  # what the scout wrote, part by part, once read

    @classmethod
    def start(cls, layout: str, bench_dir: str, data: bytes | None = None) -> Scout:
        """A scout for `layout` in `bench_dir`; one that does nothing unless it is `auto`.
        Given `data` (the eval file's bytes, read before the fork), it also works out
        their SHA-256 (`digest`), which the parent's serial load would otherwise compute
        (some 30 to 40 M instructions on a 1 to 1.5 MB suite)."""
        if layout != "auto" or not sys.platform.startswith("linux"):
            return cls(None, None)
        try:
            read_end, write_end = os.pipe()
        except OSError:
            return cls(None, None)
        if data is not None:
            # To hold a suite's shape (5 bytes a container) and digest, so that the scout
            # hashes and scans on without waiting for the parent to read the shape, which a
            # load that does not parse JSON (JSONL, flow-style YAML) reads only when it
            # asks for the digest.
            widen_pipe(write_end)
        try:
            pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            return cls(None, None)
        if pid == 0:  # the child: answer, then leave without running any of the parent's code
            try:
                os.close(read_end)
                if data is not None:
                    shape = _json_shape(data)
                    write_all(write_end, len(shape).to_bytes(_LENGTH_SIZE, sys.byteorder) + shape)
                    import hashlib

                    write_all(write_end, hashlib.sha256(data).hexdigest().encode("ascii"))
                write_all(write_end, b"h" if any_script_graders(bench_dir) else b"v")
                # The parent reads to the end of the answer: the pipe is closed here, not
                # when the process's exit closes it, after unmapping its memory (about a ms).
                os.close(write_end)
            finally:
                os._exit(0)  # no answer written (an error, a signal): the parent scans itself
        os.close(write_end)
        return cls(pid, read_end, data is not None)

    def answer(self) -> str | None:
        """`head` or `v4` as the scout found it (waiting for it if need be), else None."""
        found = self._part(_ANSWER)
        return {b"h": "head", b"v": "v4"}.get(found) if found is not None else None

    def digest(self) -> str | None:
        """The SHA-256 (hexadecimal) of the `data` the scout was given, as it found it
        (waiting for it if need be), else None."""
        found = self._part(_DIGEST)
        if found is None or found.strip(_HEX_DIGITS):
            return None
        return found.decode("ascii")

    def shape(self) -> JsonShape | None:
        """`yaml12.json_shape` of the text of the `data` the scout was given, for an ASCII
        text that may be JSON, as it found it (waiting for it if need be), else None. The
        load works it out itself when it gets None, and its offsets when they are not as
        many as the containers it parsed."""
        payload = self._part(_SHAPE)
        if payload is None:
            return None
        if len(payload) < 3 * _OFFSET_SIZE:
            return None
        count = int.from_bytes(payload[2 * _OFFSET_SIZE : 3 * _OFFSET_SIZE], sys.byteorder)
        end = (3 + count) * _OFFSET_SIZE
        leaves = payload[end:]
        if len(payload) < end or len(leaves) not in (0, count):
            return None
        from .load.yaml12 import JsonShape

        numbers = memoryview(payload)[:end].cast(_OFFSET_CODE)
        return JsonShape(numbers[3:], numbers[0], numbers[1] == 1, leaves)

    def _part(self, which: int) -> bytes | None:
        """The scout's part `which` (its parts come in order: `_SHAPE`, `_DIGEST`,
        `_ANSWER`), read once, those before it first (waiting for them if need be); None
        if the scout wrote no such part (given no data, or failed before it)."""
        parts = self._parts
        while len(parts) <= which:
            if not self._given and len(parts) < _ANSWER:
                parts.append(None)  # (no data: only the answer was written)
            elif len(parts) == _SHAPE:
                size = self._take(_LENGTH_SIZE)
                parts.append(
                    None if size is None else self._take(int.from_bytes(size, sys.byteorder))
                )
            elif len(parts) == _DIGEST:
                parts.append(self._take(_DIGEST_LENGTH))
            else:
                parts.append(self._take(1))
                self._reap(stop=False)  # the last part: the scout is done
        return parts[which]

    def _take(self, size: int) -> bytes | None:
        """The next `size` bytes the scout wrote, or None if it wrote fewer (it is then
        reaped: nothing more will come)."""
        if self._fd is None:
            return None
        chunks = []
        try:
            while size:
                chunk = os.read(self._fd, min(size, _READ_SIZE))
                if not chunk:
                    break
                chunks.append(chunk)
                size -= len(chunk)
        except OSError:
            size = -1
        if size:
            self._reap(stop=False)
            return None
        return b"".join(chunks)

    def _reap(self, *, stop: bool) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._pid is not None:
            pid, self._pid = self._pid, None
            if stop:
                import signal

                try:
                    os.kill(pid, signal.SIGKILL)  # it only reads: nothing is left half done
                except OSError:
                    pass
            try:
                os.waitpid(pid, 0)
            except OSError:
                pass

    def __enter__(self) -> Scout:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._reap(stop=True)
