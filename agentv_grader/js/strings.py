"""JavaScript `trim()`, `toLowerCase()` and `JSON.parse` as AgentV's graders see them.

Python's near-equivalents differ at the edges that matter to a grader: `str.strip()` also
strips U+001C..U+001F and U+0085 but not U+FEFF; `str.lower()` uses Python's older Unicode
data; `json.loads` accepts NaN/Infinity, hits the recursion limit about 1000 levels deep
(V8 parses far deeper) and refuses integers longer than 4300 digits. Each function here
answers as Node 20 does (proven by tests/js/test_strings_differential.py).
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

# ECMAScript WhiteSpace + LineTerminator (ES2023 §12.2, §12.3): differs from
# Python's str.isspace (which has U+001C..U+001F and U+0085 but not U+FEFF).
JS_WHITESPACE = (
    "\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def js_trim(text: str) -> str:
    """`String.prototype.trim`: strips exactly ECMAScript's white space set."""
    return text.strip(JS_WHITESPACE)


def js_trim_bounds(text: str) -> tuple[int, int]:
    """`(start, end)` with `text[start:end] == js_trim(text)`, without copying `text`.

    A response of 100 MB ending in a newline would otherwise be copied by every trim. Only
    windows at the two ends are stripped, doubling while they are all white space, so the
    cost follows the length of the white space, not of the text. All white space gives
    `(0, 0)`.
    """
    end = _trimmed_end(text)
    if end == 0:
        return 0, 0
    return _trimmed_start(text, end), end


def _trimmed_end(text: str) -> int:
    window = 256
    while True:
        start = max(0, len(text) - window)
        kept = text[start:].rstrip(JS_WHITESPACE)
        if kept or start == 0:
            return start + len(kept)
        window *= 2


def _trimmed_start(text: str, end: int) -> int:
    window = 256
    while True:
        stop = min(end, window)
        kept = text[:stop].lstrip(JS_WHITESPACE)
        if kept or stop == end:
            return stop - len(kept)
        window *= 2


# js_lower of a big text is kept for the text's next caller (the same response is lowered
# by several assertions and the critique). Keyed by identity, holding the text itself, so
# a key can never stand for another string; two entries, only for texts of 64 KiB and more.
_LOWER_CACHE_FROM = 1 << 16
_lower_cache: list[tuple[str, str]] = []
# Texts of a few KiB (a response, the decoys the critique probes each case-insensitive
# check of a test with) are kept the same way, eight of them: a test's checks ask in turn.
_MID_CACHE_FROM = 512
_MID_CACHE_SIZE = 8
_mid_cache: list[tuple[str, str]] = []


def js_lower(text: str) -> str:
    """`String.prototype.toLowerCase`: locale-independent full Unicode lowercasing.

    `str.lower()` implements the same algorithm (including final sigma); node's own table
    fills in the letters this Python's Unicode data does not know yet.
    """
    if len(text) < _LOWER_CACHE_FROM:
        if len(text) < _MID_CACHE_FROM:
            return _lower(text)
        for key, lowered in _mid_cache:
            if key is text:
                return lowered
        lowered = _lower(text)
        _mid_cache.insert(0, (text, lowered))
        del _mid_cache[_MID_CACHE_SIZE:]
        return lowered
    for key, lowered in _lower_cache:
        if key is text:
            return lowered
    lowered = _lower(text)
    _lower_cache.insert(0, (text, lowered))
    del _lower_cache[2:]
    return lowered


def _lower(text: str) -> str:
    lowered = text.lower()
    if lowered.isascii():
        return lowered
    overrides = _lower_overrides()
    if len(lowered) < _LOWER_CACHE_FROM:
        # Most texts hold none of them. One `in` per letter: a fast scan each, and none
        # for a letter wider than the text's widest character (47 of the 55 are astral);
        # a set's `isdisjoint` hashed every character (13 times the instructions on 2 KB).
        for letter in _override_letters():
            if letter in lowered:
                return lowered.translate(overrides)
        return lowered
    # `translate` looks every character up (seconds on 100 MB); the few letters it
    # changes are found with one fast `in` each, and a text without them is kept.
    overrides = {cp: low for cp, low in overrides.items() if chr(cp) in lowered}
    if not overrides:
        return lowered
    return lowered.translate(overrides)


@functools.lru_cache(maxsize=1)
def _override_letters() -> tuple[str, ...]:
    """The letters `_lower_overrides` changes, each looked for in a text with `in` (far
    faster than `translate`, which builds a new string even when it changes nothing)."""
    return tuple(map(chr, _lower_overrides()))


@functools.lru_cache(maxsize=1)
def js_lower_only() -> frozenset[str]:
    """The characters `js_lower` writes where `str.lower` writes another (node's lower case
    of letters newer than this Python's Unicode data; each one character): a needle without
    them that `js_lower(text)` holds, `text.lower()` holds at the same place."""
    return frozenset(_lower_overrides().values())


@functools.lru_cache(maxsize=1)
def _lower_overrides() -> dict[int, str]:
    """Where node's lowercase differs from this Python's `str.lower()` (newer letters)."""
    from agentv_grader.js._lower_table import NODE_LOWER

    return {cp: low for cp, low in NODE_LOWER.items() if chr(cp).lower() != low}


class JsonParseError(ValueError):
    """`JSON.parse` would throw a SyntaxError on this text."""


def _reject_constant(name: str) -> Any:
    raise JsonParseError(f"{name} is not valid JSON")


def _parse_int(digits: str) -> Any:
    """JSON integers: Python ints, except what Python refuses (> 4300 digits) and ``-0``."""
    if digits == "-0":
        return -0.0
    if len(digits) > 4000:
        return float(digits)
    return int(digits)


def _js_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Duplicate keys: the last value wins, at the first key's place, as in JavaScript.

    JavaScript also lists array-index keys ("0", "1", …) first, in numeric order.
    """
    obj = dict(pairs)
    if any(_is_index(k) for k in obj):
        indexed = sorted((k for k in obj if _is_index(k)), key=int)
        obj = {**{k: obj[k] for k in indexed}, **{k: v for k, v in obj.items() if not _is_index(k)}}
    return obj


def _is_index(key: str) -> bool:
    if not (key.isascii() and key.isdigit()):
        return False
    return (key == "0" or key[0] != "0") and int(key) < 2**32 - 1


_DECODER = json.JSONDecoder(
    parse_constant=_reject_constant, parse_int=_parse_int, object_pairs_hook=_js_object
)


def js_json_parse(text: str) -> Any:
    """`JSON.parse`: strict JSON; `NaN`/`Infinity` and a BOM are syntax errors.

    Nesting deeper than Python's recursion limit is parsed by an iterative parser instead
    (V8 has no such limit).

    Raises:
        JsonParseError: where JavaScript would throw.
    """
    try:
        return _DECODER.decode(text)
    except JsonParseError:
        raise
    except RecursionError:
        return _parse_deep(text)
    except ValueError as exc:
        raise JsonParseError(str(exc)) from exc


# -- iterative fallback for deep nesting ------------------------------------------------------
_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class _Frame:
    """An open array or object of the iterative parser."""

    __slots__ = ("is_object", "items", "key")

    def __init__(self, is_object: bool) -> None:
        self.is_object = is_object
        self.items: list[Any] = []
        self.key = ""


def _ws(text: str, pos: int) -> int:
    m = _WS.match(text, pos)
    return m.end() if m else pos


def _parse_deep(text: str) -> Any:
    """The grammar and values of `_DECODER`, with an explicit stack instead of recursion."""
    stack: list[_Frame] = []
    pos = _ws(text, 0)
    while True:
        c = text[pos : pos + 1]
        if c in ("[", "{"):
            frame = _Frame(c == "{")
            pos = _ws(text, pos + 1)
            if text[pos : pos + 1] != ("}" if frame.is_object else "]"):
                if frame.is_object:
                    pos, frame.key = _key(text, pos)
                stack.append(frame)
                continue
            value: Any = {} if frame.is_object else []
            pos += 1
        else:
            value, pos = _scalar(text, pos)
        while True:  # hand the finished value to the enclosing containers
            if not stack:
                if _ws(text, pos) != len(text):
                    raise JsonParseError(f"Unexpected non-whitespace character at {pos}")
                return value
            frame = stack[-1]
            frame.items.append((frame.key, value) if frame.is_object else value)
            pos = _ws(text, pos)
            if text[pos : pos + 1] == ",":
                pos = _ws(text, pos + 1)
                if frame.is_object:
                    pos, frame.key = _key(text, pos)
                break
            if text[pos : pos + 1] != ("}" if frame.is_object else "]"):
                raise JsonParseError(f"Expected ',' or a closing bracket at position {pos}")
            pos += 1
            stack.pop()
            value = _js_object(frame.items) if frame.is_object else frame.items


def _scalar(text: str, pos: int) -> tuple[Any, int]:
    if text[pos : pos + 1] == '"':
        try:
            value, end = json.decoder.scanstring(text, pos + 1, True)  # type: ignore[attr-defined]
        except ValueError as exc:
            raise JsonParseError(str(exc)) from exc
        return value, end
    m = _NUMBER.match(text, pos)
    if m:
        number = m.group(0)
        if any(ch in number for ch in ".eE"):
            return float(number), m.end()
        return _parse_int(number), m.end()
    for word, literal in _LITERALS.items():
        if text.startswith(word, pos):
            return literal, pos + len(word)
    raise JsonParseError(f"Unexpected token at position {pos}")


def _key(text: str, pos: int) -> tuple[int, str]:
    if text[pos : pos + 1] != '"':
        raise JsonParseError(f"Expected a property name at position {pos}")
    key, end = _scalar(text, pos)
    end = _ws(text, end)
    if text[end : end + 1] != ":":
        raise JsonParseError(f"Expected ':' after a property name at position {end}")
    return _ws(text, end + 1), key
