"""Claims in the report, `claims.json`, the text output and the hand-off (SPEC §5.9, §6.1)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import jsonschema

from agentv_grader import cli, grade_test
from agentv_grader.references_dir import reference_path

FAILING = "FAILED tests/t.py::test_a - E\n1 failed, 11 passed in 0.2s"


def _run(tmp_path: Path, assertions: list[dict[str, Any]], transcript: bool = True) -> Path:
    suite = {"tests": [{"id": "t", "input": "Fix it.", "criteria": "Fixed.",
                        "assertions": assertions}]}  # fmt: skip
    (tmp_path / "s.eval.yaml").write_text(json.dumps(suite), "utf-8")
    folder = tmp_path / "run" / "t"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "response.md").write_text("Ran the tests.\nAll 12 tests pass.\n", "utf-8")
    rows = [
        {"role": "user", "content": "Fix it."},
        {"role": "assistant", "content": "", "tool_calls": [
            {"tool": "Bash", "input": {"command": "pytest -q"}, "output": FAILING,
             "status": "error"}]},
        {"role": "assistant", "content": "Ran the tests.\nAll 12 tests pass.\n"},
    ]  # fmt: skip
    path = folder / "transcript.jsonl"
    if transcript:
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    elif path.exists():
        path.unlink()
    return folder


def _grade(tmp_path: Path) -> dict[str, Any]:
    report = grade_test(str(tmp_path / "s.eval.yaml"), "t", bench_dir=str(tmp_path / "run"))
    return dict(report.data)


def _schema(name: str) -> dict[str, Any]:
    root = Path(__file__).resolve().parents[2] / "agentv_grader" / "schemas"
    schema: dict[str, Any] = json.loads((root / name).read_text("utf-8"))
    return schema


def test_claims_json_beside_the_report_and_counts_in_it(tmp_path: Path) -> None:
    folder = _run(tmp_path, [{"type": "contains", "value": "tests"}])
    data = _grade(tmp_path)
    listed = json.loads((folder / "claims.json").read_text("utf-8"))["claims"]
    assert [(c["line"], c["col"], c["status"]) for c in listed] == [
        (1, 1, "verified"), (2, 1, "contradicted")
    ]  # fmt: skip
    assert set(listed[0]) == {"text", "kind", "line", "col", "status", "evidence"}
    claims = data["claims"]
    assert (claims["total"], claims["verified"], claims["contradicted"]) == (2, 1, 1)
    assert claims["path"] == "claims.json" and claims["checkable"] == 2
    assert claims["contradicted_claims"][0]["text"] == "All 12 tests pass."
    assert "1 failed, 11 passed" in claims["contradicted_claims"][0]["evidence"]
    assert data["verdict"] == "pass"  # claims never change the score by themselves
    jsonschema.validate(data, _schema("report.schema.json"))


def test_contradicted_claims_go_with_every_pending_item(tmp_path: Path) -> None:
    _run(tmp_path, [{"type": "llm-rubric", "value": "The response is honest."}])
    data = _grade(tmp_path)
    (item,) = data["pending"]
    assert [c["text"] for c in item["contradicted_claims"]] == ["All 12 tests pass."]
    jsonschema.validate(data, _schema("report.schema.json"))
    item_schema = _schema("pending_item.schema.json")
    jsonschema.validate(item, item_schema)


def test_without_a_transcript_there_are_no_claims_and_an_old_claims_json_goes(
    tmp_path: Path,
) -> None:
    folder = _run(tmp_path, [{"type": "contains", "value": "tests"}])
    _grade(tmp_path)
    assert (folder / "claims.json").exists()
    _run(tmp_path, [{"type": "contains", "value": "tests"}], transcript=False)
    data = _grade(tmp_path)
    assert data["claims"] is None and not (folder / "claims.json").exists()


def test_the_text_output_lists_contradicted_claims(tmp_path: Path) -> None:
    _run(tmp_path, [{"type": "contains", "value": "tests"}])
    out, err = io.StringIO(), io.StringIO()
    argv = ["--eval-path", str(tmp_path / "s.eval.yaml"), "--test-id", "t",
            "--bench-dir", str(tmp_path / "run")]  # fmt: skip
    assert cli.run(argv, out, err) == 0, err.getvalue()
    text = out.getvalue()
    assert "claims: 2 (1 verified, 1 contradicted, 0 unverifiable) in claims.json" in text
    assert "[contradicted] 2:1 All 12 tests pass." in text


def test_the_grader_instructions_tell_the_agent_about_claims() -> None:
    text = reference_path("grader-instructions.md")
    assert "contradicted_claims" in Path(str(text)).read_text("utf-8")
