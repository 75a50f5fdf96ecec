"""Reading a big response ahead (`rundata.response.prefetch`, started by the command line
before it imports the grader) changes nothing but the time: same report, same warnings,
same digest, same errors at the same point of the run (SPEC §8, "Reading a large response
ahead")."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import cli as cli_module
from agentv_grader.errors import GradeInputError
from agentv_grader.rundata import response as response_module
from agentv_grader.rundata.response import prefetch, read_response
from tests.helpers import cli, files_under, write_suite

SUITE = """\
name: big
tests:
  - id: big
    assertions:
      - type: contains
        value: NEEDLE
      - type: icontains
        value: needle
      - type: regex
        value: "RARE-[0-9]+"
      - type: contains
        value: never-there
      - type: starts-with
        value: line
      - type: is-json
"""
LINE = "line lorem ipsum dolor sit amet consectetur adipisci elit sed do\n"
BIG = 1 << 20  # the prefetch threshold


def _big_text() -> str:
    lines = [LINE] * (BIG // len(LINE) + 50)
    lines[100] = "RARE-123 NEEDLE\n"
    return "".join(lines)


def _big_bytes() -> bytes:
    """Over 1 MB, with a BOM, an invalid byte and a NUL: every response warning."""
    return b"\xef\xbb\xbf" + _big_text().encode("ascii") + b"bad \xff byte, NUL \x00 end\n"


@pytest.fixture(autouse=True)
def _no_leftover() -> Iterator[None]:
    response_module._prefetched = None
    yield
    response_module._prefetched = None


@pytest.fixture
def big_suite(tmp_path: Path) -> tuple[Path, Path]:
    eval_path, bench = write_suite(tmp_path, SUITE, {"big": "x"}, name="big")
    (bench / "big" / "response.md").write_bytes(_big_bytes())
    return eval_path, bench


class _Spy:
    """Counts prefetches started and prefetched results taken by `read_response`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started: list[str] = []
        self.taken: list[str] = []
        start, take = response_module.prefetch, response_module._Prefetch.response

        def spy_prefetch(path: str) -> bool:
            started = start(path)
            if started:
                self.started.append(path)
            return started

        def spy_response(pending: Any) -> Any:
            self.taken.append(pending.path)
            return take(pending)

        monkeypatch.setattr(response_module, "prefetch", spy_prefetch)
        monkeypatch.setattr(response_module._Prefetch, "response", spy_response)


def _command(**given: Any) -> Any:
    """The command line's parsed options: the defaults, and `given`."""
    defaults = {option.key: option.default for option in cli_module._OPTIONS}
    return cli_module._Command(**{**defaults, **given})


def _without_prefetch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_module, "_prefetch_response", lambda options: None)


def _report(folder: Path) -> dict[str, Any]:
    data = json.loads((folder / "grader_report.json").read_text(encoding="utf-8"))
    data.pop("graded_at")
    return data


def _tree(folder: Path) -> dict[str, bytes]:
    """Every file under the folder, the report without `graded_at`."""
    out = {}
    for name in sorted(files_under(folder)):
        if name == "grader_report.json":
            out[name] = json.dumps(_report(folder), sort_keys=True).encode()
        else:
            out[name] = (folder / name).read_bytes()
    return out


@pytest.mark.parametrize("fmt", ["text", "json"])
@pytest.mark.parametrize("given", ["bench-dir", "response-file", "both"])
def test_the_report_is_the_same_with_and_without_prefetch(
    big_suite: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, fmt: str, given: str
) -> None:
    eval_path, bench = big_suite
    response = bench / "big" / "response.md"
    argv = ["--eval-path", str(eval_path), "--test-id", "big", "--format", fmt]
    if given in ("bench-dir", "both"):
        argv += ["--bench-dir", str(bench)]
    if given in ("response-file", "both"):
        argv += ["--response-file", str(response)]
    runs = []
    for prefetching in (True, False):
        with monkeypatch.context() as patch:
            spy = _Spy(patch)
            if not prefetching:
                _without_prefetch(patch)
            code, out, err = cli(*argv)
            assert spy.taken == spy.started == ([str(response)] if prefetching else [])
        if fmt == "json":
            out = json.dumps({k: v for k, v in json.loads(out).items() if k != "graded_at"})
        runs.append((code, out, err, _tree(bench / "big")))
    assert runs[0] == runs[1]
    code, _, _, tree = runs[0]
    assert code == 1  # never-there and is-json fail
    report = json.loads(tree["grader_report.json"])
    assert report["response_sha256"] == hashlib.sha256(_big_bytes()).hexdigest()
    assert len(report["warnings"]) == 3  # BOM, invalid UTF-8, NUL


def test_read_response_gives_the_same_response_from_a_prefetch(tmp_path: Path) -> None:
    path = tmp_path / "response.md"
    path.write_bytes(_big_bytes())
    plain = read_response(str(path))
    assert prefetch(str(path)) is True
    pending = response_module._prefetched
    assert pending is not None
    ahead = read_response(str(path))
    assert response_module._prefetched is None  # taken once
    assert (ahead.text, ahead.warnings, ahead.sha256) == (plain.text, plain.warnings, plain.sha256)
    assert ahead.digest is pending.digest
    assert pending.data is None  # the bytes are not kept past the decode


def test_a_prefetch_of_another_path_or_limit_is_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "a.md", tmp_path / "b.md"
    first.write_bytes(_big_bytes())
    second.write_bytes(_big_bytes()[:-4] + b"END\n")
    assert prefetch(str(first))
    assert read_response(str(second)).text.endswith("END\n")  # read, not the prefetch
    assert response_module._prefetched is None
    assert prefetch(str(first))
    monkeypatch.setenv("AGENTV_GRADE_MAX_RESPONSE_BYTES", str(BIG))
    with pytest.raises(GradeInputError, match="over the limit of"):
        read_response(str(first))  # the limit changed: read again, refused as before


def _fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "response.md"
    os.mkfifo(path)
    return path


def _oversized(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "response.md"
    path.write_bytes(_big_bytes())
    monkeypatch.setenv("AGENTV_GRADE_MAX_RESPONSE_BYTES", str(BIG))
    return path


def _missing(tmp_path: Path) -> Path:
    return tmp_path / "response.md"


def _directory(tmp_path: Path) -> Path:
    path = tmp_path / "response.md"
    path.mkdir()
    return path


BAD = ["missing", "directory", "fifo", "oversized"]


def _bad(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    if kind == "fifo":
        return _fifo(tmp_path)
    if kind == "oversized":
        return _oversized(tmp_path, monkeypatch)
    return _missing(tmp_path) if kind == "missing" else _directory(tmp_path)


@pytest.mark.parametrize("kind", BAD)
def test_a_bad_response_is_not_read_ahead(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _bad(kind, tmp_path, monkeypatch)
    assert prefetch(str(path)) is False
    assert response_module._prefetched is None


@pytest.mark.parametrize("kind", BAD)
def test_a_read_ahead_raises_what_read_response_raises(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even when the file turns bad between the size check and the read (forced here):
    the thread keeps the error and `read_response` raises it, with the same message."""
    path = _bad(kind, tmp_path, monkeypatch)
    with pytest.raises(GradeInputError) as plain:
        read_response(str(path))
    limit = response_module.max_response_bytes()
    pending = response_module._Prefetch(str(path), limit)
    assert pending.digest._thread is not None
    pending.digest._thread.start()
    response_module._prefetched = pending
    with pytest.raises(GradeInputError) as ahead:
        read_response(str(path))
    assert str(ahead.value) == str(plain.value)
    assert ahead.value.__cause__ is plain.value.__cause__ is None
    assert ahead.value.__suppress_context__ == plain.value.__suppress_context__


@pytest.mark.parametrize("kind", BAD)
def test_a_bad_response_exits_2_with_the_same_message_with_and_without_prefetch(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {}, name="big")
    (bench / "big").mkdir(parents=True)
    path = _bad(kind, bench / "big", monkeypatch)
    argv = ["--eval-path", str(eval_path), "--test-id", "big", "--bench-dir", str(bench)]
    runs = []
    for prefetching in (True, False):
        with monkeypatch.context() as patch:
            if not prefetching:
                _without_prefetch(patch)
            runs.append(cli(*argv))
        assert response_module._prefetched is None
    assert runs[0] == runs[1]
    code, out, err = runs[0]
    assert (code, out) == (2, "")
    assert err.startswith(f"agentv-grade: error: {path}: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    "problem, message",
    [
        ("eval", "YAML syntax error"),
        ("test id", "unknown test id 'bog'"),
        ("unsafe id", "path separator"),
        ("threshold", "--threshold must be in 0..1"),
    ],
)
def test_an_earlier_error_still_comes_first(
    big_suite: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, problem: str, message: str
) -> None:
    eval_path, bench = big_suite
    test_id, extra = "big", []
    if problem == "eval":
        eval_path.write_text(SUITE + "  - id: [oops\n", encoding="utf-8")
    elif problem == "test id":
        test_id = "bog"
        (bench / "bog").mkdir()
        os.link(bench / "big" / "response.md", bench / "bog" / "response.md")
    elif problem == "unsafe id":
        test_id = "big/../big"
    else:
        extra = ["--threshold", "2"]
    argv = ["--eval-path", str(eval_path), "--test-id", test_id, "--bench-dir", str(bench)]
    runs = []
    for prefetching in (True, False):
        with monkeypatch.context() as patch:
            spy = _Spy(patch)
            if not prefetching:
                _without_prefetch(patch)
            runs.append(cli(*argv, *extra))
            assert spy.taken == []
            assert len(spy.started) == (prefetching and problem != "unsafe id")
        response_module._prefetched = None
    assert runs[0] == runs[1]
    code, out, err = runs[0]
    assert (code, out) == (2, "") and message in err
    assert files_under(bench / "big") == {"response.md"}  # nothing written


def test_a_small_response_starts_no_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"big": "line RARE-1 NEEDLE"}, name="big")
    (bench / "big" / "response.md").write_bytes(b"x" * (BIG - 1))
    started: list[threading.Thread] = []
    monkeypatch.setattr(threading.Thread, "start", lambda thread: started.append(thread))
    assert prefetch(str(bench / "big" / "response.md")) is False
    cli_module._prefetch_response(_command(test_id="big", bench_dir=str(bench)))
    assert started == [] and response_module._prefetched is None
    (bench / "big" / "response.md").write_bytes(b"x" * BIG)
    assert prefetch(str(bench / "big" / "response.md")) is True
    assert len(started) == 1 and started[0].daemon
    started[0].run()  # done here, as the thread would have (no thread in this test)
    assert read_response(str(bench / "big" / "response.md")).text == "x" * BIG


def test_only_a_single_test_run_with_a_response_path_prefetches(
    big_suite: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    eval_path, bench = big_suite
    spy = _Spy(monkeypatch)
    cli_module._prefetch_response(_command(test_id="big"))
    assert spy.started == []
    code, _, _ = cli("--eval-path", str(eval_path), "--bench-dir", str(bench))  # batch
    assert code == 1 and spy.started == [] and spy.taken == []
    assert response_module._prefetched is None


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd")
def test_a_prefetch_leaves_no_file_descriptor_open(tmp_path: Path) -> None:
    path = tmp_path / "response.md"
    path.write_bytes(_big_bytes())
    before = len(os.listdir("/proc/self/fd"))
    assert prefetch(str(path))
    assert read_response(str(path)).sha256
    assert len(os.listdir("/proc/self/fd")) == before
    assert prefetch(str(path))  # never taken: the file is closed once read
    pending = response_module._prefetched
    assert pending is not None
    pending.ready.wait()
    assert len(os.listdir("/proc/self/fd")) == before


def test_a_process_that_stops_before_the_read_prints_one_line_and_exits(
    big_suite: tuple[Path, Path],
) -> None:
    """An unknown test id ends the run (exit 2) while the response may still be read
    ahead: one line on stderr, nothing on stdout, nothing written."""
    eval_path, bench = big_suite
    done = subprocess.run(
        [sys.executable, "-m", "agentv_grader", "--eval-path", str(eval_path)]
        + ["--test-id", "bog", "--response-file", str(bench / "big" / "response.md")]
        + ["--bench-dir", str(bench)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("agentv-grade: error: ") and done.stderr.count("\n") == 1
    assert "unknown test id 'bog'" in done.stderr
    assert files_under(bench / "big") == {"response.md"}


def test_no_thread_to_be_had_means_no_prefetch(
    big_suite: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    eval_path, bench = big_suite

    def refuse(thread: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    with monkeypatch.context() as patch:
        patch.setattr(threading.Thread, "start", refuse)
        assert prefetch(str(bench / "big" / "response.md")) is False
        assert response_module._prefetched is None
    response_module._prefetched = None
    argv = ["--eval-path", str(eval_path), "--test-id", "big", "--bench-dir", str(bench)]
    with monkeypatch.context() as patch:
        patch.setattr(response_module, "prefetch", lambda path: False)
        expected = cli(*argv)
    with monkeypatch.context() as patch:
        start = threading.Thread.start

        def refuse_the_first(thread: threading.Thread) -> None:
            patch.setattr(threading.Thread, "start", start)
            refuse(thread)

        patch.setattr(threading.Thread, "start", refuse_the_first)
        assert cli(*argv)[:2] == expected[:2]


def test_the_digest_is_computed_however_late_the_thread_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The thread hashes its own reference to the bytes: `read_response` dropping the
    prefetch's copy before the thread gets to the digest changes nothing."""
    path = tmp_path / "response.md"
    path.write_bytes(_big_bytes())
    decoded = threading.Event()
    decode = response_module.decode_response

    def decode_and_tell(data: Any) -> Any:
        try:
            return decode(data)
        finally:
            decoded.set()

    class LateEvent(threading.Event):
        def set(self) -> None:
            super().set()
            decoded.wait(10)  # the thread goes on only once the text is decoded

    monkeypatch.setattr(response_module, "decode_response", decode_and_tell)
    pending = response_module._Prefetch(str(path), response_module.max_response_bytes())
    pending.ready = LateEvent()
    assert pending.digest._thread is not None
    pending.digest._thread.start()
    response_module._prefetched = pending
    assert read_response(str(path)).sha256 == hashlib.sha256(_big_bytes()).hexdigest()
