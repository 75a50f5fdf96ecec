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
    followed) holding an entry of that name; one scandir, no pattern matching per entry."""
    try:
        with os.scandir(bench_dir) as entries:
            for entry in entries:
                if entry.name.startswith(".") or not _is_dir(entry):
                    continue
                if _has_script_graders(entry.path):
                    return True
    except OSError:
        return False
    return False


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


def _json_shape(data: bytes) -> bytes:
    """`yaml12.json_shape` of `data`'s text as C unsigned ints (its pairs, 1 if it fits
    else 0, then its container offsets), for an ASCII text (its offsets are its bytes')
    that may be a JSON object or array; else, or on any error, nothing. Run by the scout,
    on the core the parent's load leaves idle."""
    try:
        if not data.isascii() or data.lstrip(b" \r\n")[:1] not in (b"{", b"["):
            return b""
        from array import array

        from .load.yaml12 import json_shape

        shape = json_shape(data.decode("ascii"))
        found = array(_OFFSET_CODE, (shape.pairs, shape.fits))
        found.extend(shape.offsets)
        return found.tobytes()
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
    """

    __slots__ = ("_fd", "_pid", "_found")

    def __init__(self, pid: int | None, fd: int | None) -> None:
        self._pid = pid
        self._fd = fd
        self._found: bytes | None = None  # what the scout wrote, once read

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
        try:
            pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            return cls(None, None)
        if pid == 0:  # the child: answer, then leave without running any of the parent's code
            try:
                os.close(read_end)
                found = b"h" if any_script_graders(bench_dir) else b"v"
                if data is not None:
                    import hashlib

                    found += hashlib.sha256(data).hexdigest().encode("ascii")
                    found += _json_shape(data)
                view = memoryview(found)
                while view:  # (more than a pipe holds: the parent reads as it loads)
                    view = view[os.write(write_end, view) :]
                # The parent reads to the end of the pipe: closed here, not when the
                # process's exit closes it, after unmapping its memory (about a ms).
                os.close(write_end)
            finally:
                os._exit(0)  # no answer written (an error, a signal): the parent scans itself
        os.close(write_end)
        return cls(pid, read_end)

    def answer(self) -> str | None:
        """`head` or `v4` as the scout found it (waiting for it if need be), else None."""
        return {b"h": "head", b"v": "v4"}.get(self._read()[:1])

    def digest(self) -> str | None:
        """The SHA-256 (hexadecimal) of the `data` the scout was given, as it found it
        (waiting for it if need be), else None."""
        found = self._read()[1 : 1 + _DIGEST_LENGTH]
        if len(found) != _DIGEST_LENGTH or found.strip(_HEX_DIGITS):
            return None
        return found.decode("ascii")

    def shape(self) -> JsonShape | None:
        """`yaml12.json_shape` of the text of the `data` the scout was given, for an ASCII
        text that may be JSON, as it found it (waiting for it if need be), else None. The
        load works it out itself when it gets None, and its offsets when they are not as
        many as the containers it parsed."""
        found = self._read()
        if self.digest() is None or len(found) == 1 + _DIGEST_LENGTH:
            return None
        payload = found[1 + _DIGEST_LENGTH :]
        if len(payload) % _OFFSET_SIZE or len(payload) < 2 * _OFFSET_SIZE:
            return None
        from .load.yaml12 import JsonShape

        numbers = memoryview(payload).cast(_OFFSET_CODE)
        return JsonShape(numbers[2:], numbers[0], numbers[1] == 1)

    def _read(self) -> bytes:
        """What the scout wrote (b"" if nothing), read once; the scout is then reaped."""
        if self._found is None:
            if self._fd is None:
                return b""
            chunks = []
            try:
                while chunk := os.read(self._fd, _READ_SIZE):
                    chunks.append(chunk)
                self._found = b"".join(chunks)
            except OSError:
                self._found = b""
            finally:
                self._reap(stop=False)
        return self._found

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
