"""`--agentv-layout auto` (SPEC §6.3) and the scout process that resolves it for a batch."""

from __future__ import annotations

import glob
import hashlib
import json
import os
import sys
import time
from pathlib import Path

import pytest

from agentv_grader import layout
from agentv_grader.layout import Scout, resolve_layout
from agentv_grader.load import yaml12
from tests.helpers import cli, write_suite

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the scout forks")


def _bench(tmp_path: Path, *, head: bool) -> Path:
    bench = tmp_path / "bench"
    for name in ("a", "b", "c"):
        (bench / name / "code_graders").mkdir(parents=True)
    if head:
        (bench / "b" / "script_graders").mkdir()
    return bench


def test_auto_is_head_when_any_test_folder_has_script_graders(tmp_path: Path) -> None:
    assert resolve_layout("auto", str(_bench(tmp_path / "h", head=True))) == "head"
    assert resolve_layout("auto", str(_bench(tmp_path / "v", head=False))) == "v4"
    assert resolve_layout("none", str(tmp_path)) is None
    assert resolve_layout("head", str(tmp_path)) == "head"


def test_the_scan_finds_what_the_glob_finds_a_dangling_link_too(tmp_path: Path) -> None:
    """`script_graders` as a link to nothing counts (the glob asks `os.path.lexists`);
    the scan asks `os.access` of the link itself."""
    bench = _bench(tmp_path, head=False)
    assert not layout.any_script_graders(str(bench))
    (bench / "c" / "script_graders").symlink_to(tmp_path / "nowhere")
    assert glob.glob(os.path.join(glob.escape(str(bench)), "*", "script_graders"))
    assert layout.any_script_graders(str(bench))
    assert not layout.any_script_graders(str(tmp_path / "missing"))


@linux_only
@pytest.mark.parametrize("head", [True, False])
def test_the_scout_answers_what_a_scan_of_the_bench_dir_finds(tmp_path: Path, head: bool) -> None:
    bench = _bench(tmp_path, head=head)
    with Scout.start("auto", str(bench)) as scout:
        assert scout.answer() == ("head" if head else "v4")
        assert scout._pid is None  # read once: the child is gone
        assert scout.answer() == ("head" if head else "v4")  # the answer is kept
        assert scout.digest() is None  # given no data to hash


@linux_only
@pytest.mark.parametrize("head", [True, False])
def test_a_scout_given_the_eval_files_bytes_hashes_them(tmp_path: Path, head: bool) -> None:
    """Batch mode reads the eval file before the scout is forked, which works out its
    SHA-256 on the other core while the parent loads it."""
    bench = _bench(tmp_path, head=head)
    for data in (b"", b"tests: []\n", bytes(range(256)) * 5000):
        with Scout.start("auto", str(bench), data) as scout:
            assert scout.digest() == hashlib.sha256(data).hexdigest()
            assert scout.answer() == ("head" if head else "v4")
            assert scout.digest() == hashlib.sha256(data).hexdigest()


@linux_only
def test_a_scout_given_a_json_text_finds_its_shape(tmp_path: Path) -> None:
    """The scout also works out `yaml12.json_shape` of an ASCII text that may be JSON
    (where its containers open, how many pairs its objects hold), which the parent's load
    uses for the containers it parses (more than a pipe holds, read as it comes); for any
    other text it finds none, and hashes it."""
    bench = _bench(tmp_path, head=False)
    many = json.dumps({"tests": [{"id": f"t{i}", "v": ["[", {"a": '"{:'}]} for i in range(9000)]})
    unfit = '{"a": "\\ud800"}'  # (an escaped surrogate: libyaml refuses it)
    assert not yaml12.json_shape(unfit).fits
    for text in ('{"a": ["[x", {"b": "\\"{:"}]}', ' \r\n[1, [2], {"c": []}]', many, unfit):
        data = text.encode("ascii")
        with Scout.start("auto", str(bench), data) as scout:
            found = scout.shape()
            assert found is not None
            assert (list(found.offsets), *found[1:]) == yaml12.json_shape(text)
            assert scout.digest() == hashlib.sha256(data).hexdigest()
            assert scout.answer() == "v4"
    assert len(yaml12.json_shape(many).offsets) * 4 > 65536  # more than a pipe holds
    for data in (b"tests: []\n", '{"a": "\u00e9"}'.encode(), b"\xef\xbb\xbf{}", b"x{}", b""):
        with Scout.start("auto", str(bench), data) as scout:
            assert scout.shape() is None
            assert scout.digest() == hashlib.sha256(data).hexdigest()
    with Scout.start("auto", str(bench)) as scout:
        assert scout.shape() is None  # given no data


@linux_only
def test_a_scout_that_fails_to_find_the_shape_still_hashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(text: str) -> list[int]:
        raise RuntimeError("boom")

    monkeypatch.setattr(yaml12, "json_shape", broken)  # inherited by the child
    with Scout.start("auto", str(_bench(tmp_path, head=True)), b"[{}]") as scout:
        assert scout.shape() is None
        assert scout.digest() == hashlib.sha256(b"[{}]").hexdigest()
        assert scout.answer() == "head"


@linux_only
def test_a_scout_that_fails_to_hash_leaves_both_to_the_caller(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(data: bytes) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(hashlib, "sha256", broken)  # inherited by the child
    with Scout.start("auto", str(_bench(tmp_path, head=True)), b"data") as scout:
        assert scout.digest() is None
        assert scout.answer() is None


@linux_only
def test_a_scout_that_dies_without_answering_leaves_the_scan_to_the_caller(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(bench_dir: str) -> bool:
        raise RuntimeError("boom")

    monkeypatch.setattr(layout, "any_script_graders", broken)  # inherited by the child
    with Scout.start("auto", str(_bench(tmp_path, head=True))) as scout:
        assert scout.answer() is None


@linux_only
def test_a_scout_writes_the_shape_and_digest_before_it_scans(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The load asks for the shape and the digest before the layout: the scout writes them
    first, so that a scan that never answers (here: one that fails) leaves them to the
    parent, the layout alone to be resolved as before."""

    def broken(bench_dir: str) -> bool:
        raise RuntimeError("boom")

    monkeypatch.setattr(layout, "any_script_graders", broken)  # inherited by the child
    text = '{"tests": [{"id": "a", "v": ["[", {"b": 1}]}]}'
    data = text.encode("ascii")
    with Scout.start("auto", str(_bench(tmp_path, head=True)), data) as scout:
        found = scout.shape()
        assert found is not None
        assert (list(found.offsets), *found[1:]) == yaml12.json_shape(text)
        assert scout.digest() == hashlib.sha256(data).hexdigest()
        assert scout.answer() is None
        assert scout._pid is None  # reaped once the last part is read


@linux_only
def test_a_scout_writes_a_large_shape_without_waiting_for_the_parent(tmp_path: Path) -> None:
    """A shape more than a default pipe holds (64 KiB) is written whole: the scout hashes
    and scans on, and is done, before the parent reads anything (a JSONL suite's load
    reads the shape only when it asks for the digest, once its tests are built)."""
    many = json.dumps([{"id": f"t{i}", "v": [1]} for i in range(9000)])
    assert len(yaml12.json_shape(many).offsets) * 5 > 65536
    data = many.encode("ascii")
    with Scout.start("auto", str(_bench(tmp_path, head=False)), data) as scout:
        assert scout._pid is not None
        for _ in range(600):  # (up to a minute on a loaded machine)
            if os.waitpid(scout._pid, os.WNOHANG) != (0, 0):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the scout waits for the parent to read")
        scout._pid = None  # (reaped above)
        assert scout.digest() == hashlib.sha256(data).hexdigest()
        assert scout.answer() == "v4"
        found = scout.shape()
        assert found is not None and list(found.offsets) == yaml12.json_shape(many).offsets


@linux_only
def test_the_scouts_parts_are_read_in_any_order(tmp_path: Path) -> None:
    """Each part is read once, those written before it first, whichever is asked for."""
    data = b'[{"a": [1]}]'
    for asked in ("answer", "digest", "shape"):
        with Scout.start("auto", str(_bench(tmp_path / asked, head=True)), data) as scout:
            getattr(scout, asked)()
            assert scout.answer() == "head"
            assert scout.digest() == hashlib.sha256(data).hexdigest()
            found = scout.shape()
            assert found is not None and list(found.offsets) == [0, 1, 7]


def test_no_scout_for_a_layout_given_by_name(tmp_path: Path) -> None:
    for asked in ("v4", "head", "none"):
        with Scout.start(asked, str(tmp_path), b"data") as scout:
            assert scout.answer() is None
            assert scout.digest() is None  # the caller hashes
            assert scout.shape() is None


@linux_only
def test_leaving_an_unread_scout_stops_and_reaps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    forked: list[int] = []
    real_fork = os.fork

    def fork() -> int:
        pid = real_fork()
        if pid:
            forked.append(pid)
        return pid

    monkeypatch.setattr(layout.os, "fork", fork)
    with Scout.start("auto", str(_bench(tmp_path, head=False))):
        pass
    assert len(forked) == 1
    with pytest.raises(ChildProcessError):  # already reaped: no zombie left behind
        os.waitpid(forked[0], os.WNOHANG)


@linux_only
def test_a_batch_writes_the_layout_the_scout_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batch takes the scout's answer instead of scanning again: told `head` of a
    bench dir without any `script_graders/`, it writes `script_grader_results/`."""
    text = "tests:\n" + "".join(
        f"  - id: t{i}\n    assertions: [{{type: contains, value: '{i}'}}]\n" for i in range(4)
    )
    eval_path, bench = write_suite(tmp_path, text, {f"t{i}": str(i) for i in range(4)})
    monkeypatch.setattr(Scout, "answer", lambda self: "head")
    for jobs in ("1", "2"):
        code, _, err = cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", jobs)
        assert code == 0, err
        for i in range(4):
            assert (bench / f"t{i}" / "script_grader_results" / f"contains-{i}.json").is_file()
            assert not (bench / f"t{i}" / "code_grader_results").exists()
