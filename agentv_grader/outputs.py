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
import os
import stat
from collections.abc import Iterable, Sequence

from .descriptors import write_all
from .errors import GradeInputError
from .load.files import Listing, Undecided

TEMP_PREFIX = ".agentv-grade-"
TEMP_SUFFIX = ".tmp"


def encoded(text: str) -> bytes:
    """`text` as `write_atomic` writes it (UTF-8, a lone surrogate as a `\\uXXXX`
    escape): one character at a time, so the pieces of a file can be encoded apart."""
    return text.encode("utf-8", "backslashreplace")


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
    prefix = folder_prefix(test_dir)
    try:
        top = listing if listing is not None and listing.folder == test_dir else Listing(test_dir)
        folders: dict[str, Listing | None] = {"": top}  # None: missing, made below
        found: list[os.DirEntry[str] | None] = []
        for rel in relpaths:
            folder, slash, name = rel.rpartition("/")
            if name in _ODD_NAMES or "/" in folder or (slash and folder in _ODD_NAMES):
                return None  # another shape
            in_folder = folders.get(folder, top)
            if in_folder is top and folder:
                if folder in relpaths:
                    return None  # a folder that is also a file to write
                entry = top.find(folder)
                if entry is None:
                    in_folder = None
                elif entry.is_dir(follow_symlinks=False):
                    in_folder = Listing(prefix + folder)
                else:
                    return None
                folders[folder] = in_folder
            found.append(in_folder.find(name) if in_folder is not None else None)
    except (OSError, Undecided):
        return None
    for rel, entry in zip(relpaths, found, strict=True):
        if entry is not None and _entry_is_dir(entry):
            _refuse_directory(prefix + rel)
    if make_folders:
        for folder, in_folder in folders.items():
            if in_folder is None:
                try:
                    os.mkdir(prefix + folder)
                except OSError:
                    return None
    return frozenset(top.entries)


_ODD_NAMES = ("", ".", "..")


def folder_prefix(folder: str) -> str:
    """`os.path.join(folder, "")`: the folder's path ending in a separator, to which a
    relative name is added (a batch asks it of each test's folder; `os.path.join`'s
    generic work costs some 6,000 instructions a call)."""
    if _POSIX and folder and folder[-1] != "/":
        return folder + "/"
    return os.path.join(folder, "")


_POSIX = os.sep == "/"


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
    data = text if isinstance(text, bytes) else encoded(text)
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
    _write_bytes(path, text if isinstance(text, bytes) else encoded(text))


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
    if os.sep == "/":
        head = folder[: folder.rfind("/") + 1]  # `os.path.join(os.path.dirname(folder), "")`
    else:
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
        inside = tmp + os.sep
        for file_name, data in files:
            path = inside + file_name
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
