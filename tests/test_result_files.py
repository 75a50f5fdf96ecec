"""Result files of a graded test (agentv_grader.result_files, SPEC §6, §7): written from
the report, the merge files and the critique, with the targets checked from one listing."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from agentv_grader import grade_test, result_files
from agentv_grader.errors import GradeInputError
from tests.helpers import paths_under, write_suite

SUITE = """\
tests:
  - id: t
    assertions:
      - type: contains
        value: Paris
      - type: regex
        value: "^Paris"
      - type: equals
        value: Paris
"""
FEWER = SUITE.replace('      - type: regex\n        value: "^Paris"\n', "")


def _run_steps(tmp_path: Path, plain: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """A first grading, an unchanged re-grade, a re-grade with one merge file fewer and no
    critique, and one with the critique again; per step the files, their text (without
    `graded_at` and the folder's own path) and which of them were replaced."""
    if plain:
        monkeypatch.setattr(result_files, "prepare_targets", lambda test_dir, relpaths, **_: None)
    tmp_path.mkdir()
    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    folder = bench / "t"
    (folder / "code_graders").mkdir()
    (folder / "code_graders" / "mine.json").write_text(
        json.dumps({"type": "contains", "value": "Paris"})
    )
    steps: list[Any] = []
    inodes: dict[str, int] = {}
    for text, critique in ((SUITE, True), (SUITE, True), (FEWER, False), (FEWER, True)):
        eval_path.write_text(text)
        grade_test(str(eval_path), "t", bench_dir=str(bench), critique=critique)
        files = {
            str(p.relative_to(folder)): re.sub(r'"graded_at": "[^"]*"', "", p.read_text()).replace(
                str(tmp_path), "ROOT"
            )
            for p in sorted(folder.rglob("*"))
            if p.is_file()
        }
        now = {name: (folder / name).stat().st_ino for name in files}
        replaced = sorted(n for n in files if n in inodes and inodes[n] != now[n])
        inodes = now
        steps.append((files, replaced))
    return steps


def test_report_write_leaves_the_same_files_as_the_plain_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = _run_steps(tmp_path / "fast", False, monkeypatch)
    plain = _run_steps(tmp_path / "plain", True, monkeypatch)
    assert [files for files, _ in fast] == [files for files, _ in plain]
    assert [replaced for _, replaced in fast] == [replaced for _, replaced in plain]
    assert fast[1][1] == ["grader_report.json"]  # an unchanged re-grade replaces the report only
    assert "code_grader_results/mine.json" in fast[0][0]  # AgentV's config name reused


def test_a_first_grading_opens_no_previous_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    read: list[str] = []
    real = result_files._previous_report

    def previous(test_dir: str) -> dict[str, Any]:
        read.append(test_dir)
        found: dict[str, Any] = real(test_dir)
        return found

    monkeypatch.setattr(result_files, "_previous_report", previous)
    grade_test(str(eval_path), "t", bench_dir=str(bench))
    assert read == []
    grade_test(str(eval_path), "t", bench_dir=str(bench))
    assert read == [str(bench / "t")]


def test_a_directory_in_the_way_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    (bench / "t" / "eval_critique.md").mkdir()
    with pytest.raises(GradeInputError, match="a directory has its name") as caught:
        grade_test(str(eval_path), "t", bench_dir=str(bench))
    assert caught.value.file == str(bench / "t" / "eval_critique.md")
    assert paths_under(bench / "t") == {"response.md", "eval_critique.md"}


def test_the_result_paths_are_checked_from_the_inputs_listing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a program among the assertions, nothing run since the test folder was listed
    for its inputs can have changed it: that listing is checked again, not a new one."""
    from agentv_grader.load import files

    eval_path, bench = write_suite(tmp_path, SUITE, {"t": "Paris"})
    listed: list[str] = []
    real = files.Listing.__init__

    def listing(self: files.Listing, folder: str) -> None:
        listed.append(folder)
        real(self, folder)

    monkeypatch.setattr(files.Listing, "__init__", listing)
    grade_test(str(eval_path), "t", bench_dir=str(bench))
    assert listed == [str(bench / "t")]
    assert (bench / "t" / "code_grader_results" / "contains-Paris.json").is_file()


def test_a_program_among_the_assertions_gets_the_test_folder_listed_again(
    tmp_path: Path,
) -> None:
    """A code grader may change the test folder (here: a directory where the report goes),
    so the result paths are checked from a new listing, and the run refused as before."""
    import sys

    folder = tmp_path / "run" / "suite" / "t"
    program = f"import os; os.mkdir({str(folder / 'grader_report.json')!r}); print('true')"
    suite = (
        "tests:\n  - id: t\n    assertions:\n      - {type: contains, value: Paris}\n"
        f"      - {{type: script, command: [{json.dumps(sys.executable)}, -c, "
        f"{json.dumps(program)}]}}\n"
    )
    eval_path, bench = write_suite(tmp_path, suite, {"t": "Paris"})
    with pytest.raises(GradeInputError, match="a directory has its name") as caught:
        grade_test(str(eval_path), "t", bench_dir=str(bench))
    assert caught.value.file == str(folder / "grader_report.json")
    assert paths_under(folder) == {"response.md", "grader_report.json"}
