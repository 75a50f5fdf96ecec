"""Transcript reading (SPEC §4.4): four shapes from content, one message list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentv_grader.rundata import transcript as reader
from agentv_grader.rundata.transcript import read_transcript, tool_category

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "transcripts"


def _write(tmp: Path, name: str, text: str) -> str:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _rows(tmp: Path, rows: list[object], name: str = "transcript-raw.jsonl") -> str:
    return _write(tmp, name, "".join(json.dumps(r) + "\n" for r in rows))


# ---------------------------------------------------------------- the bundled samples


def test_agentv_raw_rows_sample() -> None:
    t, problem, warnings = read_transcript(str(SAMPLES / "agentv-transcript-raw.jsonl"), "Q")
    assert t is not None and problem is None and warnings == []
    assert t.shape == reader.SHAPE_RAW
    roles = [(m.index, m.role) for m in t.messages]
    assert roles == [(1, "user"), (2, "assistant"), (3, "assistant")]
    assert not t.prepended_input  # the file starts with the user message
    call = t.messages[1].tool_calls[0]
    assert (call.name, call.category, call.status) == ("Read", "file_read", "ok")
    assert call.input == {"file_path": "facts.md"} and call.output == "Paris is the capital"
    assert call.duration_ms == 12 and call.start_time == "2026-07-01T00:00:00.000Z"
    assert t.messages[2].text == "The capital of France is Paris."


def test_agentv_normalised_sample_keeps_raw_name_and_folded_result() -> None:
    t, problem, _ = read_transcript(str(SAMPLES / "agentv-transcript.json"), "Q")
    assert t is not None and problem is None
    assert t.shape == reader.SHAPE_NORMALISED
    assert [m.role for m in t.messages] == ["user", "assistant", "assistant"]
    call = t.messages[1].tool_calls[0]
    assert (call.name, call.category) == ("Read", "file_read")
    assert (call.output, call.status, call.duration_ms) == ("Paris is the capital", "ok", 12)


def test_openai_sample_folds_tool_messages_into_their_calls() -> None:
    t, problem, _ = read_transcript(str(SAMPLES / "openai-messages.json"), "Q")
    assert t is not None and problem is None
    assert t.shape == reader.SHAPE_OPENAI
    assert [m.role for m in t.messages] == ["system", "user", "assistant", "assistant"]
    first, second = t.messages[2].tool_calls
    assert first.input == {"path": "facts.md"}  # JSON arguments parsed
    assert first.output == "Paris is the capital of France."
    assert (second.category, second.output) == ("web_search", "Paris - Wikipedia")
    assert t.messages[3].text == "Both sources agree.\nThe capital of France is Paris."


def test_claude_code_sample_merges_lines_of_one_message() -> None:
    t, problem, warnings = read_transcript(str(SAMPLES / "claude-code-session.jsonl"), "Q")
    assert t is not None and problem is None and warnings == []
    assert t.shape == reader.SHAPE_CLAUDE
    assert [(m.index, m.role) for m in t.messages] == [
        (1, "user"), (2, "assistant"), (3, "assistant"), (4, "assistant"),
    ]  # fmt: skip
    thinking_text_tool = t.messages[1]
    assert thinking_text_tool.text == "I'll read facts.md first."  # thinking is not text
    assert [c.name for c in thinking_text_tool.tool_calls] == ["Read"]
    assert "Paris" in thinking_text_tool.tool_calls[0].output
    bash = t.messages[2].tool_calls[0]
    assert (bash.status, bash.category) == ("error", "shell")  # is_error result
    assert t.messages[3].text == "The file confirms it.\nThe capital of France is **Paris**."
    assert all("subagent" not in m.text for m in t.messages)  # sidechain skipped


# ---------------------------------------------------------------- detection and rules


def test_agentv_rows_as_a_json_list_are_the_raw_shape(tmp_path: Path) -> None:
    rows = [{"role": "assistant", "content": "x", "tool_calls": [{"tool": "Read", "input": {}}]}]
    t, _, _ = read_transcript(_write(tmp_path, "t.json", json.dumps(rows)), "Q")
    assert t is not None and t.shape == reader.SHAPE_RAW


def test_raw_rows_keep_tool_messages(tmp_path: Path) -> None:
    rows = [
        {"role": "assistant", "content": "a", "tool_calls": [{"tool": "Read", "input": {}}]},
        {"role": "tool", "content": "file contents"},
        {"role": "assistant", "content": "done"},
    ]
    t, _, _ = read_transcript(_rows(tmp_path, rows), "Q")
    assert t is not None
    assert [m.role for m in t.messages] == ["user", "assistant", "tool", "assistant"]


def test_input_is_prepended_as_message_zero_when_no_user_message(tmp_path: Path) -> None:
    t, _, _ = read_transcript(_rows(tmp_path, [{"role": "assistant", "content": "hi"}]), "Question")
    assert t is not None and t.prepended_input
    assert [(m.index, m.role, m.text) for m in t.messages] == [
        (0, "user", "Question"), (1, "assistant", "hi"),
    ]  # fmt: skip


@pytest.mark.parametrize("role", ["user", "system"])
def test_no_prepending_when_the_run_has_a_user_or_system_message(tmp_path: Path, role: str) -> None:
    rows = [{"role": role, "content": "x"}, {"role": "assistant", "content": "hi"}]
    t, _, _ = read_transcript(_rows(tmp_path, rows), "Question")
    assert t is not None and not t.prepended_input and t.messages[0].index == 1


def test_no_prepending_without_a_test_input(tmp_path: Path) -> None:
    t, _, _ = read_transcript(_rows(tmp_path, [{"role": "assistant", "content": "hi"}]), "  ")
    assert t is not None and [m.role for m in t.messages] == ["assistant"]


def test_empty_list_is_zero_messages(tmp_path: Path) -> None:
    t, problem, warnings = read_transcript(_write(tmp_path, "t.json", "[]"), "")
    assert t is not None and problem is None and warnings == []
    assert t.assistant_messages() == ()


def test_empty_file_is_zero_messages_with_a_warning(tmp_path: Path) -> None:
    t, problem, warnings = read_transcript(_write(tmp_path, "t.jsonl", "\n  \n"), "Q")
    assert t is not None and problem is None and t.shape == reader.SHAPE_EMPTY
    assert t.assistant_messages() == () and "empty" in warnings[0]


def test_messages_wrapper_object(tmp_path: Path) -> None:
    doc = {"messages": [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]}
    t, _, _ = read_transcript(_write(tmp_path, "t.json", json.dumps(doc)), "Q")
    assert t is not None and [m.text for m in t.messages] == ["q", "a"]


def test_invalid_jsonl_lines_are_skipped_with_a_warning(tmp_path: Path) -> None:
    text = json.dumps({"role": "assistant", "content": "ok"}) + '\n{"role": "assis'
    t, problem, warnings = read_transcript(_write(tmp_path, "t.jsonl", text), "Q")
    assert t is not None and problem is None
    assert [m.text for m in t.assistant_messages()] == ["ok"]
    assert "line(s) 2" in warnings[0]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("just some prose\nnot json", "neither JSON nor JSONL"),
        ("[1, 2, 3]", "not all JSON objects"),
        ('{"foo": 1}', "no known transcript shape"),
        ('"a string"', "holds a JSON str"),
    ],
)
def test_unknown_shape_is_a_problem_and_a_warning(tmp_path: Path, content: str, words: str) -> None:
    path = _write(tmp_path, "t.json", content)
    t, problem, warnings = read_transcript(path, "Q")
    assert t is None and problem is not None and words in problem and path in problem
    assert warnings == [problem]


def test_missing_file_and_directory_are_problems(tmp_path: Path) -> None:
    assert "not found" in str(read_transcript(str(tmp_path / "nope.json"), "Q")[1])
    assert "directory" in str(read_transcript(str(tmp_path), "Q")[1])


def test_no_path_is_no_transcript() -> None:
    assert read_transcript(None, "Q") == (None, None, [])


def test_oversized_transcript_is_a_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTV_GRADE_MAX_RESPONSE_BYTES", "10")
    path = _rows(tmp_path, [{"role": "assistant", "content": "far too long for ten bytes"}])
    t, problem, _ = read_transcript(path, "Q")
    assert t is None and "over the limit" in str(problem)


def test_invalid_utf8_is_replaced_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(b'{"role": "assistant", "content": "caf\xe9"}\n')
    t, _, warnings = read_transcript(str(path), "Q")
    assert t is not None and t.assistant_messages()[0].text == "caf\ufffd"
    assert any("UTF-8" in w for w in warnings)


def test_nameless_tool_call_is_skipped_with_a_warning(tmp_path: Path) -> None:
    rows = [{"role": "assistant", "content": "x", "tool_calls": [{"tool": "", "input": {}}]}]
    t, _, warnings = read_transcript(_rows(tmp_path, rows), "Q")
    assert t is not None and t.messages[-1].tool_calls == ()
    assert any("without a name" in w for w in warnings)


def test_openai_arguments_that_are_not_json_stay_a_string(tmp_path: Path) -> None:
    rows = [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "shell", "arguments": "ls -la"},
                }
            ],
        }
    ]
    t, _, _ = read_transcript(_write(tmp_path, "t.json", json.dumps(rows)), "Q")
    assert t is not None and t.messages[-1].tool_calls[0].input == "ls -la"


def test_claude_duplicate_lines_and_tool_uses_are_kept_once(tmp_path: Path) -> None:
    line = {
        "type": "assistant",
        "uuid": "u1",
        "message": {
            "id": "m1",
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "Grep", "input": {}}],
        },
    }
    again = {**line, "uuid": "u2"}
    t, _, _ = read_transcript(_rows(tmp_path, [line, line, again]), "Q")
    assert t is not None and [c.name for c in t.messages[-1].tool_calls] == ["Grep"]


@pytest.mark.parametrize(
    ("name", "category"),
    [("Read", "file_read"), ("Bash", "shell"), ("exec_command", "shell"), ("Edit", "file_edit"),
     ("WebFetch", "web_fetch"), ("LS", "list_dir"), ("Task", "agent_task"),
     ("search_orders", None)],
)  # fmt: skip
def test_tool_category(name: str, category: str | None) -> None:
    assert tool_category(name) == category


@pytest.mark.parametrize(
    ("content", "warned"),
    [
        (b"hi \xef\xbf\xbd", False),  # a real U+FFFD alone: valid UTF-8
        (b"hi \xff", True),
        (b"hi \xef\xbf\xbd \xff", True),  # both: the invalid byte still counts
    ],
)
def test_invalid_utf8_warning_counts_replaced_bytes(
    tmp_path: Path, content: bytes, warned: bool
) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(b'[{"role": "assistant", "content": "' + content + b'"}]')
    _, problem, warnings = read_transcript(str(path), "Q")
    assert problem is None
    assert any("not valid UTF-8" in w for w in warnings) is warned
