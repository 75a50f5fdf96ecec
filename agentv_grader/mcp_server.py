"""`agentv-grade mcp`: the grader's commands as Model Context Protocol tools over stdio
(SPEC §11), for agent hosts that take tools with typed inputs and structured results.

Built on the official MCP Python SDK (the `mcp` package, extra `agentv-grader[mcp]`),
imported only by this command (`mcp_tools.check_installed` first). Each tool runs its body
(`mcp_tools`) in a worker thread and answers with the JSON the command line writes (no
second format). Unusable input answers with a tool error whose text is the command line's
exit-2 line; the server keeps serving.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

import anyio.from_thread
import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, Field

from . import __version__, mcp_tools
from .errors import GradeInputError

SERVER_NAME = "agentv-grade"
_INSTRUCTIONS = (
    "Deterministic grading of AgentV eval results with AgentV's semantics. Call "
    "get_instructions first; grade_test grades one test and writes its result files; items "
    "left pending need your judgement (submit_judgement writes it and grades again); "
    "grade_run grades every test of a run; critique_suite critiques a suite's assertions "
    "without responses."
)

EvalPath = Annotated[str, Field(description="the AgentV eval file (.yaml, .yml or .jsonl)")]
BenchDir = Annotated[str, Field(description="the run folder: results go to <bench_dir>/<id>/")]
TestId = Annotated[str, Field(description="the test's id in the eval file")]
OptionalPath = Annotated[str | None, Field(description="a path; omitted: the CLI's default")]
# Every tool answers with a CallToolResult: its structured content is the command line's
# JSON, its text the same JSON; or, for unusable input, an error whose text is the exit-2
# line. Each tool's output schema is that JSON's own (`mcp_tools.output_schema`), set
# when the server is built.
Answer = Annotated[CallToolResult, dict[str, Any]]


def serve() -> None:
    """Run the server on stdin/stdout until the host closes them."""
    build_server().run("stdio")


async def _answer(body: Callable[[], dict[str, Any]]) -> Answer:
    """Run a tool's body in a worker thread; unusable input is a tool error carrying the
    command line's exit-2 line."""
    try:
        data = await anyio.to_thread.run_sync(body)
    except GradeInputError as exc:
        message = mcp_tools.error_line(exc)
        return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)
    text = json.dumps(data, ensure_ascii=False, indent=2)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


async def grade_test(
    eval_path: EvalPath,
    test_id: TestId,
    bench_dir: Annotated[
        str | None, Field(description="the run folder: results go to <bench_dir>/<test_id>/")
    ] = None,
    response_file: OptionalPath = None,
    timing_file: OptionalPath = None,
    transcript_file: OptionalPath = None,
) -> Answer:
    """Grade one test (writes its result files, like agentv-grade --test-id) and return
    its report, grader_report.json."""
    return await _answer(
        lambda: mcp_tools.grade_test_json(
            eval_path, test_id, bench_dir, response_file, timing_file, transcript_file
        )
    )


async def grade_run(eval_path: EvalPath, bench_dir: BenchDir, ctx: Context) -> Answer:
    """Grade every test of the suite that has <bench_dir>/<id>/response.md (batch mode);
    returns grade_summary.json and each test's first line, with progress per test."""

    def progress(done: int, total: int, line: str) -> None:
        anyio.from_thread.run(ctx.report_progress, done, total, line)

    return await _answer(lambda: mcp_tools.grade_run_json(eval_path, bench_dir, progress))


class Check(BaseModel):
    """The agent's verdict on one rubric item of a pending LLM item."""

    id: str = Field(description="the rubric item's id (the pending item's rubrics[].id)")
    passed: bool | None = Field(None, description="a checklist item: met (true) or not")
    score: float | None = Field(None, description="a score-range item: an integer 0-10")
    evidence: str = Field("", description="what in the response shows it")


async def submit_judgement(
    eval_path: EvalPath,
    test_id: TestId,
    bench_dir: BenchDir,
    item: Annotated[
        str, Field(description="the pending item's name (the report's pending[].name)")
    ],
    checks: Annotated[
        list[Check], Field(description="one verdict per rubric item; empty for a plain score")
    ] = [],  # noqa: B006 (read, never changed: the SDK validates into a new list)
    score: Annotated[
        float | None, Field(description="an item without rubric items: its score 0..1")
    ] = None,
    evidence: Annotated[str, Field(description="why, for the whole item")] = "",
) -> Answer:
    """Judge one pending LLM item as agentv-grade judge does (the score computed with
    AgentV's rules, the result written where both tools read it), then grade the test
    again; returns the item, the file written, its content and the new report."""
    judgement: dict[str, Any] = {
        "checks": [c.model_dump(exclude_none=True) for c in checks],
        "evidence": evidence,
    }
    if score is not None:
        judgement["score"] = score
    return await _answer(
        lambda: mcp_tools.submit_judgement_json(eval_path, test_id, bench_dir, item, judgement)
    )


async def critique_suite(
    eval_path: EvalPath,
    test_id: Annotated[str | None, Field(description="one test; omitted: every test")] = None,
) -> Answer:
    """Critique a suite's assertions without responses (agentv-grade critique --format
    json): weak, trivial or contradictory checks, each with a fix."""
    return await _answer(lambda: mcp_tools.critique_json(eval_path, test_id))


async def list_types() -> Answer:
    """The assertion types agentv-grade knows (agentv-grade --list-types)."""
    return await _answer(mcp_tools.types_json)


async def get_instructions() -> Answer:
    """How to grade with these tools: the grader agent's instructions and the assertion
    reference (markdown)."""
    return await _answer(mcp_tools.instructions_json)


TOOLS = (grade_test, grade_run, submit_judgement, critique_suite, list_types, get_instructions)


def build_server() -> MCPServer:
    """The MCP server with its tools, each publishing its result's JSON Schema."""
    return MCPServer(
        SERVER_NAME,
        version=__version__,
        instructions=_INSTRUCTIONS,
        log_level="WARNING",
        tools=[_typed(body) for body in TOOLS],
    )


def _typed(body: Callable[..., Any]) -> Tool:
    """The tool of `body` with its real output schema in place of the generic object one
    the SDK derives from `Answer`. The SDK publishes a schema set this way and its client
    checks each answer against it; the server itself checks only that the result is an
    object (the shipped schemas are tested against the answers instead)."""
    tool = Tool.from_function(body)
    tool.fn_metadata.output_schema = mcp_tools.output_schema(tool.name)
    return tool
