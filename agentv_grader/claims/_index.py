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
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from ._runners import RUNNER, Summary, summarise

if TYPE_CHECKING:
    from ..rundata.records import Timing, Transcript

_EXIT = re.compile(r"^\s*(?:Exit code|exit code|exit status|Exited with code)[: ]+(\d+)", re.M)
_HTTP = re.compile(
    r"\bHTTP/\d(?:\.\d)? (\d{3})\b|\bHTTP (\d{3})\b|\"status(?:_?code|Code)?\":\s*(\d{3})\b"
    r"|\bstatus(?: code)?[:=] ?(\d{3})\b"
)
NESTED = "(nested too deeply to read)"
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
        """The HTTP statuses the output shows in its first 4,000 characters (a status line
        or a `status` field comes first; a long body after it is not read), in order."""
        head = self.output[:4000]
        if "HTTP" not in head and "status" not in head:
            return ()
        return tuple(int(next(g for g in m.groups() if g)) for m in _HTTP.finditer(head))

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


class _Postings:
    """Which texts hold which words: a lookup of a needle reads only the texts that hold
    all its words, never the whole run (a 2 MB transcript, hundreds of claims).

    Words are runs of ASCII letters and digits. A needle's words must be whole words of
    the text, except its last, which may begin a longer word when it is alphabetic and
    three letters or more (`month` finds `months:`). The texts found are then searched
    for the needle itself, so a hit is always a real substring."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        words: dict[bytes, list[int]] = {}
        for number, text in enumerate(texts):
            for word in set(_words(text)):
                found = words.get(word)
                if found is None:
                    words[word] = [number]
                else:
                    found.append(number)
        self.words = words
        self._sorted: list[bytes] | None = None

    def candidates(self, needle: str) -> list[int] | None:
        """The texts that may hold `needle`, in order; None when it has no word to index."""
        words = _words(needle)
        if not words:
            return None
        sets: list[list[int]] = []
        for position, word in enumerate(words):
            last = position == len(words) - 1 and needle[-1:].isalnum()
            found = (
                self._starting(word)
                if last and word.isalpha() and len(word) >= 3
                else (self.words.get(word, []))
            )
            if not found:
                return []
            sets.append(found)
        sets.sort(key=len)
        chosen = set(sets[0])
        for other in sets[1:]:
            chosen.intersection_update(other)
        return sorted(chosen)

    def _starting(self, prefix: bytes) -> list[int]:
        if self._sorted is None:
            self._sorted = sorted(self.words)
        at = bisect.bisect_left(self._sorted, prefix)
        found: set[int] = set()
        while at < len(self._sorted) and self._sorted[at].startswith(prefix):
            found.update(self.words[self._sorted[at]])
            at += 1
        return sorted(found)


_WORD_BYTES = bytes(c if (48 <= c <= 57 or 97 <= c <= 122) else 32 for c in range(256))


def _words(text: str) -> list[bytes]:
    """The ASCII letter-and-digit words of lowercase `text` (other characters separate)."""
    return text.encode("utf-8", "replace").translate(_WORD_BYTES).split()


class RunIndex:
    """Calls, test runs and figures of one run, built once and then only read.

    Every call's input and output, lowercased, are indexed by word (`_Postings`), so a
    claim's lookup reads the few calls that may hold its needle."""

    def __init__(self, transcript: Transcript, task: str, timing: Timing | None) -> None:
        self.task = task
        self.task_lower = task.lower()
        self.timing = timing
        self.calls: tuple[Call, ...] = tuple(_calls(transcript))
        self.shell = tuple(c for c in self.calls if c.family == "shell")
        self.tests: tuple[TestRun, ...] = tuple(
            TestRun(c) for c in self.shell if RUNNER.search(c.command_lower)
        )
        self._outputs = _Postings([c.output_lower for c in self.calls])
        self._inputs = _Postings([c.command_lower for c in self.calls])
        self._cache: dict[tuple[str, str], Any] = {}

    def outputs_with(self, needle: str) -> Iterator[tuple[Call, int]]:
        """Each (call, position in its output) where `needle` (lowercase) occurs, in order."""
        for number in self._where(self._outputs, needle):
            text = self._outputs.texts[number]
            at = text.find(needle)
            while at >= 0:
                yield self.calls[number], at
                at = text.find(needle, at + 1)

    def inputs_with(self, needle: str) -> list[Call]:
        """The calls whose input holds `needle` (lowercase), once each, in order."""
        key = ("in", needle)
        if key not in self._cache:
            texts = self._inputs.texts
            self._cache[key] = [
                self.calls[n] for n in self._where(self._inputs, needle) if needle in texts[n]
            ]
        calls: list[Call] = self._cache[key]
        return calls

    def first_output(self, needle: str) -> Call | None:
        return next((call for call, _ in self.outputs_with(needle)), None)

    def in_outputs(self, needle: str) -> bool:
        return self.first_output(needle) is not None

    def in_inputs(self, needle: str) -> bool:
        return bool(self.inputs_with(needle))

    def _where(self, postings: _Postings, needle: str) -> Iterable[int]:
        found = postings.candidates(needle) if needle else []
        return range(len(postings.texts)) if found is None else found

    def remember(self, kind: str, key: str, make: Callable[[], Any]) -> Any:
        """A derived value computed once per run (`fetches`, `unseen writers`, …)."""
        if (kind, key) not in self._cache:
            self._cache[(kind, key)] = make()
        return self._cache[(kind, key)]


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
    return _dumped(value, (",", ":"))


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return _dumped(value, (", ", ": "))


def _dumped(value: Any, separators: tuple[str, str]) -> str:
    """JSON text of a tool call's input or output; data nested past Python's recursion
    limit (a hostile transcript) is evidence of nothing and becomes a placeholder."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=separators)
    except RecursionError:
        return NESTED
    except (TypeError, ValueError):
        return str(value)
