"""Character sets for the ECMAScript regex translator, as explicit sorted code point ranges.

Every class, escape and property is resolved to explicit ranges before it reaches the `regex`
engine, because ECMAScript's sets (``\\d \\w \\s``, case-insensitive closure, ``v``-flag set
operations) differ from Python's and must be computed, not delegated.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache
from itertools import accumulate, chain, repeat
from operator import le

Ranges = tuple[tuple[int, int], ...]
"""Sorted, non-overlapping, non-adjacent inclusive (lo, hi) code point ranges."""

MAX_UNIT = 0xFFFF
MAX_CP = 0x10FFFF

# ES2023 §22.2.2.9: WhiteSpace + LineTerminator (not U+001C..U+001F, not U+0085).
_SPACE_CHARS = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
LINE_TERMINATORS = "\n\r\u2028\u2029"


def normalize(ranges: Iterable[tuple[int, int]]) -> Ranges:
    """Sort and merge overlapping or adjacent ranges."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return tuple(out)


def of_chars(chars: Iterable[int]) -> Ranges:
    return normalize((c, c) for c in chars)


def union(*sets: Ranges) -> Ranges:
    return normalize(r for s in sets for r in s)


def complement(a: Ranges, max_cp: int) -> Ranges:
    out: list[tuple[int, int]] = []
    nxt = 0
    for lo, hi in a:
        if lo > nxt:
            out.append((nxt, lo - 1))
        nxt = hi + 1
    if nxt <= max_cp:
        out.append((nxt, max_cp))
    return tuple(out)


def intersect(a: Ranges, b: Ranges) -> Ranges:
    out: list[tuple[int, int]] = []
    i = j = 0
    while i < len(a) and j < len(b):
        lo = max(a[i][0], b[j][0])
        hi = min(a[i][1], b[j][1])
        if lo <= hi:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return tuple(out)


def subtract(a: Ranges, b: Ranges) -> Ranges:
    return intersect(a, complement(b, MAX_CP))


def contains(a: Ranges, cp: int) -> bool:
    i = bisect_right(a, (cp, MAX_CP + 1)) - 1
    return i >= 0 and a[i][0] <= cp <= a[i][1]


DIGITS: Ranges = ((0x30, 0x39),)
WORD: Ranges = of_chars(map(ord, "0123456789_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
SPACE: Ranges = of_chars(map(ord, _SPACE_CHARS))
LINE_TERM: Ranges = of_chars(map(ord, LINE_TERMINATORS))


# Fewer characters than this per run of ASCII or non-ASCII characters: `fold_text`
# translates the whole text (the per-run work would cost more than it saves).
_CHARS_PER_RUN = 32


class CaseFolder:
    """ECMAScript Canonicalize as equivalence classes; a class's smallest member represents it.

    Matching runs on text where every character is replaced by its representative, and every
    set is replaced by the representatives of its members, which is exactly the spec's
    "some member canonicalizes to the same value as the input character" — including for
    backreferences, which then compare canonical text.
    """

    def __init__(self, classes: list[tuple[int, ...]], rep: dict[int, int] | None = None) -> None:
        """`classes`: the equivalence classes; or `rep`, each member's representative
        already worked out from them (`case_folder`)."""
        if rep is None:
            rep = {}
            for cls in classes:
                rep.update(dict.fromkeys(cls, min(cls)))
        self.rep: dict[int, int] = rep
        # Made on first use: most patterns need `rep` alone (a cold start makes one folder).
        self._members: tuple[int, ...] | None = None
        self._nonreps: Ranges | None = None
        self._table: dict[int, int] | None = None
        self._ascii: bytes | None = None

    @property
    def members(self) -> tuple[int, ...]:
        """Every code point of some class, ascending."""
        if self._members is None:
            self._members = tuple(sorted(self.rep))
        return self._members

    @property
    def nonreps(self) -> Ranges:
        """The code points that are not their class's representative."""
        if self._nonreps is None:
            self._nonreps = of_chars(c for c, r in self.rep.items() if c != r)
        return self._nonreps

    @property
    def table(self) -> dict[int, int]:
        """`str.translate`'s table from each non-representative to its representative."""
        if self._table is None:
            self._table = {c: r for c, r in self.rep.items() if c != r}
        return self._table

    def fold_text(self, text: str) -> str:
        """Replace every character by its class representative (the subject under ``i``).

        `str.translate` with a dict looks every character up (about 25 ns each), so a
        mostly-ASCII text is folded run by run: its ASCII runs through a byte table, its
        non-ASCII runs through the dict (half the time on the varied suite's non-ASCII
        responses); a text with many short runs is translated whole."""
        low = self._ascii
        if low is None:
            low = bytes(self.rep.get(c, c) for c in range(128)) + bytes(range(128, 256))
            self._ascii = low
        if text.isascii():
            return text.encode("ascii").translate(low).decode("ascii")
        parts = re.split("([^\x00-\x7f]+)", text)  # ASCII runs at even indices
        if len(parts) * _CHARS_PER_RUN > len(text):
            return text.translate(self.table)
        table = self.table
        parts[0::2] = [p.encode("ascii").translate(low).decode("ascii") for p in parts[0::2]]
        parts[1::2] = [p.translate(table) for p in parts[1::2]]
        return "".join(parts)

    def canon(self, cp: int) -> int:
        return self.rep.get(cp, cp)

    def close(self, a: Ranges) -> Ranges:
        """{Canonicalize(x) | x in a}, plus a itself (harmless: text holds only representatives).

        The members of a small set (`\\w`, a few letters) are looked up in the classes,
        the classes' members in a big one: whichever side is shorter is walked."""
        size = 0
        for lo, hi in a:
            size += hi - lo + 1
            if size > len(self.rep):
                break
        if size <= len(self.rep):
            rep = self.rep
            extra = [rep[c] for lo, hi in a for c in range(lo, hi + 1) if c in rep]
        else:
            extra = [self.rep[c] for c in self.members if contains(a, c)]
        return union(a, of_chars(extra)) if extra else a

    def fold(self, a: Ranges) -> Ranges:
        """Representatives only: the ``v``+``i`` universe, where complements stay inside it."""
        return subtract(self.close(a), self.nonreps)


@lru_cache(maxsize=2)
def case_folder(unicode_mode: bool) -> CaseFolder:
    """Node's own case-insensitive equivalences (generated by scripts/gen_js_oracle.py)."""
    from agentv_grader.js import _regexp_tables

    raw = _regexp_tables.CASE_CLASSES_U if unicode_mode else _regexp_tables.CASE_CLASSES_BMP
    return CaseFolder([], _representatives(raw))


def _decode_classes(raw: str) -> list[tuple[int, ...]]:
    """The classes of a table (`a,b;c,d,e;…`, hexadecimal), each as written."""
    return [tuple(int(x, 16) for x in part.split(",")) for part in raw.split(";") if part]


def _representatives(raw: str) -> dict[int, int]:
    """Each member of each class of a table mapped to its class's smallest member: what
    `CaseFolder` makes of `_decode_classes(raw)`, without a Python step per class (a
    cold start makes one folder). The generator writes each class in ascending order, so
    its first member is its smallest; a table written otherwise is decoded class by class."""
    classes = [part for part in raw.split(";") if part]
    if not classes:
        return {}
    members = list(map(int, ",".join(classes).split(","), repeat(16)))
    sizes = list(map(len, map(str.split, classes, repeat(","))))
    firsts = list(map(members.__getitem__, accumulate(sizes[:-1], initial=0)))
    class_of_member = list(chain.from_iterable(map(repeat, firsts, sizes)))
    if not all(map(le, class_of_member, members)):
        return CaseFolder(_decode_classes(raw)).rep
    return dict(zip(members, class_of_member, strict=True))


@lru_cache(maxsize=1)
def _all_code_points() -> str:
    from array import array

    return array("I", range(MAX_CP + 1)).tobytes().decode("utf-32-le", "surrogatepass")


@lru_cache(maxsize=256)
def property_ranges(key: str) -> Ranges:
    """A Unicode property (``Script=Latn``, ``General_Category=Lu``, ``Alpha``) as ranges.

    From the `regex` module (Unicode 17, like node 20's ICU 78), except where the generator
    found node's set to differ: then node's own ranges from `_regexp_tables`.
    """
    from agentv_grader.js._regexp_tables import PROPERTY_OVERRIDES

    override = PROPERTY_OVERRIDES.get(key)
    if override is not None:
        return tuple(_decode_range(r) for r in override.split(",") if r)
    return _regex_property_ranges(key)


def _decode_range(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("-")
    return int(lo, 16), int(hi, 16)


def _regex_property_ranges(regex_property: str) -> Ranges:
    import regex

    text = _all_code_points()
    pattern = regex.compile(rf"\p{{{regex_property}}}+")
    return tuple((m.start(), m.end() - 1) for m in pattern.finditer(text))
