"""A small ECMAScript pattern reader for the critique's regex analysis (SPEC §6.2).

It is deliberately separate from `js.regexp` (which translates patterns to run them):
the analysis needs only which characters each atom can match, where quantifiers and
alternations are, and which zero-width assertions stand in the way. Sets are kept as
sorted code point ranges. Anything it cannot read raises `PatternUnreadable`, and the
rules then say nothing about that pattern (grading reports a bad pattern itself).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..js import _regexp_sets as _sets
from ..js._regexp_sets import MAX_CP, Ranges, intersect, normalize
from ._record import Record

if TYPE_CHECKING:
    from ..js.regexp import JsRegExp

__all__ = ["MAX_CP", "Ranges", "complement", "intersect", "normalize"]
ALL: Ranges = ((0, MAX_CP),)
_SPACE = "\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff"
_INLINE_FLAGS = "ims"


class PatternUnreadable(Exception):
    """The pattern is outside what the analysis reads (or not a valid pattern)."""


class Atom(Record):
    """One character out of `ranges`; `span` is where it is written in the pattern."""

    ranges: Ranges
    span: tuple[int, int] = (0, 0)


class Zero(Record):
    """A zero-width assertion: `^`, `$`, `b`, `B`, `look` (lookaround) or `backref`."""

    kind: str


class Seq(Record):
    items: tuple[Node, ...]


class Alt(Record):
    branches: tuple[Node, ...]


class Repeat(Record):
    body: Node
    lo: int
    hi: int | None


Node = Atom | Zero | Seq | Alt | Repeat


def complement(ranges: Ranges) -> Ranges:
    """Every code point not in `ranges`."""
    return _sets.complement(ranges, MAX_CP)


def contains(ranges: Ranges, cp: int) -> bool:
    """Whether `cp` is in `ranges`: a loop, not any() (the regex analysis asks this some
    hundred times per pattern)."""
    for lo, hi in ranges:
        if lo <= cp <= hi:
            return True
    return False


def _chars(text: str) -> Ranges:
    return normalize([(ord(c), ord(c)) for c in text])


_DIGIT = ((48, 57),)
_WORD = normalize([(48, 57), (65, 90), (95, 95), (97, 122)])
_SPACES = normalize(list(_chars(_SPACE)) + [(0x2000, 0x200A)])
_CLASS_ESCAPES = {
    "d": _DIGIT,
    "D": complement(_DIGIT),
    "w": _WORD,
    "W": complement(_WORD),
    "s": _SPACES,
    "S": complement(_SPACES),
}
_CONTROL = {"n": 10, "r": 13, "t": 9, "f": 12, "v": 11, "0": 0}
# \p{…}: letters and digits beyond ASCII, an over-approximation that keeps overlaps visible.
_PROPERTY = normalize([(48, 57), (65, 90), (97, 122), (0xAA, MAX_CP)])


def case_close(ranges: Ranges) -> Ranges:
    """Add the other case of every letter in small ranges (the `i` flag, approximately)."""
    extra: list[tuple[int, int]] = []
    for lo, hi in ranges:
        if hi - lo > 4000:
            continue
        for cp in range(lo, hi + 1):
            for other in (chr(cp).lower(), chr(cp).upper()):
                if len(other) == 1 and ord(other) != cp:
                    extra.append((ord(other), ord(other)))
    return normalize(list(ranges) + extra) if extra else ranges


def split_flags(pattern: str, flags: str) -> tuple[str, str]:
    """(body, flags) with a leading Vally `(?ims)` prefix read as flags (SPEC §5.1)."""
    if pattern.startswith("(?"):
        end = pattern.find(")")
        letters = pattern[2:end]
        if end > 2 and all(c in _INLINE_FLAGS for c in letters):
            return pattern[end + 1 :], flags + letters
    return pattern, flags


class _Reader:
    """Recursive descent over the ECMAScript pattern grammar (ES2023 §22.2.1)."""

    def __init__(self, src: str, flags: str) -> None:
        if "v" in flags:
            raise PatternUnreadable("the v flag's set syntax is not analysed")
        self.src = src
        self.pos = 0
        self.icase = "i" in flags
        self.dotall = "s" in flags
        self.unicode = "u" in flags
        self.named = "(?<" in src.replace("(?<=", "").replace("(?<!", "")

    def parse(self) -> Node:
        node = self.alternation()
        if self.pos != len(self.src):
            raise PatternUnreadable(f"unmatched ')' at {self.pos}")
        return node

    def peek(self, k: int = 0) -> str:
        at = self.pos + k
        return self.src[at] if at < len(self.src) else ""

    def alternation(self) -> Node:
        branches = [self.sequence()]
        while self.peek() == "|":
            self.pos += 1
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else Alt(tuple(branches))

    def sequence(self) -> Node:
        items: list[Node] = []
        while self.peek() not in ("", "|", ")"):
            atom = self.atom()
            items.append(self.quantified(atom))
        return items[0] if len(items) == 1 else Seq(tuple(items))

    def quantified(self, atom: Node) -> Node:
        bounds = self.quantifier()
        if bounds is None:
            return atom
        if self.peek() == "?":
            self.pos += 1  # lazy: the same paths, explored in another order
        if isinstance(atom, Zero):
            return atom
        return Repeat(atom, bounds[0], bounds[1])

    def quantifier(self) -> tuple[int, int | None] | None:
        c = self.peek()
        simple = {"*": (0, None), "+": (1, None), "?": (0, 1)}
        if c in simple:
            self.pos += 1
            return simple[c]
        if c != "{":
            return None
        end = self.src.find("}", self.pos)
        body = self.src[self.pos + 1 : end] if end > 0 else ""
        lo, comma, hi = body.partition(",")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            return None  # Annex B: a lone `{` is a literal
        self.pos = end + 1
        upper = (int(hi) if hi else None) if comma else int(lo)
        return int(lo), upper

    def atom(self) -> Node:
        start = self.pos
        node = self.bare_atom()
        if isinstance(node, Atom):
            return Atom(node.ranges, (start, self.pos))
        return node

    def bare_atom(self) -> Node:
        c = self.peek()
        self.pos += 1
        if c == "(":
            return self.group()
        if c == "[":
            return Atom(self.klass())
        if c == ".":
            return Atom(ALL if self.dotall else complement(_chars("\n\r\u2028\u2029")))
        if c in "^$":
            return Zero(c)
        if c == "\\":
            return self.escape()
        if c in "*+?":
            raise PatternUnreadable(f"nothing to repeat at {self.pos - 1}")
        return self.literal(ord(c))

    def literal(self, cp: int) -> Atom:
        ranges: Ranges = ((cp, cp),)
        return Atom(case_close(ranges) if self.icase else ranges)

    def group(self) -> Node:
        kind = "capture"
        if self.peek() == "?":
            head = self.src[self.pos : self.pos + 3]
            if head.startswith("?:"):
                kind, self.pos = "plain", self.pos + 2
            elif head[:2] in ("?=", "?!") or head in ("?<=", "?<!"):
                kind, self.pos = "look", self.pos + (2 if head[:2] in ("?=", "?!") else 3)
            elif head.startswith("?<"):
                end = self.src.find(">", self.pos)
                if end < 0:
                    raise PatternUnreadable("unterminated group name")
                self.pos = end + 1
            else:
                raise PatternUnreadable(f"unknown group syntax at {self.pos - 1}")
        body = self.alternation()
        if self.peek() != ")":
            raise PatternUnreadable("unterminated group")
        self.pos += 1
        return Zero("look") if kind == "look" else body

    def escape(self) -> Node:
        c = self.peek()
        if c == "":
            raise PatternUnreadable("\\ at end of pattern")
        self.pos += 1
        if c in _CLASS_ESCAPES:
            return Atom(_CLASS_ESCAPES[c])
        if c in "bB":
            return Zero(c)
        if c.isdigit() and c != "0":
            while self.peek().isdigit():
                self.pos += 1
            return Zero("backref")
        if c == "k" and self.named and self.peek() == "<":
            self.pos = self.src.find(">", self.pos) + 1 or len(self.src)
            return Zero("backref")
        if c in "pP" and self.unicode and self.peek() == "{":
            self.pos = self.src.find("}", self.pos) + 1 or len(self.src)
            return Atom(_PROPERTY if c == "p" else complement(_PROPERTY))
        return self.literal(self.escaped_char(c))

    def escaped_char(self, c: str) -> int:
        """The code point of a character escape whose letter `c` was just read."""
        if not c:
            raise PatternUnreadable("\\ at end of pattern")
        if c in _CONTROL:
            return _CONTROL[c]
        if c == "c" and self.peek().isalpha():
            self.pos += 1
            return ord(self.src[self.pos - 1]) % 32
        if c == "x":
            return self.hex_digits(2) or ord("x")
        if c == "u":
            if self.peek() == "{" and self.unicode:
                end = self.src.find("}", self.pos)
                if end < 0:
                    raise PatternUnreadable("unterminated \\u{…} escape")
                digits = self.src[self.pos + 1 : end]
                self.pos = end + 1
                try:
                    return int(digits, 16)
                except ValueError:
                    raise PatternUnreadable("bad \\u{…} escape") from None
            return self.hex_digits(4) or ord("u")
        return ord(c)

    def hex_digits(self, n: int) -> int | None:
        digits = self.src[self.pos : self.pos + n]
        if len(digits) == n and all(d in "0123456789abcdefABCDEF" for d in digits):
            self.pos += n
            return int(digits, 16)
        return None

    def klass(self) -> Ranges:
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        parts: list[tuple[int, int]] = []
        while self.peek() != "]":
            if self.peek() == "":
                raise PatternUnreadable("unterminated character class")
            lo = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.pos += 1
                hi = self.class_atom()
                if isinstance(lo, int) and isinstance(hi, int):
                    if hi < lo:
                        raise PatternUnreadable("range out of order in character class")
                    parts.append((lo, hi))
                    continue
                parts += _as_ranges(lo) + _as_ranges(hi) + [(45, 45)]
                continue
            parts += _as_ranges(lo)
        self.pos += 1
        ranges = normalize(parts)
        if self.icase:
            ranges = case_close(ranges)
        return complement(ranges) if negated else ranges

    def class_atom(self) -> int | Ranges:
        c = self.peek()
        self.pos += 1
        if c != "\\":
            return ord(c)
        e = self.peek()
        self.pos += 1
        if e in _CLASS_ESCAPES:
            return _CLASS_ESCAPES[e]
        if e == "b":
            return 8
        if e in "pP" and self.unicode and self.peek() == "{":
            self.pos = self.src.find("}", self.pos) + 1 or len(self.src)
            return _PROPERTY if e == "p" else complement(_PROPERTY)
        return self.escaped_char(e)


def _as_ranges(item: int | Ranges) -> list[tuple[int, int]]:
    return [(item, item)] if isinstance(item, int) else list(item)


def read_pattern(pattern: str, flags: str) -> Node:
    """Parse an ECMAScript pattern body (no inline prefix) under `flags`."""
    if len(pattern) > 5000:
        raise PatternUnreadable("pattern too long to analyse")
    try:
        return _Reader(pattern, flags).parse()
    except (IndexError, ValueError, RecursionError) as exc:
        raise PatternUnreadable(str(exc)) from None


def empty_match_kinds(node: Node) -> frozenset[str]:
    """How the pattern can match the empty string, by what its empty path asserts.

    `free`: nothing; `start`: only `^`; `end`: only `$`; `other`: anything else
    (`\\b`, lookarounds, `^` and `$` together). An empty set: it cannot match empty.
    """
    if isinstance(node, Atom):
        return frozenset()
    if isinstance(node, Zero):
        if node.kind == "backref":
            return frozenset({"free"})
        return frozenset({{"^": "start", "$": "end"}.get(node.kind, "other")})
    if isinstance(node, Alt):
        return frozenset().union(*(empty_match_kinds(b) for b in node.branches))
    if isinstance(node, Repeat):
        inner = empty_match_kinds(node.body)
        return inner | {"free"} if node.lo == 0 else inner
    kinds = frozenset({"free"})
    for item in node.items:
        kinds = frozenset(_join(a, b) for a in kinds for b in empty_match_kinds(item))
        if not kinds:
            break
    return kinds


def _join(a: str, b: str) -> str:
    if a == "free":
        return b
    if b == "free" or a == b:
        return a
    return "other"


@functools.lru_cache(maxsize=1024)
def matches_anything(pattern: str, flags: str) -> bool | None:
    """True when an unanchored search succeeds on every text (an empty match anywhere).

    None when the pattern cannot be analysed. Remembered: suites repeat patterns, and the
    answer depends on the pattern and flags alone.
    """
    body, flags = split_flags(pattern, flags)
    if _no_empty_match(body, flags):
        return False
    try:
        kinds = empty_match_kinds(read_pattern(body, flags))
    except PatternUnreadable:
        return None
    allowed = {"free", "start"} if "y" in flags else {"free", "start", "end"}
    return bool(kinds & allowed)


def _no_empty_match(body: str, flags: str) -> bool:
    """True when the pattern, compiled as grading compiles it, finds no match in the empty
    text: then it has no empty match anywhere whose only assertions are `^` or `$` (both hold
    in the empty text), which is all `matches_anything` counts. Most patterns are told so by
    one search of "" with the matcher grading already built (`compile_js` is cached), not by
    reading the pattern again in Python; False (ask the reader) when it cannot be compiled,
    and for a pattern with a backreference-like escape (`\\1`, `\\k`), which the reader
    reads as a backreference where the matcher may not (an octal escape without groups)."""
    if _BACKREF_LIKE.search(body):
        return False
    if not _COMPILE_JS:  # imported on first use (cold start, SPEC §8), then kept
        from ..js.regexp import compile_js

        _COMPILE_JS.append(compile_js)
    try:
        return _COMPILE_JS[0](body, flags).search("", 50) is None
    except Exception:  # invalid for the matcher, or a timeout: the reader decides
        return False


_BACKREF_LIKE = re.compile(r"\\[1-9k]")
_COMPILE_JS: list[Callable[[str, str], JsRegExp]] = []
