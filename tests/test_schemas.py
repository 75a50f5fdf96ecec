"""The shipped JSON Schemas of what agentv-grade writes (`agentv_grader/schemas/`) hold
for real outputs, and are strict enough to catch a wrong one; the MCP tools' output
schemas (SPEC §11) are put together from them."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from agentv_grader import mcp_tools
from agentv_grader.critique.command import run_critique
from tests.helpers import cli
from tests.report_runs import EXAMPLE, graded_claims_run, graded_example
from tests.test_batch import _suite

SCHEMAS = Path(__file__).resolve().parent.parent / "agentv_grader" / "schemas"
TOOLS = ("grade_test", "grade_run", "submit_judgement", "critique_suite", "list_types",
         "get_instructions")  # fmt: skip


def _errors(schema: dict[str, Any], data: Any) -> list[str]:
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]


def _file_schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((SCHEMAS / name).read_text("utf-8"))
    return schema


def test_batch_summaries_match_the_summary_schema(tmp_path: Path) -> None:
    """Graded, failing, not graded (an unusable response), errors, skips, claims."""
    schema = _file_schema("summary.schema.json")
    _, example = graded_example(tmp_path / "a")
    claims = graded_claims_run(tmp_path / "b")
    (tmp_path / "c").mkdir()
    eval_path, bench = _suite(tmp_path / "c")
    (bench / "a" / "response.md").unlink()
    (bench / "a" / "response.md").mkdir()  # a folder: "no response"
    cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    for folder in (example, claims, bench):
        summary = json.loads((folder / "grade_summary.json").read_text("utf-8"))
        assert _errors(schema, summary) == []
    assert summary["errors"] and summary["skips"] and summary["no_response"]
    wrong = {**summary, "claims": {**summary["claims"], "contradicted_in": "a"}}
    assert _errors(schema, wrong) != []
    assert _errors(schema, {**summary, "extra": 1}) != []


def test_a_not_graded_test_matches_the_summary_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    eval_path, bench = _suite(tmp_path)
    (bench / "d" / "response.md").write_text("Paris " * 100)
    monkeypatch.setenv("AGENTV_GRADE_MAX_RESPONSE_BYTES", "100")
    cli("--eval-path", str(eval_path), "--bench-dir", str(bench), "--jobs", "1")
    summary = json.loads((bench / "grade_summary.json").read_text("utf-8"))
    assert summary["tests"]["d"]["verdict"] is None and summary["tests"]["d"]["problem"]
    assert _errors(_file_schema("summary.schema.json"), summary) == []


def test_critiques_match_the_critique_schema(tmp_path: Path) -> None:
    schema = _file_schema("critique.schema.json")
    out = io.StringIO()
    run_critique(str(EXAMPLE / "capital.eval.yaml"), None, "json", out)
    data = json.loads(out.getvalue())
    assert _errors(schema, data) == []
    assert data["tests"]["paris"]["suggestions"]
    finding = data["tests"]["paris"]["suggestions"][0]
    paris = {**data["tests"]["paris"], "suggestions": [{**finding, "severity": "grave"}]}
    bad = {**data, "tests": {"paris": paris}}
    assert _errors(schema, bad) != []


def test_a_judged_result_matches_its_schema(tmp_path: Path) -> None:
    eval_path, bench = graded_example(tmp_path)
    report = json.loads((bench / "paris" / "grader_report.json").read_text("utf-8"))
    (item,) = report["pending"]
    rubric = item["rubrics"][0]["id"]
    code, out, err = cli(
        "judge", "--eval-path", str(eval_path), "--test-id", "paris", "--bench-dir", str(bench),
        "--item", item["name"], "--check", f"{rubric}=pass:one sentence", "--format", "json",
    )  # fmt: skip
    assert code == 0, err
    result = json.loads(out)["result"]
    schema = _file_schema("judged_result.schema.json")
    assert _errors(schema, result) == []
    assert _errors(schema, {**result, "score": 1.5}) != []


@pytest.mark.parametrize("tool", TOOLS)
def test_each_mcp_tool_has_its_own_output_schema(tool: str) -> None:
    """A valid Draft 2020-12 schema naming every field of the tool's answer, with no
    extra field allowed, whose every `$ref` resolves inside it."""
    schema = mcp_tools.output_schema(tool)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert set(schema["required"]) <= set(schema["properties"])
    text = json.dumps(schema)
    for ref in set(__import__("re").findall(r'"\$ref": "#/\$defs/([^"]+)"', text)):
        assert ref in schema["$defs"], (tool, ref)


def test_the_mcp_schemas_are_the_shipped_files_put_together() -> None:
    report = _file_schema("report.schema.json")
    grade_test = mcp_tools.output_schema("grade_test")
    assert grade_test["properties"] == report["properties"]
    assert grade_test["$defs"] == report["$defs"]
    judged = mcp_tools.output_schema("submit_judgement")
    assert judged["properties"]["report"]["properties"] == report["properties"]
    result = _file_schema("judged_result.schema.json")
    assert judged["properties"]["result"]["properties"] == result["properties"]
    critique = mcp_tools.output_schema("critique_suite")
    assert critique["required"] == ["suite", "eval_path", "tests", "counts", "exit_code"]
