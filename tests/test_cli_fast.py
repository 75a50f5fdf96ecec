"""The command line's fast path (`cli._fast_options`, SPEC §8 cold start) reads exactly
what click reads, and a plain grading run answers exactly as the click path does."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentv_grader import cli
from tests.helpers import run_importing, write_suite

OPTIONS = list(cli._FAST) + ["--list-types", "--version", "--help", "-h", "--bogus", "--eval"]
VALUES = [
    "x",
    "",
    " ",
    "t1",
    "a=b",
    "-",
    "-x",
    "--test-id",
    "0.5",
    " 0.5 ",
    "1e-1",
    "nan",
    "-0.5",
    "1_0",
    "abc",
    "2",
    "0",
    "-1",
    "text",
    "json",
    "JSON",
    "auto",
    "v4",
    "head",
    "none",
    "v9",
    "critique",
    "--",
    "é/ü",
]


def _click_params(argv: list[str]) -> dict[str, Any]:
    main_command, _ = cli._commands()
    with main_command.make_context("agentv-grade", list(argv)) as ctx:
        return dict(ctx.params)


def _check(argv: list[str]) -> dict[str, Any] | None:
    command = cli._fast_options(argv)
    if command is None:
        return None
    fast = {key: getattr(command, key) for key in cli._Command.__slots__}
    theirs = _click_params(argv)  # click must accept it and read the same values
    assert {k: repr(v) for k, v in fast.items()} == {k: repr(v) for k, v in theirs.items()}
    return fast


@pytest.mark.parametrize(
    "argv",
    [
        ["--eval-path", "e.yaml", "--test-id", "t1", "--bench-dir", "b"],
        ["--eval-path=e.yaml", "--test-id=t1", "--bench-dir=b"],
        ["--test-id", "t1", "--eval-path", "e.yaml"],
        ["--eval-path", "e.yaml"],
        ["--eval-path", "", "--test-id", ""],
        ["--eval-path", "e.yaml", "--threshold", "0.5", "--jobs", "3", "--format", "json"],
        ["--eval-path", "e.yaml", "--threshold=1e-1", "--jobs=0", "--format=text"],
        ["--eval-path", "e.yaml", "--no-critique", "--agentv-layout", "none"],
        ["--eval-path", "e.yaml", "--agentv-layout=head", "--junit", "j.xml"],
        ["--eval-path", "e=y.yaml", "--response-file", "r.md", "--timing-file", "t.json"],
        ["--eval-path", "e.yaml", "--transcript-file", "tr.json", "--user-notes", "n.md"],
        ["--eval-path", "é/ü.yaml", "--test-id", "a b", "--threshold", "nan"],
        [],
    ],
)
def test_plain_command_lines_take_the_fast_path_and_read_as_click_does(argv: list[str]) -> None:
    assert _check(argv) is not None


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["-h"],
        ["--version"],
        ["--list-types"],
        ["critique", "--eval-path", "e.yaml"],
        ["--eval-path"],
        ["--eval-path", "e.yaml", "--test-id"],
        ["--eval-path", "e.yaml", "extra"],
        ["--eval-path", "e.yaml", "--", "x"],
        ["--eval-path", "a", "--eval-path", "b"],
        ["--eval-path", "e.yaml", "--threshold", "abc"],
        ["--eval-path", "e.yaml", "--threshold", "-0.5"],
        ["--eval-path", "e.yaml", "--jobs", "1.5"],
        ["--eval-path", "e.yaml", "--format", "JSON"],
        ["--eval-path", "e.yaml", "--agentv-layout", "v9"],
        ["--eval-path", "e.yaml", "--no-critique=1"],
        ["--eval-path", "e.yaml", "--test-id", "--bench-dir"],
        ["--eval-path", "e.yaml", "--bogus"],
        ["--eval", "e.yaml"],
        ["--eval-path", "e.yaml", "-h"],
    ],
)
def test_anything_else_goes_to_click(argv: list[str]) -> None:
    assert cli._fast_options(argv) is None


def test_shell_completion_goes_to_click(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cli._COMPLETE_VAR, "bash_complete")
    assert cli._COMPLETE_VAR == "_AGENTV_GRADE_COMPLETE"
    assert cli._fast_options(["--eval-path", "e.yaml"]) is None


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(OPTIONS),
            st.sampled_from(VALUES),
            st.builds(lambda o, v: f"{o}={v}", st.sampled_from(OPTIONS), st.sampled_from(VALUES)),
        ),
        max_size=8,
    )
)
def test_any_command_line_reads_as_click_does_or_goes_to_click(argv: list[str]) -> None:
    _check(argv)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(list(cli._FAST)), st.sampled_from(VALUES), st.booleans()),
        max_size=6,
    )
)
def test_option_value_pairs_read_as_click_does(pairs: list[tuple[str, str, bool]]) -> None:
    argv: list[str] = []
    for name, value, joined in pairs:
        if cli._FAST[name].kind == "flag":
            argv.append(name)
        else:
            argv += [f"{name}={value}"] if joined else [name, value]
    _check(argv)


# ------------------------------------------------------------ whole runs, both paths
@pytest.fixture
def bench(tmp_path: Path) -> tuple[Path, Path]:
    suite = """
name: s
tests:
  - id: good
    input: Q
    assertions: [{type: contains, value: Paris}]
  - id: bad
    input: Q
    assertions: [{type: regex, value: "^Lyon"}]
"""
    answer = "Answer: Paris\n"
    return write_suite(tmp_path, suite, {"good": answer, "bad": answer}, name="s")


# The grading time a JSON report carries, to the second: the two runs of `_both` may fall
# on either side of a second's boundary.
_GRADED_AT = re.compile(r'"graded_at": "[^"]*"')


def _both(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    results = []
    for fast in (True, False):
        with monkeypatch.context() as patch:
            if not fast:
                patch.setattr(cli, "_fast_options", lambda argv: None)
            out, err = io.StringIO(), io.StringIO()
            code = cli.run(list(argv), out, err)
            printed = _GRADED_AT.sub('"graded_at": ""', out.getvalue())
            results.append((code, printed, err.getvalue()))
    assert results[0] == results[1], argv


def test_runs_answer_as_the_click_path_does(
    bench: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    eval_path, root = str(bench[0]), str(bench[1])
    cases = [
        ["--eval-path", eval_path, "--test-id", "good", "--bench-dir", root],
        ["--eval-path", eval_path, "--test-id", "bad", "--bench-dir", root, "--no-critique"],
        ["--eval-path", eval_path, "--test-id", "good", "--bench-dir", root, "--format", "json"],
        ["--eval-path", eval_path, "--test-id", "nope", "--bench-dir", root],
        ["--eval-path", eval_path, "--test-id", "good"],
        ["--eval-path", eval_path, "--test-id", "good", "--bench-dir", root, "--threshold", "1.5"],
        ["--eval-path", eval_path, "--bench-dir", root, "--jobs", "0"],
        ["--eval-path", eval_path, "--bench-dir", root, "--jobs", "1"],
        ["--eval-path", eval_path, "--bench-dir", root, "--response-file", "r.md"],
        ["--eval-path", eval_path],
        ["--eval-path", str(Path(eval_path).with_name("missing.yaml")), "--test-id", "good"],
        ["--test-id", "good"],
        [],
    ]
    for argv in cases:
        _both(argv, monkeypatch)


def test_json_report_is_the_same_on_both_paths(
    bench: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    argv = ["--eval-path", str(bench[0]), "--test-id", "good", "--bench-dir", str(bench[1])]
    out = io.StringIO()
    assert cli.run(argv + ["--format", "json"], out, io.StringIO()) == 0
    assert json.loads(out.getvalue())["verdict"] == "pass"


def _imports_click(argv: list[str]) -> bool:
    return run_importing(argv, "click")[1]


def test_a_plain_grading_run_does_not_import_click(bench: tuple[Path, Path]) -> None:
    argv = ["--eval-path", str(bench[0]), "--test-id", "good", "--bench-dir", str(bench[1])]
    assert not _imports_click(argv)
    assert _imports_click(["--version"])


class _Stream:
    def __init__(self, fails: bool = False) -> None:
        self.fails, self.flushed = fails, False

    def flush(self) -> None:
        if self.fails:
            raise BrokenPipeError(32, "Broken pipe")
        self.flushed = True


def test_the_command_line_leaves_once_its_output_is_flushed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`main` ends in `_leave`: both streams flushed, then an exit without teardown."""
    out, err = _Stream(), _Stream()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)

    class Left(Exception):
        pass

    def exit_now(code: int) -> None:
        assert out.flushed and err.flushed  # nothing written is left in a buffer
        raise Left(code)

    monkeypatch.setattr(cli.os, "_exit", exit_now)
    with pytest.raises(Left) as left:
        cli._leave(1)
    assert left.value.args == (1,)


def test_a_flush_that_fails_takes_the_usual_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", _Stream(fails=True))
    monkeypatch.setattr(cli.os, "_exit", lambda code: pytest.fail("left without the usual exit"))
    with pytest.raises(SystemExit) as done:
        cli._leave(2)
    assert done.value.code == 2


def test_piped_output_is_complete_after_the_exit(bench: tuple[Path, Path]) -> None:
    """The console script's output reaches a pipe whole, with its exit code, although the
    interpreter is not torn down."""
    eval_path, bench_dir = bench
    argv = ["--eval-path", str(eval_path), "--bench-dir", str(bench_dir), "--jobs", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "agentv_grader", *argv, "--format", "json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(row["test_id"], row["verdict"]) for row in rows] == [("good", "pass"), ("bad", "fail")]
    assert "graded 2 test(s)" in done.stderr and done.returncode == 1
