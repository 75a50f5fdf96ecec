"""Values held against the rows of a listing in an output (SPEC §5.9): a superlative's value
against the row a listing ranked the same way puts on top.

A listing is a block of an output's lines cut into the same number of cells: at `│` or `|`
(duckdb's boxes, psql, sqlite's `-list`, a web page's table), else at tabs or runs of two
spaces (`sqlite3 -column`, pandas). Precision first: a listing proves a rank only when its
column is sorted the superlative's way over three rows or more, under every reading of its
cells (`16.11` after `16.9` is a version's order, not a decimal's), and a line above it
heads it with a word the claim's superlative names (`quietest day` ↔ `day`).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from ._figure_words import NUM, count_of
from ._gate import Gated, Words
from ._index import Call, RunIndex, line_at
from ._later import later

# a backticked span of a claim (group 1: what it holds)
BACKTICKED = later(r"`([^`\n]+)`")

_LOW = frozenset("quietest lowest smallest cheapest shortest earliest oldest".split())
_HIGH = frozenset("busiest highest largest biggest greatest longest newest latest".split())
# `the second largest`: a rank below the top, which the listing's top row does not refute
_BELOW_TOP = frozenset("second third fourth fifth next nd rd th".split())
# `the three quietest`, `the 5 largest` (a digit before it, apart): the top few
_COUNTS = frozenset("two three four five six seven eight nine ten few several top".split())
_GRAIN = frozenset(("major", "minor"))
_BEING = later(r"(?:is|was|are|were)\b")
_CELL_NUMBER = later(r"\$?(-?\d{1,3}(?:,\d{3})+|-?\d+)((?:\.\d+)*)%?")
_RULE = later(r"[\s\-=:+|│─━┄┈├┼┤┬┴┌┐└┘╞╪╡╤╧╒╕╘╛]*")
_SPACED_CELL = later(r"\S+(?: \S+)*")  # a cell of a listing cut at tabs or wider gaps
_WORDS = later(r"[a-z]+")
_HEADER_LINES = 3  # lines above a listing's top row read for its heading (a box's type row)


# a cell read as a decimal (None: a version of three parts or more) and as a version
Reading = tuple[float | None, tuple[int, ...]]
_WINDOW = 20_000  # characters of an output read each side of the value: a listing's top is near


def outranked(text: str, rank: tuple[str, int, int], call: Call, at: int) -> str | None:
    """The top row of a listing that holds the claim's value at `at` (in `call`'s
    lowercase output) in a column sorted the way the claim's superlative (`rank`:
    `_facts.ranked`'s word and clause) ranks, above that value (None: no such listing):
    `Quietest day: 1 Nov with 11,377 users` against rows sorted by `dau` ascending,
    `11204` on top; or, a listing of one figure a name in no order (`Backlog  58` …
    `Done  71`), the row of its top figure, where that is another's and no total's."""
    word = rank[0]
    if word not in _LOW and word not in _HIGH:
        return None  # `best`, `slowest`, `most`: which way the figures rank is not said
    said = text.lower().find(word, rank[1], rank[2])
    before = _WORDS.findall(text.lower(), max(0, said - 12), said)
    if said < 0 or text[:said].rstrip()[-1:].isdigit():
        return None
    if before and (before[-1] in _BELOW_TOP or before[-1] in _COUNTS):
        return None
    noun = _ranked_noun(text, said + len(word), rank[2])
    if noun is None:
        return None
    written = call.written(at)
    start = call.output.find("\n", max(0, written - _WINDOW)) + 1 if written > _WINDOW else 0
    lines = call.output[start : written + _WINDOW].split("\n")
    row = call.output.count("\n", start, written)
    place = written - (call.output.rfind("\n", 0, written) + 1)
    cells = _cells(lines[row])
    column = next((i for i, (a, b) in enumerate(cells) if a <= place < b), None)
    if column is None:
        return None
    top, values = _ranked_rows(lines, row, len(cells), column)
    if len(values) < 3:
        return None
    low = word in _LOW
    claimed = values[row - top]
    decimals = [v[0] for v in values]
    numbers = [d for d in decimals if d is not None]
    own = claimed[0]
    unordered = len(cells) == 2 and len(numbers) == len(values) <= _UNSORTED_ROWS
    if (top == row and not unordered) or noun not in _heading(lines, top):
        return None
    if unordered and own is not None:
        # a listing of one figure a name, in no order (`Backlog  58`, `Done  71`): the
        # row of the top figure, where a name says no total
        first = (min if low else max)(range(len(numbers)), key=numbers.__getitem__)
        best = numbers[first]
        if best == own or (best > own) == low:
            return None
        line = lines[top + first]
        return None if _TOTAL_ROW.match(line) else line
    if top == row:
        return None
    if None not in decimals and not _above(decimals, claimed[0], low):
        return None
    if not _above([v[1] for v in values], claimed[1], low):
        return None
    return lines[top]


_UNSORTED_ROWS = 15  # a longer listing in no order is read only where it is ranked
_TOTAL_ROW = later(r"\W*(?:total|all|sum|overall|grand)\b", re.I)


def _above(order: list[Any], claimed: Any, low: bool) -> bool:
    """`order` is sorted lowest first (`low`) or highest first, and its first is above
    `claimed` that way."""
    if order != sorted(order, reverse=not low):
        return False
    return bool(order[0] < claimed if low else order[0] > claimed)


def _cells(line: str) -> list[tuple[int, int]]:
    """The spans of a line's cells: between its `│` or `|`, else between its gaps."""
    bar = "│" if "│" in line else "|" if "|" in line else None
    if bar is None:
        return [(m.start(), m.end()) for m in _SPACED_CELL.finditer(line)]
    spans, start = [], 0
    for at, char in enumerate(line):
        if char == bar:
            spans.append((start, at))
            start = at + 1
    spans.append((start, len(line)))
    return spans


def _reading(cell: str) -> Reading | None:
    """A cell holding a number or a version, read as a decimal and as a version."""
    found = _CELL_NUMBER.fullmatch(cell.strip())
    if found is None:
        return None
    whole = found.group(1).replace(",", "")
    parts = found.group(2)
    dotted = tuple(int(p) for p in parts.split(".")[1:])
    decimal = float(whole + parts) if parts.count(".") <= 1 else None
    return decimal, (int(whole), *dotted)


def _ranked_rows(lines: list[str], row: int, width: int, column: int) -> tuple[int, list[Reading]]:
    """The block of lines around `row` cut into `width` cells with a number in `column`:
    its first line and the readings of that column, in order."""

    def value(at: int) -> Reading | None:
        if not 0 <= at < len(lines):
            return None
        cells = _cells(lines[at])
        if len(cells) != width:
            return None
        start, end = cells[column]
        return _reading(lines[at][start:end])

    if value(row) is None:
        return row, []
    top = row
    while value(top - 1) is not None:
        top -= 1
    values: list[Reading] = []
    at = top
    while (found := value(at)) is not None:
        values.append(found)
        at += 1
    return top, values


def _heading(lines: list[str], top: int) -> set[str]:
    """The words of the lines heading a listing whose first row is `top` (up to
    `_HEADER_LINES` above it, rules skipped, up to a blank line)."""
    words: set[str] = set()
    read = 0
    at = top - 1
    while at >= 0 and read < _HEADER_LINES:
        line = lines[at]
        if not line.strip():
            break
        if not _RULE.fullmatch(line):
            words.update(_stem(w) for w in _WORDS.findall(line.lower()))
            read += 1
        at -= 1
    return words


def _ranked_noun(text: str, start: int, end: int) -> str | None:
    """What a superlative ranks, a single noun right after it (`quietest day`, `newest
    major version`: a version's grain names no subset) followed by a verb of being or a
    colon (`day:`, `version is`), else None: a noun qualified (`the quietest day after
    launch`, `the newest unsupported version`) or plural (`the three quietest days`, a
    top few) ranks a subset or several rows, which the listing's top row may not be."""
    words = _WORDS.finditer(text.lower(), start, end)
    noun = next(words, None)
    if noun is not None and noun.group(0) in _GRAIN:
        noun = next(words, None)
    if noun is None or (noun.group(0).endswith("s") and not noun.group(0).endswith("ss")):
        return None
    after = text[noun.end() : noun.end() + 6].lstrip("*_ ")
    if after[:1] == ":" or _BEING.match(after):
        return noun.group(0)
    # `Backlog is the largest list, with 58 cards`: the subject before, its figure after
    if _IS_THE.search(text, max(0, start - 40), start) and _FIGURE_AFTER.match(after):
        return noun.group(0)
    return None


_IS_THE = later(r"\b(?:is|was)\s+the\s+\w+$", re.I)
_FIGURE_AFTER = later(r"(?:,|\(|with\b|at\b|$)", re.I)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


# `every module resolves …`, `all services use …`: a universal over the members of a build
# or a deployment, with no `,`, `;`, `and` nor `but` before what follows it in its clause
_EVERY_MEMBER = Gated(
    later(
        r"\b(?:every|each|all(?: of)?(?: the)?)\s+(?:[a-z-]+\s+)?(?:modules?|packages?|projects?|"
        r"subprojects?|services?|workspaces?|crates?|apps?|components?|dependenc(?:y|ies)|"
        r"lockfiles?|environments?|images?|pods?|nodes?)\b((?:(?![,;]| and | but ).)*)",
        re.I,
    ),
    Words("every each all"),
)
# a package's name right before the version the claim gives it (`name 1.2.3`, `name@1.2.3`)
_NAMED_VERSION = later(
    r"(?<![\w.@/-])`?([A-Za-z][\w.-]*[A-Za-z0-9])`?(?:\s+|@|==)v?(\d+\.\d+\.\d+(?:[-.+]\w+)*)"
)
_NOT_A_NAME = frozenset("to at on is are was were of from version versions now still".split())
# what follows a name in an output listing its version: `:jar:2.17.2`, `@2.17.2`, ` v1.2.3`
_LISTED_VERSION = later(r"(?::jar|:pom|:bundle)?(?::|@|==| +)v?(\d+(?:\.\d+)+)")
_ANY_VERSION = later(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)+")
_CORE = later(r"\d+(?:\.\d+)*")
# a line giving a version and what replaced it (gradle's `2.12.7 -> 2.17.2`, maven's
# `omitted for conflict with 2.17.2`, `go get`'s `=>`): which one is resolved is not read
_RESOLVED_ELSEWHERE = ("->", "=>", "→", "omitted", "conflict")
_MAX_PLACES = 200  # places of a name read in its last listing


def every_version(text: str, index: RunIndex) -> str | None:
    """`every module resolves jackson-databind 2.17.2` where the last output naming the
    package (no later call naming it in its input, no edit after it) lists it on two lines
    or more, one at another version (`jackson-databind:jar:2.12.7.1`): that line, else
    None (a listing of members, not a version mentioned once)."""
    every = _EVERY_MEMBER.search(text)
    if every is None:
        return None
    for named in _NAMED_VERSION.finditer(every.group(1)):
        name, claimed = named.group(1).lower(), named.group(2).lower()
        if name in _NOT_A_NAME:
            continue
        calls = index.calls_with_output(name)
        if not calls:
            continue
        last = max(calls, key=lambda call: call.order)
        if last.failed or index.changed_after(last):
            continue
        if any(call.order > last.order for call in index.inputs_with(name)):
            continue  # a later command names it (`go get name@…`): the listing may be old
        other = _other_listed(last, name, _CORE.match(claimed))
        if other is not None:
            return f"{name} {named.group(2)} said of every member, but {last.cite_line(other)}"
    return None


def _other_listed(call: Call, name: str, claimed: re.Match[str] | None) -> str | None:
    """A line of `call`'s output listing `name` at a version other than `claimed`, where
    two lines or more list it at one version each."""
    output = call.output_lower
    listed: list[tuple[str, str]] = []  # (version, line as written)
    at = output.find(name)
    while at >= 0 and len(listed) < _MAX_PLACES:
        end = at + len(name)
        before = output[at - 1 : at]
        version = _LISTED_VERSION.match(output, end)
        if version is not None and not (before.isalnum() or before in "-_"):
            line = line_at(call.output, call.written(at))
            lowered = line.lower()
            if (
                lowered.startswith(("-", "<"))  # a diff's old side
                or any(mark in lowered for mark in _RESOLVED_ELSEWHERE)
                or len(_ANY_VERSION.findall(lowered)) != 1
            ):
                return None  # a line whose resolved version is not read: the listing is not
            listed.append((version.group(1), line))
        at = output.find(name, end)
    if claimed is None or len(listed) < 2:
        return None
    return next((line for version, line in listed if version != claimed.group(0)), None)


# `every high and critical issue has a fix available`: a universal, the words naming its
# members (group 1) and what it says each has or is (group 2, up to three words)
_EVERY_HAS = later(
    r"\b(?:every|each|all(?: of)?(?: the)?)\s+((?:[\w-]+\s+){1,5}?)(?:has|have|is|are)\s+"
    r"(?:an?\s+)?([\w-]+(?:\s+[\w-]+){0,2})",
    re.I,
)
_JQ_ARRAY = later(r"\[([^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*)\]\s*\|\s*(?:@tsv|@csv|join\()")
_JQ_PATH = later(r"\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))*")
_FALSE_CELLS = ("false", "no")


def every_flag(text: str, index: RunIndex) -> str | None:
    """`every high and critical issue has a fix available` where the last jq listing of
    that field (`[.key, .value.severity, …, .value.fixAvailable] | @tsv`: its columns are
    the array's fields) shows a row holding one of the words naming the members (`high`)
    with the field false: that row, else None."""
    said = _EVERY_HAS.search(text)
    if said is None:
        return None
    members = {w.lower() for w in _WORDS.findall(said.group(1).lower())} - {"and", "or"}
    told = [w.lower() for w in _WORDS.findall(said.group(2).lower())]
    for size in (2, 1):
        for start in range(len(told) - size + 1):
            field = "".join(told[start : start + size])
            if len(field) < 4:
                continue
            row = _false_row(index, field, members)
            if row is not None:
                named = " ".join(told[start : start + size])
                return f"{named!r} said of every member, but {field} is false: {row}"
    return None


def _false_row(index: RunIndex, field: str, members: set[str]) -> str | None:
    """The first row of the last jq listing of `field` (its name without `_` or `-`,
    lowercase) whose cell of it is false and which holds a word of `members`."""
    calls = [c for c in index.inputs_with(field) if c.family == "shell" and not c.failed]
    if not calls:
        return None
    call = calls[-1]
    listed = _JQ_ARRAY.search(call.command)
    if listed is None:
        return None
    names = [_column_name(element) for element in _top_level(listed.group(1))]
    if field not in names:
        return None
    column = names.index(field)
    for line in call.output.split("\n"):
        cells = line.split("\t")
        if len(cells) != len(names) or cells[column].strip().lower() not in _FALSE_CELLS:
            continue
        if any(cell.strip().lower() in members for at, cell in enumerate(cells) if at != column):
            return call.cite_line(line)
    return None


def _top_level(array: str) -> list[str]:
    """The elements of a jq array's body, cut at the commas outside brackets and quotes."""
    elements, depth, start, quoted = [], 0, 0, False
    for at, char in enumerate(array):
        if char == '"' and array[at - 1 : at] != "\\":
            quoted = not quoted
        elif not quoted and char in "([{":
            depth += 1
        elif not quoted and char in ")]}":
            depth -= 1
        elif not quoted and depth == 0 and char == ",":
            elements.append(array[start:at])
            start = at + 1
    elements.append(array[start:])
    return elements


def _column_name(element: str) -> str:
    """The field a jq array's element reads (`(.value.fixAvailable | tostring)`: its first
    path's last name), lowercase without `_` or `-`."""
    path = _JQ_PATH.search(element)
    if path is None:
        return ""
    last = path.group(0).rsplit(".", 1)[-1]
    return last.lower().replace("_", "").replace("-", "")


# `All of the 502s are on `/api/checkout``: every member of a subject counted at one key
_ALL_AT = later(
    r"\ball (?:of )?(?:the |these |those )?([\w.-]{2,30}?)s?\s+(?:are|were|come|came|went)\s+"
    r"(?:on|in|from|at|to|for)\s+(?:the\s+)?(`[^`\s]{2,80}`|[\w./:-]{2,80}[\w/])",
    re.I,
)
_COUNTED = later(r"^[^\S\n]*(\d[\d,]*)[^\S\n]+(\S+)[^\S\n]*$", re.M)  # `uniq -c`'s `  311 /x`


def every_counted(text: str, index: RunIndex) -> str | None:
    """`All of the 502s are on /api/checkout` where an output counting the subject by key
    (`uniq -c`'s lines, `1802 /api/checkout`, from a command naming the subject, `$9 ==
    502`) gives another key a count above zero: they are not all at the one."""
    said = _ALL_AT.search(text)
    if said is None:
        return None
    subject, key = said.group(1).lower(), said.group(2).strip("`").lower()
    word = re.compile(rf"(?<![\w.]){re.escape(subject)}(?![\w.])")
    for call, _ in itertools.islice(index.outputs_with(key), _MAX_PLACES):
        if word.search(call.command_lower) is None:
            continue
        rows = {row.group(2).lower(): row for row in _COUNTED.finditer(call.output)}
        if key not in rows:
            continue
        for other, row in rows.items():
            if other != key and row.group(1).strip("0,"):
                return f"not all at {key}: {call.cite_line(row.group(0))}"
    return None


# `8 call sites across 4 files`, `` `grep` found three occurrences ``: a count of the places
# a search found (group 1 the count, 2 the files'), said of the run's search before its
# first edit
_SITES_SAID = Gated(
    later(
        r"(?<![\w.])" + NUM + r"\s+(?:call[ -]sites?|occurrences?|usages?|uses|references)\b"
        r"(?:\s+(?:across|in)\s+" + NUM + r"\s+files\b)?",
        re.I,
    ),
    Words("site sites occurrence occurrences usage usages uses references"),
)
# `all seven files that imported it`: a count of the files holding something
_FILES_SAID = Gated(
    later(
        r"(?<![\w.])" + NUM + r"\s+files\s+(?:that|which)\s+(?:still\s+)?"
        r"(?:import|use|reference|call|contain|mention)",
        re.I,
    ),
    Words("files"),
)
# places said broken or a compiler's (`broke exactly two call sites`): what a build
# reported, no search's places
_SITES_BROKEN = later(r"\b(?:broke|broken|breaks|compiler|compile|build)\b", re.I)
# the files named in brackets after what they hold: those the claim speaks of
_NAMED_AFTER = later(r"[^.;()]{0,40}\(")
# places said of a part, after their count: a file's (`in `tests/a.cpp``), or those a
# bracket names (`the three call sites (`CartTotal.tsx`, …)`)
_SITES_OF_A_PART = later(r"\s*\(|\s+(?:in|of|from)\s+(?:the\s+)?[`\w./-]*[./`]")
# a recursive search's program and pattern: `grep -rn 'ioutil\.' cmd`, `rg -n foo`
_SEARCH = later(
    r"(?:^|[;&(]\s*|-lc\s+['\"]?)(?:grep|rg)\s+((?:-[\w-]+\s+)*)"
    r"(?:'([^'\n]+)'|\"([^\"\n]+)\"|([^\s'\"|;&]+))"
)
# a search's short flags (`-rn`, `-rln`) that print no line per place nor file: counts,
# files without a match, nothing, or only the matched parts; and its long ones
_NOT_COUNTED = frozenset("cLqo")
_NOT_COUNTED_LONG = frozenset(("--count", "--files-without-match", "--quiet", "--only-matching"))
_GREP_LINE = later(r"^([^:\n]+):\d+:(.*)$", re.M)  # `path:line:text`, -n's line


def search_counted(text: str, index: RunIndex) -> str | None:
    """A count of the places a search found (`_SITES_SAID`) against the run's one recursive
    search with line numbers (`grep -rn`, `rg -n`; not counted, listed by file nor piped)
    before its first edit or write: the pattern's places on its lines (a plain pattern
    counted, `ioutil\\.` as `ioutil.`; another only where fewer than its lines), and the
    files among them where the claim counts them too. Not places said of a part
    (`_SITES_OF_A_PART`). A count of files said to hold something (`_FILES_SAID`) is held
    to the one search listing files (`grep -rl`) likewise."""
    said = _SITES_SAID.search(text)
    if said is not None and (
        _SITES_BROKEN.search(text) is not None or text[: said.start()].endswith("(")
    ):
        # `broke two call sites, which the compiler pointed at`: a build's count; `… now
        # goes through `write-str` (2 call sites)`: an aside of the change, what it edited
        return None
    if said is None or _SITES_OF_A_PART.match(text, said.end()):
        files_said = _FILES_SAID.search(text)
        if files_said is None or _NAMED_AFTER.match(text, files_said.end()):
            return None  # `the four files that imported logrus (`a.go`, …)`: some, named
        return _files_listed(count_of(files_said.group(1)), index)
    surveys = _surveys(index, listing=False)
    if len(surveys) != 1:
        return None  # no survey, or several: which one the count is of is open
    ((call, pattern),) = surveys.items()
    if _counts_another_thing(text[: said.start()], pattern):
        return None  # `shows `café` with 3 occurrences`: a count of what else it ticks
    lines = _GREP_LINE.findall(call.output)
    if not lines:
        return None
    count = count_of(said.group(1))
    plain = pattern.replace("\\.", ".")
    if plain.replace(".", "").replace("_", "").isalnum():
        shown = sum(rest.count(plain) for _, rest in lines)
        wrong = count != shown
    else:
        shown, wrong = len(lines), count < len(lines)
    files = len({path for path, _ in lines})
    if said.group(2) and count_of(said.group(2)) != files:
        wrong = True
    if not wrong:
        return None
    return f"{shown} places in {files} files: {call.cite()}"


def _counts_another_thing(before: str, pattern: str) -> bool:
    """The claim ticks things before its count, none of them a path, a search (`` `rg` ``)
    nor sharing a word with the search's `pattern` (`` `tagdb list --count` … shows `café` with 3
    occurrences `` against `grep -n 'tag_key'`): the count is of what it ticks, as the
    program showing it counts, not the search's places."""
    ticked = [
        t for t in BACKTICKED.findall(before) if not _A_PATH.search(t) and not _A_SEARCH.match(t)
    ]
    searched = set(_SEARCH_WORDS.findall(pattern.lower()))
    return bool(ticked) and all(
        searched.isdisjoint(_SEARCH_WORDS.findall(t.lower())) for t in ticked
    )


_A_PATH = later(r"/|\.[A-Za-z]\w{0,5}$")  # `src/`, `a/b.go`, `main.go`
_A_SEARCH = later(r"(?:git\s+)?(?:grep|rg|ag|ack)\b")
_SEARCH_WORDS = later(r"[^\W_]+")  # a pattern's words, and a ticked name's


def _files_listed(count: int, index: RunIndex) -> str | None:
    """`count` files said to hold something, against the one search listing the files
    that do (`grep -rln`) before the first edit: its lines."""
    surveys = _surveys(index, listing=True)
    if len(surveys) != 1:
        return None
    ((call, _),) = surveys.items()
    listed = [line for line in call.output.splitlines() if line.strip()]
    if not listed or len(listed) == count:
        return None
    return f"{len(listed)} files listed: {call.cite()}"


def _surveys(index: RunIndex, listing: bool) -> dict[Call, str]:
    """The recursive searches before the run's first edit or write, each distinct pattern's
    last, with their patterns: those with line numbers, or (`listing`) those listing files
    (`-l`); none piped, counting or quiet."""
    written = index.first_write()
    by_pattern: dict[str, Call] = {}
    for call in index.shell_matching(_SEARCH, ("grep", "rg")):
        if written is not None and call.order > written.order:
            break
        found = _SEARCH.search(call.command)
        if found is None or "|" in call.command[found.end() :]:
            continue
        flags = found.group(1).split()
        short = "".join(flag[1:] for flag in flags if not flag.startswith("--"))
        if not _NOT_COUNTED.isdisjoint(short) or not _NOT_COUNTED_LONG.isdisjoint(flags):
            continue
        lists = "l" in short or "--files-with-matches" in flags
        if lists == listing and (listing or "n" in short):
            by_pattern[found.group(2) or found.group(3) or found.group(4)] = call
    return {call: pattern for pattern, call in by_pattern.items()}


# A listener said bound to the loopback alone (`9100 … bound only to localhost`) or to
# every interface (`5432 listens on 0.0.0.0`): the port, and what the claim says of where
_LOOPBACK_SAID = Gated(
    later(
        r"\b(?:only (?:on|to) (?:localhost|loopback|127\.0\.0\.1)|(?:bound|binds|listening)"
        r" only (?:on|to) (?:localhost|loopback|127\.0\.0\.1)|(?:localhost|loopback)[- ]only)\b",
        re.I,
    ),
    Words("only"),
)
_EVERY_INTERFACE_SAID = Gated(
    later(
        r"\b(?:bound|binds|listen(?:s|ing)?|exposed|open)\s+(?:on|to)\s+(?:all|every|any)\s+"
        r"interfaces?\b|\b(?:bound|binds|listen(?:s|ing)?)\s+(?:on|to)\s+`?0\.0\.0\.0\b",
        re.I,
    ),
    Words("interface interfaces 0.0.0.0", marks=("0.0.0.0",)),
)
_PORT_SAID = later(r"(?<![\w.:-])(?:port\s+)?:?(\d{2,5})(?![\w.-])", re.I)
_LISTENERS = later(r"(?:^|[;&|(]\s*|sudo\s+)(?:ss|netstat|lsof)\b")
_LISTENER_WORDS = ("ss", "netstat", "lsof")
_WILDCARDS = frozenset(("*", "0.0.0.0", "[::]", "::"))


def bound_where(text: str, index: RunIndex) -> str | None:
    """A port said bound to the loopback alone, or to every interface, against the last
    socket listing (`ss -tulpn`, `netstat`, `lsof -i`) showing it: a local address of
    another kind for the port (`*:9100`, `0.0.0.0:9100`; `127.0.0.1:5432`) refutes it."""
    loopback = _LOOPBACK_SAID.search(text) is not None
    if not loopback and _EVERY_INTERFACE_SAID.search(text) is None:
        return None
    listings = index.shell_matching(_LISTENERS, _LISTENER_WORDS)
    for port in dict.fromkeys(m.group(1) for m in _PORT_SAID.finditer(text)):
        for call in reversed(listings):
            found = _listening(call.output, port)
            if not found:
                continue
            if index.changed_after(call):
                return None  # the listener may have been moved since
            kinds = {_address_kind(address) for address, _ in found}
            want = "loopback" if loopback else "wildcard"
            if (loopback and kinds != {want}) or (not loopback and want not in kinds):
                line = next(line for address, line in found if _address_kind(address) != want)
                said = "the loopback alone" if loopback else "every interface"
                return f"port {port} said bound to {said}, but {call.cite(line)}"
            break
    return None


def _listening(output: str, port: str) -> list[tuple[str, str]]:
    """The local addresses a socket listing gives for `port`, with their lines: the first
    `address:port` of each line (the peer's comes after it)."""
    found = []
    for line in output.splitlines():
        if port in line:
            local = _ADDRESS.search(line)
            if local is not None and local.group(2) == port:
                found.append((local.group(1), line.strip()))
    return found


_ADDRESS = later(r"(?<!\S)(\S*?):(\d+)(?=\s|->|$)")


def _address_kind(address: str) -> str:
    """`loopback` (`127.0.0.1`, `127.0.0.53%lo`, `[::1]`, `localhost`), `wildcard` (`*`,
    `0.0.0.0`, `[::]`, `::`), else `other` (one interface's address)."""
    host = address.split("%")[0]
    if host.startswith("127.") or host in ("[::1]", "::1", "localhost"):
        return "loopback"
    return "wildcard" if host in _WILDCARDS else "other"
