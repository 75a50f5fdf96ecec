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
from .suite import counts_line, quiet_line, suite_json

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
    doc = suite_json(suite.name, eval_path, _by_id(results))
    counts = doc["counts"]
    if fmt == "json":
        out.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(_table(suite.name, eval_path, results, doc))
    return 1 if counts["high"] else 0


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
    suite: str, path: str, results: list[tuple[TestCase, Critique]], doc: dict[str, Any]
) -> str:
    counts = doc["counts"]
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
    if rows:
        lines.append(counts_line(counts))
    else:
        lines.append(quiet_line(list(doc["tests"].values())))
    return "\n".join(lines) + "\n"
