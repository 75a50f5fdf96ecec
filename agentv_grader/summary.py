"""What a batch run adds up to (SPEC §2): `grade_summary.json`, its closing table, and the
JUnit file for CI dashboards."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from .jsontext import json_bytes
from .model import Status
from .outputs import write_atomic

if TYPE_CHECKING:
    from .batch import TestResult


SUMMARY_FILE = "grade_summary.json"
_CLAIM_STATUSES = ("verified", "contradicted", "unverifiable")
# The tests with contradicted claims the closing table names; the rest are in the file.
_NAMED = 20
# The statuses the summary lists, as the digests hold them (an enum's `.value` is a
# property: looked up once, not per assertion).
_FAILED, _ERROR, _SKIPPED = Status.FAILED.value, Status.ERROR.value, Status.SKIPPED.value


class Summing:
    """`grade_summary.json` (per test, totals, failures per assertion type, errors, skips)
    added up one result at a time, in suite order: a batch's parent adds each result as it
    comes, while its workers grade, so that only the last few are left to add once the
    last test is done."""

    __slots__ = (
        "_agentv",
        "_claims",
        "_errors",
        "_failures",
        "_skips",
        "_stale",
        "_tests",
        "_totals",
    )

    def __init__(self) -> None:
        self._tests: dict[str, Any] = {}
        self._totals = {"tests": 0, "pass": 0, "fail": 0, "pending": 0, "skipped": 0}
        self._totals["not_graded"] = 0
        self._failures: dict[str, int] = {}
        self._errors: list[dict[str, Any]] = []
        self._skips: list[dict[str, Any]] = []
        self._claims: list[tuple[str, dict[str, int]]] = []  # the tests with a transcript
        self._stale: list[dict[str, Any]] = []
        self._agentv: list[dict[str, Any] | None] = []  # AgentV's figures per graded test

    def add(self, result: TestResult) -> None:
        """One more test (graded or not), after those added before it."""
        test_id = result.test_id
        totals = self._totals
        totals["tests"] += 1
        if result.digest is None:
            totals["not_graded"] += 1
            self._tests[test_id] = {"verdict": None, "score": None, "problem": result.problem}
            return
        data = result.digest
        row = data["row"]  # (made where the test was graded)
        totals[row["verdict"]] += 1
        self._tests[test_id] = row
        for item in data["assertions"]:
            status = item["status"]
            if status == _FAILED:
                failures = self._failures
                failures[item["type"]] = failures.get(item["type"], 0) + 1
            elif status == _ERROR:
                self._errors.append(
                    {"test_id": test_id, "name": item["name"], "message": item["evidence"]}
                )
            elif status == _SKIPPED:
                self._skips.append(
                    {"test_id": test_id, "name": item["name"], "reason": item["evidence"]}
                )
        claims = row["claims"]
        if claims:
            self._claims.append((test_id, claims))
        for stale in data.get("stale_results", ()):
            self._stale.append({"test_id": test_id, **stale})
        self._agentv.append(row["agentv"])

    def summary(self, missing: list[str]) -> dict[str, Any]:
        """The summary of the results added, with `missing` (the tests without a response)."""
        from .agentv_bench import suite_figures

        return {
            "schema": "agentv-grade/summary/v1",
            "tests": self._tests,
            "no_response": missing,
            "totals": self._totals,
            "failures_by_type": dict(sorted(self._failures.items())),
            "errors": self._errors,
            "skips": self._skips,
            "claims": _claims(self._claims),
            "stale_results": self._stale,
            "agentv_bench": suite_figures(self._agentv),
        }


def _claims(checked: list[tuple[str, dict[str, int]]]) -> dict[str, Any]:
    """The suite's claims (SPEC §5.9): how many tests were checked (had a transcript), the
    claims by status across them, and the tests with a contradicted claim, in suite order."""
    from .batch import CLAIM_COUNTS

    totals: dict[str, Any] = {"tests": len(checked)}
    for key in CLAIM_COUNTS:
        totals[key] = sum(counts[key] for _, counts in checked)
    totals["contradicted_in"] = [test_id for test_id, counts in checked if counts["contradicted"]]
    return totals


def summary_table(summary: dict[str, Any]) -> str:
    """The text-format closing table: tests per verdict, then failed assertions per type,
    then the number of assertion errors and skips (details in `grade_summary.json`)."""
    totals = summary["totals"]
    rows = [("verdict", "tests")]
    rows += [(name, str(totals[name])) for name in ("pass", "fail", "pending", "skipped")]
    rows += [("not graded", str(totals["not_graded"]))]
    rows += [("no response", str(len(summary["no_response"])))]
    failed = summary["failures_by_type"]
    if failed:
        rows += [("failed assertion type", "count")]
        rows += [(kind, str(count)) for kind, count in failed.items()]
    rows += [("assertion errors", str(len(summary["errors"])))]
    rows += [("assertions skipped", str(len(summary["skips"])))]
    if summary["stale_results"]:  # each also warned of on its test's line
        rows += [("stale LLM results (judge again)", str(len(summary["stale_results"])))]
    claims = summary["claims"]
    if claims["tests"]:
        rows += [(f"claims ({claims['tests']} test(s) with a transcript)", "count")]
        rows += [(status, str(claims[status])) for status in _CLAIM_STATUSES]
    width = max(len(label) for label, _ in rows)
    digits = max(len(value) for _, value in rows)
    lines = [f"  {label:<{width}}  {value:>{digits}}" for label, value in rows]
    named = claims["contradicted_in"]
    if named:
        shown = ", ".join(named[:_NAMED])
        more = (
            f", … and {len(named) - _NAMED} more in {SUMMARY_FILE}" if len(named) > _NAMED else ""
        )
        lines.append(f"  contradicted claims in: {shown}{more}")
    return "\n".join(lines)


def write_summary(bench_dir: str, summary: dict[str, Any]) -> str:
    path = os.path.join(bench_dir, SUMMARY_FILE)
    write_atomic(path, json_bytes(summary))  # (`dump_json`'s text, encoded)
    return path


def junit_xml(suite_name: str, results: list[TestResult]) -> str:
    """One JUnit testcase per test, for CI dashboards."""
    from xml.etree import ElementTree as ET

    root = ET.Element("testsuite", name=suite_name, tests=str(len(results)))
    failures = errors = skipped = 0
    for result in results:
        case = ET.SubElement(root, "testcase", classname=suite_name, name=result.test_id)
        if result.digest is None:
            errors += 1
            ET.SubElement(case, "error", message=result.problem or "not graded")
            continue
        verdict = result.digest["row"]["verdict"]
        failed = [a for a in result.digest["assertions"] if a["status"] in ("failed", "error")]
        if verdict == "fail" or failed:
            failures += 1
            score = result.digest["row"]["score"]
            node = ET.SubElement(case, "failure", message=f"verdict {verdict}, score {score}")
            node.text = "\n".join(f"[{a['status']}] {a['name']}: {a['text']}" for a in failed)
        elif verdict in ("pending", "skipped"):
            skipped += 1
            ET.SubElement(case, "skipped", message=verdict)
    root.set("failures", str(failures))
    root.set("errors", str(errors))
    root.set("skipped", str(skipped))
    return ET.tostring(root, encoding="unicode") + "\n"
