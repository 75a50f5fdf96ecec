"""Trace steps and step matchers shared by `trajectory:*` (docs/agentv-semantics.md §7–§8).

AgentV's trace builder turns messages into events (a `message` event per message, a
`tool_call` per call, a `tool_result` when the call has an output, one `final_response`
for the last assistant message), sorts them by timestamp where two events both have one,
and maps each to a step: shell tools (`exec_command`, `local_shell`, `shell` with a
`cmd`/`command`) are `command` steps, other calls `tool` steps, messages `message` steps,
the rest `span` steps. Matchers are case-insensitive globs over a step's aliases.

Decided here: a tool's normalised category (`file_read`) is one more alias of its `tool`
step (SPEC §4.4); texts keep showing the raw name.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from ..errors import SpecError
from ..js.numbers import js_stringify
from ..js.strings import JsonParseError, js_json_parse, js_trim
from ..model import RunData
from ..record import Record
from ..rundata.records import Message, ToolCall, Transcript
from .fields import MISSING

NO_TRANSCRIPT = "no transcript file"
COMMAND_TOOLS = frozenset({"exec_command", "local_shell", "shell"})
_NOT_LINE_END = "[^\n\r\u2028\u2029]"


def transcript_or_none(run: RunData) -> Transcript | None:
    """The transcript; None when there is none; `error` (SpecError) when it is unusable."""
    if run.transcript is None and run.transcript_problem is not None:
        raise SpecError(f"transcript is unusable: {run.transcript_problem}")
    return run.transcript


@functools.lru_cache(maxsize=256)
def _glob(pattern: str) -> re.Pattern[str]:
    parts = (
        f"{_NOT_LINE_END}*" if ch == "*" else _NOT_LINE_END if ch == "?" else re.escape(ch)
        for ch in pattern
    )
    return re.compile("".join(parts), re.IGNORECASE)


def glob_match(value: str, pattern: str) -> bool:
    """AgentV's `matchesPattern`: `*` and `?` wildcards, whole string, any case."""
    return _glob(pattern).fullmatch(value) is not None


# ------------------------------------------------------------------ steps


class Step(Record):
    """One trajectory step: `type:name` in texts, matched through its aliases."""

    type: str
    name: str
    aliases: tuple[str, ...]
    args: Any = MISSING

    @property
    def label(self) -> str:
        return f"{self.type}:{self.name}"


class _Event(Record):
    ordinal: int
    kind: str
    timestamp: str | None
    call: ToolCall | None = None


def steps_of(transcript: Transcript) -> list[Step]:
    """The trace's steps in AgentV's order."""
    events = _events(transcript.messages)
    if any(e.timestamp for e in events):
        events = sorted(events, key=functools.cmp_to_key(_by_time))
    return [_step(e) for e in events]


def _events(messages: tuple[Message, ...]) -> list[_Event]:
    events: list[_Event] = []
    for message in messages:
        events.append(_Event(len(events), "message", message.start_time))
        for call in message.tool_calls:
            events.append(_Event(len(events), "tool_call", call.start_time, call))
            if call.output is not None:
                events.append(_Event(len(events), "tool_result", call.end_time, call))
    final = next((m for m in reversed(messages) if m.role == "assistant"), None)
    if final is not None:
        stamp = final.end_time or final.start_time
        events.append(_Event(len(events), "final_response", stamp))
    return events


def _epoch(stamp: str | None) -> float | None:
    if not stamp:
        return None
    from datetime import datetime  # (a timed step only: its import costs 5.6 M instructions)

    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def _by_time(left: _Event, right: _Event) -> int:
    """AgentV's comparator: by time when both have one and they differ, else file order."""
    a, b = _epoch(left.timestamp), _epoch(right.timestamp)
    if a is not None and b is not None and a != b:
        return -1 if a < b else 1
    return left.ordinal - right.ordinal


def _step(event: _Event) -> Step:
    call = event.call
    if event.kind == "tool_call" and call is not None:
        args = _structured(call.input)
        command = _command(args) if call.name.lower() in COMMAND_TOOLS else None
        if command:
            executable = command.split()[0] if command.split() else None
            unique = dict.fromkeys(a for a in (command, call.name, executable) if a)
            return Step("command", command, tuple(unique), args)
        category = (call.category,) if call.category else ()
        return Step("tool", call.name, (call.name, *category), args)
    kind = "message" if event.kind in ("message", "final_response") else "span"
    return Step(kind, event.kind, (event.kind, kind))


def _structured(value: Any) -> Any:
    """AgentV's `normalizeStructuredValue`: JSON strings are parsed, empty is absent."""
    if value is None:
        return MISSING
    if not isinstance(value, str):
        return value
    trimmed = js_trim(value)
    if not trimmed:
        return MISSING
    try:
        return js_json_parse(trimmed)
    except JsonParseError:
        return trimmed


def _command(args: Any) -> str | None:
    if not isinstance(args, Mapping):
        return None
    key = next((k for k in ("cmd", "command", "commands") if args.get(k) is not None), None)
    command = args.get(key) if key else None
    if isinstance(command, str) and js_trim(command):
        return js_trim(command)
    if isinstance(command, list):
        parts = [js_trim(p if isinstance(p, str) else js_stringify(p)) for p in command]
        joined = ("; " if key == "commands" else " ").join(p for p in parts if p)
        return joined or None
    return None


# ------------------------------------------------------------------ matchers


def matcher_of(
    raw: Any, default_type: str | None, kind: str, index: int | None = None
) -> dict[str, Any]:
    """A string or mapping value as a matcher; the default step type when none is given."""
    if isinstance(raw, str):
        return {"pattern": raw, "type": default_type}
    if not isinstance(raw, Mapping):
        where = "object" if index is None else f"step {index + 1}"
        raise SpecError(f"{kind} assertion {where} must be a string or a mapping")
    matcher = dict(raw)
    if not matcher.get("type"):
        matcher["type"] = default_type
    return matcher


def label_of(matcher: Mapping[str, Any]) -> str:
    """How AgentV names a matcher in texts: its pattern, else its name, else `*`."""
    for key in ("pattern", "name"):
        if matcher.get(key) is not None:
            return str(matcher[key])
    return "*"


def require_name(matcher: Mapping[str, Any], kind: str, index: int | None = None) -> None:
    """A matcher that must select by name (AgentV's `requireNamedMatcher`)."""
    if matcher.get("pattern") or matcher.get("name"):
        return
    where = "object" if index is None else f"step {index + 1}"
    raise SpecError(f"{kind} assertion {where} must include a name or pattern property")


def matches(step: Step, matcher: Mapping[str, Any]) -> bool:
    """The step has an allowed type and one alias fits the glob (no pattern: any step)."""
    wanted = matcher.get("type")
    if wanted:
        allowed = wanted if isinstance(wanted, list) else [wanted]
        if step.type not in allowed:
            return False
    pattern = matcher.get("pattern")
    if pattern is None:
        pattern = matcher.get("name")
    if not pattern:
        return True
    return any(glob_match(alias, str(pattern)) for alias in step.aliases)


def listing(labels: list[str]) -> str:
    """Step labels for a text, `(none)` when there are none."""
    return ", ".join(labels) if labels else "(none)"


def bound(value: Any) -> float | None:
    """A `min`/`max` that AgentV reads (`typeof value === 'number'`), else None."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
