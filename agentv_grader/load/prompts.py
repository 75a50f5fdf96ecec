"""A suite's `prompts:` as AgentV main reads it: with several prompts, a prompt matrix.

AgentV main (yaml-parser.ts parseSuitePrompts, expandPromptMatrix) runs every test once
per prompt when the suite has more than one; each copy's id is
`<id>__prompt_<prompt id>`, the prompt id being the entry's `id`, a file's path, or a
stable hash of the prompt. The grader grades each copy by that id, with its own prompt.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Protocol

from ..digest import sha256_hex
from ..errors import GradeInputError
from .yaml12 import YamlMap

# Where an expanded test keeps the prompt it was given (read as its input).
PROMPT_KEY = "\x00prompt"
_ROLES = frozenset({"system", "user", "assistant", "tool", "developer"})
_UNSAFE = r"[^A-Za-z0-9_.-]+"  # (compiled on first use: only a prompt matrix needs it)


class _Suite(Protocol):
    path: str
    dir: str


def _stable_id(value: Any) -> str:
    """AgentV's stablePromptId: sha-256 of the JSON text, 12 hex digits."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return sha256_hex(text.encode("utf-8"))[:12]


def _is_message(value: Any) -> bool:
    return isinstance(value, Mapping) and value.get("role") in _ROLES


def _is_chat(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(_is_message(v) for v in value)


def safe_id(value: str) -> str:
    safe = re.sub(_UNSAFE, "-", value.strip()).strip("-")
    return safe[:48] if safe else _stable_id(value)


def _file_prompt(ref: str, suite: _Suite) -> tuple[str, Any]:
    from .files import read_utf8
    from .roots import resolve_reference

    shown = ref[len("file://") :] if ref.startswith("file://") else ref
    found = resolve_reference(shown, suite.dir)
    if found is None:
        raise GradeInputError(f"prompt file not found: {shown}", file=suite.path)
    return shown.lstrip("/\\"), read_utf8(found, "prompt file")


def _definition(raw: Any, index: int, suite: _Suite) -> tuple[str, Any]:
    """(prompt id, prompt input) of one `prompts` entry (AgentV's parsePromptDefinition);
    a prompt made by running a program has its id but no input here."""
    if isinstance(raw, str):
        if raw.startswith("file://"):
            return _file_prompt(raw, suite)
        return f"prompt-{_stable_id(raw)}", raw
    if isinstance(raw, list):
        return f"chat-{_stable_id(raw)}", raw
    if not isinstance(raw, Mapping):
        raise GradeInputError(
            f"prompts[{index}] must be a string, a chat message list or a mapping",
            file=suite.path,
            line=getattr(raw, "line", None),
        )
    given = raw.get("id")
    explicit = given.strip() if isinstance(given, str) and given.strip() else None
    for key in ("function_file", "function"):
        if isinstance(raw.get(key), str):
            return explicit or raw[key], None
    if raw.get("command") is not None:
        return explicit or f"function-{_stable_id(raw['command'])}", None
    if isinstance(raw.get("file"), str):
        shown, text = _file_prompt(raw["file"], suite)
        return explicit or shown, text
    if raw.get("messages") is not None:
        return explicit or f"chat-{_stable_id(raw['messages'])}", raw["messages"]
    if raw.get("prompt") is not None:
        kind = "chat" if isinstance(raw["prompt"], list) else "string"
        return explicit or f"{kind}-{_stable_id(raw['prompt'])}", raw["prompt"]
    if isinstance(raw.get("raw"), str):
        return explicit or f"string-{_stable_id(raw['raw'])}", raw["raw"]
    if _is_message(raw):
        return explicit or f"chat-{_stable_id(dict(raw))}", [raw]
    raise GradeInputError(
        f"prompts[{index}] must hold prompt, messages, file, raw, function or command",
        file=suite.path,
        line=getattr(raw, "line", None),
    )


def expand_prompts(
    tests: list[Mapping[str, Any]], doc: Mapping[str, Any], suite: _Suite
) -> list[Mapping[str, Any]]:
    """Each test once per prompt when `prompts` holds more than one (else as they are)."""
    raw = doc.get("prompts")
    if raw is None:
        return tests
    entries = raw if isinstance(raw, list) and not _is_chat(raw) else [raw]
    if len(entries) < 2:
        return tests
    prompts = [_definition(entry, i, suite) for i, entry in enumerate(entries)]
    out: list[Mapping[str, Any]] = []
    for test in tests:
        test_id = test.get("id")
        for prompt_id, prompt in prompts:
            copy = YamlMap(test)
            copy.line, copy.col = getattr(test, "line", None), getattr(test, "col", None)
            if isinstance(test_id, str) and test_id:
                copy["id"] = f"{test_id}__prompt_{safe_id(prompt_id)}"
            if "input" in test:  # AgentV moves an authored input into vars.input
                copy["vars"] = {**(test.get("vars") or {}), "input": test["input"]}
                del copy["input"]
            if prompt is not None:
                copy[PROMPT_KEY] = prompt
            out.append(copy)
    return out


__all__ = ["PROMPT_KEY", "expand_prompts", "safe_id"]
