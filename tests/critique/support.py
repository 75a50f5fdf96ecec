"""Builders for critique tests: a suite from test dicts, graded or not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agentv_grader import engine
from agentv_grader.critique import Critique, critique_test
from agentv_grader.load.evalfile import load_suite
from agentv_grader.model import RunData, Suite


def make_suite(tmp: Path, tests: list[dict[str, Any]], name: str = "s") -> Suite:
    """Write the tests as an eval file (JSON is YAML 1.2) and load it."""
    path = tmp / f"{name}.eval.yaml"
    path.write_text(json.dumps({"name": name, "tests": tests}), encoding="utf-8")
    return load_suite(str(path))


def critique(
    tmp: Path,
    test: dict[str, Any],
    *,
    response: str | None = None,
    others: list[dict[str, Any]] | None = None,
    bench_dir: str | None = None,
    run_changes: dict[str, Any] | None = None,
) -> Critique:
    """Critique `test` (id defaults to 't'), graded on `response` when one is given."""
    tests = [{"id": "t", **test}] + [
        {"id": f"o{i}", **other} for i, other in enumerate(others or [])
    ]
    suite = make_suite(tmp, tests)
    case = suite.tests[0]
    if response is None:
        return critique_test(suite, case, None, None, bench_dir)
    run = RunData(test=case, response=response, eval_dir=str(tmp), **(run_changes or {}))
    return critique_test(suite, case, run, engine.evaluate(case.assertions, run), bench_dir)


def rules(result: Critique) -> list[str]:
    return [f.rule for f in result.suggestions]


def at(result: Critique, index: int | None) -> list[str]:
    """The rule ids found for one assertion index (None: the test itself)."""
    return [f.rule for f in result.suggestions if f.index == index]
