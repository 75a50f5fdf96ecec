"""`agentv-grade mcp` (SPEC §11) through the MCP SDK's own client: a real server
subprocess over stdio, the real protocol, no mocks. Each tool's structured result is
compared with what the command line writes for the same input."""

from __future__ import annotations

import json
import shutil
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import cli
from tests.report_runs import EXAMPLE, graded_claims_run

mcp = pytest.importorskip("mcp", reason="the mcp extra is not installed: pip install -e '.[mcp]'")
anyio = pytest.importorskip("anyio")

SERVER = [sys.executable, "-m", "agentv_grader", "mcp"]
TOOLS = {
    "grade_test", "grade_run", "submit_judgement", "critique_suite", "list_types",
    "get_instructions",
}  # fmt: skip


def _session(cwd: Path, scenario: Callable[[Any], Awaitable[None]]) -> None:
    """Start the server as a subprocess in `cwd`, connect the SDK's client, run `scenario`."""
    from mcp import Client, StdioServerParameters

    async def main() -> None:
        params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], cwd=str(cwd))
        async with Client(params, read_timeout_seconds=120) as client:
            await scenario(client)

    anyio.run(main)


def _example(tmp_path: Path, name: str = "a") -> Path:
    """A fresh copy of the bundled example (not graded yet)."""
    shutil.copytree(EXAMPLE, tmp_path / name)
    return tmp_path / name


def _json(result: Any) -> dict[str, Any]:
    """A successful tool result's structured content, checked against its text."""
    assert not result.is_error, result.content
    assert json.loads(result.content[0].text) == result.structured_content
    data: dict[str, Any] = result.structured_content
    return data


def _conforms(schema: dict[str, Any], data: dict[str, Any]) -> None:
    """`data` matches a tool's published output schema (Draft 2020-12, formats checked)."""
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
    assert errors == []


def test_every_tool_on_the_bundled_example(
    tmp_path: Path, record_property: Callable[[str, Any], None]
) -> None:
    served, by_cli = _example(tmp_path, "served"), _example(tmp_path, "cli")
    seen: dict[str, Any] = {}
    times: dict[str, float] = {}

    async def scenario(client: Any) -> None:
        listed = await client.list_tools()
        seen["tools"] = {tool.name: tool for tool in listed.tools}

        async def call(name: str, arguments: dict[str, Any], **kw: Any) -> dict[str, Any]:
            started = time.perf_counter()
            result = await client.call_tool(name, arguments, **kw)
            times[name] = round(1000 * (time.perf_counter() - started), 1)
            return _json(result)

        seen["grade_test"] = await call(
            "grade_test",
            {"eval_path": "capital.eval.yaml", "test_id": "paris", "bench_dir": "run/capital"},
        )
        progress: list[tuple[float, float | None, str | None]] = []

        async def on_progress(done: float, total: float | None, message: str | None) -> None:
            progress.append((done, total, message))

        seen["grade_run"] = await call(
            "grade_run",
            {"eval_path": "capital.eval.yaml", "bench_dir": "run/capital"},
            progress_callback=on_progress,
        )
        # The client may run a progress callback after the call's answer has arrived.
        with anyio.fail_after(30):
            while len(progress) < len(seen["grade_run"]["lines"]):
                await anyio.sleep(0.01)
        seen["progress"] = sorted(progress)
        seen["critique_suite"] = await call("critique_suite", {"eval_path": "capital.eval.yaml"})
        seen["critique_one"] = await call(
            "critique_suite", {"eval_path": "capital.eval.yaml", "test_id": "tokyo"}
        )
        seen["list_types"] = await call("list_types", {})
        seen["get_instructions"] = await call("get_instructions", {})

    _session(served, scenario)
    for name, milliseconds in times.items():
        record_property(f"{name}_ms", milliseconds)

    tools = seen["tools"]
    assert set(tools) == TOOLS
    schema = tools["grade_test"].input_schema
    assert schema["required"] == ["eval_path", "test_id"]
    assert set(schema["properties"]) == {
        "eval_path", "test_id", "bench_dir", "response_file", "timing_file", "transcript_file"
    }  # fmt: skip
    assert tools["grade_run"].input_schema["required"] == ["eval_path", "bench_dir"]
    assert all(tool.output_schema["type"] == "object" for tool in tools.values())
    # Each tool publishes its result's own schema, and every answer conforms to it.
    from agentv_grader.mcp_tools import output_schema

    for name, tool in tools.items():
        assert tool.output_schema == output_schema(name), name
    for key in ("grade_test", "grade_run", "list_types", "get_instructions"):
        _conforms(tools[key].output_schema, seen[key])
    for key in ("critique_suite", "critique_one"):
        _conforms(tools["critique_suite"].output_schema, seen[key])
    report_schema = tools["grade_test"].output_schema
    assert set(report_schema["properties"]) >= {"verdict", "assertions", "pending", "claims"}
    assert report_schema["properties"]["pending"]["items"] == {"$ref": "#/$defs/pendingItem"}
    run_schema = tools["grade_run"].output_schema
    assert run_schema["properties"]["summary"]["properties"]["schema"] == {
        "const": "agentv-grade/summary/v1"
    }

    # grade_test: the report it wrote (grade_run wrote it again since: a second later on a
    # loaded machine, its critique in the suite's file), and the report the command line gives
    report = seen["grade_test"]
    on_disk = json.loads((served / "run/capital/paris/grader_report.json").read_text("utf-8"))
    assert report["critique"] == {"suggestions": 2, "path": "eval_critique.json"}
    assert on_disk["critique"] == {"suggestions": 2, "path": "../eval_critique.json",
                                   "entry": "paris"}  # fmt: skip
    assert {**report, "graded_at": None, "critique": None} == {
        **on_disk,
        "graded_at": None,
        "critique": None,
    }
    code, out, _ = cli(
        "--eval-path", str(by_cli / "capital.eval.yaml"), "--test-id", "paris",
        "--bench-dir", str(by_cli / "run/capital"), "--format", "json",
    )  # fmt: skip
    expected = json.loads(out)
    assert code == 0 and report["verdict"] == "pending"
    for key in ("graded_at", "eval_path", "response_file"):
        report.pop(key), expected.pop(key)
    assert report == expected

    # grade_run: the summary, each first line, progress per test
    run = seen["grade_run"]
    summary_path = served / "run/capital/grade_summary.json"
    assert run["summary"] == json.loads(summary_path.read_text("utf-8"))
    critique_path = served / "run/capital/eval_critique.json"  # the suite's, in batch mode
    assert served / run["critique_path"] == critique_path  # beside the summary, as given
    assert Path(run["critique_path"]).parent == Path(run["summary_path"]).parent
    graded = list(run["summary"]["tests"])  # the tests graded: keyed by id
    assert sorted(json.loads(critique_path.read_text("utf-8"))["tests"]) == sorted(graded)
    code, out, _ = cli(
        "--eval-path", str(by_cli / "capital.eval.yaml"), "--bench-dir", str(by_cli / "run/capital")
    )  # fmt: skip
    assert run["lines"] == out.splitlines()[:3]
    assert run["exit_code"] == code == 1
    assert seen["progress"] == [(n + 1, 3, line) for n, line in enumerate(run["lines"])]

    # critique_suite: `agentv-grade critique --format json`
    for key, test_id in (("critique_suite", None), ("critique_one", "tokyo")):
        argv = ["critique", "--eval-path", str(served / "capital.eval.yaml"), "--format", "json"]
        code, out, _ = cli(*argv, *(["--test-id", test_id] if test_id else []))
        critique = seen[key]
        assert critique.pop("exit_code") == code
        expected = json.loads(out)
        assert critique.pop("eval_path") == "capital.eval.yaml"
        expected.pop("eval_path")
        assert critique == expected
    assert list(seen["critique_one"]["tests"]) == ["tokyo"]

    # list_types: `--list-types`, one record per line
    code, out, _ = cli("--list-types")
    assert [t["name"] for t in seen["list_types"]["types"]] == [
        line.split()[0] for line in out.splitlines()
    ]
    # get_instructions: the shipped references
    references = Path(__file__).resolve().parent.parent / "references"
    code, out, _ = cli("instructions")
    assert seen["get_instructions"] == {
        "grader_instructions": out,  # `agentv-grade instructions`
        "assertions": (references / "assertions.md").read_text("utf-8"),
    }
    assert out == (references / "grader-instructions.md").read_text("utf-8")


def test_bad_input_is_a_tool_error_with_the_exit_2_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bad eval path, a missing test id, a missing bench dir and arguments that do not
    match the schema each answer with a tool error; the server goes on serving."""
    served = _example(tmp_path)
    results: dict[str, Any] = {}

    async def scenario(client: Any) -> None:
        calls = {
            "bad_eval": ("grade_test", {"eval_path": "nope.yaml", "test_id": "paris"}),
            "missing_test": (
                "grade_test",
                {"eval_path": "capital.eval.yaml", "test_id": "pariss", "bench_dir": "run/capital"},
            ),
            "bad_run": ("grade_run", {"eval_path": "capital.eval.yaml", "bench_dir": "nowhere"}),
            "bad_critique": ("critique_suite", {"eval_path": "capital.eval.yaml", "test_id": "x"}),
            "bad_arguments": ("grade_test", {"test_id": "paris"}),
        }
        for key, (name, arguments) in calls.items():
            results[key] = await client.call_tool(name, arguments)
        results["after"] = await client.call_tool("list_types", {})

    _session(served, scenario)

    def text(key: str) -> str:
        result = results[key]
        assert result.is_error and result.structured_content is None
        value: str = result.content[0].text
        return value

    def cli_line(*argv: str) -> str:
        code, out, err = cli(*argv)
        assert code == 2 and out == ""
        return err.strip()

    monkeypatch.chdir(served)  # the command line, run where the server runs
    assert (
        text("bad_eval") == "agentv-grade: error: nope.yaml: eval file not found (check the path)"
    )
    assert text("bad_eval") == cli_line("--eval-path", "nope.yaml", "--test-id", "paris")
    assert text("missing_test") == cli_line(
        "--eval-path", "capital.eval.yaml", "--test-id", "pariss", "--bench-dir", "run/capital"
    )
    assert "unknown test id 'pariss'" in text("missing_test")
    assert "did you mean 'paris'" in text("missing_test")
    assert text("bad_run") == cli_line("--eval-path", "capital.eval.yaml", "--bench-dir", "nowhere")
    assert text("bad_critique") == cli_line(
        "critique", "--eval-path", "capital.eval.yaml", "--test-id", "x"
    )
    assert "eval_path" in text("bad_arguments")  # the SDK's schema validation names the field
    assert _json(results["after"])["types"]  # still serving


def test_a_submitted_judgement_is_written_as_judge_writes_it_and_changes_the_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """paris waits for one rubric item: judged met, the test passes; judged not met, the
    item fails and the score drops. Each time the file is the one `agentv-grade judge`
    writes for the same verdict, and the test is graded again."""
    served, by_cli = _example(tmp_path, "served"), _example(tmp_path, "cli")
    where = {"eval_path": "capital.eval.yaml", "test_id": "paris", "bench_dir": "run/capital"}
    seen: dict[str, Any] = {}

    async def scenario(client: Any) -> None:
        seen["before"] = _json(await client.call_tool("grade_test", where))
        pending = seen["before"]["pending"][0]
        rubric = pending["rubrics"][0]["id"]
        seen["names"] = (pending["name"], rubric)
        for verdict in (True, False):
            check = {"id": rubric, "passed": verdict, "evidence": "one sentence, friendly"}
            arguments = {**where, "item": pending["name"], "checks": [check]}
            seen[verdict] = _json(await client.call_tool("submit_judgement", arguments))
        seen["bad"] = await client.call_tool(
            "submit_judgement", {**where, "item": pending["name"], "checks": [{"id": "nope"}]}
        )
        seen["unknown_item"] = await client.call_tool(
            "submit_judgement", {**where, "item": "nope", "score": 1}
        )

    _session(served, scenario)
    from agentv_grader.mcp_tools import output_schema

    for key in (True, False):
        _conforms(output_schema("submit_judgement"), seen[key])
    assert seen["before"]["verdict"] == "pending"
    item, rubric = seen["names"]
    monkeypatch.chdir(by_cli)
    assert seen[True]["report"]["verdict"] == "pass"  # pending, now judged
    assert seen[True]["report"]["score"] == 1.0
    assert seen[False]["report"]["score"] < seen[True]["report"]["score"]
    on_disk = json.loads((served / "run/capital/paris/grader_report.json").read_text("utf-8"))
    assert seen[False]["report"] == on_disk  # the test was graded again and written
    for verdict, word in ((True, "pass"), (False, "fail")):
        answer = seen[verdict]
        assert answer["report"]["pending"] == []
        statuses = {a["type"]: a["status"] for a in answer["report"]["assertions"]}
        assert statuses["llm-rubric"] == ("passed" if verdict else "failed")
        code, out, err = cli(
            "judge", *("--eval-path", "capital.eval.yaml", "--test-id", "paris"),
            *("--bench-dir", "run/capital", "--item", item),
            *("--check", f"{rubric}={word}:one sentence, friendly", "--format", "json"),
        )  # fmt: skip
        assert code == 0, err
        by_judge = json.loads(out)
        assert answer["item"] == by_judge["item"] == item
        assert answer["path"] == by_judge["path"]  # relative paths, the same in both copies
        assert answer["result"] == by_judge["result"]
    written = json.loads((served / seen[False]["path"]).read_text("utf-8"))
    assert written == seen[False]["result"]

    def cli_line(*argv: str) -> str:
        code, out, err = cli(*argv)
        assert code == 2 and out == ""
        return err.strip()

    base = ["judge", "--eval-path", "capital.eval.yaml", "--test-id", "paris"]
    base += ["--bench-dir", "run/capital"]
    assert seen["bad"].is_error
    assert seen["bad"].content[0].text.startswith("agentv-grade: error: ")
    assert "unknown rubric id 'nope'" in seen["bad"].content[0].text
    assert seen["unknown_item"].is_error
    assert seen["unknown_item"].content[0].text == cli_line(*base, "--item", "nope", "--score", "1")


def test_claims_come_with_the_report_and_the_run_summary(tmp_path: Path) -> None:
    """A test with a transcript: grade_test's report carries its claims as the command
    line's does (counts, claims.json, the contradicted ones with their evidence) and
    grade_run's summary counts the suite's claims and names the test that lied."""
    bench = graded_claims_run(tmp_path)
    where = {"eval_path": "claims.eval.yaml", "bench_dir": "run"}
    seen: dict[str, Any] = {}

    async def scenario(client: Any) -> None:
        seen["lied"] = _json(await client.call_tool("grade_test", {**where, "test_id": "lied"}))
        seen["run"] = _json(await client.call_tool("grade_run", where))

    _session(bench.parent, scenario)
    from agentv_grader.mcp_tools import output_schema

    _conforms(output_schema("grade_test"), seen["lied"])
    _conforms(output_schema("grade_run"), seen["run"])
    claims = seen["lied"]["claims"]
    listed = json.loads((bench / "lied" / "claims.json").read_text("utf-8"))["claims"]
    assert claims["path"] == "claims.json" and claims["total"] == len(listed)
    assert claims["contradicted_claims"] == [
        {key: c[key] for key in ("text", "kind", "line", "col", "evidence")}
        for c in listed
        if c["status"] == "contradicted"
    ]
    assert claims["contradicted"] == 1
    on_disk = json.loads((bench / "grade_summary.json").read_text("utf-8"))
    assert seen["run"]["summary"]["claims"] == on_disk["claims"]
    assert on_disk["claims"]["contradicted_in"] == ["lied"]
    assert seen["run"]["summary"]["tests"]["lied"]["claims"]["contradicted"] == 1
