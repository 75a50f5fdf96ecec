"""The `regex` pattern emitter as of commit 9f2cf27, kept as the reference for
`test_regexp_emit`: it spells everything out (every punctuation character escaped, every
capture named, every class as its members, counted quantifiers, always the ASCII flag).
The compact emission of `agentv_grader.js._regexp_emit` must find the same match spans.
Not used by the package.
"""

from __future__ import annotations

from agentv_grader.js import _regexp_sets as sets
from agentv_grader.js._regexp_ast import (
    Alt,
    Assert,
    Backref,
    Char,
    CharSet,
    Fail,
    Group,
    Look,
    Node,
    Quant,
    Seq,
)
from agentv_grader.record import Record

# Not a character other than ECMAScript's line terminators: before it, the `m` flag's `^`
# (start of text or after a terminator), after it its `$`. One lookaround over one set
# parses in less time than an alternation with a set lookaround in it.
_NOT_LT_CLASS = r"[^\n\r\u2028\u2029]"


class EmitContext(Record):
    """What emitting a pattern depends on besides the AST: the `m` flag, the word set, and
    `clamp`: repeat counts above it are clamped (exact when the subject is shorter)."""

    __slots__ = ("multiline", "word", "clamp")
    multiline: bool
    word: sets.Ranges
    clamp: int | None

    def __init__(self, multiline: bool, word: sets.Ranges, clamp: int | None = None) -> None:
        object.__setattr__(self, "multiline", multiline)
        object.__setattr__(self, "word", word)
        object.__setattr__(self, "clamp", clamp)


# `regex` parses a pattern in Python, at a cost that grows with its length and escapes:
# characters are written as themselves where that is safe (letters, digits, space,
# everything past ASCII), ASCII punctuation behind a backslash (a literal in and out of
# a set), only ASCII control characters as `\u` escapes.
_PLAIN = frozenset(chr(c) for c in range(0x80) if chr(c).isalnum() or c == 0x20)
_PUNCTUATION = frozenset(chr(c) for c in range(0x21, 0x7F) if not chr(c).isalnum())


def escape_cp(cp: int) -> str:
    char = chr(cp)
    if cp >= 0x80 or char in _PLAIN:
        return char
    if char in _PUNCTUATION:
        return "\\" + char
    return f"\\u{cp:04x}"


def class_text(ranges: sets.Ranges) -> str:
    if not ranges:
        return r"[^\u0000-\U0010ffff]"
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return escape_cp(ranges[0][0])
    parts = [escape_cp(lo) if lo == hi else f"{escape_cp(lo)}-{escape_cp(hi)}" for lo, hi in ranges]
    return "[" + "".join(parts) + "]"


def emit(node: Node, ctx: EmitContext) -> str:
    if isinstance(node, Char):
        return escape_cp(node.cp)
    if isinstance(node, CharSet):
        return class_text(node.ranges)
    if isinstance(node, Seq):
        return "".join(emit(item, ctx) for item in node.items)
    if isinstance(node, Alt):
        return "|".join(emit(b, ctx) for b in node.branches)
    if isinstance(node, Group):
        body = emit(node.body, ctx)
        return f"(?:{body})" if node.index is None else f"(?P<g{node.index}>{body})"
    if isinstance(node, Look):
        kind = ("(?<" if node.behind else "(?") + ("!" if node.negative else "=")
        return f"{kind}{emit(node.body, ctx)})"
    if isinstance(node, Backref):
        if node.always_empty:
            return "(?:)"
        # ECMAScript: a group that has not captured matches empty (the engine would fail).
        return f"(?(g{node.index})(?P=g{node.index})|)"
    if isinstance(node, Quant):
        return _quant(node, ctx)
    if isinstance(node, Assert):
        return _assertion(node.kind, ctx)
    if isinstance(node, Fail):
        return f"(?!)(?:{emit(node.body, ctx)})"  # keeps the groups inside defined
    raise TypeError(f"unknown node {node!r}")  # pragma: no cover


def _quant(node: Quant, ctx: EmitContext) -> str:
    lo, hi = node.min, node.max
    if ctx.clamp is not None:
        lo = min(lo, ctx.clamp)
        hi = None if hi is None or hi > ctx.clamp else hi
    if isinstance(node.body, Look):
        # Annex B quantified lookahead: an empty iteration is never repeated, so it runs
        # once when required and not at all otherwise (its captures then stay unset).
        lo, hi = (1, 1) if lo >= 1 else (0, 0)
    body = _iteration(node, node.body, ctx)
    lazy = "" if node.greedy else "?"
    if not node.empty_check:
        return body + _count(lo, hi) + lazy
    # ECMAScript: once the minimum is met, an iteration matching "" fails (and backtracks
    # into the body for a non-empty match), where the engine would accept it and stop.
    head = f"{body}{{{lo}}}" if lo else ""
    tail_hi = None if hi is None else hi - lo
    if node.nonempty is not None:
        tail = _iteration(node, node.nonempty, ctx)
    else:
        tail = _checked(body, node.empty_check, node.backward)
    return f"(?:{head}{tail}{_count(0, tail_hi)}{lazy})"


def _iteration(node: Quant, body_node: Node, ctx: EmitContext) -> str:
    """One iteration as an atom, clearing the captures ECMAScript clears per iteration."""
    body = emit(body_node, ctx)
    if node.resets:
        resets = "".join(f"(?P<g{g}>)" for g in node.resets)
        return f"(?:{body}{resets})" if node.backward else f"(?:{resets}{body})"
    if not isinstance(body_node, (Char, CharSet, Group)):
        return f"(?:{body})"
    return body


def _count(lo: int, hi: int | None) -> str:
    return f"{{{lo}}}" if lo == hi else f"{{{lo},{'' if hi is None else hi}}}"


def _checked(body: str, uid: int, backward: bool) -> str:
    """An iteration that must consume, for bodies `nonempty_form` cannot rewrite.

    The rest of the subject is captured at the iteration start, and the iteration may not
    end where that same rest still follows: exact, but O(n) per iteration (the deadline
    answers on long texts).
    """
    name = f"e{uid}"
    mark, check = f"(?=(?P<{name}>[\\s\\S]*+))", f"(?!(?P={name}))"
    # Inside a lookbehind the engine runs a sequence right to left: mark on the right.
    return f"(?:{check}{body}{mark})" if backward else f"(?:{mark}{body}{check})"


def _assertion(kind: str, ctx: EmitContext) -> str:
    if kind == "^":
        return rf"(?<!{_NOT_LT_CLASS})" if ctx.multiline else r"\A"
    if kind == "$":
        return rf"(?!{_NOT_LT_CLASS})" if ctx.multiline else r"\Z"
    if ctx.word == sets.WORD:  # the engine's own boundary under ASCII: the same
        return r"\b" if kind == "b" else r"\B"
    w = class_text(ctx.word)
    if kind == "b":
        return f"(?:(?<={w})(?!{w})|(?<!{w})(?={w}))"
    return f"(?:(?<={w})(?={w})|(?<!{w})(?!{w}))"
