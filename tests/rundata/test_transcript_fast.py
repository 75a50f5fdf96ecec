"""Transcript reading's fast paths answer exactly as the plain ones (SPEC §8).

A transcript dense in JSON objects is parsed by Python's decoder without `js_json_parse`'s
object hook, after a search for keys that are array indices (JavaScript lists them first);
everything here compares that path with `js_json_parse`, value for value and key order for
key order, on tricky texts and on every JSON file of the test data. No timings asserted.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from agentv_grader.js.strings import JsonParseError, js_json_parse
from agentv_grader.record import FrozenInstanceError
from agentv_grader.rundata import transcript as reader
from agentv_grader.rundata.records import Message, ToolCall, Transcript
from agentv_grader.rundata.transcript import read_transcript

DATA = Path(__file__).resolve().parents[1] / "data"

TRICKY_JSON = [
    '{"b": 1, "0": 2}',
    '{"b": 1, "\\u0031": 2}',  # an index key spelled with an escape
    '{"b": 1, "7" : 2}',  # white space before the colon
    '{"b": 1, "7"\n:\t2}',
    '[{"b": {"c": 1, "10": 2, "9": 3}}]',
    '{"01": 1, "1a": 2, "4294967295": 3, "4294967294": 4}',  # not indices, then one
    '{"a": 1, "a": 2, "b": 3}',  # a duplicate key: the last value at the first place
    "[-0, -0.0, 0, -0e1, 1e400, 12345678901234567890123]",
    "[" + "7" * 4100 + "]",  # JavaScript reads a float
    "[-" + "7" * 4001 + "]",
    '{"x": "a \\"1\\": b", "y": "text : with a colon", "z": "2024-06-0"}',
    '{"ab" : 1}',
    '"\\ud800 lone surrogate"',
    "[NaN]",
    '{"a": Infinity}',
    "{",
    '{"a": 1} {"b": 2}',
    "",
    "true",
]


def _parsed(text: str, plain: bool) -> str:
    try:
        return repr(reader._json_parse(text, plain))
    except JsonParseError as exc:
        return f"error: {exc}"


def _js(text: str) -> str:
    try:
        return repr(js_json_parse(text))
    except JsonParseError as exc:
        return f"error: {exc}"


@pytest.mark.parametrize("text", TRICKY_JSON)
def test_fast_json_parse_is_js_json_parse(text: str) -> None:
    assert _parsed(text, reader._is_plain(text)) == _js(text)
    assert _parsed(text, False) == _js(text)


@pytest.mark.parametrize(
    ("with_index", "without"),
    [
        ('{"b": 1, "0": 2}', '{"b": 1, "0a": 2}'),
        ('{"b": 1, "\\u0031": 2}', '{"b": 1, "\\u0031x": 2}'),
        ('{"b": 1, "7" : 2}', '{"b": 1, "x7" : 2}'),
        ('{"b": 1, "7"\r\n:2}', '{"b": 1, "7\\n"\r\n:2}'),
        ('[{"b": {"10": 2}}]', '[{"b": "\\"10\\": 2"}]'),
    ],
)
def test_index_keys_are_found(with_index: str, without: str) -> None:
    assert not reader._is_plain(with_index)
    assert reader._is_plain(without)
    assert js_json_parse(without)  # both are JSON


def test_deeper_than_the_c_decoder_goes_is_still_parsed() -> None:
    value = reader._json_parse("[" * 3000 + "]" * 3000, True)
    depth = 0
    while value:
        assert isinstance(value, list) and len(value) == 1
        value, depth = value[0], depth + 1
    assert depth == 2999


def _transcript_files() -> list[Path]:
    return sorted(p for p in DATA.rglob("*") if p.suffix in (".json", ".jsonl") and p.is_file())


def test_every_test_data_file_reads_the_same_by_either_decoder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = _transcript_files()
    assert len(files) > 100
    read = 0
    for path in files:
        with monkeypatch.context() as patch:
            patch.setattr(reader, "_worth_plain", lambda text: False)
            slow = repr(read_transcript(str(path), "Do the task."))
        with monkeypatch.context() as patch:
            patch.setattr(reader, "_worth_plain", lambda text: True)
            fast = repr(read_transcript(str(path), "Do the task."))
        assert fast == slow, path
        read += "Transcript(" in slow
    assert read >= 40  # the labelled claims runs, the samples, the fixtures


def test_dense_transcript_keeps_javascript_key_order(tmp_path: Path) -> None:
    """Many short rows take the fast decoder; an index key in one sends it to the hook."""
    row = {"role": "assistant", "content": "", "tool_calls": [{"tool": "Bash", "input": {}}]}
    rows = [{"role": "user", "content": "go"}] + [row] * 300
    odd = {"tool": "Edit", "input": {"b": 1, "10": 2, "9": 3}, "output": {"z": 0, "2": 1}}
    rows.append({"role": "assistant", "content": "", "tool_calls": [odd]})
    text = json.dumps(rows)
    assert reader._worth_plain(text) and not reader._is_plain(text)
    path = tmp_path / "transcript.json"
    path.write_text(text, encoding="utf-8")
    transcript, problem, _ = read_transcript(str(path), "")
    assert transcript is not None and problem is None
    call = transcript.messages[-1].tool_calls[0]
    assert list(call.input) == ["9", "10", "b"] and list(call.output) == ["2", "z"]
    assert len(transcript.messages) == 302


def test_jsonl_lines_take_the_decoder_of_the_whole_text(tmp_path: Path) -> None:
    line = json.dumps({"role": "assistant", "content": "", "tool_calls": [{"tool": "Read"}]})
    odd_call = {"tool": "Read", "input": {"3": 0, "a": 1, "1": 2}}
    odd = json.dumps({"role": "assistant", "tool_calls": [odd_call]})
    text = "\n".join([line] * 200 + [odd, "{ broken"])
    path = tmp_path / "transcript.jsonl"
    path.write_text(text, encoding="utf-8")
    transcript, _, warnings = read_transcript(str(path), "go")
    assert transcript is not None
    assert list(transcript.messages[-1].tool_calls[0].input) == ["1", "3", "a"]
    assert warnings == [f"{path}: transcript line(s) 202 are not valid JSON and were skipped"]


def test_transcript_records_are_frozen_and_compare_by_value() -> None:
    call = ToolCall("Bash", {"cmd": "ls"}, "a.txt", category="shell")
    assert call == ToolCall("Bash", {"cmd": "ls"}, "a.txt", "ok", None, None, None, None, "shell")
    assert repr(call) == (
        "ToolCall(name='Bash', input={'cmd': 'ls'}, output='a.txt', status='ok', "
        "duration_ms=None, start_time=None, end_time=None, id=None, category='shell')"
    )
    message = Message(1, "assistant", "hi", (call,))
    transcript = Transcript("t.json", reader.SHAPE_RAW, (message,))
    assert transcript.prepended_input is False and transcript.assistant_messages() == (message,)
    assert hash(Message(2, "user", "x")) == hash(Message(2, "user", "x"))
    for record, field in ((call, "name"), (message, "text"), (transcript, "messages")):
        with pytest.raises(FrozenInstanceError):
            setattr(record, field, None)


def _folded_plainly(rows: list[dict[str, Any]]) -> list[list[Any]]:
    """The folding rule written plainly (every open call listed for each result): a
    result goes to the last open call with its id, or without an id to the last open call;
    an unmatched result stays a message."""
    messages: list[list[dict[str, Any]]] = []
    for row in rows:
        if row["role"] == "tool":
            open_calls = [c for m in messages for c in m if c["output"] is None]
            call_id = row.get("tool_call_id")
            match = next((c for c in reversed(open_calls) if call_id and c["id"] == call_id), None)
            if match is None and not call_id and open_calls:
                match = open_calls[-1]
            if match is not None:
                match["output"] = row["content"]
                continue
        calls = row.get("tool_calls", [])
        messages.append([{"id": c.get("id"), "output": None} for c in calls])
    return [[c["output"] for c in m] for m in messages]


def test_tool_results_fold_as_the_plain_rule_says(tmp_path: Path) -> None:
    rng = random.Random(21)
    for round_ in range(60):
        rows: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
        for n in range(rng.randint(1, 40)):
            if rng.random() < 0.5:
                calls = [
                    {"function": {"name": "Bash", "arguments": "{}"}}
                    | ({"id": rng.choice("abc")} if rng.random() < 0.7 else {})
                    for _ in range(rng.randint(0, 3))
                ]
                rows.append({"role": "assistant", "content": "", "tool_calls": calls})
            else:
                result: dict[str, Any] = {"role": "tool", "content": f"out {n}"}
                if rng.random() < 0.7:
                    result["tool_call_id"] = rng.choice("abcd")
                rows.append(result)
        path = tmp_path / f"t{round_}.json"
        path.write_text(json.dumps(rows), encoding="utf-8")
        transcript, problem, _ = read_transcript(str(path), "go")
        assert transcript is not None, problem
        read = [[c.output for c in m.tool_calls] for m in transcript.messages]
        assert read == _folded_plainly(rows), rows
