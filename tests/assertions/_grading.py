"""Grade one authored assertion against made-up run data, through the loader and engine.

Side files are written to a temporary folder and read by the real readers, so the
tests see exactly what a graded run would see.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from agentv_grader import engine
from agentv_grader.load.assertions import ListContext, build_one
from agentv_grader.model import Outcome, RunData, TestCase
from agentv_grader.rundata.side_files import read_side_files


def grade(
    item: dict[str, Any],
    *,
    response: str = "",
    transcript: list[Any] | str | None = None,
    timing: dict[str, Any] | str | None = None,
    expected_output: Any = None,
    variables: dict[str, Any] | None = None,
    test_input: str = "Question",
) -> Outcome:
    """The outcome of `item` (an assertion as authored in eval YAML) on this run.

    `transcript`: rows (written as JSONL) or raw file text; `timing`: an object (written
    as timing.json) or raw text.
    """
    spec = build_one(item, ListContext("t", ".", variables or {}), 0)
    with tempfile.TemporaryDirectory() as folder:
        side = read_side_files(
            _write(Path(folder) / "timing.json", timing),
            _write(Path(folder) / "transcript.jsonl", transcript),
            None,
            test_input,
        )
    test = TestCase(
        id="t",
        suite="s",
        assertions=(spec,),
        threshold=0.8,
        threshold_source="default",
        input_text=test_input,
        expected_output=expected_output,
        vars=variables or {},
    )
    run = RunData(
        test=test,
        response=response,
        timing=side.timing,
        timing_problem=side.timing_problem,
        transcript=side.transcript,
        transcript_problem=side.transcript_problem,
    )
    return engine.evaluate_one(spec, run)


def _write(path: Path, content: Any) -> str | None:
    if content is None:
        return None
    if isinstance(content, list):
        text = "".join(json.dumps(row) + "\n" for row in content)
    elif isinstance(content, str):
        text = content
    else:
        text = json.dumps(content)
    path.write_text(text, encoding="utf-8")
    return str(path)


def texts(outcome: Outcome) -> list[tuple[str, bool]]:
    """AgentV's `[text, passed]` entries of a multi-check outcome."""
    return [(c.text, c.passed) for c in outcome.checks]
