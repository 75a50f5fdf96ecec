"""Concrete fixes the critique suggests: assertions written as the eval file writes them
(YAML flow mappings with JSON-quoted values), so an author can paste them (SPEC §6.2)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..model import AssertionSpec

# "Start your response with 'Dear User'", "End with exactly 'Best regards'",
# "Reply with exactly the lowercase words: workspace ready", "Respond with ONLY the number".
_QUOTED = r"""['"“‘`]([^'"”’`\n]{1,80})['"”’`]"""
_START_PATTERN = r"\b(?:start|begin)s?\b[^.\n]{0,40}?\bwith\b(?: exactly)?:? " + _QUOTED
_START_SAID_PATTERN = r"\b(?:start|begin)\w*\b[^.\n]{0,40}?\bwith\b"
_END_PATTERN = r"\bend(?:s|ing)?\b[^.\n]{0,40}?\bwith\b(?: exactly)?:? " + _QUOTED
_EXACT_PATTERN = (
    r"\b(?:reply|respond|answer|output|return)\b[^.\n]{0,20}?\bwith exactly\b[^:\n]{0,40}:\s*"
    r"([^\n]{1,80}?)\s*$"
)


@lru_cache(maxsize=1)
def patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The start, start-said, end and exact patterns, compiled on first use: only an input
    holding their words is searched (`read_instructions`), and compiling costs every run
    that imports the critique, a cold single test's too."""
    return (
        re.compile(_START_PATTERN, re.I),
        re.compile(_START_SAID_PATTERN, re.I),
        re.compile(_END_PATTERN, re.I),
        re.compile(_EXACT_PATTERN, re.I | re.M),
    )


def flow(kind: str, **options: Any) -> str:
    """`{type: kind, key: value, …}` with JSON-quoted values, in backticks."""
    parts = [f"type: {kind}"] + [f"{k}: {_value(v)}" for k, v in options.items()]
    return "`{" + ", ".join(parts) + "}`"


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return _as_json(value)


# `json.dumps(value, ensure_ascii=False)`, with its encoder made once, not per value.
_as_json = json.JSONEncoder(ensure_ascii=False).encode


def bounded_pattern(needle: str) -> str:
    """An ECMAScript pattern for `needle` as a whole word or number: `4` → `\\b4\\b`
    (so 14, 40 and 4.5 do not pass)."""
    word = needle.strip()
    body = re.sub(r"[\\^$.*+?()[\]{}|/]", lambda m: "\\" + m.group(), word)
    left = "\\b" if word[:1].isalnum() else ""
    right = "\\b" if word[-1:].isalnum() else ""
    return f"{left}{body}{right}"


def bounded_fix(spec: AssertionSpec, needle: str) -> str:
    """The needle as a word-bounded regex, keeping the check's case sensitivity."""
    ci = spec.type.startswith("i") or spec.options.get("case_sensitive") is False
    if ci:
        return flow("regex", value=bounded_pattern(needle), flags="i")
    return flow("regex", value=bounded_pattern(needle))


def instructed_fix(input_text: str, spec: AssertionSpec) -> str | None:
    """Where the input says how the answer starts, ends or reads exactly, the check of
    that: `starts-with`, `ends-with`, `equals`, or the pattern anchored with `^`."""
    start_said, found = _instructions(input_text)
    if start_said and spec.type in ("regex", "output-matches"):
        value = spec.options.get("value", spec.options.get("pattern"))
        if isinstance(value, str) and not value.startswith("^"):
            return flow("regex", value="^" + value)
    return found


def _instructions(input_text: str) -> tuple[bool, str | None]:
    """What `instructed_fix` reads of an input: whether it says how the answer starts, and
    the check of the first of its start, end or exact wording; remembered by the input
    (each search tries every position of it, and a test asks once per needle it leaks;
    suites repeat inputs), forgotten whole past `_INSTRUCTIONS_LIMIT`."""
    known = _INSTRUCTIONS.get(input_text)
    if known is None:
        if len(_INSTRUCTIONS) >= _INSTRUCTIONS_LIMIT:
            _INSTRUCTIONS.clear()
        known = _INSTRUCTIONS[input_text] = read_instructions(input_text)
    return known


def read_instructions(input_text: str) -> tuple[bool, str | None]:
    """`_instructions`, worked out. Each pattern's matches hold words of its own in any
    case (`with` and `start` or `begin`; `with` and `end`; `with exactly`): in an ASCII
    text (case-insensitive matching is then ASCII's, `str.lower`) whose lower case lacks
    them, the pattern is not searched (most inputs; each search tries every position, hundreds of
    instructions a character)."""
    if input_text.isascii():
        lowered = input_text.lower()
        said_with = "with" in lowered
        start = said_with and ("start" in lowered or "begin" in lowered)
        end = said_with and "end" in lowered
        exact = "with exactly" in lowered
    else:
        start = end = exact = True
    if not (start or end or exact):  # (most)
        return False, None
    starts, start_said, ends, exactly = patterns()
    fix = None
    for pattern, kind, cued in (
        (starts, "starts-with", start), (ends, "ends-with", end), (exactly, "equals", exact),
    ):  # fmt: skip
        found = pattern.search(input_text) if cued else None
        if found:
            fix = flow(kind, value=found.group(1).strip().rstrip("."))
            break
    return (start and start_said.search(input_text) is not None, fix)


_INSTRUCTIONS: dict[str, tuple[bool, str | None]] = {}
_INSTRUCTIONS_LIMIT = 256


def json_fix(keys: Sequence[str], consts: Mapping[str, Any]) -> str:
    """`is-json` with a schema that requires `keys` and pins `consts`."""
    schema: dict[str, Any] = {"type": "object", "required": list(keys)}
    if consts:
        schema["properties"] = {k: {"const": v} for k, v in consts.items()}
    return flow("is-json", schema=schema)
