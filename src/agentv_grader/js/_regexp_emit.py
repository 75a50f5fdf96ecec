"""AST → `regex` module pattern (VERSION0, no flags): every ECMAScript meaning spelled out.

Nothing relies on the engine's own ``\\w \\d \\s \\b . ^ $`` or case folding: sets are
explicit ranges, anchors are lookarounds on ECMAScript's line terminators, and a
backreference to a group that has not captured matches the empty string.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentv_grader.js import _regexp_sets as sets
from agentv_grader.js._regexp_ast import (
    Alt,
    Assert,
    Backref,
    Char,
    CharSet,
    Group,
    Look,
    Node,
    Quant,
    Seq,
)

_LT_CLASS = r"[\n\r\u2028\u2029]"


@dataclass(frozen=True)
class EmitContext:
    multiline: bool
    word: sets.Ranges
    clamp: int | None = None
    """Repeat counts above this are clamped (exact when the subject is shorter than it)."""


def escape_cp(cp: int) -> str:
    if cp < 0x80 and chr(cp).isalnum():
        return chr(cp)
    return f"\\u{cp:04x}" if cp <= 0xFFFF else f"\\U{cp:08x}"


def class_text(ranges: sets.Ranges) -> str:
    if not ranges:
        return r"[^\u0000-\U0010ffff]"
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return escape_cp(ranges[0][0])
    parts = [
        escape_cp(lo) if lo == hi else f"{escape_cp(lo)}-{escape_cp(hi)}" for lo, hi in ranges
    ]
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
    body = emit(node.body, ctx)
    if node.resets:
        # ECMAScript clears these captures at the start of every iteration.
        resets = "".join(f"(?P<g{g}>)" for g in node.resets)
        body = f"(?:{body}{resets})" if node.backward else f"(?:{resets}{body})"
    elif not isinstance(node.body, (Char, CharSet, Group)):
        body = f"(?:{body})"
    lazy = "" if node.greedy else "?"
    if node.empty_check:
        return _checked_loop(body, lo, hi, lazy, node.empty_check, node.backward)
    return body + _count(lo, hi) + lazy


def _count(lo: int, hi: int | None) -> str:
    return f"{{{lo}}}" if lo == hi else f"{{{lo},{'' if hi is None else hi}}}"


def _checked_loop(
    body: str, lo: int, hi: int | None, lazy: str, uid: int, backward: bool
) -> str:
    """The first ``lo`` iterations as they are, then only iterations that consume.

    "Consumed" is checked by capturing the rest of the subject at the iteration start and
    refusing to end where that same rest still follows (costly on long repetitive texts,
    where the deadline then answers instead).
    """
    name = f"e{uid}"
    mark, check = f"(?=(?P<{name}>[\\s\\S]*+))", f"(?!(?P={name}))"
    # Inside a lookbehind the engine runs a sequence right to left: mark on the right.
    checked = f"(?:{check}{body}{mark})" if backward else f"(?:{mark}{body}{check})"
    head = f"{body}{{{lo}}}" if lo else ""
    return f"(?:{head}{checked}{_count(0, None if hi is None else hi - lo)}{lazy})"


def _assertion(kind: str, ctx: EmitContext) -> str:
    if kind == "^":
        return rf"(?:\A|(?<={_LT_CLASS}))" if ctx.multiline else r"\A"
    if kind == "$":
        return rf"(?:\Z|(?={_LT_CLASS}))" if ctx.multiline else r"\Z"
    w = class_text(ctx.word)
    if kind == "b":
        return f"(?:(?<={w})(?!{w})|(?<!{w})(?={w}))"
    return f"(?:(?<={w})(?={w})|(?<!{w})(?!{w}))"
