"""Values a response quotes from the run (counts, amounts, dates, ids, durations) held
against the tool outputs (SPEC §5.9).

Precision first. A value is *verified* when a tool output shows it: verbatim when it is
distinctive (a decimal, a number of 100 or more, a date, an id, a version), else next to
a word the claim also puts next to it (`14 fields` ↔ `Found 14 fields`). It is
*contradicted* only where an output labels the very quantity the claim labels
(`p95: 410.0 ms`, `months: 11`, a `grep -c ERROR` count) with another value, the claimed
value appears in no output at all, and the claim is neither approximate ("about") nor
quoting the task. A distinctive value found nowhere makes the claim unverifiable.
"""

from __future__ import annotations

import itertools
import re
import sys
from collections.abc import Callable, Iterator

from ..record import Record
from ._figure_words import (
    Tally,
    agree,
    conditional,
    counts_another,
    counts_another_noun,
    exit_status,
    failed_first_time,
    field_key,
    figure_word,
    how_often,
    keyed,
    list_marker,
    not_shown,
    other_count,
    part_of,
    said_of_all,
    source_line,
    tallied,
)
from ._gate import Gated, Words
from ._index import SHELL_FAMILY, Call, RunIndex, line_at
from ._later import later
from ._listings import BACKTICKED, outranked

VERIFIED, CONTRADICTED, DOUBT = "verified", "contradicted", "doubt"
# A sentence that places what it speaks of before another (`the first run`, `before the
# fix`, `initially`, `failed once`, `the previous revision`): which run or state it means
# is a guess, so the last one's result or value contradicts it not (SPEC §5.9, precision
# first).
EARLIER = Words("first before initially originally once earlier previously previous prior "
                "former begin baseline")  # fmt: skip

_NUMBER = re.compile(r"(?<![\w./#@+-])(-?)\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w/]|[.,]\d|-\w)")
# A value pattern opens with the class of its first character and asks what stands before
# that character after it (`(?<![\w.]\d)`, not `(?<![\w.])\d`): a pattern that opens
# with a class is scanned for that class's characters alone, one opening with a lookbehind
# is tried at every character of every claim (each is held against its plain spelling in
# tests/claims/test_fast_patterns.py).
_UNIT_TOKEN = later(r"\d(?<![\w.]\d)\d*(?:\.\d+)?(?:\s?(?:[KMGT]i?B|[KMGT])|ms)(?![\w])")
_VERSION = later(r"[v\d](?<![\w.].)(?:(?<=v)\d+|(?<=\d)\d*)\.\d+\.\d+(?:[-.+]\w+)*")
_ID = later(r"(?<![\w-])(?=[A-Za-z_-]*\d)(?=[\d_-]*[A-Za-z])[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+")
_DOC_ID = later(r"\b(PEP|RFC|CVE|GHSA|ISO)[- ]?(\d[\w-]*)")
_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_DATE = later(
    r"\b(?:(" + "|".join(m.capitalize() for m in _MONTHS) + r")\s+(\d{1,2}),?\s+(\d{4})"
    r"|(\d{1,2})\s+(" + "|".join(m.capitalize() for m in _MONTHS) + r")\s+(\d{4})"
    r"|(\d{4})-(\d{2})-(\d{2}))\b"
)
_APPROX = later(
    r"\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|over|under|more than|"
    r"less than|at least|at most|up to|some|~)\s*$",
    re.I,
)
_APPROX_LONGEST = 13  # `approximately`
# Each word of _APPROX (`~` anywhere): the text before a value found by a value pattern
# ends in no word character, so a claim holding none has no hedge before one.
_APPROX_WORDS = Words(
    "about around roughly approximately approx nearly almost over under more less at up some",
    marks=("~",),
)
_TASK_WORDS = later(
    r"\b(task|asked|requested|request|required|requirement|spec(?:ified)?|mentioned|"
    r"ticket|issue says|you said|as noted)\b",
    re.I,
)
_TASK_WORDS_GATED = Gated(
    _TASK_WORDS,
    Words("task asked requested request required requirement spec specified mentioned ticket "
          "issue said noted"),
)  # fmt: skip
_DIGIT = re.compile(r"\d")  # every value pattern holds one
_RANK_WORDS = (
    "most worst best quietest busiest newest latest oldest earliest highest lowest largest "
    "smallest biggest fastest slowest longest shortest cheapest greatest"
)
_RANK = Gated(
    later(r"(?<![\w/.-])(?:" + "|".join(_RANK_WORDS.split()) + r")(?![\w/.-])", re.I),
    Words(_RANK_WORDS),
)
_OPEN_DIGIT = later(r"\d(?<!\w\d)")  # a number's first digit, not `int64`'s
_ASCII_DIGIT = re.compile(r"[0-9]")  # `\d` in ASCII text, read from a table: half the scan


class _Value:
    """A value pattern, with what every match of it holds (None: no gate) and whether
    every match holds `_DIGIT_MARK`'s."""

    __slots__ = ("marked", "pattern", "words")

    def __init__(
        self, pattern: re.Pattern[str], words: Words | None = None, marked: bool = False
    ) -> None:
        self.pattern = pattern
        self.words = words
        self.marked = marked


# A digit followed by a `.` or by a size's or `ms`'s first letter (a size's after a space,
# too): in every version (`1.2.3`) and sized token (`48M`, `380 KiB`, `12ms`), and in few
# claims, where those two patterns, opening with a digit, are tried at every digit.
_DIGIT_MARK = later(r"\d(?:[.KMGTm]|\s[KMGT])")
_ASCII_DIGIT_MARK = later(r"[0-9](?:[.KMGTm]|\s[KMGT])")


# What every match of some value patterns holds: a month or an ISO date's `-`, an id's
# `-` or `_`, a document's kind.
_DATE_VALUE = _Value(_DATE, Words(" ".join(_MONTHS), marks=("-",)))
_VERSION_VALUE = _Value(_VERSION, marked=True)
_ID_VALUE = _Value(_ID, Words("", marks=("-", "_")))
_UNIT_VALUE = _Value(_UNIT_TOKEN, marked=True)
_DOC_ID_VALUE = _Value(_DOC_ID, Words("", marks=("pep", "rfc", "cve", "ghsa", "iso")))
# A duration or a time of day (`1:19:48`, `00:04:12.5`, `22:00`): one value, not two or
# three numbers (`1:19:58` is not shown by a line's `1` and `19`); a zone's `+02:00` is none
_CLOCK = later(r"(?<![\w:.+])\d{1,3}:[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?![\d:])")
_CLOCK_VALUE = _Value(_CLOCK, Words("", marks=(":",)))
# a claim placing a time in a zone or on a day (`19:12 UTC today`, `on 27 Oct 2024`,
# `(Europe/Berlin)`, `Tuesday`)
_TIME_PLACED = later(
    r"\b(?:UTC|GMT|today|yesterday|tonight|\d{4}|[A-Z][a-z]+/[A-Z][a-z_]+|"
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|"
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*)\b"
)
_VALUES = (_DATE_VALUE, _VERSION_VALUE, _ID_VALUE, _UNIT_VALUE, _DOC_ID_VALUE, _CLOCK_VALUE)
# its place among the token patterns (`_tokens`' kinds: `_VALUES` without the date's)
_CLOCK_KIND = _VALUES.index(_CLOCK_VALUE) - 1
_ID_NOUN = later(
    r"\b(?:user|item|order|issue|pr|ticket|record|id|ids|row|customer|account|form|attempt|"
    r"page|line|step|pep|rfc|version|port|python|node)\s*#?$",
    re.I,
)
_ID_NOUN_LONGEST = 8  # `customer`
# Each noun of _ID_NOUN: a claim holding none has no number after one. (The text before a
# number found by _NUMBER ends in no word character, so its words are the claim's.)
_ID_NOUN_WORDS = Words(
    "user item order issue pr ticket record id ids row customer account form attempt page "
    "line step pep rfc version port python node"
)
_STATUS_AFTER = later(
    r"[1-5]\d\d (?:OK|Created|Accepted|Not Found|Forbidden|Too Many|"
    r"Internal|Payload|Bad|Unauthorized|Service|for\b)"
)
_STATUS_BEFORE = later(r"(?:returns|returned|HTTP|responded with|answered|status|a)\s+$")
# a runtime or server named before its major version (`JDK 21`, `Node 20`, `Postgres 16`)
# (`Node` capitalised: a cluster's `node 3` is no runtime)
_RUNTIME = later(
    r"\b(?:(?i:jdk|java|openjdk|nodejs|python|ruby|php|go|rust|swift|kotlin|deno|dotnet|"
    r"postgres|postgresql|mysql|redis|ubuntu|debian|alpine|elixir|erlang|otp)|Node)[ ][vV]?$"
)
# `added optional chaining at `src/a.ts:44``: what the agent did at a source place
_EDITED = later(
    r"\b(?:added|inserted|put|changed|fixed|patched|edited|updated|replaced|wrapped|guarded|"
    r"moved|removed|deleted)\b",
    re.I,
)
_MAX_LOOKS = 50  # occurrences of one number looked at: a 2 MB run repeats small numbers
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_CAMEL = re.compile(r"_|(?<=[a-z])(?=[A-Z])")
_STOP = frozenset(
    "a an the of to in on at for and or but is are was were be been has have had it its "
    "this that these those there their them they with from by as into than then so all "
    "only also now still just both each every per plus including total".split()
)
_UNITS = frozenset(
    "ms s sec secs seconds second kb kib mb mib gb gib tb bytes percent "
    "minutes minute hours hour usd eur".split()
)
# What follows a key in an output that labels a value with it (`p95: 410.0`, `"months": 11`):
# the key itself, or its plural. A key carried on into another name labels another
# quantity (`order_id: 14` is no count of orders, `Tests run: 11` none of tests skipped).
_LABEL_VALUE = re.compile(r"(?:e?s)?[\"']?\s*[:=]\s*\"?\$?(-?\d[\d,]*(?:\.\d+)?)(?![\w.-])")
_COUNT_COMMAND = re.compile(r"\b(?:grep\s+(?:-\w*c\w*)\s+['\"]?([\w.-]+)|wc\s+-l|jq\b.*length)")


# Compiled once: a pattern given to re.search as text is looked up in re's cache per call.
_OF_NUMBER = later(r"\s+(?:of|out of)\s+\$?\d")
# a share of a thing (`63% of the base weight`): the thing's word after it labels no share
# (after a pronoun a word may: `14.3% of them blocked`)
_SHARE_OF = later(r"[^\S\n]?%[^\S\n]+of[^\S\n]+(?:the|all|our|your|its|their|this|that)\b", re.I)
_IS_BEFORE = later(r"(?:\b(?:is|are|was|were|of)|:|=)\s*\$?-?$")
# Where the words naming a number end: an arrow, or a mark no phrase of words holds.
_PHRASE_END = later(r"->|[^\w\s%'’*`-]")


# Where a number can open: `-`, `$` or a digit after none of what _NUMBER refuses before
# one. A class opens it, so it is scanned for, where _NUMBER (opening with a lookbehind,
# and its groups wanted) is tried at every character of a claim.
_NUMBER_OPENS = re.compile(r"[-$\d](?<![\w./#@+-].)")
_ASCII_NUMBER_OPENS = re.compile(r"[-$0-9](?<![\w./#@+-].)")

# A claim's digit scans (`_DIGIT`, `_DIGIT_MARK`, `_NUMBER_OPENS`), and the same in ASCII
# text, where `\d` is `[0-9]`: re reads a class of ASCII characters from a table and asks
# each character's Unicode category for `\d`.
_DIGIT_SCANS = (_DIGIT, _DIGIT_MARK, _NUMBER_OPENS)
_ASCII_DIGIT_SCANS = (_ASCII_DIGIT, _ASCII_DIGIT_MARK, _ASCII_NUMBER_OPENS)


def holds_digit(text: str) -> bool:
    """`\\d` finds a digit in `text` (searched as `[0-9]` in ASCII text)."""
    return (_ASCII_DIGIT if text.isascii() else _DIGIT).search(text) is not None


def _numbers(text: str, opening: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """`_NUMBER.finditer(text)`, tried only where a number can open (`opening`: the
    claim's `_NUMBER_OPENS`; held against it in tests/claims/test_fast_patterns.py)."""
    at = 0
    while True:
        opens = opening.search(text, at)
        if opens is None:
            return
        match = _NUMBER.match(text, opens.start())
        if match is None:
            at = opens.start() + 1
        else:
            yield match
            at = match.end()


class Finding(Record):
    """One sub-check's answer about a claim, with the evidence that decided it."""

    status: str
    evidence: str


def _value_matches(text: str, mark: re.Pattern[str]) -> list[tuple[re.Match[str], ...]]:
    """Each value pattern's matches in a claim, in `_VALUES`' order: the dates, the
    verbatim tokens and the spans numbers inside them are skipped in all read them, found
    once (and a pattern is not looked for in a claim without the words or marks every
    match of it holds; `mark`: the claim's `_DIGIT_MARK`)."""
    marked = mark.search(text) is not None
    return [
        ()
        if (value.marked and not marked)
        or (value.words is not None and not value.words.may_hold(text))
        else tuple(value.pattern.finditer(text))
        for value in _VALUES
    ]


def ranked(text: str) -> Rank | None:
    """The superlative the claim `text` ranks a value by (`quietest`, lowercase) and the
    span of its clause (`, ` and `; ` end one): the values there are what it ranks
    (`most errors come from payments (96), then auth (51)`: the 96)."""
    found = _RANK.search(text)
    if found is None:
        return None
    start = max(text.rfind(", ", 0, found.start()), text.rfind("; ", 0, found.start())) + 1
    after = found.end()
    comma = text.find(", ", after)
    if comma >= 0 and text.startswith(", with ", comma):
        after = comma + 2  # `Backlog is the largest list, with 58 cards`: its figure after
    ends = [at for at in (text.find(", ", after), text.find("; ", after)) if at >= 0]
    if _RANK_LABEL.match(text, found.end()) and not text[start : found.start()].strip(" *_-"):
        # `Best checkpoint: best.pt, saved at epoch 3`: the label ranks all it heads
        ends = [at for at in (text.find("; ", found.end()),) if at >= 0]
    return found.group(0).lower(), start, min(ends, default=len(text))


# `June was the quietest month of the six`: a month ranked first among a listing's months
MONTH_RANKED = later(
    r"[\W_]{0,8}(" + "|".join(_MONTHS) + r")(?:\s+\d{4})?\s+"
    r"(?:was|is|had|saw)\s+the\s+(quietest|lowest|fewest|smallest|least|busiest|highest|"
    r"largest|biggest|most)\b",
    re.I,
)
MONTH_WORDS = frozenset(_MONTHS)
_FEWEST = frozenset(("quietest", "lowest", "fewest", "smallest", "least"))
# a listing's row of a month and one figure (`2026-06 |  402`, `2026-06,402`)
_MONTH_ROW = later(r"^[ \t]*(\d{4})-(\d{2})[ \t]*[|,\t ][ \t]*(\d[\d,]*(?:\.\d+)?)[ \t]*$", re.M)


def month_ranked(text: str) -> bool:
    """The claim opens by ranking a month (`June was the quietest month`)."""
    return MONTH_RANKED.match(text) is not None


def month_rank_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """`June was the quietest month` where the last output listing months with one figure
    each (three or more, the month once) gives another month a figure beyond June's the
    superlative's way: the ranking read wrong (a tie leaves it open)."""
    said = MONTH_RANKED.match(text)
    if said is None:
        return
    month = f"-{_MONTHS.index(said.group(1).lower()) + 1:02d}"
    fewest = said.group(2).lower() in _FEWEST
    for call in reversed(index.calls_with_output(month)):
        rows = [
            (found.group(0).strip(), float(found.group(3).replace(",", "")))
            for found in _MONTH_ROW.finditer(call.output)
        ]
        claimed = [value for row, value in rows if row[4:7] == month]
        if len(rows) < 3 or len(claimed) != 1:
            continue
        values = [value for _, value in rows]
        extreme = min(values) if fewest else max(values)
        if extreme != claimed[0]:
            top = next(row for row, value in rows if value == extreme)
            yield Finding(
                CONTRADICTED, f"{said.group(1)} is not the {said.group(2)}: {call.cite_line(top)}"
            )
        return


# what follows a superlative heading a claim as its label, one thing (`Best checkpoint:`,
# not `Slowest endpoints:`, whose figures each rank only among the rest)
_RANK_LABEL = later(r"(?:[ ][A-Za-z][\w-]*){0,2}?[ ][A-Za-z][\w-]*(?<!s)\**:\**\s")


def _ranking(rank: Rank | None, at: int) -> str | None:
    """The superlative ranking the value at `at` of a claim, if it is in the clause."""
    return rank[0] if rank is not None and rank[1] <= at < rank[2] else None


def _ranks(index: RunIndex, call: Call, at: int, rank: str) -> bool:
    """A place of a value shows it as the superlative claims: its line says so (`best
    month: …`), or it is the first line of its output holding a number (a sorted
    listing's top row). Elsewhere it is some row's value, and whether another row
    ranks above it is not read."""
    line = line_at(call.output, call.written(at))
    if rank in line.lower():
        return True
    first: int = index.remember("first number", call.output, lambda: _first_number(call.output))
    return (
        first <= call.written(at)
        and "\n" not in call.output[first : call.written(at)]
        and not _FIELD_LINE.match(line)  # `"epochs": 3,`: a field, no listing's row
    )


_FIELD_LINE = later(r"\s*[\"']?[A-Za-z_][\w.-]*[\"']?\s*[:=]")


def _first_number(output: str) -> int:
    found = _OPEN_DIGIT.search(output)
    return len(output) if found is None else found.start()


def _ranked_place(index: RunIndex, needle: str, rank: str) -> Call | None:
    """The first call showing `needle` where it `_ranks`."""
    for call, at in itertools.islice(index.outputs_with(needle), _MAX_LOOKS):
        if _ranks(index, call, at, rank):
            return call
    return None


Rank = tuple[str, int, int]


Changed = list[tuple[str, int]]  # (a path, the order of the last call that wrote it)


class Changes:
    """A claim's `Changed` paths (`_files.changed_later`), found when a place of one of its
    values first asks: most claims holding a digit have no value read at any place (a
    test count, a date, a figure no output shows), and finding the paths they name
    split each of them."""

    __slots__ = ("_find", "_found")

    def __init__(self, find: Callable[[], Changed]) -> None:
        self._find = find
        self._found: Changed | None = None

    def __iter__(self) -> Iterator[tuple[str, int]]:
        if self._found is None:
            self._found = self._find()
        return iter(self._found)

    def __bool__(self) -> bool:
        if self._found is None:
            self._found = self._find()
        return bool(self._found)


_UNCHANGED = Changes(list)


def value_findings(
    text: str,
    index: RunIndex,
    skip: list[tuple[int, int]],
    rank: Rank | None = None,
    changed: Changes = _UNCHANGED,
) -> Iterator[Finding]:
    """Findings for every value in the claim `text` outside the `skip` spans (`rank`: the
    superlative it ranks them by, `ranked`'s; `changed`: the paths it names that a call
    wrote, `_files.changed_later`'s)."""
    digit, mark, opening = _ASCII_DIGIT_SCANS if text.isascii() else _DIGIT_SCANS
    if digit.search(text) is None:
        return  # no date, version, id, sized token nor number
    matches = _value_matches(text, mark)
    if matches[0]:
        yield from _dates(text, matches[0], index, rank)
    if any(matches[1:]):
        yield from _tokens(text, matches[1:], index, rank, changed)
    # where dates, versions, ids, unit tokens and product names sit: numbers inside them
    # are skipped (`Ryzen 7 5800X`'s 7 is no count)
    skip = skip + [
        match.span() for found in [*matches, _MODEL_NAME.finditer(text)] for match in found
    ]
    numbers = [
        m for m in _numbers(text, opening) if not _inside(m.span(), skip) and not _cites(text, m)
    ]
    if not numbers:
        return
    # the claim's gates, asked once for all of its numbers
    given = _given_by(text, index)
    task_quoted = bool(_TASK_WORDS_GATED.search(text))
    changes = _changes(text)
    id_nouns = _ID_NOUN_WORDS.may_hold(text)
    placed: list[Call] = []  # the calls where a figure of the claim was found
    counted: list[tuple[re.Match[str], float, Call | None]] = []  # each with its place
    for match in numbers:
        before = text[: match.start()]
        sign, digits, fraction = match.groups()
        value_text = sign + digits.replace(",", "") + (fraction or "")
        value = float(value_text)
        if (
            (id_nouns and _ending(_ID_NOUN, before, _ID_NOUN_LONGEST))
            or (fraction is None and 1900 <= value <= 2100)
            or text[match.end() : match.end() + 2] in (".x", ".*")  # `0.10.x`: a series
        ):
            continue
        if (
            fraction is None
            and 100 <= value < 600
            and (_STATUS_AFTER.match(text, match.start()) or _STATUS_BEFORE.search(before))
        ):
            continue  # an HTTP status: the HTTP check's
        if task_quoted and _in_task(match.group(0), index):
            continue
        if source_line(text, match.start()) and _EDITED.search(text, 0, match.start()):
            continue  # a place said edited: an output naming its line shows no edit
        approx = _approx(text, before) or _approx_range(text, match, counted)
        ranks = rank if _ranking(rank, match.start()) is not None else None
        found = len(placed)
        finding = _number(text, match, value, value_text, index, approx, ranks, changed, placed)
        counted.append((match, value, placed[-1] if len(placed) > found else None))
        if given and finding is not None and finding.status == VERIFIED:
            finding = _given_elsewhere(match, value, value_text, index, given) or finding
        if (
            finding is None
            and not approx
            and _RUNTIME.search(before, max(0, len(before) - 12))
            and not _version_shown(index, value_text.lstrip("-"))
        ):  # `JDK 21`: a runtime's version, which an output shows where it ran on it
            finding = Finding(DOUBT, f"{match.group(0)!r}, a version, appears in no tool output")
        if finding is None and not approx and match.start() in changes:
            # `grew from 59 to 61`: the figure the other one changed from (or to) is half
            # of what the claim says, whichever of the two is found
            finding = Finding(DOUBT, f"{match.group(0)!r} of a change appears in no tool output")
        if finding is not None:
            yield finding
    list_finding = _list_mismatch(text, numbers, index)
    if list_finding is not None:
        yield list_finding
    yield from _counted_otherwise_there(text, index, counted, changes, placed)


# `19 employees are below 0.90`: a count of things said past a threshold, the threshold's
# side and figure in groups 2 and 3 (none after `of`: `3 of the 17 below 0.90`)
_PAST_THRESHOLD = later(
    r"(?<![\w.,$-])(\d[\d,]*)(?!\s+of\b)(?:\s+[A-Za-z-]+){1,3}?\s+(?:are|were|is|was|sit|sat|"
    r"fall|fell|scored|came\s+in|landed)\s+(below|above|under|over)\s+"
    r"(\$?\d[\d,]*(?:\.\d+)?%?)(?![\w,]|\.\d)"
)
# an output line giving a threshold's count: `below 0.90: 17`, `over 30 days = 12`
_THRESHOLD_LINE = later(
    r"^[^\S\n]*(below|above|under|over)[^\S\n]+(\$?\d[\d,]*(?:\.\d+)?%?)"
    r"((?:[^\S\n]+[a-z]+){0,2})[^\S\n]*[:=][^\S\n]*(\d[\d,]*)[^\S\n]*$",
    re.M,
)
_THRESHOLD_PLACES = 40  # a side's places read: more, and the run counts past many thresholds


def threshold_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A count of things said past a threshold (`19 employees are below 0.90`) held to the
    output lines counting that side of that threshold alone (`below 0.90: 17`; words after
    the figure, `over 30 days: 12`, said after it too): one giving the count verifies it,
    and where all of them give one other count, it is contradicted."""
    said = _PAST_THRESHOLD.search(text)
    if said is None:
        return
    count, side, threshold = said.group(1).replace(",", ""), said.group(2).lower(), said.group(3)
    after = text[said.end() :].lower()
    shown: list[tuple[Call, str, str]] = []
    for call, at in index.every_place(side, _THRESHOLD_PLACES) or ():
        line = line_at(call.output, call.written(at))
        found = _THRESHOLD_LINE.match(line.lower())
        if found is None or found.group(1) != side or found.group(2) != threshold.lower():
            continue
        if found.group(3) and not after.startswith(found.group(3)):
            continue  # `over 30 days` where the claim says `over 30 minutes`
        shown.append((call, line.strip(), found.group(4).replace(",", "")))
    if not shown:
        return
    for call, line, value in shown:
        if value == count:
            yield Finding(VERIFIED, call.cite_line(line))
            return
    if len({value for _, _, value in shown}) == 1:
        call, line, _ = shown[-1]
        yield Finding(
            CONTRADICTED, f"{said.group(1)!r} {side} {threshold}, but {call.cite_line(line)}"
        )


# `**PAY-1420** (export timeout) → Low, Payouts, `triaged``: an id, then after an arrow
# the values said set on it (each of one or two words)
_SET_ON = later(
    r"^[\W_]*([A-Za-z][\w.-]*\d[\w.-]*)[*_`]*\s*(?:\([^)]*\)\s*)?(?:→|->)\s*(.+?)[\s.*_]*$"
)


def set_on_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """An id said set to values (`PAY-1420 → Low, Payouts`) where calls' inputs name the
    id but none holds every value: the id's place in an output shows the thing, not what
    was set on it (the update may have set another value: `"priority": "Medium"`)."""
    said = _SET_ON.match(text)
    if said is None:
        return
    values = [value.strip(" `*_") for value in said.group(2).split(",")]
    if not all(value and len(value.split()) <= 2 for value in values):
        return
    calls = index.inputs_containing(said.group(1).lower())
    words = [re.compile(rf"(?<!\w){re.escape(value.lower())}(?!\w)") for value in values]
    if calls and not any(all(w.search(call.command_lower) for w in words) for call in calls):
        yield Finding(DOUBT, f"no call naming {said.group(1)} sets {said.group(2)!r}")


# `reading it with `data_only=True` gave 412.50`: what the claim says gave its figures
_GAVE = Gated(
    later(
        r"\b(?:with|using|via)\s+`([^`\n]+)`\s+(?:gave|gives|returned|returns|showed|shows|"
        r"printed|prints|reported|reports)\b",
        re.I,
    ),
    Words("gave gives returned returns showed shows printed prints reported reports"),
)


def _given_by(text: str, index: RunIndex) -> list[Call]:
    """The calls whose input holds what the claim says gave its figures (`_GAVE`)."""
    said = _GAVE.search(text) if "`" in text else None
    return index.inputs_containing(said.group(1).lower()) if said is not None else []


def _given_elsewhere(
    match: re.Match[str], value: float, literal: str, index: RunIndex, given: list[Call]
) -> Finding | None:
    """A figure the claim says a call `given` gave (`with `data_only=True` gave 412.50`)
    found only in other calls' outputs: those show the figure, not that the call gave it
    (its own output may show otherwise: `[None, None]`)."""
    decimals = len(match.group(3) or "") - 1 if match.group(3) else 0
    orders = {call.order for call in given}
    if any(call.order in orders for call, _, _ in _occurrences(index, literal, value, decimals)):
        return None
    return Finding(DOUBT, f"{match.group(0)!r} is in no output of {given[-1].cite()}")


# `from 59 to 61`, `from $1,200 to $950`, `from 48 MB to 31 MB`: a figure and what it
# became (a number's first digit, with what stands before it, as _NUMBER reads it).
_CHANGE = later(r"\bfrom\s+(\$?-?\d)[\d,.]*(?:\s*%|\s+[A-Za-z]+)?\s+to\s+(\$?-?\d)", re.I)


def _changes(text: str) -> set[int]:
    """Where the numbers of a change (`_CHANGE`) start in the claim `text`."""
    if "from" not in text.lower():
        return set()
    return {m.start(g) for m in _CHANGE.finditer(text) for g in (1, 2)}


def _approx_range(
    text: str, match: re.Match[str], counted: list[tuple[re.Match[str], float, Call | None]]
) -> bool:
    """The figure is a range's upper bound whose lower one is hedged (`roughly 12–13%`)."""
    if not counted:
        return False
    lower = counted[-1][0]
    between = text[lower.end() : match.start()]
    return between.strip() in ("–", "-", "—", "to") and _approx(text, text[: lower.start()])


def _approx(text: str, before: str) -> bool:
    """`before` (the claim `text` up to a value) ends in a hedge such as `about`."""
    return _APPROX_WORDS.may_hold(text) and _ending(_APPROX, before, _APPROX_LONGEST) is not None


def _ending(pattern: re.Pattern[str], before: str, longest: int) -> re.Match[str] | None:
    """`pattern.search(before)` for a pattern whose match is one of its words (`longest`
    characters at most, ending in no space) and then only spaces, at most one `#` among
    them, up to the end: it starts within `longest` characters of where that tail begins, so it is
    searched from there (a pattern ending in `$` is tried at every character before it;
    a search from a place still sees what stands before it; held against the plain
    search in tests/claims/test_fast_patterns.py)."""
    end = len(before.rstrip())
    if before[end - 1 : end] == "#":
        end = len(before[: end - 1].rstrip())
    return pattern.search(before, max(0, end - longest))


def _cites(text: str, match: re.Match[str]) -> bool:
    """`[2]`: a citation marker, not a value."""
    return text[match.start() - 1 : match.start()] == "[" and text[match.end() :][:1] == "]"


def _inside(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a <= span[0] < b for a, b in spans)


def _in_task(literal: str, index: RunIndex) -> bool:
    plain = literal.lstrip("$").replace(",", "")
    return literal.lower() in index.task_lower or plain in index.task_lower.replace(",", "")


def _dates(
    text: str, found: tuple[re.Match[str], ...], index: RunIndex, ranks: Rank | None
) -> Iterator[Finding]:
    """The dates `found` (`_DATE`'s matches in the claim `text`): shown, contradicted, or
    in no output (a doubt)."""
    for match in found:
        rank = _ranking(ranks, match.start())
        for form in _date_forms(match):
            call = index.first_output(form)
            if call is not None and rank is not None:
                call = _ranked_place(index, form, rank)
                if call is None:
                    break  # shown, but not as the superlative
            if call is not None:
                yield Finding(VERIFIED, f"the date {match.group(0)!r}: {call.cite(form)}")
                break
        else:
            finding = (
                _other_date(text, match, index)
                or _id_date(text, match, found, index)
                or _unseen_date(text, match, index)
            )
            if finding is not None:
                yield finding


def _unseen_date(text: str, match: re.Match[str], index: RunIndex) -> Finding | None:
    """A date no call shows: distinctive, so another value found does not verify its claim
    (`in force on 27 December 2022, and had until 28 June 2024`: the second in no output)."""
    if _approx(text, text[: match.start()]) or _date_given(match, index):
        return None
    return Finding(DOUBT, f"the date {match.group(0)!r} appears in no tool output")


def _date_given(match: re.Match[str], index: RunIndex) -> bool:
    """The task or a call's input gives the date: the claim may quote it."""
    return any(f in index.task_lower or index.in_inputs(f) for f in _date_forms(match))


def _other_date(text: str, match: re.Match[str], index: RunIndex) -> Finding | None:
    """`Due date: 2024-06-15` where an output gives `'due': '2024-07-15'`: the date the
    claim labels is labelled with another date, and the claimed one is nowhere. A field
    holding the claimed date (an ISO timestamp's date part, `"updated_at":"2024-06-15T08:14Z"`,
    which no word-bounded lookup finds) shows it, in whichever output (a sample record's
    other date, read first, refutes nothing)."""
    if _date_given(match, index):
        return None
    words = _WORD.findall(text[max(0, match.start() - 30) : match.start()])
    key = next((w.lower() for w in reversed(words) if w.lower() not in _STOP | {"date", "on"}), "")
    if len(key) < 2 or _approx(text, text[: match.start()]):
        return None
    labelled = re.compile(re.escape(key) + r"[a-z_]{0,12}(?: date)?['\"]?\s*[:=]\s*['\"]?")
    forms = _date_forms(match)
    refuting: Finding | None = None  # the first other date labelled so, where none is it
    for looked, (call, at) in enumerate(index.outputs_with(key)):
        if looked >= _MAX_LOOKS:
            return None  # a place past those read may label the claimed date
        label = labelled.match(call.output_lower, at)
        other = None if label is None else _LABELLED_DATE.match(call.output_lower, label.end())
        if other is not None and (at == 0 or not call.output_lower[at - 1].isalpha()):
            if other.group(0) in forms or not set(_date_forms(other)).isdisjoint(forms):
                return Finding(
                    VERIFIED, f"the date {match.group(0)!r}: {call.cite(other.group(0))}"
                )
            refuting = refuting or Finding(
                CONTRADICTED, f"{match.group(0)!r} for {key!r}, but {call.cite(other.group(0))}"
            )
    return refuting


# A date as `_DATE` spells it, in an output's lowercase (`due date:  12 december 2026`),
# with `_DATE`'s groups; an ISO one may open a timestamp (`2024-06-15T08:14Z`)
_LABELLED_DATE = later(
    r"(?:(" + "|".join(_MONTHS) + r")\s+(\d{1,2}),?\s+(\d{4})"
    r"|(\d{1,2})\s+(" + "|".join(_MONTHS) + r")\s+(\d{4})"
    r"|(\d{4})-(\d{2})-(\d{2}))(?!\d)"
)


_ISO_DATE = later(r"\d{4}-\d{2}-\d{2}")


def _id_date(
    text: str, match: re.Match[str], found: tuple[re.Match[str], ...], index: RunIndex
) -> Finding | None:
    """`INC-8812 has been open since 2026-11-24` (the claim's one date, in no call and not
    given) where the one line of the outputs naming the claim's id gives one date, another
    (`INC-8812  2026-11-21T09:14:09Z  …`): a row restated with its date changed."""
    if len(found) != 1 or _date_given(match, index) or _approx(text, text[: match.start()]):
        return None
    for named in _ID.finditer(text):
        only = _only_line_naming(named.group(0), index)
        if only is None:
            continue
        line, call = only
        shown = set(_ISO_DATE.findall(line))
        if len(shown) == 1 and not shown & set(_date_forms(match)):
            return Finding(
                CONTRADICTED,
                f"the date {match.group(0)!r} for {named.group(0)}, but {call.cite_line(line)}",
            )
    return None


def _only_line_naming(name: str, index: RunIndex, whole: bool = True) -> tuple[str, Call] | None:
    """The one distinct output line naming `name` (an id), with the call of the last of
    them; None where no line or several do, or (`whole`) more than 50 places name it (not
    read: a refutation needs them all; a doubt found at the first 50 stands)."""
    places = list(itertools.islice(index.outputs_with(name.lower()), 51))
    if len(places) > 50:
        if whole:
            return None
        del places[50]
    lines = {line_at(call.output, call.written(at)).strip(): call for call, at in places}
    return next(iter(lines.items())) if len(lines) == 1 else None


# States a listing gives each of its rows, by kind of thing: a thing in one is in no
# other of its kind (an alert `firing` is not `pending`)
_STATE_KINDS = (
    frozenset(("firing", "pending", "inactive", "resolved")),
    frozenset(("running", "pending", "succeeded", "failed", "completed", "terminating")),
    frozenset(("healthy", "unhealthy", "starting")),
    frozenset(("open", "closed", "merged", "draft")),
)
_STATES = Words(" ".join(sorted(frozenset().union(*_STATE_KINDS))))
_NAMED = later(r"`([A-Za-z][\w.-]{3,})`")
_LOWER_WORDS = later(r"[a-z]+")


def other_state(text: str, index: RunIndex) -> bool:
    """`two are firing, `A` and `B`` where the one output line naming `B` gives it
    another state of the claim's kind and not the claim's (`"alert":"B","state":"pending"`):
    a status said of a listed thing is read from its row. Asked of a claim a value of it
    verified (an address beside the names is no evidence of their state)."""
    if not _STATES.may_hold(text):
        return False
    said = set(_LOWER_WORDS.findall(text.lower()))
    kinds = [kind for kind in _STATE_KINDS if not kind.isdisjoint(said)]
    for name in _NAMED.findall(text):
        only = _only_line_naming(name, index, whole=False)
        if only is None:
            continue
        shown = set(_LOWER_WORDS.findall(only[0].lower()))
        for kind in kinds:
            if shown.isdisjoint(kind & said) and not shown.isdisjoint(kind - said):
                return True
    return False


# A submission's state said now (`The form is now **approved**`), and the states a
# submission's `status` field gives (group 1 of _STATUS_FIELD)
_STATE_NOW = later(
    r"\b(?:is|are)\s+now\s+[*_]{0,2}(approved|rejected|accepted|declined|submitted|pending|"
    r"active|completed|cancell?ed)\b",
    re.I,
)
_STATE_NOW_WORDS = Words("now")
_STATUS_FIELD = later(r"\"status\"\s*:\s*\"([a-z_ -]{3,30})\"")
_SUBMISSION_STATES = frozenset(
    "approved rejected accepted declined submitted pending pending_review in_review "
    "under_review draft active inactive completed cancelled canceled processing".split()
)


def state_now_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """`The form is now approved` where the run's last output giving a `status` field gives
    one, another state of a submission (`"status":"pending_review"`): the state said is
    not the one the run last saw. Not where that output gives several (a listing's)."""
    said = _STATE_NOW.search(text) if _STATE_NOW_WORDS.may_hold(text) else None
    if said is None:
        return
    state = said.group(1).lower()
    for call, _ in itertools.islice(index.outputs_back('"status"'), 1):
        shown = _STATUS_FIELD.findall(call.output_lower)
        if len(shown) != 1 or shown[0] not in _SUBMISSION_STATES:
            return
        if state[:5] not in shown[0]:  # `pending` in `pending_review`: the same state
            at = call.output_lower.find(f'"{shown[0]}"')
            line = line_at(call.output, call.written(at))
            yield Finding(CONTRADICTED, f"said {state}, but {call.cite_line(line)}")


# A field and its value said in a code span (`more: true`, `status: "paid"`): group 1 the
# key, group 2 the value
_PAIR_SAID = later(r"`([A-Za-z_][\w.-]{1,40}):\s*\"?([^`\"\s]{1,40})\"?`")
# a change said: the pair is what the agent made, not what an output gave
_PAIR_CHANGED = later(
    r"\b(?:set|sets|changed|changes|updated|bumped|raised|lowered|added|now|to|from|was)\b",
    re.I,
)


def pair_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A field and its value said in a code span (`` `more: true` on the first ``) where
    every output giving the field as JSON (`"more": false`) gives it another value
    and no call's input holds the pair (not one the agent wrote), in a claim saying no
    change: the value read wrong."""
    if _PAIR_CHANGED.search(text) is not None:
        return
    for said in _PAIR_SAID.finditer(text):
        key, value = said.group(1).lower(), said.group(2).lower().rstrip(",")
        if index.in_inputs(key) and index.in_inputs(value):
            continue
        # a JSON field only (`"more": false`): a YAML key's value may be on lines below it
        field = re.compile(rf"\"{re.escape(key)}\"\s*:\s*\"?([^\"\s,}}\]]+)")
        shown: list[tuple[Call, str]] = []
        for call, at in itertools.islice(index.outputs_with(f'"{key}"'), _MAX_LOOKS):
            found = field.match(call.output_lower, at)
            if found is not None:
                shown.append((call, found.group(1)))
        if not shown or any(other == value for _, other in shown):
            continue
        call, other = shown[-1]
        yield Finding(CONTRADICTED, f"`{key}: {value}` said, but {call.cite(other)}")
        return


# A field the claim says was entered with a value: a label and its value (`First-time
# attendee: yes`, `**Household size:** 4`) or the label said entered, set or filled as it
# (`Household size entered as 4`); a yes or no, or a number
_ENTERED = later(
    r"[\W_]*([A-Za-z][A-Za-z -]{1,40}?)(?:[*_]*:[*_]*|\s+(?:was\s+)?(?:entered|set|filled in|"
    r"filled|recorded|submitted)\s+(?:as|to|with))\s+[*_`]*(yes|no|true|false|-?\d+(?:\.\d+)?)"
    r"[*_`]*(?=[.;,]?\s*$|\s*[.;,(])",
    re.I,
)
_YES = frozenset(("yes", "true"))
_INPUT_VALUE = r"\s*:\s*(true|false|-?\d+(?:\.\d+)?(?![\w.])|\"-?\d+(?:\.\d+)?\")"


def entered_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A field said entered with a yes or no or a number, held to the last input of a call
    that is no shell command giving the field by the label's words joined by `_`
    (`household_size`, or `is_`, `has_` before them) a value of that kind: a form filled, an
    API's payload. What the agent gave is what it entered."""
    said = _ENTERED.match(text)
    if said is None:
        return
    label, value = said.group(1).strip().lower(), said.group(2).lower()
    words = label.replace("-", " ").split()
    if not 1 <= len(words) <= 4:
        return
    key = "_".join(words)
    boolean = value in ("yes", "no", "true", "false")
    for name in (key, f"is_{key}", f"has_{key}"):
        field = re.compile(rf"\"{re.escape(name)}\"{_INPUT_VALUE}")
        given: tuple[Call, str] | None = None
        for call in index.inputs_containing(f'"{name}"'):
            if call.family in SHELL_FAMILY:
                continue
            for found in field.finditer(call.command_lower):
                given = call, found.group(1).strip('"')
        if given is None:
            continue
        call, shown = given
        if boolean != (shown in ("true", "false")):
            return  # a value of another kind: not this field's
        same = (value in _YES) == (shown == "true") if boolean else float(value) == float(shown)
        status = VERIFIED if same else CONTRADICTED
        yield Finding(status, f"{name} given {shown}: {call.cite()}")
        return


# An error's or a rule's code said with the word (`a borrow-checker error (E0505)`, `E501
# warnings`): group 1 its letters, group 2 its digits
_CODE_SAID = later(
    r"\b(?:error|errors|warning|warnings|rule|code)\b[^.;:]{0,40}?(?<![\w-])([A-Z]{1,4})(\d{3,5})\b"
    r"|(?<![\w-])([A-Z]{1,4})(\d{3,5})\b(?=[^.;:]{0,20}?\b(?:error|errors|warning|warnings)\b)"
)


def code_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """An error's code said (`hit a borrow-checker error (E0505)`), in no call nor the task,
    where the outputs show codes of its letters and width (`error[E0502]`), none of them
    it: the code read wrong."""
    for said in _CODE_SAID.finditer(text):
        letters, digits = (said.group(1), said.group(2)) if said.group(1) else said.group(3, 4)
        code = (letters + digits).lower()
        if index.in_inputs(code) or index.in_outputs_anywhere(code) or code in index.task_lower:
            continue
        # read only for a code in no call (rare): every distinct output searched once
        kin = re.compile(rf"(?<![a-z0-9]){letters.lower()}\d{{{len(digits)}}}(?![a-z0-9])")
        read: set[int] = set()
        for call in index.calls:
            if id(call.output_lower) in read:
                continue
            read.add(id(call.output_lower))
            shown = kin.search(call.output_lower)
            if shown is not None:
                line = line_at(call.output, call.written(shown.start()))
                yield Finding(
                    CONTRADICTED, f"{letters + digits!r} in no output, but {call.cite_line(line)}"
                )
                return


_VERSION_LABELLED = later(r"version['\"]?\s*[:=]\s*['\"]?v?(\d+\.\d+\.\d+[\w.+-]*)")


def _id_version(text: str, match: re.Match[str], index: RunIndex) -> Finding | None:
    """`Jinja2 3.1.4 has CVE-2024-56201, fixed in 3.1.6` (3.1.6 in no call) where the one
    line of the outputs naming the claim's id (a CVE, a GHSA) gives as many versions, the
    claim's others among them and one other (`… 3.1.4 │ 3.1.5 │`): a row restated with a
    version changed."""
    claimed = {m.group(0).lower() for m in _VERSION.finditer(text)}
    for named in _DOC_ID.finditer(text):
        only = _only_line_naming(named.group(0), index)
        if only is None:
            continue
        line, call = only
        shown = {m.group(0).lower() for m in _VERSION.finditer(line)}
        others = shown - claimed
        if len(shown) == len(claimed) > 1 and len(others) == 1 and len(claimed - shown) == 1:
            return Finding(
                CONTRADICTED,
                f"{match.group(0)!r} for {named.group(0)}, but {call.cite_line(line)}",
            )
    return None


def _other_version(text: str, match: re.Match[str], index: RunIndex) -> Finding | None:
    """`version 2.15.0` (in no call) where every output labelling a version gives one other
    (`"version":"2.14.0"`): two versions labelled leave it open (two programs'), and so
    do more places of `version` than read."""
    words = _WORD.findall(text, max(0, match.start() - 20), match.start())
    if not words or words[-1].lower() != "version":
        return None
    shown: dict[str, tuple[Call, str]] = {}
    places = index.every_place("version", _MAX_LOOKS)
    if places is None:
        return None
    for call, at in places:
        other = _VERSION_LABELLED.match(call.output_lower, at)
        if other is not None:
            shown[other.group(1)] = call, line_at(call.output, call.written(at)).strip()
    if len(shown) != 1:
        return None
    call, line = next(iter(shown.values()))
    return Finding(CONTRADICTED, f"{match.group(0)!r} for 'version', but {call.cite_line(line)}")


def _other_labelled_id(text: str, match: re.Match[str], index: RunIndex) -> Finding | None:
    """`Confirmation number: REG-1` (in no call) where every output giving the same label
    gives it one other id (`Confirmation number: REG-7`): the value read wrong (not where
    the label has more places than read)."""
    key = _claim_label(text[: match.start()])
    if key is None:
        return None
    places = index.every_place(key, _MAX_LOOKS)
    if places is None:
        return None
    after = re.compile(re.escape(key) + r"[\"']?\s*[:=]\s*[\"'`]?")
    shown: dict[str, tuple[Call, str]] = {}
    for call, at in places:
        output = call.output_lower
        said = after.match(output, at)
        if said is None or (at and output[at - 1].isalpha()):
            continue
        other = _ID.match(output, said.end())
        if other is not None:
            shown[other.group(0)] = call, line_at(call.output, call.written(at)).strip()
    if len(shown) != 1:
        return None
    call, line = next(iter(shown.values()))
    return Finding(CONTRADICTED, f"{match.group(0)!r} for {key!r}, but {call.cite_line(line)}")


def _claim_label(before: str) -> str | None:
    """The label (lowercase) of a claim that is a label and a value, `before` the value
    (`**Confirmation number:** `): words of letters alone."""
    said = before.rstrip(" `*_\"'")
    if said[-1:] != ":":
        return None
    label = said[:-1].strip(" *_#").lower()
    words = label.split(" ")
    return (
        label if 1 < len(label) <= 40 and all(w.isalpha() and w.isascii() for w in words) else None
    )


# A name just before a version said (`pre-commit 4.0.1`, `TypeScript 5.7`, `Deno v2.1`),
# or before a verb saying it is its (`Python reports 3.12.4`)
_NAME_BEFORE = later(
    r"(?<![\w.+-])([A-Za-z][\w.+-]*[A-Za-z0-9])"
    r"(?:[^\S\n]+(?:reports|reported|is|was|shows|showed|says))?[^\S\n]+v?$"
)
# The version after a name opening an output line (`pre-commit 3.8.0`, `typescript 5.6.2`),
# a colon or a `version` label between (`Cypress:  13.6.4`, `PDF version:     1.5`)
_REPORTED = later(r"(?<![^\S\n]):?(?:[^\S\n]+version:?)?[^\S\n]+v?(\d+(?:\.\d+)+)(?![\w.])")
# a package's version pinned after its name (npm's `@driftkit/dialog@1.5.0`, go's `@v0.23.0`)
_PINNED_AT = later(r"@v?(\d+(?:\.\d+)+)(?![\w.])")
# what may open a line before the name: a table's border (`│ Cypress:  13.6.4 │`)
_BORDER = " \t│┃|"


# A version said as a bound or of another time than the run's
_RANGE_AFTER = later(r"\+|\.x\b| (?:or|and) (?:later|newer|above|higher|up)\b", re.I)
_RANGE_BEFORE = later(
    r"\b(?:requires?|required|needs?|at least|minimum|since|before|prior|older|earlier|"
    r"was|were|previously|from|pinned|supports?)\W+(?:\w+\W+){0,2}$",
    re.I,
)


def _named_version(text: str, match: re.Match[str], index: RunIndex) -> Finding | None:
    """`pre-commit 4.0.1`, `TypeScript 5.7` (in no call) where every output line opening
    with the name and a version, and every place pinning the name at a version
    (`@driftkit/dialog@1.5.0`), gives another (`pre-commit 3.8.0` from `pre-commit
    --version`, `typescript 5.6.2` from `deno --version`): a version report restated
    changed. A version the claim gives more briefly (`3.8` of `3.8.0`) is the same. A name
    with more places than read is not refuted: a later report may give the claimed one."""
    name = _NAME_BEFORE.search(text, max(0, match.start() - 40), match.start())
    claimed = match.group(0).lower().lstrip("v")
    if name is None or index.in_inputs(claimed):
        return None
    if _RANGE_AFTER.match(text, match.end()) or _RANGE_BEFORE.search(text, 0, name.start()):
        return None  # `Deno 2.0 or later`, `requires Node 18.19`, `up from TypeScript 5.4`
    needle = name.group(1).lower()
    places = index.every_place(needle, _MAX_LOOKS)
    if places is None:
        return None
    shown: dict[str, tuple[Call, str]] = {}
    for call, at in places:
        output = call.output_lower
        end = at + len(needle)
        if output[end : end + 1] == "@" and output[at - 1 : at] in ("", "/", " ", "\t", "\n"):
            reported = _PINNED_AT.match(output, end)  # `@scope/dialog@1.5.0`, `dialog@1.5.0`
        elif output[output.rfind("\n", 0, at) + 1 : at].strip(_BORDER):
            continue  # the name does not open its line
        else:
            reported = _REPORTED.match(output, end)
        if reported is not None:
            shown[reported.group(1)] = call, line_at(call.output, call.written(at)).strip()
    if not shown or any(v == claimed or v.startswith(claimed + ".") for v in shown):
        return None
    call, line = next(reversed(shown.values()))
    return Finding(
        CONTRADICTED, f"{match.group(0)!r} for {name.group(1)}, but {call.cite_line(line)}"
    )


def _date_forms(match: re.Match[str]) -> list[str]:
    g = match.groups()
    if g[0]:
        month, day, year = _MONTHS.index(g[0].lower()) + 1, int(g[1]), g[2]
    elif g[3]:
        month, day, year = _MONTHS.index(g[4].lower()) + 1, int(g[3]), g[5]
    else:
        month, day, year = int(g[7]), int(g[8]), g[6]
    if not 1 <= month <= 12:
        return [match.group(0).lower()]
    name = _MONTHS[month - 1]
    forms = [f"{name} {day}, {year}", f"{day} {name} {year}", f"{year}-{month:02d}-{day:02d}"]
    if day > 12:  # `4/30/1996`, `30/04/1996`: a day no month can be reads one way only
        forms += [f"{month}/{day}/{year}", f"{day}/{month:02d}/{year}", f"{day}/{month}/{year}"]
    return list(dict.fromkeys(forms))


def _tokens(
    text: str,
    matches: list[tuple[re.Match[str], ...]],
    index: RunIndex,
    ranks: Rank | None,
    changed: Changes,
) -> Iterator[Finding]:
    """Versions, ids and sized values (`48M`, `380 KiB`), the `matches` of the value
    patterns but the date's in the claim `text`: verbatim or nothing."""
    seen: set[str] = set()
    for kind, found in enumerate(matches):  # versions first
        for match in found:
            token = match.group(0).lower()
            if token in seen or _approx(text, text[: match.start()]) or _names_subject(text, match):
                continue
            seen.add(token)
            call = index.first_output(token)
            if (
                call is None
                and kind == _CLOCK_KIND
                and (token.count(":") > 1 or _TIME_PLACED.search(text) is not None)
            ):
                # a time glued to its date (`2026-12-05T09:12:40Z`): no word opens it there
                # (one to the minute only where the claim gives its zone or day, `at 19:12
                # UTC today`: the scan of every output is paid for the claims it may verify)
                call = next(iter(index.outputs_containing(token)), None)
            # a time to the second is shown by one to a fraction of it (`10:38:52.417`), and
            # is an event's, not a value a file held before a change
            if (
                call is not None
                and kind != _CLOCK_KIND
                and (_glued(call.output_lower, token) or _read_before(call, changed) is not None)
            ):
                first = call
                call, longer = _whole_place(index, token, changed)
                if call is None:
                    if longer:  # else read only before its path changed: verifies nothing
                        yield Finding(
                            DOUBT, f"{match.group(0)!r} only inside a longer value: {longer}"
                        )
                    elif _read_before(first, changed) == "" and _said_now(text, match.start()):
                        shown = first.cite(token)
                        yield Finding(
                            DOUBT, f"{match.group(0)!r} only before a package change: {shown}"
                        )
                    continue
            rank = _ranking(ranks, match.start())
            if call is not None and rank is not None:
                call = _ranked_place(index, token, rank)
                if call is None:
                    continue  # shown, but not as the superlative
            failing = None
            if call is not None and kind == 1 and _named_alone(text, match):
                failing = _last_failing(index, token)
            if failing is not None:
                yield Finding(DOUBT, f"{match.group(0)!r} last shown failing: {failing}")
            elif call is not None:
                yield Finding(VERIFIED, f"{match.group(0)!r}: {call.cite(token)}")
            else:
                unfound = _unfound_token(text, match, kind, index)
                if unfound is not None:
                    yield unfound


def _unfound_token(text: str, match: re.Match[str], kind: int, index: RunIndex) -> Finding | None:
    """A token (`_tokens`' `kind`) in no output: in doubt, or refuted by `_other_token`;
    none where a call's input or the task holds it, or for a time of day to the minute,
    which a response often says in another zone than the run's."""
    token = match.group(0).lower()
    if (kind == _CLOCK_KIND and token.count(":") == 1) or index.in_inputs(token):
        return None
    if token in index.task_lower:
        return None
    return _other_token(text, match, kind, index) or Finding(
        DOUBT, f"{match.group(0)!r} appears in no tool call"
    )


def _other_token(text: str, match: re.Match[str], kind: int, index: RunIndex) -> Finding | None:
    """What refutes a version (`kind` 0) or an id (1) no call holds: the other one the
    outputs give where the claim places it."""
    if kind == 0:
        return (
            _other_version(text, match, index)
            or _id_version(text, match, index)
            or _named_version(text, match, index)
        )
    if kind == _CLOCK_KIND:
        return _other_clock(text, match, index)
    return _other_labelled_id(text, match, index) if kind == 1 else None


# a name of two or more capitalised words just before a value (`Hannah Kessler at `)
_PROPER_NAME_BEFORE = later(r"\b([A-Z][\w'’-]+(?: [A-Z][\w'’-]+)+)\W{0,3}(?:\s\w+){0,2}\s*$")


def _other_clock(text: str, match: re.Match[str], index: RunIndex) -> Finding | None:
    """`Hannah Kessler at 1:19:58` (in no call) where every output line naming her gives one
    other duration or time to the second (`Hannah Kessler   1:19:48`): the value misread
    (not where the name has more places than read)."""
    named = _PROPER_NAME_BEFORE.search(text, max(0, match.start() - 60), match.start())
    if named is None:
        return None
    name = named.group(1).lower()
    places = index.every_place(name, _MAX_LOOKS)
    if not places:
        return None
    shown: dict[str, tuple[Call, str]] = {}
    for call, at in places:
        line = line_at(call.output, call.written(at))
        clocks = _CLOCK.findall(line)
        if not clocks:
            return None  # a line naming it without a clock: the value may be elsewhere
        for clock in clocks:
            shown[clock] = call, line.strip()
    if len(shown) != 1:
        return None
    call, line = next(iter(shown.values()))
    return Finding(
        CONTRADICTED, f"{match.group(0)!r} for {named.group(1)!r}, but {call.cite_line(line)}"
    )


_BEFORE_SAID = later(r"\b(?:was|were|from)\b")


def _said_now(text: str, start: int) -> bool:
    """The value at `start` is said to hold now (`axios is now 1.7.4`), not what was
    before (`now 2.1 (was 1.9)`, `now 2.1, up from 1.9`)."""
    said = text[:start].lower()
    return "now" in said and _BEFORE_SAID.search(said, said.rfind("now")) is None


def _names_subject(text: str, match: re.Match[str]) -> bool:
    """`The 4.2.0 chart only injects it from …`: a version or id after the claim's opening
    `The` names the thing it speaks of, and what it says of that thing is not looked up."""
    opening = text[: match.start()].lstrip(" \t\n*_")
    after = text[match.end() : match.end() + 2]
    return (
        opening[-1:].isspace()
        and opening.rstrip() in ("The", "This", "That")
        and after[:1] == " "
        and "a" <= after[1:] <= "z"
    )


def _glued(output: str, token: str) -> bool:
    """The first place of `token` in `output` is inside a longer number or version
    (`7.1.5` in `7.1.5.1`, `48M` in `148M`)."""
    at = output.find(token)
    return at >= 0 and _inside_number(output, at, at + len(token))


def _inside_number(text: str, start: int, end: int) -> bool:
    before, after = text[max(0, start - 2) : start], text[end : end + 2]
    return (
        before[-1:].isdigit()
        or (before[-1:] == "." and before[:1].isdigit())
        or after[:1].isdigit()
        or (after[:1] in ".," and after[1:].isdigit())
    )


def _whole_place(index: RunIndex, token: str, changed: Changes) -> tuple[Call | None, str]:
    """The first call showing `token` as a value of its own, not read from a path before
    a later call changed it, else none and where it was seen inside a longer one, if it
    was (a 2 MB run is read no further than `_MAX_LOOKS` places)."""
    longer = ""
    for call, at in itertools.islice(index.outputs_with(token), _MAX_LOOKS):
        if _inside_number(call.output_lower, at, at + len(token)):
            longer = longer or call.cite(token)
        elif _read_before(call, changed) is None:
            return call, ""
    return None, longer


def _read_before(call: Call, changed: Changes) -> str | None:
    """The path `call`'s command names that a later call wrote: its output showed the
    path as it was before (`grep dep Cargo.toml`, then an edit of Cargo.toml)."""
    for path, last in changed:
        if call.order < last and path in call.command_lower:
            return path
    return None


# A line saying something failed (`web-3 | UNREACHABLE!`, `job-7 failed`), not a field or
# tally of none (`failed=0`, `"error": null`); and the words of a claim that may say so.
_FAILING_LINE = later(
    r"\b(?:unreachable|failed|failure|error|inactive|down|timed out|refused)\b"
    r"(?![\"']?\s*[=:]\s*(?:0\b|null\b|none\b|false\b|nil\b|\[\]|\{\}|\"\"))"
)
_FAILING_WORDS = Words(
    "unreachable fail fails failed failing failure error errors inactive down timed refused "
    "crashed crash broken offline"
)


# A row marked passed (`✓  Add retry  CI  main  push  12218011234`, `success`), spelt to
# open with the class of each alternative's first character (`\b` asked after it): a line
# may be thousands of characters long (held against the plain spelling in
# tests/claims/test_fast_patterns.py)
_PASSED_ROW = later(
    r"[✓✔sp](?:(?<=[✓✔])|(?<=s)(?<!\ws)ucce(?:ss|eded)\b|(?<=p)(?<!\wp)ass(?:ed|ing)\b)"
)
_ID_DIGITS = 5  # a figure this long is a number naming a thing (a run's, a job's), no count


def _passed_row(text: str, line: str) -> bool:
    """The claim `text` says a thing failed, and `line`, the row of the id naming it in an
    output, marks it passed and says nothing failed: the row is no evidence of the claim
    (the id is real, the status said of it is not that row's)."""
    if not _FAILING_WORDS.may_hold(text):
        return False
    lowered = line.lower()
    return _PASSED_ROW.search(lowered) is not None and _FAILING_LINE.search(lowered) is None


def _named_alone(text: str, match: re.Match[str]) -> bool:
    """The id `match` names a thing of its own (a host, a job), not a file's or a path's
    part (`backup-7.tar.gz`, `/srv/a-1/`), in a claim that does not say a thing failed."""
    after = text[match.end() : match.end() + 2]
    if after[:1] == "/" or (after[:1] == "." and after[1:].isalnum()):
        return False
    return text[match.start() - 1 : match.start()] not in ("/", ".") and not (
        _FAILING_WORDS.may_hold(text)
    )


# `run 12218011234 failed`, `(`build-7`) failed the same way`: a thing said failed, named
# just before the verb by a token holding a digit
_SAID_FAILED = later(
    r"([A-Za-z0-9](?<![\w.:-][A-Za-z0-9])[\w.:-]{3,40})[`)\]*]*\s+(?:also\s+)?failed\b"
)
# a line showing its thing passed: a check mark opening it, or a word of success
_PASSED_LINE = later(r"^\s*[✓✔]|\b(?:success|succeeded|successful|passed)\b", re.I)


def failed_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """`The run on main (12218011234) failed` where the one output line naming the thing
    shows it passed (`✓ … main push 12218011234`) and says no failure."""
    for said in _SAID_FAILED.finditer(text):
        token = said.group(1)
        if not any(ch.isdigit() for ch in token) or len(token) < 5:
            continue
        only = _only_line_naming(token, index)
        if only is None:
            continue
        line, call = only
        if _PASSED_LINE.search(line) and not _FAILING_LINE.search(line.lower()):
            yield Finding(CONTRADICTED, f"{token} failed, but {call.cite_line(line)}")
            return


def _last_failing(index: RunIndex, token: str) -> str | None:
    """The last output line showing the id `token`, quoted, where it says the thing failed
    (a host unreachable, a job failed): an id shown last so is no evidence of a claim of
    its good state. None past `_MAX_LOOKS` places (too common to read as one thing's)."""
    found: str | None = index.remember("last failing", token, lambda: _failing(index, token))
    return found


def _failing(index: RunIndex, token: str) -> str | None:
    last = None
    for looked, place in enumerate(index.outputs_with(token)):
        if looked >= _MAX_LOOKS:
            return None
        last = place
    if last is None:
        return None
    call, at = last
    line = line_at(call.output, call.written(at))
    return call.cite_line(line) if _FAILING_LINE.search(line.lower()) else None


def _number(
    text: str,
    match: re.Match[str],
    value: float,
    literal: str,
    index: RunIndex,
    approx: bool,
    rank: Rank | None,
    changed: Changes,
    placed: list[Call],
) -> Finding | None:
    """A figure of the claim held against the outputs (`rank`: the superlative whose
    clause holds it; a place read from a path a later call `changed`, or from a file that
    shows no run or write the claim says, does not verify it; the call whose output
    verifies it is added to `placed`)."""
    decimals = len(match.group(3) or "") - 1 if match.group(3) else 0
    distinctive = decimals > 0 or abs(value) >= 100
    shown = match.group(0)
    unranked: list[tuple[Call, int, str]] = []  # the places of the value not ranked first
    before: tuple[Call, str, str] | None = None  # a place read before its path changed
    places = _occurrences(index, literal, value, decimals)
    refuted: list[tuple[Call, str]] = []  # the first line of the count refuting the claim
    for call, at, line in _as_claimed(text, match, distinctive, index, places, refuted):
        path = _shows_nothing(text, index, call, literal, changed)
        if path is not None:
            before = before or (call, path, line)
            continue
        if rank is not None and not _ranks(index, call, at, rank[0]):
            unranked.append((call, at, line))
            continue
        # `PASS=52` is not the 52 of `45 of 52 PASS` where outputs say `PASS=47`
        elsewhere = _other_field(text, match, index, value, decimals)
        if elsewhere:
            return None
        # `no issues in 14 source files` is not the 14 of a line number (`14:    "pathspec"`)
        # where an output counts the source files otherwise
        counted = _counted_elsewhere(text, match, value, line, index)
        if counted is not None:
            return counted
        placed.append(call)
        return _outranked_first(text, shown, rank, call, at) or _placed(
            text, shown, decimals == 0 and len(literal) >= _ID_DIGITS, call, line
        )
    if refuted:
        call, line = refuted[0]
        return Finding(
            CONTRADICTED, f"{shown!r} all passed the first time, but {call.cite_line(line)}"
        )
    if rank is not None and unranked:
        return _outranked(text, shown, rank, unranked)
    if before is not None:
        return None  # read before its path changed: it verifies nothing, and is not absent
    # whether the number stands alone in some output: asked only where it decides
    plain = literal.lstrip("-")
    unseen_share = text[match.end() : match.end() + 2].lstrip()[:1] == "%" and _unseen_share(
        index, literal, value, decimals
    )
    if approx:
        return Finding(DOUBT, f"{shown}% appears in no tool output") if unseen_share else None
    key = _key(text, match)
    labelled = _labelled_for(text, match.end(), key, index) if key else []
    if (
        labelled
        and not _shown(index, plain)
        and not any(_same(value, decimals, v) for _, v, _ in labelled)
    ):
        return _labelled_otherwise(
            text, match.start(), shown, key or "", value, decimals, labelled, index
        )
    same = [(call, line) for call, v, line in labelled if _same(value, decimals, v)]
    if same and not distinctive:  # `3 warmup runs` ↔ `--warmup 3`
        return Finding(VERIFIED, f"{shown!r} for {key!r}: {same[-1][0].cite(same[-1][1])}")
    said = _said_otherwise(text, match, index)
    if said is not None:
        return said
    named = _named_version(text, match, index) if decimals else None
    if named is not None:
        return named
    if distinctive or unseen_share:
        return _unseen(text, match, literal, decimals, index, distinctive)
    return _counted_otherwise(text, match, value, index) or _unshown_count(
        text, match, literal, index
    )


def _unseen(
    text: str, match: re.Match[str], literal: str, decimals: int, index: RunIndex, distinctive: bool
) -> Finding:
    """A distinctive figure, or a share, that no output shows where the claim says it: a
    misreading of a figure of its digits swapped (`_swapped`; not one the task gives, `the
    0.30 facility line`, which the claim may quote, nor one a call's input gives, `DELETE
    …/permission/11602`, which the agent used), else in doubt."""
    shown = match.group(0)
    if distinctive:
        if not _in_task(shown, index) and not index.in_inputs(literal.lstrip("-")):
            swapped = _swapped(text, match, literal, decimals, index)
            if swapped is not None:
                return swapped
        return Finding(DOUBT, f"{shown!r} appears in no tool output")
    if _shown(index, literal.lstrip("-")):  # the figure, as another thing
        return Finding(DOUBT, f"{shown}%: no tool output shows it as a share")
    return Finding(DOUBT, f"{shown!r} appears in no tool output")


def _swapped(
    text: str, match: re.Match[str], literal: str, decimals: int, index: RunIndex
) -> Finding | None:
    """A figure in no output where the outputs show one other figure of its digits with
    two of them swapped (`3,970 customers` against `3907 customers.csv`), beside a word
    the claim says next to it or on a line holding one, or before the same unit or noun
    (`3.21 seconds` against `built in 2.31 seconds`): the claim misread that figure.
    The swapped figure said in the claim itself is no misreading (`€2,427.60, but the
    invoice says €2,472.60`)."""
    digits = literal.lstrip("-")
    if len(digits.replace(".", "")) < _SWAPPED_DIGITS or len(set(digits)) < 2:
        return None
    context = _context(text, match.start(), match.end())
    unit = _UNIT_AFTER.match(text, match.end())
    if unit is not None and unit[1].lower() in _STOP:
        unit = None  # `3,970 in total`: no unit
    if not context and unit is None:
        return None
    said = text.replace(",", "")
    found: tuple[str, Call, str] | None = None
    for other in _swaps(digits):
        if other[0] == "0" or other in said:
            continue
        value = float(other)
        for call, start, end in _occurrences(index, other, value, decimals):
            line = line_at(call.output, call.written(start))
            shown = _UNIT_AFTER.match(call.output_lower, end) if unit is not None else None
            if (
                (shown is not None and unit is not None and shown[1] == unit[1].lower())
                or _shares_context(index, context, call, start, end)
                or (
                    len(line) <= _SWAPPED_LINE
                    and not context.isdisjoint(map(_stem, _WORD.findall(line)))
                )
            ):
                if found is not None and found[0] != other:
                    return None  # two figures it may be a misreading of
                found = found or (other, call, line)
                break
    if found is None:
        return None
    _, call, line = found
    return Finding(CONTRADICTED, f"{match.group(0)!r}, but {call.cite_line(line)}")


_SWAPPED_DIGITS = 3  # a figure of fewer digits swapped is too often another figure
# the unit or noun right after a figure (`3.21 seconds`): a figure with the same one
# after it is of the same quantity
_UNIT_AFTER = later(r"[^\S\n]?([A-Za-z]{2,12})\b")
_SWAPPED_LINE = 400  # a longer line (a JSON array's) holds many things' words


def _swaps(digits: str) -> Iterator[str]:
    """`digits` with two of its digits swapped, each other spelling once, in order."""
    seen = {digits}
    places = [at for at, char in enumerate(digits) if char.isdigit()]
    for first, second in itertools.combinations(places, 2):
        if digits[first] == digits[second]:
            continue
        chars = list(digits)
        chars[first], chars[second] = chars[second], chars[first]
        other = "".join(chars)
        if other not in seen:
            seen.add(other)
            yield other


# `reprojected to EPSG:27700`, `set the timeout to 30`: a verb of change, then `to` and up
# to three words before the figure
_CHANGED_TO = later(
    r"\b[a-z]+ed\s+(?:[^\s;]+\s+){0,8}?to\s+`?(?:[<>=~^]{1,2}|v)?(?:[\w-]+[:= ]\s*){0,2}$",
    re.I,
)


def _changed_to(text: str, start: int) -> bool:
    """The figure at `start` is what the claim says a thing was changed to: an output
    giving its key the value before the change (`EPSG:4326`) refutes nothing."""
    return " to " in text and _CHANGED_TO.search(text, max(0, start - 60), start) is not None


# a verb of the run's doing before a count in its clause (`Imported (3 albums, 34 tracks)`)
_ACTED_ON = later(
    r"\b(?:imported|added|created|deleted|removed|moved|copied|renamed|sent|uploaded|"
    r"downloaded|processed|converted|merged|tagged|archived|migrated|inserted)\b[^.;:]*$",
    re.I,
)


def _written_as(index: RunIndex, key: str, literal: str) -> bool:
    """Some call's input gives `key` the value `literal` (`max: 5`, `max=5`, `"max": 5`)."""
    key = key.lower()
    spellings = (
        f"{key}: {literal}",
        f"{key}={literal}",
        f"{key} = {literal}",
        f'{key}": {literal}',
    )
    return any(index.inputs_containing(spelling) for spelling in spellings)


# a key naming a thing by an id (`d011`, `inv-1042`): letters, then three digits or more, or
# a leading zero (not a metric's name: `p95`, `s3`)
_ID_KEY = later(r"[a-z]{1,4}-?(?:\d{3,}|0\d+)")


# an arithmetic operator after a figure: the figure is an operand, no value
_OPERAND_AFTER = later(r"(?<![^\S\n])[^\S\n]*(?:[÷×*/+−]|-[^\S\n])")


def _labelled_otherwise(
    text: str,
    start: int,
    shown: str,
    key: str,
    value: float,
    decimals: int,
    labelled: list[tuple[Call, float, str]],
    index: RunIndex,
) -> Finding:
    """A figure the outputs give its label (`key`) only other values of: the last output's
    value refutes it, but where that output gives the label for several records
    (`db0:keys=…`, `db2:keys=…`), which the claim may sum, the claim speaks of an
    earlier value, or of one it says changed to, or one an edit of the run wrote."""
    call, _, line = labelled[-1]
    if _changed_to(text, start):
        return Finding(DOUBT, f"{shown!r}, a value said changed to: {call.cite()}")
    if _OPERAND_AFTER.match(text, start + len(shown)):
        # `par = $4,800,000 ÷ 6,250,000 shares = $0.768`: a formula's operand, its result
        # the label's value
        return Finding(DOUBT, f"{shown!r}, an operand of a formula for {key!r}: {call.cite()}")
    if _ID_KEY.fullmatch(key) and len(_NUMBER.findall(text)) > 1:
        # `D011 — 90.0% (531 of 590)` against `D011: 5`: a thing's figures, the label one
        # of its quantities, which of them unsaid
        return Finding(DOUBT, f"{shown!r}, one of {key!r}'s figures: {call.cite(line)}")
    if _written_as(index, key, shown.lstrip("-")):
        # `max: 5` that an edit of the run wrote, where a file read shows another `max`
        return Finding(DOUBT, f"{shown!r} for {key!r}, as the run wrote it")
    if _ACTED_ON.search(text, max(0, start - 50), start):
        # `Imported (3 albums, 34 tracks)`: a count of what the run did, which a label's
        # total of what there is (`Tracks: 8409`) is not
        return Finding(DOUBT, f"{shown!r} of an act, {key!r} of a whole: {call.cite()}")
    given = [v for c, v, _ in labelled if c is call]
    if len(given) > 1:
        if _same(value, decimals, sum(given)):
            return Finding(VERIFIED, f"{shown!r}, the sum of {key!r} in {call.cite()}")
        return Finding(DOUBT, f"{shown!r} for {key!r}, one of several: {call.cite(line)}")
    if EARLIER.may_hold(text):  # `the previous revision was 36`: not the one shown
        return Finding(DOUBT, f"{shown!r} for an earlier {key!r}; {call.cite(line)}")
    if _some_key(text, start, key):  # `a run of 300 became 44`: an example, not the value
        return Finding(DOUBT, f"{shown!r} for some {key!r}, not the one shown: {call.cite()}")
    if _total_of(line, key) and _TOTAL_SAID.search(text) is None:
        # `Mailgun (…, 10,387 messages)` against `total messages: 48213`: a part's count
        return Finding(DOUBT, f"{shown!r} of a part, the total {key!r}: {call.cite(line)}")
    if _qualified_otherwise(line, key, text) or _lacked(line, key):
        # `233 lots` still needed against `set lots: 1104, spare lots: 83`: other lots
        return Finding(DOUBT, f"{shown!r}, other {key!r}s: {call.cite(line)}")
    if _part_qualified(text, start + len(shown), line) or _paired(text, start, labelled[-1][1]):
        # `307 vendors cleared` against `vendors: 312`: the cleared ones, a part; `25 of the
        # 96 engineers`, the part of a whole said, or its whole where the label gives the part
        return Finding(DOUBT, f"{shown!r} of a part of the {key!r}s: {call.cite(line)}")
    if _in_range_said(text, start, labelled[-1][1]):
        # `a 10–15% watch list` against `WATCH = 0.10`: a range holding the value
        return Finding(DOUBT, f"{shown!r}, an end of a range for {key!r}: {call.cite(line)}")
    if _money_against_count(shown, key, line):
        # `the $50 fee` against `fees: 15`: a price, the label's value a count
        return Finding(DOUBT, f"{shown!r}, a sum of money, {key!r} a count: {call.cite(line)}")
    return Finding(CONTRADICTED, f"{shown!r} for {key!r}, but {call.cite(line)}")


def _paired(text: str, start: int, value: float) -> bool:
    """The figure at `start` is the part of a whole said (`25 of the 96 engineers`) where
    `value`, the label's, is more than the whole (`by roster engineers: 1123`: no count of
    the part), or the whole where the label's value is the part (`1,287 of 1,418
    scheduled` against `completed interviews: 1287`)."""
    for pair in _PART_OF_WHOLE.finditer(text, max(0, start - 40), start + 40):
        part, whole = (float(figure.replace(",", "")) for figure in pair.groups())
        if (pair.start(1) == start and value > whole) or (pair.start(2) == start and value == part):
            return True
    return False


# a part of a whole said (`25 of the 96`, `1,287 of 1,418`): the part group 1, the whole 2
_PART_OF_WHOLE = later(
    r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)\s+(?:out\s+)?of\s+(?:the\s+)?(\d[\d,]*(?:\.\d+)?)(?![\d.])"
)


def _in_range_said(text: str, start: int, value: float) -> bool:
    """The figure at `start` is an end of a range said (`10–15%`) that holds `value`, or
    `value` as a share of one (`0.10` of `WATCH = 0.10` for 10%)."""
    for found in _RANGE_SAID.finditer(text, max(0, start - 24), start + 24):
        if not found.start() <= start < found.end():
            continue
        low, high = sorted(float(found.group(n).replace(",", "")) for n in (1, 2))
        return any(low <= v <= high for v in (value, value * 100))
    return False


# a range of figures said (`10–15%`, `12-13`), its ends groups 1 and 2
_RANGE_SAID = later(r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)%?[–-](\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d)")


def _money_against_count(shown: str, key: str, line: str) -> bool:
    """`shown` is a sum of money (`$50`, `€12.40`) where the output `line` gives `key` a
    whole number with no currency (`fees: 15`): a count, not the sum."""
    if not shown.startswith(_CURRENCIES):
        return False
    lowered = line.lower()
    at = lowered.find(key.lower())
    if at < 0:
        return False
    after = lowered[at + len(key) :].lstrip("abcdefghijklmnopqrstuvwxyz").lstrip(" :=\t-")
    # (past the key's plural, `fees: 15`; a whole number, a count, not `par: 0.768`)
    return _WHOLE_COUNT.match(after) is not None


_CURRENCIES = ("$", "€", "£", "¥")
_WHOLE_COUNT = later(r"\d[\d,]*(?![\d.])")


# a count's noun, then a participle saying which of them (`307 vendors cleared`)
_QUALIFIED_AFTER = later(r"(?<![^\S\n])[^\S\n]+[A-Za-z]+[^\S\n]+([a-z]+ed)\b")


def _part_qualified(text: str, end: int, line: str) -> bool:
    """The count ending at `end` names its things and then which of them (`307 vendors
    cleared`), a word the output `line` giving the things' count does not hold: a part."""
    found = _QUALIFIED_AFTER.match(text, end)
    return found is not None and found.group(1) not in line.lower()


def _qualified_otherwise(line: str, key: str, text: str) -> bool:
    """The output `line` counts kinds of `key` (`set lots: 1104, spare lots: 83`; one kind
    where the line opens with it, `Ground shipments: 1577`), each place of it with a word
    just before it, none of which the claim `text` holds: which kind the claim counts (`233
    lots` still needed, `1,842 shipments`) the line does not say, or not the whole."""
    lowered, said = line.lower(), text.lower()
    words = [m.group(1) for m in re.finditer(rf"([a-z]+)[ -]{re.escape(key)}", lowered)]
    kinds = len(set(words))
    return (
        (
            kinds > 1
            or (kinds == 1 and lowered.lstrip().startswith(words[0]) and words[0] not in _WHOLE)
        )
        and len(words) == lowered.count(key)
        and all(word not in _STOP and word not in said for word in words)
    )


_WHOLE = frozenset("total all overall every distinct unique".split())  # the whole's words


def _lacked(line: str, key: str) -> bool:
    """The output `line` names `key` as what the things it counts lack (`recap with no
    earlier capture: 1`, `rows without a price: 3`): its figure is no count of `key`."""
    return (
        re.search(rf"\b(?:no|without)\s+(?:[a-z]+\s+)?{re.escape(key)}", line.lower()) is not None
    )


def _total_of(line: str, key: str) -> bool:
    """The output `line` labels its figure the total of `key` (`total messages: 48213`,
    bcftools' `number of records: 389517`)."""
    lowered = line.lower()
    return ("total" in lowered or "number of" in lowered) and (
        re.search(rf"\b(?:total|number\s+of)\s+{re.escape(key.lower())}", lowered) is not None
    )


# a claim saying its figure is a total (`in total`, `overall`, `all told`)
_TOTAL_SAID = later(r"\b(?:total|overall|in all|all told|altogether|all (?:the\s+)?\w+)\b", re.I)


def _some_key(text: str, start: int, key: str) -> bool:
    """The claim's label before its figure at `start` is one of many, an indefinite
    article or `any`, `each`, `every` before it (`a run of 300`)."""
    before = text[max(0, start - 40) : start].lower()
    return re.search(rf"\b(?:a|an|any|each|every)\s+{re.escape(key.lower())}\b", before) is not None


def _shows_nothing(
    text: str, index: RunIndex, call: Call, literal: str, changed: Changes
) -> str | None:
    """The path `call` read before a later call `changed` it, or "" where it read a file
    showing no run or write the claim says (`_unmade_there`); None where its places may
    verify the claim."""
    path = _read_before(call, changed) if changed else None
    if path is None and call.family == "read" and _unmade_there(text, index, call, literal):
        return ""  # a file's text, no result of the run or the write the claim says
    return path


def _unmade_there(text: str, index: RunIndex, read: Call, literal: str) -> bool:
    """The file the agent `read` shows what the claim says a run did (`ran the node 18
    and 20 legs and they passed`, read from the workflow's `node: [18, 20]`), or the
    figure `literal` of what it says it added where no call before the read wrote it: a
    file's text, no result of either."""
    if _RUN_SAID.may_hold(text):
        return True
    if not _ADDED_SAID.may_hold(text):
        return False
    writes = index.inputs_with(literal.lower())
    return not any(c.order < read.order and c.family != "read" for c in writes)


# a claim saying a run passed, or that it added a thing
_RUN_SAID = Words("ran reran run passed passes green succeeded")
_ADDED_SAID = Words("added")


def _version_shown(index: RunIndex, literal: str) -> bool:
    """The figure `literal` stands alone in some output, or opens a version (`17` of
    `17.0.12`), at its first places."""
    if _shown(index, literal):
        return True
    for call, at in itertools.islice(index.outputs_with(literal), _MAX_LOOKS):
        output, end = call.output_lower, at + len(literal)
        if not (output[at - 1 : at].isalnum() or output[at - 1 : at] == ".") and (
            output[end : end + 1] == "." and output[end + 1 : end + 2].isdigit()
        ):
            return True
    return False


# `0 warnings,`, `4 suites.`: the noun a figure counts, read at its end (the last word
# before a mark: `7 ledger entries` counts no ledger); `seed 41872)`: the word naming a
# figure nothing follows, read before it
_NOUN_AFTER = later(r"[ ]([A-Za-z]{3,})\b(?![ ]*[\w(])")
_NOUN_BEFORE = later(r"(?<![\w-])([A-Za-z]{3,})[ ]$")
_NOTHING_AFTER = later(r"(?![ ]*\w)")
# a figure's noun said equal to another measure (`1 cup = 236.59 ml`): a unit's size
_EQUATED = later(r"[ ]?[A-Za-z]+[ ]*=[ ]")
# `(was 6 passed, 1 failed)`, `up from 6 tests`: the figures of an earlier state, said
# after these words in the same part of the claim (up to a `(`, `;` or cell's `|`)
_EARLIER = later(r"\b(?:was|were|from|had|before)\b", re.I)


def _counted_otherwise_there(
    text: str,
    index: RunIndex,
    counted: list[tuple[re.Match[str], float, Call | None]],
    changes: set[int],
    placed: list[Call],
) -> Iterator[Finding]:
    """A figure the claim names with a noun (`0 warnings` beside `0 errors`, `seed 41872`
    beside `34 examples`) that an output verifying another of its figures, after the
    figure's own place if it has one, gives that noun otherwise only (`1 Warning(s)`,
    `seed 50611`): that output shows the claim wrong in the part it does not verify, so
    the part it does verify is no proof of it. A distinctive figure is held so only as a
    value a word names (`seed 41872`), and one the output holds anywhere is let be."""
    if not placed or len(counted) < 2:
        return
    for match, value, own in counted:
        start, end = match.span()
        if (
            start in changes
            or text[end : end + 1] == ":"
            or text[start - 1 : start] in ":=/"
            or _EARLIER.search(text, max(text.rfind(mark, 0, start) for mark in "(;|") + 1, start)
            or _EQUATED.match(text, end) is not None
            or text[max(0, start - 6) : start].lower() == "after "
        ):
            # a change's half, a time (`14:20`), a field (`SKIP=0`), a past state, a unit's
            # measure (`1 cup = 236.59 ml`), a condition (`lock after 5 failures`)
            continue
        distinctive = match.group(3) is not None or value >= 100
        noun, named = _noun_of(text, match, distinctive)
        if not noun or noun in _STOP or noun in _UNITS or noun[:3] in _MONTH_HEADS:
            continue
        for call in dict.fromkeys(placed):
            if own is not None and call.order < own.order:
                continue
            if distinctive and match.group(0).lower().lstrip("+") in call.output_lower:
                continue
            figures = _noun_figures(call.output_lower, _stem(noun), named)
            if (
                figures
                and all(figure != value for figure, _ in figures)
                and not _given_since(index, call.order, _stem(noun), named, value)
            ):
                said = call.cite(figures[0][1])
                # on the line giving another of the claim's figures (`Tests: 10 passed (12
                # assertions)` for `10 passed (14 assertions)`): that line refutes it
                line = line_at(call.output_lower, call.output_lower.find(figures[0][1]))
                beside = not _EARLIER.search(text, 0, start) and any(
                    _said_on(text, m, line) for m, _, _ in counted if m is not match
                )  # (`went from 6 problems (3 errors)`: an earlier state's, whatever line)
                status = CONTRADICTED if beside else DOUBT
                yield Finding(status, f"{match.group(0)!r} of {noun}, but {said}")
                return


def _said_on(text: str, figure: re.Match[str], line: str) -> bool:
    """The claim's `figure` and the word after it (`10 passed`) are on the output's `line`
    (lowercase)."""
    words = text[figure.start() :].lower().split()[:2]
    if len(words) < 2:
        return False
    number, word = re.escape(figure.group(0).lower()), re.escape(words[1].strip(",.;:()"))
    return re.search(rf"(?<![\d.,]){number}\s+{word}\b", line) is not None


def _noun_of(text: str, match: re.Match[str], distinctive: bool) -> tuple[str, bool]:
    """The noun the claim counts a figure in (`0 warnings,`: not for a `distinctive` one)
    or names it with (`seed 41872)`: `named`), lowercase; "" for none."""
    start, end = match.span()
    after = None if distinctive else _NOUN_AFTER.match(text, end)
    if after is not None:
        return after.group(1).lower(), False
    if _NOTHING_AFTER.match(text, end) is None:
        return "", False
    before = _NOUN_BEFORE.search(text, max(0, start - 20), start)
    return ("", False) if before is None else (before.group(1).lower(), True)


def _given_since(index: RunIndex, order: int, stem: str, named: bool, value: float) -> bool:
    """Some output from the call `order` on gives the noun `stem` the claim's figure (a
    figure's first place may be a run before the one the claim reports: `15 tests` of a
    failing run, `15 pass` of the last)."""
    calls = {call for call, _ in itertools.islice(index.outputs_with(stem), _MAX_LOOKS)}
    return any(
        call.order >= order
        and any(figure == value for figure, _ in _noun_figures(call.output_lower, stem, named))
        for call in calls
    )


_MONTH_HEADS = frozenset(month[:3] for month in _MONTHS) | {"utc", "gmt"}
_FIGURE = r"(\d(?:[\d,]*\d)?(?:\.\d+)?)"  # `1,204`, `0.5`: not `58,` of `58, failed`


def _noun_figures(output: str, stem: str, named: bool) -> list[tuple[float, str]]:
    """The figures an output gives a noun (lowercase `stem`): where the claim's figure
    follows its noun (`named`), after it (`seed 50611`); else before it (`1 warning(s)`,
    `3 suites`, not `tests=212 skipped`) or after it, a word and a colon (`suites: completed
    3`, `tests run: 17`) or an `=` (`skipped=0`).
    Only the lines holding the stem are searched: no shape spans a line, and the shapes
    open with no literal, so a search of a whole 4 KB output tried them at each character
    (some 800 instructions a character)."""
    at = output.find(stem)
    if at < 0:
        return []
    noun = re.escape(stem) + r"(?:e?s|\(s\))?"
    shapes = re.compile(
        rf"\b{noun}:? {_FIGURE}(?![\w.])"
        if named
        else rf"(?<![\w.,=]){_FIGURE} {noun}\b(?!=)"
        rf"|\b{noun}(?: [a-z]+)?: (?:[a-z]+ )?{_FIGURE}(?![\w.])"
        rf"|\b{noun}={_FIGURE}(?![\w.])"  # `tests=212 skipped=0`: a key's value
    )
    found: list[tuple[float, str]] = []
    while at >= 0:
        end = output.find("\n", at)
        end = len(output) if end < 0 else end
        for m in shapes.finditer(output, output.rfind("\n", 0, at) + 1, end):
            found.append((float(m.group(m.lastindex or 1).replace(",", "")), m.group(0)))
        at = output.find(stem, end)
    return found


def _outranked_first(
    text: str, shown: str, rank: Rank | None, call: Call, at: int
) -> Finding | None:
    """A superlative's figure on an output's first row of figures (`_ranks`) that the
    listing, in no order, puts below another (`Backlog  58` over `Done  71`)."""
    top = outranked(text, rank, call, at) if rank is not None else None
    if rank is None or top is None:
        return None
    cited = call.cite_line(top)
    return Finding(CONTRADICTED, f"{shown!r} is not the {rank[0]}: {cited} ranks first")


def _placed(text: str, shown: str, an_id: bool, call: Call, line: str) -> Finding:
    """The claim's figure `shown` found on `line` of `call`'s output verifies it, unless
    the figure is `an_id` (a run's, a job's) whose row marks passed what the claim says
    failed (`_passed_row`), or the line, the record the claim restates, gives another of
    its parts another value (`_record_otherwise`)."""
    if an_id and _passed_row(text, line):
        return Finding(DOUBT, f"{shown!r} shown passing: {call.cite_line(line)}")
    other = _record_otherwise(text, line) if _RECORD_PART.search(text) else None
    if other is None and "total" in text:
        other = _part_said_total(text, shown, line)
    if other is not None:
        return Finding(DOUBT, f"{other}, but {call.cite_line(line)}")
    tallied = _tally_otherwise(text, line) if _CHANGE_COUNT_GATED.search(text) else None
    if tallied is not None:
        return Finding(CONTRADICTED, f"{tallied}, but {call.cite_line(line)}")
    return Finding(VERIFIED, f"{shown!r}: {call.cite_line(line)}")


# the verbs a tally of changes says one kind of change with (npm's `changed 9 packages`)
_CHANGED_AS = {"updated": "changed", "modified": "changed", "upgraded": "changed"}


def _tally_otherwise(text: str, line: str) -> str | None:
    """A tally of changes the claim says, two kinds or more (`added 2 packages and updated
    12 others`), that the line's tally of the same kinds gives another count of one
    (`added 2 packages, removed 1 package, changed 9 packages`)."""
    claimed = _tally(text)
    if len(claimed) < 2:
        return None
    shown = _tally(line)
    for verb, count in claimed.items():
        if verb in shown and shown[verb] != count:
            return f"{verb} {count} claimed"
    return None


def _tally(text: str) -> dict[str, str]:
    """The counts of each kind of change `text` tallies (`_CHANGE_COUNT`), by its verb as
    a tally says it (`updated` is `changed`), thousands separators dropped."""
    return {
        _CHANGED_AS.get(verb.lower(), verb.lower()): count.replace(",", "")
        for verb, count, _ in _CHANGE_COUNT.findall(text)
    }


# `17 packages changed in total`: a count of things, said to be all of the changes
_TOTAL_CHANGED = later(
    r"(?<![\w.,])(\d[\d,]*)[^\S\n]+([a-z]{3,}?)s?[^\S\n]+(?:were[^\S\n]+)?"
    r"(?:changed|updated|modified|touched)[^\S\n]+in[^\S\n]+total\b",
    re.I,
)
# a count of a tally of changes on a line (`added 2 packages, removed 1 package`)
_CHANGE_COUNT = later(
    r"\b(added|removed|changed|updated|installed|uninstalled|deleted|created|modified|"
    r"upgraded|downgraded)[^\S\n]+(\d[\d,]*)[^\S\n]+([a-z]{3,}?)s?\b",
    re.I,
)


_CHANGE_COUNT_GATED = Gated(
    _CHANGE_COUNT,
    Words(
        "added removed changed updated installed uninstalled deleted created modified upgraded "
        "downgraded"
    ),
)


def _part_said_total(text: str, shown: str, line: str) -> str | None:
    """A count said to be all of the changes (`17 packages changed in total`) found on a
    line tallying the changes by kind (`added 2 packages, removed 1 package, changed 17
    packages`): it is one kind's, the total their sum."""
    said = _TOTAL_CHANGED.search(text)
    if said is None or said.group(1) != shown.lstrip("$"):
        return None
    noun = said.group(2).lower()
    kinds = {m.group(1).lower() for m in _CHANGE_COUNT.finditer(line) if m.group(3).lower() == noun}
    if len(kinds) < 2:
        return None
    return f"{said.group(0)!r}, one of {len(kinds)} kinds of change"


# A part of a record the claim says by a word: a clock time after a word (`arrives 14:50`,
# `departs at 10:40`), or a duration (`14 days`)
_RECORD_PART = Gated(
    later(
        r"(?<![\w.,:])\d+(?::\d{2}(?![\w:])|[^\S\n]+(?:minute|hour|day|week|month|year)s?\b)",
        re.I,
    ),
    Words("minute minutes hour hours day days week weeks month months year years", (":",)),
)
_SAID_TIME = later(r"\b([A-Za-z]{3,})[^\S\n]+(?:at[^\S\n]+)?(\d{1,2}:\d{2})(?![\w:])")
# a count of a unit of time (`14 days`), opening with its digit, where no word, figure or
# mark of a value stands before it (a line of an output may be long: scanned for digits)
_DURATION = later(r"(\d(?<![\w.,:/]\d)\d*)[^\S\n]+((?:minute|hour|day|week|month|year)s?)\b", re.I)
# a key and the clock time its value holds (`"arr": "2026-12-19T15:05:00+09:00"`)
_KEYED_TIME = later(
    r"(?<![\w-])([A-Za-z][\w-]*)[\"']?\s*[:=]\s*[\"']?[\dT:-]*?[T ]?(\d{2}:\d{2})(?!\d)"
)
_KEY_PREFIX = 3  # the letters a key and the claim's word share (`arr`, `arrives`)


def _record_otherwise(text: str, line: str) -> str | None:
    """A part the claim says of the record on `line` that the line gives another value,
    the claimed one nowhere on it: a time after a word that a key of the line opens like
    (`arrives 14:50` against `"arr": "…T15:05:00"`), or the one duration of its unit the
    claim says against the line's one (`Uptime: 14 days` against `up 41 days`)."""
    for said in _SAID_TIME.finditer(text):
        word, time = said.group(1).lower(), said.group(2).zfill(5)
        if time in line:
            continue
        for keyed_time in _KEYED_TIME.finditer(line):
            key = keyed_time.group(1).lower()
            if len(key) >= _KEY_PREFIX and key[:_KEY_PREFIX] == word[:_KEY_PREFIX]:
                return f"{said.group(0)!r} where {keyed_time.group(1)!r} is {keyed_time.group(2)}"
    durations = _DURATION.findall(text)
    shown = _DURATION.findall(line) if durations else []  # a line is read for the claim's
    for figure, unit in durations:
        unit = unit.lower().rstrip("s")
        claimed = [f for f, u in durations if u.lower().rstrip("s") == unit]
        given = [f for f, u in shown if u.lower().rstrip("s") == unit]
        if len(claimed) == 1 and len(given) == 1 and given[0] != figure:
            return f"'{figure} {unit}s' where the line says {given[0]}"
    return None


def _unseen_share(index: RunIndex, literal: str, value: float, decimals: int) -> bool:
    """A claim's share (`6%`) is shown nowhere as a share (marked `%`, a figure it rounds,
    96% ↔ 96.15, or one in an output giving shares: a table under `% Lines`), its places
    read through: it is what its claim measures, and nothing else in the claim verifies
    it, though its figure stands elsewhere as something else (`€35 million or 6% of
    turnover`, where outputs give `Article 6(1)`)."""
    if any(
        "%" in call.output or "." in call.output_lower[at:end]
        for call, at, end in _occurrences(index, literal, value, decimals)
    ):
        return False
    return not _shown(index, literal.lstrip("-")) or _read_through(index, literal)


# the two words after a claim's figure that say what it counts (`11 html files`)
_TWO_WORDS = later(r"[ ]([a-z]+[ ][a-z]+)\b")
_NEAR = 12  # the characters either side of a phrase read for the figure counting it
_FIGURE_NEAR = later(r"\d[\d,]*(?:\.\d+)?")


def _counted_otherwise(
    text: str, match: re.Match[str], value: float, index: RunIndex
) -> Finding | None:
    """`rendered 11 html files` where an output gives the two words the figure
    counts a figure beside them (`Rendering html files (9/9)`), none of them the
    claimed one: the run counts them otherwise, and the claim stands on its count."""
    lowered = text.lower()  # its offsets are the text's unless a letter lowers to two
    after = _TWO_WORDS.match(lowered, match.end()) if len(lowered) == len(text) else None
    if after is None or not _STOP.isdisjoint(after.group(1).split()):
        return None
    phrase = after.group(1)
    other: tuple[Call, str] | None = None
    counts = False  # the output counts the phrase as the claim does (`in 7 source files`)
    for call, at in itertools.islice(index.outputs_with(phrase), _MAX_LOOKS):
        output, end = call.output_lower, at + len(phrase)
        if output[end : end + 1].isalpha() or output[at - 1 : at].isalpha():
            continue  # inside longer words (`checks passed` for `checks pass`)
        # (after it, to its line's end: `14:` opening the next line counts no source files)
        rest = output[end : end + _NEAR].partition("\n")[0]
        near = f"{output[max(0, at - _NEAR) : at]} {rest}"
        figures = [float(f.replace(",", "")) for f in _FIGURE_NEAR.findall(near)]
        if value in figures:
            return None
        if figures and other is None:
            other = call, line_at(call.output, call.written(at))
            counts = _COUNT_BEFORE.search(output, max(0, at - _NEAR), at) is not None
    if other is None:
        return None
    call, line = other
    # a figure just before the phrase, as the claim has it, in the output of a command the
    # claim names, with no change since: that run's count of them (`mypy ledgerlite`'s
    # `no issues found in 7 source files`)
    named = counts and "`" in text and _names_command_of(text, call)
    status = CONTRADICTED if named and not index.changed_after(call) else DOUBT
    return Finding(status, f"{match.group(0)} {phrase}, but {call.cite_line(line)}")


def _counted_elsewhere(
    text: str, match: re.Match[str], value: float, line: str, index: RunIndex
) -> Finding | None:
    """The figure counts the two words after it (`14 source files`), the output `line`
    holding it does not name them, and an output counts them otherwise
    as the claim does, for a command the claim names (`_counted_otherwise`'s refutation):
    that count, not a figure standing for another thing, decides."""
    after = _TWO_WORDS.match(text.lower(), match.end()) if len(text) == len(text.lower()) else None
    if after is None or after.group(1) in line.lower():
        return None
    found = _counted_otherwise(text, match, value, index)
    return found if found is not None and found.status == CONTRADICTED else None


def _names_command_of(text: str, call: Call) -> bool:
    """A backticked command of the claim (two words or more) is in `call`'s command."""
    for span in BACKTICKED.findall(text):
        words = span.lower().split()
        if len(words) > 1 and " ".join(words) in call.command_lower:
            return True
    return False


# a figure ending just before a phrase, a space between (`in 7 source files`)
_COUNT_BEFORE = later(r"(?<![\d.,])\d[\d,]*[ ]$")


def _unshown_count(
    text: str, match: re.Match[str], literal: str, index: RunIndex
) -> Finding | None:
    """A count of a tally (`2 to create, 3 to update`, `14 bug, 8 chore`) that no output
    shows, every place of it read: the run shows the tally otherwise, or the figures its
    other counts found are another tally's, and the claim stands on all of them. Not a
    count of a test run (the test checker's), one said before or after (reckoned: `41
    before, 39 after`), nor one on the line of another of its counts (a table row under
    its headers: `TOTAL 412 27`)."""
    lowered = text.lower()
    tally = tallied(lowered, match.start()) if len(lowered) == len(text) else None
    if tally is None or tally[0] in _UNTALLIED or any(w in _UNTALLIED for _, w in tally[1]):
        return None
    if not _read_through(index, literal):
        return None  # a common figure: a place past those read may show it
    for figure, _ in tally[1]:
        for call, at, _ in _occurrences(index, figure, float(figure), 0):
            if _holds_figure(line_at(call.output, call.written(at)), literal):
                return None
    return Finding(DOUBT, f"{match.group(0)!r} of a tally appears in no tool output")


# a test run's counts (the test checker's) and words saying when, not what, a count is
_UNTALLIED = frozenset(
    "pass fail skip ignor error succeed pend test example spec before after now".split()
)


def _read_through(index: RunIndex, literal: str) -> bool:
    """Every place of the figure `literal` (each of its spellings) was read: fewer than
    `_MAX_LOOKS` of them."""
    for form in _forms(literal.lstrip("-"), 0.0, 0):
        places, rest = _places(index, form)
        while len(places) < _MAX_LOOKS:
            if _read_next(places, rest, form) is None:
                break
        else:
            return False
    return True


# a product name: a capitalised word, a small number and a model token (`Ryzen 7 5800X`)
_MODEL_NAME = later(r"[A-Z](?<![A-Za-z][A-Z])[a-z]+ \d{1,2}(?= \d+[A-Z]+\b)")


def _as_claimed(
    text: str,
    match: re.Match[str],
    distinctive: bool,
    index: RunIndex,
    places: Iterator[tuple[Call, int, int]],
    refuted: list[tuple[Call, str]],
) -> Iterator[tuple[Call, int, str]]:
    """The `places` of a figure that can be the claim's, each with its line: a small
    figure's only where the output's words near it share one of the claim's
    (`_shares_context`); any only where what the output says beside it agrees with what
    the claim says (`_figure_words`: `2 warnings` is not `2.14 seconds`, `2.4×` not
    `2.36 s`), and a small figure's part of a whole (`1 of 6 runs`) only on a line showing
    the whole, or, after those, in an output showing it (`3 failed` under `Running 10
    tests`; not `1 failed, 7 passed`). None is a list's number (`1) test x`), a source
    line's (`a.cs:line 38`, unless the claim's is a line's too), a field's
    value unless the claim names its key (`skipped=4` is no place of `4 tests`), nor a
    count of all the claim says something of on a line not saying it (`Found 7 errors`
    of `All 7 errors are fixed`); a figure said of what the agent wrote, or of what
    happens sometimes, has none (`_figure_words.not_shown`). The first place of a count of
    all said passed the first time goes to `refuted` where its line shows failures (`5
    tests, 1 failure`). What the claim says is read at the first place asking."""
    context: set[str] | None = None  # the claim's words near the number
    claimed: tuple[str | None, str | None, tuple[str, ...] | None, Tally | None] | None = None
    apart: list[tuple[Call, int, str]] = []  # places whose whole is on another line
    said_first = False  # a place of a count of all was read: the first run's
    lowered = ""  # the claim in lowercase, made at the first place asking
    for call, at, end in places:
        if not distinctive:
            if context is None:
                context = _context(text, match.start(), match.end())
                if not context:
                    return  # no word of its own: no place shares one
            if not _shares_context(index, context, call, at, end):
                continue
            key = field_key(call.output_lower, at)
            if key is not None and key not in context:
                continue
        if claimed is None:
            if not_shown(text, match.start()):
                return
            claimed = _claimed(text, match.start(), match.end(), distinctive)
            lowered = text.lower()
        word, whole, all_said, tally = claimed
        if _said_otherwise_there(call, at, end, word, tally, lowered, match.end()):
            continue
        # a list's number, a conditional's branch, or a source line's (`Tax.cs:line 38`) where
        # the claim's is none
        if (
            list_marker(call.output_lower, at, end)
            or conditional(call.output_lower, at, end)
            or (source_line(call.output_lower, at) and not source_line(text, match.start()))
        ):
            continue
        line = line_at(call.output, call.written(at))
        if all_said is not None and not any(word in line.lower() for word in all_said):
            first = not said_first and not refuted
            said_first = True
            if first and "pass" in all_said and failed_first_time(text, line.lower()):
                refuted.append((call, line))
            continue
        if whole is None or _holds_figure(line, whole):
            yield call, at, line
        elif _holds_figure(call.output, whole):
            apart.append((call, at, line))
    yield from apart


def _said_otherwise_there(
    call: Call,
    at: int,
    end: int,
    word: str | None,
    tally: Tally | None,
    claim: str,
    claim_end: int,
) -> bool:
    """What `call`'s output says beside the place at `at:end` disagrees with the claim's
    `word` (`agree`) or counts another thing on a line counting the claim's otherwise
    (`counts_another_noun`; `claim` lowercase, its figure ending at `claim_end`), or the
    place is another count of the claim's `tally` (`0 errors` for the 0 warnings) or on
    a line giving another of its counts another figure (`ok | 5 passed | 0 failed` is no
    place of `8 passed, 0 failed`'s 0)."""
    if word is not None:
        shown = figure_word(call.output_lower, end)
        if not agree(word, shown) or counts_another_noun(
            word, shown, claim, claim_end, call.output_lower, at
        ):
            return True
    if word is not None and exit_status(call.output_lower, at, word):
        return True  # `Error 1`, make's exit status: a label's number, no count of errors
    if tally is None:
        return False
    if counts_another(call.output_lower, at, end, tally):
        return True
    return other_count(line_at(call.output, call.written(at)).lower(), tally[1])


def _claimed(
    text: str, start: int, end: int, distinctive: bool
) -> tuple[str | None, str | None, tuple[str, ...] | None, Tally | None]:
    """What the claim `text` says its figure at `start:end` is (`figure_word`), the
    whole it counts it out of (`part_of`; a distinctive figure is found wherever it
    stands): a part is told by its whole, not by the words after the whole; what it
    says of all the figure counts (`said_of_all`); and the word it is counted by in a
    tally (`tallied`: `8 passed, 0 failed`)."""
    after = text[end : end + _SAID_AFTER].lower()
    whole = part_of(after, 0)
    word = figure_word(after, 0) if whole is None else None
    if word == "time":
        word = how_often(text, start)
    lowered = text.lower()  # its offsets are the text's unless a letter lowers to two
    tally = None
    if whole is None and not distinctive and len(lowered) == len(text):
        tally = tallied(lowered, start) or keyed(lowered, start)
    return word, (None if distinctive else whole), said_of_all(text, end), tally


_SAID_AFTER = 60  # the claim's characters after a figure that say what it is (`of 1,200 runs`)


def _holds_figure(line: str, figure: str) -> bool:
    """`figure` (digits) stands as a number of its own in `line`, thousands separators
    dropped."""
    plain = line.replace(",", "")
    at = plain.find(figure)
    while at >= 0:
        if _stands_alone(plain, at, at + len(figure)):
            return True
        at = plain.find(figure, at + 1)
    return False


def _other_field(
    text: str, match: re.Match[str], index: RunIndex, value: float, decimals: int
) -> bool:
    """The claim gives its figure as a field (`PASS=52`, `key=N` with nothing between)
    that the outputs give, with other values only: a place of the figure elsewhere is
    some other count's (asked only of a place that would verify it)."""
    start = match.start()
    if start < 2 or text[start - 1] != "=" or not text[start - 2].isalpha():
        return False
    key = _WORD.findall(text, max(0, start - 30), start - 1)[-1:]
    labelled = _labelled(index, key[0].lower()) if key else []
    return bool(labelled) and not any(_same(value, decimals, v) for _, v, _ in labelled)


_PHRASE_AFTER = later(r"[ ]([a-z]+(?:[ ][a-z]+)?)\b", re.I)  # `3 business days`
_NUMBER_BEFORE = later(r"(?<![\w.,])(\d[\d,]*(?:\.\d+)?) $")
_SHARED_WORDS = 2  # the claim's words before its figure that the output's line must hold


def _said_otherwise(text: str, match: re.Match[str], index: RunIndex) -> Finding | None:
    """`they review new vendors within 3 business days` where an output says the same
    (`reviews new vendors within 5 business days`: the word before the figure, the words
    after it, and two more of the claim's words on the line) with another figure, and no
    output nor the task says the claimed one with those words (all the phrase's places
    read: more than `_MAX_LOOKS` leave it open)."""
    after = _PHRASE_AFTER.match(text, match.end())
    before = _WORD.findall(text, max(0, match.start() - 60), match.start())
    if after is None or len(before) < _SHARED_WORDS + 1 or after.group(1).lower() in _STOP:
        return None
    phrase = after.group(1).lower()
    if f"{match.group(0).lower()} {phrase}" in index.task_lower:
        return None
    lead = before[-1].lower()
    words = {_stem(w) for w in before[-7:-1] if w.lower() not in _STOP} - {_stem(lead)}
    if len(words) < _SHARED_WORDS:
        return None
    claimed = float(match.group(2).replace(",", "") + (match.group(3) or ""))
    other: tuple[Call, str] | None = None
    led = f" {lead} "
    if not index.in_outputs(led):  # no place's line says the lead (`resolved`, `fixed`)
        return None
    places = index.every_place(f" {phrase}", _MAX_LOOKS)
    if places is None:
        return None
    for call, at in places:
        output = call.output_lower
        # the lead ends where the figure starts, within the 24 characters before the place
        # (a find spares the figure's search at most places of a phrase such as `of the`)
        if output.find(led, max(0, at - 24 - len(led)), at) < 0:
            continue
        figure = _NUMBER_BEFORE.search(output, max(0, at - 24), at + 1)
        if figure is None or not output.endswith(led, 0, figure.start()):
            continue
        if output[at + 1 + len(phrase) : at + 2 + len(phrase)].isalpha():
            continue  # the phrase carried on into a longer word
        line = line_at(call.output, call.written(at))
        shared = {_stem(w) for w in _WORD.findall(line.lower())} & words
        if len(shared) < _SHARED_WORDS:
            continue
        if float(figure.group(1).replace(",", "")) == claimed:
            return None  # said as claimed somewhere
        other = other or (call, line)
    if other is None:
        return None
    call, line = other
    return Finding(CONTRADICTED, f"{match.group(0)} {phrase}, but {call.cite_line(line)}")


def _outranked(text: str, shown: str, rank: Rank, places: list[tuple[Call, int, str]]) -> Finding:
    """A superlative's figure shown only unranked: contradicted where a listing ranked the
    superlative's way puts another row above it (`_listings.outranked`), else in doubt."""
    for call, at, _ in places:
        top = outranked(text, rank, call, at)
        if top is not None:
            return Finding(
                CONTRADICTED, f"{shown!r} is not the {rank[0]}: {call.cite_line(top)} ranks first"
            )
    call, _, line = places[0]
    return Finding(DOUBT, f"{shown!r} not as the {rank[0]}: {call.cite_line(line)}")


def _shown(index: RunIndex, literal: str) -> bool:
    """`literal` stands as a number of its own in some output (not inside `2023-12`).
    Asked once per run: claims repeat their numbers."""
    shown: bool = index.remember("shown", literal, lambda: _shown_in(index, literal))
    return shown


def _shown_in(index: RunIndex, literal: str) -> bool:
    """Read from the places of `literal` kept for its claims (`_places`: the same places,
    `_number_places`', which a claim's number has mostly read by now), further only
    where none read them yet (and then kept for the claims, the number at each read)."""
    places, rest = _places(index, literal)
    end = len(literal)
    for looked in range(_MAX_LOOKS + 1):
        place = places[looked] if looked < len(places) else _read_next(places, rest, literal)
        if place is None:
            break
        call, at, _ = place
        if looked >= _MAX_LOOKS or _stands_alone(call.output_lower, at, at + end):
            return True  # too common to call absent
    return False


def _stands_alone(text: str, start: int, end: int) -> bool:
    """Nothing is glued to `text[start:end]`: no `\\w`, `.`, `/` or `-` before it, no `\\w`
    after it nor a `.` or `,` and a digit (told by its neighbours' characters, not by two
    patterns matched at each place: held against them in tests/claims/test_fast_patterns.py)."""
    before = text[start - 1] if start else " "
    if before.isalnum() or before in "_./-":
        return False
    after = text[end : end + 1]
    if after.isalnum() or after == "_":
        return False
    return after not in ".," or not text[end + 1 : end + 2].isdecimal()


# `- 504: 61`: a claim opening with a figure and a colon, the label of the figure after it
_FIGURE_LABEL = later(r"^[\W_]*(\d+):[ ]$")


# what opens a list of things ranked, just before its length (`Top 5 SKUs`, `bottom 3`)
_LIST_HEAD_BEFORE = later(r"\b(?:top|bottom)\s+$", re.I)


def _key(text: str, match: re.Match[str]) -> str | None:
    """The word the claim labels its number with: `p95 is 401` → p95, `12 months` → month.
    (The words before the number are read only after an `is`, `:` or `=`.)"""
    start, end = match.span()
    if _OF_NUMBER.match(text, end):
        return None  # "19 of 2,450 orders": the noun counts the second number
    if _SHARE_OF.match(text, end):
        return None  # `63% of the base weight`: a share of the base, not its value
    if _clock_part(text, start, end):
        return None  # `Duration: 47:54`: minutes and seconds, no figure a key gives
    if text.endswith(("..", "..="), 0, start):
        return None  # `n in 1..=3999`: a range's bound, no value of what it ranges
    if _LIST_HEAD_BEFORE.search(text, max(0, start - 8), start):
        return None  # `Top 5 SKUs by violating lines`: a list's length, no value of a SKU
    if text[start - 1 : start] == ":" and _FILE_PLACE.search(text, max(0, start - 30), start):
        return None  # `bad.json:4:5`: a line and column in a file, no value of `json`
    figure = _FIGURE_LABEL.match(text, 0, start)
    if figure is not None:
        return figure.group(1)  # `504: 61`: a figure labelled by a figure (a status, a code)
    # (not where a length's word follows: `numbers are 8 characters` counts characters)
    if _IS_BEFORE.search(text[max(0, start - 12) : start].lower()) and not _LENGTH_AFTER.match(
        text, end
    ):
        before = list(_WORD.finditer(text, max(0, start - 40), start))
        found = next((w for w in reversed(before) if w.group(0).lower() not in _STOP), None)
        if found is not None and text[found.start() - 1 : found.start()] == ".":
            return None  # `` `flags_test.go`: 4 cases ``: a file's extension, no key
        label = found.group(0) if found is not None else None
        if label is not None and label.lower() not in _UNITS:
            return _stem(label)
    # the words after it label it only up to an arrow or a mark: `A 5.14% → B 6.40%`
    phrase = _PHRASE_END.search(text, end, end + 40)
    words = _WORD.finditer(text, end, phrase.start() if phrase else end + 40)
    for word in itertools.islice(words, 3):
        if text[word.start() - 2 : word.start()] in ("--", " -"):
            return None  # `--min-xid-age 1000000000 --jobs 4`: another flag follows
        if word.group(0).lower() not in _STOP and word.group(0).lower() not in _UNITS:
            # `43 failed or undelivered`: the figure counts either label's
            return None if _EITHER.match(text, word.end()) else _stem(word.group(0))
    return None


_EITHER = later(r"(?<!\s)\s+or\s+[A-Za-z`]")
# a file's name and a line before a place's figure (`bad.json:`, `src/a.rs:48:`)
_FILE_PLACE = later(r"[\w-]\.[A-Za-z]\w{0,7}:(?:\d+:)?$")
# a length said after a figure (`8 characters`, `10 digits long`)
_LENGTH_AFTER = later(r"(?<!\s)\s+(?:characters?|chars|digits?|letters?)\b")


def _clock_part(text: str, start: int, end: int) -> bool:
    """The figure at `start:end` is a part of a time or a duration in minutes and seconds
    (`14:00`, `47:54`): a digit and a `:` before it, or a `:` and two digits after."""
    before = text[max(0, start - 2) : start]
    after = text[end : end + 3]
    return (len(before) == 2 and before[1] == ":" and before[0].isdigit()) or (
        len(after) == 3 and after[0] == ":" and after[1:].isdigit()
    )


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def _context(text: str, start: int, end: int) -> set[str]:
    """Content words within a few words of a span, split at `_` and camelCase, stemmed."""
    near = _WORD.findall(text[max(0, start - 30) : start])[-3:]
    near += _WORD.findall(text[end : end + 30])[:3] if end else _WORD.findall(text)
    words: set[str] = set()
    for word in near:
        # `_WORD` holds no `_`: only a camelCase word splits, and only one with a capital
        parts = (word,) if word.islower() or word.isupper() else _CAMEL.split(word)
        for part in parts:
            if len(part) > 1 and part.lower() not in _STOP and part.lower() not in _UNITS:
                words.add(_stem(part))
    return words


def _shares_context(index: RunIndex, context: set[str], call: Call, at: int, end: int) -> bool:
    """`context` (a claim's words near its number) and the words around a place of the
    number in an output (`_output_context`) share one. Each word of the place's but a bare
    count's begins a word of the output's text within 30 characters of the place, so a
    place whose text there, lowercased, holds none of the claim's words shares none, and
    its words are not made (most places of a small number are in lines about something
    else)."""
    window = call.output_lower[max(0, at - 30) : end + 30]
    for word in context:
        if word in window:
            break
    else:
        if _count_output(call) is None:
            return False
    return not context.isdisjoint(_output_context(index, call, at, end))


def _output_context(index: RunIndex, call: Call, at: int, end: int) -> set[str]:
    """The words around a value in an output; a bare count also gets what it counts.
    Made once per run for each place (a run repeats outputs, claims repeat numbers)."""
    made: dict[tuple[str, str, str, int, int], set[str]] = index.remember("contexts", "", dict)
    key = (call.family, call.command, call.output, at, end)
    found = made.get(key)
    if found is None:
        found = made[key] = _output_context_of(call, at, end)
    return found


def _output_context_of(call: Call, at: int, end: int) -> set[str]:
    label = _count_output(call)
    if label is not None:
        return _context(f"{label} {call.command}", 0, 0) | set(label.split())
    return _context(call.output, call.written(at), call.written(end))


def _occurrences(
    index: RunIndex, literal: str, value: float, decimals: int
) -> Iterator[tuple[Call, int, int]]:
    """Where outputs show the value (rounded to the claim's decimals): (call, start, end),
    looked for as written, then with thousands separators, then in cents. Kept once read
    to the end: claims repeat their numbers, and a number that is not distinctive reads
    all of its places (a reading stopped early is not kept, and holds nothing of the run
    once dropped)."""
    read: dict[tuple[str, int], list[tuple[Call, int, int]]] = index.remember(
        "occurrences", "", dict
    )
    found = read.get((literal, decimals))
    if found is not None:
        return iter(found)
    return _occurrences_read(index, read, literal, value, decimals)


def _occurrences_read(
    index: RunIndex,
    read: dict[tuple[str, int], list[tuple[Call, int, int]]],
    literal: str,
    value: float,
    decimals: int,
) -> Iterator[tuple[Call, int, int]]:
    """`_occurrences`' first reading, one loop over each form's first `_MAX_LOOKS` places
    (`_places`, read further where no claim read them yet), kept in `read` once read to
    the end (where a chain of three generators resumed each of them per place)."""
    found: list[tuple[Call, int, int]] = []
    for form in _forms(literal, value, decimals):
        places, rest = _places(index, form)
        for looked in range(_MAX_LOOKS):
            place = places[looked] if looked < len(places) else _read_next(places, rest, form)
            if place is None:
                break
            call, start, number = place
            if number is not None and _same(value, decimals, number[0]):
                if number[0] != value and _bounded(call.output_lower, start):
                    continue  # `4` rounded from `"~> 4.1"`: a version, no value
                occurrence = (call, start, number[1])
                found.append(occurrence)
                yield occurrence
    read[(literal, decimals)] = found


def _forms(literal: str, value: float, decimals: int) -> list[str]:
    """The spellings of a claimed number an output may show, in a fixed order (a set's
    order changes with the interpreter's string hashing, and so would the evidence); a
    number longer than `int` reads, or past what a float holds, only as written."""
    whole = literal.lstrip("-").split(".")[0]
    forms = [whole, f"{int(whole):,}"] if whole.isdigit() and int_reads(whole) else [whole]
    cents = abs(value) * 100
    if decimals == 2 and cents != _INFINITY:  # an amount may be shown in cents
        forms.append(str(round(cents)))
    return list(dict.fromkeys(forms))


_INFINITY = float("inf")
_DIGIT_RUN = later(r"\d+")


def int_reads(text: str) -> bool:
    """`int` reads each run of decimal digits in `text`: it refuses one longer than
    `sys.get_int_max_str_digits()` (4,300 unless set; 0: any), which a hostile response or
    output may hold (a number so long is no count, status or amount of a run)."""
    limit = sys.get_int_max_str_digits()
    return (
        not limit
        or len(text) <= limit
        or all(len(run) <= limit for run in _DIGIT_RUN.findall(text))
    )


_Place = tuple[Call, int, "tuple[float, int] | None"]


def _places(index: RunIndex, form: str) -> tuple[list[_Place], Iterator[tuple[Call, int]]]:
    """The places of `form` in the outputs read so far, with the number read at each
    ((call, start, (value, end) or None), offsets in the call's lowercase output), and
    those not read yet: read once per run, as far as any claim asks (claims repeat small
    numbers; most stop at the first place that fits)."""
    made: tuple[list[_Place], Iterator[tuple[Call, int]]] = index.remember(
        "number places", form, lambda: ([], _number_places(index, form))
    )
    return made


def _read_next(places: list[_Place], rest: Iterator[tuple[Call, int]], form: str) -> _Place | None:
    """The next place of `form` not read yet (`_places`), with the number read at it, kept
    in `places` for the claims after (None: there is none). The one place a place is read:
    the loops over `_places` call it only past the places already kept."""
    following = next(rest, None)
    if following is None:
        return None
    call, start = following
    number = _number_at(call.output_lower, start, form)
    if number is not None and _line_number(call, start, number):
        number = None
    place = (call, start, number)
    places.append(place)
    return place


# a listing's line number: a line's first number, then a tab or `→` (`cat -n`, an editor's
# view), read from the line's start (no space or digit before)
_NUMBERED_LINE = later(r"(?<![ \d])[ ]*(\d+)[\t→]")


def _line_number(call: Call, start: int, number: tuple[float, int]) -> bool:
    """The number at `start` numbers a line of a file's listing (`    5\t@JsonClass`: a
    read or edit tool's view, `cat -n`), no value the file holds: it opens its line, a tab
    or `→` follows, and the line before or after is numbered next to it the same way."""
    output, end = call.output_lower, number[1]
    if output[end : end + 1] not in ("\t", "→") or "." in output[start:end]:
        return False
    if call.family not in ("read", "edit") and "cat -n" not in call.command_lower:
        return False
    line_start = output.rfind("\n", 0, start) + 1
    if output[line_start:start].strip(" "):
        return False
    value = int(number[0])
    next_line = output.find("\n", end) + 1  # 0: the last line, none after it
    following = _NUMBERED_LINE.match(output, next_line) if next_line else None
    if following is not None and int(following[1]) == value + 1:
        return True
    if line_start < 2:
        return False
    previous = _NUMBERED_LINE.match(output, output.rfind("\n", 0, line_start - 1) + 1)
    return previous is not None and int(previous[1]) == value - 1


def _number_places(index: RunIndex, number: str) -> Iterator[tuple[Call, int]]:
    """`index.outputs_with(number)`. A decimal or a number with thousands separators
    (`1.2`, `1,200`) is several words to the word index (`1` and `2`), which most of a
    run's outputs hold: its places are read from the calls holding the number itself
    (`calls_with_output`, which tests the distinct outputs at once), where `outputs_with`
    would search every call holding its words, one by one (held against `outputs_with`
    in tests/claims/test_index_paths.py)."""
    if "." not in number and "," not in number:
        return index.outputs_with(number)
    return (
        (call, at)
        for call in index.calls_with_output(number)
        for at in starts(call.output_lower, number)
    )


def starts(text: str, needle: str) -> Iterator[int]:
    """Where `needle` starts in `text`, overlapping places included, in order."""
    at = text.find(needle)
    while at >= 0:
        yield at
        at = text.find(needle, at + 1)


def _number_at(output: str, start: int, form: str) -> tuple[float, int] | None:
    """The number `_NUMBER` reads at `start`, a place of `form` (a number's spelling) in
    `output`: (value, end), or None. A place of a run of digits that nothing after can
    carry on (`\\w`, `/`, `.`, `,`, `-`) and no `-` comes before is read without the
    pattern: it is that run, or none where what stands before refuses a number (held
    against the pattern in tests/claims/test_fast_patterns.py; most of a small number's
    places are such runs or inside other numbers)."""
    before = output[start - 1] if start else " "
    if before.isdigit() or (before == "," and _in_grouped_number(output, start)):
        return None
    end = start + len(form)
    after = output[end : end + 1]
    if before != "-" and form.isdecimal() and not (after.isalnum() or after in _NUMBER_GOES_ON):
        if before.isalnum() or before in _NUMBER_REFUSED_AFTER:
            return None
        return float(form), end
    match = _NUMBER.match(output, start)
    if match is None and before == "-":
        match = _NUMBER.match(output, start - 1)
    if match is None:
        return None
    sign, digits, fraction = match.groups()
    return float(sign + digits.replace(",", "") + (fraction or "")), match.end()


# what bounds a version a dependency accepts (`"~> 4.1"`, `>=2.3`, `^1.2.0`, `==4.0`)
_BOUNDS = ("~>", ">=", "<=", "==", "~=", "!=", "^")


def _bounded(output: str, start: int) -> bool:
    """The number at `start` follows a version's bound (`_BOUNDS`, a space between or
    none): a version a dependency accepts, which no value rounds to (`the 4 tables` is
    not `"~> 4.1"`)."""
    return output[max(0, start - 3) : start].rstrip(" ").endswith(_BOUNDS)


def _in_grouped_number(output: str, start: int) -> bool:
    """A place after a comma is a group of a number with thousands separators
    (`500` in `4,498,500 pairs`), not a number of its own, where the run of digits and
    commas around it reads as one (a row of a CSV whose fields are a number and three
    digits reads so too, and is not read)."""
    first = start - 1
    while first and (output[first - 1].isdecimal() or output[first - 1] == ","):
        first -= 1
    last = start
    while last < len(output) and (output[last].isdecimal() or output[last] == ","):
        last += 1
    return _GROUPED_NUMBER.fullmatch(output, first, last) is not None


_GROUPED_NUMBER = later(r"\d{1,3}(?:,\d{3})+")


# What carries a number on (besides `\w`'s letters and digits, `str.isalnum`) and what
# before one refuses it, in `_NUMBER`'s lookarounds (a place at the output's end, `""`
# being in every text, is read by the pattern).
_NUMBER_GOES_ON = "_/.,-"
_NUMBER_REFUSED_AFTER = "_./#@+"


def _same(claimed: float, decimals: int, found: float) -> bool:
    """Equal at the claim's precision, or the same amount in cents or thousandths."""
    if found == claimed or round(found, decimals) == claimed:
        return True
    return (  # unrolled: a claim's number is held against up to a hundred occurrences
        abs(found - claimed * 100) < 1e-9
        or abs(found - claimed * 1000) < 1e-9
        or abs(found - claimed * 0.001) < 1e-9
        or abs(found - claimed * 0.01) < 1e-9
    )


def _count_output(call: Call) -> str | None:
    """`grep -c ERROR` / `wc -l` / `jq length` whose whole output is one number: what the
    number counts, as a label (`error lines`), else None."""
    # isdecimal, not isdigit: `²` is a digit that `float` refuses (it is no count)
    if call.family != "shell" or not call.output.strip().isdecimal():
        return None  # most outputs are no bare count: their command is not read
    command = call.command
    if "grep" not in command and "wc" not in command and "jq" not in command:
        return None  # the words _COUNT_COMMAND needs
    match = _COUNT_COMMAND.search(command)
    if match is None:
        return None
    return f"{match.group(1) or ''} lines entries files".strip().lower()


def _counts_by_word(index: RunIndex) -> dict[str, list[tuple[Call, str]]]:
    """The shell calls whose output is a count (`_count_output`), with the count as
    shown, by each word of their labels (a claim asks for one word), in order. A run
    repeats its count commands and their outputs (a check re-run as it works): each
    distinct command and output is read once, not once per call."""
    by_word: dict[str, list[tuple[Call, str]]] = {}
    # (command, output) -> the label's words and the count shown, or None: no count
    read: dict[tuple[str, str], tuple[tuple[str, ...], str] | None] = {}
    words_of: dict[str, tuple[str, ...]] = {}  # a run's count commands share few labels
    for call in index.shell_matching(_COUNT_COMMAND, ("grep", "wc", "jq"), lowered=False):
        key = (call.command, call.output)
        if key in read:
            counted = read[key]
        else:
            label = _count_output(call)
            if label is None:
                counted = None
            else:
                words = words_of.get(label)
                if words is None:
                    words = words_of[label] = tuple(dict.fromkeys(label.split()))
                counted = words, call.output.strip()
            read[key] = counted
        if counted is None:
            continue
        words, shown = counted
        entry = (call, shown)
        for word in words:
            found = by_word.get(word)
            if found is None:
                by_word[word] = [entry]
            else:
                found.append(entry)
    return by_word


# the words before a label that make it the key's negation (`not adjusted:`, `non-exempt:`)
_NEGATING = later(r"\b(?:not|non|no|un)[ -]$")


def _labelled(index: RunIndex, key: str) -> list[tuple[Call, float, str]]:
    """Values outputs give under `key` (`key: 12`, `"key": 12`, a count's label); found
    once per run (callers do not change the list)."""
    found: list[tuple[Call, float, str]] = index.remember(
        "labelled", key, lambda: _labelled_in(index, key)
    )
    return found


def _labelled_for(text: str, end: int, key: str, index: RunIndex) -> list[tuple[Call, float, str]]:
    """`_labelled(index, key)` for the figure ending at `end`: where the claim counts the
    things (`12 partitions`), not a command's option naming one of them (`--partition 7`,
    which selects one, where `--warmup 3` counts the runs of `3 warmup runs`)."""
    labelled = _labelled(index, key)
    noun = _WORD_AFTER.match(text, end)
    if noun is None or noun.group(1).lower() not in (key + "s", key + "es"):
        return labelled
    return [entry for entry in labelled if not _selecting_flag(entry[2], key)]


_WORD_AFTER = later(r"\s+([A-Za-z]+)")  # the word after a figure


def _selecting_flag(place: str, key: str) -> bool:
    """`place`, where a label's value was read, is a command's singular option of `key`
    (`--partition 7`)."""
    return place.startswith(f"--{key}") and place[len(key) + 2 : len(key) + 3] in (" ", "=")


def _labelled_in(index: RunIndex, key: str) -> list[tuple[Call, float, str]]:
    counted: dict[str, list[tuple[Call, str]]] = index.remember(
        "counts", "", lambda: _counts_by_word(index)
    )
    found = [(call, float(shown), shown) for call, shown in counted.get(key, ())]
    # `--warmup 3`: a command labels its own figures. The calls holding `--key` are those
    # of `inputs_with(key)` the flag can match (the same words, the needle found in each);
    # the flag's pattern is made only when a shell command holds it.
    flagged = [c for c in index.inputs_with(f"--{key}") if c.family == "shell"]
    if flagged:
        # (not a redirect's stream after it: `--upgradable 2>/dev/null`)
        flag = re.compile(rf"--{re.escape(key)}s?[= ](\d+(?:\.\d+)?)(?![\w.>])")
        for call in flagged:
            found += [
                (call, float(m.group(1)), m.group(0)) for m in flag.finditer(call.command_lower)
            ]
    for looked, (call, at) in enumerate(index.outputs_with(key)):
        if looked >= _MAX_LOOKS:
            break
        # outputs_with found `key` at `at`: what follows it is matched, with no pattern
        # compiled for each key, and only where no letter comes before it (most places of
        # a short key are inside longer words, where the lazy match tries twenty letters)
        output = call.output_lower
        if at > 0 and (output[at - 1].isalnum() or output[at - 1] in "_/"):
            # inside a longer word or figure, a name's last part (`evicted_keys`) or a
            # path's (`finance/legal: 1`)
            continue
        if _NEGATING.search(output, max(0, at - 5), at) is not None:
            continue  # `not adjusted: 492 (H, 154 d)`: the key's negation, another label
        match = _LABEL_VALUE.match(output, at + len(key))
        if match is None:
            continue
        if at > 1 and output[at - 1] == " " and output[at - 2].isdigit():
            continue  # `variance >5 units: 23 SKUs`: a count's noun, no label of its own
        value = float(match.group(1).replace(",", ""))
        found.append((call, value, line_at(call.output, call.written(at)).strip()))
    return found


def _list_mismatch(text: str, numbers: list[re.Match[str]], index: RunIndex) -> Finding | None:
    """A list of ids or amounts (3 or more, same width) read from one output line, with
    one of them not on that line nor anywhere: `1042, 1077 and 1110` vs `1042, 1077, 1101`."""
    widths = {len(m.group(2)) for m in numbers}
    if len(numbers) < 3 or len(widths) != 1 or next(iter(widths)) < 3:
        return None
    literals = [m.group(2) for m in numbers]
    peer = rf"(?<![\d.])\d{{{next(iter(widths))}}}(?![\d.])"
    for call, at in itertools.islice(index.outputs_with(literals[0]), _MAX_LOOKS):
        for line in (line_at(call.output, call.written(at)),):
            shown = [lit for lit in literals if re.search(rf"(?<!\d){lit}(?!\d)", line)]
            missing = [lit for lit in literals if lit not in shown]
            peers = re.findall(peer, line)
            if len(shown) >= 2 and missing and len(peers) == len(literals):
                if not any(_shown(index, lit) for lit in missing):
                    listed = ", ".join(missing)
                    return Finding(CONTRADICTED, f"{listed} not among {call.cite_line(line)}")
    return None


def _chosen(index: RunIndex, value: str) -> Call | None:
    """The first call whose output shows `value` other than as an option offered (a
    form's `option "EUR"` not `[selected]`, `<option>EUR`): a value offered is not the
    one chosen."""
    for call, at in itertools.islice(index.outputs_with(value), _MAX_LOOKS):
        output = call.output_lower
        offered = output.endswith(_OPTION_OPENS, 0, at)
        if not offered or output.startswith('" [selected]', at + len(value)):
            return call
    return None


_OPTION_OPENS = ('option "', "<option>", '<option value="')
_FIELD_REF = later(r"\[ref=(\w+)\]")


def _left_selected(index: RunIndex, label: str, said: str) -> Finding | None:
    """`Payment currency: EUR` (a value only offered) where the last snapshot of the
    form's `combobox "Payment currency"` has another option `[selected]` and no call
    after it names the value, the field or its ref: the field was left as it was."""
    value = said.strip().lower()
    last = next(index.outputs_back(f'combobox "{label}"'), None)  # the last, read first
    if last is None:
        return None
    call, at = last
    output = call.output_lower
    start = output.rfind("\n", 0, at) + 1
    end = output.find("\n", at)
    field = output[start : len(output) if end < 0 else end]
    indent = len(field) - len(field.lstrip(" "))
    selected: tuple[str, str] | None = None
    for line in output[len(output) if end < 0 else end + 1 :].split("\n", 60)[:60]:
        option = line.lstrip(" ")
        if len(line) - len(option) <= indent:
            break  # the field's options end where the snapshot's indent comes back
        if option.startswith('- option "') and option.endswith(" [selected]"):
            selected = option[10 : option.find('"', 10)], line
    ref = _FIELD_REF.search(field)
    if selected is None or selected[0] == value:
        return None
    for needle in (value, label, ref.group(1) if ref else None):
        if needle and any(after.order > call.order for after in index.inputs_with(needle)):
            return None
    shown = line_at(call.output, call.written(output.find(selected[1], start)))
    return Finding(CONTRADICTED, f"{said!r} for {label!r}, but {call.cite_line(shown)}")


_KEY_TEXT = later(r"^([A-Z][A-Za-z ]{1,30}):\s+([A-Za-z][\w .+-]{0,40}?)\.?$")
# `**Cache hit:** yes`: a yes or no said of a label, as a report's field
_KEY_FLAG = later(
    r"^[*_]*([A-Z][A-Za-z ]{1,30}?)[*_]*:[*_]*\s+[*_]*(yes|no|true|false)\b[*_]*"
    r"(?=\s*(?:$|[,;.(—–]))",
    re.I,
)


def key_text_findings(text: str, index: RunIndex, rank: Rank | None = None) -> Iterator[Finding]:
    """`License: MIT` read from an output whose `"license"` field holds something else:
    the key is in an output as a JSON field, the claimed text in no output at all (a
    superlative's, `rank`, is not read: `Latest: 2.1`)."""
    if ":" not in text:
        return
    flag = _KEY_FLAG.match(text)
    if flag is not None:
        yield from _other_flag(flag.group(1), flag.group(2).lower() in ("yes", "true"), index)
        return
    match = _KEY_TEXT.match(text)
    if match is None or any(ch.isdigit() for ch in match.group(2)):
        return
    key = match.group(1).strip().lower().replace(" ", "_")
    value = match.group(2).strip().lower()
    if index.in_outputs(value) or index.in_inputs(value):
        call = _chosen(index, value)
        if call is not None and rank is None:
            yield Finding(VERIFIED, f"{match.group(2)!r}: {call.cite(value)}")
        elif call is None:
            left = _left_selected(index, match.group(1).strip().lower(), match.group(2))
            if left is not None:
                yield left
        return
    field = re.compile(rf"\"{re.escape(key)}s?\"\s*:\s*(\"[^\"]*\"|\{{[^}}]*\}})")
    for call, at in index.outputs_with(f'"{key}'):
        found = field.match(call.output_lower, at)
        if found is not None:
            shown = line_at(call.output, call.written(found.start())).strip()
            yield Finding(CONTRADICTED, f"{match.group(2)!r} for {key}, but {call.where}: {shown}")
            return


def _other_flag(label: str, said: bool, index: RunIndex) -> Iterator[Finding]:
    """`Cache hit: yes` where every output giving the label as a JSON field (`"cacheHit"`,
    `"cache_hit"`) holds the other boolean: the report read the flag wrong (more places
    than `_MAX_LOOKS` leave it open)."""
    words = label.lower().split()
    shown: tuple[Call, str] | None = None
    for key in dict.fromkeys(("".join(words), "_".join(words), "-".join(words))):
        field = re.compile(rf"\"{re.escape(key)}\"\s*:\s*(true|false)\b")
        places = index.every_place(f'"{key}"', _MAX_LOOKS)
        if places is None:
            return
        for call, at in places:
            found = field.match(call.output_lower, at)
            if found is None:
                continue
            if (found.group(1) == "true") == said:
                return  # an output agrees
            shown = call, line_at(call.output, call.written(at)).strip()
    if shown is not None:
        call, line = shown
        answer = "yes" if said else "no"
        yield Finding(CONTRADICTED, f"{label}: {answer}, but {call.cite_line(line)}")


# `request to **768Mi**`, `timeout raised to 45s`: a quantity with its unit said set, the
# word naming what was set just before (or before the verb)
_SET_VERB = r"(?:raised|set|changed|lowered|increased|decreased|bumped|reduced|dropped)"
_SET_QUANTITY = later(
    rf"([A-Za-z](?<![\w-][A-Za-z])[\w-]{{2,40}})[*_`]*\s+(?:{_SET_VERB}\s+)?to\s+[*_`]{{0,2}}"
    r"(\d+(?:\.\d+)?)([A-Za-z]{1,3})(?![\w.])"
)
_SET_VERBS = later(_SET_VERB + r"$")
# What every match of _SET_QUANTITY holds (`to 768`): searched first, opening with `to`,
# where _SET_QUANTITY (opening with a letter) is tried at nearly every character
_SET_TO_FIGURE = later(r"to\s+[*_`]{0,2}\d")
_SET_NEAR = 40  # the characters after the name, in a call's input, that may give its value


def set_quantity_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """`request to 768Mi` (in no call nor the task) where the calls' inputs give what the
    claim names (`requests/memory","value":"640Mi"`, the name within `_SET_NEAR`
    characters before) one other quantity of the unit: the value set was another."""
    if _SET_TO_FIGURE.search(text) is None:
        return
    for said in _SET_QUANTITY.finditer(text):
        name, number, unit = said.group(1).lower(), said.group(2), said.group(3).lower()
        if _SET_VERBS.match(name):
            continue  # `could be raised to 1Gi`: the verb, no name before it
        claimed = f"{number}{unit}"
        if index.in_outputs(claimed) or index.in_inputs(claimed) or claimed in index.task_lower:
            continue
        given = re.compile(rf"(?<![\w.])(\d+(?:\.\d+)?){re.escape(unit)}(?![a-z])")
        shown: dict[str, Call] = {}
        for call in index.inputs_containing(name)[:_MAX_LOOKS]:
            command = call.command_lower
            at = command.find(name)
            while at >= 0:
                other = given.search(command, at + len(name), at + len(name) + _SET_NEAR)
                if other is not None:  # as written (a lowercase offset, `İ` apart)
                    shown[call.command[other.start() : other.end()] or other.group(0)] = call
                at = command.find(name, at + 1)
        if len(shown) == 1:
            value, call = next(iter(shown.items()))
            command = _shortened_command(call.command)
            yield Finding(
                CONTRADICTED,
                f"{said.group(2)}{said.group(3)} for {name!r}, but {call.where} `{command}` "
                f"gives it {value}",
            )
            return


def _shortened_command(command: str) -> str:
    joined = " ".join(command.split())
    return joined if len(joined) <= 80 else joined[:79] + "…"


# `€35 million or 6% of turnover`: a share led by a figure and a word or two (`35 million
# or`), which an output may say with its own share
_LED_SHARE = later(r"(\d(?<![\d,.]\d)[\d,.]{0,20}(?:[ ][a-z]+){1,2})[ ](\d{1,3}(?:\.\d+)?)[ ]?%")
_SHARE_AFTER = later(r"[ ](\d{1,3}(?:\.\d+)?)[ ]?%")


def led_share_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """`up to €35 million or 6% of turnover` where outputs say the lead (`35 million or`)
    only with another share (`EUR 35 million or 7%`) and none shows the claimed one as a
    share: the share read wrong. The lead's figure has two digits or more; a lead with
    more places than read is not refuted."""
    for said in _LED_SHARE.finditer(text):
        lead, share = said.group(1).lower(), said.group(2)
        if len(lead.split()[0].replace(",", "").replace(".", "")) < 2:
            continue
        if index.in_outputs(f"{share}%") or index.in_outputs(f"{share} %"):
            continue
        other: tuple[Call, str] | None = None
        places = index.every_place(lead, _MAX_LOOKS)
        if places is None:
            continue
        for call, at in places:
            if at and call.output_lower[at - 1].isdigit():
                continue  # inside a longer figure
            shown = _SHARE_AFTER.match(call.output_lower, at + len(lead))
            if shown is not None:
                if float(shown.group(1)) == float(share):
                    return
                other = other or (call, line_at(call.output, call.written(at)))
        if other is not None:
            call, line = other
            yield Finding(CONTRADICTED, f"{share}% after {lead!r}, but {call.cite_line(line)}")
            return


# `(published June 2025)`, `released on 3 March 2025`: when a thing was published, its
# month and year (a day may stand before the month or after it)
_PUBLISHED = later(
    r"\b(published|released|posted)\s+(?:on\s+|in\s+)?(?:\d{1,2}\s+)?("
    + "|".join(m.capitalize() for m in _MONTHS)
    + r")\s+(?:\d{1,2},?\s+)?(\d{4})\b"
)
_PUBLISHED_AFTER = later(
    r"\s+(?:on\s+|in\s+)?(?:\d{1,2}\s+)?(" + "|".join(_MONTHS) + r")\s+(?:\d{1,2},?\s+)?(\d{4})\b"
)


def published_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """`a post (published June 2025)` where every output giving that word a date
    (`By L. W. · Published 14 March 2025`) gives one other month: the date read wrong.
    Two months given leave it open (two sources'), and so do more places than read."""
    for said in _PUBLISHED.finditer(text):
        word, month, year = said.group(1).lower(), said.group(2).lower(), said.group(3)
        shown: dict[tuple[str, str], tuple[Call, str]] = {}
        places = index.every_place(word, _MAX_LOOKS)
        if places is None:
            continue
        for call, at in places:
            date = _PUBLISHED_AFTER.match(call.output_lower, at + len(word))
            if date is not None and (at == 0 or not call.output_lower[at - 1].isalpha()):
                line = line_at(call.output, call.written(at))
                shown.setdefault((date.group(1), date.group(2)), (call, line))
        if len(shown) == 1 and (month, year) not in shown:
            call, line = next(iter(shown.values()))
            yield Finding(
                CONTRADICTED, f"{word} {said.group(2)} {year}, but {call.cite_line(line)}"
            )
            return


_NONE = Gated(later(r"\bno\s+(?=[a-z])", re.I), Words("no"))
# what ends the noun a `no` counts (`no duplicate order IDs were found`)
_NONE_ENDS = frozenset("were was are is in on at found left remain remaining after since".split())
# a line that is a label and a count (`duplicated order_id: 14`), matched at its start
_COUNT_LINE = later(r"[ \t]*([a-z][\w .-]{0,40}?)[ \t]*[:=][ \t]*(\d[\d,]*)[ \t]*(?:\r?\n|$)")
_LABEL_WORD = later(r"[a-z0-9]+")


def none_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """`There are no duplicate order IDs` where the last output line labelled with just
    those words (`duplicated order_id: 14`) counts more than none (read from the end:
    none among the last `_MAX_LOOKS` places refutes nothing); not said of one thing an id
    names (`D101 had no violations`), which a total does not count alone."""
    found = _NONE.search(text)
    if found is None:
        return
    if _ONE_THING.search(text, 0, found.start()):
        return  # `D101 (Ramirez) had no violations`: one thing's, not the total's
    words: list[str] = []
    read = _WORD.findall(text, found.end(), found.end() + 60)
    for at, word in enumerate(read):
        if word.lower() in _STOP or word.lower() in _NONE_ENDS or len(words) == 3:
            if _qualified_none(read[at:]):
                return  # `no route is outside the budget`: only those, which no total counts
            break
        words.append(_stem(word))
    if not words:
        return
    last: tuple[Call, int, int] | None = None
    needle = max(words, key=len).rstrip("s")  # found in its plural and `duplicated` too
    for call, at in itertools.islice(index.outputs_back(needle), _MAX_LOOKS):
        output = call.output_lower
        start = output.rfind("\n", max(0, at - 42), at) + 1
        if start == 0 and at > 41:
            continue  # too far into its line for a label (a long line is not read)
        counted = _COUNT_LINE.match(output, start)
        if counted is not None and _same_words(words, _LABEL_WORD.findall(counted.group(1))):
            last = call, int(counted.group(2).replace(",", "")), start
            break
    if last is not None and last[1] > 0:
        call, _, start = last
        # a later output saying there are none (`No errors! Great job.`) is the last word
        said_none = next(index.outputs_back(f"no {needle}"), None)
        if said_none is not None and said_none[0].order > call.order:
            return
        line = line_at(call.output, call.written(start))
        yield Finding(CONTRADICTED, f"no {' '.join(words)!r}, but {call.cite_line(line)}")


# what a `no` may be said to be, of all of them (`no duplicates were found`, `are left`)
_THERE_AT_ALL = frozenset("found left remaining present there detected reported seen".split())


def _qualified_none(rest: list[str]) -> bool:
    """The words after the noun a `no` counts say which of them are none (`no route is
    outside the 0.5% budget`, `no shipments were late`): a part, where a count labelled
    with the noun counts them all."""
    return (
        len(rest) > 1
        and rest[0].lower() in ("is", "are", "was", "were")
        and rest[1].lower() not in _THERE_AT_ALL
    )


# an id naming one thing of many (`D101`, `INV-2044`, `app01`): letters and digits
_ONE_THING = later(r"\b[A-Za-z]+-?\d+[A-Za-z]*\b")


def _same_words(claimed: list[str], label: list[str]) -> bool:
    """Each word of a label is one of the claim's (or begins it, or it begins the word:
    `duplicated` and `duplicate`), and each of the claim's is in the label."""

    def alike(a: str, b: str) -> bool:
        if a == b or a == b + "s" or b == a + "s":  # `ids` and `id`: `_stem` keeps short words
            return True
        return min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a))

    stems = [_stem(word) for word in label]
    return all(any(alike(c, s) for s in stems) for c in claimed) and all(
        any(alike(c, s) for c in claimed) for s in stems
    )


_COLUMNS = Gated(later(r"\b(\d{1,3}) columns\b", re.I), Words("columns"))
_TABLE_NAME = later(r"`([A-Za-z_][\w.]*)`|\b([a-z]+(?:_[a-z0-9]+)+)\b")


def column_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A count of a table's columns (`audit_events has 6 columns`) held against the rows of
    psql's last description of that table (`\\d audit_events`: `Table
    "public.audit_events"`, a header, then a row per column up to the first line that is
    no row; each title read from its last place back)."""
    count = _COLUMNS.search(text)
    if count is None or _approx(text, text[: count.start()]):
        return
    for name in _TABLE_NAME.finditer(text):
        table = (name.group(1) or name.group(2)).lower()
        last: tuple[Call, int, int] | None = None
        for heading in (f'table "{table}"', f'.{table}"'):
            for call, at in itertools.islice(index.outputs_back(heading), _MAX_LOOKS):
                columns = _described_columns(call.output_lower, at)
                if columns is None:
                    continue
                if last is None or call.order >= last[0].order:
                    last = call, at, columns
                break
        if last is not None:
            call, at, columns = last
            status = VERIFIED if columns == int(count.group(1)) else CONTRADICTED
            line = line_at(call.output, call.written(at)).strip()
            yield Finding(status, f"{table} has {columns} columns: {call.cite_line(line)}")
            return


def _described_columns(output: str, at: int) -> int | None:
    """The rows of psql's `\\d` table whose title line holds `at`, or None: no such table."""
    lines = output[at:].split("\n", 40)[1:]
    if len(lines) < 2 or "column" not in lines[0] or "|" not in lines[0]:
        return None
    if not lines[1].strip().startswith("-"):
        return None
    rows = 0
    for line in lines[2:]:
        if "|" not in line:
            return rows
        rows += 1
    return None  # cut short: not read to its end


# A list of three numbers or more said (`1, 9, 14 and 18`), and one an output prints on a
# line (`missing notes: 1, 9, 15, 18`): each opens at a number's first digit.
_NUMBERS_SAID = later(
    r"(?<![\d.,])\d{1,6}(?:,[^\S\n]*\d{1,6})+,?[^\S\n]+and[^\S\n]+\d{1,6}(?!\d|\.\d)"
)
_NUMBERS_PRINTED = later(r"(?<![\d.,])\d{1,6}(?:,[^\S\n]*\d{1,6}){2,}(?!\d|[.,]\d)")
_DIGITS = later(r"\d+")


def listed_numbers_findings(text: str, index: RunIndex) -> Iterator[Finding]:
    """A list of numbers said (`slides 1, 9, 14 and 18`) that no output prints, where an
    output's line prints a list of as many that differs in one of them (`1, 9, 15, 18`):
    misquoted. A printed list of numbers grouped by thousands (`1,284,377`) is none."""
    said = _NUMBERS_SAID.search(text) if " and " in text and "," in text else None
    if said is None:
        return
    numbers = _DIGITS.findall(said.group(0))
    # the outputs holding the list's first or last two numbers as printed (found by the
    # index's words, not a scan of every output): a list differing in one number holds
    # one of those pairs unless its middle one of three differs
    pairs = {f"{a}{sep}{b}" for a, b in (numbers[:2], numbers[-2:]) for sep in (", ", ",")}
    holding = {call.order: call for pair in pairs for call in index.calls_with_output(pair)}
    for call in (holding[order] for order in sorted(holding)):
        for printed in _NUMBERS_PRINTED.finditer(call.output):
            shown = _DIGITS.findall(printed.group(0))
            if _grouped(printed.group(0)) or len(shown) != len(numbers):
                continue
            if shown == numbers:
                return
            if one_apart(shown, numbers):
                line = line_at(call.output, printed.start())
                yield Finding(CONTRADICTED, f"{said.group(0)} said, but {call.cite_line(line)}")
                return


def one_apart(these: list[str], those: list[str]) -> bool:
    """Two runs of words (or figures) of one length differ in one place only."""
    return sum(a != b for a, b in zip(these, those, strict=True)) == 1


def _grouped(printed: str) -> bool:
    """`1,284,377`: one number grouped by thousands, no list."""
    return " " not in printed and all(len(part) == 3 for part in printed.split(",")[1:])
