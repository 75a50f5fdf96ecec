"""`agentv-grade critique`: critique a suite without responses (SPEC §2, §6.2).

Static rules and decoys only (no run, so no near misses or missing data). Prints a table
for people or JSON for tools, and returns 1 when any finding is high severity so the
command can gate CI.
"""

from __future__ import annotations

import json
from typing import IO, Any

from ..errors import GradeInputError
from ..load.evalfile import load_suite
from ..model import TestCase
from . import Critique, critique_test
from .model import SEVERITIES, SOLID

FORMATS = ("text", "json")
_WIDTHS = {"test": 24, "assertion": 28}


def run_critique(eval_path: str, test_id: str | None, fmt: str, out: IO[str]) -> int:
    """Critique every test of the suite (or one), print the result, return the exit code.

    Raises:
        GradeInputError: unusable eval file, unknown or duplicate test id, bad format.
    """
    if fmt not in FORMATS:
        raise GradeInputError(f"unknown format {fmt!r}", hint="text or json")
    suite = load_suite(eval_path)
    if test_id is not None:
        from ..grading import find_test

        tests: list[TestCase] = [find_test(suite, test_id)]
    else:
        tests = list(suite.tests)
    results = [(test, critique_test(suite, test)) for test in tests]
    counts = _counts(results)
    if fmt == "json":
        doc = {"suite": suite.name, "eval_path": eval_path, "tests": _by_id(results)}
        out.write(json.dumps({**doc, "counts": counts}, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(_table(suite.name, eval_path, results, counts))
    return 1 if counts["high"] else 0


def _counts(results: list[tuple[TestCase, Critique]]) -> dict[str, int]:
    counts = {
        "tests": len(results),
        "tests_with_suggestions": sum(1 for _, c in results if c.suggestions),
    }
    for severity in SEVERITIES:
        counts[severity] = sum(c.counts()[severity] for _, c in results)
    return counts


def _by_id(results: list[tuple[TestCase, Critique]]) -> dict[str, Any]:
    """Critiques keyed by test id; a repeated id gets `#2`, `#3` so none is lost."""
    out: dict[str, Any] = {}
    for test, critique in results:
        key, n = test.id, 1
        while key in out:
            n += 1
            key = f"{test.id}#{n}"
        out[key] = critique.to_json()
    return out


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _table(
    suite: str, path: str, results: list[tuple[TestCase, Critique]], counts: dict[str, int]
) -> str:
    rows = [
        (
            _cut(test.id, _WIDTHS["test"]),
            "-" if f.index is None else str(f.index),
            f.severity,
            f.rule,
            _cut(f.assertion or "(test)", _WIDTHS["assertion"]),
            f.reason,
            f.fix,
        )
        for test, critique in results
        for f in critique.suggestions
    ]
    head = ("test", "#", "severity", "rule", "assertion", "reason")
    widths = [max([len(head[i])] + [len(r[i]) for r in rows]) for i in range(5)]
    lines = [f"critique of suite '{suite}' ({path}): {counts['tests']} test(s)"]
    if rows:
        lines.append(
            "  ".join(h.ljust(w) for h, w in zip(head[:5], widths, strict=True)) + "  " + head[-1]
        )
        indent = " " * (sum(widths) + 2 * len(widths))
        for row in rows:
            lines.append(
                "  ".join(c.ljust(w) for c, w in zip(row[:5], widths, strict=True)) + "  " + row[5]
            )
            lines.append(f"{indent}fix: {row[6]}")
    summary = ", ".join(f"{counts[s]} {s}" for s in SEVERITIES)
    if rows:
        lines.append(
            f"{counts['tests_with_suggestions']} of {counts['tests']} test(s) with "
            f"suggestions: {summary}"
        )
    else:
        lines.append(_quiet(results))
    return "\n".join(lines) + "\n"


def _quiet(results: list[tuple[TestCase, Critique]]) -> str:
    """The closing line without suggestions: "looks solid" only when every assertion was
    analysed; else how many tests have assertions the critique could not look into."""
    partly = sum(1 for _, c in results if c.overall != SOLID)
    if not partly:
        return SOLID
    return (
        f"No suggestions; {partly} of {len(results)} test(s) have assertions the critique "
        "does not analyse (LLM-judged, programs, trace checks, turns: see --format json)"
    )
