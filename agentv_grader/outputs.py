"""The only module that writes files: atomic, inside the test's folder (SPEC §6, STYLE §14).

A file is written to a temporary `.agentv-grade-*.tmp` beside it and renamed over the final
name, so readers (and racing writers) only ever see complete files. The temporary file is
removed on any exception, including the `SystemExit` the command line raises on SIGTERM;
only SIGKILL can leave one behind, and never a partial final file (docs/SPEC.md §7).
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Sequence
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any

from .errors import GradeInputError
from .load.files import Listing, Undecided

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
    return _fallback_json(data)


def string_list_json(value: Any) -> str | None:
    """`json.dumps(value, ensure_ascii=False)` for a list of strings, written here (setting
    up the encoder costs more than such a list takes to write); None for any other value."""
    if not isinstance(value, list):
        return None
    for item in value:
        if not isinstance(item, str):
            return None
    return "[" + ", ".join(map(encode_basestring, value)) + "]"


def _fallback_json(data: Any) -> str:
    text = _indented(data) + "\n"
    if _SURROGATE.search(text):
        text = _ascii_json(data) + "\n"
    return text


def json_bytes(data: Any) -> bytes:
    """`dump_json(data)` as a file holds it (UTF-8): orjson's own bytes when it is loaded,
    not decoded to text only to be encoded again (the files of a batch are written so)."""
    if _orjson is not None:
        try:
            return bytes(
                _orjson.dumps(data, option=_orjson.OPT_INDENT_2 | _orjson.OPT_APPEND_NEWLINE)
            )
        except TypeError:  # what orjson refuses: the same text from `_indented`
            pass
    return _encode(_fallback_json(data))


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "backslashreplace")


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


def parse_json(data: bytes) -> Any:
    """`json.loads`, through orjson (several times faster) when batch mode has loaded it
    and where both give the same value: orjson refuses a lone surrogate escape, `NaN`,
    `1e400`, and reads an integer of 19 or more digits as a float, so such texts go to
    `json.loads`."""
    if _orjson is not None and not _has_long_number(data):
        try:
            return _orjson.loads(data)
        except _orjson.JSONDecodeError:
            pass
    return json.loads(data)


def _has_long_number(data: bytes) -> bool:
    """Whether `data` holds 19 digits in a row (`re.search(rb"[0-9]{19}")`, which takes
    ten times as long on a report: it tries every digit as a start)."""
    return data.translate(_DIGITS_AS_ONES).find(b"1" * 19) >= 0


_DIGITS_AS_ONES = bytes(49 if 48 <= byte <= 57 else 48 for byte in range(256))


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
    action would end it at once). For the command line and batch worker processes.

    Only the first SIGTERM does: later ones are ignored, so that they cannot interrupt
    that clean-up (a batch worker gets one from the terminal's process group and one
    from the parent stopping its team). SIGKILL remains for a process that never ends."""
    try:  # the C module: `signal` itself makes three enums on import, 2 ms of a cold start
        import _signal as signals
    except ImportError:  # an interpreter without it
        import signal as signals

    def terminate(signum: int, frame: object) -> None:
        signals.signal(signals.SIGTERM, signals.SIG_IGN)
        raise SystemExit(128 + signum)

    signals.signal(signals.SIGTERM, terminate)


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
            _refuse_directory(path)
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


def prepare_targets(
    test_dir: str,
    relpaths: Sequence[str],
    *,
    make_folders: bool = True,
    listing: Listing | None = None,
) -> frozenset[str] | None:
    """`check_targets(paths, inside=test_dir)` for result files named relative to the test
    folder (`name` or `folder/name`), from one listing of the test folder and one of each
    result folder in it, instead of a stat per file and a `realpath`: a folder that is a
    real directory listed in the test folder (or missing) cannot lead out of it. Once the
    checks pass, a missing result folder is created (unless `make_folders` is False: the
    caller then writes it whole with `write_new_folder`), so no write into it fails first.

    `listing`: a listing of `test_dir` already taken, used instead of a new one.

    Returns the names in the test folder (no need to open a file that is not there), or
    None where a listing cannot decide: the folder cannot be listed; a result folder is a
    symbolic link, a file or cannot be made; a name has another shape; a missing name may
    exist under another spelling (a case-insensitive folder; non-ASCII names); not POSIX.
    The caller then takes `check_targets`, whose messages are the reference.

    Raises:
        GradeInputError: a result path is a directory (nothing was written).
    """
    if os.name != "posix":
        return None
    prefix = os.path.join(test_dir, "")
    parts = [_split_relpath(rel) for rel in relpaths]
    try:
        top = listing if listing is not None and listing.folder == test_dir else Listing(test_dir)
        folders: dict[str, Listing | None] = {"": top}  # None: missing, made below
        for folder, _ in parts:
            if folder not in folders:
                if folder is None or folder in relpaths:
                    return None  # another shape, or a folder that is also a file to write
                entry = top.find(folder)
                if entry is None:
                    folders[folder] = None
                elif entry.is_dir(follow_symlinks=False):
                    folders[folder] = Listing(prefix + folder)
                else:
                    return None
        found = []
        for folder, name in parts:
            listing = folders[folder or ""]
            found.append(listing.find(name) if listing is not None else None)
    except (OSError, Undecided):
        return None
    for rel, entry in zip(relpaths, found, strict=True):
        if entry is not None and _entry_is_dir(entry):
            _refuse_directory(prefix + rel)
    for folder, listing in folders.items():
        if listing is None and make_folders:
            try:
                os.mkdir(prefix + folder)
            except OSError:
                return None
    return frozenset(top.entries)


def _split_relpath(rel: str) -> tuple[str | None, str]:
    """(folder, name) of `name` ("" for the test folder) or `folder/name`; folder None when
    the path has another shape (left to `check_targets`)."""
    folder, slash, name = rel.rpartition("/")
    if name in _ODD_NAMES or "/" in folder or (slash and folder in _ODD_NAMES):
        return None, name
    return folder, name


_ODD_NAMES = ("", ".", "..")


def _entry_is_dir(entry: os.DirEntry[str]) -> bool:
    """`os.path.isdir(entry.path)`: symbolic links followed, False when that fails; the
    listing's file type answers without a stat unless the entry is a link."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def _refuse_directory(path: str) -> None:
    raise GradeInputError(
        "cannot write a result file: a directory has its name",
        file=path,
        hint="remove or rename that directory",
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


def write_if_changed(path: str, text: str | bytes) -> bool:
    """`write_atomic`, unless the file already holds exactly this text; True when written.

    A re-grade writes the same merge and critique files again: comparing a small regular
    file is several times cheaper than replacing it (on some file systems a rename over a
    file costs milliseconds), and the bytes on disk are the same either way. A symbolic
    link, anything but a regular file, or a file that cannot be read is written as usual.
    """
    data = text if isinstance(text, bytes) else _encode(text)
    if _holds(path, data):
        return False
    _write_bytes(path, data)
    return True


# Not following a link, and not waiting for a writer: a FIFO planted where a result was
# would block a plain open for reading until one came.
_HOLDS_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_HOLDS_FLAGS |= getattr(os, "O_BINARY", 0)


def _holds(path: str, data: bytes) -> bool:
    try:
        fd = os.open(path, _HOLDS_FLAGS)
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


def write_atomic(path: str, text: str | bytes) -> None:
    """Temporary file + rename: readers never see a partial file, even with racing writers.

    Four system calls per file (create, write, close, rename): batch mode writes nine files
    per test, so `mkstemp`'s random names, a text wrapper and a `makedirs` per file showed.
    The folder is only created when the create says it is missing. Text is written as
    UTF-8 (a lone surrogate as a `\\uXXXX` escape); bytes as they are.

    Raises:
        GradeInputError: the file cannot be written (its folder is a file or read-only, the
            name is too long, the disk is full); the temporary file is removed.
    """
    _write_bytes(path, text if isinstance(text, bytes) else _encode(text))


def _write_bytes(path: str, data: bytes) -> None:
    tried: list[str] = []  # named before it is created: a signal between the two is safe
    tmp: str | None = None
    try:
        fd, tmp = _create_temp(path, tried)
        _write_and_close(fd, data)
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
_pid = os.getpid()


def _forked() -> None:
    global _pid
    _pid = os.getpid()


if hasattr(os, "register_at_fork"):  # a batch worker names its files with its own pid
    os.register_at_fork(after_in_child=_forked)


def _create_temp(path: str, tried: list[str]) -> tuple[int, str]:
    """A new temporary file beside `path` (its folder created if missing): a name unique to
    this process (pid + serial), `O_EXCL` so a name already taken, by anyone, is never
    reused. The pid is looked up once per process (a system call per file showed), and
    even a stale one could only cost a retry: `O_EXCL` never shares a name."""
    head = path[: path.rfind("/") + 1] if os.sep == "/" else os.path.join(_folder(path), "")
    made_folder = False
    for _ in range(100):
        tmp = f"{head}{TEMP_PREFIX}{_pid}-{next(_temp_serial)}{TEMP_SUFFIX}"
        tried.append(tmp)
        try:
            return os.open(tmp, _TEMP_FLAGS, 0o666), tmp
        except FileExistsError:  # someone else's file: never ours to remove on the way out
            tried.pop()
            continue
        except FileNotFoundError:
            if made_folder:
                raise
            os.makedirs(_folder(path), exist_ok=True)
            made_folder = True
    raise FileExistsError(errno.EEXIST, "no free temporary file name", _folder(path))


def write_new_folder(folder: str, files: Sequence[tuple[str, bytes]]) -> bool:
    """Create `folder` holding `files` (name, bytes), all at once: they are written into a
    temporary folder beside it, renamed into place when complete. Readers see no folder or
    the whole of it, as `write_atomic` gives per file, for one rename instead of one per
    file (a first grading's six merge files: five renames fewer a test in batch mode).

    Returns False, leaving nothing behind, when this cannot be done: `folder` exists by
    now (another writer; a rename never replaces anything but an empty folder), the
    temporary folder cannot be made, a write fails. The caller then writes file by file,
    which reports any lasting problem in its own words.
    """
    head = os.path.join(os.path.dirname(folder), "")
    # Each name is recorded before it is made, so that a signal between the two leaves
    # nothing behind (removing what was not made yet fails quietly).
    made: list[str] = []
    tmp: str | None = None
    try:
        for _ in range(100):
            tmp = f"{head}{TEMP_PREFIX}{_pid}-{next(_temp_serial)}{TEMP_SUFFIX}"
            try:
                os.mkdir(tmp)
            except FileExistsError:  # someone else's: never ours to remove
                tmp = None
                continue
            break
        if tmp is None:
            return False
        for file_name, data in files:
            path = f"{tmp}{os.sep}{file_name}"
            made.append(path)
            _write_and_close(os.open(path, _TEMP_FLAGS, 0o666), data)
        os.rename(tmp, folder)
        return True
    except OSError:
        _remove_folder(tmp, made)
        return False
    except BaseException:  # SystemExit from SIGTERM: never leave the temporary folder
        _remove_folder(tmp, made)
        raise


def _remove_folder(folder: str | None, files: list[str]) -> None:
    for path in files:
        remove_quietly(path)
    if folder is not None:
        with contextlib.suppress(OSError):
            os.rmdir(folder)


def _folder(path: str) -> str:
    return os.path.dirname(path) or "."


def _write_and_close(fd: int, data: bytes) -> None:
    """All of `data` into the new file `fd`, which is then closed whatever happens."""
    try:
        written = os.write(fd, data)
        if written < len(data):
            write_all(fd, data, written)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes, written: int = 0) -> None:
    """`data` from byte `written` on, however many writes it takes (a short write is not
    an error; a full disk says so on the next)."""
    view = memoryview(data)[written:]
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
