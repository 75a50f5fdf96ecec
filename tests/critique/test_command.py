"""`agentv-grade critique` (SPEC §2): table, JSON, exit codes, input errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from agentv_grader.critique.command import run_critique
from agentv_grader.errors import GradeInputError

SUITE = """
name: demo
tests:
  - id: good
    input: "What is the capital of France?"
    assertions:
      - {type: contains, value: Paris}
  - id: weak
    input: "What is the capital of Italy?"
    assertions:
      - {type: contains, value: Rome}
      - {type: icontains, value: the}
  - id: leaky
    input: "What is the capital of Spain?"
    assertions:
      - {type: contains, value: Spain}
"""


def _write(tmp_path: Path, text: str = SUITE) -> str:
    path = tmp_path / "demo.eval.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _run(path: str, test_id: str | None = None, fmt: str = "text") -> tuple[int, str]:
    out = io.StringIO()
    code = run_critique(path, test_id, fmt, out)
    return code, out.getvalue()


def test_text_table_and_high_exit(tmp_path: Path) -> None:
    code, text = _run(_write(tmp_path))
    assert code == 1
    lines = text.splitlines()
    assert lines[0] == f"critique of suite 'demo' ({tmp_path / 'demo.eval.yaml'}): 3 test(s)"
    assert lines[1].split() == ["test", "#", "severity", "rule", "assertion", "reason"]
    assert any(line.startswith("weak") and " high " in line and "trivial" in line for line in lines)
    assert any(line.startswith("leaky") and "answer-in-input" in line for line in lines)
    assert any(line.strip().startswith("fix: ") for line in lines)
    assert lines[-1] == "2 of 3 test(s) with suggestions: 1 high, 1 medium, 0 low"


def test_json_document(tmp_path: Path) -> None:
    code, text = _run(_write(tmp_path), fmt="json")
    data = json.loads(text)
    assert code == 1
    assert data["suite"] == "demo"
    assert list(data["tests"]) == ["good", "weak", "leaky"]
    assert data["tests"]["good"] == {
        "suggestions": [],
        "overall": "No suggestions, evals look solid.",
    }
    assert data["tests"]["weak"]["suggestions"][0]["rule"] == "trivial"
    assert data["counts"] == {
        "tests": 3, "tests_with_suggestions": 2, "high": 1, "medium": 1, "low": 0
    }  # fmt: skip


def test_one_test_without_high_findings_exits_0(tmp_path: Path) -> None:
    code, text = _run(_write(tmp_path), test_id="leaky")
    assert code == 0
    assert "answer-in-input" in text and "weak" not in text.split("\n", 1)[1]


def test_solid_suite(tmp_path: Path) -> None:
    code, text = _run(_write(tmp_path), test_id="good")
    assert code == 0
    assert text.splitlines()[-1] == "No suggestions, evals look solid."


def test_a_suite_with_unanalysed_assertions_is_not_called_solid(tmp_path: Path) -> None:
    suite = """
name: judged
tests:
  - id: judged
    input: "What is the capital of France?"
    assertions:
      - {type: contains, value: Paris}
      - Names the capital politely
"""
    code, text = _run(_write(tmp_path, suite))
    assert code == 0
    assert text.splitlines()[-1] == (
        "No suggestions; 1 of 1 test(s) have assertions the critique does not analyse "
        "(LLM-judged, programs, trace checks, turns: see --format json)"
    )


def test_duplicate_ids_are_all_kept_in_json(tmp_path: Path) -> None:
    text = "tests:\n  - {id: a, assertions: [{type: contains, value: x1}]}\n" * 1
    text += "  - {id: a, assertions: [{type: contains, value: the}]}\n"
    code, out = _run(_write(tmp_path, text), fmt="json")
    assert list(json.loads(out)["tests"]) == ["a", "a#2"]
    assert code == 1


@pytest.mark.parametrize(
    ("test_id", "fmt", "message"),
    [("nope", "text", "unknown test id"), (None, "xml", "unknown format")],
)
def test_unusable_input(tmp_path: Path, test_id: str | None, fmt: str, message: str) -> None:
    with pytest.raises(GradeInputError, match=message):
        _run(_write(tmp_path), test_id=test_id, fmt=fmt)


def test_missing_or_broken_file(tmp_path: Path) -> None:
    with pytest.raises(GradeInputError, match="not found"):
        _run(str(tmp_path / "missing.eval.yaml"))
    with pytest.raises(GradeInputError):
        _run(_write(tmp_path, "tests: [\n"))
