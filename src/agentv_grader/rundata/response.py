"""The candidate's final answer (SPEC §4.1): UTF-8, BOM removed, bad bytes counted."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..errors import GradeInputError
from ..load.files import open_regular, read_bounded

DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024 * 1024


def max_response_bytes() -> int:
    """`AGENTV_GRADE_MAX_RESPONSE_BYTES`, default 2 GiB."""
    raw = os.environ.get("AGENTV_GRADE_MAX_RESPONSE_BYTES", "")
    try:
        value = int(raw)
    except ValueError:
        return DEFAULT_MAX_RESPONSE_BYTES
    return value if value > 0 else DEFAULT_MAX_RESPONSE_BYTES


@dataclass(frozen=True, slots=True)
class Response:
    """The decoded answer and what was odd about its bytes."""

    text: str
    sha256: str
    warnings: tuple[str, ...]


def read_response(path: str) -> Response:
    """Read and decode a response file.

    Raises:
        GradeInputError: missing, unreadable, a directory, or over the size limit.
    """
    limit = max_response_bytes()
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
            data = read_bounded(handle, limit)  # a device behind a symlink reports size 0
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
    return _build(data)


# From this size the digest is computed in a second thread while the text is decoded:
# `hashlib` releases the GIL on big buffers, so on two cores the two overlap.
_HASH_IN_THREAD_FROM = 1 << 20


def _build(data: bytes) -> Response:
    if len(data) < _HASH_IN_THREAD_FROM:
        text, warnings = decode_response(data)
        return Response(text=text, sha256=_sha256(data), warnings=warnings)
    import threading

    digest: list[str] = []
    worker = threading.Thread(target=lambda: digest.append(_sha256(data)), daemon=True)
    worker.start()
    try:
        text, warnings = decode_response(data)
    finally:
        worker.join()
    return Response(text=text, sha256=digest[0], warnings=warnings)


def _sha256(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def decode_response(data: bytes) -> tuple[str, tuple[str, ...]]:
    """UTF-8 with the BOM removed (a deliberate difference, SPEC §4.1); bad bytes replaced.

    The BOM is skipped through a memoryview, so a big response is not copied for it.
    """
    warnings: list[str] = []
    view = memoryview(data)
    if data.startswith(b"\xef\xbb\xbf"):
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
