"""Reading the eval file and the files it names, with one size limit and clear messages."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from typing import BinaryIO

from ..errors import GradeInputError

MAX_EVAL_BYTES = 64 * 1024 * 1024
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX: the open itself must not wait either
READ_FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_BINARY", 0)  # reading an input file


class Undecided(Exception):
    """A listing cannot tell whether a name is there."""


class Listing:
    """One folder's entries by name, and their ASCII names lowered (None when a name is
    not ASCII), so that a name missing here but possibly present under another spelling
    (a case-insensitive or normalising file system) is told apart from a missing one.
    One listing answers for many names: batch mode asks a test folder about a dozen.

    Raises:
        OSError: the folder cannot be listed.
    """

    __slots__ = ("entries", "folded", "folder")

    def __init__(self, folder: str) -> None:
        self.folder = folder
        with os.scandir(folder) as listing:
            self.entries = {entry.name: entry for entry in listing}
        names = self.entries.keys()
        self.folded = {n.lower() for n in names} if all(n.isascii() for n in names) else None

    def find(self, name: str) -> os.DirEntry[str] | None:
        """The entry of `name`, or None when no spelling of it can be there.

        Raises:
            Undecided: another spelling of `name` may be there.
        """
        entry = self.entries.get(name)
        if entry is None and (
            self.folded is None or not name.isascii() or name.lower() in self.folded
        ):
            raise Undecided
        return entry

    def exists(self, name: str) -> bool:
        """`os.path.exists(os.path.join(folder, name))`, from the listing where it can tell
        (a symbolic link is followed, an undecided name looked up)."""
        return self._ask(name, _entry_exists, os.path.exists)

    def is_file(self, name: str) -> bool:
        """`os.path.isfile(os.path.join(folder, name))`, likewise."""
        return self._ask(name, _entry_is_file, os.path.isfile)

    def _ask(
        self,
        name: str,
        of_entry: Callable[[os.DirEntry[str]], bool],
        of_path: Callable[[str], bool],
    ) -> bool:
        """`of_entry` of the listed entry of `name` (False when it cannot be there), or
        `of_path` of its path when the listing cannot tell."""
        try:
            entry = self.find(name)
        except Undecided:
            return of_path(os.path.join(self.folder, name))
        return entry is not None and of_entry(entry)


def _entry_exists(entry: os.DirEntry[str]) -> bool:
    return not entry.is_symlink() or os.path.exists(entry.path)


def _entry_is_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def open_regular(path: str) -> BinaryIO:
    """`open(path, "rb")` that never waits: a FIFO or a socket (whose open or read would
    block until a writer comes) is refused with an OSError, so one planted in a bench dir
    cannot hang a run; a directory raises IsADirectoryError as `open` does."""
    fd = os.open(path, READ_FLAGS)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", path)
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
            raise OSError(errno.EINVAL, "not a regular file (a FIFO or socket)", path)
        if _NONBLOCK:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bounded(handle: BinaryIO, limit: int) -> bytes:
    """`handle.read(limit + 1)`: up to EOF or `limit` + 1 bytes, whichever comes first.

    `read(n)` allocates `n` bytes before reading, so a 300-byte file read with a 64 MiB
    bound costs a 64 MiB allocation and its release (batch mode reads several small files
    per test). The file's size from `fstat` sizes the first read instead; a file that is
    longer than it said, or has no size (a device), is read on up to the same bound.
    """
    try:
        size = os.fstat(handle.fileno()).st_size
    except (OSError, ValueError):
        size = 0
    if not 0 < size <= limit:
        return handle.read(limit + 1)
    data = handle.read(size + 1)
    if len(data) <= size:
        return data
    return data + handle.read(limit + 1 - len(data))


def read_text_file(path: str, what: str, limit: int | None = None) -> bytes:
    """Read a whole input file with the size limit (SPEC §7) and a clear message on failure.

    At most `limit` + 1 bytes are read, so a device or a file that grows (`/dev/zero`
    behind a symlink reports size 0) is refused like an oversized file, never read forever.
    """
    limit = MAX_EVAL_BYTES if limit is None else limit
    try:
        if os.path.isdir(path):
            raise GradeInputError(f"{what} is a directory, not a file", file=path)
        size = os.path.getsize(path)
        if size > limit:
            raise GradeInputError(
                f"{what} is {size} bytes, over the {limit_text(limit)} limit", file=path
            )
        data = read_regular(path, limit)
        if len(data) > limit:
            raise GradeInputError(
                f"{what} is over the {limit_text(limit)} limit (read past it)", file=path
            )
        return data
    except FileNotFoundError:
        raise GradeInputError(f"{what} not found", file=path, hint="check the path") from None
    except PermissionError:
        raise GradeInputError(f"{what} is not readable (permission denied)", file=path) from None
    except IsADirectoryError:
        raise GradeInputError(f"{what} is a directory, not a file", file=path) from None
    except OSError as exc:
        raise GradeInputError(f"cannot read {what}: {exc.strerror}", file=path) from None


def limit_text(limit: int) -> str:
    """A size limit as people write it: `64 MiB`, or `1000 bytes` when not whole MiB."""
    mib = 1024 * 1024
    return f"{limit // mib} MiB" if limit % mib == 0 else f"{limit} bytes"


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


def read_regular(path: str, limit: int) -> bytes:
    """`open_regular` + `read_bounded` without a Python file object: a few system calls
    (open, fstat, read, close) for the small files batch mode reads per test (AgentV's
    config files, a previous report). Same refusals: a directory raises
    IsADirectoryError, a FIFO or socket an OSError, and at most `limit` + 1 bytes are read.
    """
    fd = os.open(path, READ_FLAGS)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", path)
        if stat.S_ISFIFO(info.st_mode) or stat.S_ISSOCK(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a FIFO or socket)", path)
        if _NONBLOCK and not stat.S_ISREG(info.st_mode):  # a device: reads may wait
            os.set_blocking(fd, True)
        want = info.st_size + 1 if 0 < info.st_size <= limit else limit + 1
        return _read_fd(fd, want, limit, short_read_ends=stat.S_ISREG(info.st_mode))
    finally:
        os.close(fd)


def _read_fd(fd: int, want: int, limit: int, short_read_ends: bool) -> bytes:
    """At most `limit` + 1 bytes from `fd`: a first read of `want` bytes, which is all when
    it comes back short and `short_read_ends` (a regular file), then more until the end
    or past the limit (a file longer than it said, or one without a size: a device)."""
    first = os.read(fd, want)
    if len(first) < want and short_read_ends:
        return first
    return _read_on(fd, first, limit)


def _read_on(fd: int, first: bytes, limit: int) -> bytes:
    """`first`, then what follows it in `fd`, until the end or past `limit` bytes."""
    chunks = [first]
    total = len(first)
    while chunks[-1] and total <= limit:
        chunks.append(os.read(fd, min(limit + 1 - total, 1 << 20)))
        total += len(chunks[-1])
    return b"".join(chunks)


_FIRST_READ = 1 << 16


def read_listed(path: str, limit: int) -> bytes:
    """`read_regular` for a file its folder's listing calls regular
    (`DirEntry.is_file(follow_symlinks=False)`, no stat): open, read, close, without the
    fstat, since a short read of a regular file is its end (batch mode reads six AgentV
    config files per test). Should the entry have been replaced since it was listed,
    nothing waits either: the open does not block, a directory raises IsADirectoryError,
    a FIFO gives at most what is already in it, and at most `limit` + 1 bytes are read.
    The usual file, shorter than the first read, costs no call beyond the system's.
    """
    fd = os.open(path, READ_FLAGS)
    try:
        want = min(limit + 1, _FIRST_READ)
        first = os.read(fd, want)
        return first if len(first) < want else _read_on(fd, first, limit)
    finally:
        os.close(fd)
