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
  listed too, with their content: the names AgentV expects results under (`choose_stems`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..js.strings import JsonParseError, js_json_parse
from ..load.files import limit_text, read_regular
from ..model import CheckItem
from ..names import safe_name, unused_name
from ..record import Record, replace
from .records import AgentvLlmConfig, JudgedAgainst, LlmResult

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
    """Every result file (and AgentV config) of one test folder, keyed by file stem.

    Returns `{}` without a test folder. Never raises: an unusable file is an entry with
    `problem` set; an unreadable config is listed without its content.
    """
    if test_dir is None:
        return {}
    configs = {
        stem: _read_config(test_dir, stem)
        for stem in _json_stems(os.path.join(test_dir, CONFIGS_DIR))
    }
    found: dict[str, LlmResult] = {
        stem: LlmResult(path=result_path(stem), judged=False, config=config)
        for stem, config in configs.items()
    }
    for stem in _json_stems(os.path.join(test_dir, RESULTS_DIR)):
        result = read_result(test_dir, stem)
        found[stem] = replace(result, config=configs[stem]) if stem in configs else result
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
    details = data.get("details")
    listed = details.get("required_failed") if isinstance(details, dict) else None
    required_failed = (
        tuple(str(r) for r in listed if isinstance(r, str)) if isinstance(listed, list) else ()
    )
    return LlmResult(
        path=relative,
        score=score,
        assertions=checks,
        required_failed=required_failed,
        judged_against=_judged_against(data.get("judged_against")),
        mtime_ns=_mtime_ns(full),
    )


def _judged_against(raw: Any) -> JudgedAgainst | None:
    """The record `agentv-grade judge` writes (`{response_sha256, item_sha256}`, 64 hex
    digits each); None when absent or not of that shape (a file written by hand)."""
    if not isinstance(raw, dict):
        return None
    response, item = raw.get("response_sha256"), raw.get("item_sha256")
    if not (_is_sha256(response) and _is_sha256(item)):
        return None
    assert isinstance(response, str) and isinstance(item, str)
    return JudgedAgainst(response_sha256=response, item_sha256=item)


_HEX = frozenset("0123456789abcdef")


def _is_sha256(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= _HEX


def _mtime_ns(path: str) -> int | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


class ItemKey(Record):
    """What identifies one LLM item to AgentV's export: the names it may be filed under (the
    name AgentV's export gives it first), its rubric outcomes and its prompt text."""

    names: tuple[str, ...]
    outcomes: tuple[str, ...] = ()
    prompt: str = ""


class StemChoice(Record):
    """Where one item's result lives: `stem` (read and written), whether AgentV's own
    `llm_graders/<stem>.json` names it (then `pipeline bench` counts that file itself), and
    other existing result files that could describe the same item (`others`)."""

    stem: str
    agentv_config: bool
    others: tuple[str, ...] = ()


def choose_stems(items: Sequence[ItemKey], found: Mapping[str, LlmResult]) -> list[StemChoice]:
    """The result file of each LLM item, in order (SPEC §5.6).

    AgentV's export wins: an item that one of AgentV's `llm_graders/<stem>.json` configs
    describes (the same name first, else the same rubric outcomes, else the same prompt
    text; each config used once) is filed under that stem, so a grader following either
    tool's prompt writes one file that both count once. Otherwise the first name (AgentV's
    export name), kept raw when a result was already written under it, else made safe; it
    never lands on another config's stem, and two items never share a file (`-2`, `-3`,
    ignoring case).
    """
    configs = sorted((stem, r.config) for stem, r in found.items() if r.config is not None)
    matched: list[str | None] = [None] * len(items)
    free = {stem: config for stem, config in configs}
    for rule in (_same_name, _same_outcomes, _same_prompt):
        for position, item in enumerate(items):
            if matched[position] is not None:
                continue
            for stem, config in list(free.items()):
                if rule(item, config):
                    matched[position] = stem
                    del free[stem]
                    break
    used = {stem.lower() for stem, _ in configs}
    stems: list[str] = []
    for item, config_stem in zip(items, matched, strict=True):
        if config_stem is not None:
            stem = config_stem
            used.add(stem.lower())
        else:
            first = item.names[0]
            base = first if first in found and found[first].config is None else safe_name(first)
            stem = unused_name(base, used)
        stems.append(stem)
    taken = {s.lower() for s in stems}
    choices: list[StemChoice] = []
    for item, stem, config_stem in zip(items, stems, matched, strict=True):
        others: list[str] = []
        for name in item.names:
            for other in dict.fromkeys((name, safe_name(name))):
                judged = found.get(other)
                if (
                    other != stem
                    and other.lower() not in taken
                    and judged is not None
                    and judged.judged
                    and other not in others
                ):
                    others.append(other)
        choices.append(StemChoice(stem, config_stem is not None, tuple(others)))
    return choices


def _same_name(item: ItemKey, config: AgentvLlmConfig) -> bool:
    return config.name in item.names


def _same_outcomes(item: ItemKey, config: AgentvLlmConfig) -> bool:
    return bool(item.outcomes) and config.outcomes == item.outcomes


def _same_prompt(item: ItemKey, config: AgentvLlmConfig) -> bool:
    return bool(item.prompt.strip()) and config.prompt.strip() == item.prompt.strip()


def _read_config(test_dir: str, stem: str) -> AgentvLlmConfig:
    """AgentV's `llm_graders/<stem>.json`: its name (the result file AgentV reads), rubric
    outcomes, prompt and weight; what cannot be read leaves the defaults."""
    data, problem = _load(os.path.join(test_dir, CONFIGS_DIR, f"{stem}.json"))
    if problem is not None or not isinstance(data, dict):
        return AgentvLlmConfig(name=stem)
    name = data.get("name")
    rubrics = data.get("rubrics")
    outcomes = (
        tuple(
            str(r.get("outcome"))
            for r in rubrics
            if isinstance(r, dict) and isinstance(r.get("outcome"), str)
        )
        if isinstance(rubrics, list)
        else ()
    )
    prompt = data.get("prompt_content")
    weight = data.get("weight", 1)
    return AgentvLlmConfig(
        name=name if isinstance(name, str) and name else stem,
        outcomes=outcomes,
        prompt=prompt if isinstance(prompt, str) else "",
        weight=float(weight)
        if isinstance(weight, (int, float)) and not isinstance(weight, bool)
        else 1.0,
    )


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
