"""The bodies of `agentv-grade mcp`'s tools (SPEC §11): each calls the library and returns
the JSON the command line writes. No MCP SDK here: `mcp_server` wraps these as tools, and
the command line checks with `check_installed` that the SDK is there before importing it.
"""

from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import GradeInputError

if TYPE_CHECKING:
    from .batch import TestResult

INSTALL_HINT = "the MCP server needs the mcp extra: pip install 'agentv-grader[mcp]'"
# One grading at a time: the tools run in worker threads, and two gradings of one bench
# dir at once would race on its files.
_LOCK = threading.Lock()


def error_line(exc: GradeInputError) -> str:
    """The command line's exit-2 message (cli.run), one line whatever the names hold."""
    message = str(exc).replace("\r", "\\r").replace("\n", "\\n")
    return f"agentv-grade: error: {message}"


def check_installed() -> None:
    """Raise GradeInputError (exit 2) with the install command when `mcp` is missing."""
    try:
        import mcp  # noqa: F401  (the server imports it next anyway)
    except ImportError:
        raise GradeInputError(INSTALL_HINT) from None


def grade_test_json(
    eval_path: str,
    test_id: str,
    bench_dir: str | None = None,
    response_file: str | None = None,
    timing_file: str | None = None,
    transcript_file: str | None = None,
) -> dict[str, Any]:
    """The report (`grader_report.json`, `--format json`) of one graded test."""
    from .grading import grade_test

    with _LOCK:
        report = grade_test(
            eval_path,
            test_id,
            bench_dir=bench_dir,
            response_file=response_file,
            timing_file=timing_file,
            transcript_file=transcript_file,
        )
    data: dict[str, Any] = json.loads(report.to_json())
    return data


def grade_run_json(
    eval_path: str, bench_dir: str, on_progress: Callable[[int, int, str], None] | None = None
) -> dict[str, Any]:
    """Batch mode (`grade_batch`): every test of the suite with a response under
    `bench_dir`. Returns the summary (`grade_summary.json`), each test's first line, the
    summary's path, the suite's critique file (`eval_critique.json`, where each report's
    `critique` points) and the exit status the command line would give; `on_progress(done,
    total, line)` after each graded test.

    One process grades and nothing is forked: the server runs this in a worker thread, and
    a fork copies only the forking thread. So no worker processes, and the `auto` layout is
    worked out here (the rule `grade_batch`'s forked scout applies) instead of by a scout.
    """
    from .batch_run import grade_batch
    from .cli import _text_line
    from .layout import any_script_graders

    watcher = _Lines(on_progress)
    with _LOCK:
        layout = "head" if os.path.isdir(bench_dir) and any_script_graders(bench_dir) else "v4"
        done = grade_batch(
            eval_path, bench_dir, layout=layout, jobs=1, render=_text_line, watcher=watcher
        )
    return {
        "summary": done.summary,
        "lines": watcher.lines,
        "summary_path": done.summary_path,
        "critique_path": done.critique.path if done.critique is not None else None,
        "exit_code": done.exit_code,
    }


class _Lines:
    """A `BatchWatcher` that keeps each graded test's first line and reports progress."""

    def __init__(self, on_progress: Callable[[int, int, str], None] | None) -> None:
        self.lines: list[str] = []
        self._on_progress = on_progress
        self._total = 0

    def started(self, count_responses: Callable[[], int]) -> None:
        self._total = count_responses()

    def graded(self, result: TestResult) -> None:
        if result.no_response:
            return
        self.lines.append(result.line)
        if self._on_progress is not None:
            self._on_progress(len(self.lines), self._total, result.line)

    def finished(self) -> None:
        """Nothing to close."""


def submit_judgement_json(
    eval_path: str,
    test_id: str,
    bench_dir: str,
    item: str,
    judgement: dict[str, Any],
    response_file: str | None = None,
) -> dict[str, Any]:
    """`agentv-grade judge --format json --from FILE` with `judgement` as the file's JSON
    (`{"checks": [{"id", "passed" | "score", "evidence"}], "score"?, "evidence"?}`): the
    item's result scored with AgentV's rules and written where both tools read it
    (`judgement.judge_item`), then the test graded again. Returns what `judge` prints
    (`item`, `path`, `result`) and the new report.
    """
    from .judgement import judge_item
    from .judging import JudgementError, judgements_from_json

    try:
        checks, score, evidence = judgements_from_json(judgement)
    except JudgementError as exc:
        raise GradeInputError(str(exc)) from None
    with _LOCK:
        judged = judge_item(
            eval_path,
            test_id,
            item,
            checks,
            bench_dir=bench_dir,
            score=score,
            evidence=evidence,
            response_file=response_file,
        )
    report = grade_test_json(eval_path, test_id, bench_dir, response_file)
    return {
        "item": judged.item["name"],
        "path": judged.path,
        "result": dict(judged.content),
        "report": report,
    }


def critique_json(eval_path: str, test_id: str | None = None) -> dict[str, Any]:
    """`agentv-grade critique --format json`, and the exit status it would give."""
    from .critique.command import run_critique

    out = io.StringIO()
    code = run_critique(eval_path, test_id, "json", out)
    data: dict[str, Any] = json.loads(out.getvalue())
    return {**data, "exit_code": code}


def types_json() -> dict[str, Any]:
    """`agentv-grade --list-types` as records: name, family, what it checks."""
    from .assertions import REGISTRY

    rows = []
    for name, entry in sorted(REGISTRY.items()):
        doc = (entry.check.__doc__ or "").strip().splitlines()[0]
        rows.append({"name": name, "family": entry.family, "summary": doc})
    return {"types": rows}


def instructions_json() -> dict[str, Any]:
    """The grader agent's instructions and the assertion reference, as shipped."""
    from .agent_commands import instructions_text
    from .references_dir import reference_path

    return {
        "grader_instructions": instructions_text(),  # `agentv-grade instructions`
        "assertions": reference_path("assertions.md").read_text("utf-8"),
    }


# ------------------------------------------------------------------ output schemas
_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_STRING = {"type": "string"}
_EXIT_CODE = {"type": "integer", "minimum": 0, "maximum": 3}


def output_schema(tool: str) -> dict[str, Any]:
    """The JSON Schema of a tool's structured result (SPEC §11), put together from the
    shipped schemas of the files it returns (`agentv_grader/schemas/`), so that a host
    knows each field and the SDK's client checks every answer against it."""
    parts: dict[str, Any]
    if tool == "grade_test":
        return _composed(None, {"": "report.schema.json"})
    if tool == "grade_run":
        parts = {"summary": "summary.schema.json", "lines": {"type": "array", "items": _STRING},
                 "summary_path": _STRING, "critique_path": {"type": ["string", "null"]},
                 "exit_code": _EXIT_CODE}  # fmt: skip
        return _composed("grade_run: the batch summary and each test's lines", parts)
    if tool == "submit_judgement":
        parts = {"item": _STRING, "path": _STRING, "result": "judged_result.schema.json",
                 "report": "report.schema.json"}  # fmt: skip
        return _composed("submit_judgement: the result written and the new report", parts)
    if tool == "critique_suite":
        return _composed(None, {"": "critique.schema.json", "exit_code": _EXIT_CODE})
    if tool == "list_types":
        row = _object("a type", {"name": _STRING, "family": _STRING, "summary": _STRING})
        return _composed("list_types", {"types": {"type": "array", "items": row}})
    if tool == "get_instructions":
        return _composed(
            "get_instructions", {"grader_instructions": _STRING, "assertions": _STRING}
        )
    raise KeyError(tool)


def _object(title: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"title": title, "type": "object", "required": list(properties),
            "additionalProperties": False, "properties": properties}  # fmt: skip


def _composed(title: str | None, parts: dict[str, Any]) -> dict[str, Any]:
    """An object schema whose fields are `parts`: inline schemas, or shipped schema files
    by name (their `$defs` gathered at the top, where their `#/$defs/…` references
    resolve). The part named "" is the object itself, other fields added to it."""
    defs: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    base: dict[str, Any] | None = None
    for name, part in parts.items():
        if isinstance(part, str):
            part = _shipped(part, defs)
        if name == "":
            base = part
        else:
            fields[name] = part
    if base is None:
        assert title is not None
        schema = _object(title, fields)
    else:
        schema = {**base, "required": [*base["required"], *fields],
                  "properties": {**base["properties"], **fields}}  # fmt: skip
    return {"$schema": _SCHEMA_DIALECT, **schema, **({"$defs": defs} if defs else {})}


def _shipped(file_name: str, defs: dict[str, Any]) -> dict[str, Any]:
    """A shipped schema without its `$schema`, `$id` and `$defs`; its definitions go to
    `defs` (a name two files define differently would be a bug in the files)."""
    from pathlib import Path

    path = Path(__file__).resolve().parent / "schemas" / file_name
    schema: dict[str, Any] = json.loads(path.read_text("utf-8"))
    for name, definition in schema.pop("$defs", {}).items():
        if defs.setdefault(name, definition) != definition:
            raise ValueError(f"{file_name}: $defs/{name} differs from another schema's")
    return {k: v for k, v in schema.items() if k not in ("$schema", "$id")}
