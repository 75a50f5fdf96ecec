"""AgentV merge files (SPEC §6.3): layout, shape, reuse of AgentV's own config names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentv_grader import grade_test
from tests.helpers import files_under, validate_report, write_suite

SUITE = """\
name: demo
tests:
  - id: t1
    assertions:
      - type: contains
        value: Paris
      - type: regex
        value: "^Paris"
      - type: is-json
        negate: true
      - type: contains
        value: Paris
        metric: again
      - "is polite"
"""


def _grade(tmp_path: Path, layout: str = "auto") -> tuple[Path, dict]:
    eval_path, bench = write_suite(tmp_path, SUITE, {"t1": "Paris is the capital."}, name="demo")
    report = grade_test(str(eval_path), "t1", bench_dir=str(bench), layout=layout)
    validate_report(report.data)
    return bench / "t1", dict(report.data)


def test_v4_layout_writes_one_file_per_graded_assertion(tmp_path: Path) -> None:
    folder, data = _grade(tmp_path)
    assert data["files"] == [
        "code_grader_results/contains-Paris.json",
        "code_grader_results/regex-_Paris.json",
        "code_grader_results/is-json.json",
        "code_grader_results/again.json",
    ]
    assert files_under(folder) == {
        "response.md",
        "grader_report.json",
        "eval_critique.json",
        "eval_critique.md",
        *data["files"],
    }
    content = json.loads((folder / "code_grader_results" / "is-json.json").read_text())
    assert content["name"] == "is-json" and content["type"] == "is-json"
    assert content["score"] == 1.0 and content["weight"] == 1.0
    assert content["assertions"] == [
        {
            "text": "Output is not valid JSON",
            "passed": True,
            "evidence": content["assertions"][0]["evidence"],
        }
    ]


def test_head_layout_is_chosen_when_agentv_main_wrote_script_graders(tmp_path: Path) -> None:
    (tmp_path / "run" / "demo" / "other" / "script_graders").mkdir(parents=True)
    _, data = _grade(tmp_path)
    assert all(f.startswith("script_grader_results/") for f in data["files"])


def test_none_layout_writes_only_the_report(tmp_path: Path) -> None:
    folder, data = _grade(tmp_path, layout="none")
    assert data["files"] == []
    assert files_under(folder) == {
        "response.md",
        "grader_report.json",
        "eval_critique.json",
        "eval_critique.md",
    }


def test_agentv_config_names_are_reused_in_order(tmp_path: Path) -> None:
    configs = tmp_path / "run" / "demo" / "t1" / "code_graders"
    configs.mkdir(parents=True)
    (configs / "regex-^Paris.json").write_text(
        json.dumps(
            {
                "name": "regex-^Paris",
                "type": "regex",
                "value": "^Paris",
                "weight": 1,
                "negate": False,
            }
        )
    )
    (configs / "contains-Paris.json").write_text(
        json.dumps(
            {
                "name": "contains-Paris",
                "type": "contains",
                "value": "Paris",
                "weight": 1,
                "negate": False,
            }
        )
    )
    _, data = _grade(tmp_path)
    assert data["files"] == [
        "code_grader_results/contains-Paris.json",
        "code_grader_results/regex-^Paris.json",
        "code_grader_results/is-json.json",
        "code_grader_results/again.json",
    ]


def test_negate_must_match_for_reuse(tmp_path: Path) -> None:
    configs = tmp_path / "run" / "demo" / "t1" / "code_graders"
    configs.mkdir(parents=True)
    (configs / "is-json.json").write_text(
        json.dumps({"name": "is-json", "type": "is-json", "negate": False})
    )
    _, data = _grade(tmp_path)
    assert "code_grader_results/is-json-2.json" in data["files"]


def test_rerun_removes_only_merge_files_this_tool_wrote(tmp_path: Path) -> None:
    folder, _ = _grade(tmp_path)
    foreign = folder / "code_grader_results" / "written-by-agentv.json"
    foreign.write_text("{}")
    (tmp_path / "demo.eval.yaml").write_text(
        SUITE.replace('      - type: regex\n        value: "^Paris"\n', "")
    )
    report = grade_test(
        str(tmp_path / "demo.eval.yaml"), "t1", bench_dir=str(tmp_path / "run" / "demo")
    )
    assert "code_grader_results/regex-_Paris.json" not in report.data["files"]
    assert not (folder / "code_grader_results" / "regex-_Paris.json").exists()
    assert foreign.exists()


def test_errors_get_merge_files_but_pending_and_skipped_do_not(tmp_path: Path) -> None:
    text = (
        "tests:\n  - id: t1\n    assertions:\n      - type: contains\n        value: 42\n"
        "      - type: webhook\n        value: http://x\n      - judge me\n"
    )
    eval_path, bench = write_suite(tmp_path, text, {"t1": "x"})
    report = grade_test(str(eval_path), "t1", bench_dir=str(bench))
    assert report.data["files"] == ["code_grader_results/contains.json"]
    statuses = [a["status"] for a in report.data["assertions"]]
    assert statuses == ["error", "skipped", "pending"]


@pytest.mark.parametrize("layout", ["v4", "head"])
def test_explicit_layouts(tmp_path: Path, layout: str) -> None:
    _, data = _grade(tmp_path, layout=layout)
    prefix = "code_grader_results/" if layout == "v4" else "script_grader_results/"
    assert all(f.startswith(prefix) for f in data["files"])
