"""The only module that writes files: atomic, inside the test's folder (SPEC §6, STYLE §14).

A file is written to a temporary `.agentv-grade-*.tmp` beside it and renamed over the final
name, so readers (and racing writers) only ever see complete files. The temporary file is
removed on any exception, including the `SystemExit` the command line raises on SIGTERM;
only SIGKILL can leave one behind, and never a partial final file (docs/SPEC.md §9).
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import re
import stat
from collections.abc import Callable, Iterable
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any

from .errors import GradeInputError

TEMP_PREFIX = ".agentv-grade-"
TEMP_SUFFIX = ".tmp"
_SURROGATE = re.compile("[\ud800-\udfff]")


def dump_json(data: Any) -> str:
    """Indented JSON (two spaces), non-ASCII kept as is, numbers as orjson writes them (the
    shortest text that reads back as the same float; NaN and infinities as `null`, as
    `JSON.stringify` does); a lone surrogate, which UTF-8 cannot hold, makes the whole
    text ASCII with `\\uXXXX` escapes, which is still valid JSON.

    Two writers produce this same text: `_indented`, and orjson (about fifteen times
    faster) once `use_fast_json` has loaded it. Loading orjson costs more than a single
    test's eight files save, so only batch mode does; what orjson refuses (a lone
    surrogate, a non-string key, an integer beyond 64 bits, nesting past 254 levels) goes
    through `_indented` either way."""
    if _orjson is not None:
        fast = _orjson_text(data, _orjson.OPT_INDENT_2 | _orjson.OPT_APPEND_NEWLINE)
        if fast is not None:
            return fast
    text = _indented(data) + "\n"
    if _SURROGATE.search(text):
        text = _ascii_json(data) + "\n"
    return text


_orjson: Any = None


def use_fast_json() -> None:
    """Load orjson for `dump_json` (batch mode: thousands of files)."""
    global _orjson
    if _orjson is None:
        import orjson

        _orjson = orjson


def _orjson_text(data: Any, option: int) -> str | None:
    """orjson's text for `data`, or None for what it refuses (see `dump_json`)."""
    try:
        return str(_orjson.dumps(data, option=option).decode("utf-8"))
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return None


def fast_json() -> Any:
    """orjson when `use_fast_json` loaded it, else None."""
    return _orjson


def dump_json_line(data: Any) -> str:
    """One line of compact JSON (batch mode's stdout), with the files' number text when
    orjson is loaded (batch mode loads it); what orjson refuses goes to `json`."""
    if _orjson is not None:
        fast = _orjson_text(data, 0)
        if fast is not None:
            return fast
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class _Unsupported(Exception):
    """A value `json` itself would reject or convert through `default`."""


def _indented(data: Any, quote: Callable[[str], str] = encode_basestring) -> str:
    """The text orjson writes for `data`, for what orjson refuses: `json.dumps(data,
    ensure_ascii=False, indent=2)` with orjson's numbers, and keys as `json` converts them.
    Same type checks in the same order as `json`; anything it would reject goes to
    `json.dumps` itself, so errors are its own."""
    parts: list[str] = []
    try:
        _emit(data, parts, "\n", quote)
    except _Unsupported:
        json.dumps(data, ensure_ascii=False, indent=2)  # raises json's own TypeError
        raise TypeError(f"cannot write as JSON: {type(data).__name__}") from None
    return "".join(parts)


def _ascii_json(data: Any) -> str:
    return _indented(data, encode_basestring_ascii)


def _emit(value: Any, parts: list[str], newline: str, quote: Callable[[str], str]) -> None:
    if isinstance(value, str):
        parts.append(quote(value))
    elif value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, int):
        parts.append(int.__repr__(value))
    elif isinstance(value, float):
        parts.append(_float(value))
    elif isinstance(value, (list, tuple)):
        _emit_list(value, parts, newline, quote)
    elif isinstance(value, dict):
        _emit_dict(value, parts, newline, quote)
    else:
        raise _Unsupported


def _emit_list(
    items: list[Any] | tuple[Any, ...], parts: list[str], newline: str, quote: Callable[[str], str]
) -> None:
    if not items:
        parts.append("[]")
        return
    inner = newline + "  "
    opening = "[" + inner
    for item in items:
        parts.append(opening)
        opening = "," + inner
        _emit(item, parts, inner, quote)
    parts.append(newline + "]")


def _emit_dict(
    mapping: dict[Any, Any], parts: list[str], newline: str, quote: Callable[[str], str]
) -> None:
    if not mapping:
        parts.append("{}")
        return
    inner = newline + "  "
    opening = "{" + inner
    for key, item in mapping.items():
        parts.append(opening + quote(_key(key)) + ": ")
        opening = "," + inner
        _emit(item, parts, inner, quote)
    parts.append(newline + "}")


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if isinstance(key, float):  # as `json` converts a float key
        if key != key:
            return "NaN"
        if key in (float("inf"), float("-inf")):
            return "Infinity" if key > 0 else "-Infinity"
        return float.__repr__(key)
    if key is True or key is False or key is None:
        return {True: "true", False: "false", None: "null"}[key]
    if isinstance(key, int):
        return int.__repr__(key)
    raise _Unsupported


def _float(value: float) -> str:
    """orjson's text for a float (3.12 and later): Python's shortest round-trip digits,
    written without an exponent from 1e-5 up to 1e16 (`0.00001`), else with one that has no
    leading zeros (`1e-7`, `1e+16`); NaN and the infinities become `null`."""
    if value != value or value in (_INF, -_INF):
        return "null"
    text = float.__repr__(value)
    mantissa, mark, exponent = text.partition("e")
    if not mark or exponent.startswith("+"):
        return text
    power = int(exponent)
    if power != -5:
        return f"{mantissa}e{power}"
    sign = "-" if mantissa.startswith("-") else ""
    return f"{sign}0.0000{mantissa.lstrip('-').replace('.', '')}"


_INF = float("inf")


def exit_on_sigterm() -> None:
    """Make SIGTERM raise `SystemExit(143)` in this process, so the `except BaseException`
    of `write_atomic` removes its temporary file before the process ends (the default
    action would end it at once). For the command line and batch worker processes."""
    import signal

    def terminate(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, terminate)


def check_targets(paths: Iterable[str], inside: str | None = None) -> None:
    """Refuse, before anything is written, a result path that is a directory, or (with
    `inside`) whose folder leads out of `inside` through a symbolic link planted there.

    Raises:
        GradeInputError: one of the paths cannot be written safely (nothing was written).
    """
    root = os.path.realpath(inside) if inside is not None else None
    resolved: dict[str, str] = {}  # one realpath per folder: a test's files share two
    for path in paths:
        if os.path.isdir(path):
            raise GradeInputError(
                "cannot write a result file: a directory has its name",
                file=path,
                hint="remove or rename that directory",
            )
        parent = os.path.dirname(path)
        folder = resolved.get(parent)
        if folder is None:
            folder = resolved[parent] = _realpath(parent, inside, root)
        if root is not None and folder != root and not folder.startswith(root + os.sep):
            raise GradeInputError(
                "cannot write a result file: its folder leads out of the test's folder",
                file=path,
                hint="a symbolic link? results stay in <bench-dir>/<test-id>/",
            )


def _realpath(folder: str, inside: str | None, root: str | None) -> str:
    """`os.path.realpath(folder)`, in one `lstat` for the usual case: a folder named
    directly inside `inside` (whose real path is `root`) that is not a symbolic link."""
    if inside is not None and root is not None and os.name == "posix":
        if folder == inside:
            return root
        head, name = os.path.split(folder)
        if head == inside and name not in ("", ".", ".."):
            try:
                is_link = stat.S_ISLNK(os.lstat(folder).st_mode)
            except OSError:
                is_link = False  # missing: realpath keeps the name as it is
            if not is_link:
                return os.path.join(root, name)
    return os.path.realpath(folder)


def write_if_changed(path: str, text: str) -> bool:
    """`write_atomic`, unless the file already holds exactly this text; True when written.

    A re-grade writes the same merge and critique files again: comparing a small regular
    file is several times cheaper than replacing it (on some file systems a rename over a
    file costs milliseconds), and the bytes on disk are the same either way. A symbolic
    link, anything but a regular file, or a file that cannot be read is written as usual.
    """
    data = text.encode("utf-8", "backslashreplace")
    if _holds(path, data):
        return False
    _write_bytes(path, data)
    return True


def _holds(path: str, data: bytes) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return False
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != len(data):
            return False
        return os.read(fd, len(data) + 1) == data
    except OSError:
        return False
    finally:
        os.close(fd)


def write_atomic(path: str, text: str) -> None:
    """Temporary file + rename: readers never see a partial file, even with racing writers.

    Four system calls per file (create, write, close, rename): batch mode writes nine files
    per test, so `mkstemp`'s random names, a text wrapper and a `makedirs` per file showed.
    The folder is only created when the create says it is missing.

    Raises:
        GradeInputError: the file cannot be written (its folder is a file or read-only, the
            name is too long, the disk is full); the temporary file is removed.
    """
    _write_bytes(path, text.encode("utf-8", "backslashreplace"))


def _write_bytes(path: str, data: bytes) -> None:
    folder = os.path.dirname(path) or "."
    tried: list[str] = []  # named before it is created: a signal between the two is safe
    tmp: str | None = None
    try:
        fd, tmp = _create_temp(folder, tried)
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException as exc:  # also SystemExit from SIGTERM: never leave the temp file
        for name in [tmp] if tmp is not None else tried[-1:]:
            with contextlib.suppress(OSError):
                os.unlink(name)
        if isinstance(exc, OSError):
            raise _unwritable(path, exc) from None
        raise


_TEMP_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_TEMP_FLAGS |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_temp_serial = itertools.count()


def _create_temp(folder: str, tried: list[str]) -> tuple[int, str]:
    """A new temporary file in `folder` (created if missing): a name unique to this process
    (pid + serial), `O_EXCL` so a name already taken, by anyone, is never reused."""
    made_folder = False
    for _ in range(100):
        name = f"{TEMP_PREFIX}{os.getpid()}-{next(_temp_serial)}{TEMP_SUFFIX}"
        tmp = os.path.join(folder, name)
        tried.append(tmp)
        try:
            return os.open(tmp, _TEMP_FLAGS, 0o666), tmp
        except FileExistsError:  # someone else's file: never ours to remove on the way out
            tried.pop()
            continue
        except FileNotFoundError:
            if made_folder:
                raise
            os.makedirs(folder, exist_ok=True)
            made_folder = True
    raise FileExistsError(errno.EEXIST, "no free temporary file name", folder)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _unwritable(path: str, exc: OSError) -> GradeInputError:
    return GradeInputError(
        f"cannot write a result file: {exc.strerror or exc}",
        file=path,
        hint="check that the bench dir is a writable folder",
    )


def remove_quietly(path: str) -> None:
    """Remove a file this tool wrote before; one that is gone or cannot go is left alone."""
    with contextlib.suppress(OSError):
        os.unlink(path)
