"""AgentV merge files (SPEC §6.3): results `agentv pipeline bench` counts exactly once."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .load.files import read_regular
from .load.types import LLM_TYPES
from .model import Outcome, Status
from .names import unique_safe_names
from .outputs import fast_json

_CONFIG_LIMIT = 64 * 1024 * 1024  # characters of an AgentV config file read (SPEC §7)
LAYOUTS = {
    "v4": ("code_graders", "code_grader_results"),
    "head": ("script_graders", "script_grader_results"),
}


@dataclass(frozen=True, slots=True)
class MergeFile:
    """One result file to write: its path relative to the test folder, and its JSON."""

    relpath: str
    content: Mapping[str, Any]


def resolve_layout(layout: str, bench_dir: str, test_dir: str | None = None) -> str | None:
    """`auto` → `head` when any `<bench>/*/script_graders/` exists, else `v4`.

    `test_dir` (this test's folder) is looked at first: in a head export every test has
    its `script_graders/`, so the common answer costs one stat instead of a bench-wide scan.
    """
    if layout == "none":
        return None
    if layout == "auto":
        if test_dir is not None and _own_script_graders(test_dir):
            return "head"
        return "head" if _any_script_graders(bench_dir) else "v4"
    return layout


def _own_script_graders(test_dir: str) -> bool:
    """The test's own folder counts for the glob unless it is hidden (`*` skips those)."""
    return not os.path.basename(test_dir).startswith(".") and _has_script_graders(test_dir)


def _has_script_graders(folder: str) -> bool:
    return os.path.lexists(os.path.join(folder, "script_graders"))


def _any_script_graders(bench_dir: str) -> bool:
    """`glob('<bench>/*/script_graders')` is non-empty: a visible sub-folder (symlinks
    followed) holding an entry of that name; one scandir, no pattern matching per entry."""
    try:
        with os.scandir(bench_dir) as entries:
            for entry in entries:
                if entry.name.startswith(".") or not _is_dir(entry):
                    continue
                if _has_script_graders(entry.path):
                    return True
    except OSError:
        return False
    return False


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _config_key(config: Mapping[str, Any]) -> tuple[Any, ...]:
    kind = str(config.get("type", "")).replace("_", "-")
    value = config.get("command") if kind in ("script", "code-grader") else config.get("value")
    return (kind, _norm(value), config.get("flags") or None, bool(config.get("negate", False)))


def _outcome_key(outcome: Outcome) -> tuple[Any, ...]:
    spec = outcome.spec
    value = spec.options.get("command") if spec.type == "script" else spec.options.get("value")
    return (spec.type, _norm(value), spec.options.get("flags") or None, spec.negate)


def _norm(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _parse_json(data: bytes) -> Any:
    """`json.loads`, through orjson (several times faster) when batch mode has loaded it
    and where both give the same value: orjson refuses a lone surrogate escape, `NaN`,
    `1e400`, and reads an integer of 19 or more digits as a float, so such texts go to
    `json.loads`."""
    fast = fast_json()
    if fast is not None and _LONG_NUMBER.search(data) is None:
        try:
            return fast.loads(data)
        except fast.JSONDecodeError:
            pass
    return json.loads(data)


_LONG_NUMBER = re.compile(rb"[0-9]{19}")


def _existing_configs(test_dir: str, config_dir: str) -> list[tuple[str, tuple[Any, ...]]]:
    """AgentV's own config files for this test, in name order, as (file stem, match key)."""
    folder = os.path.join(test_dir, config_dir)
    found: list[tuple[str, tuple[Any, ...]]] = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return found
    for file_name in names:
        if not file_name.endswith(".json"):
            continue
        try:
            config = _parse_json(read_regular(os.path.join(folder, file_name), _CONFIG_LIMIT))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(config, dict):
            found.append((file_name[: -len(".json")], _config_key(config)))
    return found


def plan(outcomes: tuple[Outcome, ...], test_dir: str, layout: str | None) -> list[MergeFile]:
    """One merge file per graded assertion, reusing AgentV's file name where it has one."""
    if layout is None:
        return []
    config_dir, result_dir = LAYOUTS[layout]
    graded = [
        o
        for o in outcomes
        if o.status in (Status.PASSED, Status.FAILED, Status.ERROR)
        and not _agentv_counts_itself(o, test_dir)
    ]
    configs = _existing_configs(test_dir, config_dir)
    used: set[int] = set()
    stems: list[str | None] = []
    for outcome in graded:
        key = _outcome_key(outcome)
        match = next((i for i, (_, k) in enumerate(configs) if i not in used and k == key), None)
        if match is None:
            stems.append(None)
        else:
            used.add(match)
            stems.append(configs[match][0])
    # Fresh names must not land on a file AgentV writes for one of its own configs.
    reserved = {stem for stem, _ in configs}
    fresh = iter(
        unique_safe_names(
            [o.spec.name for o, s in zip(graded, stems, strict=True) if s is None], reserved
        )
    )
    files = []
    for outcome, stem in zip(graded, stems, strict=True):
        name = stem if stem is not None else next(fresh)
        files.append(MergeFile(f"{result_dir}/{name}.json", merge_content(outcome)))
    return files


def _agentv_counts_itself(outcome: Outcome, test_dir: str) -> bool:
    """A judged LLM item with AgentV's own `llm_graders/` config: `pipeline bench` merges
    the agent's `llm_grader_results/` file itself, so a merge file would count it twice."""
    if outcome.spec.type not in LLM_TYPES:
        return False
    result_path = outcome.details.get("result_path")
    if not isinstance(result_path, str):
        return False
    return os.path.isfile(os.path.join(test_dir, "llm_graders", os.path.basename(result_path)))


def merge_content(outcome: Outcome) -> dict[str, Any]:
    """`{name, type, score, weight, assertions: [{text, passed, evidence}], details}`."""
    if outcome.checks:
        entries = [
            {"text": c.text, "passed": c.passed, "evidence": c.evidence} for c in outcome.checks
        ]
    else:
        entries = [
            {
                "text": outcome.text,
                "passed": outcome.status is Status.PASSED,
                "evidence": outcome.evidence,
            }
        ]
    return {
        "name": outcome.spec.name,
        "type": outcome.spec.type,
        "score": outcome.score if outcome.score is not None else 0.0,
        "weight": outcome.spec.weight,
        "assertions": entries,
        "details": {"status": outcome.status.value, "graded_by": "agentv-grade"},
    }
