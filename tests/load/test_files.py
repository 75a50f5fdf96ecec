"""Reading eval files and the files they name (SPEC §7: size limit, clear messages)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agentv_grader.errors import GradeInputError
from agentv_grader.load.files import (
    decode_utf8,
    read_listed,
    read_regular,
    read_text_file,
    read_utf8,
)


def test_over_the_limit_is_refused_with_the_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"x" * 2048)
    with pytest.raises(GradeInputError, match="eval file is 2048 bytes, over the 1024 bytes limit"):
        read_text_file(str(path), "eval file", limit=1024)


@pytest.mark.parametrize(("make", "message"), [("missing", "not found"), ("dir", "directory")])
def test_unreadable_paths(tmp_path: Path, make: str, message: str) -> None:
    path = tmp_path / "x"
    if make == "dir":
        path.mkdir()
    with pytest.raises(GradeInputError, match=message) as caught:
        read_text_file(str(path), "test case file")
    assert caught.value.file == str(path)


def test_bom_is_dropped_and_bad_bytes_name_their_line(tmp_path: Path) -> None:
    assert decode_utf8(b"\xef\xbb\xbfa: 1\n", "x") == "a: 1\n"
    with pytest.raises(GradeInputError, match="sidecar file is not valid UTF-8") as caught:
        decode_utf8(b"a: 1\nb: \xc3\n", "x", "sidecar file")
    assert caught.value.line == 2
    path = tmp_path / "t.yaml"
    path.write_bytes(b"ok\n")
    assert read_utf8(str(path), "assertion template") == "ok\n"


@pytest.mark.parametrize("size", [0, 1, 99, 100, 101, 65535, 65536, 65537, 200_000])
@pytest.mark.parametrize("limit", [100, 65536, 1 << 20])
def test_listed_files_read_as_read_regular_reads_them(
    tmp_path: Path, size: int, limit: int
) -> None:
    """`read_listed` (no fstat) stops where `read_regular` does: at the end of the file or
    at `limit` + 1 bytes, whichever comes first."""
    path = tmp_path / "f.json"
    path.write_bytes(bytes(range(256)) * (size // 256) + b"z" * (size % 256))
    assert read_listed(str(path), limit) == read_regular(str(path), limit)


@pytest.mark.skipif(os.name != "posix", reason="FIFOs and devices")
def test_a_listed_file_replaced_since_never_hangs_a_read(tmp_path: Path) -> None:
    """The listing said "regular file"; by the open it may be something else."""
    with pytest.raises(IsADirectoryError):
        read_listed(str(tmp_path), 10)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert read_listed(str(fifo), 10) == b""  # no writer: at its end at once, no wait
    assert read_listed("/dev/zero", 70_000) == b"\0" * 70_001  # no end: read to the bound


# ------------------------------------------------------------------ one listing, many names
_NAMES = ["timing.json", "transcript.json", "user_notes.md", "metrics.json", "TIMING.JSON",
          "tranſcript.json", "é.md", "notes"]  # fmt: skip


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_listing_answers_exists_as_a_stat_would(tmp_path: Path) -> None:
    """Random folders of files, folders, links in and out, dangling links and names that
    differ only in case or by a non-ASCII letter: `Listing.exists` always agrees with
    `os.path.exists`, and `Listing.is_file` with `os.path.isfile`."""
    import random

    from agentv_grader.load.files import Listing

    rng = random.Random(7)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "f").write_text("x")
    for case in range(200):
        folder = tmp_path / str(case)
        folder.mkdir()
        for name in rng.sample(_NAMES, rng.randint(0, 4)):
            kind = rng.choice(["file", "dir", "link-in", "link-out", "dangling", "fifo"])
            path = folder / name
            if kind == "file":
                path.write_text("x")
            elif kind == "dir":
                path.mkdir()
            elif kind == "link-in":
                path.symlink_to(folder)
            elif kind == "link-out":
                path.symlink_to(outside / "f")
            elif kind == "fifo":
                os.mkfifo(path)
            else:
                path.symlink_to(outside / "gone")
        listing = Listing(str(folder))
        for name in _NAMES:
            assert listing.exists(name) == os.path.exists(folder / name), (case, name)
            assert listing.is_file(name) == os.path.isfile(folder / name), (case, name)


def test_a_folder_that_cannot_be_listed_raises(tmp_path: Path) -> None:
    from agentv_grader.load.files import Listing

    with pytest.raises(OSError):
        Listing(str(tmp_path / "missing"))
    (tmp_path / "file").write_text("x")
    with pytest.raises(OSError):
        Listing(str(tmp_path / "file"))
