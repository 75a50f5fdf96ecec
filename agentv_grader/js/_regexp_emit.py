"""AST → `regex` module pattern (compiled with VERSION0 and ASCII or UNICODE, see
`wants_ascii`): every ECMAScript meaning spelled out, in the shortest text.

Nothing relies on the engine's own ``. ^ $`` or case folding: sets are explicit ranges,
anchors are lookarounds on ECMAScript's line terminators, and a backreference to a group
that has not captured matches the empty string. What is taken from the engine is where
its meaning is ECMAScript's, as tests/js pin over every code point: its ASCII word
boundary (``\\b`` under the ASCII flag, where ECMAScript's word characters are ASCII's),
and for class members ``\\s \\d \\w`` under ASCII and ``\\p{Zs}`` under UNICODE, each one
item for the engine's parser in place of several ranges.
"""

from __future__ import annotations

from functools import lru_cache

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
    children,
)
from agentv_grader.record import Record

# Not a character other than ECMAScript's line terminators: before it, the `m` flag's `^`
# (start of text or after a terminator), after it its `$`. One lookaround over one set
# parses in less time than an alternation with a set lookaround in it.
_NOT_LT_CLASS = "[^\n\r\u2028\u2029]"


class EmitContext(Record):
    """What emitting a pattern depends on besides the AST: the `m` flag, the word set,
    `clamp` (repeat counts above it are clamped: exact when the subject is shorter),
    `named` (the groups a backreference reads: only those are emitted as named captures),
    `max_cp`, the largest code point the subject can hold (0xFFFF without ``u``, whose
    subject is UTF-16 units), which lets a class be written as its complement's negation,
    and `ascii`: compiled with the ASCII flag (see `wants_ascii`), else UNICODE."""

    multiline: bool
    word: sets.Ranges
    clamp: int | None = None
    named: frozenset[int] = frozenset()
    max_cp: int = sets.MAX_CP
    ascii: bool = True


# `regex` parses a pattern in Python, at a cost that grows with the items it reads (every
# character, escape and class member makes objects): so every character is written as
# itself (control characters and lone surrogates included: without the VERBOSE flag a raw
# character is a literal), only the engine's syntax characters behind a backslash, and a
# class in its lightest exact form (`_class_form`).
_SYNTAX = frozenset("\\.^$*+?{}[]()|")
_CLASS_SYNTAX = frozenset("\\]-^[")  # `[` too: `[:` would start a POSIX class

# The engine's own class escapes whose sets are ECMAScript's, as tests/js pin: under the
# ASCII flag `\s` is TAB..CR and SPACE, `\d` is 0-9, `\w` is ECMAScript's word set;
# under UNICODE `\p{Zs}` is Unicode's Space_Separator, the one open-ended part of
# ECMAScript's `\s`. Each is one item for the engine's parser where the ranges are several.
ZS: sets.Ranges = sets.of_chars(
    [0x20, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000]
)
ASCII_ESCAPES: tuple[tuple[str, sets.Ranges], ...] = (
    ("\\w", sets.WORD),
    ("\\d", sets.DIGITS),
    ("\\s", ((0x09, 0x0D), (0x20, 0x20))),
)
UNICODE_ESCAPES: tuple[tuple[str, sets.Ranges], ...] = (("\\p{Zs}", ZS),)
_NEGATED = {"\\s": "\\S", "\\d": "\\D", "\\w": "\\W", "\\p{Zs}": "\\P{Zs}"}


def escape_cp(cp: int) -> str:
    """The character as a literal outside a class."""
    char = chr(cp)
    return "\\" + char if char in _SYNTAX else char


def _class_cp(cp: int) -> str:
    char = chr(cp)
    return "\\" + char if char in _CLASS_SYNTAX else char


def _members(ranges: sets.Ranges) -> str:
    return "".join(
        _class_cp(lo)
        if lo == hi
        else f"{_class_cp(lo)}{'' if hi == lo + 1 else '-'}{_class_cp(hi)}"
        for lo, hi in ranges
    )


def _weight(ranges: sets.Ranges) -> int:
    """The characters `regex` reads for these members (its parse cost grows with them)."""
    return sum(1 if lo == hi else 2 for lo, hi in ranges)


def _members_form(ranges: sets.Ranges, ascii: bool) -> tuple[int, list[str], sets.Ranges]:
    """(weight, engine escapes, remaining ranges) that together are exactly `ranges`: an
    escape is used where it holds only members and makes the rest lighter."""
    escapes: list[str] = []
    rest, weight = ranges, _weight(ranges)
    for name, members in ASCII_ESCAPES if ascii else UNICODE_ESCAPES:
        if sets.subtract(members, ranges):
            continue
        smaller = sets.subtract(rest, members)
        if _weight(smaller) + 1 < weight:
            escapes.append(name)
            rest, weight = smaller, _weight(smaller) + 1
    return weight, escapes, rest


@lru_cache(maxsize=2048)
def _class_form(ranges: sets.Ranges, max_cp: int, ascii: bool) -> tuple[int, str]:
    """(weight, text) of the lightest class matching exactly `ranges` on a subject of
    code points up to `max_cp`: its members, or its complement's negation. Cached: the
    same classes (`\\s`, `.`, `\\d`…) recur across a suite's distinct patterns."""
    if not ranges:
        return 2, "[^\x00-\U0010ffff]"
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return 1, escape_cp(ranges[0][0])
    weight, escapes, rest = _members_form(ranges, ascii)
    negated = False
    complement = sets.complement(ranges, max_cp)
    if complement:
        weight_c, escapes_c, rest_c = _members_form(complement, ascii)
        if weight_c < weight:
            weight, escapes, rest, negated = weight_c, escapes_c, rest_c, True
    if len(escapes) == 1 and not rest:
        return weight, _NEGATED[escapes[0]] if negated else escapes[0]
    return weight, ("[^" if negated else "[") + "".join(escapes) + _members(rest) + "]"


def class_text(ranges: sets.Ranges, ctx: EmitContext) -> str:
    return _class_form(ranges, ctx.max_cp, ctx.ascii)[1]


def wants_ascii(root: Node, word: sets.Ranges, max_cp: int) -> bool:
    """Whether to compile under ASCII rather than UNICODE: required for the engine's own
    `\\b`, which is ECMAScript's under ASCII; otherwise whichever spells the pattern's
    classes lighter (ASCII's `\\s \\d \\w` or UNICODE's `\\p{Zs}`)."""
    classes: list[sets.Ranges] = []
    boundary = False
    stack = [root]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is CharSet:
            classes.append(node.ranges)  # type: ignore[attr-defined]
        elif kind is Assert:
            boundary = boundary or node.kind in "bB"  # type: ignore[attr-defined]
        elif kind is not Char:
            stack.extend(children(node))
    if boundary:
        if word == sets.WORD:
            return True
        classes.append(word)
    if not classes:
        return True
    ascii_weight = sum(_class_form(r, max_cp, True)[0] for r in classes)
    return ascii_weight <= sum(_class_form(r, max_cp, False)[0] for r in classes)


def emit(node: Node, ctx: EmitContext) -> str:
    if isinstance(node, Char):
        return escape_cp(node.cp)
    if isinstance(node, CharSet):
        return class_text(node.ranges, ctx)
    if isinstance(node, Seq):
        return "".join(emit(item, ctx) for item in node.items)
    if isinstance(node, Alt):
        return "|".join(emit(b, ctx) for b in node.branches)
    if isinstance(node, Group):
        body = emit(node.body, ctx)
        if node.index in ctx.named:
            return f"(?P<g{node.index}>{body})"
        return f"(?:{body})"  # nothing reads its capture
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
    if hi is None and lo <= 1:
        return "+" if lo else "*"
    if lo == 0 and hi == 1:
        return "?"
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
        return f"(?<!{_NOT_LT_CLASS})" if ctx.multiline else r"\A"
    if kind == "$":
        return f"(?!{_NOT_LT_CLASS})" if ctx.multiline else r"\Z"
    if ctx.word == sets.WORD and ctx.ascii:  # the engine's own boundary under ASCII: the same
        return r"\b" if kind == "b" else r"\B"
    w = class_text(ctx.word, ctx)
    if kind == "b":
        return f"(?:(?<={w})(?!{w})|(?<!{w})(?={w}))"
    return f"(?:(?<={w})(?={w})|(?<!{w})(?!{w}))"
