"""Reading the eval file and the files it names, with one size limit and clear messages."""

from __future__ import annotations

import os

from ..errors import GradeInputError

MAX_EVAL_BYTES = 64 * 1024 * 1024


def read_text_file(path: str, what: str, limit: int = MAX_EVAL_BYTES) -> bytes:
    """Read a whole input file with the size limit (SPEC §7) and a clear message on failure."""
    try:
        if os.path.isdir(path):
            raise GradeInputError(f"{what} is a directory, not a file", file=path)
        size = os.path.getsize(path)
        if size > limit:
            raise GradeInputError(
                f"{what} is {size} bytes, over the {limit // (1024 * 1024)} MiB limit", file=path
            )
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        raise GradeInputError(f"{what} not found", file=path, hint="check the path") from None
    except PermissionError:
        raise GradeInputError(f"{what} is not readable (permission denied)", file=path) from None
    except IsADirectoryError:
        raise GradeInputError(f"{what} is a directory, not a file", file=path) from None
    except OSError as exc:
        raise GradeInputError(f"cannot read {what}: {exc.strerror}", file=path) from None


def decode_utf8(data: bytes, path: str, what: str = "eval file") -> str:
    """UTF-8 without a leading BOM; invalid bytes are refused with their line."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise GradeInputError(
            f"{what} is not valid UTF-8 (byte 0x{data[exc.start]:02x})",
            file=path,
            line=line,
            hint="save it as UTF-8",
        ) from None


def read_utf8(path: str, what: str) -> str:
    """`read_text_file` + `decode_utf8`: the text of an eval file or a file it names."""
    return decode_utf8(read_text_file(path, what), path, what)
