"""Writing result files (SPEC §6, §7, §8): the one-listing target check and the write path
answer exactly as the plain path (`check_targets`, a stat per file) they replace."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agentv_grader import grade_test, outputs, result_files
from agentv_grader.errors import GradeInputError
from tests.helpers import paths_under, write_suite
from tests.test_result_files import SUITE

posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links, FIFOs, fork")

RELPATHS = [
    "code_grader_results/a.json",
    "code_grader_results/b.json",
    "grader_report.json",
    "eval_critique.json",
    "eval_critique.md",
]
_TOP = ["grader_report.json", "eval_critique.json", "eval_critique.md", "code_grader_results"]
_KINDS = ["missing", "file", "dir", "link-dir-in", "link-dir-out", "link-file", "dangling", "fifo"]


def _make(path: Path, kind: str, outside: Path) -> None:
    if kind == "file":
        path.write_text("x")
    elif kind == "dir":
        path.mkdir()
    elif kind == "link-dir-in":
        (path.parent / f"{path.name}.real").mkdir()
        path.symlink_to(path.parent / f"{path.name}.real")
    elif kind == "link-dir-out":
        path.symlink_to(outside)
    elif kind == "link-file":
        path.symlink_to(outside / "f")
    elif kind == "dangling":
        path.symlink_to(outside / "gone")
    elif kind == "fifo":
        os.mkfifo(path)


def _layout(root: Path, rng: random.Random) -> Path:
    """A test folder whose result names are each missing, a file, a folder, a link…"""
    outside = root / "outside"
    outside.mkdir(parents=True)
    (outside / "f").write_text("x")
    test_dir = root / "t"
    test_dir.mkdir()
    for name in _TOP:
        folder = name == "code_grader_results" and rng.random() < 0.7
        _make(test_dir / name, rng.choice(["missing", "dir"] if folder else _KINDS), outside)
    results = test_dir / "code_grader_results"
    if results.is_dir() and not results.is_symlink():
        for name in ("a.json", "b.json"):
            _make(results / name, rng.choice(_KINDS), outside)
    extra = rng.choice(["", "GRADER_REPORT.JSON", "Code_Grader_Results", "é.md", "notes.md"])
    if extra and not (test_dir / extra).exists():
        (test_dir / extra).mkdir()
    return test_dir


def _attempt(call: Any, *args: Any) -> tuple[str, Any]:
    """("ok", what `call` returned), or (the GradeInputError's message, None)."""
    try:
        return "ok", call(*args)
    except GradeInputError as exc:
        return str(exc), None


@posix_only
def test_one_listing_refuses_exactly_what_check_targets_refuses(tmp_path: Path) -> None:
    """Random test folders: `prepare_targets` either leaves the decision to `check_targets`
    (None) or gives its answer, creating nothing when it refuses."""
    rng = random.Random(1)
    decided = 0
    for case in range(400):
        test_dir = _layout(tmp_path / str(case), rng)
        paths = [str(test_dir / rel) for rel in RELPATHS]
        expected, _ = _attempt(outputs.check_targets, paths, str(test_dir))
        before = paths_under(test_dir)
        got, names = _attempt(outputs.prepare_targets, str(test_dir), RELPATHS)
        if got == "ok" and names is None:
            assert paths_under(test_dir) >= before  # maybe a folder made; nothing else changed
            continue
        decided += 1
        assert got == expected, case
        if got != "ok":
            assert paths_under(test_dir) == before, case  # refused before anything was made
            continue
        assert names == {name for name in before if os.sep not in name}
        assert (test_dir / "code_grader_results").is_dir()
        assert not (test_dir / "code_grader_results").is_symlink()
    assert decided > 150  # the fast path decided most cases, not just handed them on


def test_a_fresh_folder_gets_its_result_folder_and_no_other_change(tmp_path: Path) -> None:
    (tmp_path / "response.md").write_text("x")
    names = outputs.prepare_targets(str(tmp_path), RELPATHS)
    assert names == {"response.md"}
    assert paths_under(tmp_path) == {"response.md", "code_grader_results"}
    assert not list((tmp_path / "code_grader_results").iterdir())


@pytest.mark.parametrize(
    "relpaths",
    [
        ["../x.json"],
        ["a/b/c.json"],
        ["/abs.json"],
        ["./x.json"],
        ["code_grader_results/"],
        ["x", "x/y.json"],  # a folder that is also a file to write
    ],
)
def test_names_of_another_shape_are_left_to_check_targets(
    tmp_path: Path, relpaths: list[str]
) -> None:
    assert outputs.prepare_targets(str(tmp_path), relpaths) is None
    assert not list(tmp_path.iterdir())


def test_a_name_that_may_exist_under_another_spelling_is_left_to_check_targets(
    tmp_path: Path,
) -> None:
    """On a case-insensitive file system `GRADER_REPORT.JSON` is `grader_report.json`: an
    exact-name lookup cannot tell, so the plain path (a stat per file) decides."""
    (tmp_path / "GRADER_REPORT.JSON").mkdir()
    assert outputs.prepare_targets(str(tmp_path), ["grader_report.json"]) is None
    (tmp_path / "GRADER_REPORT.JSON").rmdir()
    (tmp_path / "\u212a.md").write_text("x")  # KELVIN SIGN folds to "k"
    assert outputs.prepare_targets(str(tmp_path), ["k.md"]) is None
    assert outputs.prepare_targets(str(tmp_path), ["\u212a.md"]) == {"\u212a.md"}


def test_unlistable_folders_are_left_to_check_targets(tmp_path: Path) -> None:
    assert outputs.prepare_targets(str(tmp_path / "missing"), RELPATHS) is None
    (tmp_path / "file").write_text("x")
    assert outputs.prepare_targets(str(tmp_path / "file"), RELPATHS) is None


def test_a_result_folder_that_cannot_be_made_is_reported_by_the_plain_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only test folder (simulated: root may write anyway): `prepare_targets` hands
    on, and the first write into the folder names the file, as without it."""

    def refuse(path: Any, mode: int = 0o777) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(outputs.os, "mkdir", refuse)
    assert outputs.prepare_targets(str(tmp_path), RELPATHS) is None
    target = str(tmp_path / RELPATHS[0])
    with pytest.raises(GradeInputError) as caught:
        outputs.write_atomic(target, "x")
    assert str(caught.value) == f"{target}: cannot write a result file: Permission denied " + (
        "(check that the bench dir is a writable folder)"
    )
    assert not list(tmp_path.iterdir())


# ------------------------------------------------------------------ a new result folder
MERGE_NAMES = {"contains-Paris.json", "regex-_Paris.json", "equals-Paris.json"}


@posix_only
def test_a_first_grading_publishes_its_result_folder_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The merge files go into a temporary folder that is renamed into place once every
    file is complete: no reader ever sees the result folder part-written."""
    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    final = bench / "t" / "code_grader_results"
    seen: list[tuple[str, bool, dict[str, int]]] = []
    real_rename = os.rename

    def rename(src: Any, dst: Any) -> None:
        sizes = {p.name: p.stat().st_size for p in Path(src).iterdir()}
        seen.append((Path(src).name, Path(dst).exists(), sizes))
        real_rename(src, dst)

    monkeypatch.setattr(outputs.os, "rename", rename)
    grade_test(str(eval_path), "t", bench_dir=str(bench))
    assert len(seen) == 1
    temp_name, existed, sizes = seen[0]
    assert temp_name.startswith(outputs.TEMP_PREFIX) and temp_name.endswith(outputs.TEMP_SUFFIX)
    assert not existed
    assert sizes == {p.name: p.stat().st_size for p in final.iterdir()}
    assert set(sizes) == MERGE_NAMES and all(sizes.values())
    assert not list(bench.rglob(".agentv-grade-*"))


def _write_with(monkeypatch: pytest.MonkeyPatch, before_rename: Any) -> list[str]:
    """Patch `os.rename` to run `before_rename(temp folder, final folder)` first, and return
    the list of renames seen."""
    renames: list[str] = []
    real_rename = os.rename

    def rename(src: Any, dst: Any) -> None:
        renames.append(str(dst))
        before_rename(Path(src), Path(dst))
        real_rename(src, dst)

    monkeypatch.setattr(outputs.os, "rename", rename)
    return renames


@posix_only
def test_a_result_folder_made_meanwhile_by_another_writer_is_written_into(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer makes the folder between the listing and the rename: the rename
    fails, nothing of the temporary folder is left, and the files are written one by one
    beside the other writer's (which stays)."""
    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})

    def another_writer(temp: Path, final: Path) -> None:
        final.mkdir()
        (final / "theirs.json").write_text("{}")

    renames = _write_with(monkeypatch, another_writer)
    grade_test(str(eval_path), "t", bench_dir=str(bench))
    assert len(renames) == 1
    final = bench / "t" / "code_grader_results"
    assert {p.name for p in final.iterdir()} == MERGE_NAMES | {"theirs.json"}
    assert not list(bench.rglob(".agentv-grade-*"))
    report_data = json.loads((bench / "t" / "grader_report.json").read_text("utf-8"))
    assert sorted(report_data["files"]) == sorted(f"code_grader_results/{n}" for n in MERGE_NAMES)


@posix_only
def test_a_link_planted_meanwhile_at_the_result_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A symbolic link leading out of the test folder, planted between the listing and the
    rename: the rename cannot replace it, and the paths are checked again before any file
    is written one by one, so nothing is written through it."""
    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    outside = tmp_path / "outside"
    outside.mkdir()
    _write_with(monkeypatch, lambda temp, final: final.symlink_to(outside))
    with pytest.raises(GradeInputError, match="leads out of the test's folder"):
        grade_test(str(eval_path), "t", bench_dir=str(bench))
    assert not list(outside.iterdir())
    assert not list(bench.rglob(".agentv-grade-*"))
    assert not (bench / "t" / "grader_report.json").exists()


@posix_only
@pytest.mark.parametrize("fails", ["mkdir", "open", "write"])
def test_a_new_folder_that_cannot_be_written_whole_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    """A failure inside the temporary folder (it cannot be made, a file cannot be created
    or written): False, and nothing left behind."""
    folder = tmp_path / "code_grader_results"
    real = getattr(os, fails)
    failing_call = {"mkdir": 1, "open": 2, "write": 2}[fails]  # the folder, or the 2nd file
    calls: list[Any] = []

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0])
        if len(calls) == failing_call:
            raise OSError(28, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(outputs.os, fails, flaky)
    assert not outputs.write_new_folder(str(folder), [("a.json", b"{}"), ("b.json", b"[]")])
    monkeypatch.undo()
    assert len(calls) == failing_call  # nothing tried after the failure
    assert paths_under(tmp_path) == set()


@posix_only
def test_a_report_falls_back_to_one_file_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the folder cannot be written whole (a passing failure here), the files are
    written one by one, and the result is the same."""
    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    monkeypatch.setattr(result_files, "write_new_folder", lambda folder, files: False)
    grade_test(str(eval_path), "t", bench_dir=str(bench))
    final = bench / "t" / "code_grader_results"
    assert {p.name for p in final.iterdir()} == MERGE_NAMES
    assert json.loads((final / "contains-Paris.json").read_text("utf-8"))["score"] == 1
    assert not list(bench.rglob(".agentv-grade-*"))


@posix_only
def test_sigterm_inside_the_new_folder_removes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`SystemExit` (SIGTERM in the command line) between two files: the temporary folder
    and the file already in it are removed, and the exit goes on."""
    real_open = os.open
    opened: list[str] = []

    def interrupted(path: Any, *args: Any) -> int:
        opened.append(str(path))
        if len(opened) == 2:
            raise SystemExit(143)
        return real_open(path, *args)

    monkeypatch.setattr(outputs.os, "open", interrupted)
    with pytest.raises(SystemExit):
        outputs.write_new_folder(str(tmp_path / "r"), [("a.json", b"{}"), ("b.json", b"[]")])
    monkeypatch.undo()
    assert paths_under(tmp_path) == set()
    assert os.path.basename(os.path.dirname(opened[0])).startswith(outputs.TEMP_PREFIX)


@posix_only
@pytest.mark.parametrize("call", ["mkdir", "open"])
def test_a_signal_right_after_a_create_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: str
) -> None:
    """SIGTERM's `SystemExit` can come between a create and the next statement: each name
    is recorded before it is made, so the way out still removes it."""
    real = getattr(os, call)
    opened: list[int] = []

    def create_then_signal(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        if call == "open":
            opened.append(result)
        raise SystemExit(143)

    monkeypatch.setattr(outputs.os, call, create_then_signal)
    with pytest.raises(SystemExit):
        outputs.write_new_folder(str(tmp_path / "r"), [("a.json", b"{}")])
    monkeypatch.undo()
    for fd in opened:
        os.close(fd)
    assert paths_under(tmp_path) == set()


def test_a_new_folder_replaces_nothing_that_is_there(tmp_path: Path) -> None:
    """Called for a folder that exists (not empty), or a file: False, nothing changed."""
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "x.json").write_text("x")
    (tmp_path / "f").write_text("f")
    assert not outputs.write_new_folder(str(tmp_path / "d"), [("a.json", b"{}")])
    assert not outputs.write_new_folder(str(tmp_path / "f"), [("a.json", b"{}")])
    assert paths_under(tmp_path) == {"d", "d/x.json", "f"}
    assert outputs.write_new_folder(str(tmp_path / "n"), [("a.json", b"{}"), ("b.md", b"")])
    assert paths_under(tmp_path) == {"d", "d/x.json", "f", "n", "n/a.json", "n/b.md"}
    assert (tmp_path / "n" / "a.json").read_bytes() == b"{}"


# ------------------------------------------------------------------ the write itself
@posix_only
def test_a_forked_process_names_temporary_files_with_its_own_pid(tmp_path: Path) -> None:
    """The pid in temporary names is looked up once per process, and again after a fork."""
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child
        try:
            fd, name = outputs._create_temp(str(tmp_path / "r.json"), [])
            os.close(fd)
            os.unlink(name)
            os.write(write_end, f"{os.getpid()} {name}".encode())
        finally:
            os._exit(0)
    os.close(write_end)
    pid, name = os.read(read_end, 4096).decode().split(" ", 1)
    os.close(read_end)
    os.waitpid(child, 0)
    assert pid == str(child)
    assert os.path.basename(name).startswith(f"{outputs.TEMP_PREFIX}{child}-")
    assert os.path.dirname(name) == str(tmp_path)
    fd, mine = outputs._create_temp(str(tmp_path / "r.json"), [])
    os.close(fd)
    assert os.path.basename(mine).startswith(f"{outputs.TEMP_PREFIX}{os.getpid()}-")


def test_short_writes_are_completed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = os.write

    def short(fd: int, data: Any) -> int:
        return real_write(fd, bytes(data[:7]))

    text = "x" * 50 + "é\n"
    monkeypatch.setattr(outputs.os, "write", short)
    outputs.write_atomic(str(tmp_path / "r.md"), text)
    monkeypatch.undo()
    assert (tmp_path / "r.md").read_text("utf-8") == text


def test_a_bare_file_name_is_written_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    outputs.write_atomic("r.md", "x\n")
    outputs.write_atomic("r.md", b"y\n")
    assert paths_under(tmp_path) == {"r.md"}
    assert (tmp_path / "r.md").read_bytes() == b"y\n"


@posix_only
def test_a_fifo_where_a_result_was_is_replaced_without_waiting(tmp_path: Path) -> None:
    """A re-grade compares a file it wrote before with the new text; a FIFO planted there
    must not make that comparison wait for a writer (it used to, forever)."""
    import signal

    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    grade_test(str(eval_path), "t", bench_dir=str(bench))
    merge_file = bench / "t" / "code_grader_results" / "contains-Paris.json"
    text = merge_file.read_bytes()
    merge_file.unlink()
    os.mkfifo(merge_file)

    class Waited(Exception):
        """Not an OSError: nothing on the way may take it for a failed read."""

    def stuck(signum: int, frame: object) -> None:
        raise Waited("waited for a writer")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(10)
    try:
        grade_test(str(eval_path), "t", bench_dir=str(bench))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert merge_file.is_file() and merge_file.read_bytes() == text


@posix_only
def test_stale_merge_files_are_not_removed_through_a_link_leading_out(tmp_path: Path) -> None:
    """A re-grade removes the merge files its previous run wrote and does not write again,
    but never through a folder that now leads out of the test folder (here the other
    layout's folder, replaced by a link since): that file is not this tool's."""
    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    grade_test(str(eval_path), "t", bench_dir=str(bench), layout="head")
    folder = bench / "t" / "script_grader_results"
    outside = tmp_path / "outside"
    folder.rename(outside)
    folder.symlink_to(outside, target_is_directory=True)
    kept = sorted(p.name for p in outside.iterdir())
    assert kept
    grade_test(str(eval_path), "t", bench_dir=str(bench), layout="v4")
    assert sorted(p.name for p in outside.iterdir()) == kept
    inside = bench / "t" / "inside"
    folder.unlink()
    outside.rename(inside)
    folder.symlink_to("inside", target_is_directory=True)  # a link that stays inside
    grade_test(str(eval_path), "t", bench_dir=str(bench), layout="head")
    grade_test(str(eval_path), "t", bench_dir=str(bench), layout="v4")
    assert not list(inside.iterdir())  # removed as before


@given(
    st.lists(st.sampled_from(["", "/", "a", "é", ".", "..", "b c", "\\"]), max_size=4).map("/".join)
)
def test_folder_prefix_is_os_path_joins(folder: str) -> None:
    """`folder_prefix(folder)` is `os.path.join(folder, "")` whatever the folder (empty,
    the root, ending in one separator or more, dots), and so is a name added to it."""
    assert outputs.folder_prefix(folder) == os.path.join(folder, "")
    assert outputs.folder_prefix(folder) + "code_graders" == os.path.join(folder, "code_graders")
