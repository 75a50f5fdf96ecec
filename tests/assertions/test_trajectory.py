"""trajectory:* (SPEC §5.5, docs/agentv-semantics.md §8): steps, globs, inverse rule, no data."""

from __future__ import annotations

from typing import Any

import pytest

from agentv_grader.assertions._steps import glob_match, steps_of
from agentv_grader.model import Status
from agentv_grader.rundata.records import Message, ToolCall, Transcript

from ._grading import grade

ROWS: list[Any] = [
    {"role": "assistant", "content": "I will search first.", "tool_calls": [
        {"tool": "search_orders", "input": {"order_id": "123", "page": 1, "request_id": "v"}},
        {"tool": "search_orders", "input": {"order_id": "456", "page": 2}},
        {"tool": "compose_reply", "input": {"tone": "friendly", "citations": ["d1", "d2"]},
         "output": "sent"},
        {"tool": "exec_command", "input": {"cmd": "npm test"}},
        {"tool": "Read", "input": "{\"file_path\": \"a.md\"}"}]},
    {"role": "assistant", "content": "Done."},
]  # fmt: skip
ACTUAL = "tool:search_orders, tool:search_orders, tool:compose_reply, tool:Read"


def tu(value: Any, **extra: Any) -> Any:
    return grade({"type": "trajectory:tool-used", "value": value, **extra}, transcript=ROWS)


def test_steps_follow_agentv_trace_events() -> None:
    transcript = Transcript("t", "x", (
        Message(0, "user", "Q"),
        Message(1, "assistant", "a", (ToolCall("exec_command", {"cmd": "ls -la"}),
                                      ToolCall("Read", {}, output="x", category="file_read"))),
    ))  # fmt: skip
    labels = [(s.type, s.name, s.aliases) for s in steps_of(transcript)]
    assert labels == [
        ("message", "message", ("message", "message")),
        ("message", "message", ("message", "message")),
        ("command", "ls -la", ("ls -la", "exec_command", "ls")),
        ("tool", "Read", ("Read", "file_read")),
        ("span", "tool_result", ("tool_result", "span")),
        ("message", "final_response", ("final_response", "message")),
    ]


def test_timestamps_reorder_steps_when_both_have_one() -> None:
    calls = (ToolCall("b", start_time="2026-01-01T00:00:02Z"),
             ToolCall("a", start_time="2026-01-01T00:00:01Z"))  # fmt: skip
    transcript = Transcript("t", "x", (Message(1, "assistant", "", calls),))
    assert [s.name for s in steps_of(transcript) if s.type == "tool"] == ["a", "b"]


@pytest.mark.parametrize(
    ("value", "pattern", "ok"),
    [("search_orders", "SEARCH*", True), ("search_orders", "search?orders", True),
     ("search_orders", "search", False), ("a.b", "a.b", True), ("axb", "a.b", False),
     ("line\nbreak", "line*", False)],
)  # fmt: skip
def test_glob_match(value: str, pattern: str, ok: bool) -> None:
    assert glob_match(value, pattern) is ok


def test_tool_used_texts() -> None:
    out = tu(["search_orders", "compose_reply"])
    assert out.status is Status.PASSED
    assert out.text == (
        f"Observed required tool(s): search_orders, compose_reply. Actual tools: {ACTUAL}"
    )
    out = tu(["search_orders", "delete_order"])
    assert out.text == f"Missing required tool(s): delete_order. Actual tools: {ACTUAL}"


def test_shell_tools_are_command_steps_and_categories_are_aliases() -> None:
    assert tu("exec_command").status is Status.FAILED  # AgentV: a command step, not a tool
    assert tu("file_read").status is Status.PASSED  # SPEC §4.4: the category is an alias
    out = grade({"type": "trajectory:step-count", "value": {"type": "command", "pattern": "npm",
                 "min": 1}}, transcript=ROWS)  # fmt: skip
    assert out.status is Status.PASSED


def test_tool_used_count_form() -> None:
    out = tu({"pattern": "search*", "min": 2, "max": 2})
    assert out.text == ('Matched tool "search*" 2 time(s) (expected 2-2). '
                        "Matches: tool:search_orders, tool:search_orders")  # fmt: skip
    out = tu({"name": "search_orders", "max": 1})
    assert out.status is Status.FAILED and "(expected 1-1)" in out.text
    out = tu({"name": "compose_reply"})
    assert out.text.startswith('Matched tool "compose_reply" 1 time(s) (expected at least 1)')


def test_inverse_list_and_count() -> None:
    out = grade({"type": "not-trajectory:tool-used", "value": ["delete_order", "compose_reply"]},
                transcript=ROWS)  # fmt: skip
    assert out.status is Status.FAILED and out.score == 0.0
    assert out.text == f"Forbidden tool(s) were used: compose_reply. Actual tools: {ACTUAL}"
    out = tu("delete_order", negate=True)
    assert out.status is Status.PASSED
    assert out.text == "Forbidden tool(s) were not used: delete_order"
    out = tu({"name": "search_orders", "min": 3}, negate=True)
    assert out.status is Status.PASSED
    assert out.text == 'Tool "search_orders" did not satisfy the forbidden match condition'
    out = tu({"name": "search_orders", "min": 2}, negate=True)
    assert out.status is Status.FAILED and "violates the inverse assertion" in out.text


def test_tool_sequence_modes_and_inverse() -> None:
    def seq(value: Any, **extra: Any) -> Any:
        return grade({"type": "trajectory:tool-sequence", "value": value, **extra},
                     transcript=ROWS)  # fmt: skip

    assert seq(["search_orders", "compose_reply"]).status is Status.PASSED
    out = seq({"steps": ["compose_reply", "search_orders"]})
    assert out.text == (
        f'Expected tool "search_orders" was not observed in order. Actual tools: {ACTUAL}'
    )
    out = seq({"mode": "exact", "steps": ["search_orders", "compose_reply"]})
    assert out.text == ("Expected exact tool sequence of search_orders, compose_reply, but actual "
                        f"tools were {ACTUAL}")  # fmt: skip
    exact = ["search_orders", "search_orders", "compose_reply", "read"]
    assert seq({"mode": "exact", "steps": exact}).text == f"Observed exact tool sequence: {ACTUAL}"
    out = seq(["compose_reply", "search_orders"], negate=True)
    assert (out.status, out.text) == (Status.PASSED, "Forbidden tool sequence was not observed")


def test_tool_args_match_partial_exact_defaults_ignore() -> None:
    def args(value: Any, **extra: Any) -> Any:
        return grade({"type": "trajectory:tool-args-match", "value": value, **extra},
                     transcript=ROWS)  # fmt: skip

    out = args({"name": "search_orders", "mode": "exact", "args": {"order_id": "123"},
                "defaults": {"page": 1}, "ignore": "request_*"})  # fmt: skip
    assert out.text == ('Tool "search_orders" matched expected arguments (exact) on '
                        'tool:search_orders. Args: {"order_id":"123","page":1,"request_id":"v"}. '
                        "Ignored argument(s): request_id. "
                        "Ignored default argument(s): page")  # fmt: skip
    out = args({"name": "compose_reply", "args": {"citations": ["d1"]}})
    assert out.status is Status.FAILED and out.text.startswith(
        'No call to tool "compose_reply" matched expected arguments (partial): {"citations":["d1"]}'
    )
    assert args({"name": "read", "arguments": {"file_path": "a.md"}}).status is Status.PASSED
    out = args({"name": "delete", "args": {}})
    assert out.text == f'No tool call matched "delete". Actual tools: {ACTUAL}'
    out = args({"name": "search_orders", "args": {"order_id": "999"}}, negate=True)
    assert out.status is Status.PASSED and out.text.startswith(
        'Forbidden argument match for tool "search_orders" was not observed. Observed args: '
    )


def test_step_count_counts_input_and_final_response() -> None:
    value = {"type": "message", "min": 4, "max": 4}
    out = grade({"type": "trajectory:step-count", "value": value}, transcript=ROWS)
    assert out.status is Status.PASSED
    assert out.text.endswith("Matches: message:message, message:message, message:message, "
                             "message:final_response")  # fmt: skip
    out = grade({"type": "trajectory:step-count", "value": {"type": "tool", "max": 2},
                 "negate": True}, transcript=ROWS)  # fmt: skip
    assert (out.status, out.text) == (
        Status.PASSED, "Trajectory step count did not satisfy the forbidden range")  # fmt: skip


@pytest.mark.parametrize(
    ("item", "words"),
    [({"type": "trajectory:tool-used", "value": []}, "at least one expected tool"),
     ({"type": "trajectory:tool-used", "value": 5}, "string, string array, or object"),
     ({"type": "trajectory:tool-used", "value": {"min": 1}}, "name or pattern"),
     ({"type": "trajectory:tool-sequence", "value": {"steps": []}}, "at least one expected step"),
     ({"type": "trajectory:tool-sequence", "value": [{"type": "tool"}]}, "step 1 must include"),
     ({"type": "trajectory:tool-args-match", "value": {"name": "x"}}, "args or arguments"),
     ({"type": "trajectory:tool-args-match", "value": {"name": "x", "args": {}, "mode": "loose"}},
      'mode must be "partial" or "exact"'),
     ({"type": "trajectory:tool-args-match", "value": {"name": "x", "args": {}, "ignore": [""]}},
      "ignore must be"),
     ({"type": "trajectory:step-count", "value": {"type": "tool"}}, "min or max")],
)  # fmt: skip
def test_bad_values_are_errors_with_or_without_a_transcript(item: Any, words: str) -> None:
    for transcript in (ROWS, None):
        out = grade(item, transcript=transcript)
        assert out.status is Status.ERROR and words in out.text, transcript


@pytest.mark.parametrize("kind", ["trajectory:tool-used", "not-trajectory:tool-used"])
def test_no_transcript_is_skipped_and_unusable_is_error(kind: str) -> None:
    out = grade({"type": kind, "value": "x"})
    assert (out.status, out.score, out.text) == (Status.SKIPPED, None, "no transcript file")
    out = grade({"type": kind, "value": "x"}, transcript="][")
    assert out.status is Status.ERROR
