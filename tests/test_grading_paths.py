"""A batch test's paths (`grading.default_paths`) are `resolve_paths`'s defaults, whatever
the test folder holds; the eval file's folder a batch works out once is the one each test
would work out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agentv_grader import batch, grading
from agentv_grader.model import Suite
from agentv_grader.options import GradeOptions

FOLDERS: dict[str, list[str]] = {
    "plain": ["response.md"],
    "everything": [
        "response.md", "transcript.jsonl", "timing.json", "user_notes.md", "metrics.json"
    ],
    "raw transcript": ["response.md", "transcript-raw.jsonl", "transcript.jsonl"],
    "other spelling": ["response.md", "Timing.json", "TRANSCRIPT.json"],
    "non-ascii name": ["response.md", "é.txt", "timing.json"],
    "metrics only": ["response.md", "metrics.json"],
    "no response": ["notes.txt"],
    "empty": [],
}  # fmt: skip


@pytest.mark.parametrize("kind", sorted(FOLDERS))
@pytest.mark.parametrize("bench_suffix", ["", "/"])
def test_default_paths_are_resolve_paths_defaults(
    tmp_path: Path, kind: str, bench_suffix: str
) -> None:
    test_dir = tmp_path / "run" / "t1"
    test_dir.mkdir(parents=True)
    for name in FOLDERS[kind]:
        (test_dir / name).write_text("x")
    bench = str(tmp_path / "run") + bench_suffix
    fast = grading.default_paths(bench, "t1")
    plain = grading.resolve_paths("t1", response_file=None, bench_dir=bench)
    assert fast == plain
    assert (fast.listing is None) == (plain.listing is None)
    assert fast.listing is not None and sorted(fast.listing.entries) == sorted(FOLDERS[kind])


@pytest.mark.parametrize("test_id", ["missing", "a/b", ""])
def test_default_paths_of_an_odd_or_missing_folder_are_resolve_paths(
    tmp_path: Path, test_id: str
) -> None:
    bench = str(tmp_path)
    fast = grading.default_paths(bench, test_id)
    assert fast == grading.resolve_paths(test_id, response_file=None, bench_dir=bench)


def test_a_batch_works_out_the_eval_files_folder_once_as_a_test_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "evals").mkdir()
    monkeypatch.chdir(tmp_path)
    suite = Suite(path=os.path.join("evals", "s.eval.yaml"), name="s", sha256="", tests=())
    options = batch.BatchOptions(GradeOptions()).for_suite(suite)
    assert options.eval_dir == str(tmp_path / "evals")
    assert options.for_suite(suite) is options
    assert options.with_layout("v4").eval_dir == options.eval_dir
