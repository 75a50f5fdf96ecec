"""A suite's critique as one document (SPEC §6.2): the JSON the `critique` command prints
and batch mode writes to `<bench-dir>/eval_critique.json`, its counts, and the markdown
batch mode writes beside it. It works on each test's critique as JSON data
(`Critique.to_json()`), which is what a batch worker sends back, so that the batch's
parent only files what the workers made."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .model import SEVERITIES, SOLID

# What marks a suite critique this tool wrote in batch mode (the first key of the file):
# only a file that carries it is ever removed (SPEC §6.2).
SCHEMA_ID = "agentv-grade/critique/v1"
# How the suite's markdown begins (what marks one this tool wrote).
MARKDOWN_TITLE = "# Eval critique of suite "


def suite_counts(critiques: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """The suite's `counts`: tests, tests with suggestions, suggestions by severity."""
    tests = with_suggestions = 0
    by_severity = dict.fromkeys(SEVERITIES, 0)
    for critique in critiques:
        tests += 1
        suggestions = critique["suggestions"]
        if suggestions:
            with_suggestions += 1
            for suggestion in suggestions:
                by_severity[suggestion["severity"]] += 1
    return {"tests": tests, "tests_with_suggestions": with_suggestions, **by_severity}


def suite_json(suite: str, eval_path: str, tests: dict[str, Any]) -> dict[str, Any]:
    """`{suite, eval_path, tests: {id: critique}, counts}`: each test's critique as its own
    `eval_critique.json` holds it, in suite order."""
    return {
        "suite": suite,
        "eval_path": eval_path,
        "tests": tests,
        "counts": suite_counts(tests.values()),
    }


def counts_line(counts: Mapping[str, int]) -> str:
    """`2 of 5 test(s) with suggestions: 1 high, 2 medium, 0 low`."""
    summary = ", ".join(f"{counts[s]} {s}" for s in SEVERITIES)
    return (
        f"{counts['tests_with_suggestions']} of {counts['tests']} test(s) with "
        f"suggestions: {summary}"
    )


def quiet_line(critiques: Sequence[Mapping[str, Any]]) -> str:
    """The closing line without suggestions: "looks solid" only when every assertion was
    analysed; else how many tests have assertions the critique could not look into."""
    return quiet_sentence(sum(1 for c in critiques if c["overall"] != SOLID), len(critiques))


def quiet_sentence(partly: int, tests: int) -> str:
    """`quiet_line` for `tests` critiques of which `partly` are not `SOLID`."""
    if not partly:
        return SOLID
    return (
        f"No suggestions; {partly} of {tests} test(s) have assertions the critique "
        "does not analyse (LLM-judged, programs, trace checks, turns: see --format json)"
    )


def markdown_head(suite: str, eval_path: str, counts: Mapping[str, int], partly: int) -> str:
    """The head of the suite's `eval_critique.md` (the `counts`), which the sections of the
    tests with suggestions follow, each after a blank line, as its own markdown says it
    (`Critique.markdown_section`), in suite order; the tests without suggestions are
    counted, not listed. `partly`: how many tests' critiques are not `SOLID` (what the
    head says when no test has a suggestion)."""
    if counts["tests_with_suggestions"]:
        said = counts_line(counts) + ". Tests without suggestions are counted, not listed."
    else:
        said = quiet_sentence(partly, counts["tests"])
    return f"{MARKDOWN_TITLE}`{suite}`\n\nEval file: `{eval_path}`.\n\n{said}\n"
