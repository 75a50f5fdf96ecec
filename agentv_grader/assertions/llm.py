"""LLM-judged items: `llm-rubric`, `agent-rubric`, `trajectory:goal-success` (SPEC §5.6).

agentv-grade never calls an LLM and never fakes a judgement. Until the grader agent has
written `llm_grader_results/<stem>.json` the item is `pending`, and the report's `pending`
list (`handoff.pending_items`) tells the agent what to judge and where to write. Once the file is
there (read beforehand into `RunData.llm_results`, so the checks stay pure) the item is
`passed`/`failed` by its threshold with the agent's score, or `error` when the file is
malformed. Decided here:

- The default threshold is 0.5, the value AgentV's `llm_graders/<name>.json` files carry
  (AgentV's `pipeline bench` uses 0.8 for its own log line; SPEC §5.6 chose 0.5).
- File stems are AgentV's export names (`llm_graders/<name>.json` when it exists, matched
  by name, rubric outcomes or prompt; else the name AgentV's export would give), so one
  file is counted once by both tools; two items never share a file
  (`rundata.llm_results.choose_stems`). A result under another name of the item still
  counts, with a warning naming the file AgentV reads.
- The eval's judging prompt is resolved while the item is pending (`prompt_of`): a
  `file://` prompt read as AgentV finds it, a `{command}` prompt run with a deadline.
- A `value` that is neither criteria text nor a list of rubric items is `error` (the
  eval, not the answer, is at fault); no `value` means the test's criteria, as in AgentV.
- A composite whose aggregator is `llm-grader` is judged the same way (passing at 0.8,
  AgentV 4.x's composite verdict), its members' results in its pending entry; items
  inside groups are listed too, with the groups they sit in (`within`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..errors import SpecError
from ..judging import RubricItem, rubric_items
from ..load.types import LLM_TYPES
from ..model import AssertionSpec, RunData, Status, TestCase, Verdict
from ..record import Record
from ..rundata.llm_results import ItemKey, StemChoice, choose_stems, result_path
from ..rundata.records import JudgedAgainst, LlmResult
from . import about

DEFAULT_THRESHOLD = 0.5
_AGGREGATOR_ALIASES = {"llm_judge": "llm_grader", "code_judge": "code_grader"}

INSTRUCTIONS = {
    "llm-rubric": "Judge the response against the criteria, or against each rubric item: "
    "score = weight of the passed items / total weight, 0 when a required item fails.",
    "agent-rubric": "Judge like llm-rubric; you may inspect the transcript and workspace "
    "to verify what the response claims.",
    "trajectory:goal-success": "Judge from the transcript (messages and tool calls) whether "
    "the agent achieved the goal; score 1 achieved, 0 not, partial credit in between.",
    "composite": "Decide the composite's score from its members' results (listed here); "
    "pass is score >= threshold.",
}


def llm_rubric(spec: AssertionSpec, run: RunData) -> Verdict:
    """Judged by the grader agent: pending until its result file exists, then its score.

    The agent's score passes at `threshold` (default 0.5, AgentV's grader files).
    """
    criteria_or_rubrics(spec, run.test)
    return judged(spec, run)


def agent_rubric(spec: AssertionSpec, run: RunData) -> Verdict:
    """Like llm-rubric, judged by an agent that may inspect the run; pending until judged."""
    criteria_or_rubrics(spec, run.test)
    return judged(spec, run)


def goal_success(spec: AssertionSpec, run: RunData) -> Verdict:
    """Did the run reach its goal? Judged by the grader agent; pending until judged.

    The goal is `value`, else the test's criteria, else its input; the agent judges from
    the transcript.
    """
    value = spec.options.get("value")
    if value is not None and not isinstance(value, str):
        raise SpecError(f"trajectory:goal-success value must be the goal as text, got {value!r}")
    return judged(spec, run)


def judged(spec: AssertionSpec, run: RunData, threshold: float | None = None) -> Verdict:
    """`pending` without a result file, else `passed`/`failed` by the threshold (the item's
    own `threshold`, default 0.5, unless the caller has resolved it).

    While pending, the eval's judging prompt is resolved for the agent (a `file://` prompt
    read, a `{command}` prompt run with its deadline; `prompt_of`) into `details.prompt`;
    a prompt that cannot be had makes the item `error`, as AgentV refuses it.
    """
    if threshold is None:
        threshold = threshold_of(spec, DEFAULT_THRESHOLD)
    choice = stem_choice(spec, run)
    stem = choice.stem
    result = run.llm_results.get(stem)
    warnings: list[str] = []
    if (result is None or not result.judged) and choice.others:
        other = choice.others[0]  # a result written under another name still counts
        warnings.append(_other_name_used(spec, stem, other, choice.agentv_config))
        stem, result = other, run.llm_results[other]
    elif choice.others:
        warnings.append(_other_name_ignored(spec, stem, choice.others, choice.agentv_config))
    path = result_path(stem)
    details: dict[str, Any] = {"result_path": path, "threshold": threshold}
    details["agentv_result_path"] = result_path(choice.stem)
    current = JudgedAgainst(response_digest(run.response), item_digest(spec, run.test))
    details["judged_against"] = current.to_json()
    stale: Staleness | None = None
    if result is not None and result.judged and result.problem is None:
        stale = staleness(result, current, run.response_path)
        details["result_state"] = stale.state
        if stale.state == "stale":
            details["stale"] = stale.to_json(result)
            warnings.append(_stale_warning(spec, stale, result, choice.stem, choice.agentv_config))
    if warnings:
        details["warnings"] = warnings
    if result is None or not result.judged or (stale is not None and stale.state == "stale"):
        prompt = prompt_of(spec, run)
        if prompt is not None:
            details["prompt"] = prompt
        if stale is not None:
            return Verdict(
                status=Status.PENDING,
                score=None,
                text=f"{spec.type} needs the grader agent's judgement again: {path} was "
                f"judged against {stale.reason}",
                evidence=stale.evidence,
                details=details,
            )
        return Verdict(
            status=Status.PENDING,
            score=None,
            text=f"{spec.type} needs the grader agent's judgement: write {path}",
            evidence=f"no {path} yet",
            details=details,
        )
    return _graded(result, threshold, details)


# ------------------------------------------------------------------ stale results


class Staleness(Record):
    """Whether a result file was judged against the current response and item:
    `current` (its record matches), `stale` (evidence says it does not: `basis` `record`,
    the digests differ, or `mtime`, a file without a record older than the response) or
    `unknown` (a file without a record, not older than the response: cannot tell)."""

    state: str
    basis: str
    reason: str
    evidence: str

    def to_json(self, result: LlmResult) -> dict[str, Any]:
        passed = sum(1 for c in result.assertions if c.passed)
        return {
            "path": result.path,
            "basis": self.basis,
            "reason": self.reason,
            "evidence": self.evidence,
            # what AgentV's pipeline bench still counts from the file until it is re-judged
            "score": result.score,
            "passed": passed,
            "total": len(result.assertions),
        }


def response_digest(response: str) -> str:
    """SHA-256 of the response text as graded (UTF-8; a lone surrogate kept)."""
    from ..digest import sha256_hex

    return sha256_hex(response.encode("utf-8", "surrogatepass"))


def item_digest(spec: AssertionSpec, test: TestCase) -> str:
    """SHA-256 of what the item's judgement depends on besides the response: its type,
    criteria and rubric items, its `prompt` as written, the reference answer and the test's
    input (canonical JSON)."""
    import json

    from ..digest import sha256_hex

    criteria, rubrics = criteria_or_rubrics(spec, test, strict=False)
    aggregator = spec.options.get("aggregator")
    described = {
        "type": spec.type,
        "criteria": criteria,
        "rubrics": rubrics,
        "prompt": spec.options.get("prompt"),
        "aggregator": aggregator if spec.type == "composite" else None,
        "reference": test.reference_answer(),
        "input": test.input_messages or test.input_text,
    }
    text = json.dumps(described, sort_keys=True, ensure_ascii=False, default=repr)
    return sha256_hex(text.encode("utf-8", "surrogatepass"))


def staleness(result: LlmResult, current: JudgedAgainst, response_path: str | None) -> Staleness:
    """Judged against the current response and item? Only with evidence is a file stale:
    the record `agentv-grade judge` wrote, else a modification time older than the
    response's; without either it cannot be told (SPEC §5.6 *Stale results*)."""
    record = result.judged_against
    if record is not None:
        changed = []
        if record.response_sha256 != current.response_sha256:
            changed.append("response")
        if record.item_sha256 != current.item_sha256:
            changed.append("item")
        if not changed:
            return Staleness("current", "record", "", "its record matches")
        what = " and ".join(
            {"response": "an older response", "item": "an older version of the item"}[c]
            for c in changed
        )
        evidence = "; ".join(
            f"recorded {c} sha256 {old[:12]}…, now {new[:12]}…"
            for c, old, new in (
                ("response", record.response_sha256, current.response_sha256),
                ("item", record.item_sha256, current.item_sha256),
            )
            if c in changed
        )
        return Staleness("stale", "record", what, evidence)
    response_mtime = _mtime_ns(response_path)
    if result.mtime_ns is not None and response_mtime is not None:
        if result.mtime_ns < response_mtime:
            return Staleness(
                "stale",
                "mtime",
                "an older response (the file is older than the response)",
                f"{result.path} modified {_iso(result.mtime_ns)}, the response "
                f"{_iso(response_mtime)}, and the file has no judged_against record",
            )
    return Staleness(
        "unknown",
        "none",
        "",
        "cannot tell: the file has no judged_against record and is not older than the response",
    )


def _mtime_ns(path: str | None) -> int | None:
    if path is None:
        return None
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def _iso(ns: int) -> str:
    import time

    seconds, rest = divmod(ns, 1_000_000_000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{rest // 1_000_000:03d}Z"


def _stale_warning(
    spec: AssertionSpec, stale: Staleness, result: LlmResult, stem: str, agentv_config: bool
) -> str:
    counted = (
        "agentv-grade no longer counts it, but AgentV's pipeline bench still would (named "
        f"by llm_graders/{stem}.json)"
        if agentv_config
        else "neither agentv-grade nor its merge files count it any more"
    )
    return (
        f"{spec.name}: {result.path} was judged against {stale.reason} ({stale.evidence}); "
        f"{counted}. Re-judge the item: agentv-grade judge --item {stem} … (it overwrites "
        f"the file), then run agentv-grade again"
    )


def _other_name_used(spec: AssertionSpec, stem: str, other: str, agentv_config: bool) -> str:
    where = f"AgentV's llm_graders/{stem}.json" if agentv_config else "AgentV's export"
    return (
        f"{spec.name}: read {result_path(other)}, but {where} names this item {stem}: "
        f"AgentV's pipeline bench reads only {result_path(stem)}"
        + (
            " (agentv-grade wrote its result into AgentV's merge files, so AgentV counts it once)"
            if agentv_config
            else ""
        )
        + f"; rename the file to {result_path(stem)}"
    )


def _other_name_ignored(
    spec: AssertionSpec, stem: str, others: tuple[str, ...], agentv_config: bool
) -> str:
    listed = ", ".join(result_path(o) for o in others)
    counted = (
        f"AgentV's pipeline bench counts only {result_path(stem)} (named by "
        f"llm_graders/{stem}.json)"
        if agentv_config
        else f"agentv-grade counts only {result_path(stem)}"
    )
    return (
        f"{spec.name}: {listed} could describe the same item as {result_path(stem)}; "
        f"{counted}; remove the other file"
    )


def _graded(result: LlmResult, threshold: float, details: dict[str, Any]) -> Verdict:
    if result.problem is not None or result.score is None:
        raise SpecError(f"LLM result file unusable: {result.problem}")
    ok = result.score >= threshold and not result.required_failed
    if result.required_failed:
        text = (
            f"Grader agent scored {result.score:g}; required rubric item(s) not met: "
            f"{', '.join(result.required_failed)}"
        )
        details = {**details, "required_failed": list(result.required_failed)}
    else:
        relation = ">=" if ok else "<"
        text = f"Grader agent scored {result.score:g} {relation} threshold {threshold:g}"
    failed = [c for c in result.assertions if not c.passed]
    first = failed[0] if failed else (result.assertions[0] if result.assertions else None)
    evidence = f"from {result.path}" + (f"; {first.text}: {first.evidence}" if first else "")
    details = {**details, "result_score": result.score}  # as AgentV counts it (no negation)
    return Verdict(
        status=Status.PASSED if ok else Status.FAILED,
        score=result.score,
        text=text,
        evidence=evidence.rstrip(": "),
        checks=result.assertions,
        details=details,
    )


def threshold_of(spec: AssertionSpec, default: float) -> float:
    """The item's pass threshold in 0..1 (the loader already refused other values)."""
    value = spec.options.get("threshold")
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise SpecError(f"threshold must be a number in 0..1, got {value!r}")
    return float(value)


# ------------------------------------------------------------------ which file is whose


def is_judge_item(spec: AssertionSpec) -> bool:
    """An assertion the grader agent judges: the LLM types, and a composite whose
    aggregator is `llm-grader`."""
    if spec.type in LLM_TYPES:
        return True
    return spec.type == "composite" and aggregator_kind(spec) == "llm_grader"


def aggregator_kind(spec: AssertionSpec) -> str | None:
    """A composite's aggregator type in one spelling (`weighted_average`, `llm_grader`, …):
    `aggregator: {type: …}`, `aggregator: <type>`, or the grader instructions'
    `aggregation: <type>`; None when there is none."""
    aggregator = spec.options.get("aggregator", spec.options.get("aggregation"))
    kind = aggregator.get("type") if isinstance(aggregator, Mapping) else aggregator
    if not isinstance(kind, str) or not kind.strip():
        return None
    kind = kind.strip().lower().replace("-", "_")
    return _AGGREGATOR_ALIASES.get(kind, kind)


def judge_items(specs: Sequence[AssertionSpec]) -> Iterator[AssertionSpec]:
    """Every judge item of an assertion tree, depth first, in assertion order."""
    for spec in specs:
        if is_judge_item(spec):
            yield spec
        yield from judge_items(spec.children)


def stem_choice(spec: AssertionSpec, run: RunData) -> StemChoice:
    """Where `spec`'s result lives among all judge items of its test (`choose_stems`)."""
    items = list(judge_items(run.test.assertions))
    position = _position(items, spec, exact=True)
    if position is None:
        position = _position(items, spec, exact=False)
    if position is None:
        return choose_stems([item_key(spec, run)], run.llm_results)[0]
    keys = [item_key(item, run) for item in items]
    return choose_stems(keys, run.llm_results)[position]


def stem_of(spec: AssertionSpec, run: RunData) -> str:
    """The result file stem of `spec` (AgentV's export name where it has one)."""
    return stem_choice(spec, run).stem


def item_key(spec: AssertionSpec, run: RunData) -> ItemKey:
    """The names, rubric outcomes and prompt text that tie `spec` to AgentV's export (an
    unnamed item's type too: the name earlier versions asked its result file under)."""
    given = any(isinstance(spec.options.get(k), str) for k in ("name", "metric"))
    legacy = () if given else (spec.type,)
    names = tuple(dict.fromkeys((agentv_export_name(spec), spec.name, *legacy)))
    try:
        outcomes = tuple(i.outcome or "" for i in rubrics_of(spec))
    except SpecError:
        outcomes = ()
    prompt = spec.options.get("prompt")
    text = prompt if isinstance(prompt, str) and not prompt.startswith(FILE_PREFIX) else ""
    if isinstance(prompt, str) and prompt.startswith(FILE_PREFIX):
        try:
            text = _prompt_file(prompt, run.eval_dir)[0]
        except SpecError:
            text = ""
    return ItemKey(names=names, outcomes=outcomes, prompt=text)


# How each authored LLM type is named by released AgentV (4.x `generateAssertionName`).
_V4_GENERATED = {"llm-grader": "llm-grader", "rubrics": "rubrics", "rubric": "rubric"}


def agentv_export_name(spec: AssertionSpec) -> str:
    """The name AgentV's `pipeline input` files this item under (`llm_graders/<name>.json`):
    its `name` (released AgentV) or `metric` (AgentV main), else AgentV's generated name:
    `rubrics` for the plain strings of an assertion list (released AgentV's name for them),
    `llm-grader` / `rubrics` / `rubric` for those authored types, else the report's name."""
    for key in ("name", "metric"):
        given = spec.options.get(key)
        if isinstance(given, str) and given.strip():
            return spec.name if key == "metric" else given
    authored = spec.authored_type.strip().lower().replace("_", "-")
    if authored in _V4_GENERATED:
        return _V4_GENERATED[authored]
    if is_plain_strings(spec):
        return "rubrics"
    return spec.name


def is_plain_strings(spec: AssertionSpec) -> bool:
    """The `llm-rubric` the loader made from an assertion list's plain strings (SPEC §3):
    built from a plain mapping (no line), a list of strings, weight = their number."""
    value = spec.options.get("value")
    return (
        spec.type == "llm-rubric"
        and spec.line is None
        and set(spec.options) == {"type", "value", "weight"}
        and isinstance(value, list)
        and all(isinstance(v, str) for v in value)
        and spec.options.get("weight") == len(value)
    )


def _position(items: list[AssertionSpec], spec: AssertionSpec, exact: bool) -> int | None:
    """Where `spec` is among the items: the same object, else the same assertion (groups
    may hand their members on with an adjusted weight)."""
    for position, item in enumerate(items):
        if item is spec if exact else _same(item, spec):
            return position
    return None


def _same(a: AssertionSpec, b: AssertionSpec) -> bool:
    return (a.index, a.name, a.type, a.line, a.options) == (
        b.index,
        b.name,
        b.type,
        b.line,
        b.options,
    )


# ------------------------------------------------------------------ the eval's judging prompt

FILE_PREFIX = "file://"
MAX_PROMPT_BYTES = 1024 * 1024


def prompt_of(spec: AssertionSpec, run: RunData) -> dict[str, Any] | None:
    """The eval's own judging prompt for the agent, resolved as AgentV resolves it:

    - `prompt: file://<path>`: the file, found from the eval file's folder and then each
      folder above it up to the repository root (AgentV's search roots); `{text, path,
      reference}`;
    - `prompt: {command: [...]}` (or v4's `script`): the program run with AgentV's prompt
      payload on stdin and a deadline (`timeout_ms`, default 30 s); its trimmed stdout is
      the prompt; `{text, command}`;
    - `prompt: <text>`: `{text}`. None without a prompt.

    Raises:
        SpecError: a prompt file that does not exist or cannot be read, a command that
            fails, times out or prints nothing (AgentV refuses the grader then too).
    """
    raw = spec.options.get("prompt")
    if raw is None:
        return None
    if isinstance(raw, str):
        if raw.startswith(FILE_PREFIX):
            text, path = _prompt_file(raw, run.eval_dir)
            return {"text": text, "path": path, "reference": raw}
        return {"text": raw} if raw.strip() else None
    if isinstance(raw, Mapping) and ("command" in raw or "script" in raw):
        return _prompt_command(raw, spec, run)
    raise SpecError(f"prompt must be text, file://<path> or {{command: [...]}}, got {raw!r}")


def search_roots(eval_dir: str) -> list[str]:
    """Where AgentV looks for `file://` paths (`load.roots.search_roots`: the eval file's
    folder, each folder above it up to the repository root, that root, the working folder)."""
    from ..load.roots import search_roots as agentv_search_roots

    return list(agentv_search_roots(eval_dir))


def _find(reference: str, eval_dir: str) -> tuple[str | None, list[str]]:
    relative = reference.lstrip("/\\") or reference
    tried: list[str] = []
    candidates = [os.path.normpath(reference)] if os.path.isabs(reference) else []
    candidates += [
        os.path.normpath(os.path.join(root, relative)) for root in search_roots(eval_dir)
    ]
    for candidate in dict.fromkeys(candidates):
        tried.append(candidate)
        if os.path.isfile(candidate):
            return candidate, tried
    return None, tried


def _prompt_file(raw: str, eval_dir: str) -> tuple[str, str]:
    reference = raw[len(FILE_PREFIX) :]
    path, tried = _find(reference, eval_dir)
    if path is None:
        raise SpecError(
            f"prompt file not found: {reference} (looked at {', '.join(tried[:3])}"
            + (" …" if len(tried) > 3 else "")
            + "; AgentV resolves it from the eval file's folder, then the folders above it)"
        )
    from ..load.files import read_regular

    try:
        data = read_regular(path, MAX_PROMPT_BYTES)
    except OSError as exc:
        raise SpecError(f"prompt file {path} cannot be read: {exc.strerror}") from None
    if len(data) > MAX_PROMPT_BYTES:
        raise SpecError(f"prompt file {path} is over 1 MiB")
    return data.decode("utf-8", errors="replace"), path


def _prompt_command(raw: Mapping[str, Any], spec: AssertionSpec, run: RunData) -> dict[str, Any]:
    import shutil  # (only for a prompt command: with `bz2` and `lzma`, 7.8 M instructions)

    from . import _context
    from ._process import failure, run_program
    from .scripts import DEFAULT_TIMEOUT_MS, json_bytes

    argv = raw.get("command", raw.get("script"))
    if isinstance(argv, str):
        argv = [argv]
    if not isinstance(argv, list) or not argv or not all(isinstance(a, str) for a in argv):
        raise SpecError(f"prompt.command must be a list of strings, got {argv!r}")
    if len(argv) > 1 and shutil.which(argv[0]) is None:  # say first what cannot run here
        raise SpecError(f"prompt command: command not found: '{argv[0]}' ({' '.join(argv)})")
    script, tried = _find(argv[-1], run.eval_dir)
    if script is None:
        raise SpecError(f"prompt command file not found: {argv[-1]} (looked at {tried[0]} …)")
    command = [*argv[:-1], script]
    timeout = spec.options.get("timeout_ms", raw.get("timeout_ms", DEFAULT_TIMEOUT_MS))
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
        raise SpecError(f"timeout_ms must be a number of milliseconds > 0, got {timeout!r}")
    payload = _context.script_payload(spec, run)
    payload["answer"] = run.response
    config = raw.get("config")
    if isinstance(config, Mapping):
        payload["config"] = dict(config)
    finished = run_program(
        command, json_bytes(payload), os.path.dirname(script), float(timeout), "prompt command"
    )
    problem = failure(finished, "prompt command", float(timeout))
    if problem is not None:
        raise SpecError(problem)
    text = finished.stdout.strip()
    if not text:
        raise SpecError("prompt command printed nothing (AgentV refuses an empty prompt)")
    return {"text": text, "command": command}


def rubrics_of(spec: AssertionSpec) -> tuple[RubricItem, ...]:
    """The item's rubric items in AgentV's reading: a list `value` (AgentV main and the
    plain strings of an assertion list), v4's `rubrics:` on an `llm-grader`, or v4's
    `criteria:` list on `type: rubrics`; () when the item is judged as a whole.

    Raises:
        SpecError: a rubric item AgentV refuses (`judging.rubric_items`).
    """
    if not about(spec.type).rubric_items:
        return ()
    for key in ("value", "rubrics", "criteria"):
        raw = spec.options.get(key)
        if isinstance(raw, list) and raw:
            return rubric_items(raw)
    return ()


def rubric_records(spec: AssertionSpec) -> tuple[RubricItem, ...]:
    try:
        return rubrics_of(spec)
    except SpecError:
        return ()


def criteria_or_rubrics(
    spec: AssertionSpec, test: TestCase, strict: bool = True
) -> tuple[str | None, list[dict[str, Any]]]:
    """(criteria text, rubric items) the judge works from, AgentV's way: a string `value` is
    the criteria; rubric items (`rubrics_of`) are judged with the test's criteria as
    context; without either, the test's criteria."""
    if spec.type == "composite":
        aggregator = spec.options.get("aggregator")
        prompt = aggregator.get("prompt") if isinstance(aggregator, Mapping) else None
        return (prompt if isinstance(prompt, str) else None), []
    value = spec.options.get("value")
    if spec.type == "trajectory:goal-success":
        goal = value if isinstance(value, str) and value.strip() else None
        return goal or test.criteria or test.input_text or None, []
    if isinstance(value, str) and value.strip():
        return value, []
    try:
        items = rubrics_of(spec)
    except SpecError:
        if strict:
            raise
        items = ()
    if items:
        return test.criteria, [i.to_json() for i in items]
    if value is not None and strict and not (isinstance(value, list) and not value):
        raise SpecError(
            f"{spec.type} value must be the criteria (text) or a non-empty list of rubric "
            f"items, got {value!r}"
        )
    if isinstance(value, list) and not value and strict:
        raise SpecError(f"{spec.type} value must be a non-empty list of rubric items")
    return test.criteria, []  # AgentV judges against the test's criteria
