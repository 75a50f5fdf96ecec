"""A response's table rows held against the run (SPEC §5.9): a row is verified where one
output line shows it whole, contradicted where the line it restates shows one of its
values changed.

A row's cells are read as values (numbers, dates), words (`Login button misaligned`),
keys (one token with a digit, `.`, `/` or `-`: an IP, a file's name, an id) or not at all
(`~14% of the day's requests`). Precision first: a row with a cell not read is verified
by no line; a row of three values or more is refuted by a line restating it (its words
and keys, as many values), one of two values or fewer only where its words and keys find
one such line in the whole run.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from ._gate import Gated, Words
from ._index import Call, RunIndex, line_at
from ._later import later

# A value of a response's table row or of an output line: a date (a timestamp read as its
# date), else a number (thousands separators, a fraction, a `%`), not inside a word or an id
# nor a port after its host (`redis-cache:6379`, a key). Opened by a look-ahead for what
# either branch begins with, so at each other character (most of a claim's) it fails at
# once, where the number branch's two look-behinds (`\w` a Unicode class) were tried first.
_ROW_VALUE = later(
    r"(?=[-−+$\d])(?:(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?(?![\w-])"
    # (not a bound: `>=90`, `< 5`)
    r"|(?<![\w.,<>≥≤-])(?<![<>]=)(?<![<>≥≤] )(?<![A-Za-z]:)([-−+]?)\$?(\d{1,3}(?:,\d{3})+|\d+)"
    r"(\.\d+)?(%?)"
    r"(?![\w.,]\d|[\w-]))"
)
_ROW_TEXT = later(r"[A-Za-z][A-Za-z .&'/-]*[A-Za-z.]")  # a cell of words, no digit


class _RowValue:
    """A value of a row or line: its kind (`date`, `int`, `dec`), its text and number."""

    __slots__ = ("decimals", "kind", "number", "percent", "plain", "text")

    def __init__(self, found: re.Match[str]) -> None:
        date, sign, whole, fraction, percent = found.groups()
        self.text = found.group(0)
        self.percent = bool(percent)
        self.decimals = len(fraction) - 1 if fraction else 0
        if date is not None:
            self.kind, self.number = "date", 0.0
            self.text = self.plain = date
        else:
            self.number = float(whole.replace(",", "") + (fraction or ""))
            self.number = -self.number if sign and sign != "+" else self.number
            self.kind = "dec" if fraction or percent else "int"
            self.plain = whole.replace(",", "") + (fraction or "")  # `1240.5` for `$1,240.5%`

    def akin(self, other: _RowValue) -> bool:
        """`other` may be this value misstated: of its kind and, a number, of its sign and
        within a factor 10 (a share beside a growth rate is another quantity)."""
        if self.kind != other.kind or self.kind == "date":
            return self.kind == other.kind
        low, high = sorted((abs(self.number), abs(other.number)))
        return (self.number < 0) == (other.number < 0) and low > 0 and high < 10 * low

    def same(self, other: _RowValue) -> bool:
        """`other` (an output's) shows this value (a row's), at the row's precision."""
        if self.kind == "date" or other.kind == "date":
            return self.text == other.text
        for found in (other.number, other.number * 100) if self.percent else (other.number,):
            if found == self.number or round(found, self.decimals) == self.number:
                return True
        return False


_ROW_KEY = later(r"#?[A-Za-z0-9][\w.:/@#+-]*[A-Za-z0-9]")  # a cell of one token, no space
# an en dash joining a key's parts, which outputs write as a hyphen (`P3–5`, `91–120`)
_JOINING_DASH = later(r"(?<=[^\W_])–(?=[^\W_])")
_KEY_MARKS = frozenset("0123456789./-")  # a key holds one: a word alone is a cell of words
_EMPTY = frozenset(("", "-", "–", "—", "n/a"))  # a cell saying nothing
# what a cell of values holds besides them (`1,120 (2.3%)`, `−13.75% ⚠️`): no letter or
# digit, nor a range's or a ratio's mark (`1–2`, `3/5`)
_NOT_BESIDE_VALUES = later(r"[^\W_]|[–—/:]")
# a letter, digit or `_` glued to the end of a word or key (`ar` is no word of
# `ar_open.csv`), or a `.` or `-` and a letter or digit after it
_GLUED_BEFORE = later(r"(?:\w|[^\W_][.-])$")
_GLUED_AFTER = later(r"\w|[.-][^\W_]")
# a line longer shows no row whole: a whole JSON array on one line holds every row's cells
_LINE_WIDTH = 400
_THOUSANDS = later(r"\d,\d{3}(?!\d)")  # a comma that may group a number's digits (`1,234`)
_MAX_PLACES = 200  # places of a row's longest word or key read
_CORROBORATED = 3  # values that let any line restating a row refute it, not only the one line
VERIFIED, CONTRADICTED = "verified", "contradicted"


class _Row:
    """A row's cells read: its cells of words and its keys (lowercase: they find the
    lines restating it), its other cells as written (`iPhone 14 Pro`, lowercase), and
    the values of every cell not of words."""

    __slots__ = ("names", "others", "values")

    def __init__(self, row: str) -> None:
        row = _JOINING_DASH.sub("-", row)
        cells = [cell.strip().strip("`*_ ") for cell in row.strip().strip("|").split("|")]
        self.names: list[str] = []
        self.others: list[str] = []
        self.values: list[_RowValue] = []
        for cell in cells:
            found = list(_ROW_VALUE.finditer(cell))
            if _ROW_TEXT.fullmatch(cell) and len(cell) >= 2:
                self.names.append(cell.lower())
                continue
            self.values.extend(map(_RowValue, found))
            if (found and not _NOT_BESIDE_VALUES.search(_ROW_VALUE.sub("", cell))) or (
                cell.lower() in _EMPTY
            ):
                continue
            if not found and _ROW_KEY.fullmatch(cell) and not _KEY_MARKS.isdisjoint(cell):
                self.names.append(cell.lower())
            else:
                self.others.append(" ".join(cell.replace("`", "").lower().split()))

    def needle(self) -> str:
        """What finds the lines that may restate the row: its longest word or key, else
        its longest other cell, else its longest number as an output writes it plain."""
        if self.names or self.others:
            return max(self.names or self.others, key=len)
        return max((v.plain for v in self.values), key=len)


def row_verdict(row: str, index: RunIndex) -> tuple[str, str] | None:
    """A response's table row (`| 192.0.2.10 | 1,204 |`) verified by an output line
    holding each of its cells: a cell of values its values, any other as words (not the
    row itself, as the agent wrote it); else contradicted by the line restating it (its
    cells of words and keys as words, as many values, a row number apart) where, read in
    order, one value differs from the line's of its kind and size (`1,240` against `1204`),
    the others are the line's and the differing value is in no output; for a row of fewer
    than three values, only where one such line is in the run (its places read through:
    not where they are more than `_MAX_PLACES`). The verdict and its evidence, else None:
    not a claim."""
    read = _Row(row)
    if not read.values or (not read.names and not read.others and len(read.values) < 2):
        return None
    refuting: list[tuple[Call, str, _RowValue]] = []
    restating: set[str] = set()
    # a line's reading (a JSON field's: its record's) depends on its text alone: a line
    # many calls print (a test's title, a listing run again) is read at its first place
    read_lines: set[str] = set()
    places = itertools.islice(index.outputs_with(read.needle()), _MAX_PLACES + 1)
    unread = False  # more places than read: more lines may restate the row
    for looked, (call, at) in enumerate(places):
        if looked == _MAX_PLACES:
            unread = True
            break
        line = line_at(call.output, call.written(at))
        if line.lstrip()[:1] == '"' or len(line) > _LINE_WIDTH:  # a JSON field or array
            line = _record(call.output, call.written(at)) or line
        if line in read_lines:
            continue
        read_lines.add(line)
        lowered = line.lower()
        if not all(_as_words(lowered, name) for name in read.names):
            continue
        shown = _line_values(line)
        pool = list(shown)
        if all(_take(value, pool) for value in read.values):
            if (
                len(line) <= _LINE_WIDTH
                and all(_as_words(lowered, other) for other in read.others)
                and not index.in_inputs(lowered.strip())
            ):
                return VERIFIED, f"the row's cells on one line: {call.cite_line(line)}"
            return None
        if len(shown) == len(read.values) + 1 and shown[0].kind == "int" and _indexed(line):
            del shown[0]  # a listing's row number (pandas' index)
        if not read.names or len(shown) != len(read.values):
            continue  # a column the row or the line has alone: the row's may be its own
        restating.add(line.strip())
        # in order, the row's values against the line's: one differs, of the same kind
        changed = [at for at, value in enumerate(read.values) if not value.same(shown[at])]
        if len(changed) == 1 and read.values[changed[0]].akin(shown[changed[0]]):
            refuting.append((call, line, read.values[changed[0]]))
    if not refuting or (len(read.values) < _CORROBORATED and (len(restating) != 1 or unread)):
        return None
    call, line, differing = refuting[0]
    if index.in_outputs(differing.text.lower().strip("$%")) or index.in_outputs(differing.plain):
        return None
    return CONTRADICTED, f"{differing.text!r} in the row, but {call.cite_line(line)}"


def _line_values(line: str) -> list[_RowValue]:
    """The values of an output's line; of a CSV line (`People,6120.00`: no comma in it
    may be a thousands separator, none before a space, no JSON), its fields that are
    values."""
    if "," not in line or ", " in line or "{" in line or _THOUSANDS.search(line):
        return [_RowValue(m) for m in _ROW_VALUE.finditer(line)]
    fields = (_ROW_VALUE.fullmatch(field.strip()) for field in line.split(","))
    return [_RowValue(found) for found in fields if found is not None]


def _record(output: str, at: int) -> str | None:
    """The JSON object holding `at` (its innermost `{…}`, within `_LINE_WIDTH`
    characters), its lines joined: a record read as one line, pretty-printed (`"ip":
    "192.0.2.7",` on a line of its own) or one of an array on one line."""
    depth, start = 0, at
    while True:
        start -= 1
        if start < max(0, at - _LINE_WIDTH):
            return None
        if output[start] == "}":
            depth += 1
        elif output[start] == "{":
            if depth == 0:
                break
            depth -= 1
    for end in range(at, min(len(output), start + _LINE_WIDTH)):
        if output[end] == "{":
            depth += 1
        elif output[end] == "}":
            if depth == 0:
                return " ".join(output[start : end + 1].split())
            depth -= 1
    return None


def _indexed(line: str) -> bool:
    """The line opens with a row number: digits, then a gap, then a word."""
    number = line.lstrip()
    digits = len(number) - len(number.lstrip("0123456789"))
    rest = number[digits:]
    return digits > 0 and (rest[:2] == "  " or rest[:1] == "\t")


def _take(value: _RowValue, shown: list[_RowValue]) -> bool:
    """Whether a value of `shown` (a line's, not yet taken) shows `value`; it is taken."""
    for at, other in enumerate(shown):
        if value.same(other):
            del shown[at]
            return True
    return False


def _as_words(line: str, text: str) -> bool:
    """`text` is in `line` with no letter or digit glued to either end, nor one after a
    `.` or `-` there (`10.0.4.1` is not in `10.0.4.12` nor in `10.0.4.1.5`)."""
    at = line.find(text)
    while at >= 0:
        end = at + len(text)
        before, after = line[max(0, at - 2) : at], line[end : end + 2]
        if not _GLUED_BEFORE.search(before) and not _GLUED_AFTER.match(after):
            return True
        at = line.find(text, at + 1)
    return False


# A ranking's entry said in prose (`GB is next with 1,302`, `then DE with 1,074`): a name
# (one token, or ticked) opening the claim with its place, or after `then`/`followed by`,
# and its figure
_RANKED_WITH = later(
    r"(?:^[\W_]{0,6}(?=\S{1,62}\s+(?:is|was|comes|came)\s+(?:next|second|third|fourth|fifth|last)\b)"
    r"|\b(?:then|followed by)\s+)(`[^`\s]{2,60}`|[A-Za-z0-9][\w./:-]{1,60})"
    r"(?:\s+(?:is|was|comes|came)\s+(?:next|second|third|fourth|fifth|last))?"
    r"\s+with\s+((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?)(?![\w.,]\d)"
)


def ranked_rows(text: str, index: RunIndex) -> Iterator[tuple[str, str]]:
    """Each entry of a ranking the claim gives in prose, held as the table row it restates
    (`| DE | 1,074 |`): the row's refutations alone (its name and figure are the whole of
    what the claim says of it, not of what the rest of the claim says)."""
    for entry in _RANKED_WITH.finditer(text):
        verdict = row_verdict(f"| {entry.group(1)} | {entry.group(2)} |", index)
        if verdict is not None and verdict[0] == CONTRADICTED:
            yield verdict


# A thing's figures said in prose, the thing named first: a list item's key (`Pro: +40.5
# (164 responses)`, `**Midwest** — $29,847.75`) or a sentence's subject before a verb of
# standing (`Midwest trails the pack at $29,847.75`); group 1 or 2 the name, the figures
# after it
_SAID_ROW = later(
    r"^[\W_]{0,6}(?:([A-Z][\w&.'/-]*(?:[^\S\n][\w&.'/-]+){0,3}?)`?(?:\*\*|__)?"
    r"(?::(?=[\s*_])|[^\S\n][—–])"
    r"|([A-Z][\w&.'/-]*(?:[^\S\n][A-Z][\w&.'/-]*){0,2})[^\S\n]+(?:leads|led|trails|trailed|"
    r"ranks|ranked|comes|came|sits|sat|averages|averaged|totals|totall?ed|peaked|stands|stood)"
    r"\b|([a-z][\w&.'/-]*(?:[^\S\n][\w&.'/-]+){0,3}?):[^\S\n])"
)
# Every match of _SAID_ROW holds a `:` or a dash after its name, or one of its verbs: the
# pattern (its lazy names backtracking through each of a claim's first words) is tried only
# on the few claims holding one (22 of the bench's 195 with a digit)
_SAID_ROW_GATED = Gated(
    _SAID_ROW,
    Words(
        "leads led trails trailed ranks ranked comes came sits sat averages averaged totals "
        "totalled totaled peaked stands stood",
        marks=(":", "—", "–"),
    ),
)
_SAID_ROW_VALUES = 4  # a said row of more figures is a table's, not a thing's few
# a thing's places read: one named more often (`Total`, `Tests`) is no one row's label
_THING_PLACES = 40
# the end of a subject's clause: another thing named (`… and Sales $142,310`), or a comma,
# a dash or a bracket before what else the sentence says (`, roughly 16% ahead of …`)
_NEXT_NAME = later(r"[,;](?=\s)|\s\(|\s[—–]\s|\b(?:and|then|while|but)\s+(?:the\s+)?[A-Z]")


def said_rows(text: str, index: RunIndex) -> Iterator[tuple[str, str]]:
    """A thing's figures said in prose (`_SAID_ROW`), held against the output lines naming
    the thing (each of its words as words): one said figure differs from its counterpart
    on the thing's row, within a factor 10 (`Pro: +40.5 (164 responses)` against `Pro  164
    72  60  32  24.4`: a swap; `Midwest … $29,847.75` against `Midwest  297  29874.75`: a
    misreading). The row holds the other said figures and a figure of the differing one's
    kind (lines holding none of that kind, an input's record, are no other reading), else,
    none holding one, a figure of its kind within a factor 2; rows giving different
    counterparts leave it open. The counterpart is the one figure of the kind the others
    leave on the row, or the one in the column where another row of as many figures shows
    the said figure. Never where a line naming the thing gives the said figure, nor, the
    figure in some output, unless another row of as many figures holds it (a swap)."""
    said = _said_row(text)
    if said is not None:
        yield from _held_to_rows(*said, index)


def _held_to_rows(
    name: str, label: str, values: list[_RowValue], index: RunIndex
) -> Iterator[tuple[str, str]]:
    """`said_rows`' test of a thing's said figures against its rows."""
    rows = _rows_naming(name, label, index)
    given = [figure for _, shown in rows.values() for figure in shown]
    differing = [value for value in values if not any(map(value.same, given))]
    if len(differing) != 1:
        return  # every said figure is the thing's somewhere, or more than one is not
    value = differing[0]
    anchored = len(differing) < len(values)
    readings: list[tuple[Call, str, _RowValue | None]] = []  # each line's counterpart
    most = 0  # the most other said figures a row holds: the rows holding fewer are others'
    for line, (call, shown) in rows.items():
        pool = list(shown)
        taken = sum(_take(other, pool) for other in values if other is not value)
        kin = [other for other in pool if _kin(value, other)]
        if not anchored:  # a row only by a figure near the said one: that figure alone
            kin = [other for other in kin if _near(value, other)]
        if kin and (taken or not anchored) and taken >= most:
            if taken > most:
                most, readings = taken, []
            readings.append((call, line, _counterpart(value, shown, kin, index)))
    found = [counterpart for _, _, counterpart in readings if counterpart is not None]
    if not found or len(found) < len(readings) or any(not c.same(found[0]) for c in found):
        return  # no row, or rows giving the thing different figures: another reading
    call, line, _ = readings[-1]
    if not value.akin(found[0]) or value.same(found[0]) or _summed(value, rows[line][1]):
        return
    if _in_outputs(value, index) and not _on_a_sibling(value, len(rows[line][1]), index):
        return  # shown elsewhere: another thing's only on a row of as many figures
    yield CONTRADICTED, f"{value.text!r} for {name}, but {call.cite_line(line)}"


def _summed(value: _RowValue, shown: list[_RowValue]) -> bool:
    """`value` is the sum of two or three neighbouring figures of the row (`18 aged units`
    of a row's `0 12 6 1`: two age bands side by side): a figure the claim worked out."""
    if value.kind != "int":
        return False
    figures = [other.number if other.kind == "int" else None for other in shown]
    for size in (2, 3):
        for at in range(len(figures) - size + 1):
            window = [figure for figure in figures[at : at + size] if figure is not None]
            if len(window) == size and sum(window) == value.number:
                return True
    return False


# A figure in brackets after the thing it is of: a host or file name (`yahoo.com (61)`), or
# a sentence's subject with the most or fewest of something (`USB-C Dock Pro sold the most
# units (2,318)`); group 1 or 2 the name, 3 the figure
_PAIRED = later(
    r"(?<![\w.-])([a-z0-9][\w-]*(?:\.[\w-]+)+)[^\S\n]\(|"
    r"^[\W_]{0,6}([A-Z][\w&.'/-]*(?:[^\S\n][\w&.'/-]+){0,3}?)[^\S\n]+(?:had|has|have|sold|got|"
    r"saw|drew|received|logged|scored|recorded|took)[^\S\n]+the[^\S\n]+(?:most|fewest|highest|"
    r"lowest|largest|smallest|biggest|least)\b[^.;()\n]{0,40}\("
)
_PAIRED_FIGURE = later(r"\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?(?=\))")


def paired_rows(text: str, index: RunIndex) -> Iterator[tuple[str, str]]:
    """A figure in brackets after the thing it is of (`_PAIRED`), held as `said_rows`
    holds a thing's figures: `comcast.net had the most bounces (97), ahead of yahoo.com
    (61)` against `97 yahoo.com` and `61 comcast.net`. Asked of claims holding ` (`."""
    for paired in _PAIRED.finditer(text):
        figure = _PAIRED_FIGURE.match(text, paired.end())
        found = None if figure is None else _ROW_VALUE.fullmatch(figure.group(0))
        name = (paired.group(1) or paired.group(2)).lower()
        if found is not None and not _year(found.group(0)) and len(name) > 2:
            yield from _held_to_rows(name, "", [_RowValue(found)], index)


def _said_row(text: str) -> tuple[str, str, list[_RowValue]] | None:
    """The thing a claim opens on (lowercase), the label its rows give it (a lowercase
    key's, `indirectly lost:`; else ``), and its figures: those after it, up to where
    another thing is named for a sentence's subject, none in a code span nor a year."""
    said = _SAID_ROW_GATED.search(text)  # `^` opens it: one try, at the start
    if said is None:
        return None
    name = (said.group(1) or said.group(2) or said.group(3)).lower()
    label = f"{name}:" if said.group(3) else ""
    rest = _CODE_SPAN.sub(" ", text[said.end() :])  # `--jobs=4`: a command's, no figure
    if said.group(2):  # `Engineering averages $98,451 and Sales $142,310`: its own figures
        rest = _NEXT_NAME.split(rest, 1)[0]
    # a difference said against another thing (`$496.10 under CDW`) is no figure of a row,
    # nor a day said with its month (`on Sat Oct 19`: the date's, a row giving it whole)
    days = [m.span() for m in _MONTH_DAY.finditer(rest)] if _MONTH_WORDS.may_hold(rest) else []
    found = [
        m
        for m in _figures(rest)
        if _COMPARED.match(rest, m.end()) is None and not any(a <= m.start() < b for a, b in days)
    ]
    if not found or len(found) > _SAID_ROW_VALUES or len(name) < 2:
        return None
    return name, label, [_RowValue(m) for m in found]


# a day of a month, written with the month's name or its short form (`Oct 19`, `19 Sept`,
# `March 3rd`), and the words each match holds
_MONTH_NAMES = (
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
)
_MONTH_DAY = later(
    rf"\b(?:{_MONTH_NAMES})\.?\s(?:\d{{1,2}})(?:st|nd|rd|th)?(?![\d:.,]\d|\d)"
    rf"|(?<![\d.,])\d{{1,2}}(?:st|nd|rd|th)?\s(?:{_MONTH_NAMES})\b"
)
_MONTH_WORDS = Words(_MONTH_NAMES.lower().replace("|", " "))
_COMPARED = later(
    r"[^\S\n]*(?:[A-Za-z]{1,3}[^\S\n]+)?(?:under|over|below|above|ahead|behind|more|less|"
    r"fewer|cheaper|lower|higher|up|down)\b",
    re.I,
)


def _rows_naming(name: str, label: str, index: RunIndex) -> dict[str, tuple[Call, list[_RowValue]]]:
    """The distinct output lines that may be the thing's row, with their figures: its
    first word opens one of their fields (`_labels`), each of its words is in them, and
    its label too where it has one; none where its places are more than `_THING_PLACES`."""
    words = name.split()
    rows: dict[str, tuple[Call, list[_RowValue]]] = {}
    for call, at in index.every_place(max(words, key=len), _THING_PLACES) or ():
        line = line_at(call.output, call.written(at)).strip()
        lowered = line.lower()
        if len(line) > _LINE_WIDTH or line in rows or (label and label not in lowered):
            continue
        if _labels(lowered, words[0]) and all(_as_words(lowered, word) for word in words):
            rows[line] = call, _line_values(line)
    return rows


# what opens a row's field: the line's start, a separator or a gap of two spaces
_FIELD_START = (",", "\t", "|", "│", "  ")


def _labels(line: str, word: str) -> bool:
    """`word` opens `line` (after its indent and marks) or one of its fields: a row's
    label (`Pro    164`, `INV-2044,Lumen BV`), not a word of its text (`10 results`)."""
    at = line.find(word)
    while at >= 0:
        before = line[:at]
        if not before.strip(" \t|│*-•") or before.endswith(_FIELD_START):
            return True
        if before.strip().isdigit() and before[-1:] == " ":  # a listing's row number
            return True
        at = line.find(word, at + 1)
    return False


def _near(value: _RowValue, other: _RowValue) -> bool:
    """`other` is within a factor 2 of `value`: a misread digit's or a neighbour row's
    size, not an id's or a count's beside an amount (`100002,…,59.00` for `12,807`)."""
    low, high = sorted((abs(value.number), abs(other.number)))
    return value.akin(other) and high < 2 * low


def _counterpart(
    value: _RowValue, shown: list[_RowValue], kin: list[_RowValue], index: RunIndex
) -> _RowValue | None:
    """The figure of the row `shown` standing where `value` was said: the one of its kind
    left (`kin`), else the one in the column where another row of as many figures shows
    `value` (`Italy  7.98  5.73` for `United Kingdom — 5.73` against `United Kingdom  9.20
    4.72`)."""
    if len(kin) == 1:
        return kin[0]
    for call, at in _places_of_figure(value, index):
        other = _line_values(line_at(call.output, call.written(at)))
        if len(other) != len(shown):
            continue
        columns = [n for n, figure in enumerate(other) if value.same(figure)]
        if len(columns) == 1 and shown[columns[0]] in kin:
            return shown[columns[0]]
    # one of them alone within a factor 10 (`$3,300` on a row of `17  12  3000`)
    near = [other for other in kin if value.akin(other)]
    return near[0] if len(near) == 1 else None


# a figure said to be a part or a multiple of another (`half the detection limit`)
_FRACTION_OF = later(
    r"\b(?:half|twice|double|triple|a\s+third|a\s+quarter|two\s+thirds|three\s+quarters)\s+"
    r"(?:of\s+)?the\b",
    re.I,
)


def anchored_rows(text: str, index: RunIndex) -> Iterator[tuple[str, str]]:
    """A claim of two to four figures, one in no output (`the hottest day was 2023-08-16
    at 38.9 °C`), the others distinctive (a date, a fraction, four digits or more) and
    all on one output line only (`hottest day: 2023-08-15 (38.9 °C)`): the line is what the
    claim restates, and where the one figure of the missing one's kind the others leave
    there differs from it (within a factor 10), the claim misread it."""
    if len(text) > _ANCHORED_LENGTH or _DISTINCTIVE_HINT.search(text) is None:
        return  # a long sentence says more than one line's figures; no distinctive figure
    if _FRACTION_OF.search(text) is not None:
        return  # `half the detection limit, 0.005`: a figure worked out from one shown
    rest = _CODE_SPAN.sub(" ", text) if "`" in text else text
    found = _figures(rest)
    if not 2 <= len(found) <= _SAID_ROW_VALUES:
        return
    values = [_RowValue(m) for m in found]
    if sum(map(_distinctive, values)) < len(values) - 1:
        return  # the figures beside the missing one would not all be distinctive
    missing = [v for v in values if not _in_outputs(v, index)]
    if len(missing) != 1:
        return
    value = missing[0]
    anchors = [v for v in values if v is not value]
    if not all(_distinctive(v) for v in anchors):
        return
    lines: dict[str, Call] = {}
    for call, at in itertools.islice(index.outputs_with(anchors[0].plain), _MAX_PLACES + 1):
        line = line_at(call.output, call.written(at)).strip()
        if line in lines:
            continue
        shown = _line_values(line)
        if all(any(v.same(o) for o in shown) for v in anchors):
            lines[line] = call
        if len(lines) > 1:
            return
    if len(lines) != 1:
        return
    ((line, call),) = lines.items()
    pool = _line_values(line)
    if len(line) > _LINE_WIDTH or not all(_take(v, pool) for v in anchors):
        return
    kin = [other for other in pool if _kin(value, other)]
    if len(kin) > 1:  # `a p95 of 314 ms` on a line of 92 and 341: the digits misordered
        kin = [other for other in kin if _transposed(value, other)]
    if (
        len(kin) != 1
        or not value.akin(kin[0])
        or value.same(kin[0])
        # `1,594 sessions (about 11.9% of …)` beside `13436 11.9`: a part of the whole
        or _share_said(value, kin[0], values)
    ):
        return
    yield CONTRADICTED, f"{value.text!r}, but {call.cite_line(line)}"


def _share_said(value: _RowValue, whole: _RowValue, values: list[_RowValue]) -> bool:
    """A share the claim says (`11.9%`) is `value`'s of `whole`, at its precision: the
    claim's figure is a part of the line's, not a misreading of it."""
    if whole.number == 0:
        return False
    share = value.number / whole.number * 100
    return any(v.percent and abs(share - v.number) <= 0.5 * 10**-v.decimals + 1e-9 for v in values)


_ANCHORED_LENGTH = 200  # the longest claim read as one output line's figures
# what a distinctive figure holds: a date's or a fraction's or a group's mark between
# digits, or four digits (one digit first: `re` skips to a digit, where two branches were
# tried at each character)
_DISTINCTIVE_HINT = later(r"\d(?:[.,-]\d|\d{3})")


def _figures(text: str) -> list[re.Match[str]]:
    """The figures of a claim's text as row values, years aside (`vs 2000`): matched
    first, made into values only where a rule reads them."""
    return [m for m in _ROW_VALUE.finditer(text) if not _year(m.group(0))]


def _year(figure: str) -> bool:
    """`figure` is a year of the last two centuries (`2000`), as a year is written."""
    return len(figure) == 4 and figure[:2] in ("19", "20") and figure.isdigit()


def _distinctive(value: _RowValue) -> bool:
    """A figure no other is likely to equal by chance: a date, one with a fraction, or a
    whole number of four digits or more (`1%` is none)."""
    return value.kind == "date" or value.decimals > 0 or abs(value.number) >= 1000


def _transposed(value: _RowValue, other: _RowValue) -> bool:
    """`other` holds `value`'s digits in another order (`341` for `314`)."""
    return (
        value.plain != other.plain
        and len(value.plain) == len(other.plain)
        and sorted(value.plain) == sorted(other.plain)
    )


def _kin(value: _RowValue, other: _RowValue) -> bool:
    """`other` is a figure of `value`'s kind: both a date, an integer, or a decimal, each
    a share or neither."""
    return other.kind == value.kind and other.percent == value.percent


_CODE_SPAN = later(r"`[^`\n]*`")  # a command's or a name's span: no figure of the claim


def _on_a_sibling(value: _RowValue, width: int, index: RunIndex) -> bool:
    """`value` is on an output line of `width` figures (another row of the table)."""
    for call, at in _places_of_figure(value, index):
        line = line_at(call.output, call.written(at))
        shown = _line_values(line)
        if len(shown) == width and any(value.same(other) for other in shown):
            return True
    return False


def _in_outputs(value: _RowValue, index: RunIndex) -> bool:
    """Some output holds `value` written plain (`1344`) or as the claim wrote it
    (`1,344`)."""
    return index.in_outputs(value.plain) or index.in_outputs(value.text.lower().lstrip("$+"))


def _places_of_figure(value: _RowValue, index: RunIndex) -> Iterator[tuple[Call, int]]:
    """The output places of `value` written plain (`1344`), then grouped as the claim
    wrote it (`1,344`), `_MAX_PLACES` of each."""
    yield from itertools.islice(index.outputs_with(value.plain), _MAX_PLACES)
    written = value.text.lower().lstrip("$+-−")
    if written != value.plain:
        yield from itertools.islice(index.outputs_with(written), _MAX_PLACES)


# `swap is not being used`: a resource, the claim's subject, said unused
_UNUSED = later(
    r"^[\W_]*(?:the\s+)?([a-z][\w-]{1,20})\s+(?:is|was)\s+not\s+(?:being\s+)?used\b", re.I
)
_HEADER_ROWS = 4  # lines above a labelled row read for the header naming its columns
_ABOVE = 2_000  # characters above the row those lines are read from


def unused_findings(text: str, index: RunIndex) -> Iterator[tuple[str, str]]:
    """`swap is not being used` where the last output listing the subject as a labelled
    row (`Swap:  2047  301  1746`) gives a figure above zero under the header's `used`
    column, as `free` prints them: it is in use."""
    said = _UNUSED.match(text)
    if said is None:
        return
    name = said.group(1).lower()
    for call, at in itertools.islice(index.outputs_back(f"{name}:"), _MAX_PLACES):
        start = call.output_lower.rfind("\n", 0, at) + 1
        if call.output_lower[start:at].strip():
            continue  # the label opens its row
        start = call.written(start)
        row = line_at(call.output, start)
        above = call.output[max(0, start - _ABOVE) : start].splitlines()[-_HEADER_ROWS:]
        used = _used_cell(above, row)
        if used is not None:  # the last listing: it decides
            if used > 0:
                yield CONTRADICTED, f"{name} said unused, but {call.cite_line(row)}"
            return


def _used_cell(above: list[str], row: str) -> float | None:
    """The row's figure under the nearest header above holding a `used` column: a header
    of words alone, the row of figures alone, read from the left (`free`'s swap row has
    three figures under six columns)."""
    values = row.split(":", 1)[1].split()
    if not values or not all(_FIGURE.fullmatch(value) for value in values):
        return None
    for header in reversed(above):
        columns = header.lower().split()
        if "used" in columns:
            if any(ch.isdigit() for ch in header) or len(values) > len(columns):
                return None
            at = columns.index("used")
            if at >= len(values):
                return None
            figure = _FIGURE.fullmatch(values[at])
            return None if figure is None else float(figure.group(1).replace(",", ""))
    return None


_FIGURE = later(r"(\d[\d,]*(?:\.\d+)?)(?:[KMGT]i?)?B?")


# `$699.00 (Glacier 3P Expedition)`: a figure with a fraction, the name it is of after it
_NAMED_FIGURE = later(
    r"(?<![\w.,])(\$?(?:\d{1,3}(?:,\d{3})+|\d+)\.\d+)[^\S\n]+\(([A-Z][\w .&'/-]{2,60}?)\)"
)
# What every match of _NAMED_FIGURE holds (`.00 (G`): searched first, opening with a `.`
# that re skips to, where _NAMED_FIGURE (a look-behind first) is tried at each character
_NAMED_FIGURE_CORE = later(r"\.\d+[^\S\n]+\([A-Z]")


def named_figures(text: str, index: RunIndex) -> Iterator[tuple[str, str]]:
    """`$699.00 (Glacier 3P Expedition)`, the figure in no output, where every output line
    naming the thing (as words) with a figure of its kind gives one, another of its size
    (`Glacier 3P Expedition,649.00,1`): the figure was misread. More places than
    `_MAX_PLACES` leave it open."""
    if _NAMED_FIGURE_CORE.search(text) is None:
        return
    for said in _NAMED_FIGURE.finditer(text):
        found = _ROW_VALUE.fullmatch(said.group(1))
        if found is None:
            continue
        value = _RowValue(found)
        if index.in_outputs(value.plain) or index.in_outputs(said.group(1).lower()):
            continue
        name = said.group(2).lower()
        places = index.every_place(name, _MAX_PLACES)
        if places is None:
            continue
        refuting: list[tuple[Call, str]] = []
        for call, at in places:
            line = line_at(call.output, call.written(at))
            if not _as_words(line.lower(), name):
                continue
            kin = [shown for shown in _line_values(line) if shown.kind == value.kind]
            if not kin:
                continue
            if len(kin) > 1 or not value.akin(kin[0]) or value.same(kin[0]):
                refuting = []  # another reading of the line: open
                break
            refuting.append((call, line))
        if refuting:
            call, line = refuting[-1]
            cited = call.cite_line(line)
            yield CONTRADICTED, f"{said.group(1)!r} for {said.group(2)}, but {cited}"
            return
