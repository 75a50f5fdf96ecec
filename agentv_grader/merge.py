"""AgentV merge files (SPEC §6.3): results `agentv pipeline bench` counts exactly once."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from json.encoder import encode_basestring
from typing import Any

from .assertions import REGISTRY, about
from .jsontext import parse_json, string_list_json
from .layout import LAYOUTS
from .load.files import read_listed, read_regular
from .load.types import LLM_TYPES
from .model import ERROR, GRADED, PASSED, STATUS_TEXT, Outcome
from .names import unique_safe_names
from .outputs import folder_prefix
from .record import Record

_CONFIG_LIMIT = 64 * 1024 * 1024  # characters of an AgentV config file read (SPEC §7)


class MergeFile(Record):
    """One result file to write: its path relative to the test folder, and its JSON."""

    relpath: str
    content: Mapping[str, Any]


# The `type` of AgentV's config for a script: `code-grader` in v4's `code_graders/`,
# `script` in main's `script_graders/` (SPEC §6.3).
_SCRIPT_CONFIGS = frozenset(("code-grader", "script"))


def _config_key(config: Mapping[str, Any]) -> tuple[Any, ...]:
    kind = config.get("type", "")
    if type(kind) is not str:
        kind = str(kind)
    if "_" in kind:
        kind = kind.replace("_", "-")
    if kind in _SCRIPT_CONFIGS:
        # A script's config holds the command as AgentV's loader made it, and no `negate`.
        return ("script", _norm(config.get("command")), None, None)
    value = config.get(REGISTRY.get(kind, _UNREGISTERED).value_key)
    return (kind, _norm(value), config.get("flags") or None, bool(config.get("negate", False)))


def _outcome_key(outcome: Outcome) -> tuple[Any, ...]:
    spec = outcome.spec
    kind = spec.type
    if kind == "script":
        return ("script", _norm(agentv_command(spec.options)), None, None)
    options = spec.options
    value = options.get(REGISTRY.get(kind, _UNREGISTERED).value_key)
    # (`_norm` of the usual value, a string, written out: a key per graded assertion)
    norm = encode_basestring(value) if type(value) is str else _norm(value)
    return (kind, norm, options.get("flags") or None, spec.negate)


_UNREGISTERED = about("")  # `about`'s row for a type not registered, looked up inline


def agentv_command(options: Mapping[str, Any]) -> Any:
    """A script's command as AgentV's loader writes it into the script's config (v4 and
    main alike): a string (`command`, else v4's `script`) trimmed and handed to the shell,
    `sh -lc` (`cmd.exe /c` on Windows); a list as written."""
    raw = options.get("command")
    if raw is None:
        raw = options.get("script")
    if isinstance(raw, str):
        shell = ["cmd.exe", "/c"] if sys.platform == "win32" else ["sh", "-lc"]
        return [*shell, raw.strip()]
    return raw


def _norm(value: Any) -> str:
    """The value as canonical JSON text; a string (the usual value), or a list of strings
    (the `-any`/`-all` types), straight through the string encoder `json.dumps` itself
    uses for them, joined as it joins a list; no value, `null` (`json.dumps` with these
    arguments sets up an encoder per call, some 18,000 instructions)."""
    if type(value) is str:
        return encode_basestring(value)
    if value is None:  # (a type without a value, `is-json`: no encoder set up for it)
        return "null"
    listed = string_list_json(value)
    if listed is not None:
        return listed
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _existing_configs(test_dir: str, config_dir: str) -> list[tuple[str, tuple[Any, ...]]]:
    """AgentV's own config files for this test, in name order, as (file stem, match key).

    One listing of the folder; a file it lists as regular is read without a stat
    (`read_listed`: open, one read, close), anything else as any input file is
    (`read_regular`). A config's key is worked out from its bytes
    once per process (`_keys_of`): a suite's tests often share configs (AgentV's examples
    replicated: 977 distinct files of 12,000), and parsing one and working out its key
    cost more than reading it.
    """
    found: list[tuple[str, tuple[Any, ...]]] = []
    try:
        with os.scandir(folder_prefix(test_dir) + config_dir) as listing:
            entries = [(e.name, e) for e in listing if e.name.endswith(".json")]
    except OSError:
        return found
    entries.sort()  # by name: two entries of a folder never share one
    keys = _keys_of
    limit = _CONFIG_LIMIT
    for name, entry in entries:
        try:
            try:
                listed = entry.is_file(follow_symlinks=False)
            except OSError:
                listed = False
            data = (read_listed if listed else read_regular)(entry.path, limit)
            key = keys.get(data)
            if key is None:
                config = parse_json(data)
        except (OSError, ValueError, RecursionError):
            continue
        if key is None:
            key = _config_key(config) if isinstance(config, dict) else _NOT_A_CONFIG
            if len(data) <= _KEPT_SIZE and len(keys) < _KEYS_KEPT:
                keys[data] = key
        if key is not _NOT_A_CONFIG:
            found.append((name[:-5], key))
    return found


# A config's match key by the file's bytes (`_existing_configs`): up to this many kept.
_keys_of: dict[bytes, tuple[Any, ...]] = {}
_KEYS_KEPT = 8192
_KEPT_SIZE = 4096  # bytes of a config file kept as a key (AgentV's: 100-200)
_NOT_A_CONFIG: tuple[Any, ...] = ()  # JSON that is not an object (no key is empty)


def plan(outcomes: tuple[Outcome, ...], test_dir: str, layout: str | None) -> list[MergeFile]:
    """One merge file per graded assertion, reusing AgentV's file name where it has one."""
    if layout is None:
        return []
    config_dir, result_dir = LAYOUTS[layout]
    graded = [
        o
        for o in outcomes
        if o.status in GRADED
        and (o.spec.type not in LLM_TYPES or not _agentv_counts_itself(o, test_dir))
    ]
    configs = _existing_configs(test_dir, config_dir)
    unused = configs[:]  # each config is matched at most once, in name order
    stems: list[str | None] = []
    for outcome in graded:
        key = _outcome_key(outcome)
        for position, (config_stem, config_key) in enumerate(unused):
            if config_key == key:
                del unused[position]
                stems.append(config_stem)
                break
        else:
            stems.append(None)
    if None in stems:
        # Fresh names must not land on a file AgentV writes for one of its own configs.
        unmatched = [o.spec.name for o, s in zip(graded, stems, strict=True) if s is None]
        fresh = iter(unique_safe_names(unmatched, {stem for stem, _ in configs}))
        stems = [s if s is not None else next(fresh) for s in stems]
    script_type = _SCRIPT_RESULT_TYPE[layout]
    head = result_dir + "/"
    return [
        MergeFile(f"{head}{stem}.json", merge_content(outcome, script_type))
        for outcome, stem in zip(graded, stems, strict=True)
    ]


# The `type` AgentV's `pipeline grade` writes into a script's result: v4 always
# `code-grader`, main its config's, `script` (docs/agentv-semantics.md §15.2).
_SCRIPT_RESULT_TYPE = {"v4": "code-grader", "head": "script"}


def _agentv_counts_itself(outcome: Outcome, test_dir: str) -> bool:
    """A judged LLM item with AgentV's own `llm_graders/` config: `pipeline bench` merges
    the agent's `llm_grader_results/` file itself, so a merge file would count it twice."""
    if outcome.spec.type not in LLM_TYPES:
        return False
    result_path = outcome.details.get("result_path")
    if not isinstance(result_path, str):
        return False
    return os.path.isfile(os.path.join(test_dir, "llm_graders", os.path.basename(result_path)))


def merge_content(outcome: Outcome, script_type: str = "script") -> dict[str, Any]:
    """`{name, type, score, weight, assertions: [{text, passed, evidence}], details}`.

    A graded script's entries are its own output's, as AgentV reports them: the
    `assertions` (v4) or `checks` (main) it printed, none when it printed none, or its
    plain-text stdout; its type is the one AgentV's pipeline gives a script result."""
    spec = outcome.spec
    kind = spec.type
    status = outcome.status
    score = outcome.score
    details: dict[str, Any] = {"status": STATUS_TEXT[status], "graded_by": "agentv-grade"}
    if kind != "script":
        entries = _entries(outcome)
    else:
        if status is not ERROR:
            details = {**_script_details(outcome), **details}
        if "custom_type" in spec.options:
            entries = _entries(outcome)
        else:
            kind = script_type
            entries = _entries(outcome) if status is ERROR else _check_entries(outcome)
    return {
        "name": spec.name,
        "type": kind,
        "score": score if score is not None else 0.0,
        "weight": spec.weight,
        "assertions": entries,
        "details": details,
    }


def _check_entries(outcome: Outcome) -> list[dict[str, Any]]:
    return [{"text": c.text, "passed": c.passed, "evidence": c.evidence} for c in outcome.checks]


def _entries(outcome: Outcome) -> list[dict[str, Any]]:
    """A merge file's `assertions`: the outcome's checks, else the outcome as one entry."""
    if outcome.checks:
        return _check_entries(outcome)
    return [
        {
            "text": outcome.text,
            "passed": outcome.status is PASSED,
            "evidence": outcome.evidence,
        }
    ]


def _script_details(outcome: Outcome) -> Mapping[str, Any]:
    """The `details` object a graded script printed, which AgentV's `pipeline grade` writes
    into its result (agentv-grade's two marks take their keys)."""
    if outcome.spec.type != "script" or outcome.status is ERROR:
        return {}
    printed = outcome.details.get("script_details")
    return printed if isinstance(printed, Mapping) else {}
