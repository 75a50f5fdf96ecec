"""The candidate's final answer (SPEC §4.1): UTF-8, BOM removed, bad bytes counted."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, BinaryIO

from ..digest import sha256_hex
from ..env import positive_int_env
from ..errors import GradeInputError
from ..load.files import READ_FLAGS, open_regular, read_bounded
from ..record import Record

if TYPE_CHECKING:
    import threading

DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024 * 1024

Buffer = bytes | memoryview


def max_response_bytes() -> int:
    """`AGENTV_GRADE_MAX_RESPONSE_BYTES`, default 2 GiB."""
    return positive_int_env("AGENTV_GRADE_MAX_RESPONSE_BYTES", DEFAULT_MAX_RESPONSE_BYTES)


class Response(Record):
    """The decoded answer and what was odd about its bytes.

    The digest of a big response is computed in a second thread while the response is
    graded; reading `sha256` waits for it.
    """

    text: str
    digest: _Digest
    warnings: tuple[str, ...]

    @property
    def sha256(self) -> str:
        """The SHA-256 of the file's bytes, in hex."""
        return self.digest.value()


class _Digest:
    """A SHA-256 hex digest, computed here or in a thread that `value` waits for."""

    __slots__ = ("_hex", "_thread")

    def __init__(self, data: Buffer | None = None) -> None:
        self._hex: str | None = None
        self._thread: threading.Thread | None = None
        if data is not None:
            self._hex = _sha256(data)

    @classmethod
    def in_thread(cls, data: Buffer) -> _Digest:
        import threading

        digest = cls()

        def run() -> None:
            digest._hex = _sha256(data)

        digest._thread = threading.Thread(target=run, daemon=True)
        digest._thread.start()
        return digest

    def value(self) -> str:
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._hex is None:  # pragma: no cover - the thread died (MemoryError)
            raise RuntimeError("the response digest could not be computed")
        return self._hex


def default_response_path(
    test_id: str, response_file: str | None, bench_dir: str | None
) -> str | None:
    """The response file a run reads (SPEC §2): `--response-file`, else
    `<bench-dir>/<test-id>/response.md`; None when neither is given."""
    if response_file is not None:
        return response_file
    if bench_dir is None:
        return None
    return os.path.join(bench_dir, test_id, "response.md")


def read_response(path: str) -> Response:
    """Read and decode a response file.

    Raises:
        GradeInputError: missing, unreadable, a directory, or over the size limit.
    """
    limit = max_response_bytes()
    pending = _take_prefetch(path, limit)
    if pending is not None:
        return pending.response()
    handed = _take_handed_on(path, limit)
    if handed is not None:
        decoded = handed[1]
        return Response(text=decoded[0], digest=_Digest(handed[0]), warnings=decoded[1])
    data = _read_small(path, limit)
    return _build(data if data is not None else _load(path, limit))


# The bytes of one response read by the critique of the test before, and what
# `decode_response` made of them, by path; None outside `handing_on`, where nothing is kept.
_handed_on: dict[str, tuple[bytes, tuple[str, tuple[str, ...]]]] | None = None


@contextmanager
def handing_on() -> Iterator[None]:
    """While a batch grades a run of consecutive tests in one process, the critique of a
    test, which reads the next test's response as a decoy (SPEC §6.2), hands those bytes
    on to that test's own `read_response`: each response is read once instead of twice.

    The bytes are kept only inside this block and only for the very next `read_response`
    call, which takes or drops them: a response is never graded from a read older than the
    test before it (well under a second), and nothing is kept between runs."""
    global _handed_on
    _handed_on = {}
    try:
        yield
    finally:
        _handed_on = None


def hand_on(path: str, data: bytes, decoded: tuple[str, tuple[str, ...]]) -> None:
    """Offer `data`, the whole content of the regular file `path` as just read, and
    `decoded`, its `decode_response(data)` (the decoy's text: decoded once, and the same
    string object for both, so a lower-case form kept for it serves both), to the next
    `read_response` (only inside `handing_on`; one offer at a time)."""
    if _handed_on is not None:
        _handed_on.clear()
        _handed_on[path] = (data, decoded)


def _take_handed_on(path: str, limit: int) -> tuple[bytes, tuple[str, tuple[str, ...]]] | None:
    """The bytes (and their decoding) handed on for `path` if they are the next read's and
    within what `_read_small` would have returned (under 1 MB and the limit), else None;
    the offer is used up either way."""
    if not _handed_on:
        return None
    handed = _handed_on.pop(path, None)
    _handed_on.clear()
    if handed is None or len(handed[0]) >= _HASH_IN_THREAD_FROM or len(handed[0]) > limit:
        return None
    return handed


def _read_small(path: str, limit: int) -> bytes | None:
    """The bytes of a regular file under 1 MB and within the limit in four system calls
    (open, fstat, read, close; batch mode reads one response per test), or None for
    anything else: `_load` then reads it, or raises its message for a missing, unreadable,
    oversized or odd file, as it would have without this. The open does not wait (a FIFO
    is seen by the fstat), and a file that grew past its size is left to `_load`."""
    try:
        fd = os.open(path, READ_FLAGS)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        size = info.st_size
        if not stat.S_ISREG(info.st_mode) or size >= _HASH_IN_THREAD_FROM or size > limit:
            return None
        data = os.read(fd, size + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) <= size else None


def _load(path: str, limit: int, prefault: bool = True) -> Buffer:
    """The bytes of the response file, or the GradeInputError `read_response` raises;
    `prefault` as in `_read`."""
    try:
        if os.path.isdir(path):
            raise GradeInputError("response file is a directory", file=path)
        size = os.path.getsize(path)
        if size > limit:
            raise GradeInputError(
                f"response file is {size} bytes, over the limit of {limit} bytes",
                file=path,
                hint="raise AGENTV_GRADE_MAX_RESPONSE_BYTES if this is intended",
            )
        with open_regular(path) as handle:
            data = _read(handle, limit, prefault)  # a device behind a symlink: size 0
        if len(data) > limit:
            raise GradeInputError(
                f"response file is over the limit of {limit} bytes (read past it)",
                file=path,
                hint="a device or a growing file? point at a regular file",
            )
    except FileNotFoundError:
        raise GradeInputError(
            "response file not found", file=path, hint="pass --response-file or write response.md"
        ) from None
    except PermissionError:
        raise GradeInputError(
            "response file is not readable (permission denied)", file=path
        ) from None
    except OSError as exc:
        raise GradeInputError(f"cannot read response file: {exc.strerror}", file=path) from None
    return data


# From this size the digest is computed in a second thread while the text is decoded and
# graded (`hashlib` releases the GIL on big buffers, so on two cores the two overlap), and
# the file is read into a pre-faulted anonymous buffer (below).
_HASH_IN_THREAD_FROM = 1 << 20


def _read(handle: BinaryIO, limit: int, prefault: bool = True) -> Buffer:
    """`read_bounded(handle, limit)`; a big regular file is read into an anonymous memory
    map populated in one go (`MAP_POPULATE`): the kernel then fills the pages in bulk
    instead of taking a page fault for each 4 KiB of a fresh `bytes`. The file itself is
    never mapped (SPEC §7: a mapped file truncated by another process raises SIGBUS), so a
    file that shrinks while it is read is just shorter, as with `read`."""
    try:
        size = os.fstat(handle.fileno()).st_size
    except (OSError, ValueError):
        size = 0
    if not _HASH_IN_THREAD_FROM <= size <= limit:
        return read_bounded(handle, limit)
    import mmap

    populate = getattr(mmap, "MAP_POPULATE", 0)
    if not populate:  # not Linux
        return read_bounded(handle, limit)
    # `prefault=False` (the read-ahead thread of `prefetch`): pages are filled as read
    # fills them. `MAP_POPULATE` holds the process's memory-map lock while it fills, and
    # the main thread's imports, which map memory for their objects, would wait as long.
    flags = mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | (populate if prefault else 0)
    try:
        view = memoryview(mmap.mmap(-1, size + 1, flags=flags))
    except OSError:  # no such mapping here (a restricted kernel): read as usual
        return read_bounded(handle, limit)
    fd = handle.fileno()
    filled = 0
    while filled <= size:
        got = os.readv(fd, [view[filled:]])
        if not got:
            return view[:filled]
        filled += got
    # longer than fstat said: read on up to the bound, as `read_bounded` does
    chunks = [bytes(view)]
    while filled <= limit:
        chunk = os.read(fd, min(limit + 1 - filled, 1 << 24))
        if not chunk:
            break
        chunks.append(chunk)
        filled += len(chunk)
    return b"".join(chunks)


def _build(data: Buffer) -> Response:
    if len(data) < _HASH_IN_THREAD_FROM:
        text, warnings = decode_response(data)
        return Response(text=text, digest=_Digest(data), warnings=warnings)
    digest = _Digest.in_thread(data)
    text, warnings = decode_response(data)
    return Response(text=text, digest=digest, warnings=warnings)


class _Prefetch:
    """A response file read (and hashed) in a daemon thread started by `prefetch`.

    The thread runs `_load` as `read_response` would and keeps its bytes or its exception;
    `response` decodes in the calling thread (decoding holds the GIL, so in the thread it
    would only stall the imports it is meant to overlap) and raises what `_load` raised.
    """

    __slots__ = ("path", "limit", "pid", "ready", "data", "error", "digest")

    def __init__(self, path: str, limit: int) -> None:
        import threading

        self.path = path
        self.limit = limit
        self.pid = os.getpid()
        self.ready = threading.Event()
        self.data: Buffer | None = None
        self.error: Exception | None = None
        self.digest = _Digest()
        self.digest._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        data: Buffer | None = None  # a local: `response` may drop `self.data` meanwhile
        try:
            data = self.data = _load(self.path, self.limit, prefault=False)
        except Exception as exc:  # raised by `response`, where `read_response` raises it
            self.error = exc
        finally:
            self.ready.set()
        if data is not None:
            self.digest._hex = _sha256(data)

    def response(self) -> Response:
        self.ready.wait()
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        assert self.data is not None
        data, self.data = self.data, None
        text, warnings = decode_response(data)
        return Response(text=text, digest=self.digest, warnings=warnings)


# The response file being read ahead (at most one: the command line grades one test).
_prefetched: _Prefetch | None = None


def prefetch(path: str) -> bool:
    """Start reading a big response file in a daemon thread, so the read overlaps the
    imports and the eval load; `read_response(path)` then takes the result, with the same
    text, warnings, digest and errors. Small or odd files (under 1 MB, over the limit, not
    a regular file, no size) are left to `read_response`. Returns whether a read started.
    """
    global _prefetched
    limit = max_response_bytes()
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return False
    if not stat.S_ISREG(info.st_mode) or not _HASH_IN_THREAD_FROM <= info.st_size <= limit:
        return False
    pending = _Prefetch(path, limit)
    assert pending.digest._thread is not None
    try:
        pending.digest._thread.start()
    except RuntimeError:  # no thread to be had (a process or memory limit): read later
        return False
    _prefetched = pending
    return True


def _take_prefetch(path: str, limit: int) -> _Prefetch | None:
    """The read `prefetch` started for this path and limit in this process, if any; the
    first `read_response` call takes (or drops) it, whatever its path."""
    global _prefetched
    pending, _prefetched = _prefetched, None
    if pending is None or (pending.path, pending.limit, pending.pid) != (
        path,
        limit,
        os.getpid(),
    ):
        return None
    return pending


def _sha256(data: Buffer) -> str:
    return sha256_hex(data)


def decode_response(data: Buffer) -> tuple[str, tuple[str, ...]]:
    """UTF-8 with the BOM removed (a deliberate difference, SPEC §4.1); bad bytes replaced.

    The BOM is skipped through a memoryview, so a big response is not copied for it.
    """
    warnings: list[str] = []
    view = memoryview(data)
    if bytes(view[:3]) == b"\xef\xbb\xbf":
        view = view[3:]
        warnings.append("response starts with a UTF-8 BOM; it was removed before grading")
    try:
        text = str(view, "utf-8")
    except UnicodeDecodeError:
        text = str(view, "utf-8", "replace")
        bad = text.count("\ufffd") - str(view, "utf-8", "ignore").count("\ufffd")
        warnings.append(
            f"response is not valid UTF-8: {bad} invalid byte sequence(s) replaced by U+FFFD"
        )
    if "\x00" in text:
        warnings.append("response looks binary (it contains NUL bytes); graded as decoded text")
    return text, tuple(warnings)
