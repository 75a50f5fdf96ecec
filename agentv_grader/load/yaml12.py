"""YAML 1.2 core-schema reading, as AgentV's `yaml` package does, on PyYAML's C parser.

PyYAML resolves YAML 1.1 (`yes` → True, `2025-01-15` → date, `1:30` → 90, `012` → 10);
AgentV's parser does not, so the resolvers and the int constructor are replaced. Mappings
keep their line numbers (`YamlMap.line`) so errors can point at the assertion. Duplicate
keys and alias bombs are refused with the line.

Two fast paths give the same values as the plain path (PyYAML's constructors), and fall
back to it on anything unusual, so every error and its place come from the plain path:
a JSON document (json.loads, positions computed from the text) and one constructor pass
over the node tree (standard tags only). `load_yaml(..., fast=False)` is the plain path.
"""

from __future__ import annotations

import gc
import json
import re
import sys
from collections import namedtuple
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import GradeInputError

# Expanded size above which alias use is treated as a bomb (billion laughs).
MAX_EXPANDED_NODES = 2_000_000


# libyaml composes nodes recursively in C: tens of thousands of nested levels overflow the
# C stack and kill the process (a segfault, not an exception), so deeper input is refused
# before it is composed. Real eval files nest a few levels.
MAX_NESTING = 1000


class YamlMap(dict[str, Any]):
    """A mapping that remembers where it was written (1-based line and column).

    Made as a dict is, by dict's own C `__init__` (json.loads makes one per object, batch
    mode's JSON path: a Python `__init__` would be a Python call each): whoever makes one
    sets `line` and `col` (None where unknown); read them with `getattr(m, "line", None)`.
    """

    __slots__ = ("line", "col")
    line: int | None
    col: int | None


class YamlList(list[Any]):
    """A sequence that remembers where it was written."""

    __slots__ = ("line", "col")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.line: int | None = None
        self.col: int | None = None


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a large tree is built.

    Building a suite creates some 100,000 containers that all stay alive; each collection
    pass re-examines them, which costs more than the building itself. Nothing here makes
    reference cycles that need collecting; the collector runs again afterwards.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class _Fallback(Exception):
    """A fast path met something it does not handle: the plain path decides instead."""


# Containers nested deeper than this go the plain path, which is also where Python's
# recursion limit turns very deep nesting into an error.
_FAST_DEPTH = 100


# JSON is YAML 1.2 flow style, and json.loads is some 30 times faster than composing YAML
# nodes. It is used only where libyaml reads the text the same way; anything else goes
# the YAML path: characters YAML forbids or treats as line breaks (U+0085, U+2028,
# U+2029), surrogate escapes (libyaml refuses them), a key on another line than its ':',
# a key near libyaml's 1024-character limit on a simple key (a key of at most 100
# characters is at most 602 bytes, even all escapes; up to 19 blanks may follow it), a
# tab outside the outermost brackets (the text must start and end with them).
# (These patterns compiled on first use, through `re`'s cache: most texts need none. An
# ASCII text is checked for the ASCII characters alone, without a pattern: `_has_bad_ascii`.)
_JSON_BAD_CHAR = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]"
# The ASCII characters a JSON text may hold where libyaml reads it the same way: the
# complement, within ASCII, of `_JSON_BAD_CHAR` (tests check that they agree).
_JSON_GOOD_ASCII = b"\t\n\r" + bytes(range(0x20, 0x7F))
_JSON_SURROGATE_ESCAPE = r"\\u[dD][89a-fA-F]"  # a high or a low one (D800-DFFF)
_JSON_KEY_BEFORE_BREAK = r"[\r\n][\t\r\n ]*:"
_JSON_BLANKS_BEFORE_COLON = r'"[\t ]{20,}:'
_SPACES_BEFORE_COLON = " " * 20 + ":"  # what the pattern above needs in a text without tabs
_JSON_MAX_KEY = 100


def _json_constant(name: str) -> Any:
    raise _Fallback  # NaN, Infinity: not JSON, and not YAML numbers


# json.loads makes an object the tuple of its pairs (`object_pairs_hook=tuple`, never
# mistaken for an array's list), which `_json_walk` makes a mapping: rather than a Python
# hook that json's C scanner would call once per object (a call per object more).
def _json_walk(value: Any, found: list[Any], depth: int) -> Any:
    """Objects → YamlMap, arrays → YamlList, every container in pre-order into `found`."""
    if depth > _FAST_DEPTH:
        raise _Fallback
    if type(value) is tuple:
        mapping: YamlMap = YamlMap.__new__(YamlMap)
        found.append(mapping)
        mapping.update(value)
        if len(mapping) != len(value):
            raise _Fallback  # a duplicate key: the YAML path reports it with its place
        for key, item in value:
            if len(key) > _JSON_MAX_KEY:
                raise _Fallback
            kind = type(item)
            if kind is tuple or kind is list:
                mapping[key] = _json_walk(item, found, depth + 1)
        return mapping
    result: YamlList = YamlList.__new__(YamlList)
    found.append(result)
    for item in value:
        kind = type(item)
        if kind is tuple or kind is list:
            item = _json_walk(item, found, depth + 1)
        result.append(item)
    return result


# Given the text's shape (`JsonShape`, worked out by batch mode's scout on the core the
# load leaves idle), the text is parsed by orjson where batch mode has loaded it
# (`jsontext.parse_json`: the same values, some 3 times faster than json.loads making each
# object a YamlMap), and the walk makes each object a YamlMap and each array a YamlList
# (a C copy each), finds the containers in pre-order and checks the keys. A duplicate
# key, which the tuples told the walk above, the shape tells instead: the objects then
# hold fewer pairs than the text has colons outside its strings.
def _json_walk_shaped(value: Any, found: list[Any], arrays: list[Any], depth: int) -> Any:
    """Objects → YamlMap, arrays → YamlList (also into `arrays`), every container in
    pre-order into `found`."""
    if depth > _FAST_DEPTH:
        raise _Fallback
    if type(value) is dict:
        mapping = YamlMap(value)
        found.append(mapping)
        for key, item in value.items():
            if len(key) > _JSON_MAX_KEY:
                raise _Fallback
            kind = type(item)
            if kind is dict or kind is list:
                mapping[key] = _json_walk_shaped(item, found, arrays, depth + 1)
        return mapping
    result: YamlList = YamlList.__new__(YamlList)
    found.append(result)
    arrays.append(result)
    result.extend(value)
    for index, item in enumerate(value):
        kind = type(item)
        if kind is dict or kind is list:
            result[index] = _json_walk_shaped(item, found, arrays, depth + 1)
    return result


# Told by the shape which containers hold no container (`JsonShape.leaves`, which it gives
# only when every key is short), the walk looks at none of their items and makes no call
# for them: an object of scalars is made a YamlMap, an array of scalars a YamlList, where
# it is met. Most containers of a suite are such (an assertion, its list of strings):
# 93 -> 50 M instructions of batch mode's serial load on 2,000 tests.
def _json_walk_leaves(
    value: Any, found: list[Any], arrays: list[Any], depth: int, leaves: bytes
) -> Any:
    """`_json_walk_shaped`, the keys known to be short and the containers that hold none
    told by `leaves` (a byte per container, in pre-order; one at `_FAST_DEPTH` is walked,
    to be refused)."""
    if depth > _FAST_DEPTH:
        raise _Fallback
    inline = depth < _FAST_DEPTH  # (a container inside is at most that deep)
    if type(value) is dict:
        mapping = YamlMap(value)
        found.append(mapping)
        for key, item in value.items():
            kind = type(item)
            if kind is dict:
                if inline and leaves[len(found)]:
                    made = YamlMap(item)
                    found.append(made)
                    mapping[key] = made
                else:
                    mapping[key] = _json_walk_leaves(item, found, arrays, depth + 1, leaves)
            elif kind is list:
                if inline and leaves[len(found)]:
                    listed: YamlList = YamlList.__new__(YamlList)
                    found.append(listed)
                    arrays.append(listed)
                    listed.extend(item)
                    mapping[key] = listed
                else:
                    mapping[key] = _json_walk_leaves(item, found, arrays, depth + 1, leaves)
        return mapping
    result: YamlList = YamlList.__new__(YamlList)
    found.append(result)
    arrays.append(result)
    result.extend(value)
    for index, item in enumerate(value):
        kind = type(item)
        if kind is dict:
            if inline and leaves[len(found)]:
                inside = YamlMap(item)
                found.append(inside)
                result[index] = inside
            else:
                result[index] = _json_walk_leaves(item, found, arrays, depth + 1, leaves)
        elif kind is list:
            if inline and leaves[len(found)]:
                inner: YamlList = YamlList.__new__(YamlList)
                found.append(inner)
                arrays.append(inner)
                inner.extend(item)
                result[index] = inner
            else:
                result[index] = _json_walk_leaves(item, found, arrays, depth + 1, leaves)
    return result


if TYPE_CHECKING:

    class JsonShape(NamedTuple):
        """What a JSON text's characters say of it (`json_shape`): whether libyaml reads
        it as json.loads does (`_reads_as_yaml`); and, for a valid one, where each
        container opens (pre-order), how many pairs its objects hold, and, when every
        key is known to hold at most `_JSON_MAX_KEY` characters, which containers hold
        no container (a byte per container, 1 for those; else empty)."""

        offsets: Sequence[int]
        pairs: int
        fits: bool
        leaves: bytes = b""

else:  # the same class, made without `typing.NamedTuple`'s checks of its fields'
    # annotations (a `ForwardRef` compiled per field): 10 M instructions in every run
    JsonShape = namedtuple("JsonShape", ("offsets", "pairs", "fits", "leaves"), defaults=(b"",))


def _load_json_shaped(
    text: str, shape: Callable[[], JsonShape | None], keep: list[Any] | None
) -> Any:
    """`_load_json_fast` of an object's or an array's text, its shape given (`shape()`,
    else worked out here): the text is parsed first, then the shape asked for (batch
    mode's scout works it out on the idle core meanwhile), which checks the text
    (`JsonShape.fits`) and tells the walk the containers it need not look into."""
    from ..jsontext import parse_json

    try:
        parsed = parse_json(text.encode(), parse_constant=_json_constant)
    except _Fallback:
        raise
    except Exception:  # invalid JSON (maybe valid YAML), huge numbers, deep nesting
        raise _Fallback from None
    if type(parsed) is not dict and type(parsed) is not list:
        raise _Fallback  # (the checks let through only an object or an array)
    given = shape() or json_shape(text)
    if not given.fits:
        raise _Fallback
    found: list[Any] = []
    arrays: list[Any] = []
    leaves = given.leaves
    if leaves:
        try:
            loaded = _json_walk_leaves(parsed, found, arrays, 0, leaves)
        except IndexError:  # more containers than the shape counts: not this text's
            raise _Fallback from None
    else:
        loaded = _json_walk_shaped(parsed, found, arrays, 0)
    if keep is not None:
        keep.append(parsed)
    if sum(map(len, found)) - sum(map(len, arrays)) != given.pairs:
        raise _Fallback  # a duplicate key: the YAML path reports it with its place
    if leaves and len(leaves) != len(found):
        raise _Fallback  # (fewer containers than the shape counts: not this text's)
    if len(given.offsets) == len(found):
        _place(text, found, given.offsets)  # (the brackets outside strings: the containers')
    else:
        _place(text, found, _openers(text, len(found)))
    return loaded


def _load_json_fast(
    text: str,
    keep: list[Any] | None = None,
    shape: Callable[[], JsonShape | None] | None = None,
) -> Any:
    """The YAML path's result for a JSON object or array, or _Fallback. `shape`: asked for
    `json_shape(text)` once the text is parsed, worked out elsewhere (batch mode's scout)
    or None (then worked out here); without it, the walk checks each object's keys for
    duplicates itself (`_json_walk`). `keep`: given what json.loads made once it is
    walked, for the caller to free (or not: batch mode keeps it to its end rather than
    free it in its serial start)."""
    body = text.strip(" \r\n")
    if not body or body[0] not in "{[" or body[-1] not in "}]":
        raise _Fallback
    if shape is not None:  # (the checks below: the shape's `fits`)
        return _load_json_shaped(text, shape, keep)
    if not _reads_as_yaml(text):
        raise _Fallback
    try:
        parsed = json.loads(text, object_pairs_hook=tuple, parse_constant=_json_constant)
    except _Fallback:
        raise
    except Exception:  # invalid JSON (maybe valid YAML), huge numbers, deep nesting
        raise _Fallback from None
    found: list[Any] = []
    loaded = _json_walk(parsed, found, 0)
    if keep is not None:
        keep.append(parsed)
    _place(text, found, _openers(text, len(found)))
    return loaded


def _openers(text: str, count: int) -> list[int]:
    """Where the `count` containers of the valid JSON `text` open, or _Fallback."""
    # Every container has one bracket outside the strings, so when the counts agree no
    # string holds one; else the brackets outside strings are exactly the containers'.
    openers = _bracket_offsets(text)
    if len(openers) != count:  # brackets inside strings
        openers = _outside_strings(text, openers)
        if len(openers) != count:
            raise _Fallback
    return openers


def _reads_as_yaml(text: str) -> bool:
    """Whether libyaml reads the JSON `text` as json.loads does (see `_JSON_BAD_CHAR`)."""
    if text.isascii():
        classes = _ascii_classes(text)
        if b"\x00" in classes:
            return False
        blank_before_colon = b" :" in classes  # (blanks are one class: one scan, not four)
    else:
        if re.search(_JSON_BAD_CHAR, text):
            return False
        blank_before_colon = " :" in text or "\t:" in text or "\n:" in text or "\r:" in text
    if ("\\ud" in text or "\\uD" in text) and re.search(_JSON_SURROGATE_ESCAPE, text):
        return False
    if blank_before_colon:  # rare in JSON
        # (Each pattern only where the characters it needs are there: a line break; a
        # tab, or else 20 spaces before the colon. A one-line file skips both scans.)
        if ("\n" in text or "\r" in text) and re.search(_JSON_KEY_BEFORE_BREAK, text):
            return False
        if ("\t" in text or _SPACES_BEFORE_COLON in text) and re.search(
            _JSON_BLANKS_BEFORE_COLON, text
        ):
            return False
    return True


def _has_bad_ascii(text: str) -> bool:
    """`re.search(_JSON_BAD_CHAR, text)` for an ASCII `text`."""
    return b"\x00" in _ascii_classes(text)


# Each byte as `_ascii_classes` maps it: one JSON text refuses to 0, a blank (space, tab,
# line break) to a space, any other to itself (made in C: a cold start imports this).
_JSON_BAD_BYTES = bytes(range(256)).translate(None, _JSON_GOOD_ASCII)
_ASCII_CLASSES = bytes.maketrans(_JSON_BAD_BYTES + b"\t\n\r", bytes(len(_JSON_BAD_BYTES)) + b"   ")


def _ascii_classes(text: str) -> bytes:
    """An ASCII `text` with each character mapped by `_ASCII_CLASSES`, in one C pass: a 0
    is a character JSON text refuses, `b" :"` a blank before a colon (a regex character
    class tests each character in turn, and four searches for a blank before a colon
    cost twice this pass on a 1.5 MB suite)."""
    return text.encode("ascii").translate(_ASCII_CLASSES)


# The text cut at every bracket (`{` made `[`): each offset is the length of the pieces
# before it plus one per bracket, added up in C (`accumulate`), where one `find` per
# bracket was a call each. (The imports are here: a cold start reads no JSON text.)
def _bracket_offsets(text: str) -> list[int]:
    """The offsets of every `[` and `{` in `text`, in order."""
    from itertools import accumulate, count
    from operator import add

    pieces = text.replace("{", "[").split("[")
    pieces.pop()  # what follows the last bracket
    return list(map(add, accumulate(map(len, pieces)), count()))


# A bracket is outside the strings when an even number of quotes comes before it, once
# every escaped quote and backslash is blanked (escapes pair left to right, as JSON reads
# them). The UTF-8 text (where quotes, backslashes and brackets are single bytes that no
# other character's bytes include) is reduced to its quotes and brackets, in order, and
# cut at the brackets: piece k holds the quotes between brackets k - 1 and k, so the
# counts are lengths, added up in C, where one Python count per bracket cost far more.
def _outside_strings(text: str, offsets: list[int], data: bytes | None = None) -> list[int]:
    """The `offsets` (every bracket's) of the valid JSON `text` outside its strings
    (`data`: `_unescaped(text)`, if made already)."""
    from itertools import accumulate, compress, repeat
    from operator import and_, not_

    if data is None:
        data = _unescaped(text)
    opener_as_bracket = bytes.maketrans(b"{", b"[")  # (made here: a cold start needs none)
    not_quote_or_opener = bytes.maketrans(b"", b"").translate(None, b'"[{')
    quotes = data.translate(opener_as_bracket, not_quote_or_opener).split(b"[")
    quotes.pop()  # the quotes after the last bracket
    before = accumulate(map(len, quotes))
    return list(compress(offsets, map(not_, map(and_, before, repeat(1)))))


def _unescaped(text: str) -> bytes:
    """`text` in UTF-8 with every escaped quote and backslash blanked (`__`)."""
    data = text.encode("utf-8")
    if b"\\" in data:
        data = data.replace(b"\\\\", b"__").replace(b'\\"', b"__")
    return data


def json_shape(text: str) -> JsonShape:
    """The shape of the JSON `text` (`JsonShape`). The brackets and colons outside
    strings are told apart in one pass, all in C but for the few strings that hold
    either: the text (escapes blanked) is cut down to its quotes, colons and opening
    brackets, and adjacent quotes are dropped in pairs (which leaves as many quotes before
    each of the others, modulo 2); what is left between two quotes is then inside a
    string (its brackets made `x`, its colons `y`, a translate each). The colons left are one
    per pair; the brackets left, one per bracket of the text, mark those outside."""
    from itertools import compress
    from operator import methodcaller

    data = _unescaped(text)
    marks = data.translate(_MARKS, _NOT_MARKS).replace(b'""', b"")
    if b'"' in marks:
        pieces = marks.split(b'"')  # (every other one inside a string)
        pieces[1::2] = map(methodcaller("translate", _INSIDE), pieces[1::2])
        marks = b"".join(pieces)
    outside = marks.translate(_OUTSIDE, b":yz]")  # (one byte an opener: 0 if inside)
    offsets = list(compress(_bracket_offsets(text), outside))
    # The brackets outside strings, in order: an opener followed by its closer holds no
    # container (`[]` made 1, the other openers 0, the closers dropped).
    fits = _reads_as_yaml(text)
    leaves = b""
    if fits and _short_keys(data):
        leaves = marks.translate(None, b":xyz").replace(b"[]", b"\x01").translate(_LEAVES, b"]")
    return JsonShape(offsets, marks.count(b":"), fits, leaves)


def _short_keys(data: bytes) -> bool:
    """Whether every key of a valid JSON text holds at most `_JSON_MAX_KEY` characters,
    given `_unescaped` of the text (False also for some texts whose keys all do: one of
    exactly that many, say). Every quote there opens or closes a string, and only a
    key's closing quote, of the closing ones, comes before a colon (blanks may come
    between; a string's opening quote may come before its own colon): with every byte
    but the quotes made one letter (a translate), each run of that many letters after a
    quote is found, and it is a key's when the quote that ends it comes before a colon
    (its bytes: as many as its characters or more). A suite's keys are short, and its
    long strings few (none, often)."""
    runs = data.translate(_QUOTES_ONLY)
    colon_after_blanks = re.compile(_COLON_AFTER_BLANKS).match
    # the quotes before `counted`, modulo 2 (a run after a closing quote lies between two
    # strings: the quote ending it opens a string, which may open with a colon, `[":"]`)
    closing = counted = 0
    at = runs.find(_LONG_RUN)
    while at >= 0:
        closing ^= runs.count(b'"', counted, at) & 1
        counted = at
        end = runs.find(b'"', at + 1)
        if end < 0:  # (the text's end, after its last string: a valid text closes each)
            break
        if not closing and colon_after_blanks(data, end + 1):
            return False
        at = runs.find(_LONG_RUN, end)
    return True


# `_short_keys`' table (every byte but the quote made `a`) and its run: a quote, then
# one letter fewer than a key may hold.
_QUOTES_ONLY = b"a" * ord('"') + b'"' + b"a" * (255 - ord('"'))
_LONG_RUN = b'"' + b"a" * (_JSON_MAX_KEY - 1)
_COLON_AFTER_BLANKS = rb"[\t\n\r ]*:"


# `json_shape`'s tables: quotes, colons and brackets kept (`{` made `[`, `}` made `]`);
# inside a string, `[` made `x`, `:` made `y` and `]` made `z`; `[` made 1 and `x` 0 (one
# byte an opener); of the openers outside strings, those that hold a container made 0.
_MARKS = bytes.maketrans(b"{}", b"[]")
_NOT_MARKS = bytes(range(256)).translate(None, b'":[]{}')
_INSIDE = bytes.maketrans(b"[:]", b"xyz")
_OUTSIDE = bytes.maketrans(b"[x", b"\x01\x00")
_LEAVES = bytes.maketrans(b"[", b"\x00")


def _place(text: str, found: list[Any], offsets: Sequence[int]) -> None:
    """libyaml's line and column of each container: its opening bracket. Line breaks are
    LF, CR LF and CR (JSON has no raw line break inside a string)."""
    if "\n" not in text and "\r" not in text:
        for container, offset in zip(found, offsets, strict=True):
            container.line = 1
            container.col = offset + 1
        return
    crlf = "\r" in text
    line, previous = 1, 0
    for container, offset in zip(found, offsets, strict=True):
        breaks = text.count("\n", previous, offset)
        if crlf:
            breaks += text.count("\r", previous, offset) - text.count("\r\n", previous, offset)
            start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
        else:
            start = text.rfind("\n", 0, offset) + 1
        line += breaks
        previous = offset
        container.line = line
        container.col = offset - start + 1


def load_yaml(
    text: str,
    path: str,
    *,
    fast: bool = True,
    keep: list[Any] | None = None,
    shape: Callable[[], JsonShape | None] | None = None,
) -> Any:
    """Parse one YAML document with the 1.2 core schema.

    `fast=False` skips the fast paths (tests compare both ways). `shape`: asked, for a
    JSON text, for `json_shape(text)` worked out elsewhere (or None). `keep`: given what
    the JSON path parsed, not freed here (`_load_json_fast`).

    Raises:
        GradeInputError: syntax errors (file:line:col), duplicate keys, alias bombs.
    """
    with gc_paused():
        if fast and text[:1] in "{[ \r\n":
            try:
                return _load_json_fast(text, keep, shape)  # (json refuses deep nesting)
            except _Fallback:
                pass
        import_pyyaml()  # PyYAML: only for text that is not JSON
        from ._libyaml import load_with_libyaml

        return load_with_libyaml(text, path, fast)


# PyYAML's pure-Python reader (the C parser does not use it) compiles, when PyYAML is
# imported, its check for the characters YAML forbids, written as the complement of the
# ones it allows: with ranges up to U+10FFFF, that one compile takes 3.5 ms, a third of
# importing PyYAML. The same set written as the characters it forbids compiles in
# microseconds and finds the same characters (tests/load/test_pyyaml_import.py checks
# every code point), so PyYAML is imported with that pattern in its place. A PyYAML whose
# pattern is written otherwise compiles its own.
PYYAML_NON_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
NON_PRINTABLE = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"


def import_pyyaml() -> None:
    """Import PyYAML (once), its reader's `NON_PRINTABLE` compiled from `NON_PRINTABLE`;
    `re.compile` is itself again when this returns."""
    if "yaml" in sys.modules:
        return
    real: Callable[..., re.Pattern[Any]] = re.compile

    def compile_equivalent(pattern: Any, flags: Any = 0) -> re.Pattern[Any]:
        if flags == 0 and pattern == PYYAML_NON_PRINTABLE:
            pattern = NON_PRINTABLE
        return real(pattern, flags)

    setattr(re, "compile", compile_equivalent)  # noqa: B010 (a module attribute, for a moment)
    try:
        import yaml  # noqa: F401
    finally:
        setattr(re, "compile", real)  # noqa: B010


def jsonl_rows(text: str, path: str) -> list[Any]:
    """JSON Lines (a `.jsonl` suite, a case file): one mapping per line, with its line
    number. Lines end at `\\n` only: JSON strings may hold U+2028 and friends,
    which `str.splitlines` would wrongly treat as line ends."""
    tests: list[Any] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise GradeInputError(
                f"invalid JSON: {exc.msg}", file=path, line=number, col=exc.colno
            ) from None
        if not isinstance(row, dict):
            raise GradeInputError("each line must be a JSON object", file=path, line=number)
        entry = YamlMap(row)
        entry.line, entry.col = number, None
        tests.append(entry)
    return tests
