"""Patterns that differ only in their letters and digits share one compiled matcher.

A suite gives each test its own pattern, most often the same pattern with another number
or word in it (``\\border\\s+#?12\\b``, ``\\border\\s+#?13\\b``). Parsing and analysing one
costs some 50 µs, several searches' worth. So a pattern is read once more cheaply, as
its *shape*: the pattern with each ASCII letter or digit that stands for itself (outside
escapes, classes and `{n,m}`) replaced by a private-use character numbered by its
position among them. Patterns of one shape parse to the same tree, but for those
characters (`Char` nodes, each the character itself or, under ``i``, its canonical
form), so the shape is compiled once, and a pattern of that shape is its matcher with
the characters put back (`JsRegExp.with_chars`). Only a shape whose matcher is a literal
search or the direct matcher (`_regexp_direct`) is shared; anything else (a pattern the
`regex` engine runs, an invalid one, one with another construct than those read here)
is compiled on its own, as before.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentv_grader.js.regexp import JsRegExp

# The characters that stand for a pattern's letters and digits in its shape: the first
# of Unicode's private use area. A pattern that holds one itself has no shape.
_FIRST = 0xE000
_MOST = 256

# A run of pieces of a pattern (group 1), or a run of ASCII letters and digits that
# stand for themselves (group 2), in order. A piece is an escape of a class (`\d`), an
# assertion (`\b`), a control character (`\n`) or a character that is not a letter or a
# digit (`\.`); a class; a `{n,m}` quantifier; `(?:`; a syntax character; another
# character that stands for itself. Anything else (another escape, a lone brace or
# bracket) is no piece: a pattern that holds one has no shape. Nor has a pattern that
# holds a private-use character (`_has_private_use`, asked first), so the classes here
# need not leave those out: with that range in four of them, compiling this took 15.6 M
# instructions (each import of this module, a cold single test's with a `regex` too),
# without it 1.8 M.
_PIECE = re.compile(
    r"((?:\\[dDsSwWbBnrtfv]|\\[^A-Za-z0-9_]"
    r"|\[\^?(?:[^\\\]]|\\.)*\]"
    r"|\{[0-9]+(?:,[0-9]*)?\}|\(\?:|[()|^$.*+?]"
    r"|[^\\\[\]{}()|^$.*+?A-Za-z0-9])+)"
    r"|([A-Za-z0-9]+)",
    re.DOTALL,
)
_STAND_INS = "".join(map(chr, range(_FIRST, _FIRST + _MOST)))

# Compiled shapes by (shape, flags): the shared matcher, or None where a pattern of that
# shape is compiled on its own.
_shapes: dict[tuple[str, str], JsRegExp | None] = {}
_SHAPES_MAX = 2048


def shape_of(pattern: str) -> tuple[str, str] | None:
    """(shape, the letters and digits it stands for, in order), or None."""
    if not pattern.isascii() and _has_private_use(pattern):
        return None
    parts: list[str] = []
    runs: list[str] = []
    count = 0
    for piece, run in _PIECE.findall(pattern):
        if run:
            parts.append(_STAND_INS[count : count + len(run)])
            runs.append(run)
            count += len(run)
        else:
            parts.append(piece)
    shape = "".join(parts)
    if count == 0 or count > _MOST or len(shape) != len(pattern):
        return None  # (shorter: some part of the pattern is no piece)
    return shape, "".join(runs)


def _has_private_use(pattern: str) -> bool:
    """Whether `pattern` holds a character of the range the stand-ins come from."""
    for char in pattern:
        if _FIRST_CHAR <= char <= _LAST_PRIVATE_USE:
            return True
    return False


_FIRST_CHAR = chr(_FIRST)
_LAST_PRIVATE_USE = "\uf8ff"


def compile_shared(pattern: str, flags: str) -> JsRegExp | None:
    """The matcher of `pattern` made from its shape's, or None (compile it on its own).
    The flags are valid (checked by the caller)."""
    if "v" in flags:  # (its classes nest: not read here)
        return None
    found = shape_of(pattern)
    if found is None:
        return None
    shape, letters = found
    key = (shape, flags)
    shared = _shapes.get(key, _MISSING)
    if shared is _MISSING:
        shared = _compile_shape(shape, flags)
        if len(_shapes) >= _SHAPES_MAX:
            _shapes.clear()
        _shapes[key] = shared
    if shared is None:
        return None
    assert not isinstance(shared, _Missing)
    return shared.with_chars(pattern, letters, _FIRST)


class _Missing:
    """The absence of an entry (None is an entry: no shared matcher)."""


_MISSING = _Missing()


def _compile_shape(shape: str, flags: str) -> JsRegExp | None:
    from agentv_grader.js.regexp import JsRegexError, compile_alone

    try:
        compiled = compile_alone(shape, flags, engine_now=False)
    except JsRegexError:  # the pattern itself says why, compiled on its own
        return None
    return compiled if compiled.matches_without_engine else None
