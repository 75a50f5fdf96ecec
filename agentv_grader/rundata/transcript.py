"""A run's transcript in any of the four shapes SPEC §4.4 accepts, as one message list.

The shape is detected from the content, never from the file name:

- AgentV `transcript-raw.jsonl` rows (`role, content, tool_calls[{tool, input, output,
  status, duration_ms, …}]`, schema `agentv.transcript.v1`), also as a JSON list;
- AgentV's normalised `transcript.json` (`turns[].content[]` with `text` / `tool_use`
  blocks, the tool's raw `name` and canonical `tool_name`);
- a JSON list of OpenAI-style messages (`tool_calls[{function{name, arguments}}]`, results
  in `role: tool` messages), also wrapped as `{"messages": [...]}`;
- Claude Code session JSONL (`type: assistant|user`, `message.content[]` blocks).

Decided here (SPEC §4.4 and AgentV's trace builder, docs/agentv-semantics.md §7):

- Claude Code writes one line per content block; lines sharing `message.id` are one
  message. Tool results (Claude `tool_result` blocks, OpenAI `role: tool` messages) are
  folded into the call they answer, as AgentV's normalised transcript does; AgentV's own
  raw rows keep `role: tool` rows as messages, since that is how AgentV grades them.
- Text blocks are joined with `\\n`; thinking blocks and tool results are not text.
- Tools keep their raw name (`Read`); the normalised category (`file_read`) rides along
  as `ToolCall.category`, an alias for trajectory matching.
- AgentV prepends the test input unless the run's messages already hold a user or system
  message; step counts rely on it. The prepended message is index 0, so the numbers in
  evidence ("message 3 (assistant)") count the file's own messages from 1.
- Invalid JSONL lines are skipped with a warning (a session still being written ends in
  a partial line); content in no known shape is a *problem*, and an empty file or list is
  a transcript with zero messages.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
from collections.abc import Mapping
from typing import Any

from ..js.strings import JsonParseError, _parse_int, _reject_constant, js_json_parse
from ..load.files import read_regular
from ..record import replace
from .records import Message, ToolCall, Transcript
from .response import max_response_bytes

SHAPE_RAW = "agentv-transcript-raw"
SHAPE_NORMALISED = "agentv-transcript-json"
SHAPE_OPENAI = "openai-messages"
SHAPE_CLAUDE = "claude-code-jsonl"
SHAPE_EMPTY = "empty"

_CATEGORIES: dict[str, tuple[str, ...]] = {
    "file_read": ("read", "read_file", "readfile", "read file", "readtextfile", "view"),
    "file_write": ("write", "write_file", "writefile", "write file", "writetextfile",
                   "create_file", "write_to_file"),
    "file_edit": ("edit", "multiedit", "edit_file", "editfile", "edit file", "notebookedit",
                  "apply_patch", "file_change", "str_replace_editor",
                  "str_replace_based_edit_tool", "replace_in_file", "replace"),
    "shell": ("bash", "shell", "exec_command", "local_shell", "run_terminal_cmd",
              "runterminalcommand", "command_execution", "terminal", "run_command",
              "run_shell_command"),
    "web_fetch": ("webfetch", "web_fetch", "fetch", "fetch_url"),
    "web_search": ("websearch", "web_search"),
    "glob": ("glob",),
    "grep": ("grep", "ripgrep", "rg"),
    "list_dir": ("ls", "list", "list_dir", "list_directory", "listdir"),
    "agent_task": ("task", "agent", "dispatch_agent"),
}  # fmt: skip
_CATEGORY_OF = {name: cat for cat, names in _CATEGORIES.items() for name in names}
_CLAUDE_TYPES = frozenset({"user", "assistant", "system", "summary", "progress",
                           "file-history-snapshot", "result"})  # fmt: skip
_STATUS = {"success": "ok", "error": "error", "cancelled": "cancelled", "unknown": "unknown"}


class _Unusable(Exception):
    """The transcript cannot be read as any known shape."""


class _Draft:
    """A message being assembled (Claude Code spreads one message over several lines)."""

    __slots__ = ("role", "texts", "calls", "start_time", "end_time")

    def __init__(self, role: str, start_time: str | None = None, end_time: str | None = None):
        self.role = role
        self.texts: list[str] = []
        # A folded result (`_fold_result`) replaces its call with one that has the output.
        self.calls: list[ToolCall] = []
        self.start_time = start_time
        self.end_time = end_time


def tool_category(name: str) -> str | None:
    """The canonical category of a raw tool name (`Read` → `file_read`), if it has one."""
    return _CATEGORY_OF.get(name.strip().lower())


# Transcripts name the same few tools thousands of times.
_category = functools.lru_cache(maxsize=512)(tool_category)


# `js_json_parse`'s decoder without its object hook: it parses in C, with no Python call
# per object (a third of the time on thousands of short rows). It differs from `JSON.parse`
# only on an object key that is an array index ("0", "17"), which JavaScript lists first.
# Such a key ends in a digit (also as `\\u0039`) before its closing quote, and its colon
# follows the quote at once or after white space: `_MAYBE_INDEX_KEY` finds every text that
# may hold one (and some that do not, as "x : y" in a string), `_INDEX_KEY` says whether it
# does (it is slower: it stops at every quote), and such a text goes to `js_json_parse`, as
# does any error of this decoder (it raises where `js_json_parse` does).
_PLAIN = json.JSONDecoder(parse_constant=_reject_constant, parse_int=_parse_int)
# Two searches, each from a literal (a fast scan), not one alternation (a try at each place).
_MAYBE_INDEX_KEY = (re.compile(r'":(?<=[0-9]":)'), re.compile(r":(?<=[ \t\n\r]:)"))
_INDEX_KEY = re.compile(r'"(?:[0-9]|\\u003[0-9])+"[ \t\n\r]*:')


def _is_plain(text: str) -> bool:
    """No object key in `text` is an array index (see `_PLAIN`)."""
    if all(maybe.search(text) is None for maybe in _MAYBE_INDEX_KEY):
        return True
    return _INDEX_KEY.search(text) is None


def _worth_plain(text: str) -> bool:
    """Whether `_PLAIN` (with `_is_plain`, about 1 ms a megabyte) is likely faster on `text`:
    when it has more than about one object (one call of the hook, about a microsecond) per
    kilobyte. Thousands of short rows have many; a few calls with long outputs have few."""
    return text.count("{") * 1000 > len(text)


def _json_parse(text: str, plain: bool) -> Any:
    """`js_json_parse(text)`: the same value, the same error; through `_PLAIN` when `plain`
    (`_is_plain(text)`, or of a text `text` is a line of)."""
    if plain:
        try:
            return _PLAIN.decode(text)
        except (ValueError, RecursionError):
            pass  # the error (or the deep value) as `js_json_parse` gives it
    return js_json_parse(text)


def read_transcript(
    path: str | None, test_input: str
) -> tuple[Transcript | None, str | None, list[str]]:
    """(transcript, problem, warnings); `(None, None, [])` when there is no file."""
    if path is None:
        return None, None, []
    warnings: list[str] = []
    try:
        text = _read_text(path, warnings)
        shape, drafts = _parse(text, warnings)
    except _Unusable as exc:
        problem = f"{path}: {exc}"
        return None, problem, warnings + [problem]
    messages, prepended = _number(drafts, test_input)
    return Transcript(path, shape, messages, prepended), None, [f"{path}: {w}" for w in warnings]


def _read_text(path: str, warnings: list[str]) -> str:
    limit = max_response_bytes()
    try:
        size = os.path.getsize(path)
        if size > limit:
            raise _Unusable(f"transcript is {size} bytes, over the limit of {limit} bytes")
        data = read_regular(path, limit)  # a device behind a symlink reports size 0
        if len(data) > limit:
            raise _Unusable(f"transcript is over the limit of {limit} bytes (read past it)")
    except FileNotFoundError:
        raise _Unusable("transcript file not found") from None
    except IsADirectoryError:
        raise _Unusable("transcript file is a directory") from None
    except OSError as exc:
        raise _Unusable(f"cannot read transcript: {exc.strerror}") from None
    text = data.decode("utf-8-sig", errors="replace")
    if "\ufffd" in text:  # replaced bytes, or real U+FFFD characters, or both
        real = data.decode("utf-8-sig", errors="ignore").count("\ufffd")
        if text.count("\ufffd") > real:
            warnings.append("transcript is not valid UTF-8; invalid bytes were replaced")
    return text


def _parse(text: str, warnings: list[str]) -> tuple[str, list[_Draft]]:
    """Detect the shape from the content and turn it into message drafts."""
    if not text.strip():
        warnings.append("transcript file is empty (zero messages)")
        return SHAPE_EMPTY, []
    plain = _worth_plain(text) and _is_plain(text)
    try:
        whole = _json_parse(text, plain)
    except JsonParseError:
        return _from_rows(_jsonl_rows(text, warnings, plain), warnings)
    if isinstance(whole, list):
        return _from_rows(whole, warnings)
    if isinstance(whole, dict):
        if isinstance(whole.get("turns"), list):
            return SHAPE_NORMALISED, _from_turns(whole["turns"], warnings)
        if isinstance(whole.get("messages"), list):
            return _from_rows(whole["messages"], warnings)
        return _from_rows([whole], warnings)
    raise _Unusable(f"holds a JSON {type(whole).__name__}, not messages")


def _jsonl_rows(text: str, warnings: list[str], plain: bool) -> list[Any]:
    rows: list[Any] = []
    bad: list[int] = []
    # No line of a plain text holds an index key; in another, one line is not worth a look.
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(_json_parse(line, plain))
        except JsonParseError:
            bad.append(number)
    if not rows:
        raise _Unusable("is neither JSON nor JSONL (no line parses as JSON)")
    if bad:
        listed = ", ".join(str(n) for n in bad[:10]) + (" …" if len(bad) > 10 else "")
        warnings.append(f"transcript line(s) {listed} are not valid JSON and were skipped")
    return rows


def _from_rows(rows: list[Any], warnings: list[str]) -> tuple[str, list[_Draft]]:
    """A list of rows: Claude Code lines, AgentV rows or OpenAI messages."""
    if not rows:
        return SHAPE_OPENAI, []
    if not all([isinstance(r, dict) for r in rows]):
        raise _Unusable("is a list whose items are not all JSON objects")
    # A Claude Code line has no `role`; most transcripts' rows all have one.
    if any(_is_claude_line(r) for r in [r for r in rows if "role" not in r]):
        return SHAPE_CLAUDE, _from_claude(rows, warnings)
    missing = [i for i, r in enumerate(rows, start=1) if not isinstance(r.get("role"), str)]
    if missing:
        raise _Unusable(
            f"is in no known transcript shape: item {missing[0]} has no 'role' "
            "(expected AgentV transcript rows, OpenAI-style messages, AgentV's transcript.json "
            "or a Claude Code session)"
        )
    shape = SHAPE_RAW if any(_is_agentv_row(r) for r in rows) else SHAPE_OPENAI
    return shape, _from_messages(rows, warnings, fold_tool_role=shape == SHAPE_OPENAI)


def _is_claude_line(row: Mapping[str, Any]) -> bool:
    return (
        "role" not in row
        and row.get("type") in _CLAUDE_TYPES
        and (isinstance(row.get("message"), dict) or "sessionId" in row or "uuid" in row)
    )


def _is_agentv_row(row: Mapping[str, Any]) -> bool:
    if str(row.get("schema_version", "")).startswith("agentv.transcript"):
        return True
    calls = row.get("tool_calls")
    return isinstance(calls, list) and any(isinstance(c, dict) and "tool" in c for c in calls)


def _from_messages(rows: list[Any], warnings: list[str], *, fold_tool_role: bool) -> list[_Draft]:
    drafts: list[_Draft] = []
    for row in rows:
        role = row["role"]
        if role in ("tool", "function") and fold_tool_role:
            if _fold_result(drafts, row.get("tool_call_id"), row.get("content"), None):
                continue
        draft = _Draft(role, *_times(row))
        content = row.get("content")
        if isinstance(content, str):  # most rows: what `_add_content` would do, inline
            draft.texts.append(content)
        else:
            _add_content(draft, content, drafts, warnings)
        listed = row["tool_calls"] if "tool_calls" in row else row.get("toolCalls")
        if isinstance(listed, list):
            for entry in listed:
                call = _call(entry, warnings)
                if call is not None:
                    draft.calls.append(call)
        legacy = row.get("function_call")
        if isinstance(legacy, dict):
            call = _call({"function": legacy}, warnings)
            if call is not None:
                draft.calls.append(call)
        drafts.append(draft)
    return drafts


def _add_content(draft: _Draft, content: Any, drafts: list[_Draft], warnings: list[str]) -> None:
    """Text, inline `tool_use` blocks and inline `tool_result` blocks of one message."""
    if isinstance(content, str):
        draft.texts.append(content)
        return
    if not isinstance(content, list):
        return
    for block in content:
        if isinstance(block, str):
            draft.texts.append(block)
            continue
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind in ("text", "input_text", "output_text") and isinstance(block.get("text"), str):
            draft.texts.append(block["text"])
        elif kind == "tool_use":
            call = _call(block, warnings)
            if call is not None:
                draft.calls.append(call)
        elif kind == "tool_result":
            status = "error" if block.get("is_error") is True else None
            _fold_result(drafts, block.get("tool_use_id"), block.get("content"), status, draft)


def _fold_result(
    drafts: list[_Draft],
    call_id: Any,
    content: Any,
    status: str | None,
    current: _Draft | None = None,
) -> bool:
    """Attach a tool result to the call it answers: the last open call (no output yet) with
    its id, or without an id the last open call; `current`'s calls come after all others.

    Searched from the end, so a result right after its call is found at once (a search
    of every call for each result made a transcript of 7,700 calls take seconds)."""
    searched = (
        reversed(drafts) if current is None else itertools.chain((current,), reversed(drafts))
    )
    for draft in searched:
        calls = draft.calls
        for index in range(len(calls) - 1, -1, -1):
            call = calls[index]
            if call.output is None and (not call_id or call.id == call_id):
                output = _result_text(content)
                calls[index] = replace(
                    call, output=output, status=call.status if status is None else status
                )
                return True
    return False


def _result_text(content: Any) -> Any:
    if isinstance(content, list):
        parts = [b.get("text") for b in content if isinstance(b, dict)]
        texts = [p for p in parts if isinstance(p, str)]
        return "\n".join(texts) if texts else content
    return content


def _call(entry: Any, warnings: list[str]) -> ToolCall | None:
    """One tool call in any of the shapes' spellings.

    AgentV rows say `tool`; OpenAI nests `function{name, arguments}`; normalised
    `tool_use` blocks give the raw `name`, the canonical `tool_name` and a `result`.
    """
    if not isinstance(entry, dict):
        return None
    # `a if k in entry else …` is `entry.get(k, …)` without working out the default first.
    function = entry.get("function")
    if isinstance(function, dict):
        name, args = function.get("name"), _parse_arguments(function.get("arguments"))
    else:
        name = (
            entry["tool"] if "tool" in entry
            else entry["name"] if "name" in entry
            else entry.get("tool_name")
        )  # fmt: skip
        args = (
            entry["input"] if "input" in entry
            else entry["args"] if "args" in entry
            else entry.get("arguments")
        )  # fmt: skip
    if not isinstance(name, str) or not name:
        warnings.append(f"a tool call without a name was skipped: {dict(entry)!r:.120}")
        return None
    result = entry.get("result")
    if not isinstance(result, dict):
        result = _NO_RESULT
    status = result["status"] if "status" in result else entry.get("status")
    duration: Any = (
        entry["duration_ms"] if "duration_ms" in entry
        else entry["durationMs"] if "durationMs" in entry
        else result.get("duration_ms")
    )  # fmt: skip
    canonical = entry.get("tool_name")
    call_id = entry["id"] if "id" in entry else entry.get("call_id")
    start_time, end_time = _times(entry)
    return ToolCall(  # positional arguments: keywords cost more, thousands of times
        name,
        args,
        entry["output"] if "output" in entry else result.get("output"),
        _STATUS.get(status, status) if isinstance(status, str) and status else "ok",
        float(duration) if _is_number(duration) else None,
        start_time,
        end_time,
        call_id if isinstance(call_id, str) and call_id else None,
        canonical
        if isinstance(canonical, str) and canonical and canonical != name
        else _category(name),
    )


_NO_RESULT: Mapping[str, Any] = {}


def _parse_arguments(arguments: Any) -> Any:
    """OpenAI sends arguments as a JSON string; keep the string when it is not JSON."""
    if isinstance(arguments, str):
        try:
            return js_json_parse(arguments)
        except JsonParseError:
            return arguments
    return arguments


def _from_turns(turns: list[Any], warnings: list[str]) -> list[_Draft]:
    """AgentV's normalised `transcript.json`: results already sit in their `tool_use`."""
    drafts: list[_Draft] = []
    for turn in turns:
        if not isinstance(turn, dict):
            continue
        role = turn.get("type", turn.get("role"))
        if isinstance(role, str):
            draft = _Draft(role)
            _add_content(draft, turn.get("content"), drafts, warnings)
            drafts.append(draft)
    return drafts


def _from_claude(rows: list[Any], warnings: list[str]) -> list[_Draft]:
    """Claude Code lines → messages; lines sharing `message.id` are one message."""
    drafts: list[_Draft] = []
    by_id: dict[str, _Draft] = {}
    seen: set[str] = set()
    for row in rows:
        uuid = row.get("uuid")
        if row.get("isSidechain") is True or (isinstance(uuid, str) and uuid in seen):
            continue
        if isinstance(uuid, str):
            seen.add(uuid)
        message = row.get("message")
        if row.get("type") not in ("user", "assistant") or not isinstance(message, dict):
            continue
        if row["type"] == "user":
            draft = _Draft("user", start_time=_text_or_none(row.get("timestamp")))
            _add_content(draft, message.get("content"), drafts, warnings)
            if draft.texts:
                drafts.append(draft)
            continue
        _claude_assistant(row, message, drafts, by_id, warnings)
    return [d for d in drafts if d.role != "assistant" or d.texts or d.calls]


def _claude_assistant(
    row: Mapping[str, Any],
    message: Mapping[str, Any],
    drafts: list[_Draft],
    by_id: dict[str, _Draft],
    warnings: list[str],
) -> None:
    message_id = message.get("id")
    draft = by_id.get(message_id) if isinstance(message_id, str) else None
    if draft is None:
        draft = _Draft("assistant", start_time=_text_or_none(row.get("timestamp")))
        drafts.append(draft)
        if isinstance(message_id, str):
            by_id[message_id] = draft
    known = {c.id for c in draft.calls if c.id}
    before = len(draft.calls)
    _add_content(draft, message.get("content"), drafts, warnings)
    added = draft.calls[before:]
    draft.calls[before:] = [c for c in added if not c.id or c.id not in known]


def _number(drafts: list[_Draft], test_input: str) -> tuple[tuple[Message, ...], bool]:
    """Messages numbered from 1, the test input first (index 0) when AgentV would add it."""
    prepend = bool(test_input.strip()) and not any(
        d.role in ("user", "system", "developer") for d in drafts
    )
    messages = [Message(0, "user", test_input)] if prepend else []
    for index, draft in enumerate(drafts, start=1):
        calls = tuple(draft.calls)
        texts = draft.texts
        text = texts[0] if len(texts) == 1 else "\n".join(texts)
        messages.append(
            Message(index, draft.role, text, calls, draft.start_time, draft.end_time)
        )  # fmt: skip
    return tuple(messages), prepend


def _times(entry: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """The (start, end) times of a message or call: `start_time` or `startTime`, if text."""
    start = entry["start_time"] if "start_time" in entry else entry.get("startTime")
    end = entry["end_time"] if "end_time" in entry else entry.get("endTime")
    return (
        start if isinstance(start, str) and start else None,
        end if isinstance(end, str) and end else None,
    )


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
