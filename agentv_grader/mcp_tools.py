"""The bodies of `agentv-grade mcp`'s tools (SPEC §11): each calls the library and returns
the JSON the command line writes. No MCP SDK here: `mcp_server` wraps these as tools, and
the command line checks with `check_installed` that the SDK is there before importing it.
"""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable
from typing import Any

from .errors import GradeInputError

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
    """Batch mode: every test of the suite with a response under `bench_dir`. Returns the
    summary (`grade_summary.json`), each test's first line, the summary's path and the exit
    status the command line would give. `on_progress(done, total, line)` after each test.

    One process grades (no worker processes: forking a threaded server is unsafe)."""
    from . import batch, summary
    from .cli import _text_line
    from .load.evalfile import load_suite
    from .options import GradeOptions

    with _LOCK:
        suite = load_suite(eval_path)
        tests = batch.plan_batch(suite, bench_dir)
        total = batch.count_responses(tests, bench_dir)
        lines: list[str] = []

        def show(result: batch.TestResult) -> None:
            if result.no_response:
                return
            lines.append(result.line)
            if on_progress is not None:
                on_progress(len(lines), total, result.line)

        options = batch.BatchOptions(GradeOptions(), render=_text_line)
        results = batch.run_batch(suite, tests, bench_dir, options, jobs=1, on_result=show)
        results, missing = batch.split_results(results, bench_dir)
        totals = summary.summarise(results, missing)
        path = summary.write_summary(bench_dir, totals)
    return {
        "summary": totals,
        "lines": lines,
        "summary_path": path,
        "exit_code": max((r.exit_code for r in results), default=0),
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
    from .load.types import KNOWN_TYPES

    rows = []
    for name in sorted(KNOWN_TYPES):
        entry = REGISTRY.get(name)
        if entry is None:
            rows.append({"name": name, "family": None, "summary": "not implemented yet"})
            continue
        doc = (entry.check.__doc__ or "").strip().splitlines()[0]
        rows.append({"name": name, "family": entry.family, "summary": doc})
    return {"types": rows}


def instructions_json() -> dict[str, Any]:
    """The grader agent's instructions and the assertion reference, as shipped."""
    from .references_dir import reference_path

    return {
        name.removesuffix(".md").replace("-", "_"): reference_path(name).read_text("utf-8")
        for name in ("grader-instructions.md", "assertions.md")
    }
