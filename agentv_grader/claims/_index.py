"""The run as evidence: every tool call of a transcript flattened, in order, with what a
claim checker asks of it (SPEC §5.9).

Built once per response. Decided here: a call *failed* when its status says error, its
output starts with a non-zero exit code (`Exit code 1`, Claude Code's preamble) or names
an HTTP status of 400 or more; a call's *command* is its shell text (`command`, `cmd`,
`script`, or the whole input when it is a string), else the compact JSON of its input.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from ._runners import RUNNER, Summary, summarise

if TYPE_CHECKING:
    from ..rundata.records import Timing, Transcript

_EXIT = re.compile(r"^\s*(?:Exit code|exit code|exit status|Exited with code)[: ]+(\d+)", re.M)
_HTTP = re.compile(
    r"\bHTTP/\d(?:\.\d)? (\d{3})\b|\bHTTP (\d{3})\b|\"status(?:_?code|Code)?\":\s*(\d{3})\b"
    r"|\bstatus(?: code)?[:=] ?(\d{3})\b"
)
_ERROR_START = re.compile(r"\s*(?:Error\b|ERROR\b|error:|Traceback \(most recent|fatal:|npm ERR!)")
_SHELL_NAMES = frozenset(
    {
        "shell",
        "bash",
        "terminal",
        "exec_command",
        "run_command",
        "local_shell",
        "run_terminal_cmd",
        "command_execution",
    }
)
_FAMILY_OF_CATEGORY = {
    "shell": "shell",
    "file_read": "read",
    "file_write": "write",
    "file_edit": "edit",
    "web_fetch": "fetch",
    "web_search": "search",
    "glob": "read",
    "grep": "read",
    "list_dir": "read",
}
_NAME_HINTS = (
    ("search", "search"),
    ("fetch", "fetch"),
    ("navigate", "fetch"),
    ("browse", "fetch"),
    ("http", "http"),
    ("request", "http"),
    ("graphql", "http"),
    ("api", "http"),
    ("write", "write"),
    ("create_file", "write"),
    ("edit", "edit"),
    ("patch", "edit"),
    ("read", "read"),
    ("python", "shell"),
    ("exec", "shell"),
)


class Call(NamedTuple):
    """One tool call as evidence (a named tuple: thousands are made per run)."""

    order: int
    message: int
    name: str
    family: str  # shell, read, write, edit, fetch, search, http or other
    command: str  # the shell text, or the input as compact JSON
    output: str
    failed: bool
    command_lower: str
    output_lower: str

    @property
    def where(self) -> str:
        return f"message {self.message}, tool call {self.name}"

    @property
    def http(self) -> tuple[int, ...]:
        """The HTTP statuses the output shows, in order."""
        return tuple(int(next(g for g in m.groups() if g)) for m in _HTTP.finditer(self.output))

    def quote(self, needle: str = "", width: int = 160) -> str:
        """The output line holding `needle` (else the first non-empty line), shortened."""
        lines = [line.strip() for line in self.output.splitlines() if line.strip()]
        hit = next((line for line in lines if needle and needle.lower() in line.lower()), None)
        line = hit or (lines[0] if lines else "(no output)")
        return line if len(line) <= width else line[: width - 1] + "…"

    def cite(self, needle: str = "") -> str:
        """`message 3, tool call Bash `pytest -q` → "14 passed in 0.18s"`."""
        command = " ".join(self.command.split())
        command = command if len(command) <= 80 else command[:79] + "…"
        return f'{self.where} `{command}` → "{self.quote(needle)}"'


class TestRun:
    """A call that ran tests; its runner's summary (None when none was printed) is read
    on first use, since a claim asks about one or two of a run's many test runs."""

    __slots__ = ("_read", "_summary", "call")
    __test__ = False

    def __init__(self, call: Call) -> None:
        self.call = call
        self._summary: Summary | None = None
        self._read = False

    @property
    def summary(self) -> Summary | None:
        if not self._read:
            self._summary, self._read = summarise(self.call.output), True
        return self._summary

    @property
    def ok(self) -> bool:
        if self.summary is not None:
            return self.summary.ok and not (self.call.failed and self.summary.failed)
        return not self.call.failed


class RunIndex:
    """Calls, test runs and figures of one run, built once and then only read.

    Every call's input and output, lowercased, are also joined into one text each, so a
    claim's lookup is one `str.find` over the run rather than one per call (a 2 MB
    transcript holds thousands of calls, a 20 KB response hundreds of claims)."""

    def __init__(self, transcript: Transcript, task: str, timing: Timing | None) -> None:
        self.task = task
        self.task_lower = task.lower()
        self.timing = timing
        self.calls: tuple[Call, ...] = tuple(_calls(transcript))
        self.shell = tuple(c for c in self.calls if c.family == "shell")
        self.tests: tuple[TestRun, ...] = tuple(
            TestRun(c) for c in self.shell if RUNNER.search(c.command_lower)
        )
        self.outputs_lower, self._output_starts = _joined([c.output_lower for c in self.calls])
        self.inputs_lower, self._input_starts = _joined([c.command_lower for c in self.calls])
        self._cache: dict[tuple[str, str], Any] = {}

    def outputs_with(self, needle: str) -> Iterator[tuple[Call, int]]:
        """Each (call, position in its output) where `needle` (lowercase) occurs, in order."""
        yield from self._occurrences(self.outputs_lower, self._output_starts, needle, True)

    def inputs_with(self, needle: str) -> list[Call]:
        """The calls whose input holds `needle` (lowercase), once each, in order."""
        key = ("in", needle)
        if key not in self._cache:
            found = self._occurrences(self.inputs_lower, self._input_starts, needle, False)
            self._cache[key] = list(dict.fromkeys(call for call, _ in found))
        calls: list[Call] = self._cache[key]
        return calls

    def first_output(self, needle: str) -> Call | None:
        return next((call for call, _ in self.outputs_with(needle)), None)

    def remember(self, kind: str, key: str, make: Callable[[], Any]) -> Any:
        """A derived value computed once per run (`fetches`, `unseen writers`, …)."""
        if (kind, key) not in self._cache:
            self._cache[(kind, key)] = make()
        return self._cache[(kind, key)]

    def _occurrences(
        self, text: str, starts: list[int], needle: str, outputs: bool
    ) -> Iterator[tuple[Call, int]]:
        at = text.find(needle) if needle else -1
        while at >= 0:
            number = bisect.bisect_right(starts, at) - 1
            local = at - starts[number]
            call = self.calls[number]
            if local + len(needle) <= len(call.output_lower if outputs else call.command_lower):
                yield call, local
            at = text.find(needle, at + 1)


def _joined(texts: list[str]) -> tuple[str, list[int]]:
    """The texts joined by a separator no needle holds, and where each one starts."""
    starts: list[int] = []
    offset = 0
    for text in texts:
        starts.append(offset)
        offset += len(text) + 2
    return "\n\x00".join(texts), starts


def _calls(transcript: Transcript) -> list[Call]:
    calls: list[Call] = []
    families: dict[tuple[str, str | None], str] = {}
    for message in transcript.messages:
        for tool in message.tool_calls:
            output = tool.output if isinstance(tool.output, str) else _text(tool.output)
            kind = (tool.name, tool.category)
            family = families.get(kind) or families.setdefault(kind, _family(*kind))
            command = _command(tool.input)
            order = len(calls) + 1
            calls.append(
                Call(order, message.index, tool.name, family, command, output,
                     _failed(tool.status, output), command.lower(), output.lower())
            )  # fmt: skip
    return calls


def _failed(status: str, output: str) -> bool:
    """An error status, or an output that opens with an error, an exit code other than 0
    or an HTTP status of 400 or more."""
    if status == "error":
        return True
    head = output[:200]
    if _ERROR_START.match(head) is not None:
        return True
    exit_code = _EXIT.search(head) if "xit" in head else None
    if exit_code is not None:
        return exit_code.group(1) != "0"
    http = _HTTP.search(head) if "HTTP" in head or "status" in head else None
    return http is not None and int(next(g for g in http.groups() if g)) >= 400


def _family(name: str, category: str | None) -> str:
    lowered = name.strip().lower()
    if lowered in _SHELL_NAMES:
        return "shell"
    if category in _FAMILY_OF_CATEGORY:
        return _FAMILY_OF_CATEGORY[category]
    return next((family for hint, family in _NAME_HINTS if hint in lowered), "other")


def _command(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in ("command", "cmd", "script", "code"):
            text = value.get(key)
            if isinstance(text, str):
                return text
            if isinstance(text, list) and all(isinstance(t, str) for t in text):
                return " ".join(text)
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return str(value)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)
