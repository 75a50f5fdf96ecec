"""The report (SPEC §6.1): built from outcomes and written with the merge files."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import __version__, merge
from .errors import GradeInputError
from .load.files import Listing, read_regular
from .model import Outcome, Status, Suite, TestCase
from .outputs import (
    check_targets,
    dump_json,
    json_bytes,
    parse_json,
    prepare_targets,
    remove_quietly,
    write_atomic,
    write_if_changed,
    write_new_folder,
)
from .scoring import Score

if TYPE_CHECKING:
    from .critique import Critique

REPORT_FILE = "grader_report.json"
CRITIQUE_JSON = "eval_critique.json"
CRITIQUE_MD = "eval_critique.md"
SCHEMA_ID = "agentv-grade/report/v1"
_READ_BACK_LIMIT = 64 * 1024 * 1024  # characters of a previous report read back (SPEC §7)


@dataclass(frozen=True, slots=True)
class Report:
    """A graded test: the report as JSON data, plus where it was written (if it was)."""

    data: Mapping[str, Any]
    outcomes: tuple[Outcome, ...]
    test_dir: str | None

    @property
    def verdict(self) -> str:
        return str(self.data["verdict"])

    @property
    def score(self) -> float | None:
        value = self.data["score"]
        return None if value is None else float(value)

    @property
    def has_errors(self) -> bool:
        return any(o.status is Status.ERROR for o in self.outcomes)

    @property
    def exit_code(self) -> int:
        """0 for pass/pending/skipped without errors, 1 for fail or any error (SPEC §2)."""
        return 1 if self.verdict == "fail" or self.has_errors else 0

    def to_json(self) -> str:
        return dump_json(self.data)


@dataclass(frozen=True, slots=True)
class Inputs:
    """Paths and digests the report records (as given on the command line)."""

    eval_path: str
    response_file: str | None
    response_sha256: str | None
    timing_file: str | None
    transcript_file: str | None
    warnings: tuple[str, ...]
    user_notes_summary: Mapping[str, list[str]] | None = None


# Each status and its text, looked up once (an enum's `.value` is a property).
_STATUS_TEXT = {status: status.value for status in Status}


def assertion_json(outcome: Outcome) -> dict[str, Any]:
    spec = outcome.spec
    details: dict[str, Any] = dict(outcome.details)  # the report's own copy, added to below
    if outcome.checks:
        details["checks"] = [
            {"text": c.text, "passed": c.passed, "evidence": c.evidence} for c in outcome.checks
        ]
    if outcome.children:
        details["children"] = [assertion_json(c) for c in outcome.children]
    return {
        "index": spec.index,
        "name": spec.name,
        "type": spec.type,
        "status": _STATUS_TEXT[outcome.status],
        "passed": outcome.passed,
        "score": outcome.score,
        "weight": spec.weight,
        "negate": spec.negate,
        "required": spec.required,
        "text": outcome.text,
        "evidence": outcome.evidence,
        "details": details,
    }


def _summary(outcomes: tuple[Outcome, ...]) -> dict[str, Any]:
    counts = dict.fromkeys(_STATUS_TEXT, 0)
    for outcome in outcomes:
        counts[outcome.status] += 1
    graded = counts[Status.PASSED] + counts[Status.FAILED] + counts[Status.ERROR]
    return {
        "passed": counts[Status.PASSED],
        "failed": counts[Status.FAILED],
        "errors": counts[Status.ERROR],
        "skipped": counts[Status.SKIPPED],
        "pending": counts[Status.PENDING],
        "total": len(outcomes),
        "pass_rate": counts[Status.PASSED] / graded if graded else None,
    }


# `datetime.now(timezone.utc).isoformat(timespec="seconds")`, without importing datetime.
_GRADED_AT = "%Y-%m-%dT%H:%M:%S+00:00"


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
) -> dict[str, Any]:
    """The report dict, in SPEC §6.1's key order."""
    return {
        "schema": SCHEMA_ID,
        "tool_version": __version__,
        "graded_at": time.strftime(_GRADED_AT, time.gmtime()),
        "eval_path": inputs.eval_path,
        "eval_sha256": suite.sha256,
        "suite": suite.name,
        "test_id": test.id,
        "response_file": inputs.response_file,
        "response_sha256": inputs.response_sha256,
        "timing_file": inputs.timing_file,
        "transcript_file": inputs.transcript_file,
        "score": score.score,
        "verdict": score.verdict,
        "threshold": threshold,
        "open_weight": score.open_weight,
        "score_range": list(score.score_range) if score.score_range is not None else None,
        "warnings": list(suite.warnings)
        + list(test.warnings)
        + list(inputs.warnings)
        + _outcome_warnings(outcomes)
        + (agentv_warnings or []),
        "files": files,
        "assertions": [assertion_json(o) for o in outcomes],
        "summary": _summary(outcomes),
        "pending": _pending(outcomes, test),
        "critique": (
            None
            if critique is None
            else {"suggestions": len(critique.suggestions), "path": CRITIQUE_JSON}
        ),
        "user_notes_summary": (
            dict(inputs.user_notes_summary)
            if inputs.user_notes_summary is not None
            else {"uncertainties": [], "needs_review": [], "workarounds": []}
        ),
        "agentv": dict(agentv) if agentv is not None else None,
    }


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


def _pending(outcomes: tuple[Outcome, ...], test: TestCase) -> list[dict[str, Any]]:
    """The report's `pending` list; the LLM module is imported only when something is
    pending (cold start)."""
    if not _any_pending(outcomes):
        return []
    from .handoff import pending_items

    return pending_items(outcomes, test)


def _any_pending(outcomes: tuple[Outcome, ...]) -> bool:
    return any(o.status is Status.PENDING or _any_pending(o.children) for o in outcomes)


def _previous_report(test_dir: str) -> dict[str, Any]:
    try:
        data = read_regular(os.path.join(test_dir, REPORT_FILE), _READ_BACK_LIMIT)
        previous = parse_json(data)  # past the limit (a device): cut short, so not JSON
    except (OSError, ValueError, RecursionError):
        return {}
    return previous if isinstance(previous, dict) else {}


def write(
    test_dir: str,
    data: dict[str, Any],
    merge_files: list[merge.MergeFile],
    critique: Critique | None,
    *,
    listing: Listing | None = None,
) -> None:
    """Write merge files, the critique, then the report; remove only what a previous run
    of this tool wrote and this run does not write again (SPEC §6.2).

    The targets are checked from one listing of the test folder where `prepare_targets`
    can (a first grading then opens no previous report: the listing says there is none),
    else by `check_targets`; either way before anything is written. A result folder the
    listing found missing is written whole (`write_new_folder`). `listing`: the test
    folder's listing taken when its inputs were found, reused when nothing has run since
    that could have changed the folder.
    """
    names = [m.relpath for m in merge_files] + [REPORT_FILE]
    if critique is not None:
        names += [CRITIQUE_JSON, CRITIQUE_MD]
    present = prepare_targets(test_dir, names, make_folders=False, listing=listing)
    if present is None:
        check_targets((os.path.join(test_dir, name) for name in names), inside=test_dir)
    previous = _previous_report(test_dir) if present is None or REPORT_FILE in present else {}
    listed = previous.get("files")
    old_files = {f for f in listed if isinstance(f, str)} if isinstance(listed, list) else set()
    prefix = os.path.join(test_dir, "")  # + a relative path: `os.path.join`'s result
    overwritten = _write_merge_files(test_dir, prefix, merge_files, present, old_files)
    if overwritten:
        data["warnings"].append(_overwritten_warning(overwritten))
    if old_files:
        for relpath in sorted(old_files - {m.relpath for m in merge_files}):
            if _is_merge_path(relpath) and _stays_inside(test_dir, prefix + relpath):
                remove_quietly(prefix + relpath)
    if critique is not None:
        again = bool(previous.get("critique"))
        _rewrite(prefix + CRITIQUE_JSON, json_bytes(critique.to_json()), again)
        _rewrite(prefix + CRITIQUE_MD, critique.to_markdown(), again)
    elif previous.get("critique"):
        remove_quietly(prefix + CRITIQUE_JSON)
        remove_quietly(prefix + CRITIQUE_MD)
    write_atomic(prefix + REPORT_FILE, json_bytes(data))


def _write_merge_files(
    test_dir: str,
    prefix: str,
    merge_files: list[merge.MergeFile],
    present: frozenset[str] | None,
    old_files: set[str],
) -> list[str]:
    """Each merge file, atomically; those of a result folder that the listing found
    missing as one new folder (a first grading), else one by one. Should the folder have
    appeared since (another writer), its paths are checked again, then written one by one.

    Returns the merge files of the previous run that another program has rewritten since
    (AgentV's `pipeline grade` writes its own results under the same names), which this
    run writes again."""
    new: dict[str, list[tuple[str, bytes]]] = {}
    overwritten: list[str] = []
    for item in merge_files:
        folder, _, name = item.relpath.rpartition("/")
        if present is not None and folder and folder not in present:
            new.setdefault(folder, []).append((name, json_bytes(item.content)))
        elif item.relpath in old_files:
            if _rewrite_ours(prefix + item.relpath, json_bytes(item.content)):
                overwritten.append(item.relpath)
        else:
            write_atomic(prefix + item.relpath, json_bytes(item.content))
    for folder, files in new.items():
        if write_new_folder(prefix + folder, files):
            continue
        paths = [f"{prefix}{folder}/{name}" for name, _ in files]
        check_targets(paths, inside=test_dir)
        for path, (_, data) in zip(paths, files, strict=True):
            write_atomic(path, data)
    return overwritten


# What every merge file this tool writes holds (`merge.merge_content`'s `details`).
_OUR_MARK = b'"graded_by": "agentv-grade"'
_MERGE_READ_LIMIT = 1024 * 1024


def _rewrite_ours(path: str, data: bytes) -> bool:
    """A merge file the previous run wrote: left alone when it still holds this text (a
    re-grade), else written again; True when another program had rewritten it (the file
    no longer carries this tool's mark)."""
    try:
        before: bytes | None = read_regular(path, _MERGE_READ_LIMIT)
    except OSError:
        before = None
    if before == data:
        return False
    write_atomic(path, data)
    return before is not None and _OUR_MARK not in before


def _overwritten_warning(paths: list[str]) -> str:
    more = f" and {len(paths) - 1} more" if len(paths) > 1 else ""
    return (
        f"{paths[0]}{more} had been rewritten by another program since agentv-grade's last "
        "run (AgentV's pipeline grade writes its own results under the same names); "
        "agentv-grade wrote its results again. Run agentv-grade after pipeline grade, "
        "then pipeline bench"
    )


def _rewrite(path: str, text: str | bytes, wrote_before: bool) -> None:
    """A file the previous run of this tool wrote is left alone when its text is the same
    (a re-grade); any other file is written without looking (a first grading)."""
    if wrote_before:
        write_if_changed(path, text)
    else:
        write_atomic(path, text)


def _stays_inside(test_dir: str, path: str) -> bool:
    """A stale merge file is removed only where a result could be written: not through a
    folder that now leads out of the test folder (a link planted since, say, in a folder
    of the other layout, which this run does not check)."""
    try:
        check_targets([path], inside=test_dir)
    except GradeInputError:
        return False
    return True


def _is_merge_path(relpath: str) -> bool:
    parts = relpath.split("/")
    return (
        len(parts) == 2
        and parts[0] in ("code_grader_results", "script_grader_results")
        and parts[1].endswith(".json")
        and ".." not in parts[1]
    )
