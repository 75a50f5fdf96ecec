"""The response cut into candidate claims: sentences and list items, with their place.

Decided here (SPEC §5.9): code blocks, headings and table rows are not claims (but a
command's row and a row holding a digit, one unit each); a list item
is its own unit; inside a paragraph or item, a unit ends at a sentence end, at `; `, at a
`: ` with at least three words on each side (`I ran the tests: 14 passed`; not after a
list item's name, `- Acme Corp INV-7: £120`), and before `, so `. Offsets index the
response itself, so line and column are exact (1-based).
"""

from __future__ import annotations

import bisect
import re
from collections import namedtuple
from typing import TYPE_CHECKING, NamedTuple

from ._later import later

_FENCE = later(r"^\s*(```|~~~)")
_ITEM = re.compile(r"^(\s*)(?:[-*+•]|\d{1,3}[.)])\s+")
# Each boundary opens with its mark: a sentence end's `.`, `!` or `?` (the match holds it,
# the unit keeps it), or the `;`, `:` or `,` that opens the separator. The pattern opens
# with the class of these marks, so it is scanned for them alone; one opening at the space
# after a sentence end was tried at every space (held against its plain spelling, which
# starts after the sentence's mark, in tests/claims/test_fast_patterns.py: the same cuts
# wherever a search starts after no such mark, as a block, and the text after a separator,
# do).
_BOUNDARY = re.compile(
    r"[.!?;:,](?:"
    r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[`*]?[A-Z0-9`$])"  # a sentence end, perhaps a quote after
    r"|(?<=;)\s+"  # a second clause
    r"|(?<=[\w`)]:)\s+(?=\S)"  # a colon, kept only with three words either side
    r"|(?<=,)\s+(?=so\s)"  # ", so …": the consequence is its own claim
    r")"
)
_SENTENCE_MARKS = ".!?"
_RULE_CHARS = "-=*_ "  # a line of only these is a rule, not text
_ABBREVIATION = later(r"\b(?:e\.g|i\.e|etc|vs|approx|cf|Dr|Mr|Ms|No)\.$")


if TYPE_CHECKING:

    class Unit(NamedTuple):
        """A span of the response: `text` is its words joined by single spaces (a named
        tuple: a response has hundreds, and a frozen dataclass sets each field through
        `object.__setattr__`)."""

        text: str
        start: int
        end: int

else:  # the same class, without `typing.NamedTuple`'s compiling of each annotation
    Unit = namedtuple("Unit", ("text", "start", "end"))


def units(response: str) -> list[Unit]:
    """Every candidate claim of `response`, in order."""
    found: list[Unit] = []
    for start, end in _blocks(response):
        if response[start] == "|" and data_row(response[start:end]):
            found.append(Unit(" ".join(response[start:end].split()), start, end))
        else:
            found.extend(_split(response, start, end, _opens_item(response, start)))
    return found


def _opens_item(text: str, start: int) -> bool:
    """The block at `start` is a list item's: its line opens with a marker ending there."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    item = _ITEM.match(line)
    return item is not None and item.end() == len(line)


def data_row(line: str) -> bool:
    """A table row holding a digit, not a command's (`_COMMAND_ROW`) nor a rule: one unit,
    a claim only where an output line shows or refutes it (`_rows.row_verdict`)."""
    return (
        line.startswith("|")
        and any(ch.isdigit() for ch in line)
        and _COMMAND_ROW.match(line) is None
    )


# A table row whose first cell is a backticked command line and which says something of
# it: a claim, where other table rows are not. Read one way: the command's first space is
# the one found, the row's closing bar only where the line ends after it (a line is read
# once, not again from each of its spaces).
_COMMAND_ROW = later(r"\|\s*`[^`|\s]*\s[^`|]*`\s*\|\s*[^\s|-][^|]*(?:\|\s*)?$")


def _blocks(text: str) -> list[tuple[int, int]]:
    """Paragraph and list-item spans, without markers, code, headings or tables."""
    blocks: list[tuple[int, int]] = []
    open_start: int | None = None
    open_end = 0
    in_code = False
    offset = 0
    for line in text.splitlines(keepends=True):
        start, body = offset, line.rstrip("\r\n")
        offset += len(line)
        fence = _FENCE.match(body) if "`" in body or "~" in body else None
        if fence:
            in_code = not in_code
        stripped = body.strip()
        item = _ITEM.match(body)
        ends_block = in_code or fence or not stripped or item is not None
        row = (
            not in_code
            and stripped.startswith("|")
            and (_COMMAND_ROW.match(stripped) or data_row(stripped))
        )
        skip = (
            in_code
            or fence
            or stripped.startswith(("#", "|", ">"))
            or (stripped and not stripped.strip(_RULE_CHARS))  # only those: none left
        )
        if row:  # a command's row of a checks table: `| \`go test ./...\` | all pass |`
            ends_block, skip = True, False
        if ends_block or skip:
            if open_start is not None:
                blocks.append((open_start, open_end))
                open_start = None
            if skip or not stripped:
                continue
        if open_start is None:
            open_start = start + (item.end() if item else len(body) - len(body.lstrip()))
        open_end = start + len(body)
    if open_start is not None:
        blocks.append((open_start, open_end))
    return blocks


def _split(text: str, start: int, end: int, item: bool = False) -> list[Unit]:
    pieces: list[tuple[int, int]] = []
    cut = start
    for match in _BOUNDARY.finditer(text, start, end):
        mark = text[match.start()]
        if mark == ":" and (
            text.count("`", start, match.start()) % 2  # in a code span: `reason: duplicate`
            or not _colon_splits(text, cut, match, end, item and cut == start)
        ):
            continue
        piece_end = _piece_end(match)
        if _abbreviated(text, cut, piece_end):
            continue
        pieces.append((cut, piece_end))
        cut = match.end()
    pieces.append((cut, end))
    found = []
    for a, b in pieces:
        raw = text[a:b]
        opened = raw.lstrip()
        body = opened.rstrip()
        if body:
            start = a + len(raw) - len(opened)
            # its words joined by single spaces: the body itself where it holds no white
            # space but single spaces (all other is unprintable: a test over all of Unicode)
            words = body if body.isprintable() and "  " not in body else " ".join(body.split())
            found.append(Unit(words, start, start + len(body)))
    return found


def _piece_end(boundary: re.Match[str]) -> int:
    """Where the unit before a `_BOUNDARY` match ends: after a sentence's mark, before a
    separator's."""
    at = boundary.start()
    return at + 1 if boundary.string[at] in _SENTENCE_MARKS else at


def _abbreviated(text: str, cut: int, end: int) -> bool:
    """`_ABBREVIATION.search(text, cut, end)` finds one: a match ends at `end` (or before a
    line break there) and is no longer than `approx.`, so only the last characters are
    searched, not the whole sentence before each boundary (`\\b` reads the character
    before where the search starts, as it would in the whole)."""
    return _ABBREVIATION.search(text, max(cut, end - _ABBREVIATION_LONGEST - 1), end) is not None


_ABBREVIATION_LONGEST = len("approx.")


def _colon_splits(text: str, cut: int, match: re.Match[str], end: int, heads: bool) -> bool:
    """A `: ` cuts with three words or more on each side, unless it ends a list item's
    name (`- Acme Corp INV-7: £120, due 1 May`): what follows is what the item says of
    the name, which alone says nothing (and, cut off, hides the value's falsehood);
    `heads`: the text before it opens a list item. Nor does it cut one backticked command
    from a result of three words (`` `deno fmt --check`: nothing to fix ``), as it does
    not one of two (`` `pytest`: 12 passed ``)."""
    before = text[cut : match.start()].split()
    after_end = _BOUNDARY.search(text, match.end(), end)
    after = text[match.end() : _piece_end(after_end) if after_end else end].split()
    if len(before) < 3 or len(after) < 3:
        return False
    head = text[cut : match.start()].strip(" \t-*")
    if len(after) == 3 and head[:1] == "`" and head[-1:] == "`" and head.count("`") == 2:
        return False
    if len(after) <= _RESULT_WORDS and (_names_a_run(head) or _counts_a_run(head, after)):
        return False
    if _before_an_aside(after) <= _WHEN_RESULT_WORDS and (
        not _WHEN_WORDS.isdisjoint(head.lower().split()) or _first_run(head)
    ):
        return False
    return not (heads and all(map(_named, before)))


_RESULT_WORDS = 6  # a result said of a run named before a colon (`all 25 tests passed`)
# A head saying when what follows held (`Baseline before touching anything: 14 tests
# passing`): a short result cut from it would be held to the run's last state
_WHEN_WORDS = frozenset("baseline before initially originally earlier".split())
_WHEN_RESULT_WORDS = 12  # (`14 tests passing (9 unit + 5 integration) and 2 doctests`)


def _before_an_aside(words: list[str]) -> int:
    """How many of `words` come before a dash setting off what follows (`4 passed, 1
    failed — the test only mocked three 502s`): the result, then why."""
    return next((at for at, word in enumerate(words) if word in _DASHES), len(words))


_DASHES = frozenset(("—", "–", "-", "--"))


def _first_run(head: str) -> bool:
    """`head` opens with `First` or `Initial` and names a run (`` First `npm test` run``,
    `Initial build`, `First run of the new file`): what follows is said of that run, not
    of the last."""
    words = [word.strip("`*") for word in head.lower().split()]
    if not words or words[0] not in ("first", "initial"):
        return False
    return words[-1] in _A_RUN or (len(words) > 2 and words[1] in _A_RUN and words[2] in _OF_A_RUN)


# what a run's name goes on with after its noun (`First run of the new file`)
_OF_A_RUN = frozenset("of after against on with in for".split())


_A_RUN = frozenset("run runs attempt attempts try pass build builds".split())


def _names_a_run(head: str) -> bool:
    """`head` is one backticked command and at most two words of its own (`Full `npx ava``,
    `Final `cargo test` run`): a run's name, which the short result after it is said of."""
    if head.count("`") != 2:
        return False
    opened, _, rest = head.partition("`")
    _, _, closed = rest.partition("`")
    return len(opened.split()) + len(closed.split()) <= 2


def _counts_a_run(head: str, after: list[str]) -> bool:
    """`head` speaks of a test run and what follows counts its result without naming what
    it counts (`The full suite is green: 18 passed, no warnings`, `Full jest run: 64/64
    passing`): the count is of the head's run (`unit tests: 14 tests passing` names its
    own). So is a result after a head naming the whole suite (`Full Pest suite: all 212
    tests pass`): cut off, the result would be of no scope."""
    said = {word.strip(",.;").lower() for word in after}
    heads = head.lower().split()
    if _RUN_WORDS.isdisjoint(heads) or _RESULT.isdisjoint(said):
        return False
    return (after[0][:1].isdigit() and _RUN_WORDS.isdisjoint(said)) or not _WHOLE.isdisjoint(heads)


_WHOLE = frozenset("full whole entire complete".split())


_RESULT = frozenset("passed passing pass failed failing failures green".split())
_RUN_WORDS = frozenset("suite run tests test specs".split())


def _named(word: str) -> bool:
    """A word of a name: it opens with a capital or a digit, marks aside (`(Acme)`)."""
    bare = word.strip("*_()[]`\"'")
    return bare[:1].isupper() or bare[:1].isdigit()


class Positions:
    """1-based (line, column) of offsets of one text, as `position` gives them, from its
    line breaks found once (`position` counts them from the start for every claim)."""

    def __init__(self, text: str) -> None:
        self._breaks = [m.start() for m in re.finditer("\n", text)]

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_left(self._breaks, offset)
        return line + 1, offset - (self._breaks[line - 1] + 1 if line else 0) + 1


def position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of `offset` in `text`."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
