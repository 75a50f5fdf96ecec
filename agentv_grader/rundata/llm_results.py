"""The grader agent's LLM judgements: `<test-dir>/llm_grader_results/<stem>.json` (SPEC §5.6).

agentv-grade never calls an LLM. It hands LLM-judged items to the grader agent as
`pending`; the agent writes one result file per item, and the next run reads them here so
the item becomes `passed`/`failed` and the test gets its final verdict. Decided here:

- The shape is what AgentV's `pipeline bench` consumes, `{score: 0..1, assertions: [{text,
  passed, evidence?}]}`, checked with a JSON Schema; other fields (the grader instructions'
  `summary`, `claims`, `eval_feedback`, …) are allowed and ignored.
- A file that cannot be used (over 64 MiB, unreadable, not JSON, wrong shape) is never
  skipped: its item becomes `error` with a reason naming the file and what is wrong.
- AgentV's own `llm_graders/<stem>.json` configs (written by `agentv pipeline input`) are
  listed too: their stems are the names AgentV expects results under (`result_stems`).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable, Mapping
from functools import lru_cache
from typing import Any

from ..js.strings import JsonParseError, js_json_parse
from ..load.files import limit_text, read_regular
from ..model import AssertionSpec, CheckItem
from ..names import safe_name
from .records import LlmResult

RESULTS_DIR = "llm_grader_results"
CONFIGS_DIR = "llm_graders"
MAX_RESULT_BYTES = 64 * 1024 * 1024

RESULT_SCHEMA: Mapping[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["score", "assertions"],
    "properties": {
        "score": {"type": "number", "minimum": 0, "maximum": 1},
        "assertions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["text", "passed"],
                "properties": {
                    "text": {"type": "string"},
                    "passed": {"type": "boolean"},
                    "evidence": {"type": "string"},
                },
            },
        },
    },
}


def read_llm_results(test_dir: str | None) -> dict[str, LlmResult]:
    """Every result file (and AgentV config stem) of one test folder, keyed by file stem.

    Returns `{}` without a test folder. Never raises: an unusable file is an entry with
    `problem` set.
    """
    if test_dir is None:
        return {}
    found: dict[str, LlmResult] = {}
    for stem in _json_stems(os.path.join(test_dir, CONFIGS_DIR)):
        found[stem] = LlmResult(path=result_path(stem), judged=False)
    for stem in _json_stems(os.path.join(test_dir, RESULTS_DIR)):
        found[stem] = read_result(test_dir, stem)
    return found


def result_path(stem: str) -> str:
    """Where the agent writes an item's result, relative to the test folder."""
    return f"{RESULTS_DIR}/{stem}.json"


def read_result(test_dir: str, stem: str) -> LlmResult:
    """One result file, validated; any problem is recorded, not raised."""
    relative = result_path(stem)
    full = os.path.join(test_dir, RESULTS_DIR, f"{stem}.json")
    data, problem = _load(full)
    if problem is None:
        problem = _shape_problem(data)
    if problem is not None:
        return LlmResult(path=relative, problem=f"{full}: {problem}")
    score = float(data["score"])
    checks = tuple(
        CheckItem(text=a["text"], passed=a["passed"], evidence=str(a.get("evidence", "")))
        for a in data["assertions"]
    )
    return LlmResult(path=relative, score=score, assertions=checks)


def result_stems(items: Iterable[AssertionSpec], known: Collection[str]) -> list[str]:
    """The result file stem of each LLM item, in order.

    An item whose name is already a known stem (AgentV's `llm_graders/<name>.json`, or a
    result the agent wrote under the raw name) keeps it; otherwise its safe file name
    (SPEC §6). Items that would share a stem (two unnamed `llm-rubric`s) get `-2`, `-3` in
    assertion order, ignoring case, so no two items ever read the same file.
    """
    used: set[str] = set()
    stems: list[str] = []
    for spec in items:
        base = spec.name if spec.name in known else safe_name(spec.name)
        candidate, count = base, 1
        while candidate.lower() in used:
            count += 1
            candidate = f"{base}-{count}"
        used.add(candidate.lower())
        stems.append(candidate)
    return stems


def _json_stems(folder: str) -> list[str]:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [n[: -len(".json")] for n in names if n.endswith(".json") and len(n) > len(".json")]


def _load(path: str) -> tuple[Any, str | None]:
    """(parsed JSON, None) or (None, what is wrong with the file)."""
    try:
        size = os.path.getsize(path)
        if size > MAX_RESULT_BYTES:
            return None, f"{size} bytes, over the {limit_text(MAX_RESULT_BYTES)} limit"
        raw = read_regular(path, MAX_RESULT_BYTES)
        if len(raw) > MAX_RESULT_BYTES:  # a device behind a symlink reports size 0
            return None, f"over the {limit_text(MAX_RESULT_BYTES)} limit (read past it)"
    except IsADirectoryError:
        return None, "is a directory, not a JSON file"
    except OSError as exc:
        return None, f"cannot be read: {exc.strerror}"
    try:
        return js_json_parse(raw.decode("utf-8-sig", errors="strict")), None
    except UnicodeDecodeError as exc:
        return None, f"is not UTF-8 text ({exc.reason} at byte {exc.start})"
    except JsonParseError as exc:
        return None, f"is not valid JSON: {exc}"


def _shape_problem(data: Any) -> str | None:
    """The first few schema violations, each with its JSON path, or None when valid."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    listed = "; ".join(f"{_where(e.absolute_path)}: {e.message}" for e in errors[:3])
    more = f"; and {len(errors) - 3} more" if len(errors) > 3 else ""
    return (
        f"does not match the LLM result shape {{score: 0..1, assertions: [{{text, passed, "
        f"evidence?}}]}}: {listed}{more}"
    )


def _where(path: Iterable[Any]) -> str:
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


@lru_cache(maxsize=1)
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(RESULT_SCHEMA)
