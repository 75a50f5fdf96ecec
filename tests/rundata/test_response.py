"""Reading the response (SPEC §4.1, §7): a small regular file is read in four system calls
(`_read_small`); everything else, and every refusal and its message, is `_load`'s."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agentv_grader.errors import GradeInputError
from agentv_grader.rundata import response as response_module
from agentv_grader.rundata.response import read_response

MB = 1 << 20
posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links, FIFOs, devices")


def _bytes(data: bytes) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        (folder / "response.md").write_bytes(data)
        return folder / "response.md"

    return make


def _dir(folder: Path) -> Path:
    (folder / "response.md").mkdir()
    return folder / "response.md"


def _missing(folder: Path) -> Path:
    return folder / "response.md"


def _link(target: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        (folder / "response.md").symlink_to(target.replace("{folder}", str(folder)))
        return folder / "response.md"

    return make


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "response.md")
    return folder / "response.md"


def _linked_file(folder: Path) -> Path:
    (folder / "real.md").write_text("answer\n")
    return _link("{folder}/real.md")(folder)


CASES: dict[str, tuple[Callable[[Path], Path], int | None]] = {
    "small": (_bytes(b"Paris\n"), None),
    "empty": (_bytes(b""), None),
    "bom": (_bytes(b"\xef\xbb\xbfParis"), None),
    "not utf-8": (_bytes(b"a\xffb\xfe"), None),
    "binary": (_bytes(b"a\x00b"), None),
    "just under 1 MB": (_bytes(b"x" * (MB - 1)), None),
    "1 MB": (_bytes(b"y" * MB), None),
    "at the limit": (_bytes(b"z" * 100), 100),
    "over the limit": (_bytes(b"z" * 101), 100),
    "directory": (_dir, None),
    "missing": (_missing, None),
    "symlink to a file": (_linked_file, None),
    "dangling symlink": (_link("{folder}/gone.md"), None),
    "symlink loop": (_link("{folder}/response.md"), None),
    "fifo": (_fifo, None),
    "device": (_link("/dev/zero"), 1000),
}


def _read(path: Path) -> Any:
    try:
        got = read_response(str(path))
    except GradeInputError as exc:
        return ("error", str(exc), exc.file, exc.hint)
    return (got.text, got.sha256, got.warnings)


@posix_only
@pytest.mark.parametrize("case", list(CASES))
def test_every_response_reads_as_the_plain_path_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    make, limit = CASES[case]
    if limit is not None:
        monkeypatch.setenv("AGENTV_GRADE_MAX_RESPONSE_BYTES", str(limit))
    path = make(tmp_path)
    fast = _read(path)
    monkeypatch.setattr(response_module, "_read_small", lambda path, limit: None)
    assert fast == _read(path)


def test_a_small_regular_file_is_read_without_the_plain_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def plain(*args: Any) -> Any:
        raise AssertionError("the plain path was taken")

    path = _bytes(b"x" * (MB - 1))(tmp_path)
    monkeypatch.setattr(response_module, "_load", plain)
    assert read_response(str(path)).text == "x" * (MB - 1)
    path.write_bytes(b"x" * MB)  # from 1 MB: the plain path (a buffer, a threaded digest)
    with pytest.raises(AssertionError, match="plain path"):
        read_response(str(path))


def test_a_file_longer_than_its_size_said_is_left_to_the_plain_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _bytes(b"w" * 500)(tmp_path)
    real_fstat = os.fstat

    def stale(fd: int) -> os.stat_result:  # the size fstat saw before the file grew
        info = real_fstat(fd)
        return os.stat_result((info.st_mode, *info[1:6], 10, *info[7:]))

    monkeypatch.setattr(response_module.os, "fstat", stale)
    assert response_module._read_small(str(path), 1000) is None
    assert read_response(str(path)).text == "w" * 500


@posix_only
@pytest.mark.parametrize("case", list(CASES))
def test_a_response_the_critique_hands_on_reads_as_a_fresh_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """Batch mode: the critique of the test before reads this response as a decoy and hands
    its bytes on; grading then gives exactly what reading the file itself gives."""
    from agentv_grader.critique.context import _read_response as decoy_read

    make, limit = CASES[case]
    if limit is not None:
        monkeypatch.setenv("AGENTV_GRADE_MAX_RESPONSE_BYTES", str(limit))
    path = make(tmp_path)
    fresh = _read(path)
    with response_module.handing_on():
        decoy_read(str(path))
        assert _read(path) == fresh


@posix_only
@pytest.mark.parametrize("case", list(CASES))
def test_the_decoy_and_its_grading_share_one_decoding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """The decoy's text is what it always was (UTF-8, bad bytes replaced, one BOM removed);
    handed on, grading takes that very string and its warnings and decodes nothing again
    (decode_response refused fails a handed-on read)."""
    from agentv_grader.critique.context import _read_response as decoy_read

    make, _ = CASES[case]
    path = make(tmp_path)
    fresh = _read(path)
    with response_module.handing_on():
        text = decoy_read(str(path))
        if text is None:
            return
        raw = path.read_bytes()
        assert text == raw.decode("utf-8", errors="replace").removeprefix("\ufeff")
        if len(raw) >= MB:
            return  # the decoy read only the first MiB: nothing handed on
        monkeypatch.setattr(response_module, "decode_response", _refused)
        got = read_response(str(path))
        assert got.text is text
        assert (got.text, got.sha256, got.warnings) == fresh


def _refused(data: object) -> Any:
    raise AssertionError("decoded again")


def test_only_the_next_read_inside_a_batch_takes_the_handed_on_bytes(tmp_path: Path) -> None:
    from agentv_grader.critique.context import _read_response as decoy_read

    path, other = tmp_path / "response.md", tmp_path / "other.md"
    path.write_text("first")
    other.write_text("other")
    with response_module.handing_on():
        decoy_read(str(path))
        path.write_text("second")
        assert read_response(str(path)).text == "first"  # handed on: not read again
        assert read_response(str(path)).text == "second"  # used up by that read
        decoy_read(str(path))
        path.write_text("third")
        assert read_response(str(other)).text == "other"  # another read drops the offer
        assert read_response(str(path)).text == "third"
    decoy_read(str(path))
    path.write_text("fourth")
    assert read_response(str(path)).text == "fourth"  # outside a batch nothing is kept


def test_handed_on_bytes_over_the_limit_are_refused_as_a_read_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agentv_grader.critique.context import _read_response as decoy_read

    path = _bytes(b"z" * 101)(tmp_path)
    with response_module.handing_on():
        decoy_read(str(path))  # the decoy is read whatever the limit
        monkeypatch.setenv("AGENTV_GRADE_MAX_RESPONSE_BYTES", "100")
        with pytest.raises(GradeInputError, match="over the limit of 100 bytes"):
            read_response(str(path))
