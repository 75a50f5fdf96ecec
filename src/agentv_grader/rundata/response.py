"""The candidate's final answer (SPEC §4.1): UTF-8, BOM removed, bad bytes counted."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..errors import GradeInputError

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
    import hashlib

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
        with open(path, "rb") as handle:
            data = handle.read()
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
    digest = hashlib.sha256(data).hexdigest()
    return _build(data, digest)


def _build(data: bytes, digest: str) -> Response:
    text, warnings = decode_response(data)
    return Response(text=text, sha256=digest, warnings=warnings)


def decode_response(data: bytes) -> tuple[str, tuple[str, ...]]:
    """UTF-8 with the BOM removed (a deliberate difference, SPEC §4.1); bad bytes replaced."""
    warnings: list[str] = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        warnings.append("response starts with a UTF-8 BOM; it was removed before grading")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("utf-8", errors="replace")
        bad = text.count("\ufffd") - data.decode("utf-8", errors="ignore").count("\ufffd")
        warnings.append(
            f"response is not valid UTF-8: {bad} invalid byte sequence(s) replaced by U+FFFD"
        )
    if "\x00" in text:
        warnings.append("response looks binary (it contains NUL bytes); graded as decoded text")
    return text, tuple(warnings)
