"""What a code grader sees: AgentV's evaluation context as JSON (docs/agentv-semantics.md §11).

`script` programs get AgentV's snake_case payload; inline `python` gets the smaller
assertion context in snake_case and inline `javascript` the same context in camelCase (as
AgentV's in-process `new Function` sees it). Missing data is `null`, never invented:
no transcript means no `trace`, no timing file means no `token_usage`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..load.assertions import COMMON_KEYS
from ..load.types import is_v4_code_grader
from ..model import AssertionSpec, RunData, TestCase
from ..rundata.records import Message, Timing, ToolCall

# The keys AgentV's loader keeps out of a script's `config` (`knownProps` in
# loaders/grader-parser.ts): the common fields (of which 4.42.4's `code-grader` does not
# know `metric`, main's `script` not `name`) and the script's own settings (`script`, a
# field main refuses, is read as 4.x reads it). Every other authored key, `threshold` and
# `timeout_ms` included, reaches the script in `config` (docs/agentv-semantics.md §11).
_SCRIPT_SETTINGS = frozenset({"command", "script", "cwd", "config", "preprocessors"})
_V4_CODE_GRADER_KEYS = (COMMON_KEYS - {"metric"}) | _SCRIPT_SETTINGS | {"target"}
_MAIN_SCRIPT_KEYS = (COMMON_KEYS - {"name"}) | _SCRIPT_SETTINGS | {
    "provider", "transform", "postprocess",
}  # fmt: skip
# A custom type's (SPEC §5.6): agentv-grade's own settings and the keys its loader adds.
_CUSTOM_TYPE_KEYS = COMMON_KEYS | {
    "threshold", "command", "script", "cwd", "timeout_ms", "config", "value",
    "target_output_key", "custom_type",
}  # fmt: skip


def script_payload(spec: AssertionSpec, run: RunData) -> dict[str, Any]:
    """AgentV's `script` stdin payload (`script-grader.ts`), snake_case."""
    trace = _trace(run, camel=False)
    return {
        "criteria": run.test.criteria,
        "expected_output": expected_messages(run.test),
        "output": run.response,
        "output_path": None,
        "messages": trace["messages"] if trace else [_answer(run)],
        "input": input_messages(run.test),
        "input_files": [],
        "metadata": None,
        "trace": trace,
        "trace_summary": _summary(trace, camel=False) if trace else None,
        **_usage(run.timing, camel=False),
        "start_time": None,
        "end_time": None,
        "file_changes": None,
        "workspace_path": None,
        "config": script_config(spec),
    }


def inline_context(spec: AssertionSpec, run: RunData, camel: bool) -> dict[str, Any]:
    """AgentV's assertion context for `python` (snake_case) and `javascript` (camelCase)."""
    key = _camel if camel else _same
    config = spec.options.get("config")
    context = {
        "criteria": run.test.criteria,
        key("expected_output"): expected_messages(run.test),
        "input": input_messages(run.test),
        "metadata": None,
        "trace": _trace(run, camel),
        **_usage(run.timing, camel),
        key("file_changes"): None,
        key("workspace_path"): None,
        key("dependency_results"): None,
        "config": dict(config) if isinstance(config, Mapping) else None,
    }
    return context


def script_config(spec: AssertionSpec) -> dict[str, Any] | None:
    """`config:` plus every key AgentV's loader does not know for the type (it passes
    them through); explicit `config` wins."""
    if "custom_type" in spec.options:
        known = _CUSTOM_TYPE_KEYS
    elif is_v4_code_grader(spec.authored_type):
        known = _V4_CODE_GRADER_KEYS
    else:
        known = _MAIN_SCRIPT_KEYS
    extra = {k: v for k, v in spec.options.items() if k not in known}
    config = spec.options.get("config")
    merged = {**extra, **(dict(config) if isinstance(config, Mapping) else {})}
    return merged or None


def expected_messages(test: TestCase) -> list[Any] | None:
    """`expected_output` as AgentV hands it to graders: a list of messages (a value that is
    not already one becomes one assistant message with that content)."""
    raw = test.expected_output
    if raw is None:
        return None
    if isinstance(raw, list) and raw and all(isinstance(m, Mapping) and "role" in m for m in raw):
        return list(raw)
    return [{"role": "assistant", "content": raw}]


def input_messages(test: TestCase) -> list[dict[str, Any]]:
    return [
        {"role": m.get("role", "user"), "content": m.get("content")} for m in test.input_messages
    ]


def _answer(run: RunData) -> dict[str, Any]:
    return {"role": "assistant", "content": run.response}


def _trace(run: RunData, camel: bool) -> dict[str, Any] | None:
    if run.transcript is None:
        return None
    messages = [_message(m, camel) for m in run.transcript.messages]
    trace: dict[str, Any] = {"messages": messages}
    trace.update(_summary(trace, camel))
    return trace


def _message(message: Message, camel: bool) -> dict[str, Any]:
    key = _camel if camel else _same
    out: dict[str, Any] = {"role": message.role, "content": message.text}
    if message.tool_calls:
        out[key("tool_calls")] = [_tool_call(c, camel) for c in message.tool_calls]
    if message.start_time is not None:
        out[key("start_time")] = message.start_time
    if message.end_time is not None:
        out[key("end_time")] = message.end_time
    return out


def _tool_call(call: ToolCall, camel: bool) -> dict[str, Any]:
    key = _camel if camel else _same
    out: dict[str, Any] = {"tool": call.name, "input": call.input, "output": call.output}
    optional = {
        "id": call.id,
        "status": call.status,
        "duration_ms": call.duration_ms,
        "start_time": call.start_time,
        "end_time": call.end_time,
    }
    out.update({key(k): v for k, v in optional.items() if v is not None})
    return out


def _summary(trace: Mapping[str, Any], camel: bool) -> dict[str, Any]:
    """Tool-call counts by name, errors and LLM calls (assistant messages)."""
    key = _camel if camel else _same
    counts: dict[str, int] = {}
    errors = 0
    assistant = 0
    for message in trace["messages"]:
        assistant += message["role"] == "assistant"
        for call in message.get(key("tool_calls"), []):
            counts[call["tool"]] = counts.get(call["tool"], 0) + 1
            errors += call.get("status") == "error"
    return {
        key("event_count"): sum(counts.values()),
        key("tool_calls"): counts,
        key("error_count"): errors,
        key("llm_call_count"): assistant,
    }


def _usage(timing: Timing | None, camel: bool) -> dict[str, Any]:
    key = _camel if camel else _same
    usage: dict[str, Any] | None = None
    if timing is not None and (timing.input_tokens or timing.output_tokens):
        usage = {
            "input": timing.input_tokens.value if timing.input_tokens else 0,
            "output": timing.output_tokens.value if timing.output_tokens else 0,
        }
        for part, figure in (
            ("cached", timing.cached_tokens),
            ("reasoning", timing.reasoning_tokens),
        ):
            if figure is not None:
                usage[part] = figure.value
    return {
        key("token_usage"): usage,
        key("cost_usd"): timing.cost_usd.value if timing and timing.cost_usd else None,
        key("duration_ms"): timing.duration_ms.value if timing and timing.duration_ms else None,
    }


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _same(snake: str) -> str:
    return snake
