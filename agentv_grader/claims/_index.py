"""The run as evidence: every tool call of a transcript flattened, in order, with what a
claim checker asks of it (SPEC §5.9).

Built once per response. Decided here: a call *failed* when its status says error, its
output starts with a non-zero exit code (`Exit code 1`, Claude Code's preamble), ends with
one (OpenHands's `[Command finished with exit code 1]`) or with a tool's word of its
failure (make's `*** … Error 1`), or names an HTTP status of 400 or more; a call's
*command* is its shell text (`command`, `cmd`, `script`, or the whole input when it is a
string), else the compact JSON of its input.
"""

from __future__ import annotations

import bisect
import itertools
import json
import operator
import re
from collections import defaultdict, namedtuple
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from ..jsontext import import_orjson
from ._later import later
from ._runners import RUNNER, Summary, summarise

if TYPE_CHECKING:
    from ..rundata.records import Timing, Transcript

orjson = import_orjson()  # without `dataclasses`, as batch mode imports it
_TOOL_FAILED = later(
    r"^make(?:\[\d+\])?: \*\*\* .*\bError [1-9]\d*\s*$|\bCommand failed with exit code [1-9]\d*\b"
    r"|^npm (?:ERR!|error) code (?:[1-9]\d*|ELIFECYCLE)\b"
    r"|^npm (?:ERR!|error) Lifecycle script `[^`\n]+` failed with error:"
    r"|^\w+sum: WARNING: [1-9]\d* (?:computed checksums? did NOT match|listed files? could not be"
    r" read)|^done \(warnings were emitted\)\s*$",
    re.M,
)
# git's fatal error after its remote's, hint or warning lines (`remote: Permission to
# a/b.git denied …` then `fatal: unable to access …`), and its rejected push's closing
# (`! [rejected] … error: failed to push some refs to …`, hints after it): exit codes
# other than 0 an output without a status shows so
_GIT_FATAL = later(r"(?:(?:remote|hint|warning): [^\n]*\n)+fatal: ")
_GIT_UNPUSHED = "\nerror: failed to push some refs to "
# A command that builds (compiles) the project: what a build claim is held to
BUILD_CALL = later(
    r"\b(?:cmake --build|make|ninja|cargo build|go build|gcc|g\+\+|clang\+?\+?|tsc|"
    r"dotnet (?:build|test)|cargo test|swift test|mvnw? (?:compile|package)|"
    r"gradlew? (?:build|assemble)|"
    r"(?:npm|pnpm|yarn)(?: run)? build|(?:cabal|stack|swift|lake) build|xcodebuild|"
    r"typst compile|cobc|gfortran|javac|rustc|fpc)\b"
)
_BUILD_WORDS = ("make", "ninja", "build", "gcc", "g++", "clang", "tsc", "compile", "package",
                "assemble", "test", "cobc", "gfortran", "javac", "rustc", "fpc")  # fmt: skip
_CLOSING_EXIT = later(
    r"\[(?:Command finished|The command completed) with exit code (\d+)\.?\]"
    r"(?:\s*\[Current working directory: [^\]\n]*\])?\s*$"
)
_EXIT = later(r"^\s*(?:Exit code|exit code|exit status|Exited with code)[: ]+(\d+)", re.M)
# The HTTP status patterns' alternatives. `_HTTP` puts `\b` before those opening with a
# letter; `_HTTP_OPENING` leaves it out, so each alternative opens with a character of its
# own (`H`, `"`, `s`) that a search skips to, and finds a superset of `_HTTP`'s places
# (`_first_http` confirms each with `_HTTP`).
_HTTP_ALTERNATIVES = (
    r"HTTP/\d(?:\.\d)? (\d{3})\b",
    r"HTTP (\d{3})\b",
    r"\"status(?:_?code|Code)?\":\s*(\d{3})\b",
    r"status(?: code)?[:=] ?(\d{3})\b",
)
_HTTP = re.compile("|".join(rf"\b{a}" if a[0].isalpha() else a for a in _HTTP_ALTERNATIVES))
_HTTP_OPENING = later("|".join(_HTTP_ALTERNATIVES))
NESTED = "(nested too deeply to read)"
_quoted: Callable[[str], str] = json.encoder.encode_basestring
# (a formatter's check printing what it would change, rustfmt's and stylua's `Diff in
# src/a.rs`, exits 1; so does the Go toolchain's report of a package's errors or vet
# findings, `# example.com/a/feed` then `feed/fetch.go:54:7: …`)
_ERROR_START = later(
    r"\s*(?:Error\b|ERROR\b|error:|Traceback \(most recent|fatal:|npm ERR!|Diff in \S"
    r"|# [\w.-]+(?:/[\w.-]+)+\n(?:# \[[^\]\n]+\]\n)?[\w./-]+\.go:\d+:\d+: )"
)
_ERROR_FIRST = frozenset("EeTfnD#")
# an API's answer, by its first key, that it did nothing (`{"ok": false, …}`, `{"status":
# "failed", "error": "SMTP 550 …"}`)
_API_REFUSED = later(
    r'\{\s*"(?:ok|success)"\s*:\s*false\b|\{\s*"status"\s*:\s*"(?:failed|failure|error)"'
)
_SHELL_NAMES = frozenset(
    {
        "shell",
        "bash",
        "terminal",
        "exec_command",
        "run_command",
        "run_shell_command",
        "local_shell",
        "run_terminal_cmd",
        "run_in_terminal",
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
# The sub-commands of an editor tool (OpenHands' `str_replace_editor`, Anthropic's text
# editor), each call's family: `view` reads, `create` writes a whole file, the rest edit.
_EDITOR_FAMILIES = {"view": "read", "create": "write", "str_replace": "edit", "insert": "edit",
                    "undo_edit": "edit"}  # fmt: skip
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
    ("apply_diff", "edit"),  # Roo Code's and Cline's edit by a diff
    ("modify", "edit"),
    ("patch", "edit"),
    ("read", "read"),
    ("python", "shell"),
    ("exec", "shell"),
    ("shell", "shell"),
)


_ORDER: Callable[[tuple[Any, ...]], int] = operator.itemgetter(0)  # a Call's `order`


if TYPE_CHECKING:

    class _CallFields(NamedTuple):
        order: int
        message: int
        name: str
        family: str  # shell, read, write, edit, fetch, search, http or other
        command: str  # the shell text, or the input as compact JSON
        output: str
        failed: bool
        command_lower: str
        output_lower: str

else:  # the same fields, without `typing.NamedTuple`'s compiling of each annotation
    _CallFields = namedtuple(
        "_CallFields",
        "order message name family command output failed command_lower output_lower",
    )


class Call(_CallFields):
    """One tool call as evidence (a named tuple: thousands are made per run)."""

    __slots__ = ()

    @property
    def where(self) -> str:
        return f"message {self.message}, tool call {self.name}"

    def quote(self, needle: str = "", width: int = 160) -> str:
        """The output line holding `needle` (else the first non-empty line), shortened."""
        return _shortened(_quoted_line(self.output, self.output_lower, needle), width)

    def written(self, at: int) -> int:
        """Offset `at` of `output_lower` (where `outputs_with` finds a place) in `output`."""
        return as_written(self.output, self.output_lower, at)

    def cite(self, needle: str = "") -> str:
        """`message 3, tool call Bash `pytest -q` → "14 passed in 0.18s"`."""
        return self._cited(self.quote(needle))

    def cite_line(self, line: str) -> str:
        """`cite` quoting `line`, the output's line found at a place (`line_at`), where
        `cite` quotes the first line holding its needle (another line may share its text)."""
        return self._cited(_shortened(line.strip(), 160))

    def _cited(self, quoted: str) -> str:
        command = _shortened(" ".join(self.command.split()), 80)
        return f'{self.where} `{command}` → "{quoted}"'


def _shortened(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def as_written(text: str, lowered: str, at: int) -> int:
    """Offset `at` of `lowered` (`text.lower()`) in `text`: the same but after an `İ`, the
    one character whose lowercase is two (`i` and a combining dot), so a place found in a
    lowercase text is read at the same characters in the text as written."""
    if len(lowered) == len(text):
        return at
    shift = 0
    capital = text.find("İ")
    while capital >= 0 and capital + shift < at:
        shift += 1
        capital = text.find("İ", capital + 1)
    return at - shift


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


class TestRuns:
    """The run's test runs (shell calls whose command runs tests), by distinct command.

    A claim about tests is held against the first or the last of the runs it speaks of
    (those naming a word, a test, or running everything), so a selection is its ends
    (`ends`), found from each distinct command's first and last run: a run repeats its
    test command hundreds of times, and listing every run for every clause read them all.
    A `TestRun` is made when first asked for (`run`), once per call, so its summary is
    read once."""

    __slots__ = ("_calls", "_commands", "_made", "_outputs", "by_command", "every")
    __test__ = False

    def __init__(self, calls: tuple[Call, ...], shell: _Numbered) -> None:
        """`shell`: the shell's distinct commands (`RunIndex.commands_of`)."""
        self._calls = calls
        self._made: dict[int, TestRun] = {}
        # each distinct command (as written) that runs tests with its shell calls'
        # numbers (ascending), in the order of their first runs
        self.by_command = [
            numbers
            for text, numbers in zip(*shell, strict=True)  # each command asked once
            if _may_run_tests(text) and _runs_a_runner(text) and not _looped(text)
        ]
        # the first and last runs of all (none without a run), but those with the work set
        # aside where the run has others: runs of the code before the change
        self.every = self.ends(self.by_command)
        self._commands: _Postings | None = None
        self._outputs: _Postings | None = None

    def __bool__(self) -> bool:
        return bool(self.by_command)

    def in_order(self) -> list[int]:
        """Every test run's call number (0-based), in the run's order."""
        return sorted(itertools.chain.from_iterable(self.by_command))

    def run(self, number: int) -> TestRun:
        """The test run of call `number` (0-based), made once."""
        made = self._made.get(number)
        if made is None:
            made = self._made[number] = TestRun(self._calls[number])
        return made

    def command(self, numbers: list[int]) -> str:
        """The command (as written) of the runs `numbers` (one of `by_command`)."""
        return self._calls[numbers[0]].command

    def ends(self, groups: Iterable[list[int]]) -> tuple[TestRun, ...]:
        """The first and last runs of `groups` (lists of call numbers, ascending), once
        each: what a claim reads of a selection (none when the groups are empty). Runs with
        the work set aside (`git stash && pytest …; git stash pop`), of the code before the
        change, are read only where the groups hold no other."""
        groups = list(groups)
        calls = self._calls
        kept = [n for n in groups if not work_set_aside(calls[n[0]].command)]
        first = last = -1
        for numbers in kept or groups:
            if first < 0 or numbers[0] < first:
                first = numbers[0]
            last = max(last, numbers[-1])
        if first < 0:
            return ()
        return (self.run(first),) if first == last else (self.run(first), self.run(last))

    @property
    def commands(self) -> _Postings:
        """The distinct commands, lowercase, by word (`members`: each one's runs' call
        numbers): a word is looked up as `RunIndex.inputs_with` looks it up."""
        if self._commands is None:
            lowered = [self.command(numbers).lower() for numbers in self.by_command]
            self._commands = _Postings((lowered, self.by_command))
        return self._commands

    @property
    def outputs(self) -> _Postings:
        """The runs' distinct outputs as written, for searches of them whole (`members`:
        each one's runs' call numbers, ascending)."""
        if self._outputs is None:
            by_output: dict[str, list[int]] = {}
            for number in self.in_order():
                by_output.setdefault(self._calls[number].output, []).append(number)
            self._outputs = _Postings((list(by_output), list(by_output.values())), index=False)
        return self._outputs


class _Postings:
    """Which texts hold which words: a lookup of a needle reads only the texts that hold
    all its words, never the whole run (a 2 MB transcript, hundreds of claims).

    Words are runs of ASCII letters and digits. A needle's words must be whole words of
    the text, except its last, which may begin a longer word when it is alphabetic and
    three letters or more (`month` finds `months:`). The texts found are then searched
    for the needle itself, so a hit is always a real substring.

    A run repeats texts (the same command, `ok`, a re-run's output): each distinct text
    is indexed and searched once, and what it finds stands for every call holding it.

    Texts of `_TOKENS_FROM` characters or more in all are indexed by token (words joined
    by `.`, `,` and `-`), which finds the few texts holding `11.2` or `1.7.4` without
    reading the many that hold `11` and `2` (`_tokens_holding`), each distinct line of
    them split once (`_by_line`); smaller ones by word only, as making the tokens' words
    costs more than it saves there."""

    def __init__(self, numbered: _Numbered, index: bool = True) -> None:
        # the distinct texts in order of first appearance, and each distinct text's
        # texts (their numbers, ascending)
        self.distinct, self.members = numbered
        self.tokened = index and sum(map(len, self.distinct)) >= _TOKENS_FROM
        tokens: dict[bytes, list[int]] = {}
        # token -> the distinct texts holding it as a bit set (indexed by token)
        self._bits = _by_line(self.distinct) if self.tokened else {}
        if index and not self.tokened:
            # a word met first gets its list in C (`__missing__`), so each of the some
            # 20,000 (word, text) pairs of a run is one subscript and one append
            texts_of: defaultdict[bytes, list[int]] = defaultdict(list)
            for number, held in enumerate(map(set, map(_words, self.distinct))):
                for token in held:
                    texts_of[token].append(number)
            tokens = dict(texts_of)
        self.tokens = tokens  # word -> the distinct texts holding it, in order (by word)
        # A word is a token of its own or a part of tokens with a `.`, `,` or `-`: their
        # texts are merged (and listed) when a lookup asks for the word (most words are
        # never asked).
        self._parts = _parts_of(self._bits)
        self._merged: dict[bytes, list[int]] = {}
        self._vocabulary: tuple[bytes, list[int], list[bytes]] | None = None
        self._sizes: list[int] = []
        self._holders: dict[str, frozenset[int]] = {}
        self._sorted: list[bytes] | None = None
        self._sets: dict[tuple[bytes, bool], frozenset[int]] = {}
        self._bit_sets: dict[tuple[bytes, bool], int] = {}
        self._joined: tuple[str, list[int]] | None = None
        self._holding: dict[str, list[int]] = {}
        self._candidates_of: dict[str, list[int]] = {}
        self._first: dict[str, int | None] = {}
        self._chosen_of: dict[str, list[int] | None] = {}

    def candidates(self, needle: str) -> Iterator[int]:
        """The texts that may hold `needle` (all of them hold its words), in order; those
        holding it anywhere when it has no word to index; none for an empty needle.

        Listed as read: a caller reads the first place or fifty, and a needle's distinct
        texts may stand for thousands of texts. Distinct texts are numbered as first
        met, so every text of the distinct texts after the first `_FIRST_LISTED` comes
        after the first of them: the texts before it, those of the first `_FIRST_LISTED`
        only, are listed first, and all of them only when a caller reads past these."""
        found = self._holding.get(needle)
        if found is None:
            found = self._candidates_of.get(needle)
        if found is not None:
            return iter(found)
        chosen = self._chosen(needle)
        if chosen is None:
            found = self.containing(needle)
        elif len(chosen) > _FIRST_LISTED:
            return self._listed_as_read(needle, chosen)
        else:
            found = self.expand(chosen)
        self._candidates_of[needle] = found
        return iter(found)

    def first(self, needle: str) -> int | None:
        """The first text of `candidates(needle)` holding `needle` (None: none), found among
        the distinct texts without listing their texts: distinct texts are numbered as first
        met, so the first text of the first distinct text holding it comes before any other."""
        if needle in self._first:
            return self._first[needle]
        chosen = self._chosen(needle)
        if chosen is None:
            chosen = self.distinct_containing(needle)
        texts = self.distinct
        found = next((self.members[d][0] for d in chosen if needle in texts[d]), None)
        self._first[needle] = found
        return found

    def _chosen(self, needle: str) -> list[int] | None:
        """The distinct texts holding `needle`'s words, ascending, those of them holding
        its tokens where texts are indexed by token (None: it has no word to index; none
        for an empty needle): what `candidates` and `first` read, found once for both (and
        for a needle of more than `_FIRST_LISTED` texts, whose candidates are not kept
        until read past those)."""
        if needle in self._chosen_of:
            return self._chosen_of[needle]
        chosen = self._candidates(needle) if needle else []
        if chosen is not None:
            holders = self._tokens_holding(needle, chosen)
            if holders is not None:  # those of them that hold the needle itself
                chosen = [d for d in chosen if d in holders]
        self._chosen_of[needle] = chosen
        return chosen

    def _listed_as_read(self, needle: str, chosen: list[int]) -> Iterator[int]:
        """The texts of the distinct texts `chosen` (ascending, more than
        `_FIRST_LISTED`), in order: those before the first text of
        `chosen[_FIRST_LISTED]`, then the rest of them all (kept for the needle)."""
        members = self.members
        before = members[chosen[_FIRST_LISTED]][0]
        lists = list(map(members.__getitem__, chosen[:_FIRST_LISTED]))
        ends = map(bisect.bisect_left, lists, itertools.repeat(before))
        first = sorted(
            itertools.chain.from_iterable(map(list.__getitem__, lists, map(slice, ends)))
        )
        yield from first
        found = self._candidates_of.get(needle)
        if found is None:
            found = self._candidates_of[needle] = self.expand(chosen)
        yield from itertools.islice(found, len(first), None)

    def holding(self, needle: str) -> list[int]:
        """The texts holding `needle` where the word index finds it, in order (a needle
        with no word to index is searched for anywhere; an empty one finds nothing)."""
        found = self._holding.get(needle)
        if found is None:
            found = self._holding[needle] = self.expand(self.distinct_holding(needle))
        return found

    def distinct_holding(self, needle: str) -> list[int]:
        """The distinct texts of `holding(needle)`, ascending."""
        if not needle:
            return []
        chosen = self._candidates(needle)
        if chosen is None:
            return self.distinct_containing(needle)
        holders = self._tokens_holding(needle, chosen)
        if holders is None:
            texts = self.distinct
            return [d for d in chosen if needle in texts[d]]
        return [d for d in chosen if d in holders]

    def containing(self, needle: str) -> list[int]:
        """The texts holding `needle` anywhere, in order."""
        return self.expand(self.distinct_containing(needle))

    def distinct_containing(self, needle: str) -> list[int]:
        """The distinct texts holding `needle` anywhere, in order: one search of them all
        joined (a needle with no word to index, `./...`, would otherwise read every text)."""
        if not needle or "\0" in needle:
            return [d for d, text in enumerate(self.distinct) if needle in text]
        if self._joined is None:
            ends = list(itertools.accumulate(len(text) + 1 for text in self.distinct))
            self._joined = "\0".join(self.distinct), ends
        joined, ends = self._joined
        found: list[int] = []
        at = joined.find(needle)
        while at >= 0:
            number = bisect.bisect_right(ends, at)
            found.append(number)
            at = joined.find(needle, ends[number])
        return found

    def word(self, word: bytes) -> list[int]:
        """The distinct texts holding `word` as a word, in order (callers do not change it)."""
        found = self._merged.get(word)
        if found is None:
            if not self.tokened:
                return self.tokens.get(word, [])
            bits = self._bits.get(word, 0) | self._parts.get(word, 0)
            found = self._merged[word] = _members(bits)
        return found

    def _tokens_holding(self, needle: str, chosen: list[int]) -> frozenset[int] | None:
        """The distinct texts holding `needle`, found in the tokens, for a needle of token
        characters with a `.`, `,` or `-` (`11.2`, `1.7.4`, `5,111`); None for others.

        Such a needle's words (`11`, `2`) are in most outputs of numbers, so the word
        index leaves nearly every text to read; but each place of the needle in a text
        lies inside one of the text's tokens (runs of token characters), so the texts
        holding it are exactly those holding a token it is part of, and the run's few
        thousand distinct tokens are searched instead of its megabytes of output (when
        the texts to read, `chosen`, are longer than the tokens; else None too)."""
        found = self._holders.get(needle)
        if found is not None:
            return found
        if not self.tokened or not chosen or not _TOKEN_NEEDLE.fullmatch(needle):
            return None
        if self._vocabulary is None:
            listed = list(self._bits)
            ends = list(itertools.accumulate(len(token) + 1 for token in listed))
            self._vocabulary = b" ".join(listed), ends, listed
            self._sizes = list(map(len, self.distinct))
        joined, ends, listed = self._vocabulary
        if sum(map(self._sizes.__getitem__, chosen)) < _TOKENS_WHEN_READING * len(joined):
            return None
        wanted = needle.encode()
        holders = 0
        at = joined.find(wanted)
        while at >= 0:
            number = bisect.bisect_right(ends, at)
            holders |= self._bits[listed[number]]
            at = joined.find(wanted, ends[number])
        found = self._holders[needle] = frozenset(_members(holders))
        return found

    def expand(self, distinct: list[int]) -> list[int]:
        """The numbers of the texts equal to the distinct texts `distinct` (ascending), in order."""
        if not distinct:
            return []
        if len(distinct) == 1:
            return list(self.members[distinct[0]])
        return sorted(itertools.chain.from_iterable(map(self.members.__getitem__, distinct)))

    def _candidates(self, needle: str) -> list[int] | None:
        """The distinct texts that may hold `needle`, in order; None when it has no word."""
        words = _words(needle)
        if not words:
            return None
        if len(words) == 1 and not self._is_prefix(needle, words[0], True):
            return self.word(words[0])  # one whole word: its list as it stands
        last = len(words) - 1
        if self.tokened:  # the words' bit sets joined, then listed once
            held = -1
            for position, word in enumerate(words):
                held &= self._bits_of(word, self._is_prefix(needle, word, position == last))
                if not held:
                    return []
            return _members(held)
        sets: list[frozenset[int]] = []
        for position, word in enumerate(words):
            found = self._set(word, self._is_prefix(needle, word, position == last))
            if not found:
                return []
            sets.append(found)
        sets.sort(key=len)
        chosen = sets[0].intersection(*sets[1:]) if len(sets) > 1 else sets[0]
        return sorted(chosen)

    @staticmethod
    def _is_prefix(needle: str, word: bytes, last: bool) -> bool:
        """The needle's last word may begin a longer word of the text."""
        return last and needle[-1:].isalnum() and word.isalpha() and len(word) >= 3

    def _set(self, word: bytes, prefix: bool) -> frozenset[int]:
        """The distinct texts holding `word` (as a prefix: any word it begins), made once."""
        key = (word, prefix)
        found = self._sets.get(key)
        if found is None:
            found = self._starting(word) if prefix else frozenset(self.word(word))
            self._sets[key] = found
        return found

    def _bits_of(self, word: bytes, prefix: bool) -> int:
        """The distinct texts holding `word` (as a prefix: any word it begins) as a bit set,
        made once (indexed by token)."""
        key = (word, prefix)
        found = self._bit_sets.get(key)
        if found is None:
            if prefix:
                found = 0
                for known in self._words_starting(word):
                    found |= self._bits.get(known, 0) | self._parts.get(known, 0)
            else:
                found = self._bits.get(word, 0) | self._parts.get(word, 0)
            self._bit_sets[key] = found
        return found

    def _words_starting(self, prefix: bytes) -> list[bytes]:
        """The indexed words `prefix` begins, in order: those from `prefix` up to `prefix`
        and a byte 255 (a word is ASCII letters and digits)."""
        if self._sorted is None:
            if self.tokened:  # tokens with a `.`, `,` or `-` left out, their words added
                self._sorted = sorted({*filter(bytes.isalnum, self._bits), *self._parts})
            else:  # words only, each once: sorted as they stand, with no set made
                self._sorted = sorted(self.tokens)
        at = bisect.bisect_left(self._sorted, prefix)
        return self._sorted[at : bisect.bisect_left(self._sorted, prefix + b"\xff", at)]

    def _starting(self, prefix: bytes) -> frozenset[int]:
        if self.tokened:
            return frozenset(_members(self._bits_of(prefix, True)))
        found: set[int] = set()
        for word in self._words_starting(prefix):
            found.update(self.tokens.get(word, ()))
        return frozenset(found)


# Texts numbered: the distinct ones in order of first appearance and each distinct text's
# texts (their numbers, ascending).
_Numbered = tuple[list[str], list[list[int]]]


def _numbered_of(
    calls: tuple[Call, ...], commands: _Numbered, families: list[str | None], kept: frozenset[str]
) -> _Numbered:
    """The distinct commands (numbered as written, held lowercase) of the calls of the
    families `kept`, and each one's calls of them (their numbers), in the order of those
    first calls: read from the run's numbered commands and each one's calls' family
    (`families`, None where they are of several), where numbering the calls' commands
    read each call. Only a command given by calls of several families has its calls read,
    for those of `kept` among them."""
    found: list[tuple[int, str, list[int]]] = []
    for text, numbers, family in zip(*commands, families, strict=True):
        if family in kept:
            found.append((numbers[0], text, numbers))
        elif family is None:
            numbers = [n for n in numbers if calls[n].family in kept]
            if numbers:
                found.append((numbers[0], text, numbers))
    found.sort()  # by first call (numbers: no two commands share a call)
    return [text for _, text, _ in found], [numbers for _, _, numbers in found]


SHELL_FAMILY = frozenset({"shell"})  # the families `inputs_where` and `commands_of` take
# Where a shell command's parts stand: its start and after `&&`, `||`, `|`, `;`, a line
COMMAND_PARTS = later(r"&&|\|\||[;|\n]")


_WORD_BYTES = bytes(c if (48 <= c <= 57 or 97 <= c <= 122) else 32 for c in range(256))


# The distinct texts of a lookup whose texts are listed before the others' (`candidates`).
_FIRST_LISTED = 32
# Outputs indexed by token when their distinct texts hold this many characters in all, and
# a needle looked up in the tokens when the texts to read are this many times longer.
_TOKENS_FROM = 512_000
_TOKENS_WHEN_READING = 4
# Token characters: word characters and the `.`, `,` and `-` inside numbers, versions,
# dates and ids. A word never crosses a token's edge, so a text's words are its tokens'.
_TOKEN_BYTES = bytes(
    c if (48 <= c <= 57 or 97 <= c <= 122 or c in b".,-") else 32 for c in range(256)
)
# Token characters with a `.`, `,` or `-`: the first found by `[a-z0-9]*` (one way), where
# `[a-z0-9.,-]*` before it read the rest again from each such mark (quadratic).
_TOKEN_NEEDLE = later(r"(?<![a-z0-9])[a-z0-9]*[.,-][a-z0-9.,-]*")


def _tokens(text: str) -> list[bytes]:
    """The runs of ASCII lowercase letters, digits, `.`, `,` and `-` of lowercase `text`."""
    return text.encode("utf-8", "replace").translate(_TOKEN_BYTES).split()


def _by_line(texts: list[str]) -> dict[bytes, int]:
    """Token -> the texts holding it, a bit each (bit n: `texts[n]`). Long outputs repeat
    lines as well as whole texts (a file read twice, a log's tail, a re-run's output):
    each distinct line is split once, and a text's tokens are its lines' (no token
    crosses a line break). A line's texts, then a token's, are a bit set (an int), so a
    token's texts are its lines' joined in C, not each text's tokens added one by one;
    they are listed only when a lookup asks for the token (`_members`)."""
    of_line: dict[str, int] = {}  # distinct line -> its texts, a bit each
    for number, text in enumerate(texts):
        bit = 1 << number
        for line in text.split("\n"):  # a line met twice ORs the same bit (no set made)
            of_line[line] = of_line.get(line, 0) | bit
    of_token: dict[bytes, int] = {}
    for line, held in of_line.items():
        for token in _tokens(line):  # likewise a token met twice in its line
            of_token[token] = of_token.get(token, 0) | held
    return of_token


# '0' and '1' as bytes 0 and 1: a bit set's binary digits as selectors (`_members`).
_BIT_FLAGS = bytes.maketrans(b"01", b"\0\1")


def _members(bits: int) -> list[int]:
    """The numbers of the set bits of `bits`, ascending (found in C, not bit by bit): a
    sparse set's by a search for each, a dense one's by one pass over all its bits (most
    of a run's sets are a few texts among hundreds)."""
    written = bin(bits)[:1:-1]  # lowest bit first
    if bits.bit_count() * 12 > len(written):
        return list(itertools.compress(range(len(written)), written.encode().translate(_BIT_FLAGS)))
    found = []
    at = written.find("1")
    while at >= 0:
        found.append(at)
        at = written.find("1", at + 1)
    return found


def _parts_of(bits: dict[bytes, int]) -> dict[bytes, int]:
    """Word -> the texts (a bit set) of the tokens with a `.`, `,` or `-` it is a word of."""
    parts: dict[bytes, int] = {}
    for token, held in bits.items():
        if not token.isalnum():
            for word in token.translate(_WORD_BYTES).split():
                parts[word] = parts.get(word, 0) | held
    return parts


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
        made = _calls(transcript)
        self.calls: tuple[Call, ...] = tuple(made.calls)
        self.by_family = {family: tuple(found) for family, found in made.by_family.items()}
        self._by_kind = made.by_kind
        self.shell = self.by_family.get("shell", ())
        self._commands = made.commands  # indexed when a claim first looks in the inputs
        # each distinct command's calls' family (None where they are of several)
        self._command_families = made.command_families
        self._shell_distinct = self.commands_of(SHELL_FAMILY)
        self.tests = TestRuns(self.calls, self._shell_distinct)
        self._outputs = _Postings(made.outputs)
        self._inputs_made: _Postings | None = None
        self._by_name: dict[str, tuple[Call, ...]] | None = None
        # the shell's distinct commands, lowercase, searched by `shell_matching`
        self._shell: _Postings | None = None
        self._shell_written: list[str] | None = None
        self._cache: dict[tuple[str, str], Any] = {}

    @property
    def by_name(self) -> dict[str, tuple[Call, ...]]:
        """The calls of each tool name, in order (made when a claim names a tool)."""
        if self._by_name is None:
            self._by_name = _grouped(self._by_kind, {kind: kind[0] for kind in self._by_kind})
        return self._by_name

    @property
    def _inputs(self) -> _Postings:
        """The calls' inputs by word (made when a claim first looks in them)."""
        if self._inputs_made is None:
            self._inputs_made = _Postings(self._commands)
        return self._inputs_made

    def commands_of(self, families: frozenset[str]) -> _Numbered:
        """The distinct commands (lowercase) of the calls of `families` and each one's calls
        of them (their numbers, ascending), in the order of their first calls: a run
        repeats its commands, and a question of each command's first or last call reads
        the few distinct ones, not each of a family's thousand calls."""
        return _numbered_of(self.calls, self._commands, self._command_families, families)

    def changed_after(self, call: Call) -> bool:
        """An edit or write call that did not fail comes after `call`: what `call`'s output
        said of the code may no longer hold (read from the end of the two families)."""
        return any(not after.failed for after in self.edits_after(call))

    def edits_after(self, call: Call) -> Iterator[Call]:
        """The edit and write calls after `call`, each family's from its last back (read
        from the end of the two families, not through the run's every call)."""
        for family in ("edit", "write"):
            for after in reversed(self.by_family.get(family, ())):
                if after.order <= call.order:
                    break
                yield after

    def first_write(self) -> Call | None:
        """The run's first write or edit (None: it made none): what came before it saw the
        code as the run found it."""
        writes = self.of_families("edit", "write")
        return writes[0] if writes else None

    def of_families(self, *families: str) -> list[Call]:
        """The calls of any of `families`, in order (several families' merged once per run:
        callers do not change the list)."""
        if len(families) == 1:
            return list(self.by_family.get(families[0], ()))
        key = ("families", " ".join(sorted(families)))
        found: list[Call] | None = self._cache.get(key)
        if found is None:
            found = self._cache[key] = sorted(
                c for f in families for c in self.by_family.get(f, ())
            )
        return found

    @staticmethod
    def union(*groups: Iterable[Call]) -> list[Call]:
        """The calls of all `groups`, once each, in order."""
        found: dict[int, Call] = {}
        for group in groups:
            calls = group if isinstance(group, (list, tuple)) else list(group)
            found.update(zip(map(_ORDER, calls), calls, strict=True))
        return list(map(found.__getitem__, sorted(found)))

    def named(self, test: Callable[[str], bool]) -> list[Call]:
        """The calls whose tool name passes `test` (asked once per name), in order."""
        return sorted(c for name, calls in self.by_name.items() if test(name) for c in calls)

    def outputs_with(self, needle: str) -> Iterator[tuple[Call, int]]:
        """Each (call, position in its `output_lower`) where `needle` (lowercase) occurs, in
        order (`Call.written` gives the position in `output`). The generator holds the
        calls and their index, not `self`: a caller may keep it in the index's cache
        (`remember`) without making a reference cycle."""
        return _places_of(self._outputs, self.calls, needle)

    def every_place(self, needle: str, most: int) -> list[tuple[Call, int]] | None:
        """`outputs_with`'s places, all of them, or None where there are more than `most`:
        a rule concluding from every place of a needle (the only line, none other, all
        agreeing) reads them all or decides nothing, not the first few of a long run's."""
        key = ("every place", f"{most} {needle}")  # read once: claims repeat their needles
        if key not in self._cache:
            places = list(itertools.islice(_places_of(self._outputs, self.calls, needle), most + 1))
            self._cache[key] = None if len(places) > most else places
        found: list[tuple[Call, int]] | None = self._cache[key]  # callers do not change it
        return found

    def outputs_back(self, needle: str) -> Iterator[tuple[Call, int]]:
        """`outputs_with`'s places, last first, read from the last output holding `needle`
        back: a rule wanting a needle's last place reads the few at the end of a run that
        repeats it a thousand times, not the first few."""
        return _places_back(self.calls_with_output(needle), needle)

    def inputs_with(self, needle: str) -> list[Call]:
        """The calls whose input holds `needle` (lowercase), once each, in order."""
        key = ("in", needle)
        if key not in self._cache:
            self._cache[key] = list(map(self.calls.__getitem__, self._inputs.holding(needle)))
        calls: list[Call] = self._cache[key]
        return calls

    def first_output(self, needle: str) -> Call | None:
        """The first call whose output holds `needle` where `outputs_with` finds it."""
        number = self._outputs.first(needle)
        return None if number is None else self.calls[number]

    def in_outputs(self, needle: str) -> bool:
        return self.first_output(needle) is not None

    def in_outputs_anywhere(self, needle: str) -> bool:
        """Some call's output holds `needle` (lowercase), even inside a word."""
        return bool(self._outputs.distinct_containing(needle))

    def in_inputs(self, needle: str) -> bool:
        return bool(self.inputs_with(needle))

    def named_by_a_call(self, needle: str) -> bool:
        """Some call's input or output holds `needle` (lowercase), even inside a word."""
        return bool(self.inputs_containing(needle)) or self.in_outputs_anywhere(needle)

    def mentions(self, needle: str) -> list[Call]:
        """The calls whose input or output holds `needle` (lowercase) where `inputs_with`
        and `calls_with_output` find it, once each, in order: the two lists' call numbers
        merged, not their calls (a path is named by thousands of a run's calls)."""
        numbers = {*self._inputs.holding(needle), *self._outputs.holding(needle)}
        return list(map(self.calls.__getitem__, sorted(numbers)))

    def calls_with_output(self, needle: str) -> list[Call]:
        """The calls whose output holds `needle` where `outputs_with` finds it, once each."""
        return list(map(self.calls.__getitem__, self._outputs.holding(needle)))

    def outputs_read(
        self, needles: tuple[str, ...], read: Callable[[str], Any]
    ) -> tuple[list[Call], list[Any]]:
        """The calls whose output holds one of `needles` (as `calls_with_output` finds
        them) and in which `read` finds something (not None), in order, with what it found
        in each (in step): `read` is given each distinct output (as written) once, and the
        calls are listed by their distinct outputs, not read one by one."""
        postings, calls = self._outputs, self.calls
        found: dict[int, Any] = {}  # each call's number -> what `read` found in its output
        for distinct in sorted({d for n in needles for d in postings.distinct_holding(n)}):
            members = postings.members[distinct]
            value = read(calls[members[0]].output)
            if value is not None:
                found.update(zip(members, itertools.repeat(value)))
        numbers = sorted(found)
        return list(map(calls.__getitem__, numbers)), list(map(found.__getitem__, numbers))

    def outputs_containing(self, needle: str) -> list[Call]:
        """The calls whose output holds `needle` (lowercase) anywhere, even inside a word."""
        return list(map(self.calls.__getitem__, self._outputs.containing(needle)))

    def inputs_containing(self, needle: str) -> list[Call]:
        """The calls whose input holds `needle` (lowercase) anywhere, even inside a word."""
        key = ("in any", needle)
        if key not in self._cache:
            self._cache[key] = list(map(self.calls.__getitem__, self._inputs.containing(needle)))
        calls: list[Call] = self._cache[key]
        return calls

    def builds(self) -> list[Call]:
        """The shell calls that build the project (`BUILD_CALL`), in order."""
        return self.shell_matching(BUILD_CALL, _BUILD_WORDS)

    def shell_matching(
        self, pattern: re.Pattern[str], words: tuple[str, ...], lowered: bool = True
    ) -> list[Call]:
        """The shell calls whose command (`lowered`: lowercase) `pattern` finds, in order.
        Every match of `pattern` holds one of `words` (lowercase, ASCII), so only the
        commands holding one are searched, not the run's thousands of commands (and each
        distinct command once)."""
        key = ("shell matching", f"{pattern.pattern}\0{lowered}")
        if key not in self._cache:
            if self._shell is None:
                self._shell = _Postings(self._shell_distinct, index=False)
            shell = self._shell
            # searched lowercase for the words; a pattern may read them as written
            holding = sorted({d for word in words for d in shell.distinct_containing(word)})
            texts = shell.distinct if lowered else self.shell_commands
            matching = [d for d in holding if pattern.search(texts[d]) is not None]
            self._cache[key] = list(map(self.calls.__getitem__, shell.expand(matching)))
        calls: list[Call] = self._cache[key]
        return calls

    @property
    def shell_commands(self) -> list[str]:
        """The shell calls' distinct commands as written, in the order of their first calls."""
        if self._shell_written is None:
            calls = self.calls
            self._shell_written = [calls[numbers[0]].command for numbers in self._shell_distinct[1]]
        return self._shell_written

    def remember(self, kind: str, key: str, make: Callable[[], Any]) -> Any:
        """A derived value computed once per run (`fetches`, `unseen writers`, …)."""
        if (kind, key) not in self._cache:
            self._cache[(kind, key)] = make()
        return self._cache[(kind, key)]

    def inputs_where(
        self,
        needle: str,
        test: Callable[[str], object],
        families: frozenset[str] | None = None,
        lowered: bool = True,
    ) -> list[Call]:
        """The calls of `inputs_with(needle)` (those of `families`, if given) whose command
        (`lowered`: lowercase, else as written) passes `test`, in order: each distinct
        command holding the needle tested once and only the passing ones' calls listed,
        where a check read the needle's every call (hundreds hold `test` or `npm`). A
        distinct command's calls are of one family (`_command_families`) but where several
        give it: only there are its calls asked theirs."""
        postings, calls = self._inputs, self.calls
        key = ("distinct in", needle)  # claims repeat a command, a tool or a target
        holding: list[int] | None = self._cache.get(key)
        if holding is None:
            holding = self._cache[key] = postings.distinct_holding(needle)
        if families is not None:
            family_of = self._command_families
            holding = [d for d in holding if family_of[d] in families or family_of[d] is None]
        if lowered:
            texts = postings.distinct
            passing = [d for d in holding if test(texts[d])]
        else:  # a distinct command's calls share its text as written
            members = postings.members
            passing = [d for d in holding if test(calls[members[d][0]].command)]
        found = map(calls.__getitem__, postings.expand(passing))
        if families is None or None not in map(self._command_families.__getitem__, passing):
            return list(found)
        return [c for c in found if c.family in families]


def _places_of(
    postings: _Postings, calls: tuple[Call, ...], needle: str
) -> Iterator[tuple[Call, int]]:
    """`RunIndex.outputs_with`'s places, read one by one: a caller may want only the
    first (`first_output`) or fifty."""
    # distinct texts without the needle, not searched again: by identity (each distinct
    # text is one string, shared by its calls; a long one is never hashed whole)
    lacking: set[int] = set()
    for number in postings.candidates(needle):
        call = calls[number]
        text = call.output_lower
        if lacking and id(text) in lacking:
            continue
        at = text.find(needle)
        if at < 0:
            lacking.add(id(text))
        while at >= 0:
            yield call, at
            at = text.find(needle, at + 1)


def _places_back(calls: list[Call], needle: str) -> Iterator[tuple[Call, int]]:
    """`RunIndex.outputs_back`'s places, read one by one from the last of `calls` back."""
    lacking: set[int] = set()  # by identity, as `_places_of`
    for call in reversed(calls):
        text = call.output_lower
        if lacking and id(text) in lacking:
            continue
        at = text.rfind(needle)
        if at < 0:
            lacking.add(id(text))
        while at >= 0:
            yield call, at
            at = text.rfind(needle, 0, at + len(needle) - 1)


class _Made:
    """What `_calls` makes in its one pass over the calls."""

    __slots__ = ("by_family", "by_kind", "calls", "command_families", "commands", "outputs")

    def __init__(
        self,
        calls: list[Call],
        by_kind: dict[tuple[str, str | None], list[Call]],
        by_family: dict[str, list[Call]],
        outputs: _Numbered,
        commands: _Numbered,
        command_families: list[str | None],
    ) -> None:
        self.calls = calls
        self.by_kind = by_kind  # each (tool name, category)'s calls, in order
        self.by_family = by_family  # each family's calls, in order
        self.outputs = outputs  # the outputs, numbered as written, lowercase
        self.commands = commands  # the commands, numbered as written, lowercase
        # each distinct command's calls' family (None where they are of several)
        self.command_families = command_families


def _calls(transcript: Transcript) -> _Made:
    """The run's calls in order, grouped by family and by tool name and category as they
    are made (the names are groups of these few kinds), with their lowercase outputs and
    commands numbered for `_Postings`: one pass over thousands of calls, where grouping
    and numbering afterwards read every call again."""
    calls: list[Call] = []
    by_kind: dict[tuple[str, str | None], list[Call]] = {}
    by_family: dict[str, list[Call]] = {}
    # each tool name's last kind: its category, family, calls and family's calls (a name
    # is found by its own hash, no (name, category) key built for each call)
    kinds: dict[str, tuple[str | None, str, list[Call], list[Call]]] = {}
    make = tuple.__new__  # Call's own __new__ is a Python function; thousands are made
    add, failed, text_of = calls.append, _failed, _text
    dumps, refused = orjson.dumps, orjson.JSONEncodeError
    # A run repeats outputs and commands: each distinct one (as written) is read,
    # lowercased and numbered once, found by the hash its dictionary makes anyway (a text
    # and another differing only in case are two texts of the index, found alike). An
    # output is read for failure (`_failed`) when a call with it first has a status other
    # than error (None until then): an error status says it already, and a run's failing
    # command repeats its output (240 of the bench's short calls' 1,215 distinct outputs).
    read: dict[str, list[Any]] = {}  # [failed or None, lowercase, members]
    # each distinct command's lowercase text, members, first call's family and number
    lowered: dict[str, tuple[str, list[int], str, int]] = {}
    outputs: list[str] = []
    output_members: list[list[int]] = []
    commands: list[str] = []
    command_members: list[list[int]] = []
    families: list[str | None] = []  # each distinct command's calls' family (None: several)
    spelt: dict[bytes | str, str] = {}
    order = 0
    for message in transcript.messages:
        where = message.index
        for tool in message.tool_calls:
            output = tool.output
            if type(output) is not str:
                output = text_of(output)
            name = tool.name
            category = tool.category
            known = kinds.get(name)
            if known is None or known[0] != category:
                family = _family(name, category, tool.input)
                known = kinds[name] = (category, family, by_kind.setdefault((name, category), []),
                                       by_family.setdefault(family, []))  # fmt: skip
            family, members = known[1], known[3]
            # the usual shell call's command, as `_command` reads it, without calling it
            value = tool.input
            command = value.get("command") if type(value) is dict else value
            if type(command) is not str:
                if family == "shell" and _shell_input(value):
                    command = value["input"]  # a terminal's `{"input": "buf generate"}`
                else:
                    try:  # an input spelt before, found by its text (`_spelt_once`) inline
                        command = spelt.get(dumps(value, None, _STRICT))
                    except refused:
                        command = None
                    if command is None:
                        command = _spelt_once(value, spelt)
            elif family == "edit" and command in _EDITOR_FAMILIES:
                # an editor's sub-command (`str_replace`): what the call did is its input
                # (path, old and new text), and the sub-command says its family
                family = _EDITOR_FAMILIES[command]
                members = by_family.setdefault(family, [])
                command = _dumped(value, (",", ":"))
            seen = read.get(output)
            if seen is None:
                lower = output.lower() if output.isascii() else _lowercase(output)
                seen = read[output] = [None, lower, _next(lower, outputs, output_members)]
            command_seen = lowered.get(command)
            if command_seen is None:
                lower = command.lower()
                command_seen = lowered[command] = (lower, _next(lower, commands, command_members),
                                                   family, len(families))  # fmt: skip
                families.append(family)
            elif command_seen[2] != family:  # given by calls of two families: read
                families[command_seen[3]] = None  # call by call
            seen[2].append(order)
            command_seen[1].append(order)
            if tool.status == "error":
                broke = True
            else:
                broke = seen[0]
                if broke is None:
                    broke = seen[0] = failed(output)
            # one int a call: the record's `order` is the next call's number (in the lists)
            following = order + 1
            fields = (following, where, name, family, command, output,
                      broke, command_seen[0], seen[1])  # fmt: skip
            order = following
            call = make(Call, fields)
            add(call)
            known[2].append(call)
            members.append(call)
    return _Made(calls, by_kind, by_family, (outputs, output_members),
                 (commands, command_members), families)  # fmt: skip


def _lowercase(text: str) -> str:
    """`text.lower()` for a text other than ASCII: where none of its other characters has
    a lowercase of its own (`…`, `±`, a box's lines), its UTF-8 bytes' ASCII letters
    lowered, where `str.lower` reads each character's case record (some 50 instructions a
    character; a run's outputs hold such marks amid their ASCII)."""
    try:
        raw = text.encode()
    except UnicodeEncodeError:  # a lone surrogate
        return text.lower()
    others = raw.translate(None, _ASCII_BYTES).decode()  # its characters other than ASCII
    if others.lower() != others:
        return text.lower()
    return raw.lower().decode()


_ASCII_BYTES = bytes(range(128))


def _next(lower: str, texts: list[str], members: list[list[int]]) -> list[int]:
    """A distinct text not met before numbered next among `texts`: its list of members
    (the texts equal to it), empty yet. Asked once per distinct text as written (`_calls`
    remembers each), not once per call."""
    texts.append(lower)
    found: list[int] = []
    members.append(found)
    return found


def _grouped(
    by_kind: dict[tuple[str, str | None], list[Call]], group_of: dict[tuple[str, str | None], Any]
) -> dict[Any, tuple[Call, ...]]:
    """The calls of each group of kinds (`group_of`: each kind's group), in order; groups in
    order of first appearance. A group of one kind (the usual case) is its list as made."""
    kinds: dict[Any, list[list[Call]]] = {}
    for kind, found in by_kind.items():
        kinds.setdefault(group_of[kind], []).append(found)
    return {
        group: tuple(lists[0])
        if len(lists) == 1
        else tuple(sorted(itertools.chain(*lists), key=_ORDER))
        for group, lists in kinds.items()
    }


def _shell_input(value: Any) -> bool:
    """A shell tool's input gives its command as `input` alone (a terminal's `{"input":
    "go test ./..."}`), not under a key `_command` reads."""
    return (
        type(value) is dict and type(value.get("input")) is str and _COMMAND_KEYS.isdisjoint(value)
    )


def _spelt_once(value: Any, spelt: dict[bytes | str, str]) -> str:
    """`_command(value)` for an input without a shell text of its own, spelt once per
    distinct input (a run repeats them: a file read again, a search's `{"query": …,
    "max_results": 10}`). Inputs are told apart by orjson's compact text of them, made
    in C (the tuple of a dict's items hashed, or its repr, cost several times more): the
    JSON values a transcript holds have texts as distinct as they are (`1`, `true` and
    `1.0`). Where orjson refuses an input (a lone surrogate, an integer past 64 bits, a
    subclass of `str`, nesting past 255 levels) or writes a `null` (as it writes NaN and
    the infinities), the input is told apart by its repr; one nested past the recursion
    limit is spelt each time (as NESTED)."""
    try:
        written = orjson.dumps(value, option=_STRICT)
    except orjson.JSONEncodeError:
        written = b"null"
    found = spelt.get(written)
    if found is None:
        shown: bytes | str = written
        if b"null" in written:  # never a key: told apart by the repr
            try:
                shown = repr(value)
            except RecursionError:
                return _command(value)
            found = spelt.get(shown)
        if found is None:
            found = spelt[shown] = _command(value)
    return found


# orjson refusing what it would otherwise write as another type's text
_STRICT = (
    orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


# What str.splitlines() breaks ASCII text at, and what str.strip() removes from it.
_ASCII_BREAKS = re.compile(r"\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e]")
_ASCII_SPACE = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
# The characters str.splitlines() breaks any text at, and those of them but `\n`.
_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LINE_START = re.compile(f"[\n{_OTHER_BREAKS}]")
_OTHER_BREAK = re.compile(f"[{_OTHER_BREAKS}]")


def _quoted_line(output: str, output_lower: str, needle: str) -> str:
    """The first non-empty line (stripped) holding `needle` in any case, else the first
    non-empty line, else `(no output)`. ASCII text (the usual case) is searched where
    the needle is, without splitting the whole output into lines."""
    if not (output.isascii() and needle.isascii()):
        return _quoted_line_slowly(output, needle)
    lowered = needle.lower()
    if lowered:
        # a break is not printable: a needle that is (nearly all) holds none, found in C
        # where the pattern's search costs some 3,000 instructions a needle
        if lowered != lowered.strip(_ASCII_SPACE) or (
            not lowered.isprintable() and _ASCII_BREAKS.search(lowered)
        ):
            return _quoted_line_slowly(output, needle)
        at = output_lower.find(lowered)
        if at >= 0:
            return line_at(output, at).strip(_ASCII_SPACE)
    first = len(output) - len(output.lstrip(_ASCII_SPACE))
    if first == len(output):
        return "(no output)"
    return line_at(output, first).strip(_ASCII_SPACE)


def line_at(output: str, at: int) -> str:
    """The line of `output` (as str.splitlines() cuts it, as `Call.quote` reads lines)
    holding offset `at`."""
    # the usual break first, then the others only after it: each search reads the line,
    # not the whole output before it
    start = output.rfind("\n", 0, at) + 1
    end = output.find("\n", at)
    line = output[start:end] if end >= 0 else output[start:]
    # the usual line: one test, not ten searches (no break is printable: a line that is
    # holds none, found in C where the pattern's search reads each character's class)
    if line.isprintable() or _OTHER_BREAK.search(line) is None:
        return line
    for other in _OTHER_BREAKS:
        found = output.rfind(other, start, at)
        if found >= 0:
            start = found + 1
    stop = _LINE_START.search(output, at)
    return output[start : stop.start() if stop else len(output)]


def _quoted_line_slowly(output: str, needle: str) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    hit = next((line for line in lines if needle and needle.lower() in line.lower()), None)
    return hit or (lines[0] if lines else "(no output)")


# Every runner RUNNER knows names one of these words: a command without any is no test run.
_RUNNER_WORDS = ("test", "jest", "mocha", "tox", "nox", "rspec", "phpunit", "check", "verify",
                 "nose2", "ava", "cypress", "gotestsum", "karma", "_level=",
                 "ConsoleLauncher", "ginkgo", "prove")  # fmt: skip


def _may_run_tests(command: str) -> bool:
    return any(word in command for word in _RUNNER_WORDS)


def _runs_a_runner(command: str) -> bool:
    """A runner's name stands in `command` (`RUNNER`) outside the parts that only read
    text (`grep -n '"jest' package.json`, `cat jest.config.js`: a pattern or a file name,
    no run)."""
    for found in RUNNER.finditer(command):
        start = max(command.rfind(mark, 0, found.start()) for mark in _PART_MARKS) + 1
        first = command[start : found.start()].split()[:1]
        if not first or first[0].rsplit("/", 1)[-1] not in TEXT_READERS:
            return True
    return False


# what ends a command's part before a runner's name, and the programs that only read or
# print text given to them
_PART_MARKS = ("|", "&", ";", "\n", "(")
TEXT_READERS = frozenset("grep egrep rg ag cat head tail less sed awk echo printf ls wc jq".split())


# A shell loop (`for i in $(seq 1 5); do npx ava …; done`) or a runner's repeat
# (`--gtest_repeat=20`): its output holds a summary of each pass, whose counts are no one
# run's. Spelt to open with the class of its alternatives' first characters (a pattern
# opening with an alternation is tried at every character of a long script); what must
# stand before a loop's keyword (`_shell_loop`) is asked of each match.
_LOOP = later(
    r"[-fwu](?:(?<=f)(?<![\w-]f)or\s[^;]*;\s*do\b|(?<=w)(?<![\w-]w)hile\s[^;]*;\s*do\b"
    r"|(?<=u)(?<![\w-]u)ntil\s[^;]*;\s*do\b|(?<=-)-gtest_repeat[= ](?!1\b)\d)"
)


def work_set_aside(command: str) -> bool:
    """The tests run with the work set aside (`git stash && pytest …; git stash pop`): a
    run of the code before the change, not of the code as the run leaves it."""
    if "stash" not in command:
        return False
    stash, pop = command.find("git stash"), command.find("stash pop")
    runner = RUNNER.search(command)
    return 0 <= stash < (runner.start() if runner else -1) < pop


def _looped(command: str) -> bool:
    """The command repeats its test runs: a runner in a loop's body (`for i in 1 2 3; do
    npx ava; done`; not `for f in *.html; do mv …; done && dotnet test`, which runs the
    tests once after it), or gtest's `--gtest_repeat`."""
    if "do" not in command and "repeat" not in command:
        return False
    for loop in _LOOP.finditer(command):
        if loop.group(0).startswith("--gtest_repeat"):
            return True
        if not _shell_loop(command, loop):
            continue
        done = _DONE.search(command, loop.end())
        if _runs_a_runner(command[loop.end() : done.start() if done else len(command)]):
            return True
    return False


def loops(command: str) -> bool:
    """The shell `command` holds a loop (`for s in $(cat sites.txt); do curl …; done`): what
    its body does, it does as many times as the loop runs."""
    return "do" in command and any(_shell_loop(command, loop) for loop in _LOOP.finditer(command))


def _shell_loop(command: str, loop: re.Match[str]) -> bool:
    """`loop`, a match of `_LOOP` in `command`, is a shell loop (not gtest's repeat) whose
    keyword may stand where it does: at the command's start, after `;`, `&`, `|` or `(`,
    or after a `do` (a loop's body)."""
    if loop.group(0).startswith("--"):
        return False
    head = command[: loop.start()].rstrip()
    if not head or head.endswith((";", "&", "|", "(")):
        return True
    return head.endswith("do") and (len(head) == 2 or not (head[-3].isalnum() or head[-3] == "_"))


_DONE = later(r"\bdone\b")


def first_status(text: str) -> int | None:
    """The first HTTP status `text` shows (a status line or a `status` field), or None."""
    if "HTTP" in text or "status" in text:
        found = _first_http(text)
        if found is not None:  # the one group of the alternative that matched
            return int(found[found.lastindex or 0])
    return None


def _first_http(text: str) -> re.Match[str] | None:
    """`_HTTP.search(text)`, the first status, found by a search that skips to where a
    match can open: `_HTTP_OPENING` finds a superset of `_HTTP`'s places (the same
    alternatives, the `\b` before two of them left out), each then matched with `_HTTP`
    itself (a place that fails there is no `_HTTP` match: the search goes on after it)."""
    found = _HTTP_OPENING.search(text)
    while found is not None:
        start = found.start()
        match = _HTTP.match(text, start)
        if match is not None:
            return match
        found = _HTTP_OPENING.search(text, start + 1)
    return None


def _failed(output: str) -> bool:
    """An output that opens with an error, an exit code other than 0, an HTTP status of
    400 or more or an API's refusal (`{"ok": false, …}`, `{"status": "failed", …}`), or
    closes with such an exit code (a call whose status is error failed whatever its
    output)."""
    head = output[:200]
    first = head[:1]  # `_ERROR_START` opens with spaces or one of these letters
    if (first in _ERROR_FIRST or first.isspace()) and _ERROR_START.match(head) is not None:
        return True
    if "fatal: " in head and _GIT_FATAL.match(head) is not None:
        return True
    if _GIT_UNPUSHED in output[:2000]:
        return True
    if "xit" in head:
        exit_code = _EXIT.search(head)
        if exit_code is not None:
            return exit_code.group(1) != "0"
    shown = first_status(head)
    if shown is not None:
        return shown >= 400
    if first == "{" and _API_REFUSED.match(head) is not None:
        return True  # Slack's Web API: `{"ok": false, "error": "not_in_channel"}`
    # OpenHands's closing line: `[Command finished with exit code 1]`, `[The command
    # completed with exit code 1.]` (its working directory's line after it)
    tail = output[-200:]
    if "finished with exit code" in tail or "completed with exit code" in tail:
        closing = _CLOSING_EXIT.search(tail)
        if closing is not None:
            return closing.group(1) != "0"
    # a tool's own closing word of its failure, where the transcript keeps no status:
    # make's `make: *** [Makefile:14: test] Error 1`, yarn's and pnpm's `Command failed
    # with exit code 1.`, npm's `npm ERR! code 1` (in a workspace, `npm ERR! Lifecycle
    # script `lint` failed with error:`), `sha256sum -c`'s `sha256sum: WARNING: 1
    # computed checksum did NOT match`, dialyzer's `done (warnings were emitted)`
    return _tool_failed(output[-300:])


def _tool_failed(tail: str) -> bool:
    """`_TOOL_FAILED` finds a failure in `tail`: searched only where it holds what one of
    its three readings holds (its alternatives were tried at each character of every
    tail holding a `***` or a `code`)."""
    if (
        ("*** " in tail and "Error " in tail)
        or "Command failed with exit code " in tail
        or ("npm " in tail and (" code " in tail or "Lifecycle script " in tail))
        or "sum: WARNING: " in tail
        or "warnings were emitted" in tail
    ):
        return _TOOL_FAILED.search(tail) is not None
    return False


def _family(name: str, category: str | None, value: Any) -> str:
    """The family of a tool's calls, from its name and category, else from its first
    call's input `value` (`_runs_commands`)."""
    lowered = name.strip().lower()
    if lowered in _SHELL_NAMES:
        return "shell"
    if category in _FAMILY_OF_CATEGORY:
        return _FAMILY_OF_CATEGORY[category]
    family = next((family for hint, family in _NAME_HINTS if hint in lowered), "other")
    return "shell" if family == "other" and _runs_commands(value) else family


_COMMAND_KEYS = frozenset(("command", "cmd", "script", "code"))


def _runs_commands(value: Any) -> bool:
    """A tool of no known family whose input is a command line (`run` with `{"cmd": …}`):
    a shell of the agent's own naming."""
    if type(value) is not dict:
        return False
    return any(type(value.get(key)) is str for key in ("command", "cmd"))


def _command(value: Any) -> str:
    if isinstance(value, str):
        return value
    shell = value.get("command") if type(value) is dict else None
    if type(shell) is str:
        return shell  # the usual shell call, as the loop below reads it
    if isinstance(value, dict) and not _COMMAND_KEYS.isdisjoint(value):
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


def _flat_strings(value: dict[Any, Any]) -> bool:
    """Every key and value is a `str` itself (not a subclass). A loop: a tool input has a
    few keys, and `frozenset.issuperset(map(type, …))` makes a set each time (three
    times the cost, on each of a run's thousands of calls)."""
    for key, item in value.items():
        if type(key) is not str or type(item) is not str:
            return False
    return True


_ENCODERS = {
    separators: json.JSONEncoder(ensure_ascii=False, separators=separators)
    for separators in ((",", ":"), (", ", ": "))
}


def _dumped(value: Any, separators: tuple[str, str]) -> str:
    """JSON text of a tool call's input or output; data nested past Python's recursion
    limit (a hostile transcript) is evidence of nothing and becomes a placeholder."""
    if type(value) is dict and _flat_strings(value):
        # The usual input (`{"file_path": …, "content": …}`), spelt as json.dumps spells
        # it, without building an encoder for each of a run's thousands of calls: orjson's
        # compact text is json.dumps's for a flat object of strings (one holding a lone
        # surrogate, which orjson refuses, is spelt by hand).
        item, key = separators
        if item == ",":
            try:
                text: str = orjson.dumps(value).decode()
                return text
            except orjson.JSONEncodeError:
                pass
        return "{" + item.join(_quoted(k) + key + _quoted(v) for k, v in value.items()) + "}"
    try:  # json.dumps(value, ensure_ascii=False, separators=separators), its encoder made once
        return _ENCODERS[separators].encode(value)
    except RecursionError:
        return NESTED
    except (TypeError, ValueError):
        return str(value)
