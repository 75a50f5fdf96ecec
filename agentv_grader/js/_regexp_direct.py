"""A backtracking matcher, in Python, for patterns simple enough to need no `regex` compile.

Compiling a pattern with the `regex` module costs about 100 µs of its pure-Python parser
(a suite's distinct patterns each pay it once), more than a few searches of a 2 KB
response. A pattern that is a sequence of characters, classes, classes or characters
repeated (``\\s+``, ``#?``, ``.{0,40}``, lazy or greedy), the anchors ``^ $ \\b \\B`` and
groups of alternatives (``(shipped|delivered)``) is matched here instead, with the
translation's meaning: the AST is already in subject space (sets closed under the ``i``
flag's folding, UTF-16 units without ``u``), `^`/`$` are ECMAScript's (line terminators
under ``m``), and the alternatives and repeats are tried in the engine's order, so the
first match found is the engine's, span included.

A match attempt can only start where the pattern's first characters are (a literal, or
one of the alternatives' literals, found with `str.find`), at position 0 for a pattern
that starts with ``^`` without ``m``, or at the search position with ``y``; a pattern
that could start anywhere (``\\d+x``) stays with the engine. The work of one search is
metered: past `budget` steps (characters scanned and continuations tried) `OverBudget`
is raised and the caller runs the engine, under its deadline, from the same place; so a
pattern that backtracks heavily on some text is the engine's business there, timeouts
included.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from agentv_grader.js import _regexp_sets as sets
from agentv_grader.js._regexp_ast import Alt, Assert, Char, CharSet, Group, Node, Quant, Seq

# Op codes. An op is a tuple whose first item is one of these.
_LIT = 0  # (_LIT, text)
_SET = 1  # (_SET, members, negated)
_REP = 2  # (_REP, members, negated, min, max or -1, greedy)
_ALT = 3  # (_ALT, branches): each branch an op tuple holding the rest of the pattern
_BOS = 4  # `^` without m: position 0
_EOS = 5  # `$` without m: the end
_BOL = 6  # `^` with m: position 0 or after a line terminator
_EOL = 7  # `$` with m: the end or before a line terminator
_WB = 8  # `\b`: (_WB, word characters)
_NWB = 9  # `\B`: (_NWB, word characters)

_ZERO_WIDTH = frozenset((_BOS, _EOS, _BOL, _EOL, _WB, _NWB))
_TERMINATORS = frozenset(sets.LINE_TERMINATORS)
_MAX_OPS = 64  # ops over all branches (an alternative repeats the rest of the pattern)
_MAX_MEMBERS = 1024  # a class is held as a set of its members or of its complement's

Ops = tuple[tuple[object, ...], ...]


class OverBudget(Exception):
    """The search took more steps than its budget: the engine answers instead."""


class _Ineligible(Exception):
    """The pattern holds a construct this matcher does not implement."""


@lru_cache(maxsize=256)
def _members(ranges: sets.Ranges, max_cp: int) -> tuple[frozenset[str], bool]:
    """(characters, negated): the class as a set of its members, or of its complement's
    members with `negated`, whichever is small (the subject holds no code point above
    `max_cp`, so the complement is exact). Cached: `\\s` `.` `\\d` recur across patterns."""
    size = sum(hi - lo + 1 for lo, hi in ranges)
    if size <= _MAX_MEMBERS:
        return frozenset(chr(c) for lo, hi in ranges for c in range(lo, hi + 1)), False
    complement = sets.complement(ranges, max_cp)
    if sum(hi - lo + 1 for lo, hi in complement) <= _MAX_MEMBERS:
        return frozenset(chr(c) for lo, hi in complement for c in range(lo, hi + 1)), True
    raise _Ineligible


class Direct:
    """A compiled simple pattern; `search` gives the engine's first match from `pos`."""

    __slots__ = ("anchored", "first", "lead", "ops", "required", "sticky")

    OverBudget: ClassVar[type[OverBudget]] = OverBudget

    def __init__(
        self,
        ops: Ops,
        first: tuple[str, ...],
        anchored: bool,
        sticky: bool,
        lead: _Lead | None = None,
    ) -> None:
        self.ops = ops
        self.first = first  # every attempt starts with one of these (when not anchored)
        self.lead = lead  # else: the repeat every match starts with, then a literal
        self.anchored = anchored  # starts with `^` without m: only position 0
        self.sticky = sticky
        # Literals every match holds, longest first: a text without one has no match
        # (most of the critique's decoys are answered so, with one `in` each).
        self.required = tuple(sorted(_required(ops), key=len, reverse=True))

    @classmethod
    def of(
        cls, root: Node, multiline: bool, word: sets.Ranges, max_cp: int, sticky: bool
    ) -> Direct | None:
        """The matcher for `root`, or None where the engine must run it."""
        try:
            builder = _Builder(multiline, word, max_cp)
            ops = builder.sequence(_items(root), ())
            if builder.count > _MAX_OPS:
                return None
            anchored = bool(ops) and ops[0][0] == _BOS
            first = _first_literals(ops)
        except _Ineligible:
            return None
        lead = None
        if not sticky and not anchored and not first:
            lead = _lead(ops)
            if lead is None:  # could start anywhere: a Python loop over every position is slow
                return None
        return cls(ops, first or (), anchored, sticky, lead)

    def with_chars(self, table: dict[int, str]) -> Direct | None:
        """This matcher with its literal characters translated by `table`, one character
        for one (`JsRegExp.with_chars`): the same ops otherwise; None where the pattern
        then starts anywhere (its leading repeat takes its literal's first character)."""
        out = object.__new__(Direct)
        out.ops = _translated(self.ops, table)
        out.first = tuple(lit.translate(table) for lit in self.first)
        out.anchored = self.anchored
        out.sticky = self.sticky
        out.required = tuple(lit.translate(table) for lit in self.required)
        out.lead = None
        if self.lead is not None:
            out.lead = _lead(out.ops)
            if out.lead is None:
                return None
        return out

    def search(self, text: str, pos: int, budget: int) -> tuple[int, int] | None:
        """The span of the first match starting at or after `pos` (at `pos` with ``y``).

        Raises:
            OverBudget: more than `budget` steps.
        """
        for lit in self.required:
            if lit not in text:
                return None
        n = len(text)
        meter = [budget]
        ops = self.ops
        if self.sticky or self.anchored:
            if self.anchored and pos > 0 and not self.sticky:
                return None
            end = _attempt(ops, 0, text, pos, n, meter)
            return None if end < 0 else (pos, end)
        if self.lead is not None:
            return _search_lead(self.lead, ops, text, pos, n, meter)
        first = self.first
        if len(first) == 1:
            lit = first[0]
            at = text.find(lit, pos)
            while at >= 0:
                end = _attempt(ops, 0, text, at, n, meter)
                if end >= 0:
                    return at, end
                at = text.find(lit, at + 1)
            return None
        nexts = [text.find(lit, pos) for lit in first]
        while True:
            found = [at for at in nexts if at >= 0]
            if not found:
                return None
            at = min(found)
            end = _attempt(ops, 0, text, at, n, meter)
            if end >= 0:
                return at, end
            nexts = [
                text.find(lit, at + 1) if 0 <= k <= at else k
                for lit, k in zip(first, nexts, strict=True)
            ]


# A pattern that starts with a repeated class (or one class) and then a literal: (the
# class's members, negated, least and most count, -1 for no most, the literal).
_Lead = tuple[frozenset[str], bool, int, int, str]


def _lead(ops: Ops) -> _Lead | None:
    """The lead of `ops` where its matches are found from the literal's occurrences:
    the repeat's count is fixed (a match starts that many characters before the literal),
    or it is at least one and the literal's first character is not one it repeats (the
    repeat then takes every character of the class up to the literal, whichever count
    is tried first, and a match starts where that run starts, or `most` before the
    literal); else None."""
    if len(ops) < 2 or ops[1][0] != _LIT:
        return None
    op = ops[0]
    if op[0] == _SET:
        counts: tuple[object, object] = (1, 1)
    elif op[0] == _REP:
        counts = (op[3], op[4])
    else:
        return None
    members: frozenset[str] = op[1]  # type: ignore[assignment]
    negated: bool = op[2]  # type: ignore[assignment]
    low: int = counts[0]  # type: ignore[assignment]
    top: int = counts[1]  # type: ignore[assignment]
    lit: str = ops[1][1]  # type: ignore[assignment]
    if low != top and (low < 1 or (lit[0] in members) != negated):
        return None
    return members, negated, low, top, lit


def _search_lead(
    lead: _Lead, ops: Ops, text: str, pos: int, n: int, meter: list[int]
) -> tuple[int, int] | None:
    """The first match from `pos` of `ops`, which start with `lead`: tried where its
    literal is, in order, each from the leftmost start the repeat allows (the engine's
    first attempt that reaches it; every start between gives the same match end)."""
    members, negated, low, top, lit = lead
    at = text.find(lit, pos + low)
    while at >= 0:
        if low == top:
            start = at - low
            meter[0] -= low
            ok = all((c in members) != negated for c in text[start:at])
        else:
            start = at
            least = pos if top < 0 else max(pos, at - top)
            while start > least and (text[start - 1] in members) != negated:
                start -= 1
            meter[0] -= at - start
            ok = at - start >= low
        if meter[0] < 0:
            raise OverBudget
        if ok:
            end = _attempt(ops, 1, text, at, n, meter)
            if end >= 0:
                return start, end
        at = text.find(lit, at + 1)
    return None


def _items(node: Node) -> list[Node]:
    return list(node.items) if isinstance(node, Seq) else [node]


class _Builder:
    """AST → ops; raises `_Ineligible` for anything else than the constructs listed in the
    module docstring."""

    def __init__(self, multiline: bool, word: sets.Ranges, max_cp: int) -> None:
        self.multiline = multiline
        self.word: frozenset[str] | None = None
        self.word_ranges = word
        self.max_cp = max_cp
        self.count = 0

    def sequence(self, items: list[Node], tail: Ops) -> Ops:
        """The ops of `items` followed by `tail` (the rest of the pattern)."""
        out: list[tuple[object, ...]] = []
        chars: list[str] = []  # a run of characters, one literal op
        for index, item in enumerate(items):
            kind = type(item)
            if kind is Char:
                chars.append(chr(item.cp))  # type: ignore[attr-defined]
                continue
            if chars:
                out.append((_LIT, "".join(chars)))
                chars = []
            if kind is CharSet:
                out.append((_SET, *self.charset(item)))  # type: ignore[arg-type]
            elif kind is Quant:
                out.append(self.repeat(item))  # type: ignore[arg-type]
            elif kind is Assert:
                out.append(self.assertion(item.kind))  # type: ignore[attr-defined]
            elif kind is Group and not isinstance(item.body, Alt):  # type: ignore[attr-defined]
                rest = _items(item.body) + items[index + 1 :]  # type: ignore[attr-defined]
                return _joined(out, self.sequence(rest, tail))
            elif kind is Group or kind is Alt:
                alt: Alt = item.body if kind is Group else item  # type: ignore[attr-defined,assignment]
                after = self.sequence(items[index + 1 :], tail)
                branches = tuple(self.sequence(_items(b), after) for b in alt.branches)
                self.count += 1
                return (*out, (_ALT, branches))
            else:  # lookaround, backreference, Fail
                raise _Ineligible
            self.count += 1
            if self.count > _MAX_OPS:
                raise _Ineligible
        if chars:
            out.append((_LIT, "".join(chars)))
        return _joined(out, tail)

    def charset(self, node: CharSet) -> tuple[frozenset[str], bool]:
        if node.zero_width or node.v_negated:
            raise _Ineligible
        return _members(node.ranges, self.max_cp)

    def repeat(self, node: Quant) -> tuple[object, ...]:
        body = node.body
        if node.resets or node.empty_check or node.backward:
            raise _Ineligible
        if isinstance(body, Char):
            members, negated = frozenset(chr(body.cp)), False
        elif isinstance(body, CharSet):
            members, negated = self.charset(body)
        else:  # a repeated group: the engine
            raise _Ineligible
        top = -1 if node.max is None else node.max
        return (_REP, members, negated, node.min, top, node.greedy)

    def assertion(self, kind: str) -> tuple[object, ...]:
        if kind == "^":
            return (_BOL,) if self.multiline else (_BOS,)
        if kind == "$":
            return (_EOL,) if self.multiline else (_EOS,)
        if self.word is None:
            members, negated = _members(self.word_ranges, self.max_cp)
            if negated:
                raise _Ineligible
            self.word = members
        return (_WB if kind == "b" else _NWB, self.word)


def _joined(ops: list[tuple[object, ...]], tail: Ops) -> Ops:
    """`ops` then `tail`, a literal ending `ops` joined with one starting `tail` (one
    `startswith` and one `find` for both)."""
    if ops and tail and ops[-1][0] == _LIT and tail[0][0] == _LIT:
        return (*ops[:-1], (_LIT, str(ops[-1][1]) + str(tail[0][1])), *tail[1:])
    return (*ops, *tail)


def _translated(ops: Ops, table: dict[int, str]) -> Ops:
    """`ops` with the characters of literals and of repeated characters translated."""
    out: list[tuple[object, ...]] = []
    for op in ops:
        code = op[0]
        if code == _LIT:
            op = (_LIT, op[1].translate(table))  # type: ignore[attr-defined]
        elif code == _REP:
            if len(op[1]) == 1 and not op[2]:  # type: ignore[arg-type]
                member: str = next(iter(op[1]))  # type: ignore[call-overload]
                op = (_REP, frozenset(member.translate(table)), *op[2:])
        elif code == _ALT:
            op = (_ALT, tuple([_translated(branch, table) for branch in op[1]]))  # type: ignore[attr-defined]
        out.append(op)
    return tuple(out)


def _required(ops: Ops) -> set[str]:
    """The literals of `ops` that every match holds: those outside alternatives, and those
    every alternative holds (the rest of the pattern after a group is in each)."""
    found = {str(op[1]) for op in ops if op[0] == _LIT}
    if ops and ops[-1][0] == _ALT:
        branches = [_required(branch) for branch in ops[-1][1]]  # type: ignore[attr-defined]
        found |= set.intersection(*branches)
    return found


def _first_literals(ops: Ops) -> tuple[str, ...] | None:
    """Literals one of which every match starts with, else None: the first op that
    consumes, after zero-width ones, is a literal, or alternatives that each start so."""
    for op in ops:
        code = op[0]
        if code in _ZERO_WIDTH:
            continue
        if code == _LIT:
            return (str(op[1]),)
        if code == _ALT:
            found: list[str] = []
            for branch in op[1]:  # type: ignore[attr-defined]
                lits = _first_literals(branch)
                if lits is None:
                    return None
                found.extend(lits)
            return tuple(dict.fromkeys(found))
        return None
    return None  # matches the empty string


def _attempt(ops: Ops, i: int, s: str, p: int, n: int, meter: list[int]) -> int:
    """The end of the engine's first match of `ops[i:]` at `p`, or -1."""
    meter[0] -= 1
    if meter[0] < 0:
        raise OverBudget
    count = len(ops)
    while i < count:
        op = ops[i]
        code = op[0]
        if code == _LIT:
            lit: str = op[1]  # type: ignore[assignment]
            if not s.startswith(lit, p):
                return -1
            p += len(lit)
        elif code == _SET:
            if p >= n or (s[p] in op[1]) == op[2]:  # type: ignore[operator]
                return -1
            p += 1
        elif code == _REP:
            return _repeat(ops, i, s, p, n, meter)
        elif code == _ALT:
            for branch in op[1]:  # type: ignore[attr-defined]
                end = _attempt(branch, 0, s, p, n, meter)
                if end >= 0:
                    return end
            return -1
        elif not _holds(code, op, s, p, n):  # an anchor or word boundary
            return -1
        i += 1
    return p


def _holds(code: object, op: tuple[object, ...], s: str, p: int, n: int) -> bool:
    """Whether the zero-width op holds at `p`."""
    if code == _BOS:
        return p == 0
    if code == _EOS:
        return p == n
    if code == _BOL:
        return p == 0 or s[p - 1] in _TERMINATORS
    if code == _EOL:
        return p == n or s[p] in _TERMINATORS
    word: frozenset[str] = op[1]  # type: ignore[assignment]
    boundary = (p > 0 and s[p - 1] in word) != (p < n and s[p] in word)
    return boundary == (code == _WB)


def _repeat(ops: Ops, i: int, s: str, p: int, n: int, meter: list[int]) -> int:
    """A repeat at `ops[i]`: its counts tried in the engine's order (most first when
    greedy), the rest of the pattern after each; only where the next literal is, if the
    rest starts with one."""
    _, members, negated, low, top, greedy = ops[i]
    limit = n if top < 0 else min(n, p + top)  # type: ignore[operator]
    if not members and negated:  # every character
        q = limit
    else:
        q = p
        while q < limit and (s[q] in members) != negated:  # type: ignore[operator]
            q += 1
        meter[0] -= q - p
    least = p + low  # type: ignore[operator]
    if q < least:
        return -1
    if i + 1 == len(ops):
        return q if greedy else least
    if ops[i + 1][0] == _LIT:
        return _before_literal(ops, i, s, q, least, greedy, meter)  # type: ignore[arg-type]
    if greedy:
        while q >= least:
            end = _attempt(ops, i + 1, s, q, n, meter)
            if end >= 0:
                return end
            q -= 1
    else:
        at = least
        while at <= q:
            end = _attempt(ops, i + 1, s, at, n, meter)
            if end >= 0:
                return end
            at += 1
    return -1


def _before_literal(
    ops: Ops, i: int, s: str, q: int, least: int, greedy: bool, meter: list[int]
) -> int:
    """A repeat at `ops[i]` that may end anywhere in [`least`, `q`], followed by a literal:
    only the ends where that literal is are tried (with `rfind`/`find`), in the same order."""
    lit: str = ops[i + 1][1]  # type: ignore[assignment]
    n = len(s)
    size = len(lit)
    if greedy:
        at = s.rfind(lit, least, q + size)
        while at >= 0:
            end = _attempt(ops, i + 1, s, at, n, meter)
            if end >= 0:
                return end
            at = s.rfind(lit, least, at - 1 + size) if at > least else -1
    else:
        at = s.find(lit, least, q + size)
        while at >= 0:
            end = _attempt(ops, i + 1, s, at, n, meter)
            if end >= 0:
                return end
            at = s.find(lit, at + 1, q + size)
    return -1
