"""The claims checker on hostile text (SPEC §5.9), a property test (hypothesis).

Responses and tool outputs are drawn from phrases the extractor recognises (test counts,
`I ran \\`…\\``, file writes, HTTP statuses, `N rows`, labels, ids, amounts) mixed with
characters that change length or meaning when lowercased, split or read as digits (`İ`,
`Σ`, `ß`, `ﬁ`, Kelvin's `K`, `ı`, fullwidth and Arabic-Indic digits, `²`, NBSP, joiners,
bidi marks, CR, CRLF, U+2028, NUL, astral and combining characters, digit runs longer
than `int` reads), written as a transcript file in each shape `read_transcript` accepts,
and checked:

- `check_claims` raises nothing;
- each claim's `line`/`col` (1-based, lines cut at `\\n`, columns in characters) is where
  its span begins, and its text is the span's words;
- each status is one of the three, each kind one of the four;
- each line an evidence quotes from a call (`message N, tool call T … → "line"`, or
  `…, tool call T: line`) is a line (as `str.splitlines` cuts them) of an output of a
  call of that message and name, and a value's (`'12.50': message …`) holds the value as
  written, with thousands separators or in cents.

URLs with a `[` that opens no IPv6 address, istanbul tables and runner summaries with any
of the numbers are drawn too (each of these raised out of check_claims once).

Derandomized with a fixed budget, so CI runs the same examples every time (well under
20 s); `HYPOTHESIS_PROFILE=fuzz` does not apply here: raise `max_examples` by hand to
search longer.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentv_grader.claims import KINDS, STATUSES, check_claims
from agentv_grader.rundata.records import Transcript
from agentv_grader.rundata.transcript import read_transcript

# Characters whose lowercase is longer (`İ`) or differs by context (`Σ`), that fold to
# ASCII letters (`K`, `ﬁ`, `ß`, `ı`), digits `\d` finds but ASCII does not (`１`, `٣`,
# `𝟘`) or that only look like one (`²`), spaces `str.split` cuts at but `\s` patterns may
# not (NBSP, U+2028, U+0085), joiners, bidi marks, line ends of every kind, NUL, an
# astral character and a combining mark.
HOSTILE = [
    "İ", "Σ", "ς", "ß", "ﬁ", "\u212a", "ı", "１２", "٣", "𝟘", "²", "\u00a0", "\u200d",
    "\u200b", "\u200f", "\u202e", "\r\n", "\r", "\n", "\u2028", "\u0085", "\x0b", "\x1c",
    "\t", "\x00", "😀", "e\u0301", "-", ",", ".", " ", ":", "`", "\"", "\\", "/", "[", "]",
]  # fmt: skip
NUMBERS = st.one_of(
    st.integers(0, 5000).map(str),
    st.sampled_from(["1,234", "12.50", "0.05", "007", "1.7.4", "２３", "٣٤", "9" * 400]),
    st.sampled_from(["9" * 4400, "1" * 4400 + ".50", "9" * 400 + ".25"]),
)
WORDS = st.sampled_from(
    ["rows", "tests", "files", "users", "ms", "errors", "orders", "total", "passed", "license"]
)
PATHS = st.sampled_from(["report.txt", "src/app.py", "İ.md", "docs/ß.json", "a b.csv"])


@st.composite
def phrases(draw: Any, claim: bool) -> str:
    """One phrase the extractor recognises, of a claim or of a tool output."""
    n, m = draw(NUMBERS), draw(NUMBERS)
    word, path = draw(WORDS), draw(PATHS)
    if claim:
        choices = [
            f"{n} tests passed.", f"{n} passed, {m} failed.", "All tests pass.",
            "I ran `pytest -q`.", f"I ran `grep -c ERROR {path}`: {n} lines.",
            f"I wrote {path}.", f"I created `{path}`.", f"I deleted {path}.",
            f"The API returned {n}.", f"GET /v2/items/{n} → 201.", f"I found {n} {word}.",
            f"There are {n} {word}.", f"The {word} is {n}.", f"{word}: {n}",
            "License: MIT", "Due date: 2024-06-15.", f"It costs ${n}.",
            f"The ids are {n}, {m} and 1110.", f"I installed requests {n}.",
            f"It took {n} seconds.", f"I made {n} tool calls.", f"Renamed it in all {n} files.",
            f"Statement coverage is {n}%.",
            f"I read {n} sources.", f"I checked PEP {n}.", f"Version {n} is out.",
            f"about {n} {word}.", "I did not run the integration tests.",
            "I cross-checked it with a second source.", "I read Kohavi's paper.",
            f"I fetched https://[{path} and it returned {n}.",
        ]  # fmt: skip
    else:
        choices = [
            f"{n} passed in 0.1s", f"== {n} failed, {m} passed in 1.2s ==",
            f"Ran {n} tests in 0.1s\n\nOK", f"Ran {n} tests in 0.1s\n\nFAILED (failures={m})",
            f"Tests: {n} passed, {m} total", f"test result: ok. {n} passed; {m} failed; 0 ignored",
            f"  {n} passing", f"HTTP/1.1 {n} Not Found", f'{{"status": {n}}}', f"{word}: {n}",
            f"found {n} {word}", f"{n}", f'{{"license": "{m}"}}', "'due': '2024-07-15'",
            f"wrote {path}", f"{n}, {m}, 1101", f"Exit code {n}", f"--warmup {n}",
            f"File | % Stmts | % Lines |\nAll files | {n} | {m} |",
            f"Kohavi's paper https://[{path}", f"curl https://{path}]/x",
        ]  # fmt: skip
    return draw(st.sampled_from(choices))


@st.composite
def texts(draw: Any, claim: bool) -> str:
    """Phrases and hostile characters, joined by spaces, line ends or nothing."""
    parts = draw(
        st.lists(
            st.one_of(
                phrases(claim),
                st.sampled_from(HOSTILE),
                st.lists(st.sampled_from([*HOSTILE, "a", "I", "i", "0", " "]), max_size=6).map(
                    "".join
                ),
            ),
            max_size=12,
        )
    )
    glue = draw(st.sampled_from(["", " ", "\n", "\r\n", "\n\n", "\n- ", " İ"]))
    prefix = draw(st.sampled_from(["", "İ" * 70, "x" * 300, "# Heading\n", "```\ncode\n```\n"]))
    return prefix + glue.join(parts)


CALLS = st.lists(
    st.tuples(
        st.sampled_from(["Bash", "Write", "Read", "WebFetch", "WebSearch", "Edit", "mcp", "İ"]),
        texts(claim=False),  # the command, or the written file's content
        texts(claim=False),  # the output
        st.sampled_from(["success", "error"]),
        PATHS,
    ),
    max_size=5,
)
SHAPES = ("raw", "raw-list", "normalised", "openai", "openai-wrapped", "claude")


def _input(name: str, command: str, path: str) -> dict[str, str]:
    if name in ("Write", "Edit"):
        return {"file_path": path, "content": command}
    if name == "Read":
        return {"file_path": path}
    if name == "WebFetch":
        return {"url": f"https://{command}/{path}"}
    if name == "WebSearch":
        return {"query": command}
    return {"command": command}


def _transcript_text(shape: str, calls: list[tuple[str, str, str, str, str]]) -> str:
    """The calls as one file of `shape` (one assistant message per call)."""
    rows: list[dict[str, Any]] = [{"role": "user", "content": "the task"}]
    if shape in ("raw", "raw-list"):
        for name, command, output, status, path in calls:
            call = {"tool": name, "input": _input(name, command, path), "output": output,
                    "status": status}  # fmt: skip
            rows.append({"role": "assistant", "content": "", "tool_calls": [call]})
        if shape == "raw":
            return "\n".join(json.dumps(row) for row in rows)
        return json.dumps(rows)
    if shape == "normalised":
        turns: list[dict[str, Any]] = [{"type": "user", "content": [{"type": "text", "text": "t"}]}]
        for name, command, output, status, path in calls:
            block = {"type": "tool_use", "name": name, "input": _input(name, command, path),
                     "result": {"output": output, "status": status}}  # fmt: skip
            turns.append({"type": "assistant", "content": [block]})
        return json.dumps({"turns": turns})
    if shape in ("openai", "openai-wrapped"):
        for number, (name, command, output, _status, path) in enumerate(calls):
            function = {"name": name, "arguments": json.dumps(_input(name, command, path))}
            rows.append({"role": "assistant", "content": None,
                         "tool_calls": [{"id": f"c{number}", "function": function}]})  # fmt: skip
            rows.append({"role": "tool", "tool_call_id": f"c{number}", "content": output})
        return json.dumps({"messages": rows} if shape == "openai-wrapped" else rows)
    lines = [{"type": "user", "uuid": "u0", "message": {"role": "user", "content": "the task"}}]
    for number, (name, command, output, status, path) in enumerate(calls):
        use = {"type": "tool_use", "id": f"t{number}", "name": name,
               "input": _input(name, command, path)}  # fmt: skip
        result = {"type": "tool_result", "tool_use_id": f"t{number}", "is_error": status == "error",
                  "content": [{"type": "text", "text": output}]}  # fmt: skip
        lines.append(
            {
                "type": "assistant",
                "uuid": f"a{number}",
                "message": {"id": f"m{number}", "role": "assistant", "content": [use]},
            }
        )
        lines.append({"type": "user", "uuid": f"r{number}",
                      "message": {"role": "user", "content": [result]}})  # fmt: skip
    return "\n".join(json.dumps(line) for line in lines)


def _read(shape: str, calls: list[tuple[str, str, str, str, str]]) -> Transcript:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "transcript.jsonl"
        path.write_text(_transcript_text(shape, calls), encoding="utf-8")
        transcript, problem, _ = read_transcript(str(path), "the task")
    assert transcript is not None, problem
    return transcript


def _output_lines(transcript: Transcript) -> dict[tuple[int, str], list[str]]:
    """Each (message, tool name)'s output lines as evidence quotes them: cut as
    `str.splitlines` cuts them, stripped (and `(no output)`)."""
    lines: dict[tuple[int, str], list[str]] = {}
    for message in transcript.messages:
        for call in message.tool_calls:
            output = call.output if isinstance(call.output, str) else json.dumps(call.output)
            found = lines.setdefault((message.index, call.name), ["(no output)"])
            found += [line.strip() for line in output.splitlines()]
    return lines


_CITED = re.compile(r"message (\d+), tool call (\S+?)(?: `|: )")
_VALUE = re.compile(r"'([^']+)': ")  # a value found: `'12.50': message 3, tool call …`
_AMOUNT = re.compile(r"-?\$?(\d+(?:,\d{3})*)(\.\d+)?")


def _forms(shown: str) -> set[str]:
    """The spellings of a found value one of which its line holds (SPEC §5.9: as written,
    with thousands separators, in cents)."""
    forms = {shown.lower()}
    amount = _AMOUNT.fullmatch(shown)
    if amount is not None:
        whole = amount.group(1).replace(",", "")
        forms.add(whole)
        if len(whole) <= 4300:
            forms.add(f"{int(whole):,}")
        cents = float(whole + (amount.group(2) or "")) * 100
        if len(amount.group(2) or "") == 3 and cents != float("inf"):
            forms.add(str(round(cents)))
    return forms


def _assert_quotes_come_from_the_run(
    evidence: str, lines: dict[tuple[int, str], list[str]]
) -> None:
    """Each line the evidence quotes is a line of the cited call's output, and a value's
    line (`'12.50': message …`) holds the value."""
    for cited in _CITED.finditer(evidence):
        full = lines[(int(cited.group(1)), cited.group(2))]
        if cited.group(0).endswith(": "):  # `…, tool call T: line` (the rest of the evidence)
            held = [evidence[cited.end() :]]
            assert held[0] in full, evidence
        else:
            arrow = evidence.find(' → "', cited.end())
            assert arrow >= 0, evidence
            start = arrow + len(' → "')
            shortened = [(line, line if len(line) <= 160 else line[:159] + "…") for line in full]
            held = [line for line, short in shortened if evidence.startswith(short + '"', start)]
            assert held, evidence
        value = _VALUE.match(evidence)
        if value is not None and value.end() == cited.start():
            forms = _forms(value.group(1))
            assert any(form in line.lower() for line in held for form in forms), evidence


def _assert_claim_is_where_it_says(response: str, claim: Any) -> None:
    lines = response.split("\n")
    assert 1 <= claim.line <= len(lines), claim
    offset = sum(len(line) + 1 for line in lines[: claim.line - 1]) + claim.col - 1
    assert offset == claim.start, claim
    assert " ".join(response[claim.start : claim.end].split()) == claim.text, claim


@settings(
    max_examples=300,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(
    response=texts(claim=True),
    task=st.sampled_from(["", "the task", "There are 5000 rows, İ", "9" * 4400]),
    shape=st.sampled_from(SHAPES),
    calls=CALLS,
)
def test_hostile_text_is_read_without_failing_and_claims_point_at_the_run(
    response: str, task: str, shape: str, calls: list[tuple[str, str, str, str, str]]
) -> None:
    transcript = _read(shape, calls)
    lines = _output_lines(transcript)
    for claim in check_claims(response, transcript, task):
        assert claim.status in STATUSES and claim.kind in KINDS, claim
        _assert_claim_is_where_it_says(response, claim)
        _assert_quotes_come_from_the_run(claim.evidence, lines)
