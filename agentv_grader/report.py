"""The report (SPEC §6.1), built from a test's outcomes; `result_files.py` writes it."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import __version__
from .jsontext import dump_json
from .model import (
    ERROR,
    FAILED,
    PASSED,
    PASSED_OF,
    PENDING,
    SKIPPED,
    STATUS_TEXT,
    Outcome,
    Suite,
    TestCase,
    TestVerdict,
)
from .record import Record
from .scoring import Score

if TYPE_CHECKING:
    from .claims import Claim
    from .critique import Critique

REPORT_FILE = "grader_report.json"
CRITIQUE_JSON = "eval_critique.json"
CRITIQUE_MD = "eval_critique.md"
# A batch-graded test's critique, relative to its folder: the suite's file (SPEC §6.2).
SUITE_CRITIQUE_PATH = "../" + CRITIQUE_JSON
CLAIMS_FILE = "claims.json"
CLAIM_STATUSES = ("verified", "contradicted", "unverifiable")
SCHEMA_ID = "agentv-grade/report/v1"


class Report(Record):
    """A graded test: the report as JSON data, plus where it was written (if it was)."""

    data: Mapping[str, Any]
    outcomes: tuple[Outcome, ...]
    test_dir: str | None
    critique: Critique | None = None  # the test's critique, when one was made

    @property
    def verdict(self) -> TestVerdict:
        return TestVerdict(self.data["verdict"])

    @property
    def score(self) -> float | None:
        value = self.data["score"]
        return None if value is None else float(value)

    @property
    def has_errors(self) -> bool:
        for outcome in self.outcomes:
            if outcome.status is ERROR:
                return True
        return False

    @property
    def exit_code(self) -> int:
        """0 for pass/pending/skipped without errors, 1 for fail or any error (SPEC §2)."""
        verdict = _VERDICTS.get(self.data["verdict"]) or self.verdict  # (the enum's call is slow)
        return 1 if verdict is _FAIL or self.has_errors else 0

    def to_json(self) -> str:
        return dump_json(self.data)


class Inputs(Record):
    """Paths and digests the report records (as given on the command line)."""

    eval_path: str
    response_file: str | None
    response_sha256: str | None
    timing_file: str | None
    transcript_file: str | None
    warnings: tuple[str, ...]
    user_notes_summary: Mapping[str, list[str]] | None = None


# Each verdict and its text, looked up once (an enum's `.value` is a property).
_VERDICT_TEXT = {verdict: verdict.value for verdict in TestVerdict}
_VERDICTS = {verdict.value: verdict for verdict in TestVerdict}
_FAIL = TestVerdict.FAIL  # (a global: an enum member costs a hook call on Python 3.11)


def assertion_json(outcome: Outcome) -> dict[str, Any]:
    spec = outcome.spec
    details: dict[str, Any] = dict(outcome.details)  # the report's own copy, added to below
    if outcome.checks:
        details["checks"] = [
            {"text": c.text, "passed": c.passed, "evidence": c.evidence} for c in outcome.checks
        ]
    if outcome.children:
        details["children"] = [assertion_json(c) for c in outcome.children]
    status = outcome.status
    return {
        "index": spec.index,
        "name": spec.name,
        "type": spec.type,
        "status": STATUS_TEXT[status],
        "passed": PASSED_OF.get(status),  # `Outcome.passed`
        "score": outcome.score,
        "weight": spec.weight,
        "negate": spec.negate,
        "required": spec.required,
        "text": outcome.text,
        "evidence": outcome.evidence,
        "details": details,
    }


def _summary(outcomes: tuple[Outcome, ...]) -> dict[str, Any]:
    statuses = [o.status for o in outcomes]
    passed = statuses.count(PASSED)
    failed = statuses.count(FAILED)
    errors = statuses.count(ERROR)
    graded = passed + failed + errors
    return {
        "passed": passed,
        "failed": failed,
        "errors": errors,
        "skipped": statuses.count(SKIPPED),
        "pending": statuses.count(PENDING),
        "total": len(outcomes),
        "pass_rate": passed / graded if graded else None,
    }


# `datetime.now(timezone.utc).isoformat(timespec="seconds")`, without importing datetime.
_GRADED_AT = "%Y-%m-%dT%H:%M:%S+00:00"
_graded_at: list[Any] = [None, ""]  # (the second, its text): a batch grades many a second


def graded_at() -> str:
    """The time now as the report's `graded_at` holds it (UTC, to the second)."""
    now = int(time.time())
    if now != _graded_at[0]:
        _graded_at[1] = time.strftime(_GRADED_AT, time.gmtime(now))
        _graded_at[0] = now
    text: str = _graded_at[1]
    return text


def build(
    suite: Suite,
    test: TestCase,
    outcomes: tuple[Outcome, ...],
    score: Score,
    threshold: float,
    inputs: Inputs,
    files: list[str],
    critique: Critique | None,
    agentv: Mapping[str, Any] | None = None,
    agentv_warnings: list[str] | None = None,
    claims: Sequence[Claim] | None = None,
    critique_in_suite: bool = False,
) -> dict[str, Any]:
    """The report dict, in SPEC §6.1's key order. `claims`: the response's claims checked
    against the transcript (SPEC §5.9), None when the test has no usable transcript.
    `critique_in_suite`: the critique goes to the suite's file (batch mode), where the
    report's `critique` points, with the test's `entry` there."""
    contradicted = _contradicted(claims)
    plain = _plain(outcomes)
    return {
        "schema": SCHEMA_ID,
        "tool_version": __version__,
        "graded_at": graded_at(),
        "eval_path": inputs.eval_path,
        "eval_sha256": suite.sha256,
        "suite": suite.name,
        "test_id": test.id,
        "response_file": inputs.response_file,
        "response_sha256": inputs.response_sha256,
        "timing_file": inputs.timing_file,
        "transcript_file": inputs.transcript_file,
        "score": score.score,
        "verdict": _VERDICT_TEXT[score.verdict],
        "threshold": threshold,
        "open_weight": score.open_weight,
        "score_range": list(score.score_range) if score.score_range is not None else None,
        "warnings": [
            *suite.warnings,
            *test.warnings,
            *inputs.warnings,
            *(() if plain else _outcome_warnings(outcomes)),
            *(agentv_warnings or ()),
        ],
        "files": files,
        "assertions": [assertion_json(o) for o in outcomes],
        "summary": _summary(outcomes),
        "pending": [] if plain else _pending(outcomes, test, contradicted),
        "stale_results": [] if plain else stale_results(outcomes),
        "claims": _claims(claims, contradicted),
        "critique": _critique(critique, test.id, critique_in_suite),
        "user_notes_summary": (
            dict(inputs.user_notes_summary)
            if inputs.user_notes_summary is not None
            else {"uncertainties": [], "needs_review": [], "workarounds": []}
        ),
        "agentv": dict(agentv) if agentv is not None else None,
    }


def _critique(critique: Critique | None, test_id: str, in_suite: bool) -> dict[str, Any] | None:
    """The report's `critique`: the count, and where the critique is (SPEC §6.1)."""
    if critique is None:
        return None
    if in_suite:
        return {"suggestions": len(critique.suggestions), "path": SUITE_CRITIQUE_PATH,
                "entry": test_id}  # fmt: skip
    return {"suggestions": len(critique.suggestions), "path": CRITIQUE_JSON}


def _plain(outcomes: tuple[Outcome, ...]) -> bool:
    """Whether no outcome has details, children or is pending: then it raised no warning,
    nothing is pending and no LLM result is stale (`_outcome_warnings`, `_pending` and
    `stale_results` each find none), asked in one pass instead of three (the usual test
    of a batch: string checks, none with details)."""
    for outcome in outcomes:
        if outcome.details or outcome.children or outcome.status is PENDING:
            return False
    return True


def _outcome_warnings(outcomes: tuple[Outcome, ...]) -> list[str]:
    """Warnings an assertion raised about its files (an LLM result under a name AgentV
    does not read, two files for one item), nested ones included, in assertion order."""
    found: list[str] = []
    for outcome in outcomes:
        listed = outcome.details.get("warnings")
        if isinstance(listed, list):
            found.extend(str(w) for w in listed)
        if outcome.children:
            found.extend(_outcome_warnings(outcome.children))
    return found


def _pending(
    outcomes: tuple[Outcome, ...], test: TestCase, contradicted: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The report's `pending` list; the LLM module is imported only when something is
    pending (cold start). The claims the transcript contradicts go with every item: the
    grader agent judges knowing what the response says that did not happen (SPEC §5.9)."""
    if not _any_pending(outcomes):
        return []
    from .handoff import pending_items

    items = pending_items(outcomes, test)
    if contradicted:
        for item in items:
            item["contradicted_claims"] = contradicted
    return items


def stale_results(outcomes: Sequence[Outcome]) -> list[dict[str, Any]]:
    """The LLM result files judged against an older response or item (SPEC §5.6 *Stale
    results*), nested items included: each item is pending again until re-judged."""
    found: list[dict[str, Any]] = []
    for outcome in outcomes:
        stale = outcome.details.get("stale")
        if isinstance(stale, dict):
            agentv_path = str(outcome.details.get("agentv_result_path", stale["path"]))
            found.append(
                {
                    "item": agentv_path[len("llm_grader_results/") : -len(".json")],
                    "assertion": outcome.spec.name,
                    "path": stale["path"],
                    "basis": stale["basis"],
                    "reason": stale["reason"],
                    "evidence": stale["evidence"],
                }
            )
        if outcome.children:
            found.extend(stale_results(outcome.children))
    return found


def _contradicted(claims: Sequence[Claim] | None) -> list[dict[str, Any]]:
    if not claims:  # (no transcript: no comprehension made for nothing)
        return []
    return [
        {"text": c.text, "kind": c.kind, "line": c.line, "col": c.col, "evidence": c.evidence}
        for c in claims
        if c.status == "contradicted"
    ]


def _claims(
    claims: Sequence[Claim] | None, contradicted: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The report's `claims`: the counts, where the full list is, the contradicted ones."""
    if claims is None:
        return None
    tally = {status: sum(c.status == status for c in claims) for status in CLAIM_STATUSES}
    checkable = tally["verified"] + tally["contradicted"]
    return {"path": CLAIMS_FILE, "total": len(claims), **tally, "checkable": checkable,
            "contradicted_claims": contradicted}  # fmt: skip


def _any_pending(outcomes: tuple[Outcome, ...]) -> bool:
    for outcome in outcomes:
        if outcome.status is PENDING:
            return True
        if outcome.children and _any_pending(outcome.children):
            return True
    return False
